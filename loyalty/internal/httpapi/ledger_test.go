package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

type entryBody struct {
	ID                    string  `json:"id"`
	CustomerID            string  `json:"customer_id"`
	Points                int64   `json:"points"`
	TransactionType       string  `json:"transaction_type"`
	TransactionIdentifier *string `json:"transaction_identifier"`
	CouponIdentifier      *string `json:"coupon_identifier"`
	StoreCode             *string `json:"store_code"`
	StoreName             *string `json:"store_name"`
	UserAt                string  `json:"user_at"`
	RedeemID              *string `json:"redeem_id"`
	CancelledAt           *string `json:"cancelled_at"`
	ReversesID            *string `json:"reverses_id"`
	CreatedAt             string  `json:"created_at"`
}

type redeemBody struct {
	RedeemID         string  `json:"redeem_id"`
	PointsID         string  `json:"points_id"`
	Status           string  `json:"status"`
	TotalPoints      int64   `json:"total_points"`
	CouponIdentifier *string `json:"coupon_identifier"`
	AppliedAt        *string `json:"applied_at"`
	Items            []struct {
		SKU              string  `json:"sku"`
		Qty              int     `json:"qty"`
		Points           int64   `json:"points"`
		AppliedAt        *string `json:"applied_at"`
		CouponIdentifier *string `json:"coupon_identifier"`
	} `json:"items"`
}

