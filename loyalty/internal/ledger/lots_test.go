package ledger_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/apperr"
	"gorm.io/gorm"
)

// lotsOf returns what remains of each lot opened by the given entries (0 when closed),
// and fails on a lot missing.
func lotsOf(t *testing.T, db *gorm.DB, entries ...ledger.Entry) []int64 {
	t.Helper()
	out := make([]int64, len(entries))
	for i, e := range entries {
		var rem []int64
		if err := db.Raw(`SELECT remaining FROM points_lots WHERE entry_id = ?`, e.ID).Scan(&rem).Error; err != nil {
			t.Fatal(err)
		}
		if len(rem) != 1 {
			t.Fatalf("entry %s opened %d lots, want 1", e.ID, len(rem))
		}
		out[i] = rem[0]
	}
	return out
}

// TestLotsFIFO: debits take the oldest-expiring lots first (never-expiring last), a
// cancelled debit gives back exactly what it took, and a cancelled credit takes from its
// own lot first, then oldest-expiring first.
func TestLotsFIFO(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	c := newCustomer(t, db)
	now := time.Now()
	at := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
	creditExp := func(points int64, expires *time.Time) ledger.Entry {
		t.Helper()
		e, _, err := svc.Credit(ctx, ledger.Movement{CustomerID: c, Points: points, Description: "lot", TransactionDate: now, ExpiresAt: expires})
		if err != nil {
			t.Fatalf("credit %d: %v", points, err)
		}
		return e
	}
	debit := func(points int64) (ledger.Entry, error) {
		e, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: points, Description: "spend", TransactionDate: now})
		return e, err
	}
	l1 := creditExp(100, at(10*24*time.Hour))
	l2 := creditExp(50, at(5*24*time.Hour))
	l3 := creditExp(30, nil)
	l4 := creditExp(20, at(5*24*time.Hour))
	lots := []ledger.Entry{l1, l2, l3, l4}

	d1, err := debit(60)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lotsOf(t, db, lots...), []int64{100, 0, 30, 10}; !slices.Equal(got, want) {
		t.Fatalf("after a debit of 60: lots %v, want %v (the two 5-day lots first, older first)", got, want)
	}
	if _, err := svc.CancelEntry(ctx, d1.ID, "test"); err != nil {
		t.Fatal(err)
	}
	if got, want := lotsOf(t, db, lots...), []int64{100, 50, 30, 20}; !slices.Equal(got, want) {
		t.Fatalf("after the debit's cancel: lots %v, want %v", got, want)
	}
	if _, err := debit(170); err != nil {
		t.Fatal(err)
	}
	if got, want := lotsOf(t, db, lots...), []int64{0, 0, 30, 0}; !slices.Equal(got, want) {
		t.Fatalf("after a debit of 170: lots %v, want %v (the lot that never expires last)", got, want)
	}
	if _, err := svc.CancelEntry(ctx, l1.ID, "test"); !errors.Is(err, ledger.ErrInsufficientPoints) {
		t.Fatalf("cancel of a spent credit of 100 on a balance of 30: %v, want insufficient points", err)
	}
	l5 := creditExp(200, nil)
	lots = append(lots, l5)
	if _, err := svc.CancelEntry(ctx, l1.ID, "test"); err != nil {
		t.Fatalf("cancel of a spent credit of 100 on a balance of 230: %v", err)
	}
	if got, want := lotsOf(t, db, lots...), []int64{0, 0, 0, 0, 130}; !slices.Equal(got, want) {
		t.Fatalf("after the spent credit's cancel: lots %v, want %v", got, want)
	}
	l6 := creditExp(40, at(24*time.Hour))
	if _, err := debit(10); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CancelEntry(ctx, l6.ID, "test"); err != nil {
		t.Fatal(err)
	}
	if got, want := lotsOf(t, db, append(lots, l6)...), []int64{0, 0, 0, 0, 120, 0}; !slices.Equal(got, want) {
		t.Fatalf("after a partly spent credit's cancel: lots %v, want %v (its 30 left, then 10 from the next lot)", got, want)
	}
	open, err := svc.Lots(ctx, c, 100, 0)
	if err != nil || len(open) != 1 || open[0].ID != l5.ID || open[0].Remaining != 120 || open[0].ExpiresAt != nil {
		t.Fatalf("Lots = %+v, %v; want the never-expiring lot of 200 with 120 left", open, err)
	}
	assertInvariant(t, db)
}

