package grammar

import "testing"

// The thirteenth round's lead classes (issue 24): a period said in a sign-up's clause, after
// how or where the customers signed up, dates the sign-up ("signed up through the app in May
// but have not bought anything"; it went to the purchase and was silently wrong); one store
// of the writer's own that the question does not name is asked for, never answered for every
// store (silently wrong); "my shop", "the shop" is a store, never "to shop".
func TestLead13Classes(t *testing.T) {
	const (
		mayDue   = "c.created_at >= DATE '2025-05-01' AND c.created_at < DATE '2025-06-01'"
		aprilDue = "c.created_at >= DATE '2025-04-01' AND c.created_at < DATE '2025-05-01'"
		ever     = "NOT EXISTS (SELECT 1 FROM reporting.customer_purchases x WHERE x.customer_id = c.id)"
	)
	runClasses(t, []classCases{
		{"a period after how or where the customers signed up dates the sign-up", map[string]want{
			"customers who signed up through the app in May but have not bought anything":                              {measures: []string{"customers"}, sql: []string{mayDue, ever, "c.origin = 'APP'"}},
			"list the customers who registered via the app in May 2025 but who have not made any purchase as at today": {list: true, sql: []string{mayDue, ever}},
			"quantos clientes se cadastraram na Savassi em abril e não compraram nada":                                 {measures: []string{"customers"}, sql: []string{aprilDue, ever, "c.store_code = 'L05'"}},
			"how many customers signed up at the Savassi store in April and haven't bought anything":                   {measures: []string{"customers"}, sql: []string{aprilDue, ever}},
			"liste os clientes que se cadastraram pelo aplicativo em maio mas que ainda não compraram":                 {list: true, sql: []string{mayDue, ever}},
			// a period after the purchase stays the purchase's
			"customers who signed up through the app and did not buy in May": {measures: []string{"customers"}, sql: []string{"x.transaction_date >= DATE '2025-05-01'", "c.origin = 'APP'"}},
		}},
		{"one store of the writer's own, not named, is asked for; named, it is that store", map[string]want{
			"How many redemptions were applied at our shop this month?": {refuse: true},
			"quanto vendeu a minha loja em maio":                        {refuse: true},
			"quantos clientes a nossa loja tem?":                        {refuse: true},
			"what did my store take yesterday":                          {refuse: true},
			"quanto vendeu a minha loja da Savassi em maio":             {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'"}},
			"revenue of my shop, Copacabana, in May":                    {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L04'"}},
			// all the stores, in the plural
			"how much did our stores sell in May":     {measures: []string{"revenue"}},
			"quanto as nossas lojas venderam em maio": {measures: []string{"revenue"}},
		}},
		{"a store word after an article or a possessive is the store, never the verb", map[string]want{
			"how many customers does my shop, Copacabana, have?": {measures: []string{"customers"}, sql: []string{"c.store_code_owner = 'L04'"}},
			"how many customers does the Copacabana shop have?":  {measures: []string{"customers"}, sql: []string{"c.store_code_owner = 'L04'"}},
		}},
		{"the first N of a ranking ('as 3 primeiras', 'the first 5') is its top N; the first N of a time unit is not a ranking", map[string]want{
			"quais as 3 primeiras lojas em faturamento esse mes":     {limit: 3, dims: []string{"store"}, measures: []string{"revenue"}},
			"the first 3 stores by revenue this month":               {limit: 3, dims: []string{"store"}, measures: []string{"revenue"}},
			"qual loja vendeu mais em maio? manda as 2 primeiras":    {limit: 2, dims: []string{"store"}},
			"os 5 primeiros clientes que mais gastaram em maio":      {limit: 5, sql: []string{"c.name AS cliente"}},
			"which stores had the most sales in May, first 4 please": {limit: 4, dims: []string{"store"}},
			"revenue in the first 3 months of the year":              {refuse: true},
			"faturamento nos 3 primeiros meses do ano":               {refuse: true},
			"new customers in the first 10 days of May":              {refuse: true},
			"os 5 primeiros clientes cadastrados":                    {refuse: true},
		}},
		{"a list asked of the groups a ranking ranks is the ranking ('liste as 2 lojas que mais venderam')", map[string]want{
			"liste as 2 lojas que mais venderam em maio":   {limit: 2, dims: []string{"store"}, measures: []string{"revenue"}},
			"list the 2 stores that sold the most in May":  {limit: 2, dims: []string{"store"}, measures: []string{"revenue"}},
			"qual loja vendeu mais em maio? manda o top 2": {limit: 2, dims: []string{"store"}, measures: []string{"revenue"}},
		}},
		{"an event said in the gerund ('está vendendo', 'estão resgatando') is the event", map[string]want{
			"qual loja está vendendo mais esse mês":                {limit: 1, dims: []string{"store"}, measures: []string{"revenue"}},
			"quais clientes estão resgatando mais pontos este ano": {measures: []string{"points_redeemed"}, sql: []string{"c.name AS cliente"}},
			"quem está gastando mais na Savassi em maio?":          {sql: []string{"L05", "c.name AS cliente"}},
		}},
		{"the forms of a consent verb are generated from its lemma ('liberaram', 'permitiram', 'autorizavam')", map[string]want{
			"quantos clientes liberaram o whatsapp?":     {measures: []string{"customers"}, sql: []string{"c.whatsapp_optin"}},
			"quantos clientes permitiram receber sms":    {measures: []string{"customers"}, sql: []string{"c.sms_optin"}},
			"quantos clientes ativos autorizavam email":  {measures: []string{"customers"}, sql: []string{"c.email_optin"}},
			"how many customers gave permission for sms": {measures: []string{"customers"}, sql: []string{"c.sms_optin"}},
		}},
		{"a percentage asked with any spelling of 'quantos' ('qnts %', 'quantos por cento')", map[string]want{
			"qnts % dos clientes liberaram o whats?":           {sql: []string{"count(*) FILTER (WHERE c.whatsapp_optin) / NULLIF(count(*), 0)"}},
			"quantos por cento dos clientes aceitam whatsapp?": {sql: []string{"count(*) FILTER (WHERE c.whatsapp_optin) / NULLIF(count(*), 0)"}},
			"qtos % das vendas de maio foram no pix":           {sql: []string{"FILTER (WHERE v.payment_type = 'pix')"}},
			// the count stays a count
			"qnts clientes aceitam whatsapp": {measures: []string{"customers"}},
		}},
		{"two periods set side by side ('next to', 'ao lado de') are compared", map[string]want{
			"revenue Q1 2025 next to Q1 2024":               {sql: []string{"DATE '2024-01-01'", "DATE '2025-01-01'", "GROUP BY CASE"}},
			"faturamento de maio ao lado do de abril":       {sql: []string{"DATE '2025-04-01'", "DATE '2025-05-01'", "GROUP BY CASE"}},
			"sales in May side by side with sales in April": {sql: []string{"GROUP BY CASE"}},
		}},
		{"how the customers signed up is their origin", map[string]want{
			"breakdown of customers by how they signed up": {dims: []string{"origin"}},
			"quantos clientes por forma de cadastro":       {dims: []string{"origin"}},
			"new customers in May by how they joined":      {dims: []string{"origin"}, sql: []string{"c.created_at >= DATE '2025-05-01'"}},
		}},
		{"'never came back' in a period is not coming back in it", map[string]want{
			"how many customers bought last year but never come back this year": {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "AND EXISTS"}},
			"quantos clientes compraram em abril e nunca voltaram em maio":      {measures: []string{"customers"}, sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-05-01'"}},
			"customers who shopped in 2024 and never came back to buy in 2025":  {list: true, sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-01-01'"}},
		}},
		{"an alternative set aside ('mediana, não média', 'rather than Centro') is left out; a negated value or period stays a cohort's", map[string]want{
			"Qual a mediana do ticket em maio? Quero mediana mesmo, não média.": {sql: []string{"percentile_cont(0.5)"}},
			"revenue in May, not the number of sales":                           {measures: []string{"revenue"}},
			"how many sales in May, not the revenue":                            {measures: []string{"sales_count"}},
			"sales at Savassi rather than Centro in May":                        {sql: []string{"v.store_code = 'L05'"}},
			"faturamento de maio em vez de abril":                               {measures: []string{"revenue"}, sql: []string{"DATE '2025-05-01' AND v.transaction_date < DATE '2025-06-01'"}},
			// a negation after a comma that is no alternative of a measure
			"clientes que compraram em maio, mas não em abril": {sql: []string{"AND NOT EXISTS"}},
			"vendas de maio, não canceladas":                   {sql: []string{"v.cancelled_at IS NULL"}},
		}},
		{"what rows are held by, or fall on, says nothing of its own", map[string]want{
			"What is the total points balance held by active customers?":          {measures: []string{"balance_total"}, sql: []string{"c.is_active"}},
			"What share of purchases fell on each weekday over the last 30 days?": {dims: []string{"weekday"}},
			"how many sales fell on a Saturday in May":                            {measures: []string{"sales_count"}, sql: []string{"IN (6)"}},
		}},
		{"punctuation said as words by a writer who dictates is the mark ('vírgula', 'ponto de interrogação', 'comma')", map[string]want{
			"me diz ai quantos clientes entraram essa semana vírgula por loja": {dims: []string{"store"}},
			"quanto que deu o faturamento de maio ponto de interrogação":       {measures: []string{"revenue"}},
			"faturamento de maio ponto final quero por loja":                   {measures: []string{"revenue"}, dims: []string{"store"}},
			"revenue by store comma last month question mark":                  {measures: []string{"revenue"}, dims: []string{"store"}},
			// after an article the word is the word
			"faturamento de maio com duas casas depois da vírgula": {measures: []string{"revenue"}, sql: []string{"::numeric, 2)"}},
		}},
		{"a share counted 'by count', 'por quantidade' is of the number of rows; urgency ('at the earliest', 'o quanto antes') says nothing of the report", map[string]want{
			"share of sales by payment type this month by count":                      {dims: []string{"payment_type"}, sql: []string{"count(*) / NULLIF(sum(count(*)) OVER (), 0)"}},
			"percentual de vendas por forma de pagamento por quantidade":              {dims: []string{"payment_type"}, sql: []string{"count(*) / NULLIF(sum(count(*)) OVER (), 0)"}},
			"What is the monthly revenue for this year, kindly share at the earliest": {measures: []string{"revenue"}, dims: []string{"month"}},
			"preciso do faturamento de maio o quanto antes":                           {measures: []string{"revenue"}},
			"faturamento por loja em maio, com urgência":                              {measures: []string{"revenue"}, dims: []string{"store"}},
			// "by" before a measure still ranks by it
			"top stores by number of sales in May": {measures: []string{"sales_count"}, dims: []string{"store"}},
		}},
		{"a word texted as every consonant of a word of the question's language ('lj', 'smn'), and words cut short ('ont', 'mes pass', 'ativ')", map[string]want{
			"qto vendeu a lj savassi ontem": {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'"}},
			"tkt medio por lj em maio":      {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"qnts clientes novos essa smn":  {measures: []string{"customers"}, sql: []string{"c.created_at >= date_trunc('week', now())"}},
			// a fit of every consonant does not outweigh another word it may shorten
			"qtd de vnds ontem":                 {refuse: true},
			"qnts vds na smn passada":           {measures: []string{"sales_count"}, sql: []string{"date_trunc('week', now()) - interval '1 week'"}},
			"qto vcs venderam ont na lj centro": {measures: []string{"revenue"}, sql: []string{"interval '1 day'"}},
			"fat da lj savassi mes pass":        {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'", "date_trunc('month', now()) - interval '1 month'"}},
			"qts clientes ativ":                 {measures: []string{"customers"}, filters: []string{"active_active"}},
			"qnts resg pendentes":               {measures: []string{"redemptions"}, sql: []string{"'pending'"}},
		}},
		{"Caribbean English and eye dialect: 'di', 'dis', 'mek'", map[string]want{
			"how many new customers we get dis week?":   {measures: []string{"customers"}},
			"which store mek di most money last month?": {dims: []string{"store"}, limit: 1, measures: []string{"revenue"}},
			"how many customers buy inna May":           {measures: []string{"buyers"}, sql: []string{"DATE '2025-05-01'"}},
		}},
		{"a word of the model dictated or typed in two pieces ('sava si', 'fatura mento') is the word; two known words stay two", map[string]want{
			"quanto a loja sava si vendeu em maio":   {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'"}},
			"quanto vendeu a copa cabana em maio":    {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L04'"}},
			"qual o fatura mento de maio":            {measures: []string{"revenue"}},
			"how many customers regis tered in May":  {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-05-01'"}},
			"tem alguem com prado no nome? lista ai": {list: true, sql: []string{"name_fold"}},
			"quanto vendeu o centro em maio":         {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L01'"}},
		}},
		{"amounts and counts said the way a Pune office or a Texan says them ('quantum of', 'tally of', 'rake in', 'how are sales looking')", map[string]want{
			"What is the quantum of points credited in May?": {measures: []string{"points_credited"}},
			"how much did we rake in last weekend?":          {measures: []string{"revenue"}},
			"give me a tally of new signups this month":      {measures: []string{"customers"}},
			"how are sales looking this month by store":      {measures: []string{"sales_count"}, dims: []string{"store"}},
		}},
		{"a guess after the ask about a value the ask does not name is refused, never read as a filter (it was silently wrong); a guess with no value, or one the ask repeats, is background", map[string]want{
			"quantas vendas em maio? parece q foi um monte na Savassi": {refuse: true},
			"how many sales in May? I reckon Savassi did most of them": {refuse: true},
			"faturamento de abril? acho que o Centro foi bem":          {refuse: true},
			"quantas vendas em maio? parece que foi um monte":          {measures: []string{"sales_count"}},
			"qual o faturamento da Savassi em maio? acho q foi bom":    {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'"}},
		}},
		{"stores are counted only as stores: a count of stores said with what customers or sales did is refused (it counted customers or sales, silently wrong)", map[string]want{
			"how many stores signed up in 2024":    {refuse: true},
			"quantas lojas se cadastraram em 2024": {refuse: true},
			"how many stores had sales in May":     {refuse: true},
			"how many stores do we have":           {measures: []string{"stores"}},
			"quantas lojas ativas temos":           {measures: []string{"stores"}},
			"how many customers per store":         {measures: []string{"customers"}, dims: []string{"store"}},
		}},
		{"a store word after 'each', 'per', 'by' is the store, never the verb", map[string]want{
			"how many customers registered at each shop this year": {measures: []string{"customers"}, sql: []string{"c.store_code, s.name"}},
			"how many customers signed up per shop in 2024":        {measures: []string{"customers"}, sql: []string{"c.store_code, s.name"}},
			"revenue by shop in May":                               {measures: []string{"revenue"}, dims: []string{"store"}},
		}},
		{"'point reversals', 'point debits' are entries counted; the points stay points ('how many points were reversed')", map[string]want{
			"number of point reversals in May and total points reversed": {measures: []string{"reversals", "points_reversed"}},
			"number of point reversals in May":                           {measures: []string{"reversals"}},
			"how many point debits this year":                            {measures: []string{"debits"}},
			"how many points were reversed in May":                       {measures: []string{"points_reversed"}},
		}},
		{"the last N complete (full, fechadas) units leave the current one out; the last N units count it, with the number said before 'últimas' too", map[string]want{
			"new customers per week for the last four complete weeks": {dims: []string{"week"}, sql: []string{"c.created_at >= date_trunc('week', now()) - interval '4 weeks' AND c.created_at < date_trunc('week', now())"}},
			"faturamento semanal das 4 últimas semanas fechadas":      {measures: []string{"revenue"}, sql: []string{"date_trunc('week', now()) - interval '4 weeks'", "v.transaction_date < date_trunc('week', now())"}},
			"revenue for the last 3 full months":                      {measures: []string{"revenue"}, sql: []string{"date_trunc('month', now()) - interval '3 months'", "v.transaction_date < date_trunc('month', now())"}},
			"faturamento dos últimos 3 meses completos":               {measures: []string{"revenue"}, sql: []string{"date_trunc('month', now()) - interval '3 months'"}},
			"faturamento das 4 últimas semanas":                       {measures: []string{"revenue"}, sql: []string{"date_trunc('day', now()) - interval '27 days'"}},
			"revenue for the last 3 months":                           {measures: []string{"revenue"}, sql: []string{"date_trunc('month', now()) - interval '2 months'"}},
		}},
		{"a measure compared with the last unit alone ('compared to last month') is the current unit against it", map[string]want{
			"sales compared to last month":                 {sql: []string{"GROUP BY CASE", "date_trunc('month', now()) - interval '1 month'", "v.transaction_date >= date_trunc('month', now()) AND"}},
			"faturamento comparado com o mês passado":      {sql: []string{"GROUP BY CASE", "date_trunc('month', now()) - interval '1 month'"}},
			"revenue vs last year":                         {sql: []string{"GROUP BY CASE", "date_trunc('year', now()) - interval '1 year'"}},
			"how many new customers compared to last week": {sql: []string{"GROUP BY CASE", "date_trunc('week', now()) - interval '1 week'"}},
			// another period said: the two said
			"sales in April compared to last month": {sql: []string{"DATE '2025-04-01'", "GROUP BY CASE"}},
		}},
		{"values given as examples of a breakdown's groups ('por origem tipo pdv totem app', 'like pix or card') are no filter (it dropped the other groups, silently wrong)", map[string]want{
			"quantos cadastros teve por origem tipo pdv totem app no ano passado": {dims: []string{"origin"}, filters: []string{}, sql: []string{"c.created_at >= date_trunc('year', now()) - interval '1 year'"}},
			"sales by payment type, like pix or card, in May":                     {dims: []string{"payment_type"}, filters: []string{}, sql: []string{"v.transaction_date >= DATE '2025-05-01'"}},
			"vendas por forma de pagamento como pix e dinheiro em maio":           {dims: []string{"payment_type"}, filters: []string{}},
			// a value said before the breakdown is a filter
			"vendas no pix por loja": {dims: []string{"store"}, sql: []string{"payment_type = 'pix'"}},
		}},
		{"a dictating speaker's openers and fillers ('okay so um', 'uh so', 'next one', 'one line for each') say nothing; Portuguese 'só um' keeps its reading", map[string]want{
			"okay so um how many active customers do we have right now in total":                             {measures: []string{"customers"}, filters: []string{"active_active"}},
			"uh so how many sales did we have on each day of the week last month":                            {dims: []string{"weekday"}},
			"okay next one the number of inactive customers broken down by the store they belong to":         {dims: []string{"store"}},
			"so what was our total revenue for Q1 this year compared with Q1 last year uh one line for each": {sql: []string{"GROUP BY CASE"}},
			"so far how many sales this month":                                                               {measures: []string{"sales_count"}},
			"só um cliente comprou?":                                                                         {refuse: true},
		}},
		{"Northern English and texting spellings ('wots', 'owt', 'atm'); a number before a quarter in the singular is its ordinal ('1 tri')", map[string]want{
			"wots the % of customers opted in to sms":  {sql: []string{"c.sms_optin"}},
			"how many customers have never bought owt": {measures: []string{"customers"}},
			"pending redemptions atm":                  {measures: []string{"redemptions"}, sql: []string{"'pending'"}},
			"qual loja vendeu mais no 1 tri":           {limit: 1, sql: []string{"DATE '2025-01-01' AND v.transaction_date < DATE '2025-04-01'"}},
			"faturamento do 2 trimestre de 2024":       {sql: []string{"DATE '2024-04-01'"}},
			"faturamento de 2 trimestres atrás":        {refuse: true},
		}},
		{"'n' texted for 'and' between words of an English question; 'n of sales' stays a count", map[string]want{
			"sales last 7 days not counting centro, how many n how much":   {measures: []string{"sales_count", "revenue"}},
			"pending redemptions, how many n how many pts tied up in them": {measures: []string{"redemptions", "points_redeemed"}},
			"n of sales in May": {measures: []string{"sales_count"}},
		}},
		{"the rows a count is taken of, said first ('dos clientes que se cadastraram em janeiro, quantos já compraram?'), keep each clause's own period", map[string]want{
			"of the customers who signed up in January how many have actually made a purchase since then": {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-01-01' AND c.created_at < DATE '2025-02-01'", "EXISTS"}},
			"dos clientes que se cadastraram em janeiro, quantos já compraram?":                           {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-01-01'"}},
			"dos clientes que entraram na base em 2025, quantos já fizeram pelo menos uma compra?":        {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-01-01' AND c.created_at < DATE '2026-01-01'", ">= 1"}},
			"dos clientes ativos, quantos compraram em maio?":                                             {sql: []string{"c.is_active", "transaction_date >= DATE '2025-05-01'"}},
			// a percentage keeps its order
			"dos clientes que se cadastraram em 2025, quantos % já compraram?": {sql: []string{"round(100.0 * count(*) FILTER", "c.created_at >= DATE '2025-01-01'"}},
		}},
		{"a number is the threshold only of the comparison said right after it ('em 2025 fizeram pelo menos uma compra' is no 2025 purchases: silently wrong)", map[string]want{
			"quantos clientes em 2025 fizeram pelo menos uma compra?": {measures: []string{"customers"}, sql: []string{">= 1", "DATE '2025-01-01'"}},
			"clientes com 2 ou mais compras":                          {sql: []string{">= 2"}},
			"clientes com 30 anos ou mais":                            {sql: []string{">= 30"}},
			"how many customers bought 3 times or more":               {sql: []string{">= 3"}},
		}},
	})
}
