package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
)

// PingResult is the answer of POST /webhooks/{id}/test.
type PingResult struct {
	Delivered  bool    `json:"delivered"` // the receiver answered 2xx
	EventID    string  `json:"event_id"`
	StatusCode *int    `json:"status_code"` // null when no answer came
	LatencyMS  int     `json:"latency_ms"`
	Error      *string `json:"error"`
}

// PingData is the payload of a webhook.ping event.
type PingData struct {
	WebhookID string `json:"webhook_id"`
	Message   string `json:"message"`
}

// Ping sends a webhook.ping event to the subscription's URL now, signed like any
// delivery, active or not, and logs the attempt (result "ping"). It is not retried and
// does not touch the subscription's failure streak. The receiver's failure is part of
// the answer, not an error.
func (s *Service) Ping(ctx context.Context, id string) (PingResult, error) {
	r, err := loadRow(ctx, s.db, id, false)
	if err != nil {
		return PingResult{}, err
	}
	secret, err := s.secret.open(r.ID, r.Secret)
	if err != nil {
		return PingResult{}, fmt.Errorf("webhook %s: %w", id, err)
	}
	key, err := signingKey(secret)
	if err != nil {
		return PingResult{}, fmt.Errorf("webhook %s: %w", id, err)
	}
	eventID := uuid.NewString()
	data, err := json.Marshal(PingData{WebhookID: r.ID, Message: "Test delivery from the loyalty service"})
	if err != nil {
		return PingResult{}, err
	}
	body, err := envelope(eventID, string(event.Ping), time.Now(), string(data))
	if err != nil {
		return PingResult{}, err
	}
	res := s.post(ctx, r.URL, key, eventID, string(event.Ping), body)
	out := PingResult{Delivered: res.status >= 200 && res.status < 300, EventID: eventID, LatencyMS: int(res.latency.Milliseconds())}
	if res.status != 0 {
		out.StatusCode = &res.status
	}
	if res.err != "" {
		out.Error = &res.err
	}
	err = s.db.WithContext(context.WithoutCancel(ctx)).Exec(`INSERT INTO webhook_attempts
		(subscription_id, event_id, event_type, attempt, status_code, latency_ms, error, result, attempted_at)
		VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)`, r.ID, eventID, string(event.Ping), out.StatusCode, out.LatencyMS, out.Error, ResultPing, res.at).Error
	if err != nil {
		// The ping itself happened; losing its log line is not worth failing the answer.
		s.log.WarnContext(ctx, "webhook ping not logged", "webhook_id", r.ID, "error", err)
	}
	return out, nil
}
