package calendar

import (
	"fmt"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/shared/tzdb"
)

// DefaultZone is the programme's zone: request dates are read, and file timestamps
// written, in it when a request names no timezone.
const DefaultZone = "America/Sao_Paulo"

// LoadZone resolves the IANA zone name a request or the configuration gave; "" is
// DefaultZone. Only zones of the embedded database (shared/tzdb) exist: "Local" (the
// server's configuration) and names only some hosts' zoneinfo has (right/UTC,
// posixrules) are refused everywhere alike.
func LoadZone(name string) (*time.Location, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		name = DefaultZone
	}
	loc, err := tzdb.Load(name)
	if err != nil {
		return nil, fmt.Errorf("unknown time zone %q", name)
	}
	return loc, nil
}

// DayStart is midnight, in loc, of d's calendar day (d's year, month and day as written,
// whatever d's own zone).
func DayStart(d time.Time, loc *time.Location) time.Time {
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc)
}

// DayEnd is midnight, in loc, of the day after d's calendar day: the exclusive end of an
// inclusive range of days ending on d.
func DayEnd(d time.Time, loc *time.Location) time.Time {
	return DayStart(d, loc).AddDate(0, 0, 1)
}
