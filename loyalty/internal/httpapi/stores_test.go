package httpapi_test

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestStoreCreateAndReads(t *testing.T) {
	api := newAPIClient(t)
	s := api.create(t, "/api/v1/store", jsonObj{
		"store_code": "SP01", "name": "Loja Paulista", "document": "12.345.678/0001-95",
		"address": "Av. Paulista, 1000", "city": "São Paulo", "state": "SP", "phone": "1133334444", "email": "sp01@example.com",
	})
	wantField(t, s, "store_code", "SP01")
	wantField(t, s, "name", "Loja Paulista")
	wantField(t, s, "document", "12345678000195") // stored as digits
	wantField(t, s, "is_active", true)            // default
	wantField(t, s, "city", "São Paulo")
	wantField(t, s, "email", "sp01@example.com")
	for _, f := range []string{"id", "created_at", "updated_at"} {
		if s[f] == nil {
			t.Errorf("%s missing", f)
		}
	}
	id := s["id"].(string)

	reads := map[string]string{
		"by id":                  "/api/v1/store/" + id,
		"by code":                "/api/v1/store/code/SP01",
		"by document (digits)":   "/api/v1/store/document/12345678000195",
		"by document (spaced)":   "/api/v1/store/document/12%20345%20678%200001%2095",
		"by document (dot/dash)": "/api/v1/store/document/12.345.678-0001-95",
		"by document (slash)":    "/api/v1/store/document/12.345.678%2F0001-95",
	}
	for name, path := range reads {
		t.Run(name, func(t *testing.T) {
			var got jsonObj
			api.call(t, http.MethodGet, path, nil, http.StatusOK, &got)
			if !reflect.DeepEqual(got, s) {
				t.Errorf("read %v, want the created store %v", got, s)
			}
		})
	}

	notFound := []string{
		"/api/v1/store/00000000-0000-0000-0000-000000000000",
		"/api/v1/store/code/NOPE",
		"/api/v1/store/document/99999999000199",
	}
	for _, path := range notFound {
		wantDetail(t, api.do(http.MethodGet, path, api.tok, nil), http.StatusNotFound)
	}
	want422(t, api.do(http.MethodGet, "/api/v1/store/not-a-uuid", api.tok, nil), "path", "store_id")

	t.Run("optional fields default to null", func(t *testing.T) {
		m := api.store(t, "RJ01", "Loja Rio", "98765432000110")
		for _, f := range []string{"address", "city", "state", "phone", "email"} {
			if v, ok := m[f]; !ok || v != nil {
				t.Errorf("%s = %v (present %v), want null", f, v, ok)
			}
		}
	})

	t.Run("duplicates are 409", func(t *testing.T) {
		msg := wantDetail(t, api.do(http.MethodPost, "/api/v1/store", api.tok, jsonObj{"store_code": "SP01", "name": "X", "document": "11111111000111"}), http.StatusConflict)
		if !strings.Contains(msg, "store_code") {
			t.Errorf("message %q does not name store_code", msg)
		}
		msg = wantDetail(t, api.do(http.MethodPost, "/api/v1/store", api.tok, jsonObj{"store_code": "SP99", "name": "X", "document": "12.345.678/0001-95"}), http.StatusConflict)
		if !strings.Contains(msg, "document") {
			t.Errorf("message %q does not name document", msg)
		}
	})

	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"missing store_code", jsonObj{"name": "N", "document": "1"}, []any{"body", "store_code"}},
		{"missing name", jsonObj{"store_code": "C", "document": "1"}, []any{"body", "name"}},
		{"missing document", jsonObj{"store_code": "C", "name": "N"}, []any{"body", "document"}},
		{"blank name", jsonObj{"store_code": "C", "name": "  ", "document": "1"}, []any{"body", "name"}},
		{"is_active not a boolean", jsonObj{"store_code": "C", "name": "N", "document": "1", "is_active": "yes"}, []any{"body", "is_active"}},
		{"store_code not a string", jsonObj{"store_code": 12, "name": "N", "document": "1"}, []any{"body", "store_code"}},
		{"bad email", jsonObj{"store_code": "C", "name": "N", "document": "1", "email": "no-at"}, []any{"body", "email"}},
		{"malformed JSON", `{"store_code": "C",`, []any{"body"}},
		{"array body", `[]`, []any{"body"}},
		{"no body", "", []any{"body"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPost, "/api/v1/store", api.tok, tt.body), tt.loc...)
		})
	}
}

