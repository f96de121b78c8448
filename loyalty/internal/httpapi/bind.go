package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/jsontime"
	"github.com/loyaltylinks/platform/shared/nullable"
	"github.com/loyaltylinks/platform/shared/pagination"
)

// Binder decodes and validates requests, turning every client mistake into a
// FastAPI-style 422 (apperr.Invalid with loc/msg/type fields).
type Binder struct {
	validate *validator.Validate
}

// NewBinder returns a Binder whose validation messages name fields by their JSON names.
func NewBinder() *Binder {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		if name == "" {
			return f.Name
		}
		return name
	})
	// PATCH bodies hold nullable.Field values: rules such as max=255 apply to the value
	// sent; an absent or null field is skipped by omitempty.
	v.RegisterCustomTypeFunc(nullableValue,
		nullable.Field[string]{}, nullable.Field[int]{}, nullable.Field[int64]{}, nullable.Field[float64]{},
		nullable.Field[bool]{}, nullable.Field[[]string]{})
	return &Binder{validate: v}
}

// nullableValue hands the validator the value of a nullable.Field, or nil when the field
// is absent or null.
func nullableValue(f reflect.Value) any {
	if !f.FieldByName("Set").Bool() || f.FieldByName("Null").Bool() {
		return nil
	}
	return f.FieldByName("Value").Interface()
}

// JSON decodes the request body into dst and validates it (`validate` struct tags).
// Unknown fields are ignored. An empty body is "Field required" at loc ["body"].
func (b *Binder) JSON(c echo.Context, dst any) error {
	if err := decodeJSON(c.Request().Body, dst); err != nil {
		return err
	}
	return b.Struct(dst, "body")
}

// JSONOptional is JSON for routes whose body may be absent: an empty body leaves dst as is.
func (b *Binder) JSONOptional(c echo.Context, dst any) (sent bool, err error) {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return false, readError(err)
	}
	if len(strings.TrimSpace(string(raw))) == 0 {
		return false, nil
	}
	if err := decodeJSON(strings.NewReader(string(raw)), dst); err != nil {
		return true, err
	}
	return true, b.Struct(dst, "body")
}

// Struct validates dst; locations start with root ("body", "query").
func (b *Binder) Struct(dst any, root string) error {
	err := b.validate.Struct(dst)
	if err == nil {
		return nil
	}
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return fmt.Errorf("validate request: %w", err)
	}
	fields := make([]apperr.FieldError, 0, len(verrs))
	for _, fe := range verrs {
		fields = append(fields, fieldError(fe, root))
	}
	return apperr.Validation(fields...)
}

func decodeJSON(r io.Reader, dst any) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return readError(err)
	}
	if len(strings.TrimSpace(string(raw))) == 0 {
		return apperr.Validation(apperr.Field("Field required", "missing", "body"))
	}
	// Postgres text cannot hold NUL: refuse it here rather than fail in the database.
	if strings.Contains(string(raw), `\u0000`) {
		return apperr.Validation(apperr.Field("Strings must not contain the NUL character (\\u0000)", "string_type", "body"))
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if dec.More() {
		return apperr.Validation(apperr.Field("JSON decode error: extra data after the JSON value", "json_invalid", "body"))
	}
	return nil
}

func readError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return apperr.Wrap(apperr.TooLarge, err, "request body too large")
	}
	return apperr.Wrap(apperr.BadRequest, err, "could not read request body")
}

// jsonError maps encoding/json errors to FastAPI-style validation items.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return apperr.Validation(apperr.Field("JSON decode error: "+syntax.Error(), "json_invalid", "body", syntax.Offset))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.Validation(apperr.Field("JSON decode error: unexpected end of input", "json_invalid", "body"))
	case errors.As(err, &typ):
		loc := []any{"body"}
		if typ.Field != "" {
			for _, part := range strings.Split(typ.Field, ".") {
				if n, err := strconv.Atoi(part); err == nil {
					loc = append(loc, n)
				} else {
					loc = append(loc, part)
				}
			}
		}
		msg, kind := expected(typ.Type)
		if m, k, ok := outOfRange(typ.Value); ok {
			msg, kind = m, k
		}
		return apperr.Validation(apperr.FieldError{Loc: loc, Msg: msg, Type: kind})
	default:
		return apperr.Validation(apperr.Field("JSON decode error: "+err.Error(), "json_invalid", "body"))
	}
}

var (
	timeType = reflect.TypeOf(time.Time{})
	dateType = reflect.TypeOf(jsontime.Date{})
)

// Messages of a well-formed date or date-time outside the accepted range
// (jsontime.MinTime to jsontime.EndTime, UTC years 1900 to 9998).
const (
	msgTooEarly = "Input should be on or after 1900-01-01T00:00:00Z: dates and times are accepted in UTC years 1900 to 9998"
	msgTooLate  = "Input should be before 9999-01-01T00:00:00Z: dates and times are accepted in UTC years 1900 to 9998"
)

