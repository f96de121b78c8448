package httpapi

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/batch"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/export"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/product"
	"github.com/loyaltylinks/platform/loyalty/internal/promotion"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/loyalty/internal/store"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
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
	v1 := apidoc.NewRouter(a.doc, e.Group("/api/v1", requireAuth(a.tokens, a.access)), "/api/v1")

	a.coreRoutes(e, public, v1)

	// AI report queries
	a.aiQueryRoutes(v1)

	// Ledger: points, sales, cancellations, redemptions, statements, coupons
	a.ledgerRoutes(v1)

	// Exports and admin batch jobs
	a.exportRoutes(v1)

	// Webhook subscriptions (admin)
	a.webhookRoutes(v1)
}

// coreRoutes: authorization and users, customers (reads, create, update, searches),
// stores, products and promotions, and the service pages.
func (a *API) coreRoutes(e *echo.Echo, public, v1 *apidoc.Router) {
	db := a.deps.DB
	stores := store.NewRepository(db)
	promotions := promotion.NewStore(db)

	// Service pages: HTML, no authentication.
	pages := &pageHandlers{doc: a.doc, version: a.deps.Version}
	e.GET("/", pages.landing)
	e.GET("/docs/readme", pages.readme)

	// Authorization and users.
	users := &userHandlers{api: a, users: user.NewStore(db), access: a.access,
		throttle: user.NewThrottle(db, a.deps.LoginThrottle, a.log)}
	public.Handle(http.MethodPost, "/authorization", users.authorize, apidoc.Op{
		Tag: "Authorization", Summary: "Get an access token", Public: true,
		Description: "Takes JSON {\"username\", \"password\"} or the OAuth2 password-grant form " +
			"(application/x-www-form-urlencoded: grant_type=password, username, password). Answers a bearer JWT; " +
			"expires_in is its lifetime in seconds. Wrong credentials answer 401 with one message whatever the cause. " +
			"Failed attempts are throttled per username and address, per address and per username " +
			"(429 with Retry-After; see docs/core.md). Usernames are compared in NFKC form, case-insensitively.",
		Request: TokenRequest{}, Response: TokenResponse{},
	})
	v1.Handle(http.MethodGet, "/users", users.list, apidoc.Op{
		Tag: "Users", Summary: "List users", Description: "Oldest first. Password hashes are never returned.",
		Response: []user.User{}, Params: coreLimitOffset(10),
	})
	v1.Handle(http.MethodPost, "/users", users.create, apidoc.Op{
		Tag: "Users", Summary: "Create a user", Status: http.StatusCreated,
		Description: "Any signed-in user may create users of role user; only an admin may create an admin (403 otherwise). " +
			"Usernames are unique, case-insensitively (409). Passwords: 8 to 72 bytes.",
		Request: UserCreate{}, Response: user.User{},
	})
	v1.Handle(http.MethodPatch, "/users/:user_id", users.update, apidoc.Op{
		Tag: "Users", Summary: "Update a user", Admin: true,
		Description: "Applies only the fields sent: name, email (null clears it), role, is_active, password (8 to 72 bytes). " +
			"A new password or a deactivation revokes the user's tokens; a role change applies to its tokens within seconds. " +
			"Taking away the last active admin (role user, is_active false) is a 409. The username cannot change.",
		Request: user.Update{}, Response: user.User{},
	}, requireAdmin)
	v1.Handle(http.MethodDelete, "/users/:user_id", users.delete, apidoc.Op{
		Tag: "Users", Summary: "Delete a user", Admin: true,
		Description: "Removes the user for good and answers it as it was; its tokens stop working within seconds. " +
			"Its report-query history is kept (user_id then names a deleted user). Deleting the last active admin is a 409; " +
			"to keep the account but stop its access, PATCH is_active false instead.",
		Response: user.User{},
	}, requireAdmin)

	// Customers.
	customers := &customerHandlers{api: a, customers: customer.NewStore(db, stores, promotions).WithEvents(a.events)}
	v1.Handle(http.MethodPost, "/customer", customers.create, apidoc.Op{
		Tag: "Customers", Summary: "Register a customer", Status: http.StatusCreated,
		Description: "doc is stored as digits when a formatted CPF/CNPJ is sent and must be unique (409); emails may repeat. " +
			"store_code also becomes store_code_owner. rewards and promotion are null in this response.",
		Request: CustomerCreate{}, Response: customer.Customer{},
	})
	v1.Handle(http.MethodGet, "/customers", customers.list, apidoc.Op{
		Tag: "Customers", Summary: "List customers", Description: "Newest first. rewards and promotion are null in listings.",
		Response: []customer.Customer{}, Params: coreLimitOffset(10),
	})
	v1.Handle(http.MethodGet, "/customers/search", customers.search, apidoc.Op{
		Tag: "Customers", Summary: "Search customers by document or name",
		Description: "search_doc matches documents starting with the value (separators of a formatted number are ignored, " +
			"so a full document matches exactly); search_name matches names containing the value, case-insensitively. " +
			"Both given: both must match. Ordered by name.",
		Response: []customer.Customer{},
		Params: append([]apidoc.Param{
			{Name: "search_doc", Description: "document prefix"},
			{Name: "search_name", Description: "part of the name, any case"},
		}, coreLimitOffset(100)...),
	})
	v1.Handle(http.MethodGet, "/customers/list", customers.listFiltered, apidoc.Op{
		Tag: "Customers", Summary: "List customers with filters",
		Description: "Newest first. start_date and end_date are inclusive calendar days on created_at, read in timezone. " +
			"search_doc and search_name as in /customers/search; store_code_owner_name is the exact name (any case) of the owner store.",
		Response: []customer.Customer{},
		Params: append([]apidoc.Param{
			{Name: "start_date", Description: "YYYY-MM-DD, inclusive"},
			{Name: "end_date", Description: "YYYY-MM-DD, inclusive"},
			{Name: "timezone", Default: customerListZone, Description: "IANA zone the dates are read in"},
			{Name: "search_doc", Description: "document prefix"},
			{Name: "search_name", Description: "part of the name, any case"},
			{Name: "store_code_owner_name", Description: "exact name of the owner store"},
		}, coreLimitOffset(10)...),
	})
	v1.Handle(http.MethodGet, "/customer/:document", customers.get, apidoc.Op{
		Tag: "Customers", Summary: "Get a customer by document",
		Description: "With rewards (active reward products that are not add-ons, cheapest first, each with its toppings and the " +
			"quantities the customer holds in pending redeems) and promotion (promotions active now).",
		Response: customer.Customer{},
	})
	v1.Handle(http.MethodPatch, "/customer/:document", customers.update, apidoc.Op{
		Tag: "Customers", Summary: "Update a customer",
		Description: "Applies only the fields sent; null clears a nullable field. name, doc, email, phone, is_active and the " +
			"opt-ins cannot be null. points_balance is kept by the ledger: it is accepted only when equal to the current balance. " +
			"The body is optional.",
		Request: customer.Update{}, Response: customer.Customer{},
	})
	v1.Handle(http.MethodGet, "/customer/:document/store/:store_code", customers.getAtStore, apidoc.Op{
		Tag: "Customers", Summary: "Get a customer at a store",
		Description: "As GET /customer/{document}, after checking that the store exists and is active (404 otherwise); " +
			"promotion lists the promotions active now in that store.",
		Response: customer.Customer{},
	})

	// Stores.
	st := &storeHandlers{api: a, stores: stores}
	v1.Handle(http.MethodPost, "/store", st.create, apidoc.Op{
		Tag: "Stores", Summary: "Create a store", Status: http.StatusCreated,
		Description: "store_code and document are unique (409). document is stored as digits when a formatted CNPJ/CPF is sent.",
		Request:     StoreCreate{}, Response: store.Store{},
	})
	v1.Handle(http.MethodGet, "/stores", st.list, apidoc.Op{
		Tag: "Stores", Summary: "List stores", Description: "Ordered by store_code; inactive stores included.",
		Response: []store.Store{}, Params: coreLimitOffset(10),
	})
	v1.Handle(http.MethodGet, "/stores/search", st.search, apidoc.Op{
		Tag: "Stores", Summary: "Search stores",
		Description: "search_name: part of the name, any case; search_code: start of the store code, any case; " +
			"search_document: start of the document. Filters combine; ordered by name; inactive stores included.",
		Response: []store.Store{},
		Params: append([]apidoc.Param{
			{Name: "search_name", Description: "part of the name, any case"},
			{Name: "search_code", Description: "store code prefix, any case"},
			{Name: "search_document", Description: "document prefix"},
		}, coreLimitOffset(100)...),
	})
	v1.Handle(http.MethodGet, "/store/code/:store_code", st.byCode, apidoc.Op{
		Tag: "Stores", Summary: "Get a store by code", Response: store.Store{},
	})
	v1.Handle(http.MethodGet, "/store/document/:document", st.byDocument, apidoc.Op{
		Tag: "Stores", Summary: "Get a store by document", Response: store.Store{},
	})
	v1.Handle(http.MethodGet, "/store/:store_id", st.get, apidoc.Op{
		Tag: "Stores", Summary: "Get a store", Description: "Deactivated stores are still returned (is_active false).",
		Response: store.Store{},
	})
	v1.Handle(http.MethodPatch, "/store/:store_id", st.update, apidoc.Op{
		Tag: "Stores", Summary: "Update a store",
		Description: "Applies only the fields sent; null clears address, city, state, phone or email.",
		Request:     store.Update{}, Response: store.Store{},
	})
	v1.Handle(http.MethodDelete, "/store/:store_id", st.delete, apidoc.Op{
		Tag: "Stores", Summary: "Deactivate a store",
		Description: "Soft delete: the store is kept with is_active false and stays readable. Answers the store.",
		Response:    store.Store{},
	})

	// Products and promotions.
	cat := &catalogueHandlers{api: a, products: product.NewStore(db), promotions: promotions}
	v1.Handle(http.MethodPost, "/product", cat.createProduct, apidoc.Op{
		Tag: "Products", Summary: "Create a product", Status: http.StatusCreated,
		Description: "sku is unique (409). topping_skus links existing add-on products (is_addon true) and needs has_toppings true.",
		Request:     ProductCreate{}, Response: product.Product{},
	})
	v1.Handle(http.MethodGet, "/product/all", cat.listProducts, apidoc.Op{
		Tag: "Products", Summary: "List products", Description: "Ordered by name; inactive products and add-ons included.",
		Response: []product.Product{}, Params: coreLimitOffset(1000),
	})
	v1.Handle(http.MethodGet, "/product/:product_id", cat.getProduct, apidoc.Op{
		Tag: "Products", Summary: "Get a product", Response: product.Product{},
	})
	v1.Handle(http.MethodPatch, "/product/:product_id", cat.updateProduct, apidoc.Op{
		Tag: "Products", Summary: "Update a product",
		Description: "Applies only the fields sent; null clears a nullable field. topping_skus replaces the linked add-ons; " +
			"has_toppings false unlinks them. A product linked as a topping cannot stop being an add-on (409).",
		Request: product.Update{}, Response: product.Product{},
	})
	v1.Handle(http.MethodPost, "/promotion", cat.createPromotion, apidoc.Op{
		Tag: "Promotions", Summary: "Create a promotion", Status: http.StatusCreated,
		Description: "A promotion is running while is_active and start_date <= now <= end_date; sales made then earn points " +
			"with its points_multiplier and bonus_points. store_codes null or empty means every store.",
		Request: PromotionCreate{}, Response: promotion.Promotion{},
	})
	v1.Handle(http.MethodGet, "/promotion/all", cat.listPromotions, apidoc.Op{
		Tag: "Promotions", Summary: "List promotions", Description: "Latest start first; past and inactive promotions included.",
		Response: []promotion.Promotion{}, Params: coreLimitOffset(10),
	})
	v1.Handle(http.MethodGet, "/promotion/:promotion_id", cat.getPromotion, apidoc.Op{
		Tag: "Promotions", Summary: "Get a promotion", Response: promotion.Promotion{},
	})
	v1.Handle(http.MethodPatch, "/promotion/:promotion_id", cat.updatePromotion, apidoc.Op{
		Tag: "Promotions", Summary: "Update a promotion",
		Description: "Applies only the fields sent; null clears description, image_url, min_purchase or store_codes.",
		Request:     promotion.Update{}, Response: promotion.Promotion{},
	})
}

