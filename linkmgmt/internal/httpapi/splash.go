package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/splash"
)

// splashHandlers serve /api/splash: custom splash pages.
type splashHandlers struct {
	base
	pages *splash.Store
}

// splashItem is a custom splash page in GET /api/splash.
type splashItem struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Date string `json:"date"`
}

type splashRequest struct {
	Name        *string `json:"name,omitempty"`
	Title       *string `json:"title,omitempty"`
	Message     *string `json:"message,omitempty"`
	ImageURL    *string `json:"image_url,omitempty"`
	Countdown   *int    `json:"countdown,omitempty"`
	ButtonLabel *string `json:"button_label,omitempty"`
	ButtonURL   *string `json:"button_url,omitempty"`
}

func (r splashRequest) fields() splash.Fields {
	return splash.Fields{Name: r.Name, Title: r.Title, Message: r.Message, ImageURL: r.ImageURL, Countdown: r.Countdown,
		ButtonLabel: r.ButtonLabel, ButtonURL: r.ButtonURL}
}

// listSplash answers GET /api/splash.
func (h *splashHandlers) listSplash(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := h.pages.List(c.Request().Context(), currentAccount(c).ID, page)
	if err != nil {
		return err
	}
	items := make([]splashItem, 0, len(list))
	for _, p := range list {
		items = append(items, splashItem{ID: p.ID, Name: p.Name, Date: formatDateTime(&p.CreatedAt)})
	}
	return writeList(c, "splash", page, total, items)
}

// addSplash answers POST /api/splash/add.
func (h *splashHandlers) addSplash(c echo.Context) error {
	var req splashRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	p, err := h.pages.Create(c.Request().Context(), currentAccount(c).ID, req.fields())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, idResponse{ID: p.ID})
}

// updateSplash answers PUT /api/splash/:id/update.
func (h *splashHandlers) updateSplash(c echo.Context) error {
	id, err := pathID(c, "id", splash.ErrNotFound)
	if err != nil {
		return err
	}
	var req splashRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	if _, err := h.pages.Update(c.Request().Context(), currentAccount(c).ID, id, req.fields()); err != nil {
		return err
	}
	return writeMessage(c, "Splash page has been updated successfully.")
}

// deleteSplash answers DELETE /api/splash/:id/delete.
func (h *splashHandlers) deleteSplash(c echo.Context) error {
	id, err := pathID(c, "id", splash.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.pages.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	return writeMessage(c, "Splash page has been deleted successfully.")
}
