package aiquery

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The behaviour users rely on, read by the rules at the evaluation's clock (Wednesday 18
// June 2025, 10:00 in São Paulo) over the evaluation's stores: each case names the piece
// of SQL that carries the meaning of what was asked, so a reading that drops it fails.

func classNow() time.Time {
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	return time.Date(2025, 6, 18, 10, 0, 0, 0, loc)
}

var classCatalog = &semantic.Catalog{
	Stores: []semantic.StoreRef{{Code: "L01", Name: "Centro", City: "São Paulo", State: "SP"}, {Code: "L02", Name: "Ibirapuera", City: "São Paulo", State: "SP"},
		{Code: "L03", Name: "Cambuí", City: "Campinas", State: "SP"}, {Code: "L06", Name: "Batel", City: "Curitiba", State: "PR"}},
	Products:     []string{"Pão de Queijo", "Caneca Térmica", "Cappuccino Italiano", "Brigadeiro"},
	PaymentTypes: []string{"credit_card", "debit_card", "pix", "cash", "meal_voucher"},
	Origins:      []string{"PDV", "APP", "TOTEM", "BACKOFFICE"},
}

func classRules() *Rules { return NewRules(classNow, classNow().Location()) }

// Every period form of the documentation's table becomes the dates it says.
func TestRulesReadPeriods(t *testing.T) {
	g := classRules()
	tests := []struct {
		phrase   string
		from, to string // the period's bounds as the SQL writes them ("": open)
	}{
		{"hoje", "date_trunc('day', now())", "date_trunc('day', now()) + interval '1 day'"},
		{"yesterday", "date_trunc('day', now()) - interval '1 day'", "date_trunc('day', now())"},
		{"esta semana", "date_trunc('week', now())", "date_trunc('week', now()) + interval '1 week'"},
		{"semana passada", "date_trunc('week', now()) - interval '1 week'", "date_trunc('week', now())"},
		{"last weekend", "date_trunc('week', now()) - interval '2 days'", "date_trunc('week', now())"},
		{"do último fim de semana", "date_trunc('week', now()) - interval '2 days'", "date_trunc('week', now())"},
		{"no mês passado", "date_trunc('month', now()) - interval '1 month'", "date_trunc('month', now())"},
		{"this quarter", "date_trunc('quarter', now())", "date_trunc('quarter', now()) + interval '3 months'"},
		{"YTD", "date_trunc('year', now())", "date_trunc('year', now()) + interval '1 year'"},
		{"últimos 7 dias", "date_trunc('day', now()) - interval '6 days'", ""},
		{"last 30 days", "date_trunc('day', now()) - interval '29 days'", ""},
		{"últimos sete dias", "date_trunc('day', now()) - interval '6 days'", ""},
		{"últimos 6 meses", "date_trunc('month', now()) - interval '5 months'", ""},
		{"em março", "DATE '2025-03-01'", "DATE '2025-04-01'"},
		{"em setembro", "DATE '2024-09-01'", "DATE '2024-10-01'"},
		{"outubro de 2023", "DATE '2023-10-01'", "DATE '2023-11-01'"},
		{"10/2024", "DATE '2024-10-01'", "DATE '2024-11-01'"},
		{"1º trimestre", "DATE '2025-01-01'", "DATE '2025-04-01'"},
		{"Q3 2024", "DATE '2024-07-01'", "DATE '2024-10-01'"},
		{"primeiro semestre de 2024", "DATE '2024-01-01'", "DATE '2024-07-01'"},
		{"em 2024", "DATE '2024-01-01'", "DATE '2025-01-01'"},
		{"em 15/10/2024", "DATE '2024-10-15'", "DATE '2024-10-16'"},
		{"de 01/05/2025 a 10/05/2025", "DATE '2025-05-01'", "DATE '2025-05-11'"},
		{"between 2025-05-10 and 2025-05-20", "DATE '2025-05-10'", "DATE '2025-05-21'"},
		{"de janeiro a março", "DATE '2025-01-01'", "DATE '2025-04-01'"},
		{"de novembro a fevereiro", "DATE '2024-11-01'", "DATE '2025-03-01'"},
		{"desde 01/03/2025", "DATE '2025-03-01'", ""},
		{"desde março", "DATE '2025-03-01'", ""},
		{"até 15/03/2025", "", "DATE '2025-03-16'"},
		{"semana retrasada", "date_trunc('week', now()) - interval '2 weeks'", "date_trunc('week', now()) - interval '1 week'"},
		{"the month before last", "date_trunc('month', now()) - interval '2 months'", "date_trunc('month', now()) - interval '1 month'"},
		{"este semestre", "DATE '2025-01-01'", "DATE '2025-07-01'"},
		{"last half", "DATE '2024-07-01'", "DATE '2025-01-01'"},
		{"1st quarter 2025", "DATE '2025-01-01'", "DATE '2025-04-01'"},
		{"until the end of May", "", "DATE '2025-06-01'"},
		{"since April 1", "DATE '2025-04-01'", ""},
		{"October 15, 2024", "DATE '2024-10-15'", "DATE '2024-10-16'"},
		{"de 1º de maio pra cá", "DATE '2025-05-01'", ""},
		{"entre 1 e 10 de março", "DATE '2025-03-01'", "DATE '2025-03-11'"},
		{"May 1-15", "DATE '2025-05-01'", "DATE '2025-05-16'"},
		{"primeira quinzena de maio", "DATE '2025-05-01'", "DATE '2025-05-16'"},
		{"the first week of May", "DATE '2025-05-01'", "DATE '2025-05-08'"},
		{"anteontem", "DATE '2025-06-16'", "DATE '2025-06-17'"},
		{"desde segunda", "DATE '2025-06-16'", ""},
		{"sábado passado", "DATE '2025-06-14'", "DATE '2025-06-15'"},
		{"jan/25", "DATE '2025-01-01'", "DATE '2025-02-01'"},
		{"1T24", "DATE '2024-01-01'", "DATE '2024-04-01'"},
		{"Q1 '25", "DATE '2025-01-01'", "DATE '2025-04-01'"},
		{"2024-10", "DATE '2024-10-01'", "DATE '2024-11-01'"},
	}
	for _, tt := range tests {
		t.Run(tt.phrase, func(t *testing.T) {
			gen, err := g.Generate(t.Context(), Ask{Question: "vendas " + tt.phrase, Catalog: classCatalog})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			for _, bound := range []string{">= " + tt.from, "< " + tt.to} {
				if len(bound) > 3 && !strings.Contains(gen.Query, bound) {
					t.Errorf("SQL lacks %q:\n%s", bound, gen.Query)
				}
			}
			if tt.from == "" && strings.Contains(gen.Query, "transaction_date >=") || tt.to == "" && strings.Contains(gen.Query, "transaction_date <") {
				t.Errorf("an open period has a bound:\n%s", gen.Query)
			}
		})
	}
}

