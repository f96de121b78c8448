package grammar

import "testing"

// The fifteenth round's aside classes (issue 24): words around the question that say what
// the writer will do with the answer, who told them something, or how their day goes, in
// words the model does not know, refused the whole question. A clause of the writer's own
// after the question, what a person of the work said after the writer's question, and the
// sign-offs and remarks of a sentence of their own are left out; a clause that names a
// constraint (a value, a number, a restriction) still refuses.
func TestAside15Classes(t *testing.T) {
	const may = "DATE '2025-05-01'"
	runClasses(t, []classCases{
		{"a clause of the writer's own after the question, set off by a comma (the writer as subject, a verb), is context; one naming a constraint is not left out", map[string]want{
			"quantos clientes se cadastraram em maio, que a gente vai mandar um brinde":                                       {measures: []string{"customers"}, sql: []string{may}},
			"faturamento da loja Centro em maio, de forma que eu consiga montar o slide":                                      {measures: []string{"revenue"}, sql: []string{"L01", may}},
			"quantas vendas tivemos em maio, de maneira que a gente possa planejar a escala":                                  {measures: []string{"sales_count"}, sql: []string{may}},
			"Which 3 customers spent the most in May? Names please, I might send them a wee hamper.":                          {limit: 3, sql: []string{may}},
			"how many customers signed up in May, I might send them a little gift":                                            {measures: []string{"customers"}, sql: []string{may}},
			"how many redemptions were there in May, we could do a wee writeup":                                               {measures: []string{"redemptions"}, sql: []string{may}},
			"ticket médio por forma de pagamento em maio, de modo que eu possa verificar a discrepância entre as modalidades": {dims: []string{"payment_type"}, sql: []string{may}},
			// a value, a restriction, a name or a write in the clause: not the writer's alone
			"quantos clientes compraram em maio, que eu vou mandar um brinde pros da Savassi": {refuse: true},
			"quantos clientes compraram em maio, eu vou ligar só pros ativos":                 {refuse: true},
			"quantos clientes se cadastraram em maio, eu não vou ligar pros inativos":         {refuse: true},
			"how many customers bought in May, we might send the Savassi ones a gift":         {refuse: true},
			"how many customers signed up in May, I might ring Maria about it":                {refuse: true},
		}},
		{"what a person of the work said, after the writer's own question, is context; the writer's question before it is never left out as theirs", map[string]want{
			"quanto a loja Centro vendeu em maio, que a gerente de lá me disse que foi fraco":                                   {measures: []string{"revenue"}, sql: []string{"L01", may}},
			"qual o faturamento da Savassi em abril, que o supervisor me falou que caiu":                                        {measures: []string{"revenue"}, sql: []string{"L05", "DATE '2025-04-01'"}},
			"bom dia. eu queria saber quanto a loja Centro vendeu em maio, que o gerente me disse que foi fraco":                {measures: []string{"revenue"}, sql: []string{"L01", may}},
			"eu queria saber quanto a loja Centro vendeu em maio, o valor total em reais, que a gerente me disse que foi fraco": {measures: []string{"revenue"}, sql: []string{"L01", may}},
			"how much did the Centro store sell in May, the manager told me it was weak":                                        {measures: []string{"revenue"}, sql: []string{"L01", may}},
			"what was the revenue of Savassi in April, my boss said it dropped":                                                 {measures: []string{"revenue"}, sql: []string{"L05", "DATE '2025-04-01'"}},
			// what they said names another store or a filter: not known whether it applies
			"quanto a loja Centro vendeu em maio, que a gerente me disse que a Savassi foi melhor": {refuse: true},
			"quanto a loja Centro vendeu em maio, que a gerente me pediu só das vendas no pix":     {refuse: true},
		}},
		{"a word pointing back to what the question itself said before it (\"quanto isso dava\") keeps the background before it left out", map[string]want{
			"em abril teve muita venda cancelada, o pessoal do caixa errou muito. quantas vendas foram canceladas em abril e quanto isso dava?": {measures: []string{"sales_count", "revenue"}, sql: []string{"DATE '2025-04-01'"}},
			"A Savassi reclamou muito do sistema. Quanto a Savassi faturou em maio e quantas vendas isso deu?":                                  {measures: []string{"revenue", "sales_count"}, sql: []string{"L05", may}},
			"The tills were a nightmare in April. How many sales were cancelled in April and what did that come to in value?":                   {measures: []string{"sales_count", "revenue"}, sql: []string{"DATE '2025-04-01'"}},
			"O sistema travou um monte em maio, foi um caos. Quantos resgates tivemos em maio e quantos pontos isso deu?":                       {measures: []string{"redemptions", "points_redeemed"}, sql: []string{may}},
			"Our Savassi crew had a rough month. How much did Savassi sell in May and how many sales was that?":                                 {measures: []string{"revenue", "sales_count"}, sql: []string{"L05", may}},
			// a word pointing back with nothing of the question before it still points to the background
			"O pessoal do caixa cadastrou muita gente em maio. Quantos deles compraram?":              {refuse: true},
			"The team signed up loads of people at Savassi in May. How many of them bought anything?": {refuse: true},
		}},
		{"sign-offs, acceptances and remarks of the writer's day in a sentence of their own are context; a word that may qualify what is asked still refuses", map[string]want{
			"Mad day here. How much did the whole chain take in yesterday?":                                       {measures: []string{"revenue"}},
			"Crazy day here! How many redemptions are pending?":                                                   {measures: []string{"redemptions"}},
			"How many of our customers are aged 60 or over? Sound.":                                               {measures: []string{"customers"}},
			"How many customers signed up in May? Grand, cheers.":                                                 {measures: []string{"customers"}, sql: []string{may}},
			"Could you list the promotions that are running right now? Just the names is grand.":                  {list: true},
			"How many customers signed up via the app this year? Pls revert.":                                     {measures: []string{"customers"}, sql: []string{"APP"}},
			"No. of active customers with zero purchases ever. Need by EOD.":                                      {measures: []string{"customers"}, sql: []string{"c.is_active"}},
			"Dia corrido aqui. Quantos clientes se cadastraram em maio?":                                          {measures: []string{"customers"}, sql: []string{may}},
			"quantos clientes se cadastraram em maio? joia":                                                       {measures: []string{"customers"}, sql: []string{may}},
			"How many customers signed up in May? Sound, you know yourself.":                                      {measures: []string{"customers"}, sql: []string{may}},
			"How many sales did we do at Copacabana over the weekend just gone? The lads reckon it was mad busy.": {measures: []string{"sales_count"}, sql: []string{"L04"}, sqlNot: []string{"gender"}},
			// a word that may qualify what is asked, or a write, still refuses
			"How many customers signed up in May? Cumulative.": {refuse: true},
			"Faturamento de maio? Líquido!":                    {refuse: true},
			"Quantas vendas a loja fechou em maio?":            {refuse: true},
			"revert the redemptions of May":                    {refuse: true, write: true},
		}},
		{"a channel or column word after an indefinite article and words the model does not know is what the writer sends, never a column or filter of the question", map[string]want{
			"How many customers signed up in May? We are planning a reactivation email.":            {measures: []string{"customers"}, sql: []string{may}},
			"how many customers signed up in May? planning a welcome-back SMS":                      {measures: []string{"customers"}, sql: []string{may}, sqlNot: []string{"sms_optin"}},
			"how many customers bought in May? we're planning a feedback email":                     {sql: []string{may}, sqlNot: []string{"email"}},
			"how many customers bought in May? I reckon a follow-up email would be good":            {sql: []string{may}, sqlNot: []string{"email"}},
			"quantos clientes não compram há mais de 60 dias? tô pensando num e-mail de reativação": {measures: []string{"customers"}, sql: []string{"59 days"}},
			"quantos clientes se cadastraram em maio? vou mandar um sms de boas-vindas":             {measures: []string{"customers"}, sql: []string{may}, sqlNot: []string{"sms_optin"}},
			"list of customers who signed up in May, I might send them a quick SMS":                 {list: true, sql: []string{may}, sqlNot: []string{"sms_optin"}},
			// their e-mail, a store's, or one only for some: a column or a filter
			"how many customers signed up in May? thinking of their email":                  {refuse: true},
			"how many customers signed up in May, I might send them their SMS":              {refuse: true},
			"how many customers signed up in May? I might send a Savassi email":             {refuse: true},
			"quantos clientes se cadastraram em maio? vou mandar um sms só pros da Savassi": {refuse: true},
			"quantos clientes se cadastraram em maio? vou mandar um sms da Savassi":         {refuse: true},
		}},
		{"someone else's question told as an ongoing or past call or visit (\"tava perguntando\", \"veio perguntar\", \"rang up asking\") is background like \"perguntou\"; one with a constraint the writer's question does not repeat refuses", map[string]want{
			"a cliente Adriana Ferreira está perguntando quantos pontos ela tem. qual o saldo dela?":                    {list: true, sql: []string{"Adriana Ferreira", "points_balance"}},
			"a cliente Camila Prado veio me perguntar quantos pontos ela tem. qual o saldo dela hoje?":                  {list: true, sql: []string{"Camila Prado", "points_balance"}},
			"o supervisor tava perguntando quanto a Savassi vendeu em maio. qual foi o faturamento da Savassi em maio?": {measures: []string{"revenue"}, sql: []string{"L05", may}},
			"Customer Camila Prado rang up asking how many points she has. What is her balance today?":                  {list: true, sql: []string{"Camila Prado", "points_balance"}},
			"The supervisor phoned asking how much Savassi sold in May. What was the revenue of Savassi in May?":        {measures: []string{"revenue"}, sql: []string{"L05", may}},
			"The owner came in asking how many customers signed up in May. How many customers signed up in May?":        {measures: []string{"customers"}, sql: []string{may}},
			// their question names another period than the writer's
			"o supervisor tava perguntando quanto a Savassi vendeu em abril. qual foi o faturamento da Savassi em maio?": {refuse: true},
			"The supervisor phoned asking how much Savassi sold in April. What was the revenue of Savassi in May?":       {refuse: true},
		}},
		{"the work the answer is for, opening the sentence and set off by a comma (\"Para a auditoria anual, ...\", \"For the board, ...\"), is context; one naming a store, a value or a number is not left out", map[string]want{
			"Para a auditoria anual, necessito do faturamento de cada loja em 2024.": {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"DATE '2024-01-01'"}},
			"Para o balanço, preciso do total de pontos resgatados em maio.":         {measures: []string{"points_redeemed"}, sql: []string{may}},
			"Para a planilha do financeiro, qual foi o ticket médio de maio?":        {sql: []string{may}},
			"For the board, how many customers signed up in May?":                    {measures: []string{"customers"}, sql: []string{may}},
			"For the finance team, what was the average ticket in May?":              {sql: []string{may}},
			"For my manager, how many points were redeemed in May?":                  {measures: []string{"points_redeemed"}, sql: []string{may}},
			// the work's store, period or value may be the question's
			"Para a reunião da Savassi, quantos clientes se cadastraram em maio?": {refuse: true},
			"Para a auditoria de 2023, qual foi o faturamento de maio?":           {refuse: true},
			"For the Savassi meeting, how many customers signed up in May?":       {refuse: true},
		}},
	})
}
