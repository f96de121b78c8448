package webhook_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"gorm.io/gorm"
)

// deliveriesOf lists the seqs of the subscription's deliveries, in seq order.
func deliveriesOf(t *testing.T, db *gorm.DB, subscriptionID string) []int64 {
	t.Helper()
	var seqs []int64
	if err := db.Raw(`SELECT event_seq FROM webhook_deliveries WHERE subscription_id = ? ORDER BY event_seq`, subscriptionID).
		Scan(&seqs).Error; err != nil {
		t.Fatal(err)
	}
	return seqs
}

// TestFanOutWaitsForEarlierEvents: an event whose transaction is still open holds back
// the fan-out of every event after it, so a later event committed first is not sent
// before it; once it commits (or rolls back), both go, in seq order.
func TestFanOutWaitsForEarlierEvents(t *testing.T) {
	for _, end := range []string{"commit", "rollback"} {
		t.Run(end, func(t *testing.T) {
			db := newDB(t, 5)
			svc := newService(t, db, fastConfig())
			ctx := context.Background()
			sub, err := svc.Create(ctx, webhook.CreateInput{URL: "http://127.0.0.1:9/hooks"})
			if err != nil {
				t.Fatal(err)
			}
			// The earlier change: its event is written (and its seq drawn), the
			// transaction stays open.
			early := db.Begin()
			defer early.Rollback()
			if err := (&event.Outbox{}).Record(ctx, early, event.CustomerCreated, map[string]any{"n": "early"}); err != nil {
				t.Fatal(err)
			}
			late := emit(t, db, event.CustomerUpdated, 1)

			waitCtx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
			defer cancel()
			if _, err := svc.FanOut(waitCtx); !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("fan-out with an earlier event uncommitted: %v, want it to wait", err)
			}
			if got := deliveriesOf(t, db, sub.ID); len(got) != 0 {
				t.Fatalf("deliveries %v added while an earlier event was uncommitted", got)
			}

			want := 1
			if end == "commit" {
				want = 2
				if err := early.Commit().Error; err != nil {
					t.Fatal(err)
				}
			} else if err := early.Rollback().Error; err != nil {
				t.Fatal(err)
			}
			fanOut(t, svc)
			got := deliveriesOf(t, db, sub.ID)
			if len(got) != want {
				t.Fatalf("after the %s: deliveries %v, want %d", end, got, want)
			}
			var lateSeq int64
			if err := db.Raw(`SELECT seq FROM webhook_events WHERE id = ?`, late[0]).Scan(&lateSeq).Error; err != nil {
				t.Fatal(err)
			}
			if got[len(got)-1] != lateSeq || (want == 2 && got[0] >= lateSeq) {
				t.Fatalf("deliveries %v: want the earlier event before the later one (seq %d)", got, lateSeq)
			}
		})
	}
}

// TestFanOutUnderConcurrentWriters: writers whose transactions commit out of seq order,
// some rolling back, while the service runs. The receiver gets every committed event,
// nothing rolled back, each subscription in seq order.
func TestFanOutUnderConcurrentWriters(t *testing.T) {
	db := newDB(t, 20)
	rc := newReceiver(t, nil)
	svc := newService(t, db, fastConfig())
	ctx := context.Background()
	sub, err := svc.Create(ctx, webhook.CreateInput{URL: rc.URL()})
	if err != nil {
		t.Fatal(err)
	}
	rc.setSecret(sub.Secret)
	stop := run(t, svc)

	const writers, each = 8, 25
	var mu sync.Mutex
	committed := map[string]bool{}
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 7))
			for i := range each {
				var id string
				err := db.Transaction(func(tx *gorm.DB) error {
					if err := (&event.Outbox{}).Record(ctx, tx, event.CustomerUpdated, map[string]any{"w": w, "i": i}); err != nil {
						return err
					}
					if err := tx.Raw(`SELECT id FROM webhook_events WHERE seq = lastval()`).Scan(&id).Error; err != nil {
						return err
					}
					time.Sleep(time.Duration(r.IntN(4000)) * time.Microsecond) // commits out of seq order
					if r.IntN(5) == 0 {
						return errors.New("rolled back on purpose")
					}
					return nil
				})
				if err == nil {
					mu.Lock()
					committed[id] = true
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	eventually(t, 20*time.Second, fmt.Sprintf("the %d committed events delivered", len(committed)), func() bool {
		return len(rc.receipts()) >= len(committed) && undelivered(t, db) == 0
	})
	// Nothing more can come: no delivery is left to send, and once the workers have
	// stopped every request they sent has been received.
	stop()
	got := rc.receipts()
	if len(got) != len(committed) {
		t.Fatalf("%d requests for %d committed events", len(got), len(committed))
	}
	for _, r := range got {
		if !committed[r.ID] {
			t.Fatalf("event %s delivered, but its transaction rolled back", r.ID)
		}
		if r.SigErr != nil {
			t.Fatalf("event %s: %v", r.ID, r.SigErr)
		}
	}
	checkOrder(t, got, seqOf(t, db, sub.ID))
}

// TestFanOutChoosesSubscriptions: deliveries go to the active subscriptions wanting the
// type that existed when the event was written, once each, also when a replica of the
// previous version already added them in the change's transaction.
func TestFanOutChoosesSubscriptions(t *testing.T) {
	db := newDB(t, 5)
	svc := newService(t, db, fastConfig())
	ctx := context.Background()
	create := func(in webhook.CreateInput) string {
		t.Helper()
		in.URL = "http://127.0.0.1:9/hooks"
		sub, err := svc.Create(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return sub.ID
	}
	all := create(webhook.CreateInput{})
	credits := create(webhook.CreateInput{EventTypes: []string{string(event.PointsCredited)}})
	inactive := create(webhook.CreateInput{IsActive: ptr(false)})
	emit(t, db, event.CustomerCreated, 1)
	credited := emit(t, db, event.PointsCredited, 1)
	// Written by the previous version: the event with its delivery to "all".
	var oldSeq int64
	if err := db.Raw(`INSERT INTO webhook_events (type, data) VALUES ('points.credited', '{}') RETURNING seq`).Scan(&oldSeq).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(`INSERT INTO webhook_deliveries (subscription_id, event_seq) VALUES (?, ?)`, all, oldSeq).Error; err != nil {
		t.Fatal(err)
	}
	later := create(webhook.CreateInput{})
	fanOut(t, svc)
	fanOut(t, svc) // a second run adds nothing

	var creditSeq int64
	if err := db.Raw(`SELECT seq FROM webhook_events WHERE id = ?`, credited[0]).Scan(&creditSeq).Error; err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, id string
		want     []int64
	}{
		{"every type", all, []int64{creditSeq - 1, creditSeq, oldSeq}},
		{"credits only", credits, []int64{creditSeq, oldSeq}},
		{"inactive", inactive, nil},
		{"created after the events", later, nil},
	} {
		if got := deliveriesOf(t, db, c.id); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: deliveries %v, want %v", c.name, got, c.want)
		}
	}
}
