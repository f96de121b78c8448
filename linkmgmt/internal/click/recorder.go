package click

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// RecorderOptions tune the recorder; zero values take the defaults.
//
// A click the redirect has answered lives in the recorder's memory until Redis has it:
// a kill -9 loses what is there. That window is bounded in count (QueueSize +
// MaxBacklog clicks) and in time (MaxAge): past either bound a click is dropped and
// counted (linkmgmt_clicks_dropped_total), the redirect never waits, and memory never
// grows beyond the bounds, however slow Redis is.
type RecorderOptions struct {
	QueueSize  int           // hits waiting for the enricher (default 32768, about 5 MB); beyond, dropped (buffer_full)
	MaxBacklog int           // enriched clicks held in memory while Redis is slow or down (default 50000); beyond, dropped (redis_unavailable)
	BatchSize  int           // clicks per batch, one stream entry (default 2000, at most maxBatchClicks)
	Interval   time.Duration // longest wait before a partial batch is written (default 50ms)
	// MaxAge is the longest a click stays in memory (default 10s): a click Redis has
	// not taken by then is dropped (expired). Writes to Redis and the back-off between
	// them are bounded by it.
	MaxAge time.Duration
}

// DefaultClickMaxAge is RecorderOptions.MaxAge's default.
const DefaultClickMaxAge = 10 * time.Second

func (o *RecorderOptions) defaults() {
	if o.QueueSize <= 0 {
		o.QueueSize = 32768
	}
	if o.MaxBacklog <= 0 {
		o.MaxBacklog = 50000
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 2000
	}
	o.BatchSize = min(o.BatchSize, maxBatchClicks)
	if o.Interval <= 0 {
		o.Interval = 50 * time.Millisecond
	}
	if o.MaxAge <= 0 {
		o.MaxAge = DefaultClickMaxAge
	}
}

// writeTimeout bounds one write of a batch to Redis (and a batch's expiry bounds it
// further).
const writeTimeout = 2 * time.Second

// Recorder takes hits from the redirect and writes them to Redis in the background.
type Recorder struct {
	opts    RecorderOptions
	rdb     *redis.Client
	loc     *geo.Locator
	log     *slog.Logger
	in      chan Hit
	sync    chan chan error
	done    chan struct{}
	agents  *agentCache
	current []Click   // enriched clicks not sealed yet
	oldest  time.Time // when the first of current was queued
	sealed  []*batch  // batches waiting for Redis, oldest first
	held    int       // clicks in current and sealed
	// buffered is every click in memory: queued (Record adds) or held (the goroutine
	// takes off what leaves, after counting where it went); read by the clicks_buffered
	// gauge.
	buffered atomic.Int64
	now      func() time.Time

	retryAt time.Time
	backoff time.Duration

	recorded  prometheus.Counter
	dropped   *prometheus.CounterVec
	ignored   *prometheus.CounterVec
	backlogGg prometheus.Gauge
	bufferGg  prometheus.GaugeFunc
	// The series counted on the redirect's path, resolved once: a label lookup hashes
	// the label under a lock.
	droppedFull    prometheus.Counter
	droppedExpired prometheus.Counter
	ignoredBy      map[string]prometheus.Counter
}

// NewRecorder returns a recorder; call Run to start it.
func NewRecorder(rdb *redis.Client, loc *geo.Locator, log *slog.Logger, opts RecorderOptions) *Recorder {
	opts.defaults()
	r := &Recorder{
		opts:   opts,
		rdb:    rdb,
		loc:    loc,
		log:    log,
		in:     make(chan Hit, opts.QueueSize),
		sync:   make(chan chan error),
		done:   make(chan struct{}),
		agents: newAgentCache(),
		now:    time.Now,
		recorded: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "clicks_recorded_total",
			Help: "Human clicks written to Redis (pending flush to Postgres).",
		}),
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "clicks_dropped_total",
			Help: "Clicks lost before Redis had them: queue full (buffer_full), Redis slow or down past the in-memory bound (redis_unavailable) or past the age bound (expired).",
		}, []string{"reason"}),
		ignored: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "clicks_ignored_total",
			Help: "Requests to short links that are not counted as clicks.",
		}, []string{"reason"}),
		backlogGg: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "linkmgmt", Name: "clicks_backlog",
			Help: "Enriched clicks held in memory waiting for Redis.",
		}),
	}
	r.bufferGg = prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: "linkmgmt", Name: "clicks_buffered",
		Help: "Clicks the redirect answered that only this process's memory holds (queued or waiting for Redis): what a kill -9 would lose.",
	}, func() float64 { return float64(r.buffered.Load()) })
	r.droppedFull = r.dropped.WithLabelValues("buffer_full")
	r.droppedExpired = r.dropped.WithLabelValues("expired")
	r.ignoredBy = map[string]prometheus.Counter{}
	for _, reason := range []string{"bot", "crawler", "head"} {
		r.ignoredBy[reason] = r.ignored.WithLabelValues(reason)
	}
	return r
}

