package grammar

import "testing"

// The classes of the eighth round (issue 24) for questions a call-centre supervisor asks
// about one named customer: where a person's name ends, a yes/no question about the
// customer's attribute (a column, never a filter), the rows of one customer with the
// columns asked in plain words, requested columns honoured, a detail on file said with
// "com", and the customer a sentence around the question names. Paraphrases written for
// these tests, in both languages, with negative rows that must still be refused.
func TestNamedCustomerClasses(t *testing.T) {
	const camila = "name_fold('Camila Prado')"
	runClasses(t, []classCases{
		{"a person's name is its capitalised words, with particles; it stops at lower case or a verb", map[string]want{
			"quantos pontos tem a cliente Camila Prado":                     {list: true, sql: []string{camila}},
			"saldo da cliente Maria da Silva Rosa":                          {list: true, sql: []string{"name_fold('Maria da Silva Rosa')"}},
			"saldo do cliente ricardo alves pinheiro":                       {list: true, sql: []string{"name_fold('ricardo alves pinheiro')"}},
			"qual o saldo da cliente Ana Nascimento, CPF 702.862.241-00":    {list: true, sql: []string{"name_fold('Ana Nascimento')", "c.doc = '70286224100'"}},
			"what is the balance of customer Fernanda Lima Duarte":          {list: true, sql: []string{"name_fold('Fernanda Lima Duarte')"}},
			"points balance of the customer Joao dos Santos":                {list: true, sql: []string{"name_fold('Joao dos Santos')"}},
			"balance of customer natalia rocha":                             {list: true, sql: []string{"name_fold('natalia rocha')"}},
			"Show me Ana Nascimento's purchases in May with date and value": {list: true, sql: []string{"name_fold('Ana Nascimento')", "v.value"}},
			"How many sales did we have on Black Friday?":                   {refuse: true},
			// the words after the name are the question's, never the name's
			"a cliente Camila Prado ligou reclamando, quantos pontos ela tem": {list: true, sql: []string{camila}}, // the clause before the ask is background (before17)
			"o cliente Ricardo Alves Pinheiro reclama dos pontos":             {refuse: true},
			"customer Camila Prado complained about her points":               {refuse: true},
			"saldo da cliente camila prado ligou":                             {refuse: true},
		}},
		{"a flag asked of the one customer named is their column", map[string]want{
			"O cliente do CPF 934.202.273-10 está com o cadastro ativo? Me passe também o saldo atual e a data da última compra dele": {list: true, filters: []string{"customer_doc"}, sql: []string{"c.is_active AS ativo", "c.points_balance", "c.last_purchase"}},
			"a cliente Fernanda Lima Duarte ainda está ativa?":                                                                        {list: true, sql: []string{"c.is_active AS ativo"}},
			"o cadastro do cpf 934.202.273-10 tá ativo?":                                                                              {list: true, filters: []string{"customer_doc"}, sql: []string{"c.is_active AS ativo"}},
			"is customer Fernanda Lima Duarte still active and what's her balance":                                                    {list: true, sql: []string{"c.is_active AS active", "c.points_balance"}},
			"is the customer with CPF 934.202.273-10 active?":                                                                         {list: true, filters: []string{"customer_doc"}, sql: []string{"c.is_active AS active"}},
			"is customer Camila Prado active? and her last purchase date":                                                             {list: true, sql: []string{"c.is_active AS active", "c.last_purchase"}},
			"is Camila Prado's account still active?":                                                                                 {list: true, sql: []string{"c.is_active AS active"}},
			"Can you tell me if customer Camila Prado is still active?":                                                               {list: true, sql: []string{"c.is_active AS active"}},
			"me diga se a cliente Camila Prado está ativa":                                                                            {list: true, sql: []string{"c.is_active AS ativo"}},
			"a cliente Camila Prado é mulher?":                                                                                        {list: true, sql: []string{"c.gender_identity AS genero"}},
			"a cliente Camila Prado usa o app?":                                                                                       {list: true, sql: []string{"c.app_user AS usa_app"}},
			"does customer Camila Prado use the app?":                                                                                 {list: true, sql: []string{"c.app_user"}},
			// customers named by a word are many: the flag narrows them
			"quantos clientes ativos chamados Souza":         {measures: []string{"customers"}, filters: []string{"active_active", "customer_name_has"}},
			"how many active customers named Souza":          {measures: []string{"customers"}, filters: []string{"active_active", "customer_name_has"}},
			"quantos clientes ativos com CPF 934.202.273-10": {measures: []string{"customers"}, filters: []string{"active_active", "customer_doc"}},
		}},
		{"one customer's rows, with the columns asked in plain words", map[string]want{
			"compras da cliente Ana Nascimento em maio, inclusive as canceladas, com data, valor e data do cancelamento":                                        {list: true, period: "2025-05-01", sql: []string{"FROM reporting.coupons v", "v.cancelled_at AS cancelada_em", "v.value AS valor"}},
			"as vendas do cliente CPF 702.862.241-00 em maio com data e valor":                                                                                  {list: true, sql: []string{"FROM reporting.coupons v", "v.value AS valor", "c.doc = '70286224100'"}},
			"sales of customer Ana Nascimento in May including cancelled, with date, value and cancellation date":                                               {list: true, sql: []string{"FROM reporting.coupons v", "v.cancelled_at"}},
			"extrato de pontos da cliente Fernanda Lima Duarte neste mês, com data, tipo de lançamento, pontos e descrição, do mais antigo para o mais recente": {list: true, sql: []string{"e.description AS descricao", "ORDER BY e.transaction_date NULLS LAST"}},
			"lançamentos da Fernanda Lima Duarte este mês com data, tipo e pontos, em ordem cronológica":                                                        {list: true, sql: []string{"e.transaction_type_name AS tipo", "ORDER BY e.transaction_date NULLS LAST"}},
			"points statement for customer Fernanda Lima Duarte this month with date, type, points and description, oldest first":                               {list: true, sql: []string{"e.description", "ORDER BY e.transaction_date NULLS LAST"}},
			"resgates pendentes da cliente Patrícia Gomes Carvalho com pontos e data de vencimento":                                                             {list: true, sql: []string{"r.total_points AS pontos", "r.expires_at AS expira_em", "r.status = 'pending'"}},
			"Quais resgates pendentes a cliente Patrícia Gomes Carvalho tem, com os pontos e a data de vencimento?":                                             {list: true, sql: []string{"r.total_points AS pontos", "r.expires_at AS expira_em"}},
			"customer Patricia Gomes Carvalho's pending redemptions, with the points and the expiry date":                                                       {list: true, sql: []string{"r.total_points AS points", "r.expires_at"}},
			"Quantos resgates o cliente Ricardo Alves Pinheiro tem em cada status, considerando todos os status?":                                               {measures: []string{"redemptions"}, dims: []string{"status"}, sql: []string{"name_fold('Ricardo Alves Pinheiro')"}},
			"quais resgates pendentes a Patrícia Gomes Carvalho tem? com pontos e validade":                                                                     {list: true, sql: []string{"r.total_points AS pontos", "r.expires_at AS expira_em"}},
			// a column said in a sentence of its own is read, never left out as context
			"quais resgates pendentes a Patrícia Gomes Carvalho tem? com pontos e cor": {refuse: true},
			// a plain column the rows do not have, or an order a total cannot take
			"clientes ativos com descrição e status":                  {refuse: true},
			"faturamento por loja do mais antigo para o mais recente": {refuse: true},
			"revenue by store, oldest first":                          {refuse: true},
		}},
		{"customers by the number of their rows a flag names", map[string]want{
			"Quais clientes tiveram mais de um resgate cancelado este ano? Quero os nomes e CPFs.": {list: true, sql: []string{"x.status = 'cancelled'", ") > 1", "c.doc AS documento"}},
			"nomes e CPFs dos clientes com mais de um resgate cancelado em 2025":                   {list: true, sql: []string{"x.status = 'cancelled'", ") > 1"}},
			"quantos clientes têm 2 ou mais compras canceladas em maio":                            {measures: []string{"customers"}, sql: []string{"x.cancelled_at IS NOT NULL", ") >= 2"}},
			"customers with more than one cancelled redemption this year, names and CPFs":          {list: true, sql: []string{"x.status = 'cancelled'", ") > 1"}},
			"how many customers have 2 or more cancelled purchases in May":                         {measures: []string{"customers"}, sql: []string{"x.cancelled_at IS NOT NULL", ") >= 2"}},
			"which customers had two or more cancelled redemptions this year? names and CPF":       {list: true, sql: []string{"x.status = 'cancelled'", ") >= 2"}},
			"which customers had more than 1 expired redemption last year? names only":             {list: true, sql: []string{"x.status = 'expired'", ") > 1"}},
		}},
		{"requested columns are honoured; an expiry said of a row takes the period", map[string]want{
			"Boa tarde! Pode listar os clientes que têm resgate pendente vencendo até amanhã? Vou ligar para avisar. Preciso do nome e do telefone.": {list: true, sql: []string{"c.phone AS telefone", "x.status = 'pending' AND x.expires_at < date_trunc('day', now()) + interval '2 days'"}},
			"clientes com resgate pendente que vence até amanhã, nome e celular":                                                                     {list: true, sql: []string{"c.phone AS telefone", "x.expires_at < date_trunc('day', now()) + interval '2 days'"}},
			"liste os clientes com resgate pendente? Vou ligar para avisar. Preciso do telefone.":                                                    {list: true, sql: []string{"c.phone AS telefone"}},
			"customers with a pending redemption expiring by tomorrow, name and phone":                                                               {list: true, sql: []string{"c.phone", "x.status = 'pending' AND x.expires_at < date_trunc('day', now()) + interval '2 days'"}},
			"list customers with pending redemptions. I need their phone.":                                                                           {list: true, sql: []string{"c.phone"}},
			"customers whose pending redemption expires this week: names and phones":                                                                 {list: true, sql: []string{"c.phone", "x.expires_at < date_trunc('week', now()) + interval '1 week'"}},
		}},
		{"a list asked by the names shows the names", map[string]want{
			"ocê me passa o nome dos cliente do cambuí que faz aniversário em julho que eu quero mandar um mimo pra eles": {list: true, sql: []string{"SELECT c.name AS cliente\n", "extract(month FROM c.birth_date) = 7"}},
			"clientes aniversariantes de julho, só os nomes":                                                              {list: true, sql: []string{"SELECT c.name AS cliente\n"}},
			"nomes e telefones dos clientes inativos":                                                                     {list: true, sql: []string{"SELECT c.name AS cliente, c.phone AS telefone\n"}},
			"names of customers with birthdays in July":                                                                   {list: true, sql: []string{"SELECT c.name AS customer\n"}},
			"inactive customers, names only":                                                                              {list: true, sql: []string{"SELECT c.name AS customer\n"}},
			"list the customers of Savassi born in August, just the names":                                                {list: true, sql: []string{"SELECT c.name AS customer\n"}},
		}},
		{"a detail on file is one rule, said with com, têm, with, have, or after it", map[string]want{
			"quantos clientes ativos e com email":            {measures: []string{"customers"}, filters: []string{"active_active", "present_email"}},
			"qtos clientes tem email preenchido":             {measures: []string{"customers"}, filters: []string{"present_email"}},
			"clientes com telefone cadastrado, quantos são?": {measures: []string{"customers"}, filters: []string{"present_phone"}},
			"how many customers have an email on file":       {measures: []string{"customers"}, filters: []string{"present_email"}},
			"how many active customers with a phone number":  {measures: []string{"customers"}, filters: []string{"active_active", "present_phone"}},
			"number of customers who have a cpf":             {measures: []string{"customers"}, filters: []string{"present_doc"}},
			"quantos clientes não têm telefone":              {measures: []string{"customers"}, filters: []string{"missing_phone"}},
		}},
		{"the customer a sentence around the question names, pointed to with a pronoun", map[string]want{
			"Bom dia! A cliente Camila Prado ligou reclamando do saldo dela. Poderia me informar quantos pontos ela tem hoje, por favor?": {list: true, sql: []string{camila}},
			"A cliente Camila Prado ligou. Quantos pontos ela tem?":                                                                       {list: true, sql: []string{camila}},
			"O cliente Ricardo Alves Pinheiro tá bravo. Quantos resgates ele tem em cada status?":                                         {dims: []string{"status"}, sql: []string{"name_fold('Ricardo Alves Pinheiro')"}},
			"The customer Fernanda Lima Duarte called about her points. How many points does she have?":                                   {list: true, sql: []string{"name_fold('Fernanda Lima Duarte')"}},
			"Customer Ricardo Alves Pinheiro is upset. How many redemptions does he have in each status?":                                 {dims: []string{"status"}, sql: []string{"name_fold('Ricardo Alves Pinheiro')"}},
			"Mrs. Camila Prado is on the line. What is her points balance?":                                                               {list: true, sql: []string{camila}},
			// the question does not point to her: the name is not known to apply
			"A cliente Camila Prado ligou. Quantos clientes temos?":       {refuse: true},
			"Customer Camila Prado called. How many customers are there?": {refuse: true},
		}},
	})
}
