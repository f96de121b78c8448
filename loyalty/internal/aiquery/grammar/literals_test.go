package grammar

import "testing"

// The classes of the fourth round's group B (issue 24): free literals in a name slot,
// lists of bands, weekday sets and ranges, date forms. Paraphrases written for these
// tests, in both languages, with what must still be refused. The tests' clock is
// Wednesday 2025-06-18.

func TestDateFormClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"a month and a day number is that day, not a two-digit year", map[string]want{
			"points redeemed per store since April 1": {measures: []string{"points_redeemed"}, sql: []string{">= DATE '2025-04-01'"}},
			"sales since March 3rd":                   {sql: []string{">= DATE '2025-03-03'"}},
			"revenue on October 15, 2024":             {measures: []string{"revenue"}, sql: []string{">= DATE '2024-10-15'", "< DATE '2024-10-16'"}},
			"faturamento desde 2 de maio":             {sql: []string{">= DATE '2025-05-02'"}},
			"quantos resgates de 1º de maio pra cá":   {measures: []string{"redemptions"}, sql: []string{">= DATE '2025-05-01'"}},
			"how many sales from May 10th onwards":    {sql: []string{">= DATE '2025-05-10'"}},
			"revenue since 1 April":                   {sql: []string{">= DATE '2025-04-01'"}},
			"top 5 produtos mais resgatados maio":     {limit: 5, period: "2025-05-01", sql: []string{"< DATE '2025-06-01'"}},
		}},
		{"a short year glued to its month or quarter is a year", map[string]want{
			"faturamento em fev/25":   {period: "2025-02-01"},
			"revenue Jan '25":         {period: "2025-01-01"},
			"vendas no 1T24":          {period: "2024-01-01", sql: []string{"< DATE '2024-04-01'"}},
			"revenue in Q3 '24":       {period: "2024-07-01"},
			"faturamento de 2024-10":  {period: "2024-10-01", sql: []string{"< DATE '2024-11-01'"}},
			"sales count for 2025-03": {period: "2025-03-01"},
		}},
		{"days of one month are a span of days, never a range of values", map[string]want{
			"vendas entre 1 e 10 de março":             {measures: []string{"sales_count"}, filters: []string{}, sql: []string{">= DATE '2025-03-01'", "< DATE '2025-03-11'"}},
			"faturamento de 1 a 15 de maio":            {filters: []string{}, sql: []string{">= DATE '2025-05-01'", "< DATE '2025-05-16'"}},
			"revenue from the 1st to the 10th of May":  {sql: []string{">= DATE '2025-05-01'", "< DATE '2025-05-11'"}},
			"sales May 1-15":                           {sql: []string{">= DATE '2025-05-01'", "< DATE '2025-05-16'"}},
			"faturamento do dia 5 ao dia 20 deste mês": {sql: []string{">= DATE '2025-06-05'", "< DATE '2025-06-21'"}},
			// a quantity after the numbers keeps them values
			"vendas entre 10 e 50 reais em maio": {sql: []string{"v.value >= 10", ">= DATE '2025-05-01'"}},
		}},
		{"relative days, fortnights and weeks of a month", map[string]want{
			"vendas de anteontem":                       {sql: []string{">= DATE '2025-06-16'", "< DATE '2025-06-17'"}},
			"revenue the day before yesterday":          {sql: []string{">= DATE '2025-06-16'"}},
			"faturamento desde segunda":                 {sql: []string{">= DATE '2025-06-16'"}},
			"sales since Friday":                        {sql: []string{">= DATE '2025-06-13'"}},
			"faturamento na primeira quinzena de maio":  {sql: []string{">= DATE '2025-05-01'", "< DATE '2025-05-16'"}},
			"vendas da segunda quinzena do mês passado": {sql: []string{">= DATE '2025-05-16'", "< DATE '2025-06-01'"}},
			"revenue for the first week of May":         {sql: []string{">= DATE '2025-05-01'", "< DATE '2025-05-08'"}},
			"revenue this year so far":                  {period: "date_trunc('year', now())"},
			"sales year to date":                        {period: "date_trunc('year', now())"},
		}},
		{"one past weekday is that day; several are not", map[string]want{
			"vendas sábado passado":             {sql: []string{">= DATE '2025-06-14'", "< DATE '2025-06-15'"}},
			"revenue last Monday":               {sql: []string{">= DATE '2025-06-16'", "< DATE '2025-06-17'"}},
			"faturamento da última quarta":      {sql: []string{">= DATE '2025-06-11'"}},
			"faturamento dos últimos sábados":   {refuse: true},
			"de 15/10/2024 a 01/10/2024 vendas": {refuse: true},
		}},
		{"a date form that is no date is refused", map[string]want{
			"faturamento de 40 a 45 de maio":        {refuse: true},
			"revenue in the third fortnight of May": {refuse: true},
		}},
	})
}

