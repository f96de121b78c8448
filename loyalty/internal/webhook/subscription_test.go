package webhook_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// TestSecretsAreSealedAndRotate: with WEBHOOK_SECRET_KEY the stored secret is not the
// secret; deliveries verify with the secret shown at creation, then with the rotated one
// only; a service holding another key cannot sign (and says so) instead of signing wrong.
func TestSecretsAreSealedAndRotate(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	cfg := fastConfig()
	cfg.SecretKey = strings.Repeat("k", 40)
	svc := newService(t, db, cfg)
	rc := newReceiver(t, nil)
	sub, err := svc.Create(ctx, webhook.CreateInput{URL: rc.URL()})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sub.Secret, "whsec_") {
		t.Fatalf("secret %q", sub.Secret)
	}
	var stored string
	if err := db.Raw(`SELECT secret FROM webhook_subscriptions WHERE id = ?`, sub.ID).Scan(&stored).Error; err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stored, "aesgcm:") || strings.Contains(stored, strings.TrimPrefix(sub.Secret, "whsec_")) {
		t.Fatalf("stored secret %q is not sealed", stored)
	}
	rc.setSecret(sub.Secret)
	emit(t, db, event.CustomerCreated, 1)
	fanOut(t, svc)
	if _, err := svc.DeliverOnce(ctx); err != nil {
		t.Fatal(err)
	}
	rotated, err := svc.Update(ctx, sub.ID, webhook.Update{RotateSecret: true}, "admin")
	if err != nil || rotated.Secret == "" || rotated.Secret == sub.Secret {
		t.Fatalf("rotate: %q, %v", rotated.Secret, err)
	}
	emit(t, db, event.CustomerCreated, 1)
	fanOut(t, svc)
	if _, err := svc.DeliverOnce(ctx); err != nil {
		t.Fatal(err)
	}
	got := rc.receipts()
	if len(got) != 2 || got[0].SigErr != nil || got[1].SigErr == nil {
		t.Fatalf("receipts %+v: want the first verified with the old secret, the second not", got)
	}
	if err := webhook.Verify(rotated.Secret, headersOf(got[1]), got[1].Body, time.Now(), webhook.DefaultTolerance); err != nil {
		t.Fatalf("second delivery does not verify with the rotated secret: %v", err)
	}
	if again, _ := svc.Get(ctx, sub.ID); again.ID != sub.ID {
		t.Fatal("lost the subscription")
	}

	other := fastConfig()
	other.SecretKey = strings.Repeat("x", 40)
	wrong := newService(t, db, other)
	emit(t, db, event.CustomerCreated, 1)
	fanOut(t, svc)
	if _, err := wrong.DeliverOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(rc.receipts()); n != 2 {
		t.Fatalf("a service with another key sent %d more requests", n-2)
	}
	attempts, _ := svc.Attempts(ctx, sub.ID, 1, 0)
	if len(attempts) != 1 || attempts[0].Error == nil || !strings.Contains(*attempts[0].Error, "another WEBHOOK_SECRET_KEY") {
		t.Fatalf("attempts %+v, want the key mismatch explained", attempts)
	}
}

func headersOf(r receipt) http.Header {
	h := http.Header{}
	h.Set(webhook.HeaderID, r.ID)
	h.Set(webhook.HeaderTimestamp, r.Timestamp)
	h.Set(webhook.HeaderSignature, r.Signature)
	return h
}

