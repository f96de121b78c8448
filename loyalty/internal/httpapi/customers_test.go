package httpapi_test

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

func TestCustomerCreate(t *testing.T) {
	api := newAPIClient(t)
	api.sqlStore("SP01", "12345678000195", cols{"name": "Loja Paulista"})

	t.Run("minimal body: defaults applied, rewards and promotion null", func(t *testing.T) {
		c := api.create(t, "/api/v1/customer", jsonObj{"name": "Ana Lima", "doc": "123.456.789-09", "email": " Ana@Example.com ", "phone": "11999990000"})
		want := jsonObj{
			"name": "Ana Lima", "doc": "12345678909", "email": "ana@example.com", "phone": "11999990000",
			"gender_identity": nil, "short_code": nil, "birth_date": nil, "points_balance": 0, "last_purchase": nil,
			"is_active": true, "origin": "PDV", "store_code": nil, "store_code_owner": nil, "store_name": nil,
			"store_code_owner_name": nil, "email_optin": true, "whatsapp_optin": true, "sms_optin": true, "app_user": nil,
			"rewards": nil, "promotion": nil,
		}
		for k, v := range want {
			wantField(t, c, k, v)
		}
		if _, err := uuid.Parse(c["id"].(string)); err != nil {
			t.Errorf("id %v is not a uuid", c["id"])
		}
		parseTime(t, c["created_at"])
		parseTime(t, c["updated_at"])
	})

	t.Run("every field sent is kept; store names resolved", func(t *testing.T) {
		c := api.create(t, "/api/v1/customer", jsonObj{
			"name": "Bruno", "doc": "98765432100", "email": "bruno@example.com", "phone": "21988887777",
			"gender_identity": "M", "birth_date": "1990-05-17", "short_code": "BR1", "origin": "ECOMMERCE", "store_code": "SP01",
			"email_optin": false, "whatsapp_optin": false, "sms_optin": false, "app_user": true,
		})
		want := jsonObj{
			"gender_identity": "M", "birth_date": "1990-05-17", "short_code": "BR1", "origin": "ECOMMERCE",
			"store_code": "SP01", "store_code_owner": "SP01", "store_name": "Loja Paulista", "store_code_owner_name": "Loja Paulista",
			"email_optin": false, "whatsapp_optin": false, "sms_optin": false, "app_user": true,
		}
		for k, v := range want {
			wantField(t, c, k, v)
		}
	})

	t.Run("a store code with no store is kept, its name null", func(t *testing.T) {
		c := api.create(t, "/api/v1/customer", jsonObj{"name": "Caio", "doc": "11122233344", "email": "caio@example.com", "phone": "1", "store_code": "XX99"})
		wantField(t, c, "store_code", "XX99")
		wantField(t, c, "store_name", nil)
	})

	t.Run("every origin value is accepted", func(t *testing.T) {
		for i, origin := range []string{"PDV", "ECOMMERCE", "BACKOFFICE", "APP", "TOTEM"} {
			c := api.create(t, "/api/v1/customer", jsonObj{"name": "Origin " + origin, "doc": "5550000000" + string(rune('0'+i)), "email": "o@example.com", "phone": "1", "origin": origin})
			wantField(t, c, "origin", origin)
		}
	})

	t.Run("duplicate doc, however formatted, is 409; emails may repeat", func(t *testing.T) {
		res := api.do(http.MethodPost, "/api/v1/customer", api.tok, jsonObj{"name": "Again", "doc": "12345678909", "email": "x@example.com", "phone": "1"})
		wantDetail(t, res, http.StatusConflict)
		res = api.do(http.MethodPost, "/api/v1/customer", api.tok, jsonObj{"name": "Again", "doc": "123 456 789 09", "email": "x@example.com", "phone": "1"})
		wantDetail(t, res, http.StatusConflict)
		api.create(t, "/api/v1/customer", jsonObj{"name": "Same email", "doc": "22233344455", "email": "ana@example.com", "phone": "1"})
	})

	future := time.Now().AddDate(0, 0, 2).Format("2006-01-02")
	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"missing name", jsonObj{"doc": "1", "email": "a@b.co", "phone": "1"}, []any{"body", "name"}},
		{"missing doc", jsonObj{"name": "N", "email": "a@b.co", "phone": "1"}, []any{"body", "doc"}},
		{"missing email", jsonObj{"name": "N", "doc": "1", "phone": "1"}, []any{"body", "email"}},
		{"missing phone", jsonObj{"name": "N", "doc": "1", "email": "a@b.co"}, []any{"body", "phone"}},
		{"blank name", jsonObj{"name": "  ", "doc": "1", "email": "a@b.co", "phone": "1"}, []any{"body", "name"}},
		{"blank doc", jsonObj{"name": "N", "doc": " ", "email": "a@b.co", "phone": "1"}, []any{"body", "doc"}},
		{"gender outside M/F/X", jsonObj{"name": "N", "doc": "1", "email": "a@b.co", "phone": "1", "gender_identity": "Z"}, []any{"body", "gender_identity"}},
		{"unknown origin", jsonObj{"name": "N", "doc": "1", "email": "a@b.co", "phone": "1", "origin": "WEB"}, []any{"body", "origin"}},
		{"origin in lower case", jsonObj{"name": "N", "doc": "1", "email": "a@b.co", "phone": "1", "origin": "pdv"}, []any{"body", "origin"}},
		{"malformed birth_date", jsonObj{"name": "N", "doc": "1", "email": "a@b.co", "phone": "1", "birth_date": "17/05/1990"}, []any{"body", "birth_date"}},
		{"impossible birth_date", jsonObj{"name": "N", "doc": "1", "email": "a@b.co", "phone": "1", "birth_date": "1990-02-30"}, []any{"body", "birth_date"}},
		{"birth_date in the future", jsonObj{"name": "N", "doc": "1", "email": "a@b.co", "phone": "1", "birth_date": future}, []any{"body", "birth_date"}},
		{"invalid email", jsonObj{"name": "N", "doc": "1", "email": "not-an-email", "phone": "1"}, []any{"body", "email"}},
		{"email_optin not a boolean", jsonObj{"name": "N", "doc": "1", "email": "a@b.co", "phone": "1", "email_optin": "yes"}, []any{"body", "email_optin"}},
		{"doc not a string", jsonObj{"name": "N", "doc": 12345678909, "email": "a@b.co", "phone": "1"}, []any{"body", "doc"}},
		{"malformed JSON", `{"name": "N", "doc"`, []any{"body"}},
		{"no body", "", []any{"body"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPost, "/api/v1/customer", api.tok, tt.body), tt.loc...)
		})
	}
	var n int64
	api.DB.Raw(`SELECT count(*) FROM customers WHERE doc = '1'`).Scan(&n)
	if n != 0 {
		t.Error("a refused customer was stored")
	}
}

