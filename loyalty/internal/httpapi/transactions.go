package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// transactionHandlers serve /transaction: sales, and the cancellation of entries and of
// sale coupons.
type transactionHandlers struct {
	base
	ledger *ledger.Service
}

// saleRequest is the transaction create body of POST /transaction: a sale at a store.
type saleRequest struct {
	CustomerID             *string            `json:"customer_id" validate:"required_without=Doc,omitempty,uuid"`
	Doc                    *string            `json:"doc" validate:"required_without=CustomerID,omitempty,max=50"`
	StoreCode              string             `json:"store_code" validate:"required,max=255"`
	CouponIdentifier       string             `json:"coupon_identifier" validate:"required,max=255"`
	TransactionDate        *calendar.DateTime `json:"transaction_date" validate:"required"`
	Value                  *json.Number       `json:"value" validate:"required"`
	PaymentType            *string            `json:"payment_type" validate:"omitempty,max=255"`
	PaymentTypeDescription *string            `json:"payment_type_description" validate:"omitempty,max=255"`
	VendorDocument         *string            `json:"vendor_document" validate:"omitempty,max=255"`
	Description            *string            `json:"description" validate:"omitempty,max=1000"`
	TransactionIdentifier  *string            `json:"transaction_identifier" validate:"omitempty,max=255"`
	UserAt                 *string            `json:"user_at" validate:"omitempty,max=255"`
	Data                   map[string]any     `json:"data"` // bounded by the binder (package freeform)
}

func (h *transactionHandlers) create(c echo.Context) error {
	var req saleRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	// The number as written, so money is parsed exactly (never through a float).
	value, ok := ledger.ParseCents(req.Value.String())
	if !ok {
		return apperr.Validation(apperr.Field("Input should be a non-negative decimal below 10^12 with at most 2 decimal places", "decimal_parsing", inBodyRoot, "value"))
	}
	sale := ledger.Sale{
		StoreCode: req.StoreCode, CouponIdentifier: req.CouponIdentifier, TransactionDate: req.TransactionDate.Time,
		Value: value, PaymentType: req.PaymentType, PaymentTypeDescription: req.PaymentTypeDescription,
		VendorDocument: req.VendorDocument, TransactionIdentifier: req.TransactionIdentifier,
		Data: req.Data, UserAt: userAt(c, req.UserAt),
	}
	if req.CustomerID != nil {
		sale.CustomerID = strings.ToLower(*req.CustomerID)
	} else {
		sale.Doc = strings.TrimSpace(*req.Doc)
	}
	if req.Description != nil {
		sale.Description = *req.Description
	}
	entry, replayed, err := h.ledger.Sale(c.Request().Context(), sale)
	if err != nil {
		return inBody(err)
	}
	if replayed {
		c.Response().Header().Set(headerReplayed, "true")
	}
	return c.JSON(http.StatusCreated, entry)
}

func (h *transactionHandlers) cancel(c echo.Context) error {
	id, err := pathID(c, "point_id", ledger.ErrEntryNotFound)
	if err != nil {
		return err
	}
	res, err := h.ledger.CancelEntry(c.Request().Context(), id, userAt(c, nil))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

func (h *transactionHandlers) cancelCoupon(c echo.Context) error {
	q := NewQuery(c)
	customerID := q.UUID("customer_id")
	// A customer_id that could not be read must refuse the request, not widen the cancel
	// to every customer's coupon.
	if err := q.Err(); err != nil {
		return err
	}
	coupon, err := pathText(c, "coupon_identifier")
	if err != nil {
		return err
	}
	res, err := h.ledger.CancelCoupon(c.Request().Context(), coupon, customerID, userAt(c, nil))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}
