package httpapi

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/analytics"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/shared/apidoc"
)

// analyticsHandlers serve the /stats and /clicks routes of every scope (link, QR code,
// campaign, channel, account): click statistics over a period and the raw clicks as CSV.
type analyticsHandlers struct {
	base
	reports *analytics.Reader
	scopes  *analytics.Scopes
	baseURL string
	exports chan struct{} // clicks CSV downloads running (maxConcurrentExports)
}

// statsScope names what a statistics answer is about.
type statsScope struct {
	Type string `json:"type"` // url, qr, campaign, channel or account
	ID   int64  `json:"id"`
}

// seriesPoint is one bucket of a series: its first instant in the requested zone.
type seriesPoint struct {
	Start  string `json:"start"`
	Clicks int64  `json:"clicks"`
}

// periodStats are the statistics of a period: totals, the series, and the breakdowns
// of the single-link response plus devices and languages (each an object of counts, or
// 0 when empty).
type periodStats struct {
	Scope        statsScope        `json:"scope"`
	From         string            `json:"from"`
	To           string            `json:"to"`
	Timezone     string            `json:"timezone"`
	Interval     string            `json:"interval"`
	Filters      map[string]string `json:"filters"`
	Clicks       int64             `json:"clicks"`
	UniqueClicks int64             `json:"uniqueClicks"`
	Series       []seriesPoint     `json:"series"`
	TopCountries any               `json:"topCountries"`
	TopReferrers any               `json:"topReferrers"`
	TopBrowsers  any               `json:"topBrowsers"`
	TopOs        any               `json:"topOs"`
	TopDevices   any               `json:"topDevices"`
	TopLanguages any               `json:"topLanguages"`
	SocialCount  map[string]int64  `json:"socialCount"`
}

type periodStatsResponse struct {
	Error int         `json:"error"`
	Data  periodStats `json:"data"`
}

// analyticsParams document the query parameters of the statistics and clicks routes.
var analyticsParams = []apidoc.Param{
	{Name: "from", Description: "first day, YYYY-MM-DD in timezone (default: 29 days before to); 2000-01-01 to 2100-12-31"},
	{Name: "to", Description: "last day, included, YYYY-MM-DD in timezone (default: today); at most 3660 days after from"},
	{Name: "timezone", Default: "UTC", Description: "IANA time zone of the dates and of the buckets, e.g. America/New_York: a zone of the database built into the binary, the same on every host (at most 64 bytes)"},
	{Name: "country", Description: "only clicks from this country: ISO 3166-1 alpha-2 code or English name"},
	{Name: "device", Enum: []any{"iPhone", "iPad", "Android", "Windows", "Mac", "Linux"}, Description: "only clicks from this device (any case)"},
	{Name: "browser", Description: "only clicks from this browser, e.g. Chrome (any case; at most 100 bytes)"},
	{Name: "os", Description: "only clicks from this operating system, e.g. iOS (any case; at most 100 bytes)"},
	{Name: "referrer", Description: "only clicks referred by this host (a URL is reduced to its host)"},
	{Name: "language", Description: "only clicks whose browser prefers this language, e.g. fr (pt-BR counts as pt)"},
}

var statsParams = append([]apidoc.Param{{Name: "interval", Enum: []any{"hour", "day", "week", "month"},
	Description: "bucket length (default: hour for 1-2 days, else day, week or month, the shortest giving at most 1000 buckets); more than 1000 buckets is 422"}},
	analyticsParams...)

// statsOp documents GET .../stats of the scope called name.
func statsOp(name string) apidoc.Op {
	return apidoc.Op{
		Summary: "Click statistics of " + name + " over a period",
		Description: "Totals, a series of buckets (every bucket present, zeros included, each starting in the requested time zone: " +
			"a day when the clocks change has 23 or 25 hours) and the breakdowns of the period, optionally filtered. See docs/analytics.md.",
		Tag: "analytics", Params: statsParams, Response: periodStatsResponse{}}
}

// clicksOp documents GET .../clicks of the scope called name.
func clicksOp(name string) apidoc.Op {
	return apidoc.Op{
		Summary: "The raw clicks of " + name + " over a period, as CSV",
		Description: "One row per click, oldest first: " + strings.Join(analytics.ExportColumns, ", ") + ". Times in the requested zone; " +
			"never an address. A formula trigger (= + - @ tab CR) that starts a text cell, or a cell after a separator (, ; | tab CR LF) inside it, gets a single quote in front. Streamed; " +
			"raw clicks are kept CLICK_RETENTION (13 months by default). At most 4 downloads at once per server (429 with Retry-After beyond).",
		Tag: "analytics", Params: analyticsParams, ContentType: "text/csv"}
}

