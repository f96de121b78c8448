package grammar

import (
	"strings"
	"testing"
	"time"
)

// TestActivityPlace: a place said right after what customers did ("compraram na Savassi",
// "bought at the Campinas shop") is where they did it: the rows of the activity, never the
// customers' own store; "customers of Savassi" is still their own store. A place said with
// the noun of stores ("the Campinas shop", "as lojas de SP") is the same place.
func TestActivityPlace(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	campinasSales := "LEFT JOIN reporting.stores s ON s.store_code = x.store_code WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-05-01' AND x.transaction_date < DATE '2025-06-01' AND translate(lower(s.city)"
	savassiSales := "x.store_code = 'L05'"
	cases := []struct {
		q     string
		w     want
		owner bool // the customers' own store is the filter
	}{
		// counts of buyers: the sales of the place
		{"how many punters bought in the Campinas shop in May", want{measures: []string{"buyers"}, sql: []string{"FROM reporting.coupons v", "lower(s.city)", "'campinas'", "DATE '2025-05-01'"}}, false},
		{"how many people shopped at the stores in Campinas in May?", want{measures: []string{"buyers"}, sql: []string{"lower(s.city)", "'campinas'", "DATE '2025-05-01'"}}, false},
		{"qts clientes compraram nas lojas de campinas em maio", want{measures: []string{"buyers"}, sql: []string{"lower(s.city)", "DATE '2025-05-01'"}}, false},
		{"quantas pessoas compraram na loja Savassi semana passada", want{measures: []string{"buyers"}, sql: []string{"v.store_code = 'L05'"}}, false},
		// lists of customers: those with a sale there, in the period
		{"which customers bought in the Campinas shop in May", want{list: true, sql: []string{campinasSales}}, false},
		{"which customers bought in Campinas in May?", want{list: true, sql: []string{campinasSales}}, false},
		{"list the customers who bought at Savassi", want{list: true, sql: []string{savassiSales}}, false},
		{"nomes dos clientes que compraram na loja Savassi", want{list: true, sql: []string{savassiSales}}, false},
		{"quem comprou na Savassi ontem", want{list: true, sql: []string{savassiSales, "interval '1 day'"}}, false},
		{"clientes que compraram em lojas de MG em maio, com nome", want{list: true, sql: []string{"upper(s.state) = 'MG'", "x.transaction_date >= DATE '2025-05-01'"}}, false},
		// the customers' own store, when the store is theirs
		{"customers of Savassi who bought in May", want{list: true, sql: []string{"c.store_code_owner = 'L05'"}}, true},
		{"quantos clientes da loja Savassi compraram em maio", want{sql: []string{"c.store_code_owner = 'L05'"}}, true},
		// a place of a sign-up stays the sign-up's
		{"clientes cadastrados na loja Savassi em maio", want{sql: []string{"c.store_code = 'L05'"}}, false},
	}
	for _, c := range cases {
		check(t, it, c.q, c.w)
		res, err := it.Interpret(c.q, testCatalog)
		if err != nil {
			continue // reported by check
		}
		if owner := strings.Contains(res.SQL, "store_code_owner"); owner != c.owner {
			t.Errorf("%q: the customers' own store in the SQL %v, want %v:\n%s", c.q, owner, c.owner, res.SQL)
		}
	}
}

// TestSignupCohortThreshold: in a sign-up cohort ("% dos cadastros de jan a mar"), a
// count of what the customers did ("pelo menos 1 compra", "2+ purchases") is at any
// time, as the activity itself is (TestSignupCohortConversion); without a sign-up the
// period dates the purchases.
func TestSignupCohortThreshold(t *testing.T) {
	cohort := "c.created_at >= DATE '2025-01-01' AND c.created_at < DATE '2025-04-01'"
	anyTime := "x.cancelled_at IS NULL) >= 1"
	runContext(t, []contextCase{
		{"conversão cadastro → compra: % dos cadastros de jan a mar/25 que já fizeram pelo menos 1 compra (a qualquer momento)", want{sql: []string{cohort, anyTime}}, 1},
		{"% of Q1 sign-ups who made at least one purchase at any time", want{sql: []string{cohort, anyTime}}, 0},
		{"qual o percentual dos clientes cadastrados no primeiro trimestre que fizeram pelo menos uma compra", want{sql: []string{cohort, anyTime}}, 0},
		{"what percentage of customers who signed up in Q1 made at least 1 purchase", want{sql: []string{cohort, anyTime}}, 0},
		// no sign-up: the period dates what the condition counts
		{"percentual de clientes que gastaram mais de R$ 500 em maio", want{sql: []string{"x.transaction_date >= DATE '2025-05-01'"}}, 0},
	})
}
