package campaign

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// countingHook counts the commands a client sends (a pipeline counts once: one round
// trip).
type countingHook struct{ trips atomic.Int64 }

func (h *countingHook) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h *countingHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error { h.trips.Add(1); return next(ctx, cmd) }
}
func (h *countingHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error { h.trips.Add(1); return next(ctx, cmds) }
}

// replicas returns n rotators over one Redis database, each with its own client, and
// the hook counting their round trips.
func replicas(t *testing.T, n int) ([]*turns, *countingHook) {
	t.Helper()
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	hook := &countingHook{}
	out := make([]*turns, n)
	for i := range out {
		rdb := redis.NewClient(opts)
		rdb.AddHook(hook)
		t.Cleanup(func() { rdb.Close() })
		out[i] = newTurns(rdb, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}
	return out, hook
}

// TestSequentialVisitsFollowOneRoundRobin: visits one at a time, alternating between
// replicas, get consecutive turns (a strict round robin), one Redis round trip each;
// a look (HEAD) shows the next visitor's turn without taking it.
func TestSequentialVisitsFollowOneRoundRobin(t *testing.T) {
	ctx := context.Background()
	rs, _ := replicas(t, 3)
	for want := range uint64(30) {
		r := rs[want%3]
		if got := r.take(ctx, 7, r.of(7), false); got != want {
			t.Fatalf("look before visit %d: turn %d, want %d", want, got, want)
		}
		if got := r.take(ctx, 7, r.of(7), true); got != want {
			t.Fatalf("visit %d: turn %d, want %d", want, got, want)
		}
	}
}

// TestConcurrentVisitsLeaseTurns: visits that arrive together on a replica share leased
// turns (far fewer round trips than visits), and across replicas every turn is handed
// out exactly once, so each of n links gets its share to within R+1 visits.
func TestConcurrentVisitsLeaseTurns(t *testing.T) {
	ctx := context.Background()
	const (
		replicaCount = 2
		perReplica   = 8
		visits       = 4000 // per goroutine... total below
		links        = 3
	)
	rs, hook := replicas(t, replicaCount)
	var (
		mu    sync.Mutex
		seen  = map[uint64]bool{}
		count [links]int
		wg    sync.WaitGroup
	)
	total := 0
	for _, r := range rs {
		for range perReplica {
			total += visits / (replicaCount * perReplica)
			wg.Go(func() {
				for range visits / (replicaCount * perReplica) {
					n := r.take(ctx, 9, r.of(9), true)
					mu.Lock()
					if seen[n] {
						t.Errorf("turn %d handed out twice", n)
					}
					seen[n] = true
					count[n%links]++
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	if trips := hook.trips.Load(); trips > int64(total/4) {
		t.Errorf("%d Redis round trips for %d concurrent visits, want leases to save most of them", trips, total)
	}
	for i, c := range count {
		if d := c - total/links; d > replicaCount+1 || d < -(replicaCount+1) {
			t.Errorf("link %d got %d visits of %d, more than %d from an exact share: %v", i, c, total, replicaCount+1, count)
		}
	}
}

// TestRedisDownRotatesPerReplica: without Redis each replica rotates on its own counter.
func TestRedisDownRotatesPerReplica(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialerRetries: 1})
	t.Cleanup(func() { rdb.Close() })
	r := newTurns(rdb, slog.New(slog.NewTextHandler(io.Discard, nil)))
	for want := range uint64(5) {
		if got := r.take(context.Background(), 1, r.of(1), true); got != want {
			t.Fatalf("visit %d without redis: turn %d", want, got)
		}
	}
}

func TestNormalizeSlug(t *testing.T) {
	good := []string{"ab", "spring-sale", "Spring_2026", "9lives", strings.Repeat("a", 64), "a-", "0_"}
	bad := []string{"a", "-ab", "_ab", "12345", strings.Repeat("a", 65), "a b", "é-t", "ab/c", "ab\x00"}
	for _, s := range good {
		if got, err := NormalizeSlug(" " + s + " "); err != nil || got != s {
			t.Errorf("NormalizeSlug(%q) = %q, %v; want it accepted", s, got, err)
		}
	}
	for _, s := range bad {
		if _, err := NormalizeSlug(s); err == nil {
			t.Errorf("NormalizeSlug(%q) accepted", s)
		}
	}
}
