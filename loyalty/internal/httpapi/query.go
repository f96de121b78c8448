package httpapi

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
)

// listMaxLimit caps the limit parameter of the users, customers, stores, products,
// promotions, statement and coupon listings: the spec leaves the maximum open, and an
// unbounded limit lets one request read a whole table.
const listMaxLimit = 1000

// Query reads query parameters and collects their errors, so one 422 names every bad
// parameter (loc ["query", name]).
type Query struct {
	c      echo.Context
	fields validation.List
}

// NewQuery starts reading c's query parameters.
func NewQuery(c echo.Context) *Query { return &Query{c: c} }

// Err returns the 422 for every bad parameter read so far, or nil.
func (q *Query) Err() error { return inQuery(q.fields.Err()) }

// add records a bad parameter (its loc starts with the parameter's name).
func (q *Query) add(f apperr.FieldError) { q.fields.Add(f) }

// Int reads an integer parameter within bounds (Max 0 = unbounded).
func (q *Query) Int(name string, b pagination.Bounds) int {
	v, err := pagination.Int(q.c.QueryParams(), name, b)
	if err != nil {
		q.add(validation.Param(err.(*pagination.ParamError)))
		return b.Default
	}
	return v
}

// IntPtr reads an optional integer parameter (nil when absent).
func (q *Query) IntPtr(name string, b pagination.Bounds) *int {
	if q.c.QueryParam(name) == "" {
		return nil
	}
	v := q.Int(name, b)
	return &v
}

// LimitOffset reads limit (with its default, 0 to maxLimit) and offset (>= 0, default 0).
func (q *Query) LimitOffset(defaultLimit, maxLimit int) pagination.LimitOffset {
	lo, errs := pagination.ParseLimitOffset(q.c.QueryParams(), pagination.Bounds{Default: defaultLimit, Min: 0, Max: maxLimit})
	for _, pe := range errs {
		q.add(validation.Param(pe))
	}
	return lo
}

// String reads a trimmed parameter ("" when absent). Text Postgres cannot store (invalid
// UTF-8, NUL) is a 422.
func (q *Query) String(name string) string {
	v := strings.TrimSpace(q.c.QueryParam(name))
	if !validText(v) {
		q.add(validation.NotText(name))
		return ""
	}
	return v
}

// Required reads a parameter that must be present and non-empty.
func (q *Query) Required(name string) string {
	v := q.String(name)
	if v == "" {
		q.add(validation.Missing(name))
	}
	return v
}

// UUID reads an optional UUID parameter, lower-cased ("" when absent).
func (q *Query) UUID(name string) string {
	v := q.String(name)
	if v != "" && !isUUID(v) {
		q.add(validation.NotUUID(name))
		return ""
	}
	return strings.ToLower(v)
}

// Date reads an optional YYYY-MM-DD parameter, a day of years 1900 to 9998 (the range
// of every date the API accepts, see calendar).
func (q *Query) Date(name string) *time.Time {
	raw := q.String(name)
	if raw == "" {
		return nil
	}
	t, ok := calendar.ParseDate(raw)
	if !ok {
		q.add(apperr.Field("Input should be a valid date in the format YYYY-MM-DD", "date_parsing", name))
		return nil
	}
	if f, out := validation.DateOutOfRange(t, name); out {
		q.add(f)
		return nil
	}
	return &t
}

// DateRange reads the optional inclusive days start and end; end before start is a 422
// at end.
func (q *Query) DateRange(start, end string) (from, to *time.Time) {
	from, to = q.Date(start), q.Date(end)
	if from != nil && to != nil && to.Before(*from) {
		q.add(validation.Value(end+" must not be before "+start, end))
	}
	return from, to
}

// Zone reads an IANA time zone name; absent is the programme's zone
// (calendar.DefaultZone). Every route with a timezone parameter reads it here.
func (q *Query) Zone(name string) *time.Location {
	loc, err := calendar.LoadZone(q.String(name))
	if err != nil {
		q.add(validation.Value("Unknown time zone; use an IANA name such as "+calendar.DefaultZone, name))
		return time.UTC
	}
	return loc
}

// Month reads a required month parameter written MM-YYYY or MM/YYYY, in years 1900 to
// 9998 like every date (so the month after it is still a representable date).
func (q *Query) Month(name string) (year, month int) {
	raw := q.Required(name)
	if raw == "" {
		return 0, 0
	}
	m := monthPattern.FindStringSubmatch(raw)
	if m != nil {
		month, _ = strconv.Atoi(m[1])
		year, _ = strconv.Atoi(m[2])
	}
	if m == nil || month < 1 || month > 12 {
		q.add(validation.Value("Input should be a month as MM-YYYY or MM/YYYY", name))
		return 0, 0
	}
	if f, out := validation.DateOutOfRange(time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC), name); out {
		q.add(f)
		return 0, 0
	}
	return year, month
}

var monthPattern = regexp.MustCompile(`^(\d{1,2})[-/](\d{4})$`)

// OneOf reads a parameter restricted to allowed values (def when absent).
func (q *Query) OneOf(name, def string, allowed ...string) string {
	v := q.String(name)
	if v == "" {
		return def
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	q.add(validation.NotOneOf(allowed, name))
	return def
}
