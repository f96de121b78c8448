package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

// AllEvents is how event_types says "every type", in requests and answers.
const AllEvents = "*"

// Subscription is a webhook subscription as the API renders it. Its secret is shown only
// when created or rotated (WithSecret).
type Subscription struct {
	ID          string   `json:"id"`
	URL         string   `json:"url"`
	EventTypes  []string `json:"event_types"` // ["*"] for every type
	Description *string  `json:"description"`
	IsActive    bool     `json:"is_active"`
	// DisabledReason says why the subscription stopped (failures, or who deactivated it).
	DisabledReason *string    `json:"disabled_reason"`
	DisabledAt     *time.Time `json:"disabled_at"`
	// FailingSince and ConsecutiveFailures describe the failure streak since the last
	// successful delivery (null and 0 when healthy).
	FailingSince        *time.Time `json:"failing_since"`
	ConsecutiveFailures int        `json:"consecutive_failures"`
	// OldestPendingAt is the creation time of the oldest event still waiting for delivery
	// (null when none): how far behind the receiver is.
	OldestPendingAt *time.Time `json:"oldest_pending_at"`
	CreatedBy       *string    `json:"created_by"`
	CreatedAt       time.Time  `json:"created_at"`
	UpdatedAt       time.Time  `json:"updated_at"`
}

// WithSecret is a subscription with its signing secret: the answer of a creation and of
// a secret rotation, the only times the secret is shown.
type WithSecret struct {
	Subscription
	Secret string `json:"secret"`
}

// CreateInput is a new subscription. EventTypes nil means every type; IsActive nil, true.
type CreateInput struct {
	URL         string
	EventTypes  []string
	Description *string
	IsActive    *bool
	CreatedBy   string
}

// Update holds the fields a PATCH sent. url, event_types and is_active cannot be null;
// description is cleared by null. rotate_secret true issues a new secret (shown once in
// the answer); deliveries are signed with it from then on.
type Update struct {
	URL          nullable.Field[string]   `json:"url" validate:"omitempty,max=2048"`
	EventTypes   nullable.Field[[]string] `json:"event_types" validate:"omitempty,max=32,dive,max=64"`
	Description  nullable.Field[string]   `json:"description" validate:"omitempty,max=255"`
	IsActive     nullable.Field[bool]     `json:"is_active"`
	RotateSecret bool                     `json:"rotate_secret"`
}

// Failures callers tell apart (errors.Is).
var (
	ErrNotFound = apperr.Define(apperr.NotFound, "webhook_not_found", "Webhook not found")
	ErrTooMany  = apperr.Define(apperr.Conflict, "webhook_limit", "Too many webhook subscriptions")
)

