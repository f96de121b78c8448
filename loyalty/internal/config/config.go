// Package config loads the loyalty service's configuration from the environment.
package config

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/clientip"
	"github.com/loyaltylinks/platform/shared/config"
)

// Database is what every command that opens the database reads (`migrate` and `users`
// read nothing else); the variables are the same in both services.
type Database = config.Database

// Config is every setting of the loyalty service. The README's configuration table lists
// the same variables.
type Config struct {
	Database
	config.Server        // listeners: HTTP_ADDR :8080, METRICS_ADDR :9090
	Env           string // "production" (default) or "development"

	JWTSecret []byte
	JWTTTL    time.Duration
	JWTIssuer string

	ExternalAppUsersURL string

	MaxConcurrentExports int // file exports running at once per replica

	AIProvider string // "rules" or "openai"
	AIBaseURL  string
	AIAPIKey   string
	AIModel    string

	// AI report queries (docs/ai-queries.md).
	AITimeout          time.Duration  // provider request time-out
	AIStatementTimeout time.Duration  // per report query
	AIMaxRows          int            // report results above this are refused
	AIDBRole           string         // role report queries run as (SET LOCAL ROLE)
	AIDatabaseURL      string         // optional login for report queries (a login of the reporting role)
	AIDBMaxConns       int            // connections of the report queries' own pool
	AIMaxConcurrent    int            // report queries running at once per replica (then 429)
	AIMaxResultBytes   int            // cap on a result's values and on its xlsx (then 422)
	AITimezone         *time.Location // session time zone of report queries
	// ReportRollupInterval is how often each replica re-aggregates the days x stores
	// written since its last pass into the report rollups (package rollup).
	ReportRollupInterval time.Duration

	// Ledger: points earned per currency unit of a sale before promotions, and how often
	// each replica looks for pending redeems past their validity.
	PointsPerCurrencyUnit float64
	RedeemExpiryInterval  time.Duration

	// Points expiry (docs/ledger.md "Lots and expiry"): how long earned points stay
	// valid (0: forever), how often each replica expires the points due, and how many
	// days before an expiry points.expiring is sent (0: never).
	PointsValidity           time.Duration
	PointsExpiryInterval     time.Duration
	PointsExpiringNoticeDays int
	// Days a sale's points stay pending (the return window; 0: available at once).
	PointsPendingDays int

	// Users (docs/core.md): how long a replica may act on a user's state it read (0: read
	// on every request), the proxies whose X-Forwarded-For gives the client address, and
	// the login throttle.
	AuthCacheTTL               time.Duration
	TrustedProxies             []netip.Prefix
	LoginThrottleWindow        time.Duration
	LoginMaxFailures           int // per username and client address
	LoginMaxFailuresPerAddress int
	LoginMaxFailuresPerUser    int

	// Webhooks (docs/webhooks.md): delivery retries, the address policy, the worker and
	// the retention of delivered events.
	WebhookMaxAge       time.Duration // a failing delivery is retried this long
	WebhookAllowPrivate bool          // receivers on private/loopback addresses (development)
	WebhookTimeout      time.Duration // one delivery request
	WebhookPollInterval time.Duration
	WebhookConcurrency  int // subscriptions sent to at once per replica
	WebhookRetention    time.Duration
	WebhookRetryBase    time.Duration
	WebhookRetryMax     time.Duration
	WebhookSecretKey    string // seals signing secrets at rest when set
}

// maxAuthCacheTTL keeps "revocation takes effect within seconds" true whatever is set.
const maxAuthCacheTTL = 10 * time.Second

var roleName = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// LoadDatabase reads the database variables alone (see Database).
func LoadDatabase(getenv func(string) string) (Database, error) {
	return config.LoadDatabase(getenv)
}

