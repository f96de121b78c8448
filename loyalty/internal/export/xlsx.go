package export

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"time"

	"github.com/xuri/excelize/v2"
)

// How the xlsx is produced without holding it whole anywhere.
//
// excelize's StreamWriter keeps a sheet's XML in memory up to 16 MiB, then in a temp
// file, and the workbook is assembled in one bytes.Buffer by File.WriteTo: a million
// customers would mean ~1 GiB of temp file (the pod's /tmp is a 256 MiB emptyDir) and
// the whole zip in memory, with nothing sent before the last row is read.
//
// So the rows go through StreamWriter in blocks (a fresh excelize.File per block, a few
// MiB, never spilled to disk). When a block is full its worksheet XML is taken from the
// workbook excelize writes (through SetZipWriter, into memory) and its <row> elements
// are appended to the worksheet part of the real zip, which is being written to the
// client. The XML before <sheetData> (columns, frozen header) and after </sheetData>
// comes from the same StreamWriter setup. At the end a workbook built the same way
// (same sheets, same styles, hence the same style ids) writes every other part of the
// package (workbook, styles, content types, relationships) into the zip, skipping its
// own empty worksheets.

const (
	// excelMaxRows is the row limit of an xlsx sheet; past it rows go on to a new sheet
	// (customers_2, ...) that starts with the header again.
	excelMaxRows = 1_048_576
	// defaultBlockRows and maxBlockBytes bound a block: well under the 16 MiB past which
	// excelize would spill to a temp file.
	defaultBlockRows = 2000
	maxBlockBytes    = 4 << 20
	// blockSheetPath is where excelize writes the single sheet of a block workbook.
	blockSheetPath = "xl/worksheets/sheet1.xml"
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
	zw        *zip.Writer
	sheet     string
	cols      []Column
	styles    bookStyles
	maxRows   int // per sheet, header included
	blockRows int

	sheets   int       // worksheets started
	part     io.Writer // the current worksheet part of the zip
	row      int       // last row number written in the current sheet
	prefixed bool      // the current part has its XML prefix
	suffix   []byte    // XML after </sheetData>, the same for every block
	block    *xlsxBlock
	cells    []any
	capture  bytes.Buffer
}

// xlsxBlock is the workbook encoding the current block of rows.
type xlsxBlock struct {
	f     *excelize.File
	sw    *excelize.StreamWriter
	rows  int
	bytes int // rough size of the block's XML
}

func newXLSXWriter(out io.Writer, sheet string, cols []Column, maxRows, blockRows int) (*xlsxWriter, error) {
	f, styles, err := newBook()
	if err != nil {
		return nil, err
	}
	_ = f.Close()
	zw := zip.NewWriter(out)
	// Deflate's fastest level: about three times the speed of the default for a file a
	// little larger; compression was a third of the export's CPU time.
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	w := &xlsxWriter{
		zw: zw, sheet: sheet, cols: cols, styles: styles,
		maxRows: max(maxRows, 2), blockRows: max(blockRows, 1), cells: make([]any, len(cols)),
	}
	return w, w.startSheet()
}

func (w *xlsxWriter) sheetName(n int) string {
	if n == 1 {
		return w.sheet
	}
	return w.sheet + "_" + strconv.Itoa(n)
}

// startSheet opens the next worksheet part and writes its header row.
func (w *xlsxWriter) startSheet() error {
	w.sheets++
	part, err := w.zw.Create("xl/worksheets/sheet" + strconv.Itoa(w.sheets) + ".xml")
	if err != nil {
		return err
	}
	w.part, w.row, w.prefixed = part, 0, false
	for i, c := range w.cols {
		w.cells[i] = excelize.Cell{StyleID: w.styles.header, Value: c.Header}
	}
	return w.setRow(w.cells, 0)
}

// Row writes one data row, going on to a new sheet when the current one is full.
func (w *xlsxWriter) Row(values []any) error {
	if w.row >= w.maxRows {
		if err := w.finishSheet(); err != nil {
			return err
		}
		if err := w.startSheet(); err != nil {
			return err
		}
	}
	size := 0
	for i, v := range values {
		w.cells[i], size = w.cell(w.cols[i].Kind, v), size+32
		if s, ok := v.(string); ok {
			size += len(s)
		}
	}
	return w.setRow(w.cells, size)
}

