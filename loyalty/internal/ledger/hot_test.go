package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// TestHotCustomerLotsUnderConcurrency: on one hot customer, at once, credits (expiring
// soon, later or never), debits, sales held for their return window, cancellations of
// all of these, redeem blocks, their cancels and expiries, and the points expiry job
// (maturing, expiring) of two "replicas". Whatever the interleaving, every failure is
// one a client expects (a 409), and afterwards the ledger's invariants hold: balance +
// pending = entries, open lots = balance and pending, each entry's lot movements = its
// points, each redeem agrees with its entries.
func TestHotCustomerLotsUnderConcurrency(t *testing.T) {
	db := newDB(t, 16)
	ctx := context.Background()
	newStore(t, db, "S1")
	if err := db.Exec(`INSERT INTO products (sku, name, points, validity_days) VALUES ('R1', 'Reward', 7, 0)`).Error; err != nil {
		t.Fatal(err)
	}
	realNow := time.Now()
	// The service's clock runs an hour behind: a credit may then carry an expires_at
	// already past for the database, which the job expires at once.
	past := func() time.Time { return time.Now().Add(-time.Hour) }
	svc := ledger.NewService(db, ledger.Config{PointsPendingDays: 1, Now: past})
	redeems := redeem.NewService(db)
	c := newCustomer(t, db)
	credit(t, svc, c, 500)

	var (
		mu      sync.Mutex
		entries []string // credits and debits, for cancels
		blocks  []string // redeem ids
		ops     atomic.Int64
	)
	remember := func(list *[]string, id string) {
		mu.Lock()
		*list = append(*list, id)
		mu.Unlock()
	}
	pick := func(r *rand.Rand, list *[]string) string {
		mu.Lock()
		defer mu.Unlock()
		if len(*list) == 0 {
			return ""
		}
		return (*list)[r.IntN(len(*list))]
	}
	expected := func(err error) bool {
		return err == nil || errors.Is(err, ledger.ErrInsufficientPoints) || errors.Is(err, ledger.ErrAlreadyCancelled) ||
			errors.Is(err, ledger.ErrNotCancellable) || errors.Is(err, redeem.ErrNotPending) || errors.Is(err, redeem.ErrExpired)
	}
	const workers, perWorker = 8, 60
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 7))
			for i := range perWorker {
				var err error
				switch op := r.IntN(8); op {
				case 0, 1: // a credit expiring in the past (for the database), later, or never
					var expires *time.Time
					switch r.IntN(3) {
					case 0:
						x := realNow.Add(-time.Duration(1+r.IntN(30)) * time.Minute)
						expires = &x
					case 1:
						x := realNow.Add(time.Duration(1+r.IntN(48)) * time.Hour)
						expires = &x
					}
					var e ledger.Entry
					e, _, err = svc.Credit(ctx, ledger.Movement{CustomerID: c, Points: int64(1 + r.IntN(40)), Description: "c", TransactionDate: realNow, ExpiresAt: expires})
					if err == nil {
						remember(&entries, e.ID)
					}
				case 2:
					var e ledger.Entry
					e, _, err = svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: int64(1 + r.IntN(50)), Description: "d", TransactionDate: realNow})
					if err == nil {
						remember(&entries, e.ID)
					}
				case 3: // a sale, held for a day
					var e ledger.Entry
					e, _, err = svc.Sale(ctx, ledger.Sale{CustomerID: c, StoreCode: "S1", CouponIdentifier: fmt.Sprintf("NF-%d-%d", w, i),
						TransactionDate: realNow, Value: ledger.Cents(100 * (1 + r.IntN(30))), UserAt: "t"})
					if err == nil {
						remember(&entries, e.ID)
					}
				case 4:
					if id := pick(r, &entries); id != "" {
						_, err = svc.CancelEntry(ctx, id, "t")
					}
				case 5:
					var b redeem.Redeem
					b, err = redeems.Block(ctx, redeem.BlockRequest{CustomerID: c, UserAt: "t",
						Items: []redeem.ItemRequest{{ProductRef: redeem.ProductRef{SKU: "R1"}, Qty: 1 + r.IntN(3)}}})
					if err == nil {
						remember(&blocks, b.ID)
					}
				case 6:
					if id := pick(r, &blocks); id != "" {
						_, err = redeems.Cancel(ctx, id, "t")
					}
				case 7: // the jobs: redeems past their validity (0 days: now), pending and expired points
					if r.IntN(2) == 0 {
						_, err = redeems.ExpireDue(ctx, time.Now(), 5)
					} else if _, err = svc.MaturePending(ctx, time.Now().Add(48*time.Hour)); err == nil {
						_, err = svc.ExpirePoints(ctx, time.Now())
					}
				}
				if !expected(err) {
					t.Errorf("worker %d op %d: %v (code %s)", w, i, err, apperr.ReasonOf(err))
				}
				ops.Add(1)
			}
		})
	}
	// A second replica's job, the whole time.
	stop := make(chan struct{})
	jobDone := make(chan struct{})
	go func() {
		defer close(jobDone)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := svc.ExpirePoints(ctx, time.Now()); err != nil {
				t.Errorf("second replica's expiry: %v", err)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	wg.Wait()
	close(stop)
	<-jobDone

	var xs, moves int64
	if err := db.Raw(`SELECT count(*) FROM points_entries WHERE transaction_type = 'X'`).Scan(&xs).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Raw(`SELECT count(*) FROM points_lot_moves`).Scan(&moves).Error; err != nil {
		t.Fatal(err)
	}
	if xs == 0 || moves == 0 {
		t.Fatalf("the run exercised too little: %d expiries, %d lot movements", xs, moves)
	}
	assertInvariant(t, db)
	problems, err := redeem.Audit(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("redeem audit: %s", p)
	}
	t.Logf("%d operations, %d expiries, %d lot movements", ops.Load(), xs, moves)
}
