package validation

import (
	"reflect"
	"testing"

	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
)

func TestWording(t *testing.T) {
	tests := []struct {
		got  apperr.FieldError
		want apperr.FieldError
	}{
		{Missing("name"), apperr.Field("Field required", "missing", "name")},
		{StringTooShort(1, "name"), apperr.Field("String should have at least 1 character", "string_too_short", "name")},
		{StringTooShort(8, "password"), apperr.Field("String should have at least 8 characters", "string_too_short", "password")},
		{StringTooLong(72, "bytes", "password"), apperr.Field("String should have at most 72 bytes", "string_too_long", "password")},
		{NotOneOf([]string{"admin", "user"}, "role"), apperr.Field("Input should be 'admin' or 'user'", "enum", "role")},
		{NotOneOf([]string{"a", "b", "c"}, "x"), apperr.Field("Input should be 'a', 'b' or 'c'", "enum", "x")},
		{GreaterThanEqual("0.001", "m"), apperr.Field("Input should be greater than or equal to 0.001", "greater_than_equal", "m")},
		{LessThan(100000, "m"), apperr.Field("Input should be less than 100000", "less_than", "m")},
		{ListTooShort(1, 0), apperr.Field("List should have at least 1 item after validation, not 0", "too_short")},
		{Param(&pagination.ParamError{Param: "limit", Problem: pagination.TooLarge, Bound: 100}),
			apperr.Field("Input should be less than or equal to 100", "less_than_equal", "limit")},
		{Param(&pagination.ParamError{Param: "offset", Problem: pagination.TooSmall}),
			apperr.Field("Input should be greater than or equal to 0", "greater_than_equal", "offset")},
		{Param(&pagination.ParamError{Param: "limit", Problem: pagination.NotAnInteger}),
			apperr.Field("Input should be a valid integer, unable to parse string as an integer", "int_parsing", "limit")},
	}
	for _, tt := range tests {
		if !reflect.DeepEqual(tt.got, tt.want) {
			t.Errorf("got %+v, want %+v", tt.got, tt.want)
		}
	}
}

func TestRefuseNulls(t *testing.T) {
	if err := RefuseNulls(NotNull{Field: "name", Type: "string_type"}); err != nil {
		t.Fatalf("no null field: %v", err)
	}
	err := RefuseNulls(
		NotNull{Field: "name", Type: "string_type", Null: true},
		NotNull{Field: "sku", Type: "string_type"},
		NotNull{Field: "points", Type: "int_type", Null: true},
	)
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Invalid {
		t.Fatalf("error = %v, want Invalid", err)
	}
	want := []apperr.FieldError{
		{Loc: []any{"name"}, Msg: "Input should be a valid string", Type: "string_type"},
		{Loc: []any{"points"}, Msg: "Input should be a valid integer", Type: "int_type"},
	}
	if !reflect.DeepEqual(e.Fields, want) {
		t.Errorf("fields = %+v, want %+v", e.Fields, want)
	}
}

func TestListErr(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatal("an empty list is an error")
	}
	l.Add(Missing("a"), Missing("b"))
	if e, ok := apperr.As(l.Err()); !ok || len(e.Fields) != 2 {
		t.Fatalf("Err() = %v, want both fields", l.Err())
	}
}
