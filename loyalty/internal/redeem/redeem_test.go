package redeem_test

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/shared/apperr"
)

func TestRedeemLifeCycle(t *testing.T) {
	e := newEnv(t, 5)
	ctx := context.Background()
	c := e.customer(500)
	burger := e.product("BURGER", productOpts{points: 150, validityDays: ptr(3), active: true})
	fries := e.product("FRIES", productOpts{points: 50, validityDays: ptr(1), active: true})

	before := time.Now()
	r, err := e.block(c, item(burger, 2), redeem.ItemRequest{ProductRef: redeem.ProductRef{SKU: "FRIES"}, Qty: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != redeem.StatusPending || r.TotalPoints != 350 || len(r.Items) != 2 || r.CustomerID != c {
		t.Fatalf("block = %+v", r)
	}
	// The smallest validity_days of the products (fries: 1 day) sets the expiry.
	if d := r.ExpiresAt.Sub(before); d < 23*time.Hour || d > 25*time.Hour {
		t.Fatalf("expires in %s, want about 24h", d)
	}
	if b := e.balance(c); b != 150 {
		t.Fatalf("balance after block = %d, want 150", b)
	}
	if got, _ := pendingQtyByProduct(t, e.db, c); got[burger] != 2 || got[fries] != 1 || len(got) != 2 {
		t.Fatalf("pending qty = %v", got)
	}

	applied, err := e.redeems.Apply(ctx, r.PointsEntryID, "CUP-9", ptr("S1"))
	if err != nil {
		t.Fatal(err)
	}
	if applied.Status != redeem.StatusApplied || applied.AppliedAt == nil || *applied.CouponIdentifier != "CUP-9" || *applied.StoreCode != "S1" {
		t.Fatalf("apply = %+v", applied)
	}
	for _, it := range applied.Items {
		if it.AppliedAt == nil || it.CouponIdentifier == nil || *it.CouponIdentifier != "CUP-9" {
			t.Fatalf("item not applied: %+v", it)
		}
	}
	if got, _ := pendingQtyByProduct(t, e.db, c); len(got) != 0 {
		t.Fatalf("pending qty after apply = %v, want none", got)
	}

	wrongState := []struct {
		name string
		call func() error
	}{
		{"apply twice", func() error { _, err := e.redeems.Apply(ctx, r.PointsEntryID, "CUP-9", nil); return err }},
		{"cancel an applied redeem", func() error { _, err := e.redeems.Cancel(ctx, r.ID, "test"); return err }},
	}
	for _, w := range wrongState {
		if err := w.call(); !apperr.Is(err, apperr.Conflict) {
			t.Fatalf("%s: %v, want conflict", w.name, err)
		}
	}

	back, err := e.redeems.Rollback(ctx, r.PointsEntryID)
	if err != nil {
		t.Fatal(err)
	}
	if back.Status != redeem.StatusPending || back.AppliedAt != nil || back.CouponIdentifier != nil || back.Items[0].AppliedAt != nil {
		t.Fatalf("rollback = %+v", back)
	}
	if _, err := e.redeems.Rollback(ctx, r.PointsEntryID); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("rollback of a pending redeem: %v, want conflict", err)
	}

	cancel, err := e.redeems.Cancel(ctx, r.ID, "test")
	if err != nil {
		t.Fatal(err)
	}
	if cancel.Points != 350 || cancel.PointsBalance != 500 || cancel.Status != redeem.StatusCancelled {
		t.Fatalf("cancel = %+v", cancel)
	}
	for name, call := range map[string]func() error{
		"cancel twice":       func() error { _, err := e.redeems.Cancel(ctx, r.ID, "test"); return err },
		"apply cancelled":    func() error { _, err := e.redeems.Apply(ctx, r.PointsEntryID, "X", nil); return err },
		"rollback cancelled": func() error { _, err := e.redeems.Rollback(ctx, r.PointsEntryID); return err },
		"cancel the R entry": func() error { _, err := e.ledger.CancelEntry(ctx, r.PointsEntryID, "test"); return err },
	} {
		if err := call(); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("%s: %v, want conflict", name, err)
		}
	}
	if n, err := e.redeems.ExpireDue(ctx, time.Now().Add(72*time.Hour), 10); n != 0 || err != nil {
		t.Fatalf("expiry of a cancelled redeem: %d expired (%v), want 0", n, err)
	}
	if _, err := e.redeems.Cancel(ctx, "00000000-0000-0000-0000-000000000000", "test"); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("cancel unknown: %v, want not found", err)
	}
	e.assertInvariant()
}

