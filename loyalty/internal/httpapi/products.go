package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/product"
)

// productHandlers serve /product: reward products and their add-ons (toppings).
type productHandlers struct {
	base
	products *product.Repository
}

// ProductCreate is the body of POST /product. Defaults: points 0, is_active true, price
// 0, validity_days 2, has_toppings false, is_addon false, min_qty 0, max_qty 0.
// topping_skus links existing add-on products (is_addon true) to a product with
// has_toppings true.
type ProductCreate struct {
	SKU             string   `json:"sku" validate:"required,max=255"`
	Name            string   `json:"name" validate:"required,max=255"`
	Points          *int     `json:"points" default:"0"`
	Description     *string  `json:"description"`
	ImageURL        *string  `json:"image_url"`
	IsActive        *bool    `json:"is_active" default:"true"`
	Price           *float64 `json:"price" default:"0"`
	DiscountPrice   *float64 `json:"discount_price"`
	ValidityDays    *int     `json:"validity_days" default:"2"`
	MinimumPurchase *float64 `json:"minimum_purchase"`
	HasToppings     *bool    `json:"has_toppings" default:"false"`
	IsAddon         *bool    `json:"is_addon" default:"false"`
	MinQty          *int     `json:"min_qty" default:"0"`
	MaxQty          *int     `json:"max_qty" default:"0"`
	ToppingSKUs     []string `json:"topping_skus" validate:"omitempty,max=100,dive,max=255"`
}

func (h *productHandlers) create(c echo.Context) error {
	var req ProductCreate
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	p, err := h.products.Create(c.Request().Context(), product.CreateInput{
		SKU: req.SKU, Name: req.Name, Points: req.Points, Description: req.Description, ImageURL: req.ImageURL,
		IsActive: req.IsActive, Price: req.Price, DiscountPrice: req.DiscountPrice, ValidityDays: req.ValidityDays,
		MinimumPurchase: req.MinimumPurchase, HasToppings: req.HasToppings, IsAddon: req.IsAddon,
		MinQty: req.MinQty, MaxQty: req.MaxQty, ToppingSKUs: req.ToppingSKUs,
	})
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusCreated, p)
}

func (h *productHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(1000, listMaxLimit)
	if err := q.Err(); err != nil {
		return err
	}
	list, err := h.products.List(c.Request().Context(), lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

func (h *productHandlers) get(c echo.Context) error {
	id, err := PathUUID(c, "product_id")
	if err != nil {
		return err
	}
	p, err := h.products.ByID(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

func (h *productHandlers) update(c echo.Context) error {
	id, err := PathUUID(c, "product_id")
	if err != nil {
		return err
	}
	var u product.Update
	if err := h.bind.JSON(c, &u); err != nil {
		return err
	}
	p, err := h.products.Update(c.Request().Context(), id, u)
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusOK, p)
}
