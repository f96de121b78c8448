package grammar

// Shares, rates and comparisons of groups or periods (issue 24, fifth round): the helpers
// of the assembly that read them.

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// shareOfTotal reports whether a percentage word says it is of the total ("% of total",
// "mix"): each group's part of the whole, never the part meeting a condition.
func (a *assembly) shareOfTotal() bool {
	for _, i := range a.all("share") {
		if string(a.clauses[i].v.(marker)) == "total" {
			return true
		}
	}
	return false
}

// countBesideShare reports whether an aggregate or "absolute" was said right beside a
// percentage word ("with count and share of total", "quantidade e % do total", "absolute
// and % of total", "em valores absolutos e % do total"): the value is asked as a column
// of its own besides its share. The "absolute" it finds is taken.
func (a *assembly) countBesideShare(x *env, aggsAt []int) bool {
	beside := func(i int) bool {
		return slices.ContainsFunc([]int{i - 1, i + 1}, func(j int) bool {
			return j >= 0 && j < len(a.clauses) && a.clauses[j].kind == "share"
		})
	}
	for _, i := range aggsAt {
		if beside(i) {
			return true
		}
	}
	// "faturamento por forma de pagamento, com uma coluna de valor e outra de participação
	// %": the measure said again beside the percentage, after it was named
	first := slices.IndexFunc(a.clauses, func(c clauseV) bool { return c.kind == "measures" })
	for i, c := range a.clauses {
		if c.kind == "measures" && i != first && first >= 0 && beside(i) {
			return true
		}
	}
	for i, c := range a.clauses {
		// "revenue and share by store", "faturamento e participação por loja": the measure,
		// and its share after a conjunction (never "revenue share by store")
		if (c.kind == "measures" || c.kind == "subject") && i+1 < len(a.clauses) && a.clauses[i+1].kind == "share" && a.conjBetween(x, i, i+1) {
			return true
		}
	}
	for _, i := range a.all("abs") {
		if !a.used[i] && beside(i) {
			a.used[i] = true
			return true
		}
	}
	return false
}

// shareSaidTwice takes a percentage word that repeats the one just before it, right after
// it or after its condition ("taxa de cancelamento (%)", "percentage (%) of app users",
// "share, in %"): one percentage said twice, never two. It returns how many percentages
// are left.
func (a *assembly) shareSaidTwice(x *env) int {
	last, n := -1, 0
	for i, c := range a.clauses {
		if c.kind != "share" || a.used[i] || string(c.v.(marker)) == "total" {
			continue
		}
		if last >= 0 && string(c.v.(marker)) == "again" {
			a.used[i] = true // "só o percentual", "all three rates": the one asked, said again
			continue
		}
		if last >= 0 && string(c.v.(marker)) != "ask" && (i == last+1 || i == last+2 && a.clauses[last+1].kind == "filter" || a.shareRestatedAtEnd(last, i) || a.unitOfShare(x, last, i)) {
			// (a percentage asked, "what %", starts a question of its own: "Q1 repeat
			// rate: what % of ...")
			a.used[i] = true
			continue
		}
		last = i
		n++
	}
	return n
}

// shareRestatedAtEnd reports whether the percentage word at i ends the question (only
// percentage words after it: "a coluna com a taxa em %") and only the breakdown, period,
// rows and at most one condition of the one at last come between them ("cancellation rate
// of coupons per store this year, in %"): one percentage restated.
func (a *assembly) shareRestatedAtEnd(last, i int) bool {
	for j := i + 1; j < len(a.clauses); j++ {
		if a.clauses[j].kind != "share" {
			return false
		}
	}
	filters := 0
	for j := last + 1; j < i; j++ {
		switch a.clauses[j].kind {
		case "filter":
			filters++
		case "breakdown", "period", "subject", "noun":
		default:
			return false
		}
	}
	return filters <= 1
}

// unitOfShare reports whether the percentage at i is the sign alone said after the one at
// last with only that one's rows, breakdown, period and at most one condition between them
// and no conjunction ("taxa de cancelamento mensal (%), jan-jun", "proporção de clientes com
// opt-in por gênero (%), desconsiderando ..."): the unit of the percentage named, wherever
// the sign stands ("% cancelled per store and % paid with pix" are two). A sign said
// with "of" names its own rows: a definition of the percentage, never its unit.
func (a *assembly) unitOfShare(x *env, last, i int) bool {
	if string(a.clauses[i].v.(marker)) != "sign" || a.conjBetween(x, last, i) {
		return false
	}
	if at := a.spans[i].to; at < len(x.norms) && slices.Contains(semantic.OfWords, x.norms[at]) {
		return false // "repeat rate May: % of buyers with 2+ purchases": the rate defined, not its unit
	}
	filters := 0
	for j := last + 1; j < i; j++ {
		switch a.clauses[j].kind {
		case "filter":
			filters++
		case "breakdown", "period", "subject":
		default:
			return false
		}
	}
	return filters <= 1
}

