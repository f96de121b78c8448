package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
)

// hookReceiver is an integrator's endpoint: it verifies signatures and keeps the bodies.
type hookReceiver struct {
	srv    *httptest.Server
	mu     sync.Mutex
	secret string
	bodies [][]byte
	errs   []error
	status int
}

func newHookReceiver(t *testing.T) *hookReceiver {
	rc := &hookReceiver{status: http.StatusNoContent}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		defer rc.mu.Unlock()
		if err := webhook.Verify(rc.secret, r.Header, body, time.Now(), webhook.DefaultTolerance); err != nil {
			rc.errs = append(rc.errs, err)
		}
		rc.bodies = append(rc.bodies, body)
		w.WriteHeader(rc.status)
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

// webhookEnv is the API with a webhook service that may reach loopback receivers, with
// short time-outs and retries.
func webhookEnv(t *testing.T) (*testEnv, *webhook.Service) {
	env := newTestEnv(t, withVar("WEBHOOK_ALLOW_PRIVATE", "true"), withVar("WEBHOOK_TIMEOUT", "1s"),
		withVar("WEBHOOK_RETRY_BASE", "10ms"), withVar("WEBHOOK_RETRY_MAX", "50ms"))
	return env, env.App.Webhooks
}

func TestWebhookRoutesAreAdminOnly(t *testing.T) {
	env := newTestEnv(t)
	admin, user := env.token("admin"), env.token("user")
	res := env.do(http.MethodPost, "/api/v1/webhooks", admin, map[string]any{"url": "https://93.184.216.34/hook"})
	mustStatus(t, res, http.StatusCreated)
	var sub map[string]any
	res.JSON(t, &sub)
	id := sub["id"].(string)
	routes := []struct{ method, path string }{
		{http.MethodPost, "/api/v1/webhooks"},
		{http.MethodGet, "/api/v1/webhooks"},
		{http.MethodGet, "/api/v1/webhooks/" + id},
		{http.MethodPatch, "/api/v1/webhooks/" + id},
		{http.MethodDelete, "/api/v1/webhooks/" + id},
		{http.MethodGet, "/api/v1/webhooks/" + id + "/deliveries"},
		{http.MethodPost, "/api/v1/webhooks/" + id + "/test"},
	}
	seen := map[string]bool{}
	for _, r := range routes {
		wantDetail(t, env.do(r.method, r.path, user, map[string]any{"url": "https://93.184.216.34/x"}), http.StatusForbidden)
		wantDetail(t, env.do(r.method, r.path, "", nil), http.StatusUnauthorized)
		seen[r.method+" "+strings.Replace(r.path, id, ":webhook_id", 1)] = true
	}
	// Every webhook route the router serves is in the table above.
	for _, rt := range env.Routes {
		if strings.HasPrefix(rt.Path, "/api/v1/webhooks") && !seen[rt.Method+" "+rt.Path] {
			t.Errorf("route %s %s is not checked for admin only", rt.Method, rt.Path)
		}
	}
	// The subscription is untouched.
	res = env.do(http.MethodGet, "/api/v1/webhooks/"+id, admin, nil)
	mustStatus(t, res, http.StatusOK)
}

func TestWebhookCRUD(t *testing.T) {
	env := newTestEnv(t)
	admin := env.token("admin")
	res := env.do(http.MethodPost, "/api/v1/webhooks", admin, map[string]any{
		"url": "https://93.184.216.34/hook", "event_types": []string{"points.credited", "customer.created"}, "description": "CRM",
	})
	mustStatus(t, res, http.StatusCreated)
	var created map[string]any
	res.JSON(t, &created)
	id, _ := created["id"].(string)
	secret, _ := created["secret"].(string)
	if !strings.HasPrefix(secret, "whsec_") || created["is_active"] != true ||
		!reflect.DeepEqual(created["event_types"], []any{"customer.created", "points.credited"}) {
		t.Fatalf("created %s", res.Body)
	}
	for _, path := range []string{"/api/v1/webhooks/" + id, "/api/v1/webhooks"} {
		res = env.do(http.MethodGet, path, admin, nil)
		mustStatus(t, res, http.StatusOK)
		if strings.Contains(string(res.Body), "secret") || strings.Contains(string(res.Body), strings.TrimPrefix(secret, "whsec_")) {
			t.Errorf("GET %s shows the secret: %s", path, res.Body)
		}
	}
	res = env.do(http.MethodPatch, "/api/v1/webhooks/"+id, admin, map[string]any{"is_active": false, "event_types": []string{"*"}})
	mustStatus(t, res, http.StatusOK)
	var up map[string]any
	res.JSON(t, &up)
	if up["is_active"] != false || !strings.Contains(up["disabled_reason"].(string), "deactivated by") || up["secret"] != nil ||
		!reflect.DeepEqual(up["event_types"], []any{"*"}) {
		t.Errorf("patched %s", res.Body)
	}
	res = env.do(http.MethodPatch, "/api/v1/webhooks/"+id, admin, map[string]any{"rotate_secret": true})
	mustStatus(t, res, http.StatusOK)
	res.JSON(t, &up)
	if s, _ := up["secret"].(string); !strings.HasPrefix(s, "whsec_") || s == secret {
		t.Errorf("rotation answered %s", res.Body)
	}
	mustStatus(t, env.do(http.MethodPatch, "/api/v1/webhooks/"+id, admin, nil), http.StatusOK) // no body, no change

	res = env.do(http.MethodDelete, "/api/v1/webhooks/"+id, admin, nil)
	mustStatus(t, res, http.StatusOK)
	for _, r := range []struct{ method, path string }{
		{http.MethodGet, "/api/v1/webhooks/" + id}, {http.MethodPatch, "/api/v1/webhooks/" + id},
		{http.MethodDelete, "/api/v1/webhooks/" + id}, {http.MethodGet, "/api/v1/webhooks/" + id + "/deliveries"},
		{http.MethodPost, "/api/v1/webhooks/" + id + "/test"},
	} {
		wantDetail(t, env.do(r.method, r.path, admin, nil), http.StatusNotFound)
		want422(t, env.do(r.method, strings.Replace(r.path, id, "not-a-uuid", 1), admin, nil), "path", "webhook_id")
	}

	// The cap on subscriptions is a 409.
	for range webhook.MaxSubscriptions {
		if err := env.DB.Exec(`INSERT INTO webhook_subscriptions (url, secret) VALUES ('https://example.com', 'plain:whsec_AA==')`).Error; err != nil {
			t.Fatal(err)
		}
	}
	wantDetail(t, env.do(http.MethodPost, "/api/v1/webhooks", admin, map[string]any{"url": "https://93.184.216.34/hook"}), http.StatusConflict)
	res = env.do(http.MethodGet, "/api/v1/webhooks", admin, nil)
	mustStatus(t, res, http.StatusOK)
	if n := len(decodeList(t, res)); n != webhook.MaxSubscriptions {
		t.Errorf("list: %d subscriptions, want all %d by default", n, webhook.MaxSubscriptions)
	}
}

// TestWebhookInputIsBounded: every field and parameter of the webhook routes is checked
// before use and answered with a 422 naming it.
func TestWebhookInputIsBounded(t *testing.T) {
	env := newTestEnv(t) // default configuration: private receivers refused
	admin := env.token("admin")
	res := env.do(http.MethodPost, "/api/v1/webhooks", admin, map[string]any{"url": "https://93.184.216.34/hook"})
	mustStatus(t, res, http.StatusCreated)
	var sub map[string]any
	res.JSON(t, &sub)
	id := sub["id"].(string)
	long := "https://93.184.216.34/" + strings.Repeat("a", 2048)
	tooMany := make([]string, webhook.MaxEventTypes+1)
	for i := range tooMany {
		tooMany[i] = "points.credited"
	}
	tests := []struct {
		name   string
		method string
		path   string
		body   any
		loc    []any
	}{
		{"no body", http.MethodPost, "/api/v1/webhooks", nil, []any{"body"}},
		{"malformed JSON", http.MethodPost, "/api/v1/webhooks", `{"url":`, []any{"body"}},
		{"url missing", http.MethodPost, "/api/v1/webhooks", map[string]any{}, []any{"body", "url"}},
		{"url not a string", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": 7}, []any{"body", "url"}},
		{"url too long", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": long}, []any{"body", "url"}},
		{"url not http", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "gopher://93.184.216.34/"}, []any{"body", "url"}},
		{"url loopback", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "http://127.0.0.1:8080/"}, []any{"body", "url"}},
		{"url cloud metadata", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "http://169.254.169.254/"}, []any{"body", "url"}},
		{"url private", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "http://10.0.0.8/"}, []any{"body", "url"}},
		{"url CGNAT", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "http://100.100.1.1/"}, []any{"body", "url"}},
		{"url IPv6 loopback", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "http://[::1]/"}, []any{"body", "url"}},
		{"event_types empty", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "https://93.184.216.34/", "event_types": []string{}}, []any{"body", "event_types"}},
		{"event_types too many", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "https://93.184.216.34/", "event_types": tooMany}, []any{"body", "event_types"}},
		{"event type unknown", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "https://93.184.216.34/", "event_types": []string{"*", "points.minted"}}, []any{"body", "event_types", 1}},
		{"event type too long", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "https://93.184.216.34/", "event_types": []string{strings.Repeat("x", 65)}}, []any{"body", "event_types", 0}},
		{"event_types not a list", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "https://93.184.216.34/", "event_types": "*"}, []any{"body", "event_types"}},
		{"description too long", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "https://93.184.216.34/", "description": strings.Repeat("d", 256)}, []any{"body", "description"}},
		{"is_active not a boolean", http.MethodPost, "/api/v1/webhooks", map[string]any{"url": "https://93.184.216.34/", "is_active": "yes"}, []any{"body", "is_active"}},
		{"patch url null", http.MethodPatch, "/api/v1/webhooks/" + id, map[string]any{"url": nil}, []any{"body", "url"}},
		{"patch url private", http.MethodPatch, "/api/v1/webhooks/" + id, map[string]any{"url": "http://192.168.1.1/"}, []any{"body", "url"}},
		{"patch url too long", http.MethodPatch, "/api/v1/webhooks/" + id, map[string]any{"url": long}, []any{"body", "url"}},
		{"patch is_active null", http.MethodPatch, "/api/v1/webhooks/" + id, map[string]any{"is_active": nil}, []any{"body", "is_active"}},
		{"patch event_types null", http.MethodPatch, "/api/v1/webhooks/" + id, map[string]any{"event_types": nil}, []any{"body", "event_types"}},
		{"patch event_types unknown", http.MethodPatch, "/api/v1/webhooks/" + id, map[string]any{"event_types": []string{"webhook.ping"}}, []any{"body", "event_types", 0}},
		{"patch rotate_secret not a boolean", http.MethodPatch, "/api/v1/webhooks/" + id, map[string]any{"rotate_secret": "please"}, []any{"body", "rotate_secret"}},
		{"list limit too large", http.MethodGet, "/api/v1/webhooks?limit=101", nil, []any{"query", "limit"}},
		{"list offset negative", http.MethodGet, "/api/v1/webhooks?offset=-1", nil, []any{"query", "offset"}},
		{"deliveries limit too large", http.MethodGet, "/api/v1/webhooks/" + id + "/deliveries?limit=501", nil, []any{"query", "limit"}},
		{"deliveries limit not a number", http.MethodGet, "/api/v1/webhooks/" + id + "/deliveries?limit=lots", nil, []any{"query", "limit"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want422(t, env.do(tt.method, tt.path, admin, tt.body), tt.loc...)
		})
	}
	// Nothing above changed the subscription.
	res = env.do(http.MethodGet, "/api/v1/webhooks/"+id, admin, nil)
	mustStatus(t, res, http.StatusOK)
	var after map[string]any
	res.JSON(t, &after)
	if after["url"] != sub["url"] || after["is_active"] != true || after["updated_at"] != sub["updated_at"] {
		t.Errorf("refused requests changed the subscription: %s", res.Body)
	}
}

