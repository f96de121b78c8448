package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
)

// linkHandlers serve /api/url and /api/urls: links and their all-time statistics.
type linkHandlers struct {
	base
	links      *link.Service
	clickStats *click.StatsReader
}

// Fixed messages of the link routes.
const (
	msgLinkUpdated = "Link has been updated successfully."
	msgLinkDeleted = "Link has been deleted successfully."
)

// linkListQuery is the query of GET /api/urls (short, limit and page are read apart).
// The keyword q is bounded because it is matched with ILIKE against four columns of every
// link of the account.
type linkListQuery struct {
	Order  string `query:"order" validate:"omitempty,oneof=date click"`
	Search string `query:"q" validate:"max=255"`
}

type linkCreateResponse struct {
	Error    int    `json:"error"`
	ID       int64  `json:"id"`
	ShortURL string `json:"shorturl"`
}

type linkUpdateResponse struct {
	Error    int    `json:"error"`
	ID       int64  `json:"id"`
	ShortURL string `json:"shorturl"`
	Message  string `json:"message"`
}

type linkMessageResponse struct {
	Error   int    `json:"error"`
	Message string `json:"message"`
}

// linkDetails is the spec's "details" plus every other field of the link, so a client
// can read back what it set.
type linkDetails struct {
	ID              int64             `json:"id"`
	ShortURL        string            `json:"shorturl"`
	LongURL         string            `json:"longurl"`
	Title           string            `json:"title"`
	Description     string            `json:"description"`
	Location        map[string]string `json:"location"`
	Device          map[string]string `json:"device"`
	Expiry          *string           `json:"expiry"`
	Date            string            `json:"date"`
	Alias           string            `json:"alias"`
	Domain          string            `json:"domain"`
	Type            string            `json:"type"`
	Status          string            `json:"status"`
	Password        bool              `json:"password"`
	Language        map[string]string `json:"language"`
	MetaTitle       string            `json:"metatitle"`
	MetaDescription string            `json:"metadescription"`
	MetaImage       string            `json:"metaimage"`
	Pixels          []int64           `json:"pixels"`
	Channel         *int64            `json:"channel"`
	Campaign        *int64            `json:"campaign"`
	DeepLink        link.DeepLink     `json:"deeplink"`
	Parameters      []link.Param      `json:"parameters"`
}

// linkStats is the spec's "data": each top list is an object of counts, or 0 when empty.
type linkStats struct {
	Clicks       int64            `json:"clicks"`
	UniqueClicks int64            `json:"uniqueClicks"`
	TopCountries any              `json:"topCountries"`
	TopReferrers any              `json:"topReferrers"`
	TopBrowsers  any              `json:"topBrowsers"`
	TopOs        any              `json:"topOs"`
	SocialCount  map[string]int64 `json:"socialCount"`
}

type linkResponse struct {
	Error   int         `json:"error"`
	ID      int64       `json:"id"`
	Details linkDetails `json:"details"`
	Data    linkStats   `json:"data"`
}

