package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
)

// domainHandlers serve /api/domain and /api/domains: branded domains.
type domainHandlers struct {
	base
	domains *domain.Store
}

// domainItem is a branded domain in GET /api/domains.
type domainItem struct {
	ID           int64  `json:"id"`
	Domain       string `json:"domain"`
	RedirectRoot string `json:"redirectroot"`
	Redirect404  string `json:"redirect404"`
}

type domainAddRequest struct {
	Domain       string  `json:"domain"`
	RedirectRoot *string `json:"redirectroot,omitempty"`
	Redirect404  *string `json:"redirect404,omitempty"`
}

type domainUpdateRequest struct {
	RedirectRoot *string `json:"redirectroot,omitempty"`
	Redirect404  *string `json:"redirect404,omitempty"`
}

// listDomains answers GET /api/domains.
func (h *domainHandlers) listDomains(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := h.domains.List(c.Request().Context(), currentAccount(c).ID, page)
	if err != nil {
		return err
	}
	items := make([]domainItem, 0, len(list))
	for _, d := range list {
		items = append(items, domainItem{ID: d.ID, Domain: d.Domain, RedirectRoot: d.RedirectRoot, Redirect404: d.Redirect404})
	}
	return writeList(c, "domains", page, total, items)
}

// addDomain answers POST /api/domain/add.
func (h *domainHandlers) addDomain(c echo.Context) error {
	var req domainAddRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	// The domain is an address too: the service's one URL check refuses a missing host
	// or a port that cannot exist (https://go.example.com:99999) in its own words;
	// domain.Parse then requires the bare-origin form.
	if msg := weburl.Problem(req.Domain); msg == weburl.MsgHost || msg == weburl.MsgPort {
		return domain.ErrInvalid.Withf("domain %s", msg)
	}
	d, err := h.domains.Create(c.Request().Context(), currentAccount(c).ID, req.Domain,
		domain.Redirects{Root: req.RedirectRoot, NotFound: req.Redirect404})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, idResponse{ID: d.ID})
}

// updateDomain answers PUT /api/domain/:id/update.
func (h *domainHandlers) updateDomain(c echo.Context) error {
	id, err := pathID(c, "id", domain.ErrNotFound)
	if err != nil {
		return err
	}
	var req domainUpdateRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	if _, err := h.domains.Update(c.Request().Context(), currentAccount(c).ID, id, domain.Redirects{Root: req.RedirectRoot, NotFound: req.Redirect404}); err != nil {
		return err
	}
	return writeMessage(c, "Domain has been updated successfully.")
}

// deleteDomain answers DELETE /api/domain/:id/delete.
func (h *domainHandlers) deleteDomain(c echo.Context) error {
	id, err := pathID(c, "id", domain.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.domains.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	return writeMessage(c, "Domain has been deleted successfully.")
}