func TestStoreUpdateAndSoftDelete(t *testing.T) {
	api := newAPIClient(t)
	s := api.create(t, "/api/v1/store", jsonObj{"store_code": "SP01", "name": "Loja", "document": "12345678000195", "city": "Santos", "phone": "13"})
	api.store(t, "SP02", "Outra", "22345678000195")
	path := "/api/v1/store/" + s["id"].(string)

	var u jsonObj
	api.call(t, http.MethodPatch, path, jsonObj{"name": "Loja Centro", "city": nil}, http.StatusOK, &u)
	wantField(t, u, "name", "Loja Centro")
	wantField(t, u, "city", nil)          // null clears
	wantField(t, u, "phone", "13")        // not sent: kept
	wantField(t, u, "store_code", "SP01") // not sent: kept
	wantField(t, u, "document", "12345678000195")
	if !parseTime(t, u["updated_at"]).After(parseTime(t, s["updated_at"])) {
		t.Errorf("updated_at %v not after %v", u["updated_at"], s["updated_at"])
	}

	api.call(t, http.MethodPatch, path, jsonObj{"document": "12.345.678/0001-00", "store_code": "SP10"}, http.StatusOK, &u)
	wantField(t, u, "document", "12345678000100")
	wantField(t, u, "store_code", "SP10")

	wantDetail(t, api.do(http.MethodPatch, path, api.tok, jsonObj{"store_code": "SP02"}), http.StatusConflict)
	wantDetail(t, api.do(http.MethodPatch, path, api.tok, jsonObj{"document": "22345678000195"}), http.StatusConflict)
	wantDetail(t, api.do(http.MethodPatch, "/api/v1/store/00000000-0000-0000-0000-000000000000", api.tok, jsonObj{"name": "x"}), http.StatusNotFound)

	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"null name", jsonObj{"name": nil}, []any{"body", "name"}},
		{"null store_code", jsonObj{"store_code": nil}, []any{"body", "store_code"}},
		{"null document", jsonObj{"document": nil}, []any{"body", "document"}},
		{"null is_active", jsonObj{"is_active": nil}, []any{"body", "is_active"}},
		{"empty name", jsonObj{"name": ""}, []any{"body", "name"}},
		{"name not a string", jsonObj{"name": 1}, []any{"body", "name"}},
		{"bad email", jsonObj{"email": "x@"}, []any{"body", "email"}},
		{"malformed JSON", `{"name":}`, []any{"body"}},
		{"no body", "", []any{"body"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPatch, path, api.tok, tt.body), tt.loc...)
		})
	}
	want422(t, api.do(http.MethodPatch, "/api/v1/store/123", api.tok, jsonObj{"name": "x"}), "path", "store_id")

	t.Run("DELETE deactivates and keeps the store readable", func(t *testing.T) {
		var d jsonObj
		api.call(t, http.MethodDelete, path, nil, http.StatusOK, &d)
		wantField(t, d, "is_active", false)
		wantField(t, d, "id", s["id"])
		var got jsonObj
		api.call(t, http.MethodGet, path, nil, http.StatusOK, &got)
		wantField(t, got, "is_active", false)
		api.call(t, http.MethodGet, "/api/v1/store/code/SP10", nil, http.StatusOK, &got)
		wantField(t, got, "name", "Loja Centro")
		var n int64
		api.DB.Raw(`SELECT count(*) FROM stores`).Scan(&n)
		if n != 2 {
			t.Errorf("stores rows = %d, want 2 (soft delete keeps the row)", n)
		}
		wantDetail(t, api.do(http.MethodDelete, "/api/v1/store/00000000-0000-0000-0000-000000000000", api.tok, nil), http.StatusNotFound)
		want422(t, api.do(http.MethodDelete, "/api/v1/store/nope", api.tok, nil), "path", "store_id")
		// Reactivation is a PATCH.
		api.call(t, http.MethodPatch, path, jsonObj{"is_active": true}, http.StatusOK, &got)
		wantField(t, got, "is_active", true)
	})
}

