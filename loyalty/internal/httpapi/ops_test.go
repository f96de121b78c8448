package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/httpapi"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// newTestServer starts the whole loyalty HTTP API over a fresh database.
func newTestServer(t *testing.T) (*httptest.Server, *gorm.DB) {
	t.Helper()
	url := testkit.NewDatabase(t)
	db, err := database.Open(url, database.Options{Schema: migrations.Schema, MaxOpenConns: 5})
	if err != nil {
		t.Fatalf("open db: %v", err)
	}
	sqlDB, _ := db.DB()
	t.Cleanup(func() { sqlDB.Close() })
	tokens, err := auth.NewJWT([]byte(strings.Repeat("s", 32)), "loyalty", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(httpapi.Handler(httpapi.Deps{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		DB:     db,
		Tokens: tokens,
	}))
	t.Cleanup(ts.Close)
	return ts, db
}

func TestOperationalEndpoints(t *testing.T) {
	ts, db := newTestServer(t)

	tests := []struct {
		path       string
		wantStatus int
		wantBody   string
	}{
		{"/healthz", http.StatusOK, `"status":"ok"`},
		{"/readyz", http.StatusOK, `"postgres":"ok"`},
		{"/metrics", http.StatusOK, `loyalty_http_requests_total{method="GET",route="/healthz",status="200"} 1`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res, err := http.Get(ts.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != tt.wantStatus {
				t.Fatalf("status = %d, want %d; body %s", res.StatusCode, tt.wantStatus, body)
			}
			if !strings.Contains(string(body), tt.wantBody) {
				t.Fatalf("body does not contain %q:\n%s", tt.wantBody, body)
			}
			if res.Header.Get("X-Request-ID") == "" {
				t.Error("no X-Request-ID in response")
			}
		})
	}

	t.Run("readyz is 503 when the database is gone", func(t *testing.T) {
		sqlDB, _ := db.DB()
		sqlDB.Close()
		res, err := http.Get(ts.URL + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("status = %d, want 503", res.StatusCode)
		}
	})
}

func TestRequestIDIsHonoured(t *testing.T) {
	ts, _ := newTestServer(t)
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/healthz", nil)
	req.Header.Set("X-Request-ID", "abc-123")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Header.Get("X-Request-ID"); got != "abc-123" {
		t.Fatalf("X-Request-ID = %q, want abc-123", got)
	}
}

func TestMigrationsApplyTwice(t *testing.T) {
	url := testkit.NewDatabase(t) // already migrated once from the template
	for i := 0; i < 2; i++ {
		if err := migrations.Apply(context.Background(), url, nil); err != nil {
			t.Fatalf("apply #%d: %v", i+1, err)
		}
	}
}
