package webhook

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// PruneStats counts what a pruning run removed.
type PruneStats struct {
	Events   int64 // events delivered (or given up) everywhere, older than the retention
	Dropped  int64 // pending deliveries of inactive or deleted subscriptions, older than the retention
	Attempts int64 // attempt log rows older than the retention
	Kept     int64 // payload snapshots of deleted entries older than the retention, no longer named by an event
}

func (s *Service) runPrune(ctx context.Context) {
	ticker := time.NewTicker(pruneEvery)
	defer ticker.Stop()
	for {
		st, err := s.Prune(ctx)
		switch {
		case err != nil && !errors.Is(err, context.Canceled):
			s.log.ErrorContext(ctx, "webhook pruning failed", "error", err)
		case st.Events+st.Dropped+st.Attempts+st.Kept > 0:
			s.log.InfoContext(ctx, "webhook outbox pruned", "events", st.Events, "dropped", st.Dropped, "attempts", st.Attempts, "snapshots", st.Kept)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// Prune removes what the retention period has passed: events older than it whose
// deliveries are all finished (delivered or given up), with those deliveries; pending
// deliveries older than it of subscriptions that are inactive (or gone), which will
// therefore never be sent; and attempt log rows older than it. Events still pending for
// an active subscription are kept whatever their age (WEBHOOK_MAX_AGE ends them). Work is
// done in batches of pruneBatch events, each in its own short transaction, so replicas
// pruning at once only repeat a little work.
func (s *Service) Prune(ctx context.Context) (PruneStats, error) {
	var st PruneStats
	db := s.db.WithContext(ctx)
	retention := s.cfg.Retention.Seconds()
	after := int64(0)
	for {
		// Oldest first, along the primary key (seq order is creation order, give or take
		// the length of a transaction): the run stops at the first event still within
		// the retention. Events the fan-out has not reached yet are never touched.
		var batch []struct {
			Seq int64
			Old bool
		}
		if err := db.Raw(`SELECT seq, created_at < now() - make_interval(secs => ?) AS old FROM webhook_events
			WHERE seq > ? AND seq <= (SELECT pos FROM webhook_fanout) ORDER BY seq LIMIT ?`, retention, after, pruneBatch).Scan(&batch).Error; err != nil {
			return st, fmt.Errorf("prune webhooks: old events: %w", err)
		}
		var seqs []int64
		for _, e := range batch {
			if !e.Old {
				break
			}
			seqs = append(seqs, e.Seq)
		}
		if len(seqs) == 0 {
			break
		}
		last := len(seqs) < pruneBatch
		after = seqs[len(seqs)-1]
		err := db.Transaction(func(tx *gorm.DB) error {
			res := tx.Exec(`DELETE FROM webhook_deliveries d
				WHERE d.status = 'pending' AND d.event_seq = ANY (?)
				  AND NOT EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = d.subscription_id AND s.is_active)`, array[int64](seqs))
			if res.Error != nil {
				return fmt.Errorf("drop stale pending deliveries: %w", res.Error)
			}
			st.Dropped += res.RowsAffected
			// The finished deliveries of events nobody waits for any more go with them
			// (found through the BRIN index on event_seq: the batch is a range of it).
			res = tx.Exec(`
				WITH done AS (
				    SELECT seq FROM webhook_events e
				     WHERE e.seq = ANY (?)
				       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.status = 'pending' AND d.event_seq = e.seq)
				), gone AS (
				    DELETE FROM webhook_deliveries d
				     USING done
				     WHERE d.event_seq BETWEEN ? AND ? AND d.event_seq = done.seq
				)
				DELETE FROM webhook_events e USING done WHERE e.seq = done.seq`, array[int64](seqs), seqs[0], seqs[len(seqs)-1])
			if res.Error != nil {
				return fmt.Errorf("delete delivered events: %w", res.Error)
			}
			st.Events += res.RowsAffected
			return nil
		})
		if err != nil {
			return st, fmt.Errorf("prune webhooks: %w", err)
		}
		if last {
			break
		}
	}
	// Snapshots of deleted entries (event.Outbox.KeepEntries) go once no stored event
	// names their entry. Rare (customers deleted while webhooks were in use): one look at
	// the events only when an old snapshot exists.
	var old []string
	if err := db.Raw(`SELECT entry_id FROM webhook_entry_snapshots WHERE created_at < now() - make_interval(secs => ?) LIMIT ?`,
		retention, pruneBatch).Scan(&old).Error; err != nil {
		return st, fmt.Errorf("prune webhooks: old payload snapshots: %w", err)
	}
	if len(old) > 0 {
		res := db.Exec(`DELETE FROM webhook_entry_snapshots s WHERE s.entry_id = ANY (?::uuid[])
			AND NOT EXISTS (SELECT 1 FROM webhook_events e WHERE e.entry_id = s.entry_id)`, array[string](old))
		if res.Error != nil {
			return st, fmt.Errorf("prune webhooks: payload snapshots: %w", res.Error)
		}
		st.Kept += res.RowsAffected
	}
	for {
		res := db.Exec(`DELETE FROM webhook_attempts WHERE id IN (
			SELECT id FROM webhook_attempts WHERE attempted_at < now() - make_interval(secs => ?) ORDER BY id LIMIT ?)`, retention, pruneBatch)
		if res.Error != nil {
			return st, fmt.Errorf("prune webhook attempts: %w", res.Error)
		}
		st.Attempts += res.RowsAffected
		if res.RowsAffected < pruneBatch {
			break
		}
	}
	return st, nil
}
