package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The statement rule. Context around a question often names concepts of the model: "Quero
// comparar as duas lojas pra reunião de sexta", "To de olho nos pedidos maiores", "I'm
// following up on a few complaints about cancelled redemptions", "acho que muita gente vai
// nas duas". The context rule (context.go) keeps such a sentence, since it holds concepts,
// and the question is refused for the words the sentence adds ("reunião", "olho"), or
// misread (a future verb of the context makes it a forecast, "ajustar" a data change).
//
// When a question is refused, its statement clauses are tried without it: a clause is a
// statement when it opens with a first- or third-person statement ("sou", "vou", "acho
// que", "I'm", "we're", "a colleague", "one of the managers"; semantic.Fillers, Opens) at a
// clause's start, or with a purpose or reason ("pq quero", "pra eu ver", "so I can")
// anywhere; when it names who asked or the work the answer is for ("a gerente de lá me
// pediu", "pro deck", "for the board"); when a sentence after the first opens with a
// request and holds a word the model does not know ("Quero ligar pra eles essa semana");
// and the words before a question reported by someone ("One of the store managers asked
// me earlier today | how many customers are inactive"). A clause runs to the end of its
// sentence. The question is read without the statement clauses only when the rest is a
// complete reading on its own, holds a concept, points to nothing said before it ("how
// many customers would that be": semantic.BackReference), and the clauses hold no
// restriction, negation or time relation, no flag, value or amount the question does not
// name itself, nor a name the model does not know. Every word of the rest is still read: a meaningful word inside the
// question is refused as before. The clauses left out are named in the result's Context.
//
// Context that names a store or a city binds the question to it when the question names
// none ("Oi, sou supervisora da loja Centro. Quanto a gente faturou?", "a note for the
// Savassi team. How many customers bought there"): the value is kept, the rest of the
// clause left out.

// readWithoutStatements reads the question without its statement clauses; nil when there
// are none or the rest is no complete question.
func (it *Interpreter) readWithoutStatements(r *lexicon.Reading, cat *semantic.Catalog, context []string) *Result {
	spans := statementsOf(r)
	if len(spans) == 0 {
		return nil
	}
	tries := [][]tokenSpan{spans}
	if len(spans) > 1 {
		for _, s := range spans {
			tries = append(tries, []tokenSpan{s})
		}
	}
	if len(tries) > maxStatementTries {
		tries = tries[:maxStatementTries] // latency: every try is a parse
	}
	for _, try := range tries {
		drop := make([]bool, len(r.Tokens))
		for _, s := range try {
			for i := s.from; i < s.to; i++ {
				drop[i] = true
			}
		}
		kept := keepPlaces(r, drop)
		keepPeriod(r, drop)
		keepPerson(r, drop)
		if !asksWithout(r, drop) {
			if debugStatements {
				println("DEBUG asksWithout false", len(try))
			}
			continue
		}
		rr := r
		var texts []string
		for _, s := range try {
			var words []string
			for i := s.from; i < s.to; i++ {
				if drop[i] && r.Tokens[i].Raw != "," {
					words = append(words, r.Tokens[i].Raw)
				}
			}
			if len(words) > 0 {
				texts = append(texts, strings.Join(words, " "))
			}
		}
		heads, asked := it.headingPeriods(r, cat, drop)
		if kept.to > kept.from {
			rr, drop = toDeixis(r, drop, kept)
		}
		res, err := it.read(withoutContext(rr, drop, nil), cat, append(append([]string(nil), context...), texts...))
		if err == nil && !slices.ContainsFunc(heads, func(p *semantic.Period) bool { return otherTime(p, asked) }) {
			return res
		}
		if debugStatements {
			println("DEBUG read err", err.Error())
		}
	}
	return nil
}

// headingPeriods are the periods said in the headings left out that introduce the question
// ("Recorrência do mês passado: quantos clientes ... em maio?"), and those the rest of the
// question says, as the grammar reads them (nil for one it cannot read); none when no
// heading says a period.
func (it *Interpreter) headingPeriods(r *lexicon.Reading, cat *semantic.Catalog, drop []bool) (heads, asked []*semantic.Period) {
	work := workNouns(r)
	var headSpans, askSpans []tokenSpan
	for i := 0; i < len(r.Tokens); i++ {
		if !periodWord(r, i) || workTime(r, i, work) || whenAsked(r, i) {
			continue
		}
		j := i + 1
		for j < len(r.Tokens) && drop[j] == drop[i] && r.Tokens[j].Part == r.Tokens[i].Part && (periodWord(r, j) || r.Tokens[j].Kind == lexicon.Number ||
			isFunctionWord(r, j) && j+1 < len(r.Tokens) && periodWord(r, j+1)) {
			j++
		}
		switch {
		case !drop[i]:
			askSpans = append(askSpans, tokenSpan{i, j})
		case introduces(r, i) && heading(r, i):
			headSpans = append(headSpans, tokenSpan{i, j})
		}
		i = j - 1
	}
	if len(headSpans) == 0 {
		return nil, nil
	}
	ps := it.periodsAt(r, cat, append(headSpans, askSpans...))
	return ps[:len(headSpans)], ps[len(headSpans):]
}

// otherTime reports whether a heading's period p names other days than every period the
// question says (asked): a heading restates a period the question names ("mês passado"
// and "maio" are the same days), and one that names other days is not left out (which one
// is meant is the writer's to say). Periods whose days are not known ("the last 30 days")
// are the same only when said the same way; when the grammar cannot read a period alone,
// the heading is taken as before.
func otherTime(p *semantic.Period, asked []*semantic.Period) bool {
	if p == nil {
		return false
	}
	pf, pt, ok := p.Covers()
	for _, q := range asked {
		if q == nil {
			return false // a period of the question the grammar reads only in its place
		}
		qf, qt, ok2 := q.Covers()
		if p.From == q.From && p.To == q.To || ok && ok2 && pf.Equal(qf) && pt.Equal(qt) {
			return false
		}
	}
	return len(asked) > 0
}

// heading reports whether the part of the token at i is a heading: a few words (at most
// headingWords) and no discourse ("Recorrência do mês passado:", "Fechamento de 2024 -"),
// not a statement of what happened ("Me ligaram da loja hoje cedo e eu fiquei de retornar:
// ...": the writer's time).
func heading(r *lexicon.Reading, i int) bool {
	part, words := r.Tokens[i].Part, 0
	for k, t := range r.Tokens {
		if t.Part != part {
			continue
		}
		if t.Norm != "," {
			words++
		}
		if slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool { return m.From == k && m.Typos == 0 && m.Cat == semantic.CatDiscourse }) {
			return false
		}
	}
	return words <= headingWords
}

