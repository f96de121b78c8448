package semantic

import (
	"fmt"
	"strconv"
	"strings"
)

// daysToFirstPurchase is one customer's calendar days from the sign-up date to the date of
// the first purchase (a sale not cancelled), in the report's time zone.
const daysToFirstPurchase = "((SELECT min(x.transaction_date) FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL)::date - c.created_at::date)"

// DaysToFirstPurchase is the average time to the first purchase of the customers who
// bought ("tempo até a primeira compra", "days from sign-up to first purchase"); its
// median and percentiles are PercentileOf it ("median time to first purchase").
var DaysToFirstPurchase = &Measure{ID: "days_to_first_purchase", Fact: Customers, Kind: Average,
	Words: W("dias ate a primeira compra|tempo ate a primeira compra|dias para a primeira compra|tempo para a primeira compra|dias entre o cadastro e a primeira compra|tempo entre o cadastro e a primeira compra|dias do cadastro ate a primeira compra|tempo do cadastro ate a primeira compra|dias da data de cadastro ate a data da primeira compra|numero de dias do cadastro ate a primeira compra|dias ate a 1a compra|tempo ate a 1a compra|tempo medio ate a primeira compra|media de dias ate a primeira compra|tempo mediano ate a primeira compra",
		"days to first purchase|time to first purchase|days until first purchase|time until first purchase|days to first order|time to first order|days from sign up to first purchase|days from signup to first purchase|days between sign up and first purchase|time from sign up to first purchase|days from registration to first purchase|days from sign up date to first purchase date|number of days from sign up to first purchase|number of days from sign up date to first purchase date|days from joining to first purchase|time to convert|days to convert"),
	Where: []string{"EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL)"},
	Expr:  "round(avg(" + daysToFirstPurchase + "), 1)", Alias: T("dias_ate_primeira_compra", "days_to_first_purchase"),
	Name: T("dias até a primeira compra", "days to first purchase"),
	Def:  T("dias corridos da data de cadastro à data da primeira compra não cancelada, dos clientes que compraram", "calendar days from the sign-up date to the date of the first purchase not cancelled, of the customers who bought")}

// MedianOf is the median of what an average measure averages ("mediana do ticket",
// "median sale value"); an additive measure's median is that of its rows' values.
func MedianOf(m *Measure) (*Measure, error) { return PercentileOf(m, 50) }

// PercentileOf is the p-th percentile (1-99) of what an average measure averages ("p90
// ticket size", "percentil 90 do ticket"); the 50th is the median.
func PercentileOf(m *Measure, p int) (*Measure, error) {
	avg := m
	if m.Kind == Sum {
		a, err := AverageOf(m)
		if err != nil {
			return nil, fmt.Errorf("no percentile of %s", m.ID)
		}
		avg = a
	}
	if avg.Kind != Average || p < 1 || p > 99 {
		return nil, fmt.Errorf("no percentile of %s", m.ID)
	}
	i := strings.Index(avg.Expr, "avg(")
	j := strings.LastIndex(avg.Expr, "),")
	if i < 0 || j < i {
		return nil, fmt.Errorf("no percentile of %s", m.ID)
	}
	inner := avg.Expr[i+len("avg(") : j]
	pt, en := strings.TrimPrefix(avg.Alias.PT, "media_"), strings.TrimPrefix(avg.Alias.EN, "average_")
	out := &Measure{
		ID: fmt.Sprintf("%s_p%d", avg.ID, p), Fact: avg.Fact, Kind: Average, Where: avg.Where,
		Expr:  fmt.Sprintf("round((percentile_cont(%s) WITHIN GROUP (ORDER BY %s))::numeric, 2)", strconv.FormatFloat(float64(p)/100, 'f', -1, 64), inner),
		Alias: T(fmt.Sprintf("p%d_%s", p, pt), fmt.Sprintf("p%d_%s", p, en)),
		Name:  T(fmt.Sprintf("percentil %d de %s", p, avg.Name.PT), fmt.Sprintf("%dth percentile of %s", p, avg.Name.EN)),
		Def:   T(fmt.Sprintf("o valor abaixo do qual ficam %d%% das vendas", p), fmt.Sprintf("the value %d%% of the rows are at or below", p)),
	}
	if p == 50 {
		out.ID, out.Alias = avg.ID+"_median", T("mediana_"+pt, "median_"+en)
		out.Name = T("mediana de "+avg.Name.PT, "median of "+avg.Name.EN)
		out.Def = T("o valor do meio (metade acima, metade abaixo)", "the middle value (half above, half below)")
	}
	return out, nil
}
