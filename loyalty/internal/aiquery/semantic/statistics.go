package semantic

import (
	"fmt"
	"strings"
)

// MedianOf is the median of what an average measure averages ("mediana do ticket",
// "median sale value"); an additive measure's median is that of its rows' values.
func MedianOf(m *Measure) (*Measure, error) {
	avg := m
	if m.Kind == Sum {
		a, err := AverageOf(m)
		if err != nil {
			return nil, fmt.Errorf("no median of %s", m.ID)
		}
		avg = a
	}
	if avg.Kind != Average {
		return nil, fmt.Errorf("no median of %s", m.ID)
	}
	i := strings.Index(avg.Expr, "avg(")
	j := strings.LastIndex(avg.Expr, "),")
	if i < 0 || j < i {
		return nil, fmt.Errorf("no median of %s", m.ID)
	}
	inner := avg.Expr[i+len("avg(") : j]
	return &Measure{
		ID: avg.ID + "_median", Fact: avg.Fact, Kind: Average, Where: avg.Where,
		Expr:  fmt.Sprintf("round((percentile_cont(0.5) WITHIN GROUP (ORDER BY %s))::numeric, 2)", inner),
		Alias: T("mediana_"+strings.TrimPrefix(avg.Alias.PT, "media_"), "median_"+strings.TrimPrefix(avg.Alias.EN, "average_")),
		Name:  T("mediana de "+avg.Name.PT, "median of "+avg.Name.EN),
		Def:   T("o valor do meio (metade acima, metade abaixo)", "the middle value (half above, half below)"),
	}, nil
}
