package lru

import (
	"context"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"golang.org/x/sync/singleflight"
)

// Loading is a cache that loads what it misses, with per-entry expiry, bounded in entries and in bytes (least
// recently used out first). Misses for the same key share one load (singleflight), so a
// cold popular link costs one query, not one per request. Not-found answers are cached
// too, for a shorter time, to absorb 404 floods.
//
// With a Fallback, a value past its TTL still answers while its source is down
// (stale-if-error): when its reload fails with an error the Fallback calls an outage, and
// for a bounded time past the TTL. It is the entry the cache holds, so it has the same
// bounds (an entry evicted or invalidated is gone, never served stale), and a not-found
// answer is never served stale.
type Loading[T any] struct {
	entries     *Cache[string, cacheEntry[T]]
	ttl         time.Duration
	negTTL      time.Duration
	loadTimeout time.Duration
	clock       Clock
	fallback    Fallback
	sf          singleflight.Group
	// mu guards gen, which counts invalidations. A load stores its result only if no
	// invalidation happened while it ran: it may have read the row before the change.
	mu  sync.Mutex
	gen uint64
}

// LoadingOptions are a Loading's time limits and its fallback.
type LoadingOptions struct {
	TTL    time.Duration // how long a loaded value answers
	NegTTL time.Duration // how long a not-found answer answers
	// LoadTimeout bounds one load (0: unbounded): past it the load fails with
	// context.DeadlineExceeded, which a Fallback may call an outage.
	LoadTimeout time.Duration
	// Clock tells the time for expiry; nil: the process's monotonic clock.
	Clock Clock
	// Fallback lets an expired value answer while its source is down; nil: never.
	Fallback Fallback
}

// Clock is the time elapsed since a fixed origin (monotonic: wall-clock steps do not
// move it).
type Clock func() time.Duration

// Fallback decides when a Loading answers from an expired value (stale-if-error) and is
// told how its loads went.
type Fallback interface {
	// StaleWindow is how long past its TTL a value may answer now while the source is
	// down; 0 when it may not (stale answers off, or invalidations may be missed).
	StaleWindow() time.Duration
	// Observe is told the outcome of every load (nil: the source answered; a not-found
	// is an answer too) and reports whether err means the source is down.
	Observe(err error) (down bool)
	// Down reports whether the source was found down moments ago: an expired value that
	// may answer stale then does so at once, without trying a load.
	Down() bool
	// ServedStale counts one answer from an expired value.
	ServedStale()
}

type cacheEntry[T any] struct {
	v        T
	notFound bool
	exp      time.Duration // Clock reading the entry expires at
}

// result is what one load hands to every caller waiting on it.
type result[T any] struct {
	entry cacheEntry[T]
	stale bool // the load failed and entry is the expired value, answering stale
}

// epoch anchors monotonic.
var epoch = time.Now()

// monotonic is the process's monotonic clock: one clock read where time.Now takes two
// (wall and monotonic), on every cache hit.
func monotonic() time.Duration { return time.Since(epoch) }

// cacheEntryBytes is what an entry holds besides its key and its value's own data.
const cacheEntryBytes = 32

// NewLoading returns a cache of at most maxEntries entries weighing at most maxBytes,
// where sizeOf(v) estimates the bytes a value holds (strings, slices).
func NewLoading[T any](maxEntries int, maxBytes int64, sizeOf func(T) int64, o LoadingOptions) *Loading[T] {
	weigh := func(key string, e cacheEntry[T]) int64 { return int64(len(key)) + cacheEntryBytes + sizeOf(e.v) }
	if o.Clock == nil {
		o.Clock = monotonic
	}
	return &Loading[T]{
		entries: New(maxEntries, maxBytes, weigh), ttl: o.TTL, negTTL: o.NegTTL,
		loadTimeout: o.LoadTimeout, clock: o.Clock, fallback: o.Fallback,
	}
}

// Get returns the cached value or loads it; found is false for a not-found answer. A load
// error with code NotFound is cached as not found; other errors are not cached, and
// answer the expired value instead when the Fallback allows it.
func (c *Loading[T]) Get(ctx context.Context, key string, load func(context.Context) (T, error)) (v T, found bool, err error) {
	now := c.clock()
	e, cached := c.entries.Get(key)
	if cached && now < e.exp {
		return e.v, !e.notFound, nil
	}
	// The source failed moments ago: no load, no wait, while the value may answer.
	if cached && c.fallback != nil && c.fallback.Down() && c.mayServeStale(e, now) {
		c.fallback.ServedStale()
		return e.v, true, nil
	}
	res, err, _ := c.sf.Do(key, func() (any, error) {
		c.mu.Lock()
		gen := c.gen
		c.mu.Unlock()
		// The load must not die with the first caller's request.
		lctx := context.WithoutCancel(ctx)
		if c.loadTimeout > 0 {
			var cancel context.CancelFunc
			lctx, cancel = context.WithTimeout(lctx, c.loadTimeout)
			defer cancel()
		}
		val, err := load(lctx)
		down := c.fallback != nil && c.fallback.Observe(err)
		notFound := apperr.Is(err, apperr.NotFound)
		if err != nil && !notFound {
			if down {
				if stale, ok := c.staleEntry(key); ok {
					return result[T]{entry: stale, stale: true}, nil
				}
			}
			return nil, err
		}
		ttl := c.ttl
		if notFound {
			ttl = c.negTTL
		}
		entry := cacheEntry[T]{v: val, notFound: notFound, exp: c.clock() + ttl}
		c.put(key, entry, gen)
		return result[T]{entry: entry}, nil
	})
	if err != nil {
		var zero T
		return zero, false, err
	}
	r := res.(result[T])
	if r.stale {
		c.fallback.ServedStale()
	}
	return r.entry.v, !r.entry.notFound, nil
}

// staleEntry is the value key holds now, if it may answer stale. It is read again after
// the failed load, not taken from before it: an invalidation that arrived meanwhile has
// removed it, and it must not answer.
func (c *Loading[T]) staleEntry(key string) (cacheEntry[T], bool) {
	e, ok := c.entries.Get(key)
	if !ok || !c.mayServeStale(e, c.clock()) {
		return cacheEntry[T]{}, false
	}
	return e, true
}

// mayServeStale reports whether e may answer at now although it expired: a value (not a
// not-found) within the stale window past its TTL.
func (c *Loading[T]) mayServeStale(e cacheEntry[T], now time.Duration) bool {
	return !e.notFound && now < e.exp+c.fallback.StaleWindow()
}

// put stores e unless the cache was invalidated since generation gen.
func (c *Loading[T]) put(key string, e cacheEntry[T], gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	c.entries.Add(key, e)
}

// Forget drops key; a load of it in flight is not stored.
func (c *Loading[T]) Forget(key string) {
	c.mu.Lock()
	c.entries.Remove(key)
	c.gen++
	c.mu.Unlock()
	// A load in flight may have read the old row; make the next caller load again.
	c.sf.Forget(key)
}

// Purge drops everything; loads in flight are not stored.
func (c *Loading[T]) Purge() {
	c.mu.Lock()
	c.entries.Purge()
	c.gen++
	c.mu.Unlock()
}

// Len is the number of entries (not-found answers included).
func (c *Loading[T]) Len() int { return c.entries.Len() }

// Bytes is the estimated weight of the entries.
func (c *Loading[T]) Bytes() int64 { return c.entries.Bytes() }
