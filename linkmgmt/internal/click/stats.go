package click

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/visitors"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// TopN is how many entries each top-list of the statistics holds.
const TopN = 10

// redisTimeout bounds each Redis round trip of the statistics: a Redis that hangs costs
// an API call this long at most, then the answer is what Postgres holds.
const redisTimeout = 500 * time.Millisecond

// Stats are one link's click statistics.
type Stats struct {
	Clicks       int64
	UniqueClicks int64
	Countries    map[string]int64 // country name -> clicks
	Referrers    map[string]int64 // referrer host -> clicks
	Browsers     map[string]int64
	OS           map[string]int64
	Social       map[string]int64 // facebook, twitter, google always present
	Devices      map[string]int64
	Languages    map[string]int64
}

// StatsReader reads statistics: Postgres rollups plus what Redis holds that the
// flusher has not moved yet.
type StatsReader struct {
	db      *gorm.DB
	pending *PendingReader
	rdb     *redis.Client
	log     *slog.Logger
}

// NewStatsReader returns a StatsReader.
func NewStatsReader(db *gorm.DB, rdb *redis.Client, log *slog.Logger) *StatsReader {
	return &StatsReader{db: db, rdb: rdb, pending: NewPendingReader(rdb), log: log}
}

// Pending is the reader of what Redis holds (the analytics use it too).
func (s *StatsReader) Pending() *PendingReader { return s.pending }

// ForLink returns the all-time statistics of one link. When Redis is unreachable the
// answer is what Postgres holds.
func (s *StatsReader) ForLink(ctx context.Context, linkID int64) (Stats, error) {
	st := Stats{
		Countries: map[string]int64{}, Referrers: map[string]int64{}, Browsers: map[string]int64{},
		OS: map[string]int64{}, Devices: map[string]int64{}, Languages: map[string]int64{},
		Social: map[string]int64{"facebook": 0, "twitter": 0, "google": 0},
	}
	db := s.db.WithContext(ctx)
	var flushed struct {
		Clicks   int64
		Dims     []byte
		Visitors []byte
	}
	if err := db.Raw(`SELECT l.clicks, t.dims, t.visitors FROM links l LEFT JOIN link_click_totals t ON t.link_id = l.id WHERE l.id = ?`, linkID).Scan(&flushed).Error; err != nil {
		return Stats{}, fmt.Errorf("load clicks of link %d: %w", linkID, err)
	}
	st.Clicks = flushed.Clicks
	var dims [NumDims]DimCounts
	if err := DecodeDims(flushed.Dims, &dims); err != nil {
		s.log.ErrorContext(ctx, "click totals unreadable; answering without breakdowns", "link", linkID, "error", err)
		dims = [NumDims]DimCounts{}
	}
	var seen visitors.Set
	if err := seen.UnmarshalBinary(flushed.Visitors); err != nil {
		s.log.ErrorContext(ctx, "click visitors unreadable", "link", linkID, "error", err)
	}
	pend, ok := s.pending.Read(ctx, []Scope{{ID: linkID}})
	if !ok {
		s.log.WarnContext(ctx, "click stats: redis unreachable; answering from postgres only")
	}
	p := pend[0]
	st.Clicks += p.Total
	var fps []uint64
	for _, sc := range p.Slots {
		for d := range sc.Dims {
			for v, n := range sc.Dims[d].Values {
				dims[d].Values = addTo(dims[d].Values, v, n)
			}
		}
		fps = append(fps, sc.Visitors...)
	}
	seen.Add(fps...)
	for d := range p.LegacyDims {
		for v, n := range p.LegacyDims[d] {
			dims[d].Values = addTo(dims[d].Values, v, n)
		}
	}
	for d := range dims {
		for v, n := range dims[d].Values {
			st.add(Dim(d), v, n)
		}
	}
	// Postgres holds the visitors of the flushed clicks (links.unique_clicks counts
	// them); the detail fields in Redis add those of pending clicks. A Redis that lost
	// its data loses pending clicks and visitors alike: uniqueClicks never goes below
	// what Postgres holds.
	st.UniqueClicks = min(seen.Count(), st.Clicks) // an estimate (past 2048) can overshoot
	for _, m := range []*map[string]int64{&st.Countries, &st.Referrers, &st.Browsers, &st.OS, &st.Devices, &st.Languages} {
		*m = top(*m, TopN)
	}
	return st, nil
}

