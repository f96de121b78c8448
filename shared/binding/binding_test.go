package binding_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/go-playground/validator/v10"
	"github.com/loyaltylinks/platform/shared/binding"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// TestLocNamesFieldsAsSent: a failed field is located by the names the client sent (json,
// else query), with list indexes as numbers, after the caller's prefix; a nullable field
// is checked on its value, and skipped when absent or null.
func TestLocNamesFieldsAsSent(t *testing.T) {
	type item struct {
		Name string `json:"name" validate:"max=1"`
	}
	type request struct {
		Items []item                   `json:"items" validate:"dive"`
		Order string                   `query:"order" validate:"omitempty,oneof=a b"`
		Title nullable.Field[string]   `json:"title" validate:"omitempty,max=2"`
		Count nullable.Field[int]      `json:"count" validate:"omitempty,min=1"`
		Tags  nullable.Field[[]string] `json:"tags" validate:"omitempty,max=1"`
	}
	v := binding.NewValidator()
	for _, tc := range []struct {
		name string
		req  request
		want [][]any
	}{
		{"nested item", request{Items: []item{{"a"}, {"bb"}}}, [][]any{{"body", "items", 1, "name"}}},
		{"query name", request{Order: "c"}, [][]any{{"body", "order"}}},
		{"nullable value", request{Title: nullable.Field[string]{Set: true, Value: "abc"}}, [][]any{{"body", "title"}}},
		{"nullable null", request{Title: nullable.Field[string]{Set: true, Null: true}, Count: nullable.Field[int]{Set: true, Null: true}}, nil},
		{"nullable absent", request{}, nil},
		{"nullable list", request{Tags: nullable.Field[[]string]{Set: true, Value: []string{"x", "y"}}}, [][]any{{"body", "tags"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got [][]any
			var verrs validator.ValidationErrors
			if err := v.Struct(tc.req); errors.As(err, &verrs) {
				for _, fe := range verrs {
					got = append(got, binding.Loc(fe, "body"))
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("locations = %v, want %v", got, tc.want)
			}
		})
	}
}
