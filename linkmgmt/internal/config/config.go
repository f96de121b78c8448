// Package config loads the link-management service's configuration from the environment.
package config

import (
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/outage"
	"github.com/loyaltylinks/platform/shared/clientip"
	"github.com/loyaltylinks/platform/shared/config"
)

// Database is what every command that opens the database reads (`migrate` and `users`
// read nothing else); the variables are the same in both services.
type Database = config.Database

// Config is every setting of the linkmgmt service. The README's configuration table lists
// the same variables.
type Config struct {
	Database
	config.Server // listeners: HTTP_ADDR :8081, METRICS_ADDR :9091
	RedisURL      string
	BaseURL       string // public address of short links, no trailing slash

	GeoIPDB            string // a country database replacing the embedded one; "" keeps it
	RateLimitPerMinute int    // the free plan's API limit; other plans take plans.requests_per_minute
	TrustedProxies     []netip.Prefix

	// DomainCheck is how POST /api/domain/add checks that a branded domain already points
	// to the service: "dns" (its addresses must include one of DomainCheckTargets') or
	// "off" (development, tests).
	DomainCheck string
	// DomainCheckTargets are the host names or IPs the service answers on; default: the
	// host of BASE_URL.
	DomainCheckTargets []string
	// QR code logos: local paths resolve under QRLogoDir ("" refuses them); files and
	// downloads are capped at QRLogoMaxBytes; a download must finish within QRLogoTimeout.
	QRLogoDir      string
	QRLogoMaxBytes int64
	QRLogoTimeout  time.Duration
	// ClickRetention is how long raw clicks are kept (CLICK_RETENTION: 13mo, 400d, off);
	// the rollups keep every total beyond it.
	ClickRetention click.Retention
	// ClickBufferMaxAge is the longest a click the redirect answered waits in memory for
	// Redis before it is dropped (CLICK_BUFFER_MAX_AGE, 1s to 5m): what a kill -9 of a
	// replica can lose while Redis is slow or down.
	ClickBufferMaxAge time.Duration
	// LinkStaleIfError is how long past its cache TTL a link (its domain, its campaign)
	// may still answer from the replica's cache while Postgres cannot be reached
	// (LINK_STALE_IF_ERROR: 1h, 30m, 0 or off).
	LinkStaleIfError time.Duration
}

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
		Server:   e.Server(":8081", ":9091"),
		RedisURL: e.URL("REDIS_URL", true, "redis", "rediss"),
		BaseURL:  strings.TrimRight(e.URL("BASE_URL", false, "http", "https"), "/"),

		GeoIPDB:            e.String("GEOIP_DB", ""),
		RateLimitPerMinute: e.Int("RATE_LIMIT_PER_MINUTE", 30, 1),
		DomainCheck:        e.OneOf("DOMAIN_CHECK", "dns", "dns", "off"),
		QRLogoDir:          e.String("QR_LOGO_DIR", ""),
		QRLogoMaxBytes:     int64(e.Int("QR_LOGO_MAX_BYTES", 1<<20, 1024)),
		QRLogoTimeout:      e.Duration("QR_LOGO_TIMEOUT", 5*time.Second),
		ClickBufferMaxAge:  e.Duration("CLICK_BUFFER_MAX_AGE", click.DefaultClickMaxAge),
	}
	if c.BaseURL == "" {
		c.BaseURL = "http://localhost" + portOf(c.HTTPAddr)
	}
	for _, t := range strings.Split(e.String("DOMAIN_CHECK_TARGETS", ""), ",") {
		if t = strings.TrimSpace(t); t != "" {
			c.DomainCheckTargets = append(c.DomainCheckTargets, t)
		}
	}
	if len(c.DomainCheckTargets) == 0 {
		if u, err := url.Parse(c.BaseURL); err == nil && u.Hostname() != "" {
			c.DomainCheckTargets = []string{u.Hostname()}
		}
	}
	retention, retentionErr := click.ParseRetention(e.String("CLICK_RETENTION", click.DefaultRetention.String()))
	c.ClickRetention = retention
	staleWindow, staleErr := outage.ParseStaleWindow(e.String("LINK_STALE_IF_ERROR", outage.DefaultStaleWindow.String()))
	c.LinkStaleIfError = staleWindow
	proxies, proxyErr := clientip.ParsePrefixes(e.String("TRUSTED_PROXIES", ""))
	c.TrustedProxies = proxies
	err := e.Err()
	if proxyErr != nil {
		err = joinErr(err, fmt.Errorf("TRUSTED_PROXIES: %w", proxyErr))
	}
	if c.ClickBufferMaxAge < time.Second || c.ClickBufferMaxAge > 5*time.Minute {
		err = joinErr(err, fmt.Errorf("CLICK_BUFFER_MAX_AGE: %s is outside 1s to 5m", c.ClickBufferMaxAge))
	}
	if retentionErr != nil {
		err = joinErr(err, fmt.Errorf("CLICK_RETENTION: %w", retentionErr))
	}
	if staleErr != nil {
		err = joinErr(err, fmt.Errorf("LINK_STALE_IF_ERROR: %w", staleErr))
	}
	if dirErr := checkDir("QR_LOGO_DIR", c.QRLogoDir); dirErr != nil {
		err = joinErr(err, dirErr)
	} else if c.QRLogoDir != "" {
		// Absolute, so absolute logo paths can be compared with it.
		c.QRLogoDir, _ = filepath.Abs(c.QRLogoDir)
	}
	if err != nil {
		return Config{}, fmt.Errorf("invalid configuration:\n%w", err)
	}
	return c, nil
}

func portOf(addr string) string {
	if i := strings.LastIndex(addr, ":"); i >= 0 {
		return addr[i:]
	}
	return ""
}

// checkDir requires an optional directory setting to name an existing directory.
func checkDir(name, dir string) error {
	if dir == "" {
		return nil
	}
	info, err := os.Stat(dir)
	if err != nil || !info.IsDir() {
		return fmt.Errorf("%s: %q is not an existing directory", name, dir)
	}
	return nil
}

func joinErr(a, b error) error {
	if a == nil {
		return b
	}
	return fmt.Errorf("%w\n%w", a, b)
}
