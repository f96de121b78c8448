package grammar

import (
	"slices"
	"sort"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Edge is a constituent the parser found: symbol Sym over tokens [From, To), with its
// meaning (Val) and its cost (lower is a better reading).
type Edge struct {
	From, To int
	Sym      string
	sym      int // Sym interned by the grammar
	Val      any
	Cost     float64
	Kids     []*Edge
	Match    *lexicon.Match // a terminal's lexicon match
}

// Rule is one production: LHS -> RHS, with the function that builds its meaning from the
// children (nil children for optional symbols left out). A symbol ending in "?" is
// optional. Build may reject a combination (false).
type Rule struct {
	LHS   string
	RHS   []string
	Cost  float64
	Build func(kids []*Edge) (any, bool)
}

// expanded is a rule with its optional symbols resolved: present[i] says whether RHS
// symbol i of the original rule is in this variant.
type expanded struct {
	rule    *Rule
	syms    []string
	present []bool
	lhs     int   // interned LHS
	ids     []int // interned syms
}

func expand(rules []*Rule) []expanded {
	var out []expanded
	for _, r := range rules {
		n := len(r.RHS)
		for mask := 0; mask < 1<<n; mask++ {
			var syms []string
			present := make([]bool, n)
			ok := true
			for i, s := range r.RHS {
				opt := strings.HasSuffix(s, "?")
				in := mask&(1<<i) == 0
				if !opt && !in {
					ok = false
					break
				}
				if in {
					syms = append(syms, strings.TrimSuffix(s, "?"))
					present[i] = true
				}
			}
			if ok && len(syms) > 0 {
				out = append(out, expanded{rule: r, syms: syms, present: present})
			}
		}
	}
	return out
}

// maxPerCell bounds the edges kept for one symbol over one span: the cheapest.
const maxPerCell = 6

type cellKey struct {
	from, to, sym int
}

// chart is the parse chart of one reading.
type chart struct {
	n      int
	filler []bool // tokens that may be skipped inside a constituent
	cells  map[cellKey][]*Edge
	byEnd  map[int][]*Edge // edges by From (edges starting at a position)
	at     [][][]*Edge     // edges by From and symbol
}

func (c *chart) add(e *Edge) bool {
	k := cellKey{e.From, e.To, e.sym}
	cell := c.cells[k]
	key := valKey(e.Val)
	for i, x := range cell {
		if valKey(x.Val) == key {
			if e.Cost < x.Cost {
				cell[i] = e
				c.reindex(x, e)
				return true
			}
			return false
		}
	}
	if len(cell) >= maxPerCell {
		worst := 0
		for i, x := range cell {
			if x.Cost > cell[worst].Cost {
				worst = i
			}
		}
		if cell[worst].Cost <= e.Cost {
			return false
		}
		old := cell[worst]
		cell[worst] = e
		c.reindex(old, e)
		return true
	}
	c.cells[k] = append(cell, e)
	c.byEnd[e.From] = append(c.byEnd[e.From], e)
	c.at[e.From][e.sym] = append(c.at[e.From][e.sym], e)
	return true
}

func (c *chart) reindex(old, e *Edge) {
	for _, list := range [][]*Edge{c.byEnd[old.From], c.at[old.From][old.sym]} {
		for i, x := range list {
			if x == old {
				list[i] = e
				break
			}
		}
	}
}

// parse fills the chart bottom-up, span by span (CKY order generalised to any number of
// children): every edge over a span is built from edges over shorter spans, then unary
// rules close over the span.
func parse(g *Grammar, r *lexicon.Reading) *chart {
	// a word of the other language than the question's is a less likely reading ("no"
	// is "em o" in Portuguese, a negation in English)
	otherLang := func(m *lexicon.Match) float64 {
		if m.Lang != "" && m.Lang != r.Lang {
			return langCost
		}
		return 0
	}
	c := &chart{n: len(r.Tokens), cells: map[cellKey][]*Edge{}, byEnd: map[int][]*Edge{}, at: make([][][]*Edge, len(r.Tokens)+1), filler: make([]bool, len(r.Tokens))}
	for i := range c.at {
		c.at[i] = make([][]*Edge, len(g.ids))
	}
	for i := range r.Matches {
		m := &r.Matches[i]
		if (m.Cat == semantic.CatFiller || m.Cat == semantic.CatPronoun) && m.To == m.From+1 {
			// a pronoun inside a constituent ("quanto ela faturou") is checked for what it
			// refers to by the assembly (env.pronouns)
			c.filler[m.From] = true
		}
	}
	for i := range pinned(r) {
		c.filler[i] = false
	}
	for i := range soFarOfUnit(r) {
		c.filler[i] = false
	}
	for i := range byBeforeNoun(r) {
		c.filler[i] = false
	}
	for i := range periodPointed(r, nearDemonstratives) {
		c.filler[i] = true
	}
	for i := range periodPointed(r, farDemonstratives) {
		c.filler[i] = false
	}
	conj := make([]bool, len(r.Tokens))
	for i := range r.Matches {
		if m := &r.Matches[i]; m.Cat == semantic.CatAnd && m.To == m.From+1 {
			conj[m.From] = true
		}
	}
	for i := range conj {
		if conj[i] && (i == 0 || !conj[i-1]) {
			// a conjunction joins constituents, never sits skipped inside one: "count and
			// revenue" is two measures, not the count of revenue (", and" is one)
			c.filler[i] = false
		}
	}
	valued := valuePhrases(r)
	for i := range r.Matches {
		m := &r.Matches[i]
		if m.Cat == semantic.CatNoun && m.To == m.From+1 && valued[m.From] {
			continue // "vendas em dinheiro": the value said, never the noun (money)
		}
		if foreignMonthAbbrev(r, m) {
			continue // "run out by tomorrow", "sold out": no October in an English question
		}
		if foreignAbbrevSense(r, m) {
			continue // "vendas por loja em maio, qtd": the count, never quarter-to-date
		}
		// a longer phrase of the lexicon is a more specific reading of its words
		id, ok := g.ids[string(m.Cat)]
		if !ok {
			continue // a category no production reads
		}
		c.add(&Edge{From: m.From, To: m.To, Sym: string(m.Cat), sym: id, Val: m.Arg, Cost: typoCost*float64(m.Typos) - phraseBonus*float64(m.To-m.From-1) + otherLang(m), Match: m})
	}
	var tried []int // the n-ary rules something starts at from, in rule order (ties keep the first edge)
	for length := 1; length <= c.n; length++ {
		for from := 0; from+length <= c.n; from++ {
			to := from + length
			tried = tried[:0]
			for id, rules := range g.naryByFirst {
				if len(rules) > 0 && len(c.at[from][id]) > 0 {
					tried = append(tried, rules...)
				}
			}
			slices.Sort(tried)
			for _, k := range tried {
				c.apply(g.nary[k], from, to)
			}
			for changed, rounds := true, 0; changed && rounds < 4; rounds++ {
				changed = false
				for _, x := range g.unary {
					if c.apply(x, from, to) {
						changed = true
					}
				}
			}
		}
	}
	return c
}

// apply builds every edge of expanded rule x over [from, to).
func (c *chart) apply(x expanded, from, to int) bool {
	if len(c.at[from][x.ids[0]]) == 0 {
		return false // nothing starts the rule here
	}
	if len(x.ids) == 1 && len(c.cells[cellKey{from, to, x.ids[0]}]) == 0 {
		return false // a unary rule reads an edge over the whole span, and there is none
	}
	added := false
	kids := make([]*Edge, len(x.syms))
	var walk func(i, pos int, gaps int)
	walk = func(i, pos int, gaps int) {
		if i == len(x.syms) {
			if pos != to {
				return
			}
			full := make([]*Edge, len(x.present))
			k := 0
			cost := x.rule.Cost + skipCost*float64(gaps)
			for j, p := range x.present {
				if p {
					full[j] = kids[k]
					cost += kids[k].Cost
					k++
				}
			}
			v, ok := x.rule.Build(full)
			if !ok {
				return
			}
			e := &Edge{From: from, To: to, Sym: x.rule.LHS, sym: x.lhs, Val: v, Cost: cost, Kids: append([]*Edge(nil), kids...)}
			if c.add(e) {
				added = true
			}
			return
		}
		remaining := len(x.syms) - i - 1
		// between two children, fillers may be skipped ("dia de maior faturamento",
		// "over the last 7 days"): never before the first child
		for start, skipped := pos, 0; start < to; start, skipped = start+1, skipped+1 {
			if skipped > 0 && (i == 0 || !c.filler[start-1]) {
				break
			}
			for _, e := range c.at[start][x.ids[i]] {
				if e.To > to-remaining {
					continue
				}
				if len(x.syms) == 1 && (e.To != to || e.From != from) {
					continue
				}
				kids[i] = e
				walk(i+1, e.To, gaps+skipped)
			}
			if i == 0 {
				break
			}
		}
	}
	walk(0, from, 0)
	return added
}

// Costs of a reading: each clause, each typo, each word skipped as a filler.
const (
	typoCost    = 0.6
	clauseCost  = 1.0
	skipCost    = 0.05
	phraseBonus = 0.2
	langCost    = 0.35
)

// analysis is one reading of the whole question: its clauses in order, the words skipped
// as fillers, and the words no clause used.
type analysis struct {
	clauses []*Edge
	unknown []int // tokens no clause used that are not fillers
	cost    float64
}

// analyses returns the best readings of the question as sequences of clauses, cheapest
// first. A token that is neither in a clause nor a filler is recorded as unknown (at a
// high cost, so complete readings always win).
func analyses(c *chart, r *lexicon.Reading, limit int) []analysis {
	filler := make([]bool, c.n)
	fillerTo := map[int][]int{} // multi-word fillers ("do we have") by start
	for _, m := range r.Matches {
		if m.Cat != semantic.CatFiller || m.Typos > 0 && semantic.RoleOf(m.Cat, m.Arg) == semantic.RoleDiscourse {
			// discourse read through a typo is no discourse: "marca" is not "parça"
			continue
		}
		if m.To == m.From+1 {
			filler[m.From] = true
		} else {
			fillerTo[m.From] = append(fillerTo[m.From], m.To)
		}
	}
	for i := range pinned(r) {
		filler[i] = false
	}
	pins := soFarOfUnit(r)
	for i := range pins {
		filler[i] = false
	}
	best := make([][]analysis, c.n+1)
	best[0] = []analysis{{}}
	push := func(pos int, a analysis) {
		list := append(best[pos], a)
		sort.SliceStable(list, func(i, j int) bool { return list[i].cost < list[j].cost })
		if len(list) > limit {
			list = list[:limit]
		}
		best[pos] = list
	}
	for pos := 0; pos < c.n; pos++ {
		for _, a := range best[pos] {
			for _, to := range fillerTo[pos] {
				if anyPinned(pins, pos, to) {
					continue // "to date" of "year to date": never skipped, alone or as a phrase
				}
				push(to, analysis{clauses: a.clauses, unknown: a.unknown, cost: a.cost + skipCost})
			}
			if filler[pos] {
				push(pos+1, analysis{clauses: a.clauses, unknown: a.unknown, cost: a.cost + skipCost})
			} else {
				push(pos+1, analysis{clauses: a.clauses, unknown: append(append([]int(nil), a.unknown...), pos), cost: a.cost + 100})
			}
			for _, e := range c.byEnd[pos] {
				if e.Sym != "Clause" {
					continue
				}
				push(e.To, analysis{clauses: append(append([]*Edge(nil), a.clauses...), e), unknown: a.unknown, cost: a.cost + e.Cost + clauseCost})
			}
		}
	}
	return best[c.n]
}

// pinned are the tokens of a negation, of a precision said without a number ("in whole
// numbers": "whole" and "numbers" are each skippable), or of a flag said in words that
// are each a function word ("have yet to buy"; "promos on now", "what's on the now":
// running), or of a breakdown said in such words ("dia a dia": by day): the phrase may not
// be skipped word by word, or the reading would answer the question without it.
func pinned(r *lexicon.Reading) map[int]bool {
	return tokensOf(r, func(m lexicon.Match) bool {
		if m.To == m.From+1 && m.Typos == 0 && m.Cat == semantic.CatNeg && m.Lang == r.Lang && !fillerIn(r, m.From, r.Lang) && flagAt(r, m.To) {
			// "reward products, no add-ons": the question's own negation of the flag after
			// it, never the other language's function word ("no", Portuguese "in the"), or
			// the flag is read the other way round
			return true
		}
		return m.To-m.From >= 2 && m.Typos == 0 && (m.Cat == semantic.CatNeg || m.Cat == semantic.CatNever || m.Cat == semantic.CatWhole || (m.Cat == semantic.CatFlag || m.Cat == semantic.CatDimAdj) && fillersOnly(r, m))
	})
}

// flagAt reports whether a flag filter's words start at token i ("add-ons", "active").
func flagAt(r *lexicon.Reading, i int) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool { return m.From == i && m.Cat == semantic.CatFlag && m.Typos == 0 })
}

