package cachebus_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

func TestMain(m *testing.M) { testkit.Main(m, nil) }

// recorder is a cache that remembers what it was told.
type recorder struct {
	mu     sync.Mutex
	events []cachebus.Event
}

func (r *recorder) Invalidate(e cachebus.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *recorder) has(e cachebus.Event) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Contains(r.events, e)
}

// replica is one bus with its cache, listening until the test ends.
func replica(t *testing.T, redisURL string) (*cachebus.Bus, *recorder) {
	t.Helper()
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	bus := cachebus.New(rdb, slog.New(slog.NewTextHandler(io.Discard, nil)))
	cache := &recorder{}
	bus.Subscribe(cache)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); bus.Listen(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return bus, cache
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 30 s", what)
		}
	}
}

// TestEveryReplicaHearsEveryKind: a change is applied to the publishing replica's
// caches before Publish returns, and reaches the other replica through Redis, whatever
// its kind.
func TestEveryReplicaHearsEveryKind(t *testing.T) {
	url := testkit.Redis(t)
	a, aCache := replica(t, url)
	b, bCache := replica(t, url)
	<-a.Ready()
	<-b.Ready()
	for _, e := range []cachebus.Event{
		cachebus.LinkChanged(0, "spring"), cachebus.LinkChanged(7, "promo"), cachebus.DomainChanged("Go.Example.com"),
		cachebus.CampaignChanged(42), cachebus.CampaignsChanged(), cachebus.Everything(),
	} {
		a.Publish(context.Background(), e)
		if !aCache.has(e) {
			t.Fatalf("%+v: not applied to the publishing replica at once", e)
		}
		waitFor(t, "the other replica hears "+string(e.Kind)+":"+e.Key, func() bool { return bCache.has(e) })
	}
	if !bCache.has(cachebus.Event{Kind: cachebus.Domain, Key: "go.example.com"}) {
		t.Fatal("domain hosts are not compared in lower case")
	}
}

// TestReadyMeansSubscribed: once Ready is closed, a change published by another replica
// is heard, however soon after it comes. Tests that start a replica and change data at
// once wait on it (a replica that was not subscribed yet missed such changes).
func TestReadyMeansSubscribed(t *testing.T) {
	url := testkit.Redis(t)
	publisher, _ := replica(t, url)
	for i := range 20 {
		listener, cache := replica(t, url)
		select {
		case <-listener.Ready():
		case <-time.After(5 * time.Second):
			t.Fatal("never subscribed")
		}
		e := cachebus.CampaignChanged(int64(i))
		publisher.Publish(context.Background(), e)
		waitFor(t, "a change published right after Ready", func() bool { return cache.has(e) })
	}
}

// TestDatabasesDoNotShareChanges: pub/sub channels span a Redis server's databases; a
// service on another database does not hear this one's changes.
func TestDatabasesDoNotShareChanges(t *testing.T) {
	a, _ := replica(t, testkit.Redis(t))
	otherURL := testkit.Redis(t)
	other, otherCache := replica(t, otherURL)
	neighbour, _ := replica(t, otherURL) // publishes the marker on other's database
	<-a.Ready()
	<-other.Ready()
	a.Publish(context.Background(), cachebus.CampaignChanged(1))
	// Publish returns once Redis has taken the message, and Redis hands a subscriber its
	// messages in the order it took them: had a's change reached other, it would be
	// there before the marker, published afterwards and heard through Redis only.
	marker := cachebus.CampaignChanged(2)
	neighbour.Publish(context.Background(), marker)
	waitFor(t, "other hears the marker", func() bool { return otherCache.has(marker) })
	if otherCache.has(cachebus.CampaignChanged(1)) {
		t.Fatal("a change on one database reached a service on another")
	}
}

// TestListeningFollowsTheSubscription: Listening is false from the moment the
// subscription is lost (changes published meanwhile are not heard) until the bus is
// subscribed again, and a bus without Redis always hears (it is the only replica).
func TestListeningFollowsTheSubscription(t *testing.T) {
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := testkit.NewProxy(t, opts.Addr)
	opts.Addr = proxy.Addr()
	bus, cache := replica(t, "redis://"+proxy.Addr()+"/"+strconv.Itoa(opts.DB))
	if bus.Listening() {
		select {
		case <-bus.Ready():
		default:
			t.Fatal("listening before the first subscription")
		}
	}
	<-bus.Ready()
	if !bus.Listening() {
		t.Fatal("not listening once ready")
	}
	proxy.Cut()
	waitFor(t, "the lost subscription is noticed", func() bool { return !bus.Listening() })
	proxy.Restore()
	waitFor(t, "subscribed again", bus.Listening)
	if !cache.has(cachebus.Everything()) {
		t.Fatal("the resubscription did not drop everything")
	}
	if !cachebus.New(nil, slog.New(slog.NewTextHandler(io.Discard, nil))).Listening() {
		t.Fatal("a bus without Redis does not hear its own changes")
	}
}
