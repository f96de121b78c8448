package semantic

import (
	"fmt"
	"slices"
	"strings"
)

// Kind says how a measure aggregates, which decides how it combines with words like
// "média" (an average of an additive measure per customer is a ratio) and what a "top"
// ordering means.
type Kind int

// Measure kinds.
const (
	Count   Kind = iota // number of rows (additive)
	Sum                 // sum of a value (additive)
	Average             // average of a value
	Rate                // percentage of rows meeting a condition
	Extreme             // max or min of a value
	Ratio               // an additive measure divided by a number of customers
)

// Measure is a number a report computes over the rows of its fact.
type Measure struct {
	ID    string
	Fact  *Fact
	Expr  string   // aggregate over the fact's alias (and joins)
	Where []string // rows the measure reads besides the fact's counting rule
	Kind  Kind
	Alias Text // column alias (snake_case, no accents)
	Name  Text // what it is, short ("faturamento")
	Def   Text // how it is computed, for the echo and the glossary

	// Words name the measure directly ("faturamento", "average ticket"); Keys name it by
	// composition, "aggregate noun [event]" ("count customers buy": "quantos clientes
	// compraram"). The lexicon and the grammar read both; nothing else names a measure.
	Words Words
	Keys  []string
	// PerRow is the attribute that holds the measure for one row of its fact (a
	// customer's balance), so "top 5 clientes por saldo" lists customers sorted by it.
	PerRow *Attribute

	// Over is what a Ratio or Average measure divides, said as a formula ("quantidade de
	// cupons dividida pelo número de clientes que compraram"): the ids of its numerator
	// and denominator measures
	Over [2]string

	rateOf   *Filter   // the condition of a Rate measure
	part     *Measure  // a Rate's numerator as a measure of its own (RatePart)
	growthOf []*Period // the periods of a growth measure
	live     bool      // a Rate measure over the rows that count (false: over every row)
}

// RateCondition is the filter a Rate measure counts (nil for other measures).
func (m *Measure) RateCondition() *Filter { return m.rateOf }

