package eval

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/grammar"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/rollup"
	"gorm.io/gorm"
)

// TestRollupsAnswerAsRawRows: every question of the dev and extra sets that the compiler
// answers from a rollup (reporting.sales_daily, points_daily) gets exactly the answer of
// the same request compiled over raw rows, whatever the rollups' state: never refreshed
// (the migration leaves them empty), fresh, stale (sales, a cancellation and an old sale
// written after the refresh), and refreshed in another time zone than the session's.
func TestRollupsAnswerAsRawRows(t *testing.T) {
	db, _ := seededDB(t)
	e := newEnv(t, db)
	ctx := context.Background()
	it := grammar.New(func() time.Time { return Now }, Location)

	var queries []routedQuery
	for _, s := range loadSets(t) {
		if s.Name != "dev" && s.Name != "extra" {
			continue
		}
		for _, item := range s.Items {
			res, err := it.Interpret(item.Question, e.catalog)
			if err != nil || res.Request == nil {
				continue // refused: nothing to compare
			}
			routed, err := res.Request.Compile()
			if err != nil {
				t.Fatalf("%s: compile: %v", item.ID, err)
			}
			raw, err := res.Request.CompileRaw()
			if err != nil {
				t.Fatalf("%s: compile raw: %v", item.ID, err)
			}
			if routed != res.SQL {
				t.Errorf("%s: Compile is not the interpreter's SQL", item.ID)
			}
			if strings.Contains(raw, "_daily") {
				t.Errorf("%s: CompileRaw reads a rollup:\n%s", item.ID, raw)
			}
			if routed != raw {
				queries = append(queries, routedQuery{item.ID, item.Question, routed, raw})
			}
		}
	}
	// The sets ask for revenue, sales, tickets and points by store, month, payment type...:
	// many of their questions must be answered from the rollups, or this test proves little.
	if len(queries) < 25 {
		t.Fatalf("only %d questions of dev and extra are answered from a rollup", len(queries))
	}
	t.Logf("%d questions answered from a rollup", len(queries))

	compare := func(t *testing.T, state string) { compareRoutedRaw(t, ctx, e, state, queries) }
	job := rollup.New(db, Location, nil)
	refresh := func(t *testing.T, j *rollup.Job) {
		t.Helper()
		p, err := j.Refresh(ctx)
		if err != nil || p.Busy {
			t.Fatalf("refresh: %+v, %v", p, err)
		}
	}
	dirty := func(t *testing.T) int64 {
		var n int64
		if err := db.Raw(`SELECT count(*) FROM loyalty.rollup_marks`).Row().Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	t.Run("never refreshed", func(t *testing.T) { compare(t, "never refreshed") })
	t.Run("fresh", func(t *testing.T) {
		refresh(t, job)
		if n := dirty(t); n != 0 {
			t.Fatalf("%d marks left after a refresh", n)
		}
		compare(t, "fresh")
	})
	t.Run("stale", func(t *testing.T) {
		refresh(t, job)
		writeAfterRefresh(t, ctx, db)
		if dirty(t) == 0 {
			t.Fatal("the writes left no mark")
		}
		compare(t, "stale")
	})
	t.Run("other time zone", func(t *testing.T) {
		refresh(t, rollup.New(db, time.UTC, nil))
		compare(t, "rollups in UTC, session in "+TimeZone)
	})
}

// writeAfterRefresh records sales (now, in May, and at 23:30 local on 31 December, the
// next day in UTC) and cancels an old sale, through the ledger.
func writeAfterRefresh(t *testing.T, ctx context.Context, db *gorm.DB) {
	t.Helper()
	var customerID, storeCode, entryID string
	if err := db.Raw(`SELECT id FROM customers WHERE is_active ORDER BY doc LIMIT 1`).Row().Scan(&customerID); err != nil {
		t.Fatal(err)
	}
	if err := db.Raw(`SELECT store_code FROM stores WHERE is_active ORDER BY store_code LIMIT 1`).Row().Scan(&storeCode); err != nil {
		t.Fatal(err)
	}
	if err := db.Raw(`SELECT e.id FROM points_entries e JOIN coupons c ON c.points_entry_id = e.id
		WHERE e.cancelled_at IS NULL AND e.transaction_date >= '2025-03-01' AND e.transaction_date < '2025-04-01' ORDER BY e.id LIMIT 1`).Row().Scan(&entryID); err != nil {
		t.Fatal(err)
	}
	svc := ledger.NewService(db, ledger.Config{})
	pix := "pix"
	for i, at := range []time.Time{Now.Add(-2 * time.Hour), time.Date(2025, 5, 10, 15, 0, 0, 0, Location), time.Date(2024, 12, 31, 23, 30, 0, 0, Location)} {
		_, _, err := svc.Sale(ctx, ledger.Sale{CustomerID: customerID, StoreCode: storeCode, CouponIdentifier: fmt.Sprintf("ROLLUP-%d", i),
			TransactionDate: at, Value: ledger.Cents(12345 + i), PaymentType: &pix, UserAt: "test"})
		if err != nil {
			t.Fatalf("sale at %s: %v", at, err)
		}
	}
	if _, err := svc.CancelEntry(ctx, entryID, "test"); err != nil {
		t.Fatalf("cancel %s: %v", entryID, err)
	}
}

func rows(r Result) []string {
	var out []string
	for _, row := range r.Rows {
		var vs []string
		for _, v := range row {
			if v == nil {
				vs = append(vs, "NULL")
			} else {
				vs = append(vs, *v)
			}
		}
		out = append(out, strings.Join(vs, "|"))
	}
	return out
}

// routedQuery is a question compiled twice: routed (a rollup or the per-customer summary
// when its shape allows) and over raw rows.
type routedQuery struct{ id, question, routed, raw string }

// compareRoutedRaw runs each query both ways and fails on any difference of columns or
// rows, state naming the rollups' state in the messages.
func compareRoutedRaw(t *testing.T, ctx context.Context, e *env, state string, queries []routedQuery) {
	t.Helper()
	for _, q := range queries {
		got, err := e.runAt(ctx, q.routed)
		if err != nil {
			t.Errorf("%s: %s (%q): routed query: %v\n%s", state, q.id, q.question, err, q.routed)
			continue
		}
		want, err := e.runAt(ctx, q.raw)
		if err != nil {
			t.Fatalf("%s: %s: raw query: %v", state, q.id, err)
		}
		if g, w := fmt.Sprint(rows(got)), fmt.Sprint(rows(want)); g != w || !slices.Equal(got.Columns, want.Columns) {
			t.Errorf("%s: %s (%q): routed query answered\n  %v %s\nraw rows answer\n  %v %s\n%s", state, q.id, q.question, got.Columns, g, want.Columns, w, q.routed)
		}
	}
}
