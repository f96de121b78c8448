package semantic

// Schema is the Postgres schema of the reporting views.
const Schema = "reporting"

// Fact is what a report counts rows of: one reporting view, the column its periods filter
// on, and its counting rule (Live), which holds unless a filter replaces it on purpose
// ("vendas canceladas" replaces "not cancelled" by "cancelled").
type Fact struct {
	ID    string
	View  string // view in Schema
	Alias string // table alias in generated SQL
	Name  Text   // what one row is, plural ("vendas" / "sales")

	Time     string // column a period filters on ("" when the fact has no time axis)
	TimeName Text   // what that column means, for the echo

	Live     string // the counting rule: rows that count ("" = every row)
	LiveName Text   // the rule said in words ("" when there is none)

	Customer string // column holding the customer's id ("" = not about customers)
	Store    string // expression giving the row's store code ("" = no store)
	Product  string // column holding the product's id ("" = no product)

	Joins []string // joins every query of the fact needs (a redeemed item's redemption)

	// Listed: named alone ("produtos com menos de 150 pontos", "promoções vigentes"), the
	// fact's rows are listed; other facts' rows are counted unless a list is asked for.
	Listed bool
	// Count and Amount are the measures "how many" and "how much" of the fact's rows ask
	// for when the question names no measure (ids: "quanto entrou no pix": revenue).
	Count, Amount string
	// Unmeasured: the rows carry no quantity of their own, so "how much" or "total" of
	// them ("how much clients", "total de lojas") asks for their number.
	Unmeasured bool
	// Scheduled: the fact's rows are dated ahead of time (a promotion's start), so a
	// period still to come asks for recorded rows; any other fact has no row after now
	// and a period entirely ahead of it is refused, never answered zero.
	Scheduled bool
}

// The facts. Their counting rules are the only place those rules are written.
var (
	Customers = &Fact{
		ID: "customers", View: "customers", Alias: "c", Unmeasured: true, Count: "customers",
		Name:     T("clientes", "customers"),
		Time:     "c.created_at",
		TimeName: T("data de cadastro", "sign-up date"),
		Customer: "c.id",
		// A customer belongs to its owner store (the store of its first purchase); one that
		// never bought belongs to no store. Where it signed up is SignupStore.
		Store: "c.store_code_owner",
	}
	Sales = &Fact{
		ID: "sales", View: "coupons", Alias: "v", Count: "sales_count", Amount: "revenue",
		Name:     T("vendas", "sales"),
		Time:     "v.transaction_date",
		TimeName: T("data da venda", "sale date"),
		Live:     "v.cancelled_at IS NULL",
		LiveName: T("vendas canceladas não contam", "cancelled sales do not count"),
		Customer: "v.customer_id",
		Store:    "v.store_code",
	}
	Points = &Fact{
		ID: "points", View: "points_entries", Alias: "e",
		Name:     T("lançamentos de pontos", "points entries"),
		Time:     "e.transaction_date",
		TimeName: T("data do lançamento", "entry date"),
		Customer: "e.customer_id",
		Store:    "e.store_code",
	}
	Redemptions = &Fact{
		ID: "redemptions", View: "redeems", Alias: "r", Count: "redemptions", Amount: "points_redeemed",
		Name:     T("resgates", "redemptions"),
		Time:     "r.created_at",
		TimeName: T("data do resgate", "redemption date"),
		Live:     "r.status IN ('pending', 'applied')",
		LiveName: T("contam resgates pendentes e aplicados (cancelados e expirados não)", "pending and applied redemptions count (cancelled and expired ones do not)"),
		Customer: "r.customer_id",
		Store:    "r.store_code",
	}
	RedeemedItems = &Fact{
		ID: "redeemed_items", View: "redeem_items", Alias: "i",
		Name:     T("itens resgatados", "redeemed items"),
		Time:     "r.created_at",
		TimeName: T("data do resgate", "redemption date"),
		Live:     "r.status IN ('pending', 'applied')",
		LiveName: Redemptions.LiveName,
		Customer: "i.customer_id",
		Store:    "r.store_code",
		Product:  "i.product_id",
		Joins:    []string{"JOIN reporting.redeems r ON r.id = i.redeem_id"},
	}
	Products = &Fact{
		ID: "products", View: "products", Alias: "p", Unmeasured: true, Listed: true,
		Name:     T("produtos de resgate", "reward products"),
		Time:     "p.created_at",
		TimeName: T("data de cadastro do produto", "product creation date"),
		Live:     "p.is_active AND NOT p.is_addon",
		LiveName: T("o catálogo são os produtos ativos que não são adicionais", "the catalogue is the active products that are not add-ons"),
		Product:  "p.id",
	}
	Promotions = &Fact{
		ID: "promotions", View: "promotions", Alias: "pm", Unmeasured: true, Listed: true, Scheduled: true,
		Name:     T("promoções", "promotions"),
		Time:     "pm.start_date",
		TimeName: T("data de início da promoção", "promotion start date"),
	}
	Stores = &Fact{
		ID: "stores", View: "stores", Alias: "s", Unmeasured: true, Listed: true,
		Name:     T("lojas", "stores"),
		Time:     "s.created_at",
		TimeName: T("data de cadastro da loja", "store creation date"),
		Store:    "s.store_code",
	}
)

// Facts lists every fact.
var Facts = []*Fact{Customers, Sales, Points, Redemptions, RedeemedItems, Products, Promotions, Stores}

// from is the FROM clause of the fact.
func (f *Fact) from() string { return Schema + "." + f.View + " " + f.Alias }
