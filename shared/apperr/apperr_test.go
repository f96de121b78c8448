package apperr

import (
	"net/http"
	"testing"
)

func TestHTTPStatus(t *testing.T) {
	tests := []struct {
		code Code
		want int
	}{
		{Invalid, http.StatusUnprocessableEntity},
		{BadRequest, http.StatusBadRequest},
		{Unauthorized, http.StatusUnauthorized},
		{Forbidden, http.StatusForbidden},
		{NotFound, http.StatusNotFound},
		{Conflict, http.StatusConflict},
		{Gone, http.StatusGone},
		{TooLarge, http.StatusRequestEntityTooLarge},
		{RateLimited, http.StatusTooManyRequests},
		{Upstream, http.StatusBadGateway},
		{Unavailable, http.StatusServiceUnavailable},
		{"", http.StatusInternalServerError},
		{"no_such_code", http.StatusInternalServerError},
	}
	for _, tt := range tests {
		if got := HTTPStatus(tt.code); got != tt.want {
			t.Errorf("HTTPStatus(%q) = %d, want %d", tt.code, got, tt.want)
		}
	}
	// Every known code maps to a status of its own other than 500, which marks unknown codes.
	if len(httpStatus) != len(tests)-2 {
		t.Errorf("the table above covers %d codes, the mapping holds %d", len(tests)-2, len(httpStatus))
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
	e, ok := As(err)
	if !ok || e.Code != Invalid || len(e.Fields) != 2 {
		t.Fatalf("error = %v, want Invalid with two fields", err)
	}
	want := []FieldError{
		{Loc: []any{"body", "name"}, Msg: "Input should be a valid string", Type: "string_type"},
		{Loc: []any{"body", "points"}, Msg: "Input should be a valid integer", Type: "int_type"},
	}
	for i, f := range e.Fields {
		if f.Msg != want[i].Msg || f.Type != want[i].Type || f.Loc[1] != want[i].Loc[1] {
			t.Errorf("field %d = %+v, want %+v", i, f, want[i])
		}
	}
}
