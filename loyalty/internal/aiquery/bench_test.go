package aiquery

import (
	"context"
	"testing"
	"time"
)

// go test -run '^$' -bench . ./loyalty/internal/aiquery/
func BenchmarkGuardCheck(b *testing.B) {
	g := NewGuard(DefaultMaxRows)
	q := `SELECT COALESCE(r.store_code, '-') AS store_code, s.name AS loja, count(*) AS resgates, sum(r.total_points) AS pontos
FROM reporting.redeems r LEFT JOIN reporting.stores s ON s.store_code = r.store_code
WHERE r.status IN ('pending', 'applied') AND r.created_at >= date_trunc('month', now())
GROUP BY 1, 2 ORDER BY 4 DESC, 1`
	for b.Loop() {
		if _, err := g.Check(q); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRulesGenerate(b *testing.B) {
	g := NewRules(time.Now, time.UTC)
	for b.Loop() {
		if _, err := g.Generate(context.Background(), Ask{Question: "total de pontos resgatados por loja este mês", Catalog: testCatalog}); err != nil {
			b.Fatal(err)
		}
	}
}
