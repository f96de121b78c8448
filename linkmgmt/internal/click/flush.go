package click

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// FlusherOptions tune the flusher; zero values take the defaults.
type FlusherOptions struct {
	Interval  time.Duration // between flushes (default 2s)
	BatchSize int64         // stream entries (each a batch of up to 2,000 clicks) per Postgres transaction (default 25)
	ClaimIdle time.Duration // entries another consumer left unacked this long are taken over (default 1m)
	// Retention is how long raw clicks are kept (CLICK_RETENTION); the zero value keeps
	// them forever.
	Retention Retention
}

func (o *FlusherOptions) defaults() {
	if o.Interval <= 0 {
		o.Interval = 2 * time.Second
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 25
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
	now      func() time.Time

	flushed   prometheus.Counter
	errs      prometheus.Counter
	setAsideN setAsideMetrics
	kick      chan chan error

	maintainedAt time.Time
}

// NewFlusher returns a flusher; call Run to start it.
func NewFlusher(db *gorm.DB, rdb *redis.Client, log *slog.Logger, opts FlusherOptions) *Flusher {
	opts.defaults()
	host, _ := os.Hostname()
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	return &Flusher{
		db: db, rdb: rdb, log: log, opts: opts, now: time.Now,
		consumer: host + "-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(suffix),
		flushed: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "clicks_flushed_total",
			Help: "Clicks stored in Postgres.",
		}),
		errs: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "click_flush_errors_total",
			Help: "Flushes of clicks to Postgres that failed (retried on the next interval).",
		}),
		setAsideN: newSetAsideMetrics(),
		kick:      make(chan chan error),
	}
}

// Collectors are the flusher's metrics.
func (f *Flusher) Collectors() []prometheus.Collector {
	return []prometheus.Collector{f.flushed, f.errs, f.setAsideN.clicks, f.setAsideN.entries}
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
// clicks were stored.
func (f *Flusher) Flush(ctx context.Context) (int, error) {
	if f.now().Sub(f.maintainedAt) > time.Hour {
		if err := f.maintain(ctx); err != nil {
			f.log.WarnContext(ctx, "click storage maintenance; will retry", "error", err)
		} else {
			f.maintainedAt = f.now()
		}
	}
	// Deleted links first (their clicks still in the stream are dropped by store).
	if err := f.purgeDeleted(ctx); err != nil {
		f.errs.Inc()
		f.log.WarnContext(ctx, "purge statistics of deleted links; will retry", "error", err)
	}
	if err := f.rebuildQueued(ctx); err != nil {
		f.errs.Inc()
		f.log.WarnContext(ctx, "rebuild click rollups; will retry", "error", err)
	}
	total := 0
	for _, stream := range []string{legacyStreamKey, totalStreamKey, streamKey} {
		n, err := f.flushStream(ctx, stream)
		total += n
		if err != nil {
			f.errs.Inc()
			return total, err
		}
	}
	return total, nil
}

func (f *Flusher) flushStream(ctx context.Context, stream string) (int, error) {
	if stream != streamKey {
		// Only a deployment that ran a recorder of an earlier version has these streams.
		if n, err := f.rdb.Exists(ctx, stream).Result(); err != nil || n == 0 {
			return 0, err
		}
	}
	if err := f.ensureGroup(ctx, stream); err != nil {
		return 0, err
	}
	total := 0
	// First what this consumer read but could not store last time, then what dead
	// consumers left behind, then new entries.
	for _, read := range []func(context.Context, string) ([]redis.XMessage, error){f.readOwnPending, f.claimIdle, f.readNew} {
		for {
			msgs, err := read(ctx, stream)
			if err != nil {
				return total, err
			}
			if len(msgs) == 0 {
				break
			}
			n, err := f.store(ctx, stream, msgs)
			total += n
			if err != nil {
				return total, err
			}
			if int64(len(msgs)) < f.opts.BatchSize {
				break
			}
		}
	}
	return total, nil
}

func (f *Flusher) ensureGroup(ctx context.Context, stream string) error {
	err := f.rdb.XGroupCreateMkStream(ctx, stream, groupName, "0").Err()
	if err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
		return fmt.Errorf("create click consumer group: %w", err)
	}
	return nil
}

