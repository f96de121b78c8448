package grammar

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Statistics of one measure said as a list: the median and percentiles by every name
// analysts give them ("p90", "percentil 90", "the 90th percentile", "25º percentil"), and
// the average beside them ("média, mediana e p90 do ticket", "the median coupon value plus
// the 25th and 75th percentiles", "ticket em maio: mediana e p90"). Each statistic is a
// column of its own (semantic.PercentileOf); the words saying how a percentile is computed
// ("interpolated", "percentile_cont", "contínuo") restate the one way it is computed.

const (
	tOrdNo     = string(lexicon.CatOrdNo)
	tPctlCont  = string(semantic.CatPctlCont)
	tPctlWord  = string(semantic.CatPctl)
	statMedian = "median"
)

// statsV is a list of statistics ("avg", "median", "p90"); lone: one aggregate word alone
// ("mediana"), which the measure productions read already.
type statsV struct {
	aggs []string
	lone bool
}

func (v statsV) key() string { return fmt.Sprintf("st:%s:%v", strings.Join(v.aggs, ","), v.lone) }

// statOf is the statistic an aggregate word names ("median", "p90", "avg"), or "".
func statOf(agg string) string {
	if agg == statMedian || agg == "avg" || percentileOf(agg) > 0 {
		return agg
	}
	return ""
}

// pctl is the percentile a rank names ("90": "p90"; "50": the median), or "".
func pctl(rank string) string {
	p := atoiOr(rank, 0)
	switch {
	case p == 50:
		return statMedian
	case p >= 1 && p <= 99:
		return fmt.Sprintf("p%d", p)
	}
	return ""
}

// joinStats puts a statistic before a list, each once.
func joinStats(first string, rest statsV) (any, bool) {
	if first == "" || slices.Contains(rest.aggs, first) {
		return nil, false
	}
	return statsV{aggs: append([]string{first}, rest.aggs...)}, true
}

// statsOfMeasure is each statistic of base, in order; keep is a measure said before them
// ("the median ... plus the 25th and 75th percentiles"), kept first.
func statsOfMeasure(keep *semantic.Measure, base *semantic.Measure, aggs []string) ([]*semantic.Measure, bool) {
	var out []*semantic.Measure
	if keep != nil {
		out = append(out, keep)
	}
	for _, s := range aggs {
		v, ok := aggOf(s, base.ID)
		if !ok {
			return nil, false
		}
		m := v.(measureV).m
		if slices.ContainsFunc(out, func(x *semantic.Measure) bool { return x.ID == m.ID }) {
			return nil, false
		}
		out = append(out, m)
	}
	return out, len(out) > 1 || keep == nil && len(out) == 1
}

// isStatistic reports whether m is an average, median or percentile of base.
func isStatistic(m, base *semantic.Measure) bool {
	for _, s := range []string{"avg", statMedian} {
		if v, ok := aggOf(s, base.ID); ok && v.(measureV).m.ID == m.ID {
			return true
		}
	}
	return strings.HasPrefix(m.ID, base.ID+"_p") || base.Kind == semantic.Average && m.ID == base.ID
}

