package httpapi

import (
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/export"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
)

// exportHandlers serve the customer and sales-coupon file exports.
type exportHandlers struct {
	base
	exporter *export.Exporter
	slots    chan struct{} // one per export allowed to run at once
}

// newExportHandlers allows max concurrent exports (EXPORT_MAX_CONCURRENT; 0 means 4).
func newExportHandlers(b base, exporter *export.Exporter, max int) *exportHandlers {
	if max <= 0 {
		max = 4
	}
	return &exportHandlers{base: b, exporter: exporter, slots: make(chan struct{}, max)}
}

// exportRetryAfter is what a refused export is told to wait, in seconds.
const exportRetryAfter = "5"

// exportParams documents the query parameters both exports take.
func exportParams() []apidoc.Param {
	return []apidoc.Param{
		{Name: "format", Default: "excel", Enum: []any{"excel", "xlsx", "csv"}, Description: "excel and xlsx give an xlsx workbook; csv gives UTF-8 csv."},
		{Name: "start_date", Description: "YYYY-MM-DD, first day included, in timezone."},
		{Name: "end_date", Description: "YYYY-MM-DD, last day included, in timezone."},
		{Name: "limit", Type: "integer", Description: "At most this many rows; absent: every row."},
		{Name: "search_doc", Description: "Customer document prefix (a formatted CPF/CNPJ prefix matches its digits)."},
		{Name: "search_name", Description: "Part of the customer's name, case-insensitive."},
		{Name: "store_code_owner_name", Description: "Exact name (case-insensitive) of the customer's owner store."},
		{Name: "timezone", Default: calendar.DefaultZone, Description: "IANA zone the dates are read in and timestamps written in; an unknown zone is a 422."},
	}
}

func (h *exportHandlers) customers(c echo.Context) error { return h.export(c, export.Customers) }

func (h *exportHandlers) salesCoupons(c echo.Context) error { return h.export(c, export.SalesCoupons) }

func (h *exportHandlers) export(c echo.Context, d export.Dataset) error {
	q := NewQuery(c)
	format, ok := export.ParseFormat(q.String("format"))
	if !ok {
		q.add(validation.NotOneOf([]string{"excel", "xlsx", "csv"}, "format"))
	}
	f := export.Filter{
		Limit:          q.IntPtr("limit", pagination.Bounds{Min: 0}),
		SearchDoc:      q.String("search_doc"),
		SearchName:     q.String("search_name"),
		OwnerStoreName: q.String("store_code_owner_name"),
		Zone:           q.Zone("timezone"),
	}
	f.Start, f.End = q.DateRange("start_date", "end_date")
	if err := q.Err(); err != nil {
		return err
	}

	select {
	case h.slots <- struct{}{}:
		defer func() { <-h.slots }()
	default:
		c.Response().Header().Set("Retry-After", exportRetryAfter)
		return apperr.New(apperr.RateLimited, "Too many exports are running; retry in a few seconds")
	}

	res := c.Response()
	filename := export.Filename(d, f, format, time.Now())
	_, err := h.exporter.Write(c.Request().Context(), d, f, format, func() io.Writer {
		hdr := res.Header()
		hdr.Set(echo.HeaderContentType, format.ContentType())
		hdr.Set(echo.HeaderContentDisposition, export.ContentDisposition(filename))
		hdr.Set("Cache-Control", "no-store")
		hdr.Set("X-Content-Type-Options", "nosniff")
		res.WriteHeader(http.StatusOK)
		return res
	})
	if err != nil && res.Committed {
		// Part of the file is on its way: a clean end would hand the client a truncated
		// file that looks complete. Abort the connection instead (net/http's way), so the
		// download fails visibly.
		ctx := c.Request().Context()
		if ctx.Err() != nil {
			h.log.InfoContext(ctx, "export abandoned by the client", "export", d.Name, "error", err)
		} else {
			h.log.ErrorContext(ctx, "export failed mid-stream", "export", d.Name, "error", err)
		}
		panic(http.ErrAbortHandler)
	}
	return err
}
