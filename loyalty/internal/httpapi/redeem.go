package httpapi

import (
	"math"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
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

// redeemHandlers serve /points/redeem: the redemption life cycle and the store
// statement of redeems.
type redeemHandlers struct {
	base
	redeems *redeem.Service
}

func (h *redeemHandlers) block(c echo.Context) error {
	items, err := JSONList[redeemItemRequest](h.bind, c, 1, maxRedeemItems)
	if err != nil {
		return err
	}
	req := redeem.BlockRequest{UserAt: userAt(c, nil)}
	for i, it := range items {
		customerID := strings.ToLower(it.CustomerID)
		if i == 0 {
			req.CustomerID = customerID
		} else if customerID != req.CustomerID {
			return apperr.Validation(validation.Value("All items of a redeem must belong to the same customer", inBodyRoot, i, "customer_id"))
		}
		item := redeem.ItemRequest{ProductRef: productRef(it.ProductID, it.SKU), Qty: *it.Qty, StoreCode: it.StoreCode}
		for _, t := range it.Toppings {
			item.Toppings = append(item.Toppings, redeem.ToppingRequest{ProductRef: productRef(t.ProductID, t.SKU), Qty: *t.Qty})
		}
		req.Items = append(req.Items, item)
	}
	r, err := h.redeems.Block(c.Request().Context(), req)
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusCreated, r)
}

func productRef(id, sku *string) redeem.ProductRef {
	if id != nil {
		return redeem.ProductRef{ProductID: strings.ToLower(*id)}
	}
	return redeem.ProductRef{SKU: strings.TrimSpace(*sku)}
}

func (h *redeemHandlers) cancel(c echo.Context) error {
	id, err := pathID(c, "redeem_id", redeem.ErrNotFound)
	if err != nil {
		return err
	}
	res, err := h.redeems.Cancel(c.Request().Context(), id, userAt(c, nil))
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

func (h *redeemHandlers) apply(c echo.Context) error {
	var req redeemApplyRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	r, err := h.redeems.Apply(c.Request().Context(), strings.ToLower(req.PointsID), req.CouponIdentifier, req.StoreCode)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

func (h *redeemHandlers) rollback(c echo.Context) error {
	var req redeemRollbackRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	r, err := h.redeems.Rollback(c.Request().Context(), strings.ToLower(req.PointsID))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

func (h *redeemHandlers) storeStatement(c echo.Context) error {
	q := NewQuery(c)
	store := q.Required("store_document")
	year, month := q.Month("period")
	status := q.OneOf("status", "redeemed", "redeemed", "all")
	// The bound keeps (page-1)*limit, the rows skipped, far from integer overflow.
	page := q.Int("page", pagination.Bounds{Default: 1, Min: 1, Max: math.MaxInt32})
	limit := q.Int("limit", pagination.Bounds{Default: 100, Min: 1, Max: listMaxLimit})
	loc := q.Zone("timezone")
	if err := q.Err(); err != nil {
		return err
	}
	sq := redeem.StatementQuery{Year: year, Month: month, OnlyRedeemed: status == "redeemed", Location: loc, Page: page, Limit: limit}
	if !strings.EqualFold(store, "ALL") {
		sq.StoreDocument = store
	}
	st, err := h.redeems.StoreStatement(c.Request().Context(), sq)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, st)
}
