package analytics

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/visitors"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// Report is the answer to a query: totals, the series and the clicks per dimension
// value over the period.
type Report struct {
	Clicks       int64
	UniqueClicks int64
	Series       []Point
	Dims         [click.NumDims]map[string]int64
}

// Point is one bucket of the series.
type Point struct {
	Start  time.Time // UTC; shown in the query's zone
	Clicks int64
}

// Reader answers queries.
type Reader struct {
	db        *gorm.DB
	pending   *click.PendingReader
	retention click.Retention
	log       *slog.Logger
	now       func() time.Time
}

// NewReader returns a Reader; retention is CLICK_RETENTION (what the raw clicks cover).
func NewReader(db *gorm.DB, pending *click.PendingReader, retention click.Retention, log *slog.Logger) *Reader {
	return &Reader{db: db, pending: pending, retention: retention, log: log, now: time.Now}
}

// statementTimeout bounds each query of a report: a question too large for the raw
// table (filters over years of a busy account) gets a clear refusal, not a stuck pool.
const statementTimeout = 15 * time.Second

// horizon is the oldest instant the raw clicks still cover.
func (r *Reader) horizon() time.Time {
	if r.retention.Forever() {
		return time.Time{}
	}
	return r.retention.Horizon(r.now())
}

// Report answers q about the clicks of sc.
//
// Without filters: the series comes from the 15-minute slots of the scope's day rollups
// (exact in every zone); totals, breakdowns and visitors from the days wholly inside the
// period, plus the raw clicks of the partial UTC days at its ends (a zone other than
// UTC); plus what Redis holds that is not flushed yet. With filters: from the raw clicks,
// which cover CLICK_RETENTION (flushed clicks only).
func (r *Reader) Report(ctx context.Context, sc Scope, q Query) (Report, error) {
	b := BucketsOf(q)
	rep := Report{Series: make([]Point, len(b.Starts))}
	for i, s := range b.Starts {
		rep.Series[i].Start = s
	}
	for d := range rep.Dims {
		rep.Dims[d] = map[string]int64{}
	}
	start, _ := q.Bounds()
	if !sc.Whole() && len(sc.Links) == 0 {
		return rep, nil // a QR code without a short link, an empty campaign
	}
	var err error
	if q.Filters.Any() {
		if h := r.horizon(); start.Before(h) {
			return rep, invalid("from", fmt.Sprintf("filters read the raw clicks, kept %s: from must be on or after %s in this zone",
				r.retention, DateOf(h.In(q.Zone)).AddDays(1)))
		}
		err = r.filtered(ctx, sc, q, b, &rep)
	} else {
		err = r.rolledUp(ctx, sc, q, b, &rep)
	}
	if err != nil {
		return rep, err
	}
	for _, p := range rep.Series {
		rep.Clicks += p.Clicks
	}
	rep.UniqueClicks = min(rep.UniqueClicks, rep.Clicks) // an estimate (past 2048) can overshoot
	return rep, nil
}

// utcDay is the UTC day number holding t.
func utcDay(t time.Time) int64 { return click.DayNumber(t) }

// rolledUp answers without filters, in four steps: the plan of the period's UTC days
// (planDays, a plain value); the day rollups, and the raw clicks of the partial days,
// read in one read-only transaction; what Redis holds that is not flushed yet; then the
// breakdowns and visitors gathered are written into rep.
func (r *Reader) rolledUp(ctx context.Context, sc Scope, q Query, b Buckets, rep *Report) error {
	start, end := q.Bounds()
	plan := planDays(start, end, r.horizon())
	var acc gathered
	err := r.withTx(ctx, func(tx pgx.Tx) error {
		if err := r.readDayRollups(ctx, tx, sc, plan, b, rep, &acc); err != nil {
			return err
		}
		for _, rg := range plan.raw {
			agg, err := rawScan(ctx, tx, sc, rg[0], rg[1])
			if err != nil {
				return err
			}
			acc.addRaw(agg)
		}
		return nil
	})
	if err != nil {
		return err
	}
	pending, ok := r.pending.Read(ctx, pendingScopes(sc))
	if !ok {
		r.log.WarnContext(ctx, "click analytics: redis unreachable; answering from postgres only")
	}
	acc.addPending(pending, b, rep)
	acc.into(rep)
	return nil
}

