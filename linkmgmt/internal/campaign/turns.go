package campaign

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/redis/go-redis/v9"
)

// Rotation counters: one Redis key per campaign, forgotten after a month without visits
// (a reset counter only shifts where the rotation starts).
const (
	rotatorKeyPrefix = "lm:rot:"
	rotatorKeyTTL    = 30 * 24 * time.Hour
	// rotatorKeyRefresh is how often a replica pushes a visited counter's expiry back;
	// between refreshes a turn is a bare INCR.
	rotatorKeyRefresh = time.Hour
	// rotatorTimeout bounds a Redis round trip on the visitor's path; after a failure
	// Redis is left alone for rotatorPause, so an outage costs no per-visit delay.
	rotatorTimeout = 250 * time.Millisecond
	rotatorPause   = 2 * time.Second
)

// turns hands out the rotation turns of campaigns: turn t of a campaign with n live
// links goes to its (t mod n)-th one. The turns come from one Redis counter per
// campaign (INCR), shared by every replica, so visits are in one strict round robin
// however they spread over replicas: the one Redis round trip of a cached rotator visit.
// (Leasing blocks of turns to each replica would save it, but two replicas would then
// hand out the same link to consecutive visitors; a counter per replica would drift
// apart from the others by up to a share per replica.)
//
// While Redis cannot be reached each replica rotates with a counter of its own, so
// visitors are still rotated (per replica) rather than refused.
type turns struct {
	rdb *redis.Client
	log *slog.Logger

	// byCampaign holds what a replica keeps per campaign: when it last refreshed the
	// counter's expiry, and its fallback counter. Campaigns not visited for a while are
	// forgotten first.
	byCampaign  *lru.Cache[int64, *campaignTurns]
	mu          sync.Mutex   // makes lookup-or-create of byCampaign entries atomic
	pausedUntil atomic.Int64 // unix nanoseconds: Redis is not asked before then
}

type campaignTurns struct {
	refreshedAt atomic.Int64 // unix nanoseconds of the last EXPIRE sent
	local       atomic.Uint64
}

func newTurns(rdb *redis.Client, log *slog.Logger) *turns {
	return &turns{
		rdb: rdb, log: log,
		byCampaign: lru.New(100_000, 16<<20, func(int64, *campaignTurns) int64 { return 64 }),
	}
}

func (t *turns) of(campaignID int64) *campaignTurns {
	t.mu.Lock()
	defer t.mu.Unlock()
	c, ok := t.byCampaign.Get(campaignID)
	if !ok {
		c = &campaignTurns{}
		t.byCampaign.Add(campaignID, c)
	}
	return c
}

// take returns the campaign's next turn; advance false only looks at it (the turn the
// next visitor gets).
func (t *turns) take(ctx context.Context, campaignID int64, advance bool) uint64 {
	c := t.of(campaignID)
	if time.Now().UnixNano() >= t.pausedUntil.Load() {
		n, err := t.fromRedis(ctx, campaignID, c, advance)
		if err == nil {
			return n
		}
		t.pausedUntil.Store(time.Now().Add(rotatorPause).UnixNano())
		t.log.WarnContext(ctx, "campaign rotator: redis unavailable, rotating with this replica's own counter", "error", err, "pause", rotatorPause)
	}
	if !advance {
		return c.local.Load()
	}
	return c.local.Add(1) - 1
}

func (t *turns) fromRedis(ctx context.Context, campaignID int64, c *campaignTurns, advance bool) (uint64, error) {
	ctx, cancel := context.WithTimeout(ctx, rotatorTimeout)
	defer cancel()
	key := rotatorKeyPrefix + strconv.FormatInt(campaignID, 10)
	if !advance {
		n, err := t.rdb.Get(ctx, key).Uint64()
		if err == redis.Nil {
			return 0, nil
		}
		return n, err
	}
	now := time.Now().UnixNano()
	last := c.refreshedAt.Load()
	if now-last < int64(rotatorKeyRefresh) || !c.refreshedAt.CompareAndSwap(last, now) {
		n, err := t.rdb.Incr(ctx, key).Uint64()
		return n - 1, err
	}
	var incr *redis.IntCmd
	_, err := t.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		incr = p.Incr(ctx, key)
		p.Expire(ctx, key, rotatorKeyTTL)
		return nil
	})
	if err != nil {
		c.refreshedAt.Store(0) // try again next time
		return 0, err
	}
	return uint64(incr.Val() - 1), nil
}

// forget drops a deleted campaign's counter.
func (t *turns) forget(ctx context.Context, campaignID int64) {
	t.mu.Lock()
	t.byCampaign.Remove(campaignID)
	t.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, rotatorTimeout)
	defer cancel()
	if err := t.rdb.Del(ctx, rotatorKeyPrefix+strconv.FormatInt(campaignID, 10)).Err(); err != nil {
		t.log.WarnContext(ctx, "drop rotation counter of deleted campaign; it expires by itself", "campaign", campaignID, "error", err)
	}
}
