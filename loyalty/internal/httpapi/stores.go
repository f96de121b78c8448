package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/store"
)

// storeHandlers serve /store and /stores.
type storeHandlers struct {
	base
	stores *store.Repository
}

// StoreCreate is the body of POST /store. document is stored as digits when a formatted
// CNPJ/CPF is sent. is_active defaults to true.
type StoreCreate struct {
	StoreCode string  `json:"store_code" validate:"required,max=255"`
	Name      string  `json:"name" validate:"required,max=255"`
	Document  string  `json:"document" validate:"required,max=50"`
	IsActive  *bool   `json:"is_active" default:"true"`
	Address   *string `json:"address" validate:"omitempty,max=255"`
	City      *string `json:"city" validate:"omitempty,max=255"`
	State     *string `json:"state" validate:"omitempty,max=255"`
	Phone     *string `json:"phone" validate:"omitempty,max=50"`
	Email     *string `json:"email" validate:"omitempty,max=255"`
}

func (h *storeHandlers) create(c echo.Context) error {
	var req StoreCreate
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	s, err := h.stores.Create(c.Request().Context(), store.CreateInput{
		StoreCode: req.StoreCode, Name: req.Name, Document: req.Document, IsActive: req.IsActive,
		Address: req.Address, City: req.City, State: req.State, Phone: req.Phone, Email: req.Email,
	})
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusCreated, s)
}

func (h *storeHandlers) get(c echo.Context) error {
	id, err := PathUUID(c, "store_id")
	if err != nil {
		return err
	}
	s, err := h.stores.ByID(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

func (h *storeHandlers) update(c echo.Context) error {
	id, err := PathUUID(c, "store_id")
	if err != nil {
		return err
	}
	var u store.Update
	if err := h.bind.JSON(c, &u); err != nil {
		return err
	}
	s, err := h.stores.Update(c.Request().Context(), id, u)
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusOK, s)
}

func (h *storeHandlers) delete(c echo.Context) error {
	id, err := PathUUID(c, "store_id")
	if err != nil {
		return err
	}
	s, err := h.stores.Deactivate(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

func (h *storeHandlers) byCode(c echo.Context) error {
	code, err := pathText(c, "store_code")
	if err != nil {
		return err
	}
	s, err := h.stores.ByCode(c.Request().Context(), code)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

func (h *storeHandlers) byDocument(c echo.Context) error {
	doc, err := pathText(c, "document")
	if err != nil {
		return err
	}
	s, err := h.stores.ByDocument(c.Request().Context(), doc)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s)
}

func (h *storeHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, listMaxLimit)
	if err := q.Err(); err != nil {
		return err
	}
	stores, err := h.stores.List(c.Request().Context(), lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, stores)
}

func (h *storeHandlers) search(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(100, listMaxLimit)
	f := store.SearchFilter{Name: q.String("search_name"), Code: q.String("search_code"), Document: q.String("search_document")}
	if err := q.Err(); err != nil {
		return err
	}
	stores, err := h.stores.Search(c.Request().Context(), f, lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, stores)
}