func TestStoreListAndSearch(t *testing.T) {
	api := newAPIClient(t)
	// 12 stores, created out of code order.
	codes := []string{"C07", "C03", "C11", "C01", "C09", "C05", "C12", "C02", "C10", "C04", "C08", "C06"}
	names := map[string]string{"C01": "Padaria Central", "C02": "Mercado Sul", "C03": "Padaria do Norte", "C04": "Loja 50% off"}
	for i, code := range codes {
		name := names[code]
		if name == "" {
			name = "Store " + code
		}
		api.store(t, code, name, "1000000000"+string(rune('0'+i/10))+string(rune('0'+i%10))+"00")
	}
	api.call(t, http.MethodDelete, "/api/v1/store/"+func() string {
		var s jsonObj
		api.call(t, http.MethodGet, "/api/v1/store/code/C12", nil, http.StatusOK, &s)
		return s["id"].(string)
	}(), nil, http.StatusOK, nil)

	t.Run("list: by store_code, default limit 10, inactive included", func(t *testing.T) {
		list := decodeList(t, api.call(t, http.MethodGet, "/api/v1/stores", nil, http.StatusOK, nil))
		want := []string{"C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10"}
		if got := pluck(list, "store_code"); !reflect.DeepEqual(got, want) {
			t.Errorf("codes = %v, want %v", got, want)
		}
		rest := decodeList(t, api.call(t, http.MethodGet, "/api/v1/stores?offset=10", nil, http.StatusOK, nil))
		if got := pluck(rest, "store_code"); !reflect.DeepEqual(got, []string{"C11", "C12"}) {
			t.Errorf("offset=10 codes = %v", got)
		}
		if rest[1]["is_active"] != false {
			t.Errorf("C12 should be listed inactive: %v", rest[1])
		}
		want422(t, api.do(http.MethodGet, "/api/v1/stores?limit=x", api.tok, nil), "query", "limit")
	})

	search := []struct {
		query string
		want  []string
	}{
		{"search_name=padaria", []string{"C01", "C03"}},                     // case-insensitive, anywhere, by name
		{"search_name=NORTE", []string{"C03"}},                              // any case
		{"search_name=50%25", []string{"C04"}},                              // % is literal
		{"search_name=_", nil},                                              // _ is literal
		{"search_code=c1", []string{"C10", "C11", "C12"}},                   // code prefix, any case
		{"search_code=C1&search_name=store", []string{"C10", "C11", "C12"}}, // filters combine
		{"search_code=C1&search_name=padaria", nil},
		{"search_document=10000000001", []string{"C06", "C08"}},    // document prefix
		{"search_document=10.000.000.001", []string{"C06", "C08"}}, // separators ignored
		{"search_document=10000000001100", []string{"C06"}},        // a whole document
		{"search_name=store&limit=2&offset=1", []string{"C06", "C07"}},
	}
	for _, tt := range search {
		t.Run("search "+tt.query, func(t *testing.T) {
			list := decodeList(t, api.call(t, http.MethodGet, "/api/v1/stores/search?"+tt.query, nil, http.StatusOK, nil))
			got := pluck(list, "store_code")
			want := tt.want
			if want == nil {
				want = []string{}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}

	t.Run("search default limit is 100", func(t *testing.T) {
		for i := 0; i < 95; i++ {
			api.DB.Exec(`INSERT INTO stores (store_code, name, document) VALUES (?, 'Bulk', ?)`, "B"+strings.Repeat("x", i+1), "doc-"+strings.Repeat("y", i+1))
		}
		list := decodeList(t, api.call(t, http.MethodGet, "/api/v1/stores/search", nil, http.StatusOK, nil))
		if len(list) != 100 {
			t.Errorf("default search page has %d stores, want 100", len(list))
		}
	})
}
