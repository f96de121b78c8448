package grammar

import "testing"

// The seventeenth round's second-language and shorthand classes (issue 24): English as a
// German speaker writes it (a negation after its clause, "till", "begin of", "anymore")
// and Portuguese chat shorthand ("dps", "slk", "num", "cliente s").
func TestL2En17Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"a word texted with 'k' for a hard 'c' is the word spelled with 'c' or 'qu' ('slk': 'slc', 'aki': 'aqui', 'ke': 'que')", map[string]want{
			"slk, qnts pontos foram resgatados na savassi essa semana?": {measures: []string{"points_redeemed"}, sql: []string{"'L05'"}},
			"quantos clientes ativos tem aki":                           {measures: []string{"customers"}, sql: []string{"c.is_active"}},
			"quantos clientes ke compraram em maio":                     {sql: []string{"DATE '2025-05-01'"}},
			"mto cliente sem comprar faz mais de 60 dias? qnts sao slk": {measures: []string{"customers"}, sql: []string{"last_purchase"}},
			// laughter stays laughter, never a word
			"kkkk quantos clientes temos": {measures: []string{"customers"}},
		}},
		{"a plural's ending said apart from its noun is still the noun's ('cliente s': 'clientes')", map[string]want{
			"quantos cliente s se cadastraram esse mes pelo aplicativo": {measures: []string{"customers"}, sql: []string{"'APP'"}},
			"how many customer s signed up this month through the app":  {measures: []string{"customers"}, sql: []string{"'APP'"}},
			"faturamento por loja s em maio":                            {measures: []string{"revenue"}, dims: []string{"store"}},
			// an "s" after a plural is no ending: a word no reading uses
			"quantos clientes s": {refuse: true},
		}},
		{"'and then', 'mas depois' between two clauses of one event order them: the periods say the order", map[string]want{
			"qnts clientes compraram em abril mas dps n compraram nd em maio?":      {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
			"quantos clientes compraram em abril e depois não compraram em maio?":   {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
			"how many customers bought in April but afterwards did not buy in May?": {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
			// "depois de" is still "after"
			"quantos clientes compraram depois de abril": {sql: []string{"DATE '2025-05-01'"}, sqlNot: []string{"NOT EXISTS"}},
		}},
		{"a negation said after a clause's second period, closing it, denies that period only ('in May but in April not')", map[string]want{
			"How many customers did buy in May but in April not?":  {measures: []string{"customers"}, sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-04-01'"}},
			"how many customers bought in March, in April not":     {measures: []string{"customers"}, sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-04-01'"}},
			"quantos clientes compraram em maio mas em abril não?": {measures: []string{"customers"}, sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-04-01'"}},
			// no conjunction sets the periods against each other: the negation's scope is unclear
			"How many customers did buy in May in April not?": {refuse: true},
		}},
		{"'no longer' after a negated verb is read only beside the window of time the customers have not done it in", map[string]want{
			"How many customers are since more than 180 days not buying anymore?": {measures: []string{"customers"}, sql: []string{"c.last_purchase <", "179 days"}},
			"how many customers have not bought anymore for more than 90 days":    {measures: []string{"customers"}, sql: []string{"c.last_purchase <", "89 days"}},
			"quantos clientes não compram mais há mais de 120 dias?":              {measures: []string{"customers"}, sql: []string{"c.last_purchase <", "119 days"}},
			"quantos clientes num compra faz mais de 60 dias":                     {measures: []string{"customers"}, sql: []string{"c.last_purchase <", "59 days"}},
			// no window: "anymore" alone is no period, refused, never "never bought"
			"how many customers don't buy anymore": {refuse: true},
			"quantos clientes não compram mais":    {refuse: true},
		}},
		{"'num' before a verb is 'não'; elsewhere it keeps its other readings", map[string]want{
			"quantos clientes num compraram em maio": {measures: []string{"customers"}, sql: []string{"NOT EXISTS"}},
			"quantos clientes compraram num dia só":  {refuse: true},
		}},
		{"since A until B is A to B, the end never dropped; 'till', 'untill', 'end of' without its article", map[string]want{
			"Please give me the revenue per month since January till end of May.": {measures: []string{"revenue"}, dims: []string{"month"}, sql: []string{"DATE '2025-01-01'", "< DATE '2025-06-01'"}},
			"revenue per month since January untill end of April":                 {measures: []string{"revenue"}, sql: []string{"DATE '2025-01-01'", "< DATE '2025-05-01'"}},
			"revenue per month since February until May":                          {measures: []string{"revenue"}, sql: []string{"DATE '2025-02-01'", "< DATE '2025-06-01'"}},
			"faturamento por mês desde janeiro até março":                         {measures: []string{"revenue"}, sql: []string{"DATE '2025-01-01'", "< DATE '2025-04-01'"}},
			"new customers since March til end of May":                            {measures: []string{"customers"}, sql: []string{"DATE '2025-03-01'", "< DATE '2025-06-01'"}},
		}},
		{"'begin of' said for 'beginning of' ('since begin of the year', 'since begin of May')", map[string]want{
			"Which customers have bought in the store Batel and also in Savassi since begin of the year? Only the names.": {list: true, sql: []string{"'L06'", "'L05'", "date_trunc('year', now())"}},
			"revenue by store since begin of the year": {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"date_trunc('year', now())"}},
			"revenue since begin of May":               {measures: []string{"revenue"}, sql: []string{"DATE '2025-05-01'"}},
		}},
		{"'aniver', 'vo' texted for 'aniversário', 'vou'", map[string]want{
			"me passa os nome dos clientes ativos q fazem aniver em julho, vo fazer uns cartaozinho": {list: true, sql: []string{"c.is_active", "extract(month FROM c.birth_date) = 7"}},
			"quantos clientes fazem aniver em agosto":                                                {measures: []string{"customers"}, sql: []string{"extract(month FROM c.birth_date) = 8"}},
		}},
	})
}
