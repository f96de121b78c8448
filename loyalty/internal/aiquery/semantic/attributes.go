package semantic

// Attribute is a column of a listed row ("telefone e e-mail da cliente ...", "lista de
// lojas"). It belongs to one entity (Owner); a report over another fact reaches it through
// the customer, store or product join.
type Attribute struct {
	ID    string
	Owner *Fact
	Expr  string
	Alias Text
	Name  Text
	Words Words // how questions ask for it ("telefone", "e-mail address")
	// Column is the plain word that names it in a list of its owner's rows ("com data,
	// valor e pontos": Columns), when it has one
	Column string
}

// said sets the attribute's words.
func (a *Attribute) said(w Words) *Attribute {
	a.Words = w
	return a
}

// as sets the plain word (Columns) that names the attribute in a list of its owner's rows.
func (a *Attribute) as(column string) *Attribute {
	a.Column = column
	return a
}

func attr(id string, owner *Fact, expr string, alias, name Text) *Attribute {
	return &Attribute{ID: id, Owner: owner, Expr: expr, Alias: alias, Name: name}
}

// The attributes.
var (
	CustomerNameAttr    = attr("name", Customers, "c.name", T("cliente", "customer"), T("nome", "name"))
	CustomerDocAttr     = attr("doc", Customers, "c.doc", T("documento", "document"), T("CPF/CNPJ", "document")).said(W("cpf|cnpj|documento|documentos|doc", "document|documents|tax id|cpf|doc"))
	CustomerEmailAttr   = attr("email", Customers, "c.email", T("email", "email"), T("e-mail", "e-mail")).said(W("email|e mail|emails|endereco de email", "email|e mail|emails|email address|e mail address|email addresses"))
	CustomerPhoneAttr   = attr("phone", Customers, "c.phone", T("telefone", "phone"), T("telefone", "phone")).said(W("telefone|telefones|celular|celulares|fone|contato telefonico|whatsapp do cliente", "phone|phones|phone number|phone numbers|telephone|mobile|cell|cell phone"))
	CustomerBalanceAttr = attr("balance", Customers, "c.points_balance", T("saldo_pontos", "points_balance"), T("saldo de pontos", "points balance"))
	CustomerBirthAttr   = attr("birth_date", Customers, "c.birth_date", T("data_nascimento", "birth_date"), T("data de nascimento", "birth date")).said(birthDateWords)
	CustomerSignupAttr  = attr("created_at", Customers, "c.created_at", T("cadastrado_em", "signed_up_at"), T("data de cadastro", "sign-up date")).said(W("data de cadastro|quando se cadastrou|cadastrado em", "sign up date|signup date|date of sign up|registration date|when did sign up|joined on"))
	CustomerLastBuyAttr = attr("last_purchase", Customers, "c.last_purchase", T("ultima_compra", "last_purchase"), T("última compra", "last purchase")).said(W("ultima compra|data da ultima compra|data ultima compra|ultima vez que comprou|quando comprou pela ultima vez", "last purchase|last purchase date|date of last purchase|most recent purchase|last bought|last time bought"))
	CustomerOriginAttr  = attr("origin", Customers, "c.origin", T("origem", "origin"), T("origem", "origin"))
	CustomerGenderAttr  = attr("gender", Customers, "c.gender_identity", T("genero", "gender"), T("gênero", "gender"))
	CustomerActiveAttr  = attr("active", Customers, "c.is_active", T("ativo", "active"), T("ativo", "active"))
	CustomerAppAttr     = attr("app_user", Customers, "c.app_user", T("usa_app", "app_user"), T("usa o app", "app user"))
	CustomerStoreAttr   = attr("store", Customers, "c.store_code_owner", T("codigo_loja", "store_code"), T("loja", "store"))

	StoreCodeAttr   = attr("store_code", Stores, "s.store_code", T("codigo_loja", "store_code"), T("código da loja", "store code")).said(W("codigo da loja|codigos das lojas|codigo de loja|cod da loja|cod loja", "store code|store codes|store id|store ids"))
	StoreNameAttr   = attr("store_name", Stores, "s.name", T("loja", "store"), T("nome da loja", "store name"))
	StoreCityAttr   = attr("city", Stores, "s.city", T("cidade", "city"), T("cidade", "city")).as("city")
	StoreStateAttr  = attr("state", Stores, "s.state", T("uf", "state"), T("estado", "state")).as("state")
	StoreActiveAttr = attr("store_active", Stores, "s.is_active", T("ativa", "active"), T("ativa", "active"))
	StoreAddrAttr   = attr("address", Stores, "s.address", T("endereco", "address"), T("endereço", "address")).said(W("endereco|enderecos", "address|addresses|street address"))
	StorePhoneAttr  = attr("store_phone", Stores, "s.phone", T("telefone", "phone"), T("telefone", "phone"))

	ProductSKUAttr    = attr("sku", Products, "p.sku", T("sku", "sku"), T("SKU", "SKU")).said(W("sku|skus|codigo do produto|codigos dos produtos|cod do produto", "sku|skus|product code|product codes|item code|item codes"))
	ProductNameAttr   = attr("product_name", Products, "p.name", T("produto", "product"), T("produto", "product"))
	ProductPointsAttr = attr("product_points", Products, "p.points", T("pontos", "points"), T("pontos necessários", "points needed")).as("points").said(W("pontos necessarios|preco em pontos|custo em pontos", "points needed|price in points|points price|points cost"))
	ProductPriceAttr  = attr("price", Products, "p.price", T("preco", "price"), T("preço", "price"))
	ProductActiveAttr = attr("product_active", Products, "p.is_active", T("ativo", "active"), T("ativo", "active"))

	PromotionNameAttr  = attr("promotion_name", Promotions, "pm.name", T("promocao", "promotion"), T("promoção", "promotion"))
	PromotionStartAttr = attr("start_date", Promotions, "pm.start_date", T("inicio", "starts"), T("início", "start")).said(W("data de inicio|datas de inicio|inicio|data inicial|datas iniciais|data de comeco", "start date|start dates|starting date|starting dates|begin date"))
	PromotionEndAttr   = attr("end_date", Promotions, "pm.end_date", T("fim", "ends"), T("fim", "end")).said(W("data de termino|datas de termino|termino|data final|datas finais|data de fim|datas de fim|data de encerramento|datas de encerramento", "end date|end dates|ending date|ending dates|finish date"))
	PromotionMultAttr  = attr("multiplier", Promotions, "pm.points_multiplier", T("multiplicador", "multiplier"), T("multiplicador", "multiplier")).said(W("multiplicador|multiplicadores|multiplicador de pontos", "multiplier|multipliers|points multiplier"))
	PromotionBonusAttr = attr("bonus", Promotions, "pm.bonus_points", T("pontos_bonus", "bonus_points"), T("pontos bônus", "bonus points")).said(W("pontos bonus|bonus", "bonus points|bonus"))

	SaleDateAttr    = attr("sale_date", Sales, "v.transaction_date", T("data", "date"), T("data", "date")).as("date")
	SaleValueAttr   = attr("value", Sales, "v.value", T("valor", "value"), T("valor", "value")).as("value")
	SalePaymentAttr = attr("payment", Sales, "v.payment_type", T("forma_pagamento", "payment_type"), T("forma de pagamento", "payment type"))
	SaleStoreAttr   = attr("sale_store", Sales, "v.store_code", T("codigo_loja", "store_code"), T("loja", "store")).as("store")
	SaleCouponAttr  = attr("coupon", Sales, "v.coupon_identifier", T("cupom", "coupon"), T("cupom", "coupon"))
	// SaleCancelledAttr is when a sale was cancelled (empty when it stands): "com data, valor
	// e data do cancelamento"
	SaleCancelledAttr = attr("cancelled_at", Sales, "v.cancelled_at", T("cancelada_em", "cancelled_at"), T("cancelada em", "cancelled at")).said(W("data do cancelamento|data de cancelamento|cancelada em|cancelado em|quando foi cancelada|quando foi cancelado", "cancellation date|cancelled at|canceled at|date cancelled|date canceled|cancelled date|canceled date|when cancelled|when canceled"))

	EntryDateAttr   = attr("entry_date", Points, "e.transaction_date", T("data", "date"), T("data", "date")).as("date")
	EntryTypeAttr   = attr("entry_type", Points, "e.transaction_type_name", T("tipo", "type"), T("tipo", "type")).as("type")
	EntryPointsAttr = attr("entry_points", Points, "e.points", T("pontos", "points"), T("pontos", "points")).as("points")
	EntryDescAttr   = attr("entry_desc", Points, "e.description", T("descricao", "description"), T("descrição", "description")).as("description")

	RedemptionDateAttr   = attr("redemption_date", Redemptions, "r.created_at", T("data", "date"), T("data", "date")).as("date")
	RedemptionPointsAttr = attr("redemption_points", Redemptions, "r.total_points", T("pontos", "points"), T("pontos", "points")).as("points")
	RedemptionStatusAttr = attr("redemption_status", Redemptions, "r.status", T("status", "status"), T("status", "status")).as("status")
	RedemptionStoreAttr  = attr("redemption_store", Redemptions, "r.store_code", T("codigo_loja", "store_code"), T("loja", "store")).as("store")
	// RedemptionExpiryAttr is when a redemption lapses if not picked up ("with the expiry
	// time", "com a data de vencimento").
	RedemptionExpiryAttr = attr("redemption_expiry", Redemptions, "r.expires_at", T("expira_em", "expires_at"), T("expira em", "expires at")).said(W("validade|vencimento|data de expiracao|data de vencimento|data de validade|hora de expiracao|horario de expiracao|prazo de validade|data limite de retirada", "expiry|validity|expiry date|expiry time|expiry dates|expiration date|expiration time|expiration dates|expiry timestamp"))
)