// TestCreditExpiry: a credit's lot expires at the date it carries, or after the
// programme's validity, or never; a date outside the bounds is a 422.
func TestCreditExpiry(t *testing.T) {
	db := newDB(t, 5)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	ctx := context.Background()
	c := newCustomer(t, db)
	at := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
	for _, tc := range []struct {
		name      string
		validity  time.Duration
		requested *time.Time
		want      *time.Time // nil: never
		invalid   bool
	}{
		{"no validity, no date: never", 0, nil, nil, false},
		{"validity 365 days", 365 * 24 * time.Hour, nil, at(365 * 24 * time.Hour), false},
		{"own date wins over validity", 365 * 24 * time.Hour, at(time.Hour), at(time.Hour), false},
		{"own date without validity", 0, at(30 * 24 * time.Hour), at(30 * 24 * time.Hour), false},
		{"own date at the bound", 0, at(ledger.MaxPointsValidity), at(ledger.MaxPointsValidity), false},
		{"own date now", 0, at(0), nil, true},
		{"own date past", 0, at(-time.Hour), nil, true},
		{"own date past the bound", 0, at(ledger.MaxPointsValidity + time.Second), nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := ledger.NewService(db, ledger.Config{PointsValidity: tc.validity, Now: clock})
			e, _, err := svc.Credit(ctx, ledger.Movement{CustomerID: c, Points: 5, Description: "x", TransactionDate: now, ExpiresAt: tc.requested})
			if tc.invalid {
				if !apperr.Is(err, apperr.Invalid) {
					t.Fatalf("err = %v, want 422", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var lot []ledger.Lot
			if err := db.Raw(`SELECT id, entry_id, points, remaining, expires_at, created_at FROM points_lots WHERE entry_id = ?`, e.ID).Scan(&lot).Error; err != nil || len(lot) != 1 {
				t.Fatalf("lot of the credit: %v %v", lot, err)
			}
			for what, got := range map[string]*time.Time{"entry": e.ExpiresAt, "lot": lot[0].ExpiresAt} {
				if (got == nil) != (tc.want == nil) || (got != nil && !got.Equal(*tc.want)) {
					t.Errorf("%s expires_at = %v, want %v", what, got, tc.want)
				}
			}
		})
	}
	svc := ledger.NewService(db, ledger.Config{Now: clock})
	if _, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 1, Description: "x", TransactionDate: now, ExpiresAt: at(time.Hour)}); !apperr.Is(err, apperr.Invalid) {
		t.Errorf("debit with expires_at: %v, want 422", err)
	}
	assertInvariant(t, db)
}

// TestLotsGuards: lots and their movements change only through entries, and an entry the
// lots cannot cover exactly is refused whoever writes it.
func TestLotsGuards(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	c := newCustomer(t, db)
	e := credit(t, svc, c, 50)
	refused := func(sql string, code string, args ...any) { t.Helper(); assertRefused(t, db, code, sql, args...) }
	refused(`UPDATE points_lots SET remaining = 10 WHERE id = ?`, "LY005", e.ID)
	refused(`UPDATE points_lots SET expires_at = now() WHERE id = ?`, "LY005", e.ID)
	refused(`DELETE FROM points_lots WHERE id = ?`, "LY005", e.ID)
	refused(`INSERT INTO points_lots (id, customer_id, points, remaining, created_at) VALUES (gen_random_uuid(), ?, 5, 5, now())`, "LY005", c)
	refused(`INSERT INTO points_lot_moves (entry_id, lot_id, points) VALUES (gen_random_uuid(), ?, -1)`, "LY005", e.ID)
	// An expiry written by hand (X entries are the expiry job's only).
	refused(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date) VALUES (?, 'X', -10, now())`, "LY005", c)
	// expires_at belongs to credits.
	refused(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date, expires_at) VALUES (?, 'D', -1, now(), now())`, "23514", c)
	if got := lotsOf(t, db, e); got[0] != 50 {
		t.Fatalf("lot = %d, want 50", got[0])
	}
	assertInvariant(t, db)
}
