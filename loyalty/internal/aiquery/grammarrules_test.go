package aiquery

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// Both offline generators say what the query means, in the question's language, with the
// fields the API sends (title, measure, breakdown, filters, period, counting rules, notes):
// the grammar's interpretation is explained from its request, like the rules'. A request
// to change data is refused with a message that opens with what the user relies on.
func TestOfflineGeneratorsExplainTheInterpretation(t *testing.T) {
	cases := []struct {
		question                   string
		lang, title, measure       string
		breakdown                  []string
		period, rule, note, filter string
	}{
		{"faturamento por loja no mês passado", "pt", "Faturamento por loja", "soma do valor das vendas", []string{"loja"}, "mês passado", "canceladas não contam", "", ""},
		{"revenue by store last month", "en", "Revenue by store", "sum of the sales' value", []string{"store"}, "last month", "cancelled sales do not count", "", ""},
		{"faturamento por loja no pix em outubro", "pt", "Faturamento por loja", "soma do valor das vendas", []string{"loja"}, "outubro de 2024", "canceladas não contam", "", "pix"},
		{"tiket medio last week", "en", "Average ticket", "average value of a sale", []string{}, "last week", "cancelled sales do not count", "tiket", ""},
	}
	for _, gen := range []struct {
		name string
		g    Generator
	}{{"rules", NewRules(fixedNow, time.UTC)}, {"grammar", NewGrammarRules(fixedNow, time.UTC)}} {
		for _, c := range cases {
			t.Run(gen.name+"/"+c.question, func(t *testing.T) {
				g, err := generate(t, gen.g, c.question)
				if err != nil {
					t.Fatal(err)
				}
				in := g.Interpretation
				if in == nil {
					t.Fatal("no interpretation")
				}
				if in.Language != c.lang || !strings.HasPrefix(in.Title, c.title) || !strings.Contains(in.Measure, c.measure) ||
					strings.Join(in.Breakdown, "|") != strings.Join(c.breakdown, "|") || !strings.Contains(in.Period, c.period) ||
					len(in.Rules) != 1 || !strings.Contains(in.Rules[0], c.rule) || in.Filters == nil || in.Notes == nil {
					t.Fatalf("interpretation %+v", in)
				}
				if c.filter != "" && (len(in.Filters) != 1 || !strings.Contains(strings.ToLower(in.Filters[0]), c.filter)) {
					t.Errorf("filters %q, want one with %q", in.Filters, c.filter)
				}
				if c.note != "" && (len(in.Notes) == 0 || !strings.Contains(in.Notes[0], c.note)) {
					t.Errorf("notes %q, want the typo %q read", in.Notes, c.note)
				}
			})
		}
		for q, want := range map[string]string{"delete all customers": "I cannot change data", "apague os clientes inativos": "Não posso alterar dados"} {
			t.Run(gen.name+"/"+q, func(t *testing.T) {
				_, err := generate(t, gen.g, q)
				var nu *NotUnderstood
				if !errors.As(err, &nu) || !nu.WriteIntent || !strings.HasPrefix(nu.Message, want) {
					t.Fatalf("refusal %v, want one opening with %q", err, want)
				}
			})
		}
	}
}