// overUnit is the unit a growth word says it is over ("YoY": "year", "MoM": "month",
// "mom growth": "month"), or "" when it names none.
func (a *assembly) overUnit() string {
	for _, i := range a.all("growth") {
		if u := strings.Fields(string(a.clauses[i].v.(marker))); len(u) > 0 {
			return u[0]
		}
	}
	return ""
}

// onlyOverUnits reports whether every growth word of the question names the unit compared
// over ("YoY", "a/a", "WoW", "month over month") and none asks for a change or a percentage
// ("growth", "crescimento", "%", "mom growth"): with two periods named side by side, the
// comparison said again, so both values are shown.
func (a *assembly) onlyOverUnits() bool {
	for _, i := range a.all("growth") {
		if u := strings.Fields(string(a.clauses[i].v.(marker))); len(u) != 1 {
			return false
		}
	}
	return !a.has("share")
}

// shareAsked reports whether a percentage is asked for ("what %", "quantos %").
func (a *assembly) shareAsked() bool {
	for _, i := range a.all("share") {
		if string(a.clauses[i].v.(marker)) == "ask" {
			return true
		}
	}
	return false
}

// shareCondFirst puts first the filter that is a percentage's condition. In English a
// filter said between the percentage word and its subject modifies the subject ("what % of
// Copacabana's sales were paid in cash", "what percentage of active customers bought in
// May": the rows the percentage is of), and the condition is the first filter said after
// the subject. In Portuguese the subject's modifiers follow it ("percentual de opt-in no
// whatsapp dos clientes ativos": the condition comes first), and the order is kept.
func (a *assembly) shareCondFirst(x *env, resolved []*semantic.Filter, at []int, subjAt int) []*semantic.Filter {
	shareAt := -1
	for i, c := range a.clauses {
		if c.kind == "share" && shareAt < 0 {
			shareAt = i
		}
	}
	if last := len(resolved) - 1; last > 0 && resolved[last].IsOptIn() && shareAt >= 0 && shareAt < at[0] && at[last] > 0 &&
		a.optInRelative(at, shareAt) && at[last] == slices.Max(at) &&
		!slices.ContainsFunc(resolved[:last], (*semantic.Filter).IsOptIn) && !slices.ContainsFunc(a.clauses, func(c clauseV) bool { return c.kind == "among" }) {
		// "percentual de clientes ativos que aceitam e-mail", "% of active customers who
		// opted in to email": the opt-in said last, right after the customers' other
		// conditions (a relative pronoun between), is the rate's condition; the others are
		// the customers it is of. Said after "entre os que", "among those", it is the base
		return append([]*semantic.Filter{resolved[last]}, resolved[:last]...)
	}
	if a.relativeCond(x, at, shareAt, subjAt) {
		// "% dos clientes ativos que usam o app", "% of active customers who have the app",
		// "% clts ativos c/ optin whatsapp": the rows and their adjective, then what they
		// do said in a relative clause; read the other way round, silently, it was the
		// share of app users who are active
		last := len(resolved) - 1
		return append([]*semantic.Filter{resolved[last]}, resolved[:last]...)
	}
	if c := a.predicateCond(x, at, shareAt, subjAt); c > 0 {
		// "qual o percentual das vendas da loja Centro em junho que foram pagas via PIX",
		// "what % of the number of sales at Centro in June were paid with pix": the rows,
		// where they are and when, then what they were; it was read as the store's share
		// of the pix sales, silently
		return append(append([]*semantic.Filter{resolved[c]}, resolved[:c]...), resolved[c+1:]...)
	}
	trailing := shareAt >= 0 && shareAt > slices.Max(at) && (subjAt < 0 || shareAt > subjAt)
	// Portuguese, the rows said before every filter ("quantos % das vendas da Savassi
	// foram canceladas", "percentual de vendas canceladas no pix")
	rowsFirst := a.req.Lang == semantic.PT && subjAt >= 0 && shareAt >= 0 && shareAt < subjAt && at[0] > subjAt
	if trailing || rowsFirst {
		// a rate said after its rows ("cancelamentos copacabana, qtd e taxa"), or in
		// Portuguese of rows said before their filters, is of the one condition that is a
		// flag: a store, a city or a payment is where the rows are
		flags := slices.IndexFunc(at, a.flagAt)
		if flags >= 0 && slices.IndexFunc(at[flags+1:], a.flagAt) < 0 {
			return append(append([]*semantic.Filter{resolved[flags]}, resolved[:flags]...), resolved[flags+1:]...)
		}
		if trailing {
			return resolved
		}
		if last := len(resolved) - 1; last > 0 && flags < 0 {
			// "qual o percentual das vendas da Savassi no pix": with no flag, the rows'
			// modifiers follow them and the condition is said last
			return append([]*semantic.Filter{resolved[last]}, resolved[:last]...)
		}
	}
	if a.req.Lang != semantic.EN || subjAt < 0 || shareAt < 0 || shareAt > subjAt {
		return resolved
	}
	before, after := -1, -1
	for k, p := range at {
		if p > shareAt && p < subjAt && before < 0 {
			before = k
		}
		if p > subjAt && after < 0 {
			after = k
		}
	}
	if before < 0 || after < 0 {
		return resolved
	}
	out := append([]*semantic.Filter{resolved[after]}, resolved[:after]...)
	return append(out, resolved[after+1:]...)
}

