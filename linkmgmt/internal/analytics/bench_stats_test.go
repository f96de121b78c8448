package analytics

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// envInt reads a positive integer knob of the benchmark.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// TestBenchStats is `make bench-stats` (scripts/bench-stats.sh sets BENCH_STATS=1): it
// seeds one link with BENCH_LINK_CLICKS raw clicks over the last year (default 10
// million) and an account of BENCH_LINKS links (default 10,000: the big link and
// others with BENCH_ACCOUNT_CLICKS clicks each, default 100), builds the rollups from the
// raw clicks (the flusher's own code: click.RebuildLink, RebuildAccount), then asks for
// a year of daily statistics, in UTC and in America/New_York, and prints p50/p99 per
// query beside the same answer computed from the raw table by SQL, checking that both
// agree (series and clicks exactly, unique visitors within the sketch's error).
// BENCH_SMOKE=1 shrinks everything (CI).
func TestBenchStats(t *testing.T) {
	if os.Getenv("BENCH_STATS") == "" {
		t.Skip("BENCH_STATS unset: run `make bench-stats`")
	}
	smoke := os.Getenv("BENCH_SMOKE") != ""
	linkClicks, links, accountClicks := envInt("BENCH_LINK_CLICKS", 10_000_000), envInt("BENCH_LINKS", 10_000), envInt("BENCH_ACCOUNT_CLICKS", 100)
	rounds, rawRounds := envInt("BENCH_ROUNDS", 50), envInt("BENCH_RAW_ROUNDS", 5)
	if smoke {
		linkClicks, links, accountClicks, rounds, rawRounds = 20_000, 50, 20, 3, 1
	}
	ctx := context.Background()
	db := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 4})
	opts, _ := redis.ParseURL(testkit.Redis(t))
	rdb := redis.NewClient(opts)
	defer rdb.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	out := os.Stdout

	now := time.Now().UTC()
	today := DateOf(now)
	yearStart := today.AddDays(-364)
	start := time.Now()
	linkID, accountID := seedBench(t, db, yearStart, linkClicks, links, accountClicks)
	fmt.Fprintf(out, "bench-stats: seeded %d raw clicks on one link and %d links x %d clicks in %v\n", linkClicks, links-1, accountClicks, time.Since(start).Round(time.Second))
	db.Exec(`ANALYZE clicks`)
	start = time.Now()
	if err := click.RebuildLink(ctx, db, linkID); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(out, "bench-stats: rollups of the big link built from its raw clicks in %v\n", time.Since(start).Round(time.Second))
	start = time.Now()
	var small []int64
	db.Raw(`SELECT id FROM links WHERE account_id = ? AND id <> ? ORDER BY id`, accountID, linkID).Scan(&small)
	// Four at a time (the pool's size).
	ids := make(chan int64)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			var first error
			for id := range ids {
				if err := click.RebuildLink(ctx, db, id); err != nil && first == nil {
					first = err
				}
			}
			errs <- first
		}()
	}
	for _, id := range small {
		ids <- id
	}
	close(ids)
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if err := click.RebuildAccount(ctx, db, accountID); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(out, "bench-stats: rollups of the other links and of the account in %v\n", time.Since(start).Round(time.Second))
	db.Exec(`VACUUM ANALYZE`)

	reader := NewReader(db, click.NewPendingReader(rdb), click.Retention{}, log)
	fmt.Fprintf(out, "\n%-46s %12s %12s %12s %12s %8s\n", "a year of daily stats", "rollups p50", "rollups p99", "raw p50", "raw p99", "ratio")
	for _, c := range []struct {
		name string
		sc   Scope
		zone string
	}{
		{fmt.Sprintf("link, %d clicks, UTC", linkClicks), Scope{Kind: KindLink, ID: linkID, AccountID: accountID, Links: []int64{linkID}}, "UTC"},
		{fmt.Sprintf("link, %d clicks, America/New_York", linkClicks), Scope{Kind: KindLink, ID: linkID, AccountID: accountID, Links: []int64{linkID}}, "America/New_York"},
		{fmt.Sprintf("account, %d links, UTC", links), Scope{Kind: KindAccount, ID: accountID, AccountID: accountID}, "UTC"},
		{fmt.Sprintf("account, %d links, America/New_York", links), Scope{Kind: KindAccount, ID: accountID, AccountID: accountID}, "America/New_York"},
	} {
		zone, _ := loadZone(c.zone)
		if c.zone == "UTC" {
			zone = time.UTC
		}
		q := Query{From: yearStart, To: today, Zone: zone, Interval: Day}
		var rep Report
		fast := timeIt(rounds, func() {
			var err error
			if rep, err = reader.Report(ctx, c.sc, q); err != nil {
				t.Fatal(err)
			}
		})
		var raw rawAnswer
		slow := timeIt(rawRounds, func() { raw = rawReport(t, db, c.sc, q) })
		fmt.Fprintf(out, "%-46s %12s %12s %12s %12s %7.0fx\n", c.name, ms(fast, 50), ms(fast, 99), ms(slow, 50), ms(slow, 99),
			float64(percentile(slow, 50))/float64(max(percentile(fast, 50), 1)))
		// Both answers agree.
		if rep.Clicks != raw.clicks || len(rep.Series) != len(raw.series) {
			t.Fatalf("%s: rollups %d clicks in %d buckets, raw %d in %d", c.name, rep.Clicks, len(rep.Series), raw.clicks, len(raw.series))
		}
		for i, p := range rep.Series {
			if p.Clicks != raw.series[i] {
				t.Fatalf("%s: bucket %s: rollups %d, raw %d", c.name, p.Start, p.Clicks, raw.series[i])
			}
		}
		for d := range rep.Dims {
			if !mapsEqual(rep.Dims[d], raw.dims[d]) {
				t.Fatalf("%s: %s breakdown differs", c.name, click.Dim(d))
			}
		}
		if e := float64(rep.UniqueClicks-raw.unique) / float64(max(raw.unique, 1)); e > 0.03 || e < -0.03 {
			t.Fatalf("%s: unique visitors %d, raw %d", c.name, rep.UniqueClicks, raw.unique)
		}
		fmt.Fprintf(out, "%-46s clicks %d, unique %d (raw %d, %+.2f%%)\n", "", rep.Clicks, rep.UniqueClicks, raw.unique,
			100*float64(rep.UniqueClicks-raw.unique)/float64(max(raw.unique, 1)))
	}
	fmt.Fprintln(out, "\ngoal: a year of daily stats under 200 ms (rollups p99); raw: the same answer by SQL over the clicks table")
}

