package export

import (
	"context"
	"fmt"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
)

// cpuTime is the process's user and system CPU time so far. Benchmarks report CPU per row
// beside wall time: on a machine shared with other work, wall time mostly measures the
// neighbours.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// countingWriter counts the bytes written through it.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// benchCustomerRows returns n rows as the scanner yields them for the customer export.
func benchCustomerRows(n int) [][]any {
	zone, _ := time.LoadLocation(calendar.DefaultZone)
	rows := make([][]any, n)
	for i := range rows {
		at := time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC).Add(-time.Duration(i) * 30 * time.Second).In(zone)
		rows[i] = []any{
			"0b7e1c9a-4a3f-4c1e-9d2b-1f5e6a7b8c9d", fmt.Sprintf("Cliente %d da Silva", i), fmt.Sprintf("%011d", i), fmt.Sprintf("cliente%d@example.com", i),
			"+5511900012345", "F", time.Date(1990, 1, 2, 0, 0, 0, 0, time.UTC), nil, int64(i * 37 % 5000), at, true, "PDV", "S1", "Loja 1",
			"S2", "Loja 2", true, true, true, nil, at, at,
		}
	}
	return rows
}

// BenchmarkXLSXWriter measures the xlsx writer alone (no database) on customer-like rows:
// encoding and compression. ns/row and the file's bytes/row.
func BenchmarkXLSXWriter(b *testing.B) {
	benchWriter(b, func(out io.Writer) (RowWriter, error) {
		return newXLSXWriter(out, "customers", Customers.Columns, excelMaxRows)
	})
}

// BenchmarkCSVWriter is the same for csv, the reference.
func BenchmarkCSVWriter(b *testing.B) {
	benchWriter(b, func(out io.Writer) (RowWriter, error) { return newCSVWriter(out, Customers.Columns) })
}

func benchWriter(b *testing.B, open func(io.Writer) (RowWriter, error)) {
	n := 20000
	if testing.Short() {
		n = 500
	}
	rows := benchCustomerRows(n)
	var out countingWriter
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime(b)
	for range b.N {
		out.n = 0
		w, err := open(&out)
		if err != nil {
			b.Fatal(err)
		}
		for _, row := range rows {
			if err := w.Row(row); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
	b.ReportMetric(float64((cpuTime(b)-cpu0).Nanoseconds())/float64(b.N*n), "cpu-ns/row")
	b.ReportMetric(float64(out.n)/float64(n), "bytes/row")
}

// seedBenchCustomers inserts n customers the way scripts/bench-export.sh does, their
// balances through credit entries (batches of 1,000: one advisory lock per customer and
// transaction), into a fresh database, and returns an Exporter over it.
func seedBenchCustomers(tb testing.TB, n int) *Exporter {
	tb.Helper()
	db, err := database.OpenSQL(testkit.NewDatabase(tb), database.Options{Schema: migrations.Schema})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	ctx := context.Background()
	exec := func(q string, args ...any) {
		if _, err := db.ExecContext(ctx, q, args...); err != nil {
			tb.Fatalf("seed: %v", err)
		}
	}
	exec(`INSERT INTO stores (store_code, name, document)
		SELECT 'S' || i, 'Loja ' || i, lpad(i::text, 14, '0') FROM generate_series(1, 50) AS i`)
	exec(`INSERT INTO customers (name, doc, email, phone, gender_identity, birth_date, short_code,
			last_purchase, origin, store_code, store_code_owner, app_user, created_at, updated_at)
		SELECT 'Cliente ' || i || ' da Silva', lpad(i::text, 11, '0'), 'cliente' || i || '@example.com',
			'+55119' || lpad(i::text, 8, '0'), (ARRAY['M', 'F', 'X'])[1 + i % 3], date '1960-01-01' + (i % 15000),
			CASE WHEN i % 4 = 0 THEN 'SC' || i END,
			CASE WHEN i % 5 <> 0 THEN timestamptz '2024-06-01 12:00Z' - (i % 10000) * interval '17 minutes' END,
			(ARRAY['PDV', 'APP', 'BACKOFFICE', 'TOTEM'])[1 + i % 4], 'S' || (1 + i % 50), 'S' || (1 + (i / 7) % 50),
			CASE i % 3 WHEN 0 THEN true WHEN 1 THEN false END,
			timestamptz '2024-06-01 12:00Z' - i * interval '30 seconds', timestamptz '2024-06-01 12:00Z' - i * interval '30 seconds'
		FROM generate_series(1, $1::int) AS i`, n)
	for lo := 1; lo <= n; lo += 1000 {
		exec(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date)
			SELECT c.id, 'C', (i * 37) % 5000, c.created_at
			FROM generate_series($1::int, $2::int) AS i JOIN customers c ON c.doc = lpad(i::text, 11, '0')
			WHERE (i * 37) % 5000 > 0`, lo, min(lo+999, n))
	}
	exec(`VACUUM ANALYZE customers`)
	return New(db, nil)
}

// BenchmarkExportCustomers runs the customer export end to end against Postgres (query,
// scan, encode, compress) into a counter: the path `make bench-export` times through
// HTTP, for profiling (-cpuprofile). -short (the CI smoke run) seeds 500 customers.
func BenchmarkExportCustomers(b *testing.B) {
	n := 20000
	if testing.Short() {
		n = 500
	}
	ex := seedBenchCustomers(b, n)
	zone, _ := calendar.LoadZone(calendar.DefaultZone)
	for _, format := range []Format{XLSX, CSV} {
		b.Run(string(format), func(b *testing.B) {
			var out countingWriter
			b.ReportAllocs()
			cpu0 := cpuTime(b)
			for range b.N {
				out.n = 0
				res, err := ex.Write(context.Background(), Customers, Filter{Zone: zone}, format, func() io.Writer { return &out })
				if err != nil {
					b.Fatal(err)
				}
				if res.Rows != n {
					b.Fatalf("exported %d rows, want %d", res.Rows, n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
			b.ReportMetric(float64((cpuTime(b)-cpu0).Nanoseconds())/float64(b.N*n), "cpu-ns/row")
			b.ReportMetric(float64(out.n)/float64(n), "bytes/row")
		})
	}
}
