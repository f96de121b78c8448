package eval

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/grammar"
	"github.com/loyaltylinks/platform/loyalty/internal/rollup"
)

// TestCustomerSummaryAnswersAsRawRows: the questions by customer that the compiler answers
// from the per-customer summary (reporting.customer_purchases, migration 00580) get
// exactly the answer of the same request over raw coupons, whatever the summary's state:
// never refreshed (every seeded customer marked), fresh, and stale (sales in and out of
// the periods asked and a cancellation written after the refresh). The periods cover
// the cases of the summary's check: none (all time), open at one end (the last 30 days),
// a year with no sale after it, and a year with sales on both sides (read raw by the same
// query); a month stays on raw rows.
func TestCustomerSummaryAnswersAsRawRows(t *testing.T) {
	db, _ := seededDB(t)
	e := newEnv(t, db)
	ctx := context.Background()
	it := grammar.New(func() time.Time { return Now }, Location)

	// routed: answered through the summary; the others (a month: seldom covered) must
	// stay on raw rows.
	questions := []struct {
		q      string
		routed bool
	}{
		{"quantos clientes nunca compraram", true},
		{"how many customers never bought", true},
		{"quantos clientes se cadastraram este ano e nunca compraram", true},
		{"quantos clientes compraram", true},
		{"quantos clientes compraram em 2025", true},
		{"quantos clientes compraram em maio de 2025", false},
		{"how many customers made a purchase in the last 30 days", true},
		{"top 10 clientes que mais gastaram", true},
		{"top 10 clientes que mais gastaram em 2025", true},
		{"top 10 customers who spent the most in May 2025", false},
		{"top 5 clientes que mais compraram", true},
		{"gasto médio por cliente", true},
		{"average spend per customer in 2025", true},
		{"faturamento das mulheres", true},
	}
	var queries []routedQuery
	for _, q := range questions {
		res, err := it.Interpret(q.q, e.catalog)
		if err != nil || res.Request == nil {
			t.Fatalf("%q: not understood: %v", q.q, err)
		}
		routed, err := res.Request.Compile()
		if err != nil {
			t.Fatalf("%q: compile: %v", q.q, err)
		}
		raw, err := res.Request.CompileRaw()
		if err != nil {
			t.Fatalf("%q: compile raw: %v", q.q, err)
		}
		if strings.Contains(raw, "customer_purchases") {
			t.Fatalf("%q: CompileRaw reads the summary:\n%s", q.q, raw)
		}
		// all time and whole years: the customers' periods (migration 00587); the rest the
		// summary
		if got := strings.Contains(routed, "reporting.customer_purchases") || strings.Contains(routed, "reporting.customer_period_purchases"); got != q.routed {
			t.Fatalf("%q: read from the summary %v, want %v:\n%s", q.q, got, q.routed, routed)
		}
		if q.routed {
			queries = append(queries, routedQuery{q.q, q.q, routed, raw})
		}
	}

	compare := func(t *testing.T, state string) { compareRoutedRaw(t, ctx, e, state, queries) }
	marks := func(t *testing.T) int64 {
		var n int64
		if err := db.Raw(`SELECT count(*) FROM loyalty.customer_purchase_marks`).Row().Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	job := rollup.New(db, Location, nil)

	t.Run("never refreshed", func(t *testing.T) {
		if marks(t) == 0 {
			t.Fatal("the seed's sales left no mark")
		}
		compare(t, "never refreshed")
	})
	t.Run("fresh", func(t *testing.T) {
		if p, err := job.Refresh(ctx); err != nil || p.Busy || p.Customers == 0 {
			t.Fatalf("refresh: %+v, %v", p, err)
		}
		if n := marks(t); n != 0 {
			t.Fatalf("%d marks left after a refresh", n)
		}
		compare(t, "fresh")
	})
	t.Run("stale", func(t *testing.T) {
		writeAfterRefresh(t, ctx, db)
		if marks(t) == 0 {
			t.Fatal("the writes left no mark")
		}
		compare(t, "stale")
	})
}
