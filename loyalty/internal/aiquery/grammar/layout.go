package grammar

import (
	"slices"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// perPeriodRefusal refuses "one row per period" (the filler class "per_period") said of an
// answer with no time breakdown: beside periods compared or a breakdown by month it is the
// shape the answer has, said again; beside one period it asks for periods the question
// does not name, which would change the numbers. Nil otherwise.
func perPeriodRefusal(r *lexicon.Reading, res *Result) *Refusal {
	said := slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool { return m.Cat == semantic.CatFiller && m.Arg == "per_period" })
	if !said || slices.ContainsFunc(res.Request.Dims, func(d *semantic.Dimension) bool { return d.Time }) {
		return nil
	}
	return &Refusal{Lang: r.Lang, Understood: []string{describe(res.Request)}, Context: res.Context, Reason: say(r.Lang,
		"uma linha por período: a pergunta nomeia um período só; diga quais períodos ou a divisão (por mês, por semana)",
		"one row per period: the question names one period; say which periods, or the breakdown (by month, by week)")}
}
