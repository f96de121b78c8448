package httpapi_test

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestCustomerNameSearch: every route that filters customers by name applies the same
// rule (customer.NameContains): the term anywhere in the name, case and accents ignored
// whether the accent is stored precomposed or as a combining mark, and the term's LIKE
// wildcards taken literally. Each route keeps its own order.
func TestCustomerNameSearch(t *testing.T) {
	api := newAPIClient(t)
	names := map[string]string{ // doc -> name
		"10000000001": "Maria da Conceição",
		"10000000002": "MARIANA SOUZA",
		"10000000003": "José Antônio",
		"10000000004": "Jose Antonio Filho",
		"10000000005": "Conceic\u0327a\u0303o Lima", // ç and ã as combining marks (NFD)
		"10000000006": "Ana 100% Silva",
		"10000000007": "Ana 1000 Silva",
		"10000000008": "Ana_Paula",
		"10000000009": "Anaxpaula",
		"10000000010": `Back\slash`,
	}
	for doc, name := range names {
		api.sqlCustomer(cols{"doc": doc, "name": name})
	}
	tests := []struct {
		term string
		want []string // docs, any order
	}{
		{"maria", []string{"10000000001", "10000000002"}},
		{"MARIA", []string{"10000000001", "10000000002"}},
		{"conceicao", []string{"10000000001", "10000000005"}}, // accents ignored, both encodings
		{"CONCEIÇÃO", []string{"10000000001", "10000000005"}},
		{"jose antonio", []string{"10000000003", "10000000004"}},
		{"José Antônio", []string{"10000000003", "10000000004"}},
		{"  antônio filho ", []string{"10000000004"}}, // trimmed
		{"100%", []string{"10000000006"}},             // % literal
		{"ana_paula", []string{"10000000008"}},        // _ literal
		{`back\s`, []string{"10000000010"}},           // \ literal
		{"zzz", []string{}},
	}
	for _, tt := range tests {
		q := "search_name=" + url.QueryEscape(tt.term)
		t.Run(tt.term, func(t *testing.T) {
			search := pluck(decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers/search?"+q, nil, http.StatusOK, nil)), "doc")
			list := pluck(decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers/list?limit=100&"+q, nil, http.StatusOK, nil)), "doc")
			exported := exportDocs(t, api, "/api/v1/customers/export?format=csv&"+q)
			for route, got := range map[string][]string{"search": search, "list": list, "export": exported} {
				sorted := slices.Sorted(slices.Values(got))
				if !reflect.DeepEqual(sorted, tt.want) && !(len(sorted) == 0 && len(tt.want) == 0) {
					t.Errorf("%s: %v, want %v", route, got, tt.want)
				}
			}
		})
	}
	t.Run("search orders by name", func(t *testing.T) {
		got := pluck(decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers/search?search_name=ana", nil, http.StatusOK, nil)), "doc")
		want := []string{"10000000006", "10000000007", "10000000008", "10000000009", "10000000002"} // lower(name), id
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
	})
}

// exportDocs downloads a csv export and returns its doc column.
func exportDocs(t *testing.T, api *apiClient, path string) []string {
	t.Helper()
	res := api.call(t, http.MethodGet, path, nil, http.StatusOK, nil)
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(res.Body), "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatalf("export csv: %v", err)
	}
	col := slices.Index(rows[0], "doc")
	if col < 0 {
		t.Fatalf("export has no doc column: %v", rows[0])
	}
	out := []string{}
	for _, r := range rows[1:] {
		out = append(out, r[col])
	}
	return out
}
