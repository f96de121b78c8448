package grammar

import (
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// A definite period pointing back restates the period named elsewhere where it stands:
// "dos clientes que compraram no 1º trimestre, qual % fez duas ou mais compras dentro do
// próprio trimestre" counts the purchases of the quarter, not of all time. The question is
// first read with the words of that period in the place of the definite one (spliced);
// when that reading fails it is read as before, with the definite period left out
// (leadin.go), which is right when the period is the whole question's ("Recorrência de
// maio: quantos clientes fizeram 2 compras no mês?").

// periodBackSpliced returns the reading with each definite period that points back
// replaced by a copy of the one period the question names elsewhere (with the function
// word before it: "no primeiro trimestre", "in Q1"), or nil when there is none to copy.
// mismatch: a definite period names a unit the period it points to is not ("compraram em
// maio ... naquele trimestre").
func periodBackSpliced(r *lexicon.Reading) (sp *lexicon.Reading, mismatch bool) {
	drop := make([]bool, len(r.Tokens))
	backs := periodBacks(r, drop)
	if len(backs) == 0 {
		return nil, false
	}
	inBack := make([]bool, len(r.Tokens))
	for _, b := range backs {
		for i := b.from; i < b.to; i++ {
			inBack[i] = true
		}
	}
	from, to := -1, -1
	for i := range r.Tokens {
		if !inBack[i] && periodWord(r, i) {
			if from < 0 {
				from = i
			}
			to = i + 1
		}
	}
	if from < 0 {
		return nil, false
	}
	// one period: every token between its first and last word is of it
	for i := from; i < to; i++ {
		if inBack[i] || r.Tokens[i].Part != r.Tokens[from].Part || !periodWord(r, i) && !isFunctionWord(r, i) && r.Tokens[i].Kind != lexicon.Number {
			return nil, false
		}
	}
	// the words that count the period's unit ("primeiro trimestre", "últimos 90 dias")
	for from > 0 && r.Tokens[from-1].Part == r.Tokens[from].Part && (r.Tokens[from-1].Kind == lexicon.Number || hasCat(r, from-1, semantic.CatOrdinal, semantic.CatNumWord)) {
		from--
	}
	if from > 0 && isFunctionWord(r, from-1) && r.Tokens[from-1].Part == r.Tokens[from].Part {
		from--
	}
	if src := unitOf(r, from, to); src != "" {
		for _, b := range backs {
			if u := unitOf(r, b.from, b.to); u != "" && u != src {
				return nil, true
			}
		}
	}
	return splice(r, backs, from, to), false
}

// unitOf is the calendar unit the tokens [from, to) name: the unit word ("trimestre",
// "month"), a month, quarter or half by name, a date (a day); "" when none or several.
func unitOf(r *lexicon.Reading, from, to int) string {
	unit := ""
	set := func(u string) {
		if unit == "" || unit == u {
			unit = u
		} else {
			unit = "?"
		}
	}
	for _, m := range r.Matches {
		if m.From < from || m.To > to || m.Typos > 0 {
			continue
		}
		switch m.Cat {
		case semantic.CatUnit:
			set(m.Arg)
		case semantic.CatMonth:
			set("month")
		case semantic.CatQuarterN:
			set("quarter")
		case semantic.CatHalfN:
			set("half")
		}
	}
	for i := from; i < to; i++ {
		switch r.Tokens[i].Kind {
		case lexicon.MonthYr:
			set("month")
		case lexicon.Date:
			set("day")
		}
	}
	if unit == "?" {
		return ""
	}
	return unit
}

// splice is r with each span of backs replaced by a copy of the tokens [from, to) and of
// the matches inside them.
func splice(r *lexicon.Reading, backs []tokenSpan, from, to int) *lexicon.Reading {
	out := *r
	out.Tokens, out.Matches = nil, nil
	at := make([]int, len(r.Tokens)+1) // the new position of each old token (and of the end)
	type copied struct{ at, part int }
	var copies []copied
	b := 0
	for i := 0; i <= len(r.Tokens); i++ {
		if b < len(backs) && i == backs[b].from {
			part := r.Tokens[i].Part
			stop := r.Tokens[backs[b].to-1].Stop
			copies = append(copies, copied{len(out.Tokens), part})
			for k := from; k < to; k++ {
				t := r.Tokens[k]
				t.Part, t.Stop = part, 0
				if k == to-1 {
					t.Stop = stop
				}
				out.Tokens = append(out.Tokens, t)
			}
			for ; i < backs[b].to; i++ {
				at[i] = -1
			}
			b++
			i--
			continue
		}
		at[i] = len(out.Tokens)
		if i < len(r.Tokens) {
			out.Tokens = append(out.Tokens, r.Tokens[i])
		}
	}
	for _, m := range r.Matches {
		start, end := at[m.From], at[m.To-1]
		if start < 0 || end < 0 || end+1-start != m.To-m.From {
			continue // inside or across a definite period
		}
		m.From, m.To = start, end+1
		out.Matches = append(out.Matches, m)
	}
	for _, c := range copies {
		for _, m := range r.Matches {
			if m.From >= from && m.To <= to {
				m.From, m.To = c.at+m.From-from, c.at+m.To-from
				out.Matches = append(out.Matches, m)
			}
		}
	}
	return &out
}

// hasCat reports whether a word of the lexicon at i alone is of one of cats.
func hasCat(r *lexicon.Reading, i int, cats ...semantic.Category) bool {
	for _, m := range r.Matches {
		if m.From == i && m.To == i+1 && m.Typos == 0 {
			for _, c := range cats {
				if m.Cat == c {
					return true
				}
			}
		}
	}
	return false
}
