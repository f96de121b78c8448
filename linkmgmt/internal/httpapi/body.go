package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/binding"
)

// Binder reads what a client sends (a JSON body, query parameters) into a request struct
// and checks the rules the struct declares in `validate` tags, answering a broken rule
// as a 422 in the service's envelope ("order: must be date or click"). It is the one
// reader of request input: every body goes through decodeJSON. The rules of a domain
// (a link's URL, a pixel's tag) stay in the domain packages, which every caller shares;
// the tags hold the HTTP layer's own (the shape of a query, its bounds).
type Binder struct {
	validate *validator.Validate
}

// NewBinder returns a Binder over the validator both services share (package binding).
func NewBinder() *Binder { return &Binder{validate: binding.NewValidator()} }

// JSON decodes the request body into dst (see decodeJSON) and checks its declared rules.
func (b *Binder) JSON(c echo.Context, dst any) error {
	if err := decodeJSON(c, dst); err != nil {
		return err
	}
	return b.check(dst, "body")
}

// Query reads the query parameters into dst by its `query` tags (the first value of a
// repeated parameter) and checks its declared rules. dst holds strings: a parameter that
// must be a number is parsed where its bounds are (pagination.ParsePage).
func (b *Binder) Query(c echo.Context, dst any) error {
	if err := (&echo.DefaultBinder{}).BindQueryParams(c, dst); err != nil {
		return errInvalidQuery.Because(err)
	}
	return b.check(dst, "query")
}

// check validates dst's tags; the failures are fields of a 422 located under where
// (body or query), the first one in the message.
func (b *Binder) check(dst any, where string) error {
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
		msg, kind := ruleMessage(fe)
		fields = append(fields, apperr.Field(msg, kind, binding.Loc(fe, where)...))
	}
	return apperr.Validation(fields...)
}

// ruleMessage words a broken `validate` rule the way the service words it by hand
// elsewhere ("must be date or click", "must be at most 255 characters").
func ruleMessage(fe validator.FieldError) (msg, kind string) {
	switch fe.Tag() {
	case "required":
		return "is required", "missing"
	case "oneof":
		return "must be " + orList(strings.Fields(fe.Param())), "enum"
	case "max":
		if fe.Kind() == reflect.String {
			return "must be at most " + fe.Param() + " characters", "string_too_long"
		}
		return "must be at most " + fe.Param(), "less_than_equal"
	case "min":
		if fe.Kind() == reflect.String {
			return "must be at least " + fe.Param() + " characters", "string_too_short"
		}
		return "must be at least " + fe.Param(), "greater_than_equal"
	}
	return "is invalid (" + fe.Tag() + ")", "value_error"
}

// orList joins values as "a or b", "a, b or c".
func orList(values []string) string {
	if n := len(values); n > 1 {
		return strings.Join(values[:n-1], ", ") + " or " + values[n-1]
	}
	return strings.Join(values, "")
}

// decodeJSON decodes the request body into dst. Unknown fields are ignored; malformed
// JSON or a field of the wrong type is a 422 naming the field. An empty body leaves dst
// as is. Before decoding, every string of the body passes checkText (see checkJSONText),
// whatever dst's shape: one check for every text field of every route.
func decodeJSON(c echo.Context, dst any) error {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return errBodyTooLarge.Because(err)
		}
		return errBodyUnreadable.Because(err)
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	if err := checkJSONText(raw); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(dst); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) && typ.Field != "" {
			return errInvalidBody.Withf("%s: must be %s", typ.Field, kindName(typ.Type.Kind().String()))
		}
		if errors.As(err, &typ) {
			// The body itself has the wrong type; never echo Go type names to clients.
			return errInvalidBody.Withf("Invalid JSON body: expected a JSON object")
		}
		return errInvalidBody.Withf("Invalid JSON body: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return errInvalidBody.Withf("Invalid JSON body: extra data after the JSON object")
	}
	return nil
}

