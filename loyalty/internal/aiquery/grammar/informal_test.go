package grammar

import "testing"

// The classes of informal and analysts' writing of the fifth round (issue 24): texting and
// spoken forms, English as a second language, numbers in words, column names as analysts
// type them, and finance words. Each class is read in paraphrases written for these tests
// (not taken from an evaluation set), in both languages.
func TestInformalClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"texting abbreviations, spoken fillers and emojis", map[string]want{
			"qnt a batel faturou ontem":                              {measures: []string{"revenue"}, filters: []string{"store_code"}},
			"tipo, qntos clientes ativos a gente tem hj":             {measures: []string{"customers"}, filters: []string{"active_active"}},
			"ai me fala qnts vendas teve no pix msm semana passada":  {measures: []string{"sales_count"}, filters: []string{"payment_type"}},
			"quantos cli nao usam o app msm":                         {measures: []string{"customers"}, sql: []string{"NOT c.app_user"}},
			"galera, qnt vendemos em maio? 😅":                        {measures: []string{"revenue"}, period: "DATE '2025-05-01'"},
			"faturamento de ontem 🙏🔥":                                {measures: []string{"revenue"}},
			"so like how many sales did Savassi make yesterday lol":  {measures: []string{"sales_count"}, filters: []string{"store_code"}},
			"olha quanto que deu o ticket médio de maio no pix":      {measures: []string{"average_ticket"}, filters: []string{"payment_type"}},
			"blz, e qto deu o ticket medio ontem":                    {measures: []string{"average_ticket"}},
			"saldo medio por cliente hj":                             {measures: []string{"balance_average"}},
			"qual a % de opt-in de sms da galera entre 20 e 35 anos": {sql: []string{"FILTER (WHERE c.sms_optin)", ">= 20", "<= 35"}},
		}},
		{"informal spellings of the model's words (semantic/spellings.go)", map[string]want{
			"qntos clientes n usam o app":                           {measures: []string{"customers"}, sql: []string{"NOT c.app_user"}},
			"qnts clientes vcs tem com mais d 1000 pts":             {measures: []string{"customers"}, sql: []string{"c.points_balance > 1000"}},
			"qnts clientes compraram em maio e n voltaram em junho": {sql: []string{"NOT EXISTS", "DATE '2025-06-01'"}},
			"what is the quantity of clients by city":               {measures: []string{"customers"}, dims: []string{"city"}},
			"how many customers selled more than 3 times":           {refuse: true}, // customers do not sell
			"how much the Batel store selled yesterday":             {measures: []string{"revenue"}, filters: []string{"store_code"}},
		}},
		{"anyone, someone: the customers, listed", map[string]want{
			"tem alguem chamado Souza? lista ai":      {list: true, sql: []string{"name_fold('Souza')"}},
			"is there anybody with Rocha in the name": {list: true, sql: []string{"name_fold('Rocha')"}},
			"alguém com Lima no nome?":                {list: true, sql: []string{"name_fold('Lima')"}},
		}},
		{"customers who bought and then disappeared", map[string]want{
			"quantos clientes compraram em fevereiro e sumiram em março":         {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-03-01'", "DATE '2025-02-01'"}},
			"clientes que compraram em abril mas pararam de comprar em maio":     {sql: []string{"NOT EXISTS", "DATE '2025-05-01'"}},
			"how many customers bought in March but stopped buying in April":     {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
			"clientes que compraram em março e não compraram mais nada em abril": {sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
			"clientes que sumiram": {refuse: true}, // gone since when?
		}},
		{"English as a second language: buyed, double negation", map[string]want{
			"customers who bought nothing in May": {sql: []string{"NOT EXISTS", "DATE '2025-05-01'"}},
			"how many clients buyed at Batel in April but didnt buy nothing in May": {measures: []string{"customers"},
				sql: []string{"x.store_code = 'L06'", "NOT EXISTS", "DATE '2025-05-01'"}},
			"quantos clientes compraram no Cambuí em março mas não compraram em abril": {sql: []string{"x.store_code = 'L03'", "NOT EXISTS", "DATE '2025-04-01'"}},
			"how many customers between 20 and 30 years we have":                       {measures: []string{"customers"}, sql: []string{">= 20", "<= 30"}},
			"customers which have more than 500 points, how many?":                     {measures: []string{"customers"}, sql: []string{"c.points_balance > 500"}},
		}},
		{"numbers in words", map[string]want{
			"clientes sem comprar há mais de noventa dias":         {sql: []string{"c.last_purchase <", "'89 days'"}},
			"customers who haven't bought in over sixty days":      {sql: []string{"c.last_purchase <", "'59 days'"}},
			"quantos clientes estão sem comprar a mais de 45 dias": {sql: []string{"c.last_purchase <", "'44 days'"}},
			"quantos clientes com mais de quarenta anos":           {sql: []string{"> 40"}},
			"clientes com vinte e cinco anos ou mais":              {sql: []string{">= 25"}},
			"customers over forty five":                            {sql: []string{"> 45"}},
			"customers aged thirty-five or older":                  {measures: []string{"customers"}, sql: []string{">= 35"}},
			"clientes com idade de trinta anos ou mais":            {measures: []string{"customers"}, sql: []string{">= 30"}},
			"clientes com saldo de 500 pontos ou mais":             {measures: []string{"customers"}, sql: []string{"c.points_balance >= 500"}},
			"os dez maiores clientes por gasto":                    {limit: 10, period: "-"},
			"as cinco lojas que mais venderam em maio":             {limit: 5, dims: []string{"store"}},
			"the three biggest stores by revenue this year":        {limit: 3, dims: []string{"store"}},
			"vendas dos últimos trinta dias":                       {measures: []string{"sales_count"}, sql: []string{"'29 days'"}},
		}},
		{"column names and stored values as analysts type them", map[string]want{
			"quantos clientes com sms_optin = true":                             {measures: []string{"customers"}, sql: []string{"c.sms_optin"}},
			"clientes com email_optin falso":                                    {sql: []string{"NOT c.email_optin"}},
			"how many customers with whatsapp_optin false and email_optin true": {sql: []string{"NOT c.whatsapp_optin", "AND c.email_optin"}},
			"quantos clientes com is_active = false":                            {sql: []string{"NOT c.is_active"}},
			"media de idade em anos completos dos clientes ativos":              {sql: []string{"age(", "c.is_active"}},
			"average age in whole years of female customers":                    {sql: []string{"age("}},
			"resgates por status: quantidade e soma de total_points":            {measures: []string{"redemptions", "points_redeemed"}, dims: []string{"status"}},
			"taxa de cancelamento (%) por loja em maio":                         {dims: []string{"store"}, sql: []string{"cancelled_at IS NOT NULL"}},
			"redemptions where status = pending":                                {measures: []string{"redemptions"}, sql: []string{"r.status = 'pending'"}},
			"clientes por gender_identity":                                      {measures: []string{"customers"}, dims: []string{"gender"}},
			"quantos resgates com status igual a cancelled":                     {measures: []string{"redemptions"}, sql: []string{"r.status = 'cancelled'"}},
			"resgates com status expired em 2025":                               {sql: []string{"r.status = 'expired'"}},
			"cancellation rate (%) by city last quarter":                        {dims: []string{"city"}, sql: []string{"cancelled_at IS NOT NULL"}},
			"percentual de vendas no pix e taxa de cancelamento em maio":        {refuse: true}, // two rates, not one said twice
		}},
		{"several measures of a list of events, one column each", map[string]want{
			"pontos creditados, debitados e estornados em maio, cada um numa coluna": {measures: []string{"points_credited", "points_debited", "points_reversed"}},
			"points credited, redeemed and reversed last month, one column each":     {measures: []string{"points_credited", "points_redeemed", "points_reversed"}},
			"quantidade e faturamento de maio vs junho":                              {measures: []string{"sales_count", "revenue"}},
			"qtd e ticket medio por loja em abril":                                   {measures: []string{"sales_count", "average_ticket"}, dims: []string{"store"}},
		}},
		{"finance words: fiscal years, trailing windows, lifetime, liability, only", map[string]want{
			"revenue FY2024 by quarter":                   {measures: []string{"revenue"}, dims: []string{"quarter"}, period: "DATE '2024-01-01'", sql: []string{"date_trunc('quarter'"}},
			"vendas FY24":                                 {measures: []string{"sales_count"}, period: "DATE '2024-01-01'"},
			"txn count WTD":                               {measures: []string{"sales_count"}, period: "date_trunc('week', now())"},
			"points issued vs redeemed in FY2025":         {measures: []string{"points_credited", "points_redeemed"}, period: "DATE '2025-01-01'"},
			"AOV trailing 30 days":                        {measures: []string{"average_ticket"}, sql: []string{"'29 days'"}},
			"average ticket over the rolling 7 days":      {measures: []string{"average_ticket"}, sql: []string{"'6 days'"}},
			"vendas nos ultimos 15 dias corridos":         {measures: []string{"sales_count"}, sql: []string{"'14 days'"}},
			"top 5 customers by lifetime spend":           {limit: 5, period: "-", sql: []string{"customer_period_purchases"}},
			"customer lifetime value by store":            {refuse: true},
			"total points liability, active members only": {measures: []string{"balance_total"}, sql: []string{"c.is_active"}},
			"saldo total só dos clientes ativos":          {measures: []string{"balance_total"}, sql: []string{"c.is_active"}},
			"only pending redemptions this month":         {measures: []string{"redemptions"}, sql: []string{"r.status = 'pending'"}},
			"how many customers bought only at Batel":     {refuse: true},
			"manually debited points YTD":                 {measures: []string{"points_debited"}, dims: []string{}},
			"pontos debitados manualmente em 2025":        {measures: []string{"points_debited"}},
			"Revenue mix by store last month":             {dims: []string{"store"}, sql: []string{"OVER ()"}},
		}},
		{"in total after a count of rows without an amount", map[string]want{
			"qnts clientes a gnt tem cadastrados no total?": {measures: []string{"customers"}, period: "-"},
			"quantos clientes ativos no total":              {measures: []string{"customers"}, sql: []string{"c.is_active"}},
			"how many customers in total":                   {measures: []string{"customers"}},
			"quantas vendas tivemos em abril no total":      {refuse: true}, // it may ask for the revenue
		}},
		{"a named period said up to now", map[string]want{
			"sales of March till now":        {measures: []string{"sales_count"}, sql: []string{">= DATE '2025-03-01'"}},
			"vendas de junho até agora":      {measures: []string{"sales_count"}, period: "DATE '2025-06-01'"},
			"revenue 2024 until now":         {measures: []string{"revenue"}, sql: []string{">= DATE '2024-01-01'"}},
			"faturamento de março até agora": {measures: []string{"revenue"}, sql: []string{">= DATE '2025-03-01'"}},
			"revenue until now this month":   {measures: []string{"revenue"}, sql: []string{">= date_trunc('month', now())"}},
			"faturamento até agora este mês": {measures: []string{"revenue"}, sql: []string{">= date_trunc('month', now())"}},
		}},
		{"a birth date in a month is a birthday, never a sign-up", map[string]want{
			"clientes com data de nascimento em julho": {sql: []string{"extract(month FROM c.birth_date) = 7"}},
			"clientes com birth_date em julho":         {sql: []string{"extract(month FROM c.birth_date) = 7"}},
			"clientes nascidos em julho":               {sql: []string{"extract(month FROM c.birth_date) = 7"}},
			"customers born in March":                  {sql: []string{"extract(month FROM c.birth_date) = 3"}},
		}},
	})
}
