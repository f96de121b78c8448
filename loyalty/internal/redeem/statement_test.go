package redeem_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
)

// The statement's total_items is the quantity of the main items (toppings apart) of the
// redeems it selects. Since migration 00585 it is read from redeems.main_items_qty, kept
// by triggers on redeem_items; this checks it against the items themselves, the query the
// statement ran before, after inserts of several redeems' items in one statement, updates
// of quantity, parent and redeem, deletes, the cascades of a deleted redeem and of a
// deleted customer, and that redeem.Audit names a redeem whose column was written around
// the triggers.
func TestStatementItemsTotalFollowsTheItems(t *testing.T) {
	e := newEnv(t, 2)
	ctx := context.Background()
	main := e.product("st-main", productOpts{points: 10, active: true, maxQty: 100})
	other := e.product("st-other", productOpts{points: 5, active: true, maxQty: 100})
	top := e.product("st-top", productOpts{points: 1, addon: true, active: true, maxQty: 100})
	c1, c2 := e.customer(0), e.customer(0)

	// Redeems of July 2031 (UTC), far from any other test's rows, with a store and pending,
	// so that "redeemed" (the route's default) and "all" select the same ones.
	at := time.Date(2031, 7, 10, 12, 0, 0, 0, time.UTC)
	newRedeem := func(customerID string) string {
		id := uuid.NewString()
		if err := e.db.Exec(`INSERT INTO redeems (id, customer_id, status, store_code, total_points, expires_at, created_at, updated_at)
			VALUES (?, ?, 'pending', 'ST1', 0, ?, ?, ?)`, id, customerID, at.AddDate(0, 0, 2), at, at).Error; err != nil {
			t.Fatalf("insert redeem: %v", err)
		}
		return id
	}
	r1, r2, r3 := newRedeem(c1), newRedeem(c1), newRedeem(c2)
	p1, p2, p3 := uuid.NewString(), uuid.NewString(), uuid.NewString()
	exec := func(sql string, args ...any) {
		t.Helper()
		if err := e.db.Exec(sql, args...).Error; err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	// One statement for three redeems' main items, one for their toppings.
	exec(`INSERT INTO redeem_items (id, redeem_id, customer_id, product_id, parent_item_id, qty, points) VALUES
		(?, ?, ?, ?, NULL, 3, 0), (?, ?, ?, ?, NULL, 2, 0), (?, ?, ?, ?, NULL, 7, 0), (gen_random_uuid(), ?, ?, ?, NULL, 1, 0)`,
		p1, r1, c1, main, p2, r1, c1, other, p3, r2, c1, main, r3, c2, main)
	exec(`INSERT INTO redeem_items (redeem_id, customer_id, product_id, parent_item_id, qty, points) VALUES
		(?, ?, ?, ?, 4, 0), (?, ?, ?, ?, 5, 0)`, r1, c1, top, p1, r2, c1, top, p3)

	// wantItems is the statement's total as it was computed before 00585: per redeem of
	// the month, the sum of its main items' qty.
	wantItems := func() string {
		t.Helper()
		var s string
		if err := e.db.Raw(`SELECT COALESCE(sum((SELECT sum(i.qty) FROM redeem_items i WHERE i.redeem_id = r.id AND i.parent_item_id IS NULL)), 0)::text
			FROM redeems r WHERE r.created_at >= ? AND r.created_at < ?`, at.AddDate(0, 0, -9), at.AddDate(0, 0, 21)).Scan(&s).Error; err != nil {
			t.Fatal(err)
		}
		return s
	}
	check := func(step string) {
		t.Helper()
		want := wantItems()
		for _, onlyRedeemed := range []bool{false, true} {
			st, err := e.redeems.StoreStatement(ctx, redeem.StatementQuery{Year: 2031, Month: 7, OnlyRedeemed: onlyRedeemed, Location: time.UTC, Page: 1, Limit: 10})
			if err != nil {
				t.Fatalf("%s: statement: %v", step, err)
			}
			if got := st.Statistics.TotalItems.String(); got != want {
				t.Errorf("%s (only redeemed %v): total_items = %s, want %s", step, onlyRedeemed, got, want)
			}
		}
		problems, err := redeem.Audit(ctx, e.db)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			if strings.Contains(p, "main_items_qty") {
				t.Errorf("%s: audit: %s", step, p)
			}
		}
	}
	check("inserted")
	if got := wantItems(); got != "13" {
		t.Fatalf("fixture: the main items add up to %s, want 13", got)
	}

	exec(`UPDATE redeem_items SET qty = qty + 10 WHERE redeem_id IN (?, ?)`, r1, r2) // mains and toppings
	check("quantities updated")
	exec(`UPDATE redeem_items SET applied_at = now(), coupon_identifier = 'K1' WHERE redeem_id = ?`, r1) // what apply writes
	check("applied")
	exec(`UPDATE redeem_items SET parent_item_id = ? WHERE id = ?`, p1, p2) // a main item becomes a topping
	check("made a topping")
	exec(`UPDATE redeem_items SET parent_item_id = NULL WHERE redeem_id = ? AND parent_item_id IS NOT NULL`, r2) // and back
	check("made a main item")
	exec(`UPDATE redeem_items SET redeem_id = ?, customer_id = ? WHERE id = ?`, r3, c2, p3) // moved to another redeem
	check("moved")
	exec(`DELETE FROM redeem_items WHERE id = ?`, p1) // its topping goes by the cascade
	check("deleted")
	exec(`DELETE FROM redeems WHERE id = ?`, r2)
	check("redeem deleted")

	// A write around the triggers is what the audit is for.
	exec(`ALTER TABLE redeem_items DISABLE TRIGGER redeem_items_main_qty_update`)
	exec(`UPDATE redeem_items SET qty = qty + 1 WHERE redeem_id = ? AND parent_item_id IS NULL`, r3)
	exec(`ALTER TABLE redeem_items ENABLE TRIGGER redeem_items_main_qty_update`)
	problems, err := redeem.Audit(ctx, e.db)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range problems {
		found = found || (strings.Contains(p, r3) && strings.Contains(p, "main_items_qty"))
	}
	if !found {
		t.Errorf("audit after a write around the triggers: %q, want redeem %s's main_items_qty named", problems, r3)
	}
	exec(`UPDATE redeems r SET main_items_qty = (SELECT COALESCE(sum(qty), 0) FROM redeem_items i WHERE i.redeem_id = r.id AND i.parent_item_id IS NULL) WHERE id = ?`, r3)
	check("repaired")

	// A customer's DELETE takes its redeems and their items by its cascades, the items'
	// delete trigger included.
	exec(`DELETE FROM customers WHERE id = ?`, c2)
	check("customer deleted")
	var left int64
	if err := e.db.Raw(`SELECT count(*) FROM redeems WHERE customer_id = ?`, c2).Scan(&left).Error; err != nil || left != 0 {
		t.Errorf("redeems of the deleted customer: %d (%v), want 0", left, err)
	}
}

