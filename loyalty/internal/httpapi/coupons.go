package httpapi

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
)

// couponHandlers serve /customer/{customer_id}/coupons: a customer's sale coupons.
type couponHandlers struct {
	base
	ledger *ledger.Service
}

func (h *couponHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, listMaxLimit)
	if err := q.Err(); err != nil {
		return err
	}
	id, err := PathUUID(c, "customer_id")
	if err != nil {
		return err
	}
	coupons, total, err := h.ledger.Coupons(c.Request().Context(), id, lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	c.Response().Header().Set("X-Total-Count", strconv.FormatInt(total, 10))
	return c.JSON(http.StatusOK, coupons)
}

func (h *couponHandlers) search(c echo.Context) error {
	q := NewQuery(c)
	ident := q.Required("coupon_identifier")
	if err := q.Err(); err != nil {
		return err
	}
	id, err := PathUUID(c, "customer_id")
	if err != nil {
		return err
	}
	coupon, err := h.ledger.CouponByIdentifier(c.Request().Context(), id, ident)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, coupon)
}

// couponDoc documents ledger.Coupon, whose data is a JSON object kept as stored.
type couponDoc struct {
	ledger.Coupon
	Data map[string]any `json:"data"`
}
