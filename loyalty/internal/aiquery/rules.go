package aiquery

import (
	"context"
	"errors"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/nlq"
)

// Rules is the offline, deterministic generator: the compositional interpreter of package
// nlq reads the question against the semantic layer (package semantic) and writes SQL over
// the reporting views. It answers only what it understood completely; anything else is
// refused with what it understood, what it did not, and questions it can answer.
type Rules struct {
	it *nlq.Interpreter
}

// NewRules returns the rules generator. now is the clock (time.Now in production); loc is
// the time zone named months and days are read in (the runner's session time zone).
func NewRules(now func() time.Time, loc *time.Location) *Rules {
	return &Rules{it: nlq.New(now, loc)}
}

// Generate implements Generator.
func (g *Rules) Generate(_ context.Context, ask Ask) (Generation, error) {
	res, err := g.it.Interpret(ask.Question, ask.Catalog)
	if err != nil {
		var r *nlq.Refusal
		if errors.As(err, &r) {
			return Generation{}, &NotUnderstood{Message: r.Message(), Lang: string(r.Lang), WriteIntent: r.WriteIntent}
		}
		return Generation{}, err
	}
	return Generation{Query: res.SQL, Interpretation: &res.Echo, Source: SourceRules}, nil
}

// Examples is the question catalogue the rules answer (both languages).
func Examples() []nlq.Example { return nlq.Examples }
