package grammar

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// TestColumns11: the eleventh round's classes of lists and rankings. Paraphrases written
// for these tests, with near misses that must keep their one row.
func TestColumns11(t *testing.T) {
	desc := semantic.Descending
	runClasses(t, []classCases{
		{"a ranking said with no direction of its own orders every group, never only the first", map[string]want{
			"ranking cidades por faturamento no ano":                                  {dims: []string{"city"}, order: desc, sql: []string{"GROUP BY s.city"}},
			"me faz um ranking das formas de pagamento por número de vendas este ano": {dims: []string{"payment_type"}, order: desc},
			"ranking das lojas por ticket médio em maio":                              {dims: []string{"store"}, order: desc},
			"Store league table on average ticket, YTD - rank them all.":              {dims: []string{"store"}, order: desc},
			"league table of the stores by revenue last month":                        {dims: []string{"store"}, order: desc},
			"rank the cities by number of sales this year":                            {dims: []string{"city"}, order: desc},
			// a question for the first keeps its one row
			"qual cidade faturou mais no ano":  {dims: []string{"city"}, limit: 1},
			"which store sold the most in May": {dims: []string{"store"}, limit: 1},
			"top 3 cidades por faturamento":    {dims: []string{"city"}, limit: 3},
		}},
	})
}
