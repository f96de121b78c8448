// Package webhook delivers the loyalty programme's events (package event) to integrators:
// subscriptions (an http(s) URL, the event types wanted, a signing secret shown once),
// the delivery worker, the URL guard and the signature scheme. docs/webhooks.md is the
// integrator's view of all of it.
//
// Delivery in brief. The outbox (event.Outbox) writes the event in the transaction of
// the change; the fan-out (fanout.go) then adds one pending delivery per active
// subscription wanting it, in seq order, once every earlier event is committed. Workers (Concurrency
// per replica, any number of replicas) claim one subscription at a time with SELECT ...
// FOR NO KEY UPDATE SKIP LOCKED and a lease, then POST its pending events oldest first,
// each signed the Standard Webhooks way. A delivery that fails with a 5xx, a 429, a
// time-out or a connection error blocks the ones behind it (order per subscription) and
// is retried with exponential backoff and jitter, for up to MaxAge after its first
// attempt; then it is given up and the subscription disabled, saying why. Deliveries are
// at least once: a receiver deduplicates on the event id (webhook-id header).
package webhook

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"gorm.io/gorm"
)

// Config tunes delivery. Zero fields take the defaults in brackets.
type Config struct {
	// MaxAge is how long a failing delivery is retried after its first attempt [72h].
	MaxAge time.Duration
	// AllowPrivate lets subscriptions reach loopback, private and link-local addresses
	// (development only) [false].
	AllowPrivate bool
	// Timeout bounds one delivery request: connection, TLS, request and response [10s].
	Timeout time.Duration
	// PollInterval is how often an idle worker looks for due deliveries [1s].
	PollInterval time.Duration
	// Concurrency is the number of subscriptions one replica sends to at once [4].
	Concurrency int
	// Retention is how long delivered and given-up events (and the attempt log) are
	// kept [168h].
	Retention time.Duration
	// RetryBase and RetryMax shape the backoff: the n-th retry waits about
	// RetryBase x 2^(n-1), capped at RetryMax, with jitter [5s, 10m].
	RetryBase time.Duration
	RetryMax  time.Duration
	// SecretKey, when set, seals signing secrets at rest with AES-256-GCM (a key derived
	// from it by SHA-256). Empty stores them as they are (docs/webhooks.md, "Secrets").
	SecretKey string
	// Resolver resolves receiver host names, when a subscription is saved and for every
	// connection [net.DefaultResolver]. Tests replace it.
	Resolver Resolver
	// Logger receives delivery failures and disabled subscriptions [discard].
	Logger *slog.Logger
	// Outbox, when set, is refreshed after every subscription change made here, so this
	// replica records the events a new subscription wants at once.
	Outbox *event.Outbox
}

// Limits of the subscription API (docs/webhooks.md lists them).
const (
	MaxURLLength        = 2048
	MaxDescription      = 255
	MaxSubscriptions    = 100 // per service
	MaxEventTypes       = 32  // entries in event_types (the catalogue has 14)
	maxResponseBytes    = 64 << 10
	responseSnippet     = 256 // bytes of a failed answer kept in the attempt log
	batchSize           = 100 // deliveries fetched at once for one subscription
	refusedStreakToStop = 10  // events in a row refused (or given up) before a subscription is disabled
	pruneEvery          = 10 * time.Minute
	pruneBatch          = 5000
)

func (c *Config) defaults() {
	if c.MaxAge <= 0 {
		c.MaxAge = 72 * time.Hour
	}
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.PollInterval <= 0 {
		c.PollInterval = time.Second
	}
	if c.Concurrency <= 0 {
		c.Concurrency = 4
	}
	if c.Retention <= 0 {
		c.Retention = 7 * 24 * time.Hour
	}
	if c.RetryBase <= 0 {
		c.RetryBase = 5 * time.Second
	}
	if c.RetryMax <= 0 {
		c.RetryMax = 10 * time.Minute
	}
	if c.RetryMax < c.RetryBase {
		c.RetryMax = c.RetryBase
	}
	if c.Resolver == nil {
		c.Resolver = net.DefaultResolver
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
}

// Service manages subscriptions and delivers events.
type Service struct {
	db     *gorm.DB
	cfg    Config
	secret *sealer
	client *http.Client
	log    *slog.Logger
	wake   chan struct{} // the fan-out added deliveries: idle workers look at once
}

// New returns the webhook service over db.
func New(db *gorm.DB, cfg Config) (*Service, error) {
	cfg.defaults()
	s, err := newSealer(cfg.SecretKey)
	if err != nil {
		return nil, fmt.Errorf("webhooks: %w", err)
	}
	return &Service{db: db, cfg: cfg, secret: s, client: newClient(cfg), log: cfg.Logger, wake: make(chan struct{}, cfg.Concurrency)}, nil
}

// Config returns the effective configuration (defaults applied).
func (s *Service) Config() Config { return s.cfg }

// subscriptionsChanged refreshes the outbox's view after a committed subscription change.
func (s *Service) subscriptionsChanged(ctx context.Context) {
	if s.cfg.Outbox == nil {
		return
	}
	if err := s.cfg.Outbox.Refresh(context.WithoutCancel(ctx), s.db); err != nil {
		s.log.WarnContext(ctx, "webhook subscriptions not re-read after a change", "error", err)
	}
}
