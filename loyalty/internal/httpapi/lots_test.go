package httpapi_test

import (
	"net/http"
	"testing"
	"time"
)

// TestPointsLotsAndBalances over HTTP: a credit's own expires_at and its bounds, the
// programme's validity, a sale held for POINTS_PENDING_DAYS, the customer's
// points_balance / points_pending / points_expiring, and GET /points/lots in the order
// the points are spent; a redeem block cannot use held points.
func TestPointsLotsAndBalances(t *testing.T) {
	env := newTestEnv(t, withVar("POINTS_VALIDITY", "365d"), withVar("POINTS_PENDING_DAYS", "7"))
	tok := env.token("user")
	env.sqlStore("L01", "11222333000181")
	env.sqlProduct("SUNDAE", 120, 2)
	cust, doc := env.sqlCustomer()
	now := time.Now().UTC()
	soon := now.Add(10 * 24 * time.Hour).Truncate(time.Second)

	credit := func(points int64, expiresAt any) response {
		body := map[string]any{"customer_id": cust, "points": points, "description": "x", "transaction_date": now.Format(time.RFC3339)}
		if expiresAt != nil {
			body["expires_at"] = expiresAt
		}
		return env.do(http.MethodPost, "/api/v1/points/credit", tok, body)
	}
	for _, bad := range []any{now.Add(-time.Hour).Format(time.RFC3339), now.Add(3651 * 24 * time.Hour).Format(time.RFC3339), "tomorrow", 5} {
		res := credit(10, bad)
		mustStatus(t, res, http.StatusUnprocessableEntity)
	}
	res := credit(40, soon.Format(time.RFC3339))
	mustStatus(t, res, http.StatusCreated)
	var own struct {
		ExpiresAt *time.Time `json:"expires_at"`
	}
	res.JSON(t, &own)
	if own.ExpiresAt == nil || !own.ExpiresAt.Equal(soon) {
		t.Fatalf("credit with its own date: expires_at %v, want %v", own.ExpiresAt, soon)
	}
	res = credit(100, nil)
	mustStatus(t, res, http.StatusCreated)
	res.JSON(t, &own)
	if own.ExpiresAt == nil || own.ExpiresAt.Sub(now.Add(365*24*time.Hour)).Abs() > time.Minute {
		t.Fatalf("credit: expires_at %v, want 365 days on", own.ExpiresAt)
	}
	res = env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{
		"doc": doc, "store_code": "L01", "coupon_identifier": "NF-1", "transaction_date": now.Format(time.RFC3339), "value": 60,
	})
	mustStatus(t, res, http.StatusCreated)
	var sale struct {
		AvailableAt *time.Time `json:"available_at"`
	}
	res.JSON(t, &sale)
	if sale.AvailableAt == nil || sale.AvailableAt.Sub(now.Add(7*24*time.Hour)).Abs() > time.Minute {
		t.Fatalf("sale: available_at %v, want 7 days on", sale.AvailableAt)
	}

	var c struct {
		PointsBalance  int64 `json:"points_balance"`
		PointsPending  int64 `json:"points_pending"`
		PointsExpiring struct {
			Points     int64 `json:"points"`
			WithinDays int   `json:"within_days"`
			ByDate     []struct {
				Date   string `json:"date"`
				Points int64  `json:"points"`
			} `json:"by_date"`
		} `json:"points_expiring"`
	}
	res = env.do(http.MethodGet, "/api/v1/customer/"+doc, tok, nil)
	mustStatus(t, res, http.StatusOK)
	res.JSON(t, &c)
	if c.PointsBalance != 140 || c.PointsPending != 60 || c.PointsExpiring.Points != 40 || c.PointsExpiring.WithinDays != 30 ||
		len(c.PointsExpiring.ByDate) != 1 || c.PointsExpiring.ByDate[0].Date != soon.Format("2006-01-02") {
		t.Fatalf("customer = %s", res.Body)
	}

	// 140 available: a block of 120 passes, a second one would need the held points.
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/block", tok, []map[string]any{{"customer_id": cust, "sku": "SUNDAE", "qty": 1}}), http.StatusCreated)
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/block", tok, []map[string]any{{"customer_id": cust, "sku": "SUNDAE", "qty": 1}}), http.StatusConflict)

	var lots []struct {
		EntryID     *string    `json:"entry_id"`
		Points      int64      `json:"points"`
		Remaining   int64      `json:"remaining"`
		ExpiresAt   *time.Time `json:"expires_at"`
		Pending     bool       `json:"pending"`
		AvailableAt *time.Time `json:"available_at"`
	}
	res = env.do(http.MethodGet, "/api/v1/points/lots/"+cust, tok, nil)
	mustStatus(t, res, http.StatusOK)
	res.JSON(t, &lots)
	// The block took the 10-day lot (40), then 80 of the 365-day lot; the held sale is last.
	if len(lots) != 2 || lots[0].Remaining != 20 || lots[0].Points != 100 || lots[0].Pending ||
		lots[1].Remaining != 60 || !lots[1].Pending || lots[1].AvailableAt == nil {
		t.Fatalf("lots = %s", res.Body)
	}
	mustStatus(t, env.do(http.MethodGet, "/api/v1/points/lots/00000000-0000-0000-0000-000000000000", tok, nil), http.StatusNotFound)
	mustStatus(t, env.do(http.MethodGet, "/api/v1/points/lots/not-a-uuid", tok, nil), http.StatusNotFound)
	mustStatus(t, env.do(http.MethodGet, "/api/v1/points/lots/"+cust+"?limit=5000", tok, nil), http.StatusUnprocessableEntity)
}