// fillerIn reports whether token i is, alone, a filler of the language lang or of both.
func fillerIn(r *lexicon.Reading, i int, lang semantic.Lang) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.From == i && m.To == i+1 && m.Cat == semantic.CatFiller && (m.Lang == lang || m.Lang == "")
	})
}

// tokensOf are the tokens under the matches of r that keep holds for (nil when none).
func tokensOf(r *lexicon.Reading, keep func(lexicon.Match) bool) map[int]bool {
	var out map[int]bool
	for _, m := range r.Matches {
		if !keep(m) {
			continue
		}
		if out == nil {
			out = map[int]bool{}
		}
		for i := m.From; i < m.To; i++ {
			out[i] = true
		}
	}
	return out
}

// soFarOfUnit are the tokens of the "up to now" words said right after a unit ("year to
// date", "trimestre até agora": the current period, informal.go): never skipped, alone or
// as a filler phrase, or the reading would answer without them ("by payment method, year
// to date" read as by payment method and by year, over all time).
func soFarOfUnit(r *lexicon.Reading) map[int]bool {
	return tokensOf(r, func(m lexicon.Match) bool {
		return m.Cat == semantic.CatSoFar && m.Typos == 0 && unitSaidBefore(r, m.From)
	})
}

// byBeforeNoun are the tokens of a breakdown word that is also a scope word ("cada",
// "each") right before a noun or a dimension ("quanto que cada loja faturou"): the
// breakdown's, never skipped ("de cada", "the count of each" alone may be), or a reading
// without it asks which store.
func byBeforeNoun(r *lexicon.Reading) map[int]bool {
	return tokensOf(r, func(m lexicon.Match) bool {
		return m.Cat == semantic.CatBy && m.To == m.From+1 && m.Typos == 0 && hasCat(r, m.To, semantic.CatNoun, semantic.CatDim)
	})
}

