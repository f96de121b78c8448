package grammar

import "testing"

// The formal writing of an internal auditor, an accountant or a controller (sixth round,
// issue 24): exclusions and inclusions said in full, the rows' creation date, statuses
// joined by "or", a purpose clause, a magnitude restated, and a second ask over the first
// one's rows pointed to by "isso", "desses", "those". Paraphrases written for these tests,
// in both languages.
func TestFormalClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"an exclusion said in full: desconsiderando, disregarding, excluding the rows it names", map[string]want{
			"pontos creditados em abril, desconsiderando os cancelados":                              {measures: []string{"points_credited"}, filters: []string{"not_cancelled"}, sql: []string{"e.cancelled_at IS NULL"}},
			"total de pontos debitados em 2025, desconsiderando os lançamentos de débito cancelados": {measures: []string{"points_debited"}, sql: []string{"e.transaction_type = 'D'", "e.cancelled_at IS NULL"}},
			"quantos lançamentos em abril desconsiderando os lançamentos de crédito cancelados":      {measures: []string{"entries"}, sql: []string{"(e.transaction_type <> 'C' OR e.cancelled_at IS NULL)"}},
			"faturamento de abril desconsiderando as vendas canceladas":                              {measures: []string{"revenue"}, filters: []string{"not_cancelled"}},
			"points credited in April, disregarding cancelled entries":                               {measures: []string{"points_credited"}, filters: []string{"not_cancelled"}},
			"points reversed in April, not counting cancelled ones":                                  {measures: []string{"points_reversed"}, sql: []string{"e.transaction_type = 'E'", "e.cancelled_at IS NULL"}},
			// said of rows the question does not read: not a filter of these
			"pontos creditados em abril desconsiderando as vendas canceladas": {refuse: true},
		}},
		{"exclusively, solely: only the rows a filter names", map[string]want{
			"saldo total de pontos considerando exclusivamente os clientes com cadastro ativo": {measures: []string{"balance_total"}, filters: []string{"active_active"}},
			"quantos clientes exclusivamente inativos":                                         {measures: []string{"customers"}, filters: []string{"active_inactive"}},
			"total points balance, solely for customers with an active account":                {measures: []string{"balance_total"}, filters: []string{"active_active"}},
		}},
		{"cancelled included: every status", map[string]want{
			"quantos resgates em março, cancelados inclusos":         {measures: []string{"redemptions"}, filters: []string{"any_status"}},
			"número de resgates em março incluindo os cancelados":    {measures: []string{"redemptions"}, filters: []string{"any_status"}},
			"number of redemptions in March, cancellations included": {measures: []string{"redemptions"}, filters: []string{"any_status"}},
		}},
		{"statuses joined by or", map[string]want{
			"quantos resgates pendentes ou aplicados em março":                                                      {measures: []string{"redemptions"}, filters: []string{"status_in"}, sql: []string{"r.status IN ('pending', 'applied')", "r.created_at >= DATE '2025-03-01'"}},
			"pontos resgatados em resgates aplicados ou pendentes por loja":                                         {measures: []string{"points_redeemed"}, dims: []string{"store"}, sql: []string{"r.status IN ('applied', 'pending')"}},
			"how many redemptions were expired or cancelled in March":                                               {measures: []string{"redemptions"}, sql: []string{"r.status IN ('expired', 'cancelled')", "CASE r.status WHEN 'expired' THEN r.expires_at"}},
			"pontos resgatados em resgates pendentes ou aplicados no segundo trimestre de 2025 até a presente data": {measures: []string{"points_redeemed"}, sql: []string{"r.status IN ('pending', 'applied')", "r.created_at >= DATE '2025-04-01'"}},
			"vendas canceladas ou pendentes":                                                                        {refuse: true}, // sales have no pending status
		}},
		{"the rows' creation date dates the period", map[string]want{
			"quantos resgates expirados cuja data de criação esteja entre 01/02/2025 e 28/02/2025": {measures: []string{"redemptions"}, filters: []string{"status_expired", "created_in"}, sql: []string{"r.status = 'expired'", "r.created_at >= DATE '2025-02-01'", "r.created_at < DATE '2025-03-01'"}},
			"resgates por status com data de criação em fevereiro":                                 {measures: []string{"redemptions"}, dims: []string{"status"}, sql: []string{"r.created_at >= DATE '2025-02-01'"}},
			"how many cancelled redemptions with a creation date in February 2025":                 {measures: []string{"redemptions"}, sql: []string{"r.status = 'cancelled'", "r.created_at >= DATE '2025-02-01'"}},
			"faturamento com data de criação em fevereiro":                                         {refuse: true}, // a sale is dated by the sale
		}},
		{"inclusive after a period, at a clause's end", map[string]want{
			"faturamento de 01/02/2025 a 10/02/2025, inclusive":                {measures: []string{"revenue"}, period: "DATE '2025-02-11'"},
			"quantos resgates pendentes vencem até amanhã inclusive":           {measures: []string{"redemptions"}, sql: []string{"r.expires_at < date_trunc('day', now()) + interval '2 days'"}},
			"revenue from February 1 through February 10, both dates included": {measures: []string{"revenue"}, period: "DATE '2025-02-11'"},
			// "inclusive" before a flag is not a bound: every status, read as before
			"vendas de fevereiro inclusive canceladas": {measures: []string{"sales_count"}, filters: []string{"any_status"}},
		}},
		{"over the entire history: all time", map[string]want{
			"quantos estornos em todo o histórico": {measures: []string{"reversals"}, period: "-", dims: []string{}},
			"revenue over the entire history":      {measures: []string{"revenue"}, period: "-", dims: []string{}},
			"histórico do faturamento":             {measures: []string{"revenue"}, dims: []string{"month"}},
		}},
		{"a purpose clause: para fins de, for ... purposes", map[string]want{
			"Para fins de conciliação, informe os pontos creditados em abril.":  {measures: []string{"points_credited"}, period: "DATE '2025-04-01'"},
			"pontos debitados em abril, para verificação de consistência.":      {measures: []string{"points_debited"}},
			"For reconciliation purposes, provide the points debited in April.": {measures: []string{"points_debited"}},
		}},
		{"in a single row; in that interval", map[string]want{
			"apresente em uma única linha o faturamento e o número de vendas de abril":               {measures: []string{"revenue", "sales_count"}},
			"quantos resgates foram cancelados em abril e quantos pontos envolveram nesse intervalo": {measures: []string{"redemptions", "points_redeemed"}, period: "DATE '2025-04-01'"},
			"revenue and number of sales for April, in a single row":                                 {measures: []string{"revenue", "sales_count"}},
		}},
		{"in absolute value, said of a sum of points; the entries it reads said again", map[string]want{
			"quantos pontos foram estornados em abril, em valor absoluto":      {measures: []string{"points_reversed"}},
			"pontos estornados nos lançamentos do tipo estorno em abril":       {measures: []string{"points_reversed"}},
			"soma absoluta dos pontos debitados em abril":                      {measures: []string{"points_debited"}},
			"points debited in April, in absolute value":                       {measures: []string{"points_debited"}},
			"faturamento de abril em valor absoluto":                           {refuse: true},
			"crescimento do faturamento de março para abril em valor absoluto": {refuse: true},
			"quantos débitos manuais em abril":                                 {measures: []string{"debits"}},
		}},
		{"a second ask over the first one's rows: isso, desses, those", map[string]want{
			"quantas vendas foram canceladas em abril na Batel? e quanto isso dá em dinheiro?": {measures: []string{"sales_count", "revenue"}, filters: []string{"cancelled", "store_code"}},
			"quantos clientes inativos têm saldo acima de zero, e qual a soma desses saldos?":  {measures: []string{"customers", "balance_total"}, filters: []string{"active_inactive", "balance_threshold"}},
			"o valor total das vendas canceladas em abril e quantos cupons foram cancelados":   {measures: []string{"revenue", "sales_count"}, filters: []string{"cancelled"}},
			"how many sales were cancelled in April and what was their value":                  {measures: []string{"sales_count", "revenue"}, filters: []string{"cancelled"}},
			// without a word pointing back, the second ask may be of other rows
			"quantas vendas canceladas em abril e quanto faturamos": {refuse: true},
			// an amount before a conjunction is never the count after it said again
			"valor total das vendas em abril e quantas vendas": {measures: []string{"revenue", "sales_count"}},
		}},
	})
}
