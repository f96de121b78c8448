package aiquery

import (
	"os"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The documentation lists every catalogue question (both languages), every measure of the
// semantic layer and every glossary term.
func TestDocsListTheCatalogueAndTheLayer(t *testing.T) {
	raw, err := os.ReadFile("../../docs/ai-queries.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	for _, ex := range Examples() {
		for _, want := range []string{"`" + ex.ID + "`", ex.PT, ex.EN} {
			if !strings.Contains(doc, want) {
				t.Errorf("docs/ai-queries.md lacks %q (example %s)", want, ex.ID)
			}
		}
	}
	for _, m := range semantic.Measures {
		if !strings.Contains(doc, "`"+m.ID+"`") {
			t.Errorf("docs/ai-queries.md lacks measure %s", m.ID)
		}
	}
	for _, g := range semantic.Glossary {
		if !strings.Contains(doc, g.Term.PT) {
			t.Errorf("docs/ai-queries.md lacks glossary term %q", g.Term.PT)
		}
	}
}
