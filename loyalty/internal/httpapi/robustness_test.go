package httpapi_test

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/testkit"
)

// robustRoute is one route that takes a JSON body, with a body it accepts.
type robustRoute struct {
	method string
	path   func() string
	valid  func() any // a fresh valid body (a map, or an array of maps for redeem/block)
}

// hostileValues are values of every JSON kind that do not fit most fields: wrong types,
// numbers past every integer range, negative and fractional numbers, huge and binary
// strings, impossible dates, unknown enum values, deep nesting.
func hostileValues() map[string]any {
	deep := any("x")
	for i := 0; i < 200; i++ {
		deep = []any{deep}
	}
	rnd := rand.New(rand.NewSource(1))
	long := make([]byte, 20000)
	for i := range long {
		long[i] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[rnd.Intn(62)]
	}
	return map[string]any{
		"null":            nil,
		"true":            true,
		"empty string":    "",
		"blank string":    "   ",
		"text":            "not-a-valid-thing",
		"long string":     string(long),
		"unicode":         "ção 漢字 🎉",
		"zero":            0,
		"negative":        -1,
		"fraction":        1.5,
		"int32+1":         2147483648,
		"11 digits":       99999999999,
		"int64 max":       json.Number("9223372036854775807"),
		"int64+1":         json.Number("9223372036854775808"),
		"1e20":            json.Number("1e20"),
		"-1e20":           json.Number("-1e20"),
		"1e400":           json.Number("1e400"),
		"tiny":            json.Number("1e-400"),
		"rounds to zero":  json.Number("0.0001"),
		"rounds up 8,3":   json.Number("99999.9999"),
		"rounds up 14,2":  json.Number("999999999999.999"),
		"empty array":     []any{},
		"array":           []any{"a", 1},
		"object":          map[string]any{"a": 1},
		"deep":            deep,
		"bad date":        "2024-02-30",
		"bad datetime":    "2024-02-30T10:00:00Z",
		"year 0":          "0000-01-01T00:00:00Z",
		"year 10000":      "10000-01-01T00:00:00Z",
		"far date":        "9999-12-31",
		"late by offset":  "9999-12-31T23:59:59-12:00", // UTC 10000-01-01
		"early by offset": "0000-01-01T00:00:00+14:00", // UTC year -1
		"invalid uuid":    "00000000-0000-0000-0000-00000000000g",
		"nil uuid":        "00000000-0000-0000-0000-000000000000",
		"unknown enum":    "Z",
		"sql":             "'; DROP TABLE customers; --",
		"format string":   "%s%n%x",
		"control":         "a\x01\x7fb",
		"NUL (escaped)":   "a\u0000b",
		"array of nulls":  []any{nil},
		"array of arrays": []any{[]any{"x"}},
	}
}

