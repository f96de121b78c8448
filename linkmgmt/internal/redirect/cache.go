package redirect

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"
)

// invalidationChannel carries cache invalidations between replicas: "l:<domainID>/<alias>"
// for one link, "d:<host>" for one domain, "*" for everything.
const invalidationChannel = "lm:cache:invalidate"

// publishTimeout bounds publishing one invalidation.
const publishTimeout = 500 * time.Millisecond

// ttlCache is a cache with per-entry expiry, bounded in entries and in bytes (least
// recently used out first). Misses for the same key share one load (singleflight), so a
// cold popular link costs one query, not one per request. Not-found answers are cached
// too, for a shorter time, to absorb 404 floods.
type ttlCache[T any] struct {
	entries *lru.Cache[string, cacheEntry[T]]
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
	exp      int64 // unix nanoseconds
}

// cacheEntryBytes is what an entry holds besides its key and its value's own data.
const cacheEntryBytes = 32

// newTTLCache returns a cache of at most maxEntries entries weighing at most maxBytes,
// where sizeOf(v) estimates the bytes a value holds (strings, slices).
func newTTLCache[T any](maxEntries int, maxBytes int64, sizeOf func(T) int64, ttl, negTTL time.Duration) *ttlCache[T] {
	weigh := func(key string, e cacheEntry[T]) int64 { return int64(len(key)) + cacheEntryBytes + sizeOf(e.v) }
	return &ttlCache[T]{entries: lru.New(maxEntries, maxBytes, weigh), ttl: ttl, negTTL: negTTL}
}

// get returns the cached value or loads it. A load error with code NotFound is cached
// as not found; other errors are not cached.
func (c *ttlCache[T]) get(ctx context.Context, key string, load func(context.Context) (T, error)) (T, bool, error) {
	now := time.Now().UnixNano()
	if e, ok := c.entries.Get(key); ok && now < e.exp {
		return e.v, !e.notFound, nil
	}
	v, err, _ := c.sf.Do(key, func() (any, error) {
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
		entry := cacheEntry[T]{v: val, notFound: notFound, exp: time.Now().Add(ttl).UnixNano()}
		c.put(key, entry, gen)
		return entry, nil
	})
	if err != nil {
		var zero T
		return zero, false, err
	}
	entry := v.(cacheEntry[T])
	return entry.v, !entry.notFound, nil
}

// put stores e unless the cache was invalidated since generation gen.
func (c *ttlCache[T]) put(key string, e cacheEntry[T], gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	c.entries.Add(key, e)
}

func (c *ttlCache[T]) forget(key string) {
	c.mu.Lock()
	c.entries.Remove(key)
	c.gen++
	c.mu.Unlock()
	// A load in flight may have read the old row; make the next caller load again.
	c.sf.Forget(key)
}

func (c *ttlCache[T]) purge() {
	c.mu.Lock()
	c.entries.Purge()
	c.gen++
	c.mu.Unlock()
}

func (c *ttlCache[T]) len() int { return c.entries.Len() }

func (c *ttlCache[T]) bytes() int64 { return c.entries.Bytes() }

func linkKey(domainID int64, alias string) string {
	return strconv.FormatInt(domainID, 10) + "/" + alias
}

// Invalidator tells every replica's cache that a link or a domain changed. It
// implements link.Notifier.
type Invalidator struct {
	rdb    *redis.Client
	log    *slog.Logger
	caches []*Cache
}

// LinkChanged drops the link from this replica's cache now and from the others' through
// Redis pub/sub. When Redis is down the others catch up within the cache TTL.
func (inv *Invalidator) LinkChanged(ctx context.Context, domainID int64, alias string) {
	inv.publish(ctx, "l:"+linkKey(domainID, alias))
}

// DomainChanged drops a branded domain (host as stored, lower case) everywhere.
func (inv *Invalidator) DomainChanged(ctx context.Context, host string) {
	inv.publish(ctx, "d:"+strings.ToLower(host))
}