var nearDemonstratives, farDemonstratives = splitPhrases(semantic.NearDemonstratives), splitPhrases(semantic.FarDemonstratives)

// periodPointed are the tokens of a demonstrative of ws said right before "up to now"
// after two periods ("... e o primeiro semestre de 2025 (este até a presente data)"). The
// reading reads "up to now" after the periods as of the last one: a demonstrative pointing
// at the last one says nothing more and may be skipped; one pointing at the first is never
// skipped (its "up to now" is not read). After one period it stays (no reading uses it).
func periodPointed(r *lexicon.Reading, ws [][]string) map[int]bool {
	var out map[int]bool
	for i := 1; i < len(r.Tokens); i++ {
		n, before := phraseAt(r, i, ws), i-1
		if before > 0 && r.Tokens[before].Norm == "," {
			before-- // "2024 e 2025, este até hoje"
		}
		if n == 0 || !periodWord(r, before) || periodsBefore(r, i) < 2 || !slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
			return m.From == i+n && m.Cat == semantic.CatSoFar && m.Typos == 0
		}) {
			continue
		}
		if out == nil {
			out = map[int]bool{}
		}
		for k := i; k < i+n; k++ {
			out[k] = true
		}
	}
	return out
}

// periodsBefore counts the periods said before token end: the runs of period words.
func periodsBefore(r *lexicon.Reading, end int) int {
	n := 0
	for i := 0; i < end; i++ {
		if periodWord(r, i) && (i == 0 || !periodWord(r, i-1) && !(i > 1 && isFunctionWord(r, i-1) && periodWord(r, i-2) && !joinsTwo(r, i-1))) {
			n++
		}
	}
	return n
}