// TestHostileInputsNeverGive500 sends every hostile value in place of every field of every
// create/update route: the answer is never a 5xx, a 4xx carries the FastAPI error body,
// and a refused request writes nothing.
func TestHostileInputsNeverGive500(t *testing.T) {
	testkit.Slow(t)
	env := newTestEnv(t)
	tok := env.token("admin")
	env.sqlStore("R1", "11222333000181")
	productID := env.sqlProduct("RSKU", 10, 2)
	custID, _ := env.sqlCustomer()
	env.credit(tok, custID, 1000)
	var storeID, promoID string
	env.DB.Raw(`SELECT id FROM stores WHERE store_code = 'R1'`).Scan(&storeID)
	env.DB.Raw(`INSERT INTO promotions (name, start_date, end_date) VALUES ('P', now(), now() + interval '1 day') RETURNING id`).Scan(&promoID)
	gen := env.generate(tok, "quantos clientes temos?")
	var queryID string
	env.DB.Raw(`SELECT id FROM ai_queries ORDER BY created_at DESC LIMIT 1`).Scan(&queryID)
	_ = gen
	mustStatus(t, env.do("POST", "/api/v1/users", tok, map[string]any{"username": "robust", "password": "secret123", "name": "R"}), 201)
	var block struct {
		PointsID string `json:"points_id"`
	}
	res := env.do("POST", "/api/v1/points/redeem/block", tok, []any{map[string]any{"customer_id": custID, "sku": "RSKU", "qty": 1}})
	mustStatus(t, res, 201)
	res.JSON(t, &block)
	var hook struct {
		ID string `json:"id"`
	}
	res = env.do("POST", "/api/v1/webhooks", tok, map[string]any{"url": "https://93.184.216.34/hook"})
	mustStatus(t, res, 201)
	res.JSON(t, &hook)
	now := time.Now().UTC().Format(time.RFC3339)
	// uniq keeps unique columns of successive bodies apart, so a mutation reaches past them.
	n := 0
	uniq := func(prefix string) string { n++; return fmt.Sprintf("%s%d", prefix, n) }

	routes := []robustRoute{
		{"POST", fixed("/api/v1/authorization"), func() any { return map[string]any{"username": "robust", "password": "secret123"} }},
		{"POST", fixed("/api/v1/users"), func() any {
			return map[string]any{"username": uniq("u"), "password": "long enough", "name": "N", "email": "a@b.co", "role": "user"}
		}},
		{"POST", fixed("/api/v1/customer"), func() any {
			return map[string]any{"name": "N", "doc": uniq("77"), "email": "a@b.co", "phone": "1", "gender_identity": "M", "birth_date": "1990-01-31",
				"short_code": "s", "origin": "PDV", "store_code": "R1", "email_optin": true, "whatsapp_optin": true, "sms_optin": true, "app_user": false}
		}},
		{"PATCH", func() string { _, d := env.sqlCustomer(); return "/api/v1/customer/" + d }, func() any {
			return map[string]any{"name": "N", "doc": uniq("66"), "email": "a@b.co", "phone": "1", "birth_date": "1990-01-31", "gender_identity": "F",
				"is_active": true, "points_balance": 0, "last_purchase": now, "store_code": "R1", "store_code_owner": "R1",
				"email_optin": true, "whatsapp_optin": true, "sms_optin": true, "app_user": true}
		}},
		{"POST", fixed("/api/v1/store"), func() any {
			return map[string]any{"store_code": uniq("R"), "name": "N", "document": uniq("22"), "is_active": true, "address": "a", "city": "c", "state": "SP", "phone": "1", "email": "s@b.co"}
		}},
		{"PATCH", fixed("/api/v1/store/" + storeID), func() any {
			return map[string]any{"store_code": "R1", "name": "N", "document": "11222333000181", "is_active": true, "address": "a", "city": "c", "state": "SP", "phone": "1", "email": "s@b.co"}
		}},
		{"POST", fixed("/api/v1/product"), func() any {
			return map[string]any{"sku": uniq("P"), "name": "N", "points": 1, "description": "d", "image_url": "http://x/y.png", "is_active": true, "price": 1.5,
				"discount_price": 1, "validity_days": 2, "minimum_purchase": 1, "has_toppings": false, "is_addon": false, "min_qty": 0, "max_qty": 1, "topping_skus": []any{}}
		}},
		{"PATCH", fixed("/api/v1/product/" + productID), func() any {
			return map[string]any{"sku": "RSKU", "name": "N", "points": 10, "description": "d", "image_url": "http://x/y.png", "is_active": true, "price": 1.5,
				"discount_price": 1, "validity_days": 2, "minimum_purchase": 1, "has_toppings": false, "is_addon": false, "min_qty": 0, "max_qty": 1}
		}},
		{"POST", fixed("/api/v1/promotion"), func() any {
			return map[string]any{"name": "N", "description": "d", "image_url": "u", "start_date": now, "end_date": now, "is_active": true,
				"points_multiplier": 1.5, "bonus_points": 1, "min_purchase": 1, "store_codes": []any{"R1"}}
		}},
		{"PATCH", fixed("/api/v1/promotion/" + promoID), func() any {
			return map[string]any{"name": "N", "description": "d", "image_url": "u", "start_date": now, "end_date": now, "is_active": true,
				"points_multiplier": 1.5, "bonus_points": 1, "min_purchase": 1, "store_codes": []any{"R1"}}
		}},
		{"POST", fixed("/api/v1/points/credit"), func() any {
			return map[string]any{"customer_id": custID, "points": 1, "transaction_date": now, "description": "d", "transaction_identifier": uniq("t"),
				"coupon_identifier": "c", "vendor_document": "v", "store_code": "R1", "transaction_type": "C", "user_at": "u", "redeem_id": productID}
		}},
		{"POST", fixed("/api/v1/points/debit"), func() any {
			return map[string]any{"customer_id": custID, "points": 1, "transaction_date": now, "description": "d", "transaction_identifier": uniq("t"),
				"coupon_identifier": "c", "vendor_document": "v", "store_code": "R1", "transaction_type": "D", "user_at": "u"}
		}},
		{"POST", fixed("/api/v1/transaction"), func() any {
			return map[string]any{"customer_id": custID, "store_code": "R1", "coupon_identifier": uniq("NF"), "transaction_date": now, "value": 10,
				"payment_type": "pix", "payment_type_description": "Pix", "vendor_document": "v", "description": "d", "transaction_identifier": "t",
				"user_at": "u", "data": map[string]any{"k": "v"}}
		}},
		{"POST", func() string {
			// The product PATCH cases above may have left RSKU an add-on, inactive or
			// expensive (those hostile values are valid there): restore the reward first.
			if err := env.DB.Exec(`UPDATE products SET sku = 'RSKU', points = 10, is_active = true, is_addon = false, has_toppings = false WHERE id = ?`, productID).Error; err != nil {
				t.Fatal(err)
			}
			return "/api/v1/points/redeem/block"
		}, func() any {
			return []any{map[string]any{"customer_id": custID, "sku": "RSKU", "qty": 1, "store_code": "R1", "toppings": []any{}}}
		}},
		{"POST", fixed("/api/v1/points/redeem/apply"), func() any {
			return map[string]any{"points_id": block.PointsID, "coupon_identifier": "c", "store_code": "R1"}
		}},
		{"POST", fixed("/api/v1/points/redeem/rollback"), func() any { return map[string]any{"points_id": block.PointsID} }},
		{"POST", fixed("/api/v1/ai/generate-query"), func() any { return map[string]any{"question": "quantos clientes temos?", "report_name": "r"} }},
		{"POST", fixed("/api/v1/ai/execute-query"), func() any { return map[string]any{"query": "SELECT count(*) FROM customers"} }},
		{"PATCH", fixed("/api/v1/ai/queries/" + queryID), func() any { return map[string]any{"user_question": "quantos clientes temos?", "report_name": "r"} }},
		{"POST", fixed("/api/v1/webhooks"), func() any {
			return map[string]any{"url": "https://93.184.216.34/hook", "event_types": []any{"points.credited"}, "description": "d", "is_active": false}
		}},
		{"PATCH", fixed("/api/v1/webhooks/" + hook.ID), func() any {
			return map[string]any{"url": "https://93.184.216.34/other", "event_types": []any{"*"}, "description": "d", "is_active": false, "rotate_secret": false}
		}},
	}

	wholeBodies := map[string]string{
		"empty":          "",
		"null":           "null",
		"string":         `"x"`,
		"number":         "1e999",
		"array":          "[1]",
		"object in list": "[{}]",
		"truncated":      `{"a":`,
		"two values":     `{}{}`,
		"NUL byte":       "{\"a\":\"\x00\"}",
		"invalid utf8":   "{\"name\":\"\xff\xfe\"}",
		"lone surrogate": `{"name":"\ud800","doc":"\udfff"}`,
		"deep":           strings.Repeat("[", 20000) + strings.Repeat("]", 20000),
		"deep object":    strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000),
	}

	for _, r := range routes {
		for name, raw := range wholeBodies {
			res := env.do(r.method, r.path(), tok, raw)
			checkNot5xx(t, r.method+" "+r.path()+" body "+name, res)
		}
		base := r.valid()
		if res := env.do(r.method, r.path(), tok, base); res.Status >= 300 {
			t.Errorf("%s %s: the valid body answers %d %.200s", r.method, r.path(), res.Status, res.Body)
		}
		var fields map[string]any
		switch b := base.(type) {
		case map[string]any:
			fields = b
		case []any:
			fields = b[0].(map[string]any)
		}
		for field := range fields {
			for vname, v := range hostileValues() {
				body := r.valid()
				switch b := body.(type) {
				case map[string]any:
					b[field] = v
				case []any:
					b[0].(map[string]any)[field] = v
				}
				res := env.do(r.method, r.path(), tok, body)
				checkNot5xx(t, r.method+" "+r.path()+" "+field+"="+vname, res)
			}
		}
	}
}

