package redirect

import (
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/linkmgmt/internal/outage"
)

func linkKey(domainID int64, alias string) string { return cachebus.LinkKey(domainID, alias) }

// Cache holds links and branded domains for the redirect hot path.
type Cache struct {
	links   *lru.Loading[*Target]
	domains *lru.Loading[domain.Domain]
}

// CacheOptions size the cache; zero values take the defaults.
type CacheOptions struct {
	MaxLinks int           // default 100000
	MaxBytes int64         // links, default 64 MB; branded domains get a sixteenth more
	TTL      time.Duration // default 30s: the staleness bound when an invalidation is missed
	NegTTL   time.Duration // not-found answers, default 5s
	// Outage, when set, lets an expired link or domain answer while Postgres cannot be
	// reached (stale-if-error), bounds each lookup and tells the time (Tracker.Guard).
	Outage *outage.Tracker
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
	times := lru.LoadingOptions{TTL: o.TTL, NegTTL: o.NegTTL}
	return &Cache{
		links:   lru.NewLoading(o.MaxLinks, o.MaxBytes, (*Target).size, o.Outage.Guard("links", times)),
		domains: lru.NewLoading(max(o.MaxLinks/100, 1000), max(o.MaxBytes/16, 1<<20), domainSize, o.Outage.Guard("domains", times)),
	}
}

// Len is the number of cached links (tests, metrics).
func (c *Cache) Len() int { return c.links.Len() }

// Bytes is the estimated weight of the cached links and domains (tests, metrics).
func (c *Cache) Bytes() int64 { return c.links.Bytes() + c.domains.Bytes() }

// Invalidate drops what e names (cachebus.Subscriber).
func (c *Cache) Invalidate(e cachebus.Event) {
	switch e.Kind {
	case cachebus.All:
		c.links.Purge()
		c.domains.Purge()
	case cachebus.Link:
		c.links.Forget(e.Key)
	case cachebus.Domain:
		c.domains.Forget(e.Key)
		// Links of the domain carry its address: drop them all, it is rare.
		c.links.Purge()
	}
}
