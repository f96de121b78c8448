package aiquery

import (
	"fmt"
	"strings"
)

// ReportingSchema is the Postgres schema of the read-only reporting views (migration
// 00401). Report queries see nothing else.
const ReportingSchema = "reporting"

// DefaultRole is the database role report queries run as (created by migration 00401).
const DefaultRole = "loyalty_reporting"

// Column is one column of a reporting view.
type Column struct {
	Name string
	Type string
	Note string
}

// View is one reporting view: the relations a report query may read.
type View struct {
	Name    string
	Note    string
	Columns []Column
}

// Views lists the reporting views and their columns, in the order of the migration. The
// guard's relation allow-list, the OpenAI prompt and the documentation come from it; a
// test checks it against the database.
var Views = []View{
	{Name: "customers", Note: "loyalty programme members", Columns: []Column{
		{"id", "uuid", ""},
		{"name", "text", ""},
		{"doc", "text", "CPF/CNPJ, digits only"},
		{"email", "text", ""},
		{"phone", "text", ""},
		{"gender_identity", "text", "M, F or X"},
		{"birth_date", "date", ""},
		{"points_balance", "bigint", "current points balance"},
		{"last_purchase", "timestamptz", ""},
		{"is_active", "boolean", ""},
		{"origin", "text", "sign-up channel, e.g. PDV, APP, SITE"},
		{"store_code", "text", "store where the customer signed up"},
		{"store_code_owner", "text", "store that owns the customer"},
		{"email_optin", "boolean", "accepts e-mail"},
		{"whatsapp_optin", "boolean", "accepts WhatsApp"},
		{"sms_optin", "boolean", "accepts SMS"},
		{"app_user", "boolean", "uses the mobile app (null: unknown)"},
		{"created_at", "timestamptz", "sign-up time"},
		{"updated_at", "timestamptz", ""},
		{"name_search", "text", "the name folded for search (no accents, lower case): compare with name_fold('term')"},
	}},
	{Name: "stores", Note: "stores", Columns: []Column{
		{"id", "uuid", ""},
		{"store_code", "text", "joins customers.store_code, coupons.store_code, ..."},
		{"name", "text", ""},
		{"document", "text", "CNPJ"},
		{"is_active", "boolean", ""},
		{"address", "text", ""},
		{"city", "text", ""},
		{"state", "text", ""},
		{"phone", "text", ""},
		{"email", "text", ""},
		{"created_at", "timestamptz", ""},
		{"updated_at", "timestamptz", ""},
	}},
	{Name: "points_entries", Note: "the points ledger, one row per movement", Columns: []Column{
		{"id", "uuid", ""},
		{"customer_id", "uuid", "customers.id"},
		{"transaction_type", "char(1)", "C credit, D debit, R redemption block, E reversal"},
		{"transaction_type_name", "text", "credit, debit, redemption or reversal"},
		{"points", "bigint", "signed: C > 0, D and R < 0, E opposite to what it reverses"},
		{"description", "text", ""},
		{"transaction_identifier", "text", ""},
		{"coupon_identifier", "text", "sales coupon that earned the points"},
		{"store_code", "text", ""},
		{"transaction_date", "timestamptz", "when the movement happened"},
		{"redeem_id", "uuid", "redeems.id for R entries"},
		{"reverses_id", "uuid", "points_entries.id reversed by this E entry"},
		{"cancelled_at", "timestamptz", "set when the entry was reversed"},
		{"created_at", "timestamptz", ""},
	}},
	{Name: "coupons", Note: "sales (purchase coupons) that earned points", Columns: []Column{
		{"id", "uuid", ""},
		{"customer_id", "uuid", "customers.id"},
		{"coupon_identifier", "text", ""},
		{"store_code", "text", ""},
		{"transaction_date", "timestamptz", "sale time"},
		{"value", "numeric", "sale value in currency units"},
		{"payment_type", "text", ""},
		{"payment_type_description", "text", ""},
		{"cancelled_at", "timestamptz", "set when the sale was cancelled"},
		{"created_at", "timestamptz", ""},
	}},
	{Name: "redeems", Note: "reward redemptions (one per redemption block)", Columns: []Column{
		{"id", "uuid", ""},
		{"customer_id", "uuid", "customers.id"},
		{"status", "text", "pending, applied, cancelled or expired"},
		{"store_code", "text", ""},
		{"total_points", "bigint", "points the redemption took"},
		{"coupon_identifier", "text", ""},
		{"applied_at", "timestamptz", ""},
		{"expires_at", "timestamptz", ""},
		{"cancelled_at", "timestamptz", ""},
		{"created_at", "timestamptz", "redemption time"},
	}},
	{Name: "redeem_items", Note: "products of each redemption", Columns: []Column{
		{"id", "uuid", ""},
		{"redeem_id", "uuid", "redeems.id"},
		{"customer_id", "uuid", "customers.id"},
		{"product_id", "uuid", "products.id"},
		{"parent_item_id", "uuid", "item this add-on belongs to"},
		{"qty", "integer", ""},
		{"points", "bigint", "points of the item"},
		{"store_code", "text", ""},
		{"applied_at", "timestamptz", ""},
		{"coupon_identifier", "text", ""},
		{"created_at", "timestamptz", ""},
	}},
	{Name: "products", Note: "reward products", Columns: []Column{
		{"id", "uuid", ""},
		{"sku", "text", ""},
		{"name", "text", ""},
		{"points", "integer", "points needed to redeem"},
		{"description", "text", ""},
		{"is_active", "boolean", ""},
		{"price", "numeric", ""},
		{"discount_price", "numeric", ""},
		{"validity_days", "integer", ""},
		{"minimum_purchase", "numeric", ""},
		{"has_toppings", "boolean", ""},
		{"is_addon", "boolean", "an add-on (topping) of other products"},
		{"min_qty", "integer", ""},
		{"max_qty", "integer", ""},
		{"created_at", "timestamptz", ""},
		{"updated_at", "timestamptz", ""},
	}},
	{Name: "promotions", Note: "points promotions", Columns: []Column{
		{"id", "uuid", ""},
		{"name", "text", ""},
		{"description", "text", ""},
		{"start_date", "timestamptz", ""},
		{"end_date", "timestamptz", ""},
		{"is_active", "boolean", ""},
		{"points_multiplier", "numeric", ""},
		{"bonus_points", "integer", ""},
		{"min_purchase", "numeric", ""},
		{"store_codes", "text[]", "stores the promotion applies to (null: all)"},
		{"created_at", "timestamptz", ""},
		{"updated_at", "timestamptz", ""},
	}},
	// The daily rollups (migration 00560): exact, and much faster than the raw rows for
	// additive measures over long periods.
	{Name: "sales_daily", Note: "sales not cancelled, summed per day x store x payment type (exact, fast over long periods)", Columns: []Column{
		{"transaction_date", "date", "the day of the sales (in the reporting time zone)"},
		{"store_code", "text", ""},
		{"payment_type", "text", ""},
		{"sales", "bigint", "number of sales (sum it)"},
		{"value", "numeric", "value of the sales (sum it)"},
	}},
	{Name: "points_daily", Note: "points entries summed per day x store x entry type x cancelled (exact, fast over long periods)", Columns: []Column{
		{"transaction_date", "date", "the day of the entries (in the reporting time zone)"},
		{"store_code", "text", ""},
		{"transaction_type", "char(1)", "C credit, D debit, R redemption block, E reversal"},
		{"transaction_type_name", "text", "credit, debit, redemption or reversal"},
		{"cancelled", "boolean", "the entries were reversed"},
		{"entries", "bigint", "number of entries (sum it)"},
		{"points", "numeric", "sum of their signed points (sum it)"},
		{"points_abs", "numeric", "sum of their absolute points (sum it)"},
	}},
	// The per-customer summary (migration 00580): exact, one row per customer who bought.
	{Name: "customer_purchases", Note: "one row per customer with a sale not cancelled (exact): first and last purchase, number of purchases, total spent; customers without a row never bought", Columns: []Column{
		{"customer_id", "uuid", ""},
		{"first_purchase", "timestamptz", "the customer's first sale not cancelled"},
		{"last_purchase", "timestamptz", "the customer's last sale not cancelled"},
		{"purchases", "bigint", "number of sales not cancelled"},
		{"spent", "numeric", "their value"},
	}},
	// The customers' quarters, years and all time (migration 00587): exact, one row per
	// customer and calendar quarter, calendar year or all time in which the customer bought.
	{Name: "customer_period_purchases", Note: "one row per customer and calendar quarter (grain 'Q'), calendar year ('Y') or all time ('A') with a sale not cancelled in it (exact): number of purchases and total spent in it", Columns: []Column{
		{"grain", "text", "Q a calendar quarter, Y a calendar year (in the reporting time zone), A all time"},
		{"period_start", "date", "the quarter's or year's first day; '-infinity' for all time"},
		{"customer_id", "uuid", ""},
		{"purchases", "bigint", "number of sales not cancelled in it"},
		{"spent", "numeric", "their value"},
	}},
}

// viewColumns is the relation allow-list: each view and its column names.
func viewColumns() map[string][]string {
	views := make(map[string][]string, len(Views))
	for _, v := range Views {
		names := make([]string, len(v.Columns))
		for i, c := range v.Columns {
			names[i] = c.Name
		}
		views[v.Name] = names
	}
	return views
}

// SchemaText describes the views for a language model: one line per view, its columns
// with types and notes.
func SchemaText() string {
	var b strings.Builder
	for _, v := range Views {
		fmt.Fprintf(&b, "%s.%s -- %s\n", ReportingSchema, v.Name, v.Note)
		for _, c := range v.Columns {
			if c.Note != "" {
				fmt.Fprintf(&b, "  %s %s -- %s\n", c.Name, c.Type, c.Note)
			} else {
				fmt.Fprintf(&b, "  %s %s\n", c.Name, c.Type)
			}
		}
	}
	return b.String()
}
