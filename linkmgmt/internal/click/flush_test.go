package click

import (
	"context"
	"io"
	"log/slog"
	"net/netip"
	"strconv"
	"testing"
	"time"

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

type fixture struct {
	db     *gorm.DB
	rdb    *redis.Client
	linkID int64
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	db := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 5})
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	var accountID, linkID int64
	db.Raw(`INSERT INTO accounts (email, username, api_key_hash) VALUES ('a@example.com', 'a', 'h') RETURNING id`).Scan(&accountID)
	db.Raw(`INSERT INTO links (account_id, alias, long_url) VALUES (?, 'x', 'https://e.org') RETURNING id`, accountID).Scan(&linkID)
	return fixture{db: db, rdb: rdb, linkID: linkID}
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// record writes n clicks of the link to Redis through a recorder.
func (f fixture) record(t *testing.T, n int) {
	t.Helper()
	rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	go rec.Run(ctx)
	for i := 0; i < n; i++ {
		rec.Record(Hit{LinkID: f.linkID, AccountID: 1, At: time.Now(), IP: netip.MustParseAddr("10.0.0." + strconv.Itoa(i%250+1)),
			UserAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"})
	}
	if err := rec.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	cancel()
	<-rec.Done()
}

func (f fixture) totals(t *testing.T) (stored, pending int64) {
	t.Helper()
	f.db.Raw(`SELECT clicks FROM links WHERE id = ?`, f.linkID).Scan(&stored)
	var p Pending
	p.Slots = map[int64]*SlotCounts{}
	p.parseCounters(f.rdb.HGetAll(context.Background(), pendingKey(f.linkID)).Val())
	pending = p.Total
	return stored, pending
}

// A replica that read entries and died before storing them: another replica claims the
// entries once they are idle and stores them exactly once.
func TestFlushClaimsEntriesOfADeadReplica(t *testing.T) {
	f := newFixture(t)
	f.record(t, 30)
	ctx := context.Background()
	dead := NewFlusher(f.db, f.rdb, quiet(), FlusherOptions{BatchSize: 1000})
	if err := dead.ensureGroup(ctx, streamKey); err != nil {
		t.Fatal(err)
	}
	msgs, err := dead.readNew(ctx, streamKey)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("dead replica read %d entries (%v), want 1 (a batch of 30)", len(msgs), err)
	}
	if s, p := f.totals(t); s != 0 || p != 30 {
		t.Fatalf("before: stored %d pending %d", s, p)
	}
	alive := NewFlusher(f.db, f.rdb, quiet(), FlusherOptions{BatchSize: 1000, ClaimIdle: time.Second})
	alive.maintainedAt = time.Now() // keep the DDL out of the timing
	if n, err := alive.Flush(ctx); err != nil || n != 0 {
		t.Fatalf("flush before the entries are idle: %d %v, want 0", n, err)
	}
	// Age the dead replica's entries instead of waiting: XCLAIM ... IDLE sets how long
	// Redis counts them as idle (the clock XAUTOCLAIM's MinIdle reads).
	for _, m := range msgs {
		if err := f.rdb.Do(ctx, "XCLAIM", streamKey, groupName, dead.consumer, 0, m.ID, "IDLE", 1100, "JUSTID").Err(); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := alive.Flush(ctx); err != nil || n != 30 {
		t.Fatalf("flush after idle: %d %v, want 30", n, err)
	}
	if s, p := f.totals(t); s != 30 || p != 0 {
		t.Fatalf("after: stored %d pending %d, want 30 and 0", s, p)
	}
}

// A replica that stored a batch in Postgres and died before acknowledging it: the
// entries are re-delivered, found stored (their batch id), and then taken off the
// counters.
func TestFlushIsIdempotentAfterACrashBeforeAck(t *testing.T) {
	f := newFixture(t)
	f.record(t, 12)
	ctx := context.Background()
	fl := NewFlusher(f.db, f.rdb, quiet(), FlusherOptions{})
	if err := fl.ensureGroup(ctx, streamKey); err != nil {
		t.Fatal(err)
	}
	msgs, err := fl.readNew(ctx, streamKey)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("read %d (%v)", len(msgs), err)
	}
	// Store without acknowledging: what a crash between the two steps leaves.
	broken := *fl
	broken.rdb = redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 50 * time.Millisecond})
	defer broken.rdb.Close()
	if n, err := broken.store(ctx, streamKey, msgs); err == nil || n != 12 {
		t.Fatalf("store with a failing ack: %d %v, want 12 inserted and an error", n, err)
	}
	if s, p := f.totals(t); s != 12 || p != 12 {
		t.Fatalf("after the crash: stored %d pending %d, want 12 and 12 (briefly double)", s, p)
	}
	// The same consumer re-reads its pending entries on the next flush.
	if n, err := fl.Flush(ctx); err != nil || n != 0 {
		t.Fatalf("re-flush inserted %d (%v), want 0", n, err)
	}
	if s, p := f.totals(t); s != 12 || p != 0 {
		t.Fatalf("after the re-flush: stored %d pending %d, want 12 and 0", s, p)
	}
	var rows, daily int64
	f.db.Raw(`SELECT count(*) FROM clicks`).Scan(&rows)
	f.db.Raw(`SELECT sum(clicks) FROM link_click_days`).Scan(&daily)
	if rows != 12 || daily != 12 {
		t.Fatalf("rows %d daily %d, want 12", rows, daily)
	}
}

