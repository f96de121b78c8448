package webhook

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// The fan-out turns committed events into pending deliveries.
//
// A change writes its event alone (package event, and loyalty.ledger_move for credits and
// debits): one row, no subscription look-up, so the outbox costs the ledger as little as
// it can. The deliveries, one per active subscription wanting the type, are added here
// afterwards, in bulk and in seq order, so the workers send every subscription's events in
// seq order.
//
// The difficulty is that seqs are drawn before their transactions commit, and commits do
// not come in seq order: reading "every event above the last seq fanned out" could pass
// over an event whose transaction is still running, and send it after events that came
// later. So the fan-out only goes as far as a frontier it knows is final:
//
//  1. read the seq sequence's last value N;
//  2. then list the transactions of this database that hold a transaction id;
//  3. once none of those is still running, every event with seq <= N is committed or
//     never will be, and the events in (pos, N] get their deliveries; pos becomes N.
//
// This holds because a transaction has its id before it draws a seq (it writes its event
// after the change it describes, and event.recordSQL asks for the id first anyway; the
// sequence hands out no numbers ahead, CACHE 1): whoever drew a seq <= N before step 1 is
// listed in step 2, unless it had already finished. Only this database's transactions
// are waited for, so a long one elsewhere on the server does not hold events back.
// webhook_fanout.pos, locked while it moves, keeps replicas from fanning out the same
// range twice.

// fanOutChunk bounds the seqs one fan-out transaction covers, so a large backlog (after
// the workers were down) is fanned out in short transactions.
const fanOutChunk = 10_000

// maxFanOutEvery bounds the pause between the fan-out rounds of a replica.
const maxFanOutEvery = 200 * time.Millisecond

// frontier is a seq every event up to which is final once the transactions in waitFor
// have ended.
type frontier struct {
	seq     int64
	reached bool     // the fan-out position is at seq already: nothing to do
	waitFor []string // transaction ids (xid, as text) running when seq was read
	taken   time.Time
}

// stallWarning is how long a frontier may wait for transactions before the fan-out says
// so in the log (once per period): a write transaction left open holds every later event.
const stallWarning = time.Minute

// readFrontier takes a new frontier: the sequence first, then the running transactions
// (two statements, two snapshots, in that order; see above). When no event was written
// since the last fan-out, it stops there: an idle round costs one read.
func (s *Service) readFrontier(ctx context.Context) (frontier, error) {
	db := s.db.WithContext(ctx)
	f := frontier{taken: time.Now()}
	var pos int64
	if err := db.Raw(`SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END AS seq,
		(SELECT pos FROM webhook_fanout) AS pos FROM webhook_events_seq_seq`).
		Row().Scan(&f.seq, &pos); err != nil {
		return f, fmt.Errorf("read the webhook event sequence: %w", err)
	}
	if f.reached = f.seq <= pos; f.reached {
		return f, nil
	}
	if err := db.Raw(`SELECT backend_xid::text FROM pg_stat_activity
		WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()`).
		Scan(&f.waitFor).Error; err != nil {
		return f, fmt.Errorf("list running transactions: %w", err)
	}
	return f, nil
}