// Collectors are the recorder's metrics, for the service's registry.
func (r *Recorder) Collectors() []prometheus.Collector {
	return []prometheus.Collector{r.recorded, r.dropped, r.ignored, r.backlogGg, r.bufferGg}
}

// Record queues a hit without ever blocking: when the queue is full the hit is dropped
// and counted.
func (r *Recorder) Record(h Hit) {
	h = h.bounded()
	h.queued = r.now()
	r.buffered.Add(1)
	select {
	case r.in <- h:
	default:
		r.droppedFull.Inc()
		r.buffered.Add(-1)
	}
}

// Ignore counts a request that is deliberately not recorded (HEAD, bots seen early).
func (r *Recorder) Ignore(reason string) {
	if c, ok := r.ignoredBy[reason]; ok {
		c.Inc()
		return
	}
	r.ignored.WithLabelValues(reason).Inc()
}

// Done is closed when Run has returned.
func (r *Recorder) Done() <-chan struct{} { return r.done }

// Run enriches and writes hits until ctx ends, then drains the queue and makes a last
// attempt (bounded by a few seconds) to write everything to Redis.
func (r *Recorder) Run(ctx context.Context) {
	defer close(r.done)
	tick := time.NewTicker(r.opts.Interval)
	defer tick.Stop()
	for {
		select {
		case h := <-r.in:
			r.add(h)
			// Whatever else is queued is taken without going back to select: under load
			// hits arrive faster than one wake-up each.
			r.takeQueued(r.opts.BatchSize)
			if len(r.sealed) > 0 {
				r.write(ctx, false)
			}
		case <-tick.C:
			r.write(ctx, false)
		case reply := <-r.sync:
			r.drainQueue()
			r.write(ctx, true)
			if n := r.held; n > 0 {
				reply <- fmt.Errorf("%d clicks still wait for redis", n)
			} else {
				reply <- nil
			}
		case <-ctx.Done():
			r.drainQueue()
			final, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			r.write(final, true)
			cancel()
			if n := r.held; n > 0 {
				r.dropped.WithLabelValues("redis_unavailable").Add(float64(n))
				r.buffered.Add(-int64(n))
				r.log.Warn("clicks lost at shutdown: redis unreachable", "count", n)
			}
			return
		}
	}
}

// Sync makes the running recorder enrich everything queued and write it to Redis now.
// It fails when Redis does not take it (tests, and a flush on demand).
func (r *Recorder) Sync(ctx context.Context) error { return ask(ctx, r.sync) }

