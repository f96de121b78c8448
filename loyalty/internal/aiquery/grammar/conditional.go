package grammar

import (
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// conditionalRateRefusal refuses a percentage asked with a condition said as a
// statistician says it ("conditional on having signed up through the app, what share of
// customers never bought?"): the condition words ("condition" fillers) are skipped, and
// the percentage's base and what it counts would be read from the order of the words
// alone, which the condition words say nothing of. Of any other measure the condition is
// a filter of its rows ("mean age, given that a birth date is on file").
func conditionalRateRefusal(r *lexicon.Reading, res *Result) *Refusal {
	said := false
	for _, m := range r.Matches {
		said = said || m.Cat == semantic.CatFiller && m.Arg == "condition"
	}
	if !said {
		return nil
	}
	for _, m := range res.Request.Measures {
		if m.Kind == semantic.Rate {
			return &Refusal{Lang: r.Lang, Understood: []string{describe(res.Request)}, Context: res.Context, Reason: say(r.Lang,
				"não sei se a condição é a base do percentual ou o que ele conta; diga \"entre os clientes que ...\"",
				"I cannot tell whether the condition is the base of the percentage or what it counts; say \"among the customers who ...\"")}
		}
	}
	return nil
}
