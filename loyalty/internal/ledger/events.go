package ledger

import (
	"context"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"gorm.io/gorm"
)

// SaleEvent is the payload of sale.recorded: the entry POST /transaction answers, with the
// sale's coupon as GET /customer/{customer_id}/coupons renders it.
type SaleEvent struct {
	Entry
	Coupon Coupon `json:"coupon"`
}

// CancellationEvent is the payload of transaction.cancelled (one per entry reversed): the
// item of the cancel routes' answer, with the reversal (E) entry written.
type CancellationEvent struct {
	Cancellation
	Reversal Entry `json:"reversal"`
}

// WithEvents returns a copy of the service that records its changes in the webhook
// outbox ob: in the transaction of each change (an error rolls the change back), and for
// credits and debits in their one statement (ledger_move writes the event itself).
func (s *Service) WithEvents(ob *event.Outbox) *Service {
	c := *s
	c.events = ob
	return &c
}

// record writes an event in tx; without Events it does nothing.
func (s *Service) record(ctx context.Context, tx *gorm.DB, typ event.Type, data any) error {
	if s.events == nil {
		return nil
	}
	return s.events.Record(ctx, tx, typ, data)
}
