package grammar

import "testing"

// The thirteenth round's formal-register classes (issue 24): official letters ask with a
// request frame ("solicito seja informado", "se faz necessário o levantamento de", "esta
// coordenação necessita", "Kindly indicate"), say why in a purpose clause ("para fins de
// auditoria,", "com vistas a", "tendo em vista", "for the purpose of"), link sentences with
// connectors ("outrossim", "por fim", "em complemento à solicitação anterior") and name
// periods formally ("no mês próximo passado", "no presente ano", "posição de hoje"); they
// restate what they ask ("ou seja, de janeiro a março", "Considera jan a dez/2024",
// "crescimento (ou queda)", "weeks starting Monday", the statuses of a breakdown by
// status): a restatement that agrees is read, one that disagrees is refused.
func TestFormal13Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"formal request frames ask, and change nothing", map[string]want{
			"Solicito seja informado o faturamento da loja Savassi em março de 2025":                                             {measures: []string{"revenue"}, filters: []string{"store_code"}, period: "2025-03-01"},
			"Solicito a gentileza de encaminhar o número de resgates pendentes":                                                  {measures: []string{"redemptions"}, filters: []string{"status_pending"}},
			"Solicitamos sejam apresentados os pontos creditados por loja em 2024":                                               {measures: []string{"points_credited"}, dims: []string{"store"}, period: "2024-01-01"},
			"Informo que se faz necessário o levantamento do ticket médio por loja no mês passado":                               {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"Informamos que esta coordenação necessita do número de clientes ativos":                                             {measures: []string{"customers"}, filters: []string{"active_active"}},
			"A Diretoria requer o faturamento por cidade em 2024":                                                                {measures: []string{"revenue"}, dims: []string{"city"}},
			"Solicito disponibilizar a quantidade de vendas em maio, segregadas por forma de pagamento":                          {measures: []string{"sales_count"}, dims: []string{"payment_type"}, period: "2025-05-01"},
			"Kindly indicate the number of active customers":                                                                     {measures: []string{"customers"}, filters: []string{"active_active"}},
			"Please specify the revenue per store for May 2025":                                                                  {measures: []string{"revenue"}, dims: []string{"store"}, period: "2025-05-01"},
			"quantos clientes consentiram no recebimento de comunicações por WhatsApp":                                           {measures: []string{"customers"}, filters: []string{"optin_whatsapp"}},
			"percentual de clientes que aceitam receber por e-mail e por SMS":                                                    {measures: []string{"rate_optin_e_mail", "rate_optin_sms"}},
			"quantos clientes efetuaram aquisições em maio":                                                                      {measures: []string{"buyers"}, period: "2025-05-01"},
			"número de aquisições por loja em maio":                                                                              {measures: []string{"sales_count"}, dims: []string{"store"}},
			"relação dos clientes que, tendo efetuado compras anteriormente, não realizam qualquer aquisição há mais de 60 dias": {list: true, filters: []string{"bought_at", "not_bought_at"}},
			// an aside after a conjunction, and the recipients of a credit, restate nothing new
			"o total de pontos creditados e, em coluna própria, o total de pontos resgatados por mês em 2025": {measures: []string{"points_credited", "points_redeemed"}, dims: []string{"month"}},
			"revenue and, please, number of redemptions in May":                                               {measures: []string{"revenue", "redemptions"}},
			"total de pontos creditados aos participantes e total de pontos resgatados em 2025":               {measures: []string{"points_credited", "points_redeemed"}},
			"points awarded to members and points redeemed in May":                                            {measures: []string{"points_credited", "points_redeemed"}},
			// an aside with a value keeps it
			"faturamento e, na loja Savassi, número de vendas em maio": {measures: []string{"revenue", "sales_count"}, filters: []string{"store_code"}},
			// a request to change data stays refused
			"Solicito seja creditado 500 pontos para todos os clientes ativos": {refuse: true},
		}},
		{"a purpose clause is background when it names nothing the ask does not; set off by commas it ends at its comma", map[string]want{
			"Para fins de auditoria, solicito o faturamento por loja em 2024":                     {measures: []string{"revenue"}, dims: []string{"store"}, period: "2024-01-01"},
			"Solicito, com vistas à instrução do processo, o número de resgates em 2025":          {measures: []string{"redemptions"}, period: "2025-01-01"},
			"Informe, para fins de acompanhamento, o ticket médio da loja Savassi em maio":        {measures: []string{"average_ticket"}, filters: []string{"store_code"}, period: "2025-05-01"},
			"Informe o número de clientes ativos, tendo em vista a renovação do contrato":         {measures: []string{"customers"}, filters: []string{"active_active"}},
			"Quantas vendas tivemos em maio, de modo a subsidiar o planejamento":                  {measures: []string{"sales_count"}, period: "2025-05-01"},
			"For the purpose of the annual audit, kindly indicate the revenue per store in 2024":  {measures: []string{"revenue"}, dims: []string{"store"}, period: "2024-01-01"},
			"Please provide the number of active customers in order to support the budget review": {measures: []string{"customers"}, filters: []string{"active_active"}},
			// a constraint in the purpose is never dropped: refused
			"Solicito o faturamento de maio, para fins de análise da loja Savassi":             {refuse: true},
			"Para fins de controle das vendas canceladas, solicito o número de vendas em maio": {refuse: true},
			"Informe, para fins de conferência da loja Savassi, o faturamento de maio":         {refuse: true},
			// how the figure is computed ("de modo a" with another verb), or a period to compare with
			"ticket por loja em 2024, de modo a obter a mediana":                  {refuse: true},
			"valor das vendas em 2024, de modo a excluir valores extremos":        {refuse: true},
			"ticket médio por loja em 2024, de modo a arredondar para duas casas": {refuse: true},
			"Qual a média do ticket em maio, de modo a comparar com abril?":       {refuse: true},
			"average ticket in May, so I can compare it with April":               {refuse: true},
		}},
		{"formal connectors and period words", map[string]want{
			"Outrossim, solicito o número de resgates no mês próximo passado":                      {measures: []string{"redemptions"}, period: "interval '1 month'"},
			"Por fim, informe o faturamento por loja no presente ano":                              {measures: []string{"revenue"}, dims: []string{"store"}, period: "date_trunc('year', now())"},
			"Portanto, solicito a quantidade de clientes ativos, posição de hoje":                  {measures: []string{"customers"}, filters: []string{"active_active"}, period: "-"},
			"Em complemento à solicitação anterior, informe o ticket médio no corrente exercício":  {measures: []string{"average_ticket"}, period: "date_trunc('year', now())"},
			"Further to my previous request, kindly indicate the number of redemptions last month": {measures: []string{"redemptions"}, period: "interval '1 month'"},
			"Finally, please provide the total points balance of active customers as at today":     {measures: []string{"balance_total"}, filters: []string{"active_active"}},
			"total points balance held by active customers":                                        {measures: []string{"balance_total"}, filters: []string{"active_active"}},
			// the month to come stays a forecast
			"faturamento no próximo mês": {refuse: true},
		}},
		{"a restatement that agrees is read; one that disagrees is refused, never compared nor dropped", map[string]want{
			"faturamento por loja no 1º trimestre de 2025, ou seja, de janeiro a março de 2025": {measures: []string{"revenue"}, dims: []string{"store"}, period: "DATE '2025-04-01'"},
			"Revenue per city for the first half of 2024, i.e. January to June 2024":            {measures: []string{"revenue"}, dims: []string{"city"}, period: "DATE '2024-07-01'"},
			"Taxa de cancelamento das vendas em 2024. Considera jan a dez/2024.":                {measures: []string{"rate_cancelled"}, period: "DATE '2025-01-01'"},
			"crescimento (ou queda) do faturamento de maio em relação a abril":                  {measures: []string{"revenue_growth"}},
			"revenue growth or decline from April to May":                                       {measures: []string{"revenue_growth"}},
			"percentuais de clientes que aceitam e-mail e SMS, respectivamente":                 {measures: []string{"rate_optin_e_mail", "rate_optin_sms"}},
			"new customers per week for the last 3 complete weeks, weeks starting Monday":       {measures: []string{"customers"}, dims: []string{"week"}, period: "date_trunc('week', now()) - interval '3 weeks'", sql: []string{"< date_trunc('week', now())"}},
			"faturamento mensal dos últimos 2 meses fechados":                                   {measures: []string{"revenue"}, dims: []string{"month"}, period: "date_trunc('month', now()) - interval '2 months'", sql: []string{"< date_trunc('month', now())"}},
			"faturamento semanal das 4 últimas semanas fechadas":                                {measures: []string{"revenue"}, period: "date_trunc('week', now()) - interval '4 weeks'"},
			"resgates em 2024 segregados por status (pendente, aplicado, cancelado e expirado)": {measures: []string{"redemptions"}, dims: []string{"status"}, filters: []string{"any_status"}},
			"redemptions by status (pending and applied) this year":                             {measures: []string{"redemptions"}, dims: []string{"status"}, filters: []string{"status_in"}},
			"average ticket per store last quarter, that is January to March 2025":              {measures: []string{"average_ticket"}, dims: []string{"store"}, period: "date_trunc('quarter', now()) - interval '3 months'"},
			"ticket médio por loja no trimestre passado, isto é, de janeiro a março de 2025":    {measures: []string{"average_ticket"}, dims: []string{"store"}, period: "date_trunc('quarter', now()) - interval '3 months'"},
			"lista dos clientes que não compram há mais de 60 (sessenta) dias":                  {list: true, filters: []string{"not_bought"}},
			"top 3 (três) lojas em faturamento em maio":                                         {measures: []string{"revenue"}, dims: []string{"store"}, limit: 3},
			// disagreeing restatements
			"lista dos clientes que não compram há mais de 60 (setenta) dias":                   {refuse: true},
			"average ticket per store last quarter, that is January to April 2025":              {refuse: true},
			"faturamento por loja no 1º trimestre de 2025, ou seja, de janeiro a abril de 2025": {refuse: true},
			"Revenue per city for the first half of 2024, i.e. January to March 2024":           {refuse: true},
			"revenue per city for the first half of 2024, ie January to March 2024":             {refuse: true},
			"Taxa de cancelamento das vendas em 2024. Considera jan a nov/2024.":                {refuse: true},
			"new customers per week for the last 3 complete weeks, weeks starting Sunday":       {refuse: true},
			// the rolling last weeks stay rolling; two statuses without a breakdown stay refused
			"revenue for the last 3 months":           {period: "interval '2 months'"},
			"resgates cancelados e expirados em 2025": {refuse: true},
		}},
	})
}
