package redirect

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"
)

// invalidationChannel carries cache invalidations between replicas: "l:<domainID>/<alias>"
// for one link, "d:<host>" for one domain, "*" for everything.
const invalidationChannel = "lm:cache:invalidate"

// publishTimeout bounds publishing one invalidation.
const publishTimeout = 500 * time.Millisecond

// ttlCache is a bounded map with per-entry expiry. Misses for the same key share one
// load (singleflight), so a cold popular link costs one query, not one per request.
// Not-found answers are cached too, for a shorter time, to absorb 404 floods.
type ttlCache[T any] struct {
	mu     sync.RWMutex
	m      map[string]cacheEntry[T]
	max    int
	ttl    time.Duration
	negTTL time.Duration
	sf     singleflight.Group
	// gen counts invalidations (under mu). A load stores its result only if no
	// invalidation happened while it ran: it may have read the row before the change.
	gen uint64
}

type cacheEntry[T any] struct {
	v        T
	notFound bool
	exp      int64 // unix nanoseconds
}

func newTTLCache[T any](max int, ttl, negTTL time.Duration) *ttlCache[T] {
	return &ttlCache[T]{m: make(map[string]cacheEntry[T], max), max: max, ttl: ttl, negTTL: negTTL}
}

// get returns the cached value or loads it. A load error with code NotFound is cached
// as not found; other errors are not cached.
func (c *ttlCache[T]) get(ctx context.Context, key string, load func(context.Context) (T, error)) (T, bool, error) {
	now := time.Now().UnixNano()
	c.mu.RLock()
	e, ok := c.m[key]
	c.mu.RUnlock()
	if ok && now < e.exp {
		return e.v, !e.notFound, nil
	}
	v, err, _ := c.sf.Do(key, func() (any, error) {
		c.mu.RLock()
		gen := c.gen
		c.mu.RUnlock()
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
	if len(c.m) >= c.max {
		now := time.Now().UnixNano()
		for k, old := range c.m {
			if old.exp <= now {
				delete(c.m, k)
			}
		}
		// Still full: drop an arbitrary tenth (map order is random).
		for k := range c.m {
			if len(c.m) < c.max*9/10 {
				break
			}
			delete(c.m, k)
		}
	}
	c.m[key] = e
}

func (c *ttlCache[T]) forget(key string) {
	c.mu.Lock()
	delete(c.m, key)
	c.gen++
	c.mu.Unlock()
	// A load in flight may have read the old row; make the next caller load again.
	c.sf.Forget(key)
}

func (c *ttlCache[T]) purge() {
	c.mu.Lock()
	clear(c.m)
	c.gen++
	c.mu.Unlock()
}

func (c *ttlCache[T]) len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

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
	TTL      time.Duration // default 30s: the staleness bound when an invalidation is missed
	NegTTL   time.Duration // not-found answers, default 5s
}

// NewCache returns an empty cache.
func NewCache(o CacheOptions) *Cache {
	if o.MaxLinks <= 0 {
		o.MaxLinks = 100000
	}
	if o.TTL <= 0 {
		o.TTL = 30 * time.Second
	}
	if o.NegTTL <= 0 {
		o.NegTTL = 5 * time.Second
	}
	return &Cache{
		links:   newTTLCache[*Target](o.MaxLinks, o.TTL, o.NegTTL),
		domains: newTTLCache[Domain](max(o.MaxLinks/100, 1000), o.TTL, o.NegTTL),
	}
}

// Len is the number of cached links (tests, metrics).
func (c *Cache) Len() int { return c.links.len() }

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