// cell turns a value into what StreamWriter.SetRow takes: numbers stay numbers, dates
// and timestamps become date cells (excelize writes a time's wall clock in its own zone,
// which the scanner has set to the requested one).
func (w *xlsxWriter) cell(kind Kind, v any) any {
	switch v := v.(type) {
	case nil:
		return nil
	case decimal:
		return excelize.Cell{StyleID: w.styles.decimal, Value: v.float}
	case time.Time:
		if kind == Date {
			return excelize.Cell{StyleID: w.styles.date, Value: v}
		}
		return excelize.Cell{StyleID: w.styles.timestamp, Value: v}
	}
	return v
}

func (w *xlsxWriter) setRow(cells []any, size int) error {
	if w.block == nil {
		if err := w.newBlock(); err != nil {
			return err
		}
	}
	w.row++
	if err := w.block.sw.SetRow("A"+strconv.Itoa(w.row), cells); err != nil {
		return fmt.Errorf("xlsx row %d: %w", w.row, err)
	}
	w.block.rows++
	w.block.bytes += size
	if w.block.rows >= w.blockRows || w.block.bytes >= maxBlockBytes {
		return w.flushBlock()
	}
	return nil
}

// newBlock starts a workbook for the next block of rows, with the sheet's layout: column
// widths and a frozen header row.
func (w *xlsxWriter) newBlock() error {
	f, styles, err := newBook()
	if err != nil {
		return err
	}
	if styles != w.styles {
		_ = f.Close()
		return errors.New("xlsx: block workbook styles differ from the package's")
	}
	sw, err := f.NewStreamWriter("Sheet1")
	if err == nil {
		err = sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	}
	// Last column first: excelize prepends each new <col>, and Excel wants them ascending.
	for i := len(w.cols) - 1; i >= 0 && err == nil; i-- {
		err = sw.SetColWidth(i+1, i+1, columnWidth(w.cols[i]))
	}
	if err != nil {
		_ = f.Close()
		return fmt.Errorf("xlsx block: %w", err)
	}
	w.block = &xlsxBlock{f: f, sw: sw}
	return nil
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

// flushBlock appends the block's rows to the worksheet part (after the part's prefix,
// the first time) and discards the block.
func (w *xlsxWriter) flushBlock() error {
	b := w.block
	w.block = nil
	defer b.f.Close()
	if err := b.sw.Flush(); err != nil {
		return fmt.Errorf("xlsx block flush: %w", err)
	}
	w.capture.Reset()
	b.f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return &sheetCapture{path: blockSheetPath, dst: &w.capture} })
	if _, err := b.f.WriteToBuffer(); err != nil {
		return fmt.Errorf("xlsx block: %w", err)
	}
	xml := w.capture.Bytes()
	open, end := bytes.Index(xml, sheetDataOpen), bytes.LastIndex(xml, sheetDataClose)
	if open < 0 || end < open {
		return errors.New("xlsx block: worksheet XML without sheetData")
	}
	rowsStart := open + len(sheetDataOpen)
	if !w.prefixed {
		prefix := xml[:rowsStart]
		if w.sheets > 1 {
			// Only the first sheet is selected; several selected tabs open as a group.
			prefix = bytes.Replace(prefix, []byte(` tabSelected="true"`), nil, 1)
		}
		if _, err := w.part.Write(prefix); err != nil {
			return err
		}
		w.prefixed = true
	}
	if w.suffix == nil {
		w.suffix = bytes.Clone(xml[end:])
	}
	_, err := w.part.Write(xml[rowsStart:end])
	return err
}

// finishSheet writes the last block and the closing XML of the current worksheet.
func (w *xlsxWriter) finishSheet() error {
	if w.block != nil {
		if err := w.flushBlock(); err != nil {
			return err
		}
	}
	_, err := w.part.Write(w.suffix)
	return err
}

// Close completes the package: the last worksheet, then every other part, written by a
// workbook with the same sheets and styles.
func (w *xlsxWriter) Close() error {
	if err := w.finishSheet(); err != nil {
		return err
	}
	f, _, err := newBook()
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.SetSheetName("Sheet1", w.sheetName(1)); err != nil {
		return fmt.Errorf("xlsx sheet name: %w", err)
	}
	streamed := map[string]bool{blockSheetPath: true}
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
