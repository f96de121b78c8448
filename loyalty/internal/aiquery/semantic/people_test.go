package semantic

import (
	"strings"
	"testing"
)

// A first name is never a word of the model: a name must stay a word the lexicon does not
// know, or "a senhora Maria Clara Souza" loses "Maria" to another sense.
func TestGivenNamesAreNoWords(t *testing.T) {
	for _, term := range Terms() {
		for _, p := range term.Words.All() {
			for _, w := range strings.Fields(p) {
				if GivenName(w) {
					t.Errorf("first name %q is a word of %s %s (%q)", w, term.Cat, term.Arg, p)
				}
			}
		}
	}
	if !Laughing("kkkkk") || !Laughing("rsrsrs") || !Laughing("hahaha") || !Laughing("asuhasuh") || Laughing("sushi") || Laughing("kg") {
		t.Error("laughter pattern")
	}
}