// Load reads the configuration through getenv. Every missing or malformed variable is
// named in the returned error.
func Load(getenv func(string) string) (Config, error) {
	e := config.NewEnv(getenv)
	c := Config{
		Database: e.Database(),
		Server:   e.Server(":8080", ":9090"),
		Env:      e.OneOf("APP_ENV", "production", "production", "development"),

		JWTTTL:    e.Duration("JWT_TTL", 24*time.Hour),
		JWTIssuer: e.String("JWT_ISSUER", "loyalty"),

		ExternalAppUsersURL:  e.URL("EXTERNAL_APP_USERS_URL", false, "http", "https"),
		MaxConcurrentExports: e.Int("EXPORT_MAX_CONCURRENT", 4, 1),

		AIProvider: e.OneOf("AI_PROVIDER", "rules", "rules", "openai"),
		AIBaseURL:  e.URL("AI_BASE_URL", false, "http", "https"),
		AIAPIKey:   e.String("AI_API_KEY", ""),
		AIModel:    e.String("AI_MODEL", "gpt-4o-mini"),

		AITimeout:             e.Duration("AI_TIMEOUT", 30*time.Second),
		AIStatementTimeout:    e.Duration("AI_STATEMENT_TIMEOUT", 5*time.Second),
		AIMaxRows:             e.Int("AI_MAX_ROWS", 100000, 1),
		AIDBRole:              e.String("AI_DB_ROLE", "loyalty_reporting"),
		AIDatabaseURL:         e.URL("AI_DATABASE_URL", false, "postgres", "postgresql"),
		AIDBMaxConns:          e.Int("AI_DB_MAX_CONNS", 4, 1),
		AIMaxConcurrent:       e.Int("AI_MAX_CONCURRENT", 4, 1),
		AIMaxResultBytes:      e.Int("AI_MAX_RESULT_BYTES", 32<<20, 64<<10),
		ReportRollupInterval:  e.Duration("REPORT_ROLLUP_INTERVAL", 10*time.Second),
		PointsPerCurrencyUnit: e.Float("POINTS_PER_CURRENCY_UNIT", 1),
		RedeemExpiryInterval:  e.Duration("REDEEM_EXPIRY_INTERVAL", time.Minute),

		PointsExpiryInterval:     e.Duration("POINTS_EXPIRY_INTERVAL", time.Minute),
		PointsExpiringNoticeDays: e.Int("POINTS_EXPIRING_NOTICE_DAYS", 7, 0),
		PointsPendingDays:        e.Int("POINTS_PENDING_DAYS", 0, 0),

		LoginThrottleWindow:        e.Duration("LOGIN_THROTTLE_WINDOW", 15*time.Minute),
		LoginMaxFailures:           e.Int("LOGIN_MAX_FAILURES", 5, 1),
		LoginMaxFailuresPerAddress: e.Int("LOGIN_MAX_FAILURES_PER_ADDRESS", 50, 1),
		LoginMaxFailuresPerUser:    e.Int("LOGIN_MAX_FAILURES_PER_USERNAME", 100, 1),

		WebhookMaxAge:       e.Duration("WEBHOOK_MAX_AGE", 72*time.Hour),
		WebhookAllowPrivate: e.Bool("WEBHOOK_ALLOW_PRIVATE", false),
		WebhookTimeout:      e.Duration("WEBHOOK_TIMEOUT", 10*time.Second),
		WebhookPollInterval: e.Duration("WEBHOOK_POLL_INTERVAL", time.Second),
		WebhookConcurrency:  e.Int("WEBHOOK_CONCURRENCY", 4, 1),
		WebhookRetention:    e.Duration("WEBHOOK_RETENTION", 7*24*time.Hour),
		WebhookRetryBase:    e.Duration("WEBHOOK_RETRY_BASE", 5*time.Second),
		WebhookRetryMax:     e.Duration("WEBHOOK_RETRY_MAX", 10*time.Minute),
		WebhookSecretKey:    e.String("WEBHOOK_SECRET_KEY", ""),
	}
	secret := e.String("JWT_SECRET", "")
	err := e.Err()
	switch {
	case secret != "" && len(secret) < 32:
		err = errors.Join(err, fmt.Errorf("JWT_SECRET: must be at least 32 characters"))
	case secret != "":
		c.JWTSecret = []byte(secret)
	case c.Env == "development":
		// A throwaway secret: tokens stop working at restart, which is fine on a laptop.
		c.JWTSecret = make([]byte, 32)
		_, _ = rand.Read(c.JWTSecret)
	default:
		err = errors.Join(err, fmt.Errorf("JWT_SECRET: required but not set (or set APP_ENV=development)"))
	}
	if c.AIMaxConcurrent > c.AIDBMaxConns {
		// Queries beyond the pool would wait for a connection instead of getting a 429.
		err = errors.Join(err, fmt.Errorf("AI_MAX_CONCURRENT (%d) must not exceed AI_DB_MAX_CONNS (%d)", c.AIMaxConcurrent, c.AIDBMaxConns))
	}
	if !roleName.MatchString(c.AIDBRole) {
		err = errors.Join(err, fmt.Errorf("AI_DB_ROLE: want a lower-case role name, got %q", c.AIDBRole))
	}
	if v, vErr := parseValidity(e.String("POINTS_VALIDITY", "0")); vErr != nil {
		err = errors.Join(err, fmt.Errorf("POINTS_VALIDITY: %w", vErr))
	} else {
		c.PointsValidity = v
	}
	if c.PointsPendingDays > 365 {
		err = errors.Join(err, fmt.Errorf("POINTS_PENDING_DAYS: at most 365, got %d", c.PointsPendingDays))
	} else if c.PointsValidity > 0 && c.PointsValidity <= time.Duration(c.PointsPendingDays)*24*time.Hour {
		// A sale's points would expire while still held.
		err = errors.Join(err, fmt.Errorf("POINTS_VALIDITY (%s) must be longer than POINTS_PENDING_DAYS (%d days)", c.PointsValidity, c.PointsPendingDays))
	}
	if c.PointsExpiringNoticeDays > 3650 {
		err = errors.Join(err, fmt.Errorf("POINTS_EXPIRING_NOTICE_DAYS: at most 3650, got %d", c.PointsExpiringNoticeDays))
	}
	tz := e.String("AI_TIMEZONE", "UTC")
	if loc, tzErr := calendar.LoadZone(tz); tzErr != nil {
		err = errors.Join(err, fmt.Errorf("AI_TIMEZONE: unknown time zone %q", tz))
	} else {
		c.AITimezone = loc
	}
	cacheTTL := e.String("AUTH_CACHE_TTL", "2s")
	if ttl, ttlErr := time.ParseDuration(cacheTTL); ttlErr != nil || ttl < 0 || ttl > maxAuthCacheTTL {
		err = errors.Join(err, fmt.Errorf("AUTH_CACHE_TTL: want a duration from 0 to %s, got %q", maxAuthCacheTTL, cacheTTL))
	} else {
		c.AuthCacheTTL = ttl
	}
	if proxies, proxyErr := clientip.ParsePrefixes(e.String("TRUSTED_PROXIES", "")); proxyErr != nil {
		err = errors.Join(err, fmt.Errorf("TRUSTED_PROXIES: %w", proxyErr))
	} else {
		c.TrustedProxies = proxies
	}
	err = errors.Join(err, c.checkWebhooks())
	if c.AIProvider == "openai" && c.AIBaseURL == "" {
		err = errors.Join(err, fmt.Errorf("AI_BASE_URL: required when AI_PROVIDER=openai"))
	}
	if err != nil {
		return Config{}, fmt.Errorf("invalid configuration:\n%w", err)
	}
	return c, nil
}

