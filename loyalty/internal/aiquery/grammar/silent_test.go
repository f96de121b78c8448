package grammar

import (
	"strings"
	"testing"
	"time"
)

// The fifth round's silently wrong readings (silent.go). Paraphrases written for these
// tests, in both languages, not taken from an evaluation set.

// TestGrowthBetweenMonths: "from <month year> to <month year>" with a growth compares the
// two periods; a month's year is never a period of its own.
func TestGrowthBetweenMonths(t *testing.T) {
	mar24 := "DATE '2024-03-01' AND v.transaction_date < DATE '2024-04-01'"
	may24 := "DATE '2024-05-01' AND v.transaction_date < DATE '2024-06-01'"
	runContext(t, []contextCase{
		{"revenue growth from March 2024 to May 2024", want{sql: []string{mar24, may24}}, 0},
		{"qual foi o crescimento percentual do faturamento da Savassi de março de 2024 a maio de 2024?", want{sql: []string{mar24, may24, "'L05'"}}, 0},
		{"crescimento das vendas de mar/2024 a mai/2024", want{sql: []string{mar24, may24}}, 0},
		{"how much did revenue grow between Q1 2025 and Q2 2025?", want{sql: []string{"DATE '2025-01-01' AND v.transaction_date < DATE '2025-04-01'", "DATE '2025-04-01' AND v.transaction_date < DATE '2025-07-01'"}}, 0},
		{"what was the growth in sales at Batel from Q1 2025 to Q2 2025?", want{sql: []string{"DATE '2025-01-01' AND v.transaction_date < DATE '2025-04-01'", "DATE '2025-04-01' AND v.transaction_date < DATE '2025-07-01'", "'L06'"}}, 0},
		// "by what %", "em quantos %": the growth's percentage; the whole network declines a breakdown
		{"By what % did the revenue grow from March to May 2024? The whole network, not per store", want{sql: []string{mar24, may24}}, 1},
		{"em quantos % o faturamento cresceu de março de 2024 para maio de 2024?", want{sql: []string{mar24, may24}}, 0},
		// without a growth it is one span, in the year of its end
		{"revenue from March to May 2024", want{measures: []string{"revenue"}, period: "DATE '2024-03-01'", sql: []string{"< DATE '2024-06-01'"}}, 0},
		{"faturamento de março a maio de 2024", want{measures: []string{"revenue"}, period: "DATE '2024-03-01'", sql: []string{"< DATE '2024-06-01'"}}, 0},
	})
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range []string{
		"revenue growth from March 2024 to May 2024",
		"crescimento das vendas de mar/2024 a mai/2024",
		"what was the growth in sales at Batel from Q1 2025 to Q2 2025?",
	} {
		res, err := it.Interpret(q, testCatalog)
		if err == nil && (strings.Contains(res.SQL, "DATE '2025-01-01' AND v.transaction_date < DATE '2026-01-01'") || strings.Contains(res.SQL, "DATE '2024-01-01' AND v.transaction_date < DATE '2025-01-01'")) {
			t.Errorf("%q: a month's year read as a period:\n%s", q, res.SQL)
		}
	}
}

