package grammar

import "testing"

// The sixteenth round's function-word classes (issue 24): small words and structures that
// made the interpreter refuse a question it reads: a unit chosen by setting the other aside
// ("em R$, não em qtd"), an abbreviation of the question's language ("qtd") read as the
// other language's period, "cada" said alone, a scope said by negation ("na rede toda, não
// só na Savassi"), a layout said with a reciprocal ("um do lado do outro"), a band open
// upwards ("60 pra cima"), all the history said "since the start" and the start of a period
// said with "since" ("desde o início de maio": from May on).
func TestFunc16Classes(t *testing.T) {
	const may = "DATE '2025-05-01'"
	const week = "date_trunc('week', now())"
	runClasses(t, []classCases{
		{"a unit chosen by setting the other aside: the currency sign alone is the money's unit", map[string]want{
			"tipo, qual loja vendeu mais essa semana? em R$ msm, nao em qtd": {measures: []string{"revenue"}, dims: []string{"store"}, limit: 1, sql: []string{week}},
			"qual loja vendeu mais em maio? R$, não quantidade de vendas":    {measures: []string{"revenue"}, dims: []string{"store"}, limit: 1, sql: []string{may}},
			"which store sold the most in May? in R$, not number of sales":   {measures: []string{"revenue"}, dims: []string{"store"}, limit: 1, sql: []string{may}},
			"qual loja vendeu mais em maio? em qtd, não em R$":               {measures: []string{"sales_count"}, dims: []string{"store"}, limit: 1, sql: []string{may}},
			"faturamento em R$ por loja em maio":                             {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{may}},
			"quantos clientes gastaram mais de R$ 500 em maio":               {measures: []string{"customers"}, sql: []string{"500", may}},
			// a side the question's measure has no counterpart in, or a currency no report has
			"qual loja vendeu mais em maio? em R$ msm, nao em pontos": {refuse: true},
			"qual loja vendeu mais em maio? em US$, nao em qtd":       {refuse: true},
			"faturamento em US$ por loja em maio":                     {refuse: true},
		}},
		{"an abbreviation of the question's language is never the other language's period, and \"cada\" alone is each group", map[string]want{
			"vendas por forma de pagamento essa semana, tipo qtd de cada": {measures: []string{"sales_count"}, dims: []string{"payment_type"}, sql: []string{week}, sqlNot: []string{"quarter"}},
			"vendas por forma de pagamento em maio, qtd":                  {measures: []string{"sales_count"}, dims: []string{"payment_type"}, sql: []string{may}, sqlNot: []string{"quarter"}},
			"vendas por forma de pagamento em maio, a qtd de cada":        {measures: []string{"sales_count"}, dims: []string{"payment_type"}, sql: []string{may}, sqlNot: []string{"quarter"}},
			"quantas vendas cada loja fez em maio":                        {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{may}},
			// "cada" before the noun is the breakdown's, never skipped (no "which store")
			"ai tipo quanto que cada loja faturou no mes passado": {measures: []string{"revenue"}, dims: []string{"store"}, sqlNot: []string{"LIMIT"}},
			"sales by payment type in May, the count of each":     {measures: []string{"sales_count"}, dims: []string{"payment_type"}, sql: []string{may}},
			// the acronym in capitals is the jargon: quarter to date
			"vendas do 2º tri de 2025 QTD": {sql: []string{"date_trunc('quarter', now())"}},
			"revenue QTD by store":         {measures: []string{"revenue"}, sql: []string{"date_trunc('quarter', now())"}},
		}},
		{"a scope said by negation: after the whole chain, a restriction to places set aside says the same again", map[string]want{
			"qnts resgates pendentes vencem ate amanha? na rede toda msm, nao so na savassi":            {measures: []string{"redemptions"}, sqlNot: []string{"store_code"}},
			"quantas vendas na rede toda em maio, não só no Centro e na Savassi":                        {measures: []string{"sales_count"}, sql: []string{may}, sqlNot: []string{"store_code"}},
			"quantas vendas em maio, todas as lojas, não apenas em São Paulo":                           {measures: []string{"sales_count"}, sql: []string{may}, sqlNot: []string{"store_code", "city"}},
			"How many pending redemptions expire by tomorrow? Across the whole chain, not just Savassi": {measures: []string{"redemptions"}, sqlNot: []string{"store_code"}},
			"How many sales in May in all stores, not only in São Paulo?":                               {measures: []string{"sales_count"}, sql: []string{may}, sqlNot: []string{"store_code", "city"}},
			// no whole-chain word, a store asked for, more after it, another kind of value
			"qnts resgates pendentes vencem ate amanha? nao so na savassi":                          {refuse: true},
			"quantas vendas na rede toda em maio, não só na Savassi mas também no Centro":           {refuse: true},
			"quantas vendas da Savassi na rede toda em maio, nao so na savassi":                     {refuse: true},
			"quantas vendas na rede toda em maio, não só no pix":                                    {refuse: true},
			"How many sales in May, not only in São Paulo?":                                         {refuse: true},
			"How many sales in May across the whole chain, not just at Savassi but also at Centro?": {refuse: true},
		}},
		{"a layout said with a reciprocal (\"um do lado do outro\", \"next to each other\"): the periods compared are already one row each, the numbers the same", map[string]want{
			"Compara pra mim o faturamento do 1º trimestre de 2025 com o 1º trimestre de 2024, um do lado do outro.": {measures: []string{"revenue"}, sql: []string{"DATE '2024-01-01'", "DATE '2025-01-01'"}},
			"faturamento de abril e de maio, um ao lado do outro":                                                    {measures: []string{"revenue"}, sql: []string{"DATE '2025-04-01'", may}},
			"ticket médio da Savassi e do Centro em maio, uma do lado da outra":                                      {measures: []string{"average_ticket"}, sql: []string{"L01", "L05"}},
			"compare revenue in Q1 2025 and Q1 2024, next to each other":                                             {measures: []string{"revenue"}, sql: []string{"DATE '2024-01-01'", "DATE '2025-01-01'"}},
		}},
		{"a band open upwards said \"pra cima\", \"and upwards\": the last band, its number in it", map[string]want{
			"quantos clientes compraram esse ano em cada faixa de idade ate 24 25-34 35-44 45-59 e 60 pra cima": {sql: []string{"< 25", "< 60", "'60+'"}},
			"clientes por faixa de saldo: 0-499 e 500 pra cima":                                                 {sql: []string{"< 500", "'500+'"}},
			"customers by age band: under 25, 25-39, 40 and upwards":                                            {sql: []string{"< 40", "'40+'"}},
			"quantos clientes tem de 1000 pontos pra cima":                                                      {measures: []string{"customers"}, sql: []string{">= 1000"}},
			// "pra cima de" is "acima de": the number out
			"quantos clientes tem pra cima de 1000 pontos": {measures: []string{"customers"}, sql: []string{"> 1000"}, sqlNot: []string{">= 1000"}},
		}},
		{"\"since the start\" alone is all the history; \"since the start of\" a period is since the period", map[string]want{
			"How many redemptions have there been since the start?":   {measures: []string{"redemptions"}, period: "-"},
			"quantos resgates tivemos desde o começo?":                {measures: []string{"redemptions"}, period: "-"},
			"quantas vendas desde o primeiro dia?":                    {measures: []string{"sales_count"}, period: "-"},
			"How many customers signed up since the start of May?":    {measures: []string{"customers"}, sql: []string{">= " + may}, sqlNot: []string{"DATE '2025-06-01'"}},
			"quantos clientes se cadastraram desde o início de maio?": {measures: []string{"customers"}, sql: []string{">= " + may}, sqlNot: []string{"DATE '2025-06-01'"}},
			"quantas vendas desde o começo de abril?":                 {measures: []string{"sales_count"}, sql: []string{">= DATE '2025-04-01'"}, sqlNot: []string{"DATE '2025-05-01'"}},
			"How many sales since the beginning of the year?":         {measures: []string{"sales_count"}, sql: []string{"date_trunc('year', now())"}},
		}},
		{"a near demonstrative before \"up to now\" after two periods points at the last one, which the reading reads it of; one pointing at the first refuses", map[string]want{
			"No tocante ao ticket médio, solicito a comparação entre o primeiro semestre de 2024 e o primeiro semestre de 2025 (este até a presente data).": {measures: []string{"average_ticket"}, sql: []string{"DATE '2024-07-01'", "DATE '2025-01-01'"}},
			"ticket médio de 2024 e 2025, este até hoje": {measures: []string{"average_ticket"}, sql: []string{"DATE '2024-01-01'", "DATE '2025-01-01'"}},
			// a last period already over: up to now may end it or run on, as without the word
			"faturamento do primeiro tri de 2024 e do primeiro tri de 2025 (esse até agora)": {clarify: true},
			"average ticket in H1 2024 and H1 2025 (the latter to date)":                     {measures: []string{"average_ticket"}, sql: []string{"DATE '2024-07-01'", "DATE '2025-01-01'"}},
			// the first period pointed at, or no second period to point from
			"ticket médio do primeiro semestre de 2024 e do primeiro semestre de 2025 (aquele até a presente data)": {refuse: true},
			"average ticket in H1 2024 and H1 2025, the former to date":                                             {refuse: true},
			"ticket médio do primeiro semestre de 2025 (este até a presente data)":                                  {refuse: true},
		}},
		{"an event the flag's rows never had, denied right after it, restates the flag (\"expired without being collected\")", map[string]want{
			"How many redemptions expired without being collected last week, per store?": {measures: []string{"redemptions"}, dims: []string{"store"}, sql: []string{"r.status = 'expired'", "r.expires_at"}},
			"How many redemptions expired without being redeemed last week":              {measures: []string{"redemptions"}, sql: []string{"r.status = 'expired'", "r.expires_at"}},
			"quantos resgates venceram sem ser retirados na semana passada por loja":     {measures: []string{"redemptions"}, dims: []string{"store"}, sql: []string{"r.status = 'expired'", "r.expires_at"}},
			"quantos resgates venceram sem serem resgatados na semana passada":           {measures: []string{"redemptions"}, sql: []string{"r.status = 'expired'", "r.expires_at"}},
			"quantos resgates expiraram sem ser usados em maio":                          {measures: []string{"redemptions"}, sql: []string{"r.status = 'expired'"}},
			// an event an expired redemption may have had, or a denial with no flag before it
			"How many redemptions expired without being bought last week":    {refuse: true},
			"How many redemptions expired without being cancelled last week": {refuse: true},
			"How many redemptions were not collected last week":              {refuse: true},
		}},
		{"\"single\", \"individual\" between an extreme and the sale say one sale, as the extreme measure already is", map[string]want{
			"what was the largest single sale ever":                       {measures: []string{"largest_sale"}, period: "-"},
			"qual foi a maior venda individual de maio":                   {measures: []string{"largest_sale"}, sql: []string{may}},
			"what was the biggest single sale in May, and at which store": {measures: []string{"largest_sale"}, dims: []string{"store"}, limit: 1, sql: []string{may}},
			"smallest single sale last month":                             {measures: []string{"smallest_sale"}},
			// "a single purchase" is one purchase: a number, never dropped
			"how many customers made a single purchase in May": {refuse: true},
		}},
	})
}
