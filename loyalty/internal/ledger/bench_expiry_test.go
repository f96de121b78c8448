package ledger_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"gorm.io/gorm"
)

// BenchmarkPointsExpiry measures the expiry job's rate: lots expired per second of the
// job's run (its statements are the database's work; the Go side only loops over them).
// The table holds BENCH_EXPIRY_LOTS lots (default 200,000), 10 per customer, each lot
// expiring in one of 10 bands: iteration i expires the next BENCH_EXPIRY_BANDS bands
// (default 1: a tenth of the lots, one per customer, so one X entry per lot, the worst
// case), the others stay open. At most 9 bands in all (-benchtime=1x to 9x).
//
//	BENCH_EXPIRY_LOTS=1000000 go test -run '^$' -bench BenchmarkPointsExpiry -benchtime=3x ./loyalty/internal/ledger/
func BenchmarkPointsExpiry(b *testing.B) {
	lots := 200_000
	if v, err := strconv.Atoi(os.Getenv("BENCH_EXPIRY_LOTS")); err == nil && v > 0 {
		lots = v
	}
	bands := 1
	if v, err := strconv.Atoi(os.Getenv("BENCH_EXPIRY_BANDS")); err == nil && v > 0 {
		bands = v
	}
	const perCustomer = 10
	if b.N*bands > perCustomer-1 {
		b.Fatalf("at most %d bands in all (%d iterations of %d bands)", perCustomer-1, b.N, bands)
	}
	db := newDB(b, 4)
	ctx := context.Background()
	start := time.Now()
	customers := lots / perCustomer
	// Band k (1..9) expires k hours from now; band 10 in a year.
	base := time.Now()
	// The lots are written as the ledger would have written them (a credit entry and its
	// lot each, the balance their sum), but in bulk: one statement per table, the entries'
	// triggers off (session_replication_role = replica, this transaction only). Through
	// the trigger, 200,000 lots took a minute here; 10 million would take most of an hour.
	// The invariant is checked below, before and after the runs.
	// The tables' plain indexes (those behind no constraint) are dropped for the load and
	// built again after it: one sort each instead of an insert per row into each of them.
	var indexes []struct{ Name, Def string }
	if err := db.Raw(`SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
		  FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
		 WHERE t.relname IN ('customers', 'points_entries', 'points_lots') AND t.relnamespace = 'loyalty'::regnamespace
		   AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`).Scan(&indexes).Error; err != nil {
		b.Fatal(err)
	}
	err := db.Transaction(func(tx *gorm.DB) error {
		for _, ix := range indexes {
			if err := tx.Exec(`DROP INDEX ` + ix.Name).Error; err != nil {
				return err
			}
		}
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`SET LOCAL session_replication_role = replica`, nil},
			{`SET LOCAL maintenance_work_mem = '256MB'`, nil},
			{`INSERT INTO customers (id, name, doc, email, phone, points_balance)
				SELECT md5('c' || g)::uuid, 'Bench ' || g, 'bench-' || g, 'b' || g || '@example.com', '1', 10 * ?::int
				  FROM generate_series(1, ?::int) g`, []any{perCustomer, customers}},
			{`INSERT INTO points_entries (id, customer_id, transaction_type, points, description, transaction_date, expires_at, created_at, updated_at)
				SELECT md5(c || '-' || k)::uuid, md5('c' || c)::uuid, 'C', 10, 'bench', ?::timestamptz,
				       CASE WHEN k < ? THEN ?::timestamptz + k * interval '1 hour' ELSE ?::timestamptz + interval '1 year' END,
				       ?::timestamptz, ?::timestamptz
				  FROM generate_series(1, ?::int) c, generate_series(1, ?::int) k`,
				[]any{base, perCustomer, base, base, base, base, customers, perCustomer}},
			{`INSERT INTO points_lots (id, customer_id, entry_id, points, remaining, expires_at, created_at)
				SELECT id, customer_id, id, points, points, expires_at, created_at FROM points_entries`, nil},
		} {
			if err := tx.Exec(q.sql, q.args...).Error; err != nil {
				return err
			}
		}
		for _, ix := range indexes {
			if err := tx.Exec(ix.Def).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if err := db.Exec(`VACUUM ANALYZE customers, points_entries, points_lots`).Error; err != nil {
		b.Fatal(err)
	}
	var total int64
	if err := db.Raw(`SELECT count(*) FROM points_lots`).Scan(&total).Error; err != nil {
		b.Fatal(err)
	}
	b.Logf("%d lots built in %s", total, time.Since(start).Round(time.Second))
	assertBalancesMatchLots(b, db)
	svc := ledger.NewService(db, ledger.Config{})
	var expired int64
	b.ResetTimer()
	runs := 0
	for i := range b.N {
		// A run stops after expiryStatements statements; the next run goes on, until
		// nothing is due at the cutoff.
		for cutoff := base.Add(time.Duration((i+1)*bands)*time.Hour + time.Minute); ; {
			run, err := svc.ExpirePoints(ctx, cutoff)
			if err != nil {
				b.Fatal(err)
			}
			if run.Customers == 0 {
				break
			}
			expired += run.Points / 10 // lots of 10 points
			runs++
		}
	}
	b.StopTimer()
	if want := int64(b.N*bands) * total / perCustomer; expired != want {
		b.Fatalf("expired %d lots, want %d", expired, want)
	}
	assertBalancesMatchLots(b, db)
	b.ReportMetric(float64(expired)/b.Elapsed().Seconds(), "lots/s")
	b.ReportMetric(float64(total), "lots-in-table")
	b.ReportMetric(float64(runs), "runs")
}

// assertBalancesMatchLots checks the lots' invariant over the whole table in one pass
// (ledger.Audit's per-customer checks take minutes at millions of lots): the balances
// add up to the open available lots.
func assertBalancesMatchLots(b *testing.B, db *gorm.DB) {
	b.Helper()
	var got struct{ Balances, Lots int64 }
	if err := db.Raw(`SELECT (SELECT COALESCE(sum(points_balance), 0) FROM customers) AS balances,
		(SELECT COALESCE(sum(remaining), 0) FROM points_lots WHERE open AND NOT pending) AS lots`).Scan(&got).Error; err != nil {
		b.Fatal(err)
	}
	if got.Balances != got.Lots {
		b.Fatalf("balances add up to %d, open lots to %d", got.Balances, got.Lots)
	}
}
