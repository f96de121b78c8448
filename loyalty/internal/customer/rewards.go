package customer

import (
	"context"
	"fmt"
)

// Reward is a reward product as a customer sees it: the catalogue entry plus the
// customer's pending redeem state (items of redeem blocks still pending).
type Reward struct {
	ID              string          `json:"id"`
	SKU             string          `json:"sku"`
	Name            string          `json:"name"`
	Points          *int            `json:"points"`
	Description     *string         `json:"description"`
	ValidityDays    *int            `json:"validity_days"`
	ImageURL        *string         `json:"image_url"`
	Price           float64         `json:"price"`
	DiscountPrice   float64         `json:"discount_price"`
	MinimumPurchase float64         `json:"minimum_purchase"`
	MinQty          int             `json:"min_qty"`
	MaxQty          int             `json:"max_qty"`
	IsRedeemed      bool            `json:"is_redeemed"`
	RedeemedQty     int             `json:"redeemed_qty"`
	Toppings        []RewardTopping `json:"toppings" gorm:"-"`
}

// RewardTopping is an add-on offered with a reward, with the quantity of it pending in the
// customer's redeem blocks under that reward.
type RewardTopping struct {
	ID            string  `json:"id"`
	SKU           string  `json:"sku"`
	Name          string  `json:"name"`
	Points        *int    `json:"points"`
	Description   *string `json:"description"`
	ValidityDays  *int    `json:"validity_days"`
	ImageURL      *string `json:"image_url"`
	Price         float64 `json:"price"`
	DiscountPrice float64 `json:"discount_price"`
	MinQty        int     `json:"min_qty"`
	MaxQty        int     `json:"max_qty"`
	IsRedeemed    bool    `json:"is_redeemed"`
	RedeemedQty   int     `json:"redeemed_qty"`
}

// Rewards returns the active, non-add-on products, cheapest first, each with its active
// toppings, marked with the quantities the customer holds in pending redeem blocks.
func (s *Repository) Rewards(ctx context.Context, customerID string) ([]Reward, error) {
	rewards := []Reward{}
	err := s.db.WithContext(ctx).Raw(`
		SELECT p.id, p.sku, p.name, p.points, p.description, p.validity_days, p.image_url,
		       coalesce(p.price, 0) AS price, coalesce(p.discount_price, 0) AS discount_price,
		       coalesce(p.minimum_purchase, 0) AS minimum_purchase, p.min_qty, p.max_qty,
		       coalesce(r.qty, 0) AS redeemed_qty
		FROM products p
		LEFT JOIN (
		    SELECT ri.product_id, sum(ri.qty) AS qty
		    FROM redeem_items ri JOIN redeems rd ON rd.id = ri.redeem_id
		    WHERE rd.customer_id = ? AND rd.status = 'pending' AND rd.expires_at > now() AND ri.parent_item_id IS NULL
		    GROUP BY ri.product_id
		) r ON r.product_id = p.id
		WHERE p.is_active AND NOT p.is_addon
		ORDER BY p.points, lower(p.name), p.sku`, customerID).Scan(&rewards).Error
	if err != nil {
		return nil, fmt.Errorf("load rewards of customer %s: %w", customerID, err)
	}
	var toppings []struct {
		ParentID string
		RewardTopping
	}
	err = s.db.WithContext(ctx).Raw(`
		SELECT pt.product_id AS parent_id, t.id, t.sku, t.name, t.points, t.description, t.validity_days,
		       t.image_url, coalesce(t.price, 0) AS price, coalesce(t.discount_price, 0) AS discount_price,
		       t.min_qty, t.max_qty, coalesce(r.qty, 0) AS redeemed_qty
		FROM product_toppings pt
		JOIN products p ON p.id = pt.product_id AND p.is_active AND NOT p.is_addon
		JOIN products t ON t.id = pt.topping_id AND t.is_active
		LEFT JOIN (
		    SELECT parent.product_id AS parent_product_id, ri.product_id, sum(ri.qty) AS qty
		    FROM redeem_items ri
		    JOIN redeem_items parent ON parent.id = ri.parent_item_id
		    JOIN redeems rd ON rd.id = ri.redeem_id
		    WHERE rd.customer_id = ? AND rd.status = 'pending' AND rd.expires_at > now()
		    GROUP BY parent.product_id, ri.product_id
		) r ON r.parent_product_id = pt.product_id AND r.product_id = t.id
		ORDER BY lower(t.name), t.sku`, customerID).Scan(&toppings).Error
	if err != nil {
		return nil, fmt.Errorf("load reward toppings of customer %s: %w", customerID, err)
	}
	byParent := map[string][]RewardTopping{}
	for _, t := range toppings {
		t.IsRedeemed = t.RedeemedQty > 0
		byParent[t.ParentID] = append(byParent[t.ParentID], t.RewardTopping)
	}
	for i := range rewards {
		rewards[i].IsRedeemed = rewards[i].RedeemedQty > 0
		rewards[i].Toppings = byParent[rewards[i].ID]
		if rewards[i].Toppings == nil {
			rewards[i].Toppings = []RewardTopping{}
		}
	}
	return rewards, nil
}