func statsRules() []*Rule {
	return []*Rule{
		// one statistic by its name: "mediana", "p90" (lone), "percentil 90", "90th
		// percentile", "25º percentil", "percentile 95th"
		rule("Stat", 0, tAgg, func(k []*Edge) (any, bool) {
			s := statOf(arg(k[0]))
			return statsV{aggs: []string{s}, lone: true}, s != ""
		}),
		rule("Stat", 0, tPctlWord+" Num", func(k []*Edge) (any, bool) {
			s := pctl(k[1].Val.(string))
			return statsV{aggs: []string{s}}, s != ""
		}),
		rule("Stat", 0, tOrdNo+" "+tPctlWord, func(k []*Edge) (any, bool) {
			s := pctl(arg(k[0]))
			return statsV{aggs: []string{s}}, s != ""
		}),
		rule("Stat", 0, tPctlWord+" "+tOrdNo, func(k []*Edge) (any, bool) {
			s := pctl(arg(k[1]))
			return statsV{aggs: []string{s}}, s != ""
		}),
		rule("Stats", 0, "Stat", func(k []*Edge) (any, bool) { return k[0].Val, true }),
		// "quartis do saldo", "quartiles of the ticket": the three quartiles
		rule("Stats", 0, tAgg, func(k []*Edge) (any, bool) {
			return statsV{aggs: []string{"p25", statMedian, "p75"}}, arg(k[0]) == "quartiles"
		}),
		// "mediana, p25 e p75", "the 25th and 75th percentiles", "percentis 25 e 75"
		rule("Stats", 0, "Stat "+tAnd+" Stats", func(k []*Edge) (any, bool) {
			return joinStats(k[0].Val.(statsV).aggs[0], k[2].Val.(statsV))
		}),
		rule("Stats", 0, tOrdNo+" "+tAnd+" Stats", func(k []*Edge) (any, bool) {
			if r := k[2].Val.(statsV); r.lone || percentileOf(r.aggs[0]) == 0 && r.aggs[0] != statMedian {
				return nil, false // "25th and p75": ranks are listed before the word they share
			}
			return joinStats(pctl(arg(k[0])), k[2].Val.(statsV))
		}),
		rule("Stats", 0, tPctlWord+" Num "+tAnd+" Num", func(k []*Edge) (any, bool) {
			a, b := pctl(k[1].Val.(string)), pctl(k[3].Val.(string))
			return statsV{aggs: []string{a, b}}, a != "" && b != "" && a != b
		}),
		// the statistics before the measure: "p25, p50 e p75 do ticket", "the 25th and
		// 75th percentiles of the sale value", "média e mediana do ticket"
		rule("Measures", 0, "Stats Measure", func(k []*Edge) (any, bool) {
			st, mv := k[0].Val.(statsV), k[1].Val.(measureV)
			if st.lone || mv.of != nil {
				return nil, false // one aggregate word: the measure productions read it
			}
			return statsOfMeasure(nil, mv.m, st.aggs)
		}),
		// the statistics said again after their measure, as a list ("quartis do saldo
		// (P25, P50, P75)"): the same ones, said once
		rule("Measures", 0, "Stats Measure Stats", func(k []*Edge) (any, bool) {
			st, mv, again := k[0].Val.(statsV), k[1].Val.(measureV), k[2].Val.(statsV)
			if st.lone || again.lone || mv.of != nil || !slices.Equal(slices.Sorted(slices.Values(st.aggs)), slices.Sorted(slices.Values(again.aggs))) {
				return nil, false
			}
			return statsOfMeasure(nil, mv.m, st.aggs)
		}),
		// a measure and more statistics of it (or of what it is a statistic of): "the
		// median coupon value plus the 25th and 75th percentiles", "ticket médio e p90",
		// "median ticket and p90"
		rule("Measures", 0, "Measure "+tAnd+" Stats", func(k []*Edge) (any, bool) {
			mv, st := k[0].Val.(measureV), k[2].Val.(statsV)
			base := mv.m
			if mv.of != nil {
				base = mv.of
			}
			if !isStatistic(mv.m, base) {
				return nil, false
			}
			return statsOfMeasure(mv.m, base, st.aggs)
		}),
		// the statistics said apart from their measure ("ticket em maio: mediana e p90"):
		// read in assembly (statsOfAsked)
		rule("Clause", 0, "Stats", func(k []*Edge) (any, bool) {
			st := k[0].Val.(statsV)
			return clauseV{"stats", st}, !st.lone
		}),
		markerClause("pctlcont", tPctlCont, 0),
	}
}

