package webhook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

// seqOf maps the subscription's event ids to their creation order.
func seqOf(t *testing.T, db *gorm.DB, subscriptionID string) map[string]int64 {
	t.Helper()
	var rows []struct {
		ID  string
		Seq int64
	}
	if err := db.Raw(`SELECT e.id, e.seq FROM webhook_events e JOIN webhook_deliveries d ON d.event_seq = e.seq
		WHERE d.subscription_id = ?`, subscriptionID).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, r := range rows {
		out[r.ID] = r.Seq
	}
	return out
}

// checkOrder fails when the receipts of one subscription go back in creation order: a
// retry repeats the same event, a new event is never sent before an earlier one succeeded.
func checkOrder(t *testing.T, got []receipt, seq map[string]int64) {
	t.Helper()
	var last int64
	delivered := map[string]bool{}
	for i, r := range got {
		s, ok := seq[r.ID]
		if !ok {
			t.Errorf("receipt %d: event %s is not one of the subscription's", i, r.ID)
			continue
		}
		if s < last {
			t.Errorf("receipt %d: event seq %d after seq %d: out of order", i, s, last)
		}
		if s > last && last != 0 && !delivered[idOf(seq, last)] {
			t.Errorf("receipt %d: event seq %d sent while seq %d was not delivered yet", i, s, last)
		}
		last = s
		if r.Status >= 200 && r.Status < 300 {
			delivered[r.ID] = true
		}
	}
}

func idOf(seq map[string]int64, s int64) string {
	for id, v := range seq {
		if v == s {
			return id
		}
	}
	return ""
}

