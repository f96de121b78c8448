// Package validation is the vocabulary of the loyalty API's 422 answers: field errors
// worded and typed the way pydantic (FastAPI) words them, so clients written for the
// original service read the same detail items.
//
// Domain packages report a field by its place in their own input (["points"],
// [0, "toppings", 1]); they know nothing of HTTP. The HTTP layer puts where that input
// came from ("body", "query" or "path") in front, once, when it renders the error.
package validation

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/document"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
)

// Missing is a required field left out (or empty where emptiness means absence).
func Missing(loc ...any) apperr.FieldError { return apperr.Field("Field required", "missing", loc...) }

// Value is a value that breaks a rule of its own, said in msg.
func Value(msg string, loc ...any) apperr.FieldError {
	return apperr.Field(msg, "value_error", loc...)
}

// StringTooShort is a string of fewer than min characters.
func StringTooShort(min int, loc ...any) apperr.FieldError {
	unit := "characters"
	if min == 1 {
		unit = "character"
	}
	return apperr.Field(fmt.Sprintf("String should have at least %d %s", min, unit), "string_too_short", loc...)
}

// StringTooLong is a string of more than max characters (or bytes, when unit says so).
func StringTooLong(max int, unit string, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("String should have at most %d %s", max, unit), "string_too_long", loc...)
}

// NotText is a string Postgres cannot store: invalid UTF-8 or a NUL character.
func NotText(loc ...any) apperr.FieldError {
	return apperr.Field("Input should be a valid UTF-8 string without NUL characters", "string_unicode", loc...)
}

// NotDocument words why a value is not a customer's or store's document (err from
// document.Check).
func NotDocument(err error, loc ...any) apperr.FieldError {
	switch {
	case errors.Is(err, document.ErrEmpty):
		return StringTooShort(1, loc...)
	case errors.Is(err, document.ErrTooLong):
		return StringTooLong(document.MaxLength, "characters", loc...)
	}
	return Value("Value error, "+err.Error(), loc...)
}

// NotUUID is a value that should be a UUID.
func NotUUID(loc ...any) apperr.FieldError {
	return apperr.Field("Input should be a valid UUID", "uuid_parsing", loc...)
}

// NotEmail is a value that should be an e-mail address.
func NotEmail(loc ...any) apperr.FieldError {
	return apperr.Field("value is not a valid email address", "value_error", loc...)
}

// NotInteger is a text parameter that should be an integer.
func NotInteger(loc ...any) apperr.FieldError {
	return apperr.Field("Input should be a valid integer, unable to parse string as an integer", "int_parsing", loc...)
}

// NotOneOf is a value outside the allowed ones.
func NotOneOf(allowed []string, loc ...any) apperr.FieldError {
	quoted := make([]string, len(allowed))
	for i, a := range allowed {
		quoted[i] = "'" + a + "'"
	}
	return apperr.Field("Input should be "+joinOr(quoted), "enum", loc...)
}

// Bounds of numbers: bound is written as given (an int, "0.001", ...).

func GreaterThan(bound any, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("Input should be greater than %v", bound), "greater_than", loc...)
}

func GreaterThanEqual(bound any, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("Input should be greater than or equal to %v", bound), "greater_than_equal", loc...)
}

func LessThan(bound any, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("Input should be less than %v", bound), "less_than", loc...)
}

func LessThanEqual(bound any, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("Input should be less than or equal to %v", bound), "less_than_equal", loc...)
}

// MoneyOutOfRange is an amount a numeric(14,2) column cannot hold, or a negative one.
func MoneyOutOfRange(loc ...any) apperr.FieldError {
	return Value("Input should be between 0 and 999999999999.99", loc...)
}

// ListTooShort and ListTooLong bound the items of an array.

func ListTooShort(min, got int, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("List should have at least %d item after validation, not %d", min, got), "too_short", loc...)
}

func ListTooLong(max int, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("List should have at most %d items", max), "too_long", loc...)
}

// Param words a paging parameter's problem at loc [name].
func Param(pe *pagination.ParamError) apperr.FieldError {
	switch pe.Problem {
	case pagination.TooSmall:
		return GreaterThanEqual(pe.Bound, pe.Param)
	case pagination.TooLarge:
		return LessThanEqual(pe.Bound, pe.Param)
	}
	return NotInteger(pe.Param)
}

// List collects the field errors of one input so a single 422 names all of them.
type List []apperr.FieldError

// Add records field errors.
func (l *List) Add(fields ...apperr.FieldError) { *l = append(*l, fields...) }

// Err is the 422 naming every field recorded, or nil.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return apperr.Validation(l...)
}

// NotNull is a PATCH field that may be left out but not sent as null.
type NotNull struct {
	Field string // JSON name
	Type  string // expected type, as pydantic names it: string_type, int_type, float_type, bool_type, datetime_type
	Null  bool   // the request sent the field as null
}

var notNullMessages = map[string]string{
	"string_type":   "Input should be a valid string",
	"int_type":      "Input should be a valid integer",
	"float_type":    "Input should be a valid number",
	"bool_type":     "Input should be a valid boolean",
	"datetime_type": "Input should be a valid datetime",
}

// RefuseNulls returns a 422 naming every field of fields sent as null, or nil when there
// is none.
func RefuseNulls(fields ...NotNull) error {
	var bad List
	for _, f := range fields {
		if !f.Null {
			continue
		}
		msg, ok := notNullMessages[f.Type]
		if !ok {
			msg = "Input should not be null"
		}
		bad.Add(apperr.Field(msg, f.Type, f.Field))
	}
	return bad.Err()
}

func joinOr(opts []string) string {
	switch len(opts) {
	case 0:
		return ""
	case 1:
		return opts[0]
	}
	return strings.Join(opts[:len(opts)-1], ", ") + " or " + opts[len(opts)-1]
}

// DateTooEarly and DateTooLate are a well-formed date or date-time outside the range
// every date the API accepts lies in (UTC years 1900 to 9998, see calendar).

func DateTooEarly(loc ...any) apperr.FieldError {
	return apperr.Field("Input should be on or after 1900-01-01T00:00:00Z: dates and times are accepted in UTC years 1900 to 9998", "greater_than_equal", loc...)
}

func DateTooLate(loc ...any) apperr.FieldError {
	return apperr.Field("Input should be before 9999-01-01T00:00:00Z: dates and times are accepted in UTC years 1900 to 9998", "less_than", loc...)
}

// DateOutOfRange is DateTooEarly or DateTooLate for t, or false when t is in the range.
func DateOutOfRange(t time.Time, loc ...any) (apperr.FieldError, bool) {
	switch {
	case t.Before(calendar.MinTime):
		return DateTooEarly(loc...), true
	case !t.Before(calendar.EndTime):
		return DateTooLate(loc...), true
	}
	return apperr.FieldError{}, false
}

// DecimalWholeDigits and DecimalPlaces are a number with too many digits before or after
// the decimal point, written out in full.

func DecimalWholeDigits(max int, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("Decimal input should have no more than %d digits before the decimal point", max), "decimal_whole_digits", loc...)
}

func DecimalPlaces(max int, loc ...any) apperr.FieldError {
	return apperr.Field(fmt.Sprintf("Decimal input should have no more than %d decimal places", max), "decimal_max_places", loc...)
}