// filterAt reports whether clause i is a filter.
func (a *assembly) filterAt(i int) bool {
	_, ok := a.clauses[i].v.(filterV)
	return ok && a.clauses[i].kind == "filter"
}

// flagAt reports whether clause i is a filter by a flag ("canceladas", "ativos").
func (a *assembly) flagAt(i int) bool {
	fv, ok := a.clauses[i].v.(filterV)
	return ok && a.clauses[i].kind == "filter" && fv.flag != nil
}

// countedBefore reports whether a clause before the one at share holds a count word
// ("quantos", "how many"): a count asked in words, not a noun that is the percentage's base
// ("dos compradores de maio, qual percentual ...").
func (a *assembly) countedBefore(x *env, share int) bool {
	for i := range share {
		if slices.ContainsFunc(x.counts, func(p int) bool { return p >= a.spans[i].from && p < a.spans[i].to }) {
			return true
		}
	}
	return false
}

// conditionAfter reports whether a clause after the one at i names a condition of rows (a
// filter, an event, rows someone did something to): the percentage's condition is then
// said after it. The rows alone ("of all sales") are its base, said again.
func (a *assembly) conditionAfter(i int) bool {
	return slices.ContainsFunc(a.clauses[i+1:], func(c clauseV) bool {
		if s, ok := c.v.(subjectV); ok && c.kind == "subject" {
			return s.event != nil || s.neg || s.again || s.signupStore != "" || s.at != nil
		}
		return c.kind == "filter" || c.kind == "event"
	})
}

// conjBetween reports whether a conjunction ("e", "and", ",") stands between clauses i and j.
func (a *assembly) conjBetween(x *env, i, j int) bool {
	from, to := a.spans[i].to, a.spans[j].from
	return slices.ContainsFunc(x.conj, func(p int) bool { return p >= from && p < to })
}

// optInRelative reports whether the last filter, at at[len(at)-1], is said as a relative
// clause right after the filter before it: one word between ("clientes ativos que
// aceitam"), or two when the filters are two and the first is an adjective right after
// the percentage word ("% of active customers who opted in"). More words between are a
// base of their own ("entre os que aceitam", "among those opted in").
func (a *assembly) optInRelative(at []int, shareAt int) bool {
	i := at[len(at)-1]
	if i == 0 || at[len(at)-2] != i-1 {
		return false
	}
	gap := a.spans[i].from - a.spans[i-1].to
	return gap <= 1 || gap == 2 && len(at) == 2 && a.spans[at[0]].from-a.spans[shareAt].to <= 1
}

// predicateCond is the index in at of the one filter said after a copula (semantic.Copulas:
// "foram", "were") past the rows a percentage said before them is of ("percentual das
// vendas da Centro que foram no pix": the rows are the subject or, said as a measure, "da
// quantidade de vendas"), or -1: none, or more than one.
func (a *assembly) predicateCond(x *env, at []int, shareAt, subjAt int) int {
	rowsAt := subjAt
	if rowsAt < 0 && shareAt >= 0 && shareAt+1 < len(a.clauses) && a.clauses[shareAt+1].kind == "measures" {
		rowsAt = shareAt + 1
	}
	if shareAt < 0 || rowsAt < shareAt {
		return -1
	}
	copulas := inLang(semantic.Copulas, a.req.Lang)
	found := -1
	for k, i := range at {
		if i <= rowsAt || a.clauses[i].kind != "filter" {
			continue
		}
		// the words before the filter, back to the clause before it, and its first word
		said := false
		for p := a.spans[i-1].to; p <= a.spans[i].from; p++ {
			said = said || slices.Contains(copulas, x.tokenNorm(p))
		}
		if said {
			if found >= 0 {
				return -1
			}
			found = k
		}
	}
	return found
}

// shareOnlyRestated reports whether every percentage word of the question only asks for a
// number in % ("em termos percentuais", "as a percentage", "what %", "em quantos por
// cento"), none names a rate or a share of its own ("taxa de cancelamento", "% do total").
func (a *assembly) shareOnlyRestated() bool {
	for _, i := range a.all("share") {
		if m := string(a.clauses[i].v.(marker)); m != "again" && m != "ask" {
			return false
		}
	}
	return true
}

