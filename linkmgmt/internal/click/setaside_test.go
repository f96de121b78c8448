package click

import (
	"context"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// metricValue is the value of a counter or gauge series name{labels...} among the
// collectors (0 when absent).
func metricValue(t *testing.T, collectors []prometheus.Collector, name string, labels ...string) float64 {
	t.Helper()
	reg := prometheus.NewPedanticRegistry()
	for _, c := range collectors {
		reg.MustRegister(c)
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, fam := range families {
		if fam.GetName() != name {
			continue
		}
	series:
		for _, m := range fam.GetMetric() {
			for i := 0; i+1 < len(labels); i += 2 {
				found := false
				for _, l := range m.GetLabel() {
					found = found || (l.GetName() == labels[i] && l.GetValue() == labels[i+1])
				}
				if !found {
					continue series
				}
			}
			if m.GetCounter() != nil {
				return m.GetCounter().GetValue()
			}
			return m.GetGauge().GetValue()
		}
	}
	return 0
}

// newLinks adds n links to the fixture's account.
func (f fixture) newLinks(t *testing.T, n int) []int64 {
	t.Helper()
	var ids []int64
	if err := f.db.Raw(`INSERT INTO links (account_id, alias, long_url)
SELECT account_id, 'l' || g, 'https://e.org' FROM links, generate_series(1, ?) g WHERE links.id = ? RETURNING id`, n, f.linkID).Scan(&ids).Error; err != nil {
		t.Fatal(err)
	}
	return ids
}

// agreed checks that every count of a link agrees once flushed (raw clicks, the daily
// rollups, links.clicks, the statistics of GET /api/url/:id, no pending counter left)
// and returns it.
func (f fixture) agreed(t *testing.T, linkID int64) int64 {
	t.Helper()
	var raw, days, total int64
	f.db.Raw(`SELECT count(*) FROM clicks WHERE link_id = ?`, linkID).Scan(&raw)
	f.db.Raw(`SELECT coalesce(sum(clicks), 0) FROM link_click_days WHERE link_id = ?`, linkID).Scan(&days)
	f.db.Raw(`SELECT clicks FROM links WHERE id = ?`, linkID).Scan(&total)
	st := f.stats(t, linkID)
	pending := f.rdb.HGetAll(context.Background(), pendingKey(linkID)).Val()
	if raw != days || raw != total || raw != st.Clicks || len(pending) != 0 {
		t.Errorf("link %d: raw clicks %d, daily rollups %d, links.clicks %d, statistics %d, pending counters %v: they must agree",
			linkID, raw, days, total, st.Clicks, pending)
	}
	return raw
}

// hostileValues are what a visitor can put in a header, or a proxy in a country header.
var hostileValues = map[string]string{
	"invalid UTF-8":       "\xff\xfe\xfd" + desktopAgent(1),
	"NUL":                 "Chrome\x00/1.0 " + desktopAgent(2),
	"256 bytes of digits": strings.Repeat("7", 256),
	"huge":                strings.Repeat("Ä", 1<<20), // 2 MB, cut anywhere mid-character
	"control characters":  "Fire\r\nfox\x1b[31m\x7f\u0085 " + desktopAgent(3),
	"only invalid bytes":  "\xc3\x28\xa0\xa1\xe2\x28\xa1",
}

// hostileFields are the visitor-derived fields of a hit, each given a hostile value.
var hostileFields = map[string]func(h *Hit, v string){
	"user agent":      func(h *Hit, v string) { h.UserAgent = v },
	"referer":         func(h *Hit, v string) { h.Referer = "https://" + v + ".example/path" },
	"language":        func(h *Hit, v string) { h.Language = v },
	"gateway country": func(h *Hit, v string) { h.GatewayCountry = v },
	"country":         func(h *Hit, v string) { h.Country = v },
}

// One visitor sending any value in any field it controls costs nobody else's clicks:
// ten clicks on a link and one hostile click per field and value on links of their own,
// all in one batch, are all stored, and every count of every link agrees (before, an
// invalid UTF-8 or 256-digit user agent made the flusher drop the whole batch while the
// pending counters kept it: the API said 10, the statistics 0).
func TestHostileVisitorValuesNeverCostOtherClicks(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	type hostileCase struct {
		name   string
		linkID int64
		hit    Hit
	}
	var cases []hostileCase
	links := f.newLinks(t, len(hostileFields)*len(hostileValues))
	for field, set := range hostileFields {
		for value, v := range hostileValues {
			h := Hit{AccountID: 1, At: time.Now(), IP: netip.MustParseAddr("198.51.100.9"), UserAgent: desktopAgent(0),
				Referer: "https://t.co/x", Language: "fr"}
			set(&h, v)
			h.LinkID = links[len(cases)]
			cases = append(cases, hostileCase{field + " " + value, h.LinkID, h})
		}
	}
	// One batch: nothing is written before Sync.
	rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{Interval: time.Hour})
	rctx, cancel := context.WithCancel(ctx)
	go rec.Run(rctx)
	defer func() { cancel(); <-rec.Done() }()
	for i, c := range cases {
		rec.Record(c.hit)
		if i == len(cases)/2 {
			for j := range 10 {
				rec.Record(Hit{LinkID: f.linkID, AccountID: 1, At: time.Now(), IP: netip.MustParseAddr(fmt.Sprintf("10.0.0.%d", j+1)), UserAgent: desktopAgent(j)})
			}
		}
	}
	if err := rec.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.rdb.XLen(ctx, streamKey).Result(); n != 1 {
		t.Fatalf("%d stream entries, want the one batch", n)
	}
	if st := f.stats(t, f.linkID); st.Clicks != 10 {
		t.Fatalf("pending clicks of the normal link: %d, want 10", st.Clicks)
	}
	f.flush(t)
	if got := f.agreed(t, f.linkID); got != 10 {
		t.Errorf("normal link: %d clicks stored, want 10", got)
	}
	for _, c := range cases {
		want := int64(1)
		if IsBot(c.hit.bounded().UserAgent) {
			want = 0 // not a click: counted as ignored, nothing to store
		}
		if got := f.agreed(t, c.linkID); got != want {
			t.Errorf("%s: %d clicks stored, want %d", c.name, got, want)
		}
	}
	// The two user agents of the report are clicks, not bots: the test covers them.
	for _, ua := range []string{hostileValues["invalid UTF-8"], hostileValues["256 bytes of digits"]} {
		if IsBot(link.Truncate(ua, link.MaxUserAgentBytes)) {
			t.Errorf("user agent %q counts as a bot", ua[:20])
		}
	}
	// Every value stored is storable by the one rule, whatever came in.
	rows, err := f.db.Raw(`SELECT country, referrer_host, browser, os, social, device, language FROM clicks`).Rows()
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var dims [NumDims]string
		if err := rows.Scan(&dims[DimCountry], &dims[DimReferrer], &dims[DimBrowser], &dims[DimOS], &dims[DimSocial], &dims[DimDevice], &dims[DimLanguage]); err != nil {
			t.Fatal(err)
		}
		for d, v := range dims {
			if checkValue(v) != nil {
				t.Errorf("stored %s %q breaks the rule", Dim(d), v)
			}
		}
	}
}

