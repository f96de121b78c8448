package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// pointsHandlers serve /points/credit, /points/debit and /points/statement: the ledger's
// direct movements and a customer's entries.
type pointsHandlers struct {
	base
	ledger *ledger.Service
}

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
	TransactionDate       *calendar.DateTime `json:"transaction_date" validate:"required"`
	Description           *string            `json:"description" validate:"required,max=1000"`
	TransactionType       *string            `json:"transaction_type" validate:"omitempty,oneof=C D"`
	UserAt                *string            `json:"user_at" validate:"omitempty,max=255"`
	RedeemID              *string            `json:"redeem_id" validate:"omitempty,uuid"`
	// ExpiresAt: credits only, the expiry of the points instead of POINTS_VALIDITY.
	ExpiresAt *calendar.DateTime `json:"expires_at"`
}

func (h *pointsHandlers) credit(c echo.Context) error { return h.move(c, ledger.TypeCredit) }

func (h *pointsHandlers) debit(c echo.Context) error { return h.move(c, ledger.TypeDebit) }

func (h *pointsHandlers) move(c echo.Context, typ string) error {
	var req pointsRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	if req.TransactionType != nil && *req.TransactionType != typ {
		return apperr.Validation(apperr.Field("Input should be '"+typ+"' on this route", "enum", inBodyRoot, "transaction_type"))
	}
	m := ledger.Movement{
		ID: lower(req.ID), CustomerID: strings.ToLower(req.CustomerID), Points: *req.Points, Description: *req.Description,
		TransactionIdentifier: req.TransactionIdentifier, CouponIdentifier: req.CouponIdentifier,
		VendorDocument: req.VendorDocument, StoreCode: req.StoreCode, UserAt: userAt(c, req.UserAt),
		TransactionDate: req.TransactionDate.Time, RedeemID: lowerPtr(req.RedeemID),
	}
	if req.ExpiresAt != nil {
		m.ExpiresAt = &req.ExpiresAt.Time
	}
	move := h.ledger.Credit
	if typ == ledger.TypeDebit {
		move = h.ledger.Debit
	}
	entry, replayed, err := move(c.Request().Context(), m)
	if err != nil {
		return inBody(err)
	}
	if replayed {
		c.Response().Header().Set(headerReplayed, "true")
	}
	return c.JSON(http.StatusCreated, entry)
}

func (h *pointsHandlers) statement(c echo.Context) error { return customerPage(c, h.ledger.Statement) }

func (h *pointsHandlers) lots(c echo.Context) error { return customerPage(c, h.ledger.Lots) }

// customerPage answers a page (limit 100 by default, offset) of a customer's rows, the
// customer named by the path's customer_id.
func customerPage[T any](c echo.Context, read func(ctx context.Context, customerID string, limit, offset int) ([]T, error)) error {
	q := NewQuery(c)
	lo := q.LimitOffset(100, listMaxLimit)
	if err := q.Err(); err != nil {
		return err
	}
	id, err := pathID(c, "customer_id", customer.ErrNotFound)
	if err != nil {
		return err
	}
	rows, err := read(c.Request().Context(), id, lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rows)
}