// statsOfAsked applies a list of statistics said apart to the one measure the question
// names ("ticket em maio: mediana e p90", "coupon value in 2025: p25, median, p75"): the
// measure names what, the list which statistics of it. A measure that is a statistic
// already, or several measures, are refused.
func (a *assembly) statsOfAsked(measures []*semantic.Measure) ([]*semantic.Measure, error) {
	i, ok := a.take("stats")
	if !ok {
		return measures, nil
	}
	if len(measures) != 1 {
		return nil, fail("não entendi de que são esses cálculos", "I did not see what those computations are of")
	}
	base := measures[0]
	out, ok := statsOfMeasure(nil, base, a.clauses[i].v.(statsV).aggs)
	if !ok || base.Kind != semantic.Average && base.Kind != semantic.Sum {
		return nil, fail("não sei calcular essas estatísticas de "+base.Name.PT, "I cannot compute those statistics of "+base.Name.EN)
	}
	return out, nil
}

// percentileMethod takes the words saying how percentiles are computed ("interpolado",
// "percentile_cont", "continuous") when the request computes one: they restate it. Without
// a percentile they are words no reading uses.
func (a *assembly) percentileMethod(measures []*semantic.Measure) {
	if !slices.ContainsFunc(measures, func(m *semantic.Measure) bool { return strings.Contains(m.Expr, "percentile_cont(") }) {
		return
	}
	for _, i := range a.all("pctlcont") {
		a.used[i] = true
	}
}

// Inclusion lists: "incluir cancelados e expirados", "with all the status (also cancelled
// and expired)", "cancelled and expired ones too". The statuses named are counted besides
// the rows the counting rule counts (semantic.Including); never a narrowing to them.
var redemptionStatuses = []string{"pending", "applied", "cancelled", "expired"}

func includeRules() []*Rule {
	tInclude := string(semantic.CatInclude)
	included := func(list []string) (any, bool) {
		f := semantic.Including(list)
		return filterV{id: "including:" + strings.Join(list, ","), resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
			return f, f.Applies(fact, nil)
		}}, true
	}
	return []*Rule{
		rule("Statuses", 0, tFlag, func(k []*Edge) (any, bool) {
			return []string{arg(k[0])}, slices.Contains(redemptionStatuses, arg(k[0]))
		}),
		rule("Statuses", 0, tFlag+" "+tAnd+" Statuses", func(k []*Edge) (any, bool) {
			rest := k[2].Val.([]string)
			if !slices.Contains(redemptionStatuses, arg(k[0])) || slices.Contains(rest, arg(k[0])) {
				return nil, false
			}
			return append([]string{arg(k[0])}, rest...), true
		}),
		rule("Filter", 0, tInclude+" Statuses", func(k []*Edge) (any, bool) { return included(k[1].Val.([]string)) }),
		rule("Filter", 0, "Statuses "+tInclude, func(k []*Edge) (any, bool) { return included(k[0].Val.([]string)) }),
	}
}

// distributionRules read a distribution named by its attribute ("the status distribution",
// "distribuição de status", "gender split"): a breakdown by it.
func distributionRules() []*Rule {
	return []*Rule{
		// "por tamanho do ticket: até 20, 20 a 50, 50+", "spread by ticket size under twenty
		// reais, twenty to fifty ...": the ticket is one sale's value, banded
		rule("Breakdown", 0, tBy+" "+tMeasure+" "+tIn+"? "+tBands+"? Bands", func(k []*Edge) (any, bool) {
			switch semantic.MeasureByID(arg(k[1])) {
			case semantic.AverageTicket:
				return bandDim("value", k[4].Val.(bandsV))
			case semantic.MeasureByID("sales_count"):
				// "por nº de compras, faixas 1, 2 a 3 e 4 ou mais": of each customer's count
				return bandDim("purchases", k[4].Val.(bandsV))
			}
			return nil, false
		}),
		rule("Breakdown", 0, tDim+" "+tBands, func(k []*Edge) (any, bool) { return attributeDims(arg(k[0])) }),
		rule("Breakdown", 0, tBands+" "+tFrom+"? "+tDim, func(k []*Edge) (any, bool) { return attributeDims(arg(k[2])) }),
	}
}

