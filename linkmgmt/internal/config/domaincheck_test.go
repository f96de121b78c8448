package config

import (
	"slices"
	"strings"
	"testing"
)

func TestLoadDomainCheck(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://u@db/app", "REDIS_URL": "redis://cache:6379/0", "BASE_URL": "https://lnk.example.com"}
	tests := []struct {
		name        string
		extra       map[string]string
		wantCheck   string
		wantTargets []string
		wantErr     string
	}{
		{"defaults: dns against BASE_URL's host", nil, "dns", []string{"lnk.example.com"}, ""},
		{"off", map[string]string{"DOMAIN_CHECK": "off"}, "off", []string{"lnk.example.com"}, ""},
		{"explicit targets", map[string]string{"DOMAIN_CHECK_TARGETS": " lb.example.net, 203.0.113.10 ,"}, "dns", []string{"lb.example.net", "203.0.113.10"}, ""},
		{"unknown mode", map[string]string{"DOMAIN_CHECK": "http"}, "", nil, "DOMAIN_CHECK"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{}
			for k, v := range base {
				vars[k] = v
			}
			for k, v := range tt.extra {
				vars[k] = v
			}
			cfg, err := Load(func(k string) string { return vars[k] })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one naming %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.DomainCheck != tt.wantCheck || !slices.Equal(cfg.DomainCheckTargets, tt.wantTargets) {
				t.Fatalf("DomainCheck %q targets %q, want %q %q", cfg.DomainCheck, cfg.DomainCheckTargets, tt.wantCheck, tt.wantTargets)
			}
		})
	}
}
