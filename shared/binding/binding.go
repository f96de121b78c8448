// Package binding is what the services' request binders share: one validator for the
// `validate` tags of request structs, which names a field the way the client sent it
// (its json name, or its query name), reads a nullable.Field as the value sent, and the
// location of a failed field. Each service words the failures in its own error format
// (loyalty: FastAPI-style 422 items; linkmgmt: its {"error":1,"message":...} envelope).
package binding

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// NewValidator returns the validator of request structs.
func NewValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(clientName)
	// PATCH bodies hold nullable.Field values: rules such as max=255 apply to the value
	// sent; an absent or null field is skipped by omitempty.
	v.RegisterCustomTypeFunc(nullableValue,
		nullable.Field[string]{}, nullable.Field[int]{}, nullable.Field[int64]{}, nullable.Field[float64]{},
		nullable.Field[bool]{}, nullable.Field[[]string]{})
	return v
}

// clientName is a field's name as the client spells it: its json name, else its query
// name, else the Go name; "" for a field the client cannot send (json:"-").
func clientName(f reflect.StructField) string {
	for _, tag := range []string{"json", "query"} {
		name, _, _ := strings.Cut(f.Tag.Get(tag), ",")
		switch name {
		case "-":
			return ""
		case "":
			continue
		}
		return name
	}
	return f.Name
}

// nullableValue hands the validator the value of a nullable.Field, or nil when the field
// is absent or null.
func nullableValue(f reflect.Value) any {
	if !f.FieldByName("Set").Bool() || f.FieldByName("Null").Bool() {
		return nil
	}
	return f.FieldByName("Value").Interface()
}

// Loc is where fe failed, after prefix: the client names of the fields from the
// validated struct down, with list indexes as ints (["body", "items", 2, "name"]).
func Loc(fe validator.FieldError, prefix ...any) []any {
	loc := append([]any{}, prefix...)
	// Namespace is "Struct.field.sub[2].x"; drop the struct name.
	if _, rest, ok := strings.Cut(fe.Namespace(), "."); ok {
		for _, part := range strings.Split(rest, ".") {
			name, idx, hasIdx := strings.Cut(part, "[")
			loc = append(loc, name)
			if hasIdx {
				if n, err := strconv.Atoi(strings.TrimSuffix(idx, "]")); err == nil {
					loc = append(loc, n)
				}
			}
		}
	}
	return loc
}
