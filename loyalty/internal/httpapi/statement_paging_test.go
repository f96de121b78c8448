package httpapi_test

import (
	"fmt"
	"net/http"
	"reflect"
	"testing"
)

// TestStatementPages: every page of a statement (limit/offset, as the contract has them)
// is the matching slice of the whole statement in its order, newest first by
// (created_at, id), with entries that share a created_at, offsets past the end and
// another customer's entries around. The store seeks the page from the key at offset
// instead of reading and discarding the rows before it; what a page holds must not change.
func TestStatementPages(t *testing.T) {
	api := newAPIClient(t)
	id, _ := api.sqlCustomer()
	other, _ := api.sqlCustomer()
	for _, c := range []string{id, other} {
		// 30 entries, created three at a time: ties on created_at, broken by id.
		api.exec(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date, created_at)
			SELECT ?, 'C', g, now(), timestamptz '2025-01-01 00:00Z' + (g / 3) * interval '1 minute'
			  FROM generate_series(1, 30) AS g`, c)
	}
	var all []string
	if err := api.DB.Raw(`SELECT id::text FROM points_entries WHERE customer_id = ? ORDER BY created_at DESC, id DESC`, id).Scan(&all).Error; err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{1, 4, 7, 30, 100} {
		for offset := 0; offset <= 32; offset++ {
			path := fmt.Sprintf("/api/v1/points/statement/%s?limit=%d&offset=%d", id, limit, offset)
			got := pluck(decodeList(t, api.call(t, http.MethodGet, path, nil, http.StatusOK, nil)), "id")
			want := all[min(offset, len(all)):min(offset+limit, len(all))]
			if len(got) == 0 && len(want) == 0 {
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("limit %d offset %d: got %v, want %v", limit, offset, got, want)
			}
		}
	}
}
