package httpapi_test

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
)

// The fixtures of this package: the rows a test needs before it calls the route under
// test, inserted with SQL (fast, and independent of the routes other tests check). One
// family for every area: sqlCustomer, sqlStore, sqlProduct, sqlPromotion, sqlRedeem,
// and insertRow beneath them for any other table. A create route is tested by calling
// it, never through a fixture.

var fixtureSeq atomic.Int64

// cols is a row's column values.
type cols = map[string]any

// sqlCustomer inserts an active customer and returns its id and doc. over sets or
// overrides columns: the defaults are a unique doc, the name "Cliente N", an e-mail made
// from the name, a phone and now. A "points_balance" becomes a credit entry (the
// ledger owns the balance); a "created_at" is also the row's updated_at.
func (e *testEnv) sqlCustomer(over ...cols) (id, doc string) {
	e.t.Helper()
	n := fixtureSeq.Add(1)
	row := cols{"doc": fmt.Sprintf("%011d", 90000000000+n), "name": fmt.Sprintf("Cliente %d", n), "phone": "+5511999990000"}
	for _, o := range over {
		for k, v := range o {
			row[k] = v
		}
	}
	if _, ok := row["email"]; !ok {
		row["email"] = strings.ToLower(strings.ReplaceAll(row["name"].(string), " ", ".")) + "@example.com"
	}
	if at, ok := row["created_at"]; ok {
		if _, ok := row["updated_at"]; !ok {
			row["updated_at"] = at
		}
	}
	balance, hasBalance := row["points_balance"]
	delete(row, "points_balance")
	id = e.insertRow("customers", row)
	if hasBalance {
		at, ok := row["created_at"]
		if !ok {
			at = time.Now()
		}
		e.exec(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date) VALUES (?, 'C', ?, ?)`, id, balance, at)
		if updated, ok := row["updated_at"]; ok {
			// Keep the fixture's updated_at (the balance change bumped it): this test
			// database is the test's own, so switching the trigger off for one statement
			// is harmless.
			e.exec(`ALTER TABLE customers DISABLE TRIGGER customers_updated_at`)
			e.exec(`UPDATE customers SET updated_at = ? WHERE id = ?`, updated, id)
			e.exec(`ALTER TABLE customers ENABLE TRIGGER customers_updated_at`)
		}
	}
	return id, fmt.Sprint(row["doc"])
}

// sqlStore inserts an active store named "Loja CODE" (unless over names it) and
// returns its id.
func (e *testEnv) sqlStore(code, document string, over ...cols) string {
	e.t.Helper()
	row := cols{"store_code": code, "name": "Loja " + code, "document": document}
	for _, o := range over {
		for k, v := range o {
			row[k] = v
		}
	}
	return e.insertRow("stores", row)
}

// sqlProduct inserts an active reward product and returns its id.
func (e *testEnv) sqlProduct(sku string, points int64, validityDays int, over ...cols) string {
	e.t.Helper()
	row := cols{"sku": sku, "name": "Produto " + sku, "points": points, "validity_days": validityDays}
	for _, o := range over {
		for k, v := range o {
			row[k] = v
		}
	}
	return e.insertRow("products", row)
}

// sqlPromotion inserts a promotion running from 30 days ago to 30 days ahead.
func (e *testEnv) sqlPromotion(multiplier string, bonus int, storeCodes string) {
	e.t.Helper()
	e.exec(`INSERT INTO promotions (name, start_date, end_date, points_multiplier, bonus_points, store_codes)
		VALUES ('Promo', now() - interval '30 days', now() + interval '30 days', ?::numeric, ?, ?::text[])`, multiplier, bonus, storeCodes)
}

// redeemLine is one product of a redeem fixture, with its toppings (product id -> qty).
type redeemLine struct {
	productID string
	qty       int
	toppings  map[string]int
}

// sqlRedeem stores a redeem block the way the ledger does: one redeems row and its
// items, a topping item pointing at its parent item. It returns the redeem's id.
func (e *testEnv) sqlRedeem(customerID, status string, lines ...redeemLine) string {
	e.t.Helper()
	redeemID := uuid.NewString()
	e.exec(`INSERT INTO redeems (id, customer_id, status, total_points, expires_at) VALUES (?, ?, ?, 0, now() + interval '2 days')`, redeemID, customerID, status)
	for _, l := range lines {
		parent := uuid.NewString()
		e.exec(`INSERT INTO redeem_items (id, redeem_id, customer_id, product_id, qty, points) VALUES (?, ?, ?, ?, ?, 0)`, parent, redeemID, customerID, l.productID, l.qty)
		for pid, qty := range l.toppings {
			e.exec(`INSERT INTO redeem_items (redeem_id, customer_id, product_id, parent_item_id, qty, points) VALUES (?, ?, ?, ?, ?, 0)`, redeemID, customerID, pid, parent, qty)
		}
	}
	return redeemID
}

// sqlBalance reads a customer's points_balance.
func (e *testEnv) sqlBalance(customerID string) int64 {
	e.t.Helper()
	var b int64
	if err := e.DB.Raw(`SELECT points_balance FROM customers WHERE id = ?`, customerID).Scan(&b).Error; err != nil {
		e.t.Fatal(err)
	}
	return b
}

// insertRow inserts one row with the given columns and returns its id.
func (e *testEnv) insertRow(table string, row cols) string {
	e.t.Helper()
	names := make([]string, 0, len(row))
	for name := range row {
		names = append(names, name)
	}
	sort.Strings(names)
	marks := make([]string, len(names))
	args := make([]any, len(names))
	for i, name := range names {
		marks[i] = "?"
		args[i] = row[name]
	}
	var id string
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) RETURNING id::text", table, strings.Join(names, ", "), strings.Join(marks, ", "))
	if err := e.DB.Raw(q, args...).Scan(&id).Error; err != nil {
		e.t.Fatalf("insert into %s %v: %v", table, row, err)
	}
	return id
}

func (e *testEnv) exec(q string, args ...any) {
	e.t.Helper()
	if err := e.DB.Exec(q, args...).Error; err != nil {
		e.t.Fatalf("%s: %v", q, err)
	}
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
