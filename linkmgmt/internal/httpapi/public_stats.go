package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/analytics"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
)

// The public statistics page /{alias}+ is read by anyone without a key: its numbers are
// computed at most once a minute per link and replica (a cache bounded in entries and
// bytes), so a flood of views costs what one does. Whether the link is public is checked
// on every view (the redirect cache, invalidated on every change).
const (
	statsPageTTL        = time.Minute
	statsPageCacheLinks = 1000
	statsPageCacheBytes = 8 << 20
	// statsPageDays is the length of the page's curve.
	statsPageDays = 30
)

type cachedStatsPage struct {
	page redirect.StatsPage
	exp  time.Time
}

// publicStatsPages computes the numbers of the public statistics pages, cached.
type publicStatsPages struct {
	clickStats *click.StatsReader
	reports    *analytics.Reader
	locator    *geo.Locator
	cache      *lru.Cache[int64, cachedStatsPage]
}

func newStatsPageCache() *lru.Cache[int64, cachedStatsPage] {
	return lru.New(statsPageCacheLinks, statsPageCacheBytes, func(_ int64, c cachedStatsPage) int64 {
		n := int64(len(c.page.Days)) * 32
		for _, b := range c.page.Breakdowns {
			for _, e := range b.Entries {
				n += int64(len(e.Name)) + 24
			}
		}
		return n
	})
}

// publicStats answers GET and HEAD /{alias}+: the statistics page of a public link, the
// 404 page for any other.
func (h *redirectHandlers) publicStats(c echo.Context, alias string) error {
	r := c.Request()
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return writeOutcome(c, redirect.NotFound())
	}
	t, out, ok := h.redirects.PublicLink(r, alias)
	if !ok {
		return writeOutcome(c, out)
	}
	page, err := h.stats.page(r.Context(), t)
	if err != nil {
		return writeOutcome(c, redirect.Failed(err))
	}
	// The numbers may be a minute old; what the page says of the link is read on every
	// view, so a password set a moment ago hides the title at once.
	page.Title, page.ShortURL = t.Link.PublicView().Title, t.ShortURL
	page.CountryCredit = h.stats.locator.Database().Attribution
	return writeOutcome(c, redirect.StatsOutcome(page))
}

// page is the numbers of t's statistics page, computed at most once per statsPageTTL.
func (s *publicStatsPages) page(ctx context.Context, t *redirect.Target) (redirect.StatsPage, error) {
	now := time.Now()
	if c, ok := s.cache.Get(t.Link.ID); ok && now.Before(c.exp) {
		return c.page, nil
	}
	all, err := s.clickStats.ForLink(ctx, t.Link.ID)
	if err != nil {
		return redirect.StatsPage{}, err
	}
	today := analytics.DateOf(now.UTC())
	q := analytics.Query{From: today.AddDays(1 - statsPageDays), To: today, Zone: time.UTC, Interval: analytics.Day}
	sc := analytics.Scope{Kind: analytics.KindLink, ID: t.Link.ID, AccountID: t.Link.AccountID, Links: []int64{t.Link.ID}}
	rep, err := s.reports.Report(ctx, sc, q)
	if err != nil {
		return redirect.StatsPage{}, err
	}
	page := redirect.StatsPage{Clicks: all.Clicks, UniqueClicks: all.UniqueClicks, Generated: now}
	for _, p := range rep.Series {
		page.Days = append(page.Days, redirect.StatsDay{Date: p.Start, Clicks: p.Clicks})
	}
	for _, b := range []struct {
		title  string
		counts map[string]int64
	}{
		{"Countries", all.Countries}, {"Referrers", all.Referrers}, {"Social networks", all.Social},
		{"Browsers", all.Browsers}, {"Operating systems", all.OS}, {"Devices", all.Devices},
	} {
		bd := redirect.StatsBreakdown{Title: b.title}
		for name, n := range b.counts {
			bd.Entries = append(bd.Entries, redirect.StatsEntry{Name: name, Clicks: n})
		}
		page.Breakdowns = append(page.Breakdowns, bd)
	}
	s.cache.Add(t.Link.ID, cachedStatsPage{page: page, exp: now.Add(statsPageTTL)})
	return page, nil
}