// Each class of phrasing is read by its structure.
func TestRulesReadPhrasingClasses(t *testing.T) {
	g := classRules()
	tests := []struct {
		class, q string
		want     []string
	}{
		{"period", "faturamento no trimestre passado", []string{"date_trunc('quarter', now()) - interval '3 months'"}},
		{"period", "vendas do trimestre retrasado", []string{"date_trunc('quarter', now()) - interval '6 months'", "date_trunc('quarter', now()) - interval '3 months'"}},
		{"period", "clientes cadastrados no ano retrasado", []string{"date_trunc('year', now()) - interval '2 years'", "date_trunc('year', now()) - interval '1 year'"}},
		{"period", "faturamento em maio do ano passado", []string{"DATE '2024-05-01'", "DATE '2024-06-01'"}},
		{"period", "revenue in May last year", []string{"DATE '2024-05-01'"}},
		{"period", "ticket médio em fev/25", []string{"DATE '2025-02-01'", "DATE '2025-03-01'"}},
		{"period", "vendas de jan/2025 a mar/2025", []string{"DATE '2025-01-01'", "DATE '2025-04-01'"}},
		{"period", "vendas hj", []string{"date_trunc('day', now())"}},
		{"period", "clientes cadastrados na semana que passou", []string{"date_trunc('week', now()) - interval '1 week'"}},
		{"period", "faturamento até ontem", []string{"< date_trunc('day', now())"}},
		{"period", "revenue QTD", []string{"date_trunc('quarter', now())"}},
		{"period", "revenue during the month of May", []string{"DATE '2025-05-01'"}},
		{"period", "how many points were given out in May by store", []string{"DATE '2025-05-01'", "GROUP BY"}},
		{"abbrev", "tkt medio por forma de pgto esse mes", []string{"AS ticket_medio", "payment_type"}},
		{"abbrev", "vlr total vendido no pix", []string{"sum(v.value)", "'pix'"}},
		{"abbrev", "top 5 clientes q mais gastaram", []string{"v.value AS faturamento", "LIMIT 5"}},
		{"abbrev", "total rev last month", []string{"sum(v.value)"}},
		{"abbrev", "how many txns yesterday", []string{"AS sales"}},
		{"optin", "% de clientes com whatsapp liberado", []string{"FILTER (WHERE c.whatsapp_optin)"}},
		{"verb", "quantos cupons a loja L03 passou ontem", []string{"AS vendas", "'L03'"}},
		{"verb", "how many manual debits were posted in Q1", []string{"transaction_type = 'D'", "AS debits"}},
		{"verb", "how many points credits were posted last month", []string{"transaction_type = 'C'", "AS credits"}},
		{"city", "quanto a loja de Campinas faturou em maio", []string{"= 'campinas'", "sum(v.value)"}},
		{"city", "revenue of the Curitiba store last month", []string{"= 'curitiba'"}},
		{"postfix", "how many customers are 60 or older", []string{"age(now(), c.birth_date)) >= 60"}},
		{"postfix", "quantos clientes com 60 anos ou mais", []string{"birth_date)) >= 60"}},
		{"postfix", "customers 30 or younger", []string{"birth_date)) <= 30"}},
		{"postfix", "customers older than 50", []string{"birth_date)) > 50"}},
		{"postfix", "quantos clientes com 1000 pontos ou mais", []string{"c.points_balance >= 1000"}},
		{"between", "clientes com idade entre 30 e 40", []string{">= 30", "<= 40"}},
		{"between", "customers with age between 30 and 40", []string{">= 30", "<= 40"}},
		{"balance", "how many customers have points but never bought anything", []string{"count(*)", "c.points_balance > 0", "NOT EXISTS"}},
		{"balance", "quantos clientes ativos têm saldo", []string{"c.points_balance > 0", "c.is_active"}},
		// (the number of sales, not of customers: "AS sales", counted from the per-customer
		// summary or the raw coupons, docs/sizing.md)
		{"frequency", "which customer bought the most times in 2024", []string{"AS sales", "LIMIT 1"}},
		{"frequency", "top 5 clientes que mais vezes compraram", []string{"AS vendas", "LIMIT 5"}},
		{"frequency", "qual cliente compra com mais frequência", []string{"AS vendas"}},
		{"first", "quantos clientes fizeram a primeira compra este mês", []string{"min(x.transaction_date)"}},
		{"first", "how many first-time buyers last month", []string{"min(x.transaction_date)"}},
		{"stores", "how many customers bought at more than one store this year", []string{"count(DISTINCT x.store_code)", "> 1"}},
		{"channels", "how many active customers haven't opted in to any channel", []string{"NOT c.email_optin AND NOT c.whatsapp_optin AND NOT c.sms_optin"}},
		{"channels", "quantos clientes não aceitam nenhum canal", []string{"NOT c.email_optin AND NOT c.whatsapp_optin AND NOT c.sms_optin"}},
		{"channels", "clientes que aceitam todos os canais", []string{"c.email_optin AND c.whatsapp_optin AND c.sms_optin"}},
		{"channels", "% de clientes que aceitam algum canal", []string{"c.email_optin OR c.whatsapp_optin OR c.sms_optin"}},
		{"repeat", "quantos clientes resgataram mais de uma vez", []string{"FROM reporting.redeems x", "> 1"}},
		{"repeat", "clientes com apenas uma compra", []string{"FROM reporting.coupons x", "= 1"}},
		{"lapsed", "clientes que não compram desde março", []string{"c.last_purchase < DATE '2025-03-01'"}},
		{"agent", "quantas vendas foram feitas por clientes inativos", []string{"NOT c.is_active", "AS vendas"}},
		{"name", "quantas compras a Vanessa Ramos fez", []string{"c.name_search = name_fold('Vanessa Ramos')", "NOT EXISTS (SELECT 1 FROM reporting.customers cn"}},
		{"active-dim", "clientes ativos e inativos por loja", []string{"c.is_active AS ativo", "GROUP BY"}},
		{"active-dim", "active vs inactive customers", []string{"c.is_active AS active"}},
		{"sales-of", "quantas vendas de clientes mulheres", []string{"AS vendas", "c.gender_identity = 'F'"}},
		{"sales-of", "sales from inactive customers this year", []string{"AS sales", "NOT c.is_active"}},
		{"filler", "como foi o faturamento da loja Cambuí este ano", []string{"sum(v.value)", "'L03'"}},
		{"rate", "percentual de vendas canceladas no pix", []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)", "WHERE v.payment_type = 'pix'"}},
		{"zero", "clientes zerados", []string{"c.points_balance = 0"}},
		{"has points", "clientes com pontos", []string{"count(*)", "c.points_balance > 0"}},
		{"has points", "customers with points", []string{"count(*)", "c.points_balance > 0"}},
		{"has points", "customers with a balance", []string{"count(*)", "c.points_balance > 0"}},
		{"has points", "saldo dos clientes com pontos", []string{"sum(c.points_balance)", "c.points_balance > 0"}},
		{"name", "clientes com sobrenome Rocha", []string{"LIKE '% ' || name_fold('Rocha')"}},
		{"paid", "quantos clientes pagaram com pix em maio", []string{"EXISTS (SELECT 1 FROM reporting.coupons x", "x.payment_type = 'pix'", "DATE '2025-05-01'"}},
		{"paid", "quanto foi pago em dinheiro ontem", []string{"sum(v.value)", "v.payment_type = 'cash'"}},
		{"between", "sales between R$ 20 and R$ 50 this month", []string{"v.value >= 20", "v.value <= 50"}},
		{"redemption-points", "redemptions over 500 points", []string{"r.total_points > 500"}},
		{"last-purchase", "customers whose last purchase was in April", []string{"c.last_purchase >= DATE '2025-04-01'"}},
		{"last-purchase", "clientes cuja última compra foi em maio", []string{"c.last_purchase >= DATE '2025-05-01'"}},
		// several measures: each is a column, none is dropped
		{"measures", "novos clientes e vendas por mês em 2025", []string{"AS clientes", "AS vendas", "DATE '2025-01-01'"}},
		{"measures", "revenue and redemptions by store last month", []string{"AS revenue", "AS redemptions", "store_code"}},
		{"measures", "quantos clientes e quantas vendas temos", []string{"AS clientes", "AS vendas"}},
		{"measures", "points issued vs points redeemed this year", []string{"AS points_credited", "AS points_redeemed"}},
		{"measures", "pontos ganhos x resgatados na loja Centro", []string{"AS pontos_creditados", "AS pontos_resgatados", "store_code = 'L01'"}},
		{"measures", "faturamento e número de vendas por loja", []string{"AS faturamento", "AS vendas", "GROUP BY v.store_code"}},
		// "quantos compraram" counts people; "how many purchases" counts sales
		{"buyers", "quantos compraram este mês", []string{"count(DISTINCT v.customer_id)"}},
		{"buyers", "how many app users bought this month?", []string{"c.app_user", "EXISTS (SELECT 1 FROM reporting.coupons x"}},
		{"buyers", "how many purchases this month", []string{"AS sales"}},
		// the customers of a store are the ones it owns; purchases at a store were made there;
		// customers who signed up at a store signed up there
		{"store", "quantos clientes da loja Centro compraram este mês", []string{"c.store_code_owner = 'L01'"}},
		{"store", "how many Centro customers redeemed this year", []string{"c.store_code_owner = 'L01'"}},
		{"store", "quantos clientes compraram na loja Centro este mês", []string{"v.store_code = 'L01'"}},
		// a noun phrase with no count lists the customers: those with a sale at Centro last month
		{"store", "customers who shopped at Centro last month", []string{"x.store_code = 'L01'", "interval '1 month'", "c.name AS customer"}},
		{"store", "quantos clientes a loja Centro tem", []string{"c.store_code_owner = 'L01'"}},
		{"store", "clientes cadastrados na loja Cambuí", []string{"c.store_code = 'L03'"}},
	}
	for _, tt := range tests {
		t.Run(tt.class+"/"+tt.q, func(t *testing.T) {
			gen, err := g.Generate(t.Context(), Ask{Question: tt.q, Catalog: classCatalog})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(gen.Query, w) {
					t.Errorf("SQL lacks %q:\n%s", w, gen.Query)
				}
			}
		})
	}
}

