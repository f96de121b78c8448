// Package analytics answers questions about clicks over time: totals, a series of
// buckets in the asker's time zone and breakdowns, for a link, a QR code, a campaign, a
// channel or a whole account, read from the rollups the click flusher keeps (package
// click) plus what Redis holds that is not flushed yet; and the raw clicks of a period
// as CSV.
package analytics

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/tzdb"
)

// Interval is the length of a series bucket.
type Interval string

// The intervals.
const (
	Hour  Interval = "hour"
	Day   Interval = "day"
	Week  Interval = "week"  // Monday to Sunday
	Month Interval = "month" // calendar months
)

// Limits of a query (docs/analytics.md).
const (
	// MaxPoints is the most buckets a series may have.
	MaxPoints = 1000
	// MaxRangeDays is the longest period, from and to included (ten years).
	MaxRangeDays = 3660
	// DefaultDays is the period when none is given: the last 30 days, today included.
	DefaultDays = 30
	// maxZoneBytes bounds a time zone name (the longest IANA name has 30 bytes).
	maxZoneBytes = 64
	// maxFilterBytes bounds a filter value.
	maxFilterBytes = 100
)

// Dates a query may name: clicks exist from 2000 on (package click refuses older).
var (
	minDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	maxDate = time.Date(2100, 12, 31, 0, 0, 0, 0, time.UTC)
)

// Date is a calendar date (its midnight UTC stands for it).
type Date struct{ t time.Time }

// DateOf is the date of t in its own location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
}

func (d Date) String() string        { return d.t.Format(time.DateOnly) }
func (d Date) AddDays(n int) Date    { return Date{d.t.AddDate(0, 0, n)} }
func (d Date) Before(o Date) bool    { return d.t.Before(o.t) }
func (d Date) Weekday() time.Weekday { return d.t.Weekday() }
func (d Date) daysUntil(o Date) int  { return int(o.t.Sub(d.t).Hours() / 24) }
func (d Date) yearMonth() (int, int) { return d.t.Year(), int(d.t.Month()) }
func (d Date) firstOfNextMonth() Date {
	return Date{time.Date(d.t.Year(), d.t.Month()+1, 1, 0, 0, 0, 0, time.UTC)}
}

// Start is the first instant of the date in loc (usually local midnight; where midnight
// does not exist, the moment the clocks skip to).
func (d Date) Start(loc *time.Location) time.Time {
	y, m, day := d.t.Date()
	t := time.Date(y, m, day, 0, 0, 0, 0, loc)
	// time.Date may answer an instant of the day before for a skipped midnight: step to
	// the first instant that belongs to the date (transitions fall on 15-minute marks).
	for DateOf(t.In(loc)).Before(d) {
		t = t.Add(15 * time.Minute)
	}
	return t
}

// Filters restrict a query to clicks whose dimension has the given value ("" for none).
// Social sources are a breakdown, not a filter.
type Filters [click.NumDims]string

// Any reports whether a filter is set.
func (f Filters) Any() bool {
	for _, v := range f {
		if v != "" {
			return true
		}
	}
	return false
}

// filterParams are the query parameters of the filters, with the dimension each sets.
var filterParams = []struct {
	name string
	dim  click.Dim
}{
	{"country", click.DimCountry}, {"device", click.DimDevice}, {"browser", click.DimBrowser},
	{"os", click.DimOS}, {"referrer", click.DimReferrer}, {"language", click.DimLanguage},
}

// Filter is the value of the filter named by its query parameter ("" when not set).
func (q Query) Filter(param string) string {
	for _, p := range filterParams {
		if p.name == param {
			return q.Filters[p.dim]
		}
	}
	return ""
}

// Query is a validated analytics question.
type Query struct {
	From, To Date // inclusive, in Zone
	Zone     *time.Location
	Interval Interval
	Filters  Filters
}

// ZoneName is the IANA name of the query's zone.
func (q Query) ZoneName() string { return q.Zone.String() }

// Bounds are the first instant of From and the first instant after To, in UTC.
func (q Query) Bounds() (start, end time.Time) {
	return q.From.Start(q.Zone).UTC(), q.To.AddDays(1).Start(q.Zone).UTC()
}

// Days is the number of days of the period.
func (q Query) Days() int { return q.From.daysUntil(q.To) + 1 }

// Params are the query parameters an analytics route reads.
var Params = []string{"from", "to", "interval", "timezone", "country", "device", "browser", "os", "referrer", "language"}