// The measures. Each says exactly which rows it reads; together with the facts' counting
// rules these are the definitions every report shares.
var (
	CustomerCount = &Measure{ID: "customers", Fact: Customers, Kind: Count, Keys: keys("count customers|count customers signup|count signup|count customers distinct|count distinct customers"),
		// the size of the base is how many customers it has ("tamanho da base ativa")
		Words: W("tamanho da base|tamanho da nossa base|tamanho da base de clientes|tamanho da carteira|tamanho da carteira de clientes", "size of the customer base|size of our customer base|customer base size|size of the base|size of our base|base size"),
		Expr:  "count(*)", Alias: T("clientes", "customers"),
		Name: T("número de clientes", "number of customers"),
		Def:  T("clientes cadastrados (ativos e inativos, salvo filtro)", "customers on file (active and inactive unless filtered)")}
	BalanceTotal = &Measure{ID: "balance_total", Fact: Customers, Kind: Sum, Words: W("pontos em aberto|saldo total|saldo somado|passivo de pontos|passivo|pontos a resgatar|pontos nao resgatados|pontos disponiveis|saldo em aberto|saldo disponivel total|pontos em carteira|pontos parados|passivo de fidelidade|pontos acumulados em aberto|pontos pendentes de resgate|nao resgatados|ainda nao resgatados|parados nas contas|total de saldo|saldo de pontos total|saldo total de pontos|pontos guardados|guardados|guardado|pontos guardadinhos|pontos sobrando|pontos nas contas", "outstanding points|points outstanding|points liability|liability|total balance|outstanding balance|unredeemed points|points unredeemed|unredeemed|sitting unredeemed|still unredeemed|unspent points|unused points|points in circulation|open points|available points|points available|total points balance|total points outstanding|points owed|loyalty liability|points sitting unredeemed|points sitting unused|outstanding points balance|current balance|current points balance|current point balance|points held|held points|points on hand|points in hand|stockpiled points|points stockpiled|hoarded points|points hoarded"), Keys: keys("sum balance|count balance|sum points balance|sum points have|count points have|sum balance have"), PerRow: CustomerBalanceAttr,
		Expr: "COALESCE(sum(c.points_balance), 0)", Alias: T("saldo_total_pontos", "total_points_balance"),
		Name: T("saldo total de pontos", "total points balance"),
		Def:  T("soma do saldo atual de pontos dos clientes (pontos em aberto)", "sum of the customers' current points balances (points outstanding)")}
	BalanceAverage = &Measure{ID: "balance_average", Fact: Customers, Kind: Average, Words: W("saldo medio|media de saldo", "average balance|avg balance"), Keys: keys("avg balance|avg points balance"), PerRow: CustomerBalanceAttr,
		Expr: "round(avg(c.points_balance), 2)", Alias: T("saldo_medio_pontos", "average_points_balance"),
		Name: T("saldo médio de pontos", "average points balance"),
		Def:  T("média do saldo atual de pontos por cliente", "average current points balance per customer")}
	BalanceMax = &Measure{ID: "balance_max", Fact: Customers, Kind: Extreme, Words: W("maior saldo", "highest balance|largest balance"), Keys: keys("max balance"), PerRow: CustomerBalanceAttr,
		Expr: "max(c.points_balance)", Alias: T("maior_saldo_pontos", "highest_points_balance"),
		Name: T("maior saldo de pontos", "highest points balance"),
		Def:  T("o maior saldo atual de pontos de um cliente", "the highest current points balance of a customer")}

	SalesCount = &Measure{ID: "sales_count", Fact: Sales, Kind: Count, Keys: keys("count sales|count sales buy|count sales sell|count sales spend|count times buy|count times sales buy|count use|count sales use|count times use"),
		Expr: "count(*)", Alias: T("vendas", "sales"),
		Name: T("número de vendas", "number of sales"),
		Def:  T("vendas (cupons) registradas", "sales (purchase coupons) recorded")}
	Revenue = &Measure{ID: "revenue", Fact: Sales, Kind: Sum, Words: W("faturamento|faturamentos|faturado|faturada|faturou|faturamos|faturaram|fat|fatur|receita|receitas|valor vendido|total vendido|vendas em reais|volume de vendas|volume vendido|arrecadacao|arrecadou|arrecadamos|quanto vendemos|quanto vendeu|quanto venderam|quanto foi vendido|quanto vendi|valor total das vendas|valor total de vendas|valor total dos cupons|valor total das compras|faturamento bruto|venda bruta|vendas brutas|receita bruta|receita de vendas|entrou em caixa|entrada de caixa|dinheiro que entrou|quanto entrou|quanto entrou em caixa|quanto faturou|quanto faturamos|quanto faturaram|valor faturado|total faturado|montante vendido|faturamento acumulado|receita acumulada|volume de negocios", "revenue|revenues|turnover|gmv|sales value|sales amount|gross sales|income|takings|rev|sales revenue|net sales|billing|money made|sales volume|how much did we sell|how much we sold|how much was sold|bill|billed|billings|grossed|gross revenue|gross takings|sales dollars|dollar sales|top line|topline|sales takings|total sales value|proceeds|sales income|revenue figure|turnover figure|amount sold|value sold|billed amount|invoiced|invoiced amount"), Keys: keys("sum value|sum sales value|sum value sell|sum sell|sum value spend|sum spend|sum sales spend|sum value buy|sum money"),
		Expr: "COALESCE(sum(v.value), 0)", Alias: T("faturamento", "revenue"),
		Name: T("faturamento", "revenue"),
		Def:  T("soma do valor das vendas", "sum of the sales' value")}
	AverageTicket = &Measure{ID: "average_ticket", Over: [2]string{"revenue", "sales_count"}, Fact: Sales, Kind: Average, Words: W("ticket medio|tkt medio|tiquete medio|ticket|tkt|ticket medio de venda|valor medio do cupom|valor medio por cupom|valor medio por venda|cesta media|tm|ticket medio por compra|valor medio da compra|valor medio das compras|valor medio de compra|gasto medio por compra|gasto medio por venda|gasto medio por cupom|media por compra|media por venda|media por cupom|tiquete|ticket medio de compra|valor medio por pedido|ticket medio por pedido|tique medio|tique", "average ticket|avg ticket|ticket|ticket size|ticket value|aov|average order value|average order|average basket|average basket value|average purchase value|average sale value|average sale|average transaction value|atv|basket size|average check|avg order value|avg order|avg basket|average transaction|avg transaction|average ticket size|avg ticket size|mean order value|mean ticket|avg sale|average receipt|average spend per purchase|average spend per sale|avg spend per sale|spend per sale|average spend per transaction|average spend per receipt|average spend per order|avg spend per order|average spend per visit|spend per visit|spend per transaction|average order size|avg order size"), Keys: keys("avg value|avg sales value|avg value sell|avg sales|avg sell"),
		Expr: "round(avg(v.value), 2)", Alias: T("ticket_medio", "average_ticket"),
		Name: T("ticket médio", "average ticket"),
		Def:  T("valor médio de uma venda (faturamento / número de vendas)", "average value of a sale (revenue / number of sales)")}
	Buyers = &Measure{ID: "buyers", Fact: Sales, Kind: Count, Words: W("compradores|compradoras|comprador|compradora|clientes compradores|compradores unicos|clientes pagantes|compradores ativos|compradoras ativas|clientes compradores ativos", "buyers|buyer|shoppers|purchasers|purchaser|paying customers|unique buyers|unique shoppers|distinct buyers|purchasing customers|active buyers|active shoppers|active purchasers|active buying customers"), Keys: keys("count customers buy|count buyers|count customers spend|count buy|count spend"),
		Expr: "count(DISTINCT v.customer_id)", Alias: T("clientes_compradores", "buying_customers"),
		Name: T("clientes que compraram", "customers who bought"),
		Def:  T("clientes distintos com ao menos uma venda", "distinct customers with at least one sale")}
	LargestSale = &Measure{ID: "largest_sale", Fact: Sales, Kind: Extreme, Words: W("maior venda|maior compra|maior cupom|maior venda individual|maior venda unica|maior compra individual|maior compra unica|maior cupom individual", "largest sale|biggest sale|largest purchase|biggest purchase|highest sale|largest single sale|biggest single sale|highest single sale|largest individual sale|biggest individual sale|largest single purchase|biggest single purchase"), Keys: keys("max sales|max value|max sales value"),
		Expr: "max(v.value)", Alias: T("maior_venda", "largest_sale"),
		Name: T("maior venda", "largest sale"),
		Def:  T("o maior valor de uma venda", "the highest value of one sale")}
	SmallestSale = &Measure{ID: "smallest_sale", Fact: Sales, Kind: Extreme, Words: W("menor venda|menor compra|menor cupom|menor venda individual|menor venda unica|menor compra individual", "smallest sale|lowest sale|smallest purchase|smallest single sale|lowest single sale|smallest individual sale"), Keys: keys("min sales|min value|min sales value"),
		Expr: "min(v.value)", Alias: T("menor_venda", "smallest_sale"),
		Name: T("menor venda", "smallest sale"),
		Def:  T("o menor valor de uma venda", "the lowest value of one sale")}
	RevenuePerBuyer = &Measure{ID: "revenue_per_buyer", Over: [2]string{"revenue", "buyers"}, Fact: Sales, Kind: Ratio, Words: W("gasto medio por cliente|gasto por cliente|media de gasto por cliente|valor medio por cliente|media gasta por cliente|gasto medio por comprador|ticket por cliente|faturamento por cliente|receita por cliente", "average spend per customer|spend per customer|revenue per customer|revenue per buyer|average spend per buyer|spend per head|revenue per head|arpu|average revenue per user|average revenue per customer|avg revenue per customer|average customer spend|avg spend per customer|average spend per member|spend per member|revenue per member|avg spend per buyer"), Keys: keys("avg spend customers|avg value customers"),
		Expr: "round(sum(v.value) / NULLIF(count(DISTINCT v.customer_id), 0), 2)", Alias: T("gasto_medio_por_cliente", "average_spend_per_customer"),
		Name: T("gasto médio por cliente", "average spend per customer"),
		Def:  T("faturamento dividido pelos clientes que compraram", "revenue divided by the customers who bought")}
	SalesPerBuyer = &Measure{ID: "sales_per_buyer", Over: [2]string{"sales_count", "buyers"}, Fact: Sales, Kind: Ratio, Words: W("compras por cliente|media de compras por cliente|vendas por cliente", "purchases per customer|sales per customer|average purchases per customer"), Keys: keys("avg sales customers"),
		Expr: "round(count(*)::numeric / NULLIF(count(DISTINCT v.customer_id), 0), 2)", Alias: T("compras_por_cliente", "purchases_per_customer"),
		Name: T("média de compras por cliente", "average purchases per customer"),
		Def:  T("número de vendas dividido pelos clientes que compraram", "number of sales divided by the customers who bought")}

	PointsCredited = &Measure{ID: "points_credited", Fact: Points, Kind: Sum, Keys: keys("sum points earn|count points earn|sum earn|sum points credit|sum credits"),
		Expr: "COALESCE(sum(e.points), 0)", Where: []string{"e.transaction_type = 'C'", "e.cancelled_at IS NULL"},
		Alias: T("pontos_creditados", "points_credited"),
		Name:  T("pontos creditados", "points credited"),
		Def:   T("soma dos créditos de pontos (tipo C) não estornados", "sum of points credits (type C) not reversed")}
	PointsDebited = &Measure{ID: "points_debited", Fact: Points, Kind: Sum, Keys: keys("sum points debit|count points debit|sum points debits|count points debits|sum debits"),
		Expr: "COALESCE(-sum(e.points), 0)", Where: []string{"e.transaction_type = 'D'", "e.cancelled_at IS NULL"},
		Alias: T("pontos_debitados", "points_debited"),
		Name:  T("pontos debitados", "points debited"),
		Def:   T("soma dos débitos de pontos (tipo D) não estornados", "sum of points debits (type D) not reversed")}
	CreditCount = &Measure{ID: "credits", Fact: Points, Kind: Count, Keys: keys("count entries earn|count credits"), Words: W("", "point credits|point credit"),
		Expr: "count(*)", Where: []string{"e.transaction_type = 'C'", "e.cancelled_at IS NULL"},
		Alias: T("creditos", "credits"),
		Name:  T("número de créditos de pontos", "number of points credits"),
		Def:   T("lançamentos de crédito (tipo C) não estornados", "credit entries (type C) not reversed")}
	DebitCount = &Measure{ID: "debits", Fact: Points, Kind: Count, Keys: keys("count entries debit|count debits"), Words: W("", "point debits|point debit"),
		Expr: "count(*)", Where: []string{"e.transaction_type = 'D'", "e.cancelled_at IS NULL"},
		Alias: T("debitos", "debits"),
		Name:  T("número de débitos de pontos", "number of points debits"),
		Def:   T("lançamentos de débito (tipo D) não estornados", "debit entries (type D) not reversed")}
	Earners = &Measure{ID: "earners", Fact: Points, Kind: Count, Keys: keys("count customers earn"),
		Expr: "count(DISTINCT e.customer_id)", Where: []string{"e.transaction_type = 'C'", "e.cancelled_at IS NULL"},
		Alias: T("clientes_que_ganharam_pontos", "customers_who_earned"),
		Name:  T("clientes que ganharam pontos", "customers who earned points"),
		Def:   T("clientes distintos com ao menos um crédito de pontos (tipo C) não estornado", "distinct customers with at least one points credit (type C) not reversed")}
	// "point reversals": the points name the entries' kind, the entries are counted
	Reversals = &Measure{ID: "reversals", Fact: Points, Kind: Count, Keys: keys("count reversals|count entries reverse|count reverse"), Words: W("", "point reversals|point reversal"),
		Expr: "count(*)", Where: []string{"e.transaction_type = 'E'"},
		Alias: T("estornos", "reversals"),
		Name:  T("número de estornos", "number of reversals"),
		Def:   T("lançamentos de estorno (tipo E)", "reversal entries (type E)")}
	PointsReversed = &Measure{ID: "points_reversed", Fact: Points, Kind: Sum, Keys: keys("sum points reverse|count points reverse|sum points reversals|count points reversals|sum reversals"),
		Expr: "COALESCE(sum(abs(e.points)), 0)", Where: []string{"e.transaction_type = 'E'"},
		Alias: T("pontos_estornados", "points_reversed"),
		Name:  T("pontos estornados", "points reversed"),
		Def:   T("soma dos pontos dos estornos (tipo E), em valor absoluto", "sum of the points of reversal entries (type E), absolute")}

	EntryCount = &Measure{ID: "entries", Fact: Points, Kind: Count, Keys: keys("count entries"),
		Expr: "count(*)", Alias: T("lancamentos", "entries"),
		Name: T("número de lançamentos de pontos", "number of points entries"),
		Def:  T("lançamentos do extrato de pontos (créditos, débitos, resgates e estornos)", "points ledger entries (credits, debits, redemptions and reversals)")}

	RedemptionCount = &Measure{ID: "redemptions", Fact: Redemptions, Kind: Count, Keys: keys("count redemptions|count redemptions redeem|count times redeem"),
		Expr: "count(*)", Alias: T("resgates", "redemptions"),
		Name: T("número de resgates", "number of redemptions"),
		Def:  T("resgates feitos", "redemptions made")}
	PointsRedeemed = &Measure{ID: "points_redeemed", Fact: Redemptions, Kind: Sum, Words: W("pontos usados|pontos utilizados|pontos gastos", "points used|points spent|points used up"), Keys: keys("sum points redeem|count points redeem|sum redemptions points|sum redeem"),
		Expr: "COALESCE(sum(r.total_points), 0)", Alias: T("pontos_resgatados", "points_redeemed"),
		Name: T("pontos resgatados", "points redeemed"),
		Def:  T("soma dos pontos dos resgates", "sum of the redemptions' points")}
	Redeemers = &Measure{ID: "redeemers", Fact: Redemptions, Kind: Count, Keys: keys("count customers redeem"),
		Expr: "count(DISTINCT r.customer_id)", Alias: T("clientes_que_resgataram", "redeeming_customers"),
		Name: T("clientes que resgataram", "customers who redeemed"),
		Def:  T("clientes distintos com ao menos um resgate", "distinct customers with at least one redemption")}
	RedemptionAverage = &Measure{ID: "redemption_average", Fact: Redemptions, Kind: Average, Keys: keys("avg points redeem|avg redemptions|avg redemptions points"),
		Expr: "round(avg(r.total_points), 2)", Alias: T("media_pontos_por_resgate", "average_points_per_redemption"),
		Name: T("média de pontos por resgate", "average points per redemption"),
		Def:  T("pontos resgatados / número de resgates", "points redeemed / number of redemptions")}
	ItemsRedeemed = &Measure{ID: "items_redeemed", Fact: RedeemedItems, Kind: Sum, Keys: keys("sum products redeem|count products redeem|sum items redeem"),
		Expr: "COALESCE(sum(i.qty), 0)", Alias: T("quantidade_resgatada", "quantity_redeemed"),
		Name: T("quantidade resgatada", "quantity redeemed"),
		Def:  T("soma das quantidades dos itens resgatados", "sum of the quantities of redeemed items")}
	ProductsRedeemed = &Measure{ID: "products_redeemed", Fact: RedeemedItems, Kind: Count, Keys: keys("distinct products redeem"),
		Expr: "count(DISTINCT i.product_id)", Alias: T("produtos_distintos", "distinct_products"),
		Name: T("produtos distintos resgatados", "distinct products redeemed"),
		Def:  T("produtos diferentes com ao menos um item resgatado", "different products with at least one redeemed item")}

	AverageAge = &Measure{ID: "average_age", Fact: Customers, Kind: Average, Keys: keys("avg age|avg customers age"),
		Expr: "round(avg(" + AgeExpr + "), 1)", Alias: T("idade_media", "average_age"),
		Name: T("idade média", "average age"),
		Def:  T("média da idade em anos completos (clientes sem data de nascimento ficam de fora)", "average age in completed years (customers without a birth date are left out)")}

	ProductCount = &Measure{ID: "products", Fact: Products, Kind: Count, Keys: keys("count products"),
		Expr: "count(*)", Alias: T("produtos", "products"),
		Name: T("número de produtos", "number of products"),
		Def:  T("produtos de resgate cadastrados", "reward products on file")}
	PromotionCount = &Measure{ID: "promotions", Fact: Promotions, Kind: Count, Keys: keys("count promotions"),
		Expr: "count(*)", Alias: T("promocoes", "promotions"),
		Name: T("número de promoções", "number of promotions"),
		Def:  T("promoções cadastradas", "promotions on file")}
	StoreCount = &Measure{ID: "stores", Fact: Stores, Kind: Count, Keys: keys("count stores"),
		Expr: "count(*)", Alias: T("lojas", "stores"),
		Name: T("número de lojas", "number of stores"),
		Def:  T("lojas cadastradas", "stores on file")}
)

