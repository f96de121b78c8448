package click

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// Rebuilds recompute rollups from the raw clicks: a link's days and totals (and
// links.clicks, links.unique_clicks), then an account's days from its links' days. The
// migration that introduced the rollups queues every link with clicks and their accounts
// in click_rollup_rebuilds; the flusher of any replica works through the queue (SKIP
// LOCKED), links first, an account once none of its links waits. Retention drops nothing
// while the queue is not empty.

// rebuildBudget bounds the time one flush spends on rebuilds, so new clicks keep
// flowing while a large backlog is rebuilt.
const rebuildBudget = time.Second

func (f *Flusher) rebuildQueued(ctx context.Context) error {
	start := f.now()
	for f.now().Sub(start) < rebuildBudget {
		did, err := rebuildNext(ctx, f.db)
		if err != nil || !did {
			return err
		}
	}
	return nil
}

// rebuildNext rebuilds one queued link or account; did is false when nothing was ready.
func rebuildNext(ctx context.Context, db *gorm.DB) (did bool, err error) {
	err = database.WithPgxGorm(ctx, db, func(conn *pgx.Conn) error {
		var waiting bool
		if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM click_rollup_rebuilds)`).Scan(&waiting); err != nil || !waiting {
			return err
		}
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			var kind string
			var id int64
			err := tx.QueryRow(ctx, `SELECT kind, id FROM click_rollup_rebuilds q
				WHERE kind = 'link' OR NOT EXISTS (
					SELECT 1 FROM click_rollup_rebuilds r JOIN links l ON l.id = r.id
					WHERE r.kind = 'link' AND l.account_id = q.id)
				ORDER BY kind DESC, id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&kind, &id)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("read rollup rebuilds: %w", err)
			}
			if kind == "link" {
				err = rebuildLink(ctx, tx, id)
			} else {
				err = rebuildAccount(ctx, tx, id)
			}
			if err != nil {
				return fmt.Errorf("rebuild %s %d: %w", kind, id, err)
			}
			did = true
			_, err = tx.Exec(ctx, `DELETE FROM click_rollup_rebuilds WHERE kind = $1 AND id = $2`, kind, id)
			return err
		})
	})
	return did, err
}

// RebuildLink recomputes a link's rollups from its raw clicks (tests, the statistics
// benchmark's seed); its account's days are RebuildAccount's.
func RebuildLink(ctx context.Context, db *gorm.DB, linkID int64) error {
	return database.WithPgxGorm(ctx, db, func(conn *pgx.Conn) error {
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error { return rebuildLink(ctx, tx, linkID) })
	})
}

// RebuildAccount recomputes an account's days from its links' days.
func RebuildAccount(ctx context.Context, db *gorm.DB, accountID int64) error {
	return database.WithPgxGorm(ctx, db, func(conn *pgx.Conn) error {
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error { return rebuildAccount(ctx, tx, accountID) })
	})
}

