package httpapi

import (
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/loyaltylinks/platform/loyalty/internal/batch"
	"github.com/loyaltylinks/platform/loyalty/internal/export"
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

	a.exportRoutes(v1)
}

// exportRoutes: customer and sales-coupon file exports, admin batch jobs over customers.
func (a *API) exportRoutes(v1 *apidoc.Router) {
	db, err := a.deps.DB.DB()
	if err != nil {
		panic("loyalty: gorm handle without a *sql.DB: " + err.Error()) // wiring bug, not a runtime condition
	}
	exports := &exportHandlers{api: a, exporter: export.New(db, a.log)}
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

// errorDetail documents the error body: a message, or for 422 a list of field errors.
type errorDetail struct {
	Detail any `json:"detail"`
}
