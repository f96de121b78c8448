// Package export writes the back office's customer and sales-coupon exports as xlsx or
// csv files, streamed from a database cursor to the client.
//
// Memory stays flat whatever the row count: rows are read one at a time from *sql.Rows
// (pgx reads the result from the socket as it is consumed) and written straight to the
// response. csv goes through encoding/csv. xlsx: excelize makes the workbook's frame and
// the export encodes the rows itself, as excelize's StreamWriter would (see xlsx.go and
// xlsxrow.go), into a worksheet part zipped onto the response as it is produced, so
// neither the sheet nor the zip is ever held whole, in memory or in a temp file (the
// service's /tmp is a small emptyDir in Kubernetes).
package export

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/document"
	"github.com/loyaltylinks/platform/shared/database"
)

// Format is the file format of an export.
type Format string

const (
	XLSX Format = "xlsx"
	CSV  Format = "csv"
)

// ParseFormat reads the format parameter: excel and xlsx are both xlsx.
func ParseFormat(s string) (Format, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "excel", "xlsx":
		return XLSX, true
	case "csv":
		return CSV, true
	}
	return "", false
}

// ContentType is the media type of the format.
func (f Format) ContentType() string {
	if f == CSV {
		return "text/csv; charset=utf-8"
	}
	return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
}

// Filter selects the rows of an export. Start and End are calendar days (inclusive),
// taken in Zone. Empty strings and nil pointers do not filter.
type Filter struct {
	Start, End     *time.Time
	Limit          *int // nil: every row
	SearchDoc      string
	SearchName     string
	OwnerStoreName string // exact (case-insensitive) name of the customer's owner store
	Zone           *time.Location
}

func (f Filter) zone() *time.Location {
	if f.Zone == nil {
		return time.UTC
	}
	return f.Zone
}

// Filename is the attachment name of an export: its kind and date range, e.g.
// customers_2024-05-01_2024-05-31.xlsx. A missing start reads "beginning"; a missing
// end is the day of the export in the filter's zone.
func Filename(d Dataset, f Filter, format Format, now time.Time) string {
	from, to := "beginning", now.In(f.zone()).Format(time.DateOnly)
	if f.Start != nil {
		from = f.Start.Format(time.DateOnly)
	}
	if f.End != nil {
		to = f.End.Format(time.DateOnly)
	}
	return fmt.Sprintf("%s_%s_%s.%s", d.Name, from, to, format)
}

// ContentDisposition is the Content-Disposition header value for filename.
func ContentDisposition(filename string) string {
	return mime.FormatMediaType("attachment", map[string]string{"filename": filename})
}

// Kind says how a column's values are read from the database and written to files.
type Kind int

const (
	Text      Kind = iota
	Integer        // int64: a number cell
	Decimal        // numeric, read as text (exact in csv), a number cell with two decimals
	Boolean        // a boolean cell; csv true/false
	Date           // a calendar day, not moved between zones
	Timestamp      // an instant, rendered in the filter's zone
)

// Column is one column of an export: its header, the SQL expression that yields it and
// its kind.
type Column struct {
	Header string
	Expr   string
	Kind   Kind
}

// Dataset is one kind of export: its name (file names, sheet name), its columns and how
// the filter becomes SQL.
type Dataset struct {
	Name    string
	Sheet   string
	Columns []Column
	// source adds f's conditions to w and returns the FROM clause (tables and joins the
	// column expressions use) and the ORDER BY list.
	source func(f Filter, w *where) (from, order string)
}

// query is the dataset's SELECT for f and its arguments.
func (d Dataset) query(f Filter) (string, []any) {
	var w where
	from, order := d.source(f, &w)
	q := "SELECT " + d.selectList() + " FROM " + from + w.sql() + " ORDER BY " + order
	return q + w.limit(f.Limit), w.args
}

// selectList is the SELECT list of the dataset's columns.
func (d Dataset) selectList() string {
	exprs := make([]string, len(d.Columns))
	for i, c := range d.Columns {
		exprs[i] = c.Expr
	}
	return strings.Join(exprs, ", ")
}

// RowWriter receives the rows of one file. Values are nil, string, int64, decimal,
// float64 (xlsx only), bool or time.Time, as the column's kind says.
type RowWriter interface {
	Row(values []any) error
	Close() error // completes the file
}

// Exporter runs exports against the database.
type Exporter struct {
	db  *sql.DB
	log *slog.Logger
}

// New returns an Exporter reading from db.
func New(db *sql.DB, log *slog.Logger) *Exporter {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Exporter{db: db, log: log}
}

// Result describes a finished export.
type Result struct {
	Rows int // data rows written, header excluded
}

