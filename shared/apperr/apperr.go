// Package apperr is the error vocabulary shared by the services' domain packages: a code
// saying what class of failure happened (it fixes the HTTP status), an optional reason
// naming the failure precisely for machines ("insufficient_points"), a message fit for
// the client, and for validation failures the fields at fault. HTTPStatus maps codes to
// HTTP statuses for both services; each renders the body in its own format in one place
// (its httpapi package).
//
// A domain package declares the failures its callers may need to tell apart as
// sentinels with a reason (Define), and returns them as they are or with a more precise
// message (Error.Withf) or a cause (Error.Because); errors.Is(err, pkg.ErrX) holds for
// all of those.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
)

// Code classifies an error.
type Code string

const (
	Invalid      Code = "invalid"      // 422: input fails validation
	BadRequest   Code = "bad_request"  // 400: request is not understood
	Unauthorized Code = "unauthorized" // 401
	Forbidden    Code = "forbidden"    // 403
	NotFound     Code = "not_found"    // 404
	Conflict     Code = "conflict"     // 409: duplicate, wrong state, insufficient balance
	Gone         Code = "gone"         // 410
	TooLarge     Code = "too_large"    // 413
	RateLimited  Code = "rate_limited" // 429
	Upstream     Code = "upstream"     // 502: a third party failed
	Unavailable  Code = "unavailable"  // 503
)

// httpStatus is the one mapping from codes to HTTP statuses, shared by both services.
var httpStatus = map[Code]int{
	Invalid:      http.StatusUnprocessableEntity,
	BadRequest:   http.StatusBadRequest,
	Unauthorized: http.StatusUnauthorized,
	Forbidden:    http.StatusForbidden,
	NotFound:     http.StatusNotFound,
	Conflict:     http.StatusConflict,
	Gone:         http.StatusGone,
	TooLarge:     http.StatusRequestEntityTooLarge,
	RateLimited:  http.StatusTooManyRequests,
	Upstream:     http.StatusBadGateway,
	Unavailable:  http.StatusServiceUnavailable,
}

// HTTPStatus is the HTTP status of a code: 500 for a code it does not know (no known
// code maps to 500, so callers can tell an unknown code by it).
func HTTPStatus(code Code) int {
	if status, ok := httpStatus[code]; ok {
		return status
	}
	return http.StatusInternalServerError
}

// FieldError is one validation failure, FastAPI style: loc starts with "body", "query" or
// "path" and then names the field (or array index).
type FieldError struct {
	Loc  []any  `json:"loc"`
	Msg  string `json:"msg"`
	Type string `json:"type"`
}

// Error is a failure the client should see.
type Error struct {
	Code Code
	// Reason names the failure for machines, stable across releases and unique in the
	// service ("insufficient_points"); "" when the code says enough. Two errors with the
	// same non-empty reason are the same failure for errors.Is.
	Reason  string
	Message string
	Fields  []FieldError // for Invalid
	Err     error        // wrapped cause, never shown to clients
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Is makes every error of a defined failure match its sentinel: errors.Is(err,
// ledger.ErrInsufficientPoints) whatever the message or cause err carries.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Reason != "" && t.Reason == e.Reason && t.Code == e.Code
}

// Define declares a failure a domain package returns and its callers may test for with
// errors.Is: a code, a reason unique in the service, and a default message.
func Define(code Code, reason, message string) *Error {
	return &Error{Code: code, Reason: reason, Message: message}
}

// Withf is the same failure with a more precise message.
func (e *Error) Withf(format string, args ...any) *Error {
	c := *e
	c.Message = fmt.Sprintf(format, args...)
	return &c
}

// Because is the same failure with its cause attached (logged, never shown).
func (e *Error) Because(cause error) *Error {
	c := *e
	c.Err = cause
	return &c
}

// New returns an error with a code and a client-facing message.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap attaches a cause (logged, not shown) to a client-facing error.
func Wrap(code Code, err error, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Err: err}
}

// Validation returns an Invalid error for the given fields. Its message is the first
// field's, prefixed with the field name, for formats that carry one message.
func Validation(fields ...FieldError) *Error {
	msg := "validation failed"
	if len(fields) > 0 {
		msg = fields[0].Msg
		if n := len(fields[0].Loc); n > 1 {
			msg = fmt.Sprintf("%v: %s", fields[0].Loc[n-1], fields[0].Msg)
		}
	}
	return &Error{Code: Invalid, Message: msg, Fields: fields}
}

// Field builds one FieldError.
func Field(msg, typ string, loc ...any) FieldError {
	return FieldError{Loc: loc, Msg: msg, Type: typ}
}

// As returns the *Error inside err, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// ReasonOf returns what names the failure for machines: the reason of err when it has
// one, else its code, or "" for errors that are not *Error (internal ones).
func ReasonOf(err error) string {
	e, ok := As(err)
	switch {
	case !ok:
		return ""
	case e.Reason != "":
		return e.Reason
	}
	return string(e.Code)
}

// CodeOf returns the code of err, or "" for errors that are not *Error (internal ones).
func CodeOf(err error) Code {
	if e, ok := As(err); ok {
		return e.Code
	}
	return ""
}

// Is reports whether err carries the code.
func Is(err error, code Code) bool { return CodeOf(err) == code }
