package redeem

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/product"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// defaultValidityDays applies to products whose validity_days is null.
const defaultValidityDays = 2

// ProductRef names a product by id or by sku (id wins when both are given).
type ProductRef struct {
	ProductID string
	SKU       string
}

func (p ProductRef) String() string {
	if p.ProductID != "" {
		return p.ProductID
	}
	return p.SKU
}

// ItemRequest is one reward product to redeem, with its toppings (add-on products; qty is
// the topping's total for the line).
type ItemRequest struct {
	ProductRef
	Qty       int
	Toppings  []ToppingRequest
	StoreCode *string
}

// ToppingRequest is an add-on of an item.
type ToppingRequest struct {
	ProductRef
	Qty int
}

// BlockRequest reserves points of one customer for a set of products under one redeem id.
type BlockRequest struct {
	CustomerID string
	Items      []ItemRequest
	UserAt     string
}

type rewardProduct struct {
	ID           string
	SKU          string
	Name         string
	Points       int64
	IsActive     bool
	IsAddon      bool
	ValidityDays *int
	MinQty       int
	MaxQty       int
}

// Block checks the products, then in one transaction writes the R entry (which deducts
// the points, 409 when the balance is short), the redeem (pending, expiring after the
// smallest validity_days of its products) and its items.
func (s *Service) Block(ctx context.Context, req BlockRequest) (Redeem, error) {
	if len(req.Items) == 0 {
		return Redeem{}, apperr.Validation(validation.ListTooShort(1, 0))
	}
	products, err := s.products(ctx, req.Items)
	if err != nil {
		return Redeem{}, err
	}
	lines, total, validity, names, err := price(req.Items, products)
	if err != nil {
		return Redeem{}, err
	}
	if err := s.checkToppings(ctx, req.Items, products); err != nil {
		return Redeem{}, err
	}
	storeCode := req.Items[0].StoreCode

	var out Redeem
	redeemID := uuid.NewString() // the key a lost commit is looked up by
	change := database.Change{
		What: fmt.Sprintf("Look up redeem %s (the redeem_id of an R entry in GET /points/statement/{customer_id}) before sending the request again.", redeemID),
		Committed: func(ctx context.Context, db *gorm.DB) (bool, error) {
			r, err := load(ctx, db, redeemID)
			if errors.Is(err, ErrNotFound) {
				return false, nil
			}
			out = r
			return err == nil, err
		},
	}
	err = ledger.InTx(ctx, s.db, change, func(tx *gorm.DB) error {
		db := tx.WithContext(ctx)
		entry, _, err := ledger.Post(ctx, tx, ledger.NewEntry{
			CustomerID: req.CustomerID, Type: ledger.TypeRedeem, Points: -total,
			Description: "Redeem " + strings.Join(names, ", "), StoreCode: storeCode,
			UserAt: req.UserAt, TransactionDate: time.Now(), RedeemID: &redeemID,
		})
		if err != nil {
			return err
		}
		if err := db.Exec(`INSERT INTO redeems (id, customer_id, points_entry_id, status, store_code, total_points, expires_at)
			VALUES (?, ?, ?, 'pending', ?, ?, now() + make_interval(days => ?))`,
			redeemID, req.CustomerID, entry.ID, storeCode, total, validity).Error; err != nil {
			return fmt.Errorf("insert redeem: %w", err)
		}
		var values []string
		var args []any
		for _, l := range lines {
			values = append(values, "(?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, l.id, redeemID, req.CustomerID, l.productID, l.parentID, l.qty, l.points, l.storeCode)
		}
		if err := db.Exec(`INSERT INTO redeem_items (id, redeem_id, customer_id, product_id, parent_item_id, qty, points, store_code) VALUES `+
			strings.Join(values, ", "), args...).Error; err != nil {
			return fmt.Errorf("insert redeem items: %w", err)
		}
		if out, err = load(ctx, tx, redeemID); err != nil {
			return err
		}
		return s.record(ctx, tx, event.RedeemBlocked, out)
	})
	return out, err
}

// products loads every product the request names; 404 for an unknown one, 409 for an
// inactive one.
func (s *Service) products(ctx context.Context, items []ItemRequest) (map[ProductRef]rewardProduct, error) {
	var ids, skus []string
	add := func(r ProductRef, loc []any) error {
		if r.ProductID != "" {
			if _, err := uuid.Parse(r.ProductID); err != nil {
				return apperr.Validation(validation.NotUUID(append(loc, "product_id")...))
			}
			ids = append(ids, r.ProductID)
		} else {
			skus = append(skus, r.SKU)
		}
		return nil
	}
	for i, it := range items {
		if err := add(it.ProductRef, []any{i}); err != nil {
			return nil, err
		}
		for j, t := range it.Toppings {
			if err := add(t.ProductRef, []any{i, "toppings", j}); err != nil {
				return nil, err
			}
		}
	}
	var rows []rewardProduct
	q := s.db.WithContext(ctx).Table("products").Select("id, sku, name, points, is_active, is_addon, validity_days, min_qty, max_qty")
	switch {
	case len(ids) > 0 && len(skus) > 0:
		q = q.Where("id IN ? OR sku IN ?", ids, skus)
	case len(ids) > 0:
		q = q.Where("id IN ?", ids)
	default:
		q = q.Where("sku IN ?", skus)
	}
	if err := q.Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load products: %w", err)
	}
	byRef := map[ProductRef]rewardProduct{}
	for _, p := range rows {
		byRef[ProductRef{ProductID: p.ID}] = p
		byRef[ProductRef{SKU: p.SKU}] = p
	}
	check := func(r ProductRef) error {
		p, ok := byRef[key(r)]
		if !ok {
			return product.ErrNotFound.Withf("Product not found: %s", r)
		}
		if !p.IsActive {
			return product.ErrInactive.Withf("Product %s is not active", p.SKU)
		}
		return nil
	}
	for _, it := range items {
		if err := check(it.ProductRef); err != nil {
			return nil, err
		}
		for _, t := range it.Toppings {
			if err := check(t.ProductRef); err != nil {
				return nil, err
			}
		}
	}
	return byRef, nil
}

