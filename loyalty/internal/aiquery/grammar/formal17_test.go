package grammar

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The seventeenth round's formal and finance classes (issue 24): an order said from the
// one that did most to the one that did least, a second measure added with a verb of
// adding, the pluperfect with "haver", a figure said "consolidated", and ranges of months
// typed with a typographic dash.
func TestFormal17Classes(t *testing.T) {
	desc, asc := semantic.Descending, semantic.Ascending
	runClasses(t, []classCases{
		{"an order said as a range whose ends are relative clauses (\"da que vendeu mais pra que vendeu menos\") is one order, its end's verb the start's", map[string]want{
			"me mostra o faturamento de cada loja esse ano, da que vendeu mais pra que vendeu menos":   {measures: []string{"revenue"}, dims: []string{"store"}, order: desc},
			"vendas por loja em maio, da que vendeu menos para a que vendeu mais":                      {measures: []string{"sales_count"}, dims: []string{"store"}, order: asc},
			"faturamento por loja no ano, da loja que mais faturou pra que menos faturou":              {measures: []string{"revenue"}, dims: []string{"store"}, order: desc},
			"revenue by store this year, from the one that sold most to the one that sold least":       {measures: []string{"revenue"}, dims: []string{"store"}, order: desc},
			"sales per store in May, from the store that sold the least to the one that sold the most": {measures: []string{"sales_count"}, dims: []string{"store"}, order: asc},
			// the end speaks of another verb, or says the start's direction again
			"vendas por loja em maio, da que vendeu mais pra que resgatou menos":                {refuse: true},
			"revenue by store this year, from the one that sold most to the one that sold most": {refuse: true},
			"faturamento por loja esse ano, da que vendeu menos pra que vendeu menos":           {refuse: true},
		}},
		{"a verb that adds its object to the answer after a conjunction (\"and throw in the debits too\") asks for a second measure", map[string]want{
			"How many points did we credit at each store last quarter, and throw in the debits too while you're at it": {measures: []string{"points_credited", "points_debited"}, dims: []string{"store"}},
			"revenue by store in May, and toss in the number of sales as well":                                         {measures: []string{"revenue", "sales_count"}, dims: []string{"store"}},
			"points credited per store last month, tack on the redemptions too":                                        {dims: []string{"store"}, sql: []string{"points_credited", "points_redeemed"}},
			"faturamento por loja em maio e traz também a quantidade de vendas":                                        {measures: []string{"revenue", "sales_count"}, dims: []string{"store"}},
			// governing no concept it is still a word no reading uses
			"how many customers throw in": {refuse: true},
			"me traz 500 pontos":          {refuse: true},
		}},
		{"the pluperfect with \"haver\" (\"já haviam comprado antes\") is the one with \"ter\": the period's buyers who had bought before", map[string]want{
			"Quantos clientes compradores de maio/2025 já haviam comprado antes de 1º de maio? Preciso mensurar a recorrência da base.": {measures: []string{"customers"}, sql: []string{"x.transaction_date < DATE '2025-05-01'", "x.transaction_date >= DATE '2025-05-01' AND x.transaction_date < DATE '2025-06-01'"}},
			"quantos compradores de abril já haviam comprado antes":                                                                     {measures: []string{"customers"}, sql: []string{"x.transaction_date < DATE '2025-04-01'", "x.transaction_date >= DATE '2025-04-01'"}},
			"dos clientes que compraram em março, quantos já haviam comprado antes":                                                     {measures: []string{"customers"}, sql: []string{"x.transaction_date < DATE '2025-03-01'", "x.transaction_date >= DATE '2025-03-01'"}},
			"how many of last month's buyers had bought before":                                                                         {measures: []string{"customers"}, sql: []string{"x.transaction_date < date_trunc('month', now()) - interval '1 month'"}},
		}},
		{"a figure said \"consolidated\" is the whole chain's: no store filter, a breakdown or a store said beside it kept", map[string]want{
			"receita bruta consolidada da rede em maio": {measures: []string{"revenue"}, filters: []string{}, period: "2025-05-01"},
			"faturamento consolidado de maio":           {measures: []string{"revenue"}, filters: []string{}, period: "2025-05-01"},
			"consolidated revenue for Q1":               {measures: []string{"revenue"}, filters: []string{}, period: "2025-01-01"},
			"faturamento consolidado por loja em maio":  {measures: []string{"revenue"}, dims: []string{"store"}},
			"vendas consolidadas da Savassi em maio":    {measures: []string{"sales_count"}, sql: []string{"'L05'"}},
		}},
		{"a typographic dash glued between two months or weekdays (\"jan–jun/2025\") is the range a hyphen says", map[string]want{
			"vendas de mar–mai/2025":                    {measures: []string{"sales_count"}, period: "DATE '2025-03-01' | DATE '2025-06-01'"},
			"faturamento mensal jan—abr/2025":           {measures: []string{"revenue"}, dims: []string{"month"}, period: "DATE '2025-01-01' | DATE '2025-05-01'"},
			"revenue Mon–Fri last month":                {measures: []string{"revenue"}, filters: []string{"weekday_in"}},
			"Taxa de cancelamento mensal, jan–jun/2025": {dims: []string{"month"}, period: "DATE '2025-01-01' | DATE '2025-07-01'", sql: []string{"cancelled_at IS NOT NULL"}},
			// spaced, it is still a sentence's stop between two periods
			"faturamento de janeiro — março de 2025": {refuse: true},
		}},
		{"the percent sign said after a percentage, with only its rows, breakdown, period and one condition between, is its unit wherever it stands", map[string]want{
			"Taxa de cancelamento mensal (%), jan–jun/2025.":        {dims: []string{"month"}, sql: []string{"cancelled_at IS NOT NULL"}, period: "DATE '2025-01-01' | DATE '2025-07-01'"},
			"cancellation rate by store (%) in May":                 {dims: []string{"store"}, sql: []string{"cancelled_at IS NOT NULL"}, period: "2025-05-01"},
			"share of customers with whatsapp opt-in by gender (%)": {dims: []string{"gender"}, sql: []string{"FILTER (WHERE c.whatsapp_optin)"}},
			"percentual de vendas no pix por loja (%) em maio":      {dims: []string{"store"}, period: "2025-05-01", sql: []string{"100.0 * "}},
			"% de vendas canceladas por loja":                       {dims: []string{"store"}, sql: []string{"cancelled_at IS NOT NULL"}},
			// a second measure between them: two things, as before; two conditions between:
			// which is the base is not said
			"percentual de vendas canceladas por loja e % no pix":                     {refuse: true},
			"taxa de cancelamento (%) e faturamento por loja":                         {refuse: true},
			"proporção de clientes ativos com opt-in de sms por gênero (%) neste ano": {refuse: true},
		}},
		{"the customers left out for an attribute not on file are the base a percentage is of, never its condition", map[string]want{
			"Proporção de clientes com opt-in de WhatsApp por gênero (%), desconsiderando gênero não informado.":           {dims: []string{"gender"}, sql: []string{"FILTER (WHERE c.whatsapp_optin)", "WHERE c.gender_identity IS NOT NULL"}},
			"percentual de clientes que aceitam sms por gênero, excluindo gênero não informado":                            {dims: []string{"gender"}, sql: []string{"FILTER (WHERE c.sms_optin)", "WHERE c.gender_identity IS NOT NULL"}},
			"share of customers opted in to email by gender, excluding customers with unknown gender":                      {dims: []string{"gender"}, sql: []string{"FILTER (WHERE c.email_optin)", "WHERE c.gender_identity IS NOT NULL"}},
			"proporção de clientes com whatsapp por faixa etária 18-24, 25-34 e 35+, desconsiderando gênero não informado": {sql: []string{"FILTER (WHERE c.whatsapp_optin)", "c.gender_identity IS NOT NULL"}, sqlNot: []string{"FILTER (WHERE c.gender_identity IS NOT NULL)"}},
			// said as what is counted, it is the condition
			"percentual de clientes com gênero informado":        {sql: []string{"FILTER (WHERE c.gender_identity IS NOT NULL)"}},
			"percentual de clientes ativos com gênero informado": {sql: []string{"FILTER (WHERE c.gender_identity IS NOT NULL)", "WHERE c.is_active"}},
		}},
		{"the quartiles by their name are the three (p25, median, p75), said again as a list or not; never a weekday read through a typo", map[string]want{
			"Quartis do saldo de pontos (P25, P50, P75) entre clientes ativos.": {sql: []string{"percentile_cont(0.25)", "percentile_cont(0.5)", "percentile_cont(0.75)", "WHERE c.is_active"}, sqlNot: []string{"isodow"}},
			"quartis do saldo de pontos dos clientes ativos":                    {sql: []string{"percentile_cont(0.25)", "percentile_cont(0.5)", "percentile_cont(0.75)", "WHERE c.is_active"}, sqlNot: []string{"isodow"}},
			"quartiles of the points balance of active customers":               {sql: []string{"percentile_cont(0.25)", "percentile_cont(0.5)", "percentile_cont(0.75)", "WHERE c.is_active"}},
			"ticket em maio: quartis":                                           {sql: []string{"percentile_cont(0.25)", "percentile_cont(0.75)"}, period: "2025-05-01"},
			// a list that is not the quartiles beside them: which ones is not said
			"quartis do saldo (p25, p90)": {refuse: true},
		}},
		{"a participle of separating with \"entre\", \"between\" before a flag and its opposite, or two values, is a row for each", map[string]want{
			"Qual o passivo de pontos em aberto (saldo total) da base, segregado entre clientes ativos e inativos?": {measures: []string{"balance_total"}, dims: []string{"active"}},
			"saldo total de pontos dividido entre ativos e inativos":                                                {measures: []string{"balance_total"}, dims: []string{"active"}},
			"total points balance split between active and inactive customers":                                      {measures: []string{"balance_total"}, dims: []string{"active"}},
			"faturamento de maio separado entre Savassi e Centro":                                                   {measures: []string{"revenue"}, sql: []string{"'L05'", "'L01'", "GROUP BY"}},
			"revenue in May broken down between pix and cash":                                                       {measures: []string{"revenue"}, sql: []string{"GROUP BY v.payment_type"}},
			// said of nothing compared it is still a word no reading uses
			"saldo total de pontos segregado entre clientes ativos": {refuse: true},
		}},
		{"\"entre\" right before the people a figure is of is \"among\", as \"entre os\" is", map[string]want{
			"saldo médio de pontos entre clientes ativos": {measures: []string{"balance_average"}, sql: []string{"WHERE c.is_active"}},
			"ticket médio entre clientes do app":          {sql: []string{"c.origin = 'APP'"}},
			"quantos clientes entre 18 e 24 anos":         {measures: []string{"customers"}, sql: []string{">= 18", "<= 24"}},
			// a range with one bound is no range
			"vendas entre clientes e lojas": {refuse: true},
		}},
	})
}
