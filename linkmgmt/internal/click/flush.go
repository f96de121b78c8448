package click

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// FlusherOptions tune the flusher; zero values take the defaults.
type FlusherOptions struct {
	Interval  time.Duration // between flushes (default 2s)
	BatchSize int64         // stream entries (each a batch of up to 500 clicks) per Postgres transaction (default 20)
	ClaimIdle time.Duration // entries another consumer left unacked this long are taken over (default 1m)
}

func (o *FlusherOptions) defaults() {
	if o.Interval <= 0 {
		o.Interval = 2 * time.Second
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 20
	}
	if o.ClaimIdle <= 0 {
		o.ClaimIdle = time.Minute
	}
}

// Flusher moves clicks from the Redis stream into Postgres. Every replica runs one; the
// consumer group hands each entry to one of them, and an entry a dead replica had taken
// is claimed by another after ClaimIdle.
type Flusher struct {
	db       *gorm.DB
	rdb      *redis.Client
	log      *slog.Logger
	opts     FlusherOptions
	consumer string

	flushed prometheus.Counter
	errs    prometheus.Counter
	kick    chan chan error

	partitionsChecked time.Time
}

// NewFlusher returns a flusher; call Run to start it.
func NewFlusher(db *gorm.DB, rdb *redis.Client, log *slog.Logger, opts FlusherOptions) *Flusher {
	opts.defaults()
	host, _ := os.Hostname()
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	return &Flusher{
		db: db, rdb: rdb, log: log, opts: opts,
		consumer: host + "-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(suffix),
		flushed: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "clicks_flushed_total",
			Help: "Click events inserted into Postgres.",
		}),
		errs: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "click_flush_errors_total",
			Help: "Flushes of clicks to Postgres that failed (retried on the next interval).",
		}),
		kick: make(chan chan error),
	}
}

// Collectors are the flusher's metrics.
func (f *Flusher) Collectors() []prometheus.Collector {
	return []prometheus.Collector{f.flushed, f.errs}
}

// Run flushes every interval until ctx ends, then flushes once more.
func (f *Flusher) Run(ctx context.Context) {
	tick := time.NewTicker(f.opts.Interval)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if _, err := f.Flush(ctx); err != nil && ctx.Err() == nil {
				f.log.WarnContext(ctx, "click flush failed; will retry", "error", err)
			}
		case reply := <-f.kick:
			_, err := f.Flush(ctx)
			reply <- err
		case <-ctx.Done():
			final, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			if _, err := f.Flush(final); err != nil {
				f.log.Warn("final click flush failed; entries stay in redis for another replica", "error", err)
			}
			cancel()
			return
		}
	}
}

// FlushNow asks the running flusher to flush at once and waits for it (tests, admin).
func (f *Flusher) FlushNow(ctx context.Context) error { return ask(ctx, f.kick) }

// Flush moves everything currently in the stream to Postgres and returns how many
// events were inserted.
func (f *Flusher) Flush(ctx context.Context) (int, error) {
	if err := f.ensureGroup(ctx); err != nil {
		return 0, err
	}
	if time.Since(f.partitionsChecked) > time.Hour {
		if err := EnsurePartitions(ctx, f.db, time.Now()); err != nil {
			f.log.WarnContext(ctx, "click partitions", "error", err)
		} else {
			f.partitionsChecked = time.Now()
		}
	}
	// Deleted links first (their clicks still in the stream are cleaned up by store).
	if err := f.purgeDeleted(ctx); err != nil {
		f.errs.Inc()
		f.log.WarnContext(ctx, "purge statistics of deleted links; will retry", "error", err)
	}
	total := 0
	// First what this consumer read but could not store last time, then what dead
	// consumers left behind, then new entries.
	for _, read := range []func(context.Context) ([]redis.XMessage, error){f.readOwnPending, f.claimIdle, f.readNew} {
		for {
			msgs, err := read(ctx)
			if err != nil {
				f.errs.Inc()
				return total, err
			}
			if len(msgs) == 0 {
				break
			}
			n, err := f.store(ctx, msgs)
			total += n
			if err != nil {
				f.errs.Inc()
				return total, err
			}
			if int64(len(msgs)) < f.opts.BatchSize {
				break
			}
		}
	}
	return total, nil
}

