package grammar

import "testing"

// TestColumns16: questions written the way data people write them, with the reporting
// views' column names and statistics wording (issue 24, sixteenth round). Paraphrases
// written for these tests, en and pt-BR, with the near misses that must still refuse.
func TestColumns16(t *testing.T) {
	const may = "DATE '2025-05-01'"
	runClasses(t, []classCases{
		{"a column's snake_case name is read without the parts that say how it is stored (is_, _id, _description)", map[string]want{
			"count of distinct customer_id who purchased in May":      {sql: []string{may, "cancelled_at IS NULL"}},
			"contagem de customer_id distintos que compraram em maio": {measures: []string{"buyers"}, sql: []string{may}},
			"revenue by payment_type_description in May":              {measures: []string{"revenue"}, dims: []string{"payment_type"}, sql: []string{may}},
			"faturamento por payment_type_description em maio":        {measures: []string{"revenue"}, dims: []string{"payment_type"}, sql: []string{may}},
			"how many customers where is_active = false":              {measures: []string{"customers"}, sql: []string{"NOT c.is_active"}},
			"quantos clientes com is_active = true":                   {measures: []string{"customers"}, sql: []string{"c.is_active"}, sqlNot: []string{"NOT c.is_active"}},
			"sales count where is_cancelled = false in May":           {measures: []string{"sales_count"}, sql: []string{"cancelled_at IS NULL", may}},
			"top 10 customers by points_balance":                      {list: true, limit: 10, sql: []string{"ORDER BY c.points_balance DESC"}},
			// a column the views do not have, or a part that is no storage part, still refuses
			"count of customers where is_vip = true":  {refuse: true},
			"revenue by payment_type_code in May":     {refuse: true},
			"revenue by city_code in May":             {refuse: true},
			"count of customers where is_blue = true": {refuse: true},
			// a row's own key, or a verb's: no breakdown it names
			"count of redemptions by redeem_id":       {refuse: true},
			"number of points entries by reverses_id": {refuse: true},
		}},
		{"a dimension is named by the view column it shows (\"per store_code\", \"store_code wise\", \"agrupado por store_code\")", map[string]want{
			"total revenue per store_code for Q1 2025":       {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"DATE '2025-01-01'", "GROUP BY v.store_code"}},
			"number of sales, store_code wise, in May":       {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{may}},
			"faturamento agrupado por store_code em maio":    {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{may}},
			"pontos resgatados por store code em maio":       {dims: []string{"store"}, sql: []string{may}},
			"count of customers grouped by store_code_owner": {measures: []string{"customers"}, dims: []string{"owner_store"}},
			// the customers' store_code is their sign-up store, their owner another column:
			// which one is asked is not for the interpreter to guess
			"customers per store_code": {clarify: true},
			// a list of the stores' codes keeps the column
			"list the stores with their store code": {list: true, sql: []string{"s.store_code"}},
		}},
		{"up to now said of no period (\"till date\", \"até hoje\") is what a question without one asks", map[string]want{
			"kindly share the count of customers where is_active = false till date": {measures: []string{"customers"}, period: "-", sql: []string{"NOT c.is_active"}},
			"revenue till date":                       {measures: []string{"revenue"}, period: "-"},
			"clientes ativos até hoje":                {measures: []string{"customers"}, period: "-", sql: []string{"c.is_active"}},
			"quantos clientes inativos até o momento": {measures: []string{"customers"}, period: "-", sql: []string{"NOT c.is_active"}},
			// of a period that ended, or after a time unit, it still is no reading
			"faturamento do mês passado incluindo hoje": {refuse: true},
			"revenue per month till date":               {refuse: true},
		}},
		{"a customer's flag said with its complement (\"active or not\", \"ativos ou inativos\") is every customer", map[string]want{
			"median points balance of all customers (active or not)":         {sql: []string{"percentile_cont(0.5)"}, sqlNot: []string{"is_active"}},
			"median points balance of all customers, active or inactive":     {sql: []string{"percentile_cont(0.5)"}, sqlNot: []string{"is_active"}},
			"mediana do saldo de pontos de todos os clientes, ativos ou não": {sql: []string{"percentile_cont(0.5)"}, sqlNot: []string{"is_active"}},
			"quantos clientes, ativos ou inativos, se cadastraram em maio":   {measures: []string{"customers"}, sql: []string{may}, sqlNot: []string{"is_active"}},
			// of rows a counting rule narrows, or of rows other than the customers, refused
			"count of sales cancelled or not in May": {refuse: true},
			"how many stores, active or not":         {refuse: true},
			"active or pending redemptions in May":   {refuse: true},
		}},
		{"a condition said as a statistician says it (\"given that\", \"conditional on\", \"dado que\", \"condicionado a\") is a filter; of a percentage it is refused", map[string]want{
			"Mean age of active customers, given that a birth date is on file":                 {sql: []string{"c.is_active", "c.birth_date IS NOT NULL"}},
			"idade média dos clientes ativos, dado que a data de nascimento está preenchida":   {sql: []string{"c.is_active", "c.birth_date IS NOT NULL"}},
			"Average spend per customer in May, conditional on the customer being an app user": {sql: []string{"c.app_user", may}},
			"average ticket in May conditioned on the customer being an app user":              {measures: []string{"average_ticket"}, sql: []string{"c.app_user", may}},
			// the base of a percentage or what it counts: the words do not say
			"Conditional on having signed up through the app, what share of customers have never made a purchase?": {refuse: true},
			"what percent of customers are active, given that they use the app":                                    {refuse: true},
			"percentual de clientes ativos, dado que usam o app":                                                   {refuse: true},
		}},
		{"a list of the stores with their city and state (the views' column names) shows them; it counted customers by city", map[string]want{
			"Kindly share the list of stores where is_active is true, along with city and state.": {list: true, sql: []string{"s.city", "s.state", "s.is_active"}, sqlNot: []string{"customers"}},
			"which stores are active, with city and state":                                        {list: true, sql: []string{"s.city", "s.state", "s.is_active"}, sqlNot: []string{"customers"}},
			"lista das lojas ativas com cidade e estado":                                          {list: true, sql: []string{"s.city", "s.state", "s.is_active"}},
			"list the stores with their city":                                                     {list: true, sql: []string{"s.city"}},
			// a city of other rows is no column of theirs
			"list of customers with city and state": {refuse: true},
			"revenue by city and state in May":      {dims: []string{"city", "state"}, sql: []string{may}},
		}},
		{"rows without a detail left out after they are named (\"records with birth_date null can be ignored\")", map[string]want{
			"average age of customers gender_identity wise. Records with birth_date null can be ignored.": {dims: []string{"gender"}, sql: []string{"c.birth_date IS NOT NULL"}},
			"average age of customers by gender, records with birth_date null ignored":                    {dims: []string{"gender"}, sql: []string{"c.birth_date IS NOT NULL"}},
			"idade média dos clientes por gênero, clientes com data de nascimento nula ficam de fora":     {dims: []string{"gender"}, sql: []string{"c.birth_date IS NOT NULL"}},
			// rows kept, not left out: no reading
			"average age of customers by gender, records with birth_date null included": {refuse: true},
		}},
	})
}
