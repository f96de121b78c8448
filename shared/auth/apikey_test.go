package auth

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestAPIKeys(t *testing.T) {
	a, err := GenerateAPIKey()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := GenerateAPIKey()
	if len(a) != 64 || a == b {
		t.Fatalf("keys %q and %q: want two different 64-hex-char keys", a, b)
	}
	h := HashAPIKey(a)
	if h == a || len(h) != 64 {
		t.Fatalf("hash %q of key %q", h, a)
	}
	if !APIKeyMatches(a, h) {
		t.Error("key does not match its own hash")
	}
	if APIKeyMatches(b, h) {
		t.Error("another key matches the hash")
	}
}

func TestBearerToken(t *testing.T) {
	tests := []struct {
		header string
		want   string
		ok     bool
	}{
		{"Bearer abc", "abc", true},
		{"bearer abc", "abc", true},
		{"Bearer   abc  ", "abc", true},
		{"Basic abc", "", false},
		{"Bearer", "", false},
		{"Bearer ", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if tt.header != "" {
			r.Header.Set("Authorization", tt.header)
		}
		got, ok := BearerToken(r)
		if got != tt.want || ok != tt.ok {
			t.Errorf("BearerToken(%q) = %q, %v; want %q, %v", tt.header, got, ok, tt.want, tt.ok)
		}
	}
}

func TestMiddlewarePutsPrincipalInContext(t *testing.T) {
	authenticate := func(_ context.Context, token string) (Principal, error) {
		if token != "good" {
			return Principal{}, ErrTokenInvalid
		}
		return Principal{Subject: "42", Role: RoleUser}, nil
	}
	var failures []error
	mw := Middleware(authenticate, func(c echo.Context, err error) error {
		failures = append(failures, err)
		return c.NoContent(http.StatusUnauthorized)
	})
	e := echo.New()
	e.GET("/", func(c echo.Context) error {
		p, ok := PrincipalFrom(c.Request().Context())
		if !ok {
			return c.String(http.StatusInternalServerError, "no principal")
		}
		return c.String(http.StatusOK, p.Subject)
	}, mw)

	for _, tt := range []struct {
		header string
		status int
		body   string
	}{
		{"Bearer good", http.StatusOK, "42"},
		{"Bearer bad", http.StatusUnauthorized, ""},
		{"", http.StatusUnauthorized, ""},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		if tt.header != "" {
			req.Header.Set("Authorization", tt.header)
		}
		e.ServeHTTP(rec, req)
		if rec.Code != tt.status || rec.Body.String() != tt.body {
			t.Errorf("%q: got %d %q, want %d %q", tt.header, rec.Code, rec.Body.String(), tt.status, tt.body)
		}
	}
	if len(failures) != 2 || failures[0] == nil || failures[1] != nil {
		t.Errorf("onFail errors = %v, want [invalid, nil (missing header)]", failures)
	}
}
