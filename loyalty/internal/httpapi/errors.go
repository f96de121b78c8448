package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// errorHandler renders every error FastAPI style: {"detail": [...]} for 422, and
// {"detail": "message"} otherwise. Internal errors are logged and answered with a bare 500.
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

func render(err error) (int, map[string]any) {
	if e, ok := apperr.As(err); ok {
		status := apperr.HTTPStatus(e.Code)
		if e.Code == apperr.Invalid {
			fields := e.Fields
			if len(fields) == 0 {
				fields = []apperr.FieldError{apperr.Field(e.Message, "value_error", "body")}
			}
			return status, map[string]any{"detail": fields}
		}
		return status, map[string]any{"detail": e.Message}
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg := http.StatusText(he.Code)
		if s, ok := he.Message.(string); ok && he.Code < 500 {
			msg = s
		}
		return he.Code, map[string]any{"detail": msg}
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return http.StatusRequestEntityTooLarge, map[string]any{"detail": "request body too large"}
	}
	return http.StatusInternalServerError, map[string]any{"detail": "Internal Server Error"}
}
