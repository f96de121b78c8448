package grammar

import "testing"

// The fifteenth round's shorthand classes (issue 24): what people type on phones and
// tablets. Words cut short with a full stop ("tel.", "prod.", "Apr.") split the question
// at the stop, or were not read; a preposition texted as its letter, with a slash or not
// ("p/ loja", "p loja"), was dropped, and the question answered without its breakdown; a
// "+" between words was dropped ("+ resgatados": the most redeemed, read as a breakdown
// by year; "vendas + faturamento": the revenue alone);
// two months joined by a hyphen ("jan-mar") were read as two periods; a vowel-less
// shorthand whose guesses mean different things alone ("md": "média", "medio", "moda")
// was refused even where the words around it make one phrase ("tkt md"); a listed
// shorthand did not make its long word's phrases ("outstanding pts"). Paraphrases
// written for these tests, in both languages; none is copied from an eval set.
func TestAbbrev15Classes(t *testing.T) {
	const (
		may      = "DATE '2025-05-01'"
		april    = "DATE '2025-04-01'"
		lastWeek = "date_trunc('week', now()) - interval '1 week'"
	)
	runClasses(t, []classCases{
		{"a word cut short with a full stop is read as the words of the lexicon it starts when they mean one thing, and its stop ends no sentence", map[string]want{
			"tel. e e-mail dos clientes inativos":             {list: true, sql: []string{"c.phone", "c.email", "NOT c.is_active"}},
			"faturamento de fev. por loja":                    {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"-02-01'"}},
			"vendas canceladas em abr. p/ loja":               {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{april}},
			"No. of customers who signed up in Apr. by store": {measures: []string{"customers"}, dims: []string{"store"}, sql: []string{april}},
			"tel. of the inactive customers":                  {list: true, sql: []string{"c.phone", "NOT c.is_active"}},
			"cust. count by city":                             {measures: []string{"customers"}, dims: []string{"city"}},
			"revenue in Apr. per store":                       {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{april}},
			// a cut whose words mean different things is refused, never guessed
			"tot. de clientes em maio":  {refuse: true}, // "total" or "totem"
			"ca. de vendas em maio":     {refuse: true},
			"how many ca. sales in May": {refuse: true},
		}},
		{"a preposition texted as its letter, with a slash or not, is read as its word, never dropped", map[string]want{
			"faturamento p loja em maio":                   {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{may}},
			"avg tkt p store in May":                       {measures: []string{"average_ticket"}, dims: []string{"store"}, sql: []string{may}},
			"faturamento de maio p/ cidade":                {measures: []string{"revenue"}, dims: []string{"city"}, sql: []string{may}},
			"qtd de vendas p/ forma de pagamento em abril": {measures: []string{"sales_count"}, dims: []string{"payment_type"}, sql: []string{april}},
			"quantos clientes c/ opt-in de whatsapp":       {measures: []string{"customers"}, sql: []string{"c.whatsapp_optin"}},
			"quantos clientes s/ compras em 2025":          {measures: []string{"customers"}, sql: []string{"NOT EXISTS"}},
			"avg tkt p/ store last week":                   {measures: []string{"average_ticket"}, dims: []string{"store"}, sql: []string{lastWeek}},
			"revenue p/ city in May":                       {measures: []string{"revenue"}, dims: []string{"city"}, sql: []string{may}},
			"how many customers w/ email opt-in":           {measures: []string{"customers"}, sql: []string{"c.email_optin"}},
			"pontos resgatados semana passada p/ loja":     {measures: []string{"points_redeemed"}, dims: []string{"store"}, sql: []string{lastWeek}},
			// a letter and a slash that stands for no word of the model is refused
			"faturamento de ontem q/ loja": {refuse: true},
			"vendas x/ loja em maio":       {refuse: true},
			"revenue k/ store in May":      {refuse: true},
		}},
		{"a hyphen between two months or two weekdays is a range, as an arrow is", map[string]want{
			"vendas jan-mar/25":                       {measures: []string{"sales_count"}, sql: []string{"DATE '2025-01-01'", april}},
			"faturamento de fev-abr de 2025 por loja": {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"DATE '2025-02-01'", may}},
			"vendas seg-sex em maio":                  {measures: []string{"sales_count"}, sql: []string{"IN (1, 2, 3, 4, 5)", may}},
			"sales jan-mar 2025":                      {measures: []string{"sales_count"}, sql: []string{"DATE '2025-01-01'", april}},
			"revenue feb-apr 2025 by store":           {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"DATE '2025-02-01'", may}},
			"sales mon-fri in May":                    {measures: []string{"sales_count"}, sql: []string{"IN (1, 2, 3, 4, 5)", may}},
			// a month and a year joined by a hyphen are one month
			"vendas de jan-2025": {measures: []string{"sales_count"}, sql: []string{"DATE '2025-01-01'", "DATE '2025-02-01'"}},
		}},
		{"a \"+\" between words is \"mais\" before a verb (the most), else it joins them as \"e\", never dropped", map[string]want{
			"top 5 prod. + resgatados em 2024":          {dims: []string{"product"}, limit: 5, sql: []string{"DATE '2024-01-01'"}},
			"quais os 3 produtos + resgatados no ano":   {dims: []string{"product"}, limit: 3, sql: []string{"date_trunc('year', now())"}},
			"qual loja + vendeu em maio":                {dims: []string{"store"}, limit: 1, sql: []string{may}},
			"top 3 rewards + redeemed this year":        {dims: []string{"product"}, limit: 3, sql: []string{"date_trunc('year', now())"}},
			"the 5 prods + redeemed in 2024":            {dims: []string{"product"}, limit: 5, sql: []string{"DATE '2024-01-01'"}},
			"vendas + faturamento em maio":              {measures: []string{"sales_count", "revenue"}, sql: []string{may}},
			"count + revenue by store in May":           {measures: []string{"sales_count", "revenue"}, dims: []string{"store"}, sql: []string{may}},
			"clientes que gastaram + de R$ 500 em maio": {sql: []string{"500", may}},
		}},
		{"a vowel-less shorthand is read in the one phrase it makes with its neighbours, refused where it makes none", map[string]want{
			"tkt md por loja em maio":                        {measures: []string{"average_ticket"}, dims: []string{"store"}, sql: []string{may}},
			"tkt md em abril":                                {measures: []string{"average_ticket"}, sql: []string{april}},
			"vlr tt das vendas no pix em maio":               {measures: []string{"revenue"}, sql: []string{"'pix'", may}},
			"qual o tkt md da Savassi em maio":               {measures: []string{"average_ticket"}, sql: []string{"L05", may}},
			"dt. ult. compra e tel. da cliente Camila Prado": {list: true, sql: []string{"c.last_purchase", "c.phone", "Camila Prado"}},
			"saldo e dt ult compra da Camila Prado":          {list: true, sql: []string{"c.points_balance", "c.last_purchase", "Camila Prado"}},
			"tt clientes":                                    {refuse: true},
			"tt sales last month":                            {refuse: true},
			"how many md customers":                          {refuse: true},
		}},
		{"a shorthand the model lists is its long word inside the long word's phrases", map[string]want{
			"pts em aberto na rede":                         {measures: []string{"balance_total"}, filters: []string{}},
			"quantos pts em aberto tem a Savassi":           {measures: []string{"balance_total"}, sql: []string{"L05"}},
			"outstanding pts by store":                      {measures: []string{"balance_total"}, dims: []string{"store"}},
			"pts liability at Savassi":                      {measures: []string{"balance_total"}, sql: []string{"L05"}},
			"unredeemed pts by store":                       {measures: []string{"balance_total"}, dims: []string{"store"}},
			"Total outstanding pts of the active customers": {measures: []string{"balance_total"}, sql: []string{"c.is_active"}},
			// alone it is still itself: no phrase is made of words that are not there
			"pts em fechado na rede": {refuse: true},
		}},
		{"pax are people: customers", map[string]want{
			"How many pax bought at Savassi last week": {sql: []string{"count(DISTINCT v.customer_id)", "L05", lastWeek}},
			"quantos pax compraram em maio":            {sql: []string{"count(DISTINCT v.customer_id)", may}},
			"new pax by store in April":                {measures: []string{"customers"}, dims: []string{"store"}, sql: []string{april}},
			"quantos pax se cadastraram em abril":      {measures: []string{"customers"}, sql: []string{april}},
		}},
	})
}
