package export

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"
)

// How the xlsx is produced without holding it whole anywhere.
//
// excelize's StreamWriter keeps a sheet's XML in memory up to 16 MiB, then in a temp
// file, and the workbook is assembled in one bytes.Buffer by File.WriteTo: a million
// customers would mean ~1 GiB of temp file (the pod's /tmp is a 256 MiB emptyDir) and
// the whole zip in memory, with nothing sent before the last row is read.
//
// So excelize writes the frame and the export writes the rows. At the start, a
// StreamWriter set up with the sheet's layout (column widths, a frozen header row) is
// flushed without rows, into memory: the worksheet XML before <sheetData> and after
// </sheetData> is kept. Each worksheet part of the zip, which is being written to the
// client, is that prefix, the <row> elements rowEncoder makes (the XML StreamWriter.SetRow
// would make, see xlsxrow.go), written out every 64 KiB, and the suffix. At the end a
// workbook built the same way (same sheets, same styles, hence the same style ids) writes
// every other part of the package (workbook, styles, content types, relationships) into
// the zip, skipping its own empty worksheets.

const (
	// excelMaxRows is the row limit of an xlsx sheet; past it rows go on to a new sheet
	// (customers_2, ...) that starts with the header again.
	excelMaxRows = 1_048_576
	// rowBufferBytes is how much row XML is gathered before it goes to the compressor.
	rowBufferBytes = 64 << 10
	// frameSheetPath is where excelize writes the single sheet of the frame workbook.
	frameSheetPath = "xl/worksheets/sheet1.xml"
)

var (
	sheetDataOpen  = []byte("<sheetData>")
	sheetDataClose = []byte("</sheetData>")
)

// bookStyles are the cell styles of the workbook. newBook creates them in a fixed order,
// so every workbook of one export has the same ids.
type bookStyles struct {
	header, date, timestamp, decimal int
}

// newBook returns an empty workbook with the export's styles.
func newBook() (*excelize.File, bookStyles, error) {
	f := excelize.NewFile(excelize.Options{TmpDir: os.TempDir()})
	var s bookStyles
	var err error
	newStyle := func(dst *int, st *excelize.Style) {
		if err == nil {
			*dst, err = f.NewStyle(st)
		}
	}
	dateFmt, timestampFmt := "yyyy-mm-dd", "yyyy-mm-dd hh:mm:ss"
	newStyle(&s.header, &excelize.Style{Font: &excelize.Font{Bold: true}})
	newStyle(&s.date, &excelize.Style{CustomNumFmt: &dateFmt})
	newStyle(&s.timestamp, &excelize.Style{CustomNumFmt: &timestampFmt})
	newStyle(&s.decimal, &excelize.Style{NumFmt: 2}) // 0.00
	if err != nil {
		_ = f.Close()
		return nil, bookStyles{}, fmt.Errorf("xlsx styles: %w", err)
	}
	return f, s, nil
}

// xlsxWriter writes an export as an xlsx package onto out, rows as they come.
type xlsxWriter struct {
	zw      *zip.Writer
	sheet   string
	cols    []Column
	styles  bookStyles
	maxRows int // per sheet, header included
	enc     *rowEncoder
	// flushBytes is how much row XML is gathered before it goes to the compressor.
	flushBytes int

	// The worksheet XML around the rows: before them (with <sheetData>) for the first
	// sheet and for the others (not selected), and after them.
	prefix, otherPrefix, suffix []byte

	sheets int       // worksheets started
	part   io.Writer // the current worksheet part of the zip
	row    int       // last row number written in the current sheet
	buf    []byte    // row XML not yet written to part
}

// NewXLSX starts an xlsx workbook on out, written as rows come: the writer of the exports,
// for any rows (report query results use it too). The first sheet is called sheet; past
// Excel's row limit rows go on to sheet_2, ... Only Header and Kind of cols are used.
func NewXLSX(out io.Writer, sheet string, cols []Column) (RowWriter, error) {
	return newXLSXWriter(out, sheet, cols, excelMaxRows)
}

func newXLSXWriter(out io.Writer, sheet string, cols []Column, maxRows int) (*xlsxWriter, error) {
	f, styles, err := newBook()
	if err != nil {
		return nil, err
	}
	prefix, suffix, err := sheetFrame(f, cols)
	_ = f.Close()
	if err != nil {
		return nil, err
	}
	zw := zip.NewWriter(out)
	// Deflate's fastest level, klauspost's: compression is the largest part of the
	// export's CPU time, and this costs about 30% less than the standard library's fastest
	// level for the same size (BenchmarkXLSXWriter).
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	w := &xlsxWriter{
		zw: zw, sheet: sheet, cols: cols, styles: styles, maxRows: max(maxRows, 2),
		enc: newRowEncoder(cols, styles), flushBytes: rowBufferBytes,
		prefix: prefix, suffix: suffix,
		// Only the first sheet is selected; several selected tabs open as a group.
		otherPrefix: bytes.Replace(prefix, []byte(` tabSelected="true"`), nil, 1),
		buf:         make([]byte, 0, rowBufferBytes+8<<10),
	}
	return w, w.startSheet()
}

