package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

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
