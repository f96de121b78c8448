package grammar

import "testing"

// The sixteenth round's second context classes (issue 24): the writer's purpose around the
// question in words the model does not know, said with the personal infinitive ("para
// avaliarmos", "pra conferirmos"), whose ending says its subject; one naming a value, a
// restriction or a measure the question does not repeat still refuses.
func TestContext16bClasses(t *testing.T) {
	const may = "DATE '2025-05-01'"
	runClasses(t, []classCases{
		{"a purpose clause with the personal infinitive ('para avaliarmos', 'pra conferirmos'), before the question and set off by a comma or after it, is the writer's purpose; one naming a value, a flag, a restriction or a measure the question does not repeat is not left out", map[string]want{
			"Bom dia. Para avaliarmos o engajamento da base, gostaria de saber qual é o percentual de clientes ativos que aceitam receber comunicações por WhatsApp.": {sql: []string{"c.whatsapp_optin", "c.is_active"}},
			"Pontos creditados versus pontos resgatados por mês em 2025, para acompanharmos o equilíbrio do programa.":                                                {measures: []string{"points_credited", "points_redeemed"}, dims: []string{"month"}},
			"Para avaliarmos o engajamento da base, qual o percentual de clientes que aceitam WhatsApp?":                                                              {sql: []string{"c.whatsapp_optin"}},
			"Para entendermos a sazonalidade, qual foi o faturamento por mês em 2024?":                                                                                {measures: []string{"revenue"}, dims: []string{"month"}, sql: []string{"DATE '2024-01-01'"}},
			"Pra conferirmos o fechamento, quantas vendas tivemos em maio?":                                                                                           {measures: []string{"sales_count"}, sql: []string{may}},
			"Quantas vendas tivemos em maio, para conferirmos o fechamento?":                                                                                          {measures: []string{"sales_count"}, sql: []string{may}},
			"Faturamento por loja em abril, pra compararmos as unidades.":                                                                                             {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"DATE '2025-04-01'"}},
			"Ticket médio por loja no trimestre passado, para analisarmos a performance.":                                                                             {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"Para planejarmos a campanha de reativação, quantos clientes inativos temos?":                                                                             {measures: []string{"customers"}, sql: []string{"NOT c.is_active"}},
			"Para os gerentes avaliarem o engajamento, qual o percentual de clientes que aceitam WhatsApp?":                                                           {sql: []string{"c.whatsapp_optin"}},
			"A fim de avaliarmos o engajamento, qual o percentual de clientes que aceitam WhatsApp?":                                                                  {sql: []string{"c.whatsapp_optin"}},
			"Para os gerentes avaliarem o desempenho, qual foi o faturamento por loja em maio?":                                                                       {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{may}},
			"Pontos creditados versus pontos resgatados por mês em 2025, pra gente acompanhar o equilíbrio do programa.":                                              {measures: []string{"points_credited", "points_redeemed"}, dims: []string{"month"}},
			"Points credited versus points redeemed by month in 2025, for us to track the programme's balance.":                                                       {measures: []string{"points_credited", "points_redeemed"}, dims: []string{"month"}},
			// a flag, a restriction or a measure of its own
			"Para avaliarmos o app, quantos clientes se cadastraram em maio?":                                        {refuse: true},
			"Quantos clientes se cadastraram em maio, para ligarmos aos inativos?":                                   {refuse: true},
			"Quantas vendas tivemos em maio, para conferirmos o ticket médio?":                                       {refuse: true},
			"Para avaliarmos o engajamento dos clientes do app, qual o percentual de clientes que aceitam WhatsApp?": {refuse: true},
			"Quantas vendas tivemos em maio, pra batermos com as da Savassi?":                                        {refuse: true},
			"Quantas vendas tivemos em maio, pra batermos com as do app?":                                            {refuse: true},
		}},
		{"a frame opening the sentence with a preposition of purpose, an article and a noun of what the answer goes into ('Para o relatório gerencial de resgates, ...'), set off by a comma before the ask, is the writer's frame as after a possessive; one naming a place, a flag, a period, a breakdown or an event the question does not repeat still refuses", map[string]want{
			"Para o relatório gerencial de resgates, preciso do total de pontos resgatados por loja neste trimestre.": {measures: []string{"points_redeemed"}, dims: []string{"store"}},
			"Para o relatório gerencial, preciso do total de pontos resgatados por loja neste trimestre.":             {measures: []string{"points_redeemed"}, dims: []string{"store"}},
			"Para o relatório gerencial de vendas, qual o ticket médio por loja em maio?":                             {measures: []string{"average_ticket"}, dims: []string{"store"}, sql: []string{may}},
			"For the management report, what was the revenue by store in May?":                                        {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{may}},
			"For the board report, how many customers signed up in May?":                                              {measures: []string{"customers"}, sql: []string{may}},
			"Para o relatório gerencial da Savassi, quanto faturamos em maio?":                                        {refuse: true},
			"Para o relatório gerencial do app, quantos clientes se cadastraram em maio?":                             {refuse: true},
			"Para o relatório gerencial de 2024, quanto faturamos?":                                                   {refuse: true},
			"Para o relatório gerencial mensal, quanto faturamos?":                                                    {refuse: true},
			"Para o relatório gerencial por cidade, quanto faturamos em maio?":                                        {refuse: true},
			"For the management report on cancelled sales, how many sales did we have in May?":                        {refuse: true},
			"Para o relatório gerencial de pontos resgatados, quantos clientes se cadastraram em maio?":               {refuse: true},
			"Para o relatório gerencial de ticket médio, quantas vendas tivemos em maio?":                             {refuse: true},
		}},
		{"a dimension's adjective in a clause saying what the answer is for ('é pro report mensal', 'it's for the monthly report') is the report's cadence, never a breakdown asked for: the question is refused rather than broken down by month, and so is a period of the report ('é pro report do mês') the question does not repeat", map[string]want{
			"qual a taxa de opt-in de whatsapp dos clientes ativos? é pro report mensal":              {refuse: true},
			"what's the whatsapp opt-in rate of active customers? it's for the monthly report":        {refuse: true},
			"faturamento por loja em maio? é pro relatório mensal":                                    {refuse: true},
			"qual a taxa de opt-in de whatsapp, email e sms dos clientes ativos? é pro report do mês": {refuse: true},
			"quantas vendas tivemos? é pro report do mês":                                             {refuse: true},
			"qual a taxa de opt-in de whatsapp dos clientes ativos? é pro report":                     {sql: []string{"c.whatsapp_optin", "c.is_active"}, sqlNot: []string{"to_char"}},
			"revenue by month in 2024? it's for the monthly report":                                   {measures: []string{"revenue"}, dims: []string{"month"}},
			"vc consegue puxar o NPS por loja pro insight do trimestre? pq o diretor pediu":           {refuse: true},
		}},
		{"the provision of a liability is the writer's accounting work, as an audit is ('Preciso desse trem pra provisão do passivo'): a measure said of it is the work's, never a second question, and 'provisão' is no typo of 'previsão'; rows of their own said of it still refuse", map[string]want{
			"Pontos creditados versus pontos resgatados, mês a mês em 2025. Preciso desse trem pra provisão do passivo.":          {measures: []string{"points_credited", "points_redeemed"}, dims: []string{"month"}},
			"Points credited versus points redeemed, month by month in 2025. I need it for the liability provision.":              {measures: []string{"points_credited", "points_redeemed"}, dims: []string{"month"}},
			"Qual o saldo total de pontos? É pra provisão do passivo.":                                                            {measures: []string{"balance_total"}},
			"Quantos pontos foram creditados em maio? Preciso disso pra provisão.":                                                {measures: []string{"points_credited"}, sql: []string{may}},
			"Pontos creditados versus pontos resgatados, mês a mês em 2025. Preciso desse trem pra provisão dos clientes ativos.": {refuse: true},
			"quantos pontos vão vencer em julho? preciso pra provisão do passivo":                                                 {refuse: true},
		}},
	})
}
