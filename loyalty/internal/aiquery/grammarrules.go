package aiquery

import (
	"context"
	"errors"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/grammar"
)

// GrammarRules is the offline generator built on the grammar interpreter (package
// grammar). It answers the same questions as Rules, read by structure instead of by
// phrase; it replaces Rules once it scores at least as well (eval/README.md).
type GrammarRules struct {
	it *grammar.Interpreter
}

// NewGrammarRules returns the grammar generator; now and loc as NewRules.
func NewGrammarRules(now func() time.Time, loc *time.Location) *GrammarRules {
	return &GrammarRules{it: grammar.New(now, loc)}
}

// Generate implements Generator. A clarification is a refusal whose message lists both
// readings with their SQL.
func (g *GrammarRules) Generate(_ context.Context, ask Ask) (Generation, error) {
	res, err := g.it.Interpret(ask.Question, ask.Catalog)
	if err != nil {
		var r *grammar.Refusal
		var c *grammar.Clarification
		switch {
		case errors.As(err, &r):
			return Generation{}, &NotUnderstood{Message: r.Message(), Lang: string(r.Lang), WriteIntent: r.WriteIntent}
		case errors.As(err, &c):
			return Generation{}, &NotUnderstood{Message: c.Error(), Lang: string(c.Lang)}
		}
		return Generation{}, err
	}
	in := res.Request.Explain()
	in.NoteTypos(res.Fixes)
	return Generation{Query: res.SQL, Interpretation: &in, Source: SourceRules}, nil
}
