package eval

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/grammar"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/rollup"
	"gorm.io/gorm"
)

// TestCustomerPeriodsAnswerAsRawRows: the questions by customer over a whole calendar
// quarter, a whole year or all time, which the compiler answers from the customers'
// quarters, years and all time (reporting.customer_period_purchases, migration 00587),
// get exactly the answer of the same request over raw coupons, in every state of that
// table: never built (no time zone: the view reads raw coupons), built by the job, after
// writes that its triggers follow (sales, one of them a different quarter in UTC than in
// the report time zone, a cancellation, a coupon's value, date and customer changed, a
// customer with sales deleted), and built in another time zone than the session's. A
// ranking with three customers tied at the n-th place (the ranking reads the table
// without grouping, in the order of its index) answers as the raw one. After each write,
// the table holds exactly what a rebuild from the coupons would.
func TestCustomerPeriodsAnswerAsRawRows(t *testing.T) {
	db, _ := seededDB(t)
	e := newEnv(t, db)
	ctx := context.Background()
	it := grammar.New(func() time.Time { return Now }, Location)

	// D first, then A, B and C tied at 3,000,000 in Q3 2025, then E
	tieIDs := seedSpenders(t, db, "Zz Tie ", "TIE", 98_000_000_000, time.Date(2025, 8, 1, 12, 0, 0, 0, Location), tiedSpend)

	questions := []string{
		"top 10 clientes que mais gastaram no segundo trimestre de 2025",
		"top 10 customers who spent the most in Q2 2025",
		"top 10 clientes que mais gastaram em 2025",
		"top 10 clientes que mais gastaram este ano",
		"top 10 clientes que mais gastaram no trimestre passado",
		"top 5 clientes que mais compraram",
		"top 10 clientes que mais gastaram",
		"quantos clientes compraram no segundo trimestre de 2025",
		"how many customers made a purchase in Q1 2025",
		"quantos clientes compraram em 2025",
		"quantos clientes compraram este trimestre",
		"gasto médio por cliente no segundo trimestre de 2025",
		"average spend per customer in 2025",
		"quantos clientes nunca compraram",
		"how many customers never bought",
		"faturamento das mulheres em 2025",
	}
	var queries []routedQuery
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
		if !strings.Contains(routed, "reporting."+semantic.CustomerPeriodsView) {
			t.Fatalf("%q: not read from %s:\n%s", q, semantic.CustomerPeriodsView, routed)
		}
		if strings.Contains(raw, semantic.CustomerPeriodsView) {
			t.Fatalf("%q: CompileRaw reads %s:\n%s", q, semantic.CustomerPeriodsView, raw)
		}
		queries = append(queries, routedQuery{q, q, routed, raw})
	}
	// the tie: D first, then A, B and C tied at 3,000,000 in Q3 2025; a top 2 shows A
	// (ties broken by name), a top 3 A and B
	q3 := semantic.Quarter(2025, 3, Location)
	for _, n := range []int{2, 3} {
		r := &semantic.Request{Lang: semantic.PT, Fact: semantic.Sales, Measures: []*semantic.Measure{semantic.Revenue},
			Dims: []*semantic.Dimension{semantic.ByCustomer}, Period: q3, Limit: n}
		routed, err := r.Compile()
		if err != nil {
			t.Fatal(err)
		}
		raw, err := r.CompileRaw()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(routed, semantic.CustomerPeriodsView) || strings.Contains(routed, "GROUP BY") {
			t.Fatalf("top %d in Q3: not ranked from the table's rows:\n%s", n, routed)
		}
		queries = append(queries, routedQuery{fmt.Sprintf("tie top %d", n), "top in Q3 2025", routed, raw})
	}

	compare := func(t *testing.T, state string) {
		t.Helper()
		compareRoutedRaw(t, ctx, e, state, queries)
		tie, err := e.runAt(ctx, queries[len(queries)-1].routed)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(rows(tie)); !strings.Contains(got, "Zz Tie D|") || !strings.Contains(got, "Zz Tie A|") || !strings.Contains(got, "Zz Tie B|") || strings.Contains(got, "Zz Tie C|") {
			t.Errorf("%s: top 3 in Q3 2025: %s, want D, A and B", state, got)
		}
	}
	consistent := func(t *testing.T) {
		t.Helper()
		var tz string
		if err := db.Raw(`SELECT customer_periods_time_zone FROM loyalty.rollup_settings`).Row().Scan(&tz); err != nil {
			t.Fatal(err)
		}
		if tz == "" {
			return
		}
		var diff int64
		err := db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec(`SELECT set_config('TimeZone', ?, true)`, tz).Error; err != nil {
				return err
			}
			return tx.Raw(`SELECT count(*) FROM (
				(SELECT grain, period_start, customer_id, purchases, spent FROM loyalty.customer_period_purchases
				 EXCEPT ALL SELECT * FROM loyalty.customer_periods_raw())
				UNION ALL
				(SELECT * FROM loyalty.customer_periods_raw()
				 EXCEPT ALL SELECT grain, period_start, customer_id, purchases, spent FROM loyalty.customer_period_purchases)) d`).Row().Scan(&diff)
		})
		if err != nil {
			t.Fatal(err)
		}
		if diff != 0 {
			t.Errorf("the table differs from a rebuild in %s by %d rows", tz, diff)
		}
	}
	refresh := func(t *testing.T, j *rollup.Job) rollup.Pass {
		t.Helper()
		p, err := j.Refresh(ctx)
		if err != nil || p.Busy {
			t.Fatalf("refresh: %+v, %v", p, err)
		}
		return p
	}

	t.Run("never built", func(t *testing.T) { compare(t, "never built") })
	t.Run("built", func(t *testing.T) {
		if p := refresh(t, rollup.New(db, Location, nil)); p.CustomerPeriods == 0 {
			t.Fatalf("the first pass rebuilt nothing: %+v", p)
		}
		if p := refresh(t, rollup.New(db, Location, nil)); p.CustomerPeriods != 0 {
			t.Fatalf("a second pass in the same zone rebuilt again: %+v", p)
		}
		consistent(t)
		compare(t, "built")
	})
	t.Run("after writes", func(t *testing.T) {
		writeAfterRefresh(t, ctx, db)
		consistent(t)
		rewriteCoupons(t, ctx, db, tieIDs)
		consistent(t)
		compare(t, "after writes")
	})
	t.Run("other time zone", func(t *testing.T) {
		refresh(t, rollup.New(db, time.UTC, nil))
		consistent(t)
		compare(t, "table in UTC, session in "+TimeZone)
	})
}