// TestActiveBuyers: "active buyers", "compradores ativos" are the period's buyers, never
// the customers' active flag; a period in the lead-in dates the rows of the breakdown,
// never a cohort.
func TestActiveBuyers(t *testing.T) {
	q1 := "v.transaction_date >= DATE '2025-01-01' AND v.transaction_date < DATE '2025-04-01'"
	runContext(t, []contextCase{
		{"Active buyers in Q1 2025: how many distinct customers bought in each month?", want{measures: []string{"buyers"}, dims: []string{"month"}, sql: []string{q1}}, 0},
		{"compradores ativos de jan a mar/2025: quantos clientes diferentes compraram em cada mês?", want{measures: []string{"buyers"}, dims: []string{"month"}, sql: []string{q1}}, 0},
		{"quantos compradores ativos tivemos por mês no 1º tri de 2025", want{measures: []string{"buyers"}, dims: []string{"month"}, sql: []string{q1}}, 0},
		{"how many customers purchased each month Jan to Mar 2025?", want{measures: []string{"buyers"}, dims: []string{"month"}, sql: []string{q1}}, 0},
		{"Jan to Mar 2025: how many customers purchased each month?", want{measures: []string{"buyers"}, dims: []string{"month"}, sql: []string{q1}}, 0},
		// "monthly active customers" are each month's buyers (MAU), never active sign-ups
		{"how many monthly active customers did we have in Q1 2025?", want{measures: []string{"buyers"}, dims: []string{"month"}, sql: []string{q1}}, 0},
		{"Monthly active users, Q1 2025", want{measures: []string{"buyers"}, dims: []string{"month"}, sql: []string{q1}}, 0},
		// active customers who bought stay the flag and the purchase
		{"how many active customers bought in May", want{measures: []string{"customers"}, sql: []string{"c.is_active", "EXISTS"}}, 0},
	})
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range []string{
		"Active buyers in Q1 2025: how many distinct customers bought in each month?",
		"compradores ativos de jan a mar/2025: quantos clientes diferentes compraram em cada mês?",
		"quantos compradores ativos tivemos por mês no 1º tri de 2025",
		"how many monthly active customers did we have in Q1 2025?",
	} {
		res, err := it.Interpret(q, testCatalog)
		if err == nil && (strings.Contains(res.SQL, "is_active") || strings.Contains(res.SQL, "EXISTS")) {
			t.Errorf("%q: buyers read as a cohort or the active flag:\n%s", q, res.SQL)
		}
	}
}

// TestJustTheOne: "just the one", "só uma", "the single best" say a ranking's one row,
// never a value equal to one; said of no ranking they are refused.
func TestJustTheOne(t *testing.T) {
	runContext(t, []contextCase{
		{"Which store had the highest revenue in May? only one", want{measures: []string{"revenue"}, dims: []string{"store"}, limit: 1}, 0},
		{"qual loja vendeu mais em maio, apenas uma", want{measures: []string{"revenue"}, dims: []string{"store"}, limit: 1}, 0},
		{"the single best store by revenue in May", want{measures: []string{"revenue"}, dims: []string{"store"}, limit: 1}, 0},
		{"qual a loja com o maior ticket médio no mês passado? só a melhor", want{measures: []string{"average_ticket"}, dims: []string{"store"}, limit: 1}, 0},
		{"qual loja teve mais vendas em abril? so a campea", want{measures: []string{"sales_count"}, dims: []string{"store"}, limit: 1}, 0},
		// a value said in digits is still compared ("exactly 100": a sale's value)
		{"how many sales of exactly 100?", want{measures: []string{"sales_count"}, sql: []string{"v.value = 100"}}, 0},
		// "uma só compra" is exactly one purchase, never "some purchase"
		{"quantos clientes têm uma só compra?", want{measures: []string{"customers"}, sql: []string{") = 1"}}, 0},
		// "só uma vez" is still a number of purchases
		{"quantos clientes compraram só uma vez", want{measures: []string{"customers"}, sql: []string{") = 1"}}, 0},
	})
	runContext(t, []contextCase{
		{"revenue in May, only one", want{refuse: true}, 0},
		{"top 3 stores by revenue, just the one", want{refuse: true}, 0},
		{"vendas de maio, só um", want{refuse: true}, 0},
	})
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range []string{"Which store had the highest revenue in May? only one", "qual loja vendeu mais em maio, apenas uma", "qual a loja com o maior ticket médio no mês passado? só a melhor"} {
		if res, err := it.Interpret(q, testCatalog); err == nil && strings.Contains(res.SQL, "= 1\n") {
			t.Errorf("%q: \"one\" read as a value:\n%s", q, res.SQL)
		}
	}
}
