package httpapi_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
)

// periodBody is the answer of the statistics routes.
type periodBody struct {
	Error int `json:"error"`
	Data  struct {
		Scope struct {
			Type string `json:"type"`
			ID   int64  `json:"id"`
		} `json:"scope"`
		From, To, Timezone, Interval string
		Filters                      map[string]string `json:"filters"`
		Clicks                       int64             `json:"clicks"`
		UniqueClicks                 int64             `json:"uniqueClicks"`
		Series                       []struct {
			Start  string `json:"start"`
			Clicks int64  `json:"clicks"`
		} `json:"series"`
		TopCountries, TopReferrers, TopBrowsers, TopOs, TopDevices, TopLanguages any
		SocialCount                                                              map[string]int64 `json:"socialCount"`
	} `json:"data"`
}

// rawClick is a row of the clicks table, as the brute-force counts read it.
type rawClick struct {
	LinkID                                                   int64
	ClickedAt                                                time.Time
	VisitorHash                                              string
	Country, ReferrerHost, Browser, OS, Social, Device, Lang string
}

// analyticsSeed records clicks spread over March 2026 (the New York and Europe clock
// changes included) through the real pipeline, with known times.
type analyticsSeed struct {
	env                                  *testEnv
	key, otherKey                        string
	accountID                            int64
	linkA, linkB, linkC, qrLink, foreign int64
	qrID, campaignID, channelID          int64
	otherCampaign                        int64
}

func newAnalyticsSeed(t *testing.T) *analyticsSeed {
	env := newEnv(t)
	s := &analyticsSeed{env: env}
	s.accountID, s.key = env.newAccount("business")
	_, s.otherKey = env.newAccount("business")
	s.linkA, _ = env.createLink(s.key, map[string]any{"url": "https://e.org/a", "custom": "aa"})
	s.linkB, _ = env.createLink(s.key, map[string]any{"url": "https://e.org/b", "custom": "bb"})
	s.linkC, _ = env.createLink(s.key, map[string]any{"url": "https://e.org/c", "custom": "cc"})
	s.foreign, _ = env.createLink(s.otherKey, map[string]any{"url": "https://e.org/x", "custom": "xx"})
	var qr struct{ ID int64 }
	env.do(http.MethodPost, "/api/qr/add", s.key, map[string]any{"type": "link", "data": "https://e.org/menu"}).JSON(t, &qr)
	s.qrID = qr.ID
	env.scalar(&s.qrLink, `SELECT link_id FROM qr_codes WHERE id = ?`, s.qrID)
	s.campaignID = env.newCampaign(s.key, map[string]any{"name": "spring"})
	s.otherCampaign = env.newCampaign(s.otherKey, map[string]any{"name": "theirs"})
	for _, l := range []int64{s.linkA, s.linkB} {
		wantStatus(t, env.do(http.MethodPost, fmt.Sprintf("/api/campaign/%d/assign/%d", s.campaignID, l), s.key, nil), http.StatusOK)
	}
	var ch struct{ ID int64 }
	env.do(http.MethodPost, "/api/channel/add", s.key, map[string]any{"name": "print"}).JSON(t, &ch)
	s.channelID = ch.ID
	wantStatus(t, env.do(http.MethodPost, fmt.Sprintf("/api/channel/%d/assign/links/%d", s.channelID, s.linkC), s.key, nil), http.StatusOK)
	wantStatus(t, env.do(http.MethodPost, fmt.Sprintf("/api/channel/%d/assign/qr/%d", s.channelID, s.qrID), s.key, nil), http.StatusOK)

	rng := rand.New(rand.NewPCG(15, 17))
	agents := []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
	}
	links := []int64{s.linkA, s.linkB, s.linkC, s.qrLink, s.foreign}
	from := time.Date(2026, 2, 27, 0, 0, 0, 0, time.UTC)
	for i := range 3000 {
		id := links[rng.IntN(len(links))]
		at := from.Add(time.Duration(rng.Int64N(int64(24 * 24 * time.Hour))))
		if i%10 == 0 { // around New York's change: 2026-03-08 07:00 UTC
			at = time.Date(2026, 3, 8, 7, 0, 0, 0, time.UTC).Add(time.Duration(rng.Int64N(int64(20*time.Hour))) - 10*time.Hour)
		}
		s.env.Clicks.Record(click.Hit{LinkID: id, AccountID: s.accountID, At: at,
			IP:        netip.AddrFrom4([4]byte{10, 1, byte(rng.IntN(2)), byte(rng.IntN(200))}),
			Country:   []string{"US", "FR", "IN", "NP", ""}[rng.IntN(5)],
			UserAgent: agents[rng.IntN(len(agents))],
			Referer:   []string{"", "https://t.co/x", "https://www.facebook.com/p", "https://news.example/a", "https://www.google.com/"}[rng.IntN(5)],
			Language:  []string{"", "en", "fr", "hi"}[rng.IntN(4)]})
		if i%500 == 499 {
			env.flush() // several flushes merge into the same rollup rows
		}
	}
	env.flush()
	return s
}

