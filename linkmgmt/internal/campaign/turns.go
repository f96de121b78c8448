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
	// between refreshes a lease is a bare INCRBY.
	rotatorKeyRefresh = time.Hour
	// rotatorTimeout bounds a Redis round trip on the visitor's path; after a failure
	// Redis is left alone for rotatorPause, so an outage costs no per-visit delay.
	rotatorTimeout = 250 * time.Millisecond
	rotatorPause   = 2 * time.Second
	// maxLease is the most turns a replica takes at once; a lease whose turns took
	// longer than leaseIdle to hand out is followed by a smaller one (see turns).
	maxLease  = 256
	leaseIdle = time.Second
)

// turns hands out the rotation turns of campaigns: turn t of a campaign with n live
// links goes to its (t mod n)-th one.
//
// The turns come from one Redis counter per campaign, shared by every replica, which
// hands them out in leases (INCRBY): a replica gives a lease's turns to its visitors one
// by one and asks Redis again when it runs out. A lease is one turn while visits come
// one at a time, so sequential visits, on any replica, follow one strict round robin.
// When visits of a campaign arrive together on a replica (one waited for another's
// turn) its leases double, up to maxLease, and they halve again when one takes longer
// than leaseIdle to hand out: under load the rotator costs one Redis round trip per
// lease instead of one per visit, and concurrent visitors have no order to keep anyway.
//
// Fairness across replicas holds whatever the leases: every turn number is handed out
// once, leases are contiguous, so the turns used at any moment form at most R+1
// contiguous runs (R replicas, each with one lease partly used), and a contiguous run
// gives each of the n links its share to within one visit. Each link's count thus stays
// within R+1 visits of an exact 1/n share, however the visits spread over replicas. (A
// counter per replica would drift by up to a share per replica; a Redis round trip per
// visit would cost more than the rest of the visit.)
//
// While Redis cannot be reached each replica rotates with a counter of its own, so
// visitors are still rotated (per replica) rather than refused.
type turns struct {
	rdb *redis.Client
	log *slog.Logger

	// byCampaign holds each campaign's lease on this replica; campaigns not visited for
	// a while are forgotten first (their unused turns are skipped).
	byCampaign  *lru.Cache[int64, *campaignTurns]
	mu          sync.Mutex   // makes lookup-or-create of byCampaign entries atomic
	pausedUntil atomic.Int64 // unix nanoseconds: Redis is not asked before then
}

type campaignTurns struct {
	mu        sync.Mutex
	next, end uint64    // the lease: turns next..end-1 are this replica's to hand out
	size      uint64    // turns of the current lease, 1..maxLease
	leasedAt  time.Time // when it was taken
	overlap   bool      // a visit waited for another since
	refreshed time.Time
	local     uint64 // the fallback counter while Redis is unreachable
}

func newTurns(rdb *redis.Client, log *slog.Logger) *turns {
	return &turns{
		rdb: rdb, log: log,
		byCampaign: lru.New(100_000, 16<<20, func(int64, *campaignTurns) int64 { return 96 }),
	}
}

func (t *turns) of(campaignID int64) *campaignTurns {
	t.mu.Lock()
	defer t.mu.Unlock()
	c, ok := t.byCampaign.Get(campaignID)
	if !ok {
		c = &campaignTurns{size: 1}
		t.byCampaign.Add(campaignID, c)
	}
	return c
}

// take returns the campaign's next turn from its state c (of); advance false only
// looks at it (the turn the next visitor gets).
func (t *turns) take(ctx context.Context, campaignID int64, c *campaignTurns, advance bool) uint64 {
	if !c.mu.TryLock() {
		c.mu.Lock()
		c.overlap = true
	}
	defer c.mu.Unlock()
	if c.next < c.end {
		n := c.next
		if advance {
			c.next++
		}
		return n
	}
	if time.Now().UnixNano() >= t.pausedUntil.Load() {
		n, err := t.lease(ctx, campaignID, c, advance)
		if err == nil {
			return n
		}
		t.pausedUntil.Store(time.Now().Add(rotatorPause).UnixNano())
		t.log.WarnContext(ctx, "campaign rotator: redis unavailable, rotating with this replica's own counter", "error", err, "pause", rotatorPause)
	}
	n := c.local
	if advance {
		c.local++
	}
	return n
}

// lease takes the campaign's next lease from Redis and returns its first turn (advance),
// or reads the counter: the first turn of the next lease anyone takes.
func (t *turns) lease(ctx context.Context, campaignID int64, c *campaignTurns, advance bool) (uint64, error) {
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
	now := time.Now()
	switch {
	case c.overlap:
		c.size = min(c.size*2, maxLease)
	case now.Sub(c.leasedAt) > leaseIdle:
		c.size = max(c.size/2, 1)
	}
	c.overlap = false
	var incr *redis.IntCmd
	refresh := now.Sub(c.refreshed) >= rotatorKeyRefresh
	_, err := t.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		incr = p.IncrBy(ctx, key, int64(c.size))
		if refresh {
			p.Expire(ctx, key, rotatorKeyTTL)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if refresh {
		c.refreshed = now
	}
	first := uint64(incr.Val()) - c.size
	c.next, c.end, c.leasedAt = first+1, first+c.size, now
	return first, nil
}

// forget drops a deleted campaign's counter and lease.
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
