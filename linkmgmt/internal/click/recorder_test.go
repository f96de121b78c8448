package click

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

// headerSet are the headers of many visits: user agents made distinct per visit (so
// the agent cache never answers), each at least size bytes long, and an Accept-Language
// and a Referer of about size bytes. Megabyte values are windows on shared strings, so
// preparing them costs no copy per visit: the cost measured is the recorder's.
type headerSet struct {
	userAgents     []string
	acceptLanguage string
	referer        string
}

// desktopAgent is a common browser user agent (about 125 bytes), made distinct by i.
func desktopAgent(i int) string {
	return fmt.Sprintf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.%d.0 Safari/537.36", i)
}

// newHeaderSet prepares n visits. size 0 means ordinary headers with a desktop agent.
func newHeaderSet(n, size int) headerSet {
	h := headerSet{userAgents: make([]string, n), acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.8", referer: "https://www.facebook.com/"}
	if size == 0 {
		for i := range n {
			h.userAgents[i] = desktopAgent(i)
		}
		return h
	}
	var b strings.Builder
	starts := make([]int, n)
	for i := range n {
		starts[i] = b.Len()
		b.WriteString(desktopAgent(i) + " ")
	}
	for b.Len() < starts[n-1]+size {
		b.WriteString("Extension/1.0 ")
	}
	all := b.String()
	for i, s := range starts {
		h.userAgents[i] = all[s : s+size]
	}
	if size > link.MaxAcceptLanguageBytes {
		pad := strings.Repeat("en;q=0.5,", size/9)
		h.acceptLanguage = "pt-BR,pt;q=0.9," + pad
		h.referer = "https://www.facebook.com/" + pad
	}
	return h
}

func (h headerSet) visit(i int) http.Header {
	hd := http.Header{}
	hd.Set("User-Agent", h.userAgents[i%len(h.userAgents)])
	hd.Set("Accept-Language", h.acceptLanguage)
	hd.Set("Referer", h.referer)
	return hd
}

// hitOf is what the redirect hands the recorder for a visit with headers hd.
func hitOf(linkID int64, hd http.Header) Hit {
	v := link.VisitorOf(hd)
	return Hit{LinkID: linkID, AccountID: 1, At: time.Now(), IP: netip.MustParseAddr("192.0.2.7"),
		UserAgent: v.UserAgent, Referer: v.Referer, Language: v.PrimaryLanguage()}
}

func newRedis(tb testing.TB) *redis.Client {
	tb.Helper()
	opts, err := redis.ParseURL(testkit.Redis(tb))
	if err != nil {
		tb.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	tb.Cleanup(func() { rdb.Close() })
	return rdb
}

func runRecorder(tb testing.TB, rdb *redis.Client) *Recorder {
	tb.Helper()
	rec := NewRecorder(rdb, nil, quiet(), RecorderOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	go rec.Run(ctx)
	tb.Cleanup(func() { cancel(); <-rec.Done() })
	return rec
}

// TestRecorderCostIsBoundedWhateverTheHeaders: four visits with distinct 1 MB user
// agents held the recorder's one goroutine for about 15 s (the crawler expression ran
// over the whole header). Twenty of them must now be recorded in well under a second,
// and hits handed to Record directly (not through link.VisitorOf) are bounded too.
func TestRecorderCostIsBoundedWhateverTheHeaders(t *testing.T) {
	rdb := newRedis(t)
	rec := runRecorder(t, rdb)
	big := newHeaderSet(20, 1<<20)
	start := time.Now()
	for i := range 20 {
		rec.Record(hitOf(1, big.visit(i)))
	}
	raw := hitOf(1, big.visit(0))
	raw.UserAgent, raw.Referer, raw.Language = big.userAgents[1], big.referer, big.acceptLanguage
	rec.Record(raw)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := rec.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("21 clicks with 1 MB headers took %v to record", d)
	}
	entries, err := rdb.XRange(ctx, streamKey, "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		raw := e.Values["b"].(string)
		_, clicks, err := decodeBatch([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		n += len(clicks)
		if len(raw) > 21*1024 {
			t.Errorf("stream entry of %d bytes", len(raw))
		}
	}
	if n != 21 {
		t.Fatalf("%d clicks recorded, want 21", n)
	}
}

// TestAgentCacheIsBoundedInBytes: distinct user agents used to be kept whole, 10,000 of
// them, never evicted (48 distinct 1 MB agents left about 50 MB of live heap).
func TestAgentCacheIsBoundedInBytes(t *testing.T) {
	c := newAgentCache()
	set := newHeaderSet(3000, 1<<20)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range 3000 {
		c.get(link.VisitorOf(set.visit(i)).UserAgent)
		if b := c.lru.Bytes(); b > agentCacheBytes {
			t.Fatalf("after %d agents: %d bytes accounted, bound %d", i+1, b, agentCacheBytes)
		}
	}
	if c.lru.Len() != 3000 {
		t.Fatalf("%d agents cached, want all 3000 (cut to %d bytes they fit)", c.lru.Len(), link.MaxUserAgentBytes)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 3*agentCacheBytes {
		t.Fatalf("live heap grew by %d MB", grown>>20)
	}
	runtime.KeepAlive(set)
}

// BenchmarkRecorder measures the click recorder end to end (headers cut by
// link.VisitorOf, Record, enrichment on the recorder goroutine, MULTI/EXEC batches to a
// real Redis), in clicks per second. Headers: "desktop" is an ordinary ~125-byte desktop
// user agent, "in-app" one of the cap's length (what in-app browsers send, ~250 bytes),
// "1MB" sends a 1 MB User-Agent, Accept-Language and Referer on every visit. Traffic:
// "unseen" gives every visit a user agent never seen before (the agent cache never
// answers: an attacker's worst case), "100-agents" cycles through 100 of them (real
// traffic repeats user agents). 1MB must match in-app in both, and desktop with
// repeated agents: a click never costs more than parsing a capped user agent once.
//
//	go test -run '^$' -bench BenchmarkRecorder -benchtime 10000x ./internal/click/
func BenchmarkRecorder(b *testing.B) {
	rdb := newRedis(b)
	for _, traffic := range []struct {
		name   string
		agents func(n int) int
	}{
		{"unseen", func(n int) int { return n }},
		{"100-agents", func(n int) int { return min(n, 100) }},
	} {
		for _, headers := range []struct {
			name string
			size int
		}{
			{"desktop", 0},
			{"in-app", link.MaxUserAgentBytes},
			{"1MB", 1 << 20},
		} {
			b.Run(traffic.name+"/"+headers.name, func(b *testing.B) {
				set := newHeaderSet(traffic.agents(b.N), headers.size)
				visits := make([]http.Header, b.N)
				for i := range visits {
					visits[i] = set.visit(i)
				}
				rec := runRecorder(b, rdb)
				b.ResetTimer()
				start := time.Now()
				for i := range b.N {
					rec.Record(hitOf(1, visits[i]))
				}
				if err := rec.Sync(context.Background()); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "clicks/s")
			})
		}
	}
}
