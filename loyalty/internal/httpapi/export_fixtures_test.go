package httpapi_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// Rows for the export and batch tests are inserted with SQL: the routes that create them
// belong to other areas.

// insertRow inserts one row with the given columns and returns its id.
func (e *testEnv) insertRow(table string, cols map[string]any) string {
	e.t.Helper()
	names := make([]string, 0, len(cols))
	for name := range cols {
		names = append(names, name)
	}
	sort.Strings(names)
	marks := make([]string, len(names))
	args := make([]any, len(names))
	for i, name := range names {
		marks[i] = "?"
		args[i] = cols[name]
	}
	var id string
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) RETURNING id::text", table, strings.Join(names, ", "), strings.Join(marks, ", "))
	if err := e.DB.Raw(q, args...).Scan(&id).Error; err != nil {
		e.t.Fatalf("insert into %s %v: %v", table, cols, err)
	}
	return id
}

func (e *testEnv) insertStore(code, name, document string) string {
	return e.insertRow("stores", map[string]any{"store_code": code, "name": name, "document": document})
}

// insertCustomer inserts a customer with defaults for the required columns; extra
// columns override them.
func (e *testEnv) insertCustomer(name, doc string, createdAt time.Time, extra map[string]any) string {
	cols := map[string]any{
		"name": name, "doc": doc, "email": strings.ToLower(strings.ReplaceAll(name, " ", ".")) + "@example.com",
		"phone": "+5511999990000", "created_at": createdAt, "updated_at": createdAt,
	}
	for k, v := range extra {
		cols[k] = v
	}
	// The ledger owns points_balance: a wanted balance becomes a credit entry.
	balance, hasBalance := cols["points_balance"]
	delete(cols, "points_balance")
	id := e.insertRow("customers", cols)
	if hasBalance {
		e.exec(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date) VALUES (?, 'C', ?, ?)`, id, balance, createdAt)
		// Keep the fixture's updated_at (the balance change bumped it): this test database
		// is the test's own, so switching the trigger off for one statement is harmless.
		e.exec(`ALTER TABLE customers DISABLE TRIGGER customers_updated_at`)
		e.exec(`UPDATE customers SET updated_at = ? WHERE id = ?`, cols["updated_at"], id)
		e.exec(`ALTER TABLE customers ENABLE TRIGGER customers_updated_at`)
	}
	return id
}

func (e *testEnv) exec(q string, args ...any) {
	e.t.Helper()
	if err := e.DB.Exec(q, args...).Error; err != nil {
		e.t.Fatalf("%s: %v", q, err)
	}
}

// readXLSX opens an xlsx body and returns the rows of its first sheet, each padded to
// the header's width (excelize leaves trailing empty cells out). opts may ask for raw
// values (RawCellValue), which skips the slow number formatting of big files.
func readXLSX(t *testing.T, body []byte, opts ...excelize.Options) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("open xlsx: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0), opts...)
	if err != nil {
		t.Fatalf("read xlsx rows: %v", err)
	}
	if len(rows) == 0 {
		t.Fatal("xlsx has no header row")
	}
	for i := range rows {
		for len(rows[i]) < len(rows[0]) {
			rows[i] = append(rows[i], "")
		}
	}
	return rows
}

func readCSV(t *testing.T, body []byte) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("read csv: %v\n%s", err, body)
	}
	if len(rows) == 0 {
		t.Fatal("csv has no header row")
	}
	return rows
}

// download fetches an export and reads it back as rows (header first), checking the
// status and the content type of the format asked for.
func (e *testEnv) download(t *testing.T, path, token string) ([][]string, response) {
	t.Helper()
	res := e.do(http.MethodGet, path, token, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET %s: status %d: %s", path, res.Status, res.Body)
	}
	if strings.Contains(path, "format=csv") {
		if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Fatalf("GET %s: Content-Type %q", path, ct)
		}
		return readCSV(t, res.Body), res
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("GET %s: Content-Type %q", path, ct)
	}
	return readXLSX(t, res.Body), res
}

// column returns the values of the named column, header excluded.
func column(t *testing.T, rows [][]string, name string) []string {
	t.Helper()
	idx := -1
	for i, h := range rows[0] {
		if h == name {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatalf("no column %q in %v", name, rows[0])
	}
	out := make([]string, 0, len(rows)-1)
	for _, r := range rows[1:] {
		out = append(out, r[idx])
	}
	return out
}

// record returns a data row as a map from header to value.
func record(rows [][]string, i int) map[string]string {
	m := map[string]string{}
	for j, h := range rows[0] {
		m[h] = rows[i][j]
	}
	return m
}
