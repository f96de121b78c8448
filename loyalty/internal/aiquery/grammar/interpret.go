// Package grammar is the offline interpreter of report questions: a small grammar over
// the concept tokens of package lexicon. A chart parser builds every constituent the
// productions (rules.go) allow over the question's tokens; a reading is a sequence of
// clauses covering every token (function words may be skipped, nothing else); each
// reading is assembled into a semantic.Request (assemble.go) and compiled by the one
// compiler (semantic.Request.Compile).
//
// The cheapest complete reading wins. Two readings of the same cost that compile to
// different SQL are a clarification listing both; a question with a word no reading uses
// is refused, saying what was understood and what was not.
package grammar

import (
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Limits of a question: longer ones are refused before parsing.
const (
	MaxQuestionBytes  = 600
	MaxQuestionTokens = 60
	readings          = 24 // readings kept per position of the question
)

// Interpreter reads questions with the grammar.
type Interpreter struct {
	now func() time.Time
	loc *time.Location

	mu     sync.Mutex
	lexCat *semantic.Catalog
	lex    *lexicon.Lexicon

	// grammars are the productions, expanded once, each with the environment they read
	// (one question at a time per grammar)
	grammars sync.Pool
}

type grammarEnv struct {
	g   *Grammar
	env *env
}

// New returns an interpreter. now is the clock; loc the reporting time zone.
func New(now func() time.Time, loc *time.Location) *Interpreter {
	if now == nil {
		now = time.Now
	}
	if loc == nil {
		loc = time.UTC
	}
	it := &Interpreter{now: now, loc: loc}
	it.grammars.New = func() any {
		x := &env{}
		return &grammarEnv{g: newGrammar(productions(x)), env: x}
	}
	return it
}

// lexicon returns the lexicon of the catalogue, generated once per catalogue.
func (it *Interpreter) lexicon(cat *semantic.Catalog) *lexicon.Lexicon {
	it.mu.Lock()
	defer it.mu.Unlock()
	if it.lex == nil || it.lexCat != cat {
		it.lex, it.lexCat = lexicon.New(cat), cat
	}
	return it.lex
}

// Result is an understood question.
type Result struct {
	Request *semantic.Request
	SQL     string
	Lang    semantic.Lang
	Fixes   []string // typos read as other words
	Context []string // the sentences read as context around the question, left out
}

// Refusal is a question the interpreter will not answer, in the question's language.
type Refusal struct {
	Lang          semantic.Lang
	Reason        string
	Understood    []string
	NotUnderstood []string
	WriteIntent   bool
	Context       []string // the sentences read as context around the question, left out
}

func (r *Refusal) Error() string { return r.Message() }

// Message is the refusal as one text for the user (the wording of the old interpreter's
// refusals, which users know).
func (r *Refusal) Message() string {
	say := func(pt, en string) string {
		if r.Lang == semantic.PT {
			return pt
		}
		return en
	}
	var b strings.Builder
	if r.WriteIntent {
		// the reason opens the message
		b.WriteString(semantic.UpperFirst(r.Reason) + ".")
	} else {
		b.WriteString(say("Não entendi a pergunta por completo: ", "I could not fully understand the question: "))
		b.WriteString(r.Reason + ".")
	}
	if len(r.Understood) > 0 {
		b.WriteString(say(" Entendi: ", " I understood: ") + strings.Join(r.Understood, "; ") + ".")
	}
	if len(r.NotUnderstood) > 0 {
		b.WriteString(say(" Não entendi: ", " I did not understand: ") + "\"" + strings.Join(r.NotUnderstood, "\", \"") + "\".")
	}
	if len(r.Context) > 0 {
		b.WriteString(say(" Deixei de lado, como contexto: ", " I left out, as context: ") + "\"" + strings.Join(r.Context, "\", \"") + "\".")
	}
	return b.String()
}

// Clarification is a question with two readings that disagree: each with its SQL.
type Clarification struct {
	Lang    semantic.Lang
	Options []Option
}

// Option is one reading of an ambiguous question.
type Option struct {
	Text string
	SQL  string
}

func (c *Clarification) Error() string {
	var b strings.Builder
	if c.Lang == semantic.PT {
		b.WriteString("A pergunta tem mais de uma leitura; diga qual:")
	} else {
		b.WriteString("The question can be read more than one way; say which:")
	}
	for i, o := range c.Options {
		b.WriteString("\n" + string(rune('1'+i)) + ") " + o.Text + "\n   " + strings.ReplaceAll(o.SQL, "\n", " "))
	}
	return b.String()
}

// Interpret reads question. A question it cannot read completely is a *Refusal; one it
// can read two different ways is a *Clarification.
func (it *Interpreter) Interpret(question string, cat *semantic.Catalog) (*Result, error) {
	lang := semantic.PT
	if len(question) > MaxQuestionBytes {
		return nil, &Refusal{Lang: lang, Reason: "a pergunta é longa demais"}
	}
	lx := it.lexicon(cat)
	r := vocativesNamed(lx.Read(question))
	res, err := it.interpretSpliced(r, cat)
	if q, ok := partitiveFronted(r); ok && err != nil {
		// "dos clientes que ..., quantos ...": read in its order first, then the count first
		if res2, err2 := it.interpretSpliced(vocativesNamed(lx.Read(q)), cat); err2 == nil {
			return res2, nil
		}
	}
	if q, ok := elidedNounFilled(r); ok && err != nil {
		// "quantos pontos ... e quantos foram resgatados": the noun said again (ellipsis.go)
		if res2, err2 := it.interpretSpliced(vocativesNamed(lx.Read(q)), cat); err2 == nil && twoCounts(res2.Request) {
			return res2, nil
		}
	}
	return res, err
}

// interpretSpliced interprets r, and again with a definite period said back spliced in
// ("no mesmo mês", periodback.go).
func (it *Interpreter) interpretSpliced(r *lexicon.Reading, cat *semantic.Catalog) (*Result, error) {
	sp, mismatch := periodBackSpliced(r)
	if mismatch {
		return nil, &Refusal{Lang: r.Lang, Reason: say(r.Lang,
			"o período dito de novo (\"no mesmo mês\", \"naquele trimestre\") não é do tipo do período que a pergunta nomeia",
			"the period said again (\"in the same month\", \"that quarter\") is not of the kind of the period the question names")}
	}
	res, err := it.interpret(r, cat)
	if err == nil && res.Request.Period != nil || sp == nil {
		return res, err
	}
	if res2, err2 := it.interpret(sp, cat); err2 == nil {
		return res2, nil
	}
	if err == nil {
		// the definite period was left out and the other period went to one filter: the
		// words it stood beside would be counted over all time
		return nil, &Refusal{Lang: r.Lang, Understood: []string{describe(res.Request)}, Context: res.Context, Reason: say(r.Lang,
			"não sei a que parte da pergunta o período dito de novo se aplica; diga o período onde ele vale",
			"I cannot tell which part of the question the period said again applies to; say the period where it applies")}
	}
	return res, err
}

// interpret reads the question's reading r: its lead-in, its context, then the question.
func (it *Interpreter) interpret(r *lexicon.Reading, cat *semantic.Catalog) (*Result, error) {
	lang := r.Lang
	r, lead, stop := leadIn(r)
	if stop != nil {
		return nil, stop
	}
	fix := measureFixAt(r)
	if fix != nil {
		// read without the correction, then answered with the measure it keeps
		drop := make([]bool, len(r.Tokens))
		for i := fix.from; i < len(drop); i++ {
			drop[i] = true
		}
		r = withoutContext(r, drop, nil)
	}
	r, fixed := corrected(r)
	lead = append(lead, fixed...)
	r, setAside := contrasted(r)
	lead = append(lead, setAside...)
	r, restated := wholeChainRestated(r)
	lead = append(lead, restated...)
	r, examples := exemplified(r)
	lead = append(lead, examples...)
	if ref := othersQuestionRefusal(r); ref != nil {
		return nil, ref
	}
	ignored, context, addressed := contextOf(r)
	context = append(lead, context...)
	if ignored != nil {
		if _, contradicts := wholeClauses(r, ignored); contradicts {
			return nil, &Refusal{Lang: lang, Reason: say(lang, "a pergunta pede um total só e também uma divisão", "the question asks for one total and also for a breakdown"), Context: context}
		}
	}
	if ignored != nil || addressed != nil {
		r = withoutContext(r, ignored, addressed)
	}
	res, err := it.read(r, cat, context)
	if err == nil {
		read, tail := it.tailRefusal(r, cat, context, res)
		if tail != nil {
			return nil, tail
		}
		if read != nil {
			res = read
		}
		if ref := restatedPeriodRefusal(r, res); ref != nil {
			return nil, ref
		}
		if ref := it.redefinedRefusal(r, cat, context, res); ref != nil {
			return nil, ref
		}
	}
	var ref *Refusal
	if errors.As(err, &ref) {
		if res2 := it.readWithoutStatements(r, cat, context); res2 != nil {
			res, err = res2, nil
		} else if res2, ref2 := it.readRestated(r, cat, context); res2 != nil || ref2 != nil {
			if res, err = res2, nil; ref2 != nil {
				res, err = nil, ref2
			}
		} else if res2 := it.readRankedValue(r, cat, context); res2 != nil {
			res, err = res2, nil
		} else if res2 := it.readAsksApart(r, cat, context); res2 != nil {
			res, err = res2, nil
		} else if res2 := it.readPointedBack(r, cat, context); res2 != nil {
			res, err = res2, nil
		} else {
			backgroundRefusal(r, ref)
		}
	}
	if err == nil {
		if ref := conditionalRateRefusal(r, res); ref != nil {
			return nil, ref
		}
		if ref := perPeriodRefusal(r, res); ref != nil {
			return nil, ref
		}
	}
	if err == nil && unnamedOwnStore(r) {
		return nil, ownStoreRefusal(r, res)
	}
	if err == nil && countsStoresElse(r, res.Request) {
		return nil, storesCountRefusal(r, res)
	}
	if err == nil && signupPeriodMoved(r, res.Request, res.SQL) {
		if fixed := signupDated(r, res); fixed != nil {
			res = fixed
		} else {
			return nil, signupRefusal(r, res.Request, res.Context)
		}
	}
	if err == nil && fix != nil {
		return fix.apply(r, res)
	}
	return res, err
}

// read interprets a reading whose context sentences are already left out.
func (it *Interpreter) read(r *lexicon.Reading, cat *semantic.Catalog, context []string) (*Result, error) {
	lang := r.Lang
	r = withoutAsides(r)
	if len(r.Tokens) == 0 {
		return nil, &Refusal{Lang: lang, Reason: say(lang, "a pergunta está vazia", "the question is empty")}
	}
	if len(r.Tokens) > MaxQuestionTokens {
		return nil, &Refusal{Lang: lang, Reason: say(lang, "a pergunta é longa demais", "the question is too long")}
	}
	gx := it.grammars.Get().(*grammarEnv)
	defer it.grammars.Put(gx)
	it.setEnv(gx.env, r, cat)
	r = prepared(r)
	c := parse(gx.g, r)
	as := analyses(c, r, readings)

	type found struct {
		res  *Result
		cost float64
		text string
	}
	var ok []found
	var firstErr error
	var firstErrA *analysis
	for i := range as {
		a := &as[i]
		if len(a.unknown) > 0 {
			if firstErrA == nil {
				firstErrA = a
			}
			continue
		}
		if len(ok) > 0 && a.cost > ok[0].cost+1e-9 {
			break
		}
		var cls []clauseV
		var spans []tokenSpan
		for _, e := range a.clauses {
			cls = append(cls, e.Val.(clauseV))
			spans = append(spans, tokenSpan{e.From, e.To})
		}
		req, err := assemble(gx.env, lang, cls, spans)
		if err == nil && len(ok) == 0 {
			if err = notAhead(gx.env, req); err != nil {
				// the best reading asks of days to come: a costlier one that does not
				// is another question ("since July 1, 2025" is no comparison of years)
				firstErr, firstErrA = err, a
				break
			}
		}
		if err == nil {
			var sql string
			if sql, err = req.Compile(); err == nil {
				ok = append(ok, found{&Result{Request: req, SQL: sql, Lang: lang, Fixes: r.Fixes, Context: context}, a.cost, describe(req)})
				continue
			}
		}
		if firstErr == nil {
			firstErr = err
			if firstErrA == nil || a.cost < firstErrA.cost {
				firstErrA = a
			}
		}
	}
	if len(ok) > 0 {
		for _, o := range ok[1:] {
			if o.res.SQL != ok[0].res.SQL {
				return nil, &Clarification{Lang: lang, Options: []Option{{ok[0].text, ok[0].res.SQL}, {o.text, o.res.SQL}}}
			}
		}
		return ok[0].res, nil
	}
	ref := refusal(lang, r, firstErr, firstErrA)
	ref.Context = context
	return nil, ref
}

// setEnv sets x to what the productions read of the reading r (its calendar, catalogue
// and the positions of its words).
func (it *Interpreter) setEnv(x *env, r *lexicon.Reading, cat *semantic.Catalog) {
	*x = env{cal: semantic.Calendar{Now: it.now().In(it.loc)}, cat: cat, loc: it.loc, signup: namesSignup(r), activity: namesActivity(r), counts: countWords(r), pronouns: pronounsOf(r), conj: conjunctionsOf(r), anaphora: anaphoraOf(r), monthYears: monthYears(r), afterBy: afterBy(r), relatingAt: relatingAt(r), afterTop: afterTop(r), afterAdj: afterAdj(r), definite: definiteAt(r), inDaySet: inDaySet(r), workdays: namesWorkdays(r), each: saysEach(r), listed: saysList(r), all: saysAny(r, semantic.AllOf), clauseEnds: clauseEnds(r), values: valueKinds(r), afterEvent: afterEvent(r, ""), afterSignup: afterEvent(r, "signup"), valueFrom: valueFrom(r)}
	x.flags, x.ands, x.andThe = flagsOf(r)
	x.beforeTime = beforeTime(r)
	x.periodCount = periodRuns(r)
	for i, t := range r.Tokens {
		x.norms = append(x.norms, t.Norm)
		x.function = append(x.function, isFunctionWord(r, i))
	}
	x.dimAt, x.named, x.focus = map[int]string{}, namedValues(r), map[int]bool{}
	for _, m := range r.Matches {
		if m.Cat == semantic.CatWho && m.Arg == "thing" && m.Typos == 0 {
			x.thing = true
		}
		x.anyOf = x.anyOf || m.Cat == semantic.CatList && m.Arg == "any" && m.Typos == 0
		x.person = x.person || m.Cat == semantic.CatPerson
		if m.Cat == semantic.CatNoun {
			x.afterNoun = append(x.afterNoun, m.To)
		}
		if m.Cat == semantic.CatMost || m.Cat == semantic.CatLeast {
			x.afterMore = append(x.afterMore, m.To)
		}
		if m.Cat == semantic.CatThan {
			x.than = append(x.than, m.From)
		}
		if m.Cat == semantic.CatVs {
			x.vsAt = append(x.vsAt, m.From)
		}
		x.bandWord = x.bandWord || m.Cat == semantic.CatBands
		if m.Cat == semantic.CatDim && m.Typos == 0 {
			x.dimAt[m.From] = m.Arg
		}
		if m.Cat == semantic.CatCmp && m.Arg == "=" && m.Typos == 0 {
			if _, ok := focusOf(r, m); ok {
				x.focus[m.From] = true
			}
		}
	}
}

// prepared is the reading the chart parses: readings that failed, counts denied, words
// among others kept, "entre" before people read as "among", light verbs governed, store
// words after a determiner, a speaker's clause openers, "and" texted as "n", "no longer"
// after a negated verb.
func prepared(r *lexicon.Reading) *lexicon.Reading {
	return noLongerPlaced(textedAnd(clauseOpenersSkipped(storeNounAfterDeterminer(lightGoverned(amongPeople(amongKept(countNotDenied(notFailed(r)))))))))
}

// periodsAt are the periods the grammar reads over each span of r (a function word before
// one may be its), nil where it reads none: one parse for all.
func (it *Interpreter) periodsAt(r *lexicon.Reading, cat *semantic.Catalog, spans []tokenSpan) []*semantic.Period {
	gx := it.grammars.Get().(*grammarEnv)
	defer it.grammars.Put(gx)
	it.setEnv(gx.env, r, cat)
	r = prepared(r)
	c := parse(gx.g, r)
	id := gx.g.ids["Period"]
	out := make([]*semantic.Period, len(spans))
	for k, s := range spans {
	find:
		for f := max(s.from-1, 0); f <= s.from; f++ {
			for _, e := range c.cells[cellKey{f, s.to, id}] {
				if p, ok := e.Val.(periodV); ok && p.p != nil && !p.absence {
					out[k] = p.p
					break find
				}
			}
		}
	}
	return out
}

// namedValues counts the distinct values the question names of each dimension (a store
// said twice is one).
func namedValues(r *lexicon.Reading) map[string]int {
	seen := map[string]bool{}
	out := map[string]int{}
	for _, m := range r.Matches {
		if d := memberOf(m); d != "" && m.Typos == 0 && !seen[d+"|"+m.Arg] {
			seen[d+"|"+m.Arg] = true
			out[d]++
		}
	}
	return out
}

// namesSignup reports whether a word of the question can name a sign-up.
func namesSignup(r *lexicon.Reading) bool {
	for _, m := range r.Matches {
		if m.Cat == semantic.CatNew || m.Cat == semantic.CatEvent && m.Arg == "signup" {
			return true
		}
	}
	return false
}

// countWords are the positions of the question's count words ("quantos", "how many").
func countWords(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if m.Cat == semantic.CatAgg && m.Arg == "count" {
			out = append(out, m.From)
		}
	}
	return out
}