func (f *Flusher) ensureGroup(ctx context.Context) error {
	err := f.rdb.XGroupCreateMkStream(ctx, streamKey, groupName, "0").Err()
	if err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
		return fmt.Errorf("create click consumer group: %w", err)
	}
	return nil
}

func (f *Flusher) readOwnPending(ctx context.Context) ([]redis.XMessage, error) {
	return f.read(ctx, "0")
}

func (f *Flusher) readNew(ctx context.Context) ([]redis.XMessage, error) {
	return f.read(ctx, ">")
}

func (f *Flusher) read(ctx context.Context, from string) ([]redis.XMessage, error) {
	res, err := f.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{
		Group: groupName, Consumer: f.consumer, Streams: []string{streamKey, from},
		Count: f.opts.BatchSize, Block: -1,
	}).Result()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read click stream: %w", err)
	}
	var out []redis.XMessage
	for _, s := range res {
		for _, m := range s.Messages {
			if m.Values != nil { // entries deleted after delivery come back empty
				out = append(out, m)
			}
		}
	}
	return out, nil
}

func (f *Flusher) claimIdle(ctx context.Context) ([]redis.XMessage, error) {
	msgs, _, err := f.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{
		Stream: streamKey, Group: groupName, Consumer: f.consumer,
		MinIdle: f.opts.ClaimIdle, Start: "0-0", Count: f.opts.BatchSize,
	}).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("claim idle click entries: %w", err)
	}
	return msgs, nil
}

// insertSQL stores a batch: clicks rows (idempotent by event id; events of deleted links
// are skipped), and from the rows actually inserted the per-link totals, the visitors
// never seen before on their link (link_visitors, links.unique_clicks: the floor of
// uniqueClicks that survives a Redis that lost its data), the daily rollup and the
// dimension counters.
const insertSQL = `
WITH e AS (
    SELECT * FROM jsonb_to_recordset(?::jsonb) AS e(id text, link_id bigint, account_id bigint, at timestamptz,
        visitor text, country text, referrer text, browser text, os text, device text, language text, social text)
), ins AS (
    INSERT INTO clicks (event_id, link_id, account_id, clicked_at, visitor_hash, country, referrer_host, browser, os, device, language, social)
    SELECT e.id, e.link_id, e.account_id, e.at, e.visitor, e.country, e.referrer, e.browser, e.os, e.device, e.language, e.social
    FROM e JOIN links l ON l.id = e.link_id
    ON CONFLICT (event_id, clicked_at) DO NOTHING
    RETURNING link_id, clicked_at, visitor_hash, country, referrer_host, browser, os, device, language, social
), visitors AS (
    INSERT INTO link_visitors (link_id, visitor_hash)
    SELECT DISTINCT link_id, visitor_hash FROM ins WHERE visitor_hash <> '' ORDER BY 1, 2
    ON CONFLICT DO NOTHING
    RETURNING link_id
), totals AS (
    -- One UPDATE per links row: a statement must not update a row twice.
    UPDATE links SET clicks = links.clicks + t.n, unique_clicks = links.unique_clicks + t.u
    FROM (
        SELECT i.link_id, i.n, COALESCE(v.u, 0) AS u
        FROM (SELECT link_id, count(*) AS n FROM ins GROUP BY link_id) i
        LEFT JOIN (SELECT link_id, count(*) AS u FROM visitors GROUP BY link_id) v USING (link_id)
    ) t
    WHERE links.id = t.link_id
    RETURNING 1
), daily AS (
    INSERT INTO link_daily_stats (link_id, day, clicks)
    SELECT link_id, (clicked_at AT TIME ZONE 'UTC')::date, count(*) FROM ins GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (link_id, day) DO UPDATE SET clicks = link_daily_stats.clicks + EXCLUDED.clicks
    RETURNING 1
), dims AS (
    INSERT INTO link_dimension_stats (link_id, dimension, value, clicks)
    SELECT ins.link_id, d.dimension, d.value, count(*)
    FROM ins CROSS JOIN LATERAL (VALUES ('country', ins.country), ('referrer', ins.referrer_host), ('browser', ins.browser),
        ('os', ins.os), ('social', ins.social), ('device', ins.device), ('language', ins.language)) AS d(dimension, value)
    WHERE d.value <> ''
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (link_id, dimension, value) DO UPDATE SET clicks = link_dimension_stats.clicks + EXCLUDED.clicks
    RETURNING 1
)
SELECT (SELECT count(*) FROM ins) AS inserted, (SELECT count(*) FROM totals) + (SELECT count(*) FROM daily) + (SELECT count(*) FROM dims) AS touched`

