package ledger_test

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
)

// The cost of the webhook outbox on the ledger (scripts/bench-ledger.sh compares these
// with BenchmarkLedgerSpread and BenchmarkLedgerHot, which run without it).

// withOutbox records every ledger change in the outbox, as the service does, with
// `subscriptions` active subscriptions to every event type.
func withOutbox(b *testing.B, f *benchFixture, subscriptions int) *benchFixture {
	for range subscriptions {
		if err := f.db.Exec(`INSERT INTO webhook_subscriptions (url, secret) VALUES ('https://example.com/hook', 'plain:whsec_AA==')`).Error; err != nil {
			b.Fatal(err)
		}
	}
	f.svc = f.svc.WithEvents(event.Outbox{})
	return f
}

// BenchmarkLedgerSpreadOutbox: the outbox on, no subscription (nothing is written).
func BenchmarkLedgerSpreadOutbox(b *testing.B) {
	runCreditDebit(b, withOutbox(b, seededFixture(b, 10_000), 0))
}

// BenchmarkLedgerSpreadWebhook: the outbox on and one active subscription: every
// transaction also writes its event and one delivery.
func BenchmarkLedgerSpreadWebhook(b *testing.B) {
	runCreditDebit(b, withOutbox(b, seededFixture(b, 10_000), 1))
}

// BenchmarkLedgerHotWebhook: one hot customer, with one active subscription.
func BenchmarkLedgerHotWebhook(b *testing.B) {
	runCreditDebit(b, withOutbox(b, seededFixture(b, 1), 1))
}
