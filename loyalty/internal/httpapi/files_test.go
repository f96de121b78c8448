package httpapi_test

// Readers of the files the exports and report queries answer.

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

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
