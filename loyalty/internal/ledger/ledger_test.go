package ledger_test

import (
	"context"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/apperr"
)

func ptr[T any](v T) *T { return &v }

func TestCreditAndDebitMoveTheBalance(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	c := newCustomer(t, db)

	cr, replayed, err := svc.Credit(ctx, ledger.Movement{CustomerID: c, Points: 100, Description: "welcome", UserAt: "ana", TransactionDate: time.Now()})
	if err != nil || replayed {
		t.Fatalf("credit: %v, replayed %v", err, replayed)
	}
	if cr.Points != 100 || cr.TransactionType != "C" || cr.UserAt != "ana" || cr.Description != "welcome" {
		t.Fatalf("credit entry = %+v", cr)
	}
	db2, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 30, Description: "spent", UserAt: "ana", TransactionDate: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if db2.Points != -30 || db2.TransactionType != "D" {
		t.Fatalf("debit entry = %+v, want points -30 type D", db2)
	}
	if got := balance(t, db, c); got != 70 {
		t.Fatalf("balance = %d, want 70", got)
	}

	_, _, err = svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 71, Description: "too much", TransactionDate: time.Now()})
	if !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("overdraft: err = %v, want conflict", err)
	}
	if sum, n := entriesSum(t, db, c); sum != 70 || n != 2 {
		t.Fatalf("after refused debit: entries sum %d count %d, want 70 and 2", sum, n)
	}

	_, _, err = svc.Credit(ctx, ledger.Movement{CustomerID: "00000000-0000-0000-0000-000000000000", Points: 1, TransactionDate: time.Now()})
	if !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("unknown customer: err = %v, want not found", err)
	}
	if err := db.Exec(`UPDATE customers SET is_active = false WHERE id = ?`, c).Error; err != nil {
		t.Fatal(err)
	}
	_, _, err = svc.Credit(ctx, ledger.Movement{CustomerID: c, Points: 1, TransactionDate: time.Now()})
	if !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("inactive customer: err = %v, want conflict", err)
	}
	assertInvariant(t, db)
}

func TestTransactionIdentifierReplays(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	c := newCustomer(t, db)
	m := ledger.Movement{CustomerID: c, Points: 40, Description: "sale", TransactionIdentifier: ptr("tx-1"), TransactionDate: time.Now()}

	first, replayed, err := svc.Credit(ctx, m)
	if err != nil || replayed {
		t.Fatalf("first: %v replayed=%v", err, replayed)
	}
	again, replayed, err := svc.Credit(ctx, m)
	if err != nil || !replayed || again.ID != first.ID {
		t.Fatalf("replay: id %s replayed=%v err=%v, want id %s replayed", again.ID, replayed, err, first.ID)
	}
	other := m
	other.Points = 41
	if _, _, err := svc.Credit(ctx, other); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("same identifier, other points: err = %v, want conflict", err)
	}
	// Idempotency is per customer and type: a debit may carry the same identifier.
	if _, replayed, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 40, TransactionIdentifier: ptr("tx-1"), TransactionDate: time.Now()}); err != nil || replayed {
		t.Fatalf("debit with the credit's identifier: %v replayed=%v", err, replayed)
	}
	if sum, n := entriesSum(t, db, c); sum != 0 || n != 2 {
		t.Fatalf("entries sum %d count %d, want 0 and 2", sum, n)
	}
	// A client-chosen entry id is an idempotency key too.
	id := "6f1c1a66-1b7e-4b55-9f54-2f9f3f3f0001"
	e1, _, err := svc.Credit(ctx, ledger.Movement{ID: id, CustomerID: c, Points: 5, TransactionDate: time.Now()})
	if err != nil || e1.ID != id {
		t.Fatalf("credit with id: %v (id %s)", err, e1.ID)
	}
	if _, replayed, err := svc.Credit(ctx, ledger.Movement{ID: id, CustomerID: c, Points: 5, TransactionDate: time.Now()}); err != nil || !replayed {
		t.Fatalf("credit with the same id: %v replayed=%v", err, replayed)
	}
	if _, _, err := svc.Credit(ctx, ledger.Movement{ID: id, CustomerID: c, Points: 6, TransactionDate: time.Now()}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("same id, other points: %v, want conflict", err)
	}
	assertInvariant(t, db)
}

