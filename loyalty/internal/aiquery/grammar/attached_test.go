package grammar

import (
	"strings"
	"testing"
	"time"
)

// TestAttachedWordClasses: the sixth round's silently wrong classes. A word qualifies what
// it is said beside (a store after what customers did is where they did it; "active"
// beside the stores is the stores' flag), "each" asks for every value named, and rows
// named after the measures are another measure or a refusal, never dropped. Paraphrases
// written for these tests, in both languages.
func TestAttachedWordClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"a store said after what customers did restricts those sales, not the owner store", map[string]want{
			"quantos clientes pagaram com pix no Batel em abril":              {measures: []string{"customers"}, sql: []string{"x.payment_type = 'pix' AND x.store_code = 'L06'"}},
			"how many different customers paid cash at Savassi this quarter":  {measures: []string{"customers"}, sql: []string{"x.store_code = 'L05'"}},
			"how many customers paid with pix at the Batel store last month":  {measures: []string{"customers"}, sql: []string{"x.store_code = 'L06'"}},
			"quantos clientes gastaram mais de R$ 100 na loja Centro em maio": {measures: []string{"customers"}, filters: []string{"spend_total_at_store"}, sql: []string{"x.store_code = 'L01') > 100"}},
			"customers who made more than 2 purchases at Savassi this year":   {list: true, filters: []string{"purchase_count_at_store"}, sql: []string{"x.store_code = 'L05') > 2"}},
			"clientes com mais de 3 compras na loja Batel em 2025":            {filters: []string{"purchase_count_at_store"}, sql: []string{"x.store_code = 'L06') > 3"}},
			"clientes da loja Centro que pagaram com pix em maio":             {filters: []string{"owner_store", "has_sales_payment_type"}}, // the customers' store
			"quantos clientes do Centro pagaram no pix":                       {filters: []string{"owner_store", "has_sales_payment_type"}},
		}},
		{"each, cada uma, both beside a choice among named values shows every value", map[string]want{
			"qual loja tem mais clientes, Centro ou Savassi? quantos cada uma":          {measures: []string{"customers"}, dims: []string{"store"}},
			"which store has more customers, Savassi or Batel? how many does each have": {measures: []string{"customers"}},
			"which store sold more in May, Centro or Batel, and how much did each sell": {measures: []string{"revenue"}},
			"o que rendeu mais em abril, dinheiro ou pix? quanto deu cada um":           {measures: []string{"revenue"}},
			"qual loja tem mais clientes, Centro ou Savassi":                            {measures: []string{"customers"}, limit: 1}, // which one
		}},
		{"active beside the stores is the stores' flag", map[string]want{
			"revenue by store this month, active stores only": {measures: []string{"revenue"}, filters: []string{"store_active"}, sql: []string{"s.is_active"}},
			"faturamento por loja em maio, só lojas ativas":   {filters: []string{"store_active"}, sql: []string{"s.is_active"}},
			"ticket médio das lojas ativas no trimestre":      {measures: []string{"average_ticket"}, filters: []string{"store_active"}},
			"quantas vendas nas lojas inativas em 2025":       {filters: []string{"store_active"}, sql: []string{"NOT s.is_active"}},
			"vendas de clientes ativos por loja em maio":      {filters: []string{"active_active"}, sql: []string{"c.is_active"}},
			"how many active customers per store":             {filters: []string{"active_active"}},
		}},
		{"rows named after the measures and a conjunction are another measure", map[string]want{
			"points credited and redeemed in May, and the reversals too": {measures: []string{"points_credited", "points_redeemed", "points_reversed"}},
			"pontos creditados em maio e também os estornos":             {measures: []string{"points_credited", "points_reversed"}},
			"quantas vendas em maio? e os resgates tb":                   {measures: []string{"sales_count", "redemptions"}},
			"how many sales last month, and the redemptions too":         {measures: []string{"sales_count", "redemptions"}},
			"total points liability, active members only":                {measures: []string{"balance_total"}}, // the rows again
		}},
	})
}

// TestEachShowsEveryValue: "each" beside a choice among named values is never answered
// with the first value only.
func TestEachShowsEveryValue(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range []string{
		"qual loja tem mais clientes, Centro ou Savassi? quantos cada uma",
		"which store has more customers, Savassi or Batel? how many does each have",
		"which store sold more in May, Centro or Batel, and how much did each sell",
		"o que rendeu mais em abril, dinheiro ou pix? quanto deu cada um",
	} {
		res, err := it.Interpret(q, testCatalog)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if strings.Contains(res.SQL, "LIMIT") {
			t.Errorf("%q: every value named, not the first only:\n%s", q, res.SQL)
		}
	}
}
