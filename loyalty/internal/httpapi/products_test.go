package httpapi_test

import (
	"net/http"
	"reflect"
	"testing"
)

func TestProductCreateDefaultsAndRead(t *testing.T) {
	api := newAPIClient(t)
	p := api.product(t, "SKU-1", "Café", nil)
	want := jsonObj{
		"sku": "SKU-1", "name": "Café", "points": 0.0, "description": nil, "image_url": nil, "is_active": true,
		"price": 0.0, "discount_price": nil, "validity_days": 2.0, "minimum_purchase": nil, "has_toppings": false,
		"is_addon": false, "min_qty": 0.0, "max_qty": 0.0, "topping_skus": []any{}, "toppings": []any{},
	}
	for k, v := range want {
		wantField(t, p, k, v)
	}
	var got jsonObj
	api.call(t, http.MethodGet, "/api/v1/product/"+p["id"].(string), nil, http.StatusOK, &got)
	if !reflect.DeepEqual(got, p) {
		t.Errorf("GET = %v\nwant the created %v", got, p)
	}
	wantDetail(t, api.do(http.MethodGet, "/api/v1/product/00000000-0000-0000-0000-000000000000", api.tok, nil), http.StatusNotFound)
	want422(t, api.do(http.MethodGet, "/api/v1/product/abc", api.tok, nil), "path", "product_id")

	t.Run("every field sent is kept", func(t *testing.T) {
		full := api.product(t, "SKU-2", "Combo", jsonObj{
			"points": 150, "description": "Big combo", "image_url": "https://img.example.com/c.png", "is_active": false,
			"price": 29.9, "discount_price": 19.9, "validity_days": 7, "minimum_purchase": 50, "max_qty": 3, "min_qty": 1,
		})
		sent := jsonObj{"points": 150, "description": "Big combo", "image_url": "https://img.example.com/c.png",
			"is_active": false, "price": 29.9, "discount_price": 19.9, "validity_days": 7, "minimum_purchase": 50, "max_qty": 3, "min_qty": 1}
		for k, v := range sent {
			wantField(t, full, k, v)
		}
	})

	t.Run("duplicate sku is 409", func(t *testing.T) {
		wantDetail(t, api.do(http.MethodPost, "/api/v1/product", api.tok, jsonObj{"sku": "SKU-1", "name": "Again"}), http.StatusConflict)
	})
}