func (s *analyticsSeed) raw(t *testing.T) []rawClick {
	var rows []rawClick
	if err := s.env.DB.Raw(`SELECT link_id, clicked_at, visitor_hash, country, referrer_host, browser, os, social, device, language AS lang FROM clicks`).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	return rows
}

// expected is the brute-force answer: computed from the raw clicks with nothing of the
// code under test (buckets named by the local time of each click).
type expected struct {
	clicks, unique int64
	series         map[string]int64 // bucket key -> clicks, every bucket of the period present
	dims           [click.NumDims]map[string]int64
}

// bucketKey names the bucket of local time lt: the local hour with its offset (a
// repeated hour is two buckets), the local day, the Monday of the week or the first of
// the month (the period's first day when later).
func bucketKey(lt time.Time, interval string, from time.Time) string {
	day := time.Date(lt.Year(), lt.Month(), lt.Day(), 0, 0, 0, 0, time.UTC)
	switch interval {
	case "hour":
		return lt.Format("2006-01-02T15") + lt.Format("Z07:00")
	case "week":
		day = day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
	case "month":
		day = time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
	if day.Before(from) {
		day = from
	}
	return day.Format(time.DateOnly)
}

func bruteForce(rows []rawClick, links map[int64]bool, loc *time.Location, fromS, toS, interval string, filter map[string]string) expected {
	from, _ := time.Parse(time.DateOnly, fromS)
	to, _ := time.Parse(time.DateOnly, toS)
	e := expected{series: map[string]int64{}}
	for d := range e.dims {
		e.dims[d] = map[string]int64{}
	}
	// Every bucket of the period: walk it minute by minute in local time.
	for t := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, loc).Add(-3 * time.Hour); ; t = t.Add(time.Minute) {
		lt := t.In(loc)
		ld := time.Date(lt.Year(), lt.Month(), lt.Day(), 0, 0, 0, 0, time.UTC)
		if ld.After(to) {
			break
		}
		if !ld.Before(from) {
			e.series[bucketKey(lt, interval, from)] += 0
		}
	}
	visitors := map[string]bool{}
	for _, r := range rows {
		lt := r.ClickedAt.In(loc)
		ld := time.Date(lt.Year(), lt.Month(), lt.Day(), 0, 0, 0, 0, time.UTC)
		if !links[r.LinkID] || ld.Before(from) || ld.After(to) {
			continue
		}
		if v := filter["country"]; v != "" && r.Country != v {
			continue
		}
		if v := filter["browser"]; v != "" && !strings.EqualFold(r.Browser, v) {
			continue
		}
		if v := filter["os"]; v != "" && !strings.EqualFold(r.OS, v) {
			continue
		}
		e.clicks++
		e.series[bucketKey(lt, interval, from)]++
		visitors[r.VisitorHash] = true
		for d, v := range []string{r.Country, r.ReferrerHost, r.Browser, r.OS, r.Social, r.Device, r.Lang} {
			if v != "" {
				e.dims[d][v]++
			}
		}
	}
	e.unique = int64(len(visitors))
	return e
}