// headingWords is the most words a heading has.
const headingWords = 5

// maxStatementTries bounds the readings without statement clauses tried: all of them, then
// each alone.
const maxStatementTries = 3

var debugStatements = false

// reportedReach is how far before a question word the verb that reports it may be
// ("asked me earlier today | how many").
const reportedReach = 4

// statementsOf is the question's statement clauses, in order, not overlapping.
func statementsOf(r *lexicon.Reading) []tokenSpan {
	n := len(r.Tokens)
	if n == 0 {
		return nil
	}
	roles, units, named := tokenRoles(r)
	opens := make([]int, n)     // 1: opens at a clause's start; 2: anywhere; 3: after a concept
	reported := make([]bool, n) // who asked or the work the answer is for
	skipped := make([]bool, n)  // discourse a reading skips, or context already left out
	left := make([]bool, n)     // context already left out
	asker := make([]bool, n)    // a verb saying someone asked
	wh := make([]bool, n)       // a question word starts here
	workAt := make([]bool, n)   // a work noun starts here
	for _, m := range r.Matches {
		if m.Typos > 0 {
			continue
		}
		switch m.Cat {
		case semantic.CatDiscourse, semantic.CatFiller:
			f := semantic.FillerByID(m.Arg)
			switch {
			case m.Arg == "context":
				for i := m.From; i < m.To; i++ {
					skipped[i], left[i] = true, true
				}
			case f == nil:
			case f.Opens && f.Anywhere:
				opens[m.From] = 2
			case f.Opens && f.After:
				opens[m.From] = max(opens[m.From], 3)
			case f.Opens:
				opens[m.From] = max(opens[m.From], 1)
			case semantic.Reports(f.ID) || f.ID == "work":
				for i := m.From; i < m.To; i++ {
					reported[i] = true
				}
				workAt[m.From] = workAt[m.From] || f.ID == "work"
				asker[m.From] = asker[m.From] || semantic.Reports(f.ID)
			case f.Skip && f.Role == semantic.RoleDiscourse && m.To == m.From+1:
				skipped[m.From] = true
			}
		case semantic.CatAgg, semantic.CatWho, semantic.CatList, semantic.CatPerson, semantic.CatWhen:
			wh[m.From] = true
		}
	}
	// context already left out (a greeting before the question) is no concept the
	// question said: a want after it opens no clause after the question
	for i := range left {
		if left[i] {
			roles[i] = semantic.RoleNeutral
		}
	}
	// the people of the work asking: a request right after a work noun ("a gerência
	// gostaria de saber", "my manager would like to know") says who asked, like a verb of
	// asking
	for i := 1; i < n; i++ {
		if reported[i-1] && !asker[i-1] && isRequest(r, i) {
			asker[i] = true
		}
	}
	for i := range r.Tokens {
		if opens[i] == 0 && (purposeAt(r, roles, i) || reasonAt(r, roles, workAt, asker, i) || writerClauseAt(r, roles, i) || remarkAt(r, roles, units, i)) {
			opens[i] = 2
		}
	}
	var out []tokenSpan
	kept, _, _, _, _ := background(r)
	first := -1 // the first part that is not all left out
	for from := 0; from < n; {
		to := from
		for to < n && r.Tokens[to].Part == r.Tokens[from].Part {
			to++
		}
		start := from
		for start < to && left[start] {
			start++
		}
		if start == to {
			from = to
			continue
		}
		if first < 0 {
			first = r.Tokens[from].Part
		}
		if end := backgroundEnd(kept, from); end >= 0 {
			// a part, or the clause before the ask in its part, that does not ask, whose
			// constraints the ask repeats (background.go)
			out = append(out, tokenSpan{start, end})
			if end == to {
				from = to
				continue
			}
			start = end // the ask after its leading clause
			for start < to && (left[start] || r.Tokens[start].Norm == ",") {
				start++
			}
		}
		if introduces(r, to-1) && asksAfter(r, to, wh) {
			// a clause that introduces the question after it: "preciso de um número
			// rápido: quantos clientes ...", "a quick summary of last year - how many ..."
			out = append(out, tokenSpan{start, to})
			from = to
			continue
		}
		at := -1
		// the words before a question someone reported: "One of the store managers asked
		// me earlier today | how many customers are inactive"
		for i := start + 1; i < to && at < 0; i++ {
			if wh[i] && clauseReports(asker[max(start, i-reportedReach):i]) && !pointedAt(r, i) && !asksBetween(r, start, i-reportedReach) {
				out = append(out, tokenSpan{start, i})
				at = to
			}
		}
		// the words before what a person of the work asked for, when no question word
		// follows the verb closely: "A minha gerente pediu, por gentileza, | a quantidade
		// de clientes ..."
		for i := start + 1; i < to && at < 0; i++ {
			if askedFor(r, roles, asker, workAt, opens, start, i) && !pointedAt(r, i) && !pronounI(r, i) {
				out = append(out, tokenSpan{start, i})
				at = to
			}
		}
		if at == to {
			from = to
			continue
		}
		if r.Tokens[from].Part != first && clauseReports(reported[start:to]) {
			// a later sentence that names who asked or the work: "Quero comparar as duas
			// lojas pra reunião de sexta."
			at = start
		}
		heading := false // a work or the writer's frame opening the sentence, kept only when a comma sets it off
		for i := start; i < to && at < 0; i++ {
			boundary := i == start || r.Tokens[i-1].Norm == "," || skipped[i-1]
			switch {
			case opens[i] == 2, opens[i] == 1 && boundary, opens[i] == 3 && hasRole(roles[:i], semantic.RoleConcept):
				at = i
			case workAt[i] && i > start && forBefore(r, i) > start:
				at = forBefore(r, i) // "pro deck", "for the board"
			case purposeNounAt(r, roles, start, i, to):
				at = i // ", pra campanha de ativação"
			case i == start && writerFrameAt(r, i):
				// the writer's frame opening the sentence (writer.go): "For our partner
				// review, could you ...", "Since we're planning a campaign, I'd like ..."
				at, heading = start, true
			case workAt[i] && i > start && forBefore(r, i) == start:
				// the work opening the sentence, set off by a comma: "Para a auditoria
				// anual, necessito ...", "For the annual audit, I need ..."
				at, heading = start, true
			case asker[i] && i > start:
				// who asked, after a comma: ", a gerente de lá me pediu"
				for c := i - 1; c > start; c-- {
					if r.Tokens[c].Norm == "," {
						at = c
						break
					}
				}
			}
		}
		if at < 0 && r.Tokens[from].Part != first {
			// a later sentence that opens with a request and holds a word the model does not
			// know: "Quero ligar pra eles essa semana"
			k := start // past the subject's pronoun: "I want the stores to call them"
			for k+1 < to && isFunctionWord(r, k) && !isRequest(r, k) {
				k++
			}
			if isRequest(r, k) && hasRole(roles[start:to], roleUnknown) {
				at = start
			}
		}
		if at >= 0 {
			// the clause ends at a comma before a question: "Sou gerente da Batel, quantas
			// vendas tivemos lá em maio?", or at an interjection before one when it opens
			// anywhere ("capaz que a Savassi passou esse ano bah me diz o faturamento"); a relative clause with a word the model does not know or a work noun is the clause's
			// ("Me manda os nomes, que o resto eu puxo no sistema")
			end := to
			// past the words of the opening phrase itself ("pq quero | mandar pra eles":
			// its want is no interjection)
			first := max(at+1, openerEnd(r, at))
			if e, ok := writerOpener(r, roles, at); ok {
				first = max(first, e)
			}
			for c := first; c+1 < to && end == to; c++ {
				if (r.Tokens[c].Norm == "," || skipped[c] && opens[at] > 1) && asksFrom(r, wh, c+1) && !hasRole(roles[openerSkipped(r, c+1):to], roleUnknown) && !clauseReports(workAt[c+1:to]) {
					end = c
					if k := openerSkipped(r, c+1); k > c+1 {
						end = k // with its comma and the opener: "I'm drafting the memo, so | what was ..."
					}
				}
			}
			if end == to && (opens[at] == 2 || heading) {
				end = setOff(r, roles, start, at, to)
			}
			if !heading || end < to && !namesRows(r, at, end) {
				out = append(out, tokenSpan{interjectionBefore(r, roles, units, named, start, at), end})
			}
		}
		from = to
	}
	return out
}

