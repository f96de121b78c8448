package app_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/app"
	"github.com/loyaltylinks/platform/loyalty/internal/config"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// build loads a configuration from vars (plus a database and a JWT secret) and builds
// the service over a fresh database.
func build(t *testing.T, vars map[string]string) (*app.App, error) {
	t.Helper()
	dbURL := testkit.NewDatabase(t)
	env := map[string]string{"DATABASE_URL": dbURL, "JWT_SECRET": strings.Repeat("s", 32)}
	for k, v := range vars {
		env[k] = strings.ReplaceAll(v, "$DATABASE_URL", dbURL)
	}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	db := testdb.OpenURL(t, cfg.DatabaseURL, database.Options{Schema: migrations.Schema, MaxOpenConns: 4})
	a, err := app.New(context.Background(), cfg, db, nil)
	if err == nil {
		t.Cleanup(a.Close)
	}
	return a, err
}

// closedPortURL is DATABASE_URL with a port nothing listens on.
func closedPortURL(t *testing.T, dbURL string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = addr
	return u.String()
}

// TestNewBuildsEveryService: the defaults give every service; the optional app-user
// client exists exactly when EXTERNAL_APP_USERS_URL is set.
func TestNewBuildsEveryService(t *testing.T) {
	a, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Tokens == nil || a.Users == nil || a.Access == nil || a.Throttle == nil || a.ClientIP == nil || a.Stores == nil ||
		a.Promotions == nil || a.Products == nil || a.Customers == nil || a.Ledger == nil || a.Redeems == nil ||
		a.Exporter == nil || a.Batch == nil || a.AIQueries == nil {
		t.Fatalf("a service is missing: %+v", a)
	}
	if a.AppUsers != nil {
		t.Error("an app-user client without EXTERNAL_APP_USERS_URL")
	}
	if err := a.Ping(context.Background()); err != nil {
		t.Errorf("Ping: %v", err)
	}
	withUsers, err := build(t, map[string]string{"EXTERNAL_APP_USERS_URL": "http://app-users.internal:8080/users"})
	if err != nil || withUsers.AppUsers == nil {
		t.Fatalf("with EXTERNAL_APP_USERS_URL: %v, client %v", err, withUsers)
	}
}

// TestNewRefusesABrokenReportSetUp: report queries whose role the report login cannot
// take stop the start with an error naming the variables, instead of answering 503 to
// every report later. A database that does not answer yet is not a set-up problem: the
// service starts (readiness reports the database).
func TestNewRefusesABrokenReportSetUp(t *testing.T) {
	tests := []struct {
		name    string
		vars    map[string]string
		wantErr string
	}{
		{"a role that does not exist", map[string]string{"AI_DB_ROLE": "no_such_reporting_role"}, "AI_DB_ROLE"},
		{"the default role", nil, ""},
		{"the default role through AI_DATABASE_URL", map[string]string{"AI_DATABASE_URL": "$DATABASE_URL"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := build(t, tt.vars)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("New: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("New: %v, want an error naming %s", err, tt.wantErr)
			}
		})
	}
	t.Run("report database not answering yet", func(t *testing.T) {
		dbURL := testkit.NewDatabase(t)
		if _, err := build(t, map[string]string{"AI_DATABASE_URL": closedPortURL(t, dbURL)}); err != nil {
			t.Fatalf("New with the report database down: %v, want a start", err)
		}
	})
}

// TestNewRefusesAProviderThatRefusesTheKey: with AI_PROVIDER=openai the provider is asked
// for its models with the key at start; a refused key stops the start naming AI_API_KEY.
// A provider that does not list models, or does not answer, is no misconfiguration.
func TestNewRefusesAProviderThatRefusesTheKey(t *testing.T) {
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path != "/v1/models":
			http.NotFound(w, r)
		case r.Header.Get("Authorization") == "Bearer good":
			_, _ = io.WriteString(w, `{"data":[{"id":"m"}]}`)
		case r.Header.Get("Authorization") == "Bearer forbidden":
			w.WriteHeader(http.StatusForbidden)
		default:
			w.WriteHeader(http.StatusUnauthorized)
		}
	}))
	t.Cleanup(provider.Close)
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	tests := []struct {
		name, baseURL, key string
		wantErr            bool
	}{
		{"the key is taken", provider.URL + "/v1", "good", false},
		{"a wrong key", provider.URL + "/v1/", "wrong", true},
		{"no key", provider.URL + "/v1", "", true},
		{"a key without the rights", provider.URL + "/v1", "forbidden", true},
		{"no /models at that address", provider.URL + "/other", "good", false},
		{"the provider does not answer", down.URL + "/v1", "good", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := build(t, map[string]string{"AI_PROVIDER": "openai", "AI_BASE_URL": tt.baseURL, "AI_API_KEY": tt.key, "AI_TIMEOUT": "2s"})
			if tt.wantErr != (err != nil) || (err != nil && !strings.Contains(err.Error(), "AI_API_KEY")) {
				t.Fatalf("New: %v, want an error naming AI_API_KEY: %t", err, tt.wantErr)
			}
		})
	}
}
