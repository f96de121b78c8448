package grammar

import "testing"

// The classes of several measures in one question that the tenth round of issue 24 fixed
// (theme "measures10"): a second clause that points back to the first one's rows, a
// ranking's own value asked after it, measures joined by "+", and the silent merges that
// now refuse. Paraphrases written for these tests (pt-BR and en), none taken from an
// evaluation set.
func TestMeasures10Classes(t *testing.T) {
	cancelledValue := []string{"count(*)", "sum(v.value)", "v.cancelled_at IS NOT NULL"}
	runClasses(t, []classCases{
		{"a second clause pointing back ('respectivo', 'correspondente', 'em questão', 'corresponding', 'concerned', 'in question') is of the first clause's rows", map[string]want{
			"quantas vendas canceladas em abril, bem como o respectivo valor":                        {measures: []string{"sales_count", "revenue"}, period: "2025-04-01", sql: cancelledValue},
			"número de vendas canceladas no Batel em maio e o valor correspondente":                  {measures: []string{"sales_count", "revenue"}, sql: append([]string{"v.store_code = 'L06'"}, cancelledValue...)},
			"quantos resgates expirados em 2024 e os pontos correspondentes":                         {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'expired'"}},
			"quantos resgates cancelados em março e quantos pontos em questão":                       {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'cancelled'"}},
			"how many redemptions were cancelled in May, and what is the total of points concerned?": {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'cancelled'"}},
			"how many sales were cancelled at Batel last month and what was the corresponding value": {measures: []string{"sales_count", "revenue"}, sql: append([]string{"v.store_code = 'L06'"}, cancelledValue...)},
			"how many redemptions expired in April and how many points were in question":             {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'expired'"}},
			"o respectivo valor":   {refuse: true},
			"the points concerned": {refuse: true},
		}},
		{"a quantity with a pronoun after a conjunction ('the total points they hold', 'pontos presos neles') is a second measure of the same rows", map[string]want{
			"quantos resgates pendentes e o total de pontos que eles têm":                           {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'pending'"}},
			"quantos resgates expirados em maio e quantos pontos ficaram presos neles":              {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'expired'"}},
			"quantos resgates pendentes no Centro e quantos pontos estão travados neles":            {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'pending'", "r.store_code = 'L01'"}},
			"Kindly confirm the number of redemptions still pending and the total points they hold": {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'pending'"}},
			"how many redemptions are pending and how many points do they hold":                     {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'pending'"}},
			"how many redemptions expired last month and how many points did they hold":             {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'expired'"}},
			// read before as the balance of customers with pending redemptions (the count
			// dropped): refused now, never merged
			"how many pending redemptions and the total points they hold":             {refuse: true},
			"count of pending redemptions at Savassi and the points they are holding": {refuse: true},
		}},
		{"a ranking's own value asked after it ('com quanto cada um gastou', 'e qual é esse saldo', 'and what that rate was') is the ranking, which shows it", map[string]want{
			"quais as 3 lojas com maior faturamento em maio e quanto cada uma faturou":        {measures: []string{"revenue"}, dims: []string{"store"}, limit: 3},
			"qual loja teve a maior taxa de cancelamento em 2025 e qual foi essa taxa":        {measures: []string{"rate_cancelled"}, dims: []string{"store"}, limit: 1},
			"quem tem o maior saldo de pontos e qual é esse saldo":                            {list: true, limit: 1, sql: []string{"c.points_balance", "ORDER BY c.points_balance DESC"}},
			"os 5 clientes q mais gastaram esse ano, com quanto cada um gastou":               {limit: 5, sql: []string{"cp.spent AS value", "faturamento"}},
			"which store had the highest revenue in May and what was that revenue":            {measures: []string{"revenue"}, dims: []string{"store"}, limit: 1},
			"which customer has the largest balance and what is it":                           {list: true, limit: 1, sql: []string{"c.points_balance"}},
			"top 3 stores by number of sales last month along with the number of sales":       {measures: []string{"sales_count"}, dims: []string{"store"}, limit: 3},
			"top 5 customers by spend this year with how much each spent":                     {limit: 5, sql: []string{"t.revenue"}},
			"which store had the highest cancellation rate last year, and what was that rate": {measures: []string{"rate_cancelled"}, dims: []string{"store"}, limit: 1},
			// another measure asked after the ranking is not its value
			"top 5 stores by revenue and how many sales each had":       {refuse: true},
			"qual loja mais vendeu em abril e qual o ticket médio dela": {refuse: true},
		}},
		{"a verb or a rate that ranks and another measure across a conjunction are refused, never merged into one", map[string]want{
			"top 10 customers by spend and their number of purchases":                        {refuse: true},
			"top 10 customers by number of purchases and their spend":                        {refuse: true},
			"which store had the lowest cancellation rate in 2024, and what its revenue was": {refuse: true},
			"which store had the highest cancellation rate in May and how much did it sell":  {refuse: true},
			"top 5 clientes por gasto em 2025 e quantas compras cada um fez":                 {refuse: true},
			"os 5 clientes q mais gastaram esse ano, com quantas compras cada um fez":        {refuse: true},
			"quais os 5 clientes que mais gastaram e quantas vezes compraram":                {refuse: true},
			"qual loja vendeu mais em maio e quanto vendeu":                                  {measures: []string{"revenue"}, dims: []string{"store"}, limit: 1},
			"which store sold the most last month and how much did it sell":                  {measures: []string{"revenue"}, dims: []string{"store"}, limit: 1},
		}},
		{"entries of one type said beside a count of entries are those entries, never all of them", map[string]want{
			"quantidade de lançamentos de estorno em 2024":                                  {measures: []string{"reversals"}, sql: []string{"e.transaction_type = 'E'"}},
			"total de pontos estornados em 2024 e o quantitativo de lançamentos de estorno": {measures: []string{"points_reversed", "reversals"}, sql: []string{"e.transaction_type = 'E'"}},
			"o número de lançamentos de estorno do ano passado":                             {measures: []string{"reversals"}},
			"number of reversal entries in 2024":                                            {measures: []string{"reversals"}, sql: []string{"e.transaction_type = 'E'"}},
			"points reversed last year and the number of reversal entries":                  {measures: []string{"points_reversed", "reversals"}},
			"how many reversal entries were posted in May":                                  {measures: []string{"reversals"}},
			"o quantitativo de lançamentos em 2024":                                         {measures: []string{"entries"}},
		}},
	})
}
