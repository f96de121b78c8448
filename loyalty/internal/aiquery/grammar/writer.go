package grammar

import (
	"slices"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The writer's clause rule (issue 24, fifteenth round). After the question, set off by a
// comma, people say what they will do with the answer in words the model does not know:
// "Names and points please, I might send them a wee treat", "..., de modo que eu possa
// verificar se há discrepância entre as modalidades". The clause opens with the writer as
// subject (semantic.WriterSubject), right after the comma or after a connector of words
// the model does not know closed by a conjunction of reason ("de modo que eu", "de forma
// que a gente"), and a verb no concept of the model reads. It opens a statement clause
// (statements.go), left out only when the rest reads whole; and only when it carries no
// constraint (writerClauseFree): a clause that names a value, a period, a number, a
// negation or restriction, a measure, a dimension or an event ("..., que eu cadastrei na
// Savassi", "..., we only need the app ones") is never left out by this rule.

// writerConnector is the most words of a connector before the conjunction ("de modo").
const writerConnector = 3

// writerClauseAt reports whether a clause of the writer's own starts at token i (see
// above).
func writerClauseAt(r *lexicon.Reading, roles []semantic.Role, i int) bool {
	_, ok := writerOpener(r, roles, i)
	return ok
}

// writerOpener is where the opening of a writer's clause at token i ends: past its
// connector, its subject and the verbs of wanting or asking right after it ("I might send
// them", "eu vou pedir pra"), whose request words open no question of their own.
func writerOpener(r *lexicon.Reading, roles []semantic.Role, i int) (int, bool) {
	if i < 2 || r.Tokens[i-1].Norm != "," || r.Tokens[i-1].Part != r.Tokens[i].Part || !hasRole(roles[:i-1], semantic.RoleConcept) {
		return 0, false
	}
	k := i
	// a connector the model does not know, closed by a conjunction of reason
	for j := i; j <= i+writerConnector && j < len(r.Tokens) && r.Tokens[j].Part == r.Tokens[i].Part; j++ {
		if l, ok := reasonWordAt(r, j); ok {
			k = j + l
			break
		}
		if roles[j] != roleUnknown && !isFunctionWord(r, j) {
			break
		}
	}
	for _, sub := range inLang(semantic.WriterSubject, r.Lang) {
		n, ok := wordsAt(r, k, sub)
		if !ok {
			continue
		}
		v := k + n
		if v < len(r.Tokens) && r.Tokens[v].Part == r.Tokens[i].Part && r.Tokens[v].Kind == lexicon.Word && roles[v] != semantic.RoleConcept && r.Tokens[v].Norm != "," {
			for v < len(r.Tokens) && r.Tokens[v].Part == r.Tokens[i].Part && (isRequest(r, v) || isFunctionWord(r, v)) {
				v++
			}
			return v, writerClauseFree(r, roles, i)
		}
	}
	return 0, false
}

// reasonWordAt reports whether a conjunction of reason (semantic.ReasonThat) starts at
// token k, and how many words it has.
func reasonWordAt(r *lexicon.Reading, k int) (int, bool) {
	for _, p := range inLang(semantic.ReasonThat, r.Lang) {
		if n, ok := wordsAt(r, k, p); ok {
			return n, true
		}
	}
	return 0, false
}

// writerFree are the concepts a writer's clause may name: what the writer will do it
// with or to (a noun, a pronoun, a verb of changing data or of lumping things: "send them
// a treat"), none of them a constraint on a report; words a reading may skip (fillers:
// "entre as") name nothing either.
var writerFree = map[semantic.Category]bool{
	semantic.CatNoun: true, semantic.CatPronoun: true, semantic.CatWrite: true, semantic.CatLump: true,
	semantic.CatQuantity: true, semantic.CatHave: true, semantic.CatUse: true, semantic.CatFiller: true,
}

// writerBound are the concepts that constrain a report wherever they are said: a clause
// naming one is not the writer's alone.
var writerBound = map[semantic.Category]bool{
	semantic.CatMeasure: true, semantic.CatDim: true, semantic.CatNeg: true, semantic.CatNever: true,
	semantic.CatRestrict: true, semantic.CatFlag: true, semantic.CatValue: true, semantic.CatEvent: true,
	semantic.CatNew: true, semantic.CatAgg: true, semantic.CatBy: true,
}

// writerClauseFree reports whether the clause from token i to the end of its sentence
// carries no constraint: no number or date, no period word, no capitalised word the model
// does not know (a name), and every concept word read by one of writerFree and by nothing
// that constrains (writerBound, a value, a place, an amount).
func writerClauseFree(r *lexicon.Reading, roles []semantic.Role, i int) bool {
	for k := i; k < len(r.Tokens) && r.Tokens[k].Part == r.Tokens[i].Part; k++ {
		t := r.Tokens[k]
		switch {
		case t.Kind != lexicon.Word, periodWord(r, k):
			return false
		case roles[k] == roleUnknown && t.Cap:
			return false
		case roles[k] != semantic.RoleConcept:
			continue
		}
		free := false
		for _, m := range r.Matches {
			if m.From > k || k >= m.To || m.Typos > 0 || m.Cat == lexicon.CatWord || m.Cat == lexicon.CatCapWord || inIdiom(r, m) {
				continue
			}
			if writersThing(r, m, roles) {
				free = true // "send them a quick SMS": what the writer sends
				continue
			}
			if writerBound[m.Cat] || restricting(r, m) || place(m) || memberOf(m) != "" {
				return false
			}
			free = free || semantic.RoleOf(m.Cat, m.Arg) != semantic.RoleConcept || writerFree[m.Cat]
		}
		if !free && covered(r, k) {
			return false
		}
	}
	return true
}

// The writer's frame (sixteenth round). Before the question, opening its sentence and set
// off by a comma, people say why they ask in words the model does not know: "For our
// partner review, could you please rank ...", "Since we're planning a reactivation
// campaign, I'd like to know ...", "Pro nosso fechamento, quanto ...". The frame opens with
// a preposition of purpose before the writer's possessive (semantic.WorkFor,
// semantic.WriterPossessive: "for our", "pro nosso") or a conjunction of reason before the
// writer as subject (semantic.ReasonThat, semantic.WriterSubject: "since we", "as I", "já
// que a gente"). A conjunction of reason before anything else opens a frame only when the
// question after the frame's comma names its own period ("Since the Savassi promotion gave
// double points in March, I'm curious how many points were credited ... in March compared
// with February"): otherwise "since" may say the question's time ("Since the promotion
// started, how many customers signed up?"), never a frame. It runs to the comma after which the sentence asks (a question
// word or a request, past a clause opener: "..., so could you tell me"), and is left out
// as a statement clause (statements.go) only when it names no place, value, number or
// restriction the rest of the question does not repeat (namesRows): "For our app report,
// how many customers signed up in May?" is not known to ask about the app ones.

// writerFrameAt reports whether a writer's frame opens at token i (see above).
func writerFrameAt(r *lexicon.Reading, i int) bool {
	if i > 0 && r.Tokens[i-1].Part == r.Tokens[i].Part {
		return false
	}
	for _, p := range inLang(semantic.WorkFor, r.Lang) {
		if n, ok := wordsAt(r, i, p); ok && (writerWordAt(r, i+n, semantic.WriterPossessive) || writerWordAt(r, i+n-1, semantic.WriterPossessive) && n > 1 || n > 1 && (reportNounAt(r, i+n) || reportNounAt(r, i+n+1))) {
			return true
		}
	}
	l, ok := reasonWordAt(r, i)
	if !ok {
		return false
	}
	if writerWordAt(r, i+l, semantic.WriterSubject) {
		return true
	}
	c := i + l // the frame's comma
	for c < len(r.Tokens) && r.Tokens[c].Part == r.Tokens[i].Part && r.Tokens[c].Norm != "," {
		c++
	}
	for k := c + 1; k < len(r.Tokens); k++ {
		if periodWord(r, k) {
			return c < len(r.Tokens) && r.Tokens[c].Norm == ","
		}
	}
	return false
}

// reportNounAt reports whether a noun of what the answer goes into (the "report" words a
// reading skips: "relatório", "report") starts at token k: after a preposition of purpose
// and an article opening the sentence, or one word after them ("Para o relatório gerencial
// de resgates, ...", "For the management report on redemptions, ..."), the writer's own
// work, as after a possessive.
func reportNounAt(r *lexicon.Reading, k int) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.From == k && m.Typos == 0 && m.Cat == semantic.CatFiller && m.Arg == "report"
	})
}

// writerWordAt reports whether a word of ws is the token k, in its sentence.
func writerWordAt(r *lexicon.Reading, k int, ws semantic.Words) bool {
	for _, p := range inLang(ws, r.Lang) {
		if _, ok := wordsAt(r, k, p); ok && k > 0 && r.Tokens[k].Part == r.Tokens[k-1].Part {
			return true
		}
	}
	return false
}

// asksFrom reports whether the words from token k ask: a question word or a request, past
// a clause opener (semantic.ClauseOpeners: "..., so could you tell me how many").
func asksFrom(r *lexicon.Reading, wh []bool, k int) bool {
	k = openerSkipped(r, k)
	return k < len(r.Tokens) && (wh[k] || isRequest(r, k))
}

// openerSkipped is token k, or the token after the clause opener of the question's
// language that starts there (semantic.ClauseOpeners: "so", "então").
func openerSkipped(r *lexicon.Reading, k int) int {
	if k >= len(r.Tokens) {
		return k
	}
	for _, p := range inLang(semantic.ClauseOpeners, r.Lang) {
		if n, ok := wordsAt(r, k, p); ok {
			return k + n
		}
	}
	return k
}
