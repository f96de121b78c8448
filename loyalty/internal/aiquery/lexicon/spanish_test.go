package lexicon

import (
	"slices"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// TestSpanishSpellings: a Spanish spelling is a word the lexicon does not know (else it
// would change a Portuguese or English question's reading), but for the articles, which
// are function words already; it stands for words the lexicon knows; and no spelling or
// homograph is a false friend.
func TestSpanishSpellings(t *testing.T) {
	lx := New(testCatalog)
	articles := []string{"el", "la", "los", "las", "lo", "del", "al"}
	for _, s := range semantic.Spanish {
		if lx.Knows(s.Informal) != slices.Contains(articles, s.Informal) {
			t.Errorf("Spanish %q: known %v", s.Informal, lx.Knows(s.Informal))
		}
		if semantic.SpanishFalseFriend(s.Informal) {
			t.Errorf("Spanish %q is a false friend", s.Informal)
		}
		if !slices.ContainsFunc(s.Standard, lx.Knows) {
			t.Errorf("Spanish %q: none of %v is a word of the lexicon", s.Informal, s.Standard)
		}
	}
	for _, s := range semantic.SpanishHomographs {
		if !lx.Knows(s.Informal) || !slices.ContainsFunc(s.Standard, lx.Knows) {
			t.Errorf("homograph %q: not a word of the lexicon read as a known one %v", s.Informal, s.Standard)
		}
	}
	for _, w := range semantic.SpanishFalseFriends {
		if lx.Knows(w) || semantic.SpellingsOf(w) != nil || semantic.SpanishVerbForms(w) != nil {
			t.Errorf("false friend %q is read", w)
		}
	}
}