// seedBench writes the raw clicks with generate_series (partitions first, as the
// flusher keeps them) and returns the big link and the account.
func seedBench(t *testing.T, db *gorm.DB, from Date, linkClicks, links, accountClicks int) (linkID, accountID int64) {
	t.Helper()
	ctx := context.Background()
	for m := from.AddDays(-31); !DateOf(time.Now().UTC()).Before(m); m = m.AddDays(28) {
		if err := click.EnsurePartitions(ctx, db, m.t); err != nil {
			t.Fatal(err)
		}
	}
	must := func(res *gorm.DB) {
		t.Helper()
		if res.Error != nil {
			t.Fatal(res.Error)
		}
	}
	must(db.Raw(`INSERT INTO accounts (email, username, api_key_hash) VALUES ('bench@example.com', 'bench', 'bench') RETURNING id`).Scan(&accountID))
	must(db.Raw(`INSERT INTO links (account_id, alias, long_url) VALUES (?, 'big', 'https://e.org/big') RETURNING id`, accountID).Scan(&linkID))
	must(db.Exec(`INSERT INTO links (account_id, alias, long_url) SELECT ?, 'l' || g, 'https://e.org/' || g FROM generate_series(2, ?) g`, accountID, links))
	// Click g of a series of `spread` clicks falls g/spread of the way through the year,
	// at a time of day that varies; one visitor in five is new; dimensions come from
	// small sets, as in real traffic.
	yearStart := from.Start(time.UTC)
	insert := func(linkExpr string, offset, n, spread int) {
		must(db.Exec(fmt.Sprintf(`INSERT INTO clicks (link_id, account_id, clicked_at, visitor_hash, country, referrer_host, browser, os, social, device, language)
			SELECT %s, ?, ?::timestamptz + (g::float8 / ? * 364) * interval '1 day' + ((g * 7919) %% 86400) * interval '1 second',
				md5(((g * 31) %% greatest(? / 5, 1))::text),
				(ARRAY['US','FR','DE','BR','IN','JP','GB','CA','ES',''])[1 + g %% 10],
				(ARRAY['','t.co','www.facebook.com','www.google.com','news.example.com','blog.example.org'])[1 + g %% 6],
				(ARRAY['Chrome','Safari','Firefox','Edge','Samsung Internet'])[1 + g %% 5],
				(ARRAY['Windows','iOS','Android','macOS','Linux'])[1 + (g / 3) %% 5],
				(ARRAY['','twitter','facebook','google','',''])[1 + g %% 6],
				(ARRAY['Windows','iPhone','Android','Mac','Linux','iPad'])[1 + (g / 3) %% 6],
				(ARRAY['en','fr','de','pt','hi','ja',''])[1 + g %% 7]
			FROM generate_series(?::bigint, ?::bigint) g`, linkExpr), accountID, yearStart, spread, spread, offset, offset+n-1))
	}
	// In slices of a million: one huge statement would hold its WAL to the end.
	for lo := 0; lo < linkClicks; lo += 1_000_000 {
		insert(strconv.FormatInt(linkID, 10), lo, min(1_000_000, linkClicks-lo), linkClicks)
	}
	if total := (links - 1) * accountClicks; total > 0 {
		insert(fmt.Sprintf("%d + 1 + g %% %d", linkID, links-1), 0, total, total)
	}
	return linkID, accountID
}

