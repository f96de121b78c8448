package grammar

import (
	"fmt"
	"testing"
	"time"
)

// TestInterpretNeverPanics reads questions composed of every kind of clause, in every
// order, and asks only that each is answered, refused or clarified: no reading may panic.
// The readings of one question share the chart's clause values, so a reading that
// changes a value in place (slices.DeleteFunc clears the slots it frees) breaks the next
// one: "quantidade de vendas por mês em abril e maio, comparando os dois meses, por loja"
// once panicked that way.
func TestInterpretNeverPanics(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	measures := []string{"quantidade de vendas", "faturamento e ticket médio", "clientes novos", "pontos creditados e resgatados", "revenue and sales count", "buyers"}
	splits := []string{"por mês", "por loja", "por mês e por loja", "each store", "per month, by store", "nas faixas 0-100, 101-500, 500+"}
	periods := []string{"em abril e maio, comparando os dois meses", "maio vs abril", "this year vs last year", "últimos 30 dias", "Q1 against Q2", "de 01/03 a 31/03"}
	tails := []string{"", ", one row each", " e a diferença"}
	n := 0
	for _, m := range measures {
		for _, s := range splits {
			for _, p := range periods {
				for _, tail := range tails {
					for _, q := range []string{
						fmt.Sprintf("%s %s %s%s", m, s, p, tail),
						fmt.Sprintf("%s %s, %s%s", m, p, s, tail),
					} {
						n++
						func() {
							defer func() {
								if r := recover(); r != nil {
									t.Errorf("%q panicked: %v", q, r)
								}
							}()
							_, _ = it.Interpret(q, testCatalog)
						}()
					}
				}
			}
		}
	}
	t.Logf("%d questions read", n)
}
