package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The purpose tail rule. A clause that says why the writer asks, said after the question
// ("quantos clientes ativos? é pra uma campanha de aniversário", "how many active
// customers? it's for a mailer to the Savassi ones"), is context: it never adds a filter,
// a measure, a breakdown or a place to the question. When the question reads whole, the
// tail's words may still have been read with it ("aniversário": the birthdays), which
// answers another question than the one asked. So each statement clause after the
// question (statementsOf) that names a concept the rest of the question does not is read
// away: the same query means the tail changed nothing; another query, or none, means it
// would, and the question is refused, naming the tail's words.

// tailRefusal is the refusal of a question whose reading r (read as res) holds a statement
// clause after the question that changes the answer; nil when none does. A tail that names
// only rows the question's breakdown shows ("faturamento por forma de pagamento em abril,
// quero ver se o pix passou o cartão") is what the writer will look at in the answer: the
// question is read without it (read).
func (it *Interpreter) tailRefusal(r *lexicon.Reading, cat *semantic.Catalog, context []string, res *Result) (read *Result, refusal *Refusal) {
	roles, _, _ := tokenRoles(r)
	for _, s := range statementsOf(r) {
		if !hasRole(roles[:s.from], semantic.RoleConcept) || !saysWhy(r, roles, s.from) {
			continue // a clause before the question is the writer's situation (statements.go)
		}
		said := tailConcepts(r, s)
		if len(said) == 0 || asksIn(r, s) {
			continue // nothing the question could take, or the clause is the question ("... and need to know how much we sold")
		}
		drop := make([]bool, len(r.Tokens))
		for i := s.from; i < s.to; i++ {
			drop[i] = true
		}
		res2, err := it.read(withoutContext(r, drop, nil), cat, context)
		if err == nil && res2.SQL == res.SQL {
			continue
		}
		if err == nil && shownBy(r, s, res2.Request) {
			return res2, nil
		}
		words := "\"" + strings.Join(said, "\", \"") + "\""
		understood := describe(res.Request)
		if err == nil {
			understood = describe(res2.Request) // the question without the tail
		}
		return nil, &Refusal{Lang: r.Lang, Understood: []string{understood}, Context: context, Reason: say(r.Lang,
			"uma frase que diz para que é a pergunta fala de "+words+", que a pergunta não repete, e não sei se vale para a pergunta",
			"a clause saying what the question is for names "+words+", which the question does not repeat, and I cannot tell whether it applies to the question")}
	}
	return nil, nil
}

// shownBy reports whether every concept the clause s names is a value of a dimension req
// breaks down by: rows of the answer, no constraint on it. A word inside a named value
// ("crédito" of "cartão de crédito") is the value's.
func shownBy(r *lexicon.Reading, s tokenSpan, req *semantic.Request) bool {
	inValue := make([]bool, len(r.Tokens))
	n := 0
	for _, m := range r.Matches {
		if m.From < s.from || m.From >= s.to || m.Typos > 0 || memberOf(m) == "" {
			continue
		}
		if d := memberOf(m); !slices.ContainsFunc(req.Dims, func(x *semantic.Dimension) bool { return x.ID == d }) {
			return false
		}
		for i := m.From; i < m.To; i++ {
			inValue[i] = true
		}
		n++
	}
	for _, m := range r.Matches {
		if m.From < s.from || m.From >= s.to || !namesConstraint(r, m) {
			continue
		}
		if !slices.Contains(inValue[m.From:m.To], false) {
			continue // a word of a named value
		}
		if m.Typos == 0 || r.Tokens[m.From].Cap {
			return false // a constraint of its own ("mais clientes ativos")
		}
	}
	return n > 0
}

// tailConcepts are the words of the clause s that name a constraint, a measure, a
// breakdown, a column or a place the rest of the question does not name.
func tailConcepts(r *lexicon.Reading, s tokenSpan) []string {
	outside := map[string]bool{}
	for _, m := range r.Matches {
		if m.From < s.from || m.From >= s.to {
			outside[string(m.Cat)+":"+m.Arg] = true
		}
	}
	var out []string
	for _, m := range r.Matches {
		if m.From < s.from || m.From >= s.to || m.Typos > 0 || outside[string(m.Cat)+":"+m.Arg] {
			continue
		}
		if namesConstraint(r, m) {
			out = append(out, m.Text)
		}
	}
	return out
}

// namesConstraint reports whether m names what a tail could add to the question: a
// constraint, a place, a measure, a subject, a breakdown (a dimension's adjective too:
// "it's for the monthly report" never asks for a breakdown by month) or an event.
func namesConstraint(r *lexicon.Reading, m lexicon.Match) bool {
	switch {
	case restricting(r, m), place(m):
	case m.Cat == semantic.CatMeasure, m.Cat == semantic.CatNoun, m.Cat == semantic.CatDim, m.Cat == semantic.CatDimAdj, m.Cat == semantic.CatEvent:
	default:
		return false
	}
	return true
}

// saysWhy reports whether a clause of purpose or reason starts at token i: a word of the
// "purpose" class ("pra eu", "so I can"), a statement of what the answer is for
// (semantic.ItIsFor: "é pra", "it's for"), a preposition of purpose before a verb
// (purposeAt) or a conjunction of reason before a subject (reasonAt).
func saysWhy(r *lexicon.Reading, roles []semantic.Role, i int) bool {
	work := make([]bool, len(r.Tokens))
	asker := make([]bool, len(r.Tokens))
	for _, m := range r.Matches {
		if m.Typos > 0 {
			continue
		}
		if m.From == i && m.Cat == semantic.CatDiscourse && m.Arg == "purpose" {
			return true
		}
		if m.Cat == semantic.CatDiscourse && m.Arg == "work" {
			work[m.From] = true
		}
		if m.Cat == semantic.CatDiscourse && semantic.Reports(m.Arg) {
			asker[m.From] = true
		}
	}
	for _, p := range inLang(semantic.ItIsFor, r.Lang) {
		if _, ok := wordsAt(r, i, p); ok {
			return true
		}
	}
	return purposeAt(r, roles, i) || reasonAt(r, roles, work, asker, i)
}

// asksIn reports whether a question word starts inside the span s ("how much", "quantos",
// "quais"); a request verb there is the purpose's ("pra eu ver se ...").
func asksIn(r *lexicon.Reading, s tokenSpan) bool {
	for _, m := range r.Matches {
		if m.From >= s.from && m.From < s.to && m.Typos == 0 {
			switch m.Cat {
			case semantic.CatAgg, semantic.CatWho, semantic.CatList, semantic.CatPerson, semantic.CatWhen:
				return true
			}
		}
	}
	return false
}
