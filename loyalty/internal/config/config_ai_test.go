package config

import (
	"strings"
	"testing"
	"time"
)

// devEnv is a valid development environment plus vars.
func devEnv(vars map[string]string) func(string) string {
	base := map[string]string{"DATABASE_URL": "postgres://u@localhost/db", "APP_ENV": "development"}
	for k, v := range vars {
		base[k] = v
	}
	return func(k string) string { return base[k] }
}

func TestAIQueryDefaults(t *testing.T) {
	c, err := Load(devEnv(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.AIProvider != "rules" || c.AIStatementTimeout != 5*time.Second || c.AIMaxRows != 100000 ||
		c.AIDBRole != "loyalty_reporting" || c.AIDatabaseURL != "" || c.AITimezone.String() != "UTC" || c.AITimeout != 30*time.Second {
		t.Fatalf("defaults: %+v", c)
	}
	if c.AIDBMaxConns != 4 || c.AIMaxConcurrent != 4 || c.AIMaxResultBytes != 32<<20 {
		t.Fatalf("report pool and caps: %d conns, %d at once, %d bytes", c.AIDBMaxConns, c.AIMaxConcurrent, c.AIMaxResultBytes)
	}
}

func TestAIQuerySettings(t *testing.T) {
	c, err := Load(devEnv(map[string]string{
		"AI_STATEMENT_TIMEOUT": "2s", "AI_MAX_ROWS": "500", "AI_DB_ROLE": "reports_ro",
		"AI_TIMEZONE": "America/Sao_Paulo", "AI_DATABASE_URL": "postgres://reports@db/loyalty", "AI_TIMEOUT": "10s",
		"AI_PROVIDER": "openai", "AI_BASE_URL": "https://api.example.com/v1",
		"AI_DB_MAX_CONNS": "8", "AI_MAX_CONCURRENT": "6", "AI_MAX_RESULT_BYTES": "1048576",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.AIDBMaxConns != 8 || c.AIMaxConcurrent != 6 || c.AIMaxResultBytes != 1<<20 {
		t.Fatalf("report pool and caps: %d conns, %d at once, %d bytes", c.AIDBMaxConns, c.AIMaxConcurrent, c.AIMaxResultBytes)
	}
	if c.AIStatementTimeout != 2*time.Second || c.AIMaxRows != 500 || c.AIDBRole != "reports_ro" ||
		c.AITimezone.String() != "America/Sao_Paulo" || c.AIDatabaseURL == "" || c.AITimeout != 10*time.Second {
		t.Fatalf("settings: %+v", c)
	}
}

func TestAIQueryInvalidSettings(t *testing.T) {
	_, err := Load(devEnv(map[string]string{
		"AI_STATEMENT_TIMEOUT": "soon", "AI_MAX_ROWS": "0", "AI_DB_ROLE": `x"; DROP`,
		"AI_TIMEZONE": "Mars/Olympus", "AI_DATABASE_URL": "http://x", "AI_PROVIDER": "openai",
		"AI_DB_MAX_CONNS": "0", "AI_MAX_RESULT_BYTES": "100",
	}))
	if err == nil {
		t.Fatal("invalid settings accepted")
	}
	for _, name := range []string{"AI_STATEMENT_TIMEOUT", "AI_MAX_ROWS", "AI_DB_ROLE", "AI_TIMEZONE", "AI_DATABASE_URL", "AI_BASE_URL", "AI_DB_MAX_CONNS", "AI_MAX_RESULT_BYTES"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error does not name %s: %v", name, err)
		}
	}
}

// More report queries at once than report connections would make the extra ones wait for
// a connection instead of getting a 429.
func TestAIConcurrencyWithinThePool(t *testing.T) {
	_, err := Load(devEnv(map[string]string{"AI_DB_MAX_CONNS": "2", "AI_MAX_CONCURRENT": "3"}))
	if err == nil || !strings.Contains(err.Error(), "AI_MAX_CONCURRENT (3) must not exceed AI_DB_MAX_CONNS (2)") {
		t.Fatalf("err = %v", err)
	}
}
