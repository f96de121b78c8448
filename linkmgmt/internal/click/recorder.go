package click

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// RecorderOptions tune the recorder; zero values take the defaults.
type RecorderOptions struct {
	QueueSize  int           // hits waiting for the enricher (default 32768, about 5 MB)
	MaxBacklog int           // enriched events held in memory while Redis is down (default 50000)
	BatchSize  int           // events per Redis MULTI/EXEC (default 500)
	Interval   time.Duration // longest wait before a partial batch is written (default 50ms)
}

func (o *RecorderOptions) defaults() {
	if o.QueueSize <= 0 {
		o.QueueSize = 32768
	}
	if o.MaxBacklog <= 0 {
		o.MaxBacklog = 50000
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 500
	}
	if o.Interval <= 0 {
		o.Interval = 50 * time.Millisecond
	}
}

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
	backlog []Event

	retryAt time.Time
	backoff time.Duration

	recorded  prometheus.Counter
	dropped   *prometheus.CounterVec
	ignored   *prometheus.CounterVec
	backlogGg prometheus.Gauge
}

// NewRecorder returns a recorder; call Run to start it.
func NewRecorder(rdb *redis.Client, loc *geo.Locator, log *slog.Logger, opts RecorderOptions) *Recorder {
	opts.defaults()
	return &Recorder{
		opts:   opts,
		rdb:    rdb,
		loc:    loc,
		log:    log,
		in:     make(chan Hit, opts.QueueSize),
		sync:   make(chan chan error),
		done:   make(chan struct{}),
		agents: newAgentCache(),
		recorded: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "clicks_recorded_total",
			Help: "Human clicks written to Redis (pending flush to Postgres).",
		}),
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "clicks_dropped_total",
			Help: "Clicks lost: queue full (buffer_full) or Redis unreachable past the in-memory bound (redis_unavailable).",
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
}

// Collectors are the recorder's metrics, for the service's registry.
func (r *Recorder) Collectors() []prometheus.Collector {
	return []prometheus.Collector{r.recorded, r.dropped, r.ignored, r.backlogGg}
}

// Record queues a hit without ever blocking: when the queue is full the hit is dropped
// and counted.
func (r *Recorder) Record(h Hit) {
	select {
	case r.in <- h.bounded():
	default:
		r.dropped.WithLabelValues("buffer_full").Inc()
	}
}

// Ignore counts a request that is deliberately not recorded (HEAD, bots seen early).
func (r *Recorder) Ignore(reason string) { r.ignored.WithLabelValues(reason).Inc() }

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
			if len(r.backlog) >= r.opts.BatchSize {
				r.write(ctx, false)
			}
		case <-tick.C:
			r.write(ctx, false)
		case reply := <-r.sync:
			r.drainQueue()
			r.write(ctx, true)
			if n := len(r.backlog); n > 0 {
				reply <- fmt.Errorf("%d clicks still wait for redis", n)
			} else {
				reply <- nil
			}
		case <-ctx.Done():
			r.drainQueue()
			final, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			r.write(final, true)
			cancel()
			if n := len(r.backlog); n > 0 {
				r.dropped.WithLabelValues("redis_unavailable").Add(float64(n))
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
	ev, ok := enrich(h, r.agents, r.loc)
	if !ok {
		r.ignored.WithLabelValues("bot").Inc()
		return
	}
	if len(r.backlog) >= r.opts.MaxBacklog {
		r.dropped.WithLabelValues("redis_unavailable").Inc()
		return
	}
	r.backlog = append(r.backlog, ev)
	r.backlogGg.Set(float64(len(r.backlog)))
}

// write sends the backlog to Redis in batches. After a failure it waits (1 s doubling
// to 15 s) before trying again, unless force is set.
func (r *Recorder) write(ctx context.Context, force bool) {
	if len(r.backlog) == 0 || (!force && time.Now().Before(r.retryAt)) {
		return
	}
	for len(r.backlog) > 0 {
		n := min(len(r.backlog), r.opts.BatchSize)
		if err := r.writeBatch(ctx, r.backlog[:n]); err != nil {
			if r.backoff == 0 {
				r.log.Warn("click recorder: redis write failed; keeping clicks in memory", "error", err, "backlog", len(r.backlog))
			}
			r.backoff = min(max(2*r.backoff, time.Second), 15*time.Second)
			r.retryAt = time.Now().Add(r.backoff)
			return
		}
		if r.backoff != 0 {
			r.log.Info("click recorder: redis reachable again", "backlog", len(r.backlog))
			r.backoff = 0
		}
		r.recorded.Add(float64(n))
		r.backlog = r.backlog[n:]
		r.backlogGg.Set(float64(len(r.backlog)))
	}
	r.backlog = nil // release the array
}

// writeBatch adds the batch to the stream as one entry and its aggregated counts to the
// pending counters, atomically (MULTI/EXEC), so the counters always equal what the
// stream holds until the flusher takes both off together. One entry and one HINCRBY per
// (link, field) keeps Redis work per click tiny.
func (r *Recorder) writeBatch(ctx context.Context, events []Event) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	raw, err := json.Marshal(entry{Events: events})
	if err != nil {
		return err
	}
	counts := countsOf(events)
	visitors := map[int64][]any{}
	for _, ev := range events {
		visitors[ev.LinkID] = append(visitors[ev.LinkID], ev.Visitor)
	}
	_, err = r.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.XAdd(ctx, &redis.XAddArgs{Stream: streamKey, Values: []string{"e", string(raw)}})
		for _, c := range counts {
			p.HIncrBy(ctx, pendingKey(c.linkID), c.field, c.n)
		}
		for linkID, v := range visitors {
			p.PFAdd(ctx, uniqueKey(linkID), v...)
		}
		return nil
	})
	return err
}
