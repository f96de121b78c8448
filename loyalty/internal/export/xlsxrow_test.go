package export

import (
	"bytes"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// streamWriterRow is how the export handed a row to excelize's StreamWriter.SetRow before
// it encoded rows itself: numbers, texts and booleans as they are, decimals and times as
// cells with their style.
func streamWriterRow(cols []Column, styles bookStyles, values []any) []any {
	cells := make([]any, len(values))
	for i, v := range values {
		switch v := v.(type) {
		case decimal:
			cells[i] = excelize.Cell{StyleID: styles.decimal, Value: v.float}
		case time.Time:
			style := styles.timestamp
			if cols[i].Kind == Date {
				style = styles.date
			}
			cells[i] = excelize.Cell{StyleID: style, Value: v}
		default:
			cells[i] = v
		}
	}
	return cells
}

// streamWriterSheetData returns what excelize's StreamWriter writes between <sheetData>
// and </sheetData> for the header and rows.
func streamWriterSheetData(t *testing.T, cols []Column, rows [][]any) []byte {
	t.Helper()
	f, styles, err := newBook()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	header := make([]any, len(cols))
	for i, c := range cols {
		header[i] = excelize.Cell{StyleID: styles.header, Value: c.Header}
	}
	if err := sw.SetRow("A1", header); err != nil {
		t.Fatal(err)
	}
	for r, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, r+2)
		if err := sw.SetRow(cell, streamWriterRow(cols, styles, row)); err != nil {
			t.Fatalf("SetRow %d: %v", r+2, err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var capture bytes.Buffer
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return &sheetCapture{path: frameSheetPath, dst: &capture} })
	if _, err := f.WriteToBuffer(); err != nil {
		t.Fatal(err)
	}
	xml := capture.Bytes()
	open, end := bytes.Index(xml, sheetDataOpen), bytes.LastIndex(xml, sheetDataClose)
	if open < 0 || end < open {
		t.Fatalf("no sheetData in %s", xml)
	}
	return xml[open+len(sheetDataOpen) : end]
}

// TestRowEncoderMatchesStreamWriter holds rowEncoder to the XML excelize's StreamWriter
// writes for the same values, byte for byte, on the values an export can hold and on the
// edge cases of each kind: escaping, white space, characters XML cannot hold, "_xHHHH_"
// sequences, texts past a cell's 32,767 characters, formula-looking texts (text cells,
// never formulas), extreme numbers, NaN, dates before 1900 and far in the future, zones
// with second offsets.
func TestRowEncoderMatchesStreamWriter(t *testing.T) {
	cols := []Column{{"text", "", Text}, {"n", "", Integer}, {"value", "", Decimal}, {"ok", "", Boolean}, {"day", "", Date}, {"at", "", Timestamp}, {"x", "", Decimal}}
	saoPaulo, _ := time.LoadLocation("America/Sao_Paulo")
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	texts := []string{
		"", "Cliente 1 da Silva", " leading space", "trailing space ", "\ttab first", "last newline\n", "\rcr",
		"line\nfeed", "cr\rin the middle", `quote " and apostrophe '`, "<tag> & </tag>", "ctrl \x01\x08\x0b\x0c\x1f end",
		"del \x7f", "bad utf-8 \xff\xfe\xc3", "replacement \uFFFD itself", "non-characters \uFFFE\uFFFF", "emoji 😀 and ação",
		"_x0041_", "_x005F_x0041_", "_x005F_", "_x005f_x0041_", "a_x00zz_b", "__x0041__x0042_", "_X0041_",
		"_x0041", "x0041_", "=SUM(A1:A2)", "+5511900012345", "-1", "@cmd", "=HYPERLINK(\"http://x\")",
		strings.Repeat("a", excelCellChars), strings.Repeat("a", excelCellChars+10), strings.Repeat("a", excelCellChars-1) + "😀",
		strings.Repeat("é", 20000), strings.Repeat("_x0041_", 5000), strings.Repeat("😀", 17000), " " + strings.Repeat("b", excelCellChars+5),
	}
	ints := []int64{0, 1, -1, 1234, math.MaxInt64, math.MinInt64}
	decimals := []decimal{
		{"12.50", 12.5}, {"0", 0}, {"-0", math.Copysign(0, -1)}, {"0.1", 0.1}, {"7.05", 7.05}, {"1e21", 1e21},
		{"123456789012345678.99", 123456789012345678.99}, {"0.0000001", 1e-7}, {"NaN", math.NaN()},
		{"Infinity", math.Inf(1)}, {"-Infinity", math.Inf(-1)},
	}
	days := []time.Time{
		time.Date(1990, 1, 2, 0, 0, 0, 0, time.UTC), time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC),
		time.Date(1899, 12, 31, 0, 0, 0, 0, time.UTC), time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1900, 2, 28, 0, 0, 0, 0, time.UTC), time.Date(1900, 3, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC),
	}
	instants := []time.Time{
		time.Date(2024, 5, 14, 13, 30, 0, 0, time.UTC).In(saoPaulo), time.Date(2024, 5, 14, 13, 30, 0, 0, time.UTC),
		time.Date(2024, 5, 14, 13, 30, 0, 0, time.UTC).In(tokyo), time.Date(2024, 5, 14, 13, 30, 12, 345678000, time.UTC).In(saoPaulo),
		time.Date(2016, 2, 20, 23, 59, 59, 999999000, time.UTC).In(saoPaulo), // a daylight-saving change
		time.Date(1899, 6, 1, 12, 0, 0, 0, time.UTC).In(saoPaulo),            // LMT, an offset in seconds
		time.Date(1900, 1, 1, 2, 0, 0, 0, time.UTC).In(saoPaulo),             // 1899 on the local clock
		time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC).In(saoPaulo), time.Date(9999, 12, 31, 23, 59, 59, 999999000, time.UTC),
	}
	var rows [][]any
	for i := range max(len(texts), len(ints), len(decimals), len(days), len(instants)) {
		row := make([]any, len(cols))
		if i < len(texts) {
			row[0] = texts[i]
		}
		if i < len(ints) {
			row[1] = ints[i]
		}
		if i < len(decimals) {
			row[2] = decimals[i]
		}
		row[3] = []any{true, false, nil}[i%3]
		if i < len(days) {
			row[4] = days[i]
		}
		if i < len(instants) {
			row[5] = instants[i]
		}
		if i < len(decimals) {
			row[6] = decimals[i].float // a plain float64 (report query numbers): no style
		}
		rows = append(rows, row)
	}
	rows = append(rows, make([]any, len(cols))) // every cell NULL

	want := streamWriterSheetData(t, cols, rows)
	_, styles, err := newBook()
	if err != nil {
		t.Fatal(err)
	}
	enc := newRowEncoder(cols, styles)
	got := enc.appendHeader(nil, cols)
	for r, row := range rows {
		got = enc.appendRow(got, r+2, row)
	}
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		from := max(0, i-200)
		t.Fatalf("row XML differs from StreamWriter's at byte %d:\n got ...%q\nwant ...%q",
			i, got[from:min(len(got), i+100)], want[from:min(len(want), i+100)])
	}
}