// TestSubscriptionLifecycle: validation of event types and descriptions, the cap on
// subscriptions, listing, deletion with its pending deliveries, and pings.
func TestSubscriptionLifecycle(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	svc := newService(t, db, fastConfig())
	rc := newReceiver(t, func(n int, _ receipt) answer {
		if n == 1 {
			return answer{status: http.StatusInternalServerError}
		}
		return answer{status: http.StatusOK}
	})

	bad := []struct {
		in  webhook.CreateInput
		loc string
	}{
		{webhook.CreateInput{URL: rc.URL(), EventTypes: []string{}}, "event_types"},
		{webhook.CreateInput{URL: rc.URL(), EventTypes: []string{"points.credited", "points.stolen"}}, "1"},
		{webhook.CreateInput{URL: rc.URL(), EventTypes: []string{string(event.Ping)}}, "0"},
		{webhook.CreateInput{URL: rc.URL(), EventTypes: make([]string, webhook.MaxEventTypes+1)}, "event_types"},
		{webhook.CreateInput{URL: rc.URL(), Description: ptr(strings.Repeat("d", webhook.MaxDescription+1))}, "description"},
	}
	for _, b := range bad {
		_, err := svc.Create(ctx, b.in)
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Invalid || e.Fields[0].Loc[len(e.Fields[0].Loc)-1] != toLoc(b.loc) {
			t.Errorf("Create(%+v) = %v, want a 422 at %s", b.in.EventTypes, err, b.loc)
		}
	}

	sub, err := svc.Create(ctx, webhook.CreateInput{URL: rc.URL(), EventTypes: []string{"redeem.applied", "customer.created", "customer.created"},
		Description: ptr("  CRM  "), CreatedBy: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	rc.setSecret(sub.Secret)
	if strings.Join(sub.EventTypes, ",") != "customer.created,redeem.applied" || *sub.Description != "CRM" || !sub.IsActive || *sub.CreatedBy != "admin" {
		t.Errorf("created %+v", sub.Subscription)
	}
	all, err := svc.Create(ctx, webhook.CreateInput{URL: rc.URL(), EventTypes: []string{"*", "customer.created"}, IsActive: ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(all.EventTypes, ",") != "*" || all.IsActive {
		t.Errorf("created %+v", all.Subscription)
	}
	list, err := svc.List(ctx, 10, 0)
	if err != nil || len(list) != 2 || list[0].ID != sub.ID {
		t.Fatalf("list: %v %+v", err, list)
	}

	// Null refusals and a cleared description.
	_, err = svc.Update(ctx, sub.ID, webhook.Update{URL: nullable.Field[string]{Set: true, Null: true}}, "admin")
	if !apperr.Is(err, apperr.Invalid) {
		t.Errorf("null url: %v", err)
	}
	up, err := svc.Update(ctx, sub.ID, webhook.Update{Description: nullable.Field[string]{Set: true, Null: true},
		EventTypes: nullable.Field[[]string]{Set: true, Value: []string{"*"}}, IsActive: nullableBool(false)}, "ana")
	if err != nil || up.Description != nil || up.EventTypes[0] != "*" || up.IsActive || *up.DisabledReason != "deactivated by ana" || up.Secret != "" {
		t.Fatalf("update: %v %+v", err, up)
	}

	// Pings: sent whatever the state, signed, logged, never an error for a failing receiver.
	for i, want := range []bool{true, false} {
		p, err := svc.Ping(ctx, sub.ID)
		if err != nil || p.Delivered != want || p.StatusCode == nil {
			t.Fatalf("ping %d: %v %+v", i, err, p)
		}
	}
	got := rc.receipts()
	if len(got) != 2 || got[0].SigErr != nil || got[0].Type != string(event.Ping) || !strings.Contains(string(got[0].Body), sub.ID) {
		t.Fatalf("pings received: %+v", got)
	}
	attempts, err := svc.Attempts(ctx, sub.ID, 10, 0)
	if err != nil || len(attempts) != 2 || attempts[0].Result != webhook.ResultPing || *attempts[0].StatusCode != 500 || *attempts[1].StatusCode != 200 {
		t.Fatalf("attempts: %v %+v", err, attempts)
	}

	// Deleting takes the pending deliveries and the log along.
	if _, err := svc.Update(ctx, sub.ID, webhook.Update{IsActive: nullableBool(true)}, "ana"); err != nil {
		t.Fatal(err)
	}
	emit(t, db, event.CustomerCreated, 2)
	if err := svc.Delete(ctx, sub.ID); err != nil {
		t.Fatal(err)
	}
	var left int64
	db.Raw(`SELECT (SELECT count(*) FROM webhook_deliveries WHERE subscription_id = @id) + (SELECT count(*) FROM webhook_attempts WHERE subscription_id = @id)`,
		map[string]any{"id": sub.ID}).Scan(&left)
	if left != 0 {
		t.Errorf("%d rows of the deleted subscription left", left)
	}
	for _, err := range []error{
		svc.Delete(ctx, sub.ID),
		func() error { _, err := svc.Get(ctx, sub.ID); return err }(),
		func() error { _, err := svc.Ping(ctx, sub.ID); return err }(),
		func() error { _, err := svc.Attempts(ctx, sub.ID, 1, 0); return err }(),
		func() error { _, err := svc.Update(ctx, sub.ID, webhook.Update{}, ""); return err }(),
	} {
		if !apperr.Is(err, apperr.NotFound) {
			t.Errorf("deleted subscription: %v, want 404", err)
		}
	}

	// The cap.
	for i := 1; i < webhook.MaxSubscriptions; i++ {
		if err := db.Exec(`INSERT INTO webhook_subscriptions (url, secret) VALUES ('https://example.com', 'plain:whsec_AA==')`).Error; err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.Create(ctx, webhook.CreateInput{URL: rc.URL()}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("subscription %d: %v, want 409", webhook.MaxSubscriptions+1, err)
	}
}

func toLoc(s string) any {
	if len(s) == 1 && s[0] >= '0' && s[0] <= '9' {
		return int(s[0] - '0')
	}
	return s
}

// TestPruneKeepsWhatIsStillOwed: past the retention, finished events go with their
// deliveries and attempts; events still owed to an active subscription stay; pending
// deliveries of an inactive subscription are dropped.
func TestPruneKeepsWhatIsStillOwed(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if err := db.Exec(sql, args...).Error; err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	var a, b, c string
	for _, p := range []struct {
		id     *string
		active bool
	}{{&a, true}, {&b, false}, {&c, true}} {
		if err := db.Raw(`INSERT INTO webhook_subscriptions (url, secret, is_active) VALUES ('https://example.com', 'plain:whsec_AA==', ?) RETURNING id`,
			p.active).Scan(p.id).Error; err != nil {
			t.Fatal(err)
		}
	}
	// e1 delivered to a; e2 pending for inactive b; e3 delivered to a, pending for active c;
	// e4 recent, delivered.
	exec(`INSERT INTO webhook_events (type, data, created_at) VALUES
		('customer.created', '{}', now() - interval '2 hours'), ('customer.created', '{}', now() - interval '2 hours'),
		('customer.created', '{}', now() - interval '2 hours'), ('customer.created', '{}', now())`)
	var seqs []int64
	db.Raw(`SELECT seq FROM webhook_events ORDER BY seq`).Scan(&seqs)
	// e5: old, but the fan-out has not reached it yet (its deliveries are still to be added);
	// it names an entry deleted with its customer, whose payload snapshot stays, while an
	// old snapshot no event names goes.
	exec(`INSERT INTO webhook_events (type, entry_id, created_at) VALUES ('points.credited', '00000000-0000-4000-8000-000000000005', now() - interval '2 hours')`)
	exec(`INSERT INTO webhook_entry_snapshots (entry_id, data, created_at) VALUES
		('00000000-0000-4000-8000-000000000005', '{}', now() - interval '2 hours'),
		('00000000-0000-4000-8000-000000000006', '{}', now() - interval '2 hours')`)
	exec(`UPDATE webhook_fanout SET pos = ?`, seqs[3])
	exec(`INSERT INTO webhook_deliveries (subscription_id, event_seq, status, finished_at) VALUES
		(?, ?, 'delivered', now()), (?, ?, 'pending', NULL), (?, ?, 'delivered', now()), (?, ?, 'pending', NULL), (?, ?, 'delivered', now())`,
		a, seqs[0], b, seqs[1], a, seqs[2], c, seqs[2], a, seqs[3])
	exec(`INSERT INTO webhook_attempts (subscription_id, event_id, event_type, attempt, latency_ms, result, attempted_at) VALUES
		(?, gen_random_uuid(), 'customer.created', 1, 1, 'delivered', now() - interval '2 hours'),
		(?, gen_random_uuid(), 'customer.created', 1, 1, 'delivered', now())`, a, a)

	// Nothing is old enough under the default retention.
	if st, err := newService(t, db, fastConfig()).Prune(ctx); err != nil || st != (webhook.PruneStats{}) {
		t.Fatalf("default retention pruned %+v, %v", st, err)
	}
	cfg := fastConfig()
	cfg.Retention = time.Hour
	st, err := newService(t, db, cfg).Prune(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st != (webhook.PruneStats{Events: 2, Dropped: 1, Attempts: 1, Kept: 1}) {
		t.Errorf("pruned %+v, want 2 events, 1 dropped delivery, 1 attempt, 1 payload snapshot", st)
	}
	var snapshots []string
	db.Raw(`SELECT entry_id FROM webhook_entry_snapshots`).Scan(&snapshots)
	if len(snapshots) != 1 || snapshots[0] != "00000000-0000-4000-8000-000000000005" {
		t.Errorf("payload snapshots left %v, want the one an event still names", snapshots)
	}
	var left []string
	db.Raw(`SELECT e.seq || ':' || COALESCE(string_agg(d.status, ',' ORDER BY d.status), '') FROM webhook_events e
		LEFT JOIN webhook_deliveries d ON d.event_seq = e.seq GROUP BY e.seq ORDER BY e.seq`).Scan(&left)
	want := []string{itoa(seqs[2]) + ":delivered,pending", itoa(seqs[3]) + ":delivered", itoa(seqs[3]+1) + ":"}
	if strings.Join(left, " ") != strings.Join(want, " ") {
		t.Errorf("left %v, want %v", left, want)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func ptr[T any](v T) *T { return &v }
