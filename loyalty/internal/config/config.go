// Package config loads the loyalty service's configuration from the environment.
package config

import (
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/loyaltylinks/platform/shared/config"
)

// Config is every setting of the loyalty service. The README's configuration table lists
// the same variables.
type Config struct {
	Env            string // "production" (default) or "development"
	DatabaseURL    string
	HTTPAddr       string
	LogLevel       string
	MigrateOnStart bool
	DBMaxConns     int
	MaxBodyBytes   int64
	ShutdownGrace  time.Duration

	JWTSecret []byte
	JWTTTL    time.Duration
	JWTIssuer string

	ExternalAppUsersURL string

	AIProvider string // "rules" or "openai"
	AIBaseURL  string
	AIAPIKey   string
	AIModel    string

	// Ledger: points earned per currency unit of a sale before promotions, and how often
	// each replica looks for pending redeems past their validity.
	PointsPerCurrencyUnit float64
	RedeemExpiryInterval  time.Duration
}

// Load reads the configuration through getenv. Every missing or malformed variable is
// named in the returned error.
func Load(getenv func(string) string) (Config, error) {
	e := config.NewEnv(getenv)
	c := Config{
		Env:            e.OneOf("APP_ENV", "production", "production", "development"),
		DatabaseURL:    e.URL("DATABASE_URL", true, "postgres", "postgresql"),
		HTTPAddr:       e.String("HTTP_ADDR", ":8080"),
		LogLevel:       e.OneOf("LOG_LEVEL", "info", "debug", "info", "warn", "error"),
		MigrateOnStart: e.Bool("MIGRATE_ON_START", true),
		DBMaxConns:     e.Int("DB_MAX_CONNS", 20, 1),
		MaxBodyBytes:   int64(e.Int("MAX_BODY_BYTES", 1<<20, 1024)),
		ShutdownGrace:  e.Duration("SHUTDOWN_GRACE", 20*time.Second),

		JWTTTL:    e.Duration("JWT_TTL", 24*time.Hour),
		JWTIssuer: e.String("JWT_ISSUER", "loyalty"),

		ExternalAppUsersURL: e.URL("EXTERNAL_APP_USERS_URL", false, "http", "https"),

		AIProvider: e.OneOf("AI_PROVIDER", "rules", "rules", "openai"),
		AIBaseURL:  e.URL("AI_BASE_URL", false, "http", "https"),
		AIAPIKey:   e.String("AI_API_KEY", ""),
		AIModel:    e.String("AI_MODEL", "gpt-4o-mini"),

		PointsPerCurrencyUnit: e.Float("POINTS_PER_CURRENCY_UNIT", 1),
		RedeemExpiryInterval:  e.Duration("REDEEM_EXPIRY_INTERVAL", time.Minute),
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
	if c.AIProvider == "openai" && c.AIBaseURL == "" {
		err = errors.Join(err, fmt.Errorf("AI_BASE_URL: required when AI_PROVIDER=openai"))
	}
	if err != nil {
		return Config{}, fmt.Errorf("invalid configuration:\n%w", err)
	}
	return c, nil
}
