package eval

import (
	"context"
	"fmt"
	"slices"
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
// every case of the summary's check: none (all time), open at one end, bounded with no
// sale on one side, and bounded with sales on both sides (read raw by the same query).
func TestCustomerSummaryAnswersAsRawRows(t *testing.T) {
	db, _ := seededDB(t)
	e := newEnv(t, db)
	ctx := context.Background()
	it := grammar.New(func() time.Time { return Now }, Location)

	questions := []string{
		"quantos clientes nunca compraram",
		"how many customers never bought",
		"quantos clientes se cadastraram este ano e nunca compraram",
		"quantos clientes compraram",
		"quantos clientes compraram em 2025",
		"quantos clientes compraram em maio de 2025",
		"how many customers made a purchase in the last 30 days",
		"top 10 clientes que mais gastaram",
		"top 10 clientes que mais gastaram em 2025",
		"top 10 customers who spent the most in May 2025",
		"top 5 clientes que mais compraram",
		"gasto médio por cliente",
		"average spend per customer in 2025",
		"faturamento das mulheres",
	}
	type query struct{ question, routed, raw string }
	var queries []query
	for _, q := range questions {
		res, err := it.Interpret(q, e.catalog)
		if err != nil || res.Request == nil {
			t.Fatalf("%q: not understood: %v", q, err)
		}
		routed, err := res.Request.Compile()
		if err != nil {
			t.Fatalf("%q: compile: %v", q, err)
		}
		raw, err := res.Request.CompileRaw()
		if err != nil {
			t.Fatalf("%q: compile raw: %v", q, err)
		}
		if !strings.Contains(routed, "reporting.customer_purchases") || strings.Contains(raw, "customer_purchases") {
			t.Fatalf("%q: want the summary routed and raw rows raw:\n%s\n--- raw\n%s", q, routed, raw)
		}
		queries = append(queries, query{q, routed, raw})
	}

	compare := func(t *testing.T, state string) {
		t.Helper()
		for _, q := range queries {
			got, err := e.runAt(ctx, q.routed)
			if err != nil {
				t.Errorf("%s: %q: summary query: %v\n%s", state, q.question, err, q.routed)
				continue
			}
			want, err := e.runAt(ctx, q.raw)
			if err != nil {
				t.Fatalf("%s: %q: raw query: %v", state, q.question, err)
			}
			if g, w := fmt.Sprint(rows(got)), fmt.Sprint(rows(want)); g != w || !slices.Equal(got.Columns, want.Columns) {
				t.Errorf("%s: %q: summary answered\n  %v %s\nraw rows answer\n  %v %s\n%s", state, q.question, got.Columns, g, want.Columns, w, q.routed)
			}
			if len(want.Rows) == 0 {
				t.Errorf("%s: %q: no rows: the comparison proves nothing", state, q.question)
			}
		}
	}
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