// The statement's statistics are those of the four queries it ran before the fifth pass
// of issue 25 (totals with count(DISTINCT), counts by status, the ten top customers, each
// over its own scan), here computed by those queries and compared whole, with ties in the
// top list's points and more than ten customers.
func TestStatementStatisticsAsBefore(t *testing.T) {
	e := newEnv(t, 2)
	ctx := context.Background()
	main := e.product("ss-main", productOpts{points: 10, active: true, maxQty: 100})
	at := time.Date(2032, 3, 5, 12, 0, 0, 0, time.UTC)
	statuses := []string{"pending", "applied", "cancelled", "expired"}
	for i := 0; i < 30; i++ {
		c := e.customer(0)
		for j := 0; j <= i%3; j++ {
			var store any = "S1"
			if (i+j)%5 == 0 {
				store = nil // a redeem made outside a store
			}
			id := uuid.NewString()
			if err := e.db.Exec(`INSERT INTO redeems (id, customer_id, status, store_code, total_points, expires_at, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, c, statuses[(i+j)%4], store, 10*(i%4+j), at.AddDate(0, 0, 2), at.Add(time.Duration(i*3+j)*time.Hour), at).Error; err != nil {
				t.Fatalf("insert redeem: %v", err)
			}
			if err := e.db.Exec(`INSERT INTO redeem_items (redeem_id, customer_id, product_id, qty, points) VALUES (?, ?, ?, ?, 0)`, id, c, main, 1+j).Error; err != nil {
				t.Fatalf("insert item: %v", err)
			}
		}
	}
	from, to := at.AddDate(0, 0, -4), at.AddDate(0, 0, 27)
	for _, onlyRedeemed := range []bool{false, true} {
		filter := "r.created_at >= ? AND r.created_at < ?"
		if onlyRedeemed {
			filter += " AND r.store_code IS NOT NULL AND r.status IN ('pending', 'applied')"
		}
		var totals struct {
			TotalRedeems, TotalCustomers int64
			TotalPoints, TotalItems      string
		}
		if err := e.db.Raw(`SELECT count(*) AS total_redeems, count(DISTINCT r.customer_id) AS total_customers,
				COALESCE(sum(r.total_points), 0)::text AS total_points,
				COALESCE(sum((SELECT sum(i.qty) FROM redeem_items i WHERE i.redeem_id = r.id AND i.parent_item_id IS NULL)), 0)::text AS total_items
			FROM redeems r WHERE `+filter, from, to).Scan(&totals).Error; err != nil {
			t.Fatal(err)
		}
		var byStatus []struct {
			Status string
			N      int64
		}
		if err := e.db.Raw(`SELECT r.status, count(*) AS n FROM redeems r WHERE `+filter+` GROUP BY r.status`, from, to).Scan(&byStatus).Error; err != nil {
			t.Fatal(err)
		}
		want := redeem.Statistics{TotalCustomers: totals.TotalCustomers, TotalRedeems: totals.TotalRedeems,
			TotalPoints: json.Number(totals.TotalPoints), TotalItems: json.Number(totals.TotalItems), ByStatus: map[string]int64{}}
		for _, b := range byStatus {
			want.ByStatus[b.Status] = b.N
		}
		if err := e.db.Raw(`SELECT t.customer_id, c.name, c.doc, t.redeems, t.points::text AS points
			FROM (SELECT r.customer_id, count(*) AS redeems, sum(r.total_points) AS points
			        FROM redeems r WHERE `+filter+`
			       GROUP BY r.customer_id ORDER BY sum(r.total_points) DESC, count(*) DESC, r.customer_id LIMIT 10) t
			JOIN customers c ON c.id = t.customer_id
			ORDER BY t.points DESC, t.redeems DESC, t.customer_id`, from, to).Scan(&want.TopCustomers).Error; err != nil {
			t.Fatal(err)
		}
		if len(want.TopCustomers) != 10 || want.TotalCustomers <= 10 || len(want.ByStatus) < 2 {
			t.Fatalf("fixture (only redeemed %v): %d customers, %d top, statuses %v: want more than ten and two statuses", onlyRedeemed, want.TotalCustomers, len(want.TopCustomers), want.ByStatus)
		}
		st, err := e.redeems.StoreStatement(ctx, redeem.StatementQuery{Year: 2032, Month: 3, OnlyRedeemed: onlyRedeemed, Location: time.UTC, Page: 1, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(st.Statistics, want) {
			t.Errorf("only redeemed %v: statistics\n got %+v\nwant %+v", onlyRedeemed, st.Statistics, want)
		}
		if st.Total != want.TotalRedeems || st.TotalPages != (want.TotalRedeems+4)/5 || len(st.Results) != 5 {
			t.Errorf("only redeemed %v: total %d, pages %d, %d rows; want %d, %d, 5", onlyRedeemed, st.Total, st.TotalPages, len(st.Results), want.TotalRedeems, (want.TotalRedeems+4)/5)
		}
	}

	// A month without redeems: zeros, empty lists.
	st, err := e.redeems.StoreStatement(ctx, redeem.StatementQuery{Year: 2032, Month: 9, Location: time.UTC, Page: 1, Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	empty := redeem.Statistics{TotalPoints: "0", TotalItems: "0", ByStatus: map[string]int64{}, TopCustomers: []redeem.CustomerStat{}}
	if !reflect.DeepEqual(st.Statistics, empty) || st.Total != 0 || st.TotalPages != 0 {
		t.Errorf("empty month: %+v (total %d, pages %d), want %+v", st.Statistics, st.Total, st.TotalPages, empty)
	}
}