func TestEventsOfDeletedLinksAreDropped(t *testing.T) {
	f := newFixture(t)
	f.record(t, 3)
	f.db.Exec(`DELETE FROM links WHERE id = ?`, f.linkID)
	fl := NewFlusher(f.db, f.rdb, quiet(), FlusherOptions{})
	if n, err := fl.Flush(context.Background()); err != nil || n != 0 {
		t.Fatalf("flush: %d %v, want 0 and no error", n, err)
	}
	if l, _ := f.rdb.XLen(context.Background(), streamKey).Result(); l != 0 {
		t.Fatalf("stream still holds %d entries", l)
	}
}

// A flush of batches spread over many links acknowledges them in several scripts
// (maxAckOps): every click is stored once and every pending counter and detail is taken
// off, whichever script acknowledged its entry.
func TestFlushOfManyLinksAcksInGroups(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	const links = 6000 // three batches of 2,000 links: 12,000 hash operations to take off
	var ids []int64
	f.db.Raw(`INSERT INTO links (account_id, alias, long_url) SELECT 1, 'm' || g, 'https://e.org' FROM generate_series(1, ?) g RETURNING id`, links).Scan(&ids)
	if len(ids) != links {
		t.Fatalf("created %d links", len(ids))
	}
	rec := NewRecorder(f.rdb, nil, quiet(), RecorderOptions{})
	rctx, cancel := context.WithCancel(ctx)
	go rec.Run(rctx)
	for i, id := range ids {
		rec.Record(Hit{LinkID: id, AccountID: 1, At: time.Now(), IP: netip.AddrFrom4([4]byte{10, 1, byte(i >> 8), byte(i)}),
			UserAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"})
	}
	if err := rec.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	cancel()
	<-rec.Done()
	if n, _ := f.rdb.XLen(ctx, streamKey).Result(); n < 3 {
		t.Fatalf("%d stream entries, want at least 3 (batches of at most 2,000 clicks)", n)
	}
	f.flush(t)
	var stored, withOne int64
	f.db.Raw(`SELECT coalesce(sum(clicks), 0) FROM links WHERE id IN ?`, ids).Scan(&stored)
	f.db.Raw(`SELECT count(*) FROM links WHERE id IN ? AND clicks = 1`, ids).Scan(&withOne)
	if stored != links || withOne != links {
		t.Fatalf("stored %d clicks, %d links with one, want %d and %d", stored, withOne, links, links)
	}
	for _, pattern := range []string{pendingPref + "*", detailPref + "*"} {
		if keys, _ := f.rdb.Keys(ctx, pattern).Result(); len(keys) != 0 {
			t.Fatalf("%d %s keys left after the flush, e.g. %s", len(keys), pattern, keys[0])
		}
	}
	if n, _ := f.rdb.XLen(ctx, streamKey).Result(); n != 0 {
		t.Fatalf("%d stream entries left", n)
	}
}
