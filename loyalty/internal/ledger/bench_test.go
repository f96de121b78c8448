package ledger_test

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"gorm.io/gorm"
)

// benchClients is the number of concurrent clients of the ledger benchmarks (and of the
// pgbench run they are compared with in scripts/bench-ledger.sh).
const benchClients = 32

type benchFixture struct {
	db        *gorm.DB
	svc       *ledger.Service
	customers []string
	outbox    *event.Outbox // set by withOutbox
}

// seededFixture creates a database with n customers holding a large balance, with one C
// entry each (so debits never run short and the invariant holds from the start). The
// database is dropped when the round ends; run with -benchtime=Nx to seed only twice.
func seededFixture(b *testing.B, n int) *benchFixture {
	db := newDB(b, benchClients)
	err := db.Exec(`INSERT INTO customers (name, doc, email, phone)
		SELECT 'Bench ' || g, 'bench-' || g, 'b' || g || '@example.com', '1' FROM generate_series(1, ?) g`, n).Error
	if err != nil {
		b.Fatal(err)
	}
	err = db.Exec(`INSERT INTO points_entries (customer_id, transaction_type, points, description, transaction_date)
		SELECT id, 'C', 1000000000, 'bench seed', now() FROM customers`).Error
	if err != nil {
		b.Fatal(err)
	}
	f := &benchFixture{db: db, svc: ledger.NewService(db, ledger.Config{})}
	if err := db.Raw(`SELECT id FROM customers ORDER BY id`).Scan(&f.customers).Error; err != nil {
		b.Fatal(err)
	}
	return f
}

// processCPU is the CPU time this process (the service side: Go, the driver, GORM) has
// used so far, user and system. Postgres runs in its own processes and is not counted.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runCreditDebit runs b.N ledger transactions from benchClients goroutines, alternating a
// credit and a debit of 10 points on a random customer of the fixture, and reports tx/s
// and the service's CPU per transaction (cpu-us/tx).
func runCreditDebit(b *testing.B, f *benchFixture) {
	var next atomic.Int64
	var failures atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	cpu0 := processCPU(b)
	for w := 0; w < benchClients; w++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, 1))
			ctx := context.Background()
			for i := next.Add(1); i <= int64(b.N); i = next.Add(1) {
				m := ledger.Movement{CustomerID: f.customers[r.IntN(len(f.customers))], Points: 10, Description: "bench", TransactionDate: time.Now()}
				var err error
				if i%2 == 0 {
					_, _, err = f.svc.Credit(ctx, m)
				} else {
					_, _, err = f.svc.Debit(ctx, m)
				}
				if err != nil {
					failures.Add(1)
				}
			}
		}(uint64(w))
	}
	wg.Wait()
	b.StopTimer()
	cpu := processCPU(b) - cpu0
	if n := failures.Load(); n > 0 {
		b.Fatalf("%d of %d ledger transactions failed", n, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-us/tx")
}

// BenchmarkLedgerSpread: credits and debits spread over 10,000 customers.
func BenchmarkLedgerSpread(b *testing.B) {
	runCreditDebit(b, seededFixture(b, 10_000))
}

// BenchmarkLedgerHot: credits and debits all on one customer (one row lock).
func BenchmarkLedgerHot(b *testing.B) {
	runCreditDebit(b, seededFixture(b, 1))
}
