package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/overlay"
)

// overlayHandlers serve /api/overlay: CTA overlays.
type overlayHandlers struct {
	base
	overlays *overlay.Store
}

// overlayItem is a CTA overlay in GET /api/overlay.
type overlayItem struct {
	ID   int64  `json:"id"`
	Type string `json:"type"`
	Name string `json:"name"`
	Date string `json:"date"`
}

type overlayRequest struct {
	Type            *string `json:"type,omitempty"`
	Name            *string `json:"name,omitempty"`
	Text            *string `json:"text,omitempty"`
	ButtonLabel     *string `json:"button_label,omitempty"`
	ButtonURL       *string `json:"button_url,omitempty"`
	BackgroundColor *string `json:"background_color,omitempty"`
	TextColor       *string `json:"text_color,omitempty"`
	ButtonColor     *string `json:"button_color,omitempty"`
}

func (r overlayRequest) fields() overlay.Fields {
	return overlay.Fields{Type: r.Type, Name: r.Name, Text: r.Text, ButtonLabel: r.ButtonLabel, ButtonURL: r.ButtonURL,
		BackgroundColor: r.BackgroundColor, TextColor: r.TextColor, ButtonColor: r.ButtonColor}
}

// listOverlays answers GET /api/overlay.
func (h *overlayHandlers) listOverlays(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := h.overlays.List(c.Request().Context(), currentAccount(c).ID, page)
	if err != nil {
		return err
	}
	items := make([]overlayItem, 0, len(list))
	for _, o := range list {
		items = append(items, overlayItem{ID: o.ID, Type: o.Type, Name: o.Name, Date: formatDateTime(&o.CreatedAt)})
	}
	return writeList(c, "cta", page, total, items)
}

// addOverlay answers POST /api/overlay/add.
func (h *overlayHandlers) addOverlay(c echo.Context) error {
	var req overlayRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	o, err := h.overlays.Create(c.Request().Context(), currentAccount(c).ID, req.fields())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, idResponse{ID: o.ID})
}

// updateOverlay answers PUT /api/overlay/:id/update.
func (h *overlayHandlers) updateOverlay(c echo.Context) error {
	id, err := pathID(c, "id", overlay.ErrNotFound)
	if err != nil {
		return err
	}
	var req overlayRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	if _, err := h.overlays.Update(c.Request().Context(), currentAccount(c).ID, id, req.fields()); err != nil {
		return err
	}
	return writeMessage(c, "Overlay has been updated successfully.")
}

// deleteOverlay answers DELETE /api/overlay/:id/delete.
func (h *overlayHandlers) deleteOverlay(c echo.Context) error {
	id, err := pathID(c, "id", overlay.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.overlays.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	return writeMessage(c, "Overlay has been deleted successfully.")
}
