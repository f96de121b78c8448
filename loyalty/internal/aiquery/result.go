package aiquery

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
	"github.com/loyaltylinks/platform/loyalty/internal/export"
	"github.com/xuri/excelize/v2"
)

// MaxCellChars is the longest value a result may hold, in UTF-16 units: the most a
// spreadsheet cell holds (Excel's limit; excelize would cut a longer one silently).
const MaxCellChars = excelize.TotalCellChars

// DefaultMaxResultBytes bounds a result: its values' text, and the xlsx file made of it.
const DefaultMaxResultBytes = 32 << 20

// Outcome is what a run produced: a text answer for at most one row, otherwise a
// spreadsheet, held in memory (at most the size cap) until Close.
type Outcome struct {
	Rows    int
	Answer  string // set when Rows <= 1
	xlsx    []byte // set when Rows > 1
	release func() // frees the run's slot; nil once closed
}

// IsSpreadsheet reports whether the outcome is a spreadsheet download.
func (o *Outcome) IsSpreadsheet() bool { return o.xlsx != nil }

// XLSXSize is the size of the spreadsheet in bytes.
func (o *Outcome) XLSXSize() int { return len(o.xlsx) }

// WriteXLSX writes the spreadsheet (header row = column names) to w.
func (o *Outcome) WriteXLSX(w io.Writer) error {
	if o.xlsx == nil {
		return fmt.Errorf("write xlsx: the result is not a spreadsheet")
	}
	if _, err := w.Write(o.xlsx); err != nil {
		return fmt.Errorf("write xlsx: %w", err)
	}
	return nil
}

// Close releases the outcome: its memory and its place among the report queries
// running at once.
func (o *Outcome) Close() error {
	o.xlsx = nil
	if o.release != nil {
		o.release()
		o.release = nil
	}
	return nil
}

// collector is the Sink of Execute: it keeps the first row and, from the second on,
// streams rows into an xlsx (the exports' writer, export.NewXLSX) held in memory. The
// runner bounds the values it hands over (MaxResultBytes), so the file is bounded too.
type collector struct {
	cols  []ResultColumn
	first []any
	text  []string // the first row as readable text, for the answer
	rows  int
	xlsx  *bytes.Buffer
	sheet export.RowWriter // nil until a second row comes
	// limit bounds the file while it is written (MaxResultBytes); 0 leaves the check
	// to outcome.
	limit int
}

const sheetName = "report"

func (c *collector) Columns(cols []ResultColumn) error {
	c.cols = cols
	return nil
}

func (c *collector) Row(values [][]byte) error {
	c.rows++
	row := make([]any, len(values))
	for i, v := range values {
		row[i] = cellValue(c.cols[i].OID, v)
	}
	switch c.rows {
	case 1:
		c.first = row
		c.text = make([]string, len(values))
		for i, v := range values {
			c.text[i] = readable(c.cols[i].OID, v)
		}
		return nil
	case 2:
		if err := c.startSheet(); err != nil {
			return err
		}
		if err := c.sheet.Row(c.first); err != nil {
			return c.writeError(err)
		}
	}
	if err := c.sheet.Row(row); err != nil {
		return c.writeError(err)
	}
	return nil
}

func (c *collector) writeError(err error) error {
	if errors.Is(err, errTooLarge) {
		return spreadsheetTooLarge(c.limit)
	}
	return fmt.Errorf("xlsx: %w", err)
}

// spreadsheetTooLarge refuses a spreadsheet past maxBytes.
func spreadsheetTooLarge(maxBytes int) *ExecError {
	return &ExecError{Type: typeResultTooLarge, Message: fmt.Sprintf("the spreadsheet would be larger than %s; narrow the question (a period, a store), select fewer columns or add a LIMIT", byteSize(maxBytes))}
}

// startSheet starts the spreadsheet: one column per result column, headed by its name.
func (c *collector) startSheet() error {
	cols := make([]export.Column, len(c.cols))
	for i, col := range c.cols {
		cols[i] = export.Column{Header: col.Name, Kind: columnKind(col.OID)}
	}
	c.xlsx = new(bytes.Buffer)
	var out io.Writer = c.xlsx
	if c.limit > 0 {
		out = &cappedWriter{w: c.xlsx, left: c.limit}
	}
	sheet, err := export.NewXLSX(out, sheetName, cols)
	if err != nil {
		return fmt.Errorf("xlsx: %w", err)
	}
	c.sheet = sheet
	return nil
}

// outcome finishes the result: the answer, or the xlsx file, refused when it is larger
// than maxBytes.
func (c *collector) outcome(maxBytes int) (*Outcome, error) {
	if c.sheet == nil {
		return &Outcome{Rows: c.rows, Answer: c.answer()}, nil
	}
	if err := c.sheet.Close(); err != nil {
		return nil, c.writeError(err)
	}
	buf := c.xlsx.Bytes()
	c.discard()
	if len(buf) > maxBytes {
		return nil, spreadsheetTooLarge(maxBytes)
	}
	return &Outcome{Rows: c.rows, xlsx: buf}, nil
}

// discard drops the spreadsheet being built.
func (c *collector) discard() {
	c.sheet, c.xlsx = nil, nil
}

var errTooLarge = errors.New("over the size cap")

// cappedWriter fails once more than left bytes have been written through it.
type cappedWriter struct {
	w    io.Writer
	left int
}

func (c *cappedWriter) Write(p []byte) (int, error) {
	if len(p) > c.left {
		return 0, errTooLarge
	}
	c.left -= len(p)
	return c.w.Write(p)
}

// noRowsAnswer is the answer of a query that returned nothing, in lang.
func noRowsAnswer(lang semantic.Lang) string {
	if lang == semantic.PT {
		return "A consulta não retornou nenhuma linha."
	}
	return "The query returned no rows."
}

// answer renders one row as "column: value, column: value".
func (c *collector) answer() string {
	if c.rows == 0 {
		return noRowsAnswer(semantic.EN)
	}
	parts := make([]string, len(c.cols))
	for i, col := range c.cols {
		parts[i] = col.Name + ": " + c.text[i]
	}
	return strings.Join(parts, ", ")
}

// Postgres type OIDs read as numbers or booleans; every other type stays text.
const (
	oidBool    = 16
	oidInt8    = 20
	oidInt2    = 21
	oidInt4    = 23
	oidFloat4  = 700
	oidFloat8  = 701
	oidNumeric = 1700
)

// columnKind is the kind of spreadsheet column a Postgres type makes (its width).
func columnKind(oid uint32) export.Kind {
	switch oid {
	case oidBool:
		return export.Boolean
	case oidInt2, oidInt4, oidInt8:
		return export.Integer
	case oidFloat4, oidFloat8, oidNumeric:
		return export.Decimal
	}
	return export.Text
}

// cellValue turns one text-format value into what a spreadsheet cell should hold.
func cellValue(oid uint32, raw []byte) any {
	if raw == nil {
		return nil
	}
	s := string(raw)
	switch oid {
	case oidBool:
		return s == "t"
	case oidInt2, oidInt4, oidInt8:
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n
		}
	case oidFloat4, oidFloat8, oidNumeric:
		// Kept as text when a float64 would not hold it exactly (very long numerics).
		if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) && len(strings.TrimLeft(s, "-0.")) <= 15 {
			return f
		}
	}
	return s
}

// readable is a value as Postgres prints it, with NULL and booleans spelled out.
func readable(oid uint32, raw []byte) string {
	switch {
	case raw == nil:
		return "null"
	case oid == oidBool:
		return strconv.FormatBool(string(raw) == "t")
	}
	return string(raw)
}