// Bounds of the text check. Every field has its own, smaller limit in its domain package
// (names 255, descriptions 2000, URLs 2048 ...); these are the backstop for all of them,
// so no string can cost more than this before any rule looks at it.
const (
	maxBodyText  = 8 << 10 // bytes of one string of a JSON body (object keys included)
	maxQueryText = 2048    // bytes of one query parameter name or value
	maxJSONDepth = 32      // nesting of objects and arrays in a body
)

// checkText is the one text rule of the API: a value must be UTF-8, free of NUL
// characters (which Postgres text and jsonb cannot store: they were 500s) and at most max
// bytes. It returns what is wrong, or "" when nothing is.
func checkText(s string, max int) string {
	switch {
	case len(s) > max:
		return fmt.Sprintf("must be at most %d bytes", max)
	case !utf8.ValidString(s):
		return "must be valid UTF-8 text"
	case strings.IndexByte(s, 0) >= 0:
		return "must not contain NUL characters"
	}
	return ""
}

// checkJSONText applies checkText to every string of a JSON body, keys included, at any
// depth, including fields the handler keeps raw (a QR code's data) and fields it ignores,
// and bounds the nesting. The message names the value's path ("geotarget[1].link").
// Syntax errors are left to the decoder that runs next, which words them.
func checkJSONText(raw []byte) error {
	if !utf8.Valid(raw) {
		// encoding/json would silently turn invalid bytes into U+FFFD.
		return errInvalidBody.Withf("Invalid JSON body: must be valid UTF-8 text")
	}
	type frame struct {
		object  bool
		wantKey bool   // object: the next string is a key
		key     string // object: the current member
		index   int    // array: the current element
	}
	var stack []frame
	path := func() string {
		var b strings.Builder
		for _, f := range stack {
			if f.object {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			} else {
				fmt.Fprintf(&b, "[%d]", f.index)
			}
		}
		if b.Len() == 0 {
			return "body"
		}
		return b.String()
	}
	valueDone := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].object {
				stack[n-1].wantKey = true
			} else {
				stack[n-1].index++
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // io.EOF, or a syntax error the decoder reports next
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				if len(stack) >= maxJSONDepth {
					return errInvalidBody.Withf("Invalid JSON body: nested deeper than %d levels", maxJSONDepth)
				}
				stack = append(stack, frame{object: v == '{', wantKey: v == '{'})
			default:
				stack = stack[:len(stack)-1]
				valueDone()
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				if msg := checkText(v, 256); msg != "" {
					return errInvalidBody.Withf("Invalid JSON body: a field name %s", msg)
				}
				stack[n-1].key, stack[n-1].wantKey = v, false
				continue
			}
			if msg := checkText(v, maxBodyText); msg != "" {
				return apperr.Validation(apperr.Field(msg, "value_error", "body", path()))
			}
			valueDone()
		default:
			valueDone()
		}
	}
}

// checkParams is the one place where the text of an /api request's parameters is
// checked, before any handler reads them: every query parameter, names and values, and
// every path value must pass checkText. A search term or a short URL with a NUL or
// invalid UTF-8 used to reach Postgres and fail there (500). Values a handler decodes a
// second time (a URL's percent-encoded path or host in short or referrer) are checked
// again where they are decoded. TestEveryParameterOfEveryGETRouteRefusesBadText sends bad
// text in every parameter of every GET route the router has.
func checkParams(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		for name, values := range c.QueryParams() {
			if msg := checkText(name, maxQueryText); msg != "" {
				return errInvalidQuery.Withf("query parameter names %s", msg)
			}
			for _, v := range values {
				if msg := checkText(v, maxQueryText); msg != "" {
					return apperr.Validation(apperr.Field(msg, "value_error", "query", name))
				}
			}
		}
		for i, v := range c.ParamValues() {
			if msg := checkText(v, maxQueryText); msg != "" {
				return apperr.Validation(apperr.Field(msg, "value_error", "path", c.ParamNames()[i]))
			}
		}
		return next(c)
	}
}

func kindName(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"):
		return "an integer"
	case strings.HasPrefix(kind, "float"):
		return "a number"
	case kind == "bool":
		return "a boolean"
	case kind == "string":
		return "a string"
	case kind == "slice", kind == "array":
		return "an array"
	}
	return fmt.Sprintf("of type %s", kind)
}
