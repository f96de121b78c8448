package click

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/loyaltylinks/platform/linkmgmt/internal/visitors"
)

// Rollups. Every statistic is read from rows that hold a Tally: link_click_days (a link's
// UTC day), account_click_days (an account's UTC day) and link_click_totals (a link, all
// time). A Tally is the clicks, the clicks per 15-minute slot of the day, the clicks per
// dimension value, and the set of visitors (package visitors). The flusher merges each
// batch into the rows it touches (read, merge, write, under row locks), so a row is
// written once per flush however many clicks it gains; the analytics merge the rows of a
// period the same way.
//
// Each dimension keeps at most MaxValuesPerDim values per row: past that, the values with
// the fewest clicks are folded into Other (a referrer host per click must not make a row,
// and every later flush of it, grow without bound). Breakdowns list the top 10 of a
// period, so only values that rank far below the top in every day of a period can be
// missed by that. Counts stay exact: a value's count is only ever moved to Other whole.
const MaxValuesPerDim = 500

// DimCounts are the clicks per value of one dimension.
type DimCounts struct {
	Values map[string]int64
	Other  int64 // clicks of values folded away (MaxValuesPerDim)
}

// Tally is the content of a rollup row.
type Tally struct {
	Clicks   int64
	Slots    [SlotsPerDay]int64 // day rows: clicks per slot of the day
	Dims     [NumDims]DimCounts
	Visitors visitors.Set
}

func (t *Tally) addValue(d Dim, value string, n int64) {
	if t.Dims[d].Values == nil {
		t.Dims[d].Values = map[string]int64{}
	}
	t.Dims[d].Values[value] += n
}

// Merge adds o to t.
func (t *Tally) Merge(o *Tally) {
	t.Clicks += o.Clicks
	for i, n := range o.Slots {
		t.Slots[i] += n
	}
	for d := range o.Dims {
		for v, n := range o.Dims[d].Values {
			t.addValue(Dim(d), v, n)
		}
		t.Dims[d].Other += o.Dims[d].Other
	}
	t.Visitors.Merge(&o.Visitors)
}

// Subtract takes o's counts off t (a deleted link's share of its account's day). A
// value t no longer lists (folded into Other) is taken off Other. Visitors cannot be
// subtracted: the caller rebuilds them.
func (t *Tally) Subtract(o *Tally) {
	t.Clicks = max(t.Clicks-o.Clicks, 0)
	for i, n := range o.Slots {
		t.Slots[i] = max(t.Slots[i]-n, 0)
	}
	for d := range o.Dims {
		dc := &t.Dims[d]
		for v, n := range o.Dims[d].Values {
			have := dc.Values[v]
			if have > n {
				dc.Values[v] = have - n
				continue
			}
			delete(dc.Values, v)
			dc.Other = max(dc.Other-(n-have), 0)
		}
		dc.Other = max(dc.Other-o.Dims[d].Other, 0)
	}
}

// Cap folds each dimension's smallest values into Other beyond MaxValuesPerDim (ties:
// the later value in byte order goes first, so the outcome is deterministic).
func (t *Tally) Cap() {
	for d := range t.Dims {
		dc := &t.Dims[d]
		if len(dc.Values) <= MaxValuesPerDim {
			continue
		}
		type kv struct {
			v string
			n int64
		}
		all := make([]kv, 0, len(dc.Values))
		for v, n := range dc.Values {
			all = append(all, kv{v, n})
		}
		sort.Slice(all, func(i, j int) bool {
			if all[i].n != all[j].n {
				return all[i].n > all[j].n
			}
			return all[i].v < all[j].v
		})
		for _, e := range all[MaxValuesPerDim:] {
			dc.Other += e.n
			delete(dc.Values, e.v)
		}
	}
}

// Encoded is a Tally as stored: the columns clicks, slots, dims and visitors.
type Encoded struct {
	Clicks   int64
	Slots    []byte
	Dims     []byte
	Visitors []byte
}

// Encode returns t's columns (after Cap).
func (t *Tally) Encode() Encoded {
	t.Cap()
	return Encoded{Clicks: t.Clicks, Slots: encodeSlots(&t.Slots), Dims: encodeDims(&t.Dims), Visitors: t.Visitors.AppendBinary(nil)}
}

// Decode replaces t with the row e.
func (t *Tally) Decode(e Encoded) error {
	*t = Tally{Clicks: e.Clicks}
	if err := DecodeSlots(e.Slots, &t.Slots); err != nil {
		return err
	}
	if err := DecodeDims(e.Dims, &t.Dims); err != nil {
		return err
	}
	return t.Visitors.UnmarshalBinary(e.Visitors)
}

var errRollup = errors.New("click rollup: malformed")

// Slots encoding: (slot of the day, clicks) uvarint pairs, for the slots with clicks.
func encodeSlots(s *[SlotsPerDay]int64) []byte {
	var b []byte
	for i, n := range s {
		if n > 0 {
			b = binary.AppendUvarint(b, uint64(i))
			b = binary.AppendUvarint(b, uint64(n))
		}
	}
	return b
}