// Attributes lists the attributes questions ask for by name.
var Attributes = []*Attribute{CustomerEmailAttr, CustomerPhoneAttr, CustomerDocAttr, CustomerBirthAttr, CustomerSignupAttr, CustomerLastBuyAttr,
	StoreAddrAttr, StoreCodeAttr, ProductSKUAttr, PromotionStartAttr, PromotionEndAttr, PromotionMultAttr, PromotionBonusAttr, ProductPointsAttr, RedemptionExpiryAttr, SaleCancelledAttr}

// Columns are the plain words that name a column of a list by its rows ("os resgates
// pendentes dela, com os pontos e a data de vencimento": the redemptions' points; "as
// compras, com data e valor": the sales' date and value). Which attribute a word names is
// the one of the list's rows (ColumnOf); a list whose rows have none is refused.
var Columns = []Term{
	{CatColumn, "date", W("data|datas|dia|data e hora", "date|dates|day|timestamp")},
	{CatColumn, "value", W("valor|valores|valor da compra|valor gasto", "value|values|amount|amounts")},
	{CatColumn, "points", W("pontos|pts|quantidade de pontos|pontuacao|pontuacoes", "points|pts|number of points")},
	{CatColumn, "type", W("tipo|tipos|tipo de lancamento|tipo do lancamento|natureza", "type|types|kind|entry type")},
	{CatColumn, "description", W("descricao|descricoes|historico", "description|descriptions")},
	{CatColumn, "status", W("status|situacao", "status|state")},
	{CatColumn, "store", W("loja|lojas", "store|stores|shop")},
	{CatColumn, "city", W("cidade|cidades", "city|cities")},
	{CatColumn, "state", W("estado|estados|uf|ufs", "state|states")},
}

