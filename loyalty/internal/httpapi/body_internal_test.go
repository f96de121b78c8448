package httpapi

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// TestFreeFormValuesAreFoundWherever: the binder checks free-form JSON by its Go type,
// wherever it sits in a body (nested structs, lists, embedded structs, PATCH fields), with
// no tag to remember.
func TestFreeFormValuesAreFoundWherever(t *testing.T) {
	type Embedded struct {
		Extra any `json:"extra"`
	}
	type line struct {
		Meta map[string]any `json:"meta"`
	}
	type body struct {
		Embedded
		Lines []line                         `json:"lines"`
		Tags  []any                          `json:"tags"`
		Patch nullable.Field[map[string]any] `json:"patch"`
		Named map[string]line                `json:"named"`
		Typed int                            `json:"typed"`
	}
	const bad = "1e131072"
	// nullable.Field decodes without UseNumber: such a number is already refused as
	// float64; the nesting is the free-form check's.
	deep := strings.Repeat("[", 33) + strings.Repeat("]", 33)
	for _, tt := range []struct {
		json, loc, typ string
	}{
		{`{"extra":` + bad + `}`, "[body extra]", "decimal_whole_digits"},
		{`{"lines":[{"meta":{}},{"meta":{"x":[` + bad + `]}}]}`, "[body lines 1 meta x 0]", "decimal_whole_digits"},
		{`{"tags":[1,` + bad + `]}`, "[body tags 1]", "decimal_whole_digits"},
		{`{"patch":{"p":` + deep + `}}`, "[body patch p" + strings.Repeat(" 0", 31) + "]", "value_error"},
		{`{"named":{"a":{"meta":{"m":` + bad + `}}}}`, "[body named a meta m]", "decimal_whole_digits"},
	} {
		var dst body
		if err := decodeJSON(strings.NewReader(tt.json), &dst); err != nil {
			t.Fatalf("%s: %v", tt.json, err)
		}
		var got validation.List
		checkFreeForm(reflect.ValueOf(&dst), []any{"body"}, &got)
		if len(got) != 1 || fmt.Sprint(got[0].Loc) != tt.loc || got[0].Type != tt.typ {
			t.Errorf("%.60s: got %+v, want %s at %s", tt.json, got, tt.typ, tt.loc)
		}
	}
	var ok body
	if err := json.Unmarshal([]byte(`{"extra":1.5,"lines":[{"meta":{"a":[1,2]}}],"tags":["x"],"patch":null,"typed":3}`), &ok); err != nil {
		t.Fatal(err)
	}
	var got validation.List
	checkFreeForm(reflect.ValueOf(&ok), []any{"body"}, &got)
	if len(got) != 0 {
		t.Errorf("bounded body refused: %+v", got)
	}
}