// Measures lists the named measures (rates are built from filters, see RateOf).
var Measures = []*Measure{
	CustomerCount, BalanceTotal, BalanceAverage, BalanceMax,
	SalesCount, Revenue, AverageTicket, Buyers, LargestSale, SmallestSale, RevenuePerBuyer, SalesPerBuyer,
	PointsCredited, PointsDebited, CreditCount, DebitCount, Earners, Reversals, PointsReversed, EntryCount,
	RedemptionCount, PointsRedeemed, Redeemers, RedemptionAverage, ItemsRedeemed, ProductsRedeemed,
	ProductCount, PromotionCount, StoreCount, AverageAge, DaysToFirstPurchase,
}

// MeasureByID finds a named measure.
func MeasureByID(id string) *Measure {
	for _, m := range Measures {
		if m.ID == id {
			return m
		}
	}
	return nil
}

// RateOf is the percentage of the fact's rows that meet filter f ("% de clientes que
// aceitam WhatsApp", "taxa de cancelamento"). When f replaces the fact's counting rule
// (cancelled sales), the base is every row; otherwise the base is the rows that count.
func RateOf(fact *Fact, f *Filter, p *Period) (*Measure, error) {
	cond, err := rateCond(fact, f, p)
	if err != nil {
		return nil, err
	}
	base := "count(*)"
	if f.rateBase != "" {
		// age figures leave out customers without a birth date: so does their base
		base = "count(*) FILTER (WHERE " + f.rateBase + ")"
	}
	if f.rateAmong != nil {
		among, js, ok := f.rateAmong.build(fact, p)
		if !ok || len(js) > 0 {
			return nil, fmt.Errorf("no rate of %q over %s", f.Name.EN, fact.ID)
		}
		base = "count(*) FILTER (WHERE " + among + ")"
	}
	part := fmt.Sprintf("count(*) FILTER (WHERE %s)", cond)
	var counted *Measure
	if c := MeasureByID(fact.Count); c != nil {
		counted = &Measure{
			ID: c.ID + "_" + f.ID, Fact: fact, Kind: Count, Expr: part,
			Alias:  T(c.Alias.PT+"_"+f.Slug.PT, c.Alias.EN+"_"+f.Slug.EN),
			Name:   T(c.Name.PT+" ("+f.Name.PT+")", c.Name.EN+" ("+f.Name.EN+")"),
			Def:    T("linhas com a condição do percentual", "rows meeting the percentage's condition"),
			rateOf: f, live: !f.ReplacesLive,
		}
	}
	return &Measure{
		ID: "rate_" + f.ID, Fact: fact, Kind: Rate,
		Expr:   fmt.Sprintf("round(100.0 * %s / NULLIF(%s, 0), 1)", part, base),
		Alias:  T("percentual_"+f.Slug.PT, "percent_"+f.Slug.EN),
		Name:   T("percentual de "+fact.Name.PT+" ("+f.Name.PT+")", "percentage of "+fact.Name.EN+" ("+f.Name.EN+")"),
		Def:    T("100 × linhas com a condição / todas as linhas", "100 × rows meeting the condition / all rows"),
		rateOf: f,
		live:   !f.ReplacesLive,
		part:   counted,
	}, nil
}

