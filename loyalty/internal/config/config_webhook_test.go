package config

import (
	"strings"
	"testing"
	"time"
)

func TestWebhookSettings(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://u@db/app", "JWT_SECRET": strings.Repeat("x", 32)}
	with := func(kv ...string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	cfg, err := Load(env(base))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.WebhookMaxAge != 72*time.Hour || cfg.WebhookAllowPrivate || cfg.WebhookTimeout != 10*time.Second ||
		cfg.WebhookPollInterval != time.Second || cfg.WebhookConcurrency != 4 || cfg.WebhookRetention != 7*24*time.Hour ||
		cfg.WebhookRetryBase != 5*time.Second || cfg.WebhookRetryMax != 10*time.Minute || cfg.WebhookSecretKey != "" {
		t.Fatalf("webhook defaults: %+v", cfg)
	}
	cfg, err = Load(env(with("WEBHOOK_MAX_AGE", "24h", "WEBHOOK_ALLOW_PRIVATE", "true", "WEBHOOK_SECRET_KEY", strings.Repeat("k", 32))))
	if err != nil || cfg.WebhookMaxAge != 24*time.Hour || !cfg.WebhookAllowPrivate || cfg.WebhookSecretKey == "" {
		t.Fatalf("set: %+v %v", cfg, err)
	}
	for _, tt := range []struct {
		vars []string
		name string
	}{
		{[]string{"WEBHOOK_MAX_AGE", "forever"}, "WEBHOOK_MAX_AGE"},
		{[]string{"WEBHOOK_MAX_AGE", "0s"}, "WEBHOOK_MAX_AGE"},
		{[]string{"WEBHOOK_MAX_AGE", "8760h"}, "WEBHOOK_MAX_AGE"},
		{[]string{"WEBHOOK_ALLOW_PRIVATE", "maybe"}, "WEBHOOK_ALLOW_PRIVATE"},
		{[]string{"WEBHOOK_TIMEOUT", "5m"}, "WEBHOOK_TIMEOUT"},
		{[]string{"WEBHOOK_CONCURRENCY", "0"}, "WEBHOOK_CONCURRENCY"},
		{[]string{"WEBHOOK_CONCURRENCY", "1000"}, "WEBHOOK_CONCURRENCY"},
		{[]string{"WEBHOOK_POLL_INTERVAL", "-1s"}, "WEBHOOK_POLL_INTERVAL"},
		{[]string{"WEBHOOK_RETENTION", "week"}, "WEBHOOK_RETENTION"},
		{[]string{"WEBHOOK_RETRY_BASE", "1h", "WEBHOOK_RETRY_MAX", "1m"}, "WEBHOOK_RETRY_BASE"},
		{[]string{"WEBHOOK_SECRET_KEY", "short"}, "WEBHOOK_SECRET_KEY"},
	} {
		if _, err := Load(env(with(tt.vars...))); err == nil || !strings.Contains(err.Error(), tt.name) {
			t.Errorf("%v: %v, want an error naming %s", tt.vars, err, tt.name)
		}
	}
}
