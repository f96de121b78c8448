package httpapi

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
	"github.com/loyaltylinks/platform/loyalty/internal/app"
	"github.com/loyaltylinks/platform/loyalty/internal/batch"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
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

// routes lists every route of the service, grouped by resource; the handlers of a
// resource live in the file named after it. API routes are added through
// apidoc.Router.Handle, which registers and documents them in one call, so /openapi.json
// always matches the router (TestEveryRouteIsDocumented checks it).
func routes(srv *server.Server, a *app.App, version string) {
	e := srv.Echo
	doc := apidoc.New("Loyalty API", "1.0.0",
		"Customer loyalty programme: customers, points ledger, rewards, stores, exports and report queries.",
		&openapi3.SecurityScheme{Type: "http", Scheme: "bearer", BearerFormat: "JWT"},
		errorBody{})
	// The type of every path parameter, as its handler reads it: PathUUID and pathID take
	// a uuid, pathText any text (percent-decoded).
	uuid := func(name, what string) apidoc.Param {
		return apidoc.Param{Name: name, Format: "uuid", Description: what}
	}
	doc.PathParams(
		uuid("user_id", "the user's id"), uuid("customer_id", "the customer's id"), uuid("store_id", "the store's id"),
		uuid("product_id", "the product's id"), uuid("promotion_id", "the promotion's id"), uuid("point_id", "the points entry's id"),
		uuid("redeem_id", "the redeem's id"), uuid("query_id", "the saved query's id"), uuid("webhook_id", "the webhook's id"),
		apidoc.Param{Name: "document", Description: "the customer's (or store's) CPF/CNPJ document; a formatted one percent-encoded"},
		apidoc.Param{Name: "store_code", Description: "the store's code"},
		apidoc.Param{Name: "coupon_identifier", Description: "the sale coupon's identifier"},
	)
	b := base{log: a.Log, bind: NewBinder()}
	// public needs no token; v1 routes need a valid bearer JWT.
	public := apidoc.NewRouter(doc, e.Group("/api/v1"), "/api/v1")
	v1 := apidoc.NewRouter(doc, e.Group("/api/v1", requireAuth(a.Tokens, a.Access)), "/api/v1")

	// Service pages and the OpenAPI document: no authentication (pages.go).
	pages := &pageHandlers{version: version}
	e.GET("/", pages.landing)
	doc.Mount(e, referencePage) // /openapi.json, /docs (and /docs/readme, redirected)

	// Authorization and users (tokens.go, users.go).
	tokens := &tokenHandlers{base: b, users: a.Users, throttle: a.Throttle, tokens: a.Tokens, clientIP: a.ClientIP}
	users := &userHandlers{base: b, users: a.Users, access: a.Access}
	public.Handle(http.MethodPost, "/authorization", tokens.create, apidoc.Op{
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
		Response: []user.User{}, Params: limitOffsetParams(10),
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

	// Customers (customers.go) and their coupons (coupons.go).
	const tagCustomers = "Customers"
	customers := &customerHandlers{base: b, customers: a.Customers, ledger: a.Ledger}
	v1.Handle(http.MethodPost, "/customer", customers.create, apidoc.Op{
		Tag: tagCustomers, Summary: "Register a customer", Status: http.StatusCreated,
		Description: "doc is stored as digits when a formatted CPF/CNPJ is sent and must be unique (409); emails may repeat. " +
			"store_code also becomes store_code_owner. rewards and promotion are null in this response.",
		Request: CustomerCreate{}, Response: customer.Customer{},
	})
	v1.Handle(http.MethodGet, "/customers", customers.list, apidoc.Op{
		Tag: tagCustomers, Summary: "List customers", Description: "Newest first. rewards and promotion are null in listings.",
		Response: []customer.Customer{}, Params: limitOffsetParams(10),
	})
	v1.Handle(http.MethodGet, "/customers/search", customers.search, apidoc.Op{
		Tag: tagCustomers, Summary: "Search customers by document or name",
		Description: "search_doc matches documents starting with the value (separators of a formatted number are ignored, " +
			"so a full document matches exactly); search_name matches names containing the value, case-insensitively. " +
			"Both given: both must match. Ordered by name.",
		Response: []customer.Customer{},
		Params: append([]apidoc.Param{
			{Name: "search_doc", Description: "document prefix"},
			{Name: "search_name", Description: "part of the name, any case"},
		}, limitOffsetParams(100)...),
	})
	v1.Handle(http.MethodGet, "/customers/list", customers.listFiltered, apidoc.Op{
		Tag: tagCustomers, Summary: "List customers with filters",
		Description: "Newest first. start_date and end_date are inclusive calendar days on created_at, read in timezone. " +
			"search_doc and search_name as in /customers/search; store_code_owner_name is the exact name (any case) of the owner store.",
		Response: []customer.Customer{},
		Params: append([]apidoc.Param{
			{Name: "start_date", Description: "YYYY-MM-DD, inclusive"},
			{Name: "end_date", Description: "YYYY-MM-DD, inclusive"},
			{Name: "timezone", Default: calendar.DefaultZone, Description: "IANA zone the dates are read in"},
			{Name: "search_doc", Description: "document prefix"},
			{Name: "search_name", Description: "part of the name, any case"},
			{Name: "store_code_owner_name", Description: "exact name of the owner store"},
		}, limitOffsetParams(10)...),
	})
	v1.Handle(http.MethodGet, "/customer/:document", customers.get, apidoc.Op{
		Tag: tagCustomers, Summary: "Get a customer by document",
		Description: "With rewards (active reward products that are not add-ons, cheapest first, each with its toppings and the " +
			"quantities the customer holds in pending redeems), promotion (promotions active now) and points_expiring (the available " +
			"points expiring in the next 30 days, by UTC date). points_balance is what the customer can spend; points_pending, " +
			"points earned on sales still in their return window.",
		Response: customer.Customer{},
	})
	v1.Handle(http.MethodPatch, "/customer/:document", customers.update, apidoc.Op{
		Tag: tagCustomers, Summary: "Update a customer",
		Description: "Applies only the fields sent; null clears a nullable field. name, doc, email, phone, is_active and the " +
			"opt-ins cannot be null. points_balance is kept by the ledger: it is accepted only when equal to the current balance. " +
			"The body is optional.",
		Request: customer.Update{}, Response: customer.Customer{},
	})
	v1.Handle(http.MethodGet, "/customer/:document/store/:store_code", customers.getAtStore, apidoc.Op{
		Tag: tagCustomers, Summary: "Get a customer at a store",
		Description: "As GET /customer/{document}, after checking that the store exists and is active (404 otherwise); " +
			"promotion lists the promotions active now in that store.",
		Response: customer.Customer{},
	})
	v1.Handle(http.MethodDelete, "/customer/:customer_id", customers.delete, apidoc.Op{
		Summary: "Delete a customer with all its entries, redeems and coupons (irreversible)", Tag: tagCustomers, Admin: true,
		Response: ledger.Deletion{},
	}, requireAdmin)
	coupons := &couponHandlers{base: b, ledger: a.Ledger}
	v1.Handle(http.MethodGet, "/customer/:customer_id/coupons", coupons.list, apidoc.Op{
		Summary: "A customer's sale coupons, newest first", Tag: tagCustomers,
		Description: "The header X-Total-Count carries the customer's number of coupons.",
		Response:    []couponDoc{}, Params: limitOffsetParams(10),
	})
	v1.Handle(http.MethodGet, "/customer/:customer_id/coupons/search", coupons.search, apidoc.Op{
		Summary: "One of a customer's sale coupons", Tag: tagCustomers, Response: couponDoc{},
		Params: []apidoc.Param{{Name: "coupon_identifier", Required: true}},
	})

	// Stores (stores.go).
	stores := &storeHandlers{base: b, stores: a.Stores}
	v1.Handle(http.MethodPost, "/store", stores.create, apidoc.Op{
		Tag: "Stores", Summary: "Create a store", Status: http.StatusCreated,
		Description: "store_code and document are unique (409). document is stored as digits when a formatted CNPJ/CPF is sent.",
		Request:     StoreCreate{}, Response: store.Store{},
	})
	v1.Handle(http.MethodGet, "/stores", stores.list, apidoc.Op{
		Tag: "Stores", Summary: "List stores", Description: "Ordered by store_code; inactive stores included.",
		Response: []store.Store{}, Params: limitOffsetParams(10),
	})
	v1.Handle(http.MethodGet, "/stores/search", stores.search, apidoc.Op{
		Tag: "Stores", Summary: "Search stores",
		Description: "search_name: part of the name, any case; search_code: start of the store code, any case; " +
			"search_document: start of the document. Filters combine; ordered by name; inactive stores included.",
		Response: []store.Store{},
		Params: append([]apidoc.Param{
			{Name: "search_name", Description: "part of the name, any case"},
			{Name: "search_code", Description: "store code prefix, any case"},
			{Name: "search_document", Description: "document prefix"},
		}, limitOffsetParams(100)...),
	})
	v1.Handle(http.MethodGet, "/store/code/:store_code", stores.byCode, apidoc.Op{
		Tag: "Stores", Summary: "Get a store by code", Response: store.Store{},
	})
	v1.Handle(http.MethodGet, "/store/document/:document", stores.byDocument, apidoc.Op{
		Tag: "Stores", Summary: "Get a store by document", Response: store.Store{},
	})
	v1.Handle(http.MethodGet, "/store/:store_id", stores.get, apidoc.Op{
		Tag: "Stores", Summary: "Get a store", Description: "Deactivated stores are still returned (is_active false).",
		Response: store.Store{},
	})
	v1.Handle(http.MethodPatch, "/store/:store_id", stores.update, apidoc.Op{
		Tag: "Stores", Summary: "Update a store",
		Description: "Applies only the fields sent; null clears address, city, state, phone or email.",
		Request:     store.Update{}, Response: store.Store{},
	})
	v1.Handle(http.MethodDelete, "/store/:store_id", stores.delete, apidoc.Op{
		Tag: "Stores", Summary: "Deactivate a store",
		Description: "Soft delete: the store is kept with is_active false and stays readable. Answers the store.",
		Response:    store.Store{},
	})

	// Products (products.go) and promotions (promotions.go).
	products := &productHandlers{base: b, products: a.Products}
	v1.Handle(http.MethodPost, "/product", products.create, apidoc.Op{
		Tag: "Products", Summary: "Create a product", Status: http.StatusCreated,
		Description: "sku is unique (409). topping_skus links existing add-on products (is_addon true) and needs has_toppings true.",
		Request:     ProductCreate{}, Response: product.Product{},
	})
	v1.Handle(http.MethodGet, "/product/all", products.list, apidoc.Op{
		Tag: "Products", Summary: "List products", Description: "Ordered by name; inactive products and add-ons included.",
		Response: []product.Product{}, Params: limitOffsetParams(1000),
	})
	v1.Handle(http.MethodGet, "/product/:product_id", products.get, apidoc.Op{
		Tag: "Products", Summary: "Get a product", Response: product.Product{},
	})
	v1.Handle(http.MethodPatch, "/product/:product_id", products.update, apidoc.Op{
		Tag: "Products", Summary: "Update a product",
		Description: "Applies only the fields sent; null clears a nullable field. topping_skus replaces the linked add-ons; " +
			"has_toppings false unlinks them. A product linked as a topping cannot stop being an add-on (409).",
		Request: product.Update{}, Response: product.Product{},
	})
	promotions := &promotionHandlers{base: b, promotions: a.Promotions}
	v1.Handle(http.MethodPost, "/promotion", promotions.create, apidoc.Op{
		Tag: "Promotions", Summary: "Create a promotion", Status: http.StatusCreated,
		Description: "A promotion is running while is_active and start_date <= now <= end_date; sales made then earn points " +
			"with its points_multiplier and bonus_points. store_codes null or empty means every store.",
		Request: PromotionCreate{}, Response: promotion.Promotion{},
	})
	v1.Handle(http.MethodGet, "/promotion/all", promotions.list, apidoc.Op{
		Tag: "Promotions", Summary: "List promotions", Description: "Latest start first; past and inactive promotions included.",
		Response: []promotion.Promotion{}, Params: limitOffsetParams(10),
	})
	v1.Handle(http.MethodGet, "/promotion/:promotion_id", promotions.get, apidoc.Op{
		Tag: "Promotions", Summary: "Get a promotion", Response: promotion.Promotion{},
	})
	v1.Handle(http.MethodPatch, "/promotion/:promotion_id", promotions.update, apidoc.Op{
		Tag: "Promotions", Summary: "Update a promotion",
		Description: "Applies only the fields sent; null clears description, image_url, min_purchase or store_codes.",
		Request:     promotion.Update{}, Response: promotion.Promotion{},
	})

	// Ledger: points (points.go), sales and cancellations (transactions.go).
	const tagPoints = "Points and transactions"
	replayHeader := "A request repeating a transaction_identifier (or id) already recorded for the customer and type " +
		"returns the first entry with the header Idempotent-Replayed: true and writes nothing; with other points it is a 409."
	points := &pointsHandlers{base: b, ledger: a.Ledger}
	v1.Handle(http.MethodPost, "/points/credit", points.credit, apidoc.Op{
		Summary: "Credit points to a customer", Tag: tagPoints, Status: http.StatusCreated,
		Description: "Writes a C entry (points > 0) and raises the balance. The points open a lot that expires at expires_at when sent " +
			"(later than now, at most 3650 days ahead), else POINTS_VALIDITY after now, else never. " + replayHeader,
		Request: pointsRequest{}, Response: ledger.Entry{},
	})
	v1.Handle(http.MethodPost, "/points/debit", points.debit, apidoc.Op{
		Summary: "Debit points from a customer", Tag: tagPoints, Status: http.StatusCreated,
		Description: "Writes a D entry (points sent > 0, stored negative), taken from the customer's available lots oldest-expiring first; " +
			"409 when the available balance is insufficient (pending points do not count). " + replayHeader,
		Request: pointsRequest{}, Response: ledger.Entry{},
	})
	v1.Handle(http.MethodGet, "/points/statement/:customer_id", points.statement, apidoc.Op{
		Summary: "A customer's points entries, newest first, with store names", Tag: tagPoints,
		Description: "Expiries are X entries (points < 0, user_at system, transaction_date the expiry job's cutoff).",
		Response:    []ledger.StatementEntry{}, Params: limitOffsetParams(100),
	})
	v1.Handle(http.MethodGet, "/points/lots/:customer_id", points.lots, apidoc.Op{
		Summary: "A customer's open lots of points, in the order they are spent", Tag: tagPoints,
		Description: "One lot per credit (or sale) with points left: remaining of points, expires_at (null: never), pending until available_at " +
			"for a sale in its return window. Debits and redeems take available lots oldest-expiring first (never-expiring last); " +
			"entry_id null is the balance held before lots began.",
		Response: []ledger.Lot{}, Params: limitOffsetParams(100),
	})
	transactions := &transactionHandlers{base: b, ledger: a.Ledger}
	v1.Handle(http.MethodPost, "/transaction", transactions.create, apidoc.Op{
		Summary: "Register a sale: store its coupon and credit the points it earns", Tag: tagPoints, Status: http.StatusCreated,
		Description: "points = floor(value x POINTS_PER_CURRENCY_UNIT x best active promotion multiplier) + bonuses of the active promotions. " +
			"With POINTS_PENDING_DAYS > 0 the points are pending (points_pending, not spendable) until available_at, and vanish if the sale is cancelled before. " +
			"One coupon_identifier per customer: the same coupon with the same value returns the first entry (Idempotent-Replayed: true); with another value it is a 409.",
		Request: saleRequest{}, Response: ledger.Entry{},
	})
	v1.Handle(http.MethodPost, "/transaction/cancel/:point_id", transactions.cancel, apidoc.Op{
		Summary: "Cancel a credit or debit entry", Tag: tagPoints, Status: http.StatusCreated,
		Description: "Writes an E entry with the opposite points and marks the entry (and its sale coupon) cancelled. A second cancel is a 409, " +
			"as is cancelling a credit already spent.",
		Response: ledger.CancelResult{},
	})
	v1.Handle(http.MethodPost, "/transaction/cancel/coupon/:coupon_identifier", transactions.cancelCoupon, apidoc.Op{
		Summary: "Cancel every credit and debit of a sale coupon", Tag: tagPoints, Status: http.StatusCreated,
		Response: ledger.CancelResult{},
		Params:   []apidoc.Param{{Name: "customer_id", Description: "only this customer's entries (a coupon_identifier is unique per customer)"}},
	})

	// Redemption (redeem.go).
	const tagRedeem = "Redemption"
	redeems := &redeemHandlers{base: b, redeems: a.Redeems}
	v1.Handle(http.MethodPost, "/points/redeem/block", redeems.block, apidoc.Op{
		Summary: "Block points for reward products (one redeem id for the array)", Tag: tagRedeem, Status: http.StatusCreated,
		Description: "Writes one R entry, deducts the points (409 when short) and creates a pending redeem that expires after the " +
			"smallest validity_days of its products.",
		Request: []redeemItemRequest{}, Response: redeem.Redeem{},
	})
	v1.Handle(http.MethodPost, "/points/redeem/cancel/:redeem_id", redeems.cancel, apidoc.Op{
		Summary: "Cancel a pending redeem and give its points back", Tag: tagRedeem, Status: http.StatusCreated,
		Response: redeem.Cancellation{},
	})
	v1.Handle(http.MethodPost, "/points/redeem/apply", redeems.apply, apidoc.Op{
		Summary: "Apply the redeem of a points entry to a coupon", Tag: tagRedeem,
		Request: redeemApplyRequest{}, Response: redeem.Redeem{},
	})
	v1.Handle(http.MethodPost, "/points/redeem/rollback", redeems.rollback, apidoc.Op{
		Summary: "Undo the application of the redeem of a points entry", Tag: tagRedeem,
		Request: redeemRollbackRequest{}, Response: redeem.Redeem{},
	})
	v1.Handle(http.MethodGet, "/points/store/redeem-statement", redeems.storeStatement, apidoc.Op{
		Summary: "Redeems of a store (or all stores) in a month, paginated, with customer statistics", Tag: tagRedeem,
		Response: redeem.Statement{},
		Params: []apidoc.Param{
			{Name: "store_document", Required: true, Description: "a store document, or ALL / all for every store"},
			{Name: "period", Required: true, Description: "month as MM-YYYY or MM/YYYY"},
			{Name: "status", Default: "redeemed", Enum: []any{"redeemed", "all"},
				Description: "redeemed: redeems made at a store that still hold their points (pending or applied); all: every redeem"},
			{Name: "page", Type: "integer", Default: 1, Description: "minimum 1"},
			{Name: "limit", Type: "integer", Default: 100, Description: "1 to 1000"},
			{Name: "timezone", Default: calendar.DefaultZone, Description: "zone of the month's boundaries"},
		},
	})

	// Exports (exports.go) and admin batch jobs (batch.go).
	exports := newExportHandlers(b, a.Exporter, a.Config.MaxConcurrentExports)
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
	jobs := &batchHandlers{jobs: a.Batch, appUsers: a.AppUsers}
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

	// Report queries (aiquery.go).
	const tagAI = "AI queries"
	ai := &aiQueryHandlers{base: b, ai: a.AIQueries}
	aiPage := []apidoc.Param{
		{Name: "limit", Type: "integer", Default: 50, Description: "1 to 100"},
		{Name: "offset", Type: "integer", Default: 0, Description: "minimum 0"},
	}
	v1.Handle(http.MethodPost, "/ai/generate-query", ai.generateQuery, apidoc.Op{
		Tag: tagAI, Summary: "Turn a report question into a SQL query",
		Description: "Portuguese or English questions (see docs/ai-queries.md). The query is checked by the guard and stored in the caller's history.",
		Request:     generateQueryRequest{}, Response: generateQueryResponse{},
	})
	v1.Handle(http.MethodPost, "/ai/execute-query", ai.executeQuery, apidoc.Op{
		Tag: tagAI, Summary: "Run a report query",
		Description: "One SELECT over the reporting views. At most one row: JSON {\"answer\": \"...\"}; several rows: an xlsx download (header = column names). Refused queries are 422.",
		Request:     executeQueryRequest{}, Response: queryAnswer{},
	})
	v1.Handle(http.MethodGet, "/ai/queries", ai.listQueries, apidoc.Op{
		Tag: tagAI, Summary: "The caller's query history, newest first", Response: []aiquery.Entry{}, Params: aiPage,
	})
	v1.Handle(http.MethodGet, "/ai/queries/all", ai.listAllQueries, apidoc.Op{
		Tag: tagAI, Summary: "Every user's query history, newest first", Admin: true, Response: []aiquery.Entry{},
		Description: "Without start_date and end_date, the last 7 days.",
		Params: append(aiPage,
			apidoc.Param{Name: "start_date", Description: "YYYY-MM-DD, inclusive"},
			apidoc.Param{Name: "end_date", Description: "YYYY-MM-DD, inclusive"},
			apidoc.Param{Name: "report_name", Description: "report name contains (case-insensitive)"},
			apidoc.Param{Name: "user_name", Description: "user name contains (case-insensitive)"},
		),
	}, requireAdmin)
	v1.Handle(http.MethodPatch, "/ai/queries/:query_id", ai.updateQuery, apidoc.Op{
		Tag: tagAI, Summary: "Update a history entry", Description: "A changed user_question regenerates the query.",
		Request: historyUpdateRequest{}, Response: aiquery.Entry{},
	})
	v1.Handle(http.MethodDelete, "/ai/queries/:query_id", ai.deleteQuery, apidoc.Op{
		Tag: tagAI, Summary: "Delete a history entry", Response: deletedQuery{},
	})

	// Webhook subscriptions, their delivery log and test pings, admin only (webhooks.go,
	// docs/webhooks.md).
	const tagHooks = "Webhooks"
	hooks := &webhookHandlers{base: b, hooks: a.Webhooks}
	eventTypes := strings.Join(webhook.Types(), ", ")
	urlRule := fmt.Sprintf("url: http(s), at most %d characters, no credentials or fragment; its host must be (or resolve only to) "+
		"public addresses unless WEBHOOK_ALLOW_PRIVATE is set, checked again on every delivery connection. ", webhook.MaxURLLength)
	v1.Handle(http.MethodPost, "/webhooks", hooks.create, apidoc.Op{
		Tag: tagHooks, Summary: "Subscribe a URL to events", Status: http.StatusCreated, Admin: true,
		Description: urlRule + "event_types: some of " + eventTypes + ", or [\"*\"] (the default) for all; at most " +
			fmt.Sprint(webhook.MaxEventTypes) + " entries. The answer carries the signing secret (whsec_...): it is shown this once. " +
			fmt.Sprintf("At most %d subscriptions (409 beyond).", webhook.MaxSubscriptions),
		Request: WebhookCreate{}, Response: webhook.WithSecret{},
	}, requireAdmin)
	v1.Handle(http.MethodGet, "/webhooks", hooks.list, apidoc.Op{
		Tag: tagHooks, Summary: "List webhook subscriptions", Admin: true, Description: "Oldest first. Secrets are never listed.",
		Response: []webhook.Subscription{}, Params: limitOffsetMaxParams(webhookListMax, webhookListMax),
	}, requireAdmin)
	v1.Handle(http.MethodGet, "/webhooks/:webhook_id", hooks.get, apidoc.Op{
		Tag: tagHooks, Summary: "Get a webhook subscription", Admin: true,
		Description: "disabled_reason says why a subscription stopped; failing_since and consecutive_failures describe a " +
			"failure streak; oldest_pending_at is the creation time of the oldest event not delivered yet.",
		Response: webhook.Subscription{},
	}, requireAdmin)
	v1.Handle(http.MethodPatch, "/webhooks/:webhook_id", hooks.update, apidoc.Op{
		Tag: tagHooks, Summary: "Update a webhook subscription", Admin: true,
		Description: "Applies the fields sent. " + urlRule + "url, event_types and is_active cannot be null; null clears " +
			"description. is_active true re-activates a disabled subscription: its pending events are sent again at once, " +
			"oldest first, with a fresh WEBHOOK_MAX_AGE. rotate_secret true issues a new secret, returned in this answer only.",
		Request: webhook.Update{}, Response: webhook.Subscription{},
	}, requireAdmin)
	v1.Handle(http.MethodDelete, "/webhooks/:webhook_id", hooks.delete, apidoc.Op{
		Tag: tagHooks, Summary: "Delete a webhook subscription", Admin: true,
		Description: "Its pending deliveries and its delivery log go with it.", Response: deletedWebhook{},
	}, requireAdmin)
	v1.Handle(http.MethodGet, "/webhooks/:webhook_id/deliveries", hooks.deliveries, apidoc.Op{
		Tag: tagHooks, Summary: "Recent delivery attempts of a subscription", Admin: true,
		Description: "Newest first: event, attempt number, the receiver's status code (null when none came), latency, error, " +
			"and result (delivered, retrying, failed, ping). Kept for WEBHOOK_RETENTION.",
		Response: []webhook.Attempt{}, Params: limitOffsetMaxParams(50, attemptListMax),
	}, requireAdmin)
	v1.Handle(http.MethodPost, "/webhooks/:webhook_id/test", hooks.test, apidoc.Op{
		Tag: tagHooks, Summary: "Send a test event (webhook.ping) now", Admin: true,
		Description: "Signed like every delivery, sent whether the subscription is active or not, not retried. The answer " +
			"says what the receiver did (delivered, status_code, latency_ms, error); a failing receiver is not an error of this route.",
		Response: webhook.PingResult{},
	}, requireAdmin)
}

// limitOffsetMaxParams documents a limit/offset pair with its default and maximum.
func limitOffsetMaxParams(defaultLimit, maxLimit int) []apidoc.Param {
	return []apidoc.Param{
		{Name: "limit", Type: "integer", Default: defaultLimit, Description: fmt.Sprintf("page size, 0 to %d", maxLimit)},
		{Name: "offset", Type: "integer", Default: 0, Description: "rows to skip, 0 or more"},
	}
}

// limitOffsetParams documents the limit/offset pair with the route's default limit.
func limitOffsetParams(defaultLimit int) []apidoc.Param {
	return []apidoc.Param{
		{Name: "limit", Type: "integer", Default: defaultLimit, Description: fmt.Sprintf("page size, 0 to %d", listMaxLimit)},
		{Name: "offset", Type: "integer", Default: 0, Description: "rows to skip, 0 or more"},
	}
}
