package export

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

var testColumns = []Column{
	{"name", "", Text},
	{"points", "", Integer},
	{"value", "", Decimal},
	{"active", "", Boolean},
	{"birth", "", Date},
	{"at", "", Timestamp},
}

func testRow(i int, zone *time.Location) []any {
	at := time.Date(2024, 5, 14, 13, 30, 0, 0, time.UTC).Add(time.Duration(i) * time.Minute).In(zone)
	var active any = i%2 == 0
	if i%3 == 0 {
		active = nil // a NULL cell
	}
	return []any{
		fmt.Sprintf("Cliente <%d> & \"Ação\"", i), int64(i * 10), decimal{text: fmt.Sprintf("%d.50", i), float: float64(i) + 0.5},
		active, time.Date(1990, 1, 2, 0, 0, 0, 0, time.UTC), at,
	}
}

// TestXLSXWriterSplitsBlocksAndSheets writes rows through small blocks and sheets and reads
// the file back with excelize: every row, in order, on the right sheet, with its header.
func TestXLSXWriterSplitsBlocksAndSheets(t *testing.T) {
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	tests := []struct {
		name                      string
		rows, maxRows, flushBytes int
		wantSheets                []string
		wantDataRowsOnLastSheet   int
	}{
		{"empty: header only", 0, excelMaxRows, rowBufferBytes, []string{"things"}, 0},
		{"one flush", 5, excelMaxRows, rowBufferBytes, []string{"things"}, 5},
		{"a flush after every row", 6, excelMaxRows, 1, []string{"things"}, 6},
		{"three sheets", 10, 5, 300, []string{"things", "things_2", "things_3"}, 2}, // 4 + 4 + 2 data rows
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w, err := newXLSXWriter(&out, "things", testColumns, tt.maxRows)
			if err != nil {
				t.Fatal(err)
			}
			w.flushBytes = tt.flushBytes
			for i := 1; i <= tt.rows; i++ {
				if err := w.Row(testRow(i, zone)); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			f, err := excelize.OpenReader(&out)
			if err != nil {
				t.Fatalf("open xlsx: %v", err)
			}
			defer f.Close()
			if got := f.GetSheetList(); !slices.Equal(got, tt.wantSheets) {
				t.Fatalf("sheets = %v, want %v", got, tt.wantSheets)
			}
			next := 1
			for si, sheet := range tt.wantSheets {
				rows, err := f.GetRows(sheet)
				if err != nil {
					t.Fatal(err)
				}
				if want := []string{"name", "points", "value", "active", "birth", "at"}; !slices.Equal(rows[0], want) {
					t.Fatalf("%s header = %v, want %v", sheet, rows[0], want)
				}
				if si == len(tt.wantSheets)-1 && len(rows)-1 != tt.wantDataRowsOnLastSheet {
					t.Fatalf("%s has %d data rows, want %d", sheet, len(rows)-1, tt.wantDataRowsOnLastSheet)
				}
				for r, row := range rows[1:] {
					i := next
					next++
					wantActive := map[int]string{0: "TRUE", 1: "FALSE"}[i%2]
					if i%3 == 0 {
						wantActive = ""
					}
					at := time.Date(2024, 5, 14, 10, 30, 0, 0, time.UTC).Add(time.Duration(i) * time.Minute) // 13:30Z is 10:30 in São Paulo
					want := []string{fmt.Sprintf("Cliente <%d> & \"Ação\"", i), fmt.Sprint(i * 10), fmt.Sprintf("%d.50", i), wantActive, "1990-01-02", at.Format("2006-01-02 15:04:05")}
					for len(row) < len(want) {
						row = append(row, "")
					}
					if !slices.Equal(row, want) {
						t.Fatalf("%s row %d = %q, want %q", sheet, r+2, row, want)
					}
					// Numbers are number cells, not text.
					cell, _ := excelize.CoordinatesToCellName(2, r+2)
					if typ, _ := f.GetCellType(sheet, cell); typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
						t.Fatalf("%s %s type = %v, want a number", sheet, cell, typ)
					}
					raw, _ := f.GetCellValue(sheet, cell, excelize.Options{RawCellValue: true})
					if raw != fmt.Sprint(i*10) {
						t.Fatalf("%s %s raw = %q", sheet, cell, raw)
					}
				}
			}
			if next-1 != tt.rows {
				t.Fatalf("read %d rows back, wrote %d", next-1, tt.rows)
			}
		})
	}
}