// StatsOf builds statistics from counts per dimension value: country codes become
// names, each list keeps its TopN largest entries.
func StatsOf(clicks, unique int64, dims [NumDims]map[string]int64) Stats {
	st := Stats{
		Clicks: clicks, UniqueClicks: unique,
		Countries: map[string]int64{}, Referrers: map[string]int64{}, Browsers: map[string]int64{},
		OS: map[string]int64{}, Devices: map[string]int64{}, Languages: map[string]int64{},
		Social: map[string]int64{"facebook": 0, "twitter": 0, "google": 0},
	}
	for d := range dims {
		for v, n := range dims[d] {
			if v != "" && n > 0 {
				st.add(Dim(d), v, n)
			}
		}
	}
	for _, m := range []*map[string]int64{&st.Countries, &st.Referrers, &st.Browsers, &st.OS, &st.Devices, &st.Languages} {
		*m = top(*m, TopN)
	}
	return st
}

func addTo(m map[string]int64, v string, n int64) map[string]int64 {
	if m == nil {
		m = map[string]int64{}
	}
	m[v] += n
	return m
}

func (st *Stats) add(d Dim, value string, n int64) {
	switch d {
	case DimCountry:
		st.Countries[geo.CountryName(value)] += n
	case DimReferrer:
		st.Referrers[value] += n
	case DimBrowser:
		st.Browsers[value] += n
	case DimOS:
		st.OS[value] += n
	case DimSocial:
		st.Social[value] += n
	case DimDevice:
		st.Devices[value] += n
	case DimLanguage:
		st.Languages[value] += n
	}
}

// PendingTotals returns, per link, the clicks Redis holds that Postgres does not have
// yet. Links without pending clicks are absent; a Redis failure gives an empty map.
func (s *StatsReader) PendingTotals(ctx context.Context, linkIDs []int64) map[int64]int64 {
	out := map[int64]int64{}
	if len(linkIDs) == 0 {
		return out
	}
	rctx, cancel := context.WithTimeout(ctx, redisTimeout)
	defer cancel()
	cmds, err := s.rdb.Pipelined(rctx, func(p redis.Pipeliner) error {
		for _, id := range linkIDs {
			p.HGetAll(rctx, pendingKey(id))
		}
		return nil
	})
	if err != nil && err != redis.Nil {
		if len(cmds) == 0 || !allNil(cmds) {
			s.log.WarnContext(ctx, "click totals: redis unreachable; answering from postgres only", "error", err)
			return out
		}
	}
	for i, c := range cmds {
		var p Pending
		p.Slots = map[int64]*SlotCounts{}
		p.parseCounters(c.(*redis.MapStringStringCmd).Val())
		if p.Total > 0 {
			out[linkIDs[i]] = p.Total
		}
	}
	return out
}

func allNil(cmds []redis.Cmder) bool {
	for _, c := range cmds {
		if c.Err() != nil && c.Err() != redis.Nil {
			return false
		}
	}
	return true
}

// top keeps the n largest entries (ties broken by name, so answers are stable).
func top(m map[string]int64, n int) map[string]int64 {
	if len(m) <= n {
		return m
	}
	type kv struct {
		k string
		v int64
	}
	all := make([]kv, 0, len(m))
	for k, v := range m {
		all = append(all, kv{k, v})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].v != all[j].v {
			return all[i].v > all[j].v
		}
		return strings.Compare(all[i].k, all[j].k) < 0
	})
	out := make(map[string]int64, n)
	for _, e := range all[:n] {
		out[e.k] = e.v
	}
	return out
}