// coreLimitOffset documents the limit/offset pair with the route's default limit.
func coreLimitOffset(defaultLimit int) []apidoc.Param {
	return []apidoc.Param{
		{Name: "limit", Type: "integer", Default: defaultLimit, Description: fmt.Sprintf("page size, 0 to %d", coreListMaxLimit)},
		{Name: "offset", Type: "integer", Default: 0, Description: "rows to skip, 0 or more"},
	}
}

// errorDetail documents the error body: a message, or for 422 a list of field errors.
type errorDetail struct {
	Detail any `json:"detail"`
}

// ledgerRoutes: points, sales, cancellations, redemptions, statements and coupons.
func (a *API) ledgerRoutes(v1 *apidoc.Router) {
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
}

// exportRoutes: customer and sales-coupon file exports, admin batch jobs over customers.
func (a *API) exportRoutes(v1 *apidoc.Router) {
	db, err := a.deps.DB.DB()
	if err != nil {
		panic("loyalty: gorm handle without a *sql.DB: " + err.Error()) // wiring bug, not a runtime condition
	}
	exports := newExportHandlers(a, export.New(db, a.log), a.deps.MaxConcurrentExports)
	fileDoc := "Columns and formats: docs/exports.md. Newest first. Streamed as rows are read; " +
		"timestamps in timezone. Content-Disposition names the file after the date range."
	v1.Handle(http.MethodGet, "/customers/export", exports.customers, apidoc.Op{
		Tag: "Exports", Summary: "Export customers (xlsx or csv)", Description: fileDoc + " start_date/end_date filter on created_at.",
		ContentType: export.XLSX.ContentType(), Params: exportParams(),
	})
	v1.Handle(http.MethodGet, "/customers/sales-coupons/export", exports.salesCoupons, apidoc.Op{
		Tag: "Exports", Summary: "Export sales coupons (xlsx or csv)",
		Description: fileDoc + " Columns: id, nome, doc, coupon_identifier, transaction_date, payment_type, " +
			"payment_type_description, value, store_code, store_name, store_document. start_date/end_date filter on " +
			"transaction_date; cancelled sales are left out.",
		ContentType: export.XLSX.ContentType(), Params: exportParams(),
	})

	jobs := &batchHandlers{jobs: batch.New(db, a.log), appUsers: a.deps.AppUsers}
	v1.Handle(http.MethodPost, "/customers/reprocess-store-code-owner", jobs.reprocessStoreOwner, apidoc.Op{
		Tag: "Batch jobs", Summary: "Back-fill store_code_owner from the ledger", Admin: true,
		Description: "Every customer without store_code_owner gets the store_code of its first credit entry " +
			"that has a store_code and a coupon_identifier.",
		Response: batch.StoreOwnerStats{},
	}, requireAdmin)
	v1.Handle(http.MethodPost, "/customers/process-external-data", jobs.processExternalData, apidoc.Op{
		Tag: "Batch jobs", Summary: "Set app_user from the external app-user service",
		Description: "Active customers with app_user null and origin other than APP, oldest first, window " +
			"[offset, offset+limit): each is looked up by document (GET {EXTERNAL_APP_USERS_URL}/{doc}: 200 found, " +
			"404 not found). Continue with next_offset until it is null. 503 when the service is not configured.",
		Response: batch.AppUserStats{},
		Params: []apidoc.Param{
			{Name: "limit", Type: "integer", Default: 100, Description: "1 to 1000."},
			{Name: "offset", Type: "integer", Default: 0},
		},
	})
}