func (f *Flusher) readOwnPending(ctx context.Context, stream string) ([]redis.XMessage, error) {
	return f.read(ctx, stream, "0")
}

func (f *Flusher) readNew(ctx context.Context, stream string) ([]redis.XMessage, error) {
	return f.read(ctx, stream, ">")
}

func (f *Flusher) read(ctx context.Context, stream, from string) ([]redis.XMessage, error) {
	res, err := f.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{
		Group: groupName, Consumer: f.consumer, Streams: []string{stream, from},
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

func (f *Flusher) claimIdle(ctx context.Context, stream string) ([]redis.XMessage, error) {
	msgs, _, err := f.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{
		Stream: stream, Group: groupName, Consumer: f.consumer,
		MinIdle: f.opts.ClaimIdle, Start: "0-0", Count: f.opts.BatchSize,
	}).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, fmt.Errorf("claim idle click entries: %w", err)
	}
	return msgs, nil
}

// entry is one parsed stream entry.
type entry struct {
	id      string // stream entry id
	raw     string // as the stream holds it (kept should the entry be set aside)
	batch   [16]byte
	clicks  []Click
	counts  []count  // what its write added to the pending counters
	details []detail // and the detail fields (legacy entries have none)
}

// parseEntries parses each entry once; bad are the entries that are not batches (they
// carry no counts that could be subtracted, and are set aside).
func (f *Flusher) parseEntries(stream string, msgs []redis.XMessage) (entries []entry, bad []rejection) {
	for _, m := range msgs {
		var e entry
		var err error
		e.id = m.ID
		if stream == legacyStreamKey {
			e.raw, _ = m.Values["e"].(string)
			e.batch, e.clicks, e.counts, err = decodeLegacy(m.ID, e.raw)
		} else {
			e.raw, _ = m.Values["b"].(string)
			e.batch, e.clicks, err = decodeBatch([]byte(e.raw))
			if err == nil {
				scheme := schemeSlots
				if stream == totalStreamKey {
					scheme = schemeTotal
				}
				e.counts, e.details = pendingCounts(scheme, e.batch, e.clicks)
			}
		}
		if err != nil {
			bad = append(bad, rejection{stream: stream, entry: m.ID, reason: reasonMalformed, err: err, raw: e.raw})
			continue
		}
		entries = append(entries, e)
	}
	return entries, bad
}

// store writes the entries to Postgres (batches stored before are skipped), then
// acknowledges them and takes their counts off the pending counters. What cannot be
// stored, an entry or a click, is set aside and acknowledged with the rest.
func (f *Flusher) store(ctx context.Context, stream string, msgs []redis.XMessage) (int, error) {
	entries, bad := f.parseEntries(stream, msgs)
	if len(bad) > 0 {
		f.setAside(ctx, bad)
		ids := make([]string, len(bad))
		for i, r := range bad {
			ids[i] = r.entry
		}
		if err := f.rdb.XAck(ctx, stream, groupName, ids...).Err(); err != nil {
			return 0, fmt.Errorf("ack malformed click entries: %w", err)
		}
		f.rdb.XDel(ctx, stream, ids...)
	}
	if len(entries) == 0 {
		return 0, nil
	}
	res, err := f.storeRefusing(ctx, stream, entries)
	f.flushed.Add(float64(res.stored))
	if err != nil {
		return res.stored, err
	}
	f.setAside(ctx, res.rejected)
	if err := f.ack(ctx, stream, entries); err != nil {
		// Postgres has the rows; the entries will be re-read, found stored (their batch
		// ids), and then acknowledged.
		return res.stored, fmt.Errorf("ack flushed clicks: %w", err)
	}
	if len(res.gone) > 0 {
		// Clicks that arrived after their link was deleted (still queued, or served from
		// a cache a moment longer) re-created its Redis keys; the purge of the deletion
		// may have run already.
		if err := f.deleteLinkKeys(ctx, res.gone); err != nil {
			f.log.WarnContext(ctx, "remove redis keys of deleted links", "links", len(res.gone), "error", err)
		}
	}
	return res.stored, nil
}

