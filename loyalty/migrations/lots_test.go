package migrations

import (
	"context"
	"testing"

	"github.com/loyaltylinks/platform/shared/database"
)

// TestLotsMigrationKeepsBalances builds a ledger with the migrations before 00600 (credits,
// debits, a redeem block, a cancelled debit, a customer at zero), then applies the rest:
// no balance changes, each positive balance is one opening lot that never expires, and
// reversals of entries written before lots still keep balance = open lots.
func TestLotsMigrationKeepsBalances(t *testing.T) {
	ctx := context.Background()
	db, err := database.OpenSQL(emptyDatabase(t), database.Options{Schema: Schema, MaxOpenConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := database.Migrate(ctx, db, migrationsBefore(t, 600), Schema, nil); err != nil {
		t.Fatalf("migrations before 00600: %v", err)
	}
	customer := func(doc string) string {
		var id string
		must(t, db.QueryRow(`INSERT INTO customers (name, doc, email, phone) VALUES ('c', $1, 'e', 'p') RETURNING id`, doc).Scan(&id))
		return id
	}
	entry := func(c, typ string, points int64, reverses any) string {
		var id string
		must(t, db.QueryRow(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date, reverses_id)
			VALUES ($1, $2, $3, now(), $4) RETURNING id`, c, typ, points, reverses).Scan(&id))
		return id
	}
	a, b, zero := customer("a"), customer("b"), customer("z")
	entry(a, "C", 100, nil)
	oldCredit := entry(a, "C", 40, nil)
	oldDebit := entry(a, "D", -30, nil)
	entry(a, "R", -20, nil)
	entry(b, "C", 10, nil)
	cancelled := entry(b, "D", -5, nil)
	mustExec(t, db, `UPDATE points_entries SET cancelled_at = now() WHERE id = $1`, cancelled)
	entry(b, "E", 5, cancelled)
	entry(zero, "C", 7, nil)
	entry(zero, "D", -7, nil)

	if err := database.Migrate(ctx, db, files, Schema, nil); err != nil {
		t.Fatalf("00600 over an existing ledger: %v", err)
	}
	balanceAndLots := func(c string) (balance, lots, count int64) {
		t.Helper()
		must(t, db.QueryRow(`SELECT points_balance,
			(SELECT COALESCE(sum(remaining), 0) FROM points_lots WHERE customer_id = $1 AND open),
			(SELECT count(*) FROM points_lots WHERE customer_id = $1 AND expires_at IS NULL AND entry_id IS NULL)
			FROM customers WHERE id = $1`, c).Scan(&balance, &lots, &count))
		return
	}
	for _, tc := range []struct {
		name     string
		customer string
		balance  int64
		lots     int64 // opening lots
	}{{"a", a, 90, 1}, {"b", b, 10, 1}, {"zero", zero, 0, 0}} {
		bal, lots, n := balanceAndLots(tc.customer)
		if bal != tc.balance || lots != tc.balance || n != tc.lots {
			t.Errorf("%s: balance %d, open lots %d, opening lots %d; want %d, %d, %d", tc.name, bal, lots, n, tc.balance, tc.balance, tc.lots)
		}
	}

	// Reversals of entries written before lots, through ledger_move as a replica of the
	// previous version calls it (15 arguments): the old debit's 30 points come back as a
	// lot of their own; the old credit's 40 are taken from the opening lot.
	reverse := func(orig string, points int64) {
		t.Helper()
		mustExec(t, db, `UPDATE points_entries SET cancelled_at = now() WHERE id = $1`, orig)
		var outcome string
		must(t, db.QueryRow(`SELECT outcome FROM loyalty.ledger_move($1, ARRAY[NULL]::uuid[], ARRAY['E'], ARRAY[$2::bigint],
			ARRAY['reversal'], ARRAY[NULL], ARRAY[NULL], ARRAY[NULL], ARRAY[NULL], ARRAY['test'], ARRAY[now()],
			ARRAY[NULL]::uuid[], ARRAY[NULL], ARRAY[$3::uuid], true)`, a, points, orig).Scan(&outcome))
		if outcome != "posted" {
			t.Fatalf("reversal of %s: %s", orig, outcome)
		}
	}
	reverse(oldDebit, 30)
	reverse(oldCredit, -40)
	if bal, lots, _ := balanceAndLots(a); bal != 80 || lots != 80 {
		t.Errorf("a after two reversals: balance %d, open lots %d; want 80, 80", bal, lots)
	}
	var restored int64
	must(t, db.QueryRow(`SELECT remaining FROM points_lots l JOIN points_entries e ON e.id = l.entry_id
		WHERE e.reverses_id = $1 AND l.expires_at IS NULL`, oldDebit).Scan(&restored))
	if restored != 30 {
		t.Errorf("the old debit's reversal opened a lot of %d, want 30", restored)
	}
}
