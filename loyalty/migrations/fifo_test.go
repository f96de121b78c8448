package migrations

import (
	"context"
	"testing"

	"github.com/loyaltylinks/platform/shared/database"
)

// TestFIFOProbeReadsOnlyTheLotItTakes: a debit of a customer with many open lots reads
// one entry of the lots' indexes for the lot it takes, not every open lot, also once the
// session runs the lots' rule from a plan cached while the customer had few lots (each
// connection of the pool plans it once: the hot customer's benchmark fell as its lots
// grew, docs/ledger.md "Benchmark"). Counted with the transaction's own index statistics
// (pg_stat_get_xact_tuples_returned of each index), which a backend sees at once.
func TestFIFOProbeReadsOnlyTheLotItTakes(t *testing.T) {
	ctx := context.Background()
	db, err := database.OpenSQL(emptyDatabase(t), database.Options{Schema: Schema, MaxOpenConns: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := database.Migrate(ctx, db, files, Schema, nil); err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(ctx) // one session: the one whose cached plans are measured
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var customer string
	must(t, conn.QueryRowContext(ctx, `INSERT INTO customers (name, doc, email, phone) VALUES ('c', 'fifo', 'e', 'p') RETURNING id`).Scan(&customer))
	post := func(typ string, points int64) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, `INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date)
			VALUES ($1, $2, $3, now())`, customer, typ, points); err != nil {
			t.Fatalf("%s %d: %v", typ, points, err)
		}
	}
	// The oldest lot, which every debit below takes from, then a few movements while
	// the customer has few lots (PL/pgSQL keeps a generic plan after five executions).
	post("C", 1_000_000)
	for range 10 {
		post("C", 10)
		post("D", -10)
	}
	for range 500 {
		post("C", 10)
	}

	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date)
		VALUES ($1, 'D', -10, now())`, customer); err != nil {
		t.Fatal(err)
	}
	var read int64
	must(t, tx.QueryRowContext(ctx, `SELECT COALESCE(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0) FROM pg_index WHERE indrelid = 'points_lots'::regclass`).Scan(&read))
	// The probe's entry and the update's primary key lookup of that lot.
	if read > 4 {
		t.Errorf("a debit at 511 open lots read %d entries of the lots' indexes, want at most 4 (the lot it takes)", read)
	}
}
