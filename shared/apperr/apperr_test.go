package apperr

import (
	"errors"
	"fmt"
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

func TestDefinedFailures(t *testing.T) {
	errShort := Define(Conflict, "insufficient_points", "Insufficient points")
	errGone := Define(Conflict, "already_cancelled", "Already cancelled")
	cause := errors.New("check constraint")
	tests := []struct {
		name       string
		err        error
		wantShort  bool
		wantReason string
		wantMsg    string
	}{
		{"the sentinel", errShort, true, "insufficient_points", "Insufficient points"},
		{"another message", errShort.Withf("Insufficient points to cancel %s", "x"), true, "insufficient_points", "Insufficient points to cancel x"},
		{"with a cause", errShort.Because(cause), true, "insufficient_points", "Insufficient points"},
		{"wrapped with context", fmt.Errorf("debit: %w", errShort.Because(cause)), true, "insufficient_points", "Insufficient points"},
		{"another failure", errGone, false, "already_cancelled", "Already cancelled"},
		{"same code, no reason", New(Conflict, "Insufficient points"), false, "conflict", "Insufficient points"},
		{"not an apperr", cause, false, "", ""},
	}
	for _, tt := range tests {
		if got := errors.Is(tt.err, errShort); got != tt.wantShort {
			t.Errorf("%s: errors.Is = %t, want %t", tt.name, got, tt.wantShort)
		}
		if got := ReasonOf(tt.err); got != tt.wantReason {
			t.Errorf("%s: ReasonOf = %q, want %q", tt.name, got, tt.wantReason)
		}
		if e, ok := As(tt.err); ok && e.Message != tt.wantMsg {
			t.Errorf("%s: message %q, want %q", tt.name, e.Message, tt.wantMsg)
		}
	}
	if !errors.Is(errShort.Because(cause), cause) {
		t.Error("the cause is not reachable with errors.Is")
	}
	_ = errShort.Withf("changed").Because(cause)
	if errShort.Message != "Insufficient points" || errShort.Err != nil {
		t.Error("Withf or Because changed the sentinel")
	}
}