// Write runs the dataset's query and writes the file to the writer open returns. open is
// called once, when the query has answered (with its first row or none): until then a
// failure leaves nothing written and can still be answered with an error status. After
// it, an error means a truncated file; the caller must abort the response.
func (e *Exporter) Write(ctx context.Context, d Dataset, f Filter, format Format, open func() io.Writer) (Result, error) {
	start := time.Now()
	query, args := d.query(f)
	rows, err := openCursor(ctx, e.db, query, args)
	if err != nil {
		return Result{}, fmt.Errorf("export %s: query: %w", d.Name, err)
	}
	defer rows.Close()

	scan := newScanner(d.Columns, f.zone())
	// Fetch the first row before anything is written: most query failures surface here.
	more := rows.Next()
	if !more {
		if err := rows.Err(); err != nil {
			return Result{}, fmt.Errorf("export %s: read: %w", d.Name, err)
		}
	}
	out := open()
	var w RowWriter
	switch format {
	case CSV:
		w, err = newCSVWriter(out, d.Columns)
	default:
		w, err = newXLSXWriter(out, d.Sheet, d.Columns, excelMaxRows)
	}
	if err != nil {
		return Result{}, fmt.Errorf("export %s: start %s: %w", d.Name, format, err)
	}
	n := 0
	for ; more; more = rows.Next() {
		values, err := scan.row(rows)
		if err != nil {
			return Result{Rows: n}, fmt.Errorf("export %s: row %d: %w", d.Name, n+1, err)
		}
		if err := w.Row(values); err != nil {
			return Result{Rows: n}, fmt.Errorf("export %s: write row %d: %w", d.Name, n+1, err)
		}
		if n == 0 {
			flush(out)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return Result{Rows: n}, fmt.Errorf("export %s: read after %d rows: %w", d.Name, n, err)
	}
	if err := w.Close(); err != nil {
		return Result{Rows: n}, fmt.Errorf("export %s: finish %s: %w", d.Name, format, err)
	}
	e.log.InfoContext(ctx, "export written", "export", d.Name, "format", string(format), "rows", n,
		"duration_ms", time.Since(start).Milliseconds())
	return Result{Rows: n}, nil
}

// flush sends on what out holds, when it can (an HTTP response: net/http keeps the
// first 4 KiB otherwise), so that the download starts with the first row.
func flush(out io.Writer) {
	if f, ok := out.(interface{ Flush() }); ok {
		f.Flush()
	}
}

// scanner reads one row into typed nullable holders and turns them into file values.
type scanner struct {
	cols  []Column
	zone  *time.Location
	dest  []any
	value []any
}

func newScanner(cols []Column, zone *time.Location) *scanner {
	s := &scanner{cols: cols, zone: zone, dest: make([]any, len(cols)), value: make([]any, len(cols))}
	for i, c := range cols {
		switch c.Kind {
		case Integer:
			s.dest[i] = new(sql.NullInt64)
		case Boolean:
			s.dest[i] = new(sql.NullBool)
		case Date, Timestamp:
			s.dest[i] = new(sql.NullTime)
		default: // Text, Decimal
			s.dest[i] = new(sql.NullString)
		}
	}
	return s
}

// row scans the current row. The returned slice is reused by the next call.
func (s *scanner) row(rows interface{ Scan(...any) error }) ([]any, error) {
	if err := rows.Scan(s.dest...); err != nil {
		return nil, err
	}
	for i, c := range s.cols {
		s.value[i] = nil
		switch d := s.dest[i].(type) {
		case *sql.NullInt64:
			if d.Valid {
				s.value[i] = d.Int64
			}
		case *sql.NullBool:
			if d.Valid {
				s.value[i] = d.Bool
			}
		case *sql.NullTime:
			if !d.Valid {
				break
			}
			if c.Kind == Date {
				// A calendar day: keep its wall date, whatever zone the driver attached.
				y, m, dd := d.Time.Date()
				s.value[i] = time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
			} else {
				s.value[i] = d.Time.In(s.zone)
			}
		case *sql.NullString:
			if !d.Valid {
				break
			}
			if c.Kind == Decimal {
				v, err := parseDecimal(d.String)
				if err != nil {
					return nil, fmt.Errorf("column %s: %w", c.Header, err)
				}
				s.value[i] = v
			} else {
				s.value[i] = d.String
			}
		}
	}
	return s.value, nil
}

// decimal is a numeric value: its exact text (csv) and its float (xlsx number cell).
type decimal struct {
	text  string
	float float64
}

func parseDecimal(s string) (decimal, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return decimal{}, errors.New("not a number: " + s)
	}
	return decimal{text: s, float: f}, nil
}

// where accumulates SQL conditions and their positional arguments.
type where struct {
	conds []string
	args  []any
}

// add appends a condition; each "?" in cond becomes the next $n with its argument.
func (w *where) add(cond string, args ...any) {
	var b strings.Builder
	next := 0
	for _, r := range cond {
		if r == '?' && next < len(args) {
			w.args = append(w.args, args[next])
			next++
			b.WriteString("$" + strconv.Itoa(len(w.args)))
			continue
		}
		b.WriteRune(r)
	}
	w.conds = append(w.conds, b.String())
}

func (w *where) sql() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// limit returns the LIMIT clause (with its argument added) or "".
func (w *where) limit(n *int) string {
	if n == nil {
		return ""
	}
	w.args = append(w.args, *n)
	return " LIMIT $" + strconv.Itoa(len(w.args))
}

// dayRange adds the conditions of f's Start/End days on the timestamp column col: from
// midnight of Start to midnight after End, in f's zone.
func (w *where) dayRange(col string, f Filter) {
	zone := f.zone()
	if f.Start != nil {
		w.add(col+" >= ?", calendar.DayStart(*f.Start, zone))
	}
	if f.End != nil {
		w.add(col+" < ?", calendar.DayEnd(*f.End, zone))
	}
}

// customerSearch adds the document prefix, name and owner store name conditions on the
// customer alias c (and owner store alias so).
func (w *where) customerSearch(f Filter) {
	if doc := document.NormalizePrefix(f.SearchDoc); doc != "" {
		w.add(`c.doc LIKE ? ESCAPE '\'`, database.EscapeLike(doc)+"%")
	}
	if cond, arg, ok := customer.NameContains("c", f.SearchName); ok {
		w.add(cond, arg)
	}
	if owner := strings.TrimSpace(f.OwnerStoreName); owner != "" {
		w.add("lower(so.name) = lower(?)", owner)
	}
}
