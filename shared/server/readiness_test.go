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
		{"degraded check down: still ready", checks{"postgres": ok}, checks{"redis": down}, http.StatusOK, "degraded", map[string]string{"postgres": "ok", "redis": "unavailable"}},
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
