package ledger

import (
	"context"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"gorm.io/gorm"
)

// Events records an event inside the transaction of the change it describes (the
// webhook outbox, event.Outbox). An error must roll the change back.
type Events interface {
	Record(ctx context.Context, tx *gorm.DB, typ event.Type, data any) error
}

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

// WithEvents returns a copy of the service that records its changes through ev.
func (s *Service) WithEvents(ev Events) *Service {
	c := *s
	c.events = ev
	return &c
}

// record writes an event in tx; without Events it does nothing.
func (s *Service) record(ctx context.Context, tx *gorm.DB, typ event.Type, data any) error {
	if s.events == nil {
		return nil
	}
	return s.events.Record(ctx, tx, typ, data)
}
