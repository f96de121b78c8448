package calendar

import (
	"encoding/json"
	"testing"
	"time"
)

func TestDateTimeAcceptsCommonForms(t *testing.T) {
	want := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	for _, in := range []string{"2026-03-04T05:06:07Z", "2026-03-04T02:06:07-03:00", "2026-03-04T05:06:07", "2026-03-04 05:06:07"} {
		var d DateTime
		if err := json.Unmarshal([]byte(`"`+in+`"`), &d); err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if !d.Equal(want) {
			t.Errorf("%s: got %v, want %v", in, d.Time, want)
		}
	}
	for _, in := range []string{`"04/03/2026"`, `"tomorrow"`, `12`, `""`} {
		var d DateTime
		if _, ok := json.Unmarshal([]byte(in), &d).(*json.UnmarshalTypeError); !ok {
			t.Errorf("%s accepted or wrong error type", in)
		}
	}
}

func TestDate(t *testing.T) {
	var d Date
	if err := json.Unmarshal([]byte(`"1990-12-31"`), &d); err != nil || d.Format(DateLayout) != "1990-12-31" {
		t.Fatalf("got %v %v", d, err)
	}
	if out, _ := json.Marshal(d); string(out) != `"1990-12-31"` {
		t.Fatalf("marshal = %s", out)
	}
	for _, in := range []string{`"1990-13-01"`, `"31/12/1990"`, `"1990-12-31T00:00:00Z"`} {
		if _, ok := json.Unmarshal([]byte(in), &d).(*json.UnmarshalTypeError); !ok {
			t.Errorf("%s accepted", in)
		}
	}
}

// TestRangeIsEnforced checks the range on both types: values whose UTC instant leaves
// years 1900 to 9998, however they are written (a zone offset can push a 9999-12-31 or a
// 0000-01-01 across a year), are refused with the range's Value; the bounds themselves
// behave as documented.
func TestRangeIsEnforced(t *testing.T) {
	dateTimes := []struct {
		in   string
		want string // "" accepted, else the UnmarshalTypeError Value
	}{
		{"1900-01-01T00:00:00Z", ""},
		{"1900-01-01T01:00:00+01:00", ""},
		{"9998-12-31T23:59:59.999999999Z", ""},
		{"9998-12-31T23:59:59-12:00", ValueTooLate},
		{"9999-01-01T00:00:00Z", ValueTooLate},
		{"9999-12-31T23:59:59-12:00", ValueTooLate},
		{"9999-12-31T23:59:59Z", ValueTooLate},
		{"9999-12-31 23:59:59", ValueTooLate},
		{"1899-12-31T23:59:59.999999999Z", ValueTooEarly},
		{"1900-01-01T00:00:00+00:01", ValueTooEarly},
		{"0000-01-01T00:00:00+14:00", ValueTooEarly},
		{"0001-01-01T00:00:00Z", ValueTooEarly},
		{"0000-01-01T00:00", ValueTooEarly},
	}
	for _, tt := range dateTimes {
		var d DateTime
		err := json.Unmarshal([]byte(`"`+tt.in+`"`), &d)
		checkRange(t, tt.in, err, tt.want)
	}
	dates := []struct{ in, want string }{
		{"1900-01-01", ""},
		{"9998-12-31", ""},
		{"1899-12-31", ValueTooEarly},
		{"0000-01-01", ValueTooEarly},
		{"9999-01-01", ValueTooLate},
		{"9999-12-31", ValueTooLate},
	}
	for _, tt := range dates {
		var d Date
		err := json.Unmarshal([]byte(`"`+tt.in+`"`), &d)
		checkRange(t, tt.in, err, tt.want)
	}
	if !InRange(time.Date(9998, 12, 31, 23, 0, 0, 0, time.FixedZone("", 3600))) || InRange(EndTime) || !InRange(MinTime) {
		t.Error("InRange does not match the documented bounds")
	}
}

func checkRange(t *testing.T, in string, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Errorf("%s refused: %v", in, err)
		}
		return
	}
	te, ok := err.(*json.UnmarshalTypeError)
	if !ok || te.Value != want {
		t.Errorf("%s: error %v, want an UnmarshalTypeError with Value %q", in, err, want)
	}
}
