package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
)

// qrHandlers serve /api/qr (QR codes and their statistics) and the public images
// /qr/{id}.png and .svg.
type qrHandlers struct {
	base
	codes *qr.Service
}

type qrAddRequest struct {
	Type       string          `json:"type"`
	Data       json.RawMessage `json:"data"`
	Background string          `json:"background,omitempty"`
	Foreground string          `json:"foreground,omitempty"`
	Logo       string          `json:"logo,omitempty"`
	Name       string          `json:"name,omitempty"`
}

type qrUpdateRequest struct {
	Type       *string         `json:"type,omitempty"`
	Data       json.RawMessage `json:"data"`
	Background *string         `json:"background,omitempty"`
	Foreground *string         `json:"foreground,omitempty"`
	Logo       *string         `json:"logo,omitempty"`
	Name       *string         `json:"name,omitempty"`
}

type qrAddResponse struct {
	Error int    `json:"error"`
	ID    int64  `json:"id"`
	Link  string `json:"link"`
}

type qrItem struct {
	ID    int64  `json:"id"`
	Link  string `json:"link"`
	Scans int64  `json:"scans"`
	Name  string `json:"name"`
	Date  string `json:"date"`
}

type qrSocialCount struct {
	Facebook  int64 `json:"facebook"`
	Twitter   int64 `json:"twitter"`
	Instagram int64 `json:"instagram"`
}

// qrStatsData: each top* is an object of counts, or 0 when there is no data (as the
// links API answers).
type qrStatsData struct {
	Clicks       int64         `json:"clicks"`
	UniqueClicks int64         `json:"uniqueClicks"`
	TopCountries any           `json:"topCountries"`
	TopReferrers any           `json:"topReferrers"`
	TopBrowsers  any           `json:"topBrowsers"`
	TopOs        any           `json:"topOs"`
	SocialCount  qrSocialCount `json:"socialCount"`
}

type qrDetailsResponse struct {
	Error   int         `json:"error"`
	Details qrItem      `json:"details"`
	Data    qrStatsData `json:"data"`
}

// addQR answers POST /api/qr/add.
func (h *qrHandlers) addQR(c echo.Context) error {
	var req qrAddRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	code, err := h.codes.Create(c.Request().Context(), currentAccount(c).ID, qr.CreateInput{
		Type: req.Type, Data: req.Data, Background: req.Background, Foreground: req.Foreground, Logo: req.Logo, Name: req.Name,
	})
	if err != nil {
		return logoBusy(c, err)
	}
	return c.JSON(http.StatusOK, qrAddResponse{ID: code.ID, Link: h.codes.URL(code)})
}

// updateQR answers PUT /api/qr/:id/update.
func (h *qrHandlers) updateQR(c echo.Context) error {
	id, err := pathID(c, "id", qr.ErrNotFound)
	if err != nil {
		return err
	}
	var req qrUpdateRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	_, err = h.codes.Update(c.Request().Context(), currentAccount(c).ID, id, qr.UpdateInput{
		Type: req.Type, Data: req.Data, Background: req.Background, Foreground: req.Foreground, Logo: req.Logo, Name: req.Name,
	})
	if err != nil {
		return logoBusy(c, err)
	}
	return writeMessage(c, "QR has been updated successfully.")
}

// logoBusy adds Retry-After to the 429 of a logo that found every decoding slot taken.
func logoBusy(c echo.Context, err error) error {
	if errors.Is(err, qr.ErrLogosBusy) {
		c.Response().Header().Set("Retry-After", strconv.Itoa(qr.LogoRetryAfter))
	}
	return err
}

// deleteQR answers DELETE /api/qr/:id/delete.
func (h *qrHandlers) deleteQR(c echo.Context) error {
	id, err := pathID(c, "id", qr.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.codes.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	return writeMessage(c, "QR Code has been deleted successfully.")
}

// listQR answers GET /api/qr.
func (h *qrHandlers) listQR(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	codes, total, err := h.codes.List(c.Request().Context(), currentAccount(c).ID, page.Limit, page.Offset())
	if err != nil {
		return err
	}
	items := make([]qrItem, len(codes))
	for i, code := range codes {
		items[i] = h.qrItem(code)
	}
	return writeList(c, "qrs", page, total, items)
}

// getQR answers GET /api/qr/:id.
func (h *qrHandlers) getQR(c echo.Context) error {
	id, err := pathID(c, "id", qr.ErrNotFound)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	code, err := h.codes.Get(ctx, currentAccount(c).ID, id)
	if err != nil {
		return err
	}
	st, err := h.codes.Stats(ctx, code)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, qrDetailsResponse{
		Details: h.qrItem(code),
		Data: qrStatsData{
			Clicks:       st.Clicks,
			UniqueClicks: st.UniqueClicks,
			TopCountries: countsOrZero(st.TopCountries),
			TopReferrers: countsOrZero(st.TopReferrers),
			TopBrowsers:  countsOrZero(st.TopBrowsers),
			TopOs:        countsOrZero(st.TopOS),
			SocialCount:  qrSocialCount{Facebook: st.Social["facebook"], Twitter: st.Social["twitter"], Instagram: st.Social["instagram"]},
		},
	})
}

func (h *qrHandlers) qrItem(code qr.Code) qrItem {
	return qrItem{ID: code.ID, Link: h.codes.URL(code), Scans: code.Scans, Name: code.Name, Date: code.CreatedAt.UTC().Format(dateTimeLayout)}
}

// countsOrZero is the spec's rendering of a top-values object: 0 when it is empty.
func countsOrZero(m map[string]int64) any {
	if len(m) == 0 {
		return 0
	}
	return m
}

// qrImage answers GET /qr/{id}.png and /qr/{id}.svg: public, revalidated with a strong
// ETag (304 when If-None-Match holds it), rendered from the Redis cache when possible.
func (h *qrHandlers) qrImage(c echo.Context) error {
	file := c.Param("file")
	name, format, ok := strings.Cut(file, ".")
	id, err := strconv.ParseInt(name, 10, 64)
	if !ok || err != nil || id <= 0 {
		return qr.ErrNotFound
	}
	ctx := c.Request().Context()
	img, err := h.codes.ImageInfo(ctx, id, format)
	if err != nil {
		return err
	}
	header := c.Response().Header()
	header.Set("ETag", img.ETag)
	// Caches may keep the image but must revalidate: an update shows at once.
	header.Set("Cache-Control", "public, no-cache")
	if etagMatches(c.Request().Header.Get("If-None-Match"), img.ETag) {
		return c.NoContent(http.StatusNotModified)
	}
	body, err := h.codes.Render(ctx, img)
	if err != nil {
		return err
	}
	contentType := "image/png"
	if format == qr.FormatSVG {
		contentType = "image/svg+xml"
		// The SVG is ours, but it is served from the service's origin: forbid scripts.
		header.Set("Content-Security-Policy", "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
	}
	header.Set("X-Content-Type-Options", "nosniff")
	return c.Blob(http.StatusOK, contentType, body)
}

// etagMatches applies If-None-Match (RFC 9110 13.1.2, weak comparison): "*" or any
// listed tag equal to etag, W/ prefixes ignored.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}
