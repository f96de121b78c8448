package ledger_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"gorm.io/gorm"
)

// subscribed returns an outbox that records every event (one active subscription to
// all types), as the service's is once a subscription exists.
func subscribed(t *testing.T, db *gorm.DB) *event.Outbox {
	t.Helper()
	if err := db.Exec(`INSERT INTO webhook_subscriptions (url, secret) VALUES ('https://example.com/hook', 'plain:whsec_AA==')`).Error; err != nil {
		t.Fatal(err)
	}
	ob := &event.Outbox{}
	if err := ob.Refresh(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return ob
}

// storedEvents returns the payloads of the events of type typ, oldest first.
func storedEvents(t *testing.T, db *gorm.DB, typ event.Type) []map[string]any {
	t.Helper()
	var raw []string
	if err := db.Raw(`SELECT data::text FROM webhook_event_payloads WHERE type = ? ORDER BY seq`, string(typ)).Scan(&raw).Error; err != nil {
		t.Fatal(err)
	}
	out := make([]map[string]any, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal([]byte(r), &out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestPointsExpiryJob: a run expires what is due at its cutoff, one X entry per customer
// (in the statement, with its points.expired event), is idempotent, sends
// points.expiring once per customer and date, and points given back to an expired lot
// expire at the next run.
func TestPointsExpiryJob(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	t0 := time.Now().Truncate(time.Second)
	clock := t0
	svc := ledger.NewService(db, ledger.Config{PointsValidity: 10 * 24 * time.Hour, Now: func() time.Time { return clock }}).WithEvents(subscribed(t, db))
	day := 24 * time.Hour
	at := func(d time.Duration) *time.Time { x := t0.Add(d); return &x }
	move := func(credit bool, c string, points int64, expires *time.Time) ledger.Entry {
		t.Helper()
		m := ledger.Movement{CustomerID: c, Points: points, Description: "x", TransactionDate: t0, ExpiresAt: expires}
		f := svc.Debit
		if credit {
			f = svc.Credit
		}
		e, _, err := f(ctx, m)
		if err != nil {
			t.Fatalf("move %d: %v", points, err)
		}
		return e
	}
	a, b := newCustomer(t, db), newCustomer(t, db)
	move(true, a, 100, nil)          // t0+10d (the validity)
	move(true, a, 50, at(2*day))     // own date
	move(true, a, 30, at(3000*day))  // far
	debit := move(false, a, 20, nil) // from the 2-day lot: 30 left
	move(true, b, 40, at(2*day))

	type want struct {
		customers int
		points    int64
	}
	runs := []struct {
		name    string
		cutoff  time.Duration
		notices int
		want    want
	}{
		{"nothing due", day, 2, want{0, 0}}, // notices: a and b, for t0+2d (t0+10d is past the 7 days)
		{"again: no second notice", day, 0, want{0, 0}},
		{"the 2-day lots", 3 * day, 1, want{2, 70}}, // notice: a's t0+10d lot is now within 7 days
		{"again: nothing", 3 * day, 0, want{0, 0}},
	}
	for _, r := range runs {
		clock = t0.Add(r.cutoff)
		got, err := svc.ExpirePoints(ctx, clock)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		n, err := svc.NoticeExpiring(ctx, clock, 7)
		if err != nil {
			t.Fatalf("%s: notices: %v", r.name, err)
		}
		if got.Customers != r.want.customers || got.Points != r.want.points || n != r.notices {
			t.Errorf("%s: run %+v, %d notices; want %+v, %d notices", r.name, got, n, r.want, r.notices)
		}
	}
	if ba, bb := balance(t, db, a), balance(t, db, b); ba != 130 || bb != 0 {
		t.Fatalf("balances after expiry: %d, %d; want 130, 0", ba, bb)
	}
	st, err := svc.Statement(ctx, a, 10, 0)
	if err != nil || st[0].TransactionType != ledger.TypeExpiry || st[0].Points != -30 || st[0].UserAt != "system" ||
		!st[0].TransactionDate.Equal(t0.Add(3*day)) {
		t.Fatalf("statement of a, newest first: %+v, %v; want the expiry of 30 points at the cutoff", st[0], err)
	}
	if _, err := svc.CancelEntry(ctx, st[0].ID, "test"); err == nil {
		t.Fatal("an expiry was cancelled")
	}

	// The debit cancelled after its lot expired: its 20 points go back to that lot, past
	// its date, and expire at the next run.
	if _, err := svc.CancelEntry(ctx, debit.ID, "test"); err != nil {
		t.Fatal(err)
	}
	clock = t0.Add(4 * day)
	if got, err := svc.ExpirePoints(ctx, clock); err != nil || got.Customers != 1 || got.Points != 20 {
		t.Fatalf("run after the cancel: %+v, %v; want a's 20 points", got, err)
	}

	expired := storedEvents(t, db, event.PointsExpired)
	if len(expired) != 3 {
		t.Fatalf("%d points.expired events, want 3", len(expired))
	}
	if expired[0]["transaction_type"] != "X" || expired[0]["points"] == nil {
		t.Errorf("points.expired payload = %v, want the X entry", expired[0])
	}
	expiring := storedEvents(t, db, event.PointsExpiring)
	if len(expiring) != 3 {
		t.Fatalf("%d points.expiring events, want 3", len(expiring))
	}
	for _, e := range expiring[:2] {
		if e["points"] != float64(30) && e["points"] != float64(40) || e["expires_on"] != t0.Add(2*day).UTC().Format("2006-01-02") {
			t.Errorf("points.expiring payload = %v, want 30 or 40 points expiring on t0+2d", e)
		}
	}
	assertInvariant(t, db)
}

// TestPointsExpiryReplicas: several replicas running the job at once expire each
// customer once, and only what was due.
func TestPointsExpiryReplicas(t *testing.T) {
	db := newDB(t, 12)
	ctx := context.Background()
	t0 := time.Now()
	svc := ledger.NewService(db, ledger.Config{})
	const customers = 60
	soon := t0.Add(time.Hour)
	for range customers {
		c := newCustomer(t, db)
		for _, p := range []int64{5, 7} {
			if _, _, err := svc.Credit(ctx, ledger.Movement{CustomerID: c, Points: p, Description: "x", TransactionDate: t0, ExpiresAt: &soon}); err != nil {
				t.Fatal(err)
			}
		}
		credit(t, svc, c, 1) // never expires
	}
	var wg sync.WaitGroup
	runs := make([]ledger.ExpiryRun, 4)
	for i := range runs {
		wg.Go(func() {
			r, err := svc.ExpirePoints(ctx, t0.Add(2*time.Hour))
			if err != nil {
				t.Error(err)
			}
			runs[i] = r
		})
	}
	wg.Wait()
	total := ledger.ExpiryRun{}
	for _, r := range runs {
		total.Customers += r.Customers
		total.Points += r.Points
	}
	if total.Customers != customers || total.Points != customers*12 {
		t.Fatalf("replicas expired %d customers, %d points; want %d, %d", total.Customers, total.Points, customers, customers*12)
	}
	var xs int64
	if err := db.Raw(`SELECT count(*) FROM points_entries WHERE transaction_type = 'X'`).Scan(&xs).Error; err != nil || xs != customers {
		t.Fatalf("%d X entries (%v), want %d", xs, err, customers)
	}
	assertInvariant(t, db)
}