// Bounds of the webhook settings: a request time-out sizes the workers' leases, the
// concurrency their share of the pool.
const (
	maxWebhookTimeout     = time.Minute
	maxWebhookConcurrency = 64
	maxWebhookMaxAge      = 30 * 24 * time.Hour
)

func (c Config) checkWebhooks() error {
	var errs []error
	if c.WebhookTimeout > maxWebhookTimeout {
		errs = append(errs, fmt.Errorf("WEBHOOK_TIMEOUT: at most %s, got %s", maxWebhookTimeout, c.WebhookTimeout))
	}
	if c.WebhookConcurrency > maxWebhookConcurrency {
		errs = append(errs, fmt.Errorf("WEBHOOK_CONCURRENCY: at most %d, got %d", maxWebhookConcurrency, c.WebhookConcurrency))
	}
	if c.WebhookMaxAge > maxWebhookMaxAge {
		errs = append(errs, fmt.Errorf("WEBHOOK_MAX_AGE: at most %s, got %s", maxWebhookMaxAge, c.WebhookMaxAge))
	}
	if c.WebhookRetryBase > c.WebhookRetryMax {
		errs = append(errs, fmt.Errorf("WEBHOOK_RETRY_BASE: %s is above WEBHOOK_RETRY_MAX (%s)", c.WebhookRetryBase, c.WebhookRetryMax))
	}
	if c.WebhookSecretKey != "" && len(c.WebhookSecretKey) < 32 {
		errs = append(errs, fmt.Errorf("WEBHOOK_SECRET_KEY: must be at least 32 characters"))
	}
	return errors.Join(errs...)
}

// parseValidity reads POINTS_VALIDITY: whole days ("365d"), a Go duration ("8760h"), or
// 0 (points never expire); at most ledger.MaxPointsValidity.
func parseValidity(raw string) (time.Duration, error) {
	var v time.Duration
	if days, ok := strings.CutSuffix(raw, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("want 0, a number of days such as 365d, or a duration such as 8760h, got %q", raw)
		}
		v = time.Duration(n) * 24 * time.Hour
	} else if raw != "0" {
		d, err := time.ParseDuration(raw)
		if err != nil || d < 0 {
			return 0, fmt.Errorf("want 0, a number of days such as 365d, or a duration such as 8760h, got %q", raw)
		}
		v = d
	}
	if v > ledger.MaxPointsValidity {
		return 0, fmt.Errorf("at most 3650d, got %q", raw)
	}
	return v, nil
}