// 200 concurrent debits of 1 point on a customer holding 100: exactly 100 succeed, 100 are
// refused with a conflict, the balance ends at 0 and the entries sum to 0.
func TestConcurrentDebitsNeverOverdraw(t *testing.T) {
	db := newDB(t, 20)
	svc := ledger.NewService(db, ledger.Config{})
	c := newCustomer(t, db)
	credit(t, svc, c, 100)

	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, conflicts := 0, 0
	var others []error
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := svc.Debit(context.Background(), ledger.Movement{CustomerID: c, Points: 1, Description: "coffee", TransactionDate: time.Now()})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case apperr.Is(err, apperr.Conflict):
				conflicts++
			default:
				others = append(others, err)
			}
		}()
	}
	wg.Wait()
	if len(others) > 0 {
		t.Fatalf("unexpected errors: %v", others)
	}
	if ok != 100 || conflicts != 100 {
		t.Fatalf("succeeded %d, conflicts %d; want 100 and 100", ok, conflicts)
	}
	if b := balance(t, db, c); b != 0 {
		t.Fatalf("balance = %d, want 0", b)
	}
	if sum, n := entriesSum(t, db, c); sum != 0 || n != 101 {
		t.Fatalf("entries sum %d count %d, want 0 and 101", sum, n)
	}
	assertInvariant(t, db)
}

// The same credit retried concurrently 20 times with one transaction_identifier writes one
// entry, and every caller gets that entry back.
func TestConcurrentRetriesOfOneCreditWriteOneEntry(t *testing.T) {
	db := newDB(t, 20)
	svc := ledger.NewService(db, ledger.Config{})
	c := newCustomer(t, db)

	type result struct {
		id       string
		replayed bool
		err      error
	}
	results := make(chan result, 20)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			e, replayed, err := svc.Credit(context.Background(), ledger.Movement{CustomerID: c, Points: 25, Description: "sale",
				TransactionIdentifier: ptr("pos-42"), TransactionDate: time.Now()})
			results <- result{e.ID, replayed, err}
		}()
	}
	close(start)
	wg.Wait()
	close(results)
	firsts, ids := 0, map[string]bool{}
	for r := range results {
		if r.err != nil {
			t.Fatalf("retry failed: %v", r.err)
		}
		ids[r.id] = true
		if !r.replayed {
			firsts++
		}
	}
	if firsts != 1 || len(ids) != 1 {
		t.Fatalf("%d callers wrote an entry and %d distinct ids came back; want 1 and 1", firsts, len(ids))
	}
	if sum, n := entriesSum(t, db, c); sum != 25 || n != 1 {
		t.Fatalf("entries sum %d count %d, want 25 and 1", sum, n)
	}
	assertInvariant(t, db)
}

// The database refuses every change of an entry except setting cancelled_at once, every
// delete of an entry of an existing customer, and any change of points_balance that does
// not come from an entry.
func TestLedgerGuards(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	c := newCustomer(t, db)
	e := credit(t, svc, c, 50)

	refused := func(sql string, code string, args ...any) { t.Helper(); assertRefused(t, db, code, sql, args...) }
	refused(`UPDATE points_entries SET points = 500 WHERE id = ?`, "LY002", e.ID)
	refused(`UPDATE points_entries SET description = 'edited' WHERE id = ?`, "LY002", e.ID)
	refused(`UPDATE points_entries SET customer_id = ? WHERE id = ?`, "LY002", newCustomer(t, db), e.ID)
	refused(`DELETE FROM points_entries WHERE id = ?`, "LY002", e.ID)
	refused(`UPDATE customers SET points_balance = 1000 WHERE id = ?`, "LY003", c)
	refused(`INSERT INTO customers (name, doc, email, phone, points_balance) VALUES ('x', 'guard-doc', 'x@x', '1', 10)`, "LY003")
	refused(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date) VALUES (?, 'D', -51, now())`, "LY001", c)
	refused(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date) VALUES (?, 'D', 5, now())`, "23514", c)

	// Other columns of a customer may change; writing back the same balance is harmless.
	if err := db.Exec(`UPDATE customers SET name = 'Renamed', points_balance = points_balance WHERE id = ?`, c).Error; err != nil {
		t.Fatalf("update of other customer columns: %v", err)
	}
	if err := db.Exec(`UPDATE points_entries SET cancelled_at = now() WHERE id = ?`, e.ID).Error; err != nil {
		t.Fatalf("setting cancelled_at: %v", err)
	}
	refused(`UPDATE points_entries SET cancelled_at = NULL WHERE id = ?`, "LY002", e.ID)
	if b := balance(t, db, c); b != 50 {
		t.Fatalf("balance = %d, want 50", b)
	}
	// Deleting the customer takes its entries with it.
	if err := db.Exec(`DELETE FROM customers WHERE id = ?`, c).Error; err != nil {
		t.Fatalf("delete customer: %v", err)
	}
	if _, n := entriesSum(t, db, c); n != 0 {
		t.Fatalf("%d entries left after the customer was deleted", n)
	}
}