// The whole life cycle over HTTP: sale -> credit -> redeem block -> apply -> rollback ->
// cancel; sale -> cancel by coupon; with balances, statements and coupons checked at
// each step.
func TestLedgerLifeCycle(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	env.sqlStore("L01", "11222333000181")
	env.sqlProduct("SUNDAE", 120, 2)
	cust, doc := env.sqlCustomer()
	now := time.Now().UTC().Truncate(time.Second)

	// A sale by document earns floor(value) points at the default rate.
	res := env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{
		"doc": doc, "store_code": "L01", "coupon_identifier": "NF-1", "transaction_date": now.Format(time.RFC3339),
		"value": 99.90, "payment_type": "credit_card", "payment_type_description": "Visa", "data": map[string]any{"items": []any{map[string]any{"sku": "X1", "qty": 2}}},
	})
	mustStatus(t, res, http.StatusCreated)
	var sale entryBody
	res.JSON(t, &sale)
	if sale.Points != 99 || sale.TransactionType != "C" || sale.CustomerID != cust || *sale.CouponIdentifier != "NF-1" || *sale.StoreCode != "L01" {
		t.Fatalf("sale entry = %+v", sale)
	}
	// The same sale again is a replay.
	res = env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{
		"customer_id": cust, "store_code": "L01", "coupon_identifier": "NF-1", "transaction_date": now.Format(time.RFC3339), "value": "99.90",
	})
	mustStatus(t, res, http.StatusCreated)
	var again entryBody
	res.JSON(t, &again)
	if again.ID != sale.ID || res.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replayed sale: id %s header %q, want id %s and Idempotent-Replayed: true", again.ID, res.Header.Get("Idempotent-Replayed"), sale.ID)
	}

	credit := env.credit(tok, cust, 50)
	if env.sqlBalance(cust) != 149 {
		t.Fatalf("balance = %d, want 149", env.sqlBalance(cust))
	}

	res = env.do(http.MethodPost, "/api/v1/points/redeem/block", tok, []map[string]any{{"customer_id": cust, "sku": "SUNDAE", "qty": 1, "store_code": "L01"}})
	mustStatus(t, res, http.StatusCreated)
	var blocked redeemBody
	res.JSON(t, &blocked)
	if blocked.Status != "pending" || blocked.TotalPoints != 120 || blocked.PointsID == "" || len(blocked.Items) != 1 {
		t.Fatalf("block = %s", res.Body)
	}
	if env.sqlBalance(cust) != 29 {
		t.Fatalf("balance after block = %d, want 29", env.sqlBalance(cust))
	}

	res = env.do(http.MethodPost, "/api/v1/points/redeem/apply", tok, map[string]any{"points_id": blocked.PointsID, "coupon_identifier": "NF-2"})
	mustStatus(t, res, http.StatusOK)
	var applied redeemBody
	res.JSON(t, &applied)
	if applied.Status != "applied" || applied.AppliedAt == nil || *applied.CouponIdentifier != "NF-2" || applied.Items[0].AppliedAt == nil || *applied.Items[0].CouponIdentifier != "NF-2" {
		t.Fatalf("apply = %s", res.Body)
	}
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/apply", tok, map[string]any{"points_id": blocked.PointsID, "coupon_identifier": "NF-2"}), http.StatusConflict)
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/cancel/"+blocked.RedeemID, tok, nil), http.StatusConflict)

	res = env.do(http.MethodPost, "/api/v1/points/redeem/rollback", tok, map[string]any{"points_id": blocked.PointsID})
	mustStatus(t, res, http.StatusOK)
	var rolled redeemBody
	res.JSON(t, &rolled)
	if rolled.Status != "pending" || rolled.AppliedAt != nil || rolled.CouponIdentifier != nil || rolled.Items[0].AppliedAt != nil {
		t.Fatalf("rollback = %s", res.Body)
	}
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/rollback", tok, map[string]any{"points_id": blocked.PointsID}), http.StatusConflict)

	res = env.do(http.MethodPost, "/api/v1/points/redeem/cancel/"+blocked.RedeemID, tok, nil)
	mustStatus(t, res, http.StatusCreated)
	var cancelled struct {
		Status        string `json:"status"`
		Points        int64  `json:"points"`
		PointsBalance int64  `json:"points_balance"`
		ReversalID    string `json:"reversal_id"`
	}
	res.JSON(t, &cancelled)
	if cancelled.Status != "cancelled" || cancelled.Points != 120 || cancelled.PointsBalance != 149 {
		t.Fatalf("redeem cancel = %s", res.Body)
	}
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/cancel/"+blocked.RedeemID, tok, nil), http.StatusConflict)

	// A second sale, cancelled by its coupon.
	res = env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{
		"customer_id": cust, "store_code": "L01", "coupon_identifier": "NF 3/B", "transaction_date": now.Add(time.Minute).Format(time.RFC3339), "value": 10,
	})
	mustStatus(t, res, http.StatusCreated)
	res = env.do(http.MethodPost, "/api/v1/transaction/cancel/coupon/"+url.PathEscape("NF 3/B"), tok, nil)
	mustStatus(t, res, http.StatusCreated)
	var couponCancel struct {
		Detail    string `json:"detail"`
		Cancelled []struct {
			PointsBalance int64 `json:"points_balance"`
			Points        int64 `json:"points"`
		} `json:"cancelled"`
	}
	res.JSON(t, &couponCancel)
	if len(couponCancel.Cancelled) != 1 || couponCancel.Cancelled[0].Points != -10 || couponCancel.Cancelled[0].PointsBalance != 149 {
		t.Fatalf("cancel by coupon = %s", res.Body)
	}
	mustStatus(t, env.do(http.MethodPost, "/api/v1/transaction/cancel/coupon/"+url.PathEscape("NF 3/B"), tok, nil), http.StatusConflict)
	mustStatus(t, env.do(http.MethodPost, "/api/v1/transaction/cancel/coupon/NOPE", tok, nil), http.StatusNotFound)

	// Cancel the manual credit by its id; a second cancel is a 409.
	mustStatus(t, env.do(http.MethodPost, "/api/v1/transaction/cancel/"+credit["id"].(string), tok, nil), http.StatusCreated)
	mustStatus(t, env.do(http.MethodPost, "/api/v1/transaction/cancel/"+credit["id"].(string), tok, nil), http.StatusConflict)
	mustStatus(t, env.do(http.MethodPost, "/api/v1/transaction/cancel/not-an-id", tok, nil), http.StatusNotFound)

	// The statement: newest first, with store names, summing to the balance.
	res = env.do(http.MethodGet, "/api/v1/points/statement/"+cust, tok, nil)
	mustStatus(t, res, http.StatusOK)
	var statement []entryBody
	res.JSON(t, &statement)
	var sum int64
	types := ""
	for i, e := range statement {
		sum += e.Points
		types += e.TransactionType
		if i > 0 && e.CreatedAt > statement[i-1].CreatedAt {
			t.Fatalf("statement not newest first: %s after %s", e.CreatedAt, statement[i-1].CreatedAt)
		}
		if e.StoreCode != nil && *e.StoreCode == "L01" && (e.StoreName == nil || *e.StoreName != "Loja L01") {
			t.Fatalf("entry %s has store_name %v", e.ID, e.StoreName)
		}
	}
	if sum != 99 || env.sqlBalance(cust) != 99 || types != "EECERCC" {
		t.Fatalf("statement sums to %d (balance %d), types %s; want 99, 99, EECERCC", sum, env.sqlBalance(cust), types)
	}
	res = env.do(http.MethodGet, "/api/v1/points/statement/"+cust+"?limit=2&offset=1", tok, nil)
	res.JSON(t, &statement)
	if len(statement) != 2 || statement[0].TransactionType != "E" || statement[1].TransactionType != "C" {
		t.Fatalf("statement page = %s", res.Body)
	}

	// Coupons: newest first with the total in X-Total-Count; search by identifier.
	res = env.do(http.MethodGet, "/api/v1/customer/"+cust+"/coupons?limit=1", tok, nil)
	mustStatus(t, res, http.StatusOK)
	var coupons []struct {
		CustomerID  string         `json:"customer_id"`
		Data        map[string]any `json:"data"`
		StoreName   string         `json:"store_name"`
		CancelledAt *string        `json:"cancelled_at"`
	}
	res.JSON(t, &coupons)
	if res.Header.Get("X-Total-Count") != "2" || len(coupons) != 1 || coupons[0].Data["coupon_identifier"] != "NF 3/B" || coupons[0].CancelledAt == nil {
		t.Fatalf("coupons = %s (X-Total-Count %q)", res.Body, res.Header.Get("X-Total-Count"))
	}
	res = env.do(http.MethodGet, "/api/v1/customer/"+cust+"/coupons/search?coupon_identifier=NF-1", tok, nil)
	mustStatus(t, res, http.StatusOK)
	var one struct {
		Data      map[string]any `json:"data"`
		StoreName string         `json:"store_name"`
	}
	res.JSON(t, &one)
	if one.StoreName != "Loja L01" || one.Data["value"] != 99.9 || one.Data["payment_type"] != "credit_card" || one.Data["items"] == nil {
		t.Fatalf("coupon NF-1 = %s", res.Body)
	}
	mustStatus(t, env.do(http.MethodGet, "/api/v1/customer/"+cust+"/coupons/search?coupon_identifier=NF-9", tok, nil), http.StatusNotFound)
	mustStatus(t, env.do(http.MethodGet, "/api/v1/customer/"+cust+"/coupons/search", tok, nil), http.StatusUnprocessableEntity)

	var last time.Time
	env.DB.Raw(`SELECT last_purchase FROM customers WHERE id = ?`, cust).Scan(&last)
	if !last.Equal(now) {
		t.Fatalf("last_purchase = %s, want %s (the cancelled later sale does not count)", last, now)
	}
}

