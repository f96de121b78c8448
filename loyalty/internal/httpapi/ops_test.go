package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/testkit"
)

func TestOperationalEndpoints(t *testing.T) {
	env := newTestEnv(t)

	tests := []struct {
		path       string
		wantStatus int
		wantBody   string
	}{
		{"/healthz", http.StatusOK, `"status":"ok"`},
		{"/readyz", http.StatusOK, `"postgres":"ok"`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := env.do(http.MethodGet, tt.path, "", nil)
			if res.Status != tt.wantStatus {
				t.Fatalf("status = %d, want %d; body %s", res.Status, tt.wantStatus, res.Body)
			}
			if !strings.Contains(string(res.Body), tt.wantBody) {
				t.Fatalf("body does not contain %q:\n%s", tt.wantBody, res.Body)
			}
			if res.Header.Get("X-Request-ID") == "" {
				t.Error("no X-Request-ID in response")
			}
		})
	}

	t.Run("metrics are on their own listener, not the API's", func(t *testing.T) {
		if res := env.do(http.MethodGet, "/metrics", "", nil); res.Status != http.StatusNotFound {
			t.Fatalf("API /metrics: status = %d, want 404", res.Status)
		}
		res := testkit.Call(t, http.MethodGet, env.MetricsURL+"/metrics", "", nil)
		want := `loyalty_http_requests_total{method="GET",route="/healthz",status="200"} 1`
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), want) {
			t.Fatalf("metrics listener: status = %d, want 200 with %s:\n%s", res.Status, want, res.Body)
		}
	})

	t.Run("readyz is 503 while the database is unreachable, 200 when it is back", func(t *testing.T) {
		env.PGProxy.Cut()
		if res := env.do(http.MethodGet, "/readyz", "", nil); res.Status != http.StatusServiceUnavailable {
			t.Fatalf("status = %d, want 503", res.Status)
		}
		env.PGProxy.Restore()
		if res := env.do(http.MethodGet, "/readyz", "", nil); res.Status != http.StatusOK {
			t.Fatalf("after restore: status = %d %s, want 200", res.Status, res.Body)
		}
	})
}

func TestRequestIDIsHonoured(t *testing.T) {
	env := newTestEnv(t)
	req, _ := http.NewRequest(http.MethodGet, env.URL+"/healthz", nil)
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

func TestUnauthenticatedIs401WithBearerChallenge(t *testing.T) {
	env := newTestEnv(t)
	for _, tok := range []string{"", "not-a-jwt"} {
		res := env.do(http.MethodGet, "/api/v1/customers", tok, nil)
		if res.Status != http.StatusUnauthorized || res.Header.Get("WWW-Authenticate") != "Bearer" {
			t.Fatalf("token %q: status %d, WWW-Authenticate %q", tok, res.Status, res.Header.Get("WWW-Authenticate"))
		}
	}
}

func TestMigrationsApplyTwice(t *testing.T) {
	url := testkit.NewDatabase(t) // already migrated once through the template
	for i := 0; i < 2; i++ {
		if err := migrations.Apply(context.Background(), url, nil); err != nil {
			t.Fatalf("apply #%d: %v", i+1, err)
		}
	}
}

// TestEveryRouteIsDocumented checks that /openapi.json describes every /api route the
// router serves, and nothing else.
func TestEveryRouteIsDocumented(t *testing.T) {
	env := newTestEnv(t)
	res := env.do(http.MethodGet, "/openapi.json", "", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /openapi.json: %d %s", res.Status, res.Body)
	}
	if err := apidoc.Validate(res.Body); err != nil {
		t.Fatal(err)
	}
	problems, err := apidoc.Mismatches(env.Routes, "/api/", res.Body)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestEveryPathParameterIsTheRoutes checks every path parameter of every /api route the
// router serves: documented under the route's own name (so a generated client names it as
// the handler reads it) with the type and format the handler accepts.
func TestEveryPathParameterIsTheRoutes(t *testing.T) {
	env := newTestEnv(t)
	res := env.do(http.MethodGet, "/openapi.json", "", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /openapi.json: %d %s", res.Status, res.Body)
	}
	uuid := apidoc.ParamType{Type: "string", Format: "uuid"}
	text := apidoc.ParamType{Type: "string"}
	accepted := map[string]apidoc.ParamType{
		// The spec (shared/spec/loyalty-service.md) names these; PathUUID and pathID read uuids.
		"user_id": uuid, "customer_id": uuid, "store_id": uuid,
		"product_id": uuid, "promotion_id": uuid, "point_id": uuid,
		"redeem_id": uuid, "query_id": uuid, "webhook_id": uuid,
		"document": text, "store_code": text, "coupon_identifier": text,
	}
	problems, err := apidoc.PathParamProblems(env.Routes, "/api/", res.Body, accepted)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