func TestAuditFindsCorruption(t *testing.T) {
	db := newDB(t, 1) // one connection: the session setting below applies to the next statements
	svc := ledger.NewService(db, ledger.Config{})
	c := newCustomer(t, db)
	credit(t, svc, c, 10)
	if problems, err := ledger.Audit(context.Background(), db); err != nil || len(problems) != 0 {
		t.Fatalf("healthy ledger: %v %v", problems, err)
	}
	// Bypass the guards as only a superuser can, to prove the audit sees a broken balance.
	if err := db.Exec(`SET session_replication_role = replica`).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(`UPDATE customers SET points_balance = 11 WHERE id = ?`, c).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(`SET session_replication_role = DEFAULT`).Error; err != nil {
		t.Fatal(err)
	}
	// The balance no longer matches its entries, nor its lots.
	problems, err := ledger.Audit(context.Background(), db)
	if err != nil || len(problems) != 2 {
		t.Fatalf("audit of a broken balance = %v, %v; want two problems", problems, err)
	}
}

func TestCancelEntry(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	c := newCustomer(t, db)
	cr := credit(t, svc, c, 80)
	deb, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 20, TransactionDate: time.Now()})
	if err != nil {
		t.Fatal(err)
	}

	res, err := svc.CancelEntry(ctx, deb.ID, "ana")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cancelled) != 1 || res.Cancelled[0].Points != 20 || res.Cancelled[0].PointsBalance != 80 || res.Cancelled[0].PointID != deb.ID {
		t.Fatalf("cancel debit = %+v", res)
	}
	if _, err := svc.CancelEntry(ctx, deb.ID, "ana"); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("second cancel: %v, want conflict", err)
	}
	if _, err := svc.CancelEntry(ctx, res.Cancelled[0].ReversalID, "ana"); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("cancel of a reversal: %v, want conflict", err)
	}
	if _, err := svc.CancelEntry(ctx, "00000000-0000-0000-0000-000000000000", "ana"); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("cancel of an unknown entry: %v, want not found", err)
	}

	// A credit already spent cannot be cancelled: the balance would go negative.
	if _, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 50, TransactionDate: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CancelEntry(ctx, cr.ID, "ana"); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("cancel of a spent credit: %v, want conflict", err)
	}
	var cancelled []struct{ CancelledAt *time.Time }
	if err := db.Raw(`SELECT cancelled_at FROM points_entries WHERE id = ?`, cr.ID).Scan(&cancelled).Error; err != nil || len(cancelled) != 1 || cancelled[0].CancelledAt != nil {
		t.Fatalf("refused cancel left cancelled_at = %+v (%v)", cancelled, err)
	}
	if b := balance(t, db, c); b != 30 {
		t.Fatalf("balance = %d, want 30", b)
	}
	assertInvariant(t, db)
}

