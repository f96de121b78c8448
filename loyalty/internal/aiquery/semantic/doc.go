// Package semantic is the reporting semantic layer: the one place that says what a report
// can count or sum (measures.go), how it can be broken down (dimensions.go), narrowed
// (filters.go) and over which time (period.go), over which view (facts.go), and with which
// counting rules (a cancelled sale never counts, a redemption counts while pending or
// applied, a customer belongs to its owner store). Every report, whatever the question's
// wording, is a Request built from these parts; Compile turns it into one SELECT over the
// reporting views and Describe says in the user's language what it means.
//
// Nothing here reads natural language: package grammar (over package lexicon) turns
// questions into Requests, and the OpenAI prompt quotes the definitions (Glossary) so the
// model follows the same rules.
package semantic

// Lang is the language of a question and of everything said back: column aliases,
// descriptions, refusals.
type Lang string

// The two languages questions are asked in.
const (
	PT Lang = "pt"
	EN Lang = "en"
)

// Text is a phrase in both languages.
type Text struct {
	PT string
	EN string
}

// In returns the phrase in l.
func (t Text) In(l Lang) string {
	if l == PT {
		return t.PT
	}
	return t.EN
}

// T is shorthand for a Text.
func T(pt, en string) Text { return Text{PT: pt, EN: en} }