// check compares an answer with the brute force.
func (e expected) check(t *testing.T, label string, got periodBody, loc *time.Location, interval string) {
	t.Helper()
	d := got.Data
	if d.Clicks != e.clicks || d.UniqueClicks != e.unique {
		t.Errorf("%s: clicks %d unique %d, brute force %d and %d", label, d.Clicks, d.UniqueClicks, e.clicks, e.unique)
	}
	series := map[string]int64{}
	var sum int64
	for _, p := range d.Series {
		start, err := time.Parse(time.RFC3339, p.Start)
		if err != nil {
			t.Fatalf("%s: bucket start %q: %v", label, p.Start, err)
		}
		lt := start.In(loc)
		if lt.Format(time.RFC3339) != p.Start {
			t.Errorf("%s: bucket start %s is not in the zone's offset (%s)", label, p.Start, lt.Format(time.RFC3339))
		}
		key := bucketKey(lt, interval, time.Time{})
		if interval != "hour" {
			key = lt.Format(time.DateOnly)
		}
		if _, dup := series[key]; dup {
			t.Errorf("%s: bucket %s twice", label, key)
		}
		series[key] = p.Clicks
		sum += p.Clicks
	}
	if !maps.Equal(series, e.series) {
		t.Errorf("%s: series differs from the brute force\n got  %v\n want %v", label, series, e.series)
	}
	if sum != d.Clicks {
		t.Errorf("%s: series adds up to %d, clicks %d", label, sum, d.Clicks)
	}
	names := func(m map[string]int64) map[string]int64 {
		out := map[string]int64{}
		for k, v := range m {
			out[geo.CountryName(k)] += v
		}
		return out
	}
	for _, c := range []struct {
		name string
		got  any
		want map[string]int64
	}{
		{"topCountries", d.TopCountries, names(e.dims[click.DimCountry])},
		{"topReferrers", d.TopReferrers, e.dims[click.DimReferrer]},
		{"topBrowsers", d.TopBrowsers, e.dims[click.DimBrowser]},
		{"topOs", d.TopOs, e.dims[click.DimOS]},
		{"topDevices", d.TopDevices, e.dims[click.DimDevice]},
		{"topLanguages", d.TopLanguages, e.dims[click.DimLanguage]},
	} {
		got := map[string]int64{}
		if m, ok := c.got.(map[string]any); ok {
			for k, v := range m {
				got[k] = int64(v.(float64))
			}
		} else if c.got != float64(0) {
			t.Errorf("%s: %s = %v", label, c.name, c.got)
		}
		if !maps.Equal(got, c.want) {
			t.Errorf("%s: %s = %v, brute force %v", label, c.name, got, c.want)
		}
	}
	social := map[string]int64{"facebook": 0, "twitter": 0, "google": 0}
	maps.Copy(social, e.dims[click.DimSocial])
	if !maps.Equal(d.SocialCount, social) {
		t.Errorf("%s: socialCount = %v, brute force %v", label, d.SocialCount, social)
	}
}

