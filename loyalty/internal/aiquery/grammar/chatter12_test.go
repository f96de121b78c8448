package grammar

import (
	"testing"
)

// The chatter classes of the twelfth round (issue 24): slang, interjections, vocatives and
// affection around the question, and a side sentence after it that says a reason, a
// feeling or a plan with no constraint (background.go, statements.go). The words are the
// model's discourse words (semantic/discourse.go); a side part that names a value, a
// negation or a restriction the ask does not repeat stays refused.
func TestChatterTwelfthClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"slang, interjections and vocatives around the question", map[string]want{
			"oxe, quantos clientes se cadastraram em maio, queridu?":                     {measures: []string{"customers"}, period: "2025-05-01"},
			"égua, qual foi o faturamento da Savassi no mês passado? tas tolo":           {measures: []string{"revenue"}, sql: []string{"'L05'"}, period: "interval '1 month'"},
			"uai, quantas vendas teve ontem? dahora":                                     {measures: []string{"sales_count"}, period: "interval '1 day'"},
			"mano, me passa o ticket medio de maio sem frescura":                         {measures: []string{"average_ticket"}, period: "2025-05-01"},
			"o-lho-lho, quantos resgates foram feitos esse mes?":                         {period: "date_trunc('month', now())"},
			"quantos clientes ativos a gente tem, migo? sacou":                           {measures: []string{"customers"}, filters: []string{"active_active"}},
			"how many customers signed up in May, mate? reckon it's heaps":               {measures: []string{"customers"}, period: "2025-05-01"},
			"revenue at Savassi last month, mate? cheers":                                {measures: []string{"revenue"}, sql: []string{"'L05'"}},
			"how many sales yesterday darl? no dramas":                                   {measures: []string{"sales_count"}},
			"How many customers have their birthday in July? Wanna send em a lil card 🎂": {measures: []string{"customers"}, sql: []string{"birth_date"}},
			// a name or a value beside the slang is still refused
			"oxe, quantos clientes compraram cappuccino em maio?":                      {refuse: true},
			"how many customers signed up in May, mate? reckon the app ones are heaps": {refuse: true},
		}},
		{"a side sentence with a reason, feeling or plan and no constraint is background", map[string]want{
			"quantas vendas foram canceladas em maio na Savassi? parece q foi um monte":                                                             {measures: []string{"sales_count"}, sql: []string{"'L05'", "cancelled_at IS NOT NULL"}},
			"quantos clientes estao sem comprar ha mais de 90 dias? quero chamar esse povo de volta, nao tem logica sumir assim":                    {measures: []string{"customers"}, sql: []string{"last_purchase"}},
			"quantos clientes nunca compraram? tipo cadastro fantasma, sacou":                                                                       {measures: []string{"customers"}},
			"qnto a gente vendeu esse mes? tipo a rede toda, sem frescura":                                                                          {measures: []string{"revenue"}, period: "date_trunc('month', now())"},
			"how many promotions are active? reckon it's heaps":                                                                                     {sql: []string{"promotions"}},
			"List the customers with pending redemptions expiring by tomorrow, with their phones. I want the stores to ring them before it lapses.": {list: true, sql: []string{"c.phone", "pending"}},
			"quantos clientes inativos? nao faz sentido sumir assim":                                                                                {measures: []string{"customers"}, sql: []string{"NOT c.is_active"}},
			"kindly check the points balance of Mrs. Ana Souza, she is asking on the helpline":                                                      {list: true, sql: []string{"points_balance", "Ana Souza"}},
			"saldo de pontos da Sra. Ana Souza? ela está no telefone":                                                                               {list: true, sql: []string{"points_balance", "Ana Souza"}},
			"How'd Savassi go this month vs last month on revenue? one line per month!":                                                             {measures: []string{"revenue"}, sql: []string{"'L05'", "CASE WHEN"}},
			"quanto faturamos no pix e no dinheiro em maio? dahora comparar os dois":                                                                {measures: []string{"revenue"}, sql: []string{"'pix', 'cash'", "GROUP BY v.payment_type"}},
			"revenue at Savassi and Batel in May? keen to compare the two":                                                                          {measures: []string{"revenue"}, sql: []string{"'L05', 'L06'", "GROUP BY"}},
			"quanto faturou a Savassi em maio? dahora comparar os dois":                                                                             {refuse: true},
			"quanto faturamos no pix e no dinheiro em maio? dahora comparar os dois com o cartao":                                                   {refuse: true},
			// a side part that names a value, a negation or a restriction stays refused
			"quantos clientes compraram em maio? nao os do app":                        {sql: []string{"NOT (c.origin = 'APP')"}},
			"how many customers signed up in May? reckon the app ones are heaps":       {refuse: true},
			"quantos clientes compraram em maio? quero chamar so os inativos de volta": {refuse: true},
		}},
		{"formal and inflected request frames", map[string]want{
			"Prezados, solicito a gentileza de me informarem o faturamento de maio.":      {measures: []string{"revenue"}, period: "2025-05-01"},
			"Solicito a gentileza de informarem quantos clientes se cadastraram em maio.": {measures: []string{"customers"}, period: "2025-05-01"},
			"Tenha a bondade de informar quantas vendas foram feitas em maio.":            {measures: []string{"sales_count"}, period: "2025-05-01"},
			"Tenham a bondade de me dizer o ticket médio de maio.":                        {measures: []string{"average_ticket"}, period: "2025-05-01"},
			"Se me permite a pergunta: qual foi o faturamento da Savassi em maio?":        {measures: []string{"revenue"}, sql: []string{"'L05'"}},
			"Quantos clientes efetivamente compraram em maio?":                            {sql: []string{"count(DISTINCT v.customer_id)"}, period: "2025-05-01"},
			"Poderia verificar quantos resgates estão pendentes?":                         {sql: []string{"'pending'"}},
			"If I may ask, what was the revenue in May?":                                  {measures: []string{"revenue"}, period: "2025-05-01"},
			"Would you be so kind as to tell me the number of active customers?":          {measures: []string{"customers"}},
			// courtesy around a word the model does not know: still refused
			"Tenha a bondade de informar o faturamento do cappuccino em maio.": {refuse: true},
		}},
		{"how did X go, blokes and ladies, all up, in the system", map[string]want{
			"How'd we go with new sign-ups last week?":                 {measures: []string{"customers"}, period: "interval '1 week'"},
			"how did Savassi go on revenue last month?":                {measures: []string{"revenue"}, sql: []string{"'L05'"}, period: "interval '1 month'"},
			"How did revenue go this month vs last month?":             {measures: []string{"revenue"}, sql: []string{"CASE WHEN"}},
			"How'd Copacabana go this month vs last month on revenue?": {measures: []string{"revenue"}, sql: []string{"'L04'", "CASE WHEN"}},
			"how many blokes have we got on the books?":                {measures: []string{"customers"}, sql: []string{"gender_identity = 'M'"}},
			"how many ladies vs fellas signed up this year?":           {sql: []string{"gender_identity"}},
			"how many customers have we got in the system all up?":     {measures: []string{"customers"}},
			"how many promos have we got set up in the system all up?": {sql: []string{"promotions"}},
			"how many lads bought in May?":                             {sql: []string{"gender_identity = 'M'", "2025-05-01"}},
			// "go" with a place nobody knows, or a write: refused
			"How did the kiosk go last month?": {refuse: true},
			"set up a promotion for May":       {refuse: true},
		}},
	})
}
