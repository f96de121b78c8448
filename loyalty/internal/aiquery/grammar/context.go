package grammar

import (
	"slices"
	"strings"
	"unicode"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The context rule. People wrap a question in context: a greeting, who asked them, what
// the answer is for ("Oi, tudo bem? ...", "I'm putting together slides for the ops
// meeting. ..."). The question is split into parts at sentence punctuation (lexicon
// Token.Part); a part is context when it holds discourse words (semantic.Fillers) and no
// concept: no word whose role is a concept (a measure, dimension, noun, event, flag,
// value, period word, number, negation or restriction word, quantifier...), and no
// capitalised unknown word (a name the catalogue does not know: "Don't count Maria").
// Context is left out of the reading and named in the explanation; every other part is
// read as a question, where an unknown word still refuses it.
//
// A greeting or a closing names the reader or the writer ("Oi Ana Paula!", "Att, Ana
// Souza"): the capitalised unknown words of its sentence are theirs. In a context
// sentence they go with it; in the sentence that asks they are never read as a
// customer's name (the question is refused: "Oi Ana Paula, faturamento de maio" is not
// the revenue of the customers called Ana Paula).

// contextOf reads the question's parts: the tokens of its context parts and the text of
// each (nil when there is none), and the names of the reader or writer in the parts that
// ask. A question that is all context is read whole, so its refusal says what was not
// understood.
func contextOf(r *lexicon.Reading) (ignored []bool, texts []string, addressed []bool) {
	if len(r.Tokens) == 0 {
		return nil, nil, nil
	}
	roles, units, named := tokenRoles(r)
	// an adverb of the writer's manner weighs nothing for the context rule: a sentence of
	// thanks with one ("Desde já, agradeço penhoradamente a atenção.") is context as it is
	// without it
	weighed := slices.Clone(roles)
	manner := map[int][]tokenSpan{} // the manner adverbs of the part starting at each token
	for from := 0; from < len(r.Tokens); {
		to := from
		for to < len(r.Tokens) && r.Tokens[to].Part == r.Tokens[from].Part {
			to++
		}
		manner[from] = mannerAdverbs(r, roles, units, from, to)
		for _, s := range manner[from] {
			for i := s.from; i < s.to; i++ {
				if r.Tokens[i].Norm != "," {
					weighed[i] = semantic.RoleNeutral
				}
			}
		}
		from = to
	}
	ignored = make([]bool, len(r.Tokens))
	asked := false
	for from := 0; from < len(r.Tokens); {
		to := from
		for to < len(r.Tokens) && r.Tokens[to].Part == r.Tokens[from].Part {
			to++
		}
		if r.Tokens[len(r.Tokens)-1].Part > 0 && (isContext(unsureUnknown(r, weighed, units, from, to), units[from:to]) || !asked && exclamation(r, roles, units, from, to)) {
			var words []string
			for i := from; i < to; i++ {
				ignored[i] = true
				if r.Tokens[i].Raw != "," {
					words = append(words, r.Tokens[i].Raw)
				}
			}
			texts = append(texts, strings.Join(words, " "))
		} else {
			asked = true
		}
		from = to
	}
	if !asked || len(texts) == 0 {
		ignored, texts = nil, nil
	}
	for from := 0; from < len(r.Tokens); {
		to := from
		for to < len(r.Tokens) && r.Tokens[to].Part == r.Tokens[from].Part {
			to++
		}
		if ignored == nil || !ignored[from] {
			spans := slices.Concat(interjections(r, roles, units, named, from, to), manner[from], selfDescribed(r, roles, units, from, to))
			for _, s := range spans {
				if ignored == nil {
					ignored = make([]bool, len(r.Tokens))
				}
				for i := s.from; i < s.to; i++ {
					ignored[i] = true
				}
				texts = append(texts, spanText(r, s.from, s.to))
			}
		}
		from = to
	}
	for i, n := range named {
		if n && (ignored == nil || !ignored[i]) {
			if addressed == nil {
				addressed = make([]bool, len(r.Tokens))
			}
			addressed[i] = true
		}
	}
	return ignored, texts, addressed
}

// unsureUnknown are the roles of the part from..to, where a word the model reads only
// through a typo counts as unknown when the part holds a word read only in a context
// sentence (a statement, a judgement, an idiom: "não tem lógica sumir assim", where
// "sumir" is near "somar"): beside one, a near word is the statement's own, and
// isContext still weighs it as an unknown word against the discourse.
func unsureUnknown(r *lexicon.Reading, roles []semantic.Role, units []int, from, to int) []semantic.Role {
	marked := false
	for _, m := range r.Matches {
		if m.From >= from && m.To <= to && m.Typos == 0 && m.Cat == semantic.CatDiscourse {
			if f := semantic.FillerByID(m.Arg); f != nil && !f.Skip && f.Role == semantic.RoleDiscourse && !semantic.Reports(f.ID) && f.ID != "work" {
				marked = true
			}
		}
	}
	out := roles[from:to]
	if !marked {
		return out
	}
	out = slices.Clone(out)
	for i := from; i < to; i++ {
		if roles[i] == semantic.RoleConcept && r.Tokens[i].Kind == lexicon.Word && r.Matches[units[i]].Typos > 0 {
			out[i-from] = roleUnknown
		}
	}
	return out
}

// roleUnknown is the role of a word no phrase matches.
const roleUnknown semantic.Role = -1

// isContext reports whether a part of these token roles is context: discourse, no
// concept, and fewer unknown words than discourse phrases (units: the match each token was
// read by). A short sentence of one unknown word and courtesy ("Líquido, por favor.",
// "Cumulative, please.") is an instruction the model does not know, not context: it is
// refused rather than dropped.
func isContext(roles []semantic.Role, units []int) bool {
	discourse, unknown := map[int]bool{}, 0
	for i, ro := range roles {
		switch ro {
		case semantic.RoleConcept:
			return false
		case semantic.RoleDiscourse:
			discourse[units[i]] = true
		case roleUnknown:
			unknown++
		}
	}
	return len(discourse) > 0 && unknown < len(discourse)
}

// exclamationWords is the most words an exclamation of words the model does not know has
// ("Wicked!", "Big up!", "Show de bola!"): a longer sentence says something.
const exclamationWords = 3

// exclamation reports whether the part from..to is an exclamation the model does not know:
// it ends with "!", holds at most exclamationWords words, no concept (a typo's near word
// is one), no capitalised word (a name) nor initialism ("VIP!"), no courtesy, request or
// other discourse beyond interjections and greetings, and at least one word no phrase
// matches. Said before the question (contextOf reads it only before every part that
// asks), "Big up!", "Caraca!", "Eita porra!" are what the writer exclaims on opening,
// never what is asked. After the
// question a bare word may qualify what was just asked, exclaimed or not ("Faturamento de
// maio? Líquido!", "Net.", "Cumulative!"), and with a request it is an instruction
// ("Líquido, por favor!"): those stay refused (isContext), and so does an exclamation
// after the question the model does not know ("... pending? Wicked!": a new interjection
// is a word of the model's interjection class).
func exclamation(r *lexicon.Reading, roles []semantic.Role, units []int, from, to int) bool {
	if r.Tokens[to-1].Stop != '!' {
		return false
	}
	words, unknown := 0, 0
	for i := from; i < to; i++ {
		t := r.Tokens[i]
		if t.Kind != lexicon.Word || t.Cap || initialism(t.Raw) {
			return false
		}
		if t.Norm == "," {
			continue
		}
		words++
		switch roles[i] {
		case roleUnknown:
			unknown++
		case semantic.RoleNeutral:
		case semantic.RoleDiscourse:
			m := r.Matches[units[i]]
			if m.Typos > 0 || m.Arg != "interjection" && m.Arg != "greeting" && m.Arg != "salutation" {
				return false
			}
		default:
			return false
		}
	}
	return unknown > 0 && words <= exclamationWords
}

// initialism reports whether a word is typed in capitals, two letters or more ("VIP!",
// "LTV!"): an initialism the model does not know may name what is asked, never exclaimed.
func initialism(raw string) bool {
	letters := 0
	for _, c := range raw {
		if unicode.IsLower(c) {
			return false
		}
		if unicode.IsUpper(c) {
			letters++
		}
	}
	return letters >= 2
}

// tokenRoles gives each token the role of the longest match over it; among matches of that
// length a concept wins over discourse, and discourse over a function word. A longer
// phrase is the more specific reading ("sorry to bother you again": courtesy, not
// "again"; "se não for incômodo": courtesy, not a negation). A match read through a typo
// is an unsure reading: if it is a concept the token is one. A token no phrase matches
// is unknown, or a concept when it is capitalised inside a sentence (a name, unless a
// greeting or closing of its sentence makes it the reader's or the writer's: named) or
// not a word at all (a number, a date, a quoted name).
func tokenRoles(r *lexicon.Reading) (roles []semantic.Role, units []int, named []bool) {
	roles = make([]semantic.Role, len(r.Tokens))
	units = make([]int, len(r.Tokens)) // the match each token was read by
	named = make([]bool, len(r.Tokens))
	longest := make([]int, len(r.Tokens))
	var names []int // where the words after a greeting or a closing start
	for i, t := range r.Tokens {
		roles[i] = roleUnknown
		if t.Kind != lexicon.Word {
			roles[i], longest[i] = semantic.RoleConcept, 1<<30 // no phrase overrides it
		}
	}
	for k, m := range r.Matches {
		if r.Tokens[m.From].Part != r.Tokens[m.To-1].Part {
			continue // a phrase across two sentences is no phrase ("i.e." is not "i e")
		}
		if m.Cat == lexicon.CatWord {
			continue
		}
		role := semantic.RoleOf(m.Cat, m.Arg)
		n := m.To - m.From
		if m.Typos > 0 && role == semantic.RoleConcept {
			n = 1 << 29 // an unsure concept outweighs any phrase
		}
		if (m.Cat == semantic.CatDiscourse || m.Cat == semantic.CatFiller) && m.Typos == 0 {
			if f := semantic.FillerByID(m.Arg); f != nil && f.Names {
				names = append(names, m.To)
			}
		}
		for i := m.From; i < m.To; i++ {
			switch {
			case n > longest[i]:
				roles[i], longest[i], units[i] = role, n, k
			case n == longest[i] && role > roles[i]:
				roles[i], units[i] = role, k
			}
		}
	}
	// the reader's or the writer's name: the capitalised words right after a greeting or a
	// closing, past commas, honorifics and other discourse ("Oi Ana Paula!", "Att, Ana
	// Souza", "Bom dia seu João", "Hi sir, Maria here"); a name further on is a customer's ("Hi sir, kindly check
	// customer Natália Costa Rocha")
	honor := make([]bool, len(r.Tokens)) // "seu", "dona", "Mr" before the reader's name
	for _, m := range r.Matches {
		if m.Cat == semantic.CatHonor && m.Typos == 0 {
			honor[m.From] = true
		}
	}
	for _, i := range names {
		for i < len(r.Tokens) && r.Tokens[i].Part == r.Tokens[i-1].Part && (r.Tokens[i].Norm == "," || roles[i] == semantic.RoleDiscourse || honor[i]) {
			i++
		}
		for ; i < len(r.Tokens) && r.Tokens[i].Part == r.Tokens[i-1].Part && roles[i] == roleUnknown && r.Tokens[i].Cap; i++ {
			roles[i], named[i] = semantic.RoleNeutral, true
		}
	}
	for i, t := range r.Tokens {
		if roles[i] == roleUnknown && t.Cap {
			roles[i] = semantic.RoleConcept // a name: "Don't count Maria", "E da Norte"
		}
	}
	return roles, units, named
}

// withoutContext is the reading with the context's tokens made fillers (no production
// reads them and every reading skips them) and the names of the reader or writer in the
// parts that ask made words no production reads.
func withoutContext(r *lexicon.Reading, ignored, addressed []bool) *lexicon.Reading {
	out := *r
	out.Matches = nil
	for _, m := range r.Matches {
		keep := true
		for i := m.From; i < m.To; i++ {
			if ignored != nil && ignored[i] || addressed != nil && addressed[i] && m.Cat == lexicon.CatWord {
				keep = false
				break
			}
		}
		if keep {
			out.Matches = append(out.Matches, m)
		}
	}
	for i := range ignored {
		if ignored[i] {
			out.Matches = append(out.Matches, lexicon.Match{From: i, To: i + 1, Cat: semantic.CatFiller, Arg: "context", Text: r.Tokens[i].Raw})
		}
	}
	return &out
}

// interjectionSegment reports whether the words a..b are an interjection or a vocative
// (interjections) (ok), and whether one of them is a word no reading could skip (needed).
func interjectionSegment(r *lexicon.Reading, roles []semantic.Role, units []int, named []bool, a, b int) (ok, needed bool) {
	for k := a; k < b; k++ {
		t := r.Tokens[k]
		if t.Kind != lexicon.Word || t.Norm == "," || named[k] {
			return false, false
		}
		switch roles[k] {
		case semantic.RoleNeutral:
		case semantic.RoleDiscourse:
			// a work noun ("Chefe, ...") is said to the reader there, and no reading skips
			// it; a statement, a plan or a declined breakdown ("só o total") is no
			// interjection
			m := r.Matches[units[k]]
			if f := semantic.FillerByID(m.Arg); f != nil && !f.Skip {
				// a salutation opens a letter ("Caros, ...", "Evening, ..."), set off there
				if f.ID != "work" && f.ID != "salutation" {
					return false, false
				}
				needed = true
			}
		case roleUnknown:
			return false, false
		default:
			cmp := false
			for _, m := range r.Matches {
				if m.From <= k && k < m.To && m.Cat != semantic.CatCmp && m.Cat != lexicon.CatWord && semantic.RoleOf(m.Cat, m.Arg) == semantic.RoleConcept {
					return false, false
				}
				cmp = cmp || m.From <= k && k < m.To && m.Cat == semantic.CatCmp
			}
			if !cmp {
				return false, false // a name the model does not know: "..., Maria?"
			}
			needed = true
		}
	}
	return true, needed
}

// interjections are the interjections and vocatives set off by commas at the edges of the
// part from..to ("Uai, quanto ...", "Uai sô, quantos ...", "..., sô?", "me lista aí, sô"):
// a segment of one or two words between the sentence's start and a comma, or between a
// comma and the sentence's end, and again inward ("Uai, sô, quanto ..."). A segment is one
// when it holds only discourse (semantic.Fillers: interjections, vocatives, greetings),
// function words and a comparison with nothing to compare ("sô", read as "só"): no
// concept, no negation, no number, no name, and no word the model does not know ("Net,
// how much revenue ...", "..., líquido?": it may qualify what was asked; a new interjection
// is a word of the model's "interjection" or "vocative" class). Those a reading cannot skip
// are left out and named in the explanation as context.
func interjections(r *lexicon.Reading, roles []semantic.Role, units []int, named []bool, from, to int) []tokenSpan {
	segment := func(a, b int) (ok, needed bool) { return interjectionSegment(r, roles, units, named, a, b) }
	var out []tokenSpan
	start := from
	for start < to {
		c := start + 1
		for c < to && c < start+2 && r.Tokens[c].Norm != "," {
			c++
		}
		if c >= to-1 || r.Tokens[c].Norm != "," {
			break
		}
		ok, needed := segment(start, c)
		if !ok {
			break
		}
		if needed {
			out = append(out, tokenSpan{start, c + 1})
		}
		start = c + 1
	}
	end := to
	for end > start {
		c := end - 2
		for c > start && c > end-3 && r.Tokens[c].Norm != "," {
			c--
		}
		if c <= start || r.Tokens[c].Norm != "," {
			break
		}
		ok, needed := segment(c+1, end)
		if !ok {
			break
		}
		if needed {
			out = append(out, tokenSpan{c, end})
		}
		end = c
	}
	return out
}

// mannerAdverbs are the adverbs of the part from..to that say how the writer asks, not
// what: a word the model does not know, an adverb by its form (semantic.AdverbEndings:
// "obsequiosamente", "penhoradamente", "humbly"), said right beside a request, a thanks, a
// greeting or a courtesy phrase ("solicito obsequiosamente que me informem", "agradeço
// penhoradamente", "I humbly request") or set off by commas inside the sentence
// ("desconsiderando, evidentemente, os cupons cancelados"). One whose beginning can say how
// a report counts, sorts or splits (semantic.ReportManners: "informe cumulativamente",
// "list alphabetically", "liste, exclusivamente, os ativos") is never left out, and an
// adverb anywhere else ("vendas realizadas presencialmente") may qualify what is asked:
// both still refuse the question.
func mannerAdverbs(r *lexicon.Reading, roles []semantic.Role, units []int, from, to int) []tokenSpan {
	asking := func(k int) bool {
		if k < from || k >= to || roles[k] != semantic.RoleDiscourse {
			return false
		}
		m := r.Matches[units[k]]
		if m.Typos > 0 {
			return false
		}
		switch m.Arg {
		case "request", "courtesy", "greeting", "closing":
			return true
		}
		return false
	}
	comma := func(k int) bool { return k >= from && k < to && r.Tokens[k].Norm == "," }
	var out []tokenSpan
	for i := from; i < to; i++ {
		t := r.Tokens[i]
		if roles[i] != roleUnknown || t.Kind != lexicon.Word || t.Cap || !adverbByForm(t.Norm) {
			continue
		}
		if asking(i-1) || asking(i+1) {
			out = append(out, tokenSpan{i, i + 1})
		} else if comma(i-1) && comma(i+1) {
			out = append(out, tokenSpan{i - 1, i + 1}) // with its opening comma: ", evidentemente"
		}
	}
	return out
}

// adverbByForm reports whether the word w is an adverb of manner by its ending that says
// nothing of a report (semantic.AdverbEndings, semantic.ReportManners); the stem before the
// ending has at least four letters ("somente", "early", "only" are not stems of manner).
func adverbByForm(w string) bool {
	for _, e := range adverbEndings {
		if strings.HasSuffix(w, e) && len(w)-len(e) >= 4 {
			for _, q := range reportManners {
				if strings.HasPrefix(w, q) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// The endings and beginnings adverbByForm reads, and the phrases selfDescribed looks for
// (split into words), made once.
var (
	adverbEndings       = semantic.AdverbEndings.All()
	reportManners       = semantic.ReportManners.All()
	selfAsPhrases       = splitPhrases(semantic.SelfAs)
	selfRelativePhrases = splitPhrases(semantic.SelfRelative())
)

// selfDescribedWords is the most words after a frame of the writer's capacity or a relative
// of their own: a longer clause says more than who they are.
const selfDescribedWords = 4

// selfDescribed are the clauses of the part from..to in which the writer says who they are:
// a frame of their capacity (semantic.SelfAs) at the sentence's start or after a comma,
// closed by a comma before the rest of the sentence ("Na qualidade de franqueado, preciso
// saber ...", "As a franchisee, ..."), and a relative clause of their own after a comma
// (semantic.SelfRelative: "das lojas Centro e Ibirapuera, das quais sou franqueado, no
// primeiro trimestre", "..., which I run, ..."), running to the next comma or the sentence's
// end. The words after the frame are at most selfDescribedWords and hold no concept, name,
// number or value: "Como cliente VIP, ...", ", onde trabalho aos sábados," may say what is
// asked, and still refuse the question.
func selfDescribed(r *lexicon.Reading, roles []semantic.Role, units []int, from, to int) []tokenSpan {
	// plain reports whether the words a..b describe only the writer: words, none a concept
	// or a capitalised name, at most selfDescribedWords, one at least
	plain := func(a, b int) bool {
		if b <= a || b-a > selfDescribedWords {
			return false
		}
		for k := a; k < b; k++ {
			t := r.Tokens[k]
			if t.Kind != lexicon.Word || t.Cap || t.Norm == "," || roles[k] == semantic.RoleConcept {
				return false
			}
		}
		return true
	}
	nextComma := func(i int) int {
		for ; i < to && r.Tokens[i].Norm != ","; i++ {
		}
		return i
	}
	var out []tokenSpan
	for i := from; i < to; i++ {
		opens := i == from || r.Tokens[i-1].Norm == ","
		if !opens {
			continue
		}
		if n := phraseAt(r, i, selfAsPhrases); n > 0 {
			if c := nextComma(i + n); c < to-1 && plain(i+n, c) {
				out = append(out, tokenSpan{i, c + 1})
				i = c
				continue
			}
		}
		if n := phraseAt(r, i, selfRelativePhrases); n > 0 && i > from {
			c := nextComma(i + n)
			if c == i+n || plain(i+n, c) {
				out = append(out, tokenSpan{i - 1, c}) // with its opening comma
				i = c - 1
			}
		}
	}
	return out
}
