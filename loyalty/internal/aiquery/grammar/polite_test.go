package grammar

import "testing"

// The classes of the sixth round (issue 24) for words that cannot constrain the answer
// and for people named in the question: vocatives and honorifics, politeness formulas of
// other voices (British, Filipino and Indian English, formal and regional Portuguese),
// laughter and texting interjections, the writer's purpose, guess or situation joined to
// the question without punctuation, and a person's name after an honorific, "cliente",
// "customer", "da"/"do" or in capitals. Paraphrases written for these tests, in both
// languages; a clause that carries a constraint is used or refused, never dropped.
func TestPoliteClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"vocatives and honorifics said to the reader", map[string]want{
			"Senhor, quantas vendas tivemos ontem?":                          {measures: []string{"sales_count"}},
			"quanto a loja Batel faturou em maio, moço?":                     {measures: []string{"revenue"}, filters: []string{"store_code"}, period: "2025-05-01"},
			"Obrigada, senhora. Qual o ticket médio de maio?":                {measures: []string{"average_ticket"}, period: "2025-05-01"},
			"Hello sir, how many active customers do we have?":               {measures: []string{"customers"}, filters: []string{"active_active"}},
			"Good evening madam, what was the revenue last month? Thanks po": {measures: []string{"revenue"}, period: "interval '1 month'"},
			"how many redemptions are pending po?":                           {measures: []string{"redemptions"}, filters: []string{"status_pending"}},
			// after an article the word names a person of the question, not the reader
			"quantos pontos tem a senhora?": {refuse: true},
			"quanto o moço gastou em maio?": {refuse: true},
		}},
		{"politeness formulas", map[string]want{
			"Could you possibly let me see the number of sales per store in May?":       {measures: []string{"sales_count"}, dims: []string{"store"}, period: "2025-05-01"},
			"May I know how many redemptions are pending po?":                           {measures: []string{"redemptions"}, filters: []string{"status_pending"}, period: "-"},
			"Kindly advise the revenue of the Savassi store this year.":                 {measures: []string{"revenue"}, filters: []string{"store_code"}},
			"Would you be so kind as to tell me how many customers signed up in April?": {measures: []string{"customers"}, period: "2025-04-01"},
			"I'd be grateful if you could pull the average ticket for March":            {measures: []string{"average_ticket"}, period: "2025-03-01"},
			"Por obséquio, me vê o faturamento de ontem":                                {measures: []string{"revenue"}},
			"Seria possível me dizer quantos clientes temos em Campinas? Grato":         {measures: []string{"customers"}, filters: []string{"store_city"}},
			"faz favor, quantas vendas canceladas teve essa semana":                     {measures: []string{"sales_count"}, filters: []string{"cancelled"}},
		}},
		{"laughter and texting interjections", map[string]want{
			"qnts clientes compraram ontem kkkkk":                              {measures: []string{"buyers"}},
			"rsrs quanto vendemos hj":                                          {measures: []string{"revenue"}},
			"hahaha how many sales yesterday":                                  {measures: []string{"sales_count"}},
			"bora, quantos resgates pendentes tem? flw":                        {measures: []string{"redemptions"}, filters: []string{"status_pending"}},
			"vdd, qual o faturamento de maio? tmj":                             {measures: []string{"revenue"}, period: "2025-05-01"},
			"quanto vendemos em maio grato":                                    {measures: []string{"revenue"}, period: "2025-05-01"},
			"revenue for May kind regards":                                     {measures: []string{"revenue"}, period: "2025-05-01"},
			"quanto vendemos em maio att Ana Souza":                            {refuse: true}, // the writer's name, in the sentence that asks
			"lmao how many customers do we have ngl":                           {measures: []string{"customers"}},
			"G'day mate, how many sales did Batel do yesterday? Thanks heaps":  {measures: []string{"sales_count"}, filters: []string{"store_code"}},
			"caraca mano, quantos clientes compraram ontem? ta ligado":         {measures: []string{"buyers"}},
			"Respected sir, kindly do the needful and send the revenue of May": {measures: []string{"revenue"}, period: "2025-05-01"},
		}},
		{"purpose, guess or situation joined to the question", map[string]want{
			"quais clientes fazem aniversário em agosto preciso mandar mensagem":                       {list: true, sql: []string{"extract(month FROM c.birth_date) = 8"}},
			"quanto a Batel vendeu ontem capaz que bateu a meta":                                       {measures: []string{"revenue"}, filters: []string{"store_code"}},
			"how many customers bought last week we need to call them":                                 {measures: []string{"buyers"}},
			"how many pending redemptions are there so the team can call the customers":                {measures: []string{"redemptions"}, filters: []string{"status_pending"}},
			"ticket médio de maio? só pra ver se tá subindo":                                           {measures: []string{"average_ticket"}, period: "2025-05-01"},
			"capaz que a savassi ta vendendo mais esse ano bah me diz o faturamento de janeiro pra ca": {measures: []string{"revenue"}, filters: []string{"store_code"}, period: "2025-01-01"},
			// the customer's situation is no filter: "balcão" is not the PDV origin
			"qual o saldo do cliente de CPF 123.456.789-09? ela está aqui no balcão": {sql: []string{"c.doc = '12345678909'"}},
			"saldo da cliente ana beatriz, ela tá aqui no balcão":                    {list: true, sql: []string{"name_fold('ana beatriz')"}},
			// a clause that carries a constraint is used or refused, never dropped
			"quantas vendas tivemos ontem quero só as canceladas":               {filters: []string{"cancelled"}},
			"quantos clientes compraram em maio preciso dos que pagaram no pix": {filters: []string{"payment_type"}},
			"how many sales did we have yesterday we need the app ones":         {sql: []string{"c.origin = 'APP'"}},
		}},
		{"verbs of the writer's requests that also change data are never skipped", map[string]want{
			"bota 500 pontos pra Maria Souza Lima":                  {refuse: true, write: true},
			"coloca o cliente Bruno Costa Lima como inativo":        {refuse: true, write: true},
			"please revert the points of customer Bruno Costa Lima": {refuse: true, write: true},
			"how many customers did we miss last month":             {refuse: true},
		}},
		{"a person named in the question", map[string]want{
			"quantos pontos tem a senhora Maria Clara Souza?":                  {list: true, sql: []string{"name_fold('Maria Clara Souza')"}},
			"QUAL O SALDO DA DONA ANA PAULA FERREIRA":                          {list: true, sql: []string{"name_fold('ANA PAULA FERREIRA')"}},
			"saldo de pontos do joão pedro almeida":                            {list: true, sql: []string{"name_fold('joão pedro almeida')"}},
			"saldo do Sr. João Silva":                                          {list: true, sql: []string{"name_fold('João Silva')"}},
			"points balance of Ms. Ana Souza":                                  {list: true, sql: []string{"name_fold('Ana Souza')"}},
			"points balance of Mr Carlos Nogueira":                             {list: true, sql: []string{"name_fold('Carlos Nogueira')"}},
			"Hi sir, what is the points balance of customer Bruno Costa Lima?": {list: true, sql: []string{"name_fold('Bruno Costa Lima')"}},
			"email of customer rafael souza":                                   {list: true, sql: []string{"name_fold('rafael souza')"}},
			// a measure of each row beside details: the row's column, never dropped
			"saldo de pontos e data da última compra da Camila Prado":                         {list: true, sql: []string{"c.points_balance", "c.last_purchase"}},
			"kindly check the total points earned by customer Bruno Costa Lima as of today":   {measures: []string{"points_credited"}, period: "-", sql: []string{"name_fold('Bruno Costa Lima')"}},
			"may I know how many customers are inactive as of today po":                       {measures: []string{"customers"}, period: "-"},
			"Good morning po! the current points balance of customer Bruno Costa Lima please": {list: true, sql: []string{"name_fold('Bruno Costa Lima')"}},
			// a list of the customer's details has no time axis: "the date of" is refused
			"may I know the date of the last purchase of customer Bruno Costa Lima and at what store": {refuse: true},
			// words the model does not know after "da" that are no first name; a surname alone;
			// the reader's name after a greeting
			"faturamento da zona norte em maio":        {refuse: true},
			"what's the balance of Mrs Souza":          {refuse: true},
			"Oi Ana Paula, faturamento de maio":        {refuse: true},
			"Bom dia seu João! quanto vendemos ontem?": {measures: []string{"revenue"}},
			"faturamento do mês kkk":                   {measures: []string{"revenue"}},
		}},
	})
}
