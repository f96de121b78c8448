package grammar

import "github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"

// notAhead refuses a period entirely still to come ("faturamento do próximo mês", "revenue
// in July 2025" asked in June) for a request that counts recorded rows: no sale, sign-up,
// points entry or redemption is dated after now, so the query would answer zero, never
// what was asked. A request that reads dates set ahead of time (a promotion's, a pending
// redemption's expiry, a birthday: semantic.Request.ReadsAhead) takes the period.
func notAhead(x *env, req *semantic.Request) error {
	if !req.AheadOfRecords(x.cal.Now) {
		return nil
	}
	return fail("o período pedido ainda não começou: os relatórios mostram dados registrados, não previsões",
		"the period asked has not begun yet: reports show recorded data, not forecasts")
}
