package aiquery

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/grammar"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Rules is the offline, deterministic generator (AI_PROVIDER=rules): the grammar
// interpreter (package grammar) reads the question by its structure against the semantic
// model and writes SQL over the reporting views with the model's one compiler. It answers
// only what it read completely; anything else is refused with what it understood, what it
// did not, and catalogue questions it can answer; a question it can read two ways gets a
// clarification listing both.
type Rules struct {
	it *grammar.Interpreter
	// the model's words alone (the language of a question) and the suggestions of refusals,
	// built on first use: generating a lexicon takes a while
	words func() *lexicon.Lexicon
	sug   func() *suggester
}

// NewRules returns the rules generator. now is the clock (time.Now in production); loc is
// the time zone named months and days are read in (the runner's session time zone).
func NewRules(now func() time.Time, loc *time.Location) *Rules {
	words := sync.OnceValue(func() *lexicon.Lexicon { return lexicon.New(nil) })
	return &Rules{it: grammar.New(now, loc), words: words, sug: sync.OnceValue(func() *suggester { return newSuggester(words()) })}
}

// Generate implements Generator. A refusal says what was understood and suggests the
// closest catalogue questions; a clarification is a refusal whose message lists both
// readings with their SQL.
func (g *Rules) Generate(_ context.Context, ask Ask) (Generation, error) {
	res, err := g.it.Interpret(ask.Question, ask.Catalog)
	if err != nil {
		var r *grammar.Refusal
		var c *grammar.Clarification
		switch {
		case errors.As(err, &r):
			return Generation{}, &NotUnderstood{Message: g.sug().append(r.Message(), ask.Question, r.Lang),
				Lang: string(r.Lang), WriteIntent: r.WriteIntent}
		case errors.As(err, &c):
			return Generation{}, &NotUnderstood{Message: c.Error(), Lang: string(c.Lang)}
		}
		return Generation{}, err
	}
	in := res.Request.Explain()
	in.NoteTypos(res.Fixes)
	in.NoteContext(res.Context)
	return Generation{Query: res.SQL, Interpretation: &in, Source: SourceRules}, nil
}

// Language is the language a question is written in, as the interpreter reads it.
func (g *Rules) Language(question string) semantic.Lang { return g.words().Read(question).Lang }

// refuse is a refusal of question for a reason found outside the interpreter (a model
// that could not answer it): what the interpreter understood of it, the reason, and the
// closest catalogue questions, in the question's language.
func (g *Rules) refuse(question string, reason semantic.Text, cat *semantic.Catalog) *NotUnderstood {
	lang := g.Language(question)
	r := &grammar.Refusal{Lang: lang}
	if _, err := g.it.Interpret(question, cat); errors.As(err, &r) {
		r.WriteIntent = false // the model sees no request to change data
	}
	r.Reason = reason.In(r.Lang)
	return &NotUnderstood{Message: g.sug().append(r.Message(), question, r.Lang), Lang: string(r.Lang)}
}
