package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
)

// customerHandlers serve /customer and /customers: reads, create, update, searches,
// and the deletion of a customer with its history.
type customerHandlers struct {
	base
	customers *customer.Repository
	ledger    *ledger.Service // deletion goes through the ledger: it owns the history
}

// CustomerCreate is the body of POST /customer. doc is stored as digits when a formatted
// CPF/CNPJ is sent. Defaults: origin PDV, every opt-in true.
type CustomerCreate struct {
	Name           string         `json:"name" validate:"required,max=255"`
	Doc            string         `json:"doc" validate:"required,max=50"`
	Email          string         `json:"email" validate:"required,max=255"`
	Phone          string         `json:"phone" validate:"required,max=50"`
	GenderIdentity *string        `json:"gender_identity" validate:"omitempty,oneof=M F X"`
	BirthDate      *calendar.Date `json:"birth_date"`
	ShortCode      *string        `json:"short_code" validate:"omitempty,max=255"`
	Origin         *string        `json:"origin" validate:"omitempty,oneof=PDV ECOMMERCE BACKOFFICE APP TOTEM" default:"PDV"`
	StoreCode      *string        `json:"store_code" validate:"omitempty,max=255"`
	EmailOptin     *bool          `json:"email_optin" default:"true"`
	WhatsappOptin  *bool          `json:"whatsapp_optin" default:"true"`
	SmsOptin       *bool          `json:"sms_optin" default:"true"`
	AppUser        *bool          `json:"app_user"`
}

func (h *customerHandlers) create(c echo.Context) error {
	var req CustomerCreate
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	var birth *time.Time
	if req.BirthDate != nil {
		birth = &req.BirthDate.Time
	}
	cu, err := h.customers.Create(c.Request().Context(), customer.CreateInput{
		Name: req.Name, Doc: req.Doc, Email: req.Email, Phone: req.Phone, GenderIdentity: req.GenderIdentity,
		BirthDate: birth, ShortCode: req.ShortCode, Origin: req.Origin, StoreCode: req.StoreCode,
		EmailOptin: req.EmailOptin, WhatsappOptin: req.WhatsappOptin, SmsOptin: req.SmsOptin, AppUser: req.AppUser,
	})
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusCreated, cu)
}

func (h *customerHandlers) get(c echo.Context) error {
	doc, err := pathText(c, "document")
	if err != nil {
		return err
	}
	cu, err := h.customers.Get(c.Request().Context(), doc)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cu)
}

func (h *customerHandlers) getAtStore(c echo.Context) error {
	doc, err := pathText(c, "document")
	if err != nil {
		return err
	}
	code, err := pathText(c, "store_code")
	if err != nil {
		return err
	}
	cu, err := h.customers.GetAtStore(c.Request().Context(), doc, code)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cu)
}

func (h *customerHandlers) update(c echo.Context) error {
	doc, err := pathText(c, "document")
	if err != nil {
		return err
	}
	var u customer.Update
	// The body is optional: no body changes nothing and answers the customer.
	if _, err := h.bind.JSONOptional(c, &u); err != nil {
		return err
	}
	cu, err := h.customers.Update(c.Request().Context(), doc, u)
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusOK, cu)
}

func (h *customerHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, listMaxLimit)
	if err := q.Err(); err != nil {
		return err
	}
	list, err := h.customers.List(c.Request().Context(), lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

func (h *customerHandlers) search(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(100, listMaxLimit)
	s := customer.Search{Doc: q.String("search_doc"), Name: q.String("search_name")}
	if err := q.Err(); err != nil {
		return err
	}
	list, err := h.customers.Find(c.Request().Context(), s, lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

func (h *customerHandlers) listFiltered(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, listMaxLimit)
	f := customer.ListFilter{
		Search:         customer.Search{Doc: q.String("search_doc"), Name: q.String("search_name")},
		OwnerStoreName: q.String("store_code_owner_name"),
		Location:       q.Zone("timezone"),
	}
	f.StartDate, f.EndDate = q.DateRange("start_date", "end_date")
	if err := q.Err(); err != nil {
		return err
	}
	list, err := h.customers.ListFiltered(c.Request().Context(), f, lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

func (h *customerHandlers) delete(c echo.Context) error {
	id, err := PathUUID(c, "customer_id")
	if err != nil {
		return err
	}
	res, err := h.ledger.DeleteCustomer(c.Request().Context(), id)
	if err != nil {
		return err
	}
	h.log.InfoContext(c.Request().Context(), "customer deleted", "customer_id", id, "by", principal(c).Subject,
		"points_entries", res.PointsEntries, "coupons", res.Coupons, "redeems", res.Redeems)
	return c.JSON(http.StatusOK, res)
}
