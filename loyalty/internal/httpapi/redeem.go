package httpapi

import (
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
)

// redeemItemRequest is one element of the redeem create array (POST /points/redeem/block).
type redeemItemRequest struct {
	CustomerID string                 `json:"customer_id" validate:"required,uuid"`
	ProductID  *string                `json:"product_id" validate:"required_without=SKU,omitempty,uuid"`
	SKU        *string                `json:"sku" validate:"required_without=ProductID,omitempty,max=255"`
	Qty        *int                   `json:"qty" validate:"required,gte=1,lte=1000"`
	Toppings   []redeemToppingRequest `json:"toppings" validate:"omitempty,max=50,dive"`
	StoreCode  *string                `json:"store_code" validate:"omitempty,max=255"`
}

type redeemToppingRequest struct {
	ProductID *string `json:"product_id" validate:"required_without=SKU,omitempty,uuid"`
	SKU       *string `json:"sku" validate:"required_without=ProductID,omitempty,max=255"`
	Qty       *int    `json:"qty" validate:"required,gte=1,lte=1000"`
}

// maxRedeemItems bounds one block.
const maxRedeemItems = 100

func (a *API) blockRedeem(c echo.Context) error {
	var items []redeemItemRequest
	if err := decodeJSON(c.Request().Body, &items); err != nil {
		return err
	}
	switch {
	case len(items) == 0:
		return apperr.Validation(apperr.Field("List should have at least 1 item after validation, not 0", "too_short", "body"))
	case len(items) > maxRedeemItems:
		return apperr.Validation(apperr.Field("List should have at most "+strconv.Itoa(maxRedeemItems)+" items", "too_long", "body"))
	}
	req := redeem.BlockRequest{UserAt: userAt(c, nil)}
	for i, it := range items {
		if err := a.bind.Struct(&items[i], "body"); err != nil {
			return atIndex(err, i)
		}
		customerID := strings.ToLower(it.CustomerID)
		if i == 0 {
			req.CustomerID = customerID
		} else if customerID != req.CustomerID {
			return apperr.Validation(apperr.Field("All items of a redeem must belong to the same customer", "value_error", "body", i, "customer_id"))
		}
		item := redeem.ItemRequest{ProductRef: productRef(it.ProductID, it.SKU), Qty: *it.Qty, StoreCode: it.StoreCode}
		for _, t := range it.Toppings {
			item.Toppings = append(item.Toppings, redeem.ToppingRequest{ProductRef: productRef(t.ProductID, t.SKU), Qty: *t.Qty})
		}
		req.Items = append(req.Items, item)
	}
	r, err := a.redeems.Block(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, r)
}

// atIndex puts the array index of a body item into the loc of its validation errors.
func atIndex(err error, i int) error {
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Invalid {
		return err
	}
	fields := make([]apperr.FieldError, len(e.Fields))
	for k, f := range e.Fields {
		loc := append([]any{"body", i}, f.Loc[1:]...)
		fields[k] = apperr.FieldError{Loc: loc, Msg: f.Msg, Type: f.Type}
	}
	return apperr.Validation(fields...)
}

func productRef(id, sku *string) redeem.ProductRef {
	if id != nil {
		return redeem.ProductRef{ProductID: strings.ToLower(*id)}
	}
	return redeem.ProductRef{SKU: strings.TrimSpace(*sku)}
}

func (a *API) cancelRedeem(c echo.Context) error {
	id := c.Param("redeem_id")
	if !isUUID(id) {
		return apperr.New(apperr.NotFound, "Redeem not found")
	}
	res, err := a.redeems.Cancel(c.Request().Context(), strings.ToLower(id), userAt(c, nil))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

// redeemApplyRequest applies the redeem of an R entry (points_id) to a coupon.
type redeemApplyRequest struct {
	PointsID         string  `json:"points_id" validate:"required,uuid"`
	CouponIdentifier string  `json:"coupon_identifier" validate:"required,max=255"`
	StoreCode        *string `json:"store_code" validate:"omitempty,max=255"`
}

// redeemRollbackRequest undoes the application of the redeem of an R entry.
type redeemRollbackRequest struct {
	PointsID string `json:"points_id" validate:"required,uuid"`
}

func (a *API) applyRedeem(c echo.Context) error {
	var req redeemApplyRequest
	if err := a.bind.JSON(c, &req); err != nil {
		return err
	}
	r, err := a.redeems.Apply(c.Request().Context(), strings.ToLower(req.PointsID), req.CouponIdentifier, req.StoreCode)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

func (a *API) rollbackRedeem(c echo.Context) error {
	var req redeemRollbackRequest
	if err := a.bind.JSON(c, &req); err != nil {
		return err
	}
	r, err := a.redeems.Rollback(c.Request().Context(), strings.ToLower(req.PointsID))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

func (a *API) storeRedeemStatement(c echo.Context) error {
	q := NewQuery(c)
	store := q.Required("store_document")
	year, month := q.Month("period")
	status := q.OneOf("status", "redeemed", "redeemed", "all")
	// The bound keeps (page-1)*limit, the rows skipped, far from integer overflow.
	page := q.Int("page", pagination.Bounds{Default: 1, Min: 1, Max: math.MaxInt32})
	limit := q.Int("limit", pagination.Bounds{Default: 100, Min: 1, Max: 1000})
	tz := q.String("timezone")
	if tz == "" {
		tz = "America/Sao_Paulo"
	}
	if err := q.Err(); err != nil {
		return err
	}
	sq := redeem.StatementQuery{Year: year, Month: month, OnlyRedeemed: status == "redeemed", TimeZone: tz, Page: page, Limit: limit}
	if !strings.EqualFold(store, "ALL") {
		sq.StoreDocument = store
	}
	st, err := a.redeems.StoreStatement(c.Request().Context(), sq)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, st)
}
