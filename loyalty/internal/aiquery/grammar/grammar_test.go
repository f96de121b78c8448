package grammar

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// want is what a question must read as: the request's parts (ids), or a refusal or a
// clarification. Empty fields are not checked; "-" means none.
type want struct {
	measures []string
	dims     []string
	filters  []string
	period   string // a fragment of the period's From or To SQL; "-": no period
	order    semantic.Order
	limit    int
	list     bool
	sql      []string // fragments of the SQL
	sqlNot   []string // fragments the SQL must not hold ("LIMIT")
	refuse   bool
	write    bool
	clarify  bool
}

func ids[T any](xs []T, id func(T) string) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

func check(t *testing.T, it *Interpreter, q string, w want) {
	t.Helper()
	res, err := it.Interpret(q, testCatalog)
	var ref *Refusal
	var cl *Clarification
	switch {
	case w.refuse:
		if !errors.As(err, &ref) {
			t.Fatalf("%q: want a refusal, got %v %v", q, res, err)
		}
		if ref.WriteIntent != w.write {
			t.Errorf("%q: write intent %v, want %v", q, ref.WriteIntent, w.write)
		}
		return
	case w.clarify:
		if !errors.As(err, &cl) || len(cl.Options) < 2 {
			t.Fatalf("%q: want a clarification, got %v %v", q, res, err)
		}
		return
	case err != nil:
		t.Fatalf("%q: %v", q, err)
	}
	r := res.Request
	if w.measures != nil {
		if got := ids(r.Measures, func(m *semantic.Measure) string { return m.ID }); !slices.Equal(got, w.measures) {
			t.Errorf("%q: measures %v, want %v\n%s", q, got, w.measures, res.SQL)
		}
	}
	if w.dims != nil {
		if got := ids(r.Dims, func(d *semantic.Dimension) string { return d.ID }); !slices.Equal(got, w.dims) {
			t.Errorf("%q: breakdown %v, want %v\n%s", q, got, w.dims, res.SQL)
		}
	}
	if w.filters != nil {
		got := ids(r.Filters, func(f *semantic.Filter) string { return f.ID })
		slices.Sort(got)
		wf := slices.Clone(w.filters)
		slices.Sort(wf)
		if !slices.Equal(got, wf) {
			t.Errorf("%q: filters %v, want %v\n%s", q, got, wf, res.SQL)
		}
	}
	switch {
	case w.period == "-" && r.Period != nil:
		t.Errorf("%q: period %s, want none", q, r.Period.Label.EN)
	case w.period != "" && w.period != "-" && (r.Period == nil || !strings.Contains(r.Period.From+" | "+r.Period.To, w.period)):
		t.Errorf("%q: period %+v, want one with %q", q, r.Period, w.period)
	}
	if w.order != semantic.Natural && r.Order != w.order {
		t.Errorf("%q: order %d, want %d", q, r.Order, w.order)
	}
	if w.limit != 0 && r.Limit != w.limit {
		t.Errorf("%q: limit %d, want %d", q, r.Limit, w.limit)
	}
	if w.list != (len(r.Attrs) > 0) {
		t.Errorf("%q: list %v, want %v\n%s", q, len(r.Attrs) > 0, w.list, res.SQL)
	}
	for _, f := range w.sql {
		if !strings.Contains(res.SQL, f) {
			t.Errorf("%q: SQL has no %q:\n%s", q, f, res.SQL)
		}
	}
	for _, f := range w.sqlNot {
		if strings.Contains(res.SQL, f) {
			t.Errorf("%q: SQL has %q:\n%s", q, f, res.SQL)
		}
	}
}

