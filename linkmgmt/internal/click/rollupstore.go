package click

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
)

// rollupTable describes one rollup table: an id column, a UTC day column (day rows), and
// the Tally columns clicks, slots, dims, visitors.
type rollupTable struct {
	name  string
	idCol string
	daily bool
	// withAccount: the table also records the link's account (link_click_days, so an
	// account's link days can be found when one of its links is deleted).
	withAccount bool
}

var (
	linkDays    = rollupTable{name: "link_click_days", idCol: "link_id", daily: true, withAccount: true}
	accountDays = rollupTable{name: "account_click_days", idCol: "account_id", daily: true}
	linkTotals  = rollupTable{name: "link_click_totals", idCol: "link_id"}
)

// rollupKey names a row: the id, and the day number for day rows (0 otherwise).
type rollupKey struct {
	id  int64
	day int64
}

func sortedKeys[V any](m map[rollupKey]V) []rollupKey {
	keys := make([]rollupKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b rollupKey) int {
		if a.id != b.id {
			return cmpInt(a.id, b.id)
		}
		return cmpInt(a.day, b.day)
	})
	return keys
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (t rollupTable) keyCols() string {
	if t.daily {
		return t.idCol + ", day"
	}
	return t.idCol
}

// keyArgs are the key columns of keys as query arguments.
func (t rollupTable) keyArgs(keys []rollupKey) []any {
	ids := make([]int64, len(keys))
	days := make([]time.Time, len(keys))
	for i, k := range keys {
		ids[i], days[i] = k.id, DayTime(k.day)
	}
	if t.daily {
		return []any{ids, days}
	}
	return []any{ids}
}

func (t rollupTable) unnestKeys() string {
	if t.daily {
		return "unnest($1::bigint[], $2::date[]) AS k(id, day)"
	}
	return "unnest($1::bigint[]) AS k(id)"
}

func (t rollupTable) joinKeys() string {
	if t.daily {
		return "t." + t.idCol + " = k.id AND t.day = k.day"
	}
	return "t." + t.idCol + " = k.id"
}

func (t rollupTable) selectSQL(lock bool) string {
	day := "0::bigint"
	if t.daily {
		day = "(t.day - DATE '1970-01-01')::bigint"
	}
	forUpdate := ""
	if lock {
		forUpdate = " FOR UPDATE OF t"
	}
	return fmt.Sprintf(`SELECT t.%s, %s, t.clicks, t.slots, t.dims, t.visitors FROM %s t JOIN %s ON %s ORDER BY 1, 2%s`,
		t.idCol, day, t.name, t.unnestKeys(), t.joinKeys(), forUpdate)
}

// readForUpdate locks and reads the rows of keys that exist.
func (t rollupTable) readForUpdate(ctx context.Context, tx pgx.Tx, keys []rollupKey) (map[rollupKey]Encoded, error) {
	return t.read(ctx, tx, keys, true)
}

// read reads the rows of keys that exist, locking them when lock is set.
func (t rollupTable) read(ctx context.Context, tx pgx.Tx, keys []rollupKey, lock bool) (map[rollupKey]Encoded, error) {
	rows, err := tx.Query(ctx, t.selectSQL(lock), t.keyArgs(keys)...)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", t.name, err)
	}
	out := make(map[rollupKey]Encoded, len(keys))
	// Scanning into []byte copies: each row's columns are its own.
	var k rollupKey
	var e Encoded
	if _, err := pgx.ForEachRow(rows, []any{&k.id, &k.day, &e.Clicks, &e.Slots, &e.Dims, &e.Visitors}, func() error {
		out[k] = e
		return nil
	}); err != nil {
		return nil, fmt.Errorf("read %s: %w", t.name, err)
	}
	return out, nil
}

// insert adds the rows of keys (rows holds each key's final tally, encoded). A key
// another transaction inserted first is reported back in conflicts.
func (t rollupTable) insert(ctx context.Context, tx pgx.Tx, keys []rollupKey, rows map[rollupKey]Encoded, accountOf map[int64]int64) (conflicts []rollupKey, err error) {
	if len(keys) == 0 {
		return nil, nil
	}
	args := t.keyArgs(keys)
	cols := t.keyCols()
	vals := "unnest($1::bigint[]"
	if t.daily {
		vals += ", $2::date[]"
	}
	n := len(args)
	if t.withAccount {
		accounts := make([]int64, len(keys))
		for i, k := range keys {
			accounts[i] = accountOf[k.id]
		}
		args = append(args, accounts)
		n++
		cols += ", account_id"
		vals += fmt.Sprintf(", $%d::bigint[]", n)
	}
	clicks, slots, dims, vis := encodedColumns(keys, rows)
	args = append(args, clicks, slots, dims, vis)
	vals += fmt.Sprintf(", $%d::bigint[], $%d::bytea[], $%d::bytea[], $%d::bytea[])", n+1, n+2, n+3, n+4)
	day := "0::bigint"
	if t.daily {
		day = "(day - DATE '1970-01-01')::bigint"
	}
	sql := fmt.Sprintf(`INSERT INTO %s (%s, clicks, slots, dims, visitors) SELECT * FROM %s ON CONFLICT DO NOTHING RETURNING %s, %s`,
		t.name, cols, vals, t.idCol, day)
	res, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("insert %s: %w", t.name, err)
	}
	done := make(map[rollupKey]bool, len(keys))
	for res.Next() {
		var k rollupKey
		if err := res.Scan(&k.id, &k.day); err != nil {
			res.Close()
			return nil, fmt.Errorf("insert %s: %w", t.name, err)
		}
		done[k] = true
	}
	if err := res.Err(); err != nil {
		return nil, fmt.Errorf("insert %s: %w", t.name, err)
	}
	for _, k := range keys {
		if !done[k] {
			conflicts = append(conflicts, k)
		}
	}
	return conflicts, nil
}