func TestCustomerGetWithRewardsAndPromotions(t *testing.T) {
	api := newAPIClient(t)
	api.sqlStore("SP01", "12345678000195", cols{"name": "Loja Paulista"})
	api.sqlStore("RJ01", "22345678000195", cols{"name": "Loja Rio"})
	ana, _ := api.sqlCustomer(cols{"doc": "12345678909", "name": "Ana"})
	other, _ := api.sqlCustomer(cols{"doc": "98765432100", "name": "Other"})

	milk := api.product(t, "ADD-MILK", "Milk", jsonObj{"is_addon": true, "points": 5})
	api.product(t, "ADD-OLD", "Old add-on", jsonObj{"is_addon": true, "is_active": false})
	coffee := api.product(t, "COFFEE", "Coffee", jsonObj{"points": 100, "has_toppings": true, "topping_skus": []string{"ADD-MILK", "ADD-OLD"},
		"price": 12.5, "minimum_purchase": 20, "max_qty": 2})
	cookie := api.product(t, "COOKIE", "Cookie", jsonObj{"points": 50, "price": nil})
	api.product(t, "GONE", "Retired", jsonObj{"points": 10, "is_active": false})

	// Ana's pending block: 2 coffees, one with milk. A cancelled block and another
	// customer's pending block must not count.
	api.sqlRedeem(ana, "pending", redeemLine{productID: coffee["id"].(string), qty: 2, toppings: map[string]int{milk["id"].(string): 1}})
	api.sqlRedeem(ana, "cancelled", redeemLine{productID: cookie["id"].(string), qty: 1})
	api.sqlRedeem(ana, "applied", redeemLine{productID: cookie["id"].(string), qty: 1})
	api.sqlRedeem(other, "pending", redeemLine{productID: cookie["id"].(string), qty: 3})

	now := time.Now().UTC()
	promo := func(name string, start, end time.Time, extra jsonObj) {
		body := jsonObj{"name": name, "start_date": start.Format(time.RFC3339), "end_date": end.Format(time.RFC3339)}
		for k, v := range extra {
			body[k] = v
		}
		api.create(t, "/api/v1/promotion", body)
	}
	promo("Running", now.Add(-time.Hour), now.Add(time.Hour), nil)
	promo("Running in SP", now.Add(-time.Hour), now.Add(time.Hour), jsonObj{"store_codes": []string{"SP01"}})
	promo("Past", now.Add(-48*time.Hour), now.Add(-24*time.Hour), nil)
	promo("Future", now.Add(24*time.Hour), now.Add(48*time.Hour), nil)
	promo("Switched off", now.Add(-time.Hour), now.Add(time.Hour), jsonObj{"is_active": false})

	var c struct {
		Doc     string `json:"doc"`
		Rewards []struct {
			SKU             string  `json:"sku"`
			Points          int     `json:"points"`
			Price           float64 `json:"price"`
			MinimumPurchase float64 `json:"minimum_purchase"`
			DiscountPrice   float64 `json:"discount_price"`
			MaxQty          int     `json:"max_qty"`
			IsRedeemed      bool    `json:"is_redeemed"`
			RedeemedQty     int     `json:"redeemed_qty"`
			Toppings        []struct {
				SKU         string `json:"sku"`
				Points      int    `json:"points"`
				IsRedeemed  bool   `json:"is_redeemed"`
				RedeemedQty int    `json:"redeemed_qty"`
			} `json:"toppings"`
		} `json:"rewards"`
		Promotion []struct {
			Name string `json:"name"`
		} `json:"promotion"`
	}
	api.call(t, http.MethodGet, "/api/v1/customer/123.456.789-09", nil, http.StatusOK, &c)
	if c.Doc != "12345678909" {
		t.Fatalf("doc = %q", c.Doc)
	}
	if len(c.Rewards) != 2 || c.Rewards[0].SKU != "COOKIE" || c.Rewards[1].SKU != "COFFEE" {
		t.Fatalf("rewards = %+v, want COOKIE then COFFEE (active, not add-ons, cheapest first)", c.Rewards)
	}
	cookieR, coffeeR := c.Rewards[0], c.Rewards[1]
	if cookieR.IsRedeemed || cookieR.RedeemedQty != 0 || cookieR.Price != 0 || len(cookieR.Toppings) != 0 {
		t.Errorf("cookie = %+v, want not redeemed (only cancelled/applied/others' blocks), price 0, no toppings", cookieR)
	}
	if !coffeeR.IsRedeemed || coffeeR.RedeemedQty != 2 || coffeeR.Points != 100 || coffeeR.Price != 12.5 ||
		coffeeR.MinimumPurchase != 20 || coffeeR.DiscountPrice != 0 || coffeeR.MaxQty != 2 {
		t.Errorf("coffee = %+v, want redeemed 2, points 100, price 12.5, minimum_purchase 20, discount_price 0", coffeeR)
	}
	if len(coffeeR.Toppings) != 1 || coffeeR.Toppings[0].SKU != "ADD-MILK" || !coffeeR.Toppings[0].IsRedeemed ||
		coffeeR.Toppings[0].RedeemedQty != 1 || coffeeR.Toppings[0].Points != 5 {
		t.Errorf("coffee toppings = %+v, want only the active ADD-MILK, redeemed 1", coffeeR.Toppings)
	}
	names := []string{}
	for _, p := range c.Promotion {
		names = append(names, p.Name)
	}
	if !reflect.DeepEqual(names, []string{"Running", "Running in SP"}) {
		t.Errorf("promotion = %v, want the two running now", names)
	}

	t.Run("another customer sees their own pending state", func(t *testing.T) {
		api.call(t, http.MethodGet, "/api/v1/customer/98765432100", nil, http.StatusOK, &c)
		if c.Rewards[0].SKU != "COOKIE" || c.Rewards[0].RedeemedQty != 3 || c.Rewards[1].IsRedeemed {
			t.Errorf("rewards = %+v", c.Rewards)
		}
	})

	t.Run("at a store: promotions of that store, store checked", func(t *testing.T) {
		api.call(t, http.MethodGet, "/api/v1/customer/12345678909/store/RJ01", nil, http.StatusOK, &c)
		names := []string{}
		for _, p := range c.Promotion {
			names = append(names, p.Name)
		}
		if !reflect.DeepEqual(names, []string{"Running"}) || len(c.Rewards) != 2 {
			t.Errorf("at RJ01: promotions %v (want only Running), %d rewards", names, len(c.Rewards))
		}
		api.call(t, http.MethodGet, "/api/v1/customer/12345678909/store/SP01", nil, http.StatusOK, &c)
		if len(c.Promotion) != 2 {
			t.Errorf("at SP01: %d promotions, want 2", len(c.Promotion))
		}

		wantDetail(t, api.do(http.MethodGet, "/api/v1/customer/12345678909/store/NOPE", api.tok, nil), http.StatusNotFound)
		wantDetail(t, api.do(http.MethodGet, "/api/v1/customer/00000000000/store/SP01", api.tok, nil), http.StatusNotFound)
		var rj jsonObj
		api.call(t, http.MethodGet, "/api/v1/store/code/RJ01", nil, http.StatusOK, &rj)
		api.call(t, http.MethodDelete, "/api/v1/store/"+rj["id"].(string), nil, http.StatusOK, nil)
		msg := wantDetail(t, api.do(http.MethodGet, "/api/v1/customer/12345678909/store/RJ01", api.tok, nil), http.StatusNotFound)
		if !strings.Contains(msg, "inactive") {
			t.Errorf("message %q does not say the store is inactive", msg)
		}
	})

	t.Run("unknown document is 404", func(t *testing.T) {
		wantDetail(t, api.do(http.MethodGet, "/api/v1/customer/00000000000", api.tok, nil), http.StatusNotFound)
	})

	t.Run("no catalogue: empty arrays, not null", func(t *testing.T) {
		api.DB.Exec(`DELETE FROM redeem_items; DELETE FROM redeems; UPDATE products SET is_active = false; UPDATE promotions SET is_active = false`)
		var raw jsonObj
		api.call(t, http.MethodGet, "/api/v1/customer/12345678909", nil, http.StatusOK, &raw)
		wantField(t, raw, "rewards", []any{})
		wantField(t, raw, "promotion", []any{})
	})
}

