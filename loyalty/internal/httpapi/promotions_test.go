package httpapi_test

import (
	"fmt"
	"net/http"
	"reflect"
	"sync"
	"testing"
	"time"
)

func TestPromotionCreateAndRead(t *testing.T) {
	api := newAPIClient(t)
	p := api.create(t, "/api/v1/promotion", jsonObj{"name": "Double week", "start_date": "2025-03-01T00:00:00-03:00", "end_date": "2025-03-08T23:59:59-03:00"})
	defaults := jsonObj{"is_active": true, "points_multiplier": 1, "bonus_points": 0, "min_purchase": nil, "store_codes": nil, "description": nil, "image_url": nil}
	for k, v := range defaults {
		wantField(t, p, k, v)
	}
	if got := parseTime(t, p["start_date"]); !got.Equal(time.Date(2025, 3, 1, 3, 0, 0, 0, time.UTC)) {
		t.Errorf("start_date = %v", got)
	}
	var got jsonObj
	api.call(t, http.MethodGet, "/api/v1/promotion/"+p["id"].(string), nil, http.StatusOK, &got)
	if !reflect.DeepEqual(got, p) {
		t.Errorf("GET = %v\nwant %v", got, p)
	}
	wantDetail(t, api.do(http.MethodGet, "/api/v1/promotion/00000000-0000-0000-0000-000000000000", api.tok, nil), http.StatusNotFound)
	want422(t, api.do(http.MethodGet, "/api/v1/promotion/1", api.tok, nil), "path", "promotion_id")

	full := api.create(t, "/api/v1/promotion", jsonObj{
		"name": "Paulista", "description": "Only in SP", "image_url": "https://img.example.com/p.png",
		"start_date": "2025-01-01T00:00:00Z", "end_date": "2025-12-31T23:59:59Z", "is_active": false,
		"points_multiplier": 2.5, "bonus_points": 10, "min_purchase": 30, "store_codes": []string{" SP01", "SP02", "SP01", ""},
	})
	sent := jsonObj{"description": "Only in SP", "is_active": false, "points_multiplier": 2.5, "bonus_points": 10,
		"min_purchase": 30, "store_codes": []any{"SP01", "SP02"}}
	for k, v := range sent {
		wantField(t, full, k, v)
	}

	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"missing name", jsonObj{"start_date": "2025-01-01T00:00:00Z", "end_date": "2025-01-02T00:00:00Z"}, []any{"body", "name"}},
		{"missing start_date", jsonObj{"name": "N", "end_date": "2025-01-02T00:00:00Z"}, []any{"body", "start_date"}},
		{"missing end_date", jsonObj{"name": "N", "start_date": "2025-01-02T00:00:00Z"}, []any{"body", "end_date"}},
		{"malformed start_date", jsonObj{"name": "N", "start_date": "01/02/2025", "end_date": "2025-01-02T00:00:00Z"}, []any{"body", "start_date"}},
		{"impossible end_date", jsonObj{"name": "N", "start_date": "2025-01-02T00:00:00Z", "end_date": "2025-02-30T00:00:00Z"}, []any{"body", "end_date"}},
		{"end before start", jsonObj{"name": "N", "start_date": "2025-01-02T00:00:00Z", "end_date": "2025-01-01T00:00:00Z"}, []any{"body", "end_date"}},
		{"zero multiplier", jsonObj{"name": "N", "start_date": "2025-01-01T00:00:00Z", "end_date": "2025-01-02T00:00:00Z", "points_multiplier": 0}, []any{"body", "points_multiplier"}},
		{"huge multiplier", jsonObj{"name": "N", "start_date": "2025-01-01T00:00:00Z", "end_date": "2025-01-02T00:00:00Z", "points_multiplier": 1e9}, []any{"body", "points_multiplier"}},
		{"negative bonus", jsonObj{"name": "N", "start_date": "2025-01-01T00:00:00Z", "end_date": "2025-01-02T00:00:00Z", "bonus_points": -1}, []any{"body", "bonus_points"}},
		{"negative min_purchase", jsonObj{"name": "N", "start_date": "2025-01-01T00:00:00Z", "end_date": "2025-01-02T00:00:00Z", "min_purchase": -1}, []any{"body", "min_purchase"}},
		{"store_codes not a list", jsonObj{"name": "N", "start_date": "2025-01-01T00:00:00Z", "end_date": "2025-01-02T00:00:00Z", "store_codes": "SP01"}, []any{"body", "store_codes"}},
		{"malformed JSON", `{"name": "N"`, []any{"body"}},
		{"no body", "", []any{"body"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPost, "/api/v1/promotion", api.tok, tt.body), tt.loc...)
		})
	}
}