func TestPromotionsRaiseEarnedPoints(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	env.sqlStore("P1", "1")
	env.sqlStore("P2", "2")
	env.sqlPromotion("2", 10, "{P1}")
	cust, _ := env.sqlCustomer()
	for _, tt := range []struct {
		store string
		want  float64
	}{{"P1", 50}, {"P2", 20}} {
		res := env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{
			"customer_id": cust, "store_code": tt.store, "coupon_identifier": "C-" + tt.store, "transaction_date": time.Now().Format(time.RFC3339), "value": "20.00",
		})
		mustStatus(t, res, http.StatusCreated)
		var e map[string]any
		res.JSON(t, &e)
		if e["points"] != tt.want {
			t.Errorf("sale at %s earned %v, want %v", tt.store, e["points"], tt.want)
		}
	}
}

func TestPointsIdempotencyOverHTTP(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	cust, _ := env.sqlCustomer()
	body := map[string]any{"customer_id": cust, "points": 30, "description": "pos", "transaction_date": "2025-05-01T10:00:00Z", "transaction_identifier": "T-77"}

	first := env.do(http.MethodPost, "/api/v1/points/credit", tok, body)
	mustStatus(t, first, http.StatusCreated)
	if first.Header.Get("Idempotent-Replayed") != "" {
		t.Fatal("first credit marked as replayed")
	}
	second := env.do(http.MethodPost, "/api/v1/points/credit", tok, body)
	mustStatus(t, second, http.StatusCreated)
	var a, b entryBody
	first.JSON(t, &a)
	second.JSON(t, &b)
	if a.ID != b.ID || second.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay: ids %s/%s, header %q", a.ID, b.ID, second.Header.Get("Idempotent-Replayed"))
	}
	body["points"] = 31
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/credit", tok, body), http.StatusConflict)
	if env.sqlBalance(cust) != 30 {
		t.Fatalf("balance = %d, want 30", env.sqlBalance(cust))
	}
	body["points"] = 30
	debit := env.do(http.MethodPost, "/api/v1/points/debit", tok, body)
	mustStatus(t, debit, http.StatusCreated)
	var d entryBody
	debit.JSON(t, &d)
	if d.Points != -30 || d.TransactionType != "D" || !strings.HasPrefix(d.UserAt, "user-") {
		t.Fatalf("debit = %s", debit.Body)
	}
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/debit", tok, map[string]any{"customer_id": cust, "points": 1, "description": "x", "transaction_date": "2025-05-01T10:00:00Z"}), http.StatusConflict)
}

