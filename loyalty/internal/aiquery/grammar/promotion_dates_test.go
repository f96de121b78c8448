package grammar

import "testing"

// A promotion's start said by a verb ("começaram", "started") is its start date in the
// period; before this it was read as "compraram" with a typo and answered the buyers.
func TestPromotionStartVerbs(t *testing.T) {
	runClasses(t, []classCases{
		{"a promotion that started in the period (semantic.PromotionStarts)", map[string]want{
			"quantas promoções começaram este ano":  {measures: []string{"promotions"}, sql: []string{"pm.start_date >= date_trunc('year', now())"}},
			"promoções que iniciaram em 2024":       {list: true, sql: []string{"pm.start_date >= DATE '2024-01-01'"}},
			"quantas promoções estrearam em maio":   {sql: []string{"pm.start_date >= DATE '2025-05-01'"}},
			"how many promotions started this year": {measures: []string{"promotions"}, sql: []string{"pm.start_date >= date_trunc('year', now())"}},
			"promotions that kicked off in May":     {list: true, sql: []string{"pm.start_date >= DATE '2025-05-01'"}},
			"how many promotions began in 2024":     {sql: []string{"pm.start_date >= DATE '2024-01-01'"}},
			"quantas promoções terminam este mês":   {sql: []string{"pm.end_date >= date_trunc('month', now())"}},
			"quantos clientes começaram este ano":   {refuse: true},
		}},
	})
}
