package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

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

// bindJSON decodes the request body into dst. Unknown fields are ignored; malformed JSON
// or a field of the wrong type is a 422 naming the field. An empty body leaves dst as is
// (handlers check required fields themselves).
func bindJSON(c echo.Context, dst any) error {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return apperr.Wrap(apperr.TooLarge, err, "Request body too large")
		}
		return apperr.Wrap(apperr.BadRequest, err, "Could not read the request body")
	}
	if strings.TrimSpace(string(raw)) == "" {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if err := dec.Decode(dst); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) && typ.Field != "" {
			return apperr.New(apperr.Invalid, "%s: must be %s", typ.Field, kindName(typ.Type.Kind().String()))
		}
		if errors.As(err, &typ) {
			// The body itself has the wrong type; never echo Go type names to clients.
			return apperr.New(apperr.Invalid, "Invalid JSON body: expected a JSON object")
		}
		return apperr.New(apperr.Invalid, "Invalid JSON body: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return apperr.New(apperr.Invalid, "Invalid JSON body: extra data after the JSON object")
	}
	return nil
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
