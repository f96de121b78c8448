package ledger_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/rollup"
)

// BenchmarkLedgerSales: b.N sales (a coupon, its credit entry and the coupon's link to the
// entry) from benchClients goroutines over 10,000 customers. The link is where migration
// 00582 put a trigger's check in place of a foreign key's (docs/sizing.md, "Fourth pass");
// run it with test binaries of two commits, rounds interleaved, to compare them. The sale's
// coupon insert also runs the triggers of the customers' periods (migration 00587), which
// upsert its customer's quarter, year and all-time rows.
func BenchmarkLedgerSales(b *testing.B) {
	f := seededFixture(b, 10_000)
	if err := f.db.Exec(`INSERT INTO stores (store_code, name, document) VALUES ('S1', 'Store S1', 'doc-S1')`).Error; err != nil {
		b.Fatal(err)
	}
	// one pass of the report rollup job, as a running service has made: it gives the
	// customers' periods of migration 00587 their time zone, after which each sale's
	// triggers keep them
	if p, err := rollup.New(f.db, time.UTC, nil).Refresh(context.Background()); err != nil || p.Busy {
		b.Fatalf("rollup pass: %+v, %v", p, err)
	}
	var next, failures atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	cpu0 := processCPU(b)
	for w := 0; w < benchClients; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			for i := next.Add(1); i <= int64(b.N); i = next.Add(1) {
				s := ledger.Sale{CustomerID: f.customers[int(i)%len(f.customers)], StoreCode: "S1",
					CouponIdentifier: fmt.Sprintf("B-%d", i), TransactionDate: time.Now(), Value: 1000, UserAt: "bench"}
				if _, _, err := f.svc.Sale(ctx, s); err != nil {
					failures.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	if n := failures.Load(); n > 0 {
		b.Fatalf("%d sales failed", n)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sales/s")
	b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/float64(b.N), "cpu-us/sale")
}