type linkListItem struct {
	ID          int64  `json:"id"`
	Alias       string `json:"alias"`
	ShortURL    string `json:"shorturl"`
	LongURL     string `json:"longurl"`
	Clicks      int64  `json:"clicks"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Date        string `json:"date"`
}

// createLink answers POST /api/url/add.
func (h *linkHandlers) createLink(c echo.Context) error {
	var in link.Input
	if err := h.bind.JSON(c, &in); err != nil {
		return err
	}
	l, err := h.links.Create(c.Request().Context(), currentAccount(c).ID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, linkCreateResponse{ID: l.ID, ShortURL: l.ShortURL(h.links.BaseURL())})
}

// updateLink answers PUT /api/url/:id/update.
func (h *linkHandlers) updateLink(c echo.Context) error {
	id, err := pathID(c, "id", link.ErrNotFound)
	if err != nil {
		return err
	}
	var in link.Input
	if err := h.bind.JSON(c, &in); err != nil {
		return err
	}
	l, err := h.links.Update(c.Request().Context(), currentAccount(c).ID, id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, linkUpdateResponse{ID: l.ID, ShortURL: l.ShortURL(h.links.BaseURL()), Message: msgLinkUpdated})
}

// deleteLink answers DELETE /api/url/:id/delete.
func (h *linkHandlers) deleteLink(c echo.Context) error {
	id, err := pathID(c, "id", link.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.links.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, linkMessageResponse{Message: msgLinkDeleted})
}

// getLink answers GET /api/url/:id.
func (h *linkHandlers) getLink(c echo.Context) error {
	id, err := pathID(c, "id", link.ErrNotFound)
	if err != nil {
		return err
	}
	l, err := h.links.Get(c.Request().Context(), currentAccount(c).ID, id)
	if err != nil {
		return err
	}
	return h.renderLink(c, l)
}

// listLinks answers GET /api/urls: a page of links, or with `short` the single link
// whose short URL it is.
func (h *linkHandlers) listLinks(c echo.Context) error {
	ctx := c.Request().Context()
	acc := currentAccount(c)
	q := c.QueryParams()
	if short := strings.TrimSpace(q.Get("short")); short != "" {
		l, err := h.links.ByShortURL(ctx, acc.ID, short)
		if err != nil {
			return err
		}
		return h.renderLink(c, l)
	}
	var query linkListQuery
	if err := h.bind.Query(c, &query); err != nil {
		return err
	}
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	links, total, err := h.links.List(ctx, acc.ID, link.ListQuery{Order: query.Order, Search: query.Search, Limit: page.Limit, Offset: page.Offset()})
	if err != nil {
		return err
	}
	ids := make([]int64, len(links))
	for i, l := range links {
		ids[i] = l.ID
	}
	pending := h.clickStats.PendingTotals(ctx, ids)
	items := make([]linkListItem, len(links))
	for i, l := range links {
		items[i] = linkListItem{
			ID: l.ID, Alias: l.Alias, ShortURL: l.ShortURL(h.links.BaseURL()), LongURL: l.LongURL,
			Clicks: l.Clicks + pending[l.ID], Title: l.Title, Description: l.Description,
			Date: l.CreatedAt.UTC().Format(dateTimeLayout),
		}
	}
	return writeList(c, "urls", page, total, items)
}

func (h *linkHandlers) renderLink(c echo.Context, l link.Link) error {
	st, err := h.clickStats.ForLink(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, linkResponse{ID: l.ID, Details: h.linkDetails(c.Request().Context(), l), Data: linkStatsOf(st)})
}

func (h *linkHandlers) linkDetails(_ context.Context, l link.Link) linkDetails {
	d := linkDetails{
		ID: l.ID, ShortURL: l.ShortURL(h.links.BaseURL()), LongURL: l.LongURL, Title: l.Title,
		Description: l.Description, Location: map[string]string{}, Device: map[string]string{},
		Language: map[string]string{}, Date: l.CreatedAt.UTC().Format(dateTimeLayout),
		Alias: l.Alias, Domain: l.DomainURL, Type: l.Type, Status: l.Status, Password: l.Protected(),
		MetaTitle: l.MetaTitle, MetaDescription: l.MetaDescription, MetaImage: l.MetaImage,
		Pixels: l.PixelIDs, Channel: l.ChannelID, Campaign: l.CampaignID, DeepLink: l.DeepLink.V,
		Parameters: l.Parameters.V,
	}
	if d.Pixels == nil {
		d.Pixels = []int64{}
	}
	if d.Parameters == nil {
		d.Parameters = []link.Param{}
	}
	if l.ExpiresAt != nil {
		s := formatDateTime(l.ExpiresAt)
		d.Expiry = &s
	}
	for _, g := range l.GeoTargets.V {
		d.Location[g.Location] = g.Link
	}
	for _, t := range l.DeviceTargets.V {
		d.Device[t.Device] = t.Link
	}
	for _, t := range l.LanguageTargets.V {
		d.Language[t.Language] = t.Link
	}
	return d
}

func linkStatsOf(st click.Stats) linkStats {
	return linkStats{
		Clicks: st.Clicks, UniqueClicks: st.UniqueClicks,
		TopCountries: countsOrZero(st.Countries), TopReferrers: countsOrZero(st.Referrers),
		TopBrowsers: countsOrZero(st.Browsers), TopOs: countsOrZero(st.OS), SocialCount: st.Social,
	}
}
