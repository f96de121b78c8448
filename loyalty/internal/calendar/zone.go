package calendar

import (
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // zone parameters must resolve in minimal container images too
)

// DefaultZone is the programme's zone: request dates are read, and file timestamps
// written, in it when a request names no timezone.
const DefaultZone = "America/Sao_Paulo"

// LoadZone resolves the IANA zone name a request sent; "" is DefaultZone. "Local" is
// refused: it would depend on the server's configuration.
func LoadZone(name string) (*time.Location, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		name = DefaultZone
	}
	if name == "Local" {
		return nil, fmt.Errorf("unknown time zone %q", name)
	}
	loc, err := time.LoadLocation(name)
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
