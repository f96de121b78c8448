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