// outOfRange turns the Value of a jsontime range error into its message and type.
func outOfRange(value string) (msg, kind string, ok bool) {
	switch value {
	case jsontime.ValueTooEarly:
		return msgTooEarly, "greater_than_equal", true
	case jsontime.ValueTooLate:
		return msgTooLate, "less_than", true
	}
	return "", "", false
}

// rangeMessage is the message and type of a 422 for t outside the accepted range; out is
// false inside it.
func rangeMessage(t time.Time) (msg, kind string, out bool) {
	switch {
	case t.Before(jsontime.MinTime):
		return msgTooEarly, "greater_than_equal", true
	case !t.Before(jsontime.EndTime):
		return msgTooLate, "less_than", true
	}
	return "", "", false
}

// expected names the type a field should have, in pydantic's words.
func expected(t reflect.Type) (msg, kind string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == timeType:
		return "Input should be a valid datetime", "datetime_parsing"
	case t == dateType:
		return "Input should be a valid date in the format YYYY-MM-DD", "date_parsing"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "Input should be a valid integer", "int_type"
	case reflect.Float32, reflect.Float64:
		return "Input should be a valid number", "float_type"
	case reflect.Bool:
		return "Input should be a valid boolean", "bool_type"
	case reflect.String:
		return "Input should be a valid string", "string_type"
	case reflect.Slice, reflect.Array:
		return "Input should be a valid list", "list_type"
	case reflect.Map, reflect.Struct:
		if t.Name() == "Field" { // nullable.Field[T]: report T
			if f, ok := t.FieldByName("Value"); ok {
				return expected(f.Type)
			}
		}
		return "Input should be a valid dictionary", "dict_type"
	}
	return "Input has the wrong type", "type_error"
}