// columnAttributes are the attributes a plain word names in a list (Columns).
var columnAttributes = []*Attribute{SaleDateAttr, SaleValueAttr, SaleStoreAttr, EntryDateAttr, EntryTypeAttr, EntryPointsAttr, EntryDescAttr,
	RedemptionDateAttr, RedemptionPointsAttr, RedemptionStatusAttr, RedemptionStoreAttr, ProductPointsAttr, StoreCityAttr, StoreStateAttr}

// ColumnOf is the attribute of the rows of owner that the plain word key names (Columns),
// nil when they have none.
func ColumnOf(owner *Fact, key string) *Attribute {
	for _, a := range columnAttributes {
		if a.Owner == owner && a.Column == key {
			return a
		}
	}
	return nil
}

// columnSlots are the attributes of the plain words before the list's rows are known.
var columnSlots = map[string]*Attribute{}

// ColumnSlot is the attribute the plain word key stands for until the list's rows are
// known (Owner nil): the assembly replaces it with ColumnOf.
func ColumnSlot(key string) *Attribute {
	if a, ok := columnSlots[key]; ok {
		return a
	}
	return nil
}

func init() {
	for _, t := range Columns {
		columnSlots[t.Arg] = &Attribute{ID: "column:" + t.Arg, Column: t.Arg}
	}
}