// TestDeliveryThroughFailures: events from real ledger changes reach a receiver that
// verifies every signature and fails on purpose (500s, a time-out, a slow answer, a 429
// with Retry-After, a 503): every event arrives at least once, in creation order, and
// nothing arrives for the changes that rolled back.
func TestDeliveryThroughFailures(t *testing.T) {
	db := newDB(t, 10)
	ctx := context.Background()
	var retryAfterAt time.Time
	var mu sync.Mutex
	rc := newReceiver(t, func(n int, r receipt) answer {
		switch n {
		case 0, 1, 2:
			return answer{status: http.StatusInternalServerError}
		case 3:
			return answer{status: http.StatusOK, delay: time.Second} // past the 300ms time-out
		case 5:
			return answer{status: http.StatusOK, delay: 150 * time.Millisecond} // slow but in time
		case 7:
			mu.Lock()
			retryAfterAt = time.Now()
			mu.Unlock()
			return answer{status: http.StatusTooManyRequests, retryAfter: "1"}
		case 9:
			return answer{status: http.StatusServiceUnavailable}
		}
		return answer{status: http.StatusOK}
	})
	svc := newService(t, db, fastConfig())
	sub, err := svc.Create(ctx, webhook.CreateInput{URL: rc.URL()})
	if err != nil {
		t.Fatal(err)
	}
	rc.setSecret(sub.Secret)

	led := ledger.NewService(db, ledger.Config{}).WithEvents(&event.Outbox{})
	var customers []string
	for i := range 3 {
		var id string
		if err := db.Raw(`INSERT INTO customers (name, doc, email, phone) VALUES (?, ?, 'c@example.com', '1') RETURNING id`,
			fmt.Sprintf("C%d", i), fmt.Sprintf("doc-%d", i)).Scan(&id).Error; err != nil {
			t.Fatal(err)
		}
		customers = append(customers, id)
	}
	move := func(customerID string, points int64, debit bool, desc string) error {
		m := ledger.Movement{CustomerID: customerID, Points: points, Description: desc, TransactionDate: time.Now()}
		var err error
		if debit {
			_, _, err = led.Debit(ctx, m)
		} else {
			_, _, err = led.Credit(ctx, m)
		}
		return err
	}
	// A credit described "rolled back" fails in its own statement after its event was
	// written (the statement of every credit), so neither commits.
	if err := db.Exec(`CREATE FUNCTION roll_back_marked() RETURNS trigger AS $$
		BEGIN
			IF EXISTS (SELECT 1 FROM loyalty.points_entries WHERE id = NEW.entry_id AND description = 'rolled back') THEN
				RAISE EXCEPTION 'forced rollback after the event was written';
			END IF;
			RETURN NULL;
		END $$ LANGUAGE plpgsql`).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(`CREATE TRIGGER roll_back_marked AFTER INSERT ON webhook_events
		FOR EACH ROW EXECUTE FUNCTION roll_back_marked()`).Error; err != nil {
		t.Fatal(err)
	}
	committed := 0
	for i := range 24 {
		c := customers[i%3]
		switch {
		case i%8 == 3: // refused: the balance is short
			if err := move(c, 1_000_000, true, "overdraft"); err == nil {
				t.Fatal("overdraft accepted")
			}
		case i%8 == 5: // rolled back after its event was written
			if _, _, err := led.Credit(ctx, ledger.Movement{CustomerID: c, Points: 7, Description: "rolled back", TransactionDate: time.Now()}); err == nil {
				t.Fatal("forced rollback did not fail")
			}
		default:
			if err := move(c, 10, i%8 == 6, fmt.Sprintf("change %d", i)); err != nil {
				t.Fatal(err)
			}
			committed++
		}
	}

	fanOut(t, svc)
	seq := seqOf(t, db, sub.ID)
	if len(seq) != committed {
		t.Fatalf("%d events in the outbox for %d committed changes", len(seq), committed)
	}
	run(t, svc)
	delivered := func() map[string]bool {
		out := map[string]bool{}
		for _, r := range rc.receipts() {
			if r.Status >= 200 && r.Status < 300 && r.SigErr == nil {
				out[r.ID] = true
			}
		}
		return out
	}
	eventually(t, 20*time.Second, "every event delivered", func() bool {
		return len(delivered()) == committed && undelivered(t, db) == 0
	})

	got := rc.receipts()
	for i, r := range got {
		if r.SigErr != nil {
			t.Errorf("receipt %d (%s): signature: %v", i, r.ID, r.SigErr)
		}
		if strings.Contains(string(r.Body), "rolled back") || strings.Contains(string(r.Body), "overdraft") {
			t.Errorf("receipt %d carries a change that did not commit: %s", i, r.Body)
		}
		var body struct {
			ID, Type  string
			Timestamp time.Time
			Data      ledger.Entry
		}
		if err := json.Unmarshal(r.Body, &body); err != nil || body.ID != r.ID || body.Type != r.Type || body.Data.ID == "" || body.Timestamp.IsZero() {
			t.Errorf("receipt %d: body %s does not match its headers (%s %s): %v", i, r.Body, r.ID, r.Type, err)
		}
	}
	checkOrder(t, got, seq)

	// The attempt log tells the story: retries with their status (none for the time-out).
	var attempts []webhook.Attempt
	attempts, err = svc.Attempts(ctx, sub.ID, 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	results := map[string]int{}
	var timedOut bool
	for _, a := range attempts {
		results[a.Result]++
		if a.StatusCode == nil && a.Error != nil && strings.Contains(*a.Error, "timed out") {
			timedOut = true
		}
	}
	if results[webhook.ResultRetrying] < 6 || results[webhook.ResultDelivered] < committed || !timedOut {
		t.Errorf("attempt log %v (time-out logged: %v), want >= 6 retries (3 x 500, time-out, 429, 503) and %d deliveries", results, timedOut, committed)
	}

	// Retry-After: 1 was honoured although RetryBase is 20ms.
	mu.Lock()
	defer mu.Unlock()
	for _, r := range got {
		if r.At.After(retryAfterAt) {
			if wait := r.At.Sub(retryAfterAt); wait < 900*time.Millisecond {
				t.Errorf("next request %s after a 429 with Retry-After: 1", wait)
			}
			break
		}
	}
}

// TestConcurrentWorkersDeliverEachEventOncePerAttempt: two services (two replicas, two
// workers each) over one database and four subscriptions, one of whose receivers fails at
// random: every request a receiver gets is one logged attempt, never a duplicate sent by
// the other worker, and the healthy receivers get each event exactly once, in order.
func TestConcurrentWorkersDeliverEachEventOncePerAttempt(t *testing.T) {
	db := newDB(t, 20)
	ctx := context.Background()
	var mu sync.Mutex
	rnd := rand.New(rand.NewPCG(1, 2))
	flaky := func(int, receipt) answer {
		mu.Lock()
		defer mu.Unlock()
		if rnd.IntN(10) < 3 {
			return answer{status: http.StatusBadGateway}
		}
		return answer{status: http.StatusOK}
	}
	svcA, svcB := newService(t, db, fastConfig()), newService(t, db, fastConfig())
	var receivers []*receiver
	var subs []webhook.WithSecret
	for i := range 4 {
		var script func(int, receipt) answer
		if i == 0 {
			script = flaky
		}
		rc := newReceiver(t, script)
		sub, err := svcA.Create(ctx, webhook.CreateInput{URL: rc.URL()})
		if err != nil {
			t.Fatal(err)
		}
		rc.setSecret(sub.Secret)
		receivers, subs = append(receivers, rc), append(subs, sub)
	}
	const events = 60
	emit(t, db, event.PointsCredited, events)
	run(t, svcA)
	run(t, svcB)
	eventually(t, 30*time.Second, "every event delivered to every subscription", func() bool {
		var n int64
		db.Raw(`SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'`).Scan(&n)
		return n == 4*events
	})
	for i, rc := range receivers {
		got := rc.receipts()
		perEvent := map[string]int{}
		for _, r := range got {
			if r.SigErr != nil {
				t.Errorf("subscription %d: bad signature: %v", i, r.SigErr)
			}
			perEvent[r.ID]++
		}
		var logged []struct {
			EventID string
			N       int
		}
		if err := db.Raw(`SELECT event_id, count(*) AS n FROM webhook_attempts WHERE subscription_id = ? GROUP BY event_id`, subs[i].ID).Scan(&logged).Error; err != nil {
			t.Fatal(err)
		}
		if len(logged) != events {
			t.Errorf("subscription %d: attempts logged for %d events, want %d", i, len(logged), events)
		}
		for _, l := range logged {
			if perEvent[l.EventID] != l.N {
				t.Errorf("subscription %d: event %s received %d times for %d attempts", i, l.EventID, perEvent[l.EventID], l.N)
			}
			if i > 0 && l.N != 1 {
				t.Errorf("subscription %d (healthy): event %s sent %d times", i, l.EventID, l.N)
			}
		}
		checkOrder(t, got, seqOf(t, db, subs[i].ID))
	}
}

func getSub(t *testing.T, svc *webhook.Service, id string) webhook.Subscription {
	t.Helper()
	s, err := svc.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func deliveryStatuses(t *testing.T, db *gorm.DB, subscriptionID string) []string {
	t.Helper()
	var out []string
	if err := db.Raw(`SELECT status FROM webhook_deliveries WHERE subscription_id = ? ORDER BY event_seq`, subscriptionID).Scan(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFailingSubscriptionIsDisabledAndSaysWhy covers the three ways a subscription stops:
// a delivery failing for WEBHOOK_MAX_AGE, a 410 Gone, and a run of refused events. The
// events behind stay pending and go out, in order, once it is re-activated.
func TestFailingSubscriptionIsDisabledAndSaysWhy(t *testing.T) {
	tests := []struct {
		name       string
		answer     answer
		events     int
		wantReason []string
		wantStatus []string // deliveries, in order, once disabled
	}{
		{"fails for WEBHOOK_MAX_AGE", answer{status: http.StatusInternalServerError}, 3,
			[]string{"WEBHOOK_MAX_AGE", "HTTP 500"}, []string{"failed", "pending", "pending"}},
		{"410 Gone", answer{status: http.StatusGone}, 3,
			[]string{"410 Gone"}, []string{"failed", "pending", "pending"}},
		{"every event refused", answer{status: http.StatusBadRequest}, 12,
			[]string{"last 10 events were refused", "HTTP 400"},
			[]string{"failed", "failed", "failed", "failed", "failed", "failed", "failed", "failed", "failed", "failed", "pending", "pending"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := newDB(t, 5)
			ctx := context.Background()
			var healthy sync.Mutex
			broken := true
			rc := newReceiver(t, func(int, receipt) answer {
				healthy.Lock()
				defer healthy.Unlock()
				if broken {
					return tt.answer
				}
				return answer{status: http.StatusOK}
			})
			cfg := fastConfig()
			cfg.MaxAge = 300 * time.Millisecond
			svc := newService(t, db, cfg)
			sub, err := svc.Create(ctx, webhook.CreateInput{URL: rc.URL()})
			if err != nil {
				t.Fatal(err)
			}
			rc.setSecret(sub.Secret)
			ids := emit(t, db, event.CustomerCreated, tt.events)
			run(t, svc)
			eventually(t, 10*time.Second, "subscription disabled", func() bool { return !getSub(t, svc, sub.ID).IsActive })
			s := getSub(t, svc, sub.ID)
			for _, w := range tt.wantReason {
				if s.DisabledReason == nil || !strings.Contains(*s.DisabledReason, w) {
					t.Errorf("disabled_reason %v, want it to mention %q", s.DisabledReason, w)
				}
			}
			if s.DisabledAt == nil || s.FailingSince == nil || s.ConsecutiveFailures == 0 {
				t.Errorf("disabled subscription: %+v", s)
			}
			// Nothing more is sent while disabled: a delivery pass finds no work.
			sent := len(rc.receipts())
			if worked, err := svc.DeliverOnce(ctx); err != nil || worked {
				t.Errorf("delivery pass while disabled: worked %v, %v; want nothing to do", worked, err)
			}
			if got := deliveryStatuses(t, db, sub.ID); strings.Join(got, ",") != strings.Join(tt.wantStatus, ",") {
				t.Errorf("deliveries %v, want %v", got, tt.wantStatus)
			}
			if n := len(rc.receipts()); n != sent {
				t.Errorf("%d requests sent while disabled", n-sent)
			}

			healthy.Lock()
			broken = false
			healthy.Unlock()
			if _, err := svc.Update(ctx, sub.ID, webhook.Update{IsActive: nullableBool(true)}, "admin"); err != nil {
				t.Fatal(err)
			}
			s = getSub(t, svc, sub.ID)
			if !s.IsActive || s.DisabledReason != nil || s.FailingSince != nil || s.ConsecutiveFailures != 0 {
				t.Errorf("re-activated: %+v", s)
			}
			eventually(t, 10*time.Second, "pending events delivered after re-activation", func() bool {
				for _, st := range deliveryStatuses(t, db, sub.ID) {
					if st == "pending" {
						return false
					}
				}
				return true
			})
			var after []string
			for _, r := range rc.receipts()[sent:] {
				after = append(after, r.ID)
			}
			var want []string
			for i, st := range tt.wantStatus {
				if st == "pending" {
					want = append(want, ids[i])
				}
			}
			if strings.Join(after, ",") != strings.Join(want, ",") {
				t.Errorf("after re-activation the receiver got %v, want %v", after, want)
			}
		})
	}
}

func nullableBool(v bool) nullable.Field[bool] { return nullable.Field[bool]{Set: true, Value: v} }
