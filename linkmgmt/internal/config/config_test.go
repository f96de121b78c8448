package config

import (
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://u@db/app", "REDIS_URL": "redis://cache:6379/0"}
	with := func(k, v string) map[string]string {
		m := map[string]string{k: v}
		for key, val := range base {
			if key != k {
				m[key] = val
			}
		}
		return m
	}
	tests := []struct {
		name      string
		vars      map[string]string
		wantErrOn []string
	}{
		{"minimal valid", base, nil},
		{"nothing set", map[string]string{}, []string{"DATABASE_URL", "REDIS_URL"}},
		{"redis url not redis", with("REDIS_URL", "http://cache"), []string{"REDIS_URL"}},
		{"base url not http", with("BASE_URL", "ftp://x"), []string{"BASE_URL"}},
		{"rate limit zero", with("RATE_LIMIT_PER_MINUTE", "0"), []string{"RATE_LIMIT_PER_MINUTE"}},
		{"bad proxy", with("TRUSTED_PROXIES", "10.0.0.0/8, nonsense"), []string{"TRUSTED_PROXIES"}},
		{"click retention in years", with("CLICK_RETENTION", "1y"), []string{"CLICK_RETENTION"}},
		{"click retention of days below a month", with("CLICK_RETENTION", "7d"), []string{"CLICK_RETENTION"}},
		{"click retention off", with("CLICK_RETENTION", "off"), nil},
		{"click buffer age below a second", with("CLICK_BUFFER_MAX_AGE", "500ms"), []string{"CLICK_BUFFER_MAX_AGE"}},
		{"click buffer age above five minutes", with("CLICK_BUFFER_MAX_AGE", "1h"), []string{"CLICK_BUFFER_MAX_AGE"}},
		{"click buffer age not a duration", with("CLICK_BUFFER_MAX_AGE", "10"), []string{"CLICK_BUFFER_MAX_AGE"}},
		{"click buffer age of a minute", with("CLICK_BUFFER_MAX_AGE", "1m"), nil},
		{"stale window not a duration", with("LINK_STALE_IF_ERROR", "1 hour"), []string{"LINK_STALE_IF_ERROR"}},
		{"stale window negative", with("LINK_STALE_IF_ERROR", "-1h"), []string{"LINK_STALE_IF_ERROR"}},
		{"stale window below a second", with("LINK_STALE_IF_ERROR", "500ms"), []string{"LINK_STALE_IF_ERROR"}},
		{"stale window beyond a week", with("LINK_STALE_IF_ERROR", "169h"), []string{"LINK_STALE_IF_ERROR"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(func(k string) string { return tt.vars[k] })
			if len(tt.wantErrOn) == 0 {
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("Load accepted the configuration")
			}
			for _, name := range tt.wantErrOn {
				if !strings.Contains(err.Error(), name) {
					t.Errorf("error does not name %s: %v", name, err)
				}
			}
		})
	}
}

func TestLoadParsesProxiesAndDefaults(t *testing.T) {
	vars := map[string]string{"DATABASE_URL": "postgres://u@db/app", "REDIS_URL": "redis://cache:6379/0", "TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7", "BASE_URL": "https://lnk.example.com/"}
	cfg, err := Load(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32")}
	if len(cfg.TrustedProxies) != 2 || cfg.TrustedProxies[0] != want[0] || cfg.TrustedProxies[1] != want[1] {
		t.Fatalf("proxies = %v, want %v", cfg.TrustedProxies, want)
	}
	if cfg.BaseURL != "https://lnk.example.com" || cfg.HTTPAddr != ":8081" || cfg.MetricsAddr != ":9091" || cfg.RateLimitPerMinute != 30 {
		t.Fatalf("cfg = %+v", cfg)
	}
}

func TestClickRetention(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://u@db/app", "REDIS_URL": "redis://cache:6379/0"}
	for value, want := range map[string]click.Retention{"": {Months: 13}, "24mo": {Months: 24}, "400d": {Days: 400}, "off": {}} {
		vars := map[string]string{"CLICK_RETENTION": value}
		for k, v := range base {
			vars[k] = v
		}
		c, err := Load(func(k string) string { return vars[k] })
		if err != nil || c.ClickRetention != want {
			t.Errorf("CLICK_RETENTION=%q: %+v %v, want %+v", value, c.ClickRetention, err, want)
		}
	}
}

func TestLinkStaleIfError(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://u@db/app", "REDIS_URL": "redis://cache:6379/0"}
	for value, want := range map[string]time.Duration{"": time.Hour, "30m": 30 * time.Minute, "168h": 168 * time.Hour, "0": 0, "off": 0, " OFF ": 0} {
		vars := map[string]string{"LINK_STALE_IF_ERROR": value}
		for k, v := range base {
			vars[k] = v
		}
		c, err := Load(func(k string) string { return vars[k] })
		if err != nil || c.LinkStaleIfError != want {
			t.Errorf("LINK_STALE_IF_ERROR=%q: %v %v, want %v", value, c.LinkStaleIfError, err, want)
		}
	}
}