// ParseQuery reads and bounds the query parameters of an analytics route. Every refusal
// is Invalid (422) and names the parameter.
func ParseQuery(v url.Values, now time.Time) (Query, error) {
	var q Query
	for _, name := range Params {
		if len(v[name]) > 1 {
			return q, invalid(name, "give it once")
		}
	}
	zone, err := loadZone(v.Get("timezone"))
	if err != nil {
		return q, err
	}
	q.Zone = zone
	today := DateOf(now.In(zone))
	q.To = today
	if raw := v.Get("to"); raw != "" {
		if q.To, err = parseDate("to", raw); err != nil {
			return q, err
		}
	}
	q.From = q.To.AddDays(1 - DefaultDays)
	if raw := v.Get("from"); raw != "" {
		if q.From, err = parseDate("from", raw); err != nil {
			return q, err
		}
	} else if q.From.Before(Date{minDate}) {
		q.From = Date{minDate}
	}
	if q.To.Before(q.From) {
		return q, invalid("to", "must be on or after from")
	}
	if q.Days() > MaxRangeDays {
		return q, invalid("to", fmt.Sprintf("the period may span at most %d days", MaxRangeDays))
	}
	switch iv := Interval(v.Get("interval")); iv {
	case "":
		q.Interval = defaultInterval(q)
	case Hour, Day, Week, Month:
		q.Interval = iv
		if n := q.Points(); n > MaxPoints {
			return q, invalid("interval", fmt.Sprintf("%s gives %d points for this period, at most %d: choose a longer interval or a shorter period", iv, n, MaxPoints))
		}
	default:
		return q, invalid("interval", "must be hour, day, week or month")
	}
	for _, p := range filterParams {
		raw := strings.TrimSpace(v.Get(p.name))
		if raw == "" {
			continue
		}
		if len(raw) > maxFilterBytes {
			return q, invalid(p.name, fmt.Sprintf("at most %d bytes", maxFilterBytes))
		}
		value, err := canonicalFilter(p.dim, raw)
		if err != nil {
			return q, invalid(p.name, err.Error())
		}
		q.Filters[p.dim] = value
	}
	return q, nil
}

// defaultInterval: hours for a day or two, days up to MaxPoints of them, then weeks,
// then months.
func defaultInterval(q Query) Interval {
	for _, iv := range []Interval{Hour, Day, Week, Month} {
		q.Interval = iv
		if iv == Hour && q.Days() > 2 {
			continue
		}
		if q.Points() <= MaxPoints {
			return iv
		}
	}
	return Month
}

// Points is the number of buckets of the query's series, computed without building it.
func (q Query) Points() int {
	switch q.Interval {
	case Hour:
		start, end := q.Bounds()
		n := 0
		for range hourStarts(start, end, q.Zone) {
			n++
		}
		return n
	case Day:
		return q.Days()
	case Week:
		// The first bucket runs to the first Monday after From.
		first := (8 - int(q.From.Weekday())) % 7
		if first == 0 {
			first = 7
		}
		if q.Days() <= first {
			return 1
		}
		return 1 + (q.Days()-first+6)/7
	default:
		fy, fm := q.From.yearMonth()
		ty, tm := q.To.yearMonth()
		return (ty-fy)*12 + tm - fm + 1
	}
}

func parseDate(name, raw string) (Date, error) {
	t, err := time.Parse(time.DateOnly, raw)
	if err != nil || len(raw) != len(time.DateOnly) {
		return Date{}, invalid(name, "must be a date YYYY-MM-DD")
	}
	if t.Before(minDate) || t.After(maxDate) {
		return Date{}, invalid(name, fmt.Sprintf("must be between %s and %s", minDate.Format(time.DateOnly), maxDate.Format(time.DateOnly)))
	}
	return Date{t}, nil
}

// loadZone resolves the timezone parameter: "" is UTC; otherwise a zone of the embedded
// database (shared/tzdb), so right/UTC or posixrules, which only some hosts have, are
// refused everywhere alike.
func loadZone(name string) (*time.Location, error) {
	if name == "" {
		return time.UTC, nil
	}
	if len(name) > maxZoneBytes {
		return nil, invalid("timezone", fmt.Sprintf("must be an IANA time zone name such as Europe/Paris (at most %d bytes)", maxZoneBytes))
	}
	loc, err := tzdb.Load(name)
	if err != nil {
		return nil, invalid("timezone", "must be an IANA time zone name such as Europe/Paris")
	}
	return loc, nil
}

// canonicalFilter turns a filter value into the form clicks store.
func canonicalFilter(d click.Dim, raw string) (string, error) {
	switch d {
	case click.DimCountry:
		code, ok := geo.CountryCode(raw)
		if !ok {
			return "", fmt.Errorf("must be an ISO 3166-1 alpha-2 code or an English country name")
		}
		return code, nil
	case click.DimDevice:
		for _, dev := range link.Devices {
			if strings.EqualFold(dev, raw) {
				return dev, nil
			}
		}
		return "", fmt.Errorf("must be one of %s", strings.Join(link.Devices, ", "))
	case click.DimReferrer:
		host := raw
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			host = u.Hostname()
		}
		// url.Parse percent-decodes the host: http://%ff/ is text the API accepted that
		// decodes to bytes no stored host has (and ToLower would turn into U+FFFD).
		if !utf8.ValidString(host) {
			return "", fmt.Errorf("must be a host or URL whose host is valid UTF-8 text")
		}
		return strings.ToLower(host), nil
	case click.DimLanguage:
		lang, _, _ := strings.Cut(strings.ToLower(raw), "-")
		if len(lang) < 2 || len(lang) > 8 || strings.Trim(lang, "abcdefghijklmnopqrstuvwxyz") != "" {
			return "", fmt.Errorf("must be a language code such as en or pt-BR")
		}
		return lang, nil
	}
	return raw, nil // browser and OS names, matched without regard to case
}

func invalid(param, msg string) error {
	return apperr.Validation(apperr.Field(msg, "value_error", "query", param))
}
