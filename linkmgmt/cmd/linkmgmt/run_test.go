package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"github.com/oschwald/maxminddb-golang/v2"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

func TestUsersCreate(t *testing.T) {
	env := map[string]string{
		"DATABASE_URL":     testkit.NewDatabase(t),
		"REDIS_URL":        testkit.Redis(t),
		"MIGRATE_ON_START": "true", // idempotent on the migrated test database
		"LOG_LEVEL":        "error",
	}
	getenv := func(k string) string { return env[k] }
	runCLI := func(args ...string) (string, error) {
		var stdout, stderr bytes.Buffer
		err := run(context.Background(), args, getenv, &stdout, &stderr)
		return stdout.String(), err
	}

	out, err := runCLI("users", "create", "--email", "Owner@Example.com", "--password", "long enough secret", "--plan", "pro", "--admin")
	if err != nil {
		t.Fatalf("users create: %v", err)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	key := lines[len(lines)-1]
	if raw, err := hex.DecodeString(key); err != nil || len(raw) != 32 {
		t.Fatalf("last stdout line %q is not the key alone (64 hex characters); stdout:\n%s", key, out)
	}

	db := testdb.OpenURL(t, env["DATABASE_URL"], database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
	acc, err := account.NewStore(db).ByAPIKey(context.Background(), key)
	if err != nil {
		t.Fatalf("the printed key does not authenticate: %v", err)
	}
	if acc.Email != "owner@example.com" || acc.Plan != "pro" || !acc.IsAdmin || acc.RateLimit != 120 || acc.PasswordHash == nil {
		t.Fatalf("account = %+v", acc)
	}
	if strings.Contains(out, "long enough secret") {
		t.Fatal("the password was printed")
	}

	failures := []struct {
		name string
		args []string
		want string
	}{
		{"email missing", []string{"users", "create"}, "--email is required"},
		{"email taken", []string{"users", "create", "--email", "owner@example.com"}, "already in use"},
		{"unknown plan", []string{"users", "create", "--email", "b@example.com", "--plan", "gold"}, `unknown plan "gold"`},
		{"invalid email", []string{"users", "create", "--email", "nobody"}, "a valid email is required"},
		{"short password", []string{"users", "create", "--email", "c@example.com", "--password", "short"}, "at least 8 characters"},
		{"unknown subcommand", []string{"users", "delete"}, "usage"},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
	}
	for _, tt := range failures {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCLI(tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
			if strings.TrimSpace(out) != "" {
				t.Fatalf("a failed command printed on stdout: %q", out)
			}
		})
	}

	t.Run("users reads only the database variables", func(t *testing.T) {
		// No REDIS_URL, no BASE_URL: like migrate, users needs nothing else (as loyalty's).
		dbOnly := map[string]string{"DATABASE_URL": env["DATABASE_URL"], "LOG_LEVEL": "error"}
		var stdout, stderr bytes.Buffer
		err := run(context.Background(), []string{"users", "create", "--email", "dbonly@example.com"}, func(k string) string { return dbOnly[k] }, &stdout, &stderr)
		if err != nil {
			t.Fatalf("users create with the database variables alone: %v", err)
		}
	})
	t.Run("missing configuration names the variable", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		err := run(context.Background(), []string{"users", "create", "--email", "d@example.com"}, func(string) string { return "" }, &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
			t.Fatalf("err = %v, want it to name DATABASE_URL", err)
		}
	})
}

// TestVersion: `linkmgmt version` prints the build's version, then the embedded country
// data with the build date its file records (the build_epoch metadata).
func TestVersion(t *testing.T) {
	file, err := maxminddb.Open(filepath.Join("..", "..", "internal", "geo", "data", "dbip-country.mmdb"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	built := time.Unix(int64(file.Metadata.BuildEpoch), 0).UTC().Format(time.DateOnly)
	for _, arg := range []string{"version", "--version", "-v"} {
		var stdout, stderr bytes.Buffer
		if err := run(context.Background(), []string{arg}, func(string) string { return "" }, &stdout, &stderr); err != nil {
			t.Fatalf("%s: %v", arg, err)
		}
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		if len(lines) != 2 || lines[0] != version || !strings.HasPrefix(lines[1], "country data: DB-IP Lite Country, built "+built+" ") {
			t.Fatalf("%s printed %q, want %q then the DB-IP Lite Country data built %s", arg, stdout.String(), version, built)
		}
	}
}
