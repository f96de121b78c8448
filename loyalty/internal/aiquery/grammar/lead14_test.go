package grammar

import "testing"

// The fourteenth round's lead classes (issue 24): a breakdown said twice in other words
// ("by store ... per owner store") is one breakdown, never two copies of its columns
// (silently wrong: the answer had its store columns twice); "only" said of several named
// values of a kind ("só Savassi e Centro", "app and totem only") narrows to them; a tail
// that says what the writer will look for ("quero ver se o pix passou o cartão") names
// rows the question's breakdown shows: it is read away, never a filter (silently wrong:
// the answer kept only those rows), and a tail naming a constraint of its own still
// refuses.
func TestLead14Classes(t *testing.T) {
	const (
		april = "DATE '2025-04-01'"
		may   = "DATE '2025-05-01'"
	)
	runClasses(t, []classCases{
		{"a breakdown said twice, in the same or other words, is one breakdown", map[string]want{
			"points liability by store: total outstanding points per owner store, active members only": {dims: []string{"store"}, sql: []string{"GROUP BY c.store_code_owner, s.name\n"}},
			"customers by store and by owner store":                                                    {dims: []string{"store"}, sql: []string{"GROUP BY c.store_code_owner, s.name\n"}},
			"faturamento por loja por loja em maio":                                                    {dims: []string{"store"}, sql: []string{"GROUP BY v.store_code, s.name\n"}},
			"sales per store per store in May":                                                         {dims: []string{"store"}, sql: []string{"GROUP BY v.store_code, s.name\n"}},
			// two breakdowns that group differently stay two
			"vendas por loja e por mês": {dims: []string{"store", "month"}},
		}},
		{"'only' said of every named value of a kind narrows to them", map[string]want{
			"vendas por loja em maio, só Savassi e Copacabana":    {dims: []string{"store"}, sql: []string{"v.store_code IN ('L05', 'L04')", may}},
			"sales by store in May, Savassi and Batel only":       {dims: []string{"store"}, sql: []string{"v.store_code IN ('L05', 'L06')", may}},
			"quantos clientes por origem em maio, só app e totem": {sql: []string{"c.origin IN ('APP', 'TOTEM')"}},
			"customers by origin, only app and totem":             {sql: []string{"c.origin IN ('APP', 'TOTEM')"}},
			"revenue at Savassi only":                             {sql: []string{"v.store_code = 'L05'"}},
			// another value of the kind named beside them: which rows is unclear
			"vendas na Savassi e no Centro só na Savassi": {refuse: true},
			"vendas no pix e no dinheiro só no pix":       {refuse: true},
		}},
		{"a tail naming rows the breakdown shows is what the writer looks for, never a filter", map[string]want{
			"faturamento por forma de pagamento em abril, quero ver se o pix passou o cartão de crédito": {filters: []string{}, sql: []string{april, "GROUP BY v.payment_type"}},
			"fatur por forma de pagamnto em abril, qro ver se o pix ja passou o cartao de credito":       {filters: []string{}, sql: []string{april, "GROUP BY v.payment_type"}},
			"faturamento por forma de pagamento em abril pra ver se o pix passou o cartão de crédito":    {filters: []string{}, sql: []string{april, "GROUP BY v.payment_type"}},
			"vendas por loja em maio, quero saber se a Savassi bateu a Centro":                           {filters: []string{}, sql: []string{may, "GROUP BY v.store_code, s.name"}},
			"revenue by payment type in April, I want to see if pix overtook credit card":                {filters: []string{}, sql: []string{april, "GROUP BY v.payment_type"}},
			"customers who bought in May by store, I want to see if Savassi beat Centro":                 {sql: []string{may, "GROUP BY v.store_code, s.name"}},
			"revenue by store in May, just to check whether Copacabana did better than Savassi":          {filters: []string{}, sql: []string{may, "GROUP BY v.store_code, s.name"}},
			// the tail names a constraint of its own, or values the question does not break down by
			"clientes por loja, pra ver se a Savassi tem mais clientes ativos":            {refuse: true},
			"revenue by store in May, I want to see if Savassi had more active customers": {refuse: true},
			"vendas por loja em maio, pra ver se a Savassi vendeu mais no pix":            {refuse: true},
			"faturamento em abril, quero ver se o pix passou o cartão de crédito":         {refuse: true},
		}},
		{"'analysed by' is a breakdown, 'split into' groups, 'tique' the ticket", map[string]want{
			"Customers with no purchase in over 90 days, analysed by owning store.":          {dims: []string{"owner_store"}},
			"vendas de maio analisadas por loja":                                             {dims: []string{"store"}},
			"last month's buyers split into first-time vs returning - counts per bucket pls": {measures: []string{"buyers"}, sql: []string{"THEN 'returning' ELSE 'first-time' END"}},
			"customers split into first-time vs returning last month":                        {sql: []string{"THEN 'returning' ELSE 'first-time' END"}},
			"me fala o tique médio das vendas no pix esse ano até agora":                     {measures: []string{"average_ticket"}, sql: []string{"v.payment_type = 'pix'"}},
		}},
		{"texted period words ('mês ant.'), a Singapore tag question ('can or not')", map[string]want{
			"vlr total vendido mês ant. por loja":             {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"date_trunc('month', now()) - interval '1 month'"}},
			"vendas da semana ant por loja":                   {dims: []string{"store"}, sql: []string{"date_trunc('week', now()) - interval '1 week'"}},
			"top 3 stores by revenue last month, can or not?": {limit: 3, dims: []string{"store"}},
		}},
		{"where stores are ('situadas em', 'located in') is their place", map[string]want{
			"total de pontos estornados nas lojas situadas na cidade de São Paulo": {sql: []string{"= 'sao paulo'", "e.transaction_type = 'E'"}},
			"revenue of the stores located in São Paulo":                           {measures: []string{"revenue"}, sql: []string{"= 'sao paulo'"}},
			"faturamento das lojas que ficam em Campinas em maio":                  {measures: []string{"revenue"}, sql: []string{"= 'campinas'", may}},
			"how many customers do the stores located in Rio de Janeiro have":      {measures: []string{"customers"}, sql: []string{"= 'rio de janeiro'"}},
		}},
		{"a customer said to belong to a store ('vinculados à', 'linked to') is the store's", map[string]want{
			"Dentre os clientes vinculados à loja Ibirapuera como loja titular, quantos se encontram atualmente com o cadastro inativo?": {measures: []string{"customers"}, sql: []string{"c.store_code_owner = 'L02'", "NOT c.is_active"}},
			"quantos clientes vinculados à loja Savassi":      {measures: []string{"customers"}, sql: []string{"c.store_code_owner = 'L05'"}},
			"how many customers are assigned to Batel":        {measures: []string{"customers"}, sql: []string{"c.store_code_owner = 'L06'"}},
			"points balance of customers belonging to Centro": {sql: []string{"c.store_code_owner = 'L01'"}},
		}},
		{"'by' before ways of paying is the means ('received by PIX and by cash')", map[string]want{
			"the number of sales and the total revenue received by PIX and by cash in May 2025, one line per payment method": {measures: []string{"sales_count", "revenue"}, sql: []string{"v.payment_type IN ('pix', 'cash')", may}},
			"revenue by pix and by cash in May": {measures: []string{"revenue"}, sql: []string{"v.payment_type IN ('pix', 'cash')"}},
			"revenue by card in May":            {measures: []string{"revenue"}, sql: []string{"v.payment_type IN ('credit_card', 'debit_card')"}},
			"sales by payment type in May":      {dims: []string{"payment_type"}, filters: []string{}},
		}},
		{"'only' said of a list's columns is the columns", map[string]want{
			"list of Savassi customers with birthday in July, name and phone only":             {list: true, sql: []string{"c.phone", "c.store_code_owner = 'L05'"}},
			"list of Savassi customers having birthday in July, name and phone number only":    {list: true, sql: []string{"c.phone", "extract(month FROM c.birth_date) = 7"}},
			"lista dos clientes da Savassi que fazem aniversário em julho, só nome e telefone": {list: true, sql: []string{"c.phone", "c.store_code_owner = 'L05'"}},
			"customers with birthday in July, only phone and email":                            {list: true, sql: []string{"c.phone", "c.email"}},
		}},
	})
}
