package ledger_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
)

// BenchmarkPointsExpiry measures the expiry job's rate: lots expired per second of the
// job's run (its statements are the database's work; the Go side only loops over them).
// The table holds BENCH_EXPIRY_LOTS lots (default 200,000), 10 per customer, each lot
// expiring in one of 10 bands: iteration i expires band i (a tenth of the lots, one per
// customer: one X entry and one lot each), the others stay open. Run with -benchtime=1x
// to 9x.
//
//	BENCH_EXPIRY_LOTS=1000000 go test -run '^$' -bench BenchmarkPointsExpiry -benchtime=3x ./loyalty/internal/ledger/
func BenchmarkPointsExpiry(b *testing.B) {
	lots := 200_000
	if v, err := strconv.Atoi(os.Getenv("BENCH_EXPIRY_LOTS")); err == nil && v > 0 {
		lots = v
	}
	const perCustomer = 10
	if b.N > perCustomer-1 {
		b.Fatalf("at most %d iterations (one band of lots each)", perCustomer-1)
	}
	db := newDB(b, 4)
	ctx := context.Background()
	start := time.Now()
	if err := db.Exec(`INSERT INTO customers (name, doc, email, phone)
		SELECT 'Bench ' || g, 'bench-' || g, 'b' || g || '@example.com', '1' FROM generate_series(1, ?) g`, lots/perCustomer).Error; err != nil {
		b.Fatal(err)
	}
	// Band k (1..9) expires k hours from now; band 10 in a year.
	base := time.Now()
	// By 1,000 customers a statement: each customer's entries take its ledger lock, a slot
	// of the server's lock table until the statement commits.
	for lo := 1; lo <= lots/perCustomer; lo += 1000 {
		if err := db.Exec(`INSERT INTO points_entries (customer_id, transaction_type, points, description, transaction_date, expires_at)
			SELECT c.id, 'C', 10, 'bench', now(),
			       CASE WHEN g < ? THEN ?::timestamptz + g * interval '1 hour' ELSE ?::timestamptz + interval '1 year' END
			  FROM customers c, generate_series(1, ?) g
			 WHERE c.doc IN (SELECT 'bench-' || n FROM generate_series(?::int, ?::int) n)`,
			perCustomer, base, base, perCustomer, lo, lo+999).Error; err != nil {
			b.Fatal(err)
		}
	}
	if err := db.Exec(`ANALYZE`).Error; err != nil {
		b.Fatal(err)
	}
	var total int64
	if err := db.Raw(`SELECT count(*) FROM points_lots`).Scan(&total).Error; err != nil {
		b.Fatal(err)
	}
	b.Logf("%d lots built in %s", total, time.Since(start).Round(time.Second))
	svc := ledger.NewService(db, ledger.Config{})
	var expired int64
	b.ResetTimer()
	for i := range b.N {
		run, err := svc.ExpirePoints(ctx, base.Add(time.Duration(i+1)*time.Hour+time.Minute))
		if err != nil {
			b.Fatal(err)
		}
		expired += run.Points / 10 // lots of 10 points
	}
	b.StopTimer()
	if want := int64(b.N) * total / perCustomer; expired != want {
		b.Fatalf("expired %d lots, want %d", expired, want)
	}
	b.ReportMetric(float64(expired)/b.Elapsed().Seconds(), "lots/s")
	b.ReportMetric(float64(total), "lots-in-table")
}