// dayPlan says where each UTC day of a period is read from. The days wholly inside it
// (full..fullTo) count whole from their rollups; the partial days at its ends (the
// period's bounds in a zone other than UTC) count the raw clicks of their part (raw)
// while those exist, and past the retention their whole rollup where most of the day is
// inside the period (whole). The series is the rollups' slots in every case.
type dayPlan struct {
	first, last      int64 // the UTC days the period touches
	fullFrom, fullTo int64
	raw              [][2]time.Time
	whole            map[int64]bool
}

// planDays plans the period [start, end) with the raw clicks kept from horizon on.
func planDays(start, end, horizon time.Time) dayPlan {
	p := dayPlan{first: utcDay(start), last: utcDay(end.Add(-time.Microsecond)), whole: map[int64]bool{}}
	p.fullFrom, p.fullTo = p.first, p.last
	if !click.DayTime(p.first).Equal(start) {
		p.fullFrom++
	}
	if !click.DayTime(p.last + 1).Equal(end) {
		p.fullTo--
	}
	for _, day := range []int64{p.first, p.last} {
		if day >= p.fullFrom && day <= p.fullTo {
			continue
		}
		from, to := maxTime(click.DayTime(day), start), minTime(click.DayTime(day+1), end)
		if len(p.raw) > 0 && p.raw[len(p.raw)-1] == [2]time.Time{from, to} {
			continue // the period is within one UTC day
		}
		if from.Before(horizon) {
			p.whole[day] = to.Sub(from) >= 12*time.Hour
			continue
		}
		p.raw = append(p.raw, [2]time.Time{from, to})
	}
	return p
}

// countsWhole reports whether a day's rollup breakdowns and visitors count.
func (p dayPlan) countsWhole(day int64) bool {
	return (day >= p.fullFrom && day <= p.fullTo) || p.whole[day]
}

// gathered are the breakdowns and visitors read so far.
type gathered struct {
	dims [click.NumDims]click.DimCounts
	seen visitors.Set
}