// PurgeAll drops everything everywhere (pixels, overlays or splash pages changed).
func (inv *Invalidator) PurgeAll(ctx context.Context) { inv.publish(ctx, "*") }

func (inv *Invalidator) publish(ctx context.Context, msg string) {
	for _, c := range inv.caches {
		c.apply(msg)
	}
	if inv.rdb == nil {
		return
	}
	// A Redis that hangs must not hold the API call that changed the link.
	ctx, cancel := context.WithTimeout(ctx, publishTimeout)
	defer cancel()
	if err := inv.rdb.Publish(ctx, invalidationChannel, msg).Err(); err != nil {
		inv.log.WarnContext(ctx, "cache invalidation not published; other replicas expire it by TTL", "error", err, "message", msg)
	}
}

// Cache holds links and branded domains for the redirect hot path.
type Cache struct {
	links   *ttlCache[*Target]
	domains *ttlCache[Domain]
}

// CacheOptions size the cache; zero values take the defaults.
type CacheOptions struct {
	MaxLinks int           // default 100000
	MaxBytes int64         // links, default 64 MB; branded domains get a sixteenth more
	TTL      time.Duration // default 30s: the staleness bound when an invalidation is missed
	NegTTL   time.Duration // not-found answers, default 5s
}

// Cache bounds by default: 100,000 links and 64 MB of them, whichever comes first.
const (
	defaultMaxLinks      = 100_000
	defaultMaxCacheBytes = 64 << 20
)

// NewCache returns an empty cache.
func NewCache(o CacheOptions) *Cache {
	if o.MaxLinks <= 0 {
		o.MaxLinks = defaultMaxLinks
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = defaultMaxCacheBytes
	}
	if o.TTL <= 0 {
		o.TTL = 30 * time.Second
	}
	if o.NegTTL <= 0 {
		o.NegTTL = 5 * time.Second
	}
	return &Cache{
		links:   newTTLCache(o.MaxLinks, o.MaxBytes, (*Target).size, o.TTL, o.NegTTL),
		domains: newTTLCache(max(o.MaxLinks/100, 1000), max(o.MaxBytes/16, 1<<20), Domain.size, o.TTL, o.NegTTL),
	}
}

// Len is the number of cached links (tests, metrics).
func (c *Cache) Len() int { return c.links.len() }

// Bytes is the estimated weight of the cached links and domains (tests, metrics).
func (c *Cache) Bytes() int64 { return c.links.bytes() + c.domains.bytes() }

func (c *Cache) apply(msg string) {
	switch {
	case msg == "*":
		c.links.purge()
		c.domains.purge()
	case strings.HasPrefix(msg, "l:"):
		c.links.forget(msg[2:])
	case strings.HasPrefix(msg, "d:"):
		c.domains.forget(msg[2:])
		// Links of the domain carry its address: drop them all, it is rare.
		c.links.purge()
	}
}

// NewInvalidator returns the invalidator of the given caches (usually one per process).
func NewInvalidator(rdb *redis.Client, log *slog.Logger, caches ...*Cache) *Invalidator {
	return &Invalidator{rdb: rdb, log: log, caches: caches}
}

// Listen applies invalidations published by other replicas until ctx ends. After a lost
// subscription it purges the cache once resubscribed (messages may have been missed
// meanwhile; until then entries expire by TTL).
func (inv *Invalidator) Listen(ctx context.Context) {
	for ctx.Err() == nil {
		ps := inv.rdb.Subscribe(ctx, invalidationChannel)
		for {
			msg, err := ps.Receive(ctx)
			if err != nil {
				break
			}
			switch m := msg.(type) {
			case *redis.Subscription:
				// (Re)subscribed: anything published while we were away is lost.
				for _, c := range inv.caches {
					c.apply("*")
				}
			case *redis.Message:
				for _, c := range inv.caches {
					c.apply(m.Payload)
				}
			}
		}
		_ = ps.Close()
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}
