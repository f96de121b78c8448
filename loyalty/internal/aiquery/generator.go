package aiquery

import (
	"context"
	"errors"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Ask is one question put to a generator, with what the service knows that helps answer
// it.
type Ask struct {
	Question string
	// Catalog holds the values the data has (stores, products, payment types, origins);
	// nil when they could not be read.
	Catalog *semantic.Catalog
	// Check runs a proposed query through the guard and a dry run under the reporting role;
	// nil skips it (tests of a generator alone).
	Check func(ctx context.Context, query string) error
}

// Interpretation says what a generated query means, in the question's language: the
// report's title, measure, breakdown, filters and period, explained from the request
// (semantic.Request.Explain).
type Interpretation = semantic.Explanation

// Generation is a generator's answer.
type Generation struct {
	Query          string
	Interpretation *Interpretation // what the query means (nil when the generator cannot say)
	Source         string          // SourceRules or SourceModel
}

// Where a query came from.
const (
	SourceRules = "rules"
	SourceModel = "model"
)

// Generator turns a question into one SQL query over the reporting views. A question it
// cannot (or will not) answer is a *NotUnderstood; a failing provider is an apperr
// Upstream error.
type Generator interface {
	Generate(ctx context.Context, ask Ask) (Generation, error)
}

// NotUnderstood is a question the generator will not turn into a query. Message is fit for
// the user, in the question's language.
type NotUnderstood struct {
	Message     string
	Lang        string
	WriteIntent bool // the question asks to change data: no generator may answer it
}

func (e *NotUnderstood) Error() string { return e.Message }

// Fallback asks First and, when First does not understand the question (and it is not a
// request to change data), Second. The rules answer what they can deterministically and
// the model only what they refuse. When both refuse, First's refusal is returned: it says
// what was understood and which questions work.
type Fallback struct {
	First  Generator
	Second Generator
}

// Generate implements Generator.
func (f Fallback) Generate(ctx context.Context, ask Ask) (Generation, error) {
	g, err := f.First.Generate(ctx, ask)
	var nu *NotUnderstood
	if err == nil || !errors.As(err, &nu) || nu.WriteIntent {
		return g, err
	}
	g2, err2 := f.Second.Generate(ctx, ask)
	var nu2 *NotUnderstood
	if err2 != nil && errors.As(err2, &nu2) && !nu2.WriteIntent {
		return Generation{}, err
	}
	return g2, err2
}
