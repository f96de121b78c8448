package rollup_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/rollup"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

var saoPaulo = mustLoad("America/Sao_Paulo")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// fixture is a migrated database with stores S1..S3 and customers, a ledger and the job.
type fixture struct {
	db        *gorm.DB
	ledger    *ledger.Service
	job       *rollup.Job
	customers []string
}

func newFixture(t *testing.T, customers int) *fixture {
	t.Helper()
	db, err := database.Open(testkit.NewDatabase(t), database.Options{Schema: migrations.Schema, MaxOpenConns: 40})
	if err != nil {
		t.Fatal(err)
	}
	sqlDB, _ := db.DB()
	t.Cleanup(func() { sqlDB.Close() })
	for i := 1; i <= 3; i++ {
		if err := db.Exec(`INSERT INTO stores (store_code, name, document) VALUES (?, ?, ?)`, fmt.Sprintf("S%d", i), fmt.Sprintf("Loja %d", i), fmt.Sprintf("%014d", i)).Error; err != nil {
			t.Fatal(err)
		}
	}
	f := &fixture{db: db, ledger: ledger.NewService(db, ledger.Config{}), job: rollup.New(db, saoPaulo, nil)}
	for i := range customers {
		var id string
		if err := db.Raw(`INSERT INTO customers (name, doc, email, phone) VALUES (?, ?, '', '') RETURNING id`, fmt.Sprintf("Cliente %d", i), fmt.Sprintf("%011d", i+1)).Row().Scan(&id); err != nil {
			t.Fatal(err)
		}
		f.customers = append(f.customers, id)
	}
	return f
}

func (f *fixture) sale(t *testing.T, customer, store, coupon string, at time.Time, cents int64) ledger.Entry {
	t.Helper()
	pay := []string{"pix", "credit", "cash"}[cents%3]
	e, _, err := f.ledger.Sale(context.Background(), ledger.Sale{CustomerID: customer, StoreCode: store, CouponIdentifier: coupon,
		TransactionDate: at, Value: ledger.Cents(cents), PaymentType: &pay, UserAt: "test"})
	if err != nil {
		t.Errorf("sale %s: %v", coupon, err)
	}
	return e
}