// rateCond is the condition of filter f inline over the fact's rows, as a rate counts it.
func rateCond(fact *Fact, f *Filter, p *Period) (string, error) {
	var cond string
	var joins []string
	var ok bool
	if f.UsesPeriod {
		cond, joins, ok = f.build(fact, p)
	} else if f.rateBase == "" {
		cond, ok = f.inline(fact)
	} else {
		cond, joins, ok = f.sql(fact) // its base is over the joined rows: no inline
	}
	if !ok || len(joins) > 0 {
		return "", fmt.Errorf("no rate of %q over %s", f.Name.EN, fact.ID)
	}
	return cond, nil
}

// RatePart is what a Rate or share measure counts (or sums) as a measure of its own, over
// the same rows ("how many were cancelled, and what % of all": the number beside the
// percentage), or nil.
func (m *Measure) RatePart() *Measure { return m.part }

// PerCustomer is an additive measure divided by the distinct customers it covers ("gasto
// médio por cliente" = revenue / customers who bought).
func PerCustomer(m *Measure) (*Measure, error) {
	if (m.Kind != Count && m.Kind != Sum) || m.Fact.Customer == "" || m.Fact == Customers {
		return nil, fmt.Errorf("no per-customer average of %s", m.ID)
	}
	switch m {
	case Revenue:
		return RevenuePerBuyer, nil
	case SalesCount:
		return SalesPerBuyer, nil
	}
	if strings.Contains(m.Expr, "DISTINCT") {
		return nil, fmt.Errorf("no per-customer average of %s", m.ID)
	}
	inner := strings.TrimSuffix(strings.TrimPrefix(m.Expr, "COALESCE("), ", 0)")
	return &Measure{
		ID: m.ID + "_per_customer", Fact: m.Fact, Kind: Ratio, Where: m.Where,
		Expr:  fmt.Sprintf("round(%s::numeric / NULLIF(count(DISTINCT %s), 0), 2)", inner, m.Fact.Customer),
		Alias: T(m.Alias.PT+"_por_cliente", m.Alias.EN+"_per_customer"),
		Name:  T(m.Name.PT+" por cliente (média)", "average "+m.Name.EN+" per customer"),
		Def:   T(m.Name.PT+" dividido pelo número de clientes distintos", m.Name.EN+" divided by the number of distinct customers"),
	}, nil
}