// normaliseValue makes anything storable, and leaves a storable value alone.
func TestNormaliseValue(t *testing.T) {
	for name, v := range hostileValues {
		got := normaliseValue(v)
		if err := checkValue(got); err != nil {
			t.Errorf("%s: %q: %v", name, got, err)
		}
		if !utf8.ValidString(got) || strings.IndexFunc(got, unicode.IsControl) >= 0 || len(got) > maxValueBytes {
			t.Errorf("%s: %q", name, got)
		}
	}
	for _, v := range []string{"", "Chrome", "Ünïcødé", "t.co", strings.Repeat("r", maxValueBytes), "Mobile Safari"} {
		if got := normaliseValue(v); got != v {
			t.Errorf("%q became %q", v, got)
		}
	}
	if got := normaliseValue("a\x00b\xffc"); got != "ab\uFFFDc" {
		t.Errorf("got %q", got)
	}
}

// clicksOf are n ordinary clicks of a link.
func clicksOf(linkID int64, n int) []Click {
	out := make([]Click, n)
	for i := range out {
		out[i] = Click{LinkID: linkID, AccountID: 1, At: time.Now().UnixMicro(), Dims: [NumDims]string{"FR", "t.co", "Chrome", "Windows", "twitter", "Windows", "fr"}}
		out[i].Visitor[0] = byte(i)
	}
	return out
}

