package semantic

// GlossaryEntry is a business term and how the reports compute it.
type GlossaryEntry struct {
	Term Text
	Mean Text
	SQL  string
}

// Glossary is the business vocabulary of the reports. The documentation lists it and the
// OpenAI prompt quotes it, so a model writes the same numbers the rules do.
var Glossary = []GlossaryEntry{
	{T("faturamento, receita, vendas em R$", "revenue, sales value"), T("soma do valor das vendas não canceladas", "sum of the value of sales not cancelled"),
		"COALESCE(sum(v.value), 0) FROM reporting.coupons v WHERE v.cancelled_at IS NULL"},
	{T("número de vendas, compras, cupons", "number of sales, purchases, coupons"), T("vendas (cupons) não canceladas", "sales (coupons) not cancelled"),
		"count(*) FROM reporting.coupons v WHERE v.cancelled_at IS NULL"},
	{T("ticket médio", "average ticket, average order value"), T("valor médio de uma venda não cancelada", "average value of a sale not cancelled"),
		"round(avg(v.value), 2) FROM reporting.coupons v WHERE v.cancelled_at IS NULL"},
	{T("vendas canceladas", "cancelled sales"), T("vendas com cancelled_at preenchido; só contam quando a pergunta pede canceladas", "sales with cancelled_at set; they count only when the question asks for cancelled ones"),
		"FROM reporting.coupons v WHERE v.cancelled_at IS NOT NULL"},
	{T("clientes que compraram, compradores", "customers who bought, buyers"), T("clientes distintos com ao menos uma venda não cancelada (no período)", "distinct customers with at least one sale not cancelled (in the period)"),
		"count(DISTINCT v.customer_id) FROM reporting.coupons v WHERE v.cancelled_at IS NULL"},
	{T("clientes sem compra há N dias, nunca compraram", "customers without a purchase for N days, never bought"), T("clientes sem nenhuma venda não cancelada na janela (ou nunca)", "customers with no sale not cancelled in the window (or ever)"),
		"FROM reporting.customers c WHERE NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= now() - interval 'N days')"},
	{T("cliente ativo / inativo", "active / inactive customer"), T("o cadastro do cliente está ativo (is_active); não depende de compras", "the customer's record is active (is_active); it does not depend on purchases"),
		"FROM reporting.customers c WHERE c.is_active"},
	{T("novos clientes, cadastros", "new customers, sign-ups"), T("clientes pela data de cadastro (created_at)", "customers by sign-up date (created_at)"),
		"count(*) FROM reporting.customers c WHERE c.created_at >= ..."},
	{T("loja do cliente", "a customer's store"), T("a loja dona (store_code_owner, a da primeira compra), senão a loja de cadastro", "the owner store (store_code_owner, that of the first purchase), else the sign-up store"),
		"COALESCE(c.store_code_owner, c.store_code)"},
	{T("pontos creditados, ganhos, acumulados, distribuídos", "points credited, earned, issued"), T("soma dos créditos (tipo C) não estornados", "sum of credits (type C) not reversed"),
		"COALESCE(sum(e.points), 0) FROM reporting.points_entries e WHERE e.transaction_type = 'C' AND e.cancelled_at IS NULL"},
	{T("pontos debitados", "points debited"), T("soma dos débitos (tipo D) não estornados, em valor positivo", "sum of debits (type D) not reversed, as a positive number"),
		"COALESCE(-sum(e.points), 0) FROM reporting.points_entries e WHERE e.transaction_type = 'D' AND e.cancelled_at IS NULL"},
	{T("estorno", "reversal"), T("lançamento tipo E que desfaz outro lançamento", "an entry of type E that undoes another entry"),
		"count(*) FROM reporting.points_entries e WHERE e.transaction_type = 'E'"},
	{T("saldo de pontos, pontos em aberto", "points balance, points outstanding"), T("saldo atual dos clientes (customers.points_balance)", "the customers' current balance (customers.points_balance)"),
		"COALESCE(sum(c.points_balance), 0) FROM reporting.customers c"},
	{T("resgate, troca", "redemption"), T("um resgate conta enquanto está pendente ou aplicado; cancelados e expirados só quando pedidos", "a redemption counts while pending or applied; cancelled and expired ones only when asked for"),
		"count(*) FROM reporting.redeems r WHERE r.status IN ('pending', 'applied')"},
	{T("pontos resgatados", "points redeemed"), T("soma dos pontos dos resgates que contam", "sum of the points of the redemptions that count"),
		"COALESCE(sum(r.total_points), 0) FROM reporting.redeems r WHERE r.status IN ('pending', 'applied')"},
	{T("produtos mais resgatados", "most redeemed products"), T("soma das quantidades dos itens dos resgates que contam, por produto", "sum of the item quantities of the redemptions that count, by product"),
		"sum(i.qty) FROM reporting.redeem_items i JOIN reporting.redeems r ON r.id = i.redeem_id WHERE r.status IN ('pending', 'applied')"},
	{T("opt-in (aceita e-mail, WhatsApp, SMS)", "opt-in (accepts e-mail, WhatsApp, SMS)"), T("colunas email_optin, whatsapp_optin, sms_optin; percentual = 100 × aceitam / todos", "columns email_optin, whatsapp_optin, sms_optin; percentage = 100 × opted in / all"),
		"round(100.0 * count(*) FILTER (WHERE c.whatsapp_optin) / NULLIF(count(*), 0), 1)"},
	{T("promoção vigente", "running promotion"), T("ativa e com a data de hoje entre início e fim", "active and with today between its start and end"),
		"FROM reporting.promotions pm WHERE pm.is_active AND now() BETWEEN pm.start_date AND pm.end_date"},
	{T("vs AA, mesmo período do ano anterior, MoM, período anterior", "vs LY / PY, same period last year, MoM, QoQ, vs PP"), T("o mesmo período um ano (ou um mês, um trimestre) antes; um período corrente (MTD, YTD, últimos N dias) é comparado até o mesmo dia; PP é o período do mesmo tamanho logo antes", "the same period a year (or a month, a quarter) before; a current period (MTD, YTD, last N days) is compared up to the same day; PP is the period of the same length right before"),
		"date_trunc('month', now()) - interval '1 year' ... date_trunc('day', now()) + interval '1 day' - interval '1 year'"},
	{T("semana, mês, ano", "week, month, year"), T("semanas começam na segunda; \"semana passada\" é a semana de segunda a domingo anterior; \"últimos N dias\" é uma janela até agora", "weeks start on Monday; \"last week\" is the previous Monday-Sunday; \"last N days\" is a window up to now"),
		"date_trunc('week', now()) - interval '1 week' ... date_trunc('week', now()); now() - interval 'N days'"},
}