// AverageOf is the average per row of an additive measure ("média de pontos por resgate").
func AverageOf(m *Measure) (*Measure, error) {
	switch m {
	case Revenue:
		return AverageTicket, nil
	case PointsRedeemed:
		return RedemptionAverage, nil
	case BalanceTotal:
		return BalanceAverage, nil
	case PointsCredited, PointsDebited, PointsReversed:
		inner := strings.TrimSuffix(strings.TrimPrefix(m.Expr, "COALESCE("), ", 0)")
		inner = strings.TrimPrefix(strings.TrimPrefix(inner, "-"), "sum(")
		inner = strings.TrimSuffix(inner, ")")
		if m == PointsDebited {
			inner = "-" + inner
		}
		return &Measure{
			ID: m.ID + "_average", Fact: m.Fact, Kind: Average, Where: m.Where,
			Expr:  fmt.Sprintf("round(avg(%s), 2)", inner),
			Alias: T("media_"+m.Alias.PT, "average_"+m.Alias.EN),
			Name:  T("média de "+m.Name.PT+" por lançamento", "average "+m.Name.EN+" per entry"),
			Def:   T("média por lançamento", "average per entry"),
		}, nil
	}
	return nil, fmt.Errorf("no average of %s", m.ID)
}

// filtered is the measure's expression with FILTER (WHERE cond) on its aggregate.
func (m *Measure) filtered(cond string) (string, bool) {
	for _, agg := range []string{"count(", "sum(", "avg(", "max(", "min("} {
		i := strings.Index(m.Expr, agg)
		if i < 0 {
			continue
		}
		depth, j := 0, i+len(agg)-1
		for ; j < len(m.Expr); j++ {
			switch m.Expr[j] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j >= len(m.Expr) {
			return "", false
		}
		return m.Expr[:j+1] + " FILTER (WHERE " + cond + ")" + m.Expr[j+1:], true
	}
	return "", false
}

// GrowthOf is the change of an additive measure from period a to period b, in percent:
// (b - a) / a × 100.
func GrowthOf(m *Measure, a, b *Period) (*Measure, error) {
	if m.Fact.Time == "" || (m.Kind != Sum && m.Kind != Count && m.Kind != Average) {
		return nil, fmt.Errorf("no growth of %s", m.ID)
	}
	xa, ok1 := m.filtered(a.Cond(m.Fact.Time))
	xb, ok2 := m.filtered(b.Cond(m.Fact.Time))
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("no growth of %s", m.ID)
	}
	return &Measure{
		ID: m.ID + "_growth", Fact: m.Fact, Kind: Rate, Where: inEither(m, a, b),
		Expr:     fmt.Sprintf("round(100.0 * ((%s) - (%s)) / NULLIF(%s, 0), 1)", xb, xa, xa),
		Alias:    T("crescimento_"+m.Alias.PT+"_pct", m.Alias.EN+"_growth_pct"),
		Name:     T("crescimento de "+m.Name.PT+" de "+a.Label.PT+" para "+b.Label.PT+" (%)", m.Name.EN+" growth from "+a.Label.EN+" to "+b.Label.EN+" (%)"),
		Def:      T("(novo - antigo) / antigo × 100", "(new - old) / old × 100"),
		growthOf: []*Period{a, b},
	}, nil
}

