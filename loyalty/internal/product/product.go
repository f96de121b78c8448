// Package product owns the reward catalogue: products customers redeem points for, and
// add-on products (toppings) offered with the products that have toppings. Add-ons are
// linked to a product through the product's topping_skus.
package product

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

// Product is one catalogue entry.
type Product struct {
	ID              string    `json:"id"`
	SKU             string    `json:"sku"`
	Name            string    `json:"name"`
	Points          int       `json:"points"`
	Description     *string   `json:"description"`
	ImageURL        *string   `json:"image_url"`
	IsActive        bool      `json:"is_active"`
	Price           *float64  `json:"price"`
	DiscountPrice   *float64  `json:"discount_price"`
	ValidityDays    *int      `json:"validity_days"`
	MinimumPurchase *float64  `json:"minimum_purchase"`
	HasToppings     bool      `json:"has_toppings"`
	IsAddon         bool      `json:"is_addon"`
	MinQty          int       `json:"min_qty"`
	MaxQty          int       `json:"max_qty"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`

	// ToppingSKUs and Toppings are the add-ons linked to a product with toppings.
	ToppingSKUs []string  `json:"topping_skus" gorm:"-"`
	Toppings    []Topping `json:"toppings" gorm:"-"`
}

// Topping is an add-on as shown inside the product it is offered with.
type Topping struct {
	ID            string   `json:"id"`
	SKU           string   `json:"sku"`
	Name          string   `json:"name"`
	Points        int      `json:"points"`
	Description   *string  `json:"description"`
	ImageURL      *string  `json:"image_url"`
	IsActive      bool     `json:"is_active"`
	Price         *float64 `json:"price"`
	DiscountPrice *float64 `json:"discount_price"`
	MinQty        int      `json:"min_qty"`
	MaxQty        int      `json:"max_qty"`
}

// CreateInput is a new product. Nil pointers take the defaults of the spec: points 0,
// active, price 0, validity 2 days, no toppings, not an add-on, max_qty 0.
type CreateInput struct {
	SKU             string
	Name            string
	Points          *int
	Description     *string
	ImageURL        *string
	IsActive        *bool
	Price           *float64
	DiscountPrice   *float64
	ValidityDays    *int
	MinimumPurchase *float64
	HasToppings     *bool
	IsAddon         *bool
	MinQty          *int
	MaxQty          *int
	ToppingSKUs     []string
}

// Update holds the fields a PATCH sent. sku, name, points, is_active, has_toppings,
// is_addon, min_qty and max_qty cannot be null; the others are cleared by null.
// topping_skus replaces the linked add-ons (null or [] unlinks them all).
type Update struct {
	SKU             nullable.Field[string]   `json:"sku" validate:"omitempty,max=255"`
	Name            nullable.Field[string]   `json:"name" validate:"omitempty,max=255"`
	Points          nullable.Field[int]      `json:"points"`
	Description     nullable.Field[string]   `json:"description"`
	ImageURL        nullable.Field[string]   `json:"image_url"`
	IsActive        nullable.Field[bool]     `json:"is_active"`
	Price           nullable.Field[float64]  `json:"price"`
	DiscountPrice   nullable.Field[float64]  `json:"discount_price"`
	ValidityDays    nullable.Field[int]      `json:"validity_days"`
	MinimumPurchase nullable.Field[float64]  `json:"minimum_purchase"`
	HasToppings     nullable.Field[bool]     `json:"has_toppings"`
	IsAddon         nullable.Field[bool]     `json:"is_addon"`
	MinQty          nullable.Field[int]      `json:"min_qty"`
	MaxQty          nullable.Field[int]      `json:"max_qty"`
	ToppingSKUs     nullable.Field[[]string] `json:"topping_skus" validate:"omitempty,max=100,dive,max=255"`
}

// Repository reads and writes products.
type Repository struct{ db *gorm.DB }

// NewRepository returns a Repository over db.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// Failures callers tell apart (errors.Is).
var (
	ErrNotFound   = apperr.Define(apperr.NotFound, "product_not_found", "Product not found")
	ErrInactive   = apperr.Define(apperr.Conflict, "product_inactive", "Product is not active")
	ErrSKUTaken   = apperr.Define(apperr.Conflict, "product_sku_taken", "A product with this sku already exists")
	ErrIsATopping = apperr.Define(apperr.Conflict, "product_is_a_topping", "The product is a topping of other products")
)