// key is the map key of a reference: the id when given, else the sku.
func key(r ProductRef) ProductRef {
	if r.ProductID != "" {
		return ProductRef{ProductID: strings.ToLower(r.ProductID)}
	}
	return ProductRef{SKU: r.SKU}
}

type line struct {
	id, productID string
	parentID      *string
	qty           int
	points        int64
	storeCode     *string
}

// price turns the request into item rows and totals: points, validity (smallest
// validity_days of the main products) and the products' names.
func price(items []ItemRequest, products map[ProductRef]rewardProduct) (lines []line, total int64, validity int, names []string, err error) {
	validity = -1
	qtyOf := map[string]int{}
	for i, it := range items {
		p := products[key(it.ProductRef)]
		if p.IsAddon {
			return nil, 0, 0, nil, apperr.Validation(validation.Value(fmt.Sprintf("Product %s is an add-on: send it as a topping of a product", p.SKU), i))
		}
		if p.MinQty > 0 && it.Qty < p.MinQty {
			return nil, 0, 0, nil, apperr.Validation(validation.GreaterThanEqual(p.MinQty, i, "qty"))
		}
		qtyOf[p.ID] += it.Qty
		if p.MaxQty > 0 && qtyOf[p.ID] > p.MaxQty {
			return nil, 0, 0, nil, apperr.Validation(validation.LessThanEqual(p.MaxQty, i, "qty"))
		}
		days := defaultValidityDays
		if p.ValidityDays != nil {
			days = max(*p.ValidityDays, 0)
		}
		if validity < 0 || days < validity {
			validity = days
		}
		parent := line{id: uuid.NewString(), productID: p.ID, qty: it.Qty, points: p.Points * int64(it.Qty), storeCode: it.StoreCode}
		lines = append(lines, parent)
		total += parent.points
		names = append(names, p.Name)
		for _, t := range it.Toppings {
			tp := products[key(t.ProductRef)]
			l := line{id: uuid.NewString(), productID: tp.ID, parentID: &parent.id, qty: t.Qty, points: tp.Points * int64(t.Qty), storeCode: it.StoreCode}
			lines = append(lines, l)
			total += l.points
		}
	}
	return lines, total, validity, names, nil
}

// checkToppings refuses a topping that is not an add-on linked to its item's product.
func (s *Service) checkToppings(ctx context.Context, items []ItemRequest, products map[ProductRef]rewardProduct) error {
	var parents []string
	for _, it := range items {
		if len(it.Toppings) > 0 {
			parents = append(parents, products[key(it.ProductRef)].ID)
		}
	}
	if len(parents) == 0 {
		return nil
	}
	var links []struct{ ProductID, ToppingID string }
	if err := s.db.WithContext(ctx).Raw(`SELECT product_id, topping_id FROM product_toppings WHERE product_id IN ?`, parents).Scan(&links).Error; err != nil {
		return fmt.Errorf("load product toppings: %w", err)
	}
	linked := map[[2]string]bool{}
	for _, l := range links {
		linked[[2]string{l.ProductID, l.ToppingID}] = true
	}
	for i, it := range items {
		p := products[key(it.ProductRef)]
		for j, t := range it.Toppings {
			tp := products[key(t.ProductRef)]
			if !tp.IsAddon || !linked[[2]string{p.ID, tp.ID}] {
				return apperr.Validation(validation.Value(fmt.Sprintf("Product %s is not a topping of %s", tp.SKU, p.SKU), i, "toppings", j))
			}
		}
	}
	return nil
}
