package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/jsontime"
)

// headerReplayed marks an answer that returns an entry recorded by an earlier request
// with the same transaction_identifier (or id, or coupon).
const headerReplayed = "Idempotent-Replayed"

// pointsRequest is PointsCreate, the body of /points/credit and /points/debit. points is
// positive; the route gives the sign.
type pointsRequest struct {
	ID                    *string            `json:"id" validate:"omitempty,uuid"`
	CustomerID            string             `json:"customer_id" validate:"required,uuid"`
	TransactionIdentifier *string            `json:"transaction_identifier" validate:"omitempty,max=255"`
	CouponIdentifier      *string            `json:"coupon_identifier" validate:"omitempty,max=255"`
	VendorDocument        *string            `json:"vendor_document" validate:"omitempty,max=255"`
	StoreCode             *string            `json:"store_code" validate:"omitempty,max=255"`
	Points                *int64             `json:"points" validate:"required,gt=0,lte=1000000000"`
	TransactionDate       *jsontime.DateTime `json:"transaction_date" validate:"required"`
	Description           *string            `json:"description" validate:"required,max=1000"`
	TransactionType       *string            `json:"transaction_type" validate:"omitempty,oneof=C D"`
	UserAt                *string            `json:"user_at" validate:"omitempty,max=255"`
	RedeemID              *string            `json:"redeem_id" validate:"omitempty,uuid"`
}

func (a *API) creditPoints(c echo.Context) error { return a.movePoints(c, ledger.TypeCredit) }

func (a *API) debitPoints(c echo.Context) error { return a.movePoints(c, ledger.TypeDebit) }

func (a *API) movePoints(c echo.Context, typ string) error {
	var req pointsRequest
	if err := a.bind.JSON(c, &req); err != nil {
		return err
	}
	if req.TransactionType != nil && *req.TransactionType != typ {
		return apperr.Validation(apperr.Field("Input should be '"+typ+"' on this route", "enum", "body", "transaction_type"))
	}
	m := ledger.Movement{
		ID: lower(req.ID), CustomerID: strings.ToLower(req.CustomerID), Points: *req.Points, Description: *req.Description,
		TransactionIdentifier: req.TransactionIdentifier, CouponIdentifier: req.CouponIdentifier,
		VendorDocument: req.VendorDocument, StoreCode: req.StoreCode, UserAt: userAt(c, req.UserAt),
		TransactionDate: req.TransactionDate.Time, RedeemID: lowerPtr(req.RedeemID),
	}
	move := a.ledger.Credit
	if typ == ledger.TypeDebit {
		move = a.ledger.Debit
	}
	entry, replayed, err := move(c.Request().Context(), m)
	if err != nil {
		return err
	}
	if replayed {
		c.Response().Header().Set(headerReplayed, "true")
	}
	return c.JSON(http.StatusCreated, entry)
}

func (a *API) pointsStatement(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(100, 1000)
	if err := q.Err(); err != nil {
		return err
	}
	id := c.Param("customer_id")
	if !isUUID(id) {
		return apperr.New(apperr.NotFound, "Customer not found")
	}
	entries, err := a.ledger.Statement(c.Request().Context(), strings.ToLower(id), lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, entries)
}

// saleRequest is the transaction create body of POST /transaction: a sale at a store.
type saleRequest struct {
	CustomerID             *string            `json:"customer_id" validate:"required_without=Doc,omitempty,uuid"`
	Doc                    *string            `json:"doc" validate:"required_without=CustomerID,omitempty,max=50"`
	StoreCode              string             `json:"store_code" validate:"required,max=255"`
	CouponIdentifier       string             `json:"coupon_identifier" validate:"required,max=255"`
	TransactionDate        *jsontime.DateTime `json:"transaction_date" validate:"required"`
	Value                  *json.Number       `json:"value" validate:"required"`
	PaymentType            *string            `json:"payment_type" validate:"omitempty,max=255"`
	PaymentTypeDescription *string            `json:"payment_type_description" validate:"omitempty,max=255"`
	VendorDocument         *string            `json:"vendor_document" validate:"omitempty,max=255"`
	Description            *string            `json:"description" validate:"omitempty,max=1000"`
	TransactionIdentifier  *string            `json:"transaction_identifier" validate:"omitempty,max=255"`
	UserAt                 *string            `json:"user_at" validate:"omitempty,max=255"`
	Data                   map[string]any     `json:"data"`
}

// maxDataDepth bounds the nesting of a sale's data (the object itself is level 1): the
// coupon is read back inside other JSON, and JSON parsers stop at some depth (Go's at
// 10000). Migration 00410 refuses 64 levels in the database.
const maxDataDepth = 32