// ask hands a reply channel to the goroutine serving requests and waits for its answer,
// or for ctx to end.
func ask(ctx context.Context, requests chan<- chan error) error {
	reply := make(chan error, 1)
	select {
	case requests <- reply:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-reply:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// takeQueued adds up to n hits that are already queued.
func (r *Recorder) takeQueued(n int) {
	for range n {
		select {
		case h := <-r.in:
			r.add(h)
		default:
			return
		}
	}
}

func (r *Recorder) drainQueue() {
	for {
		select {
		case h := <-r.in:
			r.add(h)
		default:
			return
		}
	}
}

func (r *Recorder) add(h Hit) {
	if r.now().Sub(h.queued) >= r.opts.MaxAge {
		// It waited in the queue behind a slow Redis write until it was too old.
		r.droppedExpired.Inc()
		r.buffered.Add(-1)
		return
	}
	c, ok := enrich(h, r.agents, r.loc)
	if !ok {
		r.ignoredBy["bot"].Inc()
		r.buffered.Add(-1)
		return
	}
	if r.held >= r.opts.MaxBacklog {
		r.dropped.WithLabelValues("redis_unavailable").Inc()
		r.buffered.Add(-1)
		return
	}
	if len(r.current) == 0 {
		r.oldest = h.queued
	}
	r.current = append(r.current, c)
	r.held++
	r.backlogGg.Set(float64(r.held))
	if len(r.current) >= r.opts.BatchSize {
		r.seal()
	}
}

// batch is a sealed batch: its clicks encoded once, and the script arguments that write
// it with its pending counters and visitor sets. A retry sends exactly the same batch
// (same id, same clicks), so Redis (the dedupe key) and Postgres (click_batches) can
// recognise it.
type batch struct {
	n       int
	keys    []string
	args    []any
	expires time.Time // when its oldest click has been in memory MaxAge
}

// seal turns the current clicks into a batch.
func (r *Recorder) seal() {
	if len(r.current) == 0 {
		return
	}
	var id [16]byte
	_, _ = rand.Read(id[:])
	b := newBatch(id, r.current)
	b.expires = r.oldest.Add(r.opts.MaxAge)
	r.sealed = append(r.sealed, b)
	r.current = nil
}

// newBatch prepares the write of clicks as batch id.
func newBatch(id [16]byte, clicks []Click) *batch {
	return newBatchIn(streamKey, schemeSlots, id, clicks)
}

// newBatchIn prepares the write of a batch to stream with the counters of scheme (the
// tests write batches as the version before did).
func newBatchIn(stream string, scheme counterScheme, id [16]byte, clicks []Click) *batch {
	counts, details := pendingWrites(scheme, id, clicks)
	keys := make([]string, 0, 2+len(counts)+len(details))
	keys = append(keys, stream, dedupePref+hex.EncodeToString(id[:]))
	args := make([]any, 0, 3+2*len(counts)+2*len(details))
	args = append(args, encodeBatch(nil, id, clicks), int(dedupeTTL/time.Second), len(counts))
	for _, c := range counts {
		keys = append(keys, c.key)
		args = append(args, c.field, c.n)
	}
	for _, d := range details {
		keys = append(keys, d.key)
		args = append(args, d.field, d.value)
	}
	return &batch{n: len(clicks), keys: keys, args: args}
}

// writeScript stores a batch: the stream entry, its pending counters and its detail
// fields, atomically, unless the batch was written already (a retry after a reply that
// was lost), which the dedupe key tells for dedupeTTL.
// KEYS[1] = stream, KEYS[2] = dedupe key, then the hash of each counter, then the hash
// of each detail (a hash appears once per field it gets: keys by position cost Lua no
// number parsing per command); ARGV[1] = the batch, ARGV[2] = dedupe TTL, ARGV[3] = the
// number of counters, then each counter's field and n, then each detail's field and
// value.
var writeScript = redis.NewScript(`
if not redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[2]) then return 0 end
redis.call('XADD', KEYS[1], '*', 'b', ARGV[1])
local i, k = 4, 3
for _ = 1, tonumber(ARGV[3]) do
  redis.call('HINCRBY', KEYS[k], ARGV[i], ARGV[i+1])
  i, k = i + 2, k + 1
end
while i <= #ARGV do
  redis.call('HSET', KEYS[k], ARGV[i], ARGV[i+1])
  i, k = i + 2, k + 1
end
return 1`)

// write seals what is current, drops the batches past their age, and sends the others
// to Redis, oldest first. After a failure it waits (1 s doubling, at most MaxAge/2 and
// 15 s) before trying again, unless force is set. Unless forced, it returns after a
// batch when hits are queued, so that they are taken (and their age checked) between
// two writes.
func (r *Recorder) write(ctx context.Context, force bool) {
	r.seal()
	r.expire()
	if len(r.sealed) == 0 || (!force && r.now().Before(r.retryAt)) {
		return
	}
	for len(r.sealed) > 0 {
		b := r.sealed[0]
		if err := r.writeBatch(ctx, b); err != nil {
			if r.backoff == 0 {
				r.log.Warn("click recorder: redis write failed; keeping clicks in memory", "error", err, "backlog", r.held)
			}
			maxBackoff := min(15*time.Second, max(r.opts.MaxAge/2, r.opts.Interval))
			r.backoff = min(max(2*r.backoff, time.Second), maxBackoff)
			r.retryAt = r.now().Add(r.backoff)
			r.expire()
			return
		}
		if r.backoff != 0 {
			r.log.Info("click recorder: redis reachable again", "backlog", r.held)
			r.backoff = 0
		}
		r.recorded.Add(float64(b.n))
		r.release(b.n)
		if !force && len(r.in) > 0 {
			return
		}
	}
	r.sealed = nil // release the array
}

// release takes the first sealed batch, n clicks, out of memory.
func (r *Recorder) release(n int) {
	r.sealed[0] = nil
	r.sealed = r.sealed[1:]
	r.held -= n
	r.buffered.Add(-int64(n))
	r.backlogGg.Set(float64(r.held))
}

// expire drops the sealed batches whose oldest click has been in memory MaxAge.
func (r *Recorder) expire() {
	now := r.now()
	for len(r.sealed) > 0 && !now.Before(r.sealed[0].expires) {
		n := r.sealed[0].n
		r.droppedExpired.Add(float64(n))
		r.log.Warn("click recorder: clicks dropped, not in redis within their maximum age", "count", n, "max_age", r.opts.MaxAge)
		r.release(n)
	}
}

// writeBatch runs the write script for b, within writeTimeout and before b expires. A
// batch Redis already has counts as written.
func (r *Recorder) writeBatch(ctx context.Context, b *batch) error {
	deadline := r.now().Add(writeTimeout)
	if !b.expires.IsZero() && b.expires.Before(deadline) {
		deadline = b.expires
	}
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	return writeScript.Run(ctx, r.rdb, b.keys, b.args...).Err()
}