// TestPeriodStatisticsMatchABruteForceCount: every scope, in zones with daylight saving,
// half- and quarter-hour offsets, at every interval, with and without filters, answers
// what a count over the raw clicks answers.
func TestPeriodStatisticsMatchABruteForceCount(t *testing.T) {
	s := newAnalyticsSeed(t)
	rows := s.raw(t)
	if len(rows) < 2400 {
		t.Fatalf("seeded %d clicks", len(rows))
	}
	set := func(ids ...int64) map[int64]bool {
		m := map[int64]bool{}
		for _, id := range ids {
			m[id] = true
		}
		return m
	}
	scopes := []struct {
		path  string
		links map[int64]bool
	}{
		{fmt.Sprintf("/api/url/%d/stats", s.linkA), set(s.linkA)},
		{fmt.Sprintf("/api/qr/%d/stats", s.qrID), set(s.qrLink)},
		{fmt.Sprintf("/api/campaign/%d/stats", s.campaignID), set(s.linkA, s.linkB)},
		{fmt.Sprintf("/api/channel/%d/stats", s.channelID), set(s.linkC, s.qrLink)},
		{"/api/stats", set(s.linkA, s.linkB, s.linkC, s.qrLink)},
	}
	queries := []struct {
		zone, from, to, interval string
		filter                   map[string]string
	}{
		{"UTC", "2026-03-01", "2026-03-20", "day", nil},
		{"America/New_York", "2026-03-02", "2026-03-15", "day", nil},
		{"America/New_York", "2026-03-07", "2026-03-09", "hour", nil},
		{"Asia/Kolkata", "2026-03-01", "2026-03-19", "week", nil},
		{"Asia/Kathmandu", "2026-02-20", "2026-04-10", "month", nil},
		{"Europe/Paris", "2026-03-28", "2026-03-30", "hour", nil},
		{"America/New_York", "2026-03-01", "2026-03-20", "day", map[string]string{"country": "FR"}},
		{"Asia/Kolkata", "2026-03-05", "2026-03-12", "day", map[string]string{"browser": "firefox", "os": "LINUX"}},
	}
	for _, sc := range scopes {
		for _, q := range queries {
			loc, _ := time.LoadLocation(q.zone)
			v := url.Values{"from": {q.from}, "to": {q.to}, "interval": {q.interval}, "timezone": {q.zone}}
			for k, f := range q.filter {
				v.Set(k, f)
			}
			label := sc.path + "?" + v.Encode()
			res := s.env.do(http.MethodGet, label, s.key, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", label, res.Status, res.Body)
			}
			var got periodBody
			res.JSON(t, &got)
			if got.Error != 0 || got.Data.Timezone != q.zone || got.Data.Interval != q.interval || got.Data.From != q.from || got.Data.To != q.to {
				t.Fatalf("%s: echo of the query %+v", label, got.Data)
			}
			bruteForce(rows, sc.links, loc, q.from, q.to, q.interval, q.filter).check(t, label, got, loc, q.interval)
		}
	}
}

// A day in New York around the March change has 23 hours, the November one 25; hourly
// buckets skip 02:00 in March and repeat 01:00 in November.
func TestDaysFollowTheClockChanges(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("business")
	id, _ := env.createLink(key, map[string]any{"url": "https://e.org/dst", "custom": "dst"})
	get := func(q string) periodBody {
		t.Helper()
		var b periodBody
		res := env.do(http.MethodGet, fmt.Sprintf("/api/url/%d/stats?%s", id, q), key, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", q, res.Status, res.Body)
		}
		res.JSON(t, &b)
		return b
	}
	days := get("from=2026-03-07&to=2026-03-10&timezone=America/New_York&interval=day").Data.Series
	var starts []time.Time
	for _, p := range days {
		ts, _ := time.Parse(time.RFC3339, p.Start)
		starts = append(starts, ts)
	}
	want := []string{"2026-03-07T00:00:00-05:00", "2026-03-08T00:00:00-05:00", "2026-03-09T00:00:00-04:00", "2026-03-10T00:00:00-04:00"}
	for i, p := range days {
		if p.Start != want[i] {
			t.Errorf("day %d starts %s, want %s", i, p.Start, want[i])
		}
	}
	if h := starts[2].Sub(starts[1]); h != 23*time.Hour {
		t.Errorf("2026-03-08 in New York lasts %v, want 23h", h)
	}
	for q, n := range map[string]int{
		"from=2026-03-08&to=2026-03-08&timezone=America/New_York&interval=hour": 23,
		"from=2026-11-01&to=2026-11-01&timezone=America/New_York&interval=hour": 25,
		"from=2026-03-08&to=2026-03-08&timezone=Asia/Kolkata&interval=hour":     24,
	} {
		if got := len(get(q).Data.Series); got != n {
			t.Errorf("%s: %d buckets, want %d", q, got, n)
		}
	}
	hours := get("from=2026-11-01&to=2026-11-01&timezone=America/New_York&interval=hour").Data.Series
	if hours[1].Start != "2026-11-01T01:00:00-04:00" || hours[2].Start != "2026-11-01T01:00:00-05:00" {
		t.Errorf("the repeated hour: %s then %s", hours[1].Start, hours[2].Start)
	}
	if got := get("from=2026-03-08&to=2026-03-08&timezone=Asia/Kolkata&interval=hour").Data.Series[0].Start; got != "2026-03-08T00:00:00+05:30" {
		t.Errorf("Kolkata's first hour starts %s", got)
	}
}

