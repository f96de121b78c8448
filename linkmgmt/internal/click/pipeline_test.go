package click

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// A recorder whose write reached Redis but whose reply was lost sends the same batch
// again: Redis refuses it (the dedupe key), and should the key be gone, Postgres stores
// the batch once (its id) while the acks take both entries' counts off.
func TestABatchWrittenTwiceCountsOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	clicks := make([]Click, 7)
	for i := range clicks {
		clicks[i] = Click{LinkID: f.linkID, AccountID: 1, At: time.Now().UnixMicro(), Dims: [NumDims]string{"US"}}
		clicks[i].Visitor[0] = byte(i % 3)
	}
	b := newBatch([16]byte{42}, clicks)
	rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{})
	for range 2 {
		if err := rec.writeBatch(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := f.rdb.XLen(ctx, streamKey).Result(); n != 1 {
		t.Fatalf("the batch written twice made %d stream entries, want 1", n)
	}
	if st := f.stats(t, f.linkID); st.Clicks != 7 || st.UniqueClicks != 3 {
		t.Fatalf("pending: clicks %d unique %d, want 7 and 3", st.Clicks, st.UniqueClicks)
	}
	// The dedupe key gone (expired): Redis takes the batch a second time.
	f.rdb.Del(ctx, b.keys[1])
	if err := rec.writeBatch(ctx, b); err != nil {
		t.Fatal(err)
	}
	f.flush(t)
	if s, p := f.totals(t); s != 7 || p != 0 {
		t.Fatalf("after the flush: stored %d pending %d, want 7 and 0", s, p)
	}
	var rows int64
	f.db.Raw(`SELECT count(*) FROM clicks`).Scan(&rows)
	if rows != 7 {
		t.Fatalf("%d raw clicks, want 7", rows)
	}
	if st := f.stats(t, f.linkID); st.Clicks != 7 || st.UniqueClicks != 3 {
		t.Fatalf("flushed: clicks %d unique %d, want 7 and 3", st.Clicks, st.UniqueClicks)
	}
	if keys, _ := f.rdb.Keys(ctx, detailPref+"*").Result(); len(keys) != 0 {
		t.Fatalf("detail hashes left after the flush: %v", keys)
	}
}

// Batches the version before wrote (a total field per link and account, stream
// totalStreamKey) and batches of this version (slot fields only) pending together: the
// statistics count both exactly, and the flush stores each once and takes exactly their
// counters off, whichever scheme wrote them.
func TestBatchesOfTheVersionBeforeAreFlushedWithTheirCounters(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	batchOf := func(n int, country string) []Click {
		clicks := make([]Click, n)
		for i := range clicks {
			clicks[i] = Click{LinkID: f.linkID, AccountID: 1, At: time.Now().UnixMicro(), Dims: [NumDims]string{country}}
			clicks[i].Visitor[0] = byte(i)
		}
		return clicks
	}
	rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{})
	for _, b := range []*batch{
		newBatchIn(totalStreamKey, schemeTotal, [16]byte{1}, batchOf(3, "FR")),
		newBatch([16]byte{2}, batchOf(4, "DE")),
		newBatchIn(totalStreamKey, schemeTotal, [16]byte{3}, batchOf(2, "FR")),
	} {
		if err := rec.writeBatch(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	if fields, _ := f.rdb.HGetAll(ctx, pendingKey(f.linkID)).Result(); fields[fieldTotal] != "5" {
		t.Fatalf("counters of the version before: %v, want a total of 5", fields)
	}
	if st := f.stats(t, f.linkID); st.Clicks != 9 || st.Countries["France"] != 5 || st.Countries["Germany"] != 4 {
		t.Fatalf("pending: %+v, want 9 clicks, 5 from France and 4 from Germany", st)
	}
	if got := NewStatsReader(f.db, f.rdb, quiet()).PendingTotals(ctx, []int64{f.linkID}); got[f.linkID] != 9 {
		t.Fatalf("pending totals %v, want 9", got)
	}
	f.flush(t)
	if s, p := f.totals(t); s != 9 || p != 0 {
		t.Fatalf("after the flush: stored %d pending %d, want 9 and 0", s, p)
	}
	for _, k := range []string{pendingKey(f.linkID), accountPendingKey(1), detailKey(f.linkID), accountDetailKey(1)} {
		if fields, _ := f.rdb.HGetAll(ctx, k).Result(); len(fields) != 0 {
			t.Fatalf("%s left after the flush: %v", k, fields)
		}
	}
	if st := f.stats(t, f.linkID); st.Clicks != 9 || st.Countries["France"] != 5 || st.Countries["Germany"] != 4 {
		t.Fatalf("flushed: %+v", st)
	}
}

// Entries the JSON recorder of the version before left in Redis are flushed once, with
// their pending counters taken off, after an upgrade.
func TestLegacyEntriesAreFlushedAfterAnUpgrade(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	at := time.Now().UTC()
	ev := legacyEvent{LinkID: f.linkID, AccountID: 1, At: at.Format(time.RFC3339Nano), Visitor: "00112233445566778899aabbccddeeff",
		Country: "FR", Browser: "Firefox", OS: "Linux", Device: "Linux", Language: "fr"}
	raw, _ := json.Marshal(map[string]any{"events": []legacyEvent{ev, ev}})
	if err := f.rdb.XAdd(ctx, &redis.XAddArgs{Stream: legacyStreamKey, Values: []string{"e", string(raw)}}).Err(); err != nil {
		t.Fatal(err)
	}
	for _, c := range legacyCounts(ev) {
		f.rdb.HIncrBy(ctx, c.key, c.field, 2*c.n)
	}
	if st := f.stats(t, f.linkID); st.Clicks != 2 || st.Countries["France"] != 2 {
		t.Fatalf("pending legacy clicks: %+v", st)
	}
	f.flush(t)
	if s, p := f.totals(t); s != 2 || p != 0 {
		t.Fatalf("stored %d pending %d, want 2 and 0", s, p)
	}
	if fields, _ := f.rdb.HGetAll(ctx, pendingKey(f.linkID)).Result(); len(fields) != 0 {
		t.Fatalf("legacy counters left: %v", fields)
	}
	if st := f.stats(t, f.linkID); st.Clicks != 2 || st.UniqueClicks != 1 || st.Countries["France"] != 2 || st.Browsers["Firefox"] != 2 {
		t.Fatalf("flushed legacy clicks: %+v", st)
	}
}

// The rollups the flusher merges batch by batch are exactly what the raw clicks make:
// per link and day, per account and day, per link for all time, and links.clicks,
// compared with SQL counts over the raw table and, byte for byte, with a rebuild from it.
func TestRollupsMatchTheRawClicks(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var otherAccount, links []int64
	var acc2 int64
	f.db.Raw(`INSERT INTO accounts (email, username, api_key_hash) VALUES ('b@example.com', 'b', 'h2') RETURNING id`).Scan(&acc2)
	f.db.Raw(`INSERT INTO links (account_id, alias, long_url) VALUES (1, 'y', 'https://e.org'), (?, 'z', 'https://e.org') RETURNING id`, acc2).Scan(&otherAccount)
	links = append([]int64{f.linkID}, otherAccount...)
	accountOf := map[int64]int64{}
	for _, id := range links {
		var a int64
		f.db.Raw(`SELECT account_id FROM links WHERE id = ?`, id).Scan(&a)
		accountOf[id] = a
	}
	rng := rand.New(rand.NewPCG(1, 2))
	agents := []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
	}
	now := time.Now()
	for round := range 3 { // several flushes merge into the same rows
		rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{BatchSize: 37})
		rctx, cancel := context.WithCancel(ctx)
		go rec.Run(rctx)
		for range 400 {
			id := links[rng.IntN(len(links))]
			rec.Record(Hit{LinkID: id, AccountID: accountOf[id],
				At:        now.Add(-time.Duration(rng.IntN(72*3600)) * time.Second),
				IP:        netip.AddrFrom4([4]byte{10, 0, byte(rng.IntN(3)), byte(rng.IntN(40))}),
				Country:   []string{"US", "FR", "", "JP"}[rng.IntN(4)],
				UserAgent: agents[rng.IntN(len(agents))],
				Referer:   []string{"", "https://t.co/x", "https://www.facebook.com/p", "https://news.example/a"}[rng.IntN(4)],
				Language:  []string{"", "en", "fr"}[rng.IntN(3)]})
		}
		if err := rec.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
		<-rec.Done()
		f.flush(t)
		t.Logf("round %d flushed", round)
	}

	type row struct {
		ID       int64
		Day      time.Time
		Clicks   int64
		Slots    []byte
		Dims     []byte
		Visitors []byte
	}
	read := func(sql string) map[string]row {
		var rows []row
		if err := f.db.Raw(sql).Scan(&rows).Error; err != nil {
			t.Fatal(err)
		}
		out := map[string]row{}
		for _, r := range rows {
			out[fmt.Sprint(r.ID, r.Day.Format(time.DateOnly))] = r
		}
		return out
	}
	linkDaysSQL := `SELECT link_id AS id, day, clicks, slots, dims, visitors FROM link_click_days`
	accountDaysSQL := `SELECT account_id AS id, day, clicks, slots, dims, visitors FROM account_click_days`
	totalsSQL := `SELECT link_id AS id, clicks, slots, dims, visitors FROM link_click_totals`
	flushed := []map[string]row{read(linkDaysSQL), read(accountDaysSQL), read(totalsSQL)}

	// Brute force: every (owner, day) of the raw table, counted by SQL.
	type brute struct {
		Owner, Clicks, Visitors int64
		Day                     time.Time
		Slot                    int64
	}
	for i, q := range []struct {
		owner string
		rows  map[string]row
	}{{"link_id", flushed[0]}, {"account_id", flushed[1]}} {
		var counts []brute
		f.db.Raw(fmt.Sprintf(`SELECT %s AS owner, (clicked_at AT TIME ZONE 'UTC')::date AS day, count(*) AS clicks, count(DISTINCT visitor_hash) AS visitors
			FROM clicks GROUP BY 1, 2`, q.owner)).Scan(&counts)
		if len(counts) != len(q.rows) {
			t.Fatalf("table %d: %d rollup rows, %d (owner, day) in the raw clicks", i, len(q.rows), len(counts))
		}
		for _, c := range counts {
			r, ok := q.rows[fmt.Sprint(c.Owner, c.Day.Format(time.DateOnly))]
			var tl Tally
			if !ok || tl.Decode(Encoded{r.Clicks, r.Slots, r.Dims, r.Visitors}) != nil {
				t.Fatalf("%s %d day %s: no readable rollup row", q.owner, c.Owner, c.Day)
			}
			if tl.Clicks != c.Clicks || tl.Visitors.Count() != c.Visitors {
				t.Errorf("%s %d day %s: clicks %d visitors %d, raw %d and %d", q.owner, c.Owner, c.Day, tl.Clicks, tl.Visitors.Count(), c.Clicks, c.Visitors)
			}
			var slotSum int64
			for _, n := range tl.Slots {
				slotSum += n
			}
			var us int64
			f.db.Raw(fmt.Sprintf(`SELECT count(*) FROM clicks WHERE %s = ? AND (clicked_at AT TIME ZONE 'UTC')::date = ? AND country = 'US'`, q.owner), c.Owner, c.Day).Scan(&us)
			if slotSum != c.Clicks || tl.Dims[DimCountry].Values["US"] != us {
				t.Errorf("%s %d day %s: slots add up to %d, US %d; raw %d and %d", q.owner, c.Owner, c.Day, slotSum, tl.Dims[DimCountry].Values["US"], c.Clicks, us)
			}
		}
	}
	var linkTotals []struct{ ID, Clicks, UniqueClicks, Raw, RawVisitors int64 }
	f.db.Raw(`SELECT l.id, l.clicks, l.unique_clicks, (SELECT count(*) FROM clicks c WHERE c.link_id = l.id) AS raw,
		(SELECT count(DISTINCT visitor_hash) FROM clicks c WHERE c.link_id = l.id) AS raw_visitors FROM links l`).Scan(&linkTotals)
	for _, l := range linkTotals {
		if l.Clicks != l.Raw || l.UniqueClicks != l.RawVisitors || l.Raw == 0 {
			t.Errorf("link %d: clicks %d unique %d, raw %d and %d", l.ID, l.Clicks, l.UniqueClicks, l.Raw, l.RawVisitors)
		}
	}

	// A rebuild from the raw clicks writes the same bytes.
	for _, id := range links {
		if err := RebuildLink(ctx, f.db, id); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range []int64{1, acc2} {
		if err := RebuildAccount(ctx, f.db, a); err != nil {
			t.Fatal(err)
		}
	}
	for i, sql := range []string{linkDaysSQL, accountDaysSQL, totalsSQL} {
		rebuilt := read(sql)
		if len(rebuilt) != len(flushed[i]) {
			t.Fatalf("table %d: %d rows rebuilt, %d flushed", i, len(rebuilt), len(flushed[i]))
		}
		for k, r := range rebuilt {
			w := flushed[i][k]
			if r.Clicks != w.Clicks || !bytes.Equal(r.Slots, w.Slots) || !bytes.Equal(r.Dims, w.Dims) || !bytes.Equal(r.Visitors, w.Visitors) {
				t.Errorf("table %d row %s: rebuilt differs from flushed", i, k)
			}
		}
	}
}

// Retention drops the partitions whose month is wholly past the horizon and the default
// partition's older rows, nothing else; the rollups keep the totals. One replica at a
// time, and not while rollups are still being rebuilt from the raw clicks.
func TestRetentionDropsOnlyExpiredRawClicks(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)
	months := map[string]time.Time{}
	for _, back := range []int{15, 14, 13, 12, 1} {
		m := time.Date(2026, 6-time.Month(back), 1, 0, 0, 0, 0, time.UTC)
		months[partitionName(m)] = m
		if err := f.db.Exec(fmt.Sprintf(`CREATE TABLE %s PARTITION OF clicks FOR VALUES FROM ('%s') TO ('%s')`,
			partitionName(m), m.Format(time.DateOnly), m.AddDate(0, 1, 0).Format(time.DateOnly))).Error; err != nil {
			t.Fatal(err)
		}
		f.db.Exec(`INSERT INTO clicks (link_id, account_id, clicked_at) VALUES (?, 1, ?)`, f.linkID, m.Add(36*time.Hour))
	}
	// Older than every partition: the default partition.
	f.db.Exec(`INSERT INTO clicks (link_id, account_id, clicked_at) VALUES (?, 1, '2020-01-05'), (?, 1, ?)`, f.linkID, f.linkID, now)
	if err := RebuildLink(ctx, f.db, f.linkID); err != nil {
		t.Fatal(err)
	}
	partitions := func() map[string]bool {
		var names []string
		f.db.Raw(`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'clicks'::regclass`).Scan(&names)
		out := map[string]bool{}
		for _, n := range names {
			out[n] = true
		}
		return out
	}

	// A rebuild waiting: nothing is dropped.
	f.db.Exec(`INSERT INTO click_rollup_rebuilds (kind, id) VALUES ('link', ?)`, f.linkID)
	if err := DropExpired(ctx, f.db, DefaultRetention, now); err != nil {
		t.Fatal(err)
	}
	if len(partitions()) != 6 {
		t.Fatalf("dropped while a rebuild waits: %v", partitions())
	}
	f.db.Exec(`DELETE FROM click_rollup_rebuilds`)
	// Another replica holds the job: this one skips.
	tx := f.db.Begin()
	tx.Exec(`SELECT pg_advisory_xact_lock(hashtext('linkmgmt.clicks_retention'))`)
	if err := DropExpired(ctx, f.db, DefaultRetention, now); err != nil {
		t.Fatal(err)
	}
	tx.Rollback()
	if len(partitions()) != 6 {
		t.Fatalf("dropped while another replica holds the job: %v", partitions())
	}

	if err := DropExpired(ctx, f.db, DefaultRetention, now); err != nil {
		t.Fatal(err)
	}
	// Horizon 2025-05-15: March and April 2025 go whole; May 2025 holds younger days.
	got := partitions()
	for name, m := range months {
		want := !m.AddDate(0, 1, 0).After(DefaultRetention.Horizon(now))
		if got[name] == want {
			t.Errorf("partition %s (month %s): present %v", name, m.Format("2006-01"), got[name])
		}
	}
	if !got["clicks_default"] {
		t.Fatal("the default partition was dropped")
	}
	var raw, old, stored int64
	f.db.Raw(`SELECT count(*) FROM clicks`).Scan(&raw)
	f.db.Raw(`SELECT count(*) FROM clicks WHERE clicked_at < '2021-01-01'`).Scan(&old)
	f.db.Raw(`SELECT sum(clicks) FROM link_click_days WHERE link_id = ?`, f.linkID).Scan(&stored)
	if old != 0 || raw != 4 || stored != 7 {
		t.Fatalf("raw clicks %d (old %d), rollups %d: want 4, 0 and all 7 kept", raw, old, stored)
	}
}

func TestParseRetention(t *testing.T) {
	for in, want := range map[string]Retention{"13mo": {Months: 13}, "400d": {Days: 400}, "off": {}, " 2MO ": {Months: 2}} {
		if got, err := ParseRetention(in); err != nil || got != want {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "13", "13m", "0mo", "30d", "99999mo", "1y", "-1d", "1e3d"} {
		if _, err := ParseRetention(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
