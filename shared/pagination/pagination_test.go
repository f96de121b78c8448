package pagination

import (
	"net/url"
	"testing"
)

func TestInt(t *testing.T) {
	b := Bounds{Default: 10, Min: 0, Max: 100}
	tests := []struct {
		raw         string
		want        int
		wantProblem Problem
		wantBound   int
		wantText    string
	}{
		{"", 10, 0, 0, ""},
		{"0", 0, 0, 0, ""},
		{"100", 100, 0, 0, ""},
		{"55", 55, 0, 0, ""},
		{"-1", 0, TooSmall, 0, "limit: must be at least 0"},
		{"101", 0, TooLarge, 100, "limit: must be at most 100"},
		{"abc", 0, NotAnInteger, 0, "limit: must be an integer"},
		{"1.5", 0, NotAnInteger, 0, "limit: must be an integer"},
		{"99999999999999999999", 0, NotAnInteger, 0, "limit: must be an integer"},
	}
	for _, tt := range tests {
		q := url.Values{}
		if tt.raw != "" {
			q.Set("limit", tt.raw)
		}
		got, err := Int(q, "limit", b)
		if tt.wantProblem == 0 {
			if err != nil || got != tt.want {
				t.Errorf("Int(%q) = %d, %v; want %d", tt.raw, got, err, tt.want)
			}
			continue
		}
		pe, ok := err.(*ParamError)
		if !ok || pe.Problem != tt.wantProblem || pe.Bound != tt.wantBound || pe.Param != "limit" || pe.Error() != tt.wantText {
			t.Errorf("Int(%q) error = %#v (%v), want problem %d bound %d %q", tt.raw, err, err, tt.wantProblem, tt.wantBound, tt.wantText)
		}
	}
}

func TestParseLimitOffsetReportsEveryBadParameter(t *testing.T) {
	lo, errs := ParseLimitOffset(url.Values{}, Bounds{Default: 10, Max: 1000})
	if len(errs) != 0 || lo != (LimitOffset{Limit: 10, Offset: 0}) {
		t.Fatalf("defaults = %+v %v", lo, errs)
	}
	_, errs = ParseLimitOffset(url.Values{"limit": {"x"}, "offset": {"-3"}}, Bounds{Default: 10})
	if len(errs) != 2 || errs[0].Param != "limit" || errs[1].Param != "offset" {
		t.Fatalf("errors = %v, want limit and offset", errs)
	}
}

func TestParsePage(t *testing.T) {
	p, errs := ParsePage(url.Values{}, Bounds{Default: 15, Min: 1, Max: 100}, 0)
	if len(errs) != 0 || p != (Page{Page: 1, Limit: 15}) || p.Offset() != 0 {
		t.Fatalf("defaults = %+v %v", p, errs)
	}
	p, _ = ParsePage(url.Values{"page": {"3"}, "limit": {"20"}}, Bounds{Default: 15, Min: 1, Max: 100}, 0)
	if p.Offset() != 40 {
		t.Fatalf("offset of page 3 by 20 = %d, want 40", p.Offset())
	}
	if _, errs := ParsePage(url.Values{"page": {"0"}}, Bounds{Default: 15, Min: 1}, 0); len(errs) != 1 {
		t.Fatalf("page 0 accepted")
	}
	if _, errs := ParsePage(url.Values{"page": {"11"}}, Bounds{Default: 15, Min: 1}, 10); len(errs) != 1 || errs[0].Error() != "page: must be at most 10" {
		t.Fatalf("page 11 of at most 10: %v", errs)
	}
}

func TestNewEnvelope(t *testing.T) {
	tests := []struct {
		name  string
		page  Page
		total int
		want  Envelope
	}{
		{"empty", Page{1, 15}, 0, Envelope{Result: 0, PerPage: 15, CurrentPage: 1, NextPage: 0, MaxPage: 1}},
		{"first of three", Page{1, 10}, 25, Envelope{25, 10, 1, 2, 3}},
		{"middle", Page{2, 10}, 25, Envelope{25, 10, 2, 3, 3}},
		{"last", Page{3, 10}, 25, Envelope{25, 10, 3, 0, 3}},
		{"exact fit", Page{2, 10}, 20, Envelope{20, 10, 2, 0, 2}},
		{"out of range", Page{9, 10}, 25, Envelope{25, 10, 9, 0, 3}},
	}
	for _, tt := range tests {
		if got := NewEnvelope(tt.page, tt.total); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
