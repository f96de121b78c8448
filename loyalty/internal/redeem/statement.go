package redeem

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/document"
	"github.com/loyaltylinks/platform/loyalty/internal/store"
)

// StatementQuery selects the redeems of GET /points/store/redeem-statement.
type StatementQuery struct {
	StoreDocument string // a store's document, or "" for every store
	Year          int
	Month         int
	// OnlyRedeemed keeps redeems made at a store (store_code set) that still hold their
	// points (pending or applied); false keeps every redeem of the period.
	OnlyRedeemed bool
	Location     *time.Location // month boundaries are taken in this zone; nil is UTC
	Page, Limit  int
}

// Statement is a page of a store's redeems of one month plus statistics over all of them.
type Statement struct {
	StoreDocument string         `json:"store_document"`
	StoreCode     *string        `json:"store_code"`
	StoreName     *string        `json:"store_name"`
	Period        string         `json:"period"`
	Status        string         `json:"status"`
	PeriodStart   time.Time      `json:"period_start"`
	PeriodEnd     time.Time      `json:"period_end"`
	Page          int            `json:"page"`
	Limit         int            `json:"limit"`
	Total         int64          `json:"total"`
	TotalPages    int64          `json:"total_pages"`
	Results       []StatementRow `json:"results"`
	Statistics    Statistics     `json:"statistics"`
}

// StatementRow is one redeem of the statement.
type StatementRow struct {
	RedeemID         string     `json:"redeem_id"`
	PointsID         string     `json:"points_id"`
	CustomerID       string     `json:"customer_id"`
	CustomerName     string     `json:"customer_name"`
	CustomerDoc      string     `json:"customer_doc"`
	StoreCode        *string    `json:"store_code"`
	StoreName        *string    `json:"store_name"`
	Status           string     `json:"status"`
	TotalPoints      int64      `json:"total_points"`
	CouponIdentifier *string    `json:"coupon_identifier"`
	CreatedAt        time.Time  `json:"created_at"`
	AppliedAt        *time.Time `json:"applied_at"`
	ExpiresAt        time.Time  `json:"expires_at"`
	CancelledAt      *time.Time `json:"cancelled_at"`
	Items            []Item     `json:"items" gorm:"-"`
}

// Statistics summarise every redeem the statement selects (not only the page).
type Statistics struct {
	TotalCustomers int64            `json:"total_customers"`
	TotalRedeems   int64            `json:"total_redeems"`
	TotalPoints    json.Number      `json:"total_points"` // exact: a sum of bigints can pass the int64 range
	TotalItems     json.Number      `json:"total_items"`  // quantity of main products (toppings apart), exact
	ByStatus       map[string]int64 `json:"by_status"`
	TopCustomers   []CustomerStat   `json:"top_customers"` // the 10 customers who redeemed the most points
}

// CustomerStat is one customer's share of the statement.
type CustomerStat struct {
	CustomerID string      `json:"customer_id"`
	Name       string      `json:"name"`
	Doc        string      `json:"doc"`
	Redeems    int64       `json:"redeems"`
	Points     json.Number `json:"points"` // exact, as TotalPoints
}