// Numbers agree: the all-time totals of GET /api/url/:id are the sum of the series over
// all time, and clicks not flushed yet count in both at once.
func TestAllTimeTotalsEqualTheSeries(t *testing.T) {
	s := newAnalyticsSeed(t)
	// Clicks of today, in Redis only: they count right away.
	for i := range 25 {
		s.env.Clicks.Record(click.Hit{LinkID: s.linkA, AccountID: s.accountID, At: time.Now(), Country: "FR",
			IP:        netip.AddrFrom4([4]byte{10, 9, 9, byte(i % 7)}),
			UserAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"})
	}
	s.env.syncClicks()
	today := time.Now().UTC().Format(time.DateOnly)
	from := time.Now().UTC().AddDate(0, 0, -3659).Format(time.DateOnly)
	for stage := range 2 {
		all := s.env.getLink(s.key, s.linkA).Data
		var p periodBody
		s.env.do(http.MethodGet, fmt.Sprintf("/api/url/%d/stats?from=%s&to=%s&interval=month", s.linkA, from, today), s.key, nil).JSON(t, &p)
		var sum int64
		for _, b := range p.Data.Series {
			sum += b.Clicks
		}
		if sum != all.Clicks || p.Data.Clicks != all.Clicks || p.Data.UniqueClicks != all.UniqueClicks {
			t.Errorf("stage %d: series sum %d, period clicks %d unique %d; all-time clicks %d unique %d",
				stage, sum, p.Data.Clicks, p.Data.UniqueClicks, all.Clicks, all.UniqueClicks)
		}
		var todays periodBody
		s.env.do(http.MethodGet, fmt.Sprintf("/api/url/%d/stats?from=%s&to=%s", s.linkA, today, today), s.key, nil).JSON(t, &todays)
		if todays.Data.Clicks != 25 || todays.Data.UniqueClicks != 7 || todays.Data.Interval != "hour" {
			t.Errorf("stage %d: today %d clicks, %d unique, interval %s; want 25, 7, hour", stage, todays.Data.Clicks, todays.Data.UniqueClicks, todays.Data.Interval)
		}
		var acc periodBody
		s.env.do(http.MethodGet, fmt.Sprintf("/api/stats?from=%s&to=%s", today, today), s.key, nil).JSON(t, &acc)
		if acc.Data.Clicks != 25 {
			t.Errorf("stage %d: the account counts %d clicks today, want 25", stage, acc.Data.Clicks)
		}
		s.env.flush() // the second stage reads the same from Postgres
	}
}

func TestPeriodStatisticsRefuseWhatTheyCannotAnswer(t *testing.T) {
	s := newAnalyticsSeed(t)
	a := fmt.Sprintf("/api/url/%d/stats", s.linkA)
	for _, q := range []string{
		"from=2026-3-01", "from=20260301", "from=2026-02-30", "to=tomorrow", "from=1999-12-31", "to=2101-01-01",
		"from=2026-03-10&to=2026-03-09", "from=2010-01-01&to=2026-03-01", "interval=minute", "interval=hour&from=2026-01-01&to=2026-03-01",
		"timezone=Mars/Olympus", "timezone=Local", "timezone=" + strings.Repeat("A", 65), "timezone=../../etc/passwd",
		"country=Atlantis", "device=toaster", "language=1", "browser=" + strings.Repeat("x", 101), "from=2026-03-01&from=2026-03-02",
	} {
		res := s.env.do(http.MethodGet, a+"?"+q, s.key, nil)
		b := wantStatus(t, res, http.StatusUnprocessableEntity)
		if b.Message == "" {
			t.Errorf("%s: no message", q)
		}
	}
	// Another account's link, campaign, QR code or channel is not found, like a missing one.
	for _, path := range []string{
		fmt.Sprintf("/api/url/%d/stats", s.foreign), fmt.Sprintf("/api/campaign/%d/stats", s.otherCampaign),
		"/api/url/999999/stats", "/api/qr/999999/stats", "/api/channel/999999/stats", "/api/url/abc/stats", "/api/url/0/stats",
	} {
		wantStatus(t, s.env.do(http.MethodGet, path, s.key, nil), http.StatusNotFound)
	}
	var own periodBody
	s.env.do(http.MethodGet, fmt.Sprintf("/api/url/%d/stats?from=2026-03-01&to=2026-03-20", s.foreign), s.otherKey, nil).JSON(t, &own)
	if own.Data.Clicks == 0 {
		t.Error("the other account sees nothing of its own link")
	}
	// The default period: the last 30 days in the zone, by day.
	var def periodBody
	s.env.do(http.MethodGet, a+"?timezone=Pacific/Kiritimati", s.key, nil).JSON(t, &def)
	today := time.Now().In(mustZone(t, "Pacific/Kiritimati")).Format(time.DateOnly)
	if def.Data.To != today || len(def.Data.Series) != 30 || def.Data.Interval != "day" || !slices.ContainsFunc(def.Data.Series, func(p struct {
		Start  string `json:"start"`
		Clicks int64  `json:"clicks"`
	}) bool {
		return strings.HasSuffix(p.Start, "+14:00")
	}) {
		t.Errorf("default period: to %s (today %s), %d buckets, interval %s", def.Data.To, today, len(def.Data.Series), def.Data.Interval)
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestClicksCSVOpensBackAndMatches: the CSV of every scope, read back with encoding/csv,
// holds exactly the raw clicks of the period in the requested zone, oldest first, with
// cells a spreadsheet would run as formulas neutralised and never an address.
func TestClicksCSVOpensBackAndMatches(t *testing.T) {
	s := newAnalyticsSeed(t)
	// A click whose browser name came from a hostile user agent.
	s.env.DB.Exec(`INSERT INTO clicks (link_id, account_id, clicked_at, visitor_hash, browser, referrer_host, os) VALUES (?, ?, '2026-03-10 12:00:00+00', 'v', '=HYPERLINK("http://evil")', '-bad.example', '@os')`, s.linkA, s.accountID)
	rows := s.raw(t)
	slices.SortStableFunc(rows, func(a, b rawClick) int {
		if c := a.ClickedAt.Compare(b.ClickedAt); c != 0 {
			return c
		}
		return int(a.LinkID - b.LinkID)
	})
	for _, c := range []struct {
		path   string
		links  []int64
		zone   string
		filter string
	}{
		{fmt.Sprintf("/api/url/%d/clicks", s.linkA), []int64{s.linkA}, "America/New_York", ""},
		{fmt.Sprintf("/api/qr/%d/clicks", s.qrID), []int64{s.qrLink}, "Asia/Kolkata", ""},
		{fmt.Sprintf("/api/campaign/%d/clicks", s.campaignID), []int64{s.linkA, s.linkB}, "UTC", "&country=fr"},
		{fmt.Sprintf("/api/channel/%d/clicks", s.channelID), []int64{s.linkC, s.qrLink}, "Europe/Paris", ""},
		{"/api/clicks", []int64{s.linkA, s.linkB, s.linkC, s.qrLink}, "Asia/Kathmandu", "&interval=hour"},
	} {
		loc := mustZone(t, c.zone)
		res := s.env.do(http.MethodGet, c.path+"?from=2026-03-05&to=2026-03-12&timezone="+c.zone+c.filter, s.key, nil)
		if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "attachment; filename=\"clicks-") {
			t.Fatalf("%s: %d %v %s", c.path, res.Status, res.Header, res.Body)
		}
		records, err := csv.NewReader(bytes.NewReader(res.Body)).ReadAll()
		if err != nil {
			t.Fatalf("%s: the CSV does not read back: %v", c.path, err)
		}
		if strings.Join(records[0], ",") != "time,utc_offset,link_id,short_url,country_code,country,referrer,browser,os,device,language,social" {
			t.Fatalf("%s: header %v", c.path, records[0])
		}
		var want [][]string
		for _, r := range rows {
			lt := r.ClickedAt.In(loc)
			day := lt.Format(time.DateOnly)
			if !slices.Contains(c.links, r.LinkID) || day < "2026-03-05" || day > "2026-03-12" ||
				(c.filter == "&country=fr" && r.Country != "FR") {
				continue
			}
			code, country := r.Country, geo.CountryName(r.Country)
			if country == geo.Unknown { // a visitor not placed: both cells empty (docs/analytics.md)
				code, country = "", ""
			}
			safe := func(v string) string {
				if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
					return "'" + v
				}
				return v
			}
			var alias string
			s.env.scalar(&alias, `SELECT alias FROM links WHERE id = ?`, r.LinkID)
			want = append(want, []string{lt.Format("2006-01-02 15:04:05"), lt.Format("-07:00"), fmt.Sprint(r.LinkID), s.env.URL + "/" + alias,
				code, country, safe(r.ReferrerHost), safe(r.Browser), safe(r.OS), r.Device, r.Lang, r.Social})
		}
		if len(want) < 50 {
			t.Fatalf("%s: only %d clicks expected; the seed is too thin", c.path, len(want))
		}
		if got := records[1:]; !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: %d rows, want %d; first %v, want %v", c.path, len(got), len(want), got[0], want[0])
		}
		for _, rec := range records[1:] {
			for _, cell := range rec {
				if _, err := netip.ParseAddr(cell); err == nil {
					t.Fatalf("%s: an address in the CSV: %v", c.path, rec)
				}
			}
		}
	}
	if res := s.env.do(http.MethodGet, fmt.Sprintf("/api/url/%d/clicks", s.foreign), s.key, nil); res.Status != http.StatusNotFound {
		t.Errorf("another account's clicks: %d", res.Status)
	}
	wantStatus(t, s.env.do(http.MethodGet, fmt.Sprintf("/api/url/%d/clicks?from=2026-04-01&to=2026-03-01", s.linkA), s.key, nil), http.StatusUnprocessableEntity)
}

// csvColumnRules are what docs/analytics.md promises of each column of the clicks CSV,
// as a check of one cell.
var csvColumnRules = map[string]*regexp.Regexp{
	"time":         regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`),
	"utc_offset":   regexp.MustCompile(`^[+-]\d\d:\d\d$`),
	"link_id":      regexp.MustCompile(`^[1-9]\d*$`),
	"short_url":    regexp.MustCompile(`^http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+$`),
	"country_code": regexp.MustCompile(`^([A-Z]{2})?$`),
}

// formulaStart reports whether cell, read by a spreadsheet that splits on any common
// separator (, ; | tab) or breaks lines at CR or LF, gives a cell starting (after spaces
// and quotes) with a formula trigger (OWASP: = + - @ tab CR).
func formulaStart(cell string) bool {
	for _, sep := range ",;|\t\r\n" {
		for _, part := range strings.Split(cell, string(sep)) {
			if p := strings.TrimLeft(part, ` "`); p != "" && strings.ContainsRune("=+-@\t\r", rune(p[0])) {
				return true
			}
		}
	}
	return false
}

