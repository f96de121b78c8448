package ledger_test

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
)

// The cost of the webhook outbox on the ledger (scripts/bench-ledger.sh reports it).

// withOutbox records every ledger change in the outbox, as the service does (its view of
// the subscriptions read), with `subscriptions` active subscriptions to every type.
func withOutbox(b *testing.B, f *benchFixture, subscriptions int) *benchFixture {
	for range subscriptions {
		if err := f.db.Exec(`INSERT INTO webhook_subscriptions (url, secret) VALUES ('https://example.com/hook', 'plain:whsec_AA==')`).Error; err != nil {
			b.Fatal(err)
		}
	}
	f.outbox = &event.Outbox{}
	if err := f.outbox.Refresh(context.Background(), f.db); err != nil {
		b.Fatal(err)
	}
	f.svc = f.svc.WithEvents(f.outbox)
	return f
}

// BenchmarkLedgerSpreadOutbox: the outbox on, no subscription (nothing is written, not
// even asked: the outbox knows nobody wants the events).
func BenchmarkLedgerSpreadOutbox(b *testing.B) {
	runCreditDebit(b, withOutbox(b, seededFixture(b, 10_000), 0))
}

// BenchmarkLedgerSpreadWebhook: the outbox on and one active subscription: every
// transaction also writes its event (the fan-out, not run here, adds the delivery).
func BenchmarkLedgerSpreadWebhook(b *testing.B) {
	runCreditDebit(b, withOutbox(b, seededFixture(b, 10_000), 1))
}

// BenchmarkLedgerHotWebhook: one hot customer, with one active subscription.
func BenchmarkLedgerHotWebhook(b *testing.B) {
	runCreditDebit(b, withOutbox(b, seededFixture(b, 1), 1))
}

// BenchmarkLedgerWebhookRatio is the comparison of the issue, made robust to a shared
// machine: on one seeded database, chunks of 500 credit+debit transactions alternate
// between (0) the ledger without the outbox, (1) with the outbox and no active
// subscription (the service as deployed, nobody subscribed) and (2) with one active
// subscription to every type (each transaction also writes its event, and the fan-out
// adds their deliveries while the phase runs, see fanningOut). All three see the same
// load and table sizes. Reported: the three throughputs, and the
// ratios with/without a subscription (2/1, the target: at least 0.90) and with a
// subscription/without any outbox (2/0).
func BenchmarkLedgerWebhookRatio(b *testing.B) {
	f := seededFixture(b, 10_000)
	plain := f.svc
	hooked := withOutbox(b, f, 1).svc
	hooks, err := webhook.New(f.db, webhook.Config{})
	if err != nil {
		b.Fatal(err)
	}
	activate := func(on bool) {
		if err := f.db.Exec(`UPDATE webhook_subscriptions SET is_active = ?`, on).Error; err != nil {
			b.Fatal(err)
		}
		if err := f.outbox.Refresh(context.Background(), f.db); err != nil {
			b.Fatal(err)
		}
	}
	const chunk = 500
	var took, cpu [3]time.Duration
	var n [3]int
	b.ResetTimer()
	for done := 0; done < b.N; done += chunk {
		size := min(chunk, b.N-done)
		for phase, svc := range []*ledger.Service{plain, hooked, hooked} {
			b.StopTimer()
			activate(phase == 2)
			b.StartTimer()
			cpu0 := processCPU(b)
			if phase == 2 {
				took[phase] += fanningOut(b, hooks, func() { creditDebit(b, f, svc, size) })
			} else {
				took[phase] += creditDebit(b, f, svc, size)
			}
			cpu[phase] += processCPU(b) - cpu0
			n[phase] += size
		}
	}
	// The last chunk's events: their fan-out counted with the subscription's phase.
	start := time.Now()
	if _, err := hooks.FanOut(context.Background()); err != nil {
		b.Fatal(err)
	}
	took[2] += time.Since(start)
	b.StopTimer()
	var tps [3]float64
	for i := range tps {
		tps[i] = float64(n[i]) / took[i].Seconds()
	}
	b.ReportMetric(tps[0], "tx/s-no-outbox")
	b.ReportMetric(tps[1], "tx/s-no-subscription")
	b.ReportMetric(tps[2], "tx/s-one-subscription")
	b.ReportMetric(float64(cpu[1].Microseconds())/float64(n[1]), "cpu-us/tx-no-subscription")
	b.ReportMetric(float64(cpu[2].Microseconds())/float64(n[2]), "cpu-us/tx-one-subscription")
	b.ReportMetric(tps[2]/tps[1], "ratio")
	b.ReportMetric(tps[2]/tps[0], "ratio-vs-no-outbox")
}

// fanningOut runs work while the fan-out adds the deliveries of the subscription's
// events, as the service's loop does: a round at once (the events the previous chunk
// left), then every 200 ms. A round still running when the work ends is waited for.
// So the fan-out's work is done, and counted, in the subscription's phase, overlapping
// the ledger's as it does in the service; returns the time all of it took.
func fanningOut(b *testing.B, hooks *webhook.Service, work func()) time.Duration {
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			if _, err := hooks.FanOut(ctx); err != nil && ctx.Err() == nil {
				b.Error(err)
				return
			}
			select {
			case <-ctx.Done():
			case <-time.After(200 * time.Millisecond):
			}
		}
	}()
	work()
	stop()
	<-done
	return time.Since(start)
}

// creditDebit runs n credits and debits from benchClients goroutines and returns the
// time they took.
func creditDebit(b *testing.B, f *benchFixture, svc *ledger.Service, n int) time.Duration {
	var next, failures atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := range benchClients {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), uint64(n)))
			ctx := context.Background()
			for i := next.Add(1); i <= int64(n); i = next.Add(1) {
				m := ledger.Movement{CustomerID: f.customers[r.IntN(len(f.customers))], Points: 10, Description: "bench", TransactionDate: time.Now()}
				var err error
				if i%2 == 0 {
					_, _, err = svc.Credit(ctx, m)
				} else {
					_, _, err = svc.Debit(ctx, m)
				}
				if err != nil {
					failures.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if k := failures.Load(); k > 0 {
		b.Fatalf("%d of %d ledger transactions failed", k, n)
	}
	return time.Since(start)
}
