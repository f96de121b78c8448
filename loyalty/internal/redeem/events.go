package redeem

import (
	"context"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"gorm.io/gorm"
)

// Events records an event inside the transaction of the change it describes (the
// webhook outbox, event.Outbox). An error must roll the change back.
type Events interface {
	Record(ctx context.Context, tx *gorm.DB, typ event.Type, data any) error
}

// ReleaseEvent is the payload of redeem.cancelled and redeem.expired: the redeem as it is
// afterwards, with the reversal (E) entry that gave its points back.
type ReleaseEvent struct {
	Redeem
	Reversal ledger.Entry `json:"reversal"`
}

// WithEvents returns a copy of the service that records the life cycle's events through ev.
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
