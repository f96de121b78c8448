package aiquery

import (
	"context"
	"fmt"

	"github.com/loyaltylinks/platform/shared/apperr"
)

// CheckSetup runs a trivial report query the way every report runs (its own pool, a
// read-only transaction, as the reporting role). It is called once at start so that a
// set-up problem, a reporting role that is missing or not granted to the report login,
// stops the service with a clear error instead of answering 503 to every report.
//
// It returns an error wrapping ErrSetup for such a problem; any other error (the
// database not answering yet) is returned as is, for the caller to treat as transient.
func (s *Service) CheckSetup(ctx context.Context) error {
	q, err := s.guard.Check("SELECT 1 AS ready")
	if err != nil {
		return fmt.Errorf("report query set-up check: %w", err)
	}
	_, err = s.runner.Run(ctx, q, noRows{})
	if apperr.Is(err, apperr.Unavailable) {
		return fmt.Errorf("%w: %w", ErrSetup, err)
	}
	return err
}

// ErrSetup marks a report-query set-up problem found by CheckSetup.
var ErrSetup = fmt.Errorf("report queries are misconfigured")

// noRows is a Sink that keeps nothing.
type noRows struct{}

func (noRows) Columns([]ResultColumn) error { return nil }
func (noRows) Row([][]byte) error           { return nil }