func TestPromotionUpdate(t *testing.T) {
	api := newAPIClient(t)
	p := api.create(t, "/api/v1/promotion", jsonObj{"name": "Promo", "description": "d", "start_date": "2025-01-01T00:00:00Z",
		"end_date": "2025-01-31T00:00:00Z", "store_codes": []string{"SP01"}, "min_purchase": 10})
	path := "/api/v1/promotion/" + p["id"].(string)

	var got jsonObj
	api.call(t, http.MethodPatch, path, jsonObj{"points_multiplier": 3, "description": nil, "store_codes": nil, "end_date": "2025-02-28T00:00:00Z"}, http.StatusOK, &got)
	wantField(t, got, "points_multiplier", 3)
	wantField(t, got, "description", nil)
	wantField(t, got, "store_codes", nil)
	wantField(t, got, "min_purchase", 10) // not sent: kept
	wantField(t, got, "name", "Promo")
	if end := parseTime(t, got["end_date"]); !end.Equal(time.Date(2025, 2, 28, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("end_date = %v", end)
	}
	wantDetail(t, api.do(http.MethodPatch, "/api/v1/promotion/00000000-0000-0000-0000-000000000000", api.tok, jsonObj{"name": "x"}), http.StatusNotFound)

	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"null name", jsonObj{"name": nil}, []any{"body", "name"}},
		{"null start_date", jsonObj{"start_date": nil}, []any{"body", "start_date"}},
		{"null is_active", jsonObj{"is_active": nil}, []any{"body", "is_active"}},
		{"null points_multiplier", jsonObj{"points_multiplier": nil}, []any{"body", "points_multiplier"}},
		{"null bonus_points", jsonObj{"bonus_points": nil}, []any{"body", "bonus_points"}},
		{"end before the stored start", jsonObj{"end_date": "2024-12-31T00:00:00Z"}, []any{"body", "end_date"}},
		{"bonus not an integer", jsonObj{"bonus_points": 1.5}, []any{"body", "bonus_points"}},
		{"malformed date", jsonObj{"start_date": "yesterday"}, []any{"body", "start_date"}},
		{"no body", "", []any{"body"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPatch, path, api.tok, tt.body), tt.loc...)
		})
	}
}

func TestPromotionList(t *testing.T) {
	api := newAPIClient(t)
	for i := 1; i <= 12; i++ {
		api.create(t, "/api/v1/promotion", jsonObj{"name": fmt.Sprintf("P%02d", i),
			"start_date": fmt.Sprintf("2025-%02d-01T00:00:00Z", i), "end_date": fmt.Sprintf("2025-%02d-10T00:00:00Z", i)})
	}
	list := decodeList(t, api.call(t, http.MethodGet, "/api/v1/promotion/all", nil, http.StatusOK, nil))
	want := []string{"P12", "P11", "P10", "P09", "P08", "P07", "P06", "P05", "P04", "P03"}
	if got := pluck(list, "name"); !reflect.DeepEqual(got, want) {
		t.Errorf("default page = %v, want latest start first, 10 of them: %v", got, want)
	}
	page := decodeList(t, api.call(t, http.MethodGet, "/api/v1/promotion/all?limit=3&offset=10", nil, http.StatusOK, nil))
	if got := pluck(page, "name"); !reflect.DeepEqual(got, []string{"P02", "P01"}) {
		t.Errorf("limit=3&offset=10 = %v", got)
	}
	want422(t, api.do(http.MethodGet, "/api/v1/promotion/all?limit=ten", api.tok, nil), "query", "limit")
}

// Two PATCHes each valid alone but not together (one moves start_date after the end_date
// the other sets) race: the loser is a 422 on the dates, never a 500 from the table's
// CHECK (end_date >= start_date), and the promotion stays consistent.
func TestConcurrentPromotionPatchesKeepTheDatesInOrder(t *testing.T) {
	api := newAPIClient(t)
	p := api.create(t, "/api/v1/promotion", jsonObj{"name": "Race", "start_date": "2025-01-01T00:00:00Z", "end_date": "2025-01-11T00:00:00Z"})
	path := "/api/v1/promotion/" + p["id"].(string)
	for round := 0; round < 20; round++ {
		api.call(t, http.MethodPatch, path, jsonObj{"start_date": "2025-01-01T00:00:00Z", "end_date": "2025-01-11T00:00:00Z"}, http.StatusOK, nil)
		statuses := make(chan int, 2)
		var wg sync.WaitGroup
		for _, body := range []jsonObj{{"start_date": "2025-01-09T00:00:00Z"}, {"end_date": "2025-01-05T00:00:00Z"}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- api.do(http.MethodPatch, path, api.tok, body).Status
			}()
		}
		wg.Wait()
		close(statuses)
		got := map[int]int{}
		for s := range statuses {
			got[s]++
		}
		if got[http.StatusOK] != 1 || got[http.StatusUnprocessableEntity] != 1 {
			t.Fatalf("round %d: statuses %v, want one 200 and one 422", round, got)
		}
	}
}