// TestClicksCSVCellsAreWhatTheDocsSay: clicks holding, in every visitor-derived column,
// a formula after each common separator (the referrer host `x;=1+2` of issue 23), and
// clicks of visitors that could not be placed, exported through every scope: every
// cell of every column has the documented shape, no visitor-derived cell gives a
// spreadsheet a formula whatever separator it splits on, and an unplaced visitor's
// country_code and country are empty (they said Unknown).
func TestClicksCSVCellsAreWhatTheDocsSay(t *testing.T) {
	env := newEnv(t)
	accountID, key := env.newAccount("business")
	linkID, _ := env.createLink(key, map[string]any{"url": "https://e.org/a", "custom": "csvcells"})
	campaignID := env.newCampaign(key, map[string]any{"name": "cells"})
	wantStatus(t, env.do(http.MethodPost, fmt.Sprintf("/api/campaign/%d/assign/%d", campaignID, linkID), key, nil), http.StatusOK)
	visitorColumns := []string{"referrer_host", "browser", "os", "device", "language", "social"}
	var hostile []string
	for _, sep := range []string{"", ",", ";", "|", "\t", "\r", "\n", "; ", `;"`} {
		for _, trigger := range []string{"=", "+", "-", "@", "\t", "\r"} {
			hostile = append(hostile, "x"+sep+trigger+"1+2")
		}
	}
	at := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	unplacedWant := 1 // the visitor recorded below
	for i, v := range hostile {
		country := []string{"Unknown", "", "FR", "ZZ", "fr"}[i%5]
		if geo.CountryName(country) == geo.Unknown {
			unplacedWant++
		}
		cols := "link_id, account_id, clicked_at, visitor_hash, country, " + strings.Join(visitorColumns, ", ")
		args := []any{linkID, accountID, at.Add(time.Duration(i) * time.Second), "v", country}
		for range visitorColumns {
			args = append(args, v)
		}
		if err := env.DB.Exec(`INSERT INTO clicks (`+cols+`) VALUES (?`+strings.Repeat(", ?", len(args)-1)+`)`, args...).Error; err != nil {
			t.Fatal(err)
		}
	}
	// And a visitor placed nowhere, through the real pipeline.
	env.Clicks.Record(click.Hit{LinkID: linkID, AccountID: accountID, At: at.Add(time.Hour), IP: netip.AddrFrom4([4]byte{10, 0, 0, 1}),
		UserAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", Referer: "https://x;=1+2/p"})
	env.flush()

	for _, path := range []string{fmt.Sprintf("/api/url/%d/clicks", linkID), fmt.Sprintf("/api/campaign/%d/clicks", campaignID), "/api/clicks"} {
		res := env.do(http.MethodGet, path+"?from=2026-03-10&to=2026-03-10&timezone=Asia/Kathmandu", key, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, res.Status, res.Body)
		}
		records, err := csv.NewReader(bytes.NewReader(res.Body)).ReadAll()
		if err != nil {
			t.Fatalf("%s: the CSV does not read back: %v", path, err)
		}
		header := records[0]
		if got := len(records) - 1; got != len(hostile)+1 {
			t.Fatalf("%s: %d rows, want %d", path, got, len(hostile)+1)
		}
		for _, rec := range records[1:] {
			cell := func(name string) string { return rec[slices.Index(header, name)] }
			for name, rule := range csvColumnRules {
				if !rule.MatchString(cell(name)) {
					t.Errorf("%s: %s = %q, not what the docs say", path, name, cell(name))
				}
			}
			switch code := cell("country_code"); {
			case code == "" && cell("country") != "":
				t.Errorf("%s: country %q without a country_code", path, cell("country"))
			case code != "" && cell("country") != geo.CountryName(code):
				t.Errorf("%s: country %q for %s", path, cell("country"), code)
			}
			for _, name := range []string{"short_url", "country_code", "country", "referrer", "browser", "os", "device", "language", "social"} {
				if formulaStart(cell(name)) {
					t.Errorf("%s: %s cell %q starts a formula for a spreadsheet splitting on a separator", path, name, cell(name))
				}
			}
		}
		var unplaced int
		for _, rec := range records[1:] {
			if rec[slices.Index(header, "country_code")] == "" {
				unplaced++
			}
		}
		if unplaced != unplacedWant {
			t.Errorf("%s: %d rows without a country, want %d", path, unplaced, unplacedWant)
		}
	}
}