// inEither is m's rows narrowed to periods a and b: a growth or a change broken down
// lists the groups with data in one of its periods, never every group of all time
// (CONVENTIONS: a group without data is not a row).
func inEither(m *Measure, a, b *Period) []string {
	return append(slices.Clone(m.Where), "("+a.Cond(m.Fact.Time)+" OR "+b.Cond(m.Fact.Time)+")")
}

// DeltaOf is how much an additive measure or an average changed from period a to period
// b: b's value minus a's ("the delta in average ticket between last month and this one").
func DeltaOf(m *Measure, a, b *Period) (*Measure, error) {
	if m.Fact.Time == "" || (m.Kind != Sum && m.Kind != Count && m.Kind != Average) {
		return nil, fmt.Errorf("no delta of %s", m.ID)
	}
	xa, ok1 := m.filtered(a.Cond(m.Fact.Time))
	xb, ok2 := m.filtered(b.Cond(m.Fact.Time))
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("no delta of %s", m.ID)
	}
	return &Measure{
		ID: m.ID + "_delta", Fact: m.Fact, Kind: m.Kind, Where: inEither(m, a, b),
		Expr:     fmt.Sprintf("(%s) - (%s)", xb, xa),
		Alias:    T("diferenca_"+m.Alias.PT, m.Alias.EN+"_delta"),
		Name:     T("diferença de "+m.Name.PT+" de "+a.Label.PT+" para "+b.Label.PT, m.Name.EN+" change from "+a.Label.EN+" to "+b.Label.EN),
		Def:      T("valor do período mais recente menos o do anterior", "the later period's value minus the earlier one's"),
		growthOf: []*Period{a, b},
	}, nil
}

