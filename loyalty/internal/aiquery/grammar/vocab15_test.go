package grammar

import "testing"

// The fifteenth round's vocabulary classes (issue 24): questions from writers nobody here
// had read were refused for one ordinary business word the model did not know. The words
// were drawn from the model (its events, nouns, measures and flags), each with the
// synonyms, inflections and regional forms a store manager, a finance person or a marketer
// types; a word that may name two things of the domain stays unknown and still refuses.
func TestVocab15Classes(t *testing.T) {
	const (
		may  = "DATE '2025-05-01'"
		y25  = "DATE '2025-01-01'"
		apr  = "DATE '2025-04-01'"
		paid = "cancelled_at IS NULL"
	)
	runClasses(t, []classCases{
		{"regional and informal names of the nouns: customers, sales, stores, products and promotions", map[string]want{
			"quantas pessoas tem a freguesia?":                  {measures: []string{"customers"}},
			"quantos comprovantes de compra tivemos em maio?":   {measures: []string{"sales_count"}, sql: []string{may}},
			"quantas notinhas a Savassi teve em maio?":          {measures: []string{"sales_count"}, sql: []string{"L05", may}},
			"quantas lojinhas a rede tem?":                      {measures: []string{"stores"}},
			"quantos mimos temos no catálogo?":                  {measures: []string{"products"}},
			"quantas campanhas de marketing começaram em 2025?": {measures: []string{"promotions"}, sql: []string{y25}},
			"how many dockets did we have in May?":              {measures: []string{"sales_count"}, sql: []string{may}},
			"number of till slips in May":                       {measures: []string{"sales_count"}, sql: []string{may}},
			"how many cash memos did we have in May?":           {measures: []string{"sales_count"}, sql: []string{may}},
			"count of showrooms":                                {measures: []string{"stores"}},
			"how many freebies are in the catalogue?":           {measures: []string{"products"}},
			"how many specials started in 2025?":                {measures: []string{"promotions"}, sql: []string{y25}},
			"how many marketing campaigns started in 2025?":     {measures: []string{"promotions"}, sql: []string{y25}},
			// "usuários" alone may be the app's users or the system's; "bills" are also what
			// is billed: both stay unknown
			"quantos usuários temos?": {refuse: true},
		}},
		{"inflections and synonyms of the events: buy, sign up, earn, redeem, debit, reverse, cancel", map[string]want{
			"quantos clientes transacionaram em maio?":           {measures: []string{"buyers"}, sql: []string{paid, may}},
			"quantos clientes passaram na loja Savassi em maio?": {measures: []string{"buyers"}, sql: []string{"L05", may}},
			"quantos clientes vieram na loja em maio?":           {measures: []string{"buyers"}, sql: []string{may}},
			"quantos clientes ingressaram no programa em 2025?":  {measures: []string{"customers"}, sql: []string{"c.created_at", y25}},
			"quantos clientes estão se cadastrando por mês?":     {measures: []string{"customers"}, dims: []string{"month"}},
			"pontos estornados em maio":                          {measures: []string{"points_reversed"}, sql: []string{may}},
			"quantos pontos foram revertidos em maio?":           {measures: []string{"points_reversed"}, sql: []string{may}},
			"vendas anuladas em maio":                            {measures: []string{"sales_count"}, sql: []string{"cancelled_at IS NOT NULL", may}},
			"how many customers transact each month?":            {measures: []string{"buyers"}, dims: []string{"month"}},
			"how many customers enrol per month?":                {measures: []string{"customers"}, dims: []string{"month"}},
			"customers signing up by month":                      {measures: []string{"customers"}, dims: []string{"month"}},
			"how many new members came on board in May?":         {measures: []string{"customers"}, sql: []string{"c.created_at", may}},
			"points amassed in April":                            {measures: []string{"points_credited"}, sql: []string{apr}},
			"how many customers are cashing in points?":          {measures: []string{"redeemers"}},
			"points docked in May":                               {measures: []string{"points_debited"}, sql: []string{may}},
			"annulled sales in May":                              {measures: []string{"sales_count"}, sql: []string{"cancelled_at IS NOT NULL", may}},
			// "foi a loja" is no visit: which store was it
			"qual foi a loja com mais vendas em maio?": {dims: []string{"store"}, limit: 1, sql: []string{may}},
			// "juntar" also lumps values together ("junta crédito e débito"): unknown
			"pontos juntados em abril": {refuse: true},
		}},
		{"the points customers hold, said as kept or held, are the balance; stores in operation are the active ones", map[string]want{
			"quantos pontos guardados os clientes têm?":     {measures: []string{"balance_total"}},
			"total de pontos guardados dos clientes ativos": {measures: []string{"balance_total"}, sql: []string{"c.is_active"}},
			"quantas lojas estão em funcionamento?":         {measures: []string{"stores"}, sql: []string{"s.is_active"}},
			"points held by customers":                      {measures: []string{"balance_total"}},
			"total points on hand of active members":        {measures: []string{"balance_total"}, sql: []string{"c.is_active"}},
			"how many stores are in operation?":             {measures: []string{"stores"}, sql: []string{"s.is_active"}},
			// "abertas" of stores may be open now or opened in a period; "trading" in a
			// period may be a store that sold in it: both stay unknown
			"quantas lojas abertas em maio?":       {refuse: true},
			"how many stores were trading in May?": {refuse: true},
		}},
		{"penetration is a share", map[string]want{
			"qual a taxa de penetração do app entre os clientes?": {sql: []string{"100.0"}},
			"penetração de clientes ativos":                       {sql: []string{"100.0", "is_active"}},
			"penetração das mulheres na base":                     {sql: []string{"100.0"}},
			"what is the penetration of active customers?":        {sql: []string{"100.0", "is_active"}},
			"penetration rate of women among members":             {sql: []string{"100.0"}},
			"app penetration among customers":                     {sql: []string{"100.0"}},
			// of a market the model knows nothing
			"qual a penetração de mercado?":   {refuse: true},
			"what is our market penetration?": {refuse: true},
		}},
		{"the formal names of the gender flags, redemptions awaiting delivery, points given away and points used (redeemed)", map[string]want{
			"quantos clientes do sexo feminino temos?":                   {measures: []string{"customers"}, sql: []string{"gender_identity = 'F'"}},
			"quantos clientes do sexo masculino se cadastraram em 2025?": {measures: []string{"customers"}, sql: []string{"gender_identity = 'M'", y25}},
			"quantos resgates em espera?":                                {measures: []string{"redemptions"}, sql: []string{"'pending'"}},
			"pontos usados em maio por loja":                             {measures: []string{"points_redeemed"}, dims: []string{"store"}, sql: []string{may}},
			"total de pontos gastos em maio":                             {measures: []string{"points_redeemed"}, sql: []string{may}},
			"how many customers of the female sex signed up in 2025?":    {measures: []string{"customers"}, sql: []string{"gender_identity = 'F'", y25}},
			"how many redemptions are awaiting fulfilment?":              {measures: []string{"redemptions"}, sql: []string{"'pending'"}},
			"unfulfilled redemptions by store":                           {measures: []string{"redemptions"}, dims: []string{"store"}, sql: []string{"'pending'"}},
			"points given away in May":                                   {measures: []string{"points_credited"}, sql: []string{may}},
			"points spent in May by store":                               {measures: []string{"points_redeemed"}, dims: []string{"store"}, sql: []string{may}},
			// "sexo" alone is still the breakdown; "usada" of a payment type its sales
			"clientes por sexo":                     {measures: []string{"customers"}, dims: []string{"gender"}},
			"forma de pagamento mais usada em maio": {dims: []string{"payment_type"}, limit: 1, sql: []string{may}},
			// "dormant", "sumidos", "churned" may be inactive accounts or customers who stopped
			// buying: unknown
			"how many dormant customers do we have?": {refuse: true},
			"quantos clientes sumidos temos?":        {refuse: true},
		}},
		{"the plural of the count word tally", map[string]want{
			"tallies of sales by store in May":          {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{may}},
			"the tallies of customers by month in 2025": {measures: []string{"customers"}, dims: []string{"month"}, sql: []string{y25}},
			"tallies of redemptions by store":           {measures: []string{"redemptions"}, dims: []string{"store"}},
			"tallies of buyers by store in May":         {measures: []string{"buyers"}, dims: []string{"store"}, sql: []string{may}},
			"give me the tallies of sales per month":    {measures: []string{"sales_count"}, dims: []string{"month"}},
			"tallies of active customers by state":      {measures: []string{"customers"}, dims: []string{"state"}, sql: []string{"c.is_active"}},
			// "por cabeça" stays unknown: a per-customer figure of sales is not read apart
			// from the sign-ups of the period yet
			"compras por cabeça em maio": {refuse: true},
		}},
	})
}