// An entry that does not parse, and clicks no recorder of this version writes (values
// too long, not UTF-8, with NUL, no link, a time in 1970), sit in the stream among
// ordinary clicks: the rest of their batch and of the flush is stored, each is set
// aside, counted and kept for inspection, and every pending counter is taken back.
func TestWhatCannotBeStoredIsSetAsideAndTheRestStored(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	other := f.newLinks(t, 1)[0]
	mixed := clicksOf(f.linkID, 5)
	bad := clicksOf(other, 5)
	bad[0].Dims[DimBrowser] = strings.Repeat("7", 256)
	bad[1].Dims[DimBrowser] = "\xff\xfe"
	bad[2].Dims[DimReferrer] = "a\x00b"
	bad[3].LinkID = 0
	bad[4].At = time.Date(1970, 1, 2, 0, 0, 0, 0, time.UTC).UnixMicro()
	mixed = append(mixed[:2], append(bad, mixed[2:]...)...)
	rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{})
	if err := rec.writeBatch(ctx, newBatch([16]byte{1}, mixed)); err != nil {
		t.Fatal(err)
	}
	if err := f.rdb.XAdd(ctx, &redis.XAddArgs{Stream: streamKey, Values: []string{"b", "\x01not a batch"}}).Err(); err != nil {
		t.Fatal(err)
	}
	if err := rec.writeBatch(ctx, newBatch([16]byte{2}, clicksOf(f.linkID, 5))); err != nil {
		t.Fatal(err)
	}
	if st := f.stats(t, f.linkID); st.Clicks != 10 {
		t.Fatalf("pending clicks %d, want 10", st.Clicks)
	}
	fl := NewFlusher(f.db, f.rdb, quiet(), FlusherOptions{})
	if n, err := fl.Flush(ctx); err != nil || n != 10 {
		t.Fatalf("flush: %d clicks stored (%v), want 10", n, err)
	}
	if got := f.agreed(t, f.linkID); got != 10 {
		t.Errorf("%d clicks stored, want 10", got)
	}
	if got := f.agreed(t, other); got != 0 {
		t.Errorf("%d clicks of the bad link stored, want 0", got)
	}
	if keys, _ := f.rdb.Keys(ctx, "lm:{clk}:[pd]:*").Result(); len(keys) != 0 {
		t.Errorf("pending counters or details left: %v", keys)
	}
	if n, _ := f.rdb.XLen(ctx, streamKey).Result(); n != 0 {
		t.Errorf("%d entries left in the stream", n)
	}
	if got := metricValue(t, fl.Collectors(), "linkmgmt_clicks_set_aside_total", "reason", "invalid"); got != 5 {
		t.Errorf("clicks set aside as invalid: %v, want 5", got)
	}
	if got := metricValue(t, fl.Collectors(), "linkmgmt_click_entries_set_aside_total", "reason", "malformed"); got != 1 {
		t.Errorf("entries set aside as malformed: %v, want 1", got)
	}
	kept, err := f.rdb.XRange(ctx, "lm:{clk}:rejected", "-", "+").Result()
	if err != nil || len(kept) != 6 {
		t.Fatalf("kept for inspection: %d (%v), want 6", len(kept), err)
	}
	// The entry that does not parse first (set aside as it is read), then the clicks.
	if kept[0].Values["raw"] != "\x01not a batch" || kept[1].Values["browser"] != `"`+strings.Repeat("7", 256)+`"` || kept[2].Values["browser"] != `"\xff\xfe"` {
		t.Errorf("kept: %v / %v / %v", kept[0].Values, kept[1].Values, kept[2].Values)
	}
}

// A click Postgres refuses although it passed the rule (a constraint the flusher does
// not know) fails the whole COPY: the flusher finds it by halving under savepoints,
// stores the others of its batch and sets it aside. An entry Postgres refuses for
// another reason (here the update of its link's total) is found by halving the flush
// and set aside whole, and the entries around it are stored.
func TestWhatPostgresRefusesIsSetAsideAndTheRestStored(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	capped := f.newLinks(t, 1)[0]
	if err := f.db.Exec(`ALTER TABLE clicks ADD CONSTRAINT no_evil CHECK (browser <> 'Evil')`).Error; err != nil {
		t.Fatal(err)
	}
	if err := f.db.Exec(fmt.Sprintf(`ALTER TABLE links ADD CONSTRAINT capped CHECK (id <> %d OR clicks < 3)`, capped)).Error; err != nil {
		t.Fatal(err)
	}
	first := clicksOf(f.linkID, 40)
	first[7].Dims[DimBrowser] = "Evil"
	first[31].Dims[DimBrowser] = "Evil"
	rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{})
	for i, clicks := range [][]Click{first, clicksOf(capped, 5), clicksOf(f.linkID, 10)} {
		if err := rec.writeBatch(ctx, newBatch([16]byte{byte(i + 1)}, clicks)); err != nil {
			t.Fatal(err)
		}
	}
	fl := NewFlusher(f.db, f.rdb, quiet(), FlusherOptions{})
	if n, err := fl.Flush(ctx); err != nil || n != 48 {
		t.Fatalf("flush: %d clicks stored (%v), want 48", n, err)
	}
	if got := f.agreed(t, f.linkID); got != 48 {
		t.Errorf("%d clicks stored, want 48", got)
	}
	if got := f.agreed(t, capped); got != 0 {
		t.Errorf("%d clicks of the refused entry stored, want 0", got)
	}
	if got := metricValue(t, fl.Collectors(), "linkmgmt_clicks_set_aside_total", "reason", "refused"); got != 2 {
		t.Errorf("clicks refused: %v, want 2", got)
	}
	if got := metricValue(t, fl.Collectors(), "linkmgmt_click_entries_set_aside_total", "reason", "refused"); got != 1 {
		t.Errorf("entries refused: %v, want 1", got)
	}
	if keys, _ := f.rdb.Keys(ctx, "lm:{clk}:[pd]:*").Result(); len(keys) != 0 {
		t.Errorf("pending counters or details left: %v", keys)
	}
	if n, _ := f.rdb.XLen(ctx, "lm:{clk}:rejected").Result(); n != 3 {
		t.Errorf("%d kept for inspection, want 3", n)
	}
}