func TestBlockRefusals(t *testing.T) {
	e := newEnv(t, 5)
	c := e.customer(100)
	pizza := e.product("PIZZA", productOpts{points: 60, active: true, maxQty: 1})
	cheese := e.product("CHEESE", productOpts{points: 10, addon: true, active: true})
	olives := e.product("OLIVES", productOpts{points: 10, addon: true, active: true})
	e.linkTopping(pizza, cheese)
	old := e.product("OLD", productOpts{points: 1, active: false})
	big := e.product("BIG", productOpts{points: 1, active: true, minQty: 3})

	withTopping := func(toppingID string, qty int) redeem.ItemRequest {
		it := item(pizza, 1)
		it.Toppings = []redeem.ToppingRequest{{ProductRef: redeem.ProductRef{ProductID: toppingID}, Qty: qty}}
		return it
	}
	tests := []struct {
		name  string
		items []redeem.ItemRequest
		code  apperr.Code
	}{
		{"unknown product", []redeem.ItemRequest{{ProductRef: redeem.ProductRef{SKU: "NOPE"}, Qty: 1}}, apperr.NotFound},
		{"inactive product", []redeem.ItemRequest{item(old, 1)}, apperr.Conflict},
		{"add-on alone", []redeem.ItemRequest{item(cheese, 1)}, apperr.Invalid},
		{"topping not linked", []redeem.ItemRequest{withTopping(olives, 1)}, apperr.Invalid},
		{"above max_qty across items", []redeem.ItemRequest{item(pizza, 1), item(pizza, 1)}, apperr.Invalid},
		{"below min_qty", []redeem.ItemRequest{item(big, 2)}, apperr.Invalid},
		{"insufficient points", []redeem.ItemRequest{withTopping(cheese, 5)}, apperr.Conflict},
		{"no items", nil, apperr.Invalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := e.block(c, tt.items...); !apperr.Is(err, tt.code) {
				t.Fatalf("err = %v, want %s", err, tt.code)
			}
		})
	}
	var redeems int64
	e.db.Raw(`SELECT count(*) FROM redeems`).Scan(&redeems)
	if redeems != 0 || e.balance(c) != 100 {
		t.Fatalf("refused blocks left %d redeems, balance %d", redeems, e.balance(c))
	}
	r, err := e.block(c, withTopping(cheese, 2))
	if err != nil {
		t.Fatal(err)
	}
	if r.TotalPoints != 80 || len(r.Items) != 2 || r.Items[1].ParentItemID == nil || *r.Items[1].ParentItemID != r.Items[0].ID {
		t.Fatalf("block with topping = %+v", r)
	}
	e.assertInvariant()
}

// TestExpirySkipsARedeemThatCannotBeReversed: one redeem whose reversal fails is reported
// and skipped; the others behind it still expire in the same run.
func TestExpirySkipsARedeemThatCannotBeReversed(t *testing.T) {
	e := newEnv(t, 10)
	ctx := context.Background()
	p := e.product("P", productOpts{points: 10, validityDays: ptr(1), active: true})
	var redeems []redeem.Redeem
	for i := 0; i < 3; i++ {
		r, err := e.block(e.customer(10), item(p, 1))
		if err != nil {
			t.Fatal(err)
		}
		redeems = append(redeems, r)
	}
	// The first redeem (earliest expiry, claimed first) refuses every change.
	poison := redeems[0].ID
	if err := e.db.Exec(`CREATE FUNCTION refuse_poison() RETURNS trigger AS $$
		BEGIN IF OLD.id = '` + poison + `' THEN RAISE EXCEPTION 'poisoned'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
		CREATE TRIGGER refuse_poison BEFORE UPDATE ON redeems FOR EACH ROW EXECUTE FUNCTION refuse_poison()`).Error; err != nil {
		t.Fatal(err)
	}
	n, err := e.redeems.ExpireDue(ctx, time.Now().Add(25*time.Hour), 100)
	if n != 2 || err == nil || !strings.Contains(err.Error(), poison) {
		t.Fatalf("expired %d, error %v; want 2 expired and an error naming %s", n, err, poison)
	}
	for i, r := range redeems {
		got, _ := e.redeems.Get(ctx, r.ID)
		want := redeem.StatusExpired
		if i == 0 {
			want = redeem.StatusPending
		}
		if got.Status != want {
			t.Errorf("redeem %d status = %s, want %s", i, got.Status, want)
		}
	}
	e.assertInvariant()
}