// 200 concurrent debits of 1 point over HTTP on a customer holding 100.
func TestConcurrentDebitsOverHTTP(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	cust, _ := env.sqlCustomer()
	env.credit(tok, cust, 100)
	var wg sync.WaitGroup
	statuses := make(chan int, 200)
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			raw, _ := json.Marshal(map[string]any{"customer_id": cust, "points": 1, "description": "x", "transaction_date": "2025-05-01T10:00:00Z"})
			req, _ := http.NewRequest(http.MethodPost, env.URL+"/api/v1/points/debit", strings.NewReader(string(raw)))
			req.Header.Set("Authorization", "Bearer "+tok)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				statuses <- 0
				return
			}
			res.Body.Close()
			statuses <- res.StatusCode
		}()
	}
	wg.Wait()
	close(statuses)
	count := map[int]int{}
	for s := range statuses {
		count[s]++
	}
	if count[http.StatusCreated] != 100 || count[http.StatusConflict] != 100 {
		t.Fatalf("statuses %v, want 100 x 201 and 100 x 409", count)
	}
	var sum int64
	env.DB.Raw(`SELECT sum(points) FROM points_entries WHERE customer_id = ?`, cust).Scan(&sum)
	if env.sqlBalance(cust) != 0 || sum != 0 {
		t.Fatalf("balance %d, entries sum %d; want 0 and 0", env.sqlBalance(cust), sum)
	}
}