// rewriteCoupons changes coupons in every way the triggers follow: E's coupons in one
// statement (one's value, the other's date into Q2), a coupon of E moved to another
// customer, a coupon cancelled by hand, and a seeded customer with sales deleted.
func rewriteCoupons(t *testing.T, ctx context.Context, db *gorm.DB, ids map[string]string) {
	t.Helper()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE loyalty.coupons SET value = CASE WHEN coupon_identifier = 'TIE-4-0' THEN value + 10.25 ELSE value END,
			transaction_date = CASE WHEN coupon_identifier = 'TIE-4-1' THEN timestamptz '2025-05-05 12:00:00-03' ELSE transaction_date END
			WHERE customer_id = ?`, []any{ids["E"]}},
		{`UPDATE loyalty.coupons SET customer_id = ? WHERE coupon_identifier = 'TIE-4-1'`, []any{ids["D"]}},
		{`UPDATE loyalty.coupons SET cancelled_at = now() WHERE coupon_identifier = 'TIE-4-0'`, nil},
	} {
		if err := db.Exec(q.sql, q.args...).Error; err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	var victim string
	if err := db.Raw(`SELECT c.id FROM loyalty.customers c WHERE EXISTS (SELECT 1 FROM loyalty.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL)
		AND c.name NOT LIKE 'Zz %' ORDER BY c.doc DESC LIMIT 1`).Row().Scan(&victim); err != nil {
		t.Fatal(err)
	}
	if _, err := ledger.NewService(db, ledger.Config{}).DeleteCustomer(ctx, victim); err != nil {
		t.Fatalf("delete customer %s: %v", victim, err)
	}
}
