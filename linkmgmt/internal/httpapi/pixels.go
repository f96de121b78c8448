package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/pixel"
)

// pixelHandlers serve /api/pixel and /api/pixels.
type pixelHandlers struct {
	base
	pixels *pixel.Store
}

// pixelItem is a pixel in GET /api/pixels.
type pixelItem struct {
	ID   int64  `json:"id"`
	Type string `json:"type"`
	Name string `json:"name"`
	Tag  string `json:"tag"`
	Date string `json:"date"`
}

type pixelAddRequest struct {
	Type string `json:"type"`
	Name string `json:"name"`
	Tag  string `json:"tag"`
}

type pixelUpdateRequest struct {
	Name *string `json:"name,omitempty"`
	Tag  string  `json:"tag"`
}

// listPixels answers GET /api/pixels.
func (h *pixelHandlers) listPixels(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := h.pixels.List(c.Request().Context(), currentAccount(c).ID, page)
	if err != nil {
		return err
	}
	items := make([]pixelItem, 0, len(list))
	for _, p := range list {
		items = append(items, pixelItem{ID: p.ID, Type: p.Type, Name: p.Name, Tag: p.Tag, Date: formatDateTime(&p.CreatedAt)})
	}
	return writeList(c, "pixels", page, total, items)
}

// addPixel answers POST /api/pixel/add.
func (h *pixelHandlers) addPixel(c echo.Context) error {
	var req pixelAddRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	p, err := h.pixels.Create(c.Request().Context(), currentAccount(c).ID, pixel.CreateInput{Type: req.Type, Name: req.Name, Tag: req.Tag})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, idResponse{ID: p.ID})
}

// updatePixel answers PUT /api/pixel/:id/update.
func (h *pixelHandlers) updatePixel(c echo.Context) error {
	id, err := pathID(c, "id", pixel.ErrNotFound)
	if err != nil {
		return err
	}
	var req pixelUpdateRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	if _, err := h.pixels.Update(c.Request().Context(), currentAccount(c).ID, id, pixel.UpdateInput{Name: req.Name, Tag: req.Tag}); err != nil {
		return err
	}
	return writeMessage(c, "Pixel has been updated successfully.")
}

// deletePixel answers DELETE /api/pixel/:id/delete.
func (h *pixelHandlers) deletePixel(c echo.Context) error {
	id, err := pathID(c, "id", pixel.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.pixels.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	return writeMessage(c, "Pixel has been deleted successfully.")
}