// namesActivity reports whether the question names an event of customers other than their
// sign-up, which happens once ("bought", "redeemed", "spent").
func namesActivity(r *lexicon.Reading) bool {
	for _, m := range r.Matches {
		if m.Cat == semantic.CatEvent && m.Arg != "signup" {
			return true
		}
	}
	return false
}

func say(l semantic.Lang, pt, en string) string {
	if l == semantic.PT {
		return pt
	}
	return en
}

// refusal says why no reading was complete: the reason of the best reading, the words it
// understood and the words it could not use.
func refusal(lang semantic.Lang, r *lexicon.Reading, err error, a *analysis) *Refusal {
	ref := &Refusal{Lang: lang}
	var rs *reason
	switch {
	case errors.As(err, &rs):
		ref.Reason, ref.WriteIntent = rs.text.In(lang), rs.write
	case err != nil:
		var ie *semantic.InvalidError
		if errors.As(err, &ie) {
			ref.Reason = ie.Reason.In(lang)
		} else {
			ref.Reason = err.Error()
		}
	default:
		ref.Reason = say(lang, "há palavras que a interpretação não usou, e responder sem elas seria responder outra pergunta",
			"some words were not used by the interpretation, and answering without them would answer another question")
	}
	if a == nil {
		return ref
	}
	if len(a.unknown) > 0 && err == nil {
		for _, i := range a.unknown {
			w := r.Tokens[i].Raw
			if g := r.Tokens[i].Guessed; g != "" {
				w = g // the initialism as typed ("NY"), not a word of its reading ("next")
				if n := len(ref.NotUnderstood); n > 0 && ref.NotUnderstood[n-1] == g {
					continue
				}
			}
			ref.NotUnderstood = append(ref.NotUnderstood, w)
		}
	}
	for _, e := range a.clauses {
		ref.Understood = append(ref.Understood, clauseText(e, r, lang))
	}
	return ref
}

