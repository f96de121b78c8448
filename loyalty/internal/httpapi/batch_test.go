package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/app"
	"github.com/loyaltylinks/platform/loyalty/internal/appusers"
)

// insertEntry writes a points entry of 10 points (negative unless typ is C) directly.
func (e *testEnv) insertEntry(customer, typ, store, coupon string, at time.Time) {
	e.t.Helper()
	points := 10
	if typ != "C" {
		points = -10
	}
	cols := map[string]any{"customer_id": customer, "transaction_type": typ, "points": points, "transaction_date": at}
	if store != "" {
		cols["store_code"] = store
	}
	if coupon != "" {
		cols["coupon_identifier"] = coupon
	}
	e.insertRow("points_entries", cols)
}

func (e *testEnv) customerColumn(id, col string) any {
	e.t.Helper()
	var v any
	if err := e.DB.Raw("SELECT "+col+" FROM customers WHERE id = ?", id).Row().Scan(&v); err != nil {
		e.t.Fatal(err)
	}
	return v
}

func TestReprocessStoreCodeOwner(t *testing.T) {
	env := newTestEnv(t)
	t0 := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	// Ana: the first credit with a store and a coupon is S2 (by transaction date); a credit
	// without coupon and a debit come earlier but do not qualify.
	ana, _ := env.sqlCustomer(cols{"name": "Ana", "doc": "111", "created_at": t0}, cols{"store_code_owner": nil})
	env.insertEntry(ana, "C", "S0", "", t0)
	env.insertEntry(ana, "D", "S9", "CUP-9", t0.Add(time.Hour))
	env.insertEntry(ana, "C", "S3", "CUP-3", t0.Add(4*time.Hour))
	env.insertEntry(ana, "C", "S2", "CUP-2", t0.Add(3*time.Hour))
	// Bruno: no qualifying entry.
	bruno, _ := env.sqlCustomer(cols{"name": "Bruno", "doc": "222", "created_at": t0})
	env.insertEntry(bruno, "C", "", "CUP-1", t0)
	// Carla: an empty owner counts as none.
	carla, _ := env.sqlCustomer(cols{"name": "Carla", "doc": "333", "created_at": t0}, cols{"store_code_owner": ""})
	env.insertEntry(carla, "C", "S7", "CUP-7", t0)
	// Davi already has an owner: left alone, not counted.
	davi, _ := env.sqlCustomer(cols{"name": "Davi", "doc": "444", "created_at": t0}, cols{"store_code_owner": "S1"})
	env.insertEntry(davi, "C", "S5", "CUP-5", t0)

	const path = "/api/v1/customers/reprocess-store-code-owner"
	if res := env.do(http.MethodPost, path, "", nil); res.Status != http.StatusUnauthorized {
		t.Fatalf("no token: status %d", res.Status)
	}
	if res := env.do(http.MethodPost, path, env.token("user"), nil); res.Status != http.StatusForbidden {
		t.Fatalf("user: status %d, want 403: %s", res.Status, res.Body)
	}
	if got := env.customerColumn(ana, "store_code_owner"); got != nil {
		t.Fatalf("a refused call changed data: %v", got)
	}

	admin := env.token("admin")
	res := env.do(http.MethodPost, path, admin, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("admin: status %d: %s", res.Status, res.Body)
	}
	assertJSON(t, res.Body, `{"total_customers":3,"updated":2,"not_found":1,"errors":0}`)
	for id, want := range map[string]any{ana: "S2", bruno: nil, carla: "S7", davi: "S1"} {
		if got := env.customerColumn(id, "store_code_owner"); got != want {
			t.Errorf("customer %s owner = %v, want %v", id, got, want)
		}
	}

	res = env.do(http.MethodPost, path, admin, nil)
	assertJSON(t, res.Body, `{"total_customers":1,"updated":0,"not_found":1,"errors":0}`)
}

// assertJSON compares a body with the expected JSON, key order aside.
func assertJSON(t *testing.T, body []byte, want string) {
	t.Helper()
	var got, exp any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatalf("body %s: %v", body, err)
	}
	if err := json.Unmarshal([]byte(want), &exp); err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(exp)
	if string(g) != string(w) {
		t.Fatalf("body = %s\nwant   %s", g, w)
	}
}

// fakeAppUsers plays the external app-user service (GET /{document}): each document
// has a script of statuses, the last repeating; 0 hangs past the client's time-out.
type fakeAppUsers struct {
	mu      sync.Mutex
	scripts map[string][]int
	calls   map[string]int
}