func (t rollupTable) update(ctx context.Context, tx pgx.Tx, keys []rollupKey, rows map[rollupKey]Encoded) error {
	if len(keys) == 0 {
		return nil
	}
	args := t.keyArgs(keys)
	n := len(args)
	clicks, slots, dims, vis := encodedColumns(keys, rows)
	args = append(args, clicks, slots, dims, vis)
	var sql string
	if t.daily {
		sql = fmt.Sprintf(`UPDATE %s t SET clicks = u.clicks, slots = u.slots, dims = u.dims, visitors = u.visitors
FROM unnest($1::bigint[], $2::date[], $%d::bigint[], $%d::bytea[], $%d::bytea[], $%d::bytea[]) AS u(id, day, clicks, slots, dims, visitors)
WHERE t.%s = u.id AND t.day = u.day`, t.name, n+1, n+2, n+3, n+4, t.idCol)
	} else {
		sql = fmt.Sprintf(`UPDATE %s t SET clicks = u.clicks, slots = u.slots, dims = u.dims, visitors = u.visitors
FROM unnest($1::bigint[], $%d::bigint[], $%d::bytea[], $%d::bytea[], $%d::bytea[]) AS u(id, clicks, slots, dims, visitors)
WHERE t.%s = u.id`, t.name, n+1, n+2, n+3, n+4, t.idCol)
	}
	if _, err := tx.Exec(ctx, sql, args...); err != nil {
		return fmt.Errorf("update %s: %w", t.name, err)
	}
	return nil
}

func encodedColumns(keys []rollupKey, rows map[rollupKey]Encoded) (clicks []int64, slots, dims, vis [][]byte) {
	clicks = make([]int64, len(keys))
	slots, dims, vis = make([][]byte, len(keys)), make([][]byte, len(keys)), make([][]byte, len(keys))
	for i, k := range keys {
		e := rows[k]
		clicks[i], slots[i], dims[i], vis[i] = e.Clicks, nonNil(e.Slots), nonNil(e.Dims), nonNil(e.Visitors)
	}
	return clicks, slots, dims, vis
}

// nonNil keeps empty columns empty rather than NULL.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// merge adds the deltas to the table's rows, creating those that do not exist, and
// returns every row's tally after the merge (decoded). The caller holds the locks that
// keep every other writer of these rows out (the links rows for a link's rows, the
// account's advisory lock for an account's: flushes, rebuilds and purges all take
// them), so rows are read without a row lock of their own: FOR UPDATE would write
// each row's lock to the heap and the WAL once more before the update does.
// A stored row that cannot be decoded is logged and replaced by its clicks and the
// delta: a damaged row must not stop every later flush of its link.
func (t rollupTable) merge(ctx context.Context, tx pgx.Tx, log *slog.Logger, deltas map[rollupKey]*Tally, accountOf map[int64]int64) (map[rollupKey]*Tally, error) {
	keys := sortedKeys(deltas)
	if len(keys) == 0 {
		return nil, nil
	}
	after := make(map[rollupKey]*Tally, len(keys))
	final := make(map[rollupKey]Encoded, len(keys))
	existing, err := t.read(ctx, tx, keys, false)
	if err != nil {
		return nil, err
	}
	apply := func(k rollupKey, stored Encoded, found bool) {
		total := &Tally{}
		if found {
			if err := total.Decode(stored); err != nil {
				log.ErrorContext(ctx, "click rollup row unreadable; keeping its clicks, restarting the rest", "table", t.name, "id", k.id, "day", k.day, "error", err)
				total = &Tally{Clicks: stored.Clicks}
			}
		}
		total.Merge(deltas[k])
		final[k] = total.Encode()
		after[k] = total
	}
	var updates, inserts []rollupKey
	for _, k := range keys {
		if e, ok := existing[k]; ok {
			apply(k, e, true)
			updates = append(updates, k)
		} else {
			apply(k, Encoded{}, false)
			inserts = append(inserts, k)
		}
	}
	conflicts, err := t.insert(ctx, tx, inserts, final, accountOf)
	if err != nil {
		return nil, err
	}
	if len(conflicts) > 0 {
		// Inserted by another transaction since the read (a writer that did not take
		// the locks above): lock and merge them now.
		again, err := t.readForUpdate(ctx, tx, conflicts)
		if err != nil {
			return nil, err
		}
		for _, k := range conflicts {
			e, ok := again[k]
			apply(k, e, ok)
		}
		updates = append(updates, conflicts...)
		slices.SortFunc(updates, func(a, b rollupKey) int {
			if a.id != b.id {
				return cmpInt(a.id, b.id)
			}
			return cmpInt(a.day, b.day)
		})
	}
	return after, t.update(ctx, tx, updates, final)
}