// row is a subscriptions row as read.
type row struct {
	ID                  string
	URL                 string
	EventTypesJSON      string
	Description         *string
	Secret              string
	IsActive            bool
	DisabledReason      *string
	DisabledAt          *time.Time
	FailingSince        *time.Time
	ConsecutiveFailures int
	OldestPendingAt     *time.Time
	CreatedBy           *string
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

const selectSubscriptions = `
SELECT s.id, s.url, array_to_json(s.event_types)::text AS event_types_json, s.description, s.secret,
       s.is_active, s.disabled_reason, s.disabled_at, s.failing_since, s.consecutive_failures,
       (SELECT e.created_at FROM webhook_deliveries d JOIN webhook_events e ON e.seq = d.event_seq
         WHERE d.subscription_id = s.id AND d.status = 'pending' ORDER BY d.event_seq LIMIT 1) AS oldest_pending_at,
       s.created_by, s.created_at, s.updated_at
  FROM webhook_subscriptions s`

func (r row) subscription() Subscription {
	types := []string{}
	// A row that does not decode shows as every type rather than failing the read.
	if json.Unmarshal([]byte(r.EventTypesJSON), &types) != nil || len(types) == 0 {
		types = []string{AllEvents}
	}
	return Subscription{
		ID: r.ID, URL: r.URL, EventTypes: types, Description: r.Description, IsActive: r.IsActive,
		DisabledReason: r.DisabledReason, DisabledAt: r.DisabledAt, FailingSince: r.FailingSince,
		ConsecutiveFailures: r.ConsecutiveFailures, OldestPendingAt: r.OldestPendingAt,
		CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
}

// addFields adds the field errors of a 422 to bad (other errors cannot occur here).
func addFields(bad *validation.List, err error) {
	if e, ok := apperr.As(err); ok && e.Code == apperr.Invalid {
		bad.Add(e.Fields...)
	}
}

// eventTypes validates event_types and returns the stored form: nil for every type, else
// the known types named, each once, in catalogue order.
func eventTypes(types []string) ([]string, error) {
	if len(types) == 0 {
		return nil, apperr.Validation(apperr.Field(`List should have at least 1 item (use ["*"] for every event type)`, "too_short", "event_types"))
	}
	if len(types) > MaxEventTypes {
		return nil, apperr.Validation(validation.ListTooLong(MaxEventTypes, "event_types"))
	}
	var bad validation.List
	want := map[string]bool{}
	for i, t := range types {
		t = strings.TrimSpace(t)
		switch {
		case t == AllEvents:
			want[AllEvents] = true
		case event.Known(t):
			want[t] = true
		default:
			bad.Add(apperr.Field(fmt.Sprintf("Unknown event type %q; known types: %s, or * for all", t, strings.Join(Types(), ", ")),
				"enum", "event_types", i))
		}
	}
	if err := bad.Err(); err != nil {
		return nil, err
	}
	if want[AllEvents] {
		return nil, nil
	}
	out := []string{}
	for _, e := range event.All {
		if want[string(e)] {
			out = append(out, string(e))
		}
	}
	return out, nil
}

// storedTypes is the text[] value of event_types ('{}' for every type).
func storedTypes(types []string) array[string] {
	if types == nil {
		return array[string]{}
	}
	return array[string](types)
}

func cleanDescription(d *string) (*string, error) {
	if d == nil {
		return nil, nil
	}
	v := strings.TrimSpace(*d)
	if len([]rune(v)) > MaxDescription {
		return nil, apperr.Validation(validation.StringTooLong(MaxDescription, "characters", "description"))
	}
	if v == "" {
		return nil, nil
	}
	return &v, nil
}

// Create registers a subscription and returns it with its secret (shown this once).
func (s *Service) Create(ctx context.Context, in CreateInput) (WithSecret, error) {
	var bad validation.List
	url, err := s.checkURL(ctx, in.URL, "url")
	addFields(&bad, err)
	types := []string(nil)
	if in.EventTypes != nil {
		types, err = eventTypes(in.EventTypes)
		addFields(&bad, err)
	}
	desc, err := cleanDescription(in.Description)
	addFields(&bad, err)
	if err := bad.Err(); err != nil {
		return WithSecret{}, err
	}
	secret, err := newSecret()
	if err != nil {
		return WithSecret{}, err
	}
	id := uuid.NewString()
	sealed, err := s.secret.seal(id, secret)
	if err != nil {
		return WithSecret{}, err
	}
	active := in.IsActive == nil || *in.IsActive
	var createdBy *string
	if in.CreatedBy != "" {
		createdBy = &in.CreatedBy
	}
	var out WithSecret
	err = database.Tx(ctx, s.db, database.CreatedRow("webhook_subscriptions", id, webhookAdvice(id)), func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		// Serialises creations, so the cap holds under concurrent requests.
		if err := tx.Exec(`SELECT pg_advisory_xact_lock(hashtextextended('loyalty.webhook_subscriptions', 0))`).Error; err != nil {
			return fmt.Errorf("lock webhook subscriptions: %w", err)
		}
		var n int64
		if err := tx.Raw(`SELECT count(*) FROM webhook_subscriptions`).Scan(&n).Error; err != nil {
			return fmt.Errorf("count webhook subscriptions: %w", err)
		}
		if n >= MaxSubscriptions {
			return ErrTooMany.Withf("At most %d webhook subscriptions may exist; delete one first", MaxSubscriptions)
		}
		err := tx.Exec(`INSERT INTO webhook_subscriptions (id, url, event_types, description, secret, is_active, created_by)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, id, url, storedTypes(types), desc, sealed, active, createdBy).Error
		if err != nil {
			return fmt.Errorf("insert webhook subscription: %w", err)
		}
		sub, err := load(ctx, tx, id)
		out = WithSecret{Subscription: sub, Secret: secret}
		return err
	})
	if err == nil {
		s.subscriptionsChanged(ctx)
	}
	return out, err
}

func load(ctx context.Context, db *gorm.DB, id string) (Subscription, error) {
	r, err := loadRow(ctx, db, id, false)
	if err != nil {
		return Subscription{}, err
	}
	return r.subscription(), nil
}

func loadRow(ctx context.Context, db *gorm.DB, id string, lock bool) (row, error) {
	q := selectSubscriptions + ` WHERE s.id = ?`
	if lock {
		q += ` FOR UPDATE OF s`
	}
	var rows []row
	if err := db.WithContext(ctx).Raw(q, id).Scan(&rows).Error; err != nil {
		return row{}, fmt.Errorf("load webhook %s: %w", id, err)
	}
	if len(rows) == 0 {
		return row{}, ErrNotFound
	}
	return rows[0], nil
}

// Get returns one subscription.
func (s *Service) Get(ctx context.Context, id string) (Subscription, error) {
	return load(ctx, s.db, id)
}

// List returns subscriptions, oldest first.
func (s *Service) List(ctx context.Context, limit, offset int) ([]Subscription, error) {
	var rows []row
	if err := s.db.WithContext(ctx).Raw(selectSubscriptions+` ORDER BY s.created_at, s.id LIMIT ? OFFSET ?`, limit, offset).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("list webhooks: %w", err)
	}
	out := make([]Subscription, len(rows))
	for i, r := range rows {
		out[i] = r.subscription()
	}
	return out, nil
}

// Update applies a PATCH. The secret in the answer is empty unless rotate_secret was sent.
// Re-activating a subscription clears its failure streak and retries its pending events at
// once, with a fresh WEBHOOK_MAX_AGE; a new URL is tried at once too.
func (s *Service) Update(ctx context.Context, id string, u Update, by string) (WithSecret, error) {
	if err := validation.RefuseNulls(
		validation.NotNull{Field: "url", Type: "string_type", Null: u.URL.Set && u.URL.Null},
		validation.NotNull{Field: "event_types", Type: "list_type", Null: u.EventTypes.Set && u.EventTypes.Null},
		validation.NotNull{Field: "is_active", Type: "bool_type", Null: u.IsActive.Set && u.IsActive.Null},
	); err != nil {
		return WithSecret{}, err
	}
	var bad validation.List
	changes := map[string]any{}
	if u.URL.Set {
		url, err := s.checkURL(ctx, u.URL.Value, "url")
		addFields(&bad, err)
		changes["url"] = url
	}
	if u.EventTypes.Set {
		types, err := eventTypes(u.EventTypes.Value)
		addFields(&bad, err)
		changes["event_types"] = storedTypes(types)
	}
	if u.Description.Set {
		desc, err := cleanDescription(u.Description.Ptr())
		addFields(&bad, err)
		changes["description"] = desc
	}
	if err := bad.Err(); err != nil {
		return WithSecret{}, err
	}
	var out WithSecret
	change, xact := database.UpdateInXact(webhookAdvice(id))
	err := database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := xact.Take(tx); err != nil {
			return err
		}
		cur, err := loadRow(ctx, tx, id, true)
		if err != nil {
			return err
		}
		retryNow := u.URL.Set && changes["url"] != cur.URL
		if u.IsActive.Set && u.IsActive.Value != cur.IsActive {
			changes["is_active"] = u.IsActive.Value
			if u.IsActive.Value {
				changes["disabled_reason"], changes["disabled_at"] = nil, nil
				changes["failing_since"], changes["consecutive_failures"], changes["refused_in_a_row"] = nil, 0, 0
				retryNow = true
			} else {
				reason := "deactivated through the API"
				if by != "" {
					reason = "deactivated by " + by
				}
				changes["disabled_reason"], changes["disabled_at"] = reason, gorm.Expr("now()")
			}
		}
		secret := ""
		if u.RotateSecret {
			if secret, err = newSecret(); err != nil {
				return err
			}
			if changes["secret"], err = s.secret.seal(id, secret); err != nil {
				return err
			}
		}
		if len(changes) > 0 {
			changes["updated_at"] = gorm.Expr("now()")
			if err := tx.Table("webhook_subscriptions").Where("id = ?", id).Updates(changes).Error; err != nil {
				return fmt.Errorf("update webhook %s: %w", id, err)
			}
		}
		if retryNow {
			if err := tx.Exec(`UPDATE webhook_deliveries SET next_attempt_at = now(), first_attempt_at = NULL
				WHERE subscription_id = ? AND status = 'pending'`, id).Error; err != nil {
				return fmt.Errorf("reschedule deliveries of webhook %s: %w", id, err)
			}
		}
		sub, err := load(ctx, tx, id)
		out = WithSecret{Subscription: sub, Secret: secret}
		return err
	})
	if err == nil {
		s.subscriptionsChanged(ctx)
	}
	return out, err
}

// Delete removes a subscription with its pending deliveries and its attempt log.
func (s *Service) Delete(ctx context.Context, id string) error {
	change, xact := database.UpdateInXact(webhookAdvice(id))
	err := database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := xact.Take(tx); err != nil {
			return err
		}
		res := tx.Exec(`DELETE FROM webhook_subscriptions WHERE id = ?`, id)
		if res.Error != nil {
			return fmt.Errorf("delete webhook %s: %w", id, res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		// Finished deliveries are left to the pruning job (found by event, not by subscription).
		if err := tx.Exec(`DELETE FROM webhook_deliveries WHERE subscription_id = ? AND status = 'pending'`, id).Error; err != nil {
			return fmt.Errorf("delete deliveries of webhook %s: %w", id, err)
		}
		if err := tx.Exec(`DELETE FROM webhook_attempts WHERE subscription_id = ?`, id).Error; err != nil {
			return fmt.Errorf("delete attempts of webhook %s: %w", id, err)
		}
		return nil
	})
	if err == nil {
		s.subscriptionsChanged(ctx)
	}
	return err
}

func webhookAdvice(id string) string {
	return fmt.Sprintf("Look up webhook %s (GET /webhooks/{webhook_id}) before sending the request again.", id)
}

// Attempt is one delivery attempt (or test ping) as GET /webhooks/{id}/deliveries shows it.
type Attempt struct {
	ID        int64  `json:"id"`
	EventID   string `json:"event_id"`
	EventType string `json:"event_type"`
	Attempt   int    `json:"attempt"` // 1 for the first try of the event
	// StatusCode is the receiver's HTTP status; null when none came (time-out,
	// connection refused, address not allowed).
	StatusCode *int    `json:"status_code"`
	LatencyMS  int     `json:"latency_ms"`
	Error      *string `json:"error"`
	// Result: delivered, retrying (it will be sent again), failed (given up or refused),
	// ping (a test).
	Result      string    `json:"result"`
	AttemptedAt time.Time `json:"attempted_at"`
}

// Results of an attempt.
const (
	ResultDelivered = "delivered"
	ResultRetrying  = "retrying"
	ResultFailed    = "failed"
	ResultPing      = "ping"
)

// Attempts lists a subscription's recent delivery attempts, newest first.
func (s *Service) Attempts(ctx context.Context, id string, limit, offset int) ([]Attempt, error) {
	if _, err := s.Get(ctx, id); err != nil {
		return nil, err
	}
	out := []Attempt{}
	err := s.db.WithContext(ctx).Raw(`SELECT id, event_id, event_type, attempt, status_code, latency_ms, error, result, attempted_at
		FROM webhook_attempts WHERE subscription_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`, id, limit, offset).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("list attempts of webhook %s: %w", id, err)
	}
	return out, nil
}

// Types lists the subscribable event types (for documentation and errors).
func Types() []string {
	out := make([]string, len(event.All))
	for i, t := range event.All {
		out[i] = string(t)
	}
	return out
}
