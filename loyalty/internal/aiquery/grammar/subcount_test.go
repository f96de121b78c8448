package grammar

import "testing"

// The classes of the seventh round (issue 24) that were answered silently wrong: a count
// and a sub-count of the same rows ("quantos deles", "how many of them"), read as one
// count narrowed by the second condition. Paraphrases written for these tests, in both
// languages; what cannot be compiled is refused, never answered with one column.
func TestSubcountClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"a count and how many of them: the second column counts the first one's rows that also meet the condition", map[string]want{
			"qtos clientes a savassi tem e qtos deles aceitam sms":                                {measures: []string{"customers", "customers_among_optin_sms"}, filters: []string{"owner_store"}},
			"quantos clientes ativos temos e quantos deles compraram em maio":                     {measures: []string{"customers", "customers_among_bought_at"}, filters: []string{"active_active"}},
			"quantas clientes se cadastraram em janeiro, e quantas delas compraram em fevereiro?": {measures: []string{"customers", "customers_among_bought_at"}, period: "2025-01-01"},
			"how many customers does Batel have and how many of them use the app":                 {measures: []string{"customers", "customers_among_app_user"}, filters: []string{"owner_store"}},
			"how many customers signed up in January and how many of them bought in May":          {measures: []string{"customers", "customers_among_bought_at"}, period: "2025-01-01"},
			"number of active members, and how many among them accept email?":                     {measures: []string{"customers", "customers_among_optin_e_mail"}},
			// a second count that cannot be compiled as a condition on the first one's rows
			"the number of buyers per month and how many of them were first-time buyers": {refuse: true},
			"quantos compradores por mês e quantos deles eram novos":                     {refuse: true},
		}},
		{"rows named without a measure, then how many of them: one count of those rows", map[string]want{
			"Clientes com mais de 500 pontos: quantos deles compraram em abril?": {measures: []string{"customers"}},
			"customers from Batel - how many of them accept SMS?":                {measures: []string{"customers"}},
		}},
		{"each of them, cada um deles: a pronoun of one row each, not a second count", map[string]want{
			"who were the three biggest spenders in 2024 and how much did each of them spend?": {measures: []string{"revenue"}, limit: 3},
			"quantos clientes compraram em maio e quanto cada um deles gastou em média?":       {sql: []string{"AS gasto_medio_por_cliente"}},
		}},
		{"with, have, use the app: its users; through, via, from the app: the origin APP", map[string]want{
			"avg points balance of active members w/ the app":      {measures: []string{"balance_average"}, filters: []string{"active_active", "app_user"}},
			"how many customers with the app accept WhatsApp?":     {measures: []string{"customers"}, filters: []string{"app_user", "optin_whatsapp"}},
			"quantos clientes ativos têm o app":                    {measures: []string{"customers"}, filters: []string{"active_active", "app_user"}},
			"saldo médio dos clientes com o aplicativo":            {filters: []string{"app_user"}},
			"quantos clientes sem o app":                           {measures: []string{"customers"}, filters: []string{"not_app_user"}},
			"how many customers without the app bought in May?":    {filters: []string{"not_app_user", "bought_at"}},
			"how many customers do not use the app":                {filters: []string{"not_app_user"}},
			"how many customers signed up through the app in May?": {sql: []string{"c.origin = 'APP'"}},
			"quantos clientes se cadastraram pelo app em maio":     {sql: []string{"c.origin = 'APP'"}},
			"customers who came from the app":                      {sql: []string{"c.origin = 'APP'"}},
		}},
		{"two conditions on one noun joined by e / and: both apply", map[string]want{
			"quantos clientes ativos e com email":                             {measures: []string{"customers"}, filters: []string{"active_active", "present_email"}},
			"how many customers are active and have an email":                 {filters: []string{"active_active", "present_email"}},
			"clientes inativos e com telefone cadastrado, quantos são?":       {filters: []string{"active_inactive", "present_phone"}},
			"how many active customers with a phone number and with the app?": {filters: []string{"active_active", "present_phone", "app_user"}},
			"quantos clientes ativos e que aceitam sms":                       {filters: []string{"active_active", "optin_sms"}},
			"quantos clientes ativos e sem cpf":                               {filters: []string{"active_active", "missing_doc"}},
			// the attribute alone is a column to list, never a condition
			"liste o email dos clientes ativos": {list: true, filters: []string{"active_active"}},
		}},
		{"several measures asked for one row: every one, a column each", map[string]want{
			"preciso numa linha só: pontos creditados, pontos debitados e pontos resgatados em abril": {measures: []string{"points_credited", "points_debited", "points_redeemed"}},
			"pontos creditados, debitados e resgatados em maio, em uma linha":                         {measures: []string{"points_credited", "points_debited", "points_redeemed"}},
			"revenue, number of sales and average ticket for May in one row":                          {measures: []string{"revenue", "sales_count", "average_ticket"}},
			"email, whatsapp and sms opt-in rates, all in one row":                                    {sql: []string{"percent_e_mail", "percent_whatsapp", "percent_sms"}},
			// a row word with a breakdown still answers a row per group
			"faturamento por loja numa linha": {measures: []string{"revenue"}, dims: []string{"store"}},
		}},
	})
}