// checkNot5xx fails on a 5xx and checks that a 4xx carries {"detail": ...}.
func checkNot5xx(t *testing.T, what string, res response) {
	t.Helper()
	if res.Status >= 500 {
		t.Errorf("%s: status %d: %.300s", what, res.Status, res.Body)
		return
	}
	if res.Status >= 400 {
		var body map[string]json.RawMessage
		if err := json.Unmarshal(res.Body, &body); err != nil || body["detail"] == nil {
			t.Errorf("%s: %d without a detail body: %.300s", what, res.Status, res.Body)
		}
	}
}

func fixed(path string) func() string { return func() string { return path } }

// TestHostileParametersNeverGive500 sends hostile path segments and query parameters to
// every route: never a 5xx, and a 4xx carries the FastAPI error body.
func TestHostileParametersNeverGive500(t *testing.T) {
	testkit.Slow(t)
	_, appUsers := newFakeAppUsers(t, nil)
	env := newTestEnv(t, withAppUsers(t, appUsers.URL+"/app-users"))
	tok := env.token("admin")
	env.sqlStore("Q1", "11222333000181")
	custID, doc := env.sqlCustomer()
	env.credit(tok, custID, 10)

	long := strings.Repeat("x", 5000)
	pathValues := []string{"x", "%00", "%ff", "%2F", long, "00000000-0000-0000-0000-00000000000g",
		"00000000-0000-0000-0000-000000000000", "99999999999999999999", "-1", "'%20OR%201=1--"}
	queryNames := []string{"limit", "offset", "page", "start_date", "end_date", "timezone", "format", "status", "period",
		"store_document", "search_doc", "search_name", "search_code", "search_document", "store_code_owner_name",
		"coupon_identifier", "customer_id", "report_name", "user_name"}
	queryValues := []string{"", "-1", "0", "1.5", "abc", "99999999999", "2147483648", "9223372036854775807",
		"9223372036854775808", "99999999999999999999999", "184467440737095517", "92233720368547759", "1e3", "2024-02-30", "2024-13-01", "0000-01-01", "9999-12-31",
		"13-2024", "00/2024", "12-0000", "12-99999", "ALL", "Mars/Olympus", "+99:99", "UTC+5", "localtime", "../../etc/passwd",
		"%00", "%ff", long, "'%20OR%201=1--", "%25_%5C"}

	for _, r := range env.Routes {
		if !strings.HasPrefix(r.Path, "/api/v1/") {
			continue
		}
		// The real path with valid parameters, to carry the hostile query parameters.
		valid := strings.NewReplacer("/points/store/redeem-statement", "/points/store/redeem-statement?store_document=ALL&period=01-2025",
			"/coupons/search", "/coupons/search?coupon_identifier=NF", ":customer_id", custID, ":document", doc, ":store_code", "Q1",
			":coupon_identifier", "NF", ":query_id", custID, ":store_id", custID, ":product_id", custID,
			":promotion_id", custID, ":point_id", custID, ":redeem_id", custID).Replace(r.Path)
		for _, name := range queryNames {
			for _, v := range queryValues {
				sep := "?"
				if strings.Contains(valid, "?") {
					sep = "&"
				}
				path := valid + sep + name + "=" + v
				checkNot5xx(t, r.Method+" "+path[:min(len(path), 120)], env.do(r.Method, path, tok, "{}"))
			}
		}
		if !strings.Contains(r.Path, ":") {
			continue
		}
		for _, v := range pathValues {
			path := strings.NewReplacer(":customer_id", v, ":document", v, ":store_code", v, ":coupon_identifier", v,
				":query_id", v, ":store_id", v, ":product_id", v, ":promotion_id", v, ":point_id", v, ":redeem_id", v).Replace(r.Path)
			checkNot5xx(t, r.Method+" "+path[:min(len(path), 120)], env.do(r.Method, path, tok, "{}"))
		}
	}
}