// sheetFrame returns the worksheet XML excelize's StreamWriter writes around the rows of
// a sheet laid out for cols: column widths and a frozen header row.
func sheetFrame(f *excelize.File, cols []Column) (prefix, suffix []byte, err error) {
	sw, err := f.NewStreamWriter("Sheet1")
	if err == nil {
		err = sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	}
	// Last column first: excelize prepends each new <col>, and Excel wants them ascending.
	for i := len(cols) - 1; i >= 0 && err == nil; i-- {
		err = sw.SetColWidth(i+1, i+1, columnWidth(cols[i]))
	}
	if err == nil {
		err = sw.Flush()
	}
	if err != nil {
		return nil, nil, fmt.Errorf("xlsx sheet layout: %w", err)
	}
	var capture bytes.Buffer
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return &sheetCapture{path: frameSheetPath, dst: &capture} })
	if _, err := f.WriteToBuffer(); err != nil {
		return nil, nil, fmt.Errorf("xlsx sheet layout: %w", err)
	}
	xml := capture.Bytes()
	open, end := bytes.Index(xml, sheetDataOpen), bytes.LastIndex(xml, sheetDataClose)
	if open < 0 || end < open {
		return nil, nil, errors.New("xlsx sheet layout: worksheet XML without sheetData")
	}
	rowsStart := open + len(sheetDataOpen)
	return bytes.Clone(xml[:rowsStart]), bytes.Clone(xml[end:]), nil
}

func columnWidth(c Column) float64 {
	switch c.Kind {
	case Timestamp:
		return 20
	case Date:
		return 12
	case Boolean, Integer, Decimal:
		return max(10, float64(len(c.Header))+2)
	}
	return max(16, float64(len(c.Header))+2)
}

func (w *xlsxWriter) sheetName(n int) string {
	if n == 1 {
		return w.sheet
	}
	return w.sheet + "_" + strconv.Itoa(n)
}

// startSheet opens the next worksheet part and writes its prefix and header row.
func (w *xlsxWriter) startSheet() error {
	w.sheets++
	part, err := w.zw.Create("xl/worksheets/sheet" + strconv.Itoa(w.sheets) + ".xml")
	if err != nil {
		return err
	}
	w.part, w.row = part, 1
	if w.sheets == 1 {
		w.buf = append(w.buf, w.prefix...)
	} else {
		w.buf = append(w.buf, w.otherPrefix...)
	}
	w.buf = w.enc.appendHeader(w.buf, w.cols)
	return nil
}

// Row writes one data row, going on to a new sheet when the current one is full. values
// is not kept.
func (w *xlsxWriter) Row(values []any) error {
	if w.row >= w.maxRows {
		if err := w.finishSheet(); err != nil {
			return err
		}
		if err := w.startSheet(); err != nil {
			return err
		}
	}
	w.row++
	w.buf = w.enc.appendRow(w.buf, w.row, values)
	if len(w.buf) >= w.flushBytes {
		return w.flush()
	}
	return nil
}

// flush hands the gathered XML to the current worksheet part.
func (w *xlsxWriter) flush() error {
	_, err := w.part.Write(w.buf)
	w.buf = w.buf[:0]
	if cap(w.buf) > 16*rowBufferBytes {
		// A row of huge texts grew the buffer (up to a few MiB): do not keep it.
		w.buf = make([]byte, 0, rowBufferBytes+8<<10)
	}
	if err != nil {
		return fmt.Errorf("xlsx rows: %w", err)
	}
	return nil
}

// finishSheet writes the rest of the current worksheet and its closing XML.
func (w *xlsxWriter) finishSheet() error {
	w.buf = append(w.buf, w.suffix...)
	return w.flush()
}

// Close completes the package: the last worksheet, then every other part, written by a
// workbook with the same sheets and styles.
func (w *xlsxWriter) Close() error {
	if err := w.finishSheet(); err != nil {
		return err
	}
	f, styles, err := newBook()
	if err != nil {
		return err
	}
	defer f.Close()
	if styles != w.styles {
		return errors.New("xlsx: package workbook styles differ from the sheets'")
	}
	if err := f.SetSheetName("Sheet1", w.sheetName(1)); err != nil {
		return fmt.Errorf("xlsx sheet name: %w", err)
	}
	streamed := map[string]bool{frameSheetPath: true}
	for n := 2; n <= w.sheets; n++ {
		if _, err := f.NewSheet(w.sheetName(n)); err != nil {
			return fmt.Errorf("xlsx sheet %d: %w", n, err)
		}
		streamed["xl/worksheets/sheet"+strconv.Itoa(n)+".xml"] = true
	}
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return &partsWriter{zw: w.zw, skip: streamed} })
	if _, err := f.WriteToBuffer(); err != nil {
		return fmt.Errorf("xlsx package parts: %w", err)
	}
	return w.zw.Close()
}

// sheetCapture is the zip writer a block workbook writes to: it keeps the worksheet
// part and drops everything else.
type sheetCapture struct {
	path string
	dst  *bytes.Buffer
}

func (c *sheetCapture) Create(name string) (io.Writer, error) {
	if name == c.path {
		return c.dst, nil
	}
	return io.Discard, nil
}
func (c *sheetCapture) AddFS(fs.FS) error { return nil }
func (c *sheetCapture) Close() error      { return nil }

// partsWriter forwards a workbook's parts into the export's zip, except the worksheets
// already streamed there. Closing it leaves the zip open for xlsxWriter.Close.
type partsWriter struct {
	zw   *zip.Writer
	skip map[string]bool
}

func (p *partsWriter) Create(name string) (io.Writer, error) {
	if p.skip[name] {
		return io.Discard, nil
	}
	return p.zw.Create(name)
}
func (p *partsWriter) AddFS(fs.FS) error { return errors.New("xlsx: AddFS not supported") }
func (p *partsWriter) Close() error      { return nil }