func TestColumnLetters(t *testing.T) {
	for n, want := range map[int]string{1: "A", 2: "B", 26: "Z", 27: "AA", 52: "AZ", 53: "BA", 702: "ZZ", 703: "AAA", 16384: "XFD"} {
		if got := columnLetters(n); got != want {
			t.Errorf("columnLetters(%d) = %q, want %q", n, got, want)
		}
		if got, _ := excelize.ColumnNumberToName(n); got != columnLetters(n) {
			t.Errorf("columnLetters(%d) = %q, excelize says %q", n, columnLetters(n), got)
		}
	}
}

// TestXLSXTextsReadBack writes texts through the xlsx writer and opens the file with
// excelize: every text XML can hold comes back as it was written (cut to a cell's size),
// as text. "_xD800_" is the case where the encoder departs from excelize's writer, which
// loses it.
func TestXLSXTextsReadBack(t *testing.T) {
	texts := []string{
		"plain", " both ends ", "line\nfeed", "tab\there", "cr\r\nlf", `<&>"'`, "emoji 😀 ação", "_x0041_", "_x005F_",
		"_x005F_x0041_", "_xD800_ surrogate", "_xDFFF_", "__x0041__", "=1+1", "=HYPERLINK(\"http://x\")", "0012",
		strings.Repeat("a", excelCellChars+3),
	}
	cols := []Column{{"text", "", Text}}
	var out bytes.Buffer
	w, err := newXLSXWriter(&out, "texts", cols, excelMaxRows)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range texts {
		if err := w.Row([]any{s}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for i, s := range texts {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		want := truncateUTF16(s, excelCellChars)
		if got, _ := f.GetCellValue("texts", cell); got != want {
			t.Errorf("%s = %.60q, want %.60q", cell, got, want)
		}
		if typ, _ := f.GetCellType("texts", cell); typ != excelize.CellTypeInlineString {
			t.Errorf("%s type = %v, want an inline string", cell, typ)
		}
		if formula, _ := f.GetCellFormula("texts", cell); formula != "" {
			t.Errorf("%s has formula %q", cell, formula)
		}
	}
}
