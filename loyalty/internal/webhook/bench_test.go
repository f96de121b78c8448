package webhook_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
)

// BenchmarkCatchUp measures how fast a subscription's backlog drains when its receiver
// comes back: b.N events are pending (as after a receiver was down for an hour, the head
// having failed for that hour), then the delivery workers of one replica run until every
// event is delivered to a receiver that verifies each signature. Reports events/s.
//
//	go test -run '^$' -bench BenchmarkCatchUp -benchtime=36000x ./loyalty/internal/webhook/
//
// (make bench-webhooks). 36,000 events is an hour at 10 events a second.
func BenchmarkCatchUp(b *testing.B) {
	db := newDB(b, 10)
	ctx := context.Background()
	var received, bad atomic.Int64
	var secret atomic.Value
	secret.Store("")
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if webhook.Verify(secret.Load().(string), r.Header, body, time.Now(), webhook.DefaultTolerance) != nil {
			bad.Add(1)
		}
		received.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer recv.Close()
	cfg := webhook.Config{AllowPrivate: true} // production defaults otherwise
	svc := newService(b, db, cfg)
	sub, err := svc.Create(ctx, webhook.CreateInput{URL: recv.URL + "/hooks"})
	if err != nil {
		b.Fatal(err)
	}
	secret.Store(sub.Secret)

	// A points.credited payload as the API renders it (about 500 bytes).
	data := `{"id":"0c3f7c1e-4a4f-4f0b-9a57-0a3c4e7b1d10","customer_id":"7d3f0d7e-5b1c-4c43-8a2e-1f7c9f0e2a11",` +
		`"vendor_document":null,"store_code":"L01","points":99,"transaction_identifier":"` + strings.Repeat("t", 36) + `",` +
		`"description":"Purchase NF-1","user_at":"ana","transaction_date":"2025-05-01T13:00:00Z","coupon_identifier":"NF-1",` +
		`"redeem_id":null,"transaction_type":"C","reverses_id":null,"cancelled_at":null,` +
		`"created_at":"2025-05-01T13:00:01.123456Z","updated_at":"2025-05-01T13:00:01.123456Z"}`
	// The subscription has existed all along; the events of the hour were written and
	// fanned out to it while its receiver was down.
	if err := db.Exec(`UPDATE webhook_subscriptions SET created_at = now() - interval '2 hours' WHERE id = ?`, sub.ID).Error; err != nil {
		b.Fatal(err)
	}
	if err := db.Exec(`
		INSERT INTO webhook_events (type, data, created_at)
		SELECT 'points.credited', ?::json, now() - interval '1 hour' + g * interval '1 millisecond' FROM generate_series(1, ?) g`,
		data, b.N).Error; err != nil {
		b.Fatal(err)
	}
	if _, err := svc.FanOut(ctx); err != nil {
		b.Fatal(err)
	}
	// The head has been failing for an hour; its next retry is due now.
	if err := db.Exec(`UPDATE webhook_deliveries SET attempts = 12, first_attempt_at = now() - interval '1 hour', next_attempt_at = now()
		WHERE subscription_id = ? AND event_seq = (SELECT min(event_seq) FROM webhook_deliveries WHERE subscription_id = ?)`, sub.ID, sub.ID).Error; err != nil {
		b.Fatal(err)
	}
	if err := db.Exec(`ANALYZE webhook_deliveries; ANALYZE webhook_events`).Error; err != nil {
		b.Fatal(err)
	}

	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	b.ResetTimer()
	go func() { svc.Run(runCtx); close(done) }()
	for {
		var pending int64
		if err := db.Raw(`SELECT count(*) FROM webhook_deliveries WHERE subscription_id = ? AND status = 'pending'`, sub.ID).Scan(&pending).Error; err != nil {
			b.Fatal(err)
		}
		if pending == 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.StopTimer()
	stop()
	<-done
	if n := bad.Load(); n > 0 {
		b.Fatalf("%d deliveries failed verification", n)
	}
	if got := received.Load(); got < int64(b.N) {
		b.Fatalf("received %d of %d events", got, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(received.Load()-int64(b.N)), "resent")
}

// BenchmarkFanOut measures the fan-out's cost per event: b.N committed events (credits
// naming their entries, as loyalty.ledger_move writes them) get their deliveries to one
// subscription, in rounds of 500 as under a steady load. Reports µs per event.
//
//	go test -run '^$' -bench BenchmarkFanOut -benchtime=20000x ./loyalty/internal/webhook/
func BenchmarkFanOut(b *testing.B) {
	db := newDB(b, 4)
	ctx := context.Background()
	svc := newService(b, db, webhook.Config{AllowPrivate: true})
	if _, err := svc.Create(ctx, webhook.CreateInput{URL: "http://127.0.0.1:9/hooks"}); err != nil {
		b.Fatal(err)
	}
	const round = 500
	b.ResetTimer()
	for done := 0; done < b.N; done += round {
		b.StopTimer()
		if err := db.Exec(`INSERT INTO webhook_events (type, entry_id) SELECT 'points.credited', gen_random_uuid() FROM generate_series(1, ?)`,
			min(round, b.N-done)).Error; err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := svc.FanOut(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "us/event")
}