func TestLedgerRequestValidation(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	cust, _ := env.sqlCustomer()
	valid := func(over map[string]any) map[string]any {
		b := map[string]any{"customer_id": cust, "points": 5, "description": "d", "transaction_date": "2025-05-01T10:00:00Z"}
		for k, v := range over {
			if v == nil {
				delete(b, k)
			} else {
				b[k] = v
			}
		}
		return b
	}
	tests := []struct {
		name, method, path string
		body               any
		status             int
		loc                string // JSON of the first error's loc, for 422
	}{
		{"empty body", "POST", "/api/v1/points/credit", nil, 422, `["body"]`},
		{"malformed JSON", "POST", "/api/v1/points/credit", `{"points":`, 422, `["body"]`},
		{"points missing", "POST", "/api/v1/points/credit", valid(map[string]any{"points": nil}), 422, `["body","points"]`},
		{"points zero", "POST", "/api/v1/points/debit", valid(map[string]any{"points": 0}), 422, `["body","points"]`},
		{"points not an integer", "POST", "/api/v1/points/credit", valid(map[string]any{"points": 1.5}), 422, `["body","points"]`},
		{"bad date", "POST", "/api/v1/points/credit", valid(map[string]any{"transaction_date": "yesterday"}), 422, `["body","transaction_date"]`},
		{"bad customer id", "POST", "/api/v1/points/credit", valid(map[string]any{"customer_id": "42"}), 422, `["body","customer_id"]`},
		{"type of another route", "POST", "/api/v1/points/credit", valid(map[string]any{"transaction_type": "D"}), 422, `["body","transaction_type"]`},
		{"unknown customer", "POST", "/api/v1/points/credit", valid(map[string]any{"customer_id": "7d3f0d7e-0000-4000-8000-000000000000"}), 404, ""},
		{"sale without customer", "POST", "/api/v1/transaction", map[string]any{"store_code": "S", "coupon_identifier": "c", "transaction_date": "2025-05-01T10:00:00Z", "value": 1}, 422, `["body","customer_id"]`},
		{"sale with negative value", "POST", "/api/v1/transaction", map[string]any{"customer_id": cust, "store_code": "S", "coupon_identifier": "c", "transaction_date": "2025-05-01T10:00:00Z", "value": -1}, 422, `["body","value"]`},
		{"sale at unknown store", "POST", "/api/v1/transaction", map[string]any{"customer_id": cust, "store_code": "S", "coupon_identifier": "c", "transaction_date": "2025-05-01T10:00:00Z", "value": 1}, 404, ""},
		{"block: not an array", "POST", "/api/v1/points/redeem/block", map[string]any{"customer_id": cust}, 422, `["body"]`},
		{"block: empty array", "POST", "/api/v1/points/redeem/block", []any{}, 422, `["body"]`},
		{"block: qty missing", "POST", "/api/v1/points/redeem/block", []any{map[string]any{"customer_id": cust, "sku": "A"}}, 422, `["body",0,"qty"]`},
		{"block: product missing", "POST", "/api/v1/points/redeem/block", []any{map[string]any{"customer_id": cust, "qty": 1}}, 422, `["body",0,"product_id"]`},
		{"block: two customers", "POST", "/api/v1/points/redeem/block", []any{map[string]any{"customer_id": cust, "sku": "A", "qty": 1}, map[string]any{"customer_id": "7d3f0d7e-0000-4000-8000-000000000000", "sku": "A", "qty": 1}}, 422, `["body",1,"customer_id"]`},
		{"apply without points_id", "POST", "/api/v1/points/redeem/apply", map[string]any{"coupon_identifier": "x"}, 422, `["body","points_id"]`},
		{"apply unknown", "POST", "/api/v1/points/redeem/apply", map[string]any{"points_id": "7d3f0d7e-0000-4000-8000-000000000000", "coupon_identifier": "x"}, 404, ""},
		{"rollback unknown", "POST", "/api/v1/points/redeem/rollback", map[string]any{"points_id": "7d3f0d7e-0000-4000-8000-000000000000"}, 404, ""},
		{"cancel unknown redeem", "POST", "/api/v1/points/redeem/cancel/abc", nil, 404, ""},
		{"statement of unknown customer", "GET", "/api/v1/points/statement/7d3f0d7e-0000-4000-8000-000000000000", nil, 404, ""},
		{"statement limit too big", "GET", "/api/v1/points/statement/" + cust + "?limit=5000", nil, 422, `["query","limit"]`},
		{"coupons of a bad id", "GET", "/api/v1/customer/xyz/coupons", nil, 422, `["path","customer_id"]`},
		{"coupons of an unknown customer", "GET", "/api/v1/customer/7d3f0d7e-0000-4000-8000-000000000000/coupons", nil, 404, ""},
		{"no token", "POST", "/api/v1/points/credit", valid(nil), 401, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			token := tok
			if tt.status == 401 {
				token = ""
			}
			res := env.do(tt.method, tt.path, token, tt.body)
			mustStatus(t, res, tt.status)
			if tt.loc == "" {
				return
			}
			var body struct {
				Detail []struct {
					Loc json.RawMessage `json:"loc"`
				} `json:"detail"`
			}
			res.JSON(t, &body)
			if len(body.Detail) == 0 || string(body.Detail[0].Loc) != tt.loc {
				t.Fatalf("loc = %s, want %s", res.Body, tt.loc)
			}
		})
	}
	if env.sqlBalance(cust) != 0 {
		t.Fatalf("refused requests moved the balance to %d", env.sqlBalance(cust))
	}
}

