package grammar

import (
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The restatement rule. Speech says a question twice: "quais que são os cinco clientes que
// mais gastaram esse ano tipo assim o top cinco né quem mais gastou com a gente em dois mil
// e vinte e cinco", "revenue by store last month, I mean, what each store took in May". Read
// whole, the two sayings are two of everything (two rankings, two periods) and the question
// is refused. When it is, and a restatement word (semantic.Restatement) splits it, each part
// is read alone; the question is answered when both parts are complete readings that ask
// the same: the same SQL, once the period one of them names is given to the other (a part
// without a period, or one naming the same period another way, "esse ano" and "2025"). Any
// difference (another period, filter, measure or limit) keeps the refusal: which of the
// two was meant is not for the interpreter to guess.

// readRestated reads a question said twice around a restatement word; nil when it is not
// one or the two parts do not ask the same.
func (it *Interpreter) readRestated(r *lexicon.Reading, cat *semantic.Catalog, context []string) *Result {
	at, n := -1, 0
	for i := 1; i < len(r.Tokens) && at < 0; i++ {
		if k := phraseAt(r, i, restatementPhrases); k > 0 {
			at, n = i, k
		}
	}
	if at < 0 || at+n >= len(r.Tokens) {
		return nil
	}
	before, after := make([]bool, len(r.Tokens)), make([]bool, len(r.Tokens))
	for i := range r.Tokens {
		before[i] = i >= at // the first saying: the words before the restatement
		after[i] = i < at+n // the second: the words after it
	}
	first, err := it.read(withoutContext(r, before, nil), cat, context)
	if err != nil {
		return nil
	}
	second, err := it.read(withoutContext(r, after, nil), cat, context)
	if err != nil {
		return nil
	}
	p, q := first.Request.Period, second.Request.Period
	switch {
	case p == nil && q == nil || p != nil && q != nil && onePeriod(p, q):
	case p == nil:
		first, second = second, first // answer with the saying that names the period
	case q != nil:
		return nil // two periods: which one was meant?
	}
	other := *second.Request
	other.Period = first.Request.Period
	sql, err := other.Compile()
	if err != nil || sql != first.SQL {
		return nil
	}
	first.Context = append(first.Context, spanText(r, at, len(r.Tokens)))
	return first
}

var restatementPhrases = splitPhrases(semantic.Restatement)
