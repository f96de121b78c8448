package click

import (
	"context"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

// recordFrom writes one click of the link per client address to Redis.
func (f fixture) recordFrom(t *testing.T, linkID int64, ips ...string) {
	t.Helper()
	rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	go rec.Run(ctx)
	for _, ip := range ips {
		rec.Record(Hit{LinkID: linkID, AccountID: 1, At: time.Now(), IP: netip.MustParseAddr(ip),
			UserAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"})
	}
	if err := rec.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	cancel()
	<-rec.Done()
}

func (f fixture) stats(t *testing.T, linkID int64) Stats {
	t.Helper()
	st, err := NewStatsReader(f.db, f.rdb, quiet()).ForLink(context.Background(), linkID)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func (f fixture) flush(t *testing.T) {
	t.Helper()
	fl := NewFlusher(f.db, f.rdb, quiet(), FlusherOptions{})
	if _, err := fl.Flush(context.Background()); err != nil {
		t.Fatalf("flush: %v", err)
	}
}

// TestUniqueClicksNeverGoDownWhenRedisLosesItsData: the visitor HyperLogLog lives in
// Redis. After Redis lost its data (FLUSHDB on the test's own Redis database) a new
// HyperLogLog starts from the visitors seen since; uniqueClicks must still count every
// visitor Postgres already holds, and be exact again once the new clicks are flushed.
func TestUniqueClicksNeverGoDownWhenRedisLosesItsData(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.recordFrom(t, f.linkID, "10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "10.0.0.1")
	if st := f.stats(t, f.linkID); st.Clicks != 6 || st.UniqueClicks != 5 {
		t.Fatalf("pending: clicks %d unique %d, want 6 and 5", st.Clicks, st.UniqueClicks)
	}
	f.flush(t)
	if st := f.stats(t, f.linkID); st.Clicks != 6 || st.UniqueClicks != 5 {
		t.Fatalf("flushed: clicks %d unique %d, want 6 and 5", st.Clicks, st.UniqueClicks)
	}

	if err := f.rdb.FlushDB(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	if st := f.stats(t, f.linkID); st.Clicks != 6 || st.UniqueClicks != 5 {
		t.Fatalf("right after Redis lost its data: clicks %d unique %d, want 6 and 5", st.Clicks, st.UniqueClicks)
	}
	// Three visitors since: two known ones and a new one. The new HyperLogLog counts 3.
	f.recordFrom(t, f.linkID, "10.0.0.1", "10.0.0.2", "10.0.0.9")
	if st := f.stats(t, f.linkID); st.Clicks != 9 || st.UniqueClicks < 5 {
		t.Fatalf("pending after the loss: clicks %d unique %d, want 9 and at least 5", st.Clicks, st.UniqueClicks)
	}
	f.flush(t)
	if st := f.stats(t, f.linkID); st.Clicks != 9 || st.UniqueClicks != 6 {
		t.Fatalf("flushed after the loss: clicks %d unique %d, want 9 and 6 (exact: distinct visitors in Postgres)", st.Clicks, st.UniqueClicks)
	}
	var unique int64
	f.db.Raw(`SELECT unique_clicks FROM links WHERE id = ?`, f.linkID).Scan(&unique)
	if unique != 6 {
		t.Fatalf("links.unique_clicks %d, want 6", unique)
	}
}

// linkRedisKeys lists every Redis key that names the link: its counters, its visitor
// set, anything a later version might add under the link's id.
func (f fixture) linkRedisKeys(t *testing.T, linkID int64) []string {
	t.Helper()
	var out []string
	iter := f.rdb.Scan(context.Background(), 0, "*", 1000).Iterator()
	suffix := fmt.Sprintf(":%d", linkID)
	for iter.Next(context.Background()) {
		if k := iter.Val(); strings.HasSuffix(k, suffix) || strings.Contains(k, suffix+":") {
			out = append(out, k)
		}
	}
	if err := iter.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDeletingALinkRemovesItsStatisticsEverywhere: a deleted link's clicks, rollups,
// visitors and Redis keys (pending counters, HyperLogLog) all go, whether the link row
// was deleted directly or by a cascade (its branded domain, its account), and clicks that
// arrive after the deletion leave nothing behind either.
func TestDeletingALinkRemovesItsStatisticsEverywhere(t *testing.T) {
	f := newFixture(t)
	var accountID, domainID, onDomain, other int64
	f.db.Raw(`SELECT account_id FROM links WHERE id = ?`, f.linkID).Scan(&accountID)
	f.db.Raw(`INSERT INTO domains (account_id, domain, host) VALUES (?, 'https://go.example.com', 'go.example.com') RETURNING id`, accountID).Scan(&domainID)
	f.db.Raw(`INSERT INTO links (account_id, domain_id, alias, long_url) VALUES (?, ?, 'd', 'https://e.org') RETURNING id`, accountID, domainID).Scan(&onDomain)
	f.db.Raw(`INSERT INTO links (account_id, alias, long_url) VALUES (?, 'kept', 'https://e.org') RETURNING id`, accountID).Scan(&other)

	for _, id := range []int64{f.linkID, onDomain, other} {
		f.recordFrom(t, id, "10.0.0.1", "10.0.0.2")
	}
	f.flush(t)
	for _, id := range []int64{f.linkID, onDomain, other} {
		f.recordFrom(t, id, "10.0.0.3") // pending: counters in Redis, not yet in Postgres
		if keys := f.linkRedisKeys(t, id); len(keys) != 2 || !slices.Contains(keys, pendingKey(id)) || !slices.Contains(keys, detailKey(id)) {
			t.Fatalf("link %d has Redis keys %v, want its pending counters and details", id, keys)
		}
	}

	if err := f.db.Exec(`DELETE FROM links WHERE id = ?`, f.linkID).Error; err != nil {
		t.Fatal(err)
	}
	if err := f.db.Exec(`DELETE FROM domains WHERE id = ?`, domainID).Error; err != nil { // cascades to onDomain
		t.Fatal(err)
	}
	f.flush(t)
	// A click that was still queued when its link went.
	f.recordFrom(t, f.linkID, "10.0.0.4")
	f.flush(t)

	for _, id := range []int64{f.linkID, onDomain} {
		if keys := f.linkRedisKeys(t, id); len(keys) != 0 {
			t.Errorf("deleted link %d left Redis keys %v", id, keys)
		}
		for _, table := range []string{"clicks", "link_click_days", "link_click_totals", "link_purges"} {
			var n int64
			f.db.Raw(`SELECT count(*) FROM `+table+` WHERE link_id = ?`, id).Scan(&n)
			if n != 0 {
				t.Errorf("deleted link %d left %d rows in %s", id, n, table)
			}
		}
	}
	if st := f.stats(t, other); st.Clicks != 3 || st.UniqueClicks != 3 {
		t.Fatalf("the other link: clicks %d unique %d, want 3 and 3 (untouched)", st.Clicks, st.UniqueClicks)
	}
	var kept int64
	f.db.Raw(`SELECT (SELECT count(*) FROM link_click_days WHERE link_id = ?) + (SELECT count(*) FROM link_click_totals WHERE link_id = ?)`, other, other).Scan(&kept)
	if kept != 2 {
		t.Fatalf("the other link has %d rollup rows, want its day and its totals", kept)
	}
}
