package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/shared/jsontime"
)

// customerListZone is the zone the start_date/end_date days of customers/list are read
// in when no timezone is given: the programme's, as for the exports.
const customerListZone = "America/Sao_Paulo"

// customerHandlers serve /customer and /customers (reads, create, update, searches).
type customerHandlers struct {
	api       *API
	customers *customer.Store
}

// CustomerCreate is the body of POST /customer. doc is stored as digits when a formatted
// CPF/CNPJ is sent. Defaults: origin PDV, every opt-in true.
type CustomerCreate struct {
	Name           string         `json:"name" validate:"required,max=255"`
	Doc            string         `json:"doc" validate:"required,max=50"`
	Email          string         `json:"email" validate:"required,max=255"`
	Phone          string         `json:"phone" validate:"required,max=50"`
	GenderIdentity *string        `json:"gender_identity" validate:"omitempty,oneof=M F X"`
	BirthDate      *jsontime.Date `json:"birth_date"`
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
	if err := h.api.bind.JSON(c, &req); err != nil {
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
		return err
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
	if _, err := h.api.bind.JSONOptional(c, &u); err != nil {
		return err
	}
	cu, err := h.customers.Update(c.Request().Context(), doc, u)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cu)
}

func (h *customerHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, coreListMaxLimit)
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
	lo := q.LimitOffset(100, coreListMaxLimit)
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
	lo := q.LimitOffset(10, coreListMaxLimit)
	f := customer.ListFilter{
		Search:         customer.Search{Doc: q.String("search_doc"), Name: q.String("search_name")},
		StartDate:      q.Date("start_date"),
		EndDate:        q.Date("end_date"),
		OwnerStoreName: q.String("store_code_owner_name"),
	}
	zone := q.String("timezone")
	if zone == "" {
		zone = customerListZone
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		q.fail("timezone", "Unknown time zone; use an IANA name such as America/Sao_Paulo", "value_error")
	}
	f.Location = loc
	if f.StartDate != nil && f.EndDate != nil && f.EndDate.Before(*f.StartDate) {
		q.fail("end_date", "end_date must not be before start_date", "value_error")
	}
	if err := q.Err(); err != nil {
		return err
	}
	list, err := h.customers.ListFiltered(c.Request().Context(), f, lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}
