package jsontime

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