// Create inserts a product and links its toppings, in one transaction.
func (s *Repository) Create(ctx context.Context, in CreateInput) (Product, error) {
	zero, two := 0.0, 2
	p := Product{
		ID:              uuid.NewString(),
		SKU:             strings.TrimSpace(in.SKU),
		Name:            strings.TrimSpace(in.Name),
		Points:          deref(in.Points, 0),
		Description:     in.Description,
		ImageURL:        in.ImageURL,
		IsActive:        deref(in.IsActive, true),
		Price:           orDefault(in.Price, &zero),
		DiscountPrice:   in.DiscountPrice,
		ValidityDays:    orDefault(in.ValidityDays, &two),
		MinimumPurchase: in.MinimumPurchase,
		HasToppings:     deref(in.HasToppings, false),
		IsAddon:         deref(in.IsAddon, false),
		MinQty:          deref(in.MinQty, 0),
		MaxQty:          deref(in.MaxQty, 0),
	}
	if err := p.check(in.ToppingSKUs); err != nil {
		return Product{}, err
	}
	var out Product
	err := database.Tx(ctx, s.db, database.CreatedRow("products", p.ID, productAdvice(p.ID)), func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := tx.Create(&p).Error; err != nil {
			return writeError(err, p.SKU)
		}
		if err := linkToppings(tx, p.ID, in.ToppingSKUs); err != nil {
			return err
		}
		// Read back inside the write: once it committed, nothing can fail the answer.
		var err error
		out, err = byID(ctx, tx, p.ID)
		return err
	})
	if err != nil {
		return Product{}, err
	}
	return out, nil
}

// Update applies the fields sent in u to product id, in one transaction.
func (s *Repository) Update(ctx context.Context, id string, u Update) (Product, error) {
	if err := u.validate(); err != nil {
		return Product{}, err
	}
	var out Product
	change, xact := database.UpdateInXact(productAdvice(id))
	err := database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := xact.Take(tx); err != nil {
			return err
		}
		p, err := database.LockByID[Product](tx, id, ErrNotFound)
		if err != nil {
			return err
		}
		changes := u.apply(&p)
		var toppings []string
		if u.ToppingSKUs.Set {
			toppings = u.ToppingSKUs.Value
		}
		if err := p.check(toppings); err != nil {
			return err
		}
		if u.IsAddon.Set && !p.IsAddon {
			if err := refuseIfTopping(tx, p); err != nil {
				return err
			}
		}
		if err := updateColumns(tx, p, changes); err != nil {
			return err
		}
		// Links follow the final state: a product without toppings keeps none.
		if u.ToppingSKUs.Set || !p.HasToppings {
			if err := relinkToppings(tx, p, toppings); err != nil {
				return err
			}
		}
		// Read back inside the write: once it committed, nothing can fail the answer.
		out, err = byID(ctx, tx, id)
		return err
	})
	if err != nil {
		return Product{}, err
	}
	return out, nil
}

func productAdvice(id string) string {
	return fmt.Sprintf("Look up product %s (GET /product/{product_id}) before sending the request again.", id)
}

// ByID returns one product with its toppings.
func (s *Repository) ByID(ctx context.Context, id string) (Product, error) {
	return byID(ctx, s.db, id)
}

// byID reads product id with its toppings through db (the pool or a write's transaction).
func byID(ctx context.Context, db *gorm.DB, id string) (Product, error) {
	var p Product
	err := db.WithContext(ctx).Where("id = ?", id).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Product{}, ErrNotFound
	}
	if err != nil {
		return Product{}, fmt.Errorf("load product %s: %w", id, err)
	}
	list := []Product{p}
	if err := withToppings(ctx, db, list); err != nil {
		return Product{}, err
	}
	return list[0], nil
}

// List returns products by name, inactive ones and add-ons included.
func (s *Repository) List(ctx context.Context, limit, offset int) ([]Product, error) {
	out := []Product{}
	if err := s.db.WithContext(ctx).Order("lower(name), sku").Limit(limit).Offset(offset).Find(&out).Error; err != nil {
		return nil, fmt.Errorf("list products: %w", err)
	}
	if err := withToppings(ctx, s.db, out); err != nil {
		return nil, err
	}
	return out, nil
}

