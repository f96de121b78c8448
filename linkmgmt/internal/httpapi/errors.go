package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// errorBody is the error envelope of every linkmgmt response.
type errorBody struct {
	Error   int    `json:"error"`
	Message string `json:"message"`
}

// errorHandler renders every error as {"error": 1, "message": "..."} with a fitting status.
// Internal errors are logged and answered with a bare message.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, msg := render(err)
		if status >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed", "error", err, "path", c.Request().URL.Path)
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, errorBody{Error: 1, Message: msg})
	}
}

func render(err error) (int, string) {
	if e, ok := apperr.As(err); ok {
		status := apperr.HTTPStatus(e.Code)
		if status == http.StatusInternalServerError {
			return status, "Internal server error"
		}
		return status, e.Message
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg := http.StatusText(he.Code)
		if s, ok := he.Message.(string); ok && he.Code < 500 {
			msg = s
		}
		return he.Code, msg
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return http.StatusRequestEntityTooLarge, "Request body too large"
	}
	return http.StatusInternalServerError, "Internal server error"
}

// The failures the HTTP layer itself answers (those of the domain packages are theirs).
var (
	errKeyRequired    = apperr.Define(apperr.Unauthorized, "api_key_required", "A valid API key is required in the Authorization header (Bearer scheme)")
	errRateLimited    = apperr.Define(apperr.RateLimited, "rate_limited", "Rate limit exceeded")
	errExportsBusy    = apperr.Define(apperr.RateLimited, "click_exports_busy", "too many click exports at once; retry in a few seconds")
	errBodyTooLarge   = apperr.Define(apperr.TooLarge, "body_too_large", "Request body too large")
	errBodyUnreadable = apperr.Define(apperr.BadRequest, "body_unreadable", "Could not read the request body")
	errInvalidBody    = apperr.Define(apperr.Invalid, "body_invalid", "Invalid JSON body")
	errInvalidQuery   = apperr.Define(apperr.Invalid, "query_invalid", "Invalid query")
)

// bindJSON decodes the request body into dst. Unknown fields are ignored; malformed JSON
// or a field of the wrong type is a 422 naming the field. An empty body leaves dst as is
// (handlers check required fields themselves). Before decoding, every string of the body
// passes checkText (see checkJSONText), whatever dst's shape: one check for every text
// field of every route.
func bindJSON(c echo.Context, dst any) error {
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
