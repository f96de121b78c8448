package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/testkit"
)

func TestOperationalEndpoints(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		path       string
		wantStatus int
		wantBody   string
	}{
		{"/healthz", http.StatusOK, `"status":"ok"`},
		{"/readyz", http.StatusOK, `"redis":"ok"`},
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
		})
	}
	t.Run("metrics are on their own listener, not the public port", func(t *testing.T) {
		if res := env.do(http.MethodGet, "/metrics", "", nil); res.Status != http.StatusNotFound {
			t.Fatalf("public /metrics: status = %d, want 404", res.Status)
		}
		res := env.scrape()
		want := `linkmgmt_http_requests_total{method="GET",route="/healthz",status="200"} 1`
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), want) {
			t.Fatalf("metrics listener: status = %d, want 200 with %s:\n%s", res.Status, want, res.Body)
		}
	})
	t.Run("readyz is 503 naming redis while redis is gone, 200 when it is back", func(t *testing.T) {
		env.RedisProxy.Cut()
		res := env.do(http.MethodGet, "/readyz", "", nil)
		if res.Status != http.StatusServiceUnavailable || !strings.Contains(string(res.Body), `"redis":"unavailable"`) || !strings.Contains(string(res.Body), `"status":"degraded"`) {
			t.Fatalf("status = %d body %s, want 503 degraded naming redis", res.Status, res.Body)
		}
		// The API keeps serving without Redis (the rate limit fails open), so the
		// Kubernetes probe asks with allow_degraded and keeps the replica in rotation.
		if res := env.do(http.MethodGet, "/readyz?allow_degraded=true", "", nil); res.Status != http.StatusOK {
			t.Fatalf("allow_degraded: status = %d body %s, want 200", res.Status, res.Body)
		}
		env.RedisProxy.Restore()
		res = env.do(http.MethodGet, "/readyz", "", nil)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"status":"ok"`) {
			t.Fatalf("after restore: status = %d body %s, want 200 ok", res.Status, res.Body)
		}
	})
	t.Run("readyz is 503 when postgres is gone", func(t *testing.T) {
		sqlDB, _ := env.DB.DB()
		sqlDB.Close()
		if res := env.do(http.MethodGet, "/readyz", "", nil); res.Status != http.StatusServiceUnavailable {
			t.Fatalf("status = %d, want 503", res.Status)
		}
	})
}

func TestAPIKeyAuthentication(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	tests := []struct {
		name       string
		key        string
		wantStatus int
	}{
		{"missing key", "", http.StatusUnauthorized},
		{"unknown key", strings.Repeat("0", 64), http.StatusUnauthorized},
		{"valid key", key, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := env.do(http.MethodGet, "/api/account", tt.key, nil)
			if res.Status != tt.wantStatus {
				t.Fatalf("status = %d, want %d; body %s", res.Status, tt.wantStatus, res.Body)
			}
			var body struct {
				Error   int    `json:"error"`
				Message string `json:"message"`
			}
			res.JSON(t, &body)
			if tt.wantStatus != http.StatusOK && (body.Error != 1 || body.Message == "") {
				t.Fatalf("error body = %s, want error 1 with a message", res.Body)
			}
		})
	}
	t.Run("disabled key", func(t *testing.T) {
		_, key := env.newAccount("free")
		if err := env.DB.Exec(`UPDATE accounts SET status = 'disabled' WHERE api_key_hash = encode(sha256(?::bytea), 'hex')`, key).Error; err != nil {
			t.Fatal(err)
		}
		if res := env.do(http.MethodGet, "/api/account", key, nil); res.Status != http.StatusUnauthorized {
			t.Fatalf("status = %d, want 401", res.Status)
		}
	})
}

func TestMigrationsApplyTwice(t *testing.T) {
	url := testkit.NewDatabase(t)
	for i := 0; i < 2; i++ {
		if err := migrations.Apply(context.Background(), url, nil); err != nil {
			t.Fatalf("apply #%d: %v", i+1, err)
		}
	}
}

// TestEveryRouteIsDocumented checks that /openapi.json describes every /api route the
// router serves, and nothing else.
func TestEveryRouteIsDocumented(t *testing.T) {
	env := newEnv(t)
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
	env := newEnv(t)
	res := env.do(http.MethodGet, "/openapi.json", "", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /openapi.json: %d %s", res.Status, res.Body)
	}
	int64ID := apidoc.ParamType{Type: "integer", Format: "int64"}
	text := apidoc.ParamType{Type: "string"}
	accepted := map[string]apidoc.ParamType{
		// pathID reads a positive int64; type is one of the channel item kinds.
		"id": int64ID, "campaignid": int64ID, "linkid": int64ID,
		"channelid": int64ID, "itemid": int64ID, "type": text,
	}
	problems, err := apidoc.PathParamProblems(env.Routes, "/api/", res.Body, accepted)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
