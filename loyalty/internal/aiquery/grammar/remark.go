package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The remark rule (issue 24, seventeenth round). After a complete ask the writer often
// adds what they make of it, in the same sentence or the next: a tag on the answer's form
// ("list the customers who bought at both stores, names are fine, these are my regulars"),
// a remark on the report ("Just the numbers, tidy."), what they are doing or feel ("Only I
// promised the girls a cake", "o totem lá da loja custou caro"). Such a remark is
// background (background.go, statements.go) when it names no constraint the ask does not
// repeat; its words the model does not know are its own. Besides the openers the model
// knows (a purpose, a plan, an opinion), a clause set off by a comma after the ask opens a
// remark when it is a statement about something: a short subject (a pronoun, a word of
// the list asked) and a copula ("names are fine", "these are my ..."); a noun phrase alone
// there may name rows, and stays the question's. Inside a remark, "only" of the writer or
// of the report, the pronoun "I", a number word that is part of a hyphened compound
// ("two-way") and a column word that says whose thing another word is ("o totem da loja")
// name no constraint; everything else is weighed as in any background.

// remarkSubjectWords is the most words of a copular remark's subject ("names", "the
// names", "these").
const remarkSubjectWords = 2

// remarkAt reports whether a copular remark opens at token i (see above): right after a
// comma of a sentence whose words before it ask (a question word, a list, a measure), a
// subject of at most remarkSubjectWords words (pronouns, function words, a list word),
// then a copula (semantic.Copulas). What it names is weighed by remarkRepeats.
func remarkAt(r *lexicon.Reading, roles []semantic.Role, units []int, i int) bool {
	if i < 2 || r.Tokens[i-1].Norm != "," || r.Tokens[i-1].Part != r.Tokens[i].Part {
		return false
	}
	start := i - 1
	for start > 0 && r.Tokens[start-1].Part == r.Tokens[i].Part {
		start--
	}
	if !asksBetween(r, start, i-1) {
		return false
	}
	if slices.Contains(inLang(semantic.RelativeLinks, r.Lang), r.Tokens[i].Norm) {
		return false // "customers, that are ...": a relative clause of the rows
	}
	copulas := inLang(semantic.Copulas, r.Lang)
	for c := i + 1; c <= i+remarkSubjectWords && c < len(r.Tokens) && r.Tokens[c].Part == r.Tokens[i].Part; c++ {
		if !remarkSubject(r, roles, c-1) {
			return false
		}
		if slices.Contains(copulas, r.Tokens[c].Norm) {
			return remarkRepeats(r, roles, units, start, i)
		}
	}
	return false
}

// remarkSubject reports whether the token at k may be a word of a copular remark's
// subject: a pronoun or a function word, or a word asking for a list ("names").
func remarkSubject(r *lexicon.Reading, roles []semantic.Role, k int) bool {
	t := r.Tokens[k]
	if t.Kind != lexicon.Word || t.Norm == "," {
		return false
	}
	if roles[k] != semantic.RoleConcept || pronounAt(r, k) {
		return roles[k] != roleUnknown
	}
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.From == k && m.To == k+1 && m.Typos == 0 && m.Cat == semantic.CatList
	})
}

// remarkRepeats reports whether the remark from at to its sentence's end names only
// constraints the ask before it (from start) repeats, and no negation or restriction; a
// list word is the list asked when the ask asks for one.
func remarkRepeats(r *lexicon.Reading, roles []semantic.Role, units []int, start, at int) bool {
	end := at
	for end < len(r.Tokens) && r.Tokens[end].Part == r.Tokens[at].Part {
		end++
	}
	asked, _, _ := constraintsOf(r, roles, units, start, at)
	listKey := string(semantic.CatList) + ":"
	list := slices.ContainsFunc(asked, func(k string) bool { return strings.HasPrefix(k, listKey) })
	keys, _, ok := constraintsOf(r, roles, units, at, end)
	if !ok {
		return false
	}
	for _, k := range keys {
		if !slices.Contains(asked, k) && !(list && strings.HasPrefix(k, listKey)) {
			return false
		}
	}
	return true
}

// onlyOfNothing reports whether "only", "just" (CatCmp "=") narrows no rows: said of the
// writer at its sentence's start, before a verb that is no want ("Only I promised ..."),
// or of what names nothing but the report, every word of its clause a function word, a
// word of the report or discourse ("Just the numbers", "só os números mesmo"). Said of
// rows, a value or a word the model does not know ("just the gold ones", "just the
// numbers for Savassi", "Only I want Savassi") it may restrict.
func onlyOfNothing(r *lexicon.Reading, roles []semantic.Role, m lexicon.Match) bool {
	if m.Cat != semantic.CatCmp || m.Arg != "=" || m.Typos > 0 {
		return false
	}
	k, ok := focusOf(r, m)
	part := r.Tokens[m.From].Part
	if !ok || k >= len(r.Tokens) || r.Tokens[k].Part != part {
		return false
	}
	if pronounI(r, k) {
		return k == m.To && (m.From == 0 || r.Tokens[m.From-1].Part != part) && k+1 < len(r.Tokens) && !isRequest(r, k+1) && !intentAt(r, k+1)
	}
	for ; k < len(r.Tokens) && r.Tokens[k].Part == part && r.Tokens[k].Norm != ","; k++ {
		if roles[k] == semantic.RoleConcept || roles[k] == roleUnknown {
			return false
		}
	}
	return true
}

// compoundNumber reports whether the number word m is the first word of a hyphened
// compound with a word the model does not know ("two-way", "one-off"): an adjective, never
// a number of rows.
func compoundNumber(r *lexicon.Reading, roles []semantic.Role, m lexicon.Match) bool {
	k := m.To
	return m.To == m.From+1 && k < len(r.Tokens) && r.Tokens[k].Hyphened && r.Tokens[k].Part == r.Tokens[m.From].Part && roles[k] == roleUnknown
}

// possessor reports whether the column word m says whose thing the word before it is: it
// follows a genitive preposition (semantic.OfWords) whose noun, before it past function
// words, is no column, detail or list word ("o totem lá da loja": the store's totem; not
// "o telefone da loja": the store's phone is a column).
func possessor(r *lexicon.Reading, roles []semantic.Role, m lexicon.Match) bool {
	k := m.From - 1
	if k > 0 && isFunctionWord(r, k) && !slices.Contains(semantic.OfWords, r.Tokens[k].Norm) {
		k-- // an article: "of the store"
	}
	if k < 1 || !slices.Contains(semantic.OfWords, r.Tokens[k].Norm) {
		return false
	}
	part := r.Tokens[m.From].Part
	h := k - 1
	for h >= 0 && r.Tokens[h].Part == part && isFunctionWord(r, h) {
		h--
	}
	if h < 0 || r.Tokens[h].Part != part || r.Tokens[h].Norm == "," || r.Tokens[h].Kind != lexicon.Word {
		return false
	}
	return !slices.ContainsFunc(r.Matches, func(x lexicon.Match) bool {
		return x.From <= h && h < x.To && (x.Cat == semantic.CatAttr || x.Cat == semantic.CatColumn || x.Cat == semantic.CatList)
	})
}
