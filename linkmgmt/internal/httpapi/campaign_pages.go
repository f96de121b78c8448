package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/campaign"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
	"github.com/loyaltylinks/platform/shared/pagination"
)

// campaignPageHandlers serve the public campaign pages /r/{slug} (the rotator) and
// /u/{ref} (the list).
type campaignPageHandlers struct {
	pages     *campaign.Pages
	redirects *redirect.Engine
}

// campaignListPageSize is how many links the public list page shows at once.
const campaignListPageSize = 100

// rotate answers GET and HEAD /r/{slug}: the campaign's next link in turn, evaluated by
// the redirect engine as if its own short URL had been visited (the click is counted on
// that link). Public, like the redirect.
func (h *campaignPageHandlers) rotate(c echo.Context) error {
	return writeOutcome(c, h.rotateOutcome(c.Request(), c.Param("slug")))
}

func (h *campaignPageHandlers) rotateOutcome(r *http.Request, slug string) redirect.Outcome {
	if !maybeSlug(slug) || !h.redirects.OnBaseHost(r) {
		return redirect.NotFound()
	}
	// A HEAD (a link checker) is shown the next link without taking a turn.
	m, err := h.pages.Pick(r.Context(), slug, r.Method != http.MethodHead)
	if errors.Is(err, campaign.ErrNotFound) {
		return redirect.NotFound()
	}
	if err != nil {
		return redirect.Failed(err)
	}
	return h.redirects.ServeRotated(r, m.DomainID, m.Alias)
}

// campaignList answers GET and HEAD /u/{slug} (or /u/{id} for a campaign without a
// slug): the public HTML list of a public campaign's links, 404 otherwise. ?page=N pages
// through long campaigns.
func (h *campaignPageHandlers) campaignList(c echo.Context) error {
	return writeOutcome(c, h.campaignListOutcome(c.Request(), c.Param("ref")))
}

func (h *campaignPageHandlers) campaignListOutcome(r *http.Request, ref string) redirect.Outcome {
	if !maybeCampaignRef(ref) || !h.redirects.OnBaseHost(r) {
		return redirect.NotFound()
	}
	// A missing or malformed page number is the first page: this is a page for people.
	page := pagination.Page{Page: 1, Limit: campaignListPageSize}
	if r.URL.RawQuery == "" {
		// The usual visit: no query to parse.
	} else if n, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && n > 1 {
		// Far past the last page is still past it; the bound keeps the OFFSET from overflowing.
		page.Page = min(n, maxPageNumber)
	}
	cp, links, total, err := h.pages.PublicList(r.Context(), ref, page)
	if errors.Is(err, campaign.ErrNotFound) {
		return redirect.NotFound()
	}
	if err != nil {
		return redirect.Failed(err)
	}
	p := redirect.CampaignPage{Name: cp.Name, Links: make([]redirect.CampaignLink, 0, len(links))}
	for _, l := range links {
		v := l.PublicView()
		p.Links = append(p.Links, redirect.CampaignLink{Title: v.Title, ShortURL: l.ShortURL, Description: v.Description})
	}
	env := pagination.NewEnvelope(page, total)
	if page.Page > 1 {
		p.PrevURL = "?page=" + strconv.Itoa(min(page.Page-1, env.MaxPage))
	}
	if env.NextPage > 0 {
		p.NextURL = "?page=" + strconv.Itoa(env.NextPage)
	}
	return h.redirects.CampaignList(p)
}

// maxCampaignRefBytes: a slug is at most 64 characters, an id at most 19 digits.
const maxCampaignRefBytes = 64

// maybeSlug reports whether s could be a rotator slug (campaign.NormalizeSlug accepts it
// as it is). The public pages ask before any lookup: what no campaign can be named (NUL,
// invalid UTF-8, kilobytes of text) is a 404 without a database call.
func maybeSlug(s string) bool {
	if s == "" || len(s) > maxCampaignRefBytes {
		return false
	}
	n, err := campaign.NormalizeSlug(s)
	return err == nil && n == s
}

// maybeCampaignRef reports whether s could name a public campaign list: a slug, or the
// positive id of a campaign without one.
func maybeCampaignRef(s string) bool {
	if s != "" && len(s) <= 19 && strings.Trim(s, "0123456789") == "" {
		id, err := strconv.ParseInt(s, 10, 64)
		return err == nil && id > 0
	}
	return maybeSlug(s)
}
