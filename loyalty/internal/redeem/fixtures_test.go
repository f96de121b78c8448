package redeem_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

type env struct {
	t       testing.TB
	db      *gorm.DB
	ledger  *ledger.Service
	redeems *redeem.Service
}

func newEnv(t testing.TB, conns int) *env {
	t.Helper()
	db := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: conns})
	return &env{t: t, db: db, ledger: ledger.NewService(db, ledger.Config{}), redeems: redeem.NewService(db)}
}

var seq atomic.Int64

// customer inserts an active customer and credits it points through the ledger.
func (e *env) customer(points int64) string {
	e.t.Helper()
	n := seq.Add(1)
	var id string
	if err := e.db.Raw(`INSERT INTO customers (name, doc, email, phone) VALUES (?, ?, ?, '11999999999') RETURNING id`,
		fmt.Sprintf("Customer %d", n), fmt.Sprintf("%011d", n), fmt.Sprintf("c%d@example.com", n)).Scan(&id).Error; err != nil {
		e.t.Fatalf("insert customer: %v", err)
	}
	if points > 0 {
		if _, _, err := e.ledger.Credit(context.Background(), ledger.Movement{CustomerID: id, Points: points, Description: "seed", TransactionDate: time.Now()}); err != nil {
			e.t.Fatalf("seed credit: %v", err)
		}
	}
	return id
}

type productOpts struct {
	points        int64
	validityDays  *int
	addon, active bool
	minQty        int
	maxQty        int
}

// product inserts a product and returns its id; sku is unique per call.
func (e *env) product(sku string, o productOpts) string {
	e.t.Helper()
	var id string
	if err := e.db.Raw(`INSERT INTO products (sku, name, points, validity_days, is_addon, is_active, min_qty, max_qty, has_toppings)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, sku, "Product "+sku, o.points, o.validityDays, o.addon, o.active, o.minQty, o.maxQty, !o.addon).Scan(&id).Error; err != nil {
		e.t.Fatalf("insert product: %v", err)
	}
	return id
}

func (e *env) linkTopping(productID, toppingID string) {
	e.t.Helper()
	if err := e.db.Exec(`INSERT INTO product_toppings (product_id, topping_id) VALUES (?, ?)`, productID, toppingID).Error; err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) balance(customerID string) int64 {
	e.t.Helper()
	b, err := e.ledger.Balance(context.Background(), customerID)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *env) block(customerID string, items ...redeem.ItemRequest) (redeem.Redeem, error) {
	return e.redeems.Block(context.Background(), redeem.BlockRequest{CustomerID: customerID, Items: items, UserAt: "test"})
}

func item(productID string, qty int) redeem.ItemRequest {
	return redeem.ItemRequest{ProductRef: redeem.ProductRef{ProductID: productID}, Qty: qty}
}

// assertInvariant checks the balance invariant with its own query and both audits.
func (e *env) assertInvariant() {
	e.t.Helper()
	var bad []string
	if err := e.db.Raw(`SELECT c.id FROM customers c
		WHERE c.points_balance < 0 OR c.points_pending < 0
		   OR c.points_balance + c.points_pending <> (SELECT COALESCE(sum(points), 0) FROM points_entries p WHERE p.customer_id = c.id)`).Scan(&bad).Error; err != nil {
		e.t.Fatal(err)
	}
	if len(bad) > 0 {
		e.t.Errorf("balance differs from the sum of entries for customers %v", bad)
	}
	for _, audit := range []func(context.Context, *gorm.DB) ([]string, error){ledger.Audit, redeem.Audit} {
		problems, err := audit(context.Background(), e.db)
		if err != nil {
			e.t.Fatal(err)
		}
		for _, p := range problems {
			e.t.Errorf("audit: %s", p)
		}
	}
}

func ptr[T any](v T) *T { return &v }
