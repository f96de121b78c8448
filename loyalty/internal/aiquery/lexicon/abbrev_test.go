package lexicon

import (
	"strings"
	"testing"
)

// TestAbbreviations: a word the lexicon does not know is read as the word it abbreviates,
// or the phrase it is the initials of, when all it can stand for is one concept; a word
// that looks like a word, or that fits different concepts, is not guessed.
func TestAbbreviations(t *testing.T) {
	lx := New(testCatalog)
	for q, want := range map[string]string{
		"sales ystrdy":             `"ystrdy" → "yesterday"`,
		"avg tckt":                 `"tckt" → "ticket"`,
		"redemptions pndg":         `"pndg" → "pending"`,
		"pts rdmd":                 `"rdmd" → "redeemed"`,
		"rev LW":                   `"LW" → "last week"`,
		"pending redemptions rn":   `"rn" → "right now"`,
		"signups tq":               `"tq" → "this quarter"`,
		"sales on the menu":        "",
		"customers stay":           "",
		"customers fly":            "",
		"lots of sales":            "",
		"any news":                 "",
		"txs yesterday":            "", // transactions or taxes
		"revenue PM":               "",
		"sales for Rn":             "", // a capitalised name
		"quantas vendas a tia fez": "",
	} {
		got := strings.Join(lx.Read(q).Fixes, " ")
		if want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("%q: fixes %q, want %q", q, got, want)
		}
	}
}