func TestSaleEarnsPointsWithPromotions(t *testing.T) {
	day := time.Date(2025, 3, 10, 15, 0, 0, 0, time.UTC)
	type promo struct {
		multiplier, bonus string
		minPurchase       *string
		stores            *string // Postgres array literal
		active            bool
		start, end        time.Time
	}
	around := func(m, b string) promo {
		return promo{multiplier: m, bonus: b, active: true, start: day.Add(-24 * time.Hour), end: day.Add(24 * time.Hour)}
	}
	tests := []struct {
		name   string
		rate   float64
		value  string
		promos []promo
		want   int64
	}{
		{"default rate floors", 0, "10.99", nil, 10},
		{"fractional rate is exact", 0.3, "10.00", nil, 3},
		{"rate 2.5", 2.5, "3.10", nil, 7},
		{"multiplier", 1, "10.00", []promo{around("2", "0")}, 20},
		{"best multiplier wins, bonuses add", 1, "10.00", []promo{around("1.5", "5"), around("3", "7")}, 42},
		{"inactive promotion ignored", 1, "10.00", []promo{{multiplier: "5", bonus: "0", active: false, start: day.Add(-time.Hour), end: day.Add(time.Hour)}}, 10},
		{"promotion over before the sale", 1, "10.00", []promo{{multiplier: "5", bonus: "0", active: true, start: day.Add(-48 * time.Hour), end: day.Add(-time.Hour)}}, 10},
		{"min purchase not reached", 1, "10.00", []promo{func() promo { p := around("2", "100"); p.minPurchase = ptr("10.01"); return p }()}, 10},
		{"min purchase reached", 1, "10.01", []promo{func() promo { p := around("2", "100"); p.minPurchase = ptr("10.01"); return p }()}, 120},
		{"other store", 1, "10.00", []promo{func() promo { p := around("2", "0"); p.stores = ptr("{S2}"); return p }()}, 10},
		{"this store", 1, "10.00", []promo{func() promo { p := around("2", "0"); p.stores = ptr("{S2,S1}"); return p }()}, 20},
	}
	db := newDB(t, 5)
	newStore(t, db, "S1")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := db.Exec(`DELETE FROM promotions`).Error; err != nil {
				t.Fatal(err)
			}
			for _, p := range tt.promos {
				if err := db.Exec(`INSERT INTO promotions (name, start_date, end_date, is_active, points_multiplier, bonus_points, min_purchase, store_codes)
					VALUES ('p', ?, ?, ?, ?::numeric, ?::int, ?::numeric, ?::text[])`, p.start, p.end, p.active, p.multiplier, p.bonus, p.minPurchase, p.stores).Error; err != nil {
					t.Fatal(err)
				}
			}
			svc := ledger.NewService(db, ledger.Config{PointsPerCurrencyUnit: tt.rate})
			c := newCustomer(t, db)
			value, ok := ledger.ParseCents(tt.value)
			if !ok {
				t.Fatalf("bad value %s", tt.value)
			}
			e, _, err := svc.Sale(context.Background(), ledger.Sale{CustomerID: c, StoreCode: "S1", CouponIdentifier: "CUP-" + c[:8],
				TransactionDate: day, Value: value})
			if err != nil {
				t.Fatal(err)
			}
			if e.Points != tt.want || balance(t, db, c) != tt.want {
				t.Fatalf("earned %d (balance %d), want %d", e.Points, balance(t, db, c), tt.want)
			}
		})
	}
}

func TestEarnedPointsAndCents(t *testing.T) {
	cents := []struct {
		in   string
		want ledger.Cents
		ok   bool
	}{
		{"12", 1200, true}, {"12.5", 1250, true}, {"12.345", 1235, true}, {"0.004", 0, true},
		{"-1", 0, false}, {"abc", 0, false}, {"1e20", 0, false},
	}
	for _, c := range cents {
		got, ok := ledger.ParseCents(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseCents(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	if got := ledger.EarnedPoints(1999, big.NewRat(1, 1), big.NewRat(3, 2)); got != 29 {
		t.Errorf("EarnedPoints(19.99 x 1 x 1.5) = %d, want 29", got)
	}
}

func TestSaleCouponLifecycle(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	newStore(t, db, "S1")
	c := newCustomer(t, db)
	var doc string
	db.Raw(`SELECT doc FROM customers WHERE id = ?`, c).Scan(&doc)

	d1 := time.Date(2025, 1, 5, 12, 0, 0, 0, time.UTC)
	d2 := time.Date(2025, 2, 5, 12, 0, 0, 0, time.UTC)
	sale := ledger.Sale{Doc: doc, StoreCode: "S1", CouponIdentifier: "A-1", TransactionDate: d1, Value: 5000,
		PaymentType: ptr("card"), Data: map[string]any{"items": []any{map[string]any{"sku": "X", "qty": 1}}}}
	first, replayed, err := svc.Sale(ctx, sale)
	if err != nil || replayed || first.Points != 50 || first.CustomerID != c {
		t.Fatalf("sale: %+v replayed=%v err=%v", first, replayed, err)
	}
	again, replayed, err := svc.Sale(ctx, sale)
	if err != nil || !replayed || again.ID != first.ID {
		t.Fatalf("replayed sale: id %s replayed=%v err=%v", again.ID, replayed, err)
	}
	other := sale
	other.Value = 5100
	if _, _, err := svc.Sale(ctx, other); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("same coupon, other value: %v, want conflict", err)
	}
	second := sale
	second.CouponIdentifier, second.TransactionDate, second.Value = "A-2", d2, 1000
	if _, _, err := svc.Sale(ctx, second); err != nil {
		t.Fatal(err)
	}
	var cust struct {
		LastPurchase   time.Time
		StoreCodeOwner string
	}
	db.Raw(`SELECT last_purchase, store_code_owner FROM customers WHERE id = ?`, c).Scan(&cust)
	if !cust.LastPurchase.Equal(d2) || cust.StoreCodeOwner != "S1" {
		t.Fatalf("customer after sales = %+v, want last_purchase %s and owner S1", cust, d2)
	}

	coupons, total, err := svc.Coupons(ctx, c, 10, 0)
	if err != nil || total != 2 || len(coupons) != 2 || coupons[0].CouponIdentifier != "A-2" || *coupons[0].StoreName != "Store S1" {
		t.Fatalf("coupons = %+v total %d err %v", coupons, total, err)
	}
	cp, err := svc.CouponByIdentifier(ctx, c, "A-1")
	if err != nil || !jsonHas(cp.Data, `"payment_type": "card"`) || !jsonHas(cp.Data, `"value": 50`) || !jsonHas(cp.Data, `"sku": "X"`) {
		t.Fatalf("coupon A-1 = %s err %v", cp.Data, err)
	}

	res, err := svc.CancelCoupon(ctx, "A-2", "", "ana")
	if err != nil || len(res.Cancelled) != 1 || res.Cancelled[0].PointsBalance != 50 {
		t.Fatalf("cancel coupon: %+v %v", res, err)
	}
	db.Raw(`SELECT last_purchase, store_code_owner FROM customers WHERE id = ?`, c).Scan(&cust)
	if !cust.LastPurchase.Equal(d1) {
		t.Fatalf("last_purchase after cancelling the newest sale = %s, want %s", cust.LastPurchase, d1)
	}
	if _, err := svc.CancelCoupon(ctx, "A-2", "", "ana"); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("second cancel: %v, want conflict", err)
	}
	if _, err := svc.CancelCoupon(ctx, "NOPE", "", "ana"); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("unknown coupon: %v, want not found", err)
	}
	cp, _ = svc.CouponByIdentifier(ctx, c, "A-2")
	if cp.CancelledAt == nil {
		t.Fatal("coupon A-2 not marked cancelled")
	}
	if _, _, err := svc.Sale(ctx, second); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("sale of a cancelled coupon again: %v, want conflict", err)
	}
	assertInvariant(t, db)
}

