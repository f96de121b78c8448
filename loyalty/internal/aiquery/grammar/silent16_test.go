package grammar

import "testing"

// The sixteenth round's silent classes (issue 24): questions answered with a wrong number.
// Each is read right or refused.
func TestSilent16Classes(t *testing.T) {
	const may = "DATE '2025-05-01'"
	runClasses(t, []classCases{
		{"periods compared with a word that sets them against each other ('x', 'vs', 'contra') are never summed into one total", map[string]want{
			"faturamento somado em maio x junho":       {measures: []string{"revenue"}, sql: []string{"CASE WHEN", "DATE '2025-06-01')::date"}},
			"faturamento somado de maio vs junho":      {measures: []string{"revenue"}, sql: []string{"CASE WHEN"}},
			"revenue combined for May vs June":         {measures: []string{"revenue"}, sql: []string{"CASE WHEN"}},
			"faturamento de maio x junho somados":      {measures: []string{"revenue"}, sql: []string{"CASE WHEN"}},
			"vendas somadas abril contra maio":         {refuse: true},
			"revenue for April and May taken together": {measures: []string{"revenue"}, sqlNot: []string{"CASE WHEN"}},
		}},
		{"a quantity noun ('valor', 'value', 'amount') said of a measure of that quantity names the measure's own value, never a second measure", map[string]want{
			"valor do ticket médio em maio":                     {measures: []string{"average_ticket"}, sql: []string{may}},
			"average bill value in May":                         {measures: []string{"average_ticket"}, sql: []string{may}},
			"value of the average ticket in May":                {measures: []string{"average_ticket"}},
			"qual foi o valor do ticket médio por loja em maio": {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"average ticket value by store in May":              {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"o valor do faturamento em maio":                    {measures: []string{"revenue"}},
			"valor do gasto médio por cliente em maio":          {measures: []string{"revenue_per_buyer"}},
			// a second measure joined by a conjunction stays one
			"valor do ticket médio e faturamento em maio": {measures: []string{"average_ticket", "revenue"}},
			"ticket médio e valor em maio":                {measures: []string{"average_ticket", "revenue"}},
			"pontos do ticket médio em maio":              {refuse: true},
		}},
		{"a bare number compared after customers named by what they did is their total when they spent, and refused when it could be one purchase's value", map[string]want{
			"how many customers spent over 500 in May":         {sql: []string{"COALESCE(sum(x.value), 0)", "> 500"}, sqlNot: []string{"v.value > 500"}},
			"quantos clientes gastaram mais de 500 em maio":    {sql: []string{"COALESCE(sum(x.value), 0)", "> 500"}, sqlNot: []string{"v.value > 500"}},
			"how many customers spent less than 100 in May":    {sql: []string{"COALESCE(sum(x.value), 0)", "< 100"}},
			"quantos clientes gastaram mais de R$ 500 em maio": {sql: []string{"COALESCE(sum(x.value), 0)", "> 500"}},
			"quantos clientes compraram mais de 500 em maio":   {refuse: true},
			"how many customers bought over 500 in May":        {refuse: true},
			// the rows themselves compared with the number
			"how many sales over 500 in May":      {measures: []string{"sales_count"}, sql: []string{"v.value > 500"}},
			"quantas vendas acima de 500 em maio": {measures: []string{"sales_count"}, sql: []string{"v.value > 500"}},
		}},
		{"a place said of whom a purpose after the question is for ('pra gerente da Savassi ligar') is never left out", map[string]want{
			"quantos clientes compraram em maio pra gerente da Savassi ligar":  {refuse: true},
			"quantos clientes compraram em maio para a equipe da Centro ligar": {refuse: true},
			"quantos clientes ativos? é pra gerente da Batel mandar um mimo":   {refuse: true},
			"how many customers bought in May for the Savassi manager to call": {refuse: true},
			// a purpose without a place is context
			"quantos clientes compraram em maio pra minha equipe ligar": {measures: []string{"buyers"}, sql: []string{may}},
		}},
		{"a detail of the rows named in a sentence after the question is never left out", map[string]want{
			"List the customers who signed up in May. I want the team to phone them":       {refuse: true},
			"lista os clientes que se cadastraram em maio. vou precisar do telefone deles": {refuse: true},
			"Customers who bought in May, please. The team will phone them.":               {refuse: true},
		}},
		{"'address' is the stores' column, never a word of the report", map[string]want{
			"list of active stores with address":         {list: true, sql: []string{"s.address", "s.is_active"}},
			"list of stores with address":                {list: true, sql: []string{"s.address"}},
			"active stores with their address":           {list: true, sql: []string{"s.address"}},
			"list of active stores with their addresses": {list: true, sql: []string{"s.address"}},
			"active stores with address and phone":       {refuse: true},
		}},
		{"periods compared that overlap ('H1 2024 até hoje e H1 2025', 'desde março vs maio') are refused, never counted in the first", map[string]want{
			"faturamento H1 2024 até a presente data e H1 2025":                                {refuse: true},
			"revenue H1 2024 to date and H1 2025":                                              {refuse: true},
			"faturamento do primeiro semestre de 2024 até hoje e do primeiro semestre de 2025": {refuse: true},
			"vendas de 2024 até hoje vs 2025":                                                  {refuse: true},
			"faturamento desde março vs maio":                                                  {refuse: true},
			"faturamento 2024 vs 2025":                                                         {measures: []string{"revenue"}, sql: []string{"CASE WHEN"}},
			"faturamento H1 2024 vs H1 2025":                                                   {measures: []string{"revenue"}, sql: []string{"DATE '2024-07-01'"}},
			"revenue this year vs last year":                                                   {measures: []string{"revenue"}, sql: []string{"CASE WHEN"}},
		}},
		{"'every store' said of what the stores did is each store, a row apiece; said of where ('across every store') it is the whole chain; 'what did each store make' is never a list of the stores", map[string]want{
			"how much did every store sell in May":       {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{may}},
			"how many sales did every store have in May": {measures: []string{"sales_count"}, dims: []string{"store"}},
			"revenue for every store in May":             {measures: []string{"revenue"}, dims: []string{"store"}},
			"how much did each store sell in May":        {measures: []string{"revenue"}, dims: []string{"store"}},
			"quanto cada loja faturou em maio":           {measures: []string{"revenue"}, dims: []string{"store"}},
			"revenue in May across every store":          {measures: []string{"revenue"}, dims: []string{}},
			"how much did all the stores sell in May":    {measures: []string{"revenue"}, dims: []string{}},
			"what did each store make in May":            {refuse: true},
			"what did the stores make in May":            {refuse: true},
			"o que cada loja fez em maio":                {refuse: true},
			"how much did each store make in May":        {refuse: true},
		}},
		{"a name of the rows right after a measure per customer ('revenue per customer_name') asks a row per customer, never the average per customer", map[string]want{
			"revenue per customer_name in May": {measures: []string{"revenue"}, dims: []string{"customer"}, sql: []string{may}},
			"revenue per customer name in May": {measures: []string{"revenue"}, dims: []string{"customer"}},
			"revenue by customer_name in May":  {measures: []string{"revenue"}, dims: []string{"customer"}},
			"sales per customer in May":        {measures: []string{"sales_per_buyer"}},
		}},
		{"a percentage broken down by a group ('por gênero', 'gender split', 'each gender among') of customers who did something is how those customers split, never each group's rate of doing it", map[string]want{
			"Gender split of customers who bought in the last 30 days, as percentages of those buyers": {dims: []string{"gender"}, sql: []string{"OVER ()"}, sqlNot: []string{"FILTER"}},
			"% por gênero dos clientes que compraram nos últimos 30 dias":                              {dims: []string{"gender"}, sql: []string{"OVER ()"}, sqlNot: []string{"FILTER"}},
			"percentual por gênero dos clientes que compraram em maio":                                 {dims: []string{"gender"}, sql: []string{"OVER ()", may}, sqlNot: []string{"FILTER"}},
			"share of each gender among customers who bought in May":                                   {dims: []string{"gender"}, sql: []string{"OVER ()", may}, sqlNot: []string{"FILTER"}},
			"gender breakdown of buyers in the last 30 days as percentages":                            {dims: []string{"gender"}, sql: []string{"OVER ()"}},
			// the groups named: each one's rate
			"percentual de homens e de mulheres que compraram em maio": {dims: []string{"gender"}, sql: []string{"FILTER (WHERE EXISTS"}},
			"percentual de homens e de mulheres que usam o app":        {dims: []string{"gender"}, sql: []string{"FILTER (WHERE c.app_user)"}},
		}},
		{"'which stores are active': a flag of the rows a group asks for is theirs, never a count of other rows with it", map[string]want{
			"which stores are active":                                        {list: true, sql: []string{"FROM reporting.stores s", "s.is_active"}, sqlNot: []string{"count("}},
			"quais lojas estão ativas?":                                      {list: true, sql: []string{"FROM reporting.stores s", "s.is_active"}, sqlNot: []string{"count("}},
			"which stores are active and where is each one":                  {list: true, sql: []string{"s.city", "s.is_active"}, sqlNot: []string{"count("}},
			"quais lojas tão funcionando hoje e em que cidade fica cada uma": {refuse: true},
			// the customers named: their count per store
			"quais lojas têm mais clientes ativos": {measures: []string{"customers"}, dims: []string{"store"}},
		}},
	})
}
