package grammar

import "testing"

// The sixteenth round's context classes (issue 24): words that say why the writer asks,
// what they will do with the answer or how they feel, in words the model does not know,
// refused questions the interpreter otherwise reads right. The writer's frame before the
// question, a statement closed by "so could you ...", a purpose clause with the verb's own
// subject, and an interjection set off before a purpose clause are left out; one naming a
// value, a restriction, a period or a breakdown the question does not repeat still refuses.
func TestContext16Classes(t *testing.T) {
	const may = "DATE '2025-05-01'"
	runClasses(t, []classCases{
		{"the writer's frame opening the sentence (a preposition of purpose before the writer's possessive, a conjunction of reason before the writer as subject), set off by a comma before the ask, is context; one naming a value, place, number or restriction the question does not repeat is not left out, and 'since' before anything else is a time", map[string]want{
			"For our partner review, could you please rank all the stores by the number of points redeemed this year, eh?":                 {measures: []string{"points_redeemed"}, dims: []string{"store"}},
			"For our app engagement report, could you compare the average ticket of app users versus non-app users over the last 30 days?": {measures: []string{"average_ticket"}},
			"For my monthly catch-up, how many customers signed up in May?":                                                                {measures: []string{"customers"}, sql: []string{may}},
			"Since we're planning a reactivation campaign, I'd like to know how many inactive customers have a points balance above zero.": {measures: []string{"customers"}, sql: []string{"NOT c.is_active"}},
			"As I'm putting together the board pack, could you give me the revenue by store for May?":                                      {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{may}},
			"Because I'm new here, how many stores do we have?":                                                                            {measures: []string{"stores"}},
			"For our city review, what was the revenue by city in May?":                                                                    {measures: []string{"revenue"}, dims: []string{"city"}, sql: []string{may}},
			"Pro nosso fechamento, quantos clientes se cadastraram em maio?":                                                               {measures: []string{"customers"}, sql: []string{may}},
			"Para a minha apresentação, me passa o ticket médio por loja em abril":                                                         {measures: []string{"average_ticket"}, dims: []string{"store"}, sql: []string{"DATE '2025-04-01'"}},
			"Já que a gente vai fazer uma ação de reativação, quantos clientes inativos têm saldo de pontos?":                              {measures: []string{"customers"}},
			// a value, a place, a number, a restriction or a period of its own: not known whether it applies
			"For our app engagement report, how many customers signed up in May?":                             {refuse: true},
			"For our Savassi review, how many customers signed up in May?":                                    {refuse: true},
			"For our 2024 review, how many customers signed up?":                                              {refuse: true},
			"For our review of the cancelled sales, how many sales did Savassi have in May?":                  {refuse: true},
			"Since we only care about active members, could you tell me how many customers signed up in May?": {refuse: true},
			"Since we're planning a campaign for the app users, how many customers signed up in May?":         {refuse: true},
			"For our city comparison, how much did we sell in May?":                                           {refuse: true},
			"For our payment method review, how many sales did we have in May?":                               {refuse: true},
			"For our top customers review, how many customers signed up in May?":                              {refuse: true},
			"Pro nosso fechamento do mês, quantos clientes se cadastraram?":                                   {refuse: true},
			"Pra nossa reunião de segunda, qual foi o faturamento de maio?":                                   {refuse: true},
			"Since the promotion started, I'd like to know how many customers signed up.":                     {refuse: true},
		}},
		{"a statement of the writer's work before the ask, closed by a comma and a clause opener before a request ('..., so could you tell me'), is context; a breakdown word of its own is not left out when the question names no period", map[string]want{
			"We're reviewing our member acquisition numbers for the quarterly update, so could you tell me how many new customers signed up last quarter, broken down by sign-up channel?": {measures: []string{"customers"}, dims: []string{"origin"}},
			"I'm tidying up the slides, so could you tell me how many customers signed up in May?":                                                                                         {measures: []string{"customers"}, sql: []string{may}},
			"I'm drafting the memo, so what was the revenue in May?":                                                                                                                       {measures: []string{"revenue"}, sql: []string{may}},
			"Estou montando o fechamento, então me diz quanto a rede faturou em maio":                                                                                                      {measures: []string{"revenue"}, sql: []string{may}},
			"Estou montando o fechamento mensal, então me diz quanto a rede faturou":                                                                                                       {refuse: true},
			"We're reviewing our quarterly numbers, so could you tell me how many customers signed up?":                                                                                    {refuse: true},
			"We're reviewing the Savassi numbers, so could you tell me how many customers signed up in May?":                                                                               {measures: []string{"customers"}, sql: []string{"L05", may}},
		}},
		{"'just out of curiosity' is the writer's purpose, and a word of a discourse phrase is no period ('out' of it is no October)", map[string]want{
			"Just out of curiosity, which city brought in the most revenue last quarter, eh?": {measures: []string{"revenue"}, limit: 1},
			"Just out of curiosity, how many customers have the app?":                         {measures: []string{"customers"}, sql: []string{"c.app_user"}},
			"Just out of curiosity, how many customers bought at Savassi?":                    {measures: []string{"buyers"}, sql: []string{"L05"}},
			"Just out of curiosity about the app, how many customers bought in May?":          {refuse: true},
		}},
		{"a purpose clause whose infinitive has its own subject ('pra mainha mandar', 'pra minha equipe ligar') is context; one naming a place, a value or a name is not left out", map[string]want{
			"lista os clientes ativos que fazem aniversario em julho pra mainha mandar um parabens arretado": {list: true, sql: []string{"extract(month FROM c.birth_date) = 7"}},
			"quantos clientes se cadastraram em maio pra minha equipe ligar":                                 {measures: []string{"customers"}, sql: []string{may}},
			"quantas vendas tivemos em maio pra minha gerente conferir":                                      {measures: []string{"sales_count"}, sql: []string{may}},
			"quantos clientes se cadastraram em maio pra minha equipe ligar pros da Savassi":                 {refuse: true},
			"quantos clientes se cadastraram em maio pra Maria ligar":                                        {refuse: true},
			"quantos clientes se cadastraram em maio pra minha equipe ligar só pros ativos":                  {refuse: true},
		}},
		{"an interjection or vocative set off by commas right before a purpose clause after the question goes with it", map[string]want{
			"Ticket médio por loja no trimestre passado, sô, pra eu comparar as lojas entre si.": {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"quantas vendas a Savassi fez em maio, uai, pra eu conferir o caixa":                 {measures: []string{"sales_count"}, sql: []string{"L05", may}},
			"quantas vendas a Savassi fez em maio, líquido, pra eu conferir o caixa":             {refuse: true},
			"quantas vendas a Savassi fez em maio, sô, pra eu conferir o caixa da Batel":         {refuse: true},
		}},
		{"a negation in a statement before the question that the question says again, naming nothing else of its own, is the writer's words for the question's rows; one with an event, a value, a flag or a number of its own still refuses", map[string]want{
			"I'm fixing to send a little something to folks who ain't been back in a while. How many customers haven't bought anything in over 90 days?": {measures: []string{"customers"}, sql: []string{"89 days"}},
			"We're sending a wee note to the ones who haven't been around lately. How many customers haven't bought anything in over 60 days?":           {measures: []string{"customers"}, sql: []string{"59 days"}},
			"I'm fixing to send a little something to folks who ain't been back in a while. How many customers bought in May?":                           {refuse: true},
			"I'm sending something to folks who haven't redeemed anything. How many customers haven't bought anything in over 90 days?":                  {refuse: true},
			"I'm sending something to folks who ain't got the app. How many customers haven't bought anything in over 90 days?":                          {refuse: true},
			"I'm sending something to folks who ain't active. How many customers haven't bought anything in over 90 days?":                               {refuse: true},
			"I'm sending something to folks who haven't been back in 30 days. How many customers haven't bought anything in over 90 days?":               {refuse: true},
		}},
		{"a column word said as the verb of the writer's purpose after 'to', with an object, in a question that lists no rows, is what the writer will do; beside a list it may be a column asked for", map[string]want{
			"How many pending redemptions will expire by tomorrow? Want the counters to phone the customers": {measures: []string{"redemptions"}},
			"How many customers signed up in May? I want the team to email them":                             {measures: []string{"customers"}, sql: []string{may}, sqlNot: []string{"email"}},
			"How many customers signed up in May? I want the phone of each one":                              {refuse: true},
		}},
		{"a phrase of purpose after the question, set off by a comma, of nouns and words the model does not know, is the thing the answer is for; a place or value in it still refuses", map[string]want{
			"lista os clientes que vieram pelo app e nunca compraram, com email, pra campanha de ativação 🚀":          {list: true, sql: []string{"APP"}},
			"quantos clientes se cadastraram em maio, pra campanha de boas-vindas":                                    {measures: []string{"customers"}, sql: []string{may}},
			"lista os clientes que vieram pelo app e nunca compraram, com email, pra campanha de ativação da Savassi": {refuse: true},
			"lista os clientes que nunca compraram, pra campanha de ativação no app":                                  {refuse: true},
		}},
		{"Indian English sign-offs asking for the reply ('Kindly revert with same at the earliest') are context in a sentence of their own", map[string]want{
			"Need top 10 customers by points balance along with email. Kindly revert with same at the earliest.": {list: true, limit: 10},
			"How many customers signed up in May? Please revert at your earliest convenience.":                   {measures: []string{"customers"}, sql: []string{may}},
			"Revert the redemptions of May at the earliest.":                                                     {refuse: true, write: true},
		}},
		{"a conjunction of reason before a clause of its own opens the writer's frame when the question after the comma names its own period, and every place and period of the frame is the question's; 'since' before a time, or with no period asked, is not left out", map[string]want{
			"Since the Savassi anniversary promotion gave double points in March, I'm curious how many points were credited at Savassi in March compared with February.": {measures: []string{"points_credited"}, sql: []string{"L05", "DATE '2025-02-01'", "DATE '2025-03-01'"}},
			"Já que a promoção da Savassi deu pontos em dobro em março, quantos pontos foram creditados na Savassi em março?":                                            {measures: []string{"points_credited"}, sql: []string{"L05", "DATE '2025-03-01'"}},
			"Since the Savassi promotion gave double points in March, how many points were credited in March?":                                                           {refuse: true},
			"Since the promotion gave double points in April, how many points were credited in March?":                                                                   {refuse: true},
			"Since the promotion started, how many customers signed up?":                                                                                                 {refuse: true},
			"Since March, how many customers signed up in May?":                                                                                                          {refuse: true},
		}},
		{"a list word after the question with a subject of its own ('The tills must show the right ones') says what a thing of the writer's world will show, never a request: the sentence is background, refused when it names a value the question does not", map[string]want{
			"Which promos are running today? The tills must show the right ones":      {list: true},
			"Which promos are running today? The screens have to list the right ones": {list: true},
			"Which promos are running today? The tills must show the Savassi ones":    {refuse: true},
			"Which promos are running today? The tills must show the ones at Savassi": {refuse: true},
		}},
	})
}
