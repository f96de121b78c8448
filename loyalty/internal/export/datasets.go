package export

// Customers is the customer export: every field of the customer record a back office
// works with, plus the names of the customer's store and owner store. Newest customer
// first; Start/End filter on created_at.
var Customers = Dataset{
	Name:   "customers",
	Sheet:  "customers",
	source: customersSource,
	Columns: []Column{
		{"id", "c.id::text", Text},
		{"name", "c.name", Text},
		{"doc", "c.doc", Text},
		{"email", "c.email", Text},
		{"phone", "c.phone", Text},
		{"gender_identity", "c.gender_identity", Text},
		{"birth_date", "c.birth_date", Date},
		{"short_code", "c.short_code", Text},
		{"points_balance", "c.points_balance", Integer},
		{"last_purchase", "c.last_purchase", Timestamp},
		{"is_active", "c.is_active", Boolean},
		{"origin", "c.origin", Text},
		{"store_code", "c.store_code", Text},
		{"store_name", "s.name", Text},
		{"store_code_owner", "c.store_code_owner", Text},
		{"store_code_owner_name", "so.name", Text},
		{"email_optin", "c.email_optin", Boolean},
		{"whatsapp_optin", "c.whatsapp_optin", Boolean},
		{"sms_optin", "c.sms_optin", Boolean},
		{"app_user", "c.app_user", Boolean},
		{"created_at", "c.created_at", Timestamp},
		{"updated_at", "c.updated_at", Timestamp},
	},
}

// SalesCoupons is the sales-coupon export, with exactly the columns of the spec in its
// order: the coupon's id, its customer's name (nome) and doc, the sale, and the store
// the sale was made at. Cancelled sales are left out. Newest sale (transaction_date)
// first; Start/End filter on transaction_date; the searches apply to the customer.
var SalesCoupons = Dataset{
	Name:   "sales_coupons",
	Sheet:  "sales_coupons",
	source: salesCouponsSource,
	Columns: []Column{
		{"id", "cp.id::text", Text},
		{"nome", "c.name", Text},
		{"doc", "c.doc", Text},
		{"coupon_identifier", "cp.coupon_identifier", Text},
		{"transaction_date", "cp.transaction_date", Timestamp},
		// The ledger keeps payment fields in columns; older records may only have them in data.
		{"payment_type", "COALESCE(cp.payment_type, cp.data->>'payment_type')", Text},
		{"payment_type_description", "COALESCE(cp.payment_type_description, cp.data->>'payment_type_description')", Text},
		{"value", "cp.value::text", Decimal},
		{"store_code", "cp.store_code", Text},
		{"store_name", "s.name", Text},
		{"store_document", "s.document", Text},
	},
}

// customersSource filters on the customer's creation day and the customer searches.
func customersSource(f Filter, w *where) (from, order string) {
	w.dayRange("c.created_at", f)
	w.customerSearch(f)
	return "customers c" +
			" LEFT JOIN stores s ON s.store_code = c.store_code" +
			" LEFT JOIN stores so ON so.store_code = c.store_code_owner",
		"c.created_at DESC, c.id"
}

// salesCouponsSource filters on the sale's day and on its customer.
func salesCouponsSource(f Filter, w *where) (from, order string) {
	w.add("cp.cancelled_at IS NULL")
	w.dayRange("cp.transaction_date", f)
	w.customerSearch(f)
	return "coupons cp" +
			" JOIN customers c ON c.id = cp.customer_id" +
			" LEFT JOIN stores s ON s.store_code = cp.store_code" +
			" LEFT JOIN stores so ON so.store_code = c.store_code_owner",
		"cp.transaction_date DESC, cp.id"
}
