package config

import (
	"strings"
	"testing"
	"time"
)

func TestLoadUserSettings(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://u@db/app", "JWT_SECRET": strings.Repeat("x", 32)}
	load := func(extra map[string]string) (Config, error) {
		vars := map[string]string{}
		for k, v := range base {
			vars[k] = v
		}
		for k, v := range extra {
			vars[k] = v
		}
		return Load(env(vars))
	}
	cfg, err := load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AuthCacheTTL != 2*time.Second || len(cfg.TrustedProxies) != 0 || cfg.LoginThrottleWindow != 15*time.Minute ||
		cfg.LoginMaxFailures != 5 || cfg.LoginMaxFailuresPerAddress != 50 || cfg.LoginMaxFailuresPerUser != 100 {
		t.Fatalf("defaults: %+v", cfg)
	}
	cfg, err = load(map[string]string{"AUTH_CACHE_TTL": "0", "TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7", "LOGIN_MAX_FAILURES": "3"})
	if err != nil || cfg.AuthCacheTTL != 0 || len(cfg.TrustedProxies) != 2 || cfg.LoginMaxFailures != 3 {
		t.Fatalf("set: %+v, %v", cfg, err)
	}
	for name, value := range map[string]string{
		"AUTH_CACHE_TTL":                  "1m",
		"TRUSTED_PROXIES":                 "10.0.0.0/8, nonsense",
		"LOGIN_THROTTLE_WINDOW":           "0",
		"LOGIN_MAX_FAILURES":              "0",
		"LOGIN_MAX_FAILURES_PER_ADDRESS":  "many",
		"LOGIN_MAX_FAILURES_PER_USERNAME": "-1",
	} {
		if _, err := load(map[string]string{name: value}); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%q: err %v, want it named", name, value, err)
		}
	}
	if _, err := load(map[string]string{"AUTH_CACHE_TTL": "-1s"}); err == nil {
		t.Error("negative AUTH_CACHE_TTL accepted")
	}
}
