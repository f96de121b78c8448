package eval

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
	"gorm.io/gorm"
)

// TestCustomerRankingKeepsTies: a ranking of customers is compiled in two steps (grouped
// by customer id, the first n kept with ties, then the customers' columns joined:
// semantic.Request.ranksCustomers) and must answer as the one-step query over the
// customers' columns did, ties at the n-th place included: customers tied on the measure
// are ordered by name, then document. Rankings from raw coupons (a period) and from the
// per-customer summary (all time), largest and smallest first.
func TestCustomerRankingKeepsTies(t *testing.T) {
	db, _ := seededDB(t)
	e := newEnv(t, db)
	ctx := context.Background()

	// Far above every seeded customer's spending, in a year with no other sale: D first,
	// then A, B and C tied, then E.
	seedSpenders(t, db, "Zz Rank ", "RANK", 99_000_000_000, time.Date(2031, 3, 1, 12, 0, 0, 0, Location), tiedSpend)

	year := semantic.Range(time.Date(2031, 1, 1, 0, 0, 0, 0, Location), time.Date(2031, 12, 31, 0, 0, 0, 0, Location))
	cases := []struct {
		name   string
		period *semantic.Period
		order  semantic.Order
		limit  int
		want   []string // names, in order
	}{
		{"top 2 in 2031, a tie at the 2nd place", year, semantic.Natural, 2, []string{"Zz Rank D", "Zz Rank A"}},
		{"top 3 in 2031", year, semantic.Natural, 3, []string{"Zz Rank D", "Zz Rank A", "Zz Rank B"}},
		{"bottom 2 in 2031", year, semantic.Ascending, 2, []string{"Zz Rank E", "Zz Rank A"}},
		{"top 2 of all time (the summary)", nil, semantic.Natural, 2, []string{"Zz Rank D", "Zz Rank A"}},
	}
	for _, c := range cases {
		r := &semantic.Request{Lang: semantic.PT, Fact: semantic.Sales, Measures: []*semantic.Measure{semantic.Revenue},
			Dims: []*semantic.Dimension{semantic.ByCustomer}, Period: c.period, Order: c.order, Limit: c.limit}
		sql, err := r.Compile()
		if err != nil {
			t.Fatalf("%s: compile: %v", c.name, err)
		}
		if !strings.Contains(sql, "WITH TIES") {
			t.Fatalf("%s: not compiled as a ranking:\n%s", c.name, sql)
		}
		// the one-step shape the ranking replaced: every row joined to its customer and
		// grouped by the customer's columns
		dir := "DESC NULLS LAST"
		if c.order == semantic.Ascending {
			dir = "NULLS LAST"
		}
		cond := "true"
		if c.period != nil {
			cond = c.period.Cond("v.transaction_date")
		}
		ref := fmt.Sprintf(`SELECT c.name AS cliente, c.doc AS documento, COALESCE(sum(v.value), 0) AS faturamento
FROM reporting.coupons v
JOIN reporting.customers c ON c.id = v.customer_id
WHERE v.cancelled_at IS NULL AND %s
GROUP BY c.id, c.name, c.doc
ORDER BY 3 %s, 1, 2
LIMIT %d`, cond, dir, c.limit)
		got, err := e.runAt(ctx, sql)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, sql)
		}
		want, err := e.runAt(ctx, ref)
		if err != nil {
			t.Fatalf("%s: reference: %v\n%s", c.name, err, ref)
		}
		if g, w := fmt.Sprint(rows(got)), fmt.Sprint(rows(want)); g != w {
			t.Errorf("%s: ranking answered\n  %s\nthe one-step query\n  %s\n%s", c.name, g, w, sql)
		}
		var names []string
		for _, row := range got.Rows {
			names = append(names, *row[0])
		}
		if fmt.Sprint(names) != fmt.Sprint(c.want) {
			t.Errorf("%s: customers %v, want %v", c.name, names, c.want)
		}
	}
}

// tiedSpend: D first, then A, B and C tied, then E (far above every seeded customer).
var tiedSpend = []struct {
	name  string
	value int
}{{"D", 5_000_000}, {"C", 3_000_000}, {"A", 3_000_000}, {"B", 3_000_000}, {"E", 1_000_000}}

// seedSpenders adds each of spend as a customer named prefix+name (documents from doc0 on)
// with two coupons, on day at and the next, that sum its value (coupon i's are
// coupon-i-0 and coupon-i-1). Returns their ids by name.
func seedSpenders(t *testing.T, db *gorm.DB, prefix, coupon string, doc0 int64, at time.Time, spend []struct {
	name  string
	value int
}) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for i, s := range spend {
		var id string
		if err := db.Raw(`INSERT INTO loyalty.customers (name, doc, email, phone) VALUES (?, ?, ?, '11999999999') RETURNING id`,
			prefix+s.name, fmt.Sprintf("%011d", doc0+int64(i)), fmt.Sprintf("%s%d@example.com", strings.ToLower(coupon), i)).Row().Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids[s.name] = id
		for k, v := range []int{s.value / 2, s.value - s.value/2} {
			if err := db.Exec(`INSERT INTO loyalty.coupons (customer_id, coupon_identifier, transaction_date, value) VALUES (?, ?, ?, ?)`,
				id, fmt.Sprintf("%s-%d-%d", coupon, i, k), at.AddDate(0, 0, k), v).Error; err != nil {
				t.Fatal(err)
			}
		}
	}
	return ids
}