func TestDeleteCustomerIsAdminOnly(t *testing.T) {
	env := newTestEnv(t)
	user, admin := env.token("user"), env.token("admin")
	env.sqlStore("D1", "d1")
	env.sqlProduct("GIFT", 10, 2)
	cust, _ := env.sqlCustomer()
	other, _ := env.sqlCustomer()
	for _, c := range []string{cust, other} {
		mustStatus(t, env.do(http.MethodPost, "/api/v1/transaction", user, map[string]any{
			"customer_id": c, "store_code": "D1", "coupon_identifier": "K", "transaction_date": "2025-05-01T10:00:00Z", "value": 30}), http.StatusCreated)
	}
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/block", user, []any{map[string]any{"customer_id": cust, "sku": "GIFT", "qty": 2}}), http.StatusCreated)

	mustStatus(t, env.do(http.MethodDelete, "/api/v1/customer/"+cust, user, nil), http.StatusForbidden)
	res := env.do(http.MethodDelete, "/api/v1/customer/"+cust, admin, nil)
	mustStatus(t, res, http.StatusOK)
	var d map[string]any
	res.JSON(t, &d)
	want := map[string]any{"detail": "customer deleted", "customer_id": cust, "points_entries": 2.0, "redeems": 1.0, "redeem_items": 1.0, "coupons": 1.0}
	for k, v := range want {
		if d[k] != v {
			t.Errorf("%s = %v, want %v (body %s)", k, d[k], v, res.Body)
		}
	}
	var left int64
	env.DB.Raw(`SELECT (SELECT count(*) FROM points_entries WHERE customer_id = @c) + (SELECT count(*) FROM redeems WHERE customer_id = @c)
		+ (SELECT count(*) FROM redeem_items WHERE customer_id = @c) + (SELECT count(*) FROM coupons WHERE customer_id = @c)
		+ (SELECT count(*) FROM customers WHERE id = @c)`, map[string]any{"c": cust}).Scan(&left)
	if left != 0 {
		t.Fatalf("%d rows of the deleted customer remain", left)
	}
	if env.sqlBalance(other) != 30 {
		t.Fatalf("other customer's balance = %d, want 30", env.sqlBalance(other))
	}
	mustStatus(t, env.do(http.MethodDelete, "/api/v1/customer/"+cust, admin, nil), http.StatusNotFound)
	mustStatus(t, env.do(http.MethodDelete, "/api/v1/customer/nope", admin, nil), http.StatusUnprocessableEntity)
}

func TestStoreRedeemStatement(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	env.sqlStore("R1", "11111111000111")
	env.sqlStore("R2", "22222222000122")
	env.sqlProduct("CAFE", 10, 5)
	a, _ := env.sqlCustomer()
	b, _ := env.sqlCustomer()
	env.credit(tok, a, 1000)
	env.credit(tok, b, 1000)

	block := func(cust, store string, qty int) redeemBody {
		item := map[string]any{"customer_id": cust, "sku": "CAFE", "qty": qty}
		if store != "" {
			item["store_code"] = store
		}
		res := env.do(http.MethodPost, "/api/v1/points/redeem/block", tok, []any{item})
		mustStatus(t, res, http.StatusCreated)
		var r redeemBody
		res.JSON(t, &r)
		return r
	}
	block(a, "R1", 1)
	block(a, "R1", 2)
	block(b, "R1", 3)
	cancelled := block(b, "R1", 4)
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/cancel/"+cancelled.RedeemID, tok, nil), http.StatusCreated)
	block(b, "R2", 5)
	block(b, "", 6)
	// One redeem of last month, moved back in time.
	old := block(a, "R1", 7)
	env.DB.Exec(`UPDATE redeems SET created_at = created_at - interval '40 days' WHERE id = ?`, old.RedeemID)

	period := time.Now().In(mustZone(t, "America/Sao_Paulo")).Format("01-2006")
	type statement struct {
		StoreName  *string `json:"store_name"`
		Total      int64   `json:"total"`
		TotalPages int64   `json:"total_pages"`
		Page       int     `json:"page"`
		Results    []struct {
			Status      string `json:"status"`
			TotalPoints int64  `json:"total_points"`
			StoreName   string `json:"store_name"`
			Items       []any  `json:"items"`
		} `json:"results"`
		Statistics struct {
			TotalCustomers int64            `json:"total_customers"`
			TotalRedeems   int64            `json:"total_redeems"`
			TotalPoints    int64            `json:"total_points"`
			TotalItems     int64            `json:"total_items"`
			ByStatus       map[string]int64 `json:"by_status"`
			TopCustomers   []struct {
				CustomerID string `json:"customer_id"`
				Points     int64  `json:"points"`
			} `json:"top_customers"`
		} `json:"statistics"`
	}
	get := func(query string) statement {
		t.Helper()
		res := env.do(http.MethodGet, "/api/v1/points/store/redeem-statement?"+query, tok, nil)
		mustStatus(t, res, http.StatusOK)
		var s statement
		res.JSON(t, &s)
		return s
	}

	s := get("store_document=11111111000111&period=" + period)
	if s.Total != 3 || s.Statistics.TotalCustomers != 2 || s.Statistics.TotalPoints != 60 || s.Statistics.TotalItems != 6 || *s.StoreName != "Loja R1" {
		t.Fatalf("store R1, redeemed: %+v", s)
	}
	if len(s.Statistics.TopCustomers) != 2 || s.Statistics.TopCustomers[0].CustomerID != a || s.Statistics.TopCustomers[0].Points != 30 {
		t.Fatalf("top customers = %+v, want %s with 30 first", s.Statistics.TopCustomers, a)
	}
	s = get("store_document=11111111000111&status=all&period=" + strings.Replace(period, "-", "/", 1))
	if s.Total != 4 || s.Statistics.ByStatus["cancelled"] != 1 || s.Statistics.ByStatus["pending"] != 3 {
		t.Fatalf("store R1, all: %+v", s)
	}
	s = get("store_document=ALL&period=" + period)
	if s.Total != 4 {
		t.Fatalf("all stores, redeemed: total %d, want 4", s.Total)
	}
	s = get("store_document=all&status=all&period=" + period + "&limit=2&page=3")
	if s.Total != 6 || s.TotalPages != 3 || s.Page != 3 || len(s.Results) != 2 || len(s.Results[0].Items) != 1 {
		t.Fatalf("all stores, all, page 3 of 2: %+v", s)
	}
	last := time.Now().In(mustZone(t, "America/Sao_Paulo")).AddDate(0, 0, -40).Format("01-2006")
	if s = get("store_document=ALL&period=" + last); s.Total != 1 || s.Results[0].TotalPoints != 70 {
		t.Fatalf("period %s: %+v", last, s)
	}

	for _, bad := range []struct{ query, status, loc string }{
		{"period=" + period, "422", "store_document"},
		{"store_document=ALL", "422", "period"},
		{"store_document=ALL&period=13-2025", "422", "period"},
		{"store_document=ALL&period=2025-03", "422", "period"},
		{"store_document=ALL&period=" + period + "&status=x", "422", "status"},
		{"store_document=ALL&period=" + period + "&page=0", "422", "page"},
		{"store_document=ALL&period=" + period + "&limit=1001", "422", "limit"},
		{"store_document=ALL&period=" + period + "&timezone=Mars/Base", "422", "timezone"},
		{"store_document=999&period=" + period, "404", ""},
	} {
		res := env.do(http.MethodGet, "/api/v1/points/store/redeem-statement?"+bad.query, tok, nil)
		if fmt.Sprint(res.Status) != bad.status || !strings.Contains(string(res.Body), bad.loc) {
			t.Errorf("%s: %d %s, want %s naming %q", bad.query, res.Status, res.Body, bad.status, bad.loc)
		}
	}
}