// rebuildLink replaces a link's days and totals with what its raw clicks make. The links
// row lock keeps flushes of the link out meanwhile.
func rebuildLink(ctx context.Context, tx pgx.Tx, linkID int64) error {
	var accountID int64
	err := tx.QueryRow(ctx, `SELECT account_id FROM links WHERE id = $1 FOR UPDATE`, linkID).Scan(&accountID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // deleted meanwhile: the purge removes what it had
	}
	if err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT clicked_at, visitor_hash, country, referrer_host, browser, os, social, device, language
		FROM clicks WHERE link_id = $1 ORDER BY clicked_at`, linkID)
	if err != nil {
		return err
	}
	days := map[rollupKey]*Tally{}
	totals := &Tally{}
	var (
		day    *Tally
		dayFps []uint64
		allFps []uint64
		at     time.Time
		vh     string
		c      Click
	)
	flushDay := func() {
		if day != nil {
			day.Visitors.Add(dayFps...)
			allFps = append(allFps, dayFps...)
			dayFps = dayFps[:0]
			if len(allFps) > 1<<16 {
				totals.Visitors.Add(allFps...)
				allFps = allFps[:0]
			}
		}
	}
	_, err = pgx.ForEachRow(rows, []any{&at, &vh, &c.Dims[DimCountry], &c.Dims[DimReferrer], &c.Dims[DimBrowser], &c.Dims[DimOS],
		&c.Dims[DimSocial], &c.Dims[DimDevice], &c.Dims[DimLanguage]}, func() error {
		slot := SlotOf(at.UnixMicro())
		k := rollupKey{linkID, DayOf(slot)}
		if days[k] == nil {
			flushDay()
			days[k] = &Tally{}
		}
		day = days[k]
		day.Clicks++
		day.Slots[slot-k.day*SlotsPerDay]++
		totals.Clicks++
		for d, v := range c.Dims {
			if v != "" {
				day.addValue(Dim(d), v, 1)
				totals.addValue(Dim(d), v, 1)
			}
		}
		dayFps = append(dayFps, FingerprintOfHex(vh))
		return nil
	})
	if err != nil {
		return err
	}
	flushDay()
	totals.Visitors.Add(allFps...)

	if _, err := tx.Exec(ctx, `DELETE FROM link_click_days WHERE link_id = $1`, linkID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM link_click_totals WHERE link_id = $1`, linkID); err != nil {
		return err
	}
	if err := insertTallies(ctx, tx, linkDays, days, map[int64]int64{linkID: accountID}); err != nil {
		return err
	}
	if totals.Clicks > 0 {
		if err := insertTallies(ctx, tx, linkTotals, map[rollupKey]*Tally{{linkID, 0}: totals}, nil); err != nil {
			return err
		}
	}
	_, err = tx.Exec(ctx, `UPDATE links SET clicks = $2, unique_clicks = $3 WHERE id = $1`, linkID, totals.Clicks, totals.Visitors.Count())
	return err
}

// rebuildAccount replaces an account's days with the union of its links' days.
func rebuildAccount(ctx context.Context, tx pgx.Tx, accountID int64) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, ($2 % 2147483647)::int)`, accountLockClass, accountID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM account_click_days WHERE account_id = $1`, accountID); err != nil {
		return err
	}
	var exists bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1)`, accountID).Scan(&exists); err != nil || !exists {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT (day - DATE '1970-01-01')::bigint, clicks, slots, dims, visitors FROM link_click_days
		WHERE account_id = $1 ORDER BY day`, accountID)
	if err != nil {
		return err
	}
	pending := map[rollupKey]*Tally{}
	var day int64
	var e Encoded
	_, err = pgx.ForEachRow(rows, []any{&day, &e.Clicks, &e.Slots, &e.Dims, &e.Visitors}, func() error {
		var t Tally
		if err := t.Decode(e); err != nil {
			t = Tally{Clicks: e.Clicks}
		}
		k := rollupKey{accountID, day}
		if pending[k] == nil {
			pending[k] = &Tally{}
		}
		pending[k].Merge(&t)
		return nil
	})
	if err != nil {
		return err
	}
	return insertTallies(ctx, tx, accountDays, pending, nil)
}

// insertTallies inserts new rollup rows, a thousand at a time.
func insertTallies(ctx context.Context, tx pgx.Tx, t rollupTable, tallies map[rollupKey]*Tally, accountOf map[int64]int64) error {
	keys := sortedKeys(tallies)
	enc := make(map[rollupKey]Encoded, len(keys))
	for _, k := range keys {
		enc[k] = tallies[k].Encode()
	}
	for start := 0; start < len(keys); start += 1000 {
		chunk := keys[start:min(start+1000, len(keys))]
		conflicts, err := t.insert(ctx, tx, chunk, enc, accountOf)
		if err != nil {
			return err
		}
		if len(conflicts) > 0 {
			return fmt.Errorf("%s: %d rows appeared during the rebuild", t.name, len(conflicts))
		}
	}
	return nil
}

// FingerprintOfHex is the visitor fingerprint of a stored visitor hash: its first 16
// hex digits, as the recorder derives it. A value that is not hex (rows written by hand)
// still names one visitor, through a hash of its text.
func FingerprintOfHex(s string) uint64 {
	if len(s) >= 16 {
		var b [8]byte
		if _, err := hex.Decode(b[:], []byte(s[:16])); err == nil {
			return uint64(b[0])<<56 | uint64(b[1])<<48 | uint64(b[2])<<40 | uint64(b[3])<<32 |
				uint64(b[4])<<24 | uint64(b[5])<<16 | uint64(b[6])<<8 | uint64(b[7])
		}
	}
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