// TestWebhookEventsCarryTheAPIRendering: the data of each event is, field for field, the
// body the API answered for the change; the ping and the delivery log work through HTTP.
func TestWebhookEventsCarryTheAPIRendering(t *testing.T) {
	env, svc := webhookEnv(t)
	admin := env.token("admin")
	rc := newHookReceiver(t)
	res := env.do(http.MethodPost, "/api/v1/webhooks", admin, map[string]any{"url": rc.srv.URL + "/hook"})
	mustStatus(t, res, http.StatusCreated)
	var sub webhook.WithSecret
	res.JSON(t, &sub)
	rc.mu.Lock()
	rc.secret = sub.Secret
	rc.mu.Unlock()

	env.sqlStore("L1", "11222333000181")
	env.sqlProduct("CAFE", 50, 2)
	type change struct {
		typ  string
		body []byte
	}
	var changes []change
	call := func(typ, method, path string, body any, status int) map[string]any {
		t.Helper()
		res := env.do(method, path, admin, body)
		mustStatus(t, res, status)
		changes = append(changes, change{typ, res.Body})
		var out map[string]any
		res.JSON(t, &out)
		return out
	}
	cust := call("customer.created", http.MethodPost, "/api/v1/customer", map[string]any{
		"name": "Ana", "doc": "123.456.789-09", "email": "ana@example.com", "phone": "+5511999990000", "store_code": "L1"}, http.StatusCreated)
	call("customer.updated", http.MethodPatch, "/api/v1/customer/12345678909", map[string]any{"name": "Ana Lima"}, http.StatusOK)
	now := time.Now().Format(time.RFC3339)
	call("points.credited", http.MethodPost, "/api/v1/points/credit", map[string]any{
		"customer_id": cust["id"], "points": 500, "description": "welcome", "transaction_date": now}, http.StatusCreated)
	call("points.debited", http.MethodPost, "/api/v1/points/debit", map[string]any{
		"customer_id": cust["id"], "points": 20, "description": "fix", "transaction_date": now}, http.StatusCreated)
	blocked := call("redeem.blocked", http.MethodPost, "/api/v1/points/redeem/block", []map[string]any{{"customer_id": cust["id"], "sku": "CAFE", "qty": 1}}, http.StatusCreated)
	call("redeem.applied", http.MethodPost, "/api/v1/points/redeem/apply", map[string]any{"points_id": blocked["points_id"], "coupon_identifier": "NF-1"}, http.StatusOK)
	call("redeem.rolled_back", http.MethodPost, "/api/v1/points/redeem/rollback", map[string]any{"points_id": blocked["points_id"]}, http.StatusOK)

	ctx := context.Background()
	if _, err := svc.FanOut(ctx); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, err := svc.DeliverOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	rc.mu.Lock()
	bodies, errs := rc.bodies, rc.errs
	rc.mu.Unlock()
	if len(errs) > 0 || len(bodies) != len(changes) {
		t.Fatalf("receiver: %d bodies for %d changes, signature errors %v", len(bodies), len(changes), errs)
	}
	for i, ch := range changes {
		var got struct {
			Type string
			Data any
		}
		if err := json.Unmarshal(bodies[i], &got); err != nil {
			t.Fatal(err)
		}
		var want any
		if err := json.Unmarshal(ch.body, &want); err != nil {
			t.Fatal(err)
		}
		if got.Type != ch.typ || !reflect.DeepEqual(got.Data, want) {
			t.Errorf("event %d: %s with data\n%v\nwant %s with the API's answer\n%v", i, got.Type, got.Data, ch.typ, want)
		}
	}

	// Test ping and the delivery log.
	res = env.do(http.MethodPost, "/api/v1/webhooks/"+sub.ID+"/test", admin, nil)
	mustStatus(t, res, http.StatusOK)
	var ping webhook.PingResult
	res.JSON(t, &ping)
	if !ping.Delivered || ping.StatusCode == nil || *ping.StatusCode != http.StatusNoContent || ping.Error != nil {
		t.Errorf("ping %s", res.Body)
	}
	rc.mu.Lock()
	rc.status = http.StatusServiceUnavailable
	rc.mu.Unlock()
	res = env.do(http.MethodPost, "/api/v1/webhooks/"+sub.ID+"/test", admin, nil)
	mustStatus(t, res, http.StatusOK) // the receiver's failure is the answer, not a 5xx of ours
	res.JSON(t, &ping)
	if ping.Delivered || ping.StatusCode == nil || *ping.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("failed ping %s", res.Body)
	}
	res = env.do(http.MethodGet, "/api/v1/webhooks/"+sub.ID+"/deliveries?limit=3", admin, nil)
	mustStatus(t, res, http.StatusOK)
	var attempts []webhook.Attempt
	res.JSON(t, &attempts)
	if len(attempts) != 3 || attempts[0].Result != webhook.ResultPing || *attempts[0].StatusCode != 503 ||
		attempts[2].Result != webhook.ResultDelivered || attempts[2].EventType != "redeem.rolled_back" || attempts[2].Attempt != 1 {
		t.Errorf("deliveries %s", res.Body)
	}
}
