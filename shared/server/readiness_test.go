package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestReadinessDegradedChecks(t *testing.T) {
	ok := func(context.Context) error { return nil }
	down := func(context.Context) error { return errors.New("connection refused") }
	type checks = map[string]func(context.Context) error
	tests := []struct {
		name       string
		checks     checks
		degraded   checks
		wantStatus int
		wantBody   string
		wantChecks map[string]string
	}{
		{"all up", checks{"postgres": ok}, checks{"redis": ok}, http.StatusOK, "ok", map[string]string{"postgres": "ok", "redis": "ok"}},
		{"degraded check down: 503 for monitoring", checks{"postgres": ok}, checks{"redis": down}, http.StatusServiceUnavailable, "degraded", map[string]string{"postgres": "ok", "redis": "unavailable"}},
		{"required check down", checks{"postgres": down}, checks{"redis": ok}, http.StatusServiceUnavailable, "unavailable", map[string]string{"postgres": "unavailable", "redis": "ok"}},
		{"both down", checks{"postgres": down}, checks{"redis": down}, http.StatusServiceUnavailable, "unavailable", map[string]string{"postgres": "unavailable", "redis": "unavailable"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := New(Config{Service: "test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Checks: tt.checks, Degraded: tt.degraded})
			rec := httptest.NewRecorder()
			srv.Echo.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
			var body struct {
				Status string            `json:"status"`
				Checks map[string]string `json:"checks"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if rec.Code != tt.wantStatus || body.Status != tt.wantBody || len(body.Checks) != len(tt.wantChecks) {
				t.Fatalf("got %d %s", rec.Code, rec.Body)
			}
			for k, v := range tt.wantChecks {
				if body.Checks[k] != v {
					t.Fatalf("check %s = %q, want %q", k, body.Checks[k], v)
				}
			}
		})
	}
}

func TestReadinessAllowDegraded(t *testing.T) {
	ok := func(context.Context) error { return nil }
	down := func(context.Context) error { return errors.New("connection refused") }
	srv := New(Config{Service: "test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Checks: map[string]func(context.Context) error{"postgres": ok}, Degraded: map[string]func(context.Context) error{"redis": down}})
	rec := httptest.NewRecorder()
	srv.Echo.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz?allow_degraded=true", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("allow_degraded with redis down: %d %s, want 200", rec.Code, rec.Body)
	}
	srv = New(Config{Service: "test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Checks: map[string]func(context.Context) error{"postgres": down}, Degraded: map[string]func(context.Context) error{"redis": ok}})
	rec = httptest.NewRecorder()
	srv.Echo.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz?allow_degraded=true", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("allow_degraded with postgres down: %d, want 503", rec.Code)
	}
}
