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
type Loading[T any] struct {
	entries *Cache[string, cacheEntry[T]]
	ttl     time.Duration
	negTTL  time.Duration
	sf      singleflight.Group
	// mu guards gen, which counts invalidations. A load stores its result only if no
	// invalidation happened while it ran: it may have read the row before the change.
	mu  sync.Mutex
	gen uint64
}

type cacheEntry[T any] struct {
	v        T
	notFound bool
	exp      int64 // monotonic nanoseconds (clock)
}

// epoch anchors clock.
var epoch = time.Now()

// clock is nanoseconds on the monotonic clock: one clock read where time.Now takes two
// (wall and monotonic), on every cache hit.
func clock() int64 { return int64(time.Since(epoch)) }

// cacheEntryBytes is what an entry holds besides its key and its value's own data.
const cacheEntryBytes = 32

// NewLoading returns a cache of at most maxEntries entries weighing at most maxBytes,
// where sizeOf(v) estimates the bytes a value holds (strings, slices).
func NewLoading[T any](maxEntries int, maxBytes int64, sizeOf func(T) int64, ttl, negTTL time.Duration) *Loading[T] {
	weigh := func(key string, e cacheEntry[T]) int64 { return int64(len(key)) + cacheEntryBytes + sizeOf(e.v) }
	return &Loading[T]{entries: New(maxEntries, maxBytes, weigh), ttl: ttl, negTTL: negTTL}
}

// Get returns the cached value or loads it; found is false for a not-found answer. A load error with code NotFound is cached
// as not found; other errors are not cached.
func (c *Loading[T]) Get(ctx context.Context, key string, load func(context.Context) (T, error)) (v T, found bool, err error) {
	now := clock()
	if e, ok := c.entries.Get(key); ok && now < e.exp {
		return e.v, !e.notFound, nil
	}
	res, err, _ := c.sf.Do(key, func() (any, error) {
		c.mu.Lock()
		gen := c.gen
		c.mu.Unlock()
		// The load must not die with the first caller's request.
		val, err := load(context.WithoutCancel(ctx))
		notFound := apperr.Is(err, apperr.NotFound)
		if err != nil && !notFound {
			return nil, err
		}
		ttl := c.ttl
		if notFound {
			ttl = c.negTTL
		}
		entry := cacheEntry[T]{v: val, notFound: notFound, exp: clock() + int64(ttl)}
		c.put(key, entry, gen)
		return entry, nil
	})
	if err != nil {
		var zero T
		return zero, false, err
	}
	entry := res.(cacheEntry[T])
	return entry.v, !entry.notFound, nil
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