// sameFactAsked reports whether a measure said outside from..to counts the rows of the
// measure m's fact.
func sameFactAsked(r *lexicon.Reading, m lexicon.Match, from, to int) bool {
	mm := semantic.MeasureByID(m.Arg)
	return mm != nil && slices.ContainsFunc(r.Matches, func(o lexicon.Match) bool {
		om := semantic.MeasureByID(o.Arg)
		return (o.From >= to || o.To <= from) && o.Typos == 0 && o.Cat == semantic.CatMeasure && om != nil && om.Fact == mm.Fact
	})
}

// interjectionBefore is where a clause opened at at starts with the interjection or
// vocative set off by commas right before it ("Ticket médio por loja no trimestre
// passado, sô, pra eu comparar as lojas"): at its opening comma; at itself when there is
// none. Left in the question, the word would be one no reading uses.
func interjectionBefore(r *lexicon.Reading, roles []semantic.Role, units []int, named []bool, start, at int) int {
	if at-2 <= start || r.Tokens[at-1].Norm != "," {
		return at
	}
	for c := at - 2; c > start && c >= at-3; c-- {
		if r.Tokens[c].Norm != "," {
			continue
		}
		if ok, _ := interjectionSegment(r, roles, units, named, c+1, at-1); ok {
			return c
		}
		break
	}
	return at
}

// namesRows reports whether the tokens from..to name rows a report could be narrowed to
// that the rest of the question does not name itself: a place, a value, a number or a
// date, a restriction or a negation ("Para a reunião da Savassi, ...": the work's store
// may be the question's; not known, so not left out). One the question repeats is the
// question's ("For our app report, compare app users with ..."), and so is a period word
// it repeats. A dimension or a ranking the question does not name (a breakdown it may ask
// for: "For our city comparison, ...") is as unknown.
func namesRows(r *lexicon.Reading, from, to int) bool {
	for k := from; k < to; k++ {
		if r.Tokens[k].Kind != lexicon.Word {
			return true
		}
	}
	repeated := func(m lexicon.Match) bool {
		return slices.ContainsFunc(r.Matches, func(o lexicon.Match) bool {
			return (o.From < from || o.From >= to) && o.Typos == 0 && o.Cat == m.Cat && o.Arg == m.Arg
		})
	}
	for _, m := range r.Matches {
		// a breakdown, an event or a ranking of its own: "For our city comparison, how much
		// did we sell in May?", "Para o relatório de pontos resgatados, quantos clientes
		// se cadastraram?", "For our top customers review, ..."
		if m.From >= from && m.From < to && m.Typos == 0 && (m.Cat == semantic.CatDim && !periodUnit(r, m.From) || m.Cat == semantic.CatEvent || m.Cat == semantic.CatTrend || m.Cat == semantic.CatTop || m.Cat == semantic.CatMost) && !repeated(m) {
			return true
		}
	}
	for _, m := range r.Matches {
		// a measure of rows the question asks nothing of: "Para o relatório de vendas,
		// quantos clientes se cadastraram?" (one of the question's rows is its own: "Para
		// o relatório de resgates, preciso do total de pontos resgatados")
		if m.From >= from && m.From < to && m.To <= to && m.Typos == 0 && m.Cat == semantic.CatMeasure && !sameFactAsked(r, m, from, to) {
			return true
		}
	}
	for k := from; k < to; k++ {
		// a period of its own: "Since the promotion gave double points in April, how many
		// points were credited in March?"
		if periodWord(r, k) && !slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
			return m.From == k && m.Typos == 0 && timeCats[m.Cat] && repeated(m)
		}) {
			return true
		}
	}
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.From >= from && m.From < to && m.Typos == 0 && (place(m) || memberOf(m) != "" || restricting(r, m) ||
			m.Cat == semantic.CatNeg && !prepositionNo(r, m) || m.Cat == semantic.CatNever || m.Cat == semantic.CatRestrict) &&
			!(repeated(m) && (place(m) || memberOf(m) != "" || restricting(r, m)))
	})
}

// asksBetween reports whether a word that asks (asksCat: a question word, a measure)
// starts in from..to: words before a question someone reported that ask already are the
// writer's own question ("quanto a loja vendeu, que a gerente me disse que foi fraco"),
// never left out; so are those before what someone was said to ask for (askedFor).
func asksBetween(r *lexicon.Reading, from, to int) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.From >= from && m.From < to && m.Typos == 0 && asksCat(m.Cat)
	})
}

// setOff is where a purpose clause opened at at ends when commas set it off inside its
// sentence (", para fins de acompanhamento, do valor do ticket médio ...", "Com vistas à
// instrução do processo, solicito ..."): at its closing comma, when it opens the sentence
// or follows a comma, holds no concept, number or date of its own, and a concept follows
// the comma. Otherwise the clause runs to the end of its sentence (to).
func setOff(r *lexicon.Reading, roles []semantic.Role, start, at, to int) int {
	if at > start && r.Tokens[at-1].Norm != "," {
		return to
	}
	for k := at; k < to; k++ {
		switch {
		case r.Tokens[k].Norm == ",":
			if k > at && hasRole(roles[k+1:to], semantic.RoleConcept) {
				return k
			}
			return to
		case roles[k] == semantic.RoleConcept || r.Tokens[k].Kind != lexicon.Word:
			return to
		}
	}
	return to
}

