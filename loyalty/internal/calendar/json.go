// Package calendar holds the loyalty service's notions of dates and days: the JSON date
// and date-time types of request bodies, the range every accepted date lies in, the
// programme's default time zone, how a zone parameter is resolved and where a calendar
// day starts in a zone.
//
// Date and DateTime accept the forms clients send (RFC 3339, with or without zone, or a
// space instead of T) and refuse anything else with an *json.UnmarshalTypeError, so the
// decoder reports the field at fault. Every value they accept lies in the range [MinTime, EndTime): UTC years 1900 to 9998.
// A well-formed value outside it is refused too, with the Value ValueTooEarly or
// ValueTooLate, before any code stores it. The year of margin keeps whatever a service
// does with an accepted value representable: rendering it in any time zone (Go's JSON
// encoding fails outside years 0 to 9999 in the value's own zone), a day or a month
// added to it, Postgres and spreadsheet dates.
package calendar

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

// The accepted range: from MinTime included to EndTime excluded.
var (
	MinTime = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	EndTime = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
)

// Values of the *json.UnmarshalTypeError of a well-formed date or date-time outside the
// range, so a binder can tell it from a malformed one.
const (
	ValueTooEarly = "date-time before 1900-01-01T00:00:00Z"
	ValueTooLate  = "date-time from 9999-01-01T00:00:00Z on"
)

// InRange reports whether t lies in [MinTime, EndTime), whatever its zone.
func InRange(t time.Time) bool { return !t.Before(MinTime) && t.Before(EndTime) }

// rangeError is the decoding error of a value outside the range, or nil.
func rangeError(t time.Time, typ reflect.Type) error {
	switch {
	case t.Before(MinTime):
		return &json.UnmarshalTypeError{Value: ValueTooEarly, Type: typ}
	case !t.Before(EndTime):
		return &json.UnmarshalTypeError{Value: ValueTooLate, Type: typ}
	}
	return nil
}

// DateTime is a point in time within the range. A value without a zone is read as UTC.
type DateTime struct{ time.Time }

var dateTimeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
}

// ParseDateTime parses the accepted date-time forms. It does not check the range.
func ParseDateTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range dateTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func (d *DateTime) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return &json.UnmarshalTypeError{Value: "datetime", Type: reflect.TypeOf(d.Time)}
	}
	t, ok := ParseDateTime(s)
	if !ok {
		return &json.UnmarshalTypeError{Value: "datetime", Type: reflect.TypeOf(d.Time)}
	}
	if err := rangeError(t, reflect.TypeOf(d.Time)); err != nil {
		return err
	}
	d.Time = t
	return nil
}

func (d DateTime) MarshalJSON() ([]byte, error) { return json.Marshal(d.Time) }

// OpenAPISchema documents DateTime as a date-time string with its range (apidoc.WireSchema).
func (DateTime) OpenAPISchema() *openapi3.Schema {
	s := openapi3.NewDateTimeSchema()
	s.Description = "Within UTC years 1900 to 9998 (from 1900-01-01T00:00:00Z to 9999-01-01T00:00:00Z excluded)."
	return s
}

// Date is a calendar day, YYYY-MM-DD, from 1900-01-01 to 9998-12-31 (the range).
type Date struct{ time.Time }

// DateLayout is the only accepted date form.
const DateLayout = "2006-01-02"

// ParseDate parses YYYY-MM-DD (midnight UTC of that day). It does not check the range.
func ParseDate(s string) (time.Time, bool) {
	t, err := time.Parse(DateLayout, strings.TrimSpace(s))
	return t, err == nil
}

func (d *Date) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return &json.UnmarshalTypeError{Value: "date", Type: reflect.TypeOf(Date{})}
	}
	t, ok := ParseDate(s)
	if !ok {
		return &json.UnmarshalTypeError{Value: "date", Type: reflect.TypeOf(Date{})}
	}
	if err := rangeError(t, reflect.TypeOf(Date{})); err != nil {
		return err
	}
	d.Time = t
	return nil
}

func (d Date) MarshalJSON() ([]byte, error) { return json.Marshal(d.Format(DateLayout)) }

// OpenAPISchema documents Date as a date string with its range (apidoc.WireSchema).
func (Date) OpenAPISchema() *openapi3.Schema {
	s := openapi3.NewStringSchema().WithFormat("date")
	s.Description = "From 1900-01-01 to 9998-12-31."
	return s
}