func fieldError(fe validator.FieldError, root string) apperr.FieldError {
	loc := []any{root}
	// Namespace is "Struct.field.sub[2].x"; drop the struct name.
	ns := fe.Namespace()
	if _, rest, ok := strings.Cut(ns, "."); ok {
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
	param := fe.Param()
	switch fe.Tag() {
	case "required", "required_without", "required_without_all":
		return apperr.FieldError{Loc: loc, Msg: "Field required", Type: "missing"}
	case "oneof":
		opts := strings.Fields(param)
		for i, o := range opts {
			opts[i] = "'" + o + "'"
		}
		return apperr.FieldError{Loc: loc, Msg: "Input should be " + joinOr(opts), Type: "enum"}
	case "gt":
		return apperr.FieldError{Loc: loc, Msg: "Input should be greater than " + param, Type: "greater_than"}
	case "gte":
		return apperr.FieldError{Loc: loc, Msg: "Input should be greater than or equal to " + param, Type: "greater_than_equal"}
	case "lt":
		return apperr.FieldError{Loc: loc, Msg: "Input should be less than " + param, Type: "less_than"}
	case "lte":
		return apperr.FieldError{Loc: loc, Msg: "Input should be less than or equal to " + param, Type: "less_than_equal"}
	case "min":
		if fe.Kind() == reflect.String {
			return apperr.FieldError{Loc: loc, Msg: "String should have at least " + param + " characters", Type: "string_too_short"}
		}
		if fe.Kind() == reflect.Slice {
			return apperr.FieldError{Loc: loc, Msg: "List should have at least " + param + " items", Type: "too_short"}
		}
		return apperr.FieldError{Loc: loc, Msg: "Input should be greater than or equal to " + param, Type: "greater_than_equal"}
	case "max":
		if fe.Kind() == reflect.String {
			return apperr.FieldError{Loc: loc, Msg: "String should have at most " + param + " characters", Type: "string_too_long"}
		}
		if fe.Kind() == reflect.Slice {
			return apperr.FieldError{Loc: loc, Msg: "List should have at most " + param + " items", Type: "too_long"}
		}
		return apperr.FieldError{Loc: loc, Msg: "Input should be less than or equal to " + param, Type: "less_than_equal"}
	case "email":
		return apperr.FieldError{Loc: loc, Msg: "value is not a valid email address", Type: "value_error"}
	case "uuid", "uuid4":
		return apperr.FieldError{Loc: loc, Msg: "Input should be a valid UUID", Type: "uuid_parsing"}
	case "url", "http_url":
		return apperr.FieldError{Loc: loc, Msg: "Input should be a valid URL", Type: "url_parsing"}
	}
	return apperr.FieldError{Loc: loc, Msg: fmt.Sprintf("Value error, failed %s %s", fe.Tag(), param), Type: "value_error"}
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

// Query collects query-parameter errors so one 422 names every bad parameter.
type Query struct {
	c      echo.Context
	fields []apperr.FieldError
}

// NewQuery starts reading c's query parameters.
func NewQuery(c echo.Context) *Query { return &Query{c: c} }

// Err returns the 422 for every bad parameter read so far, or nil.
func (q *Query) Err() error {
	if len(q.fields) == 0 {
		return nil
	}
	return apperr.Validation(q.fields...)
}

func (q *Query) fail(name, msg, typ string) {
	q.fields = append(q.fields, apperr.Field(msg, typ, "query", name))
}

// Int reads an integer parameter within bounds (Max 0 = unbounded).
func (q *Query) Int(name string, b pagination.Bounds) int {
	v, err := pagination.Int(q.c.QueryParams(), name, b)
	if err != nil {
		pe := err.(*pagination.ParamError)
		q.fail(name, pe.Msg, pe.Reason)
		return b.Default
	}
	return v
}

// IntPtr reads an optional integer parameter (nil when absent).
func (q *Query) IntPtr(name string, b pagination.Bounds) *int {
	if q.c.QueryParam(name) == "" {
		return nil
	}
	v := q.Int(name, b)
	return &v
}

// LimitOffset reads limit (with its default and bounds) and offset (>= 0, default 0).
func (q *Query) LimitOffset(defaultLimit, maxLimit int) pagination.LimitOffset {
	lo, errs := pagination.ParseLimitOffset(q.c.QueryParams(), pagination.Bounds{Default: defaultLimit, Min: 0, Max: maxLimit})
	for _, pe := range errs {
		q.fail(pe.Param, pe.Msg, pe.Reason)
	}
	return lo
}

// String reads a trimmed parameter ("" when absent). Text Postgres cannot store (invalid
// UTF-8, NUL) is a 422.
func (q *Query) String(name string) string {
	v := strings.TrimSpace(q.c.QueryParam(name))
	if !validText(v) {
		q.fail(name, "Input should be a valid UTF-8 string without NUL characters", "string_unicode")
		return ""
	}
	return v
}

// validText reports whether s is text Postgres can store: valid UTF-8 without NUL.
func validText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// Required reads a parameter that must be present and non-empty.
func (q *Query) Required(name string) string {
	v := q.String(name)
	if v == "" {
		q.fail(name, "Field required", "missing")
	}
	return v
}

// Date reads an optional YYYY-MM-DD parameter, a day of years 1900 to 9998 (the range
// of every date the API accepts, see jsontime).
func (q *Query) Date(name string) *time.Time {
	raw := q.String(name)
	if raw == "" {
		return nil
	}
	t, ok := jsontime.ParseDate(raw)
	if !ok {
		q.fail(name, "Input should be a valid date in the format YYYY-MM-DD", "date_parsing")
		return nil
	}
	if msg, kind, out := rangeMessage(t); out {
		q.fail(name, msg, kind)
		return nil
	}
	return &t
}

// Month reads a required month parameter written MM-YYYY or MM/YYYY, in years 1900 to
// 9998 like every date (so the month after it is still a representable date).
func (q *Query) Month(name string) (year, month int) {
	raw := q.Required(name)
	if raw == "" {
		return 0, 0
	}
	m := monthPattern.FindStringSubmatch(raw)
	if m != nil {
		month, _ = strconv.Atoi(m[1])
		year, _ = strconv.Atoi(m[2])
	}
	if m == nil || month < 1 || month > 12 {
		q.fail(name, "Input should be a month as MM-YYYY or MM/YYYY", "value_error")
		return 0, 0
	}
	if msg, kind, out := rangeMessage(time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)); out {
		q.fail(name, msg, kind)
		return 0, 0
	}
	return year, month
}

var monthPattern = regexp.MustCompile(`^(\d{1,2})[-/](\d{4})$`)

// OneOf reads a parameter restricted to allowed values (def when absent).
func (q *Query) OneOf(name, def string, allowed ...string) string {
	v := q.String(name)
	if v == "" {
		return def
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	quoted := make([]string, len(allowed))
	for i, a := range allowed {
		quoted[i] = "'" + a + "'"
	}
	q.fail(name, "Input should be "+joinOr(quoted), "enum")
	return def
}

// PathUUID validates a uuid path parameter.
func PathUUID(c echo.Context, name string) (string, error) {
	v := c.Param(name)
	if !isUUID(v) {
		return "", apperr.Validation(apperr.Field("Input should be a valid UUID", "uuid_parsing", "path", name))
	}
	return strings.ToLower(v), nil
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch i {
		case 8, 13, 18, 23:
			if r != '-' {
				return false
			}
		default:
			if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
				return false
			}
		}
	}
	return true
}