func newFakeAppUsers(t *testing.T, scripts map[string][]int) (*fakeAppUsers, *httptest.Server) {
	f := &fakeAppUsers{scripts: scripts, calls: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /app-users/{document}", func(w http.ResponseWriter, r *http.Request) {
		doc := r.PathValue("document")
		f.mu.Lock()
		n := f.calls[doc]
		f.calls[doc]++
		script := f.scripts[doc]
		f.mu.Unlock()
		status := http.StatusNotFound
		if len(script) > 0 {
			status = script[min(n, len(script)-1)]
		}
		if status == 0 {
			select {
			case <-r.Context().Done():
			case <-time.After(3 * time.Second):
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{}`))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return f, srv
}

// withAppUsers points the service at a fake app-user service, through a client with
// short time-outs and retries so a test of failures takes milliseconds.
func withAppUsers(t *testing.T, baseURL string) envOption {
	c, err := appusers.New(baseURL, appusers.WithTimeout(150*time.Millisecond), appusers.WithRetry(3, 5*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	return func(s *envSetup) {
		s.vars["EXTERNAL_APP_USERS_URL"] = baseURL
		s.app = append(s.app, app.WithAppUsers(c))
	}
}

func TestProcessExternalData(t *testing.T) {
	fake, srv := newFakeAppUsers(t, map[string][]int{
		"10000000001": {200},      // found
		"10000000002": {500},      // down: 3 attempts, then an error
		"10000000003": {404},      // not an app user
		"10000000004": {503, 200}, // recovers on retry
		"10000000005": {0},        // hangs: time-outs
		"10000000006": {400},      // refused: not retried
		"20000000001": {200},      // not a candidate
	})
	env := newTestEnv(t, withAppUsers(t, srv.URL+"/app-users"))
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	ids := map[string]string{}
	for i, doc := range []string{"10000000001", "10000000002", "10000000003", "10000000004", "10000000005", "10000000006"} {
		ids[doc], _ = env.sqlCustomer(cols{"name": "C" + doc, "doc": doc, "created_at": t0.Add(time.Duration(i) * time.Hour)})
	}
	// Not candidates: inactive, origin APP (any case), app_user already known.
	env.sqlCustomer(cols{"name": "Inactive", "doc": "20000000001", "created_at": t0}, cols{"is_active": false})
	env.sqlCustomer(cols{"name": "From app", "doc": "20000000002", "created_at": t0}, cols{"origin": "app"})
	env.sqlCustomer(cols{"name": "Known", "doc": "20000000003", "created_at": t0}, cols{"app_user": false})
	tok := env.token("user")

	// Oldest first: 1, 2, 3, 4 in the first window.
	res := env.do(http.MethodPost, "/api/v1/customers/process-external-data?limit=4", tok, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("status %d: %s", res.Status, res.Body)
	}
	assertJSON(t, res.Body, `{"total_customers":6,"processed":4,"updated_to_true":2,"updated_to_false":1,"errors":1,
		"offset":0,"limit":4,"next_offset":1,"remaining":2}`)

	// The updated ones left the selection; customer 2 (failed) sits at offset 0, so the
	// next window starts at 1: customers 5 and 6.
	res = env.do(http.MethodPost, "/api/v1/customers/process-external-data?limit=4&offset=1", tok, nil)
	assertJSON(t, res.Body, `{"total_customers":3,"processed":2,"updated_to_true":0,"updated_to_false":0,"errors":2,
		"offset":1,"limit":4,"next_offset":null,"remaining":0}`)

	want := map[string]any{
		"10000000001": true, "10000000002": nil, "10000000003": false,
		"10000000004": true, "10000000005": nil, "10000000006": nil,
	}
	for doc, w := range want {
		if got := env.customerColumn(ids[doc], "app_user"); got != w {
			t.Errorf("%s app_user = %v, want %v", doc, got, w)
		}
	}
	wantCalls := map[string]int{
		"10000000001": 1, "10000000002": 3, "10000000003": 1, "10000000004": 2,
		"10000000005": 3, "10000000006": 1, "20000000001": 0, "20000000002": 0, "20000000003": 0,
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	for doc, w := range wantCalls {
		if fake.calls[doc] != w {
			t.Errorf("%s looked up %d times, want %d", doc, fake.calls[doc], w)
		}
	}
}

func TestProcessExternalDataDefaultsAndErrors(t *testing.T) {
	_, srv := newFakeAppUsers(t, nil)
	env := newTestEnv(t, withAppUsers(t, srv.URL+"/app-users"))
	tok := env.token("user")

	res := env.do(http.MethodPost, "/api/v1/customers/process-external-data", tok, nil)
	assertJSON(t, res.Body, `{"total_customers":0,"processed":0,"updated_to_true":0,"updated_to_false":0,"errors":0,
		"offset":0,"limit":100,"next_offset":null,"remaining":0}`)

	for _, q := range []string{"limit=0", "limit=1001", "limit=x", "offset=-1"} {
		res := env.do(http.MethodPost, "/api/v1/customers/process-external-data?"+q, tok, nil)
		if res.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", q, res.Status)
		}
	}
	if res := env.do(http.MethodPost, "/api/v1/customers/process-external-data", "", nil); res.Status != http.StatusUnauthorized {
		t.Errorf("no token: status %d", res.Status)
	}

	// Without EXTERNAL_APP_USERS_URL the route says so.
	bare := newTestEnv(t)
	res = bare.do(http.MethodPost, "/api/v1/customers/process-external-data", bare.token("admin"), nil)
	if res.Status != http.StatusServiceUnavailable || !strings.Contains(string(res.Body), "EXTERNAL_APP_USERS_URL") {
		t.Fatalf("unconfigured: status %d %s, want 503 naming EXTERNAL_APP_USERS_URL", res.Status, res.Body)
	}
}