// TestOutOfRangeInputsAre422 pins the inputs that once reached Postgres and failed
// there with a 500: strings too long for a btree index entry, integers past an integer
// column, numbers that round out of a numeric column, path text Postgres cannot store,
// and a page number whose offset overflows. Each is a 422 naming the input, and
// nothing is written.
func TestOutOfRangeInputsAre422(t *testing.T) {
	_, appUsers := newFakeAppUsers(t, nil)
	env := newTestEnv(t, withAppUsers(t, appUsers.URL+"/app-users"))
	tok := env.token("admin")
	env.sqlStore("O1", "11222333000181")
	productID := env.sqlProduct("OSKU", 10, 2)
	_, doc := env.sqlCustomer()
	var storeID, promoID string
	env.DB.Raw(`SELECT id FROM stores WHERE store_code = 'O1'`).Scan(&storeID)
	env.DB.Raw(`INSERT INTO promotions (name, start_date, end_date) VALUES ('P', now(), now() + interval '1 day') RETURNING id`).Scan(&promoID)

	// Random letters do not compress, so an index entry of them exceeds the btree limit.
	rnd := rand.New(rand.NewSource(7))
	longText := make([]byte, 5000)
	for i := range longText {
		longText[i] = byte('a' + rnd.Intn(26))
	}
	long := string(longText)
	now := time.Now().UTC().Format(time.RFC3339)
	promo := func(k string, v any) map[string]any {
		return map[string]any{"name": "P", "start_date": now, "end_date": now, k: v}
	}
	tests := []struct {
		name, method, path string
		body               any
		loc                []any
	}{
		{"user: long username", "POST", "/api/v1/users", map[string]any{"username": long, "password": "long enough", "name": "N"}, []any{"body", "username"}},
		{"customer: long doc", "POST", "/api/v1/customer", map[string]any{"name": "N", "doc": long, "email": "a@b.co", "phone": "1"}, []any{"body", "doc"}},
		{"customer: long name", "POST", "/api/v1/customer", map[string]any{"name": long, "doc": "555", "email": "a@b.co", "phone": "1"}, []any{"body", "name"}},
		{"customer: long store_code", "POST", "/api/v1/customer", map[string]any{"name": "N", "doc": "556", "email": "a@b.co", "phone": "1", "store_code": long}, []any{"body", "store_code"}},
		{"customer patch: long doc", "PATCH", "/api/v1/customer/" + doc, map[string]any{"doc": long}, []any{"body", "doc"}},
		{"customer patch: long name", "PATCH", "/api/v1/customer/" + doc, map[string]any{"name": long}, []any{"body", "name"}},
		{"customer patch: long store_code_owner", "PATCH", "/api/v1/customer/" + doc, map[string]any{"store_code_owner": long}, []any{"body", "store_code_owner"}},
		{"store: long store_code", "POST", "/api/v1/store", map[string]any{"store_code": long, "name": "N", "document": "9"}, []any{"body", "store_code"}},
		{"store: long name", "POST", "/api/v1/store", map[string]any{"store_code": "O9", "name": long, "document": "9"}, []any{"body", "name"}},
		{"store: long document", "POST", "/api/v1/store", map[string]any{"store_code": "O9", "name": "N", "document": long}, []any{"body", "document"}},
		{"store patch: long store_code", "PATCH", "/api/v1/store/" + storeID, map[string]any{"store_code": long}, []any{"body", "store_code"}},
		{"store patch: long name", "PATCH", "/api/v1/store/" + storeID, map[string]any{"name": long}, []any{"body", "name"}},
		{"store patch: long document", "PATCH", "/api/v1/store/" + storeID, map[string]any{"document": long}, []any{"body", "document"}},
		{"product: long sku", "POST", "/api/v1/product", map[string]any{"sku": long, "name": "N"}, []any{"body", "sku"}},
		{"product patch: long sku", "PATCH", "/api/v1/product/" + productID, map[string]any{"sku": long}, []any{"body", "sku"}},
		{"product patch: long topping sku", "PATCH", "/api/v1/product/" + productID, map[string]any{"has_toppings": true, "topping_skus": []any{long}}, []any{"body", "topping_skus", 0}},
		{"promotion: bonus_points past int32", "POST", "/api/v1/promotion", promo("bonus_points", 2147483648), []any{"body", "bonus_points"}},
		{"promotion: bonus_points 11 digits", "POST", "/api/v1/promotion", promo("bonus_points", 99999999999), []any{"body", "bonus_points"}},
		{"promotion: multiplier rounding to 0", "POST", "/api/v1/promotion", promo("points_multiplier", 0.0001), []any{"body", "points_multiplier"}},
		{"promotion: multiplier rounding to 100000", "POST", "/api/v1/promotion", promo("points_multiplier", 99999.9999), []any{"body", "points_multiplier"}},
		{"promotion: min_purchase rounding past numeric(14,2)", "POST", "/api/v1/promotion", promo("min_purchase", 999999999999.999), []any{"body", "min_purchase"}},
		{"promotion patch: bonus_points past int32", "PATCH", "/api/v1/promotion/" + promoID, map[string]any{"bonus_points": 2147483648}, []any{"body", "bonus_points"}},
		{"cancel coupon: NUL in path", "POST", "/api/v1/transaction/cancel/coupon/%00", nil, []any{"path", "coupon_identifier"}},
		{"cancel coupon: invalid UTF-8 in path", "POST", "/api/v1/transaction/cancel/coupon/%ff", nil, []any{"path", "coupon_identifier"}},
		{"cancel coupon: NUL customer_id", "POST", "/api/v1/transaction/cancel/coupon/NF?customer_id=%00", nil, []any{"query", "customer_id"}},
		{"redeem statement: page overflowing the offset", "GET", "/api/v1/points/store/redeem-statement?store_document=ALL&period=01-2025&page=184467440737095517", nil, []any{"query", "page"}},
	}
	count := func() (n int64) {
		env.DB.Raw(`SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM customers) + (SELECT count(*) FROM stores)
			+ (SELECT count(*) FROM products) + (SELECT count(*) FROM promotions) + (SELECT count(*) FROM points_entries)`).Scan(&n)
		return n
	}
	before := count()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want422(t, env.do(tt.method, tt.path, tok, tt.body), tt.loc...)
		})
	}
	if after := count(); after != before {
		t.Errorf("refused requests wrote %d rows", after-before)
	}
}

