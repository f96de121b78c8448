package click

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/redis/go-redis/v9"
)

// count is the increment of one field of one pending-counter hash.
type count struct {
	key   string
	field string
	n     int64
}

// mergeCounts sums the counts of the same field, in first-seen order.
func mergeCounts(in []count) []count {
	type k struct{ key, field string }
	idx := make(map[k]int, len(in))
	out := in[:0:0]
	for _, c := range in {
		if i, ok := idx[k{c.key, c.field}]; ok {
			out[i].n += c.n
			continue
		}
		idx[k{c.key, c.field}] = len(out)
		out = append(out, c)
	}
	return out
}

// detail is one field of a detail hash: a batch's clicks of one slot, for one link or
// account, per dimension value, with their visitors.
type detail struct {
	key   string
	field string
	value []byte
}

// pendingWrites are what a batch adds to Redis besides its stream entry: per link and
// per account, the counter increments (total, slot clicks) and one detail field per
// slot. The batch is aggregated first, so a field is named (and a string built) once
// per batch, however many clicks it counts.
func pendingWrites(id [16]byte, clicks []Click) ([]count, []detail) {
	type owner struct {
		id      int64
		account bool
	}
	type k struct {
		owner
		slot int64
	}
	tallies := make(map[k]*Tally)
	fps := make(map[k][]uint64)
	totals := make(map[owner]int64)
	var order []k
	var owners []owner
	for i := range clicks {
		c := &clicks[i]
		slot := SlotOf(c.At)
		for _, o := range [2]owner{{c.LinkID, false}, {c.AccountID, true}} {
			if _, ok := totals[o]; !ok {
				owners = append(owners, o)
			}
			totals[o]++
			key := k{o, slot}
			t := tallies[key]
			if t == nil {
				t = &Tally{}
				tallies[key] = t
				order = append(order, key)
			}
			t.Clicks++
			for d, v := range c.Dims {
				if v != "" {
					t.addValue(Dim(d), v, 1)
				}
			}
			fps[key] = append(fps[key], c.Fingerprint())
		}
	}
	keyOf := func(o owner) (counters, details string) {
		if o.account {
			return accountPendingKey(o.id), accountDetailKey(o.id)
		}
		return pendingKey(o.id), detailKey(o.id)
	}
	batch := hex.EncodeToString(id[:])
	counts := make([]count, 0, len(owners)+len(order))
	for _, o := range owners {
		ck, _ := keyOf(o)
		counts = append(counts, count{key: ck, field: fieldTotal, n: totals[o]})
	}
	details := make([]detail, 0, len(order))
	for _, key := range order {
		ck, dk := keyOf(key.owner)
		counts = append(counts, count{key: ck, field: slotField(key.slot), n: tallies[key].Clicks})
		details = append(details, detail{key: dk, field: strconv.FormatInt(key.slot, 10) + ":" + batch,
			value: encodeDetail(tallies[key], fps[key])})
	}
	return counts, details
}

// A detail value: the dimension counts (rollup.go's encoding), length-prefixed, then the
// visitors' fingerprints, 8 bytes each, sorted and distinct.
func encodeDetail(t *Tally, fps []uint64) []byte {
	dims := encodeDims(&t.Dims)
	b := binary.AppendUvarint(make([]byte, 0, len(dims)+8*len(fps)+4), uint64(len(dims)))
	b = append(b, dims...)
	slices.Sort(fps)
	for i, fp := range fps {
		if i == 0 || fp != fps[i-1] {
			b = binary.BigEndian.AppendUint64(b, fp)
		}
	}
	return b
}

func decodeDetail(b []byte, sc *SlotCounts) error {
	size, n := binary.Uvarint(b)
	if n <= 0 || size > uint64(len(b)-n) {
		return fmt.Errorf("%w: detail", errRollup)
	}
	b = b[n:]
	if err := DecodeDims(b[:size], &sc.Dims); err != nil {
		return err
	}
	b = b[size:]
	if len(b)%8 != 0 {
		return fmt.Errorf("%w: detail visitors", errRollup)
	}
	for i := 0; i < len(b); i += 8 {
		sc.Visitors = append(sc.Visitors, binary.BigEndian.Uint64(b[i:]))
	}
	return nil
}

// SlotCounts are the pending clicks of one slot: in total, per dimension value, and
// their visitors.
type SlotCounts struct {
	Clicks   int64
	Dims     [NumDims]DimCounts
	Visitors []uint64 // fingerprints, possibly repeated across batches
}