func (f *fixture) refresh(t *testing.T) rollup.Pass {
	t.Helper()
	p, err := f.job.Refresh(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Per day x store x payment type (sales) and day x store x type x cancelled (points), in
// São Paulo days: what the reporting views answer, what the rollup tables hold, and the
// raw rows' aggregate.
const (
	salesView = `SELECT transaction_date, store_code, payment_type, sum(sales)::bigint, sum(value)
		FROM reporting.sales_daily GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`
	salesTable = `SELECT day, store_code, payment_type, sales, value FROM loyalty.sales_rollup ORDER BY 1, 2, 3`
	salesRaw   = `SELECT transaction_date::date, store_code, payment_type, count(*), sum(value)
		FROM loyalty.coupons WHERE cancelled_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`
	pointsView = `SELECT transaction_date, store_code, transaction_type, cancelled, sum(entries)::bigint, sum(points), sum(points_abs)
		FROM reporting.points_daily GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`
	pointsTable = `SELECT day, store_code, transaction_type, cancelled, entries, points, points_abs FROM loyalty.points_rollup ORDER BY 1, 2, 3, 4`
	pointsRaw   = `SELECT transaction_date::date, store_code, transaction_type, cancelled_at IS NOT NULL, count(*), sum(points), sum(abs(points))
		FROM loyalty.points_entries GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`
	// Per customer (migration 00580).
	customersView = `SELECT customer_id, first_purchase, last_purchase, purchases, spent
		FROM reporting.customer_purchases ORDER BY 1`
	customersTable = `SELECT customer_id, first_purchase, last_purchase, purchases, spent
		FROM loyalty.customer_purchases ORDER BY 1`
	customersRaw = `SELECT customer_id, min(transaction_date), max(transaction_date), count(*), sum(value)
		FROM loyalty.coupons WHERE cancelled_at IS NULL GROUP BY 1 ORDER BY 1`
)

// read runs the queries in São Paulo time, in one snapshot (writers may be at work), each
// answer as its rows' text.
func (f *fixture) read(t *testing.T, qs ...string) []string {
	t.Helper()
	var out []string
	err := f.db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`).Error; err != nil {
			return err
		}
		if err := tx.Exec(`SET LOCAL TimeZone = 'America/Sao_Paulo'`).Error; err != nil {
			return err
		}
		for _, q := range qs {
			var s *string
			if err := tx.Raw(`SELECT string_agg(t::text, ';') FROM (` + q + `) t`).Row().Scan(&s); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
			out = append(out, "")
			if s != nil {
				out[len(out)-1] = *s
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (f *fixture) viewsExact(t *testing.T, when string) {
	t.Helper()
	if r := f.read(t, salesView, salesRaw, pointsView, pointsRaw); r[0] != r[1] || r[2] != r[3] {
		t.Errorf("%s: sales_daily\n  %s\nraw\n  %s\npoints_daily\n  %s\nraw\n  %s", when, r[0], r[1], r[2], r[3])
	}
	if r := f.read(t, customersView, customersRaw); r[0] != r[1] {
		t.Errorf("%s: customer_purchases\n  %s\nraw\n  %s", when, r[0], r[1])
	}
}

func (f *fixture) tablesExact(t *testing.T, when string) {
	t.Helper()
	if r := f.read(t, salesTable, salesRaw, pointsTable, pointsRaw); r[0] != r[1] || r[2] != r[3] {
		t.Errorf("%s: sales_rollup\n  %s\nraw\n  %s\npoints_rollup\n  %s\nraw\n  %s", when, r[0], r[1], r[2], r[3])
	}
	if r := f.read(t, customersTable, customersRaw); r[0] != r[1] {
		t.Errorf("%s: loyalty.customer_purchases\n  %s\nraw\n  %s", when, r[0], r[1])
	}
}

// marks counts the marks left, of the day rollups and of the customer summary.
func (f *fixture) marks(t *testing.T) int64 {
	var n int64
	if err := f.db.Raw(`SELECT (SELECT count(*) FROM loyalty.rollup_marks) + (SELECT count(*) FROM loyalty.customer_purchase_marks)`).Row().Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Sales from many clients at once while the job refreshes over and over: the views are
// exact at every moment, and after the last pass the rollup tables hold exactly the raw
// rows' sums, with no mark left.
func TestConcurrentWritersAndTheJob(t *testing.T) {
	f := newFixture(t, 16)
	f.refresh(t) // the first pass sets the time zone (a rebuild of nothing)
	ctx, stop := context.WithCancel(context.Background())
	var jobs sync.WaitGroup
	jobs.Go(func() {
		for ctx.Err() == nil {
			if _, err := f.job.Refresh(ctx); err != nil && ctx.Err() == nil {
				t.Errorf("refresh: %v", err)
			}
		}
	})
	base := time.Date(2025, 3, 31, 22, 0, 0, 0, saoPaulo) // sales on both sides of midnight (and of UTC's)
	var writers sync.WaitGroup
	for w, customer := range f.customers {
		writers.Go(func() {
			for i := range 12 {
				store := fmt.Sprintf("S%d", 1+(w+i)%3)
				f.sale(t, customer, store, fmt.Sprintf("C%d-%d", w, i), base.Add(time.Duration(w*12+i)*17*time.Minute), int64(1000+w*100+i))
			}
		})
	}
	for range 3 {
		f.viewsExact(t, "while writing")
	}
	writers.Wait()
	stop()
	jobs.Wait()
	f.viewsExact(t, "after the writes")
	f.refresh(t)
	f.tablesExact(t, "after the last pass")
	f.viewsExact(t, "after the last pass")
	if n := f.marks(t); n != 0 {
		t.Errorf("%d marks left after the last pass", n)
	}
}

// Two replicas' passes: while one holds the job's lock the other does nothing (Busy) and
// leaves the marks; once it is released, a pass does the work.
func TestTwoJobsOneAtATime(t *testing.T) {
	f := newFixture(t, 2)
	f.refresh(t)
	f.sale(t, f.customers[0], "S1", "A", time.Date(2025, 5, 2, 10, 0, 0, 0, saoPaulo), 5000)
	holder := f.db.Begin()
	defer holder.Rollback()
	if err := holder.Exec(`SELECT pg_advisory_xact_lock(hashtextextended('loyalty.rollup_refresh', 0))`).Error; err != nil {
		t.Fatal(err)
	}
	if p := f.refresh(t); !p.Busy || p.Partitions != 0 {
		t.Fatalf("pass while another holds the lock: %+v, want busy", p)
	}
	if f.marks(t) == 0 {
		t.Fatal("a busy pass took the marks")
	}
	f.viewsExact(t, "busy pass")
	holder.Rollback()
	if p := f.refresh(t); p.Busy || p.Partitions == 0 {
		t.Fatalf("pass after the lock was released: %+v", p)
	}
	f.tablesExact(t, "after the pass")
	// Two passes at once: both return, the state is the same as after one.
	f.sale(t, f.customers[1], "S2", "B", time.Date(2025, 5, 3, 10, 0, 0, 0, saoPaulo), 7000)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if _, err := f.job.Refresh(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	f.refresh(t)
	f.tablesExact(t, "after two passes at once")
	if n := f.marks(t); n != 0 {
		t.Errorf("%d marks left", n)
	}
}

// A sale cancelled after its day was rolled up leaves the reports at once (its day x
// store is read raw until the next pass), and the next pass takes it out of the rollup.
func TestCancelledSaleAfterTheRollup(t *testing.T) {
	f := newFixture(t, 1)
	f.refresh(t)
	at := time.Date(2025, 4, 10, 9, 0, 0, 0, saoPaulo)
	keep := f.sale(t, f.customers[0], "S1", "KEEP", at, 3000)
	gone := f.sale(t, f.customers[0], "S1", "GONE", at.Add(time.Hour), 4500)
	f.refresh(t)
	f.tablesExact(t, "before the cancel")
	if _, err := f.ledger.CancelEntry(context.Background(), gone.ID, "test"); err != nil {
		t.Fatal(err)
	}
	f.viewsExact(t, "cancelled, not yet refreshed")
	sum := `SELECT COALESCE(sum(value), 0) FROM reporting.sales_daily WHERE transaction_date = DATE '2025-04-10'`
	if value := f.read(t, sum)[0]; value != "(30.00)" {
		t.Errorf("sales of the day after the cancel: %s, want 30.00 (the sale kept, %s)", value, keep.ID)
	}
	f.refresh(t)
	f.tablesExact(t, "after the pass")
	f.viewsExact(t, "after the pass")
}

// A writer's mark is not a lock: while one transaction holds an uncommitted sale of a
// store and day, another sale of the same store and day commits without waiting, and a
// pass neither waits for the open transaction nor loses its mark.
func TestWritersOfOneStoreDoNotWait(t *testing.T) {
	f := newFixture(t, 2)
	f.refresh(t)
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, saoPaulo)
	open := f.db.Begin()
	defer open.Rollback()
	if err := open.Exec(`INSERT INTO coupons (customer_id, coupon_identifier, store_code, transaction_date, value, payment_type) VALUES (?, 'OPEN', 'S1', ?, 10, 'pix')`,
		f.customers[0], at).Error; err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- f.db.Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec(`SET LOCAL lock_timeout = '2s'`).Error; err != nil {
				return err
			}
			return tx.Exec(`INSERT INTO coupons (customer_id, coupon_identifier, store_code, transaction_date, value, payment_type) VALUES (?, 'OTHER', 'S1', ?, 20, 'pix')`,
				f.customers[1], at.Add(time.Minute)).Error
		})
	}()
	if err := <-done; err != nil {
		t.Fatalf("second writer of the store and day: %v", err)
	}
	passCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := f.job.Refresh(passCtx); err != nil {
		t.Fatalf("pass with a writer's transaction open: %v", err)
	}
	if err := open.Commit().Error; err != nil {
		t.Fatal(err)
	}
	if f.marks(t) == 0 {
		t.Fatal("the open writer's mark was taken by a pass that could not see its sale")
	}
	f.viewsExact(t, "after the open writer committed")
	f.refresh(t)
	f.tablesExact(t, "after the next pass")
}

// The customer summary follows every kind of write to coupons: a cancellation, a coupon
// whose value, date or customer changes, the deletion of a customer with its coupons.
// Until a pass, the view answers the written customers from raw rows; the pass leaves the
// table exact (no row for a customer left without a sale) and no mark behind.
func TestCustomerSummaryFollowsEveryWrite(t *testing.T) {
	f := newFixture(t, 3)
	at := time.Date(2025, 2, 1, 10, 0, 0, 0, saoPaulo)
	cancel := f.sale(t, f.customers[0], "S1", "A1", at, 1000)
	f.sale(t, f.customers[0], "S1", "A2", at.Add(24*time.Hour), 2000)
	f.sale(t, f.customers[1], "S2", "B1", at.Add(48*time.Hour), 3000)
	f.sale(t, f.customers[1], "S2", "B2", at.Add(72*time.Hour), 4000)
	f.sale(t, f.customers[2], "S3", "C1", at.Add(96*time.Hour), 5000)
	f.refresh(t)
	f.tablesExact(t, "after the sales")

	ctx := context.Background()
	if _, err := f.ledger.CancelEntry(ctx, cancel.ID, "test"); err != nil {
		t.Fatal(err)
	}
	f.viewsExact(t, "after a cancellation")
	for _, q := range []string{
		`UPDATE coupons SET value = value + 1, transaction_date = transaction_date - interval '40 days' WHERE coupon_identifier = 'B1'`,
		// a coupon names only an entry of its own customer (migration 00582): moved, it
		// leaves its sale's entry behind
		`UPDATE coupons SET customer_id = '` + f.customers[2] + `', points_entry_id = NULL WHERE coupon_identifier = 'B2'`,
	} {
		if err := f.db.Exec(q).Error; err != nil {
			t.Fatal(err)
		}
		f.viewsExact(t, q)
	}
	if _, err := f.ledger.DeleteCustomer(ctx, f.customers[2]); err != nil {
		t.Fatal(err)
	}
	f.viewsExact(t, "after a customer's deletion")
	if p := f.refresh(t); p.Customers != 3 {
		t.Errorf("pass recomputed %d customers, want the 3 written", p.Customers)
	}
	f.tablesExact(t, "after the pass")
	f.viewsExact(t, "after the pass")
	if n := f.marks(t); n != 0 {
		t.Errorf("%d marks left", n)
	}
	if got := f.read(t, `SELECT count(*) FROM loyalty.customer_purchases`)[0]; got != "(2)" {
		t.Errorf("summary rows after the deletion: %s, want 2", got)
	}
}