// TestBalanceOverflowIs409 brings a balance next to the bigint maximum (sales at the top
// value and promotion multiplier reach it in about a hundred requests): one more credit or
// sale is a 409 that writes nothing, not a 500 from the database's overflow.
func TestBalanceOverflowIs409(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	env.sqlStore("B1", "11222333000181")
	cust, _ := env.sqlCustomer()
	const near = int64(9223372036854775000)
	if err := env.DB.Exec(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date) VALUES (?, 'C', ?, now())`, cust, near).Error; err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Format(time.RFC3339)
	for _, tt := range []struct {
		path string
		body map[string]any
	}{
		{"/api/v1/points/credit", map[string]any{"customer_id": cust, "points": 1000, "description": "d", "transaction_date": now}},
		{"/api/v1/transaction", map[string]any{"customer_id": cust, "store_code": "B1", "coupon_identifier": "NF-1", "transaction_date": now, "value": 1000}},
	} {
		wantDetail(t, env.do("POST", tt.path, tok, tt.body), 409)
	}
	var coupons int64
	env.DB.Raw(`SELECT count(*) FROM coupons WHERE customer_id = ?`, cust).Scan(&coupons)
	if b := env.sqlBalance(cust); b != near || coupons != 0 {
		t.Fatalf("balance %d, coupons %d after refused requests; want %d and 0", b, coupons, near)
	}
}
