package export

import (
	"fmt"
	"io"
	"testing"
	"time"
)

// BenchmarkXLSXWriter measures the xlsx writer alone (no database) on customer-like rows.
func BenchmarkXLSXWriter(b *testing.B) {
	zone, _ := time.LoadLocation(DefaultZone)
	row := func(i int) []any {
		at := time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC).Add(-time.Duration(i) * 30 * time.Second).In(zone)
		return []any{
			"0b7e1c9a-4a3f-4c1e-9d2b-1f5e6a7b8c9d", fmt.Sprintf("Cliente %d da Silva", i), "00000012345", "cliente12345@example.com",
			"+5511900012345", "F", time.Date(1990, 1, 2, 0, 0, 0, 0, time.UTC), nil, int64(1234), at, true, "PDV", "S1", "Loja 1",
			"S2", "Loja 2", true, true, true, nil, at, at,
		}
	}
	const rows = 20000
	b.ReportAllocs()
	for range b.N {
		w, err := newXLSXWriter(io.Discard, "customers", Customers.Columns, excelMaxRows, defaultBlockRows)
		if err != nil {
			b.Fatal(err)
		}
		for i := range rows {
			if err := w.Row(row(i)); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row")
}
