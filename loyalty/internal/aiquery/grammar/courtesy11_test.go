package grammar

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The register classes of the eleventh round (issue 24): chatty and very formal
// questions. The words around the question are a small closed vocabulary of the model
// (semantic.Fillers: greeting, closing, courtesy, request, statement, purpose; the
// formal "now" of the scope class), and they may stand only where they carry nothing:
// a sentence or clause around the question, or a frame before it. What a person of the
// work asked for ("a gerência gostaria de saber ...") is read after the verb of asking
// (statements.go, askedFor). Paraphrases written for these tests in several voices, with
// the rows that must still be refused: courtesy wrapped around a word the model does not
// know, a sign-off name a pronoun points to, a clause that names a filter.
func TestCourtesyEleventhClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"chit-chat, scene-setting and sign-offs around the question are context", map[string]want{
			"Morning! Just having my coffee, what were the takings yesterday?":                                            {measures: []string{"revenue"}, period: "interval '1 day'"},
			"Sitting here with my tea, how many customers signed up in May?":                                              {measures: []string{"customers"}, period: "2025-05-01"},
			"Which shop had the fewest sales last quarter? Just so I know who I'm having a wee word with":                 {measures: []string{"sales_count"}, limit: 1, order: semantic.Ascending},
			"How many active customers? Just so we know how many to expect":                                               {measures: []string{"customers"}, filters: []string{"active_active"}},
			"Average ticket in May, if ye don't mind":                                                                     {measures: []string{"average_ticket"}, period: "2025-05-01"},
			"How many customers signed up in May? I remain, yours faithfully, Emrys Pritchard.":                           {measures: []string{"customers"}, filters: []string{}, period: "2025-05-01"},
			"Revenue at Savassi last month? Yours faithfully, Gwen Morgan":                                                {measures: []string{"revenue"}, sql: []string{"'L05'"}, period: "interval '1 month'"},
			"Bom dia, poderia me informar quantas vendas foram pagas no PIX ontem? Obrigada desde já.":                    {measures: []string{"sales_count"}, sql: []string{"'pix'"}},
			"Bom dia! Gostaria, por gentileza, de saber quantos clientes se cadastraram em maio. Obrigada desde já.":      {measures: []string{"customers"}, period: "2025-05-01"},
			"Desde já obrigada, quantos clientes ativos?":                                                                 {measures: []string{"customers"}, period: "-"},
			"Quantos clientes ativos temos? Abraços, Maria":                                                               {measures: []string{"customers"}, filters: []string{"active_active"}},
			"A minha gerente pediu, por gentileza, a quantidade de clientes ativos.":                                      {measures: []string{"customers"}, filters: []string{"active_active"}},
			"Por gentileza, a gerência gostaria de saber a idade média dos clientes homens. Muito obrigada!":              {sql: []string{"avg(extract(year FROM age(now(), c.birth_date)))"}},
			"A gerência gostaria de saber o número de clientes ativos.":                                                   {measures: []string{"customers"}, filters: []string{"active_active"}},
			"My manager would like to know the revenue in May.":                                                           {measures: []string{"revenue"}, period: "2025-05-01"},
			"The board would like the number of active customers, please.":                                                {measures: []string{"customers"}},
			"One of the store managers asked me earlier today how many customers are currently inactive. Would you mind?": {measures: []string{"customers"}, sql: []string{"NOT c.is_active"}},
			// courtesy around a word the model does not know: still refused
			"Just having my coffee, how many customers bought cappuccino today?": {refuse: true},
			"Pray tell me the revenue of the Savassi coffee shop":                {refuse: true},
			"Could you kindly furnish me with the revenue of the coffee corner?": {refuse: true},
			"Revenue in May, never mind the cancelled ones":                      {refuse: true},
			"Quantos clientes compraram desde já?":                               {refuse: true},
			// the asker's clause names a store: never dropped
			"A gerente da Savassi gostaria de saber o número de clientes ativos.": {refuse: true},
			"My manager at Savassi would like to know the revenue in May.":        {refuse: true},
			// a pronoun pointing to the sign-off's name: the writer, never a customer
			"How many points does she have? Kind regards, Camila Prado":             {refuse: true},
			"Quantos pontos ela tem? Abraços, Camila Prado":                         {refuse: true},
			"Quantos pontos ela tem? Atenciosamente, Camila Prado":                  {refuse: true},
			"How many points does she have? I remain, yours faithfully, Ana Souza.": {refuse: true},
		}},
		{"formal and old-fashioned request frames are requests", map[string]want{
			"Pray tell me, which city brought in the greatest takings last quarter?":                    {measures: []string{"revenue"}, dims: []string{"city"}, limit: 1},
			"Pray tell, how many customers signed up in May?":                                           {measures: []string{"customers"}, period: "2025-05-01"},
			"Might I trouble you for the number of active customers?":                                   {measures: []string{"customers"}, filters: []string{"active_active"}},
			"I wonder whether you might tell me how many customers signed up in May.":                   {measures: []string{"customers"}, period: "2025-05-01"},
			"Would you be good enough to tell me the revenue yesterday?":                                {measures: []string{"revenue"}},
			"Be so kind as to tell me the revenue of Savassi last month.":                               {measures: []string{"revenue"}, sql: []string{"'L05'"}},
			"Kindly furnish me with the number of active customers.":                                    {measures: []string{"customers"}},
			"Inform me of the revenue in May.":                                                          {measures: []string{"revenue"}, period: "2025-05-01"},
			"Solicito o faturamento da loja Centro em maio.":                                            {measures: []string{"revenue"}, sql: []string{"'L01'"}},
			"Solicito que me informe o faturamento de maio.":                                            {measures: []string{"revenue"}, period: "2025-05-01"},
			"Apresente o número de clientes ativos, por gentileza.":                                     {measures: []string{"customers"}, filters: []string{"active_active"}},
			"No que tange aos clientes ativos, quantos são?":                                            {measures: []string{"customers"}, filters: []string{"active_active"}},
			"No que tange à loja Savassi, quantos clientes ativos temos?":                               {measures: []string{"customers"}, sql: []string{"'L05'", "c.is_active"}},
			"Outrossim, qual foi o faturamento de ontem?":                                               {measures: []string{"revenue"}, period: "interval '1 day'"},
			"Seria possível, por gentileza, me informar o faturamento de maio?":                         {measures: []string{"revenue"}, period: "2025-05-01"},
			"Would you be so good as to tell me how many redemptions are pending?":                      {sql: []string{"r.status = 'pending'"}},
			"Could you kindly furnish me with the number of redemptions presently awaiting collection?": {measures: []string{"redemptions"}, sql: []string{"r.status = 'pending'"}, period: "-"},
			"quantos resgates aguardando retirada, por gentileza?":                                      {measures: []string{"redemptions"}, sql: []string{"r.status = 'pending'"}},
			"Might I trouble you for the revenue of the coffee corner?":                                 {refuse: true},
			"I wonder whether you might tell me how many customers bought croissants today?":            {refuse: true},
		}},
		{"a purchase said beside both stores is the purchase at each, in the period (uncovered by the courtesy of fad-en-03)", map[string]want{
			"Might I trouble you for the number of patrons who made purchases at both the Centro shop and the Ibirapuera shop during the first quarter of this year?": {measures: []string{"customers"}, sql: []string{"DATE '2025-01-01' AND x.transaction_date < DATE '2025-04-01' AND x.store_code = 'L01'", "DATE '2025-04-01' AND x.store_code = 'L02'"}},
			"the number of customers who bought at both Centro and Ibirapuera in May":                                                                                 {measures: []string{"customers"}, sql: []string{"DATE '2025-06-01' AND x.store_code = 'L01'", "DATE '2025-06-01' AND x.store_code = 'L02'"}},
			"quantos clientes que compraram tanto no Centro quanto no Cambuí em maio":                                                                                 {measures: []string{"customers"}, sql: []string{"DATE '2025-06-01' AND x.store_code = 'L01'", "DATE '2025-06-01' AND x.store_code = 'L03'"}},
			"customers who shopped at both Savassi and Batel in 2024, how many?":                                                                                      {measures: []string{"customers"}, sql: []string{"DATE '2025-01-01' AND x.store_code = 'L05'", "DATE '2025-01-01' AND x.store_code = 'L06'"}},
			"how many customers who redeemed at both Centro and Ibirapuera in May":                                                                                    {refuse: true},
			"quantos clientes que resgataram tanto no Centro quanto no Cambuí em maio":                                                                                {refuse: true},
		}},
		{"formal words of now and of the period", map[string]want{
			"Would you be good enough to list the promotions which are in force at this present moment?": {sql: []string{"now() BETWEEN pm.start_date AND pm.end_date"}, list: true},
			"Which promotions remain active?":                                                 {sql: []string{"now() BETWEEN pm.start_date AND pm.end_date"}, list: true},
			"Quais promoções permanecem em vigor?":                                            {sql: []string{"now() BETWEEN pm.start_date AND pm.end_date"}, list: true},
			"Quais promoções permanecem ativas?":                                              {sql: []string{"now() BETWEEN pm.start_date AND pm.end_date"}, list: true},
			"How many customers remain active?":                                               {measures: []string{"customers"}, filters: []string{"active_active"}, period: "-"},
			"Quantos clientes permanecem ativos?":                                             {measures: []string{"customers"}, filters: []string{"active_active"}, period: "-"},
			"Would you be so kind as to tell me the present points balance of all customers?": {measures: []string{"balance_total"}, period: "-"},
			// "keep buying" is a time relation, never a "still" to drop
			"Quantos clientes continuam comprando?":                              {refuse: true},
			"Which promotions were in force in May?":                             {sql: []string{"pm.end_date >= DATE '2025-05-01'"}, list: true},
			"How many customers are active presently?":                           {measures: []string{"customers"}, period: "-"},
			"What's the points balance of all customers at this present moment?": {measures: []string{"balance_total"}, period: "-"},
			"Quantos clientes ativos temos no presente momento?":                 {measures: []string{"customers"}, period: "-"},
			"Quantos clientes ativos temos neste presente momento?":              {measures: []string{"customers"}, period: "-"},
			"How many sales over the course of 2024?":                            {measures: []string{"sales_count"}, period: "2024-01-01"},
			"Over the course of May, how many customers signed up?":              {measures: []string{"customers"}, period: "2025-05-01"},
			// "in force" of what has no dates: refused, never dropped
			"How many customers are in force?":                {refuse: true},
			"How many sales over the course of the campaign?": {refuse: true},
		}},
	})
}