func TestExpiryJob(t *testing.T) {
	e := newEnv(t, 10)
	ctx := context.Background()
	p := e.product("P", productOpts{points: 10, validityDays: ptr(1), active: true})
	var customers []string
	var redeems []redeem.Redeem
	for i := 0; i < 20; i++ {
		c := e.customer(10)
		r, err := e.block(c, item(p, 1))
		if err != nil {
			t.Fatal(err)
		}
		customers, redeems = append(customers, c), append(redeems, r)
	}
	applied := redeems[0]
	if _, err := e.redeems.Apply(ctx, applied.PointsEntryID, "C", nil); err != nil {
		t.Fatal(err)
	}

	if n, err := e.redeems.ExpireDue(ctx, time.Now(), 100); err != nil || n != 0 {
		t.Fatalf("before validity ends: expired %d (%v), want 0", n, err)
	}
	// Four replicas run the job at once: every due redeem is expired exactly once.
	later := time.Now().Add(25 * time.Hour)
	var wg sync.WaitGroup
	counts := make([]int, 4)
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := e.redeems.ExpireDue(ctx, later, 100)
			if err != nil {
				t.Errorf("replica %d: %v", i, err)
			}
			counts[i] = n
		}()
	}
	wg.Wait()
	total := 0
	for _, n := range counts {
		total += n
	}
	if total != 19 {
		t.Fatalf("replicas expired %v = %d redeems, want 19 (the applied one stays)", counts, total)
	}
	for i, c := range customers {
		want := int64(10)
		if i == 0 {
			want = 0
		}
		if b := e.balance(c); b != want {
			t.Fatalf("customer %d balance = %d, want %d", i, b, want)
		}
	}
	r, _ := e.redeems.Get(ctx, redeems[1].ID)
	if r.Status != redeem.StatusExpired {
		t.Fatalf("status = %s, want expired", r.Status)
	}
	if _, err := e.redeems.Cancel(ctx, r.ID, "test"); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("cancel of an expired redeem: %v, want conflict", err)
	}
	// Past its expiry an unapplied redeem cannot be applied any more.
	if _, err := e.redeems.Rollback(ctx, applied.PointsEntryID); err != nil {
		t.Fatal(err)
	}
	if n, _ := e.redeems.ExpireDue(ctx, later, 100); n != 1 {
		t.Fatalf("rolled-back redeem past expiry: expired %d, want 1", n)
	}
	e.assertInvariant()
}