// A question with a meaningful word the interpretation cannot use is refused, never
// answered without it.
func TestRulesRefuseWhatTheyCannotReadWhole(t *testing.T) {
	g := classRules()
	for _, q := range []string{
		"quantos clientes compraram frango",            // an unknown word
		"vendas 17 este mês",                           // a number
		"faturamento por vendedor",                     // a breakdown the views do not hold
		"quantos clientes da loja Atlântida",           // a store the catalogue does not have
		"how many customers bought twice blue",         // unknown words
		"pontos por loja",                              // points alone: earned, redeemed or balance?
		"novos clientes por loja e vendas por mês",     // two questions with different breakdowns
		"faturamento por cliente novo",                 // "novo" would be dropped from the breakdown
		"vendas para clientes novos este mes",          // "novos" would be dropped from sales
		"quantos clientes não aceitam todos os canais", // none, or only some?
		"customers by age band including unknown",      // age bands leave unknown ages out
		"quantos pontos reservados",                    // held points outside redemptions
		"pontos expirados em maio",                     // points expiry is not in the views
		"quantos clientes em Recife",                   // a place the catalogue does not have
	} {
		t.Run(q, func(t *testing.T) {
			gen, err := g.Generate(t.Context(), Ask{Question: q, Catalog: classCatalog})
			var nu *NotUnderstood
			if !errors.As(err, &nu) {
				t.Fatalf("answered (%v):\n%s", err, gen.Query)
			}
		})
	}
}
