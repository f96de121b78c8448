package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// errorBody is every error answer. detail is FastAPI's: a message, or for 422 the list of
// field errors ({"loc": ["body", ...], "msg", "type"}). code names the failure for
// machines: the domain's reason when it has one ("insufficient_points",
// "customer_not_found", ...), else the class of the failure ("invalid", "not_found",
// "conflict", ...). docs/core.md lists them.
type errorBody struct {
	Detail any    `json:"detail"`
	Code   string `json:"code"`
}

// errorHandler renders every error: the status from apperr.HTTPStatus (the one mapping
// from failures to statuses), the body from render. Internal errors are logged and
// answered with a bare 500.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, body := render(err)
		if status == http.StatusUnauthorized {
			c.Response().Header().Set(echo.HeaderWWWAuthenticate, "Bearer")
		}
		if status >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed", "error", err, "path", c.Request().URL.Path)
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body)
	}
}

func render(err error) (int, errorBody) {
	if e, ok := apperr.As(err); ok {
		status := apperr.HTTPStatus(e.Code)
		code := apperr.ReasonOf(e)
		if status == http.StatusInternalServerError {
			return status, errorBody{Detail: "Internal Server Error", Code: codeInternal}
		}
		if e.Code == apperr.Invalid {
			fields := e.Fields
			if len(fields) == 0 {
				fields = []apperr.FieldError{apperr.Field(e.Message, "value_error", "body")}
			}
			return status, errorBody{Detail: fields, Code: code}
		}
		return status, errorBody{Detail: e.Message, Code: code}
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg := http.StatusText(he.Code)
		if s, ok := he.Message.(string); ok && he.Code < 500 {
			msg = s
		}
		return he.Code, errorBody{Detail: msg, Code: codeForStatus(he.Code)}
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return http.StatusRequestEntityTooLarge, errorBody{Detail: "request body too large", Code: string(apperr.TooLarge)}
	}
	return http.StatusInternalServerError, errorBody{Detail: "Internal Server Error", Code: codeInternal}
}

// codeInternal is the code of a failure of the service itself.
const codeInternal = "internal"

// codeForStatus is the code of an error the framework raised (an unknown route, a
// method the route does not have): the class of its status.
func codeForStatus(status int) string {
	switch status {
	case http.StatusBadRequest:
		return string(apperr.BadRequest)
	case http.StatusUnauthorized:
		return string(apperr.Unauthorized)
	case http.StatusForbidden:
		return string(apperr.Forbidden)
	case http.StatusNotFound:
		return string(apperr.NotFound)
	case http.StatusMethodNotAllowed:
		return "method_not_allowed"
	case http.StatusRequestEntityTooLarge:
		return string(apperr.TooLarge)
	case http.StatusUnprocessableEntity:
		return string(apperr.Invalid)
	case http.StatusTooManyRequests:
		return string(apperr.RateLimited)
	case http.StatusServiceUnavailable:
		return string(apperr.Unavailable)
	}
	if status >= 500 {
		return codeInternal
	}
	return "error"
}

// Where a request's input came from: the first element of a 422 item's loc.
const (
	inBodyRoot  = "body"
	inQueryRoot = "query"
	inPathRoot  = "path"
)

// inBody says that the input a domain service refused came from the request body: the
// field paths of its validation error ([0, "qty"]) get "body" in front. Other errors
// pass through. Paths that already name their place are kept.
func inBody(err error) error { return located(inBodyRoot, err) }

// inQuery is inBody for input read from query parameters.
func inQuery(err error) error { return located(inQueryRoot, err) }

func located(root string, err error) error {
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Invalid {
		return err
	}
	out := *e
	if len(e.Fields) == 0 {
		out.Fields = []apperr.FieldError{apperr.Field(e.Message, "value_error", root)}
		return &out
	}
	out.Fields = make([]apperr.FieldError, len(e.Fields))
	for i, f := range e.Fields {
		if len(f.Loc) > 0 && (f.Loc[0] == inBodyRoot || f.Loc[0] == inQueryRoot || f.Loc[0] == inPathRoot) {
			out.Fields[i] = f
			continue
		}
		out.Fields[i] = apperr.FieldError{Loc: append([]any{root}, f.Loc...), Msg: f.Msg, Type: f.Type}
	}
	return &out
}
