package nlq

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Two measures joined by "e", "and", "vs" or "x" ("novos clientes e vendas por mês",
// "revenue and redemptions by store") are read as two questions that share everything
// else (breakdowns, filters, period): each side is interpreted with the other side's words
// left out, and when both read the same breakdowns, filters and period the report shows
// both measures side by side. When they do not, the question is refused rather than
// answered for one side only.

// entityKind is the thing an entity word measures ("" for other words).
func entityKind(l *lexeme) string {
	switch {
	case l.is(cSignup):
		return "signup"
	case l.is(cCustomer), l.is(cBuyer):
		return "customer"
	case l.is(cTicket):
		return "ticket"
	case l.is(cRevenue):
		return "revenue"
	case l.is(cSale):
		return "sale"
	case l.is(cBalance):
		return "balance"
	case l.is(cPoints):
		return "points"
	case l.is(cRedemption):
		return "redemption"
	case l.is(cReversal):
		return "reversal"
	}
	// stores, products and promotions are left out: "resgatados na loja Centro" names a
	// store, it does not ask for a number of stores
	return ""
}

// factKind groups entity kinds by the fact they are measured over.
var factKind = map[string]string{
	"signup": "customers", "customer": "customers", "balance": "customers",
	"ticket": "sales", "revenue": "sales", "sale": "sales",
	"points": "points", "reversal": "points", "redemption": "redemptions",
}

// measureRunWord: a word that belongs to a measure phrase ("quantos clientes novos",
// "pontos creditados", "ticket médio").
func measureRunWord(l *lexeme) bool {
	if entityKind(l) != "" {
		return true
	}
	for _, c := range []concept{cCount, cHowMuch, cTotal, cAvg, cNew, cEarn, cDebit, cRedeem, cBuy, cSell, cSpend, cValue, cActive, cInactive} {
		if l.is(c) {
			return true
		}
	}
	return false
}

// coordination is "A e B" between two measure phrases: the lexeme positions of each side
// and the conjunction (a lexeme such as "vs", or -1 for a filler "e"/"and").
type coordination struct {
	left, right []int
	conj        int
	kinds       [2]string // fact kinds of the two sides
}

func conjWord(t *token) bool {
	switch t.norm {
	case "e", "and", "&":
		return true
	}
	return false
}

// findCoordination finds the first "A e B" where both sides name entities of different
// kinds.
func findCoordination(q *question) *coordination {
	pos := map[*token]int{}
	for i, t := range q.toks {
		pos[t] = i
	}
	start := func(l *lexeme) int { return pos[l.toks[0]] }
	end := func(l *lexeme) int { return pos[l.toks[len(l.toks)-1]] }
	for li := 0; li+1 < len(q.lex); li++ {
		a, b := q.lex[li], q.lex[li+1]
		conj, right := -1, li+1
		switch {
		case b.is(cCompare) && len(b.toks) == 1 && slices.Contains([]string{"vs", "x", "versus"}, b.toks[0].norm) && li+2 < len(q.lex):
			conj, right = li+1, li+2
		case end(a)+1 < start(b) && hasConjBetween(q.toks[end(a)+1:start(b)]):
		default:
			continue
		}
		if !measureRunWord(a) || !measureRunWord(q.lex[right]) {
			continue
		}
		c := &coordination{conj: conj}
		for i := li; i >= 0 && measureRunWord(q.lex[i]); i-- {
			c.left = append([]int{i}, c.left...)
		}
		for i := right; i < len(q.lex) && measureRunWord(q.lex[i]); i++ {
			c.right = append(c.right, i)
		}
		kl, kr := sideKinds(q, c.left), sideKinds(q, c.right)
		if len(kl) == 0 || len(kr) == 0 {
			continue
		}
		overlap := false
		for k := range kl {
			if kr[k] {
				overlap = true
			}
		}
		if overlap {
			continue
		}
		c.kinds = [2]string{firstKind(q, c.left), firstKind(q, c.right)}
		return c
	}
	return nil
}

func hasConjBetween(toks []*token) bool {
	for _, t := range toks {
		if conjWord(t) {
			return true
		}
		if !(t.kind == tWord && fillerSet[t.norm]) {
			return false
		}
	}
	return false
}

func sideKinds(q *question, idx []int) map[string]bool {
	m := map[string]bool{}
	for _, i := range idx {
		if k := entityKind(q.lex[i]); k != "" {
			m[k] = true
		}
	}
	return m
}

func firstKind(q *question, idx []int) string {
	for _, i := range idx {
		if k := entityKind(q.lex[i]); k != "" {
			return factKind[k]
		}
	}
	return ""
}

// without is the question with the lexemes at idx (and the conjunction) left out, as if
// never asked.
func without(q *question, idx []int, conj int) *question {
	drop := map[int]bool{conj: true}
	for _, i := range idx {
		drop[i] = true
	}
	out := *q
	out.lex = nil
	for i, l := range q.lex {
		if drop[i] {
			for _, t := range l.toks {
				t.used, t.by = true, "other side"
			}
			continue
		}
		out.lex = append(out.lex, l)
	}
	var periods []foundPeriod
	for _, p := range q.periods {
		keep := true
		for _, i := range idx {
			if q.lex[i].period != nil && q.lex[i].period.toks[0] == p.toks[0] {
				keep = false
			}
		}
		if keep {
			periods = append(periods, p)
		}
	}
	out.periods = periods
	return &out
}

// interpretSplit reads each side of a coordination; ok is false when the sides do not
// make one report.
func (it *Interpreter) interpretSplit(question string, cat *Catalog, cal semantic.Calendar, c *coordination) (*Result, bool) {
	var sides [2]*interp
	for s := 0; s < 2; s++ {
		q, err := read(question, cat, cal)
		if err != nil {
			return nil, false
		}
		other := c.right
		if s == 1 {
			other = c.left
		}
		in := &interp{q: without(q, other, c.conj), cal: cal, cat: cat}
		in.req.Lang = q.lang
		if r := in.run(); r != nil {
			return nil, false
		}
		if err := in.req.Validate(); err != nil || len(in.req.Measures) == 0 || len(in.req.Attrs) > 0 {
			return nil, false
		}
		sides[s] = in
	}
	a, b := &sides[0].req, &sides[1].req
	if !sameShape(a, b) {
		return nil, false
	}
	merged := *a
	merged.Measures = nil
	for _, m := range append(append([]*semantic.Measure{}, a.Measures...), b.Measures...) {
		if !slices.Contains(merged.Measures, m) {
			merged.Measures = append(merged.Measures, m)
		}
	}
	sql, err := merged.Compile()
	if err != nil {
		return nil, false
	}
	notes := append(append([]semantic.Text{}, sides[0].notes...), sides[1].notes...)
	return &Result{Request: &merged, SQL: sql, Echo: describe(&merged, sides[0].q, notes)}, true
}

// sameShape: two requests with the same breakdowns, filters, period, order and limit.
func sameShape(a, b *semantic.Request) bool {
	if len(a.Dims) != len(b.Dims) || len(a.Filters) != len(b.Filters) || a.Order != b.Order || a.Limit != b.Limit {
		return false
	}
	for i := range a.Dims {
		if a.Dims[i].ID != b.Dims[i].ID || a.Dims[i].Name != b.Dims[i].Name {
			return false
		}
	}
	names := func(r *semantic.Request) string {
		var s []string
		for _, f := range r.Filters {
			s = append(s, f.ID+"="+f.Name.EN)
		}
		slices.Sort(s)
		return strings.Join(s, "|")
	}
	if names(a) != names(b) {
		return false
	}
	switch {
	case a.Period == nil && b.Period == nil:
		return true
	case a.Period == nil || b.Period == nil:
		return false
	}
	return a.Period.Label == b.Period.Label
}

// looseCoordination: an entity of one kind, a conjunction, and the next entity of another
// kind ("novos clientes por loja e vendas por mês"), with other words between them. Read
// as one measure such a question answers half of what it asks.
func looseCoordination(q *question) (a, b *lexeme) {
	pos := map[*token]int{}
	for i, t := range q.toks {
		pos[t] = i
	}
	var last *lexeme
	for li, l := range q.lex {
		if li > 0 && last != nil {
			prev := q.lex[li-1]
			between := q.toks[pos[prev.toks[len(prev.toks)-1]]+1 : pos[l.toks[0]]]
			conj := l.is(cCompare) && len(l.toks) == 1
			for _, t := range between {
				if conjWord(t) {
					conj = true
				}
			}
			// the next words after the conjunction start a measure ("e vendas", "and
			// redemptions"), not a value ("entre 500 e 1000 pontos")
			start := li
			if l.is(cCompare) {
				start = li + 1
			}
			if conj && start < len(q.lex) && measureRunWord(q.lex[start]) {
				for _, r := range q.lex[start:] {
					if k := entityKind(r); k != "" {
						if factKind[k] != factKind[entityKind(last)] {
							return last, r
						}
						break
					}
				}
			}
		}
		if entityKind(l) != "" {
			last = l
		}
	}
	return nil, nil
}
