package redirect

import (
	"context"
	"net/http"
	"sort"
	"strconv"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
)

// PublicLink resolves the statistics page /{alias}+ on r's host: the link, only when its
// status is public. Otherwise (unknown, private, a malformed alias or host) the outcome
// to answer instead: the 404 page, so the page never tells whether a private link
// exists.
func (e *Engine) PublicLink(r *http.Request, alias string) (*Target, Outcome, bool) {
	ctx := r.Context()
	if !link.MaybeAlias(alias) || link.IsReserved(alias) {
		return nil, notFoundPage(), false
	}
	host, ok := e.canonicalHost(r.Host)
	if !ok {
		return nil, notFoundPage(), false
	}
	var domainID int64
	if host != e.baseHost {
		d, found, err := e.cache.domains.Get(ctx, host, func(ctx context.Context) (domain.Domain, error) { return e.load.domain(ctx, host) })
		if err != nil {
			return nil, Failed(err), false
		}
		if !found {
			return nil, notFoundPage(), false
		}
		domainID = d.ID
	}
	t, found, err := e.cache.links.Get(ctx, linkKey(domainID, alias), func(ctx context.Context) (*Target, error) {
		return e.load.target(ctx, domainID, alias)
	})
	if err != nil {
		return nil, Failed(err), false
	}
	if !found || t.Link.Status != "public" {
		return nil, notFoundPage(), false
	}
	return t, Outcome{}, true
}

// StatsDay is one day of the statistics page's curve.
type StatsDay struct {
	Date   time.Time // UTC midnight
	Clicks int64
}

// StatsEntry is one line of a breakdown.
type StatsEntry struct {
	Name   string
	Clicks int64
}

// StatsBreakdown is a titled top list.
type StatsBreakdown struct {
	Title   string
	Entries []StatsEntry
}

// StatsPage is what the public statistics page shows: all-time totals, the daily curve
// of the last 30 days (UTC) and the top breakdowns.
type StatsPage struct {
	Title        string
	ShortURL     string
	Clicks       int64
	UniqueClicks int64
	Days         []StatsDay
	Breakdowns   []StatsBreakdown
	Generated    time.Time
	// CountryCredit is the credit the country data's licence asks of pages showing
	// its results (the embedded database's); zero for none.
	CountryCredit geo.Attribution
}

// StatsOutcome is the page for p.
func StatsOutcome(p StatsPage) Outcome {
	return Outcome{Status: http.StatusOK, Page: "stats", Data: statsData{pageData: pageData{Title: "Statistics: " + p.Title}, View: viewOf(p)}}
}

// statsData is what stats.html reads: the common page fields plus the view.
type statsData struct {
	pageData
	View statsView
}

// The chart's drawing area, in SVG user units.
const (
	chartWidth  = 640
	chartHeight = 200
	chartLeft   = 44 // room for the value labels
	chartBottom = 24 // room for the date labels
)

type statsView struct {
	Title, ShortURL                  string
	Clicks, UniqueClicks, PeriodSum  string
	Bars                             []chartBar
	Grid                             []chartLine
	Labels                           []chartLabel
	Width, Height, PlotTop, PlotLeft int
	GridTextX, LabelY                int
	Breakdowns                       []breakdownView
	Generated                        string
	CountryCredit                    geo.Attribution
}

type chartBar struct {
	X, W  string // SVG lengths, one decimal
	Y, H  int
	Label string // tooltip: date and clicks
}

type chartLine struct {
	Y, TextY int
	Label    string
}

type chartLabel struct {
	X      string
	Anchor string // start, middle, end: the outer labels stay inside the chart
	Text   string
}

type breakdownView struct {
	Title   string
	Entries []breakdownEntry
}

type breakdownEntry struct {
	Name    string
	Clicks  string
	Percent int // of the breakdown's largest entry, for the bar's width
}

// viewOf lays the page out: bar geometry, grid lines, number formatting.
func viewOf(p StatsPage) statsView {
	v := statsView{
		Title: p.Title, ShortURL: p.ShortURL, Clicks: grouped(p.Clicks), UniqueClicks: grouped(p.UniqueClicks),
		Width: chartWidth, Height: chartHeight, PlotLeft: chartLeft, PlotTop: 8,
		GridTextX: chartLeft - 6, LabelY: chartHeight - 6,
		Generated: p.Generated.UTC().Format("2006-01-02 15:04 UTC"),
	}
	var peak, sum int64
	for _, d := range p.Days {
		peak = max(peak, d.Clicks)
		sum += d.Clicks
	}
	v.PeriodSum = grouped(sum)
	top := niceCeiling(peak)
	plotH := chartHeight - chartBottom - v.PlotTop
	plotW := chartWidth - chartLeft
	if n := len(p.Days); n > 0 {
		step := float64(plotW) / float64(n)
		gap := min(step/5, 3)
		for i, d := range p.Days {
			h := int(int64(plotH) * d.Clicks / top)
			if d.Clicks > 0 && h == 0 {
				h = 1
			}
			x := float64(chartLeft) + float64(i)*step
			v.Bars = append(v.Bars, chartBar{X: svgLength(x + gap/2), Y: v.PlotTop + plotH - h, W: svgLength(step - gap), H: h,
				Label: d.Date.Format("Mon 2 Jan 2006") + ": " + grouped(d.Clicks) + " clicks"})
			switch i {
			case 0:
				v.Labels = append(v.Labels, chartLabel{X: svgLength(x), Anchor: "start", Text: d.Date.Format("2 Jan")})
			case n / 2:
				v.Labels = append(v.Labels, chartLabel{X: svgLength(x + step/2), Anchor: "middle", Text: d.Date.Format("2 Jan")})
			case n - 1:
				v.Labels = append(v.Labels, chartLabel{X: svgLength(x + step), Anchor: "end", Text: d.Date.Format("2 Jan")})
			}
		}
	}
	for i := 0; i <= 4; i++ {
		val := top * int64(i) / 4
		y := v.PlotTop + plotH - int(int64(plotH)*val/top)
		v.Grid = append(v.Grid, chartLine{Y: y, TextY: y + 4, Label: grouped(val)})
	}
	for _, b := range p.Breakdowns {
		bv := breakdownView{Title: b.Title}
		entries := append([]StatsEntry(nil), b.Entries...)
		sort.Slice(entries, func(i, j int) bool {
			if entries[i].Clicks != entries[j].Clicks {
				return entries[i].Clicks > entries[j].Clicks
			}
			return entries[i].Name < entries[j].Name
		})
		var most int64 = 1
		if len(entries) > 0 {
			most = max(entries[0].Clicks, 1)
		}
		for _, e := range entries {
			if e.Clicks <= 0 {
				continue
			}
			bv.Entries = append(bv.Entries, breakdownEntry{Name: e.Name, Clicks: grouped(e.Clicks), Percent: int(max(e.Clicks*100/most, 1))})
		}
		v.Breakdowns = append(v.Breakdowns, bv)
	}
	v.CountryCredit = p.CountryCredit
	return v
}

func svgLength(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// niceCeiling is the smallest of 4, 8, 20, 40, 80, 200, ... (a multiple of 4, so the
// four grid steps are whole numbers) at or above n.
func niceCeiling(n int64) int64 {
	for base := int64(1); ; base *= 10 {
		for _, m := range []int64{4, 8, 20} {
			if c := m * base; c >= n {
				return c
			}
		}
		if base > 1e15 {
			return n
		}
	}
}

// grouped writes n with thousands separators (12,345).
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		return s
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