// readDayRollups adds the scope's day rollups of the plan's days: every slot to the
// series, the breakdowns and visitors of the days that count whole to acc. An unreadable
// row is logged and counts what could be read of it.
func (r *Reader) readDayRollups(ctx context.Context, tx pgx.Tx, sc Scope, plan dayPlan, b Buckets, rep *Report, acc *gathered) error {
	table, owner, args := "link_click_days", "link_id = ANY($1)", []any{sc.Links}
	if sc.Whole() {
		table, owner, args = "account_click_days", "account_id = $1", []any{sc.AccountID}
	}
	args = append(args, click.DayTime(plan.first), click.DayTime(plan.last))
	rows, err := tx.Query(ctx, `SELECT (day - DATE '1970-01-01')::bigint, slots, dims, visitors FROM `+table+`
		WHERE `+owner+` AND day BETWEEN $2 AND $3`, args...)
	if err != nil {
		return fmt.Errorf("read day rollups: %w", err)
	}
	var slots [click.SlotsPerDay]int64
	var day int64
	var slotBytes, dimBytes, visitorBytes []byte
	_, err = pgx.ForEachRow(rows, []any{&day, &slotBytes, &dimBytes, &visitorBytes}, func() error {
		slots = [click.SlotsPerDay]int64{}
		if err := click.DecodeSlots(slotBytes, &slots); err != nil {
			r.log.ErrorContext(ctx, "click rollup slots unreadable; the day counts nothing", "scope", sc.Kind, "id", sc.ID, "day", day, "error", err)
			return nil
		}
		for i, n := range slots {
			if n > 0 {
				if idx := b.index(click.SlotTime(day*click.SlotsPerDay + int64(i))); idx >= 0 {
					rep.Series[idx].Clicks += n
				}
			}
		}
		if plan.countsWhole(day) {
			if err := click.DecodeDims(dimBytes, &acc.dims); err != nil {
				r.log.ErrorContext(ctx, "click rollup dimensions unreadable", "scope", sc.Kind, "id", sc.ID, "day", day, "error", err)
			}
			if err := acc.seen.MergeEncoded(visitorBytes); err != nil {
				r.log.ErrorContext(ctx, "click rollup visitors unreadable", "scope", sc.Kind, "id", sc.ID, "day", day, "error", err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("read day rollups: %w", err)
	}
	return nil
}

// addRaw adds the breakdowns and visitors of raw clicks.
func (g *gathered) addRaw(agg rawAgg) {
	for d := range agg.dims {
		for v, n := range agg.dims[d] {
			g.dims[d].Values = addTo(g.dims[d].Values, v, n)
		}
	}
	g.seen.Add(agg.visitors...)
}

// pendingScopes are the Redis counters of sc: its account's, or each of its links'.
func pendingScopes(sc Scope) []click.Scope {
	if sc.Whole() {
		return []click.Scope{{ID: sc.AccountID, Account: true}}
	}
	out := make([]click.Scope, 0, len(sc.Links))
	for _, id := range sc.Links {
		out = append(out, click.Scope{ID: id})
	}
	return out
}

// addPending adds what Redis holds within the buckets: clicks to the series, breakdowns
// and visitors to g.
func (g *gathered) addPending(pending []click.Pending, b Buckets, rep *Report) {
	var fps []uint64
	for _, p := range pending {
		for slot, counts := range p.Slots {
			idx := b.index(click.SlotTime(slot))
			if idx < 0 {
				continue
			}
			rep.Series[idx].Clicks += counts.Clicks
			for d := range counts.Dims {
				for v, n := range counts.Dims[d].Values {
					g.dims[d].Values = addTo(g.dims[d].Values, v, n)
				}
			}
			fps = append(fps, counts.Visitors...)
		}
	}
	g.seen.Add(fps...)
}

// into writes the breakdowns and the unique count gathered into rep.
func (g *gathered) into(rep *Report) {
	for d := range g.dims {
		for v, n := range g.dims[d].Values {
			rep.Dims[d][v] += n
		}
	}
	rep.UniqueClicks = g.seen.Count()
}

// filtered answers from the raw clicks alone.
func (r *Reader) filtered(ctx context.Context, sc Scope, q Query, b Buckets, rep *Report) error {
	start, end := q.Bounds()
	return r.withTx(ctx, func(tx pgx.Tx) error {
		agg, err := rawAggregate(ctx, tx, sc, start, end, q.Filters)
		if err != nil {
			return err
		}
		for slot, n := range agg.slots {
			if idx := b.index(click.SlotTime(slot)); idx >= 0 {
				rep.Series[idx].Clicks += n
			}
		}
		for d := range agg.dims {
			for v, n := range agg.dims[d] {
				rep.Dims[d][v] += n
			}
		}
		rep.UniqueClicks = agg.distinct
		return nil
	})
}

// withTx runs fn in a read-only transaction with the report's statement timeout.
func (r *Reader) withTx(ctx context.Context, fn func(pgx.Tx) error) error {
	return database.WithPgxGorm(ctx, r.db, func(pc *pgx.Conn) error {
		return pgx.BeginTxFunc(ctx, pc, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, fmt.Sprintf(`SET LOCAL statement_timeout = %d`, statementTimeout.Milliseconds())); err != nil {
				return err
			}
			err := fn(tx)
			if isStatementTimeout(err) {
				return ErrTooSlow.Because(err)
			}
			return err
		})
	})
}

// rawAgg is what rawAggregate and rawScan count.
type rawAgg struct {
	slots    map[int64]int64
	dims     [click.NumDims]map[string]int64
	visitors []uint64 // distinct visitors (rawScan)
	distinct int64    // count of distinct visitors (rawAggregate)
}

func newRawAgg() rawAgg {
	agg := rawAgg{slots: map[int64]int64{}}
	for d := range agg.dims {
		agg.dims[d] = map[string]int64{}
	}
	return agg
}

// rawAggregate counts, in SQL, the raw clicks of sc in [from, to) that pass the
// filters: per slot, per dimension value, and their distinct visitors (a filtered
// question can cover months: Postgres aggregates, only counts travel).
func rawAggregate(ctx context.Context, tx pgx.Tx, sc Scope, from, to time.Time, f Filters) (rawAgg, error) {
	agg := newRawAgg()
	where, args := rawWhere(sc, from, to, f)
	cols := make([]string, 0, click.NumDims)
	sets := []string{"(slot)"}
	for d := range click.NumDims {
		cols = append(cols, "c."+d.Column())
		sets = append(sets, "("+d.Column()+")")
	}
	rows, err := tx.Query(ctx, `SELECT slot, `+strings.Join(dimColumns(), ", ")+`, count(*)
		FROM (SELECT floor(extract(epoch FROM c.clicked_at) / `+fmt.Sprint(click.SlotSeconds)+`)::bigint AS slot, `+strings.Join(cols, ", ")+`
		      FROM clicks c WHERE `+where+`) s
		GROUP BY GROUPING SETS (`+strings.Join(sets, ", ")+`)`, args...)
	if err != nil {
		return agg, fmt.Errorf("count raw clicks: %w", err)
	}
	// A grouping set's row has its own column set, the others NULL.
	var slot *int64
	var values [click.NumDims]*string
	var n int64
	dest := []any{&slot}
	for d := range values {
		dest = append(dest, &values[d])
	}
	dest = append(dest, &n)
	_, err = pgx.ForEachRow(rows, dest, func() error {
		if slot != nil {
			agg.slots[*slot] += n
			return nil
		}
		for d, v := range values {
			if v != nil && *v != "" {
				agg.dims[d][*v] += n
			}
		}
		return nil
	})
	if err != nil {
		return agg, fmt.Errorf("count raw clicks: %w", err)
	}
	err = tx.QueryRow(ctx, `SELECT count(DISTINCT c.visitor_hash) FROM clicks c WHERE `+where, args...).Scan(&agg.distinct)
	if err != nil {
		return agg, fmt.Errorf("count raw visitors: %w", err)
	}
	return agg, nil
}

// rawScan reads the raw clicks of sc in [from, to) once and counts them in Go: per
// dimension value, and their distinct visitors. For short ranges (a partial day): one
// index range scan, where SQL aggregation would sort the rows once per dimension.
func rawScan(ctx context.Context, tx pgx.Tx, sc Scope, from, to time.Time) (rawAgg, error) {
	agg := newRawAgg()
	where, args := rawWhere(sc, from, to, Filters{})
	rows, err := tx.Query(ctx, `SELECT c.visitor_hash, c.`+strings.Join(dimColumns(), ", c.")+` FROM clicks c WHERE `+where, args...)
	if err != nil {
		return agg, fmt.Errorf("read raw clicks: %w", err)
	}
	var (
		visitor string
		values  [click.NumDims]string
	)
	dest := []any{&visitor}
	for d := range values {
		dest = append(dest, &values[d])
	}
	seen := map[string]bool{}
	_, err = pgx.ForEachRow(rows, dest, func() error {
		for d, v := range values {
			if v != "" {
				agg.dims[d][v]++
			}
		}
		if !seen[visitor] {
			seen[visitor] = true
			agg.visitors = append(agg.visitors, click.FingerprintOfHex(visitor))
		}
		return nil
	})
	if err != nil {
		return agg, fmt.Errorf("read raw clicks: %w", err)
	}
	return agg, nil
}

func dimColumns() []string {
	out := make([]string, click.NumDims)
	for d := range click.NumDims {
		out[d] = d.Column()
	}
	return out
}

// rawWhere is the condition selecting the raw clicks of sc in [from, to) that pass f,
// and its arguments ($1...).
func rawWhere(sc Scope, from, to time.Time, f Filters) (string, []any) {
	var where string
	args := []any{}
	if sc.Whole() {
		// The account's raw clicks, as its rollups count them (clicks_account_time_idx).
		where = "c.account_id = $1"
		args = append(args, sc.AccountID)
	} else {
		where = "c.link_id = ANY($1)"
		args = append(args, sc.Links)
	}
	args = append(args, from, to)
	where += " AND c.clicked_at >= $2 AND c.clicked_at < $3"
	for d, v := range f {
		if v == "" {
			continue
		}
		args = append(args, v)
		col := "c." + click.Dim(d).Column()
		switch click.Dim(d) {
		case click.DimBrowser, click.DimOS:
			where += fmt.Sprintf(" AND lower(%s) = lower($%d)", col, len(args))
		default:
			where += fmt.Sprintf(" AND %s = $%d", col, len(args))
		}
	}
	return where, args
}

func addTo(m map[string]int64, v string, n int64) map[string]int64 {
	if m == nil {
		m = map[string]int64{}
	}
	m[v] += n
	return m
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// isStatementTimeout reports whether Postgres cancelled a statement for taking longer
// than statement_timeout.
func isStatementTimeout(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "57014"
}