// openerEnd is where the longest phrase of discourse that opens a clause (semantic.Fillers,
// Opens) starting at token at ends (at+1 when none does).
func openerEnd(r *lexicon.Reading, at int) int {
	end := at + 1
	for _, m := range r.Matches {
		if m.From == at && m.Typos == 0 && m.Cat == semantic.CatDiscourse {
			if f := semantic.FillerByID(m.Arg); f != nil && f.Opens {
				end = max(end, m.To)
			}
		}
	}
	return end
}

// asksAfter reports whether the part starting at i asks: it ends with a question mark, or
// holds a question word or a request at its start, or after its first comma ("no mês
// passado, quantas vendas ...").
func asksAfter(r *lexicon.Reading, i int, wh []bool) bool {
	to := i
	for to < len(r.Tokens) && r.Tokens[to].Part == r.Tokens[i].Part {
		to++
	}
	if to == i {
		return false
	}
	if r.Tokens[to-1].Stop == '?' {
		return true
	}
	comma := false
	for k := i; k < to; k++ {
		if wh[k] || isRequest(r, k) {
			return k == i || comma && r.Tokens[k-1].Norm == ","
		}
		if r.Tokens[k].Norm == "," {
			if comma {
				return false
			}
			comma = true
		}
	}
	return false
}

// askedFor reports whether the concept at i is the first the clause from start holds
// after a verb of asking whose subject is a person of the work (a work noun before it),
// with only discourse and function words between them: what was asked for ("A minha
// gerente pediu, por gentileza, a quantidade de clientes ...", "the board would like the
// revenue ..."). A concept before the verb keeps the clause whole, and so does a clause
// of the writer's own between them, opened after a conjunction or a comma ("Head office
// keeps asking me and I haven't a notion": "I have" opens another clause, whose "not"
// nobody asked for).
func askedFor(r *lexicon.Reading, roles []semantic.Role, asker, workAt []bool, opens []int, start, i int) bool {
	if roles[i] != semantic.RoleConcept {
		return false
	}
	for j := i - 1; j >= start; j-- {
		switch {
		case roles[j] == semantic.RoleConcept || roles[j] == roleUnknown:
			return false
		case opens[j] == 1 && j > start && (joinsTwo(r, j-1) || r.Tokens[j-1].Norm == ","):
			return false
		case asker[j]:
			return clauseReports(workAt[start:j]) && !asksBetween(r, start, j)
		}
	}
	return false
}

// pronounI reports whether the token at i is a capitalised function word ("I"): a
// subject, never a name nor what someone asked for ("My boss keeps asking and I don't
// know").
func pronounI(r *lexicon.Reading, i int) bool {
	return r.Tokens[i].Cap && isFunctionWord(r, i)
}

// clauseReports reports whether a clause names who asked or the work an answer is for.
func clauseReports(reported []bool) bool {
	for _, b := range reported {
		if b {
			return true
		}
	}
	return false
}

func hasRole(roles []semantic.Role, ro semantic.Role) bool {
	for _, x := range roles {
		if x == ro {
			return true
		}
	}
	return false
}

// isRequest reports whether a request word (semantic.Fillers "request") starts at i.
func isRequest(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From == i && m.Cat == semantic.CatFiller && m.Arg == "request" && m.Typos == 0 {
			return true
		}
	}
	return false
}

// forBefore is where the preposition that makes the work noun at i a purpose starts
// (semantic.WorkFor: "pro deck", "for the board"), or -1.
func forBefore(r *lexicon.Reading, i int) int {
	best := -1
	for _, p := range semantic.WorkFor.All() {
		ws := strings.Fields(p)
		k := i - len(ws)
		if k < 0 {
			continue
		}
		ok := true
		for j, w := range ws {
			if r.Tokens[k+j].Norm != w {
				ok = false
				break
			}
		}
		if ok && (best < 0 || k < best) {
			best = k
		}
	}
	return best
}

// keepPlaces keeps, in the clauses left out, the store or city they name when the rest of
// the question names none: the context binds the question to it. It returns the span kept.
// Clauses that name two places compare them ("quero ver se a Savassi ficou na frente de
// Copacabana"), and a question that asks about the stores themselves ("ranking das lojas")
// has them as its rows: neither is bound to one place.
func keepPlaces(r *lexicon.Reading, drop []bool) tokenSpan {
	place := func(m lexicon.Match) bool {
		return m.Typos == 0 && (m.Cat == lexicon.CatStore || m.Cat == lexicon.CatCity)
	}
	places := map[string]bool{}
	for _, m := range r.Matches {
		if place(m) && !drop[m.From] {
			return tokenSpan{}
		}
		if place(m) {
			places[string(m.Cat)+":"+m.Arg] = true
		}
		if !drop[m.From] && m.Typos == 0 && (m.Cat == semantic.CatNoun && m.Arg == "stores" || m.Cat == semantic.CatDim && m.Arg == "store") {
			return tokenSpan{}
		}
	}
	if len(places) > 1 {
		return tokenSpan{}
	}
	var kept tokenSpan
	shown := dimensionsShown(r, 0, len(r.Tokens), drop)
	roles, _, _ := tokenRoles(r)
	for _, m := range r.Matches {
		if place(m) && drop[m.From] && keptConceptBefore(roles, drop, m.From) {
			// a place said in a clause after the question ("quantos clientes ativos? é pra
			// uma ação na Savassi") is what the answer is for, never its filter: the
			// question is refused (asksWithout), never narrowed to it
			return tokenSpan{}
		}
		if place(m) && drop[m.From] && shown[memberOf(m)] {
			// the question is broken down or ranked by the place's dimension: the place is
			// one of its rows, never its filter ("revenue by store? I want to see whether
			// Batel beat Savassi")
			return tokenSpan{}
		}
		if place(m) && drop[m.From] && m.To-m.From > kept.to-kept.from {
			kept = tokenSpan{m.From, m.To}
		}
	}
	for i := kept.from; i < kept.to; i++ {
		drop[i] = false
	}
	return kept
}

// keptConceptBefore reports whether a word of the question kept (not dropped) names a concept
// before token at: what is said at it comes after the question.
func keptConceptBefore(roles []semantic.Role, drop []bool, at int) bool {
	for i := 0; i < at; i++ {
		if !drop[i] && roles[i] == semantic.RoleConcept {
			return true
		}
	}
	return false
}