// storeRefusing stores the entries in one transaction. When Postgres refuses it for its
// data (refusedByDatabase), the entries are halved, each half in a transaction of its
// own, down to the single entry, which is set aside: no entry keeps the others out.
// Exactly once holds across the halves: each transaction records its own batch ids.
func (f *Flusher) storeRefusing(ctx context.Context, stream string, entries []entry) (storeResult, error) {
	res, err := f.storeTx(ctx, stream, entries)
	if err == nil || !refusedByDatabase(err) {
		return res, err
	}
	if len(entries) == 1 {
		e := &entries[0]
		return storeResult{rejected: []rejection{{stream: stream, entry: e.id, reason: reasonRefused, err: err, clicks: len(e.clicks), raw: e.raw}}}, nil
	}
	half := len(entries) / 2
	res, err = f.storeRefusing(ctx, stream, entries[:half])
	if err != nil {
		return res, err
	}
	more, err := f.storeRefusing(ctx, stream, entries[half:])
	res.stored += more.stored
	res.gone = append(res.gone, more.gone...)
	res.rejected = append(res.rejected, more.rejected...)
	return res, err
}

// storeTx is one flush transaction.
func (f *Flusher) storeTx(ctx context.Context, stream string, entries []entry) (storeResult, error) {
	var res storeResult
	err := database.WithPgxGorm(ctx, f.db, func(conn *pgx.Conn) error {
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			var err error
			res, err = storeBatches(ctx, tx, f.log, stream, entries)
			return err
		})
	})
	if err != nil {
		return storeResult{}, fmt.Errorf("store %d click batches: %w", len(entries), err)
	}
	return res, nil
}

type storeResult struct {
	stored   int
	gone     []int64     // links of the batches that no longer exist
	rejected []rejection // clicks or entries set aside
}

// rawColumns are the clicks table's columns as COPY writes them (appendClickRow's
// order: the ids, the time, the visitor, then the dimensions in Dim order).
var rawColumns = []string{"link_id", "account_id", "clicked_at", "visitor_hash", "country", "referrer_host", "browser", "os", "social", "device", "language"}

// accountLockClass is the first key of the advisory locks that serialise the writers of
// one account's rollups (flushes, purges, rebuilds).
const accountLockClass = 1347

// storeBatches is the flush transaction, in five steps: (1) the batches not stored
// before, and their clicks that pass checkClick; (2) their links locked, with the
// accounts Postgres gives them; (3) the raw clicks copied; (4) the rollups merged; (5)
// the links' counters. The decisions between the writes (freshClicks, attribute,
// planRollups, linkCounters) are plain values, tested without a database.
func storeBatches(ctx context.Context, tx pgx.Tx, log *slog.Logger, stream string, entries []entry) (storeResult, error) {
	var res storeResult
	fresh, err := recordBatches(ctx, tx, entries)
	if err != nil {
		return res, err
	}
	clicks, linkIDs, invalid := freshClicks(stream, entries, fresh)
	res.rejected = invalid
	if len(clicks) == 0 {
		return res, nil
	}
	accountOf, err := lockLinks(ctx, tx, linkIDs)
	if err != nil {
		return res, err
	}
	var accounts []int64
	clicks, res.gone, accounts = attribute(clicks, linkIDs, accountOf)
	if len(clicks) == 0 {
		return res, nil
	}
	if err := lockAccounts(ctx, tx, accounts); err != nil {
		return res, err
	}
	clicks, refused, err := copyStorable(ctx, tx, clicks)
	if err != nil {
		return res, fmt.Errorf("copy clicks: %w", err)
	}
	if len(refused) > 0 {
		res.rejected = append(res.rejected, entryOf(stream, entries, refused)...)
		if len(clicks) == 0 {
			return res, nil
		}
	}
	res.stored = len(clicks)
	plan := planRollups(clicks, accountOf)
	totals, err := plan.merge(ctx, tx, log, accountOf)
	if err != nil {
		return res, err
	}
	return res, updateLinkCounters(ctx, tx, linkCounters(plan.linkTotals, totals))
}

