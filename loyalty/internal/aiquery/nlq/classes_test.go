package nlq

import (
	"strings"
	"testing"
	"time"
)

func classCatalog() *Catalog {
	return &Catalog{
		Stores: []StoreRef{{Code: "L01", Name: "Centro", City: "São Paulo", State: "SP"}, {Code: "L02", Name: "Ibirapuera", City: "São Paulo", State: "SP"}, {Code: "L03", Name: "Cambuí", City: "Campinas", State: "SP"},
			{Code: "L06", Name: "Batel", City: "Curitiba", State: "PR"}},
		Products:     []string{"Pão de Queijo", "Caneca Térmica", "Cappuccino Italiano", "Brigadeiro"},
		PaymentTypes: []string{"credit_card", "debit_card", "pix", "cash", "meal_voucher"},
		Origins:      []string{"PDV", "APP", "TOTEM", "BACKOFFICE"},
	}
}

// Each class of phrasing below is read compositionally: the test names the piece of SQL
// that carries the class's meaning, so a reading that drops it fails.
func TestPhrasingClasses(t *testing.T) {
	it := New(func() time.Time { return testClock().Now }, testClock().Now.Location())
	tests := []struct {
		class, q string
		want     []string
	}{
		// periods
		{"period", "faturamento no trimestre passado", []string{"date_trunc('quarter', now()) - interval '3 months'"}},
		{"period", "vendas do trimestre retrasado", []string{"DATE '2024-10-01'", "DATE '2025-01-01'"}},
		{"period", "clientes cadastrados no ano retrasado", []string{"DATE '2023-01-01'", "DATE '2024-01-01'"}},
		{"period", "faturamento em maio do ano passado", []string{"DATE '2024-05-01'", "DATE '2024-06-01'"}},
		{"period", "revenue in May last year", []string{"DATE '2024-05-01'"}},
		{"period", "ticket médio em fev/25", []string{"DATE '2025-02-01'", "DATE '2025-03-01'"}},
		{"period", "vendas de jan/2025 a mar/2025", []string{"DATE '2025-01-01'", "DATE '2025-04-01'"}},
		{"period", "vendas hj", []string{"date_trunc('day', now())"}},
		{"period", "clientes cadastrados na semana que passou", []string{"date_trunc('week', now()) - interval '1 week'"}},
		{"period", "faturamento até ontem", []string{"< DATE '2025-06-18'"}},
		{"period", "revenue QTD", []string{"date_trunc('quarter', now())"}},
		{"period", "revenue during the month of May", []string{"DATE '2025-05-01'"}},
		{"period", "how many points were given out in May by store", []string{"DATE '2025-05-01'", "GROUP BY"}},
		{"ending", "how many promotions ended last month", []string{"pm.end_date >="}},
		// abbreviations
		{"abbrev", "tkt medio por forma de pgto esse mes", []string{"avg(v.value)", "payment_type"}},
		{"abbrev", "vlr total vendido no pix", []string{"sum(v.value)", "'pix'"}},
		{"abbrev", "top 5 clientes q mais gastaram", []string{"sum(v.value)", "LIMIT 5"}},
		{"abbrev", "qts resgates tao pendentes", []string{"count(*)", "'pending'"}},
		{"abbrev", "total rev last month", []string{"sum(v.value)"}},
		{"abbrev", "how many txns yesterday", []string{"count(*)", "reporting.coupons"}},
		// synonyms
		{"optin", "% de clientes com whatsapp liberado", []string{"FILTER (WHERE c.whatsapp_optin)"}},
		{"verb", "quantos cupons a loja L03 passou ontem", []string{"count(*)", "'L03'"}},
		{"verb", "how many manual debits were posted in Q1", []string{"transaction_type = 'D'", "count(*)"}},
		{"verb", "how many points credits were posted last month", []string{"transaction_type = 'C'", "count(*) AS"}},
		// stores by city
		{"city", "quanto a loja de Campinas faturou em maio", []string{"= 'campinas'", "sum(v.value)"}},
		{"city", "revenue of the Curitiba store last month", []string{"= 'curitiba'"}},
		// comparisons said after the number
		{"postfix", "how many customers are 60 or older", []string{"age(now(), c.birth_date)) >= 60"}},
		{"postfix", "number of customers aged 60 or over", []string{">= 60"}},
		{"postfix", "quantos clientes com 60 anos ou mais", []string{"birth_date)) >= 60"}},
		{"postfix", "customers 30 or younger", []string{"birth_date)) <= 30"}},
		{"postfix", "customers older than 50", []string{"birth_date)) > 50"}},
		{"postfix", "quantos clientes com 1000 pontos ou mais", []string{"c.points_balance >= 1000"}},
		{"between", "clientes com idade entre 30 e 40", []string{">= 30", "<= 40"}},
		{"between", "customers with age between 30 and 40", []string{">= 30", "<= 40"}},
		// balance above zero
		{"balance", "how many customers have points but never bought anything", []string{"count(*)", "c.points_balance > 0", "NOT EXISTS"}},
		{"balance", "quantos clientes ativos têm saldo", []string{"c.points_balance > 0", "c.is_active"}},
		// frequency ranking
		{"frequency", "which customer bought the most times in 2024", []string{"count(*) AS", "LIMIT 1"}},
		{"frequency", "top 5 clientes que mais vezes compraram", []string{"count(*) AS", "LIMIT 5"}},
		{"frequency", "qual cliente compra com mais frequência", []string{"count(*) AS"}},
		// products by plural or typo
		{"product", "quantos pães de queijo foram resgatados", []string{"pao de queijo", "sum(i.qty)"}},
		{"product", "resgates de cappucino italiano", []string{"cappuccino italiano"}},
		// sign-up origin
		{"origin", "average age of customers who signed up through the app", []string{"c.origin = 'APP'", "avg("}},
		// null groups
		{"unknown", "breakdown of customers by gender (incl. not informed)", []string{"GROUP BY c.gender_identity"}},
		// activity filters
		{"first", "quantos clientes fizeram a primeira compra este mês", []string{"min(x.transaction_date)"}},
		{"first", "how many first-time buyers last month", []string{"min(x.transaction_date)"}},
		{"stores", "how many customers bought at more than one store this year", []string{"count(DISTINCT x.store_code)", "> 1"}},
		{"stores", "clientes que compraram em 3 lojas ou mais", []string{"count(DISTINCT x.store_code)", ">= 3"}},
		{"channels", "how many active customers haven't opted in to any channel", []string{"NOT c.email_optin AND NOT c.whatsapp_optin AND NOT c.sms_optin"}},
		{"channels", "quantos clientes não aceitam nenhum canal", []string{"NOT c.email_optin AND NOT c.whatsapp_optin AND NOT c.sms_optin"}},
		{"channels", "clientes que aceitam todos os canais", []string{"c.email_optin AND c.whatsapp_optin AND c.sms_optin"}},
		{"channels", "% de clientes que aceitam algum canal", []string{"c.email_optin OR c.whatsapp_optin OR c.sms_optin"}},
		{"repeat", "quantos clientes resgataram mais de uma vez", []string{"FROM reporting.redeems x", "> 1"}},
		{"repeat", "clientes com apenas uma compra", []string{"FROM reporting.coupons x", "= 1"}},
		{"lapsed", "clientes que não compram desde março", []string{"c.last_purchase < DATE '2025-03-01'"}},
		{"missing", "quantos clientes sem CPF", []string{"c.doc IS NULL"}},
		{"agent", "quantas vendas foram feitas por clientes inativos", []string{"NOT c.is_active", "count(*) AS"}},
		{"held", "quantos pontos estão bloqueados em resgates pendentes", []string{"r.status = 'pending'", "sum(r.total_points)"}},
		{"name", "quantas compras a Vanessa Ramos fez", []string{"= 'vanessa ramos'", "NOT EXISTS (SELECT 1 FROM reporting.customers cn"}},
		{"active-dim", "clientes ativos e inativos por loja", []string{"c.is_active AS ativo", "GROUP BY"}},
		{"active-dim", "active vs inactive customers", []string{"c.is_active AS active"}},
		{"sales-of", "quantas vendas de clientes mulheres", []string{"count(*) AS vendas", "c.gender_identity = 'F'"}},
		{"sales-of", "sales from inactive customers this year", []string{"count(*) AS sales", "NOT c.is_active"}},
		{"filler", "como foi o faturamento da loja Cambuí este ano", []string{"sum(v.value)", "'L03'"}},
		{"rate", "percentual de vendas canceladas no pix", []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)", "WHERE v.payment_type = 'pix'"}},
		{"zero", "clientes zerados", []string{"c.points_balance = 0"}},
		// "clientes com pontos" with no count word: the customers with a balance are
		// counted (like "clientes zerados"), never answered with the total balance
		{"has points", "clientes com pontos", []string{"count(*)", "c.points_balance > 0"}},
		{"has points", "customers with points", []string{"count(*)", "c.points_balance > 0"}},
		{"has points", "customers with a balance", []string{"count(*)", "c.points_balance > 0"}},
		{"has points", "saldo dos clientes com pontos", []string{"sum(c.points_balance)", "c.points_balance > 0"}},
		{"name", "quantos clientes se chamam Ana", []string{"LIKE '% ana %'"}},
		{"name", "clientes com sobrenome Rocha", []string{"LIKE '% rocha %'"}},
		{"paid", "quantos clientes pagaram com pix em maio", []string{"count(DISTINCT v.customer_id)", "v.payment_type = 'pix'"}},
		{"paid", "quanto foi pago em dinheiro ontem", []string{"sum(v.value)", "v.payment_type = 'cash'"}},
		{"between", "sales between R$ 20 and R$ 50 this month", []string{"v.value >= 20", "v.value <= 50"}},
		{"redemption-points", "redemptions over 500 points", []string{"r.total_points > 500"}},
		{"redemption-points", "clientes com resgates acima de 500 pontos", []string{"r.total_points > 500", "count(DISTINCT r.customer_id)"}},
		{"last-purchase", "customers whose last purchase was in April", []string{"c.last_purchase >= DATE '2025-04-01'"}},
		{"last-purchase", "clientes cuja última compra foi em maio", []string{"c.last_purchase >= DATE '2025-05-01'"}},
	}
	for _, tt := range tests {
		res, err := it.Interpret(tt.q, classCatalog())
		if err != nil {
			t.Errorf("[%s] %q refused: %v", tt.class, tt.q, err)
			continue
		}
		// The reading, as SQL over raw rows (Compile may answer from a rollup instead).
		raw, err := res.Request.CompileRaw()
		if err != nil {
			t.Fatalf("[%s] %q: %v", tt.class, tt.q, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(raw, w) {
				t.Errorf("[%s] %q: want %q in\n%s", tt.class, tt.q, w, raw)
			}
		}
	}
}

// The new vocabulary must not make a question answer something it did not ask: each of
// these is refused.
func TestNewWordsStillRefuse(t *testing.T) {
	it := New(func() time.Time { return testClock().Now }, testClock().Now.Location())
	for _, q := range []string{
		"faturamento por cliente novo",                 // "novo" would be dropped from the breakdown
		"vendas para clientes novos este mes",          // "novos" would be dropped from sales
		"quantos clientes não aceitam todos os canais", // none, or only some?
		"clientes de qualquer canal",                   // no opt-in word: not an opt-in
		"customers by age band including unknown",      // age bands leave unknown ages out
		"quantos pontos reservados",                    // held points outside redemptions
		"pontos expirados em maio",                     // points expiry is not in the views
		"quantos clientes em Recife",                   // a place the catalogue does not have, not a person
	} {
		if res, err := it.Interpret(q, classCatalog()); err == nil {
			t.Errorf("%q answered:\n%s", q, res.SQL)
		}
	}
	// "bloqueados" of customers still means inactive
	res, err := it.Interpret("quantos clientes bloqueados", classCatalog())
	if err != nil || !strings.Contains(res.SQL, "NOT c.is_active") {
		t.Errorf("quantos clientes bloqueados: %v %v", err, res)
	}
}