// conceptInDropped reports whether a concept word is in the run of dropped tokens from i.
func conceptInDropped(roles []semantic.Role, drop []bool, i int) bool {
	for ; i < len(drop) && drop[i]; i++ {
		if roles[i] == semantic.RoleConcept {
			return true
		}
	}
	return false
}

// keepPerson keeps, of a background part left out, the customer it names when the ask
// points to them with a pronoun ("A cliente Camila Prado ligou reclamando do saldo dela.
// Quantos pontos ela tem hoje?": "cliente Camila Prado" is read with the question).
func keepPerson(r *lexicon.Reading, drop []bool) {
	_, _, _, _, persons := background(r)
	for _, sp := range persons {
		for i := sp.from; i < sp.to; i++ {
			drop[i] = false
		}
	}
}

// toDeixis moves the place kept from the context to the words of the question that point
// to it ("bought there": "bought Savassi"), when the question has such words
// (semantic.PlaceDeixis); the words are left out. Otherwise the reading is unchanged.
func toDeixis(r *lexicon.Reading, drop []bool, kept tokenSpan) (*lexicon.Reading, []bool) {
	at := tokenSpan{}
	for _, p := range semantic.PlaceDeixis.All() {
		ws := strings.Fields(p)
		for k := 0; k+len(ws) <= len(r.Tokens); k++ {
			ok := !drop[k] && (k < kept.from || k >= kept.to)
			for j := 0; ok && j < len(ws); j++ {
				ok = r.Tokens[k+j].Norm == ws[j]
			}
			if ok && len(ws) > at.to-at.from {
				at = tokenSpan{k, k + len(ws)}
			}
		}
	}
	if at.to == at.from {
		return r, drop
	}
	// the new order of the old positions: the place in the deixis' stead
	var order []int
	for i := range r.Tokens {
		switch {
		case i >= kept.from && i < kept.to:
		case i == at.from:
			for k := kept.from; k < kept.to; k++ {
				order = append(order, k)
			}
		case i > at.from && i < at.to:
		default:
			order = append(order, i)
		}
	}
	pos := make([]int, len(r.Tokens))
	for i := range pos {
		pos[i] = -1
	}
	out := *r
	out.Tokens = make([]lexicon.Token, len(order))
	outDrop := make([]bool, len(order))
	for n, i := range order {
		pos[i] = n
		out.Tokens[n] = r.Tokens[i]
		outDrop[n] = drop[i]
		if i >= kept.from && i < kept.to {
			out.Tokens[n].Part = r.Tokens[at.from].Part
		}
	}
	out.Matches = nil
	for _, m := range r.Matches {
		from := pos[m.From]
		ok := from >= 0
		for i := m.From; ok && i < m.To; i++ {
			ok = pos[i] == from+i-m.From
		}
		if ok {
			m.From, m.To = from, from+m.To-m.From
			out.Matches = append(out.Matches, m)
		}
	}
	return &out, outDrop
}

// asksWithout reports whether the question without the dropped tokens still asks
// something of its own: a concept left, no restriction word dropped, and no word pointing
// back to what was dropped.
func asksWithout(r *lexicon.Reading, drop []bool) bool {
	roles, _, named := tokenRoles(r)
	for i, t := range r.Tokens {
		if drop[i] && t.Cap && roles[i] == semantic.RoleConcept && !named[i] && !covered(r, i) {
			return false // a name the model does not know: "My boss Maria asked"
		}
	}
	asked := map[string]bool{} // the restricting concepts, places and measures of the rest
	for _, m := range r.Matches {
		if !drop[m.From] && (restricting(r, m) || place(m) || m.Cat == semantic.CatMeasure || m.Cat == semantic.CatShare || m.Cat == semantic.CatAttr) {
			asked[string(m.Cat)+":"+m.Arg] = true
		}
	}
	// a value of a dimension the rest breaks down or ranks by is a row of the answer
	// ("ranking das lojas? quero ver se a Savassi ficou na frente de Copacabana")
	shown := dimensionsShown(r, 0, len(r.Tokens), drop)
	for _, m := range r.Matches {
		if drop[m.From] && memberOf(m) != "" && shown[memberOf(m)] {
			asked[string(m.Cat)+":"+m.Arg] = true
		}
	}
	work := workNouns(r)
	asks := len(r.Tokens) // where the rest starts naming concepts
	for i := range r.Tokens {
		if !drop[i] && roles[i] == semantic.RoleConcept {
			asks = i
			break
		}
	}
	for _, m := range r.Matches {
		if m.From > asks && drop[m.From] && m.Typos == 0 && (place(m) || m.Cat == semantic.CatMeasure || m.Cat == semantic.CatShare || m.Cat == semantic.CatAttr && listKept(r, drop)) && !asked[string(m.Cat)+":"+m.Arg] && (!modifiesWork(r, m, work) || m.Cat != semantic.CatMeasure && workOfPurpose(r, m, drop)) && !inIdiom(r, m) {
			// a place, a measure, a percentage ("Quero também uma coluna com o % de cada
			// origem") or (beside a list) a detail of the rows said after the
			// question, which the question does not name, is a second question, never left
			// out ("List the customers who signed up in May. I want the team to phone
			// them"): "Qual o ticket da Savassi? Quero
			// pôr do lado do ticket do Cambuí" (before the question it is the writer's:
			// "Sou da loja Centro. Qual o faturamento da Batel?"; one of the work is the
			// work's: "A supervisora de Campinas perguntou")
			return false
		}
	}
	whole, contradicts := wholeClauses(r, drop)
	if contradicts {
		return false // "vendas por loja? só o total, não precisa separar"
	}
	concept := false
	for _, m := range r.Matches {
		if drop[m.From] && whole[m.From] {
			continue // "não precisa separar por loja": a breakdown declined
		}
		if drop[m.From] && writersThing(r, m, roles) {
			continue // "thinking of a win-back email": what the writer sends
		}
		if drop[m.From] && restricting(r, m) && !asked[string(m.Cat)+":"+m.Arg] && !modifiesWork(r, m, work) && !inIdiom(r, m) && !(reachesRows(r, m) && !listKept(r, drop)) {
			return false // "Vou precisar só das canceladas", "I'm only interested in the app ones"
		}
		if drop[m.From] && focusRestricts(r, roles, m, asked) {
			return false // "só quero os do plano premium", "I only want the gold members"
		}
		if drop[m.From] && m.Typos == 0 && m.Cat == semantic.CatAttr && !asked[string(m.Cat)+":"+m.Arg] && !modifiesWork(r, m, work) {
			// a column asked for in a clause of its own ("... Vou ligar para avisar. Preciso
			// do nome e do telefone."): the answer would show other columns
			return false
		}
		if drop[m.From] && m.Typos > 0 && readExactly(r, m) {
			continue // "niver" is "aniversário", not a typo of "never"
		}
		if drop[m.From] {
			switch m.Cat {
			case semantic.CatUntil, semantic.CatSince, semantic.CatBefore, semantic.CatAfter:
				// a time relation to a time changes a report: "The boss needs it by Friday"
				// is not left out; one to an event is the context's ("antes de responder")
				if relatesTime(r, m) {
					return false
				}
			case semantic.CatRestrict, semantic.CatNeg, semantic.CatNever:
				// a restriction or negation changes a report ("no" of "no sistema" is a
				// preposition: in Portuguese a negation word that is also a function word is
				// read as one); one said after the question with no concept after it in its
				// clause negates the writer's situation ("..., que eu quero garantir que não
				// falte", "e eu não tenho aqui de cabeça")
				if !prepositionNo(r, m) && !inIdiom(r, m) && !situationNeg(r, roles, m) && !narratedActivity(r, roles, m) && !(m.Cat == semantic.CatNeg && keptConceptBefore(roles, drop, m.From) && !conceptInDropped(roles, drop, m.To)) && !negationRestated(r, roles, drop, m) {
					return false
				}
			}
			continue
		}
		if m.Cat != semantic.CatFiller && m.Cat != semantic.CatDiscourse && semantic.RoleOf(m.Cat, m.Arg) == semantic.RoleConcept && m.Cat != lexicon.CatWord {
			concept = true
		}
	}
	if !concept || dropsPeriod(r, drop, work) || dropsDimension(r, drop) {
		return false
	}
	firstDropped := slices.Index(drop, true)
	if eachOfDropped(r, drop, asked, firstDropped) {
		return false
	}
	for _, p := range semantic.BackReference.All() {
		ws := strings.Fields(p)
		// a word pointing back points to what was said before it: a clause left out only
		// after it ("quantos deles aceitam sms? vou montar a régua") is not what it means
		for k := max(firstDropped, 0); k+len(ws) <= len(r.Tokens); k++ {
			ok := true
			for j, w := range ws {
				if drop[k+j] || r.Tokens[k+j].Norm != w {
					ok = false
					break
				}
			}
			if ok && !keptConceptInPart(r, roles, drop, k) {
				return false
			}
		}
	}
	return true
}