// final reports whether every transaction f waits for has ended.
func (s *Service) final(ctx context.Context, f frontier) (bool, error) {
	if len(f.waitFor) == 0 {
		return true, nil
	}
	var running bool
	if err := s.db.WithContext(ctx).Raw(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity
		WHERE datname = current_database() AND backend_xid::text = ANY (?))`, array[string](f.waitFor)).
		Scan(&running).Error; err != nil {
		return false, fmt.Errorf("check running transactions: %w", err)
	}
	return !running, nil
}

// FanOut adds the deliveries of every event committed before it was called, waiting (up
// to ctx) for the transactions that were running then. It returns how many deliveries
// it added. The service's fan-out loop (Run) does the same without waiting; tests and
// tools call FanOut to deliver what they just wrote.
func (s *Service) FanOut(ctx context.Context) (int64, error) {
	f, err := s.readFrontier(ctx)
	if err != nil || f.reached {
		return 0, err
	}
	for {
		ok, err := s.final(ctx, f)
		if err != nil {
			return 0, err
		}
		if ok {
			break
		}
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("fan out webhook events: %w", ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
	return s.fanOutTo(ctx, f.seq, true)
}

// runFanOut fans out until ctx ends: every round takes a frontier and, at a later round
// once that frontier is final, fans out to it. Under a steady load a committed event waits
// about one round; on an idle database none.
func (s *Service) runFanOut(ctx context.Context) {
	every := min(s.cfg.PollInterval, maxFanOutEvery)
	var pending *frontier
	for ctx.Err() == nil {
		next, added, err := s.fanOutRound(ctx, pending)
		pending = next
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.ErrorContext(ctx, "webhook fan-out failed", "error", err)
			pending = nil
		case added > 0:
			s.wakeWorkers()
		}
		select {
		case <-ctx.Done():
		case <-time.After(every):
		}
	}
}

// fanOutRound fans out to pending (nil: none yet) if it is final, then takes the next
// frontier and fans out to it at once when nothing was running. It returns the frontier
// still waiting for transactions, if any, for the next round.
func (s *Service) fanOutRound(ctx context.Context, pending *frontier) (*frontier, int64, error) {
	var added int64
	for range 2 {
		if pending == nil {
			f, err := s.readFrontier(ctx)
			if err != nil || f.reached {
				return nil, added, err
			}
			pending = &f
		}
		ok, err := s.final(ctx, *pending)
		if err != nil {
			return pending, added, err
		}
		if !ok {
			if waited := time.Since(pending.taken); waited > stallWarning {
				s.log.WarnContext(ctx, "webhook events held back by transactions still open in the database",
					"waited", waited.Round(time.Second).String(), "transactions", pending.waitFor)
				pending.taken = time.Now() // next warning in a period
			}
			return pending, added, nil
		}
		n, err := s.fanOutTo(ctx, pending.seq, false)
		added += n
		if err != nil {
			return pending, added, err
		}
		pending = nil
	}
	return nil, added, nil
}

// errFanOutBusy: another replica is moving the fan-out position.
var errFanOutBusy = errors.New("fan-out position locked by another replica")

// Locking the fan-out position: the loop skips a round while another replica holds it
// (that replica covers the range); FanOut waits for it.
const (
	lockSkip = `SELECT pos FROM webhook_fanout FOR UPDATE SKIP LOCKED`
	lockWait = `SELECT pos FROM webhook_fanout FOR UPDATE`
)

// fanOutTo adds the deliveries of the events with seq in (pos, upTo], in chunks of
// fanOutChunk seqs, one transaction each. Every active subscription wanting the type
// gets one, if it existed when the event was written (a subscription does not receive
// events from before its creation) and unless a pending delivery is already there
// (written by a replica of the previous version, which added deliveries in the change's
// transaction, during a rollout; one it already delivered is sent again: at least once).
func (s *Service) fanOutTo(ctx context.Context, upTo int64, wait bool) (int64, error) {
	lock := lockSkip
	if wait {
		lock = lockWait
	}
	var added int64
	for {
		var done bool
		err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var pos []int64
			if err := tx.Raw(lock).Scan(&pos).Error; err != nil {
				return fmt.Errorf("lock the fan-out position: %w", err)
			}
			if len(pos) == 0 {
				return errFanOutBusy
			}
			if pos[0] >= upTo {
				done = true
				return nil
			}
			to := min(upTo, pos[0]+fanOutChunk)
			res := tx.Exec(`
				INSERT INTO webhook_deliveries (subscription_id, event_seq)
				SELECT s.id, e.seq
				  FROM webhook_events e
				  JOIN webhook_subscriptions s
				    ON s.is_active AND (cardinality(s.event_types) = 0 OR e.type = ANY (s.event_types))
				   AND s.created_at <= e.created_at
				 WHERE e.seq > @from AND e.seq <= @to
				 ORDER BY e.seq
				ON CONFLICT (subscription_id, event_seq) WHERE status = 'pending' DO NOTHING`, map[string]any{"from": pos[0], "to": to})
			if res.Error != nil {
				return fmt.Errorf("add deliveries of events %d-%d: %w", pos[0]+1, to, res.Error)
			}
			added += res.RowsAffected
			if err := tx.Exec(`UPDATE webhook_fanout SET pos = ?`, to).Error; err != nil {
				return fmt.Errorf("move the fan-out position: %w", err)
			}
			done = to >= upTo
			return nil
		})
		switch {
		case errors.Is(err, errFanOutBusy):
			return added, nil // that replica fans out this range
		case err != nil:
			return added, fmt.Errorf("fan out webhook events: %w", err)
		case done:
			return added, nil
		}
	}
}

// wakeWorkers tells idle workers of this replica that deliveries were added.
func (s *Service) wakeWorkers() {
	for range s.cfg.Concurrency {
		select {
		case s.wake <- struct{}{}:
		default:
			return
		}
	}
}