func TestDeleteCustomerRemovesItsHistory(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	newStore(t, db, "S1")
	c, keep := newCustomer(t, db), newCustomer(t, db)
	for _, id := range []string{c, keep} {
		if _, _, err := svc.Sale(ctx, ledger.Sale{CustomerID: id, StoreCode: "S1", CouponIdentifier: "K-1", TransactionDate: time.Now(), Value: 1000}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.CancelCoupon(ctx, "K-1", c, "ana"); err != nil {
		t.Fatal(err)
	}
	d, err := svc.DeleteCustomer(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if d.PointsEntries != 2 || d.Coupons != 1 || d.CustomerID != c || d.Detail != "customer deleted" {
		t.Fatalf("deletion = %+v", d)
	}
	var left int64
	db.Raw(`SELECT (SELECT count(*) FROM customers WHERE id = @c) + (SELECT count(*) FROM points_entries WHERE customer_id = @c) + (SELECT count(*) FROM coupons WHERE customer_id = @c)`,
		map[string]any{"c": c}).Scan(&left)
	if left != 0 {
		t.Fatalf("%d rows of the deleted customer left", left)
	}
	if b := balance(t, db, keep); b != 10 {
		t.Fatalf("other customer's balance = %d, want 10", b)
	}
	if _, err := svc.DeleteCustomer(ctx, c); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("second delete: %v, want not found", err)
	}
	assertInvariant(t, db)
}

// The same sale sent concurrently 10 times records one coupon and one entry; every caller
// gets that entry.
func TestConcurrentDuplicateSalesRecordOneCoupon(t *testing.T) {
	db := newDB(t, 10)
	svc := ledger.NewService(db, ledger.Config{})
	newStore(t, db, "S1")
	c := newCustomer(t, db)
	ids := make(chan string, 10)
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, _, err := svc.Sale(context.Background(), ledger.Sale{CustomerID: c, StoreCode: "S1", CouponIdentifier: "DUP", TransactionDate: time.Now(), Value: 1234})
			if err != nil {
				t.Errorf("duplicate sale: %v", err)
				return
			}
			ids <- e.ID
		}()
	}
	wg.Wait()
	close(ids)
	distinct := map[string]bool{}
	for id := range ids {
		distinct[id] = true
	}
	if len(distinct) != 1 {
		t.Fatalf("%d distinct entries returned, want 1", len(distinct))
	}
	if sum, n := entriesSum(t, db, c); sum != 12 || n != 1 {
		t.Fatalf("entries sum %d count %d, want 12 and 1", sum, n)
	}
	assertInvariant(t, db)
}
