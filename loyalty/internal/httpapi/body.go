package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/freeform"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/binding"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// Binder decodes and validates JSON request bodies, turning every client mistake into a
// FastAPI-style 422 (apperr.Invalid with loc/msg/type fields). It is the one JSON
// decoder of the API: every body goes through decodeJSON.
type Binder struct {
	validate *validator.Validate
}

// NewBinder returns a Binder whose validation messages name fields by their JSON names
// (the validator both services share, package binding).
func NewBinder() *Binder {
	return &Binder{validate: binding.NewValidator()}
}

// JSON decodes the request body into dst and validates it (`validate` struct tags).
// Unknown fields are ignored. An empty body is "Field required" at loc ["body"].
func (b *Binder) JSON(c echo.Context, dst any) error {
	if err := decodeJSON(c.Request().Body, dst); err != nil {
		return err
	}
	return b.Struct(dst, inBodyRoot)
}

// JSONList decodes a body that is a JSON array of min to max items and validates every
// item; one 422 names every bad field of every item (loc ["body", index, field...]).
func JSONList[T any](b *Binder, c echo.Context, min, max int) ([]T, error) {
	var items []T
	if err := decodeJSON(c.Request().Body, &items); err != nil {
		return nil, err
	}
	switch {
	case len(items) < min:
		return nil, apperr.Validation(validation.ListTooShort(min, len(items), inBodyRoot))
	case len(items) > max:
		return nil, apperr.Validation(validation.ListTooLong(max, inBodyRoot))
	}
	var fields validation.List
	for i := range items {
		err := b.Struct(&items[i], inBodyRoot, i)
		e, ok := apperr.As(err)
		switch {
		case err == nil:
		case !ok:
			return nil, err
		default:
			fields.Add(e.Fields...)
		}
	}
	return items, fields.Err()
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
	return true, b.Struct(dst, inBodyRoot)
}

// Struct validates dst: its `validate` tags, and every free-form value in it (a field of
// type any, map[string]any or []any, wherever it is) against the bounds of package
// freeform. Locations start with loc (["body"], ["body", 3] for an item of a list).
func (b *Binder) Struct(dst any, loc ...any) error {
	var fields validation.List
	if err := b.validate.Struct(dst); err != nil {
		var verrs validator.ValidationErrors
		if !errors.As(err, &verrs) {
			return fmt.Errorf("validate request: %w", err)
		}
		for _, fe := range verrs {
			fields.Add(fieldError(fe, loc))
		}
	}
	checkFreeForm(reflect.ValueOf(dst), loc, &fields)
	return fields.Err()
}

// checkFreeForm finds the free-form values in v, the decoded body at loc, by their Go
// type (an interface, or a map or slice of interfaces: what encoding/json fills with
// whatever the client sent) and adds their problems to out. Typed fields cannot hold
// such values; free-form ones need no tag to be checked.
func checkFreeForm(v reflect.Value, loc []any, out *validation.List) {
	at := func(more any) []any { return append(loc[:len(loc):len(loc)], more) }
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			checkFreeForm(v.Elem(), loc, out)
		}
	case reflect.Interface:
		if !v.IsNil() {
			addFreeForm(v.Interface(), loc, out)
		}
	case reflect.Map:
		if v.Type().Elem().Kind() == reflect.Interface {
			addFreeForm(v.Interface(), loc, out)
			return
		}
		if v.Type().Key().Kind() == reflect.String {
			for _, k := range v.MapKeys() {
				checkFreeForm(v.MapIndex(k), at(k.String()), out)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Interface {
			addFreeForm(v.Interface(), loc, out)
			return
		}
		for i := range v.Len() {
			checkFreeForm(v.Index(i), at(i), out)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
				continue
			case f.Anonymous && name == "":
				checkFreeForm(v.Field(i), loc, out) // embedded: its fields are the body's
				continue
			case t.PkgPath() == nullablePkg && f.Name == "Value": // nullable.Field[T]: the value is the field
				checkFreeForm(v.Field(i), loc, out)
				continue
			case name == "":
				name = f.Name
			}
			checkFreeForm(v.Field(i), at(name), out)
		}
	}
}

// addFreeForm adds the problems of the free-form value v (decoded JSON) at loc.
func addFreeForm(v any, loc []any, out *validation.List) {
	for _, fe := range freeform.Check(v) {
		fe.Loc = append(append([]any{}, loc...), fe.Loc...)
		out.Add(fe)
	}
}

// nullablePkg is the package of nullable.Field, whose Value is the field as sent.
var nullablePkg = reflect.TypeOf(nullable.Field[int]{}).PkgPath()

func decodeJSON(r io.Reader, dst any) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return readError(err)
	}
	if len(strings.TrimSpace(string(raw))) == 0 {
		return apperr.Validation(validation.Missing(inBodyRoot))
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
		switch typ.Value {
		case calendar.ValueTooEarly:
			return apperr.Validation(validation.DateTooEarly(loc...))
		case calendar.ValueTooLate:
			return apperr.Validation(validation.DateTooLate(loc...))
		}
		msg, kind := expected(typ.Type)
		return apperr.Validation(apperr.FieldError{Loc: loc, Msg: msg, Type: kind})
	default:
		return apperr.Validation(apperr.Field("JSON decode error: "+err.Error(), "json_invalid", "body"))
	}
}

var (
	timeType = reflect.TypeOf(time.Time{})
	dateType = reflect.TypeOf(calendar.Date{})
)

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

func fieldError(fe validator.FieldError, prefix []any) apperr.FieldError {
	loc := binding.Loc(fe, prefix...)
	param := fe.Param()
	switch fe.Tag() {
	case "required", "required_without", "required_without_all":
		return validation.Missing(loc...)
	case "oneof":
		return validation.NotOneOf(strings.Fields(param), loc...)
	case "gt":
		return validation.GreaterThan(param, loc...)
	case "gte":
		return validation.GreaterThanEqual(param, loc...)
	case "lt":
		return validation.LessThan(param, loc...)
	case "lte":
		return validation.LessThanEqual(param, loc...)
	case "min":
		if fe.Kind() == reflect.String {
			return apperr.FieldError{Loc: loc, Msg: "String should have at least " + param + " characters", Type: "string_too_short"}
		}
		if fe.Kind() == reflect.Slice {
			return apperr.FieldError{Loc: loc, Msg: "List should have at least " + param + " items", Type: "too_short"}
		}
		return validation.GreaterThanEqual(param, loc...)
	case "max":
		if fe.Kind() == reflect.String {
			return apperr.FieldError{Loc: loc, Msg: "String should have at most " + param + " characters", Type: "string_too_long"}
		}
		if fe.Kind() == reflect.Slice {
			return apperr.FieldError{Loc: loc, Msg: "List should have at most " + param + " items", Type: "too_long"}
		}
		return validation.LessThanEqual(param, loc...)
	case "email":
		return validation.NotEmail(loc...)
	case "uuid", "uuid4":
		return validation.NotUUID(loc...)
	case "url", "http_url":
		return apperr.FieldError{Loc: loc, Msg: "Input should be a valid URL", Type: "url_parsing"}
	}
	return apperr.FieldError{Loc: loc, Msg: fmt.Sprintf("Value error, failed %s %s", fe.Tag(), param), Type: "value_error"}
}
