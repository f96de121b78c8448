package grammar

import "testing"

// The fifteenth round's lead classes (issue 24): a period said again as the days up to
// now ("this week, since Monday") is one period, never two compared; a word that leaves
// rows out ("skip", "tira", "desconsidera", "fica de fora", "excluded") leaves out the
// values it names, before or after them; a negation said with the customers a second time
// is never dropped with that saying; a second "how many" after "and" with no noun counts
// the first one's noun ("how many points were credited and how many were redeemed");
// "separately" between two periods keeps a row each; the whole customer base ("na base
// toda", "across the whole customer base") is every customer, no breakdown; of a sign-up
// count, "how many of them bought" counts those who bought since; a number of a quantity
// with no comparison ("have 0 points") is the value itself; a month's abbreviation of the other language is
// no month ("ran out", "leave it out" are no October).
func TestLead15Classes(t *testing.T) {
	const (
		may       = "DATE '2025-05-01'"
		thisWeek  = "date_trunc('week', now())"
		thisYear  = "date_trunc('year', now())"
		thisMonth = "date_trunc('month', now())"
	)
	runClasses(t, []classCases{
		{"a period said again as its days up to now is one period", map[string]want{
			"how many customers signed up this week, since monday":        {measures: []string{"customers"}, dims: []string{}, sql: []string{thisWeek}, sqlNot: []string{"CASE"}},
			"quantos clientes se cadastraram esta semana, desde segunda?": {measures: []string{"customers"}, dims: []string{}, sql: []string{thisWeek}, sqlNot: []string{"CASE"}},
			"revenue this year, i.e. since January 1st":                   {measures: []string{"revenue"}, sql: []string{thisYear}, sqlNot: []string{"CASE"}},
			"faturamento deste ano, ou seja, desde 1º de janeiro":         {measures: []string{"revenue"}, sql: []string{thisYear}, sqlNot: []string{"CASE"}},
			"sales this month, since June 1st":                            {measures: []string{"sales_count"}, sql: []string{thisMonth}, sqlNot: []string{"CASE"}},
			"how many customers signed up this week? i mean since monday": {measures: []string{"customers"}, sql: []string{thisWeek}, sqlNot: []string{"CASE"}},
			// a period that ended before now is another period: compared, or refused
			"how many customers signed up last week vs since monday": {sql: []string{"CASE"}},
		}},
		{"a word that leaves rows out leaves out the values it names", map[string]want{
			"how many customers bought in May? Skip Savassi.":            {sql: []string{"NOT (v.store_code = 'L05')", may}},
			"quantos clientes compraram em maio? tira a Savassi":         {sql: []string{"NOT (v.store_code = 'L05')", may}},
			"quantos clientes compraram em maio? desconsidera a Savassi": {sql: []string{"NOT (v.store_code = 'L05')", may}},
			"quantas vendas em maio? a Savassi fica de fora":             {sql: []string{"NOT (v.store_code = 'L05')", may}},
			"revenue by store in May, Batel excluded":                    {dims: []string{"store"}, sql: []string{"NOT (v.store_code = 'L06')", may}},
			"faturamento por loja em maio, desconsidera pix e dinheiro":  {dims: []string{"store"}, sql: []string{"NOT (v.payment_type IN ('pix', 'cash'))", may}},
			"sales by payment type in May, ignoring Savassi and Batel":   {sql: []string{"NOT (v.store_code IN ('L05', 'L06'))", may}},
			// a restriction word that keeps rows is not read as one that leaves them out
			"revenue by store in May, including Savassi": {refuse: true},
		}},
		{"a negation said with the customers a second time negates nothing it can be dropped with", map[string]want{
			// read as "customers | who ... not | cancelled purchases", the negation went
			// with the second "customers" (silently wrong: the customers with cancelled sales)
			"customers who made non-cancelled purchases at both L01 and L02":      {refuse: true},
			"customers who made non-cancelled purchases at both Centro and Batel": {refuse: true},
			"customers who bought at both L01 and L02":                            {sql: []string{"x.store_code = 'L01'", "x.store_code = 'L02'"}, sqlNot: []string{"IS NOT NULL"}},
			"clientes que não compraram em maio":                                  {sql: []string{"NOT EXISTS", may}},
		}},
		{"a second 'how many' after 'and' counts the noun of the first when it names none", map[string]want{
			"How many points did we give out in May, and how many did customers redeem?":    {measures: []string{"points_credited", "points_redeemed"}, sql: []string{may}},
			"how many points were credited in May and how many were redeemed":               {measures: []string{"points_credited", "points_redeemed"}, sql: []string{may}},
			"quantos pontos foram creditados em maio e quantos foram resgatados?":           {measures: []string{"points_credited", "points_redeemed"}, sql: []string{may}},
			"quanto de ponto foi creditado em maio e quanto foi resgatado":                  {measures: []string{"points_credited", "points_redeemed"}, sql: []string{may}},
			"how many points were issued per store last quarter and how many were redeemed": {measures: []string{"points_credited", "points_redeemed"}, dims: []string{"store"}},
			// the second count with no verb of its own, or read as one count: refused
			"quantos clientes compraram em maio e quantos em junho": {refuse: true},
			"quanto faturamos em maio e quanto em abril":            {refuse: true},
		}},
		{"'separately' between two periods, or said of each other, keeps a row each", map[string]want{
			"average ticket at Batel for 2024 and, separately, for 2025":       {measures: []string{"average_ticket"}, sql: []string{"L06", "DATE '2024-01-01'", "DATE '2025-01-01'", "CASE"}},
			"ticket médio da Batel em 2024 e, separadamente, em 2025":          {measures: []string{"average_ticket"}, sql: []string{"L06", "DATE '2024-01-01'", "CASE"}},
			"faturamento de abril e, em separado, de maio":                     {measures: []string{"revenue"}, sql: []string{"DATE '2025-04-01'", may, "CASE"}},
			"quanto entrou no pix e no dinheiro em maio, separado um do outro": {sql: []string{"v.payment_type IN ('pix', 'cash')", "GROUP BY v.payment_type", may}},
			"revenue from pix and cash in May, separate from each other":       {sql: []string{"v.payment_type IN ('pix', 'cash')", "GROUP BY v.payment_type", may}},
		}},
		{"the whole customer base said is every customer, never a breakdown by customer", map[string]want{
			"What are our email, WhatsApp and SMS opt-in rates across the whole customer base?": {dims: []string{}, sql: []string{"c.email_optin", "c.whatsapp_optin", "c.sms_optin"}},
			"average age across the whole customer base":                                        {measures: []string{"average_age"}, dims: []string{}},
			"qual o saldo total de pontos da base toda":                                         {dims: []string{}, sql: []string{"sum(c.points_balance)"}},
			"quantos clientes ativos tem na base inteira?":                                      {measures: []string{"customers"}, dims: []string{}, sql: []string{"c.is_active"}},
			"percentual de clientes com opt-in de email em toda a base":                         {dims: []string{}, sql: []string{"c.email_optin"}},
			"share of app users across all our customers":                                       {dims: []string{}, sql: []string{"c.app_user"}},
			// customers named to break down by still are
			"revenue by customer in May": {dims: []string{"customer"}},
		}},
		{"of a sign-up count, 'how many of them' did something counts those who did it since", map[string]want{
			"quantos clientes se cadastraram em maio e quantos deles já compraram":                          {sql: []string{"count(*) FILTER (WHERE EXISTS", "x.cancelled_at IS NULL))", "c.created_at >= " + may}},
			"how many customers signed up in May and how many of them have bought since":                    {sql: []string{"count(*) FILTER (WHERE EXISTS", "c.created_at >= " + may}},
			"new members by month this year: how many signed up and how many of those have made a purchase": {dims: []string{"month"}, sql: []string{"count(*) FILTER (WHERE EXISTS"}},
			"how many customers signed up in May and how many of those redeemed":                            {sql: []string{"count(*) FILTER (WHERE EXISTS (SELECT 1 FROM reporting.redeems x", "c.created_at >= " + may}},
			"quantos clientes se cadastraram em abril e quantos deles nunca compraram":                      {sql: []string{"count(*) FILTER (WHERE NOT EXISTS", "DATE '2025-04-01'"}},
			// of the buyers of a period, or of customers with no period, which period the
			// second activity is in is not said
			"how many customers bought in May and how many of them bought since": {refuse: true},
			"how many active customers and how many of them bought":              {refuse: true},
		}},
		{"a number of a quantity said with no comparison is the value itself", map[string]want{
			"how many customers have zero points":                        {measures: []string{"customers"}, sql: []string{"c.points_balance = 0"}},
			"Please how many customers are having 0 points as at today?": {measures: []string{"customers"}, sql: []string{"c.points_balance = 0"}},
			"quantos clientes têm zero pontos":                           {measures: []string{"customers"}, sql: []string{"c.points_balance = 0"}},
			"quantos clientes têm 500 pontos?":                           {measures: []string{"customers"}, sql: []string{"c.points_balance = 500"}},
			"clientes ativos com saldo zero":                             {sql: []string{"c.points_balance = 0", "c.is_active"}},
			"how many customers have more than 500 points":               {sql: []string{"c.points_balance > 500"}},
		}},
		{"a month's abbreviation of the other language is no month", map[string]want{
			"how many customers bought in May? Leave Savassi out.": {refuse: true},
			"how many sales, Savassi out":                          {refuse: true}, // was Savassi's sales of October
			"revenue by store in May, Centro out":                  {refuse: true},
			"vendas de out/24":                                     {sql: []string{"DATE '2024-10-01'"}},
			"revenue in oct 2024":                                  {sql: []string{"DATE '2024-10-01'"}},
			"faturamento em set":                                   {sql: []string{"DATE '2024-09-01'"}},
		}},
	})
}
