package freeform

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// decode reads JSON as the API's binder does (numbers as json.Number).
func decode(t *testing.T, text string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode %.40q: %v", text, err)
	}
	return v
}

func nested(levels int) string {
	return strings.Repeat(`{"k":`, levels-1) + "{}" + strings.Repeat("}", levels-1)
}

// repeat is n times x: the location of a value n levels down.
func repeat(x any, n int) []any {
	loc := make([]any, n)
	for i := range loc {
		loc[i] = x
	}
	return loc
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name, json string
		wantType   string // "" when accepted
		wantLoc    []any
	}{
		{"plain object", `{"items":[{"sku":"X1","qty":2,"price":49.95}]}`, "", nil},
		{"largest double", `{"n":1.7976931348623157e308}`, "", nil},
		{"largest double negative", `{"n":-1.7976931348623157E+308}`, "", nil},
		{"smallest double", `{"n":5e-324}`, "", nil},
		{"smallest double as encoders write it", `{"n":4.9406564584124654e-324}`, "", nil},
		{"309 digits", `{"n":` + strings.Repeat("9", 309) + `}`, "", nil},
		{"leading zeros do not count", `{"n":0.000` + strings.Repeat("1", 300) + `e303}`, "", nil},
		{"zero with a huge negative exponent of an integer", `{"n":0e-340}`, "", nil},
		{"Postgres numeric overflow", `{"n":1e131072}`, "decimal_whole_digits", []any{"n"}},
		{"Postgres numeric scale overflow", `{"n":0.1e-999999999}`, "decimal_max_places", []any{"n"}},
		{"exponent past int64", `{"n":1e99999999999999999999999}`, "decimal_whole_digits", []any{"n"}},
		{"negative exponent past int64", `{"n":1e-99999999999999999999999}`, "decimal_max_places", []any{"n"}},
		{"310 digits", `{"n":1e309}`, "decimal_whole_digits", []any{"n"}},
		{"341 places", `{"n":1e-341}`, "decimal_max_places", []any{"n"}},
		{"trailing zeros are places", `{"n":1.` + strings.Repeat("0", 341) + `}`, "decimal_max_places", []any{"n"}},
		{"zero with too many places", `{"n":0e-341}`, "decimal_max_places", []any{"n"}},
		{"deep inside", `{"items":[{"qty":2},{"price":[1,2,1e400]}]}`, "decimal_whole_digits", []any{"items", 1, "price", 2}},
		{"a bare number", `1e131072`, "decimal_whole_digits", nil},
		{"32 levels", nested(MaxDepth), "", nil},
		{"33 levels", nested(MaxDepth + 1), "value_error", repeat("k", MaxDepth)},
		{"33 levels of lists", strings.Repeat("[", 33) + strings.Repeat("]", 33), "value_error", repeat(0, MaxDepth)},
		{"64 KiB", `{"s":"` + strings.Repeat("a", MaxBytes-8) + `"}`, "", nil},
		{"past 64 KiB", `{"s":"` + strings.Repeat("a", MaxBytes-7) + `"}`, "value_error", nil},
		{"escapes count", `{"s":"` + strings.Repeat(`\"`, MaxBytes/2) + `"}`, "value_error", nil},
		{"short exponents written out in full", `[` + strings.TrimSuffix(strings.Repeat("1e300,", 220), ",") + `]`, "value_error", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Check(decode(t, tt.json))
			if tt.wantType == "" {
				if len(got) != 0 {
					t.Fatalf("refused: %+v", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %+v, want one %s", got, tt.wantType)
			}
			if got[0].Type != tt.wantType || fmt.Sprint(got[0].Loc) != fmt.Sprint(tt.wantLoc) {
				t.Errorf("got %s at %v (%s), want %s at %v", got[0].Type, got[0].Loc, got[0].Msg, tt.wantType, tt.wantLoc)
			}
		})
	}
}

// TestEveryDoubleFits: whatever a JSON encoder writes for a double is accepted (the
// shortest form strconv writes, as encoding/json and JavaScript do).
func TestEveryDoubleFits(t *testing.T) {
	for _, f := range []float64{math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 2.2250738585072014e-308, 0.1 + 0.2, 1e21, 123456789.125} {
		for _, text := range []string{strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(f, 'e', -1, 64), strconv.FormatFloat(f, 'f', -1, 64)} {
			if got := Check(json.Number(text)); len(got) != 0 {
				t.Errorf("%s refused: %+v", text, got)
			}
		}
		if got := Check(f); len(got) != 0 {
			t.Errorf("float64 %v refused: %+v", f, got)
		}
	}
}

func TestFullForm(t *testing.T) {
	for _, tt := range []struct {
		text          string
		whole, places int64
	}{
		{"0", 0, 0}, {"-0.0", 0, 1}, {"12.50", 2, 2}, {"15e-1", 1, 1}, {"1.5E+3", 4, 0},
		{"0.001", 0, 3}, {"00012", 2, 0}, {"1e131072", 131073, 0}, {"0.1e-999999999", 0, 1000000000},
	} {
		w, p, ok := fullForm(tt.text)
		if !ok || w != tt.whole || p != tt.places {
			t.Errorf("fullForm(%s) = %d, %d, %v; want %d, %d", tt.text, w, p, ok, tt.whole, tt.places)
		}
	}
	for _, bad := range []string{"", "-", ".5", "1e", "1e+", "abc", "1x"} {
		if _, _, ok := fullForm(bad); ok {
			t.Errorf("fullForm(%q) accepted", bad)
		}
	}
}
