package click

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"io"
	"strings"

	"github.com/jackc/pgx/v5"
)

// copyClicks stores the raw clicks with COPY in Postgres' binary format, encoded here
// directly: pgx's generic CopyFrom looks up an encoder for each of a row's eleven values
// through interfaces, which cost the flusher about a microsecond a click, a quarter of
// its work. The columns' types are fixed by the migrations (two bigints, a timestamptz,
// eight texts); values are storable text (the flusher checks every click with checkClick
// before, value.go).
func copyClicks(ctx context.Context, tx pgx.Tx, clicks []*Click) (int64, error) {
	sql := "COPY clicks (" + strings.Join(rawColumns, ", ") + ") FROM STDIN (FORMAT binary)"
	tag, err := tx.Conn().PgConn().CopyFrom(ctx, &copyReader{clicks: clicks}, sql)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// pgEpochMicros is 2000-01-01 00:00 UTC in Unix microseconds: binary timestamps count
// from there.
const pgEpochMicros = 946_684_800_000_000

// copyReader produces the COPY stream of clicks a chunk at a time (memory stays at one
// chunk whatever the number of clicks).
type copyReader struct {
	clicks []*Click
	next   int
	buf    []byte
	off    int
	state  uint8 // 0: header to write, 1: rows, 2: trailer written
}

// copyChunk is how much the reader encodes ahead of the connection.
const copyChunk = 64 << 10

func (r *copyReader) Read(p []byte) (int, error) {
	if r.off == len(r.buf) {
		if r.state == 2 {
			return 0, io.EOF
		}
		r.fill()
	}
	n := copy(p, r.buf[r.off:])
	r.off += n
	return n, nil
}

func (r *copyReader) fill() {
	b := r.buf[:0]
	if r.state == 0 {
		b = append(b, "PGCOPY\n\xff\r\n\x00"...)
		b = binary.BigEndian.AppendUint32(b, 0) // flags
		b = binary.BigEndian.AppendUint32(b, 0) // header extension
		r.state = 1
	}
	for r.next < len(r.clicks) && len(b) < copyChunk {
		b = appendClickRow(b, r.clicks[r.next])
		r.next++
	}
	if r.next == len(r.clicks) {
		b = binary.BigEndian.AppendUint16(b, 0xffff) // -1: end of data
		r.state = 2
	}
	r.buf, r.off = b, 0
}

// appendClickRow appends one row of rawColumns in COPY's binary format: the number of
// fields, then each as a 32-bit length and its bytes.
func appendClickRow(b []byte, c *Click) []byte {
	b = binary.BigEndian.AppendUint16(b, uint16(len(rawColumns)))
	b = binary.BigEndian.AppendUint32(b, 8)
	b = binary.BigEndian.AppendUint64(b, uint64(c.LinkID))
	b = binary.BigEndian.AppendUint32(b, 8)
	b = binary.BigEndian.AppendUint64(b, uint64(c.AccountID))
	b = binary.BigEndian.AppendUint32(b, 8)
	b = binary.BigEndian.AppendUint64(b, uint64(c.At-pgEpochMicros))
	b = binary.BigEndian.AppendUint32(b, uint32(2*len(c.Visitor)))
	b = hex.AppendEncode(b, c.Visitor[:])
	for _, v := range c.Dims {
		b = binary.BigEndian.AppendUint32(b, uint32(len(v)))
		b = append(b, v...)
	}
	return b
}