type rawAnswer struct {
	clicks, unique int64
	series         []int64
	dims           [click.NumDims]map[string]int64
}

// rawReport answers q from the clicks table alone, with SQL: the daily series in the
// zone, the breakdowns and the distinct visitors.
func rawReport(t *testing.T, db *gorm.DB, sc Scope, q Query) rawAnswer {
	t.Helper()
	start, end := q.Bounds()
	scope, arg := "link_id = ANY(?::bigint[])", any(idArray(sc.Links))
	if sc.Whole() {
		scope, arg = "account_id = ?", any(sc.AccountID)
	}
	var days []struct {
		Day    time.Time
		Clicks int64
	}
	if err := db.Raw(`SELECT (clicked_at AT TIME ZONE ?)::date AS day, count(*) AS clicks FROM clicks
		WHERE `+scope+` AND clicked_at >= ? AND clicked_at < ? GROUP BY 1 ORDER BY 1`, q.ZoneName(), arg, start, end).Scan(&days).Error; err != nil {
		t.Fatal(err)
	}
	a := rawAnswer{series: make([]int64, q.Days())}
	for _, d := range days {
		i := q.From.daysUntil(DateOf(d.Day))
		a.series[i] = d.Clicks
		a.clicks += d.Clicks
	}
	var dims []struct {
		Country, ReferrerHost, Browser, OS, Social, Device, Language *string
		N                                                            int64
	}
	if err := db.Raw(`SELECT country, referrer_host, browser, os, social, device, language, count(*) AS n FROM clicks
		WHERE `+scope+` AND clicked_at >= ? AND clicked_at < ?
		GROUP BY GROUPING SETS ((country), (referrer_host), (browser), (os), (social), (device), (language))`, arg, start, end).Scan(&dims).Error; err != nil {
		t.Fatal(err)
	}
	for d := range a.dims {
		a.dims[d] = map[string]int64{}
	}
	for _, r := range dims {
		for d, v := range []*string{r.Country, r.ReferrerHost, r.Browser, r.OS, r.Social, r.Device, r.Language} {
			if v != nil && *v != "" {
				a.dims[d][*v] += r.N
			}
		}
	}
	if err := db.Raw(`SELECT count(DISTINCT visitor_hash) FROM clicks WHERE `+scope+` AND clicked_at >= ? AND clicked_at < ?`, arg, start, end).Scan(&a.unique).Error; err != nil {
		t.Fatal(err)
	}
	return a
}

func mapsEqual(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func timeIt(n int, f func()) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		s := time.Now()
		f()
		out[i] = time.Since(s)
	}
	slices.Sort(out)
	return out
}

func percentile(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[max(min(i, len(sorted))-1, 0)]
}

func ms(sorted []time.Duration, p int) string {
	return strconv.FormatFloat(float64(percentile(sorted, p).Microseconds())/1000, 'f', 1, 64) + " ms"
}