// webhookRoutes: webhook subscriptions, their delivery log and test pings, admin only
// (docs/webhooks.md).
func (a *API) webhookRoutes(v1 *apidoc.Router) {
	const tag = "Webhooks"
	h := &webhookHandlers{api: a, hooks: a.hooks}
	types := strings.Join(webhook.Types(), ", ")
	urlRule := fmt.Sprintf("url: http(s), at most %d characters, no credentials or fragment; its host must be (or resolve only to) "+
		"public addresses unless WEBHOOK_ALLOW_PRIVATE is set, checked again on every delivery connection. ", webhook.MaxURLLength)
	v1.Handle(http.MethodPost, "/webhooks", h.create, apidoc.Op{
		Tag: tag, Summary: "Subscribe a URL to events", Status: http.StatusCreated, Admin: true,
		Description: urlRule + "event_types: some of " + types + ", or [\"*\"] (the default) for all; at most " +
			fmt.Sprint(webhook.MaxEventTypes) + " entries. The answer carries the signing secret (whsec_...): it is shown this once. " +
			fmt.Sprintf("At most %d subscriptions (409 beyond).", webhook.MaxSubscriptions),
		Request: WebhookCreate{}, Response: webhook.WithSecret{},
	}, requireAdmin)
	v1.Handle(http.MethodGet, "/webhooks", h.list, apidoc.Op{
		Tag: tag, Summary: "List webhook subscriptions", Admin: true, Description: "Oldest first. Secrets are never listed.",
		Response: []webhook.Subscription{}, Params: coreLimitOffsetMax(webhookListMax, webhookListMax),
	}, requireAdmin)
	v1.Handle(http.MethodGet, "/webhooks/:webhook_id", h.get, apidoc.Op{
		Tag: tag, Summary: "Get a webhook subscription", Admin: true,
		Description: "disabled_reason says why a subscription stopped; failing_since and consecutive_failures describe a " +
			"failure streak; oldest_pending_at is the creation time of the oldest event not delivered yet.",
		Response: webhook.Subscription{},
	}, requireAdmin)
	v1.Handle(http.MethodPatch, "/webhooks/:webhook_id", h.update, apidoc.Op{
		Tag: tag, Summary: "Update a webhook subscription", Admin: true,
		Description: "Applies the fields sent. " + urlRule + "url, event_types and is_active cannot be null; null clears " +
			"description. is_active true re-activates a disabled subscription: its pending events are sent again at once, " +
			"oldest first, with a fresh WEBHOOK_MAX_AGE. rotate_secret true issues a new secret, returned in this answer only.",
		Request: webhook.Update{}, Response: webhook.Subscription{},
	}, requireAdmin)
	v1.Handle(http.MethodDelete, "/webhooks/:webhook_id", h.delete, apidoc.Op{
		Tag: tag, Summary: "Delete a webhook subscription", Admin: true,
		Description: "Its pending deliveries and its delivery log go with it.", Response: deletedWebhook{},
	}, requireAdmin)
	v1.Handle(http.MethodGet, "/webhooks/:webhook_id/deliveries", h.deliveries, apidoc.Op{
		Tag: tag, Summary: "Recent delivery attempts of a subscription", Admin: true,
		Description: "Newest first: event, attempt number, the receiver's status code (null when none came), latency, error, " +
			"and result (delivered, retrying, failed, ping). Kept for WEBHOOK_RETENTION.",
		Response: []webhook.Attempt{}, Params: coreLimitOffsetMax(50, attemptListMax),
	}, requireAdmin)
	v1.Handle(http.MethodPost, "/webhooks/:webhook_id/test", h.test, apidoc.Op{
		Tag: tag, Summary: "Send a test event (webhook.ping) now", Admin: true,
		Description: "Signed like every delivery, sent whether the subscription is active or not, not retried. The answer " +
			"says what the receiver did (delivered, status_code, latency_ms, error); a failing receiver is not an error of this route.",
		Response: webhook.PingResult{},
	}, requireAdmin)
}

// coreLimitOffsetMax documents a limit/offset pair with its default and maximum.
func coreLimitOffsetMax(defaultLimit, maxLimit int) []apidoc.Param {
	return []apidoc.Param{
		{Name: "limit", Type: "integer", Default: defaultLimit, Description: fmt.Sprintf("page size, 0 to %d", maxLimit)},
		{Name: "offset", Type: "integer", Default: 0, Description: "rows to skip, 0 or more"},
	}
}