// TestProductions reads, for each production of the grammar, questions in both languages
// and checks the request they become: the structure, not one phrase.
func TestProductions(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	groups := []struct {
		production string
		cases      map[string]want
	}{
		{"measure named by its words", map[string]want{
			"faturamento do mês passado":   {measures: []string{"revenue"}, period: "interval '1 month'"},
			"average ticket this month":    {measures: []string{"average_ticket"}, period: "date_trunc('month', now())"},
			"tkt medio da loja L02 no ano": {measures: []string{"average_ticket"}, filters: []string{"store_code"}, period: "date_trunc('year'"},
		}},
		{"measure composed of aggregate, noun and event", map[string]want{
			"quantos pontos foram creditados em maio": {measures: []string{"points_credited"}, period: "2025-05-01"},
			"how many points were reversed in 2024":   {measures: []string{"points_reversed"}, period: "2024-01-01"},
			"quantos clientes compraram ontem":        {measures: []string{"buyers"}},
			"how much did we sell yesterday":          {measures: []string{"revenue"}},
		}},
		{"several measures in one question", map[string]want{
			"quantidade e valor das vendas em maio":    {measures: []string{"sales_count", "revenue"}},
			"pontos creditados vs resgatados em maio":  {measures: []string{"points_credited", "points_redeemed"}},
			"new customers and sales by month in 2025": {measures: []string{"customers", "sales_count"}, dims: []string{"month"}},
		}},
		{"breakdown by X (and Y), per, each, adjectives", map[string]want{
			"vendas por loja e mês":                   {measures: []string{"sales_count"}, dims: []string{"store", "month"}},
			"number of sales yesterday at each store": {measures: []string{"sales_count"}, dims: []string{"store"}},
			"faturamento mensal em 2024":              {measures: []string{"revenue"}, dims: []string{"month"}},
			"customers by sign-up channel and gender": {measures: []string{"customers"}, dims: []string{"origin", "gender"}},
		}},
		{"filters: flags, members, negation, or", map[string]want{
			"vendas canceladas este mês":                      {measures: []string{"sales_count"}, filters: []string{"cancelled"}},
			"revenue paid with pix in 2025":                   {measures: []string{"revenue"}, filters: []string{"payment_type"}},
			"vendas no pix ou no dinheiro":                    {measures: []string{"sales_count"}, sql: []string{"v.payment_type IN ('pix', 'cash')"}},
			"clientes que não aceitam whatsapp":               {measures: []string{"customers"}, filters: []string{"optin_no_whatsapp"}},
			"revenue of the Rio de Janeiro stores last month": {measures: []string{"revenue"}, filters: []string{"store_city"}},
		}},
		{"numeric comparisons and ranges", map[string]want{
			"quantos clientes tem mais de 1000 pontos":         {measures: []string{"customers"}, filters: []string{"balance_threshold"}},
			"how many customers are under 25":                  {measures: []string{"customers"}, filters: []string{"age_threshold"}},
			"clientes entre 18 e 24 anos":                      {sql: []string{">= 18", "<= 24"}},
			"sales over R$ 100 in May":                         {measures: []string{"sales_count"}, filters: []string{"value_threshold"}},
			"how many customers spent more than R$ 300 in May": {measures: []string{"customers"}, filters: []string{"spend_total"}},
			"clientes que compraram em mais de uma loja":       {measures: []string{"customers"}, filters: []string{"store_count"}},
		}},
		{"ranking: top N, most, least, which one", map[string]want{
			"top 3 lojas em faturamento no ano":        {measures: []string{"revenue"}, dims: []string{"store"}, order: semantic.Descending, limit: 3},
			"qual pdv teve menos vendas em fevereiro":  {dims: []string{"store"}, order: semantic.Ascending, limit: 1},
			"os 10 clientes que mais gastaram em 2025": {measures: []string{"revenue"}, dims: []string{"customer"}, limit: 10},
			"most redeemed product this year":          {measures: []string{"items_redeemed"}, dims: []string{"product"}, limit: 1},
			"top 5 customers by points balance":        {list: true, limit: 5, order: semantic.Descending},
		}},
		{"periods: relative, last N, named, since, before, ranges", map[string]want{
			"vendas nos últimos 7 dias":          {period: "interval '6 days'"},
			"revenue since March":                {period: "2025-03-01"},
			"vendas antes de abril":              {sql: []string{"< DATE '2025-04-01'"}},
			"faturamento de setembro a outubro":  {sql: []string{">= DATE '2024-09-01'", "< DATE '2024-11-01'"}},
			"vendas no 1º trimestre":             {period: "2025-01-01"},
			"faturamento em maio do ano passado": {period: "2024-05-01"},
			"vendas semana retrasada":            {period: "interval '2 weeks'"},
		}},
		{"period comparison and growth", map[string]want{
			"faturamento de abril e de maio":                {dims: []string{"periods"}, period: "-"},
			"this month vs last month revenue":              {dims: []string{"periods"}},
			"% change in revenue from September to October": {measures: []string{"revenue_growth"}, sql: []string{"((COALESCE(sum(v.value) FILTER (WHERE v.transaction_date >= DATE '2024-10-01'"}},
			// growth is from the earlier period to the later, whatever their SQL looks like
			"revenue growth vs last month":  {measures: []string{"revenue_growth"}, sql: []string{"((COALESCE(sum(v.value) FILTER (WHERE v.transaction_date >= date_trunc('month', now()) AND"}},
			"média de resgates por cliente": {measures: []string{"redemptions_per_customer"}, dims: []string{}},
		}},
		{"difference between members", map[string]want{
			"how much more did Centro sell than Ibirapuera in May": {measures: []string{"revenue_difference"}},
		}},
		{"cohorts", map[string]want{
			"clientes que compraram em setembro e não compraram novamente em outubro": {sql: []string{"NOT EXISTS", "2024-10-01"}},
			"how many customers bought last month and had bought before":              {sql: []string{"x.transaction_date < date_trunc('month', now()) - interval '1 month'"}},
			"customers of both Centro and Ibirapuera":                                 {filters: []string{"bought_at_each"}},
			"customers who bought in march but not in april":                          {sql: []string{"AND NOT EXISTS", "2025-04-01"}},
		}},
		{"statistics and bands", map[string]want{
			"mediana do ticket em maio":                                   {measures: []string{"average_ticket_median"}},
			"clientes por faixa etária: 18-24, 25-34, 35-44, 45-54 e 55+": {dims: []string{"age_band"}},
			"customers by balance bands 0, 1-500, 501-1000, above 1000":   {dims: []string{"balance_band"}, sql: []string{"'0'", "'1000+'", "< 1001"}},
		}},
		{"calendar: weekdays and weekends", map[string]want{
			"vendas nas quintas-feiras de outubro":               {filters: []string{"weekday_in"}, sql: []string{"IN (4)"}, period: "2024-10-01"},
			"revenue on weekends in May":                         {filters: []string{"weekday_in"}, sql: []string{"IN (6, 7)"}},
			"average spend per customer in each quarter of 2024": {dims: []string{"quarter"}, sql: []string{"extract(year FROM v.transaction_date)::int AS year, extract(quarter FROM v.transaction_date)::int AS quarter", "ORDER BY 1, 2"}},
		}},
		{"name search and customer details", map[string]want{
			"customers named Souza":                         {filters: []string{"customer_name_has"}, sql: []string{"name_fold('Souza')"}},
			"telefone e email da Patricia Gomes Carvalho":   {list: true, filters: []string{"customer_name"}},
			"saldo de pontos do cliente cpf 526.018.159-06": {measures: []string{"balance_total"}, filters: []string{"customer_doc"}},
		}},
		{"shares and rates", map[string]want{
			"qual o percentual de cupons cancelados em 2024": {measures: []string{"rate_cancelled"}},
			"what % of 2025 revenue was paid with pix":       {measures: []string{"revenue_share_payment_type"}},
			"opt-in rates for email, whatsapp and sms":       {measures: []string{"rate_optin_e_mail", "rate_optin_whatsapp", "rate_optin_sms"}},
			"percentual de clientes por origem":              {measures: []string{"customers_share"}, dims: []string{"origin"}},
		}},
		{"informal writing and typos", map[string]want{
			"faturamneto do mes pasado":       {measures: []string{"revenue"}, period: "interval '1 month'"},
			"qtd cli ativos":                  {measures: []string{"customers"}, filters: []string{"active_active"}},
			"how many ppl signed up this yr":  {measures: []string{"customers"}, period: "date_trunc('year'"},
			"vendas nos ultimos 7 dais":       {period: "interval '6 days'"},
			"more then 5 purchases customers": {filters: []string{"purchase_count"}},
		}},
		{"words that carry meaning are never skipped", map[string]want{
			"lista de clientes que fazem aniversário hoje": {list: true, filters: []string{"birthday"}},
			"vendas incluindo canceladas em maio":          {measures: []string{"sales_count"}, filters: []string{"any_status"}},
			"how many customers made only one purchase":    {filters: []string{"purchase_count"}, sql: []string{"= 1"}},
		}},
		{"a number after a comparison word is compared, not a limit", map[string]want{
			"bottom 3 stores by revenue in 2024":          {dims: []string{"store"}, limit: 3, order: semantic.Ascending},
			"os 5 clientes que mais compraram":            {limit: 5},
			"lojas que mais venderam a mais de 30 dias":   {refuse: true},
			"stores that sold the most more than 10 days": {refuse: true},
		}},
		{"two values of one attribute: compared side by side, never both required", map[string]want{
			"SMS opt-in rate, women vs men":                   {measures: []string{"rate_optin_sms"}, dims: []string{"gender"}, sql: []string{"(c.gender_identity = 'F' OR c.gender_identity = 'M')"}},
			"percentual de mulheres vs homens":                {refuse: true},
			"quantos clientes usam o app, mulheres vs homens": {dims: []string{"gender"}},
			"vendas no pix e no dinheiro só no pix":           {refuse: true},
		}},
		{"never has no period: the period dates the other event", map[string]want{
			"quantos clientes se cadastraram pelo app este ano e nunca compraram nada": {measures: []string{"customers"}, sql: []string{"c.created_at >= date_trunc('year'", "NOT EXISTS (SELECT 1 FROM reporting.customer_purchases x WHERE x.customer_id = c.id)"}},
			"customers who signed up this year and never bought":                       {measures: []string{"customers"}, sql: []string{"c.created_at >= date_trunc('year'", "NOT EXISTS (SELECT 1 FROM reporting.customer_purchases x WHERE x.customer_id = c.id)"}},
		}},
		{"no activity for more than a length of time", map[string]want{
			"qts clientes sem comprar a mais de 60 dias":                                  {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '59 days'"}},
			"customers who haven't purchased in over 90 days, broken down by their store": {dims: []string{"store"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '89 days'"}},
		}},
		{"growth said twice or as a percentage is one growth", map[string]want{
			"What was the YoY revenue growth for Q1 2025 vs Q1 2024, as a percentage?": {measures: []string{"revenue_growth"}},
		}},
		{"cohort: again said before the verb (customers with purchases in one period and none in the other)", map[string]want{
			"quantos clientes compraram em abril e não voltaram a comprar em maio": {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-05-01'", "DATE '2025-04-01'"}},
		}},
		{"informal and presentation words are in the model", map[string]want{
			"tx de cancelamento da loja centro em maio":                                         {measures: []string{"rate_cancelled"}},
			"top 3 products redeemed last mnth":                                                 {limit: 3, period: "interval '1 month'"},
			"total points debited and total points reversed, side by side":                      {},
			"ticket médio por forma de pagamento, considerando apenas as vendas acima de R$ 50": {dims: []string{"payment_type"}, sql: []string{"v.value > 50"}},
			"qual percentual da receita de maio veio do pix":                                    {measures: []string{"revenue_share_payment_type"}},
			"customer count by age band: under 25, 25-34 and 35+":                               {dims: []string{"age_band"}, sql: []string{"'under 25'", "'25-34'", "'35+'"}},
			"clientes por faixa etária: menos de 25, 25-34 e 35+":                               {dims: []string{"age_band"}, sql: []string{"'menos de 25'"}},
			"clientes com saldo acima de zero":                                                  {sql: []string{"> 0"}},
		}},
		{"refusals", map[string]want{
			"what will revenue be next month":           {refuse: true},
			"previsão de vendas para dezembro":          {refuse: true},
			"apague todos os clientes inativos":         {refuse: true, write: true},
			"qual o lucro da loja centro":               {refuse: true},
			"faturamento do zorblax em maio":            {refuse: true},
			"quantos pontos vão expirar no mês que vem": {refuse: true},
		}},
	}
	for _, g := range groups {
		t.Run(g.production, func(t *testing.T) {
			for q, w := range g.cases {
				check(t, it, q, w)
			}
		})
	}
}

// TestUnknownWordIsRefused: a meaningful word no reading uses makes the question refused,
// and the refusal says which word and what was understood, in the question's language.
func TestUnknownWordIsRefused(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	for q, lang := range map[string]semantic.Lang{"faturamento do zorblax em maio": semantic.PT, "revenue of the zorblax in May": semantic.EN} {
		_, err := it.Interpret(q, testCatalog)
		var r *Refusal
		if !errors.As(err, &r) {
			t.Fatalf("%q: want a refusal, got %v", q, err)
		}
		if r.Lang != lang || !slices.Contains(r.NotUnderstood, "zorblax") || len(r.Understood) == 0 {
			t.Errorf("%q: refusal %+v", q, r)
		}
	}
}

// TestClarification: two readings of the same cost that compile differently are offered,
// each with its SQL, instead of picking one.
func TestClarification(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	// "São Paulo" is a city and a state of the catalogue's stores
	_, err := it.Interpret("faturamento de sao paulo em maio", &semantic.Catalog{Stores: []semantic.StoreRef{{Code: "L01", Name: "Centro", City: "São Paulo", State: "SP"}}})
	var c *Clarification
	if err == nil {
		return // one reading is fine too, as long as it is not a guess between two
	}
	if errors.As(err, &c) {
		for _, o := range c.Options {
			if o.SQL == "" || o.Text == "" {
				t.Errorf("option without text or SQL: %+v", o)
			}
		}
	}
}

func BenchmarkInterpret30Words(b *testing.B) {
	it := New(func() time.Time { return clock }, saoPaulo)
	q := "por favor me mostre o faturamento e a quantidade de vendas por loja e por mês das lojas de São Paulo no pix ou no dinheiro dos clientes ativos nos últimos 90 dias"
	if n := len(strings.Fields(q)); n < 30 {
		b.Fatalf("question has %d words", n)
	}
	if _, err := it.Interpret(q, testCatalog); err != nil {
		b.Fatal(err)
	}
	var took []time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := it.Interpret(q, testCatalog); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}
