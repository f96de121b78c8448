package config

import (
	"strings"
	"testing"
	"time"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestLoad(t *testing.T) {
	valid := map[string]string{
		"DATABASE_URL": "postgres://u@db:5432/app",
		"JWT_SECRET":   strings.Repeat("x", 32),
	}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for key, val := range valid {
			m[key] = val
		}
		m[k] = v
		return m
	}
	tests := []struct {
		name      string
		vars      map[string]string
		wantErrOn []string // variable names the error must name; empty = valid
	}{
		{"minimal valid", valid, nil},
		{"nothing set", map[string]string{}, []string{"DATABASE_URL", "JWT_SECRET"}},
		{"malformed database url", with("DATABASE_URL", "mysql://x/y"), []string{"DATABASE_URL"}},
		{"short secret", with("JWT_SECRET", "short"), []string{"JWT_SECRET"}},
		{"bad ttl", with("JWT_TTL", "soon"), []string{"JWT_TTL"}},
		{"bad provider", with("AI_PROVIDER", "magic"), []string{"AI_PROVIDER"}},
		{"openai without base url", with("AI_PROVIDER", "openai"), []string{"AI_BASE_URL"}},
		{"bad bool", with("MIGRATE_ON_START", "perhaps"), []string{"MIGRATE_ON_START"}},
		{"development needs no secret", map[string]string{"DATABASE_URL": "postgres://u@db/app", "APP_ENV": "development"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Load(env(tt.vars))
			if len(tt.wantErrOn) == 0 {
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
				if len(cfg.JWTSecret) < 32 {
					t.Fatalf("secret of %d bytes", len(cfg.JWTSecret))
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

func TestLoadDefaults(t *testing.T) {
	cfg, err := Load(env(map[string]string{"DATABASE_URL": "postgres://u@db/app", "JWT_SECRET": strings.Repeat("x", 32)}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.HTTPAddr != ":8080" || cfg.MetricsAddr != ":9090" || !cfg.MigrateOnStart || cfg.JWTTTL != 24*time.Hour || cfg.AIProvider != "rules" {
		t.Fatalf("defaults: %+v", cfg)
	}
}