// negationRestated reports whether the negation m, said in a clause left out before the
// question, is one the question says again: "I'm fixing to send a little something to
// folks who ain't been back in a while. How many customers haven't bought anything in
// over 90 days?". The question holds a negation of its own, and every word left out that
// could narrow rows (an event, a flag, a value, a place, a measure, a number) is one the
// question names too: the clause then says of whom the writer thinks, in its words, what
// the question asks in the model's. A negation after the question, or one with anything
// of its own ("folks who haven't redeemed anything", "who ain't got the app"), is not.
func negationRestated(r *lexicon.Reading, roles []semantic.Role, drop []bool, m lexicon.Match) bool {
	if keptConceptBefore(roles, drop, m.From) {
		return false
	}
	said := map[string]bool{}
	negated := false
	for _, x := range r.Matches {
		if drop[x.From] || x.Typos > 0 {
			continue
		}
		said[string(x.Cat)+":"+x.Arg] = true
		negated = negated || (x.Cat == semantic.CatNeg && !prepositionNo(r, x) || x.Cat == semantic.CatNever)
	}
	if !negated {
		return false
	}
	for i, t := range r.Tokens {
		if drop[i] && t.Kind != lexicon.Word {
			return false
		}
	}
	for _, x := range r.Matches {
		if !drop[x.From] || x.Typos > 0 || said[string(x.Cat)+":"+x.Arg] || inIdiom(r, x) {
			continue
		}
		switch {
		case x.Cat == semantic.CatEvent, x.Cat == semantic.CatFlag, x.Cat == semantic.CatMeasure, x.Cat == semantic.CatRestrict,
			restricting(r, x), place(x), memberOf(x) != "":
			return false
		}
	}
	return true
}

// pointable are the concepts a word pointing back may point to: rows or what they measure.
var pointable = map[semantic.Category]bool{semantic.CatNoun: true, semantic.CatMeasure: true, semantic.CatEvent: true, semantic.CatFlag: true}

// keptConceptInPart reports whether a concept kept (not dropped) that names rows or a
// measure (pointable) comes before token k in its sentence: a word pointing back there
// points to it ("quantas vendas foram canceladas em abril e quanto isso dava?"), never to
// what was left out ("How many of them ...": a question word names nothing to point to).
func keptConceptInPart(r *lexicon.Reading, roles []semantic.Role, drop []bool, k int) bool {
	for i := k - 1; i >= 0 && r.Tokens[i].Part == r.Tokens[k].Part; i-- {
		if !drop[i] && slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
			return m.From <= i && i < m.To && m.Typos == 0 && pointable[m.Cat]
		}) {
			return true
		}
	}
	return false
}

// eachOfDropped reports whether the rest asks for an answer for each of the things named
// (semantic.EachOf, after the first word left out) while a value of a dimension it does
// not name is said only in the clauses left out ("capaz que a Copacabana tá vendendo menos
// que a Savassi... me passa o ticket de cada uma"): "each" points to them.
func eachOfDropped(r *lexicon.Reading, drop []bool, asked map[string]bool, firstDropped int) bool {
	named := slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return drop[m.From] && m.Typos == 0 && memberOf(m) != "" && !asked[string(m.Cat)+":"+m.Arg]
	})
	if !named {
		return false
	}
	for _, p := range inLang(semantic.EachOf, r.Lang) {
		for k := max(firstDropped, 0); k < len(r.Tokens); k++ {
			if n, ok := wordsAt(r, k, p); ok && !slices.Contains(drop[k:k+n], true) {
				return true
			}
		}
	}
	return false
}

// focusRestricts reports whether m is "only" ("só", "just", CatCmp "=") said of rows in a
// clause left out, naming rows the question does not: past the want it may open ("só
// quero", "I only want"), its focus starts with an article, a concept or a word the model
// does not know, and the words of its clause hold a word the model does not know or a
// restricting concept the question does not name. Said of a purpose ("só pra saber",
// "just to check") or of what the question names ("só os ativos mesmo") it narrows nothing.
func focusRestricts(r *lexicon.Reading, roles []semantic.Role, m lexicon.Match, asked map[string]bool) bool {
	if m.Cat != semantic.CatCmp || m.Arg != "=" || m.Typos > 0 {
		return false
	}
	part := r.Tokens[m.From].Part
	inClause := func(k int) bool { return k < len(r.Tokens) && r.Tokens[k].Part == part && r.Tokens[k].Norm != "," }
	k, ok := focusOf(r, m)
	if !ok || !inClause(k) || purposeWord(r, k) {
		return false
	}
	article := false
	for _, a := range inLang(semantic.Articles, r.Lang) {
		if n, ok := wordsAt(r, k, a); ok && n == 1 {
			article = true
		}
	}
	if !article && roles[k] != roleUnknown && roles[k] != semantic.RoleConcept {
		return false
	}
	for ; inClause(k); k++ {
		if roles[k] == roleUnknown {
			return true
		}
	}
	for _, x := range r.Matches {
		if x.From >= m.To && inClause(x.From) && restricting(r, x) && !asked[string(x.Cat)+":"+x.Arg] {
			return true
		}
	}
	return false
}

