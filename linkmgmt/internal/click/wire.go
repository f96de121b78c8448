package click

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// The batch format, one Redis stream entry (field "b") per batch of clicks:
//
//	version byte (1) | batch id (16 bytes) | base time (varint, Unix µs) | n (uvarint)
//	n × { link id (uvarint) | account id (uvarint) | time - base (varint, µs)
//	      | visitor (16 bytes) | 7 × string reference }
//
// A string reference is a uvarint k: even k names the k/2-th string of the batch's table
// (which starts with ""), odd k is followed by a new string of k>>1 bytes, appended to
// the table. Countries, browsers, referrers repeat within a batch, so each distinct
// value travels, and is parsed into a Go string, once per batch: about 30 bytes a click
// where JSON took 300, and no reflection on either side.
const wireVersion = 1

// Decoding bounds: a batch never holds more clicks than a recorder batch can. The
// decoder checks the structure only (lengths, counts, references): an entry that parses
// gives every click the recorder wrote, so the pending counters its write added can be
// computed and taken back whatever its clicks hold. Whether a click can be stored is
// checkClick's rule (value.go), applied click by click by the flusher.
const (
	maxBatchClicks = 10_000
	minClickBytes  = 3 + 16 + int(NumDims) // ids, time, visitor, one byte per string reference
)

// Click times are kept between 2000 and 2200: nothing outside can be a click, and date
// arithmetic on them stays far from overflowing.
var (
	minMicros = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro()
	maxMicros = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro()
)

var errWire = errors.New("click batch: malformed")

// encodeBatch appends the encoding of a batch to b.
func encodeBatch(b []byte, id [16]byte, clicks []Click) []byte {
	b = append(b, wireVersion)
	b = append(b, id[:]...)
	var base int64
	if len(clicks) > 0 {
		base = clicks[0].At
	}
	b = binary.AppendVarint(b, base)
	b = binary.AppendUvarint(b, uint64(len(clicks)))
	table := map[string]uint64{"": 0}
	for i := range clicks {
		c := &clicks[i]
		b = binary.AppendUvarint(b, uint64(c.LinkID))
		b = binary.AppendUvarint(b, uint64(c.AccountID))
		b = binary.AppendVarint(b, c.At-base)
		b = append(b, c.Visitor[:]...)
		for _, v := range c.Dims {
			if k, ok := table[v]; ok {
				b = binary.AppendUvarint(b, k<<1)
				continue
			}
			table[v] = uint64(len(table))
			b = binary.AppendUvarint(b, uint64(len(v))<<1|1)
			b = append(b, v...)
		}
	}
	return b
}

// decodeBatch parses a batch, checking every length and count before using it. It
// refuses (errWire) only what is not a batch; a click whose values or ids cannot be
// stored is returned as it was written, for checkClick to set aside.
func decodeBatch(b []byte) (id [16]byte, clicks []Click, err error) {
	r := wireReader{b: b}
	if v := r.byte(); v != wireVersion {
		return id, nil, fmt.Errorf("%w: version %d", errWire, v)
	}
	copy(id[:], r.bytes(16))
	base := r.varint()
	n := r.uvarint()
	// A click takes at least minClickBytes: n is checked against what b can hold.
	if r.err != nil || n == 0 || n > maxBatchClicks || n > uint64(len(b)/minClickBytes) {
		return id, nil, fmt.Errorf("%w: %d clicks", errWire, n)
	}
	clicks = make([]Click, n)
	table := []string{""}
	for i := range clicks {
		c := &clicks[i]
		c.LinkID, c.AccountID = int64(r.uvarint()), int64(r.uvarint())
		c.At = base + r.varint()
		copy(c.Visitor[:], r.bytes(16))
		for d := range c.Dims {
			k := r.uvarint()
			if k&1 == 0 {
				if k>>1 >= uint64(len(table)) {
					return id, nil, fmt.Errorf("%w: string %d of %d", errWire, k>>1, len(table))
				}
				c.Dims[d] = table[k>>1]
				continue
			}
			// r.bytes refuses a size beyond what is left, so the input bounds the copy.
			size := k >> 1
			if size > uint64(len(r.b)) {
				r.fail()
				break
			}
			s := string(r.bytes(int(size)))
			table = append(table, s)
			c.Dims[d] = s
		}
		if r.err != nil {
			return id, nil, r.err
		}
	}
	if r.err == nil && len(r.b) != 0 {
		r.err = fmt.Errorf("%w: %d trailing bytes", errWire, len(r.b))
	}
	return id, clicks, r.err
}