// recordBatches is step 1's write: it records the batch ids of entries (exactly once per
// batch) and returns those that were not recorded before.
func recordBatches(ctx context.Context, tx pgx.Tx, entries []entry) (map[[16]byte]bool, error) {
	ids := make([][16]byte, len(entries))
	for i := range entries {
		ids[i] = entries[i].batch
	}
	slices.SortFunc(ids, func(a, b [16]byte) int { return strings.Compare(string(a[:]), string(b[:])) })
	rows, err := tx.Query(ctx, `INSERT INTO click_batches (batch_id) SELECT DISTINCT unnest($1::uuid[]) ORDER BY 1 ON CONFLICT DO NOTHING RETURNING batch_id`, ids)
	if err != nil {
		return nil, fmt.Errorf("record batches: %w", err)
	}
	recorded, err := pgx.CollectRows(rows, pgx.RowTo[[16]byte])
	if err != nil {
		return nil, fmt.Errorf("record batches: %w", err)
	}
	fresh := make(map[[16]byte]bool, len(recorded))
	for _, id := range recorded {
		fresh[id] = true
	}
	return fresh, nil
}

// freshClicks is step 1's decision: the clicks of the entries whose batch is fresh (a
// batch read twice in one flush counts once), those checkClick refuses set aside, and
// the links of the clicks kept, in id order.
func freshClicks(stream string, entries []entry, fresh map[[16]byte]bool) (clicks []*Click, linkIDs []int64, invalid []rejection) {
	taken := make(map[[16]byte]bool, len(fresh))
	linkSet := map[int64]bool{}
	for i := range entries {
		e := &entries[i]
		if !fresh[e.batch] || taken[e.batch] {
			continue
		}
		taken[e.batch] = true
		for j := range e.clicks {
			c := &e.clicks[j]
			if err := checkClick(c); err != nil {
				invalid = append(invalid, rejection{stream: stream, entry: e.id, reason: reasonInvalid, err: err, click: c})
				continue
			}
			clicks = append(clicks, c)
			linkSet[c.LinkID] = true
		}
	}
	linkIDs = make([]int64, 0, len(linkSet))
	for id := range linkSet {
		linkIDs = append(linkIDs, id)
	}
	slices.Sort(linkIDs)
	return clicks, linkIDs, invalid
}

// lockLinks is step 2's write: it locks the links (linkIDs in id order, so concurrent
// flushers cannot deadlock) and returns the account of each that still exists.
func lockLinks(ctx context.Context, tx pgx.Tx, linkIDs []int64) (map[int64]int64, error) {
	rows, err := tx.Query(ctx, `SELECT id, account_id FROM links WHERE id = ANY($1) ORDER BY id FOR UPDATE`, linkIDs)
	if err != nil {
		return nil, fmt.Errorf("lock links: %w", err)
	}
	type owner struct{ ID, AccountID int64 }
	owners, err := pgx.CollectRows(rows, pgx.RowToStructByPos[owner])
	if err != nil {
		return nil, fmt.Errorf("lock links: %w", err)
	}
	accountOf := make(map[int64]int64, len(owners))
	for _, o := range owners {
		accountOf[o.ID] = o.AccountID
	}
	return accountOf, nil
}

// attribute is step 2's decision: each click takes its link's account (Postgres', not
// the one the click carried); the clicks of links that no longer exist are dropped and
// those links returned as gone; accounts are the accounts of the links, in id order.
func attribute(clicks []*Click, linkIDs []int64, accountOf map[int64]int64) (live []*Click, gone, accounts []int64) {
	for _, id := range linkIDs {
		if _, ok := accountOf[id]; !ok {
			gone = append(gone, id)
		}
	}
	live = clicks[:0]
	for _, c := range clicks {
		if account, ok := accountOf[c.LinkID]; ok {
			c.AccountID = account
			live = append(live, c)
		}
	}
	accounts = make([]int64, 0, 4)
	for _, a := range accountOf {
		if !slices.Contains(accounts, a) {
			accounts = append(accounts, a)
		}
	}
	slices.Sort(accounts)
	return live, gone, accounts
}