// weekRules read the words around week buckets: a day named with its weekday ("monday
// 19th May", "seg, 19/05", "19/05 (segunda)") is that one day, and the weekday must be
// its own (a wrong one is no reading).
func weekRules(x *env) []*Rule {
	tWeekNo := string(lexicon.CatWeekNo)
	return []*Rule{
		// ISO weeks: "2025-W20", "W20 2025", "W20" (this year's), "week 20 of 2025",
		// "semana 20 de 2025"; a span of them is read by the span productions ("2025-W20
		// through 2025-W24", "weeks 20 to 24 of 2025")
		rule("Period", 0, tYear+" "+tWeekNo, func(k []*Edge) (any, bool) { return isoWeek(x, arg(k[0]), arg(k[1])) }),
		rule("Period", 0, tWeekNo+" "+tFrom+"? "+tYear+"?", func(k []*Edge) (any, bool) { return isoWeek(x, arg(k[2]), arg(k[0])) }),
		rule("Period", 0, tUnit+" Num "+tFrom+"? "+tYear, func(k []*Edge) (any, bool) {
			if arg(k[0]) != "week" {
				return nil, false
			}
			return isoWeek(x, arg(k[3]), k[1].Val.(string))
		}),
		rule("Period", 0, tUnit+" Num "+tTo+" Num "+tFrom+"? "+tYear, func(k []*Edge) (any, bool) {
			return weekSpan(x, arg(k[0]), k[1].Val.(string), k[3].Val.(string), arg(k[5]))
		}),
		rule("Period", 0, tUnit+" "+tRange+" "+tFrom+"? "+tYear, func(k []*Edge) (any, bool) {
			a, b, _ := strings.Cut(arg(k[1]), "-")
			return weekSpan(x, arg(k[0]), a, b, arg(k[3]))
		}),
		rule("Period", -0.1, tWeekday+" "+tAnd+"? Period", func(k []*Edge) (any, bool) { return dayOfWeekday(arg(k[0]), k[2].Val.(periodV)) }),
		rule("Period", -0.1, "Period "+tAnd+"? "+tWeekday, func(k []*Edge) (any, bool) { return dayOfWeekday(arg(k[2]), k[0].Val.(periodV)) }),
	}
}

// isoWeek is ISO week w ("20", or "2025-20" said as one word) of year y ("" when
// unsaid: the year of the week's own word, else this year).
func isoWeek(x *env, y, w string) (any, bool) {
	if yw, n, ok := strings.Cut(w, "-"); ok {
		if y != "" && y != yw {
			return nil, false
		}
		y, w = yw, n
	}
	year := x.cal.Now.Year()
	if y != "" {
		year = atoiOr(y, 0)
	}
	p, ok := semantic.ISOWeek(year, atoiOr(w, 0), x.loc)
	if !ok {
		return nil, false
	}
	return periodV{p: p}, true
}

// weekSpan is ISO weeks a to b of year y, both included ("weeks 20 to 24 of 2025").
func weekSpan(x *env, unit, a, b, y string) (any, bool) {
	pa, okA := isoWeek(x, y, a)
	pb, okB := isoWeek(x, y, b)
	if unit != "week" || !okA || !okB {
		return nil, false
	}
	return span(pa.(periodV).p, pb.(periodV).p)
}

// dayOfWeekday is period p, a single day, when weekday (ISO: 1 = Monday) is its weekday.
func dayOfWeekday(weekday string, p periodV) (any, bool) {
	s := p.p.Start
	if p.absence || s.IsZero() || !p.p.End.Equal(s.AddDate(0, 0, 1)) {
		return nil, false
	}
	iso := int(s.Weekday())
	if iso == 0 {
		iso = 7
	}
	return p, weekday == fmt.Sprint(iso)
}