func TestProductToppings(t *testing.T) {
	api := newAPIClient(t)
	api.product(t, "ADD-MILK", "Milk", jsonObj{"is_addon": true, "points": 5})
	api.product(t, "ADD-SUGAR", "Sugar", jsonObj{"is_addon": true})
	api.product(t, "PLAIN", "Plain product", nil)

	coffee := api.product(t, "COFFEE", "Coffee", jsonObj{"has_toppings": true, "topping_skus": []string{"ADD-SUGAR", "ADD-MILK", "ADD-MILK"}})
	wantField(t, coffee, "topping_skus", []any{"ADD-MILK", "ADD-SUGAR"}) // by name, repeats once
	toppings := coffee["toppings"].([]any)
	if len(toppings) != 2 || toppings[0].(jsonObj)["sku"] != "ADD-MILK" || toppings[0].(jsonObj)["points"] != 5.0 {
		t.Fatalf("toppings = %v", toppings)
	}
	id := coffee["id"].(string)
	path := "/api/v1/product/" + id

	var got jsonObj
	api.call(t, http.MethodPatch, path, jsonObj{"topping_skus": []string{"ADD-SUGAR"}}, http.StatusOK, &got)
	wantField(t, got, "topping_skus", []any{"ADD-SUGAR"})
	api.call(t, http.MethodPatch, path, jsonObj{"name": "Coffee XL"}, http.StatusOK, &got)
	wantField(t, got, "topping_skus", []any{"ADD-SUGAR"}) // not sent: kept

	t.Run("an add-on in use cannot stop being one", func(t *testing.T) {
		var sugar jsonObj
		api.call(t, http.MethodGet, "/api/v1/product/all", nil, http.StatusOK, nil)
		for _, p := range decodeList(t, api.call(t, http.MethodGet, "/api/v1/product/all", nil, http.StatusOK, nil)) {
			if p["sku"] == "ADD-SUGAR" {
				sugar = p
			}
		}
		wantDetail(t, api.do(http.MethodPatch, "/api/v1/product/"+sugar["id"].(string), api.tok, jsonObj{"is_addon": false}), http.StatusConflict)
	})

	t.Run("has_toppings false unlinks them", func(t *testing.T) {
		api.call(t, http.MethodPatch, path, jsonObj{"has_toppings": false}, http.StatusOK, &got)
		wantField(t, got, "topping_skus", []any{})
		var links int64
		api.DB.Raw(`SELECT count(*) FROM product_toppings WHERE product_id = ?`, id).Scan(&links)
		if links != 0 {
			t.Errorf("%d links left", links)
		}
	})

	t.Run("null topping_skus unlinks", func(t *testing.T) {
		api.call(t, http.MethodPatch, path, jsonObj{"has_toppings": true, "topping_skus": []string{"ADD-MILK"}}, http.StatusOK, &got)
		wantField(t, got, "topping_skus", []any{"ADD-MILK"})
		api.call(t, http.MethodPatch, path, jsonObj{"topping_skus": nil}, http.StatusOK, &got)
		wantField(t, got, "topping_skus", []any{})
		wantField(t, got, "has_toppings", true)
	})

	bad := []struct {
		name string
		body jsonObj
		loc  []any
	}{
		{"unknown topping", jsonObj{"sku": "X1", "name": "X", "has_toppings": true, "topping_skus": []string{"ADD-MILK", "NOPE"}}, []any{"body", "topping_skus", 1}},
		{"topping that is not an add-on", jsonObj{"sku": "X1", "name": "X", "has_toppings": true, "topping_skus": []string{"PLAIN"}}, []any{"body", "topping_skus", 0}},
		{"toppings without has_toppings", jsonObj{"sku": "X1", "name": "X", "topping_skus": []string{"ADD-MILK"}}, []any{"body", "topping_skus"}},
		{"add-on with toppings", jsonObj{"sku": "X1", "name": "X", "is_addon": true, "has_toppings": true}, []any{"body", "has_toppings"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPost, "/api/v1/product", api.tok, tt.body), tt.loc...)
			var n int64
			api.DB.Raw(`SELECT count(*) FROM products WHERE sku = 'X1'`).Scan(&n)
			if n != 0 {
				t.Error("the refused product was stored")
			}
		})
	}
	want422(t, api.do(http.MethodPatch, path, api.tok, jsonObj{"topping_skus": []string{"PLAIN"}}), "body", "topping_skus", 0)
}

func TestProductCreateValidation(t *testing.T) {
	api := newAPIClient(t)
	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"missing sku", jsonObj{"name": "N"}, []any{"body", "sku"}},
		{"missing name", jsonObj{"sku": "S"}, []any{"body", "name"}},
		{"blank sku", jsonObj{"sku": " ", "name": "N"}, []any{"body", "sku"}},
		{"negative points", jsonObj{"sku": "S", "name": "N", "points": -1}, []any{"body", "points"}},
		{"points over int32", jsonObj{"sku": "S", "name": "N", "points": 2147483648}, []any{"body", "points"}},
		{"points not an integer", jsonObj{"sku": "S", "name": "N", "points": 1.5}, []any{"body", "points"}},
		{"points a string", jsonObj{"sku": "S", "name": "N", "points": "10"}, []any{"body", "points"}},
		{"negative price", jsonObj{"sku": "S", "name": "N", "price": -0.01}, []any{"body", "price"}},
		{"price too large", jsonObj{"sku": "S", "name": "N", "price": 1e15}, []any{"body", "price"}},
		{"negative validity_days", jsonObj{"sku": "S", "name": "N", "validity_days": -2}, []any{"body", "validity_days"}},
		{"negative max_qty", jsonObj{"sku": "S", "name": "N", "max_qty": -1}, []any{"body", "max_qty"}},
		{"min_qty over max_qty", jsonObj{"sku": "S", "name": "N", "min_qty": 3, "max_qty": 2}, []any{"body", "min_qty"}},
		{"is_active not a boolean", jsonObj{"sku": "S", "name": "N", "is_active": 1}, []any{"body", "is_active"}},
		{"topping_skus not a list", jsonObj{"sku": "S", "name": "N", "topping_skus": "A"}, []any{"body", "topping_skus"}},
		{"malformed JSON", `{"sku": }`, []any{"body"}},
		{"no body", "", []any{"body"}},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPost, "/api/v1/product", api.tok, tt.body), tt.loc...)
		})
	}
}