type wireReader struct {
	b   []byte
	err error
}

func (r *wireReader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("%w: truncated", errWire)
	}
	r.b = nil
}

func (r *wireReader) byte() byte {
	if len(r.b) < 1 {
		r.fail()
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *wireReader) bytes(n int) []byte {
	if n < 0 || len(r.b) < n {
		r.fail()
		return make([]byte, max(n, 0))
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *wireReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *wireReader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// legacyEvent is a click as recorders before the binary format wrote it (JSON, field
// "e" of legacyStreamKey's entries: {"events":[...]}).
type legacyEvent struct {
	LinkID    int64  `json:"link_id"`
	AccountID int64  `json:"account_id"`
	At        string `json:"at"`
	Visitor   string `json:"visitor"`
	Country   string `json:"country"`
	Referrer  string `json:"referrer"`
	Browser   string `json:"browser"`
	OS        string `json:"os"`
	Device    string `json:"device"`
	Language  string `json:"language"`
	Social    string `json:"social"`
}

// decodeLegacy parses a legacy entry. Its batch id is derived from the stream entry id,
// so a re-delivered legacy entry is stored once like any other. Its pending counters
// used the old field names (legacyCounts).
func decodeLegacy(streamID, raw string) (id [16]byte, clicks []Click, counts []count, err error) {
	var e struct {
		Events []legacyEvent `json:"events"`
	}
	if err := json.Unmarshal([]byte(raw), &e); err != nil {
		return id, nil, nil, fmt.Errorf("%w: legacy entry: %v", errWire, err)
	}
	if len(e.Events) > maxBatchClicks {
		return id, nil, nil, fmt.Errorf("%w: %d legacy clicks", errWire, len(e.Events))
	}
	sum := sha256.Sum256([]byte("legacy click entry " + streamID))
	copy(id[:], sum[:16])
	clicks = make([]Click, 0, len(e.Events))
	for _, ev := range e.Events {
		// A click that cannot be stored (no valid time, link or values) is kept for
		// checkClick to set aside; its counters are still taken back.
		c := Click{LinkID: ev.LinkID, AccountID: ev.AccountID,
			Dims: [NumDims]string{ev.Country, ev.Referrer, ev.Browser, ev.OS, ev.Social, ev.Device, ev.Language}}
		if at, err := time.Parse(time.RFC3339Nano, ev.At); err == nil {
			c.At = at.UnixMicro()
		}
		if v, err := hex.DecodeString(ev.Visitor); err == nil && len(v) == 16 {
			copy(c.Visitor[:], v)
		}
		clicks = append(clicks, c)
		counts = append(counts, legacyCounts(ev)...)
	}
	return id, clicks, mergeCounts(counts), nil
}

// legacyCounts are the pending-counter increments the legacy recorder made for a click.
func legacyCounts(ev legacyEvent) []count {
	out := []count{{key: pendingKey(ev.LinkID), field: fieldTotal, n: 1}}
	if len(ev.At) >= 10 {
		out = append(out, count{key: pendingKey(ev.LinkID), field: "day:" + ev.At[:10], n: 1})
	}
	for _, d := range []struct{ prefix, v string }{
		{"c:", ev.Country}, {"r:", ev.Referrer}, {"b:", ev.Browser}, {"o:", ev.OS},
		{"s:", ev.Social}, {"d:", ev.Device}, {"l:", ev.Language},
	} {
		if d.v != "" {
			out = append(out, count{key: pendingKey(ev.LinkID), field: d.prefix + d.v, n: 1})
		}
	}
	return out
}