// A sale by doc and the redeem statement by store_document find the record whose stored
// document equals the one sent, normalised as on create (a formatted CPF/CNPJ is its
// digits): never another record that happens to hold the digits of a non-CPF/CNPJ value.
func TestDocumentLookupsMatchTheStoredDocument(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	env.sqlStore("DL1", "4521")
	env.sqlStore("DL2", "11222333000181")
	// A customer whose document is not a CPF (a foreign id, stored as sent).
	other, _ := env.sqlCustomer(cols{"name": "Foreign", "doc": "4521"})
	_, cpf := env.sqlCustomer()
	sale := func(doc, coupon string) response {
		return env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{
			"doc": doc, "store_code": "DL1", "coupon_identifier": coupon, "transaction_date": time.Now().Format(time.RFC3339), "value": 10})
	}

	wantDetail(t, sale("AB-4521", "NF-1"), http.StatusNotFound)
	if b := env.sqlBalance(other); b != 0 {
		t.Fatalf("a sale for document AB-4521 credited the customer of document 4521: balance %d", b)
	}
	mustStatus(t, sale("4521", "NF-2"), http.StatusCreated)
	formatted := cpf[:3] + "." + cpf[3:6] + "." + cpf[6:9] + "-" + cpf[9:]
	mustStatus(t, sale(formatted, "NF-3"), http.StatusCreated)

	period := time.Now().In(mustZone(t, "America/Sao_Paulo")).Format("01-2006")
	res := env.do(http.MethodGet, "/api/v1/points/store/redeem-statement?store_document=XY-4521&period="+period, tok, nil)
	wantDetail(t, res, http.StatusNotFound)
	res = env.do(http.MethodGet, "/api/v1/points/store/redeem-statement?store_document=11.222.333/0001-81&period="+period, tok, nil)
	mustStatus(t, res, http.StatusOK)
	var st struct {
		StoreCode string `json:"store_code"`
	}
	res.JSON(t, &st)
	if st.StoreCode != "DL2" {
		t.Fatalf("formatted CNPJ resolved to store %q, want DL2", st.StoreCode)
	}
}
