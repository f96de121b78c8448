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

// counterScheme names the counter fields a batch's write incremented, which the ack
// takes off again. It follows from the stream the batch is in (click.go):
// schemeTotal batches counted each owner's total in field "t" and each slot's clicks in
// "q<slot>"; schemeSlots batches count only "s<slot>", a total being the sum of those
// (one Redis command less per link and batch, on write and on ack).
type counterScheme uint8

const (
	schemeTotal counterScheme = iota + 1
	schemeSlots
)

// ownerSlot names a pending counter field and detail field: a link's or an account's
// clicks of one slot.
type ownerSlot struct {
	Scope // whose: its keys() name the counter and detail hashes
	slot  int64
}

// linkSlot is a run of a batch's clicks of one link and slot (and account, as the
// recorder knew it).
type linkSlot struct {
	link, account, slot int64
}

// batchGroups groups the clicks of a batch by link and slot, in first-seen order:
// for each group, the indexes of its clicks. Consecutive clicks of one link and slot
// (most of a batch of a busy link) cost a comparison, not a map lookup.
func batchGroups(clicks []Click) (keys []linkSlot, members [][]int32) {
	idx := map[linkSlot]int{}
	last := -1
	var lastKey linkSlot
	for i := range clicks {
		c := &clicks[i]
		k := linkSlot{c.LinkID, c.AccountID, SlotOf(c.At)}
		if last < 0 || k != lastKey {
			j, ok := idx[k]
			if !ok {
				j = len(keys)
				idx[k] = j
				keys = append(keys, k)
				members = append(members, nil)
			}
			last, lastKey = j, k
		}
		members[last] = append(members[last], int32(i))
	}
	return keys, members
}

// pendingCounts are the counter increments a batch's write made (scheme says which
// fields) and the names of its detail fields: what the ack takes off. The flusher
// needs no more than these; the recorder adds the detail values (pendingWrites).
func pendingCounts(scheme counterScheme, id [16]byte, clicks []Click) ([]count, []detail) {
	owners, slots := ownersOf(batchGroups(clicks))
	return countsOf(scheme, id, owners, slots)
}

func countsOf(scheme counterScheme, id [16]byte, owners, slots []ownerCount) ([]count, []detail) {
	batch := hex.EncodeToString(id[:])
	counts := make([]count, 0, 2*len(slots))
	if scheme == schemeTotal {
		for _, o := range owners {
			ck, _ := o.key.keys()
			counts = append(counts, count{key: ck, field: fieldTotal, n: o.n})
		}
	}
	details := make([]detail, 0, len(slots))
	for _, s := range slots {
		ck, dk := s.key.keys()
		field := slotField(s.key.slot)
		if scheme == schemeSlots {
			field = slotSumField(s.key.slot)
		}
		counts = append(counts, count{key: ck, field: field, n: s.n})
		details = append(details, detail{key: dk, field: strconv.FormatInt(s.key.slot, 10) + ":" + batch})
	}
	return counts, details
}

// ownerCount is the number of clicks of an owner (slot 0) or of an owner's slot, with
// the link groups (batchGroups) that make it up.
type ownerCount struct {
	key    ownerSlot
	n      int64
	groups []int
}

// ownersOf sums the groups per owner (links and accounts) and per owner and slot, in
// first-seen order, links before accounts.
func ownersOf(keys []linkSlot, members [][]int32) (owners, slots []ownerCount) {
	ownerIdx := map[ownerSlot]int{}
	slotIdx := map[ownerSlot]int{}
	add := func(list []ownerCount, idx map[ownerSlot]int, k ownerSlot, g int, n int64) []ownerCount {
		j, ok := idx[k]
		if !ok {
			j = len(list)
			idx[k] = j
			list = append(list, ownerCount{key: k})
		}
		list[j].n += n
		list[j].groups = append(list[j].groups, g)
		return list
	}
	for _, account := range []bool{false, true} {
		for g, k := range keys {
			id := k.link
			if account {
				id = k.account
			}
			n := int64(len(members[g]))
			owners = add(owners, ownerIdx, ownerSlot{Scope: Scope{ID: id, Account: account}}, g, n)
			slots = add(slots, slotIdx, ownerSlot{Scope: Scope{ID: id, Account: account}, slot: k.slot}, g, n)
		}
	}
	return owners, slots
}

// pendingWrites are what a batch adds to Redis besides its stream entry: the counter
// increments of pendingCounts and, per link and per account, one detail field per slot
// (its clicks per dimension value and its visitors). A link's slot is tallied from its
// clicks, an account's slot by merging its links' tallies: each click is counted once.
func pendingWrites(scheme counterScheme, id [16]byte, clicks []Click) ([]count, []detail) {
	keys, members := batchGroups(clicks)
	owners, slots := ownersOf(keys, members)
	counts, details := countsOf(scheme, id, owners, slots)
	tallies := make([]*Tally, len(keys))
	fps := make([][]uint64, len(keys))
	for g := range keys {
		var b tallyBuilder
		for _, i := range members[g] {
			b.add(&clicks[i], false)
		}
		tallies[g] = b.dimsOnly()
		fps[g] = b.fps
	}
	for j, s := range slots {
		if !s.key.Account && len(s.groups) == 1 {
			g := s.groups[0]
			details[j].value = encodeDetail(tallies[g], fps[g])
			continue
		}
		var t Tally
		var all []uint64
		for _, g := range s.groups {
			mergeDims(&t.Dims, &tallies[g].Dims)
			all = append(all, fps[g]...)
		}
		details[j].value = encodeDetail(&t, all)
	}
	return counts, details
}

// mergeDims adds the dimension counts of src to dst.
func mergeDims(dst, src *[NumDims]DimCounts) {
	for d := range src {
		for v, n := range src[d].Values {
			if dst[d].Values == nil {
				dst[d].Values = make(map[string]int64, len(src[d].Values))
			}
			dst[d].Values[v] += n
		}
		dst[d].Other += src[d].Other
	}
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
			p.Total += n
		case len(field) > 1 && field[0] == 's' && field[1] != ':':
			if slot, err := strconv.ParseInt(field[1:], 10, 64); err == nil {
				p.slot(slot).Clicks += n
				p.Total += n
			}
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
