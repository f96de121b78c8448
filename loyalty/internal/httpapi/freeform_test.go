package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// freeFormFields lists the request-body fields of the OpenAPI document that take any
// JSON, as "METHOD path field.sub": a schema with an open additionalProperties, or with
// no type, properties, items or reference at all.
func freeFormFields(t *testing.T, raw []byte) []string {
	t.Helper()
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var out, fields []string
	// walk records in fields the free-form places of schema s, found at field.
	var walk func(field string, s map[string]any, seen map[string]bool)
	walk = func(field string, s map[string]any, seen map[string]bool) {
		if ref, ok := s["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/components/schemas/")
			if seen[name] {
				return
			}
			seen = map[string]bool{name: true}
			walk(field, doc.Components.Schemas[name], seen)
			return
		}
		open := len(s) == 0
		if ap, ok := s["additionalProperties"]; ok {
			if m, isMap := ap.(map[string]any); (isMap && len(m) == 0) || ap == true {
				open = true
			}
		}
		if _, typed := s["type"]; !typed && s["properties"] == nil && s["items"] == nil && s["allOf"] == nil && s["oneOf"] == nil && s["anyOf"] == nil {
			open = true
		}
		if open {
			fields = append(fields, field)
			return
		}
		if props, ok := s["properties"].(map[string]any); ok {
			for name, p := range props {
				walk(strings.TrimPrefix(field+"."+name, "."), p.(map[string]any), seen)
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			walk(field+"[]", items, seen)
		}
	}
	for path, ops := range doc.Paths {
		for method, rawOp := range ops {
			var op struct {
				RequestBody struct {
					Content map[string]struct {
						Schema map[string]any `json:"schema"`
					} `json:"content"`
				} `json:"requestBody"`
			}
			if json.Unmarshal(rawOp, &op) != nil {
				continue // path-level parameters
			}
			if c, ok := op.RequestBody.Content["application/json"]; ok {
				fields = nil
				walk("", c.Schema, map[string]bool{})
				for _, f := range fields {
					out = append(out, strings.ToUpper(method)+" "+path+" "+f)
				}
			}
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// TestFreeFormJSONIsBoundedBeforeAnyWrite sends, in every free-form JSON field of every
// route (found in /openapi.json, so a new one fails this test until it is listed here),
// numbers Postgres numeric cannot hold or a client could not read, containers nested too
// deep and values too large once their numbers are written out: each is a 422 naming the
// place in the field, and nothing is written. (A sale's data with 1e131072 answered 500.)
// Values at the bounds are stored and read back exactly.
func TestFreeFormJSONIsBoundedBeforeAnyWrite(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("admin")
	env.sqlStore("FF1", "11222333000181")
	cust, _ := env.sqlCustomer()
	now := time.Now().UTC().Format(time.RFC3339)

	// Each free-form field: a request carrying v in it (n makes each request distinct),
	// the loc of the field, and where to read the stored value back.
	type field struct {
		request  func(n int, v any) (method, path string, body any)
		loc      []any
		readBack func(t *testing.T, n int) string // the answer of a read that shows it
	}
	fields := map[string]field{
		"POST /api/v1/transaction data": {
			request: func(n int, v any) (string, string, any) {
				return "POST", "/api/v1/transaction", map[string]any{"customer_id": cust, "store_code": "FF1",
					"coupon_identifier": fmt.Sprintf("FF-%d", n), "transaction_date": now, "value": 10, "data": v}
			},
			loc: []any{"body", "data"},
			readBack: func(t *testing.T, n int) string {
				res := env.do("GET", fmt.Sprintf("/api/v1/customer/%s/coupons/search?coupon_identifier=FF-%d", cust, n), tok, nil)
				mustStatus(t, res, http.StatusOK)
				return string(res.Body)
			},
		},
	}

	openapi := env.do("GET", "/openapi.json", "", nil)
	mustStatus(t, openapi, http.StatusOK)
	found := freeFormFields(t, openapi.Body)
	var listed []string
	for name := range fields {
		listed = append(listed, name)
	}
	sort.Strings(listed)
	if !slices.Equal(found, listed) {
		t.Fatalf("free-form request fields in /openapi.json: %q; this test covers %q", found, listed)
	}

	deep := any(map[string]any{})
	var deepLoc []any
	for range 32 { // the field itself is level 1: 33 levels
		deep = map[string]any{"k": deep}
		deepLoc = append(deepLoc, "k")
	}
	var manyExponents []any
	for range 220 { // 5 bytes each as sent, 301 written out: 66 KB
		manyExponents = append(manyExponents, json.Number("1e300"))
	}
	hostile := []struct {
		name    string
		value   any
		subLoc  []any
		errType string
	}{
		{"past numeric's digits", map[string]any{"n": json.Number("1e131072")}, []any{"n"}, "decimal_whole_digits"},
		{"past numeric's scale", map[string]any{"n": json.Number("0.1e-999999999")}, []any{"n"}, "decimal_max_places"},
		{"past a double", map[string]any{"items": []any{map[string]any{"price": json.Number("-1e309")}}}, []any{"items", 0, "price"}, "decimal_whole_digits"},
		{"below a double", map[string]any{"n": json.Number("1e-341")}, []any{"n"}, "decimal_max_places"},
		{"exponent past int64", map[string]any{"n": json.Number("1e-99999999999999999999")}, []any{"n"}, "decimal_max_places"},
		{"33 levels", deep, deepLoc, "value_error"},
		{"64 KiB written out", map[string]any{"n": manyExponents}, nil, "value_error"},
	}
	n := 0
	for name, f := range fields {
		for _, h := range hostile {
			t.Run(name+"/"+h.name, func(t *testing.T) {
				n++
				before := env.fingerprint()
				method, path, body := f.request(n, h.value)
				res := env.do(method, path, tok, body)
				want422(t, res, append(slices.Clone(f.loc), h.subLoc...)...)
				if !strings.Contains(string(res.Body), `"`+h.errType+`"`) {
					t.Errorf("422 without type %s: %s", h.errType, res.Body)
				}
				after := env.fingerprint()
				for tbl, sum := range before {
					if after[tbl] != sum {
						t.Errorf("table %s changed by a refused request", tbl)
					}
				}
			})
		}
		t.Run(name+"/bounds are stored and read back", func(t *testing.T) {
			n++
			edges := map[string]any{
				"max": json.Number("1.7976931348623157e308"), "min": json.Number("-4.9406564584124654e-324"),
				"whole": json.Number(strings.Repeat("9", 309)), "places": json.Number("0." + strings.Repeat("1", 340)),
			}
			method, path, body := f.request(n, edges)
			mustStatus(t, env.do(method, path, tok, body), http.StatusCreated)
			got := f.readBack(t, n)
			for _, want := range []string{"179769313486231570" + strings.Repeat("0", 291), "-0." + strings.Repeat("0", 323) + "49406564584124654",
				strings.Repeat("9", 309), "0." + strings.Repeat("1", 340)} {
				if !strings.Contains(got, want) {
					t.Errorf("stored value lacks %.30s... (%d chars): %.200s", want, len(want), got)
				}
			}
		})
	}
}
