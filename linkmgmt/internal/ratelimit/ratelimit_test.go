package ratelimit_test

import (
	"context"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/ratelimit"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

func TestMain(m *testing.M) { testkit.Main(m, nil) }

func newClient(t testing.TB) *redis.Client {
	t.Helper()
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

func TestAllowCountsDownAndRefusesWithoutCounting(t *testing.T) {
	rdb := newClient(t)
	l := ratelimit.New(rdb, time.Minute)
	ctx := context.Background()
	before := time.Now()
	for i := 0; i < 3; i++ {
		d, err := l.Allow(ctx, "k", 3)
		if err != nil {
			t.Fatal(err)
		}
		if !d.Allowed || d.Limit != 3 || d.Remaining != 2-i || d.RetryAfter != 0 {
			t.Fatalf("call %d: %+v", i+1, d)
		}
		// Reset is when the first call leaves the window.
		if d.Reset.Before(before.Add(time.Minute).Add(-time.Second)) || d.Reset.After(time.Now().Add(time.Minute).Add(time.Second)) {
			t.Fatalf("call %d: reset %v, want about a minute from the first call", i+1, d.Reset)
		}
	}
	for i := 0; i < 3; i++ {
		d, err := l.Allow(ctx, "k", 3)
		if err != nil {
			t.Fatal(err)
		}
		if d.Allowed || d.Remaining != 0 || d.RetryAfter <= 55*time.Second || d.RetryAfter > time.Minute {
			t.Fatalf("refused call %d: %+v", i+1, d)
		}
	}
	// Refused calls were not recorded: the set holds the 3 admitted ones only.
	if n := rdb.ZCard(ctx, "ratelimit:k").Val(); n != 3 {
		t.Fatalf("window holds %d entries, want 3", n)
	}
	if ttl := rdb.PTTL(ctx, "ratelimit:k").Val(); ttl <= 0 || ttl > time.Minute {
		t.Fatalf("key TTL = %v, want at most the window", ttl)
	}
}

func TestAllowSlidesTheWindow(t *testing.T) {
	// The window moves with a clock of the test's, not with the time spent waiting.
	t0 := time.Now()
	var now atomic.Int64
	now.Store(t0.UnixMicro())
	at := func(d time.Duration) { now.Store(t0.Add(d).UnixMicro()) }
	l := ratelimit.New(newClient(t), time.Second).WithClock(func() time.Time { return time.UnixMicro(now.Load()) })
	ctx := context.Background()
	allow := func() ratelimit.Decision {
		t.Helper()
		d, err := l.Allow(ctx, "slide", 2)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if !allow().Allowed {
		t.Fatal("first call refused")
	}
	at(500 * time.Millisecond)
	if d := allow(); !d.Allowed || d.Remaining != 0 {
		t.Fatalf("second call: %+v", d)
	}
	if d := allow(); d.Allowed || d.RetryAfter != 500*time.Millisecond {
		t.Fatalf("third call: %+v, want refused until the first call leaves (in 0.5 s)", d)
	}
	at(1200 * time.Millisecond)
	// The first call has left, the second has not: exactly one slot.
	if d := allow(); !d.Allowed || d.Remaining != 0 {
		t.Fatalf("after the first left: %+v", d)
	}
	if d := allow(); d.Allowed {
		t.Fatalf("a second slot opened: %+v", d)
	}
}

// TestAllowIsExactUnderConcurrency: many clients (as many replicas would) race for one
// key; exactly the limit is admitted.
func TestAllowIsExactUnderConcurrency(t *testing.T) {
	url := testkit.Redis(t)
	const clients, callsEach, limit = 4, 50, 37
	var mu sync.Mutex
	admitted := 0
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		opts, err := redis.ParseURL(url)
		if err != nil {
			t.Fatal(err)
		}
		rdb := redis.NewClient(opts)
		defer rdb.Close()
		l := ratelimit.New(rdb, time.Minute)
		for i := 0; i < callsEach; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, err := l.Allow(context.Background(), "race", limit)
				if err != nil {
					t.Error(err)
					return
				}
				if d.Allowed {
					mu.Lock()
					admitted++
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	if admitted != limit {
		t.Fatalf("admitted %d of %d calls, want exactly %d", admitted, clients*callsEach, limit)
	}
}

func TestAllowReportsRedisErrors(t *testing.T) {
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := testkit.NewProxy(t, opts.Addr)
	opts.Addr = proxy.Addr()
	rdb := redis.NewClient(opts)
	defer rdb.Close()
	proxy.Cut()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := ratelimit.New(rdb, time.Minute).Allow(ctx, "down", 5); err == nil {
		t.Fatal("Allow without Redis returned no error")
	}
}

// BenchmarkAllow measures one rate-limit check (one EVALSHA round trip) over 1000
// accounts at the business plan's 600 per minute, so windows fill up and refuse as in
// real use.
func BenchmarkAllow(b *testing.B) {
	l := ratelimit.New(newClient(b), time.Minute)
	ctx := context.Background()
	var seq atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			key := "bench:" + strconv.FormatInt(seq.Add(1)%1000, 10)
			if _, err := l.Allow(ctx, key, 600); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestClientKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7":          "203.0.113.7",
		"::ffff:203.0.113.7":   "203.0.113.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":      "2001:db8:1:3::/64",
		"fe80::1":              "fe80::/64",
	} {
		if got := ratelimit.ClientKey(netip.MustParseAddr(in)); got != want {
			t.Errorf("ClientKey(%s) = %s, want %s", in, got, want)
		}
	}
}