// AttributeByID finds an attribute.
func AttributeByID(id string) *Attribute {
	for _, a := range Attributes {
		if a.ID == id {
			return a
		}
	}
	return nil
}

// NameAttribute is the name of the fact's rows ("o nome dos clientes"), nil when its rows
// have none.
func NameAttribute(f *Fact) *Attribute {
	switch f {
	case Customers:
		return CustomerNameAttr
	case Stores:
		return StoreNameAttr
	case Products:
		return ProductNameAttr
	case Promotions:
		return PromotionNameAttr
	}
	return nil
}

// DefaultAttributes are the columns of a plain list of the fact's rows: the row's name
// first, and at most two more, so a list stays readable.
func DefaultAttributes(f *Fact) []*Attribute {
	switch f {
	case Customers:
		return []*Attribute{CustomerNameAttr, CustomerDocAttr, CustomerEmailAttr}
	case Stores:
		return []*Attribute{StoreCodeAttr, StoreNameAttr, StoreCityAttr}
	case Products:
		return []*Attribute{ProductSKUAttr, ProductNameAttr, ProductPointsAttr}
	case Promotions:
		return []*Attribute{PromotionNameAttr, PromotionStartAttr, PromotionEndAttr}
	case Sales:
		return []*Attribute{SaleDateAttr, CustomerNameAttr, SaleValueAttr}
	case Redemptions:
		return []*Attribute{RedemptionDateAttr, CustomerNameAttr, RedemptionPointsAttr}
	case Points:
		return []*Attribute{EntryDateAttr, EntryTypeAttr, EntryPointsAttr}
	}
	return nil
}

// sql returns the attribute's expression over fact f and the join it needs.
func (a *Attribute) sql(f *Fact) (string, string, bool) {
	if a.Owner == f {
		return a.Expr, "", true
	}
	var j string
	var ok bool
	switch a.Owner {
	case Customers:
		j, ok = customerJoin(f)
	case Stores:
		j, ok = storeJoin(f)
	case Products:
		j, ok = productJoin(f)
	}
	return a.Expr, j, ok
}

// defaultOrder is the ORDER BY of a list of the fact's rows.
func defaultOrder(f *Fact) string {
	switch f {
	case Customers:
		return "c.name"
	case Stores:
		return "s.store_code"
	case Products:
		return "p.name"
	case Promotions:
		return "pm.start_date DESC, pm.name"
	case Sales:
		return "v.transaction_date DESC"
	case Redemptions:
		return "r.created_at DESC"
	case Points:
		return "e.transaction_date DESC"
	}
	return "1"
}

// ColumnPrefixes and ColumnSuffixes are the parts of the reporting views' column names
// that say how a thing is stored, not what it is: "is_active" is the flag "active",
// "customer_id" the customer, "payment_type_description" the payment type. A question
// typed with a column's snake_case name (package lexicon) reads it without them. "_code"
// is no such part: a store's code is a column of its own ("store code").
var (
	ColumnPrefixes = []string{"is", "has"}
	ColumnSuffixes = []string{"id", "ids", "description", "desc"}
)
