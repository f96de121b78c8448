package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/pixel"
)

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
func (a *API) listPixels(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := a.svc.Pixels.List(c.Request().Context(), currentAccount(c).ID, page)
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
func (a *API) addPixel(c echo.Context) error {
	var req pixelAddRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	p, err := a.svc.Pixels.Create(c.Request().Context(), currentAccount(c).ID, pixel.CreateInput{Type: req.Type, Name: req.Name, Tag: req.Tag})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, idResponse{ID: p.ID})
}

// updatePixel answers PUT /api/pixel/:id/update.
func (a *API) updatePixel(c echo.Context) error {
	id, err := pathID(c, "id", pixel.ErrNotFound)
	if err != nil {
		return err
	}
	var req pixelUpdateRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if _, err := a.svc.Pixels.Update(c.Request().Context(), currentAccount(c).ID, id, pixel.UpdateInput{Name: req.Name, Tag: req.Tag}); err != nil {
		return err
	}
	return writeMessage(c, "Pixel has been updated successfully.")
}

// deletePixel answers DELETE /api/pixel/:id/delete.
func (a *API) deletePixel(c echo.Context) error {
	id, err := pathID(c, "id", pixel.ErrNotFound)
	if err != nil {
		return err
	}
	if err := a.svc.Pixels.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	return writeMessage(c, "Pixel has been deleted successfully.")
}
