package semantic

import (
	"strings"
	"testing"
	"time"
)

// The explanation is built from the request alone, for every shape a request takes
// (several measures, of several facts; growth and breakdowns that compare periods; bands;
// cohorts of activities in their own periods; differences between members; rankings),
// in the request's language: each part of the request shows in the field a person reads
// it from, and a comparison never claims to be over all time.
func TestExplainDescribesEveryShapeOfRequestInItsLanguage(t *testing.T) {
	cal := Calendar{Now: time.Date(2026, 11, 15, 10, 0, 0, 0, time.UTC)}
	last, this := cal.Relative(LastMonth), cal.Relative(ThisMonth)
	growth, err := GrowthOf(Revenue, last, this)
	if err != nil {
		t.Fatal(err)
	}
	diff, err := DifferenceOf(Revenue, StoreCode("CEN"), StoreCode("IBI"), T("Centro", "Centro"), T("Ibirapuera", "Ibirapuera"))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		title, measure, period, order string   // substrings ("" : empty field)
		breakdown, filters, rules     []string // whole entries, in order
	}
	cases := []struct {
		name   string
		req    Request
		pt, en want
	}{
		{"measure by store over a period", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByStore}, Period: last},
			want{title: "Faturamento por loja — mês passado", measure: "faturamento: soma do valor das vendas", period: "mês passado (01/10/2026 a 31/10/2026) (aplicado a: data da venda)",
				breakdown: []string{"loja"}, rules: []string{"vendas canceladas não contam"}},
			want{title: "Revenue by store — last month", measure: "revenue: sum of the sales' value", period: "last month (2026-10-01 to 2026-10-31) (applies to: sale date)",
				breakdown: []string{"store"}, rules: []string{"cancelled sales do not count"}}},
		{"several measures of several facts", Request{Fact: Points, Measures: []*Measure{PointsCredited, PointsDebited, CustomerCount}},
			want{title: "Pontos creditados, pontos debitados e número de clientes", measure: "pontos debitados: soma dos débitos de pontos (tipo D) não estornados; número de clientes: ", period: "todo o período"},
			want{title: "Points credited, points debited and number of customers", measure: "points debited: sum of points debits (type D) not reversed; number of customers: ", period: "all time"}},
		{"growth between two periods", Request{Fact: Sales, Measures: []*Measure{growth}},
			want{title: "Crescimento de faturamento de mês passado", measure: "(novo - antigo) / antigo × 100", period: "comparação: mês passado (01/10/2026 a 31/10/2026) com este mês (01/11/2026 a 30/11/2026)",
				rules: []string{"vendas canceladas não contam"}},
			want{title: "Revenue growth from last month", measure: "(new - old) / old × 100", period: "compared: last month (2026-10-01 to 2026-10-31) with this month (2026-11-01 to 2026-11-30)",
				rules: []string{"cancelled sales do not count"}}},
		{"two measures by compared periods", Request{Fact: Sales, Measures: []*Measure{Revenue, AverageTicket}, Dims: []*Dimension{ByPeriods([]*Period{last, this})}},
			want{title: "Faturamento e ticket médio por período", measure: "; ticket médio: ", period: "comparação: mês passado",
				breakdown: []string{"período (mês passado (01/10/2026 a 31/10/2026), este mês (01/11/2026 a 30/11/2026))"}, rules: []string{"vendas canceladas não contam"}},
			want{title: "Revenue and average ticket by period", measure: "; average ticket: ", period: "compared: last month",
				breakdown: []string{"period (last month (2026-10-01 to 2026-10-31), this month (2026-11-01 to 2026-11-30))"}, rules: []string{"cancelled sales do not count"}}},
		{"age bands as said", Request{Fact: Customers, Measures: []*Measure{CustomerCount}, Dims: []*Dimension{ByAgeBand([]AgeBand{{Lo: 0, Hi: 24, Below: true}, {Lo: 25, Hi: 34}, {Lo: 35, Hi: -1}})}},
			want{title: "Número de clientes por faixa etária", measure: "número de clientes: ", period: "todo o período", breakdown: []string{"faixa etária (menos de 25, 25-34, 35+)"}},
			want{title: "Number of customers by age band", measure: "number of customers: ", period: "all time", breakdown: []string{"age band (under 25, 25-34, 35+)"}}},
		{"balance bands as said", Request{Fact: Customers, Measures: []*Measure{CustomerCount}, Dims: []*Dimension{ByBalanceBand([]AgeBand{{Lo: 0, Hi: 0}, {Lo: 1, Hi: 500}, {Lo: 501, Hi: 1000}, {Lo: 1001, Hi: -1, Above: true}})}},
			want{title: "Número de clientes por faixa de saldo", measure: "número de clientes: ", period: "todo o período", breakdown: []string{"faixa de saldo (0, 1-500, 501-1000, 1000+)"}},
			want{title: "Number of customers by balance band", measure: "number of customers: ", period: "all time", breakdown: []string{"balance band (0, 1-500, 501-1000, 1000+)"}}},
		{"cohort: bought in one period, not in the next", Request{Fact: Customers, Measures: []*Measure{CustomerCount}, Filters: []*Filter{AtPeriod(Bought(true), last), AtPeriod(Bought(false), this)}},
			want{title: "Número de clientes — compraram (mês passado", measure: "número de clientes: ", period: "todo o período",
				filters: []string{"compraram (mês passado (01/10/2026 a 31/10/2026))", "não compraram (este mês (01/11/2026 a 30/11/2026))"}},
			want{title: "Number of customers — bought (last month", measure: "number of customers: ", period: "all time",
				filters: []string{"bought (last month (2026-10-01 to 2026-10-31))", "did not buy (this month (2026-11-01 to 2026-11-30))"}}},
		{"difference between two members", Request{Fact: Sales, Measures: []*Measure{diff}, Period: this},
			want{title: "Diferença de faturamento (Centro menos Ibirapuera) — este mês", measure: "valor do primeiro menos o do segundo", period: "este mês (01/11/2026 a 30/11/2026) (aplicado a: data da venda)",
				rules: []string{"vendas canceladas não contam"}},
			want{title: "Revenue difference (Centro minus Ibirapuera) — this month", measure: "the first's value minus the second's", period: "this month (2026-11-01 to 2026-11-30) (applies to: sale date)",
				rules: []string{"cancelled sales do not count"}}},
		{"bottom 3 on weekends", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByStore}, Order: Ascending, Limit: 3, Filters: []*Filter{WeekdayIn([]int{6, 7})}},
			want{title: "Os 3 menores: Faturamento por loja — dias da semana 6, 7", measure: "faturamento: ", period: "todo o período", order: "menores primeiro, os 3 primeiros",
				breakdown: []string{"loja"}, filters: []string{"dias da semana 6, 7 (1 = segunda ... 7 = domingo)"}, rules: []string{"vendas canceladas não contam"}},
			want{title: "Bottom 3: Revenue by store — days of the week 6, 7", measure: "revenue: ", period: "all time", order: "smallest first, top 3",
				breakdown: []string{"store"}, filters: []string{"days of the week 6, 7 (1 = Monday ... 7 = Sunday)"}, rules: []string{"cancelled sales do not count"}}},
		{"list of customers sorted", Request{Fact: Customers, Attrs: []*Attribute{CustomerEmailAttr}, SortBy: CustomerBalanceAttr, Order: Descending, Limit: 10},
			want{title: "Lista de clientes", measure: "lista de clientes (", order: "ordenada por saldo"},
			want{title: "List of customers", measure: "list of customers (", order: "sorted by "}},
	}
	for _, c := range cases {
		for _, l := range []Lang{PT, EN} {
			t.Run(c.name+"/"+string(l), func(t *testing.T) {
				r, w := c.req, c.pt
				if l == EN {
					w = c.en
				}
				r.Lang = l
				if _, err := r.Compile(); err != nil {
					t.Fatalf("the request does not compile: %v", err)
				}
				e := r.Explain()
				if e.Language != string(l) {
					t.Errorf("language %q", e.Language)
				}
				for _, f := range []struct{ name, got, want string }{{"title", e.Title, w.title}, {"measure", e.Measure, w.measure}, {"period", e.Period, w.period}, {"order", e.Order, w.order}} {
					if (f.want == "") != (f.got == "") || !strings.Contains(f.got, f.want) {
						t.Errorf("%s %q, want %q in it", f.name, f.got, f.want)
					}
				}
				for _, f := range []struct {
					name      string
					got, want []string
				}{{"breakdown", e.Breakdown, w.breakdown}, {"filters", e.Filters, w.filters}, {"counting rules", e.Rules, w.rules}} {
					if f.got == nil || strings.Join(f.got, "|") != strings.Join(f.want, "|") {
						t.Errorf("%s %q, want %q", f.name, f.got, f.want)
					}
				}
			})
		}
	}
}