func TestCustomerUpdate(t *testing.T) {
	api := newAPIClient(t)
	api.sqlStore("SP01", "12345678000195", cols{"name": "Loja Paulista"})
	api.sqlCustomer(cols{"doc": "12345678909", "name": "Ana", "gender_identity": "F", "birth_date": "1990-01-01", "app_user": true})
	api.sqlCustomer(cols{"doc": "98765432100", "name": "Bruno"})
	// The ledger owns the balance: give Ana 70 points through an entry.
	if err := api.DB.Exec(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date)
		SELECT id, 'C', 70, now() FROM customers WHERE doc = '12345678909'`).Error; err != nil {
		t.Fatal(err)
	}
	path := "/api/v1/customer/12345678909"

	var got jsonObj
	api.call(t, http.MethodPatch, path, jsonObj{
		"name": "Ana Maria", "gender_identity": nil, "app_user": nil, "sms_optin": false, "store_code_owner": "SP01",
		"last_purchase": "2025-03-01T10:00:00-03:00", "points_balance": 70,
	}, http.StatusOK, &got)
	want := jsonObj{
		"name": "Ana Maria", "gender_identity": nil, "app_user": nil, "sms_optin": false, "store_code_owner": "SP01",
		"store_code_owner_name": "Loja Paulista", "points_balance": 70,
		"birth_date": "1990-01-01", "email": "ana@example.com", "email_optin": true, // not sent: kept
	}
	for k, v := range want {
		wantField(t, got, k, v)
	}
	if lp := parseTime(t, got["last_purchase"]); !lp.Equal(time.Date(2025, 3, 1, 13, 0, 0, 0, time.UTC)) {
		t.Errorf("last_purchase = %v", lp)
	}

	t.Run("no body changes nothing", func(t *testing.T) {
		var again jsonObj
		api.call(t, http.MethodPatch, path, nil, http.StatusOK, &again)
		wantField(t, again, "name", "Ana Maria")
	})

	t.Run("is_active can be switched off", func(t *testing.T) {
		api.call(t, http.MethodPatch, path, jsonObj{"is_active": false}, http.StatusOK, &got)
		wantField(t, got, "is_active", false)
	})

	t.Run("doc change moves the customer", func(t *testing.T) {
		api.call(t, http.MethodPatch, path, jsonObj{"doc": "111.222.333-44"}, http.StatusOK, &got)
		wantField(t, got, "doc", "11122233344")
		wantDetail(t, api.do(http.MethodGet, path, api.tok, nil), http.StatusNotFound)
		api.call(t, http.MethodGet, "/api/v1/customer/11122233344", nil, http.StatusOK, nil)
		wantDetail(t, api.do(http.MethodPatch, "/api/v1/customer/11122233344", api.tok, jsonObj{"doc": "98765432100"}), http.StatusConflict)
	})

	wantDetail(t, api.do(http.MethodPatch, "/api/v1/customer/00000000000", api.tok, jsonObj{"name": "x"}), http.StatusNotFound)

	p := "/api/v1/customer/11122233344"
	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"points_balance differs from the ledger", jsonObj{"points_balance": 1000}, []any{"body", "points_balance"}},
		{"null points_balance", jsonObj{"points_balance": nil}, []any{"body", "points_balance"}},
		{"null name", jsonObj{"name": nil}, []any{"body", "name"}},
		{"null doc", jsonObj{"doc": nil}, []any{"body", "doc"}},
		{"null email", jsonObj{"email": nil}, []any{"body", "email"}},
		{"null phone", jsonObj{"phone": nil}, []any{"body", "phone"}},
		{"null is_active", jsonObj{"is_active": nil}, []any{"body", "is_active"}},
		{"null email_optin", jsonObj{"email_optin": nil}, []any{"body", "email_optin"}},
		{"empty name", jsonObj{"name": ""}, []any{"body", "name"}},
		{"bad gender", jsonObj{"gender_identity": "male"}, []any{"body", "gender_identity"}},
		{"bad email", jsonObj{"email": "a@"}, []any{"body", "email"}},
		{"malformed birth_date", jsonObj{"birth_date": "1990-1-1"}, []any{"body", "birth_date"}},
		{"malformed last_purchase", jsonObj{"last_purchase": "yesterday"}, []any{"body", "last_purchase"}},
		{"is_active not a boolean", jsonObj{"is_active": "false"}, []any{"body", "is_active"}},
		{"points_balance not a number", jsonObj{"points_balance": "70"}, []any{"body", "points_balance"}},
		{"malformed JSON", `{"name": "x",}`, []any{"body"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPatch, p, api.tok, tt.body), tt.loc...)
		})
	}
	var balance int64
	api.DB.Raw(`SELECT points_balance FROM customers WHERE doc = '11122233344'`).Scan(&balance)
	if balance != 70 {
		t.Errorf("points_balance = %d, want 70 untouched", balance)
	}
}

func TestCustomerListings(t *testing.T) {
	api := newAPIClient(t)
	api.sqlStore("SP01", "12345678000195", cols{"name": "Loja Paulista"})
	api.sqlStore("RJ01", "22345678000195", cols{"name": "Loja Rio"})
	utc := func(s string) time.Time {
		ts, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return ts
	}
	// São Paulo is UTC-3: 2025-03-01T02:00Z is still 28 February there.
	api.sqlCustomer(cols{"doc": "10000000001", "name": "Ana Souza", "created_at": utc("2025-03-01T02:00:00Z"), "store_code_owner": "SP01"})
	api.sqlCustomer(cols{"doc": "10000000002", "name": "Bruno Souza", "created_at": utc("2025-03-01T12:00:00Z"), "store_code_owner": "RJ01"})
	api.sqlCustomer(cols{"doc": "10000000003", "name": "Carla Dias", "created_at": utc("2025-03-15T12:00:00Z"), "store_code_owner": "SP01"})
	api.sqlCustomer(cols{"doc": "10000000004", "name": "Daniel Souza", "created_at": utc("2025-04-01T02:59:00Z"), "store_code_owner": "SP01"}) // 31 March 23:59 in SP
	api.sqlCustomer(cols{"doc": "20000000005", "name": "Eva Lima", "created_at": utc("2025-04-01T03:00:00Z"), "store_code_owner": nil})        // 1 April 00:00 in SP
	for i := 0; i < 8; i++ {
		api.sqlCustomer(cols{"doc": "3000000000" + string(rune('0'+i)), "name": "Bulk Person", "created_at": utc("2025-01-01T12:00:00Z").Add(time.Duration(i) * time.Minute), "store_code_owner": nil})
	}

	t.Run("customers: newest first, default limit 10, rewards null", func(t *testing.T) {
		list := decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers", nil, http.StatusOK, nil))
		if len(list) != 10 {
			t.Fatalf("default page has %d customers, want 10", len(list))
		}
		wantFirst := []string{"20000000005", "10000000004", "10000000003", "10000000002", "10000000001", "30000000007"}
		if got := pluck(list, "doc")[:6]; !reflect.DeepEqual(got, wantFirst) {
			t.Errorf("first docs = %v, want %v", got, wantFirst)
		}
		for _, c := range list {
			if c["rewards"] != nil || c["promotion"] != nil {
				t.Fatalf("listing carries rewards/promotion: %v", c)
			}
		}
		if list[4]["store_code_owner_name"] != "Loja Paulista" {
			t.Errorf("store_code_owner_name = %v", list[4]["store_code_owner_name"])
		}
		rest := decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers?offset=10&limit=5", nil, http.StatusOK, nil))
		if got := pluck(rest, "doc"); !reflect.DeepEqual(got, []string{"30000000002", "30000000001", "30000000000"}) {
			t.Errorf("offset=10 = %v", got)
		}
	})

	search := []struct {
		query string
		want  []string
	}{
		{"search_name=souza", []string{"10000000001", "10000000002", "10000000004"}}, // by name, any case, anywhere
		{"search_name=SOUZA&search_doc=1000000000", []string{"10000000001", "10000000002", "10000000004"}},
		{"search_doc=10000000003", []string{"10000000003"}},    // exact document
		{"search_doc=100.000.000-03", []string{"10000000003"}}, // formatted
		{"search_doc=2", []string{"20000000005"}},              // prefix
		{"search_doc=0000", []string{}},                        // prefix, not anywhere
		{"search_name=souza&limit=1&offset=1", []string{"10000000002"}},
		{"search_name=%25", []string{}}, // % is literal
	}
	for _, tt := range search {
		t.Run("search "+tt.query, func(t *testing.T) {
			got := pluck(decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers/search?"+tt.query, nil, http.StatusOK, nil)), "doc")
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}

	t.Run("search default limit is 100", func(t *testing.T) {
		api.DB.Exec(`INSERT INTO customers (name, doc, email, phone) SELECT 'Many', 'm' || g, 'e@example.com', '1' FROM generate_series(1, 100) g`)
		list := decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers/search", nil, http.StatusOK, nil))
		if len(list) != 100 {
			t.Errorf("default search page has %d customers, want 100", len(list))
		}
		api.DB.Exec(`DELETE FROM customers WHERE name = 'Many'`)
	})

	filtered := []struct {
		query string
		want  []string
	}{
		{"start_date=2025-03-01&end_date=2025-03-31", []string{"10000000004", "10000000003", "10000000002"}}, // São Paulo days, inclusive
		{"start_date=2025-03-01&end_date=2025-03-31&timezone=UTC", []string{"10000000003", "10000000002", "10000000001"}},
		{"start_date=2025-04-01", []string{"20000000005"}},
		{"end_date=2025-02-28&search_name=a", []string{"10000000001"}},
		{"store_code_owner_name=Loja%20Paulista", []string{"10000000004", "10000000003", "10000000001"}},
		{"store_code_owner_name=loja%20paulista&search_doc=1000000000", []string{"10000000004", "10000000003", "10000000001"}},
		{"store_code_owner_name=Loja", []string{}}, // exact, not partial
		{"search_name=souza&start_date=2025-03-01", []string{"10000000004", "10000000002"}},
		{"search_name=souza&limit=1&offset=1", []string{"10000000002"}},
	}
	for _, tt := range filtered {
		t.Run("list "+tt.query, func(t *testing.T) {
			got := pluck(decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers/list?"+tt.query, nil, http.StatusOK, nil)), "doc")
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	t.Run("list default limit is 10", func(t *testing.T) {
		if n := len(decodeList(t, api.call(t, http.MethodGet, "/api/v1/customers/list", nil, http.StatusOK, nil))); n != 10 {
			t.Errorf("%d customers, want 10", n)
		}
	})

	badQueries := []struct {
		path  string
		param string
	}{
		{"/api/v1/customers/list?start_date=01-03-2025", "start_date"},
		{"/api/v1/customers/list?end_date=2025-02-30", "end_date"},
		{"/api/v1/customers/list?start_date=2025-03-02&end_date=2025-03-01", "end_date"},
		{"/api/v1/customers/list?timezone=Mars/Olympus", "timezone"},
		{"/api/v1/customers/list?limit=-1", "limit"},
		{"/api/v1/customers/search?offset=x", "offset"},
		{"/api/v1/customers?limit=1.5", "limit"},
	}
	for _, tt := range badQueries {
		t.Run("422 "+tt.path, func(t *testing.T) {
			want422(t, api.do(http.MethodGet, tt.path, api.tok, nil), "query", tt.param)
		})
	}
}

// TestTextPostgresCannotStoreIs422 sends NUL characters and invalid UTF-8, which
// Postgres text refuses, through bodies, query strings and paths: each is a 422 naming
// the input, never a 500.
func TestTextPostgresCannotStoreIs422(t *testing.T) {
	api := newAPIClient(t)
	cases := []struct {
		method, path string
		body         any
		loc          []any
	}{
		{http.MethodPost, "/api/v1/customer", `{"name":"a\u0000b","doc":"5","email":"a@b.co","phone":"1"}`, []any{"body"}},
		{http.MethodPost, "/api/v1/store", `{"store_code":"\u0000","name":"x","document":"1"}`, []any{"body"}},
		{http.MethodGet, "/api/v1/customers/search?search_name=%00", nil, []any{"query", "search_name"}},
		{http.MethodGet, "/api/v1/customers/search?search_doc=%ff", nil, []any{"query", "search_doc"}},
		{http.MethodGet, "/api/v1/customers/list?store_code_owner_name=%00", nil, []any{"query", "store_code_owner_name"}},
		{http.MethodGet, "/api/v1/stores/search?search_code=%ff", nil, []any{"query", "search_code"}},
		{http.MethodGet, "/api/v1/customer/%ff", nil, []any{"path", "document"}},
		{http.MethodGet, "/api/v1/customer/%00", nil, []any{"path", "document"}},
		{http.MethodPatch, "/api/v1/customer/%00", `{}`, []any{"path", "document"}},
		{http.MethodGet, "/api/v1/customer/1/store/%ff", nil, []any{"path", "store_code"}},
		{http.MethodGet, "/api/v1/store/code/%00", nil, []any{"path", "store_code"}},
		{http.MethodGet, "/api/v1/store/document/%ff", nil, []any{"path", "document"}},
	}
	for _, tt := range cases {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			want422(t, api.do(tt.method, tt.path, api.tok, tt.body), tt.loc...)
		})
	}
	t.Run("authorization form", func(t *testing.T) {
		res := postForm(t, api.testEnv, "/api/v1/authorization", map[string][]string{"username": {"a\x00"}, "password": {"x"}})
		want422(t, res, "body", "username")
	})
}