// clauseText says what a clause was read as, quoting its words.
func clauseText(e *Edge, r *lexicon.Reading, lang semantic.Lang) string {
	var words []string
	for i := e.From; i < e.To; i++ {
		words = append(words, r.Tokens[i].Raw)
	}
	kind := e.Val.(clauseV).kind
	names := map[string]semantic.Text{
		"measures": semantic.T("medida", "measure"), "subject": semantic.T("assunto", "subject"), "breakdown": semantic.T("divisão", "breakdown"),
		"filter": semantic.T("filtro", "filter"), "period": semantic.T("período", "period"), "rank": semantic.T("ordem", "ranking"),
		"group": semantic.T("grupo", "group"), "list": semantic.T("lista", "list"), "write": semantic.T("alteração de dados", "data change"),
		"forecast": semantic.T("previsão", "forecast"), "scope": semantic.T("fora dos relatórios", "outside the reports"),
	}
	n, ok := names[kind]
	if !ok {
		n = semantic.T(kind, kind)
	}
	return n.In(lang) + " (\"" + strings.Join(words, " ") + "\")"
}

// describe says what a request computes, in its language (for clarifications).
func describe(r *semantic.Request) string {
	l := r.Lang
	var parts []string
	for _, m := range r.Measures {
		parts = append(parts, m.Name.In(l))
	}
	if len(r.Attrs) > 0 {
		parts = append(parts, say(l, "lista de ", "list of ")+r.Fact.Name.In(l))
	}
	s := strings.Join(parts, ", ")
	for i, d := range r.Dims {
		if i == 0 {
			s += say(l, " por ", " by ")
		} else {
			s += ", "
		}
		s += d.Name.In(l)
	}
	for _, f := range r.Filters {
		s += "; " + f.Name.In(l)
	}
	if r.Period != nil {
		s += "; " + r.Period.Label.In(l)
	}
	return s
}