// unitSaidBefore reports whether the word before token i is a unit of the calendar said
// without a typo ("year" of "year to date", "trimestre" of "trimestre até agora").
func unitSaidBefore(r *lexicon.Reading, i int) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.Cat == semantic.CatUnit && m.Typos == 0 && m.To == i
	})
}

// anyPinned reports whether a token from..to-1 is pinned.
func anyPinned(pins map[int]bool, from, to int) bool {
	for i := from; i < to; i++ {
		if pins[i] {
			return true
		}
	}
	return false
}

// fillersOnly reports whether every word of the match m is, alone, a filler a reading may
// skip ("on", "the", "now" of "on the now").
func fillersOnly(r *lexicon.Reading, m lexicon.Match) bool {
	for i := m.From; i < m.To; i++ {
		skip := false
		for _, f := range r.Matches {
			skip = skip || f.From == i && f.To == i+1 && f.Cat == semantic.CatFiller && f.Typos == 0
		}
		if !skip {
			return false
		}
	}
	return true
}

// foreignMonthAbbrev reports whether m is a month said by a Portuguese abbreviation in an
// English question ("out", "set", "ago": words of English too) with no number beside it
// ("15 out 2024", "out/24" still date): the writer's word, never a month. (No English
// abbreviation is a Portuguese word.)
func foreignMonthAbbrev(r *lexicon.Reading, m *lexicon.Match) bool {
	if m.Cat != semantic.CatMonth || r.Lang != semantic.EN || m.Lang != semantic.PT || m.To != m.From+1 || len(r.Tokens[m.From].Norm) > 3 {
		return false
	}
	for _, i := range []int{m.From - 1, m.To} {
		if i >= 0 && i < len(r.Tokens) && r.Tokens[i].Kind != lexicon.Word {
			return false
		}
	}
	return true
}

