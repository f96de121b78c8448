package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/batch"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// batchHandlers serve the administrative back-fill jobs over customers.
type batchHandlers struct {
	jobs     *batch.Jobs
	appUsers batch.AppUserDirectory // nil when EXTERNAL_APP_USERS_URL is not set
}

// appUserMaxLimit bounds one call of process-external-data: each customer is one call
// to the external service, and the request waits for all of them.
const appUserMaxLimit = 1000

func (h *batchHandlers) reprocessStoreOwner(c echo.Context) error {
	stats, err := h.jobs.ReprocessStoreCodeOwner(c.Request().Context(), nil)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, stats)
}

func (h *batchHandlers) processExternalData(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(100, appUserMaxLimit)
	if lo.Limit < 1 {
		q.add(validation.GreaterThanEqual(1, "limit"))
	}
	if err := q.Err(); err != nil {
		return err
	}
	if h.appUsers == nil {
		return apperr.New(apperr.Unavailable, "The external app-user service is not configured (EXTERNAL_APP_USERS_URL)")
	}
	stats, err := h.jobs.SyncAppUsers(c.Request().Context(), h.appUsers, batch.AppUserOptions{Limit: lo.Limit, Offset: lo.Offset}, nil)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, stats)
}