func TestCSVWriter(t *testing.T) {
	zone, _ := time.LoadLocation("Asia/Tokyo")
	var out bytes.Buffer
	w, err := newCSVWriter(&out, testColumns)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		if err := w.Row(testRow(i, zone)); err != nil {
			t.Fatal(err)
		}
		// The download starts with the first record: the header and it are handed on
		// at once; later records wait in the buffer.
		if lines := strings.Count(out.String(), "\n"); lines != 2 {
			t.Fatalf("after record %d, %d lines handed on, want 2", i, lines)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatalf("read csv: %v", err)
	}
	want := [][]string{
		{"name", "points", "value", "active", "birth", "at"},
		{`Cliente <1> & "Ação"`, "10", "1.50", "false", "1990-01-02", "2024-05-14T22:31:00+09:00"},
		{`Cliente <2> & "Ação"`, "20", "2.50", "true", "1990-01-02", "2024-05-14T22:32:00+09:00"},
		{`Cliente <3> & "Ação"`, "30", "3.50", "", "1990-01-02", "2024-05-14T22:33:00+09:00"},
	}
	if !slices.EqualFunc(records, want, slices.Equal) {
		t.Fatalf("csv =\n%q\nwant\n%q", records, want)
	}
}

// TestXLSXWorksheetLayout checks the worksheet XML Excel is strict about: <col> elements
// in ascending order, and one <sheetData> holding every row in order.
func TestXLSXWorksheetLayout(t *testing.T) {
	var out bytes.Buffer
	w, err := newXLSXWriter(&out, "things", testColumns, excelMaxRows)
	if err != nil {
		t.Fatal(err)
	}
	w.flushBytes = 1
	for i := 1; i <= 5; i++ {
		if err := w.Row(testRow(i, time.UTC)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(out.Bytes()), int64(out.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var sheet []byte
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			r, _ := f.Open()
			sheet, _ = io.ReadAll(r)
			r.Close()
		}
	}
	var mins []int
	for _, m := range regexp.MustCompile(`<col min="(\d+)"`).FindAllSubmatch(sheet, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		mins = append(mins, n)
	}
	if !slices.IsSorted(mins) || len(mins) != len(testColumns) {
		t.Errorf("<col> mins = %v, want 1..%d ascending", mins, len(testColumns))
	}
	if bytes.Count(sheet, []byte("<sheetData>")) != 1 || bytes.Count(sheet, []byte("</sheetData>")) != 1 {
		t.Errorf("want exactly one sheetData element:\n%s", sheet)
	}
	var rows []int
	for _, m := range regexp.MustCompile(`<row r="(\d+)"`).FindAllSubmatch(sheet, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		rows = append(rows, n)
	}
	if !slices.Equal(rows, []int{1, 2, 3, 4, 5, 6}) {
		t.Errorf("rows = %v, want 1..6", rows)
	}
}

func TestXLSXOnlyFirstSheetSelected(t *testing.T) {
	var out bytes.Buffer
	w, _ := newXLSXWriter(&out, "things", testColumns, 3)
	for i := 1; i <= 5; i++ {
		if err := w.Row(testRow(i, time.UTC)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(out.Bytes()), int64(out.Len()))
	if err != nil {
		t.Fatal(err)
	}
	selected := map[string]bool{}
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "xl/worksheets/sheet") {
			r, _ := f.Open()
			b, _ := io.ReadAll(r)
			r.Close()
			selected[f.Name] = bytes.Contains(b, []byte(`tabSelected="true"`))
		}
	}
	want := map[string]bool{"xl/worksheets/sheet1.xml": true, "xl/worksheets/sheet2.xml": false, "xl/worksheets/sheet3.xml": false}
	if !maps.Equal(selected, want) {
		t.Fatalf("selected sheets = %v, want %v", selected, want)
	}
}
