package grammar

import (
	"strings"
	"testing"
	"time"
)

// The fourteenth round's exclusion classes (issue 24): a sentence or clause after the
// question that corrects or restricts what it asked.
func TestExclude14Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"a correction after the question, 'A, not B', names which of the measure and its counterpart over the same rows is meant", map[string]want{
			"Ibirapuera or Centro, which one rang up more sales this month? Number of sales, not the money.": {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{"IN ('L02', 'L01')"}},
			"quanto vendeu a savassi em maio? so a quantidade, nao o valor":                                  {measures: []string{"sales_count"}, sql: []string{"v.store_code = 'L05'"}},
			"how much did Savassi sell in May? just the count, not the amount":                               {measures: []string{"sales_count"}, sql: []string{"v.store_code = 'L05'"}},
			"Manual debits by store, financial year to date. Points, not count.":                             {measures: []string{"points_debited"}, dims: []string{"store"}},
			"debitos por loja este ano. pontos, nao quantidade":                                              {measures: []string{"points_debited"}, dims: []string{"store"}},
			"redemptions by store in May. Points, not the number.":                                           {measures: []string{"points_redeemed"}, dims: []string{"store"}},
			"resgates por loja em maio. em pontos, não em quantidade":                                        {measures: []string{"points_redeemed"}, dims: []string{"store"}},
			"pontos resgatados em maio? a quantidade de resgates, nao os pontos":                             {measures: []string{"redemptions"}, period: "2025-05-01"},
			"qual loja vendeu mais em abril? so o numero de vendas mesmo, nao o faturamento":                 {measures: []string{"sales_count"}, limit: 1},
			"which store sold more in May, Savassi or Centro? In reais, not number of sales.":                {measures: []string{"revenue"}, limit: 1},
			"quanto a Savassi faturou em maio, a quantidade, não o valor":                                    {measures: []string{"sales_count"}, sql: []string{"v.store_code = 'L05'"}},
			"quantos estornos em maio? pontos, nao quantidade":                                               {measures: []string{"points_reversed"}},
			// the correction restating the measure read keeps it
			"quanto vendeu a savassi em maio? o valor, nao a quantidade": {measures: []string{"revenue"}},
			"revenue in May, not the number of sales":                    {measures: []string{"revenue"}},
			// a side neither the measure nor its counterpart names, or two measures: refused
			"quantos clientes temos? pontos, nao quantidade":                {refuse: true},
			"quanto vendeu a savassi em maio? o valor, nao os pontos":       {refuse: true},
			"vendas e faturamento de maio. quantidade, não valor":           {refuse: true},
			"quantos clientes compraram em maio? a quantidade, nao o valor": {refuse: true},
			"faturamento da savassi em maio? o ticket medio, nao o total":   {refuse: true},
			"how many customers bought in May? the points, not the number":  {refuse: true},
			"how much did Savassi sell in May? the amount, not the amount":  {refuse: true},
		}},
		{"an exclusion said after the question, of the rows who never did it, leaves them out", map[string]want{
			"qnts clientes tao sem comprar ha mais de 60 dias?? os q nunca compraram nao conta":                   {measures: []string{"customers"}, sql: []string{"c.last_purchase <"}},
			"How many customers haven't bought in the last 90 days? Those who never bought, please exclude them.": {measures: []string{"customers"}, sql: []string{"c.last_purchase <"}},
			"How many customers haven't bought for 90 days? those who never bought are excluded":                  {measures: []string{"customers"}, sql: []string{"c.last_purchase <"}},
			"quantos clientes sem comprar ha 90 dias? os que nunca compraram devem ser desconsiderados":           {measures: []string{"customers"}, sql: []string{"c.last_purchase <"}},
			"quantos clientes ativos? os que nunca compraram nao contam":                                          {measures: []string{"customers"}, sql: []string{"c.is_active", "AND EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			"How many active customers? customers who never bought should be excluded":                            {measures: []string{"customers"}, sql: []string{"c.is_active", "AND EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			// the ones who never did, included: not read
			"How many customers haven't bought for 90 days? those who never bought are included": {refuse: true},
		}},
		{"an exclusion said after the question, of the customers with an attribute not on file, keeps the others", map[string]want{
			"quantos clientes tem 60 anos ou mais? excluídos aqueles sem data de nascimento informada":                                 {measures: []string{"customers"}, sql: []string{">= 60", "c.birth_date IS NOT NULL"}},
			"quantos clientes tem mais de 60 anos? Os que não informaram a data de nascimento devem ser desconsiderados":               {measures: []string{"customers"}, sql: []string{"> 60", "c.birth_date IS NOT NULL"}},
			"quantos clientes tem 60 anos ou mais? quem nao tem data de nascimento deve ser desconsiderado":                            {measures: []string{"customers"}, sql: []string{"c.birth_date IS NOT NULL"}},
			"quantos clientes tem 60 anos ou mais? os sem data de nascimento informada ficam de fora":                                  {measures: []string{"customers"}, sql: []string{"c.birth_date IS NOT NULL"}},
			"idade média dos clientes por gênero. Os que não informaram a data de nascimento podem ser desconsiderados, naturalmente.": {measures: []string{"average_age"}, sql: []string{"c.birth_date IS NOT NULL"}},
			"idade media dos clientes por loja, desconsiderando os que nao informaram a data de nascimento":                            {measures: []string{"average_age"}, sql: []string{"c.birth_date IS NOT NULL"}},
			"how many customers are over 60, not counting those who don't have a birth date":                                           {measures: []string{"customers"}, sql: []string{"c.birth_date IS NOT NULL"}},
			"quantos clientes tem 60 anos ou mais? excluídos aqueles sem email cadastrado":                                             {measures: []string{"customers"}, sql: []string{"c.email IS NOT NULL"}},
			// said as the rows, it keeps them
			"quantos clientes sem data de nascimento informada":    {measures: []string{"customers"}, sql: []string{"c.birth_date IS NULL"}},
			"quantos clientes nao informaram a data de nascimento": {measures: []string{"customers"}, sql: []string{"c.birth_date IS NULL"}},
		}},
		{"redemptions without the cancelled and the expired are the ones reports count; without one of them alone, refused", map[string]want{
			"How many redemptions this year? Only live redemptions, not cancelled or expired ones.": {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"how many redemptions this year, not cancelled or expired":                              {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"how many redemptions this year excluding cancelled and expired ones":                   {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"quantos resgates em 2025 exceto cancelados e expirados":                                {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"quantos resgates em 2025, sem os cancelados e expirados":                               {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"quantos resgates em 2025? cancelados e expirados nao contam":                           {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"resgates por loja em maio, desconsiderando cancelados e expirados":                     {measures: []string{"redemptions"}, dims: []string{"store"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"quantos resgates em 2025 que nao foram cancelados nem expirados":                       {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			// one status alone keeps the other (an expired one is not cancelled): refused
			"how many redemptions this year, not cancelled":          {refuse: true},
			"how many redemptions this year, not pending or applied": {refuse: true},
			"quantas vendas em maio, sem as canceladas e expiradas":  {refuse: true},
			// said as the rows, they are those rows
			"how many cancelled or expired redemptions this year": {measures: []string{"redemptions"}, sql: []string{"r.status IN ('cancelled', 'expired')"}},
		}},
		{"a count and the value of the same rows, the second said with a pronoun or a verb pointing back ('dava', 'were they worth')", map[string]want{
			"semana passada teve venda cancelada? qnts foram e qnto q dava em valor":    {measures: []string{"sales_count", "revenue"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
			"semana passada teve venda cancelada? quantas foram e quanto dava em valor": {measures: []string{"sales_count", "revenue"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
			"quantas vendas foram canceladas em maio e quanto isso dava em reais":       {measures: []string{"sales_count", "revenue"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
			"how many sales were cancelled last week and how much were they worth":      {measures: []string{"sales_count", "revenue"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
			"how much were cancelled sales worth last week":                             {measures: []string{"revenue"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
			// a second part that may be of all the rows stays refused
			"quantas vendas foram canceladas semana passada e quanto deram em valor": {refuse: true},
		}},
		{"customers who bought at one store and never once at another ('never once', 'nem uma vez')", map[string]want{
			"How many customers have bought at Copacabana but never once at Ibirapuera?": {measures: []string{"customers"}, sql: []string{"EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.store_code = 'L04')", "NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.store_code = 'L02')"}},
			"quantos clientes compraram na Copacabana mas nem uma vez no Centro?":        {measures: []string{"customers"}, sql: []string{"x.store_code = 'L04'", "NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.store_code = 'L01')"}},
			"customers who bought at Savassi but not even once at Centro in April":       {measures: []string{"customers"}, sql: []string{"x.store_code = 'L05'", "NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-04-01'"}},
			"quantos clientes compraram na Savassi e nunca nenhuma vez no Centro":        {measures: []string{"customers"}, sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.store_code = 'L01')"}},
			"how many customers bought at Batel but never at Copacabana":                 {measures: []string{"customers"}, sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.store_code = 'L04')"}},
			"how many customers never once bought":                                       {measures: []string{"customers"}},
		}},
		{"'only those who ever did it' said after the question keeps the customers who did it at some time", map[string]want{
			"oxe quantos clientes tão sem comprar faz mais de 60 dias mas só os que já compraram alguma vez né": {measures: []string{"customers"}, sql: []string{"c.last_purchase <", "EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			"quantos clientes ativos, so os que ja compraram alguma vez":                                        {measures: []string{"customers"}, sql: []string{"c.is_active", "EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			"how many active customers, only the ones who bought at some point":                                 {measures: []string{"customers"}, sql: []string{"c.is_active", "EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			"how many customers haven't bought for 90 days, only those who have bought at some point":           {measures: []string{"customers"}, sql: []string{"c.last_purchase <"}},
			"quantos clientes inativos? so quem ja comprou alguma vez":                                          {measures: []string{"customers"}, sql: []string{"NOT c.is_active", "EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			// "só os que compraram" with no time of its own: whose period? refused
			"quantos clientes ativos, so os que compraram": {refuse: true},
		}},
		{"'quanto X vendeu ... e quantas vendas': the amount the verb says of the rows counted is a measure of its own", map[string]want{
			"quanto que a loja de copacabana vendeu no mês passado e quantas vendas foi isso aí também quero saber": {measures: []string{"revenue", "sales_count"}, sql: []string{"v.store_code = 'L04'", "interval '1 month'"}},
			"quanto a copacabana vendeu no mes passado e quantas vendas ela fez":                                    {measures: []string{"revenue", "sales_count"}, sql: []string{"v.store_code = 'L04'"}},
			"quanto a copacabana vendeu no mes passado e quantas vendas":                                            {measures: []string{"revenue", "sales_count"}, sql: []string{"v.store_code = 'L04'"}},
			"how much did Copacabana sell last month and how many sales was that":                                   {measures: []string{"revenue", "sales_count"}, sql: []string{"v.store_code = 'L04'"}},
			"quanto os clientes resgataram em maio e quantos resgates foram":                                        {measures: []string{"points_redeemed", "redemptions"}, period: "2025-05-01"},
			"quantas vendas a copacabana fez no mes passado e quanto ela vendeu":                                    {measures: []string{"sales_count", "revenue"}},
			// the verb's amount of other rows than those counted: refused
			"quanto a savassi vendeu em maio e quantos clientes compraram": {refuse: true},
		}},
		{"'X or Y, which one ...?': the two values named, ranked, each shown (as 'which sold more, X or Y?')", map[string]want{
			"Ibirapuera or Centro, which one rang up more sales this month?": {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{"IN ('L02', 'L01')"}},
			"which one sold more in May, Savassi or Centro?":                 {dims: []string{"store"}, sql: []string{"IN ('L05', 'L01')"}},
			"pix or cash, which one brought in more revenue in May?":         {dims: []string{"payment_type"}},
			"Batel or Savassi, which one had more sales in April?":           {dims: []string{"store"}},
			"Savassi ou Centro, qual delas vendeu mais em maio?":             {dims: []string{"store"}},
			// with no values named, "which one" is the one the ranking names
			"most redeemed product this year, which one": {limit: 1},
		}},
	})
	// the values named are each shown: no limit
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range []string{
		"Ibirapuera or Centro, which one rang up more sales this month?",
		"Ibirapuera or Centro, which one rang up more sales this month? Number of sales, not the money.",
		"which one sold more in May, Savassi or Centro?",
		"pix or cash, which one brought in more revenue in May?",
	} {
		res, err := it.Interpret(q, testCatalog)
		if err != nil || strings.Contains(res.SQL, "LIMIT") {
			t.Errorf("%q: want every value named shown, got %v %v", q, res, err)
		}
	}
}
