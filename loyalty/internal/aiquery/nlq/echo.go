package nlq

import (
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Echo says, in the question's language, what the report computes, so a person can check
// it before running it (semantic.Request.Explain).
type Echo = semantic.Explanation

// describe is the request's explanation with what reading the question added: the typos
// it read as other words and its notes.
func describe(r *semantic.Request, q *question, notes []semantic.Text) Echo {
	e := r.Explain()
	e.NoteTypos(q.fixes)
	for _, n := range notes {
		e.Notes = append(e.Notes, n.In(r.Lang))
	}
	return e
}