// StoreStatement answers the redeem statement of a store (or of every store).
func (s *Service) StoreStatement(ctx context.Context, q StatementQuery) (Statement, error) {
	db := s.db.WithContext(ctx)
	st := Statement{
		StoreDocument: "ALL", Period: fmt.Sprintf("%02d-%04d", q.Month, q.Year), Status: "all",
		Page: q.Page, Limit: q.Limit, Results: []StatementRow{},
	}
	if q.OnlyRedeemed {
		st.Status = "redeemed"
	}
	loc := q.Location
	if loc == nil {
		loc = time.UTC
	}
	start := time.Date(q.Year, time.Month(q.Month), 1, 0, 0, 0, 0, loc)
	st.PeriodStart, st.PeriodEnd = start.UTC(), start.AddDate(0, 1, 0).UTC()

	where := []string{"r.created_at >= ?", "r.created_at < ?"}
	args := []any{st.PeriodStart, st.PeriodEnd}
	if q.StoreDocument != "" {
		var stores []struct {
			StoreCode string
			Name      string
		}
		if err := db.Raw(`SELECT store_code, name FROM stores WHERE document = ?`, document.Normalize(q.StoreDocument)).Scan(&stores).Error; err != nil {
			return Statement{}, fmt.Errorf("find store by document: %w", err)
		}
		if len(stores) == 0 {
			return Statement{}, store.ErrNotFound
		}
		st.StoreDocument, st.StoreCode, st.StoreName = q.StoreDocument, &stores[0].StoreCode, &stores[0].Name
		where = append(where, "r.store_code = ?")
		args = append(args, stores[0].StoreCode)
	}
	if q.OnlyRedeemed {
		where = append(where, "r.store_code IS NOT NULL", "r.status IN ('pending', 'applied')")
	}
	filter := strings.Join(where, " AND ")

	// The selected redeems are read twice, from redeems_statement_idx alone: once for
	// the totals and the counts by status (one pass, GROUPING SETS), once grouped by
	// customer for the ten top customers and the number of customers (the groups,
	// counted before the ten are kept: no second, sorted pass for count(DISTINCT)).
	// Sums as text: sum(bigint) is a numeric that may not fit an int64. Each redeem keeps
	// the quantity of its main items (main_items_qty, migration 00585): no probe of the
	// items per redeem.
	var sums []struct {
		Total                   bool
		Status                  string
		N                       int64
		TotalPoints, TotalItems string
	}
	if err := db.Raw(`SELECT GROUPING(r.status) = 1 AS total, COALESCE(r.status, '') AS status, count(*) AS n,
			COALESCE(sum(r.total_points), 0)::text AS total_points, COALESCE(sum(r.main_items_qty), 0)::text AS total_items
		FROM redeems r WHERE `+filter+` GROUP BY GROUPING SETS ((), (r.status))`, args...).Scan(&sums).Error; err != nil {
		return Statement{}, fmt.Errorf("statement totals: %w", err)
	}
	st.Statistics = Statistics{TotalPoints: "0", TotalItems: "0", ByStatus: map[string]int64{}, TopCustomers: []CustomerStat{}}
	for _, s := range sums {
		if s.Total {
			st.Statistics.TotalRedeems, st.Statistics.TotalPoints, st.Statistics.TotalItems = s.N, json.Number(s.TotalPoints), json.Number(s.TotalItems)
		} else {
			st.Statistics.ByStatus[s.Status] = s.N
		}
	}
	st.Total = st.Statistics.TotalRedeems
	st.TotalPages = (st.Total + int64(q.Limit) - 1) / int64(q.Limit)

	// The ten are chosen from the redeems alone; only they are then looked up in
	// customers, not every customer of the month.
	var top []struct {
		CustomerStat
		Customers int64
	}
	if err := db.Raw(`SELECT t.customer_id, c.name, c.doc, t.redeems, t.points::text AS points, t.customers
		FROM (SELECT r.customer_id, count(*) AS redeems, sum(r.total_points) AS points, count(*) OVER () AS customers
		        FROM redeems r WHERE `+filter+`
		       GROUP BY r.customer_id ORDER BY sum(r.total_points) DESC, count(*) DESC, r.customer_id LIMIT 10) t
		JOIN customers c ON c.id = t.customer_id
		ORDER BY t.points DESC, t.redeems DESC, t.customer_id`, args...).Scan(&top).Error; err != nil {
		return Statement{}, fmt.Errorf("statement customers: %w", err)
	}
	for _, c := range top {
		st.Statistics.TotalCustomers = c.Customers
		st.Statistics.TopCustomers = append(st.Statistics.TopCustomers, c.CustomerStat)
	}

	if err := db.Raw(`SELECT r.id AS redeem_id, r.points_entry_id AS points_id, r.customer_id, c.name AS customer_name, c.doc AS customer_doc,
			r.store_code, s.name AS store_name, r.status, r.total_points, r.coupon_identifier, r.created_at, r.applied_at, r.expires_at, r.cancelled_at
		FROM redeems r JOIN customers c ON c.id = r.customer_id LEFT JOIN stores s ON s.store_code = r.store_code
		WHERE `+filter+` ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`,
		append(append([]any{}, args...), q.Limit, (q.Page-1)*q.Limit)...).Scan(&st.Results).Error; err != nil {
		return Statement{}, fmt.Errorf("statement page: %w", err)
	}
	if len(st.Results) == 0 {
		return st, nil
	}
	ids := make([]string, len(st.Results))
	index := map[string]int{}
	for i, r := range st.Results {
		ids[i] = r.RedeemID
		index[r.RedeemID] = i
		st.Results[i].Items = []Item{}
	}
	var items []struct {
		RedeemID string
		Item
	}
	if err := db.Raw(`SELECT i.redeem_id, i.id, i.product_id, p.sku, p.name, i.parent_item_id, i.qty, i.points, i.store_code, i.applied_at, i.coupon_identifier
		FROM redeem_items i JOIN products p ON p.id = i.product_id WHERE i.redeem_id IN ?
		ORDER BY i.created_at, i.parent_item_id NULLS FIRST, i.id`, ids).Scan(&items).Error; err != nil {
		return Statement{}, fmt.Errorf("statement items: %w", err)
	}
	for _, it := range items {
		r := &st.Results[index[it.RedeemID]]
		r.Items = append(r.Items, it.Item)
	}
	return st, nil
}
