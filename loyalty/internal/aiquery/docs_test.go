package aiquery

import (
	"os"
	"strings"
	"testing"
)

// The documentation's question catalogue lists every pattern with both examples.
func TestDocsListEveryPattern(t *testing.T) {
	raw, err := os.ReadFile("../../docs/ai-queries.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	for _, p := range Patterns() {
		for _, want := range []string{"`" + p.ID + "`", p.ExamplePT, p.ExampleEN} {
			if !strings.Contains(doc, want) {
				t.Errorf("docs/ai-queries.md lacks %q (pattern %s)", want, p.ID)
			}
		}
	}
}
