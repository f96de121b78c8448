package httpapi

import (
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/server"
)

// routes lists every route of the service in one place. Routes are added through
// apidoc.Router.Handle, which registers and documents them in one call, so /openapi.json
// always matches the router (TestEveryRouteIsDocumented checks it).
func (a *API) routes(srv *server.Server) {
	e := srv.Echo
	a.doc = apidoc.New("Loyalty API", "1.0.0",
		"Customer loyalty programme: customers, points ledger, rewards, stores, exports and report queries.",
		&openapi3.SecurityScheme{Type: "http", Scheme: "bearer", BearerFormat: "JWT"},
		errorDetail{})
	e.GET("/openapi.json", a.doc.Handler())

	// public needs no token; v1 routes need a valid bearer JWT.
	public := apidoc.NewRouter(a.doc, e.Group("/api/v1"), "/api/v1")
	v1 := apidoc.NewRouter(a.doc, e.Group("/api/v1", requireAuth(a.tokens)), "/api/v1")
	_, _ = public, v1

	// --- Ledger: points, sales, cancellations, redemptions, statements, coupons (issue #4) ---
	const tagPoints, tagRedeem, tagCustomers = "Points and transactions", "Redemption", "Customers"
	limitOffset := func(def int) []apidoc.Param {
		return []apidoc.Param{
			{Name: "limit", Type: "integer", Default: def, Description: "page size, at most 1000"},
			{Name: "offset", Type: "integer", Default: 0},
		}
	}
	replayHeader := "A request repeating a transaction_identifier (or id) already recorded for the customer and type " +
		"returns the first entry with the header Idempotent-Replayed: true and writes nothing; with other points it is a 409."

	v1.Handle(http.MethodPost, "/points/credit", a.creditPoints, apidoc.Op{
		Summary: "Credit points to a customer", Tag: tagPoints, Status: http.StatusCreated,
		Description: "Writes a C entry (points > 0) and raises the balance. " + replayHeader,
		Request:     pointsRequest{}, Response: ledger.Entry{},
	})
	v1.Handle(http.MethodPost, "/points/debit", a.debitPoints, apidoc.Op{
		Summary: "Debit points from a customer", Tag: tagPoints, Status: http.StatusCreated,
		Description: "Writes a D entry (points sent > 0, stored negative); 409 when the balance is insufficient. " + replayHeader,
		Request:     pointsRequest{}, Response: ledger.Entry{},
	})
	v1.Handle(http.MethodGet, "/points/statement/:customer_id", a.pointsStatement, apidoc.Op{
		Summary: "A customer's points entries, newest first, with store names", Tag: tagPoints,
		Response: []ledger.StatementEntry{}, Params: limitOffset(100),
	})
	v1.Handle(http.MethodGet, "/points/store/redeem-statement", a.storeRedeemStatement, apidoc.Op{
		Summary: "Redeems of a store (or all stores) in a month, paginated, with customer statistics", Tag: tagRedeem,
		Response: redeem.Statement{},
		Params: []apidoc.Param{
			{Name: "store_document", Required: true, Description: "a store document, or ALL / all for every store"},
			{Name: "period", Required: true, Description: "month as MM-YYYY or MM/YYYY"},
			{Name: "status", Default: "redeemed", Enum: []any{"redeemed", "all"},
				Description: "redeemed: redeems made at a store that still hold their points (pending or applied); all: every redeem"},
			{Name: "page", Type: "integer", Default: 1, Description: "minimum 1"},
			{Name: "limit", Type: "integer", Default: 100, Description: "1 to 1000"},
			{Name: "timezone", Default: "America/Sao_Paulo", Description: "zone of the month's boundaries"},
		},
	})
	v1.Handle(http.MethodPost, "/transaction", a.createTransaction, apidoc.Op{
		Summary: "Register a sale: store its coupon and credit the points it earns", Tag: tagPoints, Status: http.StatusCreated,
		Description: "points = floor(value x POINTS_PER_CURRENCY_UNIT x best active promotion multiplier) + bonuses of the active promotions. " +
			"One coupon_identifier per customer: the same coupon with the same value returns the first entry (Idempotent-Replayed: true); with another value it is a 409.",
		Request: saleRequest{}, Response: ledger.Entry{},
	})
	v1.Handle(http.MethodPost, "/transaction/cancel/:point_id", a.cancelTransaction, apidoc.Op{
		Summary: "Cancel a credit or debit entry", Tag: tagPoints, Status: http.StatusCreated,
		Description: "Writes an E entry with the opposite points and marks the entry (and its sale coupon) cancelled. A second cancel is a 409, " +
			"as is cancelling a credit already spent.",
		Response: ledger.CancelResult{},
	})
	v1.Handle(http.MethodPost, "/transaction/cancel/coupon/:coupon_identifier", a.cancelCoupon, apidoc.Op{
		Summary: "Cancel every credit and debit of a sale coupon", Tag: tagPoints, Status: http.StatusCreated,
		Response: ledger.CancelResult{},
		Params:   []apidoc.Param{{Name: "customer_id", Description: "only this customer's entries (a coupon_identifier is unique per customer)"}},
	})

	v1.Handle(http.MethodPost, "/points/redeem/block", a.blockRedeem, apidoc.Op{
		Summary: "Block points for reward products (one redeem id for the array)", Tag: tagRedeem, Status: http.StatusCreated,
		Description: "Writes one R entry, deducts the points (409 when short) and creates a pending redeem that expires after the " +
			"smallest validity_days of its products.",
		Request: []redeemItemRequest{}, Response: redeem.Redeem{},
	})
	v1.Handle(http.MethodPost, "/points/redeem/cancel/:redeem_id", a.cancelRedeem, apidoc.Op{
		Summary: "Cancel a pending redeem and give its points back", Tag: tagRedeem, Status: http.StatusCreated,
		Response: redeem.Cancellation{},
	})
	v1.Handle(http.MethodPost, "/points/redeem/apply", a.applyRedeem, apidoc.Op{
		Summary: "Apply the redeem of a points entry to a coupon", Tag: tagRedeem,
		Request: redeemApplyRequest{}, Response: redeem.Redeem{},
	})
	v1.Handle(http.MethodPost, "/points/redeem/rollback", a.rollbackRedeem, apidoc.Op{
		Summary: "Undo the application of the redeem of a points entry", Tag: tagRedeem,
		Request: redeemRollbackRequest{}, Response: redeem.Redeem{},
	})

	v1.Handle(http.MethodGet, "/customer/:customer_id/coupons", a.customerCoupons, apidoc.Op{
		Summary: "A customer's sale coupons, newest first", Tag: tagCustomers,
		Description: "The header X-Total-Count carries the customer's number of coupons.",
		Response:    []couponDoc{}, Params: limitOffset(10),
	})
	v1.Handle(http.MethodGet, "/customer/:customer_id/coupons/search", a.searchCustomerCoupon, apidoc.Op{
		Summary: "One of a customer's sale coupons", Tag: tagCustomers, Response: couponDoc{},
		Params: []apidoc.Param{{Name: "coupon_identifier", Required: true}},
	})
	v1.Handle(http.MethodDelete, "/customer/:customer_id", a.deleteCustomer, apidoc.Op{
		Summary: "Delete a customer with all its entries, redeems and coupons (irreversible)", Tag: tagCustomers, Admin: true,
		Response: ledger.Deletion{},
	}, requireAdmin)
	// --- end of Ledger ---
}

// errorDetail documents the error body: a message, or for 422 a list of field errors.
type errorDetail struct {
	Detail any `json:"detail"`
}
