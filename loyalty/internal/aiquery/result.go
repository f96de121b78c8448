package aiquery

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

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
// streams rows into an xlsx (excelize's stream writer keeps memory flat).
type collector struct {
	cols  []ResultColumn
	first []any
	text  []string // the first row as readable text, for the answer
	rows  int
	sheet *sheet
}

type sheet struct {
	file   *excelize.File
	stream *excelize.StreamWriter
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
		if err := c.writeRow(2, c.first); err != nil {
			return err
		}
	}
	return c.writeRow(c.rows+1, row)
}

func (c *collector) startSheet() error {
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", sheetName); err != nil {
		_ = f.Close()
		return fmt.Errorf("xlsx sheet: %w", err)
	}
	sw, err := f.NewStreamWriter(sheetName)
	if err != nil {
		_ = f.Close()
		return fmt.Errorf("xlsx stream: %w", err)
	}
	c.sheet = &sheet{file: f, stream: sw}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return fmt.Errorf("xlsx style: %w", err)
	}
	if err := sw.SetColWidth(1, max(len(c.cols), 1), 20); err != nil {
		return fmt.Errorf("xlsx widths: %w", err)
	}
	header := make([]any, len(c.cols))
	for i, col := range c.cols {
		header[i] = excelize.Cell{StyleID: bold, Value: col.Name}
	}
	return c.writeRow(1, header)
}

func (c *collector) writeRow(n int, row []any) error {
	cell, err := excelize.CoordinatesToCellName(1, n)
	if err != nil {
		return fmt.Errorf("xlsx cell: %w", err)
	}
	if err := c.sheet.stream.SetRow(cell, row); err != nil {
		return fmt.Errorf("xlsx row %d: %w", n, err)
	}
	return nil
}

// outcome finishes the result: the answer, or the xlsx file, refused when it would be
// larger than maxBytes.
func (c *collector) outcome(maxBytes int) (*Outcome, error) {
	if c.sheet == nil {
		return &Outcome{Rows: c.rows, Answer: c.answer()}, nil
	}
	defer c.discard() // the stream writer's temporary files
	if err := c.sheet.stream.Flush(); err != nil {
		return nil, fmt.Errorf("xlsx flush: %w", err)
	}
	c.sheet.file.SetZipWriter(func(w io.Writer) excelize.ZipWriter {
		return zip.NewWriter(&cappedWriter{w: w, left: maxBytes})
	})
	buf, err := c.sheet.file.WriteToBuffer()
	if errors.Is(err, errTooLarge) {
		return nil, &ExecError{Type: typeResultTooLarge, Message: fmt.Sprintf("the spreadsheet would be larger than %s; narrow the question (a period, a store), select fewer columns or add a LIMIT", byteSize(maxBytes))}
	}
	if err != nil {
		return nil, fmt.Errorf("xlsx write: %w", err)
	}
	return &Outcome{Rows: c.rows, xlsx: buf.Bytes()}, nil
}

// discard drops the spreadsheet's temporary files.
func (c *collector) discard() {
	if c.sheet != nil {
		_ = c.sheet.file.Close()
		c.sheet = nil
	}
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

// answer renders one row as "column: value, column: value".
func (c *collector) answer() string {
	if c.rows == 0 {
		return "The query returned no rows."
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