// workOfPurpose reports whether the work phrase value m modifies is the subject of a
// purpose after the question ("pra gerente da Savassi ligar", "for the Savassi manager to
// call"): whom the answer is for, whose place or detail may narrow the question, so never
// left out. A measure of the writer's work stays the work's ("pra provisão do passivo").
func workOfPurpose(r *lexicon.Reading, m lexicon.Match, drop []bool) bool {
	for k := m.From - 1; k >= 0 && k >= m.From-purposeReach && drop[k]; k-- {
		if purposeWord(r, k) {
			return true
		}
	}
	return false
}

// purposeReach is the most words between a preposition of purpose and a place of the work
// phrase after it ("pra | a gerente da | Savassi").
const purposeReach = 4

// purposeWord reports whether a preposition of purpose or a conjunction of reason starts at
// token k ("pra", "to", "porque").
func purposeWord(r *lexicon.Reading, k int) bool {
	for _, ws := range []semantic.Words{semantic.PurposeTo, semantic.ReasonThat} {
		for _, p := range inLang(ws, r.Lang) {
			if _, ok := wordsAt(r, k, p); ok {
				return true
			}
		}
	}
	return false
}

// reachesRows reports whether the value m is a way to reach customers (semantic.Reaching)
// said right after a pronoun of the question's rows, a function word between them at most:
// how the writer will reach them ("chamar eles no zap", "text them on WhatsApp"), never a
// filter. Beside a list it also says which of their columns to show (the phone, the
// e-mail), which no reading takes from it: the question is refused (asksWithout).
func reachesRows(r *lexicon.Reading, m lexicon.Match) bool {
	kind, _, _ := strings.Cut(m.Arg, ":")
	if m.Cat != semantic.CatValue || !semantic.Reaching[kind] {
		return false
	}
	k := m.From - 1
	if k >= 0 && isFunctionWord(r, k) && !pronounAt(r, k) {
		k--
	}
	return k >= 0 && r.Tokens[k].Part == r.Tokens[m.From].Part && pronounAt(r, k)
}

// listKept reports whether a word asking for a list is kept (not dropped).
func listKept(r *lexicon.Reading, drop []bool) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.Cat == semantic.CatList && m.Typos == 0 && !drop[m.From]
	})
}

// readExactly reports whether the words of a match read with a typo are read without one
// by another phrase of the lexicon (an unknown word aside): the typo is not what was said.
func readExactly(r *lexicon.Reading, m lexicon.Match) bool {
	for _, o := range r.Matches {
		if o.Typos == 0 && o.Cat != lexicon.CatWord && o.From <= m.From && m.To <= o.To {
			return true
		}
	}
	return false
}

// covered reports whether a phrase of the lexicon (other than an unknown word) reads the
// token at i.
func covered(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From <= i && i < m.To && m.Cat != lexicon.CatWord {
			return true
		}
	}
	return false
}

// restricting reports whether a match names rows a report could be narrowed to (a flag, a
// value, an amount, a comparison with a number), a breakdown or a column of the answer: a statement clause naming
// one the question does not is a constraint, never left out. "só" alone ("uma ação só pra eles")
// compares nothing.
func restricting(r *lexicon.Reading, m lexicon.Match) bool {
	if m.Typos > 0 {
		return false
	}
	switch m.Cat {
	case semantic.CatFlag, semantic.CatValue, semantic.CatOptIn, semantic.CatWeekday,
		lexicon.CatProduct, lexicon.CatState, lexicon.CatMoney, lexicon.CatPercent, lexicon.CatRange:
		return true
	case semantic.CatAttr:
		// a column of the answer: "Vou ligar para avisar. Preciso do nome e do telefone."
		return true
	case semantic.CatBy:
		// a breakdown: "acho que por loja seria melhor"
		for _, d := range r.Matches {
			if d.From == m.To && (d.Cat == semantic.CatDim || d.Cat == semantic.CatTrend) {
				return true
			}
		}
	case semantic.CatCmp, semantic.CatBetween:
		for i := m.To; i < len(r.Tokens) && i <= m.To+1; i++ {
			if r.Tokens[i].Kind != lexicon.Word {
				return true
			}
		}
	}
	return false
}

// modifiesWork reports whether a match modifies a work noun: right after it, or after it and
// one function word ("reunião de sexta"), or right before it ("the Monday meeting"), or
// inside it ("a galera do balcão", "sending them a voucher").
func modifiesWork(r *lexicon.Reading, m lexicon.Match, work []bool) bool {
	if work[m.From] || m.To < len(work) && work[m.To] || m.From > 0 && work[m.From-1] {
		// inside a work phrase ("a galera do balcão"), or beside one
		return true
	}
	if m.From > 1 && work[m.From-2] {
		for _, f := range r.Matches {
			if f.From == m.From-1 && f.To == m.From && f.Cat == semantic.CatFiller && f.Arg == "function" {
				return true
			}
		}
	}
	return false
}

// purposeAt reports whether a clause of purpose starts at token i: a preposition of
// semantic.PurposeTo right before a verb no concept of the model reads ("pra mandar um
// mimo", "para avisar", "to call them"). The verb is a request verb, or a word the model
// does not know; after a Portuguese preposition, one with an infinitive's ending, and
// there the verb's own subject may stand between them (the personal infinitive: "pra
// mainha mandar um parabéns", "pra minha equipe ligar"): at most purposeSubjectWords
// lowercase words, none a concept, number or name. The prepositions are the question's
// language's ("tô" is no "to").
func purposeAt(r *lexicon.Reading, roles []semantic.Role, i int) bool {
	pt := r.Lang == semantic.PT
	ws := semantic.PurposeTo.EN
	if pt {
		ws = semantic.PurposeTo.PT
	}
	for _, p := range ws {
		words := strings.Fields(p)
		ok := true
		for k, w := range words {
			ok = ok && i+k < len(r.Tokens) && r.Tokens[i+k].Norm == w && r.Tokens[i+k].Part == r.Tokens[i].Part
		}
		if !ok {
			continue
		}
		v := i + len(words)
		for s := 0; pt && s < purposeSubjectWords && v+1 < len(r.Tokens) && !infinitive(r, roles, v) && subjectWord(r, roles, v); s++ {
			v++
		}
		if v >= len(r.Tokens) || r.Tokens[v].Part != r.Tokens[i].Part || r.Tokens[v].Kind != lexicon.Word || roles[v] == semantic.RoleConcept {
			continue
		}
		if roles[v] != roleUnknown && !isRequest(r, v) {
			continue
		}
		if !pt {
			return true
		}
		if infinitive(r, roles, v) {
			return true
		}
	}
	return false
}

