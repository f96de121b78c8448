package semantic

import "strings"

// Words are the ways questions name one concept, per language: phrases written folded
// (lower case, no accents), one or more words each. The lexicon is generated from them.
type Words struct {
	PT []string
	EN []string
}

// W builds Words from "|"-separated phrases.
func W(pt, en string) Words { return Words{PT: split(pt), EN: split(en)} }

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, "|") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// All is every phrase of both languages.
func (w Words) All() []string { return append(append([]string(nil), w.PT...), w.EN...) }

// With is w and then o, in each language.
func (w Words) With(o Words) Words {
	return Words{PT: append(append([]string(nil), w.PT...), o.PT...), EN: append(append([]string(nil), w.EN...), o.EN...)}
}

// keys splits a measure's composition keys.
func keys(s string) []string { return split(s) }
