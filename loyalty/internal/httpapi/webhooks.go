package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
)

// webhookHandlers serve /webhooks (admin only; docs/webhooks.md).
type webhookHandlers struct {
	base
	hooks *webhook.Service
}

// WebhookCreate is the body of POST /webhooks. event_types omitted (or ["*"]) means every
// type; is_active defaults to true.
type WebhookCreate struct {
	URL         string   `json:"url" validate:"required,max=2048"`
	EventTypes  []string `json:"event_types" validate:"omitempty,max=32,dive,max=64"`
	Description *string  `json:"description" validate:"omitempty,max=255"`
	IsActive    *bool    `json:"is_active"`
}

// deletedWebhook is the answer of DELETE /webhooks/{id}.
type deletedWebhook struct {
	Detail string `json:"detail"`
	ID     string `json:"id"`
}

// webhookListMax bounds GET /webhooks (at most webhook.MaxSubscriptions exist).
const webhookListMax = webhook.MaxSubscriptions

// attemptListMax bounds GET /webhooks/{id}/deliveries.
const attemptListMax = 500

func (h *webhookHandlers) create(c echo.Context) error {
	var req WebhookCreate
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	sub, err := h.hooks.Create(c.Request().Context(), webhook.CreateInput{
		URL: req.URL, EventTypes: req.EventTypes, Description: req.Description, IsActive: req.IsActive,
		CreatedBy: principal(c).Name,
	})
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusCreated, sub)
}

func (h *webhookHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(webhookListMax, webhookListMax)
	if err := q.Err(); err != nil {
		return err
	}
	subs, err := h.hooks.List(c.Request().Context(), lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, subs)
}

func (h *webhookHandlers) get(c echo.Context) error {
	id, err := PathUUID(c, "webhook_id")
	if err != nil {
		return err
	}
	sub, err := h.hooks.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sub)
}

func (h *webhookHandlers) update(c echo.Context) error {
	id, err := PathUUID(c, "webhook_id")
	if err != nil {
		return err
	}
	var u webhook.Update
	if _, err := h.bind.JSONOptional(c, &u); err != nil {
		return err
	}
	sub, err := h.hooks.Update(c.Request().Context(), id, u, principal(c).Name)
	if err != nil {
		return inBody(err)
	}
	if sub.Secret == "" {
		return c.JSON(http.StatusOK, sub.Subscription)
	}
	return c.JSON(http.StatusOK, sub)
}

func (h *webhookHandlers) delete(c echo.Context) error {
	id, err := PathUUID(c, "webhook_id")
	if err != nil {
		return err
	}
	if err := h.hooks.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, deletedWebhook{Detail: "webhook deleted", ID: id})
}

func (h *webhookHandlers) deliveries(c echo.Context) error {
	id, err := PathUUID(c, "webhook_id")
	if err != nil {
		return err
	}
	q := NewQuery(c)
	lo := q.LimitOffset(50, attemptListMax)
	if err := q.Err(); err != nil {
		return err
	}
	attempts, err := h.hooks.Attempts(c.Request().Context(), id, lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, attempts)
}

func (h *webhookHandlers) test(c echo.Context) error {
	id, err := PathUUID(c, "webhook_id")
	if err != nil {
		return err
	}
	res, err := h.hooks.Ping(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
