package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestValuesThatAreNotDocumentsAreRefused sends, in every field that stores a document
// (customer doc and store document, on create and update), values that are not one: a
// dot segment, path and escape characters, controls, no letter or digit, too long. Each
// is a 422 at the field and nothing is written. ("." and ".." were stored, then sent to
// the app-user service as /app-users/.., which is /.)
func TestValuesThatAreNotDocumentsAreRefused(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("admin")
	env.sqlStore("D1", "11222333000181")
	storeID := env.sqlStore("D2", "11222333000262")
	_, doc := env.sqlCustomer()

	fields := []struct {
		name, method, path string
		body               func(v string) map[string]any
		field              string
	}{
		{"customer create", "POST", "/api/v1/customer", func(v string) map[string]any {
			return map[string]any{"name": "N", "doc": v, "email": "n@example.com", "phone": "1"}
		}, "doc"},
		{"customer update", "PATCH", "/api/v1/customer/" + doc, func(v string) map[string]any { return map[string]any{"doc": v} }, "doc"},
		{"store create", "POST", "/api/v1/store", func(v string) map[string]any {
			return map[string]any{"store_code": "D9", "name": "N", "document": v}
		}, "document"},
		{"store update", "PATCH", "/api/v1/store/" + storeID, func(v string) map[string]any { return map[string]any{"document": v} }, "document"},
	}
	bad := []string{".", "..", " .. ", "...", "-", "./-", "a/b", "../x", `a\b`, "x?y", "x#y", "100%", "%2e%2e",
		"a\x01b", "a\u202eb", "a\u2028b", strings.Repeat("9", 51), "12.345.678/0001-9"}
	for _, f := range fields {
		for _, v := range bad {
			t.Run(fmt.Sprintf("%s %q", f.name, v), func(t *testing.T) {
				before := env.fingerprint()
				want422(t, env.do(f.method, f.path, tok, f.body(v)), "body", f.field)
				after := env.fingerprint()
				for tbl, sum := range before {
					if after[tbl] != sum {
						t.Errorf("table %s changed by a refused request", tbl)
					}
				}
			})
		}
	}
	// Documents as they come: formatted CPF/CNPJ (stored as digits), passports, foreign ids.
	for i, v := range []string{"123.456.789-09", "AB123456", "X-12 34", "ção.1", "..a", strings.Repeat("9", 50)} {
		mustStatus(t, env.do("POST", "/api/v1/customer", tok, map[string]any{"name": "N", "doc": v, "email": "n@example.com", "phone": "1"}), http.StatusCreated)
		mustStatus(t, env.do("POST", "/api/v1/store", tok, map[string]any{"store_code": fmt.Sprintf("OK%d", i), "name": "N", "document": v}), http.StatusCreated)
	}
}

// TestProcessExternalDataNeverSendsAStoredNonDocument: a customer stored before the rule
// with doc ".." counts as an error of the batch and never reaches the app-user service,
// whose every request path is one document under its base.
func TestProcessExternalDataNeverSendsAStoredNonDocument(t *testing.T) {
	var (
		mu   sync.Mutex
		seen []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.RequestURI)
		mu.Unlock()
		w.WriteHeader(http.StatusNotFound)
	}))
	t.Cleanup(srv.Close)
	env := newTestEnv(t, withAppUsers(t, srv.URL+"/app-users"))
	for _, doc := range []string{"..", ".", "a/../../admin", "10000000001", "AB 1"} {
		env.sqlCustomer(cols{"name": "C", "doc": doc})
	}
	res := env.do(http.MethodPost, "/api/v1/customers/process-external-data", env.token("user"), nil)
	mustStatus(t, res, http.StatusOK)
	assertJSON(t, res.Body, `{"total_customers":5,"processed":5,"updated_to_true":0,"updated_to_false":2,"errors":3,
		"offset":0,"limit":100,"next_offset":null,"remaining":0}`)
	mu.Lock()
	defer mu.Unlock()
	want := map[string]bool{"/app-users/10000000001": true, "/app-users/AB%201": true}
	if len(seen) != len(want) || !want[seen[0]] || !want[seen[1]] {
		t.Errorf("the app-user service was asked %q, want exactly %v", seen, want)
	}
}
