package aiquery

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestSpreadsheetIsTheExportsWriter: a result of several rows becomes an xlsx read back
// with typed cells, written by the exports' writer; past the collector's limit the
// spreadsheet is refused while it is being written, not held whole first.
func TestSpreadsheetIsTheExportsWriter(t *testing.T) {
	cols := []ResultColumn{{Name: "n", OID: oidInt8}, {Name: "ok", OID: oidBool}, {Name: "x", OID: oidNumeric}, {Name: "t", OID: 25}}
	rows := [][][]byte{
		{[]byte("1"), []byte("t"), []byte("0.25"), []byte("first")},
		{[]byte("2"), []byte("f"), nil, []byte("=SUM(A1)")},
	}
	c := &collector{limit: 1 << 20}
	if err := c.Columns(cols); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := c.Row(r); err != nil {
			t.Fatal(err)
		}
	}
	out, err := c.outcome(1 << 20)
	if err != nil || !out.IsSpreadsheet() {
		t.Fatalf("outcome: %v", err)
	}
	var file bytes.Buffer
	if err := out.WriteXLSX(&file); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := f.GetRows(sheetName)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"n", "ok", "x", "t"}, {"1", "TRUE", "0.25", "first"}, {"2", "FALSE", "", "=SUM(A1)"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows %v, want %v", got, want)
	}
	if typ, _ := f.GetCellType(sheetName, "A2"); typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
		t.Errorf("n is a %v cell, want a number", typ)
	}
	if formula, _ := f.GetCellFormula(sheetName, "D3"); formula != "" {
		t.Errorf("a text became the formula %q", formula)
	}

	small := &collector{limit: 4 << 10}
	if err := small.Columns(cols[3:]); err != nil {
		t.Fatal(err)
	}
	var ee *ExecError
	for i := 0; i < 100000 && err == nil; i++ {
		err = small.Row([][]byte{[]byte(strings.Repeat(fmt.Sprintf("%x", i*7919), 20))})
	}
	if !errors.As(err, &ee) || ee.Type != typeResultTooLarge || !strings.Contains(ee.Message, "spreadsheet would be larger than 4 KiB") {
		t.Fatalf("past the limit: %v", err)
	}
}