func TestNameLiteralClasses(t *testing.T) {
	souza := "name_search || ' ' LIKE '% ' || name_fold("
	runClasses(t, []classCases{
		{"a word in the name slot is a literal searched as a whole word, accents and case folded", map[string]want{
			"quero a lista dos clientes com souza no nome":        {list: true, sql: []string{souza, "name_fold('souza')"}},
			"quantos clientes com CONCEIÇÃO no nome":              {sql: []string{"name_fold('CONCEIÇÃO')"}},
			"liste os clientes que têm Souza no nome":             {list: true, sql: []string{souza}},
			"list every customer with \"Souza\" in their name":    {list: true, sql: []string{souza}},
			"show members w/ souza in the name":                   {list: true, sql: []string{souza}},
			"quantos clientes possuem Santos no nome":             {measures: []string{"customers"}, sql: []string{"name_fold('Santos')"}},
			"how many customers have \"Maria Clara\" in the name": {measures: []string{"customers"}, sql: []string{"name_fold('Maria Clara')"}},
			"clientes cujo nome contém Pereira":                   {sql: []string{"name_fold('Pereira')"}},
			"customers whose name contains Pereira":               {sql: []string{"name_fold('Pereira')"}},
			"clientes de sobrenome Oliveira":                      {sql: []string{"name_fold('Oliveira')"}},
			"customers with the surname Oliveira":                 {sql: []string{"name_fold('Oliveira')"}},
		}},
		{"the name slot combines with other filters and with what to show", map[string]want{
			"clientes inativos com Souza no nome":                           {list: false, measures: []string{"customers"}, sql: []string{souza, "NOT c.is_active"}},
			"list active customers with Souza in their name, names only":    {list: true, sql: []string{souza, "c.is_active"}},
			"relacione os clientes com Souza no nome que vieram pelo app":   {list: true, sql: []string{souza, "c.origin = 'APP'"}},
			"clientes com Souza no nome junto com o saldo de pontos":        {list: true, sql: []string{souza, "c.points_balance AS"}},
			"customers named Souza along with their points balance":         {list: true, sql: []string{souza, "c.points_balance"}},
			"só os nomes dos clientes com Souza no nome":                    {list: true, sql: []string{souza}},
			"clientes com saldo acima de 100 e com Souza no nome, quantos?": {measures: []string{"customers"}, sql: []string{souza, "c.points_balance > 100"}},
		}},
		{"outside a name slot an unknown word is still refused", map[string]want{
			"clientes com souza":             {refuse: true},
			"customers souza in the store":   {refuse: true},
			"faturamento da loja Xablau":     {refuse: true},
			"clientes com souza no cadastro": {refuse: true},
			// a known word after "com nome" is no name: the columns asked for
			"clientes com nome e email":              {list: true, filters: []string{}},
			"list customers with the name and phone": {list: true, filters: []string{}},
		}},
	})
}

