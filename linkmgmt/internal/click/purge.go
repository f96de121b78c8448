package click

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/loyaltylinks/platform/linkmgmt/internal/visitors"
	"github.com/loyaltylinks/platform/shared/database"
)

// purgeBatchSize is how many deleted links one purge transaction handles.
const purgeBatchSize = 50

// purgeRedisTimeout bounds the Redis call of a purge, which runs inside a transaction.
const purgeRedisTimeout = 2 * time.Second

// purgeDeleted removes what deleted links left behind, for the ids the links_queue_purges
// trigger queued in link_purges (direct deletes and those cascading from a domain or an
// account alike): their raw clicks, their rollups (link days and totals; their share of
// their account's days is taken off, and the account's visitors of those days rebuilt
// from its other links), and their Redis keys. Several replicas share the queue (SKIP
// LOCKED); a batch whose Redis keys could not be removed stays queued for the next pass.
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
	err := database.WithPgxGorm(ctx, f.db, func(conn *pgx.Conn) error {
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `SELECT link_id FROM link_purges ORDER BY link_id LIMIT $1 FOR UPDATE SKIP LOCKED`, purgeBatchSize)
			if err != nil {
				return fmt.Errorf("read link purges: %w", err)
			}
			ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
			if err != nil {
				return fmt.Errorf("read link purges: %w", err)
			}
			if len(ids) == 0 {
				return nil
			}
			if _, err := tx.Exec(ctx, `DELETE FROM clicks WHERE link_id = ANY($1)`, ids); err != nil {
				return fmt.Errorf("delete clicks of deleted links: %w", err)
			}
			if err := purgeRollups(ctx, tx, f.log, ids); err != nil {
				return err
			}
			rctx, cancel := context.WithTimeout(ctx, purgeRedisTimeout)
			defer cancel()
			if err := f.deleteLinkKeys(rctx, ids); err != nil {
				return fmt.Errorf("delete redis keys of deleted links: %w", err)
			}
			_, err = tx.Exec(ctx, `DELETE FROM link_purges WHERE link_id = ANY($1)`, ids)
			return err
		})
	})
	if err != nil {
		return 0, err
	}
	return len(ids), nil
}

// purgeRollups removes the rollups of deleted links: their days come off their
// accounts' days (counts subtracted; the day's visitors rebuilt from the account's other
// links, since visitors cannot be subtracted), then their own rows go. An account deleted
// with its links has no days left to adjust.
func purgeRollups(ctx context.Context, tx pgx.Tx, log *slog.Logger, ids []int64) error {
	rows, err := tx.Query(ctx, `SELECT account_id, (day - DATE '1970-01-01')::bigint, clicks, slots, dims FROM link_click_days
		WHERE link_id = ANY($1) AND account_id IN (SELECT id FROM accounts) ORDER BY 1, 2`, ids)
	if err != nil {
		return fmt.Errorf("read days of deleted links: %w", err)
	}
	shares := map[rollupKey]*Tally{}
	var accounts []int64
	var k rollupKey
	var e Encoded
	_, err = pgx.ForEachRow(rows, []any{&k.id, &k.day, &e.Clicks, &e.Slots, &e.Dims}, func() error {
		t := &Tally{}
		if err := t.Decode(e); err != nil {
			log.ErrorContext(ctx, "click rollup row of a deleted link unreadable; taking its clicks off only", "account", k.id, "error", err)
			t = &Tally{Clicks: e.Clicks}
		}
		if share, ok := shares[k]; ok {
			share.Merge(t)
			return nil
		}
		shares[k] = t
		if len(accounts) == 0 || accounts[len(accounts)-1] != k.id {
			accounts = append(accounts, k.id)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("read days of deleted links: %w", err)
	}
	if len(shares) > 0 {
		if _, err := tx.Exec(ctx, `SELECT count(pg_advisory_xact_lock($1, k)) FROM (SELECT DISTINCT (a % 2147483647)::int AS k FROM unnest($2::bigint[]) a ORDER BY 1) s`, accountLockClass, accounts); err != nil {
			return fmt.Errorf("lock accounts: %w", err)
		}
		keys := sortedKeys(shares)
		stored, err := accountDays.readForUpdate(ctx, tx, keys)
		if err != nil {
			return err
		}
		// The visitors of each day from the account's other links.
		remaining, err := otherLinksVisitors(ctx, tx, keys, ids)
		if err != nil {
			return err
		}
		final := make(map[rollupKey]Encoded, len(keys))
		var updates, empty []rollupKey
		for _, k := range keys {
			e, ok := stored[k]
			if !ok {
				continue
			}
			t := &Tally{}
			if err := t.Decode(e); err != nil {
				t = &Tally{Clicks: e.Clicks}
			}
			t.Subtract(shares[k])
			t.Visitors = remaining[k]
			if t.Clicks == 0 {
				empty = append(empty, k)
				continue
			}
			final[k] = t.Encode()
			updates = append(updates, k)
		}
		if err := accountDays.update(ctx, tx, updates, final); err != nil {
			return err
		}
		if len(empty) > 0 {
			if _, err := tx.Exec(ctx, `DELETE FROM account_click_days t USING `+accountDays.unnestKeys()+` WHERE `+accountDays.joinKeys(), accountDays.keyArgs(empty)...); err != nil {
				return fmt.Errorf("delete emptied account days: %w", err)
			}
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM link_click_days WHERE link_id = ANY($1)`, ids); err != nil {
		return fmt.Errorf("delete days of deleted links: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM link_click_totals WHERE link_id = ANY($1)`, ids); err != nil {
		return fmt.Errorf("delete totals of deleted links: %w", err)
	}
	return nil
}

// otherLinksVisitors are, for each (account, day) key, the union of the visitors of the
// account's links other than the deleted ones on that day.
func otherLinksVisitors(ctx context.Context, tx pgx.Tx, keys []rollupKey, deleted []int64) (map[rollupKey]visitors.Set, error) {
	args := append(accountDays.keyArgs(keys), deleted)
	rows, err := tx.Query(ctx, `SELECT t.account_id, (t.day - DATE '1970-01-01')::bigint, t.visitors
		FROM link_click_days t JOIN `+accountDays.unnestKeys()+` ON t.account_id = k.id AND t.day = k.day
		WHERE t.link_id <> ALL($3)`, args...)
	if err != nil {
		return nil, fmt.Errorf("read visitors of the other links: %w", err)
	}
	out := make(map[rollupKey]visitors.Set, len(keys))
	var k rollupKey
	var enc []byte
	_, err = pgx.ForEachRow(rows, []any{&k.id, &k.day, &enc}, func() error {
		s := out[k]
		_ = s.MergeEncoded(enc) // an unreadable set adds nobody
		out[k] = s
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read visitors of the other links: %w", err)
	}
	return out, nil
}

// linkKeys are the Redis keys the click pipeline keeps for the links: the pending
// counters and details, and the visitor HyperLogLog of the version before.
func linkKeys(ids []int64) []string {
	keys := make([]string, 0, 3*len(ids))
	for _, id := range ids {
		keys = append(keys, pendingKey(id), detailKey(id), uniqueKey(id))
	}
	return keys
}

func (f *Flusher) deleteLinkKeys(ctx context.Context, ids []int64) error {
	return f.rdb.Del(ctx, linkKeys(ids)...).Err()
}
