package httpapi_test

import (
	"net/http"
	"strconv"
	"testing"
)

// TestSpecDefaultLimits seeds one row more than each listing's default limit (spec,
// Limits table) and checks that a request without limit answers exactly the default
// number, ordered as the spec says, and that offset defaults to 0.
func TestSpecDefaultLimits(t *testing.T) {
	env := newTestEnv(t)
	admin := env.token("admin")
	cust, _ := env.sqlCustomer()
	var userID string // the admin's: the history entries below are the admin's own
	env.DB.Raw(`SELECT id FROM users LIMIT 1`).Scan(&userID)

	seed := func(q string, args ...any) {
		t.Helper()
		if err := env.DB.Exec(q, args...).Error; err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	// Rows are numbered so that the newest (or first by name) is row n.
	seed(`INSERT INTO users (username, password_hash, name) SELECT 'user' || i, 'x', 'U' FROM generate_series(1, 11) i`)
	seed(`INSERT INTO products (sku, name) SELECT 'SKU' || i, 'P' || lpad(i::text, 4, '0') FROM generate_series(1, 1001) i`)
	seed(`INSERT INTO promotions (name, start_date, end_date)
		SELECT 'Promo' || i, now() + i * interval '1 day', now() + i * interval '1 day' FROM generate_series(1, 11) i`)
	seed(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_identifier, transaction_date, created_at)
		SELECT ?, 'C', 1, 'T' || i, now(), now() + i * interval '1 second' FROM generate_series(1, 101) i`, cust)
	seed(`INSERT INTO coupons (customer_id, coupon_identifier, transaction_date, value, created_at)
		SELECT ?, 'NF' || i, now(), 1, now() + i * interval '1 second' FROM generate_series(1, 11) i`, cust)
	seed(`INSERT INTO ai_queries (user_id, user_name, user_question, generated_query, created_at)
		SELECT ?, 'U', 'q' || i, 'SELECT 1', now() - interval '1 hour' + i * interval '1 second' FROM generate_series(1, 51) i`, userID)

	tests := []struct {
		path, token  string
		want         int
		field, first string // the first row's field under the spec's order
	}{
		{"/api/v1/product/all", admin, 1000, "name", "P0001"},
		{"/api/v1/promotion/all", admin, 10, "name", "Promo11"},
		{"/api/v1/points/statement/" + cust, admin, 100, "transaction_identifier", "T101"},
		{"/api/v1/customer/" + cust + "/coupons", admin, 10, "coupon_identifier", "NF11"},
		{"/api/v1/ai/queries", admin, 50, "user_question", "q51"},
		{"/api/v1/ai/queries/all", admin, 50, "user_question", "q51"},
		{"/api/v1/users", admin, 10, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := env.do(http.MethodGet, tt.path, tt.token, nil)
			mustStatus(t, res, http.StatusOK)
			list := decodeList(t, res)
			if len(list) != tt.want {
				t.Fatalf("%d rows without limit, want the default %d", len(list), tt.want)
			}
			if tt.field != "" {
				if got := pluck(list[:1], tt.field)[0]; got != tt.first {
					t.Errorf("first row %s = %s, want %s", tt.field, got, tt.first)
				}
			}
		})
	}
	t.Run("coupons X-Total-Count counts every coupon", func(t *testing.T) {
		res := env.do(http.MethodGet, "/api/v1/customer/"+cust+"/coupons?limit=1", admin, nil)
		mustStatus(t, res, http.StatusOK)
		if got := res.Header.Get("X-Total-Count"); got != strconv.Itoa(11) {
			t.Errorf("X-Total-Count = %q, want 11", got)
		}
	})
}
