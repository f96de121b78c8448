// Package outage follows whether Postgres can be reached, as the public pages' cache
// loads and the readiness probe find it, and lets those caches answer from their last
// state while it cannot (stale-if-error, LINK_STALE_IF_ERROR). A replica whose lookups
// find Postgres down is degraded: the gauge linkmgmt_degraded{reason="database"} says
// so, and linkmgmt_stale_answers_total{cache} counts what was answered from an expired
// entry meanwhile.
package outage

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/prometheus/client_golang/prometheus"
)

// LoadTimeout bounds one lookup of a public page's cache: a Postgres that hangs
// answers nothing within it, and the lookup counts as an outage (stale-if-error
// applies) rather than holding the visitor.
const LoadTimeout = 3 * time.Second

// RetryInterval is how long, after a lookup found Postgres down, expired entries answer
// from their last state without asking Postgres; the first lookup after it tries again.
// A Postgres that hangs thus costs one LoadTimeout per interval, not one per visit.
const RetryInterval = time.Second

// MaxStaleWindow is the largest LINK_STALE_IF_ERROR.
const MaxStaleWindow = 7 * 24 * time.Hour

// DefaultStaleWindow is LINK_STALE_IF_ERROR when unset.
const DefaultStaleWindow = time.Hour

// ParseStaleWindow reads LINK_STALE_IF_ERROR: a Go duration from 1s to MaxStaleWindow
// ("30m", "1h", "24h"), or "0" / "off" for no stale answers.
func ParseStaleWindow(s string) (time.Duration, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "off" || s == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration (30m, 1h) nor 0 or off", s)
	}
	if d < time.Second || d > MaxStaleWindow {
		return 0, fmt.Errorf("%q is out of range (1s to %s, or 0/off)", s, MaxStaleWindow)
	}
	return d, nil
}

// Options configure a Tracker.
type Options struct {
	// StaleWindow is how long past its TTL a cached entry may answer while Postgres is
	// down (LINK_STALE_IF_ERROR); 0: never.
	StaleWindow time.Duration
	// Clock tells the time, to the tracker and to the caches it guards; nil: the
	// process's monotonic clock (tests move their own).
	Clock lru.Clock
	// Heard reports whether this replica hears every cache invalidation now (the
	// cachebus subscription); nil: always (a single replica). While it does not, an
	// entry may have missed the deletion of its link and must not outlive its TTL.
	Heard func() bool
}

// Tracker is the replica's view of Postgres' reachability. Safe for concurrent use.
type Tracker struct {
	window time.Duration
	clock  lru.Clock
	heard  func() bool
	// mu orders Observe's writes, so failedAt and the gauge always agree.
	mu sync.Mutex
	// failedAt is the clock reading of the last contact that found Postgres down, plus
	// one (0: the last contact reached it).
	failedAt atomic.Int64

	degradedVec *prometheus.GaugeVec
	degraded    prometheus.Gauge // degradedVec's "database"
	stale       *prometheus.CounterVec
}

// New returns a tracker that has seen no failure.
func New(o Options) *Tracker {
	if o.Clock == nil {
		start := time.Now()
		o.Clock = func() time.Duration { return time.Since(start) }
	}
	if o.Heard == nil {
		o.Heard = func() bool { return true }
	}
	degraded := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: "linkmgmt", Name: "degraded",
		Help: "1 while the last contact with a dependency found it unreachable (reason: database).",
	}, []string{"reason"})
	return &Tracker{
		window: o.StaleWindow, clock: o.Clock, heard: o.Heard,
		degradedVec: degraded, degraded: degraded.WithLabelValues("database"),
		stale: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "stale_answers_total",
			Help: "Public page lookups answered from an expired cache entry because Postgres could not be reached (stale-if-error), by cache.",
		}, []string{"cache"}),
	}
}

// Collectors are the tracker's metrics.
func (t *Tracker) Collectors() []prometheus.Collector {
	return []prometheus.Collector{t.degradedVec, t.stale}
}

// StaleWindow is LINK_STALE_IF_ERROR (0: off).
func (t *Tracker) StaleWindow() time.Duration { return t.window }

// Observe records the outcome of a contact with Postgres (a lookup, the readiness
// ping): err nil or an answer of the database clears the degraded state, an error that
// says Postgres could not be reached sets it. It reports the latter. A cancelled
// contact (the caller went away) changes nothing.
func (t *Tracker) Observe(err error) (down bool) {
	if errors.Is(err, context.Canceled) {
		return false // the caller gave up: nothing learnt about Postgres
	}
	down = database.Unreachable(err)
	t.mu.Lock()
	defer t.mu.Unlock()
	if !down {
		if t.failedAt.Swap(0) != 0 {
			t.degraded.Set(0)
		}
		return false
	}
	t.failedAt.Store(int64(t.clock()) + 1)
	t.degraded.Set(1)
	return true
}

// Degraded reports whether the last contact found Postgres down.
func (t *Tracker) Degraded() bool { return t.failedAt.Load() != 0 }

// down reports whether a contact found Postgres down less than RetryInterval ago.
func (t *Tracker) down() bool {
	at := t.failedAt.Load()
	return at != 0 && time.Duration(int64(t.clock())-(at-1)) < RetryInterval
}

// Guard completes the options of the public pages' cache name: the tracker's clock, the
// lookup bound (LoadTimeout) and the stale-if-error fallback. A nil tracker leaves them
// as they are (no fallback, no bound, the monotonic clock).
func (t *Tracker) Guard(name string, o lru.LoadingOptions) lru.LoadingOptions {
	if t == nil {
		return o
	}
	o.Clock, o.LoadTimeout, o.Fallback = t.clock, LoadTimeout, t.Cache(name)
	return o
}

// Cache is the fallback of one cache (lru.Fallback), counting its stale answers under
// name.
func (t *Tracker) Cache(name string) *Cache {
	return &Cache{t: t, stale: t.stale.WithLabelValues(name)}
}

// Cache is the lru.Fallback of one named cache.
type Cache struct {
	t     *Tracker
	stale prometheus.Counter
}

// StaleWindow is how long past its TTL an entry may answer while Postgres is down: 0
// while this replica may be missing invalidations.
func (c *Cache) StaleWindow() time.Duration {
	if c.t.window == 0 || !c.t.heard() {
		return 0
	}
	return c.t.window
}

// Observe records a load's outcome (Tracker.Observe).
func (c *Cache) Observe(err error) bool { return c.t.Observe(err) }

// Down reports whether a lookup found Postgres down moments ago (RetryInterval).
func (c *Cache) Down() bool { return c.t.down() }

// ServedStale counts one stale answer.
func (c *Cache) ServedStale() { c.stale.Inc() }
