package semantic

import (
	"fmt"
	"strconv"
	"strings"
)

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