// foreignAbbrevSense reports whether m reads a short word (an abbreviation, at most four
// letters) in the other language than the question's, where the question's own language
// reads the same word, unmisspelt, as another kind of concept: "qtd" in a Portuguese
// question is "quantidade", never the English quarter-to-date. The other language's sense
// is a less likely reading only by a cost, and a reading the cost lets win there changes
// the answer (two periods compared instead of a count). An acronym in capitals is the other
// language's jargon ("vendas do 2º tri QTD"), kept.
func foreignAbbrevSense(r *lexicon.Reading, m *lexicon.Match) bool {
	t := r.Tokens[m.From]
	if m.Lang == "" || m.Lang == r.Lang || m.To != m.From+1 || len(t.Norm) > 4 || t.Raw == strings.ToUpper(t.Raw) {
		return false
	}
	for _, o := range r.Matches {
		if o.From == m.From && o.To == m.To && o.Lang == r.Lang && o.Typos == 0 && o.Cat != m.Cat && o.Cat != semantic.CatFiller {
			return true
		}
	}
	return false
}

// valuePhrases marks the tokens of a value said in a phrase of two words or more ("em
// dinheiro", "no dinheiro", "via dinheiro": the payment in cash): a word of such a phrase
// is the value, never a noun composed into a measure ("dinheiro": money), or the reading
// without the value's filter would be the cheaper one and answer without it.
func valuePhrases(r *lexicon.Reading) []bool {
	out := make([]bool, len(r.Tokens))
	for _, m := range r.Matches {
		if m.Cat == semantic.CatValue && m.Typos == 0 && m.To-m.From >= 2 {
			for i := m.From; i < m.To; i++ {
				out[i] = true
			}
		}
	}
	return out
}