// lockAccounts takes the advisory locks of the accounts (in order) for the transaction:
// the writers of one account's rollups (flushes, purges, rebuilds) go one at a time.
func lockAccounts(ctx context.Context, tx pgx.Tx, accounts []int64) error {
	if _, err := tx.Exec(ctx, `SELECT count(pg_advisory_xact_lock($1, k)) FROM (SELECT DISTINCT (a % 2147483647)::int AS k FROM unnest($2::bigint[]) a ORDER BY 1) s`, accountLockClass, accounts); err != nil {
		return fmt.Errorf("lock accounts: %w", err)
	}
	return nil
}

// rollupPlan is step 4's decision: the tallies the stored clicks add to each rollup row.
// Each click is tallied once, into its link-day; an account's day and a link's all-time
// row are the merges of those tallies (the all-time rows without slots).
type rollupPlan struct {
	linkDays, accountDays, linkTotals map[rollupKey]*Tally
}

func planRollups(clicks []*Click, accountOf map[int64]int64) rollupPlan {
	byLinkDay := map[rollupKey][]*Click{}
	for _, c := range clicks {
		k := rollupKey{c.LinkID, DayOf(SlotOf(c.At))}
		byLinkDay[k] = append(byLinkDay[k], c)
	}
	p := rollupPlan{
		linkDays:    make(map[rollupKey]*Tally, len(byLinkDay)),
		accountDays: map[rollupKey]*Tally{},
		linkTotals:  map[rollupKey]*Tally{},
	}
	for _, k := range sortedKeys(byLinkDay) {
		t := tallyOf(byLinkDay[k], true)
		p.linkDays[k] = t
		mergeInto(p.accountDays, rollupKey{accountOf[k.id], k.day}, t, true)
		mergeInto(p.linkTotals, rollupKey{k.id, 0}, t, false)
	}
	return p
}

// merge is step 4's write: each tally merged into its row. It returns the links'
// all-time rows as they now are (their visitors give the links' unique counts).
func (p rollupPlan) merge(ctx context.Context, tx pgx.Tx, log *slog.Logger, accountOf map[int64]int64) (map[rollupKey]*Tally, error) {
	if _, err := linkDays.merge(ctx, tx, log, p.linkDays, accountOf); err != nil {
		return nil, err
	}
	if _, err := accountDays.merge(ctx, tx, log, p.accountDays, accountOf); err != nil {
		return nil, err
	}
	return linkTotals.merge(ctx, tx, log, p.linkTotals, accountOf)
}

// counterUpdate is step 5's decision, per link in id order: the clicks to add to
// links.clicks, and the unique visitors of all time (links.unique_clicks, the floor of
// the API's uniqueClicks, never lowered).
type counterUpdate struct {
	ids, added, uniques []int64
}

func linkCounters(deltas, totals map[rollupKey]*Tally) counterUpdate {
	keys := sortedKeys(deltas)
	u := counterUpdate{make([]int64, len(keys)), make([]int64, len(keys)), make([]int64, len(keys))}
	for j, k := range keys {
		u.ids[j], u.added[j], u.uniques[j] = k.id, deltas[k].Clicks, totals[k].Visitors.Count()
	}
	return u
}

// updateLinkCounters is step 5's write (listing by clicks reads links.clicks).
func updateLinkCounters(ctx context.Context, tx pgx.Tx, u counterUpdate) error {
	if _, err := tx.Exec(ctx, `UPDATE links SET clicks = links.clicks + u.n, unique_clicks = GREATEST(links.unique_clicks, u.uniq)
FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS u(id, n, uniq) WHERE links.id = u.id`, u.ids, u.added, u.uniques); err != nil {
		return fmt.Errorf("update link totals: %w", err)
	}
	return nil
}