func TestProductUpdate(t *testing.T) {
	api := newAPIClient(t)
	p := api.product(t, "P1", "Product", jsonObj{"description": "desc", "price": 10, "discount_price": 8, "points": 100})
	api.product(t, "P2", "Other", nil)
	path := "/api/v1/product/" + p["id"].(string)

	var got jsonObj
	api.call(t, http.MethodPatch, path, jsonObj{"points": 120, "description": nil, "discount_price": nil, "is_active": false}, http.StatusOK, &got)
	wantField(t, got, "points", 120)
	wantField(t, got, "description", nil)
	wantField(t, got, "discount_price", nil)
	wantField(t, got, "is_active", false)
	wantField(t, got, "price", 10)       // not sent: kept
	wantField(t, got, "name", "Product") // not sent: kept

	wantDetail(t, api.do(http.MethodPatch, path, api.tok, jsonObj{"sku": "P2"}), http.StatusConflict)
	wantDetail(t, api.do(http.MethodPatch, "/api/v1/product/00000000-0000-0000-0000-000000000000", api.tok, jsonObj{"name": "x"}), http.StatusNotFound)

	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"null sku", jsonObj{"sku": nil}, []any{"body", "sku"}},
		{"null name", jsonObj{"name": nil}, []any{"body", "name"}},
		{"null points", jsonObj{"points": nil}, []any{"body", "points"}},
		{"null is_active", jsonObj{"is_active": nil}, []any{"body", "is_active"}},
		{"null max_qty", jsonObj{"max_qty": nil}, []any{"body", "max_qty"}},
		{"negative points", jsonObj{"points": -5}, []any{"body", "points"}},
		{"price a string", jsonObj{"price": "free"}, []any{"body", "price"}},
		{"negative minimum_purchase", jsonObj{"minimum_purchase": -1}, []any{"body", "minimum_purchase"}},
		{"malformed JSON", `{`, []any{"body"}},
		{"no body", "", []any{"body"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPatch, path, api.tok, tt.body), tt.loc...)
		})
	}
	api.call(t, http.MethodGet, path, nil, http.StatusOK, &got)
	wantField(t, got, "points", 120) // refused updates changed nothing
}

func TestProductList(t *testing.T) {
	api := newAPIClient(t)
	api.product(t, "B", "banana", nil)
	api.product(t, "A", "Apple", nil)
	api.product(t, "C", "cherry", jsonObj{"is_active": false})
	api.product(t, "D", "Dill", jsonObj{"is_addon": true})

	list := decodeList(t, api.call(t, http.MethodGet, "/api/v1/product/all", nil, http.StatusOK, nil))
	if got := pluck(list, "sku"); !reflect.DeepEqual(got, []string{"A", "B", "C", "D"}) {
		t.Errorf("skus = %v, want by name (any case), inactive and add-ons included", got)
	}
	page := decodeList(t, api.call(t, http.MethodGet, "/api/v1/product/all?limit=2&offset=1", nil, http.StatusOK, nil))
	if got := pluck(page, "sku"); !reflect.DeepEqual(got, []string{"B", "C"}) {
		t.Errorf("limit=2&offset=1 = %v", got)
	}
	want422(t, api.do(http.MethodGet, "/api/v1/product/all?offset=-3", api.tok, nil), "query", "offset")

	api.DB.Exec(`INSERT INTO products (sku, name) SELECT 'bulk' || g, 'Bulk ' || g FROM generate_series(1, 1001) g`)
	list = decodeList(t, api.call(t, http.MethodGet, "/api/v1/product/all", nil, http.StatusOK, nil))
	if len(list) != 1000 {
		t.Errorf("default page has %d products, want 1000", len(list))
	}
}
