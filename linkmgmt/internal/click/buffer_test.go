package click

import (
	"context"
	"net/netip"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// clientOf is a Redis client as the service makes it (each call bounded by its
// context's deadline), without retries.
func clientOf(t *testing.T, addr string, db int) *redis.Client {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: addr, DB: db, ContextTimeoutEnabled: true, MaxRetries: -1, DialTimeout: time.Second})
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

// startRecorder runs a recorder until the test ends.
func startRecorder(t *testing.T, rdb *redis.Client, opts RecorderOptions) *Recorder {
	t.Helper()
	rec := NewRecorder(rdb, nil, quiet(), opts)
	ctx, cancel := context.WithCancel(context.Background())
	go rec.Run(ctx)
	t.Cleanup(func() { cancel(); <-rec.Done() })
	return rec
}

// await polls cond (a metric, a marker the recorder sets) until it holds, or fails
// the test after a generous time.
func await(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

func visit(linkID int64, i int) Hit {
	return Hit{LinkID: linkID, AccountID: 1, At: time.Now(), IP: netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}), UserAgent: desktopAgent(i)}
}

// What a kill -9 would lose is bounded in count: with Redis hanging, the recorder
// holds at most QueueSize + MaxBacklog clicks (and the one it is enriching); every other click is dropped and
// counted, Record never waits, and the gauge says how many are held.
func TestRecorderHoldsAtMostItsBoundWhenRedisHangs(t *testing.T) {
	rdb := clientOf(t, testkit.HangingServer(t), 0)
	rec := startRecorder(t, rdb, RecorderOptions{QueueSize: 10, MaxBacklog: 20, BatchSize: 5, MaxAge: time.Hour})
	m := func(name string, labels ...string) float64 { return metricValue(t, rec.Collectors(), name, labels...) }
	pastBacklog := rec.dropped.WithLabelValues("redis_unavailable")
	visits := 0
	// Visits until the backlog is full and clicks are dropped past it.
	for ; metricValue(t, []prometheus.Collector{pastBacklog}, "linkmgmt_clicks_dropped_total") == 0; visits++ {
		rec.Record(visit(1, visits)) // returns at once: the test would hang otherwise
		// The queue, the backlog, and the one hit the recorder is looking at.
		if held := rec.buffered.Load(); held > 10+20+1 {
			t.Fatalf("%d clicks in memory, bound 31", held)
		}
		if visits > 1e6 {
			t.Fatal("the backlog never fills")
		}
	}
	// Once the recorder has taken the queue, it holds exactly its backlog, and every
	// other visit was dropped and counted.
	await(t, "the queue taken", func() bool { return len(rec.in) == 0 && rec.buffered.Load() <= 20 })
	held := m("linkmgmt_clicks_buffered")
	dropped := m("linkmgmt_clicks_dropped_total", "reason", "buffer_full") + m("linkmgmt_clicks_dropped_total", "reason", "redis_unavailable")
	if held != 20 || dropped != float64(visits-20) || m("linkmgmt_clicks_recorded_total") != 0 {
		t.Fatalf("%d visits: %v held, %v dropped, %v recorded: want 20, %d and 0", visits, held, dropped, m("linkmgmt_clicks_recorded_total"), visits-20)
	}
}

// And in time: a click Redis has not taken within MaxAge is dropped and counted,
// whether Redis refuses connections or hangs; none is written late. Redis back, the
// clicks that follow are written.
func TestRecorderDropsClicksPastTheirMaxAge(t *testing.T) {
	for _, outage := range []string{"redis refuses connections", "redis hangs"} {
		t.Run(outage, func(t *testing.T) {
			opts, err := redis.ParseURL(testkit.Redis(t))
			if err != nil {
				t.Fatal(err)
			}
			proxy := testkit.NewProxy(t, opts.Addr)
			addr := proxy.Addr()
			if outage == "redis hangs" {
				addr = testkit.HangingServer(t)
			}
			rdb := clientOf(t, addr, opts.DB)
			rec := startRecorder(t, rdb, RecorderOptions{MaxAge: 300 * time.Millisecond})
			m := func(name string, labels ...string) float64 { return metricValue(t, rec.Collectors(), name, labels...) }
			proxy.Cut()
			for i := range 10 {
				rec.Record(visit(1, i))
			}
			await(t, "the 10 clicks dropped past their age", func() bool {
				return m("linkmgmt_clicks_dropped_total", "reason", "expired") == 10 && m("linkmgmt_clicks_buffered") == 0
			})
			if got := m("linkmgmt_clicks_recorded_total"); got != 0 {
				t.Fatalf("%v clicks recorded, want 0", got)
			}
			if outage == "redis hangs" {
				return
			}
			proxy.Restore()
			for i := range 5 {
				rec.Record(visit(1, i))
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			await(t, "the recorder writes to redis again", func() bool { return rec.Sync(ctx) == nil })
			var inRedis int
			direct := clientOf(t, opts.Addr, opts.DB)
			for _, e := range direct.XRange(ctx, streamKey, "-", "+").Val() {
				_, clicks, err := decodeBatch([]byte(e.Values["b"].(string)))
				if err != nil {
					t.Fatal(err)
				}
				inRedis += len(clicks)
			}
			if inRedis != 5 || m("linkmgmt_clicks_recorded_total") != 5 || m("linkmgmt_clicks_buffered") != 0 {
				t.Fatalf("%d clicks in redis, %v recorded, %v buffered: want 5, 5, 0", inRedis, m("linkmgmt_clicks_recorded_total"), m("linkmgmt_clicks_buffered"))
			}
		})
	}
}