func TestBandListClasses(t *testing.T) {
	age := "extract(year FROM age(now(), c.birth_date))"
	runClasses(t, []classCases{
		{"a list of bands, each said its own way, is one breakdown", map[string]want{
			"clientes por faixa de idade: até 29, 30 a 44, 45 a 59 e acima de 59":             {dims: []string{"age_band"}, sql: []string{age + " < 30 THEN 'até 29'", age + " < 45 THEN '30-44'", "ELSE '59+'"}},
			"customers by age: under 30, 30 to 44, 45 to 59, and 60 and over":                 {dims: []string{"age_band"}, sql: []string{"THEN 'under 30'", "< 60 THEN '45-59'", "ELSE '60+'"}},
			"how many customers in each age group: 18-29 / 30-44 / 45+":                       {dims: []string{"age_band"}, sql: []string{"< 30 THEN '18-29'", "ELSE '45+'"}},
			"clientes por saldo de pontos nas faixas: de 0 a 199, de 200 a 799 e 800 ou mais": {dims: []string{"balance_band"}, sql: []string{"c.points_balance < 200 THEN '0-199'", "ELSE '800+'"}},
			"number of customers per points balance band: 0, 1 to 250, 251 or more":           {dims: []string{"balance_band"}, sql: []string{"c.points_balance < 1 THEN '0'"}},
			"vendas por faixa de valor: até R$ 40, de R$ 40 a R$ 80 e acima de R$ 80":         {dims: []string{"value_band"}, sql: []string{"v.value <= 40", "v.value <= 80"}},
			"quantos clientes caem em cada faixa de idade: até 30, 31 a 50, mais de 50":       {dims: []string{"age_band"}},
			"clientes por faixa etária: 18 a 29 anos, 30 a 44 anos e 45 anos ou mais":         {dims: []string{"age_band"}, sql: []string{"< 30 THEN '18-29'", "ELSE '45+'"}},
			"customers by balance band: up to 200 points, 201 to 600 points, over 600 points": {dims: []string{"balance_band"}, sql: []string{"c.points_balance < 201 THEN 'up to 200'"}},
		}},
		{"a last band with an end leaves out what is above it", map[string]want{
			"clientes por faixa de saldo: de 0 a 99, de 100 a 499": {dims: []string{"balance_band"}, sql: []string{"c.points_balance <= 499"}},
			"customers by age band 18-30, 31-50":                   {dims: []string{"age_band"}, sql: []string{age + " <= 50"}},
		}},
		{"bands said in money band values; plain numbers on a count of sales say no quantity", map[string]want{
			"quantas vendas em faixas: até R$ 30, de 31 a 90 e acima de 90": {measures: []string{"sales_count"}, dims: []string{"value_band"}},
			"number of sales in buckets: under R$20, R$20 to R$60, over 60": {dims: []string{"value_band"}},
			"vendas por faixa etária: 18-29, 30-49, 50+":                    {dims: []string{"age_band"}},
			"quantas compras em faixas 0, 1, 2 a 4 e 5 ou mais":             {refuse: true},
			"number of purchases in bands 0, 1, 2-4, 5+":                    {refuse: true},
		}},
		{"bands that overlap or leave a gap are refused", map[string]want{
			"clientes por faixa de idade 18-25, 20-30, 40+":                     {refuse: true},
			"customers by age: 18 to 25, 30 to 40, 41 and over":                 {refuse: true},
			"clientes por faixa de saldo: até 100, de 100 a 500 e acima de 500": {refuse: true},
			"customers by balance band: up to 100, 100 to 500, 500+":            {refuse: true},
			// the same lists, meeting, are read
			"clientes por faixa de saldo: até 100, de 101 a 500 e acima de 500": {dims: []string{"balance_band"}},
			"customers by balance band: up to 100, 101 to 500, 501+":            {dims: []string{"balance_band"}},
			"customers by age: 18 to 25, 26 to 40, 41 and over":                 {dims: []string{"age_band"}},
		}},
	})
}

func TestWeekdayClasses(t *testing.T) {
	isodow := "extract(isodow FROM v.transaction_date) IN "
	runClasses(t, []classCases{
		{"a range of weekdays is the days from one to the other", map[string]want{
			"faturamento de segunda a sexta em abril":    {measures: []string{"revenue"}, sql: []string{isodow + "(1, 2, 3, 4, 5)"}, period: "2025-04-01"},
			"vendas de seg a qua":                        {sql: []string{isodow + "(1, 2, 3)"}},
			"revenue Tuesday through Thursday this year": {sql: []string{isodow + "(2, 3, 4)"}},
			"sales Mon-Fri last month":                   {sql: []string{isodow + "(1, 2, 3, 4, 5)"}},
			"faturamento de sexta a domingo":             {sql: []string{isodow + "(5, 6, 7)"}},
			"revenue from Saturday to Monday":            {sql: []string{isodow + "(6, 7, 1)"}},
		}},
		{"sets of weekdays, apart or compared", map[string]want{
			"faturamento nos dias úteis de maio":             {sql: []string{isodow + "(1, 2, 3, 4, 5)"}},
			"sales on weekends in May":                       {sql: []string{isodow + "(6, 7)"}},
			"vendas aos sábados e domingos":                  {sql: []string{isodow + "(6, 7)"}},
			"vendas só nos dias úteis":                       {sql: []string{isodow + "(1, 2, 3, 4, 5)"}},
			"revenue on weekends only":                       {sql: []string{isodow + "(6, 7)"}},
			"average ticket weekend vs weekday last quarter": {dims: []string{"weekday_set"}},
			"ticket médio fim de semana x dias de semana":    {dims: []string{"weekday_set"}},
		}},
		{"a weekday in a month, summed or by day", map[string]want{
			"quanto vendemos no total somando as terças de maio": {measures: []string{"revenue"}, dims: []string{}, sql: []string{isodow + "(2)", ">= DATE '2025-05-01'"}},
			"total revenue on Fridays in March":                  {measures: []string{"revenue"}, dims: []string{}, sql: []string{isodow + "(5)"}},
			"faturamento das sextas de março, por dia":           {dims: []string{"day"}, sql: []string{isodow + "(5)"}},
			"revenue by day of week, Mon-Sun, last month":        {dims: []string{"weekday"}},
			"faturamento por dia de semana em maio":              {dims: []string{"weekday"}},
		}},
		{"a weekday set is never the end of a range", map[string]want{
			"vendas de dias úteis a domingo": {refuse: true},
		}},
	})
}