// ackScript acknowledges flushed entries and takes each one's counts off the pending
// counters, only when XACK says this call acknowledged it, so a re-delivered entry is
// never subtracted twice.
// KEYS[1] = stream, KEYS[2..] = pending hashes; ARGV[1] = group, then per entry:
// id, m, and m triples (key index, field, n).
var ackScript = redis.NewScript(`
local i = 2
local acked = 0
while i <= #ARGV do
  local id, m = ARGV[i], tonumber(ARGV[i+1])
  local ok = redis.call('XACK', KEYS[1], ARGV[1], id) == 1
  if ok then
    acked = acked + 1
    redis.call('XDEL', KEYS[1], id)
  end
  for j = 0, m - 1 do
    local b = i + 2 + 3 * j
    if ok then
      local key, f = KEYS[tonumber(ARGV[b])], ARGV[b+1]
      if redis.call('HINCRBY', key, f, -tonumber(ARGV[b+2])) <= 0 then redis.call('HDEL', key, f) end
    end
  end
  i = i + 2 + 3 * m
end
return acked`)

func (f *Flusher) store(ctx context.Context, msgs []redis.XMessage) (int, error) {
	var (
		events  []Event
		entries []struct {
			id     string
			events []Event
		}
		bad []string
	)
	for _, m := range msgs {
		raw, _ := m.Values["e"].(string)
		var e entry
		if err := json.Unmarshal([]byte(raw), &e); err != nil || !wellFormed(e.Events) {
			bad = append(bad, m.ID)
			continue
		}
		events = append(events, e.Events...)
		entries = append(entries, struct {
			id     string
			events []Event
		}{m.ID, e.Events})
	}
	if len(bad) > 0 {
		// Unreadable entries carry no counts we could subtract; drop them.
		f.log.WarnContext(ctx, "dropping malformed click entries", "count", len(bad))
		f.rdb.XAck(ctx, streamKey, groupName, bad...)
		f.rdb.XDel(ctx, streamKey, bad...)
	}
	if len(entries) == 0 {
		return 0, nil
	}
	inserted := 0
	var gone []int64 // links of the batch that no longer exist
	if len(events) > 0 {
		payload, err := json.Marshal(events)
		if err != nil {
			return 0, err
		}
		var (
			res  struct{ Inserted, Touched int }
			live []int64
		)
		err = f.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			// Lock the links rows in id order so concurrent flushers cannot deadlock.
			if err := tx.Raw(`SELECT id FROM links WHERE id IN (SELECT DISTINCT (x->>'link_id')::bigint FROM jsonb_array_elements(?::jsonb) x) ORDER BY id FOR UPDATE`, string(payload)).Scan(&live).Error; err != nil {
				return err
			}
			return tx.Raw(insertSQL, string(payload)).Scan(&res).Error
		})
		if err != nil {
			return 0, fmt.Errorf("insert %d clicks: %w", len(events), err)
		}
		inserted = res.Inserted
		f.flushed.Add(float64(inserted))
		gone = goneLinks(events, live)
	}

	keys := []string{streamKey}
	keyIndex := map[int64]int{}
	args := []any{groupName}
	for _, e := range entries {
		counts := countsOf(e.events)
		args = append(args, e.id, len(counts))
		for _, c := range counts {
			idx, ok := keyIndex[c.linkID]
			if !ok {
				keys = append(keys, pendingKey(c.linkID))
				idx = len(keys)
				keyIndex[c.linkID] = idx
			}
			args = append(args, idx, c.field, c.n)
		}
	}
	if err := ackScript.Run(ctx, f.rdb, keys, args...).Err(); err != nil {
		// Postgres has the rows; the entries will be re-read, inserted as nothing new,
		// and then acked.
		return inserted, fmt.Errorf("ack flushed clicks: %w", err)
	}
	if len(gone) > 0 {
		// Clicks that arrived after their link was deleted (still queued, or served from
		// a cache a moment longer) re-created its Redis keys; the purge of the deletion
		// may have run already.
		if err := f.rdb.Del(ctx, linkKeys(gone)...).Err(); err != nil {
			f.log.WarnContext(ctx, "remove redis keys of deleted links", "links", len(gone), "error", err)
		}
	}
	return inserted, nil
}