// withToppings fills the toppings of every product in list with one query.
func withToppings(ctx context.Context, db *gorm.DB, list []Product) error {
	ids := make([]string, 0, len(list))
	for i := range list {
		list[i].ToppingSKUs = []string{}
		list[i].Toppings = []Topping{}
		if list[i].HasToppings {
			ids = append(ids, list[i].ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var rows []struct {
		ParentID string
		Topping
	}
	err := db.WithContext(ctx).Raw(`
		SELECT pt.product_id AS parent_id, t.id, t.sku, t.name, t.points, t.description, t.image_url,
		       t.is_active, t.price, t.discount_price, t.min_qty, t.max_qty
		FROM product_toppings pt JOIN products t ON t.id = pt.topping_id
		WHERE pt.product_id IN ?
		ORDER BY lower(t.name), t.sku`, ids).Scan(&rows).Error
	if err != nil {
		return fmt.Errorf("load toppings: %w", err)
	}
	byParent := map[string][]Topping{}
	for _, r := range rows {
		byParent[r.ParentID] = append(byParent[r.ParentID], r.Topping)
	}
	for i := range list {
		for _, t := range byParent[list[i].ID] {
			list[i].Toppings = append(list[i].Toppings, t)
			list[i].ToppingSKUs = append(list[i].ToppingSKUs, t.SKU)
		}
	}
	return nil
}

// refuseIfTopping refuses to make p a regular product while it is another's topping.
func refuseIfTopping(tx *gorm.DB, p Product) error {
	var parents int64
	if err := tx.Raw("SELECT count(*) FROM product_toppings WHERE topping_id = ?", p.ID).Scan(&parents).Error; err != nil {
		return fmt.Errorf("count parents of product %s: %w", p.ID, err)
	}
	if parents > 0 {
		return ErrIsATopping.Withf("Product %s is a topping of %d product(s); unlink it before making it a regular product", p.SKU, parents)
	}
	return nil
}

// updateColumns writes the columns an update changed (the set varies: GORM's builder
// writes the statement).
func updateColumns(tx *gorm.DB, p Product, changes map[string]any) error {
	if len(changes) == 0 {
		return nil
	}
	if err := tx.Model(&Product{}).Where("id = ?", p.ID).Updates(changes).Error; err != nil {
		return writeError(err, p.SKU)
	}
	return nil
}

// relinkToppings replaces p's topping links by the add-ons named by skus (none when p
// has no toppings).
func relinkToppings(tx *gorm.DB, p Product, skus []string) error {
	if err := tx.Exec("DELETE FROM product_toppings WHERE product_id = ?", p.ID).Error; err != nil {
		return fmt.Errorf("unlink toppings of %s: %w", p.ID, err)
	}
	if !p.HasToppings {
		return nil
	}
	return linkToppings(tx, p.ID, skus)
}

// linkToppings links the add-ons named by skus to product id. Every sku must name an
// existing add-on; the 422 points at the offending element of topping_skus.
func linkToppings(tx *gorm.DB, id string, skus []string) error {
	if len(skus) == 0 {
		return nil
	}
	var found []struct {
		ID      string
		SKU     string
		IsAddon bool
	}
	if err := tx.Raw("SELECT id, sku, is_addon FROM products WHERE sku IN ?", skus).Scan(&found).Error; err != nil {
		return fmt.Errorf("look up toppings: %w", err)
	}
	bySKU := map[string]int{}
	for i, f := range found {
		bySKU[f.SKU] = i
	}
	var fields validation.List
	linked := map[string]bool{}
	for i, sku := range skus {
		j, ok := bySKU[sku]
		switch {
		case !ok:
			fields.Add(validation.Value(fmt.Sprintf("No product with sku %q", sku), "topping_skus", i))
		case !found[j].IsAddon:
			fields.Add(validation.Value(fmt.Sprintf("Product %q is not an add-on (is_addon false)", sku), "topping_skus", i))
		case !linked[found[j].ID]:
			linked[found[j].ID] = true
			if err := tx.Exec("INSERT INTO product_toppings (product_id, topping_id) VALUES (?, ?)", id, found[j].ID).Error; err != nil {
				return fmt.Errorf("link topping %s to %s: %w", sku, id, err)
			}
		}
	}
	return fields.Err()
}

// apply copies the fields sent into p and returns the column changes.
func (u Update) apply(p *Product) map[string]any {
	changes := map[string]any{}
	if u.SKU.Set {
		p.SKU = strings.TrimSpace(u.SKU.Value)
		changes["sku"] = p.SKU
	}
	if u.Name.Set {
		p.Name = strings.TrimSpace(u.Name.Value)
		changes["name"] = p.Name
	}
	setInt := func(col string, f nullable.Field[int], dst *int) {
		if f.Set {
			*dst = f.Value
			changes[col] = f.Value
		}
	}
	setInt("points", u.Points, &p.Points)
	setInt("min_qty", u.MinQty, &p.MinQty)
	setInt("max_qty", u.MaxQty, &p.MaxQty)
	setBool := func(col string, f nullable.Field[bool], dst *bool) {
		if f.Set {
			*dst = f.Value
			changes[col] = f.Value
		}
	}
	setBool("is_active", u.IsActive, &p.IsActive)
	setBool("has_toppings", u.HasToppings, &p.HasToppings)
	setBool("is_addon", u.IsAddon, &p.IsAddon)
	setFloat := func(col string, f nullable.Field[float64], dst **float64) {
		if f.Set {
			*dst = f.Ptr()
			changes[col] = f.Ptr()
		}
	}
	setFloat("price", u.Price, &p.Price)
	setFloat("discount_price", u.DiscountPrice, &p.DiscountPrice)
	setFloat("minimum_purchase", u.MinimumPurchase, &p.MinimumPurchase)
	if u.ValidityDays.Set {
		p.ValidityDays = u.ValidityDays.Ptr()
		changes["validity_days"] = p.ValidityDays
	}
	if u.Description.Set {
		p.Description = u.Description.Ptr()
		changes["description"] = p.Description
	}
	if u.ImageURL.Set {
		p.ImageURL = u.ImageURL.Ptr()
		changes["image_url"] = p.ImageURL
	}
	return changes
}

// MaxValidityDays bounds validity_days (ten years): a redeem block expires that many
// days after it is made, and the date must stay representable (migration 00410 holds
// the same bound).
const MaxValidityDays = 3650

// maxMoney is the largest value a numeric(14,2) column holds.
const maxMoney = 999999999999.99

// check enforces the product rules as 422s: bounds of the columns (so no input can
// overflow them), and the topping rules.
func (p Product) check(toppingSKUs []string) error {
	var fields validation.List
	if p.SKU == "" {
		fields.Add(validation.StringTooShort(1, "sku"))
	}
	if p.Name == "" {
		fields.Add(validation.StringTooShort(1, "name"))
	}
	ints := []struct {
		name string
		v    *int
		max  int
	}{
		{"points", &p.Points, math.MaxInt32},
		{"validity_days", p.ValidityDays, MaxValidityDays},
		{"min_qty", &p.MinQty, math.MaxInt32},
		{"max_qty", &p.MaxQty, math.MaxInt32},
	}
	for _, f := range ints {
		switch {
		case f.v == nil:
		case *f.v < 0:
			fields.Add(validation.GreaterThanEqual(0, f.name))
		case *f.v > f.max:
			fields.Add(validation.LessThanEqual(f.max, f.name))
		}
	}
	money := []struct {
		name string
		v    *float64
	}{{"price", p.Price}, {"discount_price", p.DiscountPrice}, {"minimum_purchase", p.MinimumPurchase}}
	for _, f := range money {
		if f.v != nil && (*f.v < 0 || *f.v > maxMoney) {
			fields.Add(validation.MoneyOutOfRange(f.name))
		}
	}
	if p.MaxQty > 0 && p.MinQty > p.MaxQty {
		fields.Add(validation.Value("min_qty must not exceed max_qty", "min_qty"))
	}
	if p.IsAddon && p.HasToppings {
		fields.Add(validation.Value("An add-on (is_addon true) cannot have toppings of its own", "has_toppings"))
	}
	if len(toppingSKUs) > 0 && !p.HasToppings {
		fields.Add(validation.Value("Toppings can only be linked to a product with has_toppings true", "topping_skus"))
	}
	return fields.Err()
}

func (u Update) validate() error {
	return validation.RefuseNulls(
		validation.NotNull{Field: "sku", Type: "string_type", Null: u.SKU.Null},
		validation.NotNull{Field: "name", Type: "string_type", Null: u.Name.Null},
		validation.NotNull{Field: "points", Type: "int_type", Null: u.Points.Null},
		validation.NotNull{Field: "is_active", Type: "bool_type", Null: u.IsActive.Null},
		validation.NotNull{Field: "has_toppings", Type: "bool_type", Null: u.HasToppings.Null},
		validation.NotNull{Field: "is_addon", Type: "bool_type", Null: u.IsAddon.Null},
		validation.NotNull{Field: "min_qty", Type: "int_type", Null: u.MinQty.Null},
		validation.NotNull{Field: "max_qty", Type: "int_type", Null: u.MaxQty.Null},
	)
}

func writeError(err error, sku string) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrSKUTaken.Withf("A product with sku %q already exists", sku)
	}
	return fmt.Errorf("write product %s: %w", sku, err)
}

func deref[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

func orDefault[T any](p, def *T) *T {
	if p == nil {
		return def
	}
	return p
}
