package httpapi_test

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// Fixtures of the ledger tests, inserted with SQL: customers, stores, products and
// promotions belong to another area's routes.

var fixtureSeq atomic.Int64

// sqlCustomer inserts an active customer with balance 0 and returns its id and doc.
func (e *testEnv) sqlCustomer() (id, doc string) {
	e.t.Helper()
	n := fixtureSeq.Add(1)
	doc = fmt.Sprintf("%011d", 90000000000+n)
	if err := e.DB.Raw(`INSERT INTO customers (name, doc, email, phone) VALUES (?, ?, ?, '11988887777') RETURNING id`,
		fmt.Sprintf("Cliente %d", n), doc, fmt.Sprintf("cliente%d@example.com", n)).Scan(&id).Error; err != nil {
		e.t.Fatalf("insert customer: %v", err)
	}
	return id, doc
}

func (e *testEnv) sqlStore(code, document string) {
	e.t.Helper()
	if err := e.DB.Exec(`INSERT INTO stores (store_code, name, document) VALUES (?, ?, ?)`, code, "Loja "+code, document).Error; err != nil {
		e.t.Fatalf("insert store: %v", err)
	}
}

func (e *testEnv) sqlProduct(sku string, points int64, validityDays int) string {
	e.t.Helper()
	var id string
	if err := e.DB.Raw(`INSERT INTO products (sku, name, points, validity_days) VALUES (?, ?, ?, ?) RETURNING id`,
		sku, "Produto "+sku, points, validityDays).Scan(&id).Error; err != nil {
		e.t.Fatalf("insert product: %v", err)
	}
	return id
}

func (e *testEnv) sqlPromotion(multiplier string, bonus int, storeCodes string) {
	e.t.Helper()
	if err := e.DB.Exec(`INSERT INTO promotions (name, start_date, end_date, points_multiplier, bonus_points, store_codes)
		VALUES ('Promo', now() - interval '30 days', now() + interval '30 days', ?::numeric, ?, ?::text[])`, multiplier, bonus, storeCodes).Error; err != nil {
		e.t.Fatalf("insert promotion: %v", err)
	}
}

func (e *testEnv) sqlBalance(customerID string) int64 {
	e.t.Helper()
	var b int64
	if err := e.DB.Raw(`SELECT points_balance FROM customers WHERE id = ?`, customerID).Scan(&b).Error; err != nil {
		e.t.Fatal(err)
	}
	return b
}

// credit posts a credit over HTTP and fails the test unless it is a 201.
func (e *testEnv) credit(token, customerID string, points int64) map[string]any {
	e.t.Helper()
	res := e.do(http.MethodPost, "/api/v1/points/credit", token, map[string]any{
		"customer_id": customerID, "points": points, "description": "seed", "transaction_date": time.Now().Format(time.RFC3339),
	})
	if res.Status != http.StatusCreated {
		e.t.Fatalf("credit: %d %s", res.Status, res.Body)
	}
	var out map[string]any
	res.JSON(e.t, &out)
	return out
}

// mustStatus fails the test when res has another status.
func mustStatus(t *testing.T, res response, want int) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status = %d, want %d; body %s", res.Status, want, res.Body)
	}
}
