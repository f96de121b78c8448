package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/promotion"
)

// promotionHandlers serve /promotion: promotions that raise the points sales earn.
type promotionHandlers struct {
	base
	promotions *promotion.Repository
}

// PromotionCreate is the body of POST /promotion. Defaults: is_active true,
// points_multiplier 1, bonus_points 0; store_codes null or empty means every store.
type PromotionCreate struct {
	Name             string             `json:"name" validate:"required,max=255"`
	Description      *string            `json:"description"`
	ImageURL         *string            `json:"image_url"`
	StartDate        *calendar.DateTime `json:"start_date" validate:"required"`
	EndDate          *calendar.DateTime `json:"end_date" validate:"required"`
	IsActive         *bool              `json:"is_active" default:"true"`
	PointsMultiplier *float64           `json:"points_multiplier" default:"1"`
	BonusPoints      *int               `json:"bonus_points" default:"0"`
	MinPurchase      *float64           `json:"min_purchase"`
	StoreCodes       []string           `json:"store_codes" validate:"omitempty,max=1000,dive,max=255"`
}

func (h *promotionHandlers) create(c echo.Context) error {
	var req PromotionCreate
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	p, err := h.promotions.Create(c.Request().Context(), promotion.CreateInput{
		Name: req.Name, Description: req.Description, ImageURL: req.ImageURL,
		StartDate: req.StartDate.Time, EndDate: req.EndDate.Time, IsActive: req.IsActive,
		PointsMultiplier: req.PointsMultiplier, BonusPoints: req.BonusPoints, MinPurchase: req.MinPurchase,
		StoreCodes: req.StoreCodes,
	})
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusCreated, p)
}

func (h *promotionHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, listMaxLimit)
	if err := q.Err(); err != nil {
		return err
	}
	list, err := h.promotions.List(c.Request().Context(), lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

func (h *promotionHandlers) get(c echo.Context) error {
	id, err := PathUUID(c, "promotion_id")
	if err != nil {
		return err
	}
	p, err := h.promotions.ByID(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

func (h *promotionHandlers) update(c echo.Context) error {
	id, err := PathUUID(c, "promotion_id")
	if err != nil {
		return err
	}
	var u promotion.Update
	if err := h.bind.JSON(c, &u); err != nil {
		return err
	}
	p, err := h.promotions.Update(c.Request().Context(), id, u)
	if err != nil {
		return inBody(err)
	}
	return c.JSON(http.StatusOK, p)
}