// nestedDeeper reports whether v (decoded JSON) holds containers more than limit levels
// deep; it stops looking past the limit.
func nestedDeeper(v any, limit int) bool {
	switch x := v.(type) {
	case map[string]any:
		if limit == 0 {
			return true
		}
		for _, c := range x {
			if nestedDeeper(c, limit-1) {
				return true
			}
		}
	case []any:
		if limit == 0 {
			return true
		}
		for _, c := range x {
			if nestedDeeper(c, limit-1) {
				return true
			}
		}
	}
	return false
}

func (a *API) createTransaction(c echo.Context) error {
	var req saleRequest
	if err := a.bind.JSON(c, &req); err != nil {
		return err
	}
	if nestedDeeper(req.Data, maxDataDepth) {
		return apperr.Validation(apperr.Field(fmt.Sprintf("data should be nested at most %d levels deep", maxDataDepth), "value_error", "body", "data"))
	}
	// The number as written, so money is parsed exactly (never through a float).
	value, ok := ledger.ParseCents(req.Value.String())
	if !ok {
		return apperr.Validation(apperr.Field("Input should be a non-negative decimal below 10^12 with at most 2 decimal places", "decimal_parsing", "body", "value"))
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
	entry, replayed, err := a.ledger.Sale(c.Request().Context(), sale)
	if err != nil {
		return err
	}
	if replayed {
		c.Response().Header().Set(headerReplayed, "true")
	}
	return c.JSON(http.StatusCreated, entry)
}

func (a *API) cancelTransaction(c echo.Context) error {
	id := c.Param("point_id")
	if !isUUID(id) {
		return apperr.New(apperr.NotFound, "Transaction not found")
	}
	res, err := a.ledger.CancelEntry(c.Request().Context(), strings.ToLower(id), userAt(c, nil))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

func (a *API) cancelCoupon(c echo.Context) error {
	q := NewQuery(c)
	customerID := q.String("customer_id")
	if customerID != "" && !isUUID(customerID) {
		q.fail("customer_id", "Input should be a valid UUID", "uuid_parsing")
	}
	// A customer_id that could not be read must refuse the request, not widen the cancel
	// to every customer's coupon.
	if err := q.Err(); err != nil {
		return err
	}
	coupon, err := pathText(c, "coupon_identifier")
	if err != nil {
		return err
	}
	res, err := a.ledger.CancelCoupon(c.Request().Context(), coupon, strings.ToLower(customerID), userAt(c, nil))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

func (a *API) customerCoupons(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, 1000)
	if err := q.Err(); err != nil {
		return err
	}
	id, err := PathUUID(c, "customer_id")
	if err != nil {
		return err
	}
	coupons, total, err := a.ledger.Coupons(c.Request().Context(), id, lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	c.Response().Header().Set("X-Total-Count", itoa(total))
	return c.JSON(http.StatusOK, coupons)
}

func (a *API) searchCustomerCoupon(c echo.Context) error {
	q := NewQuery(c)
	ident := q.Required("coupon_identifier")
	if err := q.Err(); err != nil {
		return err
	}
	id, err := PathUUID(c, "customer_id")
	if err != nil {
		return err
	}
	coupon, err := a.ledger.CouponByIdentifier(c.Request().Context(), id, ident)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, coupon)
}

func (a *API) deleteCustomer(c echo.Context) error {
	id, err := PathUUID(c, "customer_id")
	if err != nil {
		return err
	}
	res, err := a.ledger.DeleteCustomer(c.Request().Context(), id)
	if err != nil {
		return err
	}
	a.log.InfoContext(c.Request().Context(), "customer deleted", "customer_id", id, "by", principal(c).Subject,
		"points_entries", res.PointsEntries, "coupons", res.Coupons, "redeems", res.Redeems)
	return c.JSON(http.StatusOK, res)
}

// userAt names who did an operation: the body's user_at when sent, else the caller.
func userAt(c echo.Context, sent *string) string {
	if sent != nil && strings.TrimSpace(*sent) != "" {
		return strings.TrimSpace(*sent)
	}
	p := principal(c)
	if p.Name != "" {
		return p.Name
	}
	return p.Subject
}

func lower(s *string) string {
	if s == nil {
		return ""
	}
	return strings.ToLower(*s)
}

func lowerPtr(s *string) *string {
	if s == nil {
		return nil
	}
	v := strings.ToLower(*s)
	return &v
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// couponDoc documents ledger.Coupon, whose data is a JSON object kept as stored.
type couponDoc struct {
	ledger.Coupon
	Data map[string]any `json:"data"`
}