// DecodeSlots adds the slots encoded in b to s.
func DecodeSlots(b []byte, s *[SlotsPerDay]int64) error {
	r := wireReader{b: b}
	for len(r.b) > 0 && r.err == nil {
		i, n := r.uvarint(), r.uvarint()
		if r.err == nil && (i >= SlotsPerDay || n > 1<<62) {
			return fmt.Errorf("%w: slot %d", errRollup, i)
		}
		s[i] += int64(n)
	}
	if r.err != nil {
		return fmt.Errorf("%w: slots", errRollup)
	}
	return nil
}

// Dims encoding, per dimension in order: n (uvarint), n × (length, value, clicks),
// then Other (uvarint). Values in byte order, so equal tallies encode equally.
func encodeDims(dims *[NumDims]DimCounts) []byte {
	var b []byte
	for d := range dims {
		dc := &dims[d]
		keys := make([]string, 0, len(dc.Values))
		for v, n := range dc.Values {
			if n > 0 {
				keys = append(keys, v)
			}
		}
		slices.Sort(keys)
		b = binary.AppendUvarint(b, uint64(len(keys)))
		for _, v := range keys {
			b = binary.AppendUvarint(b, uint64(len(v)))
			b = append(b, v...)
			b = binary.AppendUvarint(b, uint64(dc.Values[v]))
		}
		b = binary.AppendUvarint(b, uint64(max(dc.Other, 0)))
	}
	return b
}

// DecodeDims adds the dimension counts encoded in b to dims.
func DecodeDims(b []byte, dims *[NumDims]DimCounts) error {
	if len(b) == 0 {
		return nil
	}
	r := wireReader{b: b}
	for d := range dims {
		n := r.uvarint()
		if n > uint64(len(b)) {
			return fmt.Errorf("%w: %d values", errRollup, n)
		}
		for range n {
			size := r.uvarint()
			if size > maxValueBytes {
				return fmt.Errorf("%w: %d-byte value", errRollup, size)
			}
			v := r.bytes(int(size))
			c := r.uvarint()
			if r.err != nil {
				return fmt.Errorf("%w: dims", errRollup)
			}
			if c > 1<<62 {
				return fmt.Errorf("%w: count", errRollup)
			}
			m := dims[d].Values
			if m == nil {
				m = map[string]int64{}
				dims[d].Values = m
			}
			// Values repeat from row to row: look up without allocating, copy the bytes
			// into a key only for a value not seen yet.
			if have, ok := m[string(v)]; ok {
				m[string(v)] = have + int64(c)
			} else {
				m[strings.Clone(string(v))] = int64(c)
			}
		}
		other := r.uvarint()
		if r.err != nil || other > 1<<62 {
			return fmt.Errorf("%w: dims", errRollup)
		}
		dims[d].Other += int64(other)
	}
	if len(r.b) != 0 {
		return fmt.Errorf("%w: %d trailing bytes", errRollup, len(r.b))
	}
	return nil
}

// tallyOf builds the tally of clicks, all of one UTC day when day rows are built (slots
// counted from that day's start).
func tallyOf(clicks []*Click, withSlots bool) *Tally {
	var b tallyBuilder
	for _, c := range clicks {
		b.add(c, withSlots)
	}
	return b.tally()
}

// tallyBuilder counts clicks into a Tally. Clicks with the same dimension values (most
// clicks: a few countries, browsers, systems and referrers make up most traffic) are
// counted together first, so a click costs one map operation instead of one per
// dimension; consecutive clicks with the same values cost a comparison.
type tallyBuilder struct {
	t        Tally
	profiles map[[NumDims]string]int64
	last     [NumDims]string
	run      int64
	fps      []uint64
}

func (b *tallyBuilder) add(c *Click, withSlots bool) {
	b.t.Clicks++
	if withSlots {
		slot := SlotOf(c.At)
		b.t.Slots[slot-DayOf(slot)*SlotsPerDay]++
	}
	if b.run > 0 && c.Dims == b.last {
		b.run++
	} else {
		b.endRun()
		b.last, b.run = c.Dims, 1
	}
	b.fps = append(b.fps, c.Fingerprint())
}

func (b *tallyBuilder) endRun() {
	if b.run == 0 {
		return
	}
	if b.profiles == nil {
		b.profiles = make(map[[NumDims]string]int64)
	}
	b.profiles[b.last] += b.run
	b.run = 0
}

// dimsOnly is the tally of the clicks added, without their visitors (b.fps holds them).
func (b *tallyBuilder) dimsOnly() *Tally {
	b.endRun()
	for dims, n := range b.profiles {
		for d, v := range dims {
			if v != "" {
				b.t.addValue(Dim(d), v, n)
			}
		}
	}
	b.profiles = nil
	return &b.t
}

// tally is the tally of the clicks added, visitors included.
func (b *tallyBuilder) tally() *Tally {
	t := b.dimsOnly()
	t.Visitors.Add(b.fps...)
	return t
}
