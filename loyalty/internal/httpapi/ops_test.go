package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

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
	problems, err := apidoc.PathParamProblems(env.Routes, "/api/", res.Body)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	accepted := map[string]struct{ typ, format string }{
		// The spec (shared/spec/loyalty-service.md) names these; PathUUID and pathID read uuids.
		"user_id": {"string", "uuid"}, "customer_id": {"string", "uuid"}, "store_id": {"string", "uuid"},
		"product_id": {"string", "uuid"}, "promotion_id": {"string", "uuid"}, "point_id": {"string", "uuid"},
		"redeem_id": {"string", "uuid"}, "query_id": {"string", "uuid"}, "webhook_id": {"string", "uuid"},
		"document": {"string", ""}, "store_code": {"string", ""}, "coupon_identifier": {"string", ""},
	}
	doc, err := openapi3.NewLoader().LoadFromData(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for _, ref := range op.Parameters {
				p := ref.Value
				if p.In != openapi3.ParameterInPath {
					continue
				}
				name, _, _ := strings.Cut(p.Description, ",") // a shared template says the route's name first
				if _, ok := accepted[name]; !ok {
					name = p.Name
				}
				want, ok := accepted[name]
				if !ok {
					t.Errorf("%s %s: path parameter %q is not one the handlers read", method, path, p.Name)
					continue
				}
				if s := p.Schema.Value; !s.Type.Is(want.typ) || s.Format != want.format {
					t.Errorf("%s %s: path parameter %s documented as %v/%q, the handler takes %s/%q", method, path, name, s.Type, s.Format, want.typ, want.format)
				}
			}
		}
	}
}