// shareOfRows reports whether the measure at i is the rows of the percentage word right
// before it ("percentual | da quantidade de vendas", "what % | of the number of sales"),
// nothing but function words between them, no comma ("Shame, how many redemptions...":
// a word read as "share" set off before a count asked is no percentage of it).
func (a *assembly) shareOfRows(x *env, i int) bool {
	if i == 0 || a.clauses[i-1].kind != "share" {
		return false
	}
	for p := a.spans[i-1].to; p < a.spans[i].from; p++ {
		if x.tokenNorm(p) == "," {
			return false
		}
	}
	return true
}

// relativeCond reports whether the last of two filters of a percentage is said in a
// relative clause of the rows (semantic.RelativeLinks: "que", "who", "com", "with") right
// after the other, which is the rows' adjective (said right after the subject, or before
// it in English): the percentage is of the rows the adjective names, the relative clause
// its condition. Joined by a conjunction ("ativos e com app") both are conditions; said
// after "entre os", "among", the second is the base (never this rule).
func (a *assembly) relativeCond(x *env, at []int, shareAt, subjAt int) bool {
	if len(at) != 2 || shareAt < 0 || shareAt > at[0] || !a.filterAt(at[0]) || !a.filterAt(at[1]) ||
		slices.ContainsFunc(a.clauses, func(c clauseV) bool { return c.kind == "among" }) {
		return false
	}
	first, last := at[0], at[1]
	if !a.onlyLinksBetween(first, last) {
		return false
	}
	if subjAt >= 0 && subjAt != first-1 && subjAt <= first {
		return false // the adjective is the subject's: said right after it, or before it
	}
	for j := last + 1; j < len(a.clauses); j++ {
		if k := a.clauses[j].kind; k != "period" && k != "breakdown" {
			return false // the relative clause ends the question
		}
	}
	links := inLang(semantic.RelativeLinks, a.req.Lang)
	linked := false
	for p := a.spans[first].to; p <= a.spans[last].from; p++ {
		if slices.Contains(x.conj, p) {
			return false
		}
		linked = linked || slices.Contains(links, x.tokenNorm(p))
	}
	return linked
}

// conditionsJoined reports whether two filters said after a percentage word follow each
// other joined by a conjunction ("% dos clientes ativos e com app", "% of customers who are
// active and have the app", "percentual de clientes ativos e que aceitam sms"): both may be
// its condition, or the first its base; either reading would answer silently what the
// other asks. Said after "entre os", "among", the base is named; a comma sets off what it
// joins as often as it joins two conditions.
func (a *assembly) conditionsJoined(x *env) bool {
	shareAt := slices.IndexFunc(a.clauses, func(c clauseV) bool { return c.kind == "share" })
	if shareAt < 0 || slices.ContainsFunc(a.clauses, func(c clauseV) bool { return c.kind == "among" }) {
		return false
	}
	for i := shareAt + 1; i < len(a.clauses); i++ {
		if !a.filterAt(i) {
			continue
		}
		j := i + 1
		for j < len(a.clauses) && linking(a.clauses[j].kind) {
			j++
		}
		if j == len(a.clauses) || !a.filterAt(j) || sameKind(a.clauses[i], a.clauses[j]) {
			continue // "no pix e no cartão": values of one attribute are groups compared
		}
		for p := a.spans[i].to; p < a.spans[j].from; p++ {
			if slices.Contains(x.conj, p) && x.tokenNorm(p) != "," {
				return true
			}
		}
	}
	return false
}

// onlyLinksBetween reports whether the clauses i and j follow each other, or only linking
// clauses stand between them.
func (a *assembly) onlyLinksBetween(i, j int) bool {
	for k := i + 1; k < j; k++ {
		if !linking(a.clauses[k].kind) {
			return false
		}
	}
	return j > i
}

// linking reports whether a clause of the kind only links a filter to the one before it
// ("ativos c/ optin whatsapp", "ativos e que aceitam sms": "com", "que", "aceitam" read as
// clauses of their own).
func linking(kind string) bool {
	return kind == "have" || kind == "who" || kind == "than" || kind == "optin"
}

// sameKind reports whether two filter clauses name values of one attribute ("no pix" and
// "no cartão", "active and inactive").
func sameKind(c, d clauseV) bool {
	f, g := c.v.(filterV), d.v.(filterV)
	if f.flag != nil && g.flag != nil {
		return f.flag == g.flag || f.flag.Attr != nil && f.flag.Attr == g.flag.Attr
	}
	return f.members != nil && g.members != nil && f.members.kind == g.members.kind
}