func TestRunExpiryExpiresDueRedeemsAndStops(t *testing.T) {
	e := newEnv(t, 5)
	p := e.product("NOW", productOpts{points: 5, validityDays: ptr(0), active: true})
	c := e.customer(5)
	r, err := e.block(c, item(p, 1))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		e.redeems.RunExpiry(ctx, time.Hour, slog.New(slog.NewTextHandler(io.Discard, nil)))
		close(stopped)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, _ := e.redeems.Get(context.Background(), r.ID)
		if got.Status == redeem.StatusExpired {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("redeem still %s after 10s", got.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("RunExpiry did not stop when its context ended")
	}
	if b := e.balance(c); b != 5 {
		t.Fatalf("balance = %d, want 5", b)
	}
}

// Mixed concurrent credits, debits, redeem blocks, applies, rollbacks, cancels and expiry
// runs across 50 customers: the invariants hold for every customer at the end.
func TestMixedConcurrentOperationsKeepTheInvariant(t *testing.T) {
	e := newEnv(t, 20)
	ctx := context.Background()
	products := []string{
		e.product("M1", productOpts{points: 30, validityDays: ptr(1), active: true}),
		e.product("M2", productOpts{points: 70, validityDays: ptr(0), active: true}),
	}
	customers := make([]string, 50)
	for i := range customers {
		customers[i] = e.customer(100)
	}

	var mu sync.Mutex
	var entries []string   // C and D entries, candidates for cancel
	var redeemIDs []string // blocks, for cancel
	var pointsIDs []string // their R entries, for apply/rollback
	// pick takes the slice by pointer: reading the slice variable itself must happen under
	// mu too, since other workers append to it.
	pick := func(r *rand.Rand, s *[]string) string {
		mu.Lock()
		defer mu.Unlock()
		if len(*s) == 0 {
			return ""
		}
		return (*s)[r.IntN(len(*s))]
	}
	var succeeded, refused [9]int
	const workers, opsPerWorker = 16, 40
	var wg sync.WaitGroup
	errs := make(chan error, workers*opsPerWorker)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, 7))
			for i := 0; i < opsPerWorker; i++ {
				c := customers[r.IntN(len(customers))]
				var err error
				op := r.IntN(9)
				switch op {
				case 0, 1:
					var en ledger.Entry
					en, _, err = e.ledger.Credit(ctx, ledger.Movement{CustomerID: c, Points: int64(1 + r.IntN(50)), TransactionDate: time.Now()})
					if err == nil {
						mu.Lock()
						entries = append(entries, en.ID)
						mu.Unlock()
					}
				case 2, 3:
					var en ledger.Entry
					en, _, err = e.ledger.Debit(ctx, ledger.Movement{CustomerID: c, Points: int64(1 + r.IntN(80)), TransactionDate: time.Now()})
					if err == nil {
						mu.Lock()
						entries = append(entries, en.ID)
						mu.Unlock()
					}
				case 4:
					var rd redeem.Redeem
					rd, err = e.block(c, item(products[r.IntN(2)], 1))
					if err == nil {
						mu.Lock()
						redeemIDs, pointsIDs = append(redeemIDs, rd.ID), append(pointsIDs, rd.PointsEntryID)
						mu.Unlock()
					}
				case 5:
					if id := pick(r, &entries); id != "" {
						_, err = e.ledger.CancelEntry(ctx, id, "test")
					}
				case 6:
					if id := pick(r, &redeemIDs); id != "" {
						_, err = e.redeems.Cancel(ctx, id, "test")
					}
				case 7:
					if id := pick(r, &pointsIDs); id != "" {
						if r.IntN(2) == 0 {
							_, err = e.redeems.Apply(ctx, id, "CUP", nil)
						} else {
							_, err = e.redeems.Rollback(ctx, id)
						}
					}
				case 8:
					_, err = e.redeems.ExpireDue(ctx, time.Now(), 5)
				}
				// Conflicts (overdraft, wrong state, already cancelled) are expected answers.
				mu.Lock()
				switch {
				case err == nil:
					succeeded[op]++
				case apperr.Is(err, apperr.Conflict):
					refused[op]++
				default:
					errs <- err
				}
				mu.Unlock()
			}
		}(uint64(w))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("unexpected error: %v", err)
	}
	// The mix must really have exercised every operation.
	for op, n := range succeeded {
		if n == 0 {
			t.Errorf("operation %d never succeeded (refused %d times)", op, refused[op])
		}
	}
	t.Logf("succeeded %v, refused %v", succeeded, refused)
	e.assertInvariant()
}

// pendingQtyByProduct returns the quantity of each product held in the customer's
// pending, unexpired redeems (what customer reads mark as is_redeemed / redeemed_qty).
func pendingQtyByProduct(t *testing.T, db *gorm.DB, customerID string) (map[string]int, error) {
	t.Helper()
	var rows []struct {
		ProductID string
		Qty       int
	}
	err := db.Raw(`
		SELECT i.product_id, sum(i.qty) AS qty
		  FROM redeem_items i JOIN redeems r ON r.id = i.redeem_id
		 WHERE r.customer_id = ? AND r.status = 'pending' AND r.expires_at > now()
		 GROUP BY i.product_id`, customerID).Scan(&rows).Error
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.ProductID] = r.Qty
	}
	return out, err
}
