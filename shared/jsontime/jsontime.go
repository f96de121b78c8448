// Package jsontime holds JSON date and date-time types that accept the forms clients send
// (RFC 3339, with or without zone, or a space instead of T) and refuse anything else with
// an *json.UnmarshalTypeError, so the decoder reports the field at fault.
package jsontime

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"
)

// DateTime is a point in time. A value without a zone is read as UTC.
type DateTime struct{ time.Time }

var dateTimeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
}

// ParseDateTime parses the accepted date-time forms.
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
	d.Time = t
	return nil
}

func (d DateTime) MarshalJSON() ([]byte, error) { return json.Marshal(d.Time) }

// Date is a calendar day, YYYY-MM-DD.
type Date struct{ time.Time }

// DateLayout is the only accepted date form.
const DateLayout = "2006-01-02"

// ParseDate parses YYYY-MM-DD.
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
	d.Time = t
	return nil
}

func (d Date) MarshalJSON() ([]byte, error) { return json.Marshal(d.Format(DateLayout)) }