// goneLinks are the links of events that are not in live (the ids still in Postgres).
func goneLinks(events []Event, live []int64) []int64 {
	exists := make(map[int64]bool, len(live))
	for _, id := range live {
		exists[id] = true
	}
	var gone []int64
	for _, ev := range events {
		if !exists[ev.LinkID] {
			exists[ev.LinkID] = true // once
			gone = append(gone, ev.LinkID)
		}
	}
	return gone
}

// linkKeys are every Redis key the click pipeline keeps for the links: the pending
// counters and the visitor HyperLogLog.
func linkKeys(ids []int64) []string {
	keys := make([]string, 0, 2*len(ids))
	for _, id := range ids {
		keys = append(keys, pendingKey(id), uniqueKey(id))
	}
	return keys
}

// purgeBatchSize is how many deleted links one purge transaction handles.
const purgeBatchSize = 50

// purgeDeleted removes what deleted links left behind, for the ids the links_queue_purges
// trigger queued in link_purges (direct deletes and those cascading from a domain or an
// account alike): their raw clicks and their Redis keys. The rollups went with the links
// rows. Several replicas share the queue (SKIP LOCKED); a batch whose Redis keys could
// not be removed stays queued for the next pass.
func (f *Flusher) purgeDeleted(ctx context.Context) error {
	for {
		n, err := f.purgeBatch(ctx)
		if err != nil || n < purgeBatchSize {
			return err
		}
	}
}

func (f *Flusher) purgeBatch(ctx context.Context) (int, error) {
	var ids []int64
	err := f.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Raw(`SELECT link_id FROM link_purges ORDER BY link_id LIMIT ? FOR UPDATE SKIP LOCKED`, purgeBatchSize).Scan(&ids).Error; err != nil {
			return fmt.Errorf("read link purges: %w", err)
		}
		if len(ids) == 0 {
			return nil
		}
		if err := tx.Exec(`DELETE FROM clicks WHERE link_id IN ?`, ids).Error; err != nil {
			return fmt.Errorf("delete clicks of deleted links: %w", err)
		}
		rctx, cancel := context.WithTimeout(ctx, purgeRedisTimeout)
		defer cancel()
		if err := f.rdb.Del(rctx, linkKeys(ids)...).Err(); err != nil {
			return fmt.Errorf("delete redis keys of deleted links: %w", err)
		}
		return tx.Exec(`DELETE FROM link_purges WHERE link_id IN ?`, ids).Error
	})
	if err != nil {
		return 0, err
	}
	return len(ids), nil
}

// purgeRedisTimeout bounds the Redis call of a purge, which runs inside a transaction.
const purgeRedisTimeout = 2 * time.Second

func wellFormed(events []Event) bool {
	for _, ev := range events {
		if len(ev.At) < 10 || ev.LinkID == 0 {
			return false
		}
	}
	return true
}

// EnsurePartitions creates the monthly clicks partitions for now's month and the next
// one. A month whose rows already sit in the default partition cannot get its own
// partition; it stays in the default one (logged by the caller).
func EnsurePartitions(ctx context.Context, db *gorm.DB, now time.Time) error {
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	var errs []error
	for i := 0; i < 2; i++ {
		from := start.AddDate(0, i, 0)
		to := from.AddDate(0, 1, 0)
		name := fmt.Sprintf("clicks_p%04d%02d", from.Year(), int(from.Month()))
		err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			// Replicas start together: serialise the DDL.
			if err := tx.Exec(`SELECT pg_advisory_xact_lock(hashtext('linkmgmt.clicks_partitions'))`).Error; err != nil {
				return err
			}
			return tx.Exec(fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s PARTITION OF clicks FOR VALUES FROM ('%s') TO ('%s')`,
				name, from.Format(time.DateOnly), to.Format(time.DateOnly))).Error
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("partition %s: %w", name, err))
		}
	}
	return errors.Join(errs...)
}