// attributeDims is the breakdown by an attribute's dimension; the rows themselves
// ("distribution of customers") are what is distributed, never a breakdown by each one.
func attributeDims(id string) (any, bool) {
	if slices.Contains([]string{"customer", "store", "signup_store", "product"}, id) {
		return nil, false
	}
	return dims(id)
}

// bandQuantity is the band dimension of each quantity noun: "idade" beside bands of age
// ("clientes por faixa etária: ..., idade hoje", "customers by age band ..., age as of
// today") names what the bands are of, never an average of it.
var bandQuantity = map[string]string{"age": "age_band", "balance": "balance_band", "value": "value_band"}

func bandsOfRules(x *env) []*Rule {
	return []*Rule{
		rule("Clause", -0.05, tNoun, func(k []*Edge) (any, bool) {
			d, ok := bandQuantity[arg(k[0])]
			return clauseV{"bandsof", marker(d)}, ok && x.bandWord
		}),
	}
}

// bandQuantitySaidAgain takes the quantity nouns that name the bands of the breakdown.
func (a *assembly) bandQuantitySaidAgain() {
	for _, i := range a.all("bandsof") {
		d := string(a.clauses[i].v.(marker))
		if slices.ContainsFunc(a.req.Dims, func(x *semantic.Dimension) bool { return x.ID == d }) {
			a.used[i] = true
		}
	}
}

// bandsCount refuses a list broken down into bands: bands count (or sum) the rows in each,
// a list of the rows with their band is another question ("age bands of customers: under
// 25, 25-34, 35+" read as a list of customers under 35 with a filter of 35 and over was
// silently empty).
func (a *assembly) bandsCount() error {
	if len(a.req.Attrs) == 0 {
		return nil
	}
	for _, d := range a.req.Dims {
		if strings.HasSuffix(d.ID, "_band") {
			return fail("uma lista não se divide em faixas: quantos em cada faixa?", "a list is not broken down into bands: how many in each band?")
		}
	}
	return nil
}

// customerAttrDims are the dimensions of a customer's own attributes: "by the buyer's
// origin", "por origem do cliente" break the rows down by the attribute of the customer
// who did them.
var customerAttrDims = []string{"origin", "gender", "active", "birth_month", "app_user", "signup_store"}

func possessiveRules(x *env) []*Rule {
	owner := func(cat, id string) bool {
		return cat == tNoun && id == "customers" || cat == tMeasure && id == "buyers"
	}
	return []*Rule{
		// "revenue from members who signed up through the app", "faturamento de clientes
		// que se cadastraram pelo app": the rows of the customers of that origin (a count
		// of the customers who signed up reads them as its subject, more cheaply)
		rule("Filter", 0.1, tNoun+" "+tWho+"? "+tEvent+" "+tIn+"? Member", func(k []*Edge) (any, bool) {
			m := k[4].Val.(memberV)
			if arg(k[0]) != "customers" || arg(k[2]) != "signup" || m.kind != "origin" {
				return nil, false
			}
			v, ok := memberFilter(x, m, false)
			if !ok {
				return nil, false
			}
			f := v.(filterV)
			f.signupOrigin = true
			return f, true
		}),
		rule("Breakdown", 0, tBy+" "+tNoun+" "+tDim, func(k []*Edge) (any, bool) {
			if !owner(tNoun, arg(k[1])) || !slices.Contains(customerAttrDims, arg(k[2])) {
				return nil, false
			}
			return dims(arg(k[2]))
		}),
		rule("Breakdown", 0, tBy+" "+tMeasure+" "+tDim, func(k []*Edge) (any, bool) {
			if !owner(tMeasure, arg(k[1])) || !slices.Contains(customerAttrDims, arg(k[2])) {
				return nil, false
			}
			return dims(arg(k[2]))
		}),
	}
}