// purposeNounAt reports whether a phrase of purpose without a verb starts at token i, set
// off by a comma after the question and running to the end of its sentence: a preposition
// of semantic.WorkFor, then nouns of the model and words it does not know, one of each at
// least ("..., com email, pra campanha de ativação", "..., for the reactivation
// campaign"): the thing the answer is for, named with words the model does not know. A
// place, value, flag, number or name in it is none (the clause is not left out).
func purposeNounAt(r *lexicon.Reading, roles []semantic.Role, start, i, to int) bool {
	if i <= start || r.Tokens[i-1].Norm != "," || !hasRole(roles[start:i], semantic.RoleConcept) {
		return false
	}
	n := 0
	for _, p := range inLang(semantic.WorkFor, r.Lang) {
		if k, ok := wordsAt(r, i, p); ok && k > n {
			n = k
		}
	}
	if n == 0 || i+n >= to {
		return false
	}
	nouns, unknown := 0, 0
	for k := i + n; k < to; k++ {
		t := r.Tokens[k]
		switch {
		case t.Kind != lexicon.Word || t.Cap || t.Norm == ",":
			return false
		case roles[k] == roleUnknown:
			unknown++
		case roles[k] == semantic.RoleConcept:
			if !onlyNoun(r, k) {
				return false
			}
			nouns++
		}
	}
	return nouns > 0 && unknown > 0
}

// onlyNoun reports whether every phrase of the model over token k reads a noun (or a word a
// reading skips).
func onlyNoun(r *lexicon.Reading, k int) bool {
	for _, m := range r.Matches {
		if m.From <= k && k < m.To && m.Cat != lexicon.CatWord && m.Cat != semantic.CatNoun && semantic.RoleOf(m.Cat, m.Arg) == semantic.RoleConcept {
			return false
		}
	}
	return true
}

// purposeSubjectWords is the most words of the subject of a personal infinitive after a
// preposition of purpose ("pra | minha equipe | ligar").
const purposeSubjectWords = 2

// infinitive reports whether the token at v is a verb's infinitive no concept reads: a
// request verb or a word the model does not know, with an infinitive's ending
// (semantic.InfinitiveEndings).
func infinitive(r *lexicon.Reading, roles []semantic.Role, v int) bool {
	if r.Tokens[v].Kind != lexicon.Word || roles[v] == semantic.RoleConcept || roles[v] != roleUnknown && !isRequest(r, v) {
		return false
	}
	for _, e := range semantic.InfinitiveEndings {
		if len(r.Tokens[v].Norm) > len(e)+2 && strings.HasSuffix(r.Tokens[v].Norm, e) {
			return true
		}
	}
	return false
}

// subjectWord reports whether the token at k may be a word of a person said as a verb's
// subject: a lowercase word, neither a concept nor a number, nor a comma.
func subjectWord(r *lexicon.Reading, roles []semantic.Role, k int) bool {
	t := r.Tokens[k]
	return t.Kind == lexicon.Word && !t.Cap && t.Norm != "," && roles[k] != semantic.RoleConcept
}

// reasonAt reports whether a clause of reason starts at token i: a conjunction of
// semantic.ReasonThat after the question (a concept before it), at a clause's start (the
// sentence's, or after a comma) unless it is a "because" word, right before a subject of
// semantic.ReasonSubject or a person of the work ("que o contador tá me pedindo", "porque
// eu tô achando", "que ela veio reclamar"; an article may stand between). "clientes que
// compraram" has no such subject: a relative clause of the question, never left out.
func reasonAt(r *lexicon.Reading, roles []semantic.Role, workAt, asker []bool, i int) bool {
	if !hasRole(roles[:i], semantic.RoleConcept) {
		return false
	}
	for _, p := range inLang(semantic.ReasonThat, r.Lang) {
		n, ok := wordsAt(r, i, p)
		if !ok {
			continue
		}
		v := i + n
		for _, a := range inLang(semantic.Articles, r.Lang) {
			if k, ok := wordsAt(r, v, a); ok && v+k < len(r.Tokens) && (workAt[v+k] || asker[v+k]) {
				v += k
				break
			}
		}
		if v >= len(r.Tokens) || r.Tokens[v].Part != r.Tokens[i].Part {
			continue
		}
		if workAt[v] || asker[v] {
			return true // "que o contador tá me pedindo"
		}
		if (p == "que" || p == "q") && r.Tokens[i-1].Norm != "," && r.Tokens[i-1].Part == r.Tokens[i].Part {
			continue // "clientes que eu cadastrei": a relative clause
		}
		for _, sub := range inLang(semantic.ReasonSubject, r.Lang) {
			if _, ok := wordsAt(r, v, sub); ok {
				return true
			}
		}
	}
	return false
}

// wordsAt reports whether the words of phrase p are the tokens from i, and how many.
func wordsAt(r *lexicon.Reading, i int, p string) (int, bool) {
	ws := strings.Fields(p)
	if i+len(ws) > len(r.Tokens) {
		return 0, false
	}
	for k, w := range ws {
		if r.Tokens[i+k].Norm != w || r.Tokens[i+k].Part != r.Tokens[i].Part {
			return 0, false
		}
	}
	return len(ws), true
}

// inLang is the words of ws in language l.
func inLang(ws semantic.Words, l semantic.Lang) []string {
	if l == semantic.PT {
		return ws.PT
	}
	return ws.EN
}

// pointedAt reports whether a demonstrative stands right before token i ("esse número",
// "that number"): the word names something said, never a question's start.
func pointedAt(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.To == i && m.Cat == semantic.CatThis && m.Typos == 0 {
			return true
		}
	}
	return false
}

// inIdiom reports whether the match m is a word of a set phrase (the "idiom" discourse
// class: "vale a pena"): it names nothing of the question.
func inIdiom(r *lexicon.Reading, m lexicon.Match) bool {
	for _, o := range r.Matches {
		if o.Cat == semantic.CatDiscourse && o.Arg == "idiom" && o.Typos == 0 && o.From <= m.From && m.To <= o.To && o.To-o.From > m.To-m.From {
			return true
		}
	}
	return false
}