// DifferenceOf is how much more of an additive measure the rows meeting a have than the
// rows meeting b ("how much more did Centro sell than Ibirapuera").
func DifferenceOf(m *Measure, a, b *Filter, nameA, nameB Text) (*Measure, error) {
	ca, ja, oka := a.sql(m.Fact)
	cb, jb, okb := b.sql(m.Fact)
	if !oka || !okb || len(ja)+len(jb) > 0 || (m.Kind != Sum && m.Kind != Count && m.Kind != Average) {
		// an average differs like a sum ("diferença entre o ticket médio do Centro e o da
		// Savassi"); a rate or a ratio of distinct counts does not filter that way
		return nil, fmt.Errorf("no difference of %s", m.ID)
	}
	xa, ok1 := m.filtered(ca)
	xb, ok2 := m.filtered(cb)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("no difference of %s", m.ID)
	}
	return &Measure{
		ID: m.ID + "_difference", Fact: m.Fact, Kind: m.Kind, Where: m.Where,
		Expr:  fmt.Sprintf("(%s) - (%s)", xa, xb),
		Alias: T("diferenca_"+m.Alias.PT, m.Alias.EN+"_difference"),
		Name:  T("diferença de "+m.Name.PT+" ("+nameA.PT+" menos "+nameB.PT+")", m.Name.EN+" difference ("+nameA.EN+" minus "+nameB.EN+")"),
		Def:   T("valor do primeiro menos o do segundo", "the first's value minus the second's"),
	}, nil
}