// Pending are the clicks Redis holds that Postgres does not have yet, for one link or
// one account.
type Pending struct {
	Total int64
	Slots map[int64]*SlotCounts
	// Detailed is false when the detail hash was too large to read (a flush backlog of
	// more than maxDetailFields batches): the slots then have clicks but no dimensions
	// or visitors.
	Detailed bool
	// LegacyDims are the per-dimension counts of clicks recorded by the version before
	// slots (no time known): they count towards all-time statistics only.
	LegacyDims [NumDims]map[string]int64
}

func (p *Pending) slot(s int64) *SlotCounts {
	sc := p.Slots[s]
	if sc == nil {
		sc = &SlotCounts{}
		p.Slots[s] = sc
	}
	return sc
}

// maxDetailFields bounds the detail hash a read loads: normally a few batches are
// pending; only a long Postgres outage piles up more.
const maxDetailFields = 5000

// parseCounters reads a counter hash. Fields it does not know, and counts that are not
// positive integers, are skipped: no stored value can make a read fail.
func (p *Pending) parseCounters(fields map[string]string) {
	for field, raw := range fields {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n <= 0 {
			continue
		}
		switch {
		case field == fieldTotal:
			p.Total = n
		case strings.HasPrefix(field, "q"):
			if slot, err := strconv.ParseInt(field[1:], 10, 64); err == nil {
				p.slot(slot).Clicks += n
			}
		case len(field) > 2 && field[1] == ':':
			if d := strings.IndexByte(dimLetters, field[0]); d >= 0 {
				if p.LegacyDims[d] == nil {
					p.LegacyDims[d] = map[string]int64{}
				}
				p.LegacyDims[d][field[2:]] += n
			}
		}
	}
}

// parseDetails reads a detail hash; unreadable fields are skipped.
func (p *Pending) parseDetails(fields map[string]string) {
	for field, raw := range fields {
		slotText, _, ok := strings.Cut(field, ":")
		slot, err := strconv.ParseInt(slotText, 10, 64)
		if !ok || err != nil {
			continue
		}
		var sc SlotCounts
		if decodeDetail([]byte(raw), &sc) != nil {
			continue
		}
		dst := p.slot(slot)
		for d := range sc.Dims {
			for v, n := range sc.Dims[d].Values {
				dst.Dims[d].Values = addTo(dst.Dims[d].Values, v, n)
			}
		}
		dst.Visitors = append(dst.Visitors, sc.Visitors...)
	}
}

// Scope names whose pending clicks to read: one link, or one account.
type Scope struct {
	ID      int64
	Account bool
}

func (s Scope) keys() (counters, details string) {
	if s.Account {
		return accountPendingKey(s.ID), accountDetailKey(s.ID)
	}
	return pendingKey(s.ID), detailKey(s.ID)
}

// PendingReader reads what Redis holds and Postgres does not yet. Each round trip is
// bounded by redisTimeout; when Redis does not answer, the answer is empty (statistics
// are then what Postgres holds).
type PendingReader struct {
	rdb *redis.Client
}

// NewPendingReader returns a PendingReader.
func NewPendingReader(rdb *redis.Client) *PendingReader { return &PendingReader{rdb: rdb} }

// Read returns the pending clicks of each scope. ok is false when Redis did not answer.
func (p *PendingReader) Read(ctx context.Context, scopes []Scope) (out []Pending, ok bool) {
	out = make([]Pending, len(scopes))
	for i := range out {
		out[i].Slots = map[int64]*SlotCounts{}
	}
	if len(scopes) == 0 {
		return out, true
	}
	rctx, cancel := context.WithTimeout(ctx, redisTimeout)
	defer cancel()
	counters := make([]*redis.MapStringStringCmd, len(scopes))
	sizes := make([]*redis.IntCmd, len(scopes))
	if _, err := p.rdb.Pipelined(rctx, func(pl redis.Pipeliner) error {
		for i, s := range scopes {
			ck, dk := s.keys()
			counters[i] = pl.HGetAll(rctx, ck)
			sizes[i] = pl.HLen(rctx, dk)
		}
		return nil
	}); err != nil {
		return out, false
	}
	details := make([]*redis.MapStringStringCmd, len(scopes))
	if _, err := p.rdb.Pipelined(rctx, func(pl redis.Pipeliner) error {
		for i, s := range scopes {
			out[i].parseCounters(counters[i].Val())
			if n := sizes[i].Val(); n > 0 && n <= maxDetailFields {
				_, dk := s.keys()
				details[i] = pl.HGetAll(rctx, dk)
			}
		}
		return nil
	}); err != nil {
		return out, false
	}
	for i := range scopes {
		out[i].Detailed = sizes[i].Val() <= maxDetailFields
		if details[i] != nil {
			out[i].parseDetails(details[i].Val())
		}
	}
	return out, true
}