// scopeOf resolves the scope of an analytics route: the path id of kind k in the
// caller's account (another account's is not found), or the whole account.
func (h *analyticsHandlers) scopeOf(c echo.Context, k analytics.Kind) (analytics.Scope, error) {
	acc := currentAccount(c)
	var id int64
	if k != analytics.KindAccount {
		var err error
		if id, err = pathID(c, "id", analytics.NotFound(k)); err != nil {
			return analytics.Scope{}, err
		}
	}
	return h.scopes.Resolve(c.Request().Context(), acc.ID, k, id)
}

// periodStats answers GET /api/url/:id/stats and the same for the other scopes.
func (h *analyticsHandlers) periodStats(k analytics.Kind) echo.HandlerFunc {
	return func(c echo.Context) error {
		q, err := analytics.ParseQuery(c.QueryParams(), time.Now())
		if err != nil {
			return err
		}
		sc, err := h.scopeOf(c, k)
		if err != nil {
			return err
		}
		rep, err := h.reports.Report(c.Request().Context(), sc, q)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, periodStatsResponse{Data: periodStatsOf(sc, q, rep)})
	}
}

func periodStatsOf(sc analytics.Scope, q analytics.Query, rep analytics.Report) periodStats {
	st := click.StatsOf(rep.Clicks, rep.UniqueClicks, rep.Dims)
	out := periodStats{
		Scope: statsScope{Type: string(sc.Kind), ID: sc.ID},
		From:  q.From.String(), To: q.To.String(), Timezone: q.ZoneName(), Interval: string(q.Interval),
		Filters: map[string]string{}, Clicks: rep.Clicks, UniqueClicks: rep.UniqueClicks,
		Series:       make([]seriesPoint, len(rep.Series)),
		TopCountries: countsOrZero(st.Countries), TopReferrers: countsOrZero(st.Referrers),
		TopBrowsers: countsOrZero(st.Browsers), TopOs: countsOrZero(st.OS),
		TopDevices: countsOrZero(st.Devices), TopLanguages: countsOrZero(st.Languages), SocialCount: st.Social,
	}
	for i, p := range rep.Series {
		out.Series[i] = seriesPoint{Start: p.Start.In(q.Zone).Format(time.RFC3339), Clicks: p.Clicks}
	}
	for _, name := range []string{"country", "device", "browser", "os", "referrer", "language"} {
		if v := q.Filter(name); v != "" {
			out.Filters[name] = v
		}
	}
	return out
}

// maxConcurrentExports bounds the clicks CSV downloads running at once per replica (each
// holds a database connection while it streams); beyond it 429 with Retry-After.
const maxConcurrentExports = 4

// clicksCSV answers GET /api/url/:id/clicks and the same for the other scopes: the raw
// clicks of the period as CSV, streamed.
func (h *analyticsHandlers) clicksCSV(k analytics.Kind) echo.HandlerFunc {
	return func(c echo.Context) error {
		params := c.QueryParams()
		if params.Has("interval") {
			params = cloneWithout(params, "interval") // the CSV has no buckets
		}
		q, err := analytics.ParseQuery(params, time.Now())
		if err != nil {
			return err
		}
		sc, err := h.scopeOf(c, k)
		if err != nil {
			return err
		}
		select {
		case h.exports <- struct{}{}:
			defer func() { <-h.exports }()
		default:
			c.Response().Header().Set("Retry-After", "5")
			return errExportsBusy
		}
		ctx := c.Request().Context()
		names, err := h.scopes.ShortURLs(ctx, sc, h.baseURL)
		if err != nil {
			return err
		}
		header := c.Response().Header()
		header.Set(echo.HeaderContentType, "text/csv; charset=utf-8")
		header.Set(echo.HeaderContentDisposition, `attachment; filename="`+analytics.ExportFilename(sc, q)+`"`)
		header.Set("Cache-Control", "no-store")
		header.Set("X-Content-Type-Options", "nosniff")
		c.Response().WriteHeader(http.StatusOK)
		if err := h.reports.Export(ctx, sc, q, names, c.Response()); err != nil {
			// The status is sent: the client sees a cut download, the log says why.
			h.log.WarnContext(ctx, "clicks export stopped", "scope", sc.Kind, "id", sc.ID, "error", err)
		}
		return nil
	}
}

func cloneWithout(v url.Values, name string) url.Values {
	out := url.Values{}
	for k, vs := range v {
		if k != name {
			out[k] = vs
		}
	}
	return out
}