// ShareOf is the share of an additive measure that meets filter f, in percent ("% da
// receita no pix").
func ShareOf(m *Measure, f *Filter) (*Measure, error) {
	cond, ok := f.inline(m.Fact)
	if !ok || (m.Kind != Sum && m.Kind != Count) {
		return nil, fmt.Errorf("no share of %s", m.ID)
	}
	part, ok := m.filtered(cond)
	if !ok {
		return nil, fmt.Errorf("no share of %s", m.ID)
	}
	return &Measure{
		ID: m.ID + "_share_" + f.ID, Fact: m.Fact, Kind: Rate, Where: m.Where,
		Expr:   fmt.Sprintf("round(100.0 * (%s) / NULLIF(%s, 0), 1)", part, m.Expr),
		Alias:  T("percentual_"+m.Alias.PT+"_"+f.Slug.PT, "percent_"+m.Alias.EN+"_"+f.Slug.EN),
		Name:   T("percentual de "+m.Name.PT+" ("+f.Name.PT+")", "share of "+m.Name.EN+" ("+f.Name.EN+")"),
		Def:    T("100 × parte com a condição / total", "100 × part meeting the condition / total"),
		rateOf: f, live: !f.ReplacesLive,
		part: &Measure{
			ID: m.ID + "_" + f.ID, Fact: m.Fact, Kind: m.Kind, Where: m.Where, Expr: part,
			Alias:  T(m.Alias.PT+"_"+f.Slug.PT, m.Alias.EN+"_"+f.Slug.EN),
			Name:   T(m.Name.PT+" ("+f.Name.PT+")", m.Name.EN+" ("+f.Name.EN+")"),
			Def:    T("a parte com a condição do percentual", "the part meeting the percentage's condition"),
			rateOf: f, live: !f.ReplacesLive,
		},
	}, nil
}

// ShareOfTotal is each group's share of an additive measure, in percent ("participação de
// cada loja no faturamento", "% de clientes por origem"): the groups add up to 100.
func ShareOfTotal(m *Measure) (*Measure, error) {
	if m.Kind != Sum && m.Kind != Count {
		return nil, fmt.Errorf("no share of %s", m.ID)
	}
	return &Measure{
		ID: m.ID + "_share", Fact: m.Fact, Kind: Rate, Where: m.Where,
		Expr:  fmt.Sprintf("round(100.0 * %s / NULLIF(sum(%s) OVER (), 0), 1)", m.Expr, m.Expr),
		Alias: T("percentual_"+m.Alias.PT, "percent_"+m.Alias.EN),
		Name:  T("participação no total de "+m.Name.PT+" (%)", "share of total "+m.Name.EN+" (%)"),
		Def:   T("100 × valor do grupo / soma de todos os grupos", "100 × the group's value / the sum over every group"),
	}, nil
}

// RatioOf is the model's measure that divides the measure num by den ("revenue" over
// "sales_count": the average ticket), or nil when the model has none.
func RatioOf(num, den string) *Measure {
	for _, m := range Measures {
		if m.Over == [2]string{num, den} {
			return m
		}
	}
	return nil
}

// Counterpart is the measure over the same fact and the same rows that counts them when m
// sums a quantity of them, or sums one when m counts them (revenue and the number of sales,
// points debited and debits): what a writer asks for when they correct the measure read
// ("quanto vendeu a Savassi? a quantidade, não o valor", "debits by store. Points, not
// count"). Nil when there is none, or more than one. A sum of what each row holds now (the
// customers' balance, PerRow) is no quantity of the rows counted: the number of customers
// has no counterpart.
func (m *Measure) Counterpart() *Measure {
	counts := func(x *Measure) bool { return x.Kind == Count && x.Expr == "count(*)" && x.PerRow == nil }
	if !counts(m) && (m.Kind != Sum || m.PerRow != nil) {
		return nil
	}
	var found *Measure
	for _, o := range Measures {
		if o == m || o.Fact != m.Fact || !slices.Equal(o.Where, m.Where) || counts(o) == counts(m) || !counts(o) && (o.Kind != Sum || o.PerRow != nil) {
			continue
		}
		if found != nil {
			return nil
		}
		found = o
	}
	return found
}

// SumsNoun reports whether m is the sum of the quantity noun names ("value": revenue,
// "points": points debited), by its keys ("sum value", "sum points debit"); a key whose
// rest names another noun ("sum points balance") is that noun's.
func (m *Measure) SumsNoun(noun string) bool {
	if m.Kind != Sum {
		return false
	}
	for _, k := range m.Keys {
		f := strings.Fields(k)
		if len(f) < 2 || f[0] != "sum" || f[1] != noun {
			continue
		}
		other := false
		for _, w := range f[2:] {
			other = other || NounByID(w) != nil
		}
		if !other {
			return true
		}
	}
	return false
}
