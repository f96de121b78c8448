package export

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"
	"time"

	"github.com/loyaltylinks/platform/shared/csvcell"
)

// csvTimestamp renders instants in csv: RFC 3339 with the requested zone's offset, so a
// program reading the file gets the instant and a person reads the local time.
const csvTimestamp = "2006-01-02T15:04:05Z07:00"

// csvWriter writes an export as csv: comma-separated, quoted where needed (RFC 4180),
// "\n" line ends, UTF-8 without a byte-order mark.
type csvWriter struct {
	buf     *bufio.Writer
	w       *csv.Writer
	kinds   []Kind
	record  []string
	started bool // the first record was written (and handed on)
}

func newCSVWriter(out io.Writer, cols []Column) (*csvWriter, error) {
	buf := bufio.NewWriterSize(out, 64<<10)
	w := &csvWriter{buf: buf, w: csv.NewWriter(buf), kinds: make([]Kind, len(cols)), record: make([]string, len(cols))}
	for i, c := range cols {
		w.kinds[i] = c.Kind
		w.record[i] = c.Header
	}
	return w, w.w.Write(w.record)
}

// Row writes one record. encoding/csv buffers; bufio hands 64 KiB at a time to out,
// except the header and the first record, handed on at once: the download starts
// without waiting for 64 KiB of rows.
func (w *csvWriter) Row(values []any) error {
	for i, v := range values {
		w.record[i] = csvField(w.kinds[i], v)
	}
	if err := w.w.Write(w.record); err != nil || w.started {
		return err
	}
	w.started = true
	w.w.Flush()
	if err := w.w.Error(); err != nil {
		return err
	}
	return w.buf.Flush()
}

func csvField(kind Kind, v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return csvcell.Text(v) // only text: numbers, dates and booleans stay as they are
	case int64:
		return strconv.FormatInt(v, 10)
	case bool:
		return strconv.FormatBool(v)
	case decimal:
		return v.text
	case time.Time:
		if kind == Date {
			return v.Format(time.DateOnly)
		}
		return v.Format(csvTimestamp)
	}
	return ""
}

// Close flushes what is buffered.
func (w *csvWriter) Close() error {
	w.w.Flush()
	if err := w.w.Error(); err != nil {
		return err
	}
	return w.buf.Flush()
}
