package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
)

// The rule these tests enforce (README, "Stored values"): a 5xx never follows a committed
// write, and no stored row can make a read or a list fail. Values that could poison a
// read are refused with a 422 before anything is written; the database refuses them too.

// fingerprint returns a checksum of every table of the loyalty schema: two equal
// fingerprints mean nothing was written in between.
func (e *testEnv) fingerprint() map[string]string {
	e.t.Helper()
	var tables []string
	if err := e.DB.Raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'loyalty' AND tablename NOT LIKE 'goose%' ORDER BY 1`).Scan(&tables).Error; err != nil {
		e.t.Fatal(err)
	}
	out := map[string]string{}
	for _, tbl := range tables {
		var sum string
		q := `SELECT md5(COALESCE(string_agg(t::text, E'\n' ORDER BY t::text), '')) FROM loyalty.` + pgx.Identifier{tbl}.Sanitize() + ` t`
		if err := e.DB.Raw(q).Scan(&sum).Error; err != nil {
			e.t.Fatalf("checksum of %s: %v", tbl, err)
		}
		out[tbl] = sum
	}
	return out
}

// TestOutOfRangeValuesAreRefusedBeforeAnyWrite sends, to every write route, each date or
// date-time field and each integer feeding date arithmetic with a value outside its
// range: the answer is a 422 naming the field, and the database is unchanged. (These
// values used to be stored, answer 500 after the commit, and break every later read.)
func TestOutOfRangeValuesAreRefusedBeforeAnyWrite(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("admin")
	env.sqlStore("V1", "11222333000181")
	cust, doc := env.sqlCustomer()
	env.credit(tok, cust, 100)
	productID := env.sqlProduct("VSKU", 10, 2)
	var promoID string
	env.DB.Raw(`INSERT INTO promotions (name, start_date, end_date) VALUES ('P', now(), now() + interval '1 day') RETURNING id`).Scan(&promoID)
	now := time.Now().UTC().Format(time.RFC3339)

	type tcase struct {
		name, method, path string
		body               map[string]any
		loc                []any
	}
	var cases []tcase
	add := func(name, method, path string, body map[string]any, loc ...any) {
		cases = append(cases, tcase{name, method, path, body, loc})
	}
	n := 0
	for _, v := range []string{
		"9999-12-31T23:59:59-12:00", // UTC 10000-01-01: breaks Go's JSON encoding
		"0000-01-01T00:00:00+14:00", // UTC year -1
		"9999-01-01T00:00:00Z",      // first instant past the range
		"1899-12-31T23:59:59Z",      // last instant before it
		"9999-12-31T23:59:59Z",
	} {
		n++
		add("credit transaction_date "+v, "POST", "/api/v1/points/credit",
			map[string]any{"customer_id": cust, "points": 1, "description": "d", "transaction_date": v}, "body", "transaction_date")
		add("debit transaction_date "+v, "POST", "/api/v1/points/debit",
			map[string]any{"customer_id": cust, "points": 1, "description": "d", "transaction_date": v}, "body", "transaction_date")
		add("sale transaction_date "+v, "POST", "/api/v1/transaction",
			map[string]any{"customer_id": cust, "store_code": "V1", "coupon_identifier": fmt.Sprintf("NF-%d", n), "transaction_date": v, "value": 10}, "body", "transaction_date")
		add("customer last_purchase "+v, "PATCH", "/api/v1/customer/"+doc, map[string]any{"last_purchase": v}, "body", "last_purchase")
		add("promotion start_date "+v, "POST", "/api/v1/promotion", map[string]any{"name": "P", "start_date": v, "end_date": now}, "body", "start_date")
		add("promotion end_date "+v, "POST", "/api/v1/promotion", map[string]any{"name": "P", "start_date": now, "end_date": v}, "body", "end_date")
		add("promotion patch start_date "+v, "PATCH", "/api/v1/promotion/"+promoID, map[string]any{"start_date": v}, "body", "start_date")
		add("promotion patch end_date "+v, "PATCH", "/api/v1/promotion/"+promoID, map[string]any{"end_date": v}, "body", "end_date")
	}
	for _, v := range []string{"0000-01-01", "1899-12-31", "9999-12-31"} {
		add("customer birth_date "+v, "POST", "/api/v1/customer",
			map[string]any{"name": "N", "doc": "123" + v[:4], "email": "n@example.com", "phone": "1", "birth_date": v}, "body", "birth_date")
		add("customer patch birth_date "+v, "PATCH", "/api/v1/customer/"+doc, map[string]any{"birth_date": v}, "body", "birth_date")
	}
	for _, v := range []int64{3651, 5_000_000, 2147483647} {
		add(fmt.Sprintf("product validity_days %d", v), "POST", "/api/v1/product",
			map[string]any{"sku": fmt.Sprintf("V%d", v), "name": "N", "validity_days": v}, "body", "validity_days")
		add(fmt.Sprintf("product patch validity_days %d", v), "PATCH", "/api/v1/product/"+productID,
			map[string]any{"validity_days": v}, "body", "validity_days")
	}
	// Other integers with a bound, on the ledger routes.
	add("credit points past 10^9", "POST", "/api/v1/points/credit",
		map[string]any{"customer_id": cust, "points": 1000000001, "description": "d", "transaction_date": now}, "body", "points")
	add("debit points past int64", "POST", "/api/v1/points/debit",
		map[string]any{"customer_id": cust, "points": json.Number("9223372036854775808"), "description": "d", "transaction_date": now}, "body", "points")
	add("promotion bonus_points past int32", "POST", "/api/v1/promotion",
		map[string]any{"name": "P", "start_date": now, "end_date": now, "bonus_points": 2147483648}, "body", "bonus_points")
	// Free-form JSON (a sale's data): TestFreeFormJSONIsBoundedBeforeAnyWrite.

	// The redeem block takes an array.
	blockCases := []struct {
		name string
		body []any
		loc  []any
	}{
		{"redeem qty past 1000", []any{map[string]any{"customer_id": cust, "sku": "VSKU", "qty": 1001}}, []any{"body", 0, "qty"}},
		{"redeem topping qty past 1000", []any{map[string]any{"customer_id": cust, "sku": "VSKU", "qty": 1,
			"toppings": []any{map[string]any{"sku": "VSKU", "qty": 2147483648}}}}, []any{"body", 0, "toppings", 0, "qty"}},
	}
	for _, tt := range blockCases {
		t.Run(tt.name, func(t *testing.T) {
			before := env.fingerprint()
			want422(t, env.do("POST", "/api/v1/points/redeem/block", tok, tt.body), tt.loc...)
			if after := env.fingerprint(); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Error("a refused redeem block changed the database")
			}
		})
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			before := env.fingerprint()
			res := env.do(tt.method, tt.path, tok, tt.body)
			want422(t, res, tt.loc...)
			after := env.fingerprint()
			for tbl, sum := range before {
				if after[tbl] != sum {
					t.Errorf("table %s changed by a refused request", tbl)
				}
			}
		})
	}

	// The bounds themselves are accepted, and read back.
	for _, v := range []string{"1900-01-01T00:00:00Z", "9998-12-31T23:59:59.999999Z", "9998-12-31T23:59:59-00:00"} {
		mustStatus(t, env.do("PATCH", "/api/v1/customer/"+doc, tok, map[string]any{"last_purchase": v}), http.StatusOK)
		mustStatus(t, env.do("GET", "/api/v1/customer/"+doc, tok, nil), http.StatusOK)
	}
	mustStatus(t, env.do("PATCH", "/api/v1/product/"+productID, tok, map[string]any{"validity_days": 3650}), http.StatusOK)
	data := any("x")
	for i := 0; i < 32; i++ { // data itself is the 32nd level
		data = map[string]any{"k": data}
	}
	mustStatus(t, env.do("POST", "/api/v1/transaction", tok, map[string]any{"customer_id": cust, "store_code": "V1",
		"coupon_identifier": "NF-32", "transaction_date": now, "value": 10, "data": data}), http.StatusCreated)
	mustStatus(t, env.do("GET", "/api/v1/customer/"+cust+"/coupons", tok, nil), http.StatusOK)
}

// TestOutOfRangeQueryDatesAre422 sends dates outside years 1900 to 9998 in the query
// parameters of the lists, exports and statements: 422 at the parameter. The bounds are
// accepted.
func TestOutOfRangeQueryDatesAre422(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	for _, tt := range []struct{ path, param string }{
		{"/api/v1/customers/list?start_date=1899-12-31", "start_date"},
		{"/api/v1/customers/list?end_date=9999-01-01", "end_date"},
		{"/api/v1/customers/list?end_date=9999-12-31&timezone=Pacific/Kiritimati", "end_date"},
		{"/api/v1/customers/export?format=csv&start_date=0001-01-01", "start_date"},
		{"/api/v1/customers/export?format=csv&end_date=9999-12-31", "end_date"},
		{"/api/v1/customers/sales-coupons/export?format=xlsx&end_date=9999-12-31", "end_date"},
		{"/api/v1/customers/sales-coupons/export?format=xlsx&start_date=0000-01-01", "start_date"},
		{"/api/v1/points/store/redeem-statement?store_document=ALL&period=12-9999", "period"},
		{"/api/v1/points/store/redeem-statement?store_document=ALL&period=12/9999&timezone=Pacific/Kiritimati", "period"},
		{"/api/v1/points/store/redeem-statement?store_document=ALL&period=12-1899", "period"},
	} {
		want422(t, env.do("GET", tt.path, tok, nil), "query", tt.param)
	}
	for _, path := range []string{
		"/api/v1/customers/list?start_date=1900-01-01&end_date=9998-12-31&timezone=Pacific/Kiritimati",
		"/api/v1/customers/export?format=csv&start_date=1900-01-01&end_date=9998-12-31&timezone=Etc/GMT%2B12",
		"/api/v1/points/store/redeem-statement?store_document=ALL&period=12-9998&timezone=Pacific/Kiritimati",
		"/api/v1/points/store/redeem-statement?store_document=ALL&period=01/1900&timezone=Etc/GMT%2B12",
	} {
		mustStatus(t, env.do("GET", path, tok, nil), http.StatusOK)
	}
}

// TestStoredExtremesNeverBreakReads plants rows at the edges of what the database accepts
// (dates at both ends of the range, the largest numbers of each column, long texts, odd
// Unicode, formula-like text, deep JSON, sums past the int64 range) and calls every read
// and list route and the exports in far time zones: no answer is a 5xx, single reads of
// the planted rows answer 200, files open. It also checks that the database refuses
// values just past those edges.
func TestStoredExtremesNeverBreakReads(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("admin")
	lo := calendar.MinTime
	hi := calendar.EndTime.Add(-time.Microsecond)
	odd := "=HYPERLINK(\"http://x\") \u202e\u200b\ufeff\u0001\u007f\U0001F389 ção 漢字 \\ \" ' < & >"
	long := strings.Repeat("ab😀", 1<<18) // 1.25 MiB

	env.insertRow("stores", map[string]any{"store_code": "X1", "name": odd, "document": "X1DOC", "address": long,
		"city": odd, "email": "@x", "created_at": lo, "updated_at": hi})
	env.insertRow("stores", map[string]any{"store_code": "X2", "name": "-2+3", "document": "X2DOC", "is_active": false,
		"created_at": hi, "updated_at": lo})
	c1 := env.insertRow("customers", map[string]any{"name": odd, "doc": "11122233344", "email": long, "phone": "+1-@",
		"birth_date": "1900-01-01", "short_code": odd, "last_purchase": hi, "origin": odd, "store_code": "X1",
		"store_code_owner": "X1", "created_at": lo, "updated_at": hi})
	c2 := env.insertRow("customers", map[string]any{"name": "\t=1+1", "doc": "55566677788", "email": "e@x", "phone": "1",
		"birth_date": "9998-12-31", "last_purchase": lo, "store_code": "X2", "store_code_owner": "nowhere",
		"created_at": hi, "updated_at": lo})
	entry := func(customer, typ string, points int64, at time.Time, coupon any) string {
		return env.insertRow("points_entries", map[string]any{"customer_id": customer, "transaction_type": typ, "points": points,
			"transaction_date": at, "description": long, "coupon_identifier": coupon, "store_code": "X1", "user_at": odd,
			"created_at": at, "updated_at": at})
	}
	e1 := entry(c1, "C", 9223372036854775807, hi, "=NF")
	entry(c2, "C", 1, lo, nil)

	p1 := env.insertRow("products", map[string]any{"sku": "XP1", "name": odd, "points": 2147483647, "price": "999999999999.99",
		"discount_price": "999999999999.99", "minimum_purchase": "999999999999.99", "validity_days": 3650,
		"min_qty": 2147483647, "max_qty": 2147483647, "description": long, "image_url": long, "has_toppings": true,
		"created_at": lo, "updated_at": hi})
	p2 := env.insertRow("products", map[string]any{"sku": "XP2", "name": "@topping", "points": 0, "validity_days": 0,
		"is_addon": true, "price": nil, "created_at": hi, "updated_at": lo})
	env.exec(`INSERT INTO product_toppings (product_id, topping_id) VALUES (?, ?)`, p1, p2)
	env.insertRow("products", map[string]any{"sku": "XP3", "name": "+inactive", "validity_days": nil, "is_active": false})

	pr1 := env.insertRow("promotions", map[string]any{"name": odd, "description": long, "start_date": lo, "end_date": hi,
		"points_multiplier": "99999.999", "bonus_points": 2147483647, "min_purchase": "999999999999.99"})
	env.exec(`UPDATE promotions SET store_codes = ARRAY['', 'X1', ?, ?] WHERE id = ?`, odd, strings.Repeat("c", 5000), pr1)
	env.insertRow("promotions", map[string]any{"name": "later", "start_date": hi, "end_date": hi})
	env.insertRow("promotions", map[string]any{"name": "earlier", "start_date": lo, "end_date": lo})
	env.exec(`INSERT INTO promotions (name, start_date, end_date, store_codes) VALUES ('empty codes', now(), now(), '{}')`)

	deepData := strings.Repeat(`{"a":`, 63) + `1e1000` + strings.Repeat("}", 63)
	for i, at := range []time.Time{hi, lo} {
		env.exec(`INSERT INTO coupons (customer_id, coupon_identifier, store_code, transaction_date, value, payment_type,
			payment_type_description, vendor_document, data, points_entry_id, created_at, updated_at)
			VALUES (?, ?, 'X1', ?, 999999999999.99, '=cmd', ?, ?, ?::jsonb, ?, ?, ?)`,
			c1, fmt.Sprintf("=NF%d", i), at, odd, long, deepData, e1, at, at)
	}
	redeem := func(at time.Time, status string) {
		id := env.insertRow("redeems", map[string]any{"customer_id": c1, "status": status, "store_code": "X1",
			"total_points": int64(9223372036854775807), "coupon_identifier": odd, "applied_at": at, "expires_at": hi,
			"cancelled_at": at, "created_at": at, "updated_at": at})
		parent := env.insertRow("redeem_items", map[string]any{"redeem_id": id, "customer_id": c1, "product_id": p1,
			"qty": 2147483647, "points": int64(9223372036854775807), "store_code": odd, "applied_at": at,
			"coupon_identifier": odd, "created_at": at, "updated_at": at})
		env.insertRow("redeem_items", map[string]any{"redeem_id": id, "customer_id": c1, "product_id": p2,
			"parent_item_id": parent, "qty": 2147483647, "points": 0, "created_at": at, "updated_at": at})
	}
	for _, at := range []time.Time{hi, hi, lo, lo} {
		redeem(at, "pending")
	}
	redeem(hi, "applied")

	t.Run("the database refuses values past the edges", func(t *testing.T) {
		for _, tt := range []struct{ table, set string }{
			{"customers", "last_purchase = '9999-01-01 00:00:00+00'"},
			{"customers", "created_at = 'infinity'"},
			{"customers", "birth_date = '1899-12-31'"},
			{"promotions", "end_date = '9999-12-31 23:59:59-12'"},
			{"promotions", "start_date = '-infinity'"},
			{"points_entries", "cancelled_at = '0001-01-01 00:00:00+14'"},
			{"coupons", "transaction_date = '1899-12-31 23:59:59.999999+00'"},
			{"redeems", "expires_at = 'infinity'"},
			{"redeem_items", "applied_at = '9999-06-01'"},
			{"stores", "created_at = '9999-06-01'"}, // (updated_at is set by a trigger)
			{"products", "validity_days = 3651"},
			{"products", "validity_days = -1"},
			{"products", "price = 'NaN'"},
			{"products", "minimum_purchase = -1"},
			{"products", "min_qty = -1"},
			{"promotions", "points_multiplier = 'NaN'"},
			{"promotions", "min_purchase = 'NaN'"},
			{"promotions", "store_codes = ARRAY['a', NULL]"},
			{"promotions", "store_codes = '{{a,b},{c,d}}'"},
			{"promotions", "store_codes = '[0:1]={a,b}'"},
			{"coupons", "value = 'NaN'"},
			{"coupons", `data = '` + strings.Repeat(`{"a":`, 64) + `1` + strings.Repeat("}", 64) + `'`},
		} {
			// One transaction per attempt, rolled back: the planted rows stay as they are.
			tx := env.DB.Begin()
			err := tx.Exec(`ALTER TABLE points_entries DISABLE TRIGGER points_entries_immutable`).Error
			if err == nil {
				err = tx.Exec(`UPDATE ` + tt.table + ` SET ` + tt.set).Error
			}
			tx.Rollback()
			if err == nil || !strings.Contains(err.Error(), "SQLSTATE 23514") && !strings.Contains(err.Error(), "not supported") {
				t.Errorf("UPDATE %s SET %.80s: %v, want a check violation", tt.table, tt.set, err)
			}
		}
	})

	var storeID, promoID string
	env.DB.Raw(`SELECT id FROM stores WHERE store_code = 'X1'`).Scan(&storeID)
	promoID = pr1
	replace := strings.NewReplacer(":customer_id", c1, ":document", "11122233344", ":store_code", "X1",
		":coupon_identifier", url.PathEscape("=NF0"), ":store_id", storeID, ":product_id", p1, ":promotion_id", promoID,
		":point_id", e1, ":query_id", c1, ":redeem_id", c1)
	extraQueries := map[string][]string{
		"/api/v1/customers/search":                     {"search_name=" + url.QueryEscape("ção"), "search_doc=111"},
		"/api/v1/customers/list":                       {"start_date=1900-01-01&end_date=9998-12-31&timezone=Pacific/Kiritimati", "timezone=Etc/GMT%2B12"},
		"/api/v1/stores/search":                        {"search_name=" + url.QueryEscape("ção")},
		"/api/v1/customer/:customer_id/coupons/search": {"coupon_identifier=" + url.QueryEscape("=NF0"), "coupon_identifier=" + url.QueryEscape("=NF1")},
		"/api/v1/points/store/redeem-statement": {
			"store_document=ALL&period=12-9998&status=all&timezone=Pacific/Kiritimati",
			"store_document=ALL&period=12-9998&status=redeemed&timezone=UTC",
			"store_document=X1DOC&period=01-1900&status=all&timezone=Etc/GMT%2B12",
			"store_document=ALL&period=01-1900&status=redeemed&timezone=UTC",
		},
	}
	for _, path := range []string{"/api/v1/customers/export", "/api/v1/customers/sales-coupons/export"} {
		for _, format := range []string{"csv", "xlsx"} {
			for _, zone := range []string{"America/Sao_Paulo", "Pacific/Kiritimati", "Etc/GMT%2B12"} {
				extraQueries[path] = append(extraQueries[path], "format="+format+"&timezone="+zone)
			}
		}
	}
	// Single reads of a planted row must find it.
	mustFind := map[string]bool{
		"/api/v1/customer/:document": true, "/api/v1/customer/:document/store/:store_code": true,
		"/api/v1/store/:store_id": true, "/api/v1/store/code/:store_code": true, "/api/v1/store/document/:document": false,
		"/api/v1/product/:product_id": true, "/api/v1/promotion/:promotion_id": true,
		"/api/v1/points/statement/:customer_id": true, "/api/v1/customer/:customer_id/coupons": true,
		"/api/v1/customer/:customer_id/coupons/search": true, "/api/v1/points/store/redeem-statement": true,
		"/api/v1/customers/export": true, "/api/v1/customers/sales-coupons/export": true,
	}
	calls := 0
	for _, r := range env.Routes {
		if r.Method != http.MethodGet || !strings.HasPrefix(r.Path, "/api/v1/") {
			continue
		}
		path := replace.Replace(r.Path)
		queries := extraQueries[r.Path]
		if len(queries) == 0 {
			queries = []string{"limit=1000"}
		}
		for _, q := range queries {
			res := env.do(http.MethodGet, path+"?"+q, tok, nil)
			calls++
			checkNot5xx(t, "GET "+r.Path+"?"+q, res)
			if mustFind[r.Path] && res.Status != http.StatusOK {
				t.Errorf("GET %s?%s: %d %.300s", r.Path, q, res.Status, res.Body)
				continue
			}
			if res.Status != http.StatusOK {
				continue
			}
			switch {
			case strings.Contains(q, "format=csv"):
				if rows := readCSV(t, res.Body); len(rows) < 2 {
					t.Errorf("GET %s?%s: %d rows", r.Path, q, len(rows))
				}
			case strings.Contains(q, "format=xlsx"):
				if rows := readXLSX(t, res.Body); len(rows) < 2 {
					t.Errorf("GET %s?%s: %d rows", r.Path, q, len(rows))
				}
			}
		}
	}
	if calls < 30 {
		t.Fatalf("only %d read calls made: the route table changed?", calls)
	}
	// The customer read also shows the running promotion with its odd store codes.
	res := env.do(http.MethodGet, "/api/v1/customer/11122233344", tok, nil)
	if !strings.Contains(string(res.Body), `"points_balance":9223372036854775807`) || !strings.Contains(string(res.Body), `"last_purchase":"9998-12-31T`) {
		t.Errorf("customer read lacks the planted extremes: %.500s", res.Body)
	}
}