// entryOf fills in the stream entry of each refused click (a rare path: a search is
// cheaper than carrying the entry of every click through the COPY).
func entryOf(stream string, entries []entry, refused []rejection) []rejection {
	for i := range refused {
		refused[i].stream = stream
	search:
		for j := range entries {
			for k := range entries[j].clicks {
				if &entries[j].clicks[k] == refused[i].click {
					refused[i].entry = entries[j].id
					break search
				}
			}
		}
	}
	return refused
}

// mergeInto adds t to m[k] (a new tally when absent), with or without its slots.
func mergeInto(m map[rollupKey]*Tally, k rollupKey, t *Tally, withSlots bool) {
	dst := m[k]
	if dst == nil {
		dst = &Tally{}
		m[k] = dst
	}
	slots := dst.Slots
	dst.Merge(t)
	if !withSlots {
		dst.Slots = slots
	}
}

// ackScript acknowledges flushed entries and takes each one's counts off the pending
// counters and its detail fields off the detail hashes, only when XACK says this call
// acknowledged it, so a re-delivered entry is never subtracted twice.
// KEYS[1] = stream, then per entry the hash of each of its counters and then of each of
// its details (keys by position: Lua parses no number per command); ARGV[1] = group,
// then per entry: id, m, d, m counter pairs (field, -n) and d detail fields. The
// decrement comes negated, as text: a Lua number would be formatted anew for each call.
var ackScript = redis.NewScript(`
local i, k = 2, 2
local acked = 0
while i <= #ARGV do
  local id, m, d = ARGV[i], tonumber(ARGV[i+1]), tonumber(ARGV[i+2])
  local ok = redis.call('XACK', KEYS[1], ARGV[1], id) == 1
  i = i + 3
  if ok then
    acked = acked + 1
    redis.call('XDEL', KEYS[1], id)
    for j = 0, m - 1 do
      local key, f = KEYS[k + j], ARGV[i + 2 * j]
      if redis.call('HINCRBY', key, f, ARGV[i + 2 * j + 1]) <= 0 then redis.call('HDEL', key, f) end
    end
    for j = 0, d - 1 do
      redis.call('HDEL', KEYS[k + m + j], ARGV[i + 2 * m + j])
    end
  end
  i, k = i + 2 * m + d, k + m + d
end
return acked`)

// maxAckOps bounds the hash operations of one ack script: Redis runs a script without
// serving anyone else, and a flush of batches spread over many links (each link a
// counter and a detail per batch) would otherwise hold it for a hundred milliseconds.
const maxAckOps = 10_000

// ack acknowledges the entries, a script per group of them of at most maxAckOps hash
// operations (each entry is acknowledged on its own, so the groups are independent).
func (f *Flusher) ack(ctx context.Context, stream string, entries []entry) error {
	for len(entries) > 0 {
		n, ops := 0, 0
		for n < len(entries) && (n == 0 || ops+len(entries[n].counts)+len(entries[n].details) <= maxAckOps) {
			ops += len(entries[n].counts) + len(entries[n].details)
			n++
		}
		if err := f.ackGroup(ctx, stream, entries[:n], ops); err != nil {
			return err
		}
		entries = entries[n:]
	}
	return nil
}

func (f *Flusher) ackGroup(ctx context.Context, stream string, entries []entry, ops int) error {
	keys := make([]string, 0, 1+ops)
	args := make([]any, 0, 1+3*len(entries)+2*ops)
	keys = append(keys, stream)
	args = append(args, groupName)
	for _, e := range entries {
		args = append(args, e.id, len(e.counts), len(e.details))
		for _, c := range e.counts {
			keys = append(keys, c.key)
			args = append(args, c.field, -c.n)
		}
		for _, d := range e.details {
			keys = append(keys, d.key)
			args = append(args, d.field)
		}
	}
	return ackScript.Run(ctx, f.rdb, keys, args...).Err()
}
