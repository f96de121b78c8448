package click

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
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

// StatsReader reads statistics: Postgres rollups plus the pending counters in Redis
// that the flusher has not moved yet.
type StatsReader struct {
	db  *gorm.DB
	rdb *redis.Client
	log *slog.Logger
}

// NewStatsReader returns a StatsReader.
func NewStatsReader(db *gorm.DB, rdb *redis.Client, log *slog.Logger) *StatsReader {
	return &StatsReader{db: db, rdb: rdb, log: log}
}

// ForLink returns the statistics of one link. When Redis is unreachable the answer is
// what Postgres holds.
func (s *StatsReader) ForLink(ctx context.Context, linkID int64) (Stats, error) {
	st := Stats{
		Countries: map[string]int64{}, Referrers: map[string]int64{}, Browsers: map[string]int64{},
		OS: map[string]int64{}, Devices: map[string]int64{}, Languages: map[string]int64{},
		Social: map[string]int64{"facebook": 0, "twitter": 0, "google": 0},
	}
	db := s.db.WithContext(ctx)
	var flushed struct{ Clicks, UniqueClicks int64 }
	if err := db.Raw(`SELECT clicks, unique_clicks FROM links WHERE id = ?`, linkID).Scan(&flushed).Error; err != nil {
		return Stats{}, fmt.Errorf("load clicks of link %d: %w", linkID, err)
	}
	st.Clicks = flushed.Clicks
	var rows []struct {
		Dimension, Value string
		Clicks           int64
	}
	if err := db.Raw(`SELECT dimension, value, clicks FROM link_dimension_stats WHERE link_id = ?`, linkID).Scan(&rows).Error; err != nil {
		return Stats{}, fmt.Errorf("load dimensions of link %d: %w", linkID, err)
	}
	for _, r := range rows {
		st.add(r.Dimension, r.Value, r.Clicks)
	}

	var (
		pending map[string]string
		unique  int64
		hasHLL  int64
	)
	rctx, cancel := context.WithTimeout(ctx, redisTimeout)
	cmds, err := s.rdb.Pipelined(rctx, func(p redis.Pipeliner) error {
		p.HGetAll(rctx, pendingKey(linkID))
		p.Exists(rctx, uniqueKey(linkID))
		p.PFCount(rctx, uniqueKey(linkID))
		return nil
	})
	cancel()
	if err == nil {
		pending = cmds[0].(*redis.MapStringStringCmd).Val()
		hasHLL = cmds[1].(*redis.IntCmd).Val()
		unique = cmds[2].(*redis.IntCmd).Val()
	} else {
		s.log.WarnContext(ctx, "click stats: redis unreachable; answering from postgres only", "error", err)
	}
	for field, raw := range pending {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n <= 0 {
			continue
		}
		if field == fieldTotal {
			st.Clicks += n
			continue
		}
		if len(field) > 2 {
			if dim, ok := dimensionOf[field[:2]]; ok {
				st.add(dim, field[2:], n)
			}
		}
	}
	// Postgres holds the exact number of distinct visitors of the flushed clicks; the
	// HyperLogLog also counts the pending ones. After Redis lost its data the
	// HyperLogLog restarts from nothing, so it is only believed above Postgres' count:
	// uniqueClicks never goes down.
	st.UniqueClicks = flushed.UniqueClicks
	if hasHLL == 1 {
		st.UniqueClicks = max(st.UniqueClicks, unique)
	}
	st.UniqueClicks = min(st.UniqueClicks, st.Clicks) // HyperLogLog estimates can overshoot
	for _, m := range []*map[string]int64{&st.Countries, &st.Referrers, &st.Browsers, &st.OS, &st.Devices, &st.Languages} {
		*m = top(*m, TopN)
	}
	return st, nil
}

func (st *Stats) add(dimension, value string, n int64) {
	switch dimension {
	case "country":
		name := geo.CountryName(value)
		st.Countries[name] += n
	case "referrer":
		st.Referrers[value] += n
	case "browser":
		st.Browsers[value] += n
	case "os":
		st.OS[value] += n
	case "social":
		st.Social[value] += n
	case "device":
		st.Devices[value] += n
	case "language":
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
			p.HGet(rctx, pendingKey(id), fieldTotal)
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
		if n, err := c.(*redis.StringCmd).Int64(); err == nil && n > 0 {
			out[linkIDs[i]] = n
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
