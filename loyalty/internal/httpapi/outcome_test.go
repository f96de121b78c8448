package httpapi_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/shared/testkit"
)

// The answer to a write can be lost between Postgres and the service: the connection
// breaks after the commit was sent (ForwardThenCut: it committed) or before it reached
// the server (DropAndCut: it did not). Either way the client gets the truth: a 2xx and
// the change recorded exactly once, never a 5xx for a committed write
// (docs/ledger.md, "When the database stops answering").

// lostAnswerCase is one write route of the service.
type lostAnswerCase struct {
	name string
	// inTx: the write is a transaction (the cut comes at its COMMIT); else one
	// statement (the cut comes with it).
	inTx bool
	// prepare creates what the write needs and returns the request, what only the
	// write's own statements carry (any of the forms), and how many times the write is
	// recorded now (want 1 once it answered).
	prepare func(t *testing.T, env *testEnv) (req lostAnswerRequest, markers []string, recorded func() int64)
}

type lostAnswerRequest struct {
	method, path, token string
	body                any
}

// uuidMarkers are the forms a uuid parameter takes on the wire: its text, or its 16
// bytes when pgx sends it in binary.
func uuidMarkers(id string) []string {
	u := uuid.MustParse(id)
	return []string{id, string(u[:])}
}

// cutAtWrite matches what a connection sent once one of markers went out and then, for a
// transaction, the COMMIT of that same transaction (no BEGIN in between).
func cutAtWrite(inTx bool, markers []string) func([]byte) bool {
	return func(sent []byte) bool {
		for _, m := range markers {
			i := bytes.LastIndex(sent, []byte(m))
			if i < 0 {
				continue
			}
			if !inTx {
				return true
			}
			rest := sent[i:]
			j := bytes.Index(rest, []byte("commit"))
			if j >= 0 && !bytes.Contains(rest[:j], []byte("begin")) {
				return true
			}
		}
		return false
	}
}

// count runs a count(*) query on the test database.
func (e *testEnv) count(q string, args ...any) int64 {
	e.t.Helper()
	var n int64
	if err := e.DB.Raw(q, args...).Scan(&n).Error; err != nil {
		e.t.Fatalf("%s: %v", q, err)
	}
	return n
}

// blockRedeem blocks one product for a customer over HTTP and returns the redeem.
func (e *testEnv) blockRedeem(tok, customerID, sku string) redeemBody {
	e.t.Helper()
	res := e.do(http.MethodPost, "/api/v1/points/redeem/block", tok, []any{map[string]any{"customer_id": customerID, "sku": sku, "qty": 1}})
	mustStatus(e.t, res, http.StatusCreated)
	var r redeemBody
	res.JSON(e.t, &r)
	return r
}

// apiUser creates a user over HTTP and returns its id.
func (e *testEnv) apiUser() string {
	e.t.Helper()
	res := e.do(http.MethodPost, "/api/v1/users", e.token("admin"),
		map[string]any{"username": "u" + uuid.NewString()[:8], "password": "a-long-enough-password", "name": "Someone"})
	mustStatus(e.t, res, http.StatusCreated)
	var u struct{ ID string }
	res.JSON(e.t, &u)
	return u.ID
}

// apiWebhook creates a webhook subscription over HTTP and returns its id.
func (e *testEnv) apiWebhook() string {
	e.t.Helper()
	res := e.do(http.MethodPost, "/api/v1/webhooks", e.token("admin"), map[string]any{"url": "https://93.184.216.34/hook"})
	mustStatus(e.t, res, http.StatusCreated)
	var w struct{ ID string }
	res.JSON(e.t, &w)
	return w.ID
}

func lostAnswerCases() []lostAnswerCase {
	now := time.Now().UTC().Format(time.RFC3339)
	return []lostAnswerCase{
		{"credit", false, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer()
			m := "lost-" + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/points/credit", env.token("user"),
					map[string]any{"customer_id": cust, "points": 10, "description": m, "transaction_date": now}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM points_entries WHERE description = ?`, m) }
		}},
		{"debit", false, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer(cols{"points_balance": 100})
			m := "lost-" + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/points/debit", env.token("user"),
					map[string]any{"customer_id": cust, "points": 10, "description": m, "transaction_date": now}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM points_entries WHERE description = ?`, m) }
		}},
		{"sale", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer()
			m := "lost-" + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/transaction", env.token("user"),
					map[string]any{"customer_id": cust, "store_code": "OUT1", "coupon_identifier": m, "transaction_date": now, "value": 25}},
				[]string{m}, func() int64 {
					return env.count(`SELECT count(*) FROM coupons c JOIN points_entries e ON e.id = c.points_entry_id WHERE c.coupon_identifier = ?`, m)
				}
		}},
		{"cancel entry", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer()
			entry := env.insertRow("points_entries", cols{"customer_id": cust, "transaction_type": "C", "points": 10, "transaction_date": now})
			return lostAnswerRequest{http.MethodPost, "/api/v1/transaction/cancel/" + entry, env.token("user"), nil},
				uuidMarkers(entry), func() int64 { return env.count(`SELECT count(*) FROM points_entries WHERE reverses_id = ?`, entry) }
		}},
		{"cancel coupon", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer()
			m := "lost-" + uuid.NewString()
			entry := env.insertRow("points_entries", cols{"customer_id": cust, "transaction_type": "C", "points": 10, "transaction_date": now, "coupon_identifier": m})
			return lostAnswerRequest{http.MethodPost, "/api/v1/transaction/cancel/coupon/" + m, env.token("user"), nil},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM points_entries WHERE reverses_id = ?`, entry) }
		}},
		{"redeem block", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer(cols{"points_balance": 100})
			sku := "LOST-" + uuid.NewString()[:8]
			env.sqlProduct(sku, 30, 2)
			return lostAnswerRequest{http.MethodPost, "/api/v1/points/redeem/block", env.token("user"),
					[]any{map[string]any{"customer_id": cust, "sku": sku, "qty": 1}}},
				[]string{"Produto " + sku}, func() int64 { return env.count(`SELECT count(*) FROM redeems WHERE customer_id = ?`, cust) }
		}},
		{"redeem apply", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer(cols{"points_balance": 100})
			sku := "LOST-" + uuid.NewString()[:8]
			env.sqlProduct(sku, 30, 2)
			tok := env.token("user")
			r := env.blockRedeem(tok, cust, sku)
			m := "lost-" + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/points/redeem/apply", tok, map[string]any{"points_id": r.PointsID, "coupon_identifier": m}},
				[]string{m}, func() int64 {
					return env.count(`SELECT count(*) FROM redeems WHERE id = ? AND status = 'applied' AND coupon_identifier = ?`, r.RedeemID, m)
				}
		}},
		{"redeem rollback", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer(cols{"points_balance": 100})
			sku := "LOST-" + uuid.NewString()[:8]
			env.sqlProduct(sku, 30, 2)
			tok := env.token("user")
			r := env.blockRedeem(tok, cust, sku)
			mustStatus(t, env.do(http.MethodPost, "/api/v1/points/redeem/apply", tok, map[string]any{"points_id": r.PointsID, "coupon_identifier": "C-" + sku}), http.StatusOK)
			return lostAnswerRequest{http.MethodPost, "/api/v1/points/redeem/rollback", tok, map[string]any{"points_id": r.PointsID}},
				uuidMarkers(r.PointsID), func() int64 {
					return env.count(`SELECT count(*) FROM redeems WHERE id = ? AND status = 'pending'`, r.RedeemID)
				}
		}},
		{"redeem cancel", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer(cols{"points_balance": 100})
			sku := "LOST-" + uuid.NewString()[:8]
			env.sqlProduct(sku, 30, 2)
			tok := env.token("user")
			r := env.blockRedeem(tok, cust, sku)
			return lostAnswerRequest{http.MethodPost, "/api/v1/points/redeem/cancel/" + r.RedeemID, tok, nil},
				uuidMarkers(r.RedeemID), func() int64 {
					return env.count(`SELECT count(*) FROM redeems WHERE id = ? AND status = 'cancelled'`, r.RedeemID)
				}
		}},
		{"customer create", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			m := "Lost " + uuid.NewString()
			doc := fmt.Sprintf("%011d", fixtureSeq.Add(1)+70000000000)
			return lostAnswerRequest{http.MethodPost, "/api/v1/customer", env.token("user"),
					map[string]any{"name": m, "doc": doc, "email": "lost@example.com", "phone": "+5511999990000"}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM customers WHERE name = ?`, m) }
		}},
		{"customer update", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			_, doc := env.sqlCustomer()
			m := "Renamed " + uuid.NewString()
			return lostAnswerRequest{http.MethodPatch, "/api/v1/customer/" + doc, env.token("user"), map[string]any{"name": m}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM customers WHERE name = ?`, m) }
		}},
		{"customer delete", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			cust, _ := env.sqlCustomer(cols{"points_balance": 5})
			return lostAnswerRequest{http.MethodDelete, "/api/v1/customer/" + cust, env.token("admin"), nil},
				uuidMarkers(cust), func() int64 { return 1 - env.count(`SELECT count(*) FROM customers WHERE id = ?`, cust) }
		}},
		{"product create", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			m := "Lost " + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/product", env.token("admin"),
					map[string]any{"sku": "LOST-" + uuid.NewString()[:12], "name": m, "points": 10}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM products WHERE name = ?`, m) }
		}},
		{"product update", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			id := env.sqlProduct("LOST-"+uuid.NewString()[:12], 10, 2)
			m := "Renamed " + uuid.NewString()
			return lostAnswerRequest{http.MethodPatch, "/api/v1/product/" + id, env.token("admin"), map[string]any{"name": m}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM products WHERE id = ? AND name = ?`, id, m) }
		}},
		{"promotion create", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			m := "Lost " + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/promotion", env.token("admin"),
					map[string]any{"name": m, "start_date": now, "end_date": time.Now().UTC().Add(48 * time.Hour).Format(time.RFC3339)}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM promotions WHERE name = ?`, m) }
		}},
		{"promotion update", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			id := env.insertRow("promotions", cols{"name": "Promo", "start_date": time.Now().Add(-time.Hour), "end_date": time.Now().Add(time.Hour)})
			m := "Renamed " + uuid.NewString()
			return lostAnswerRequest{http.MethodPatch, "/api/v1/promotion/" + id, env.token("admin"), map[string]any{"name": m}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM promotions WHERE id = ? AND name = ?`, id, m) }
		}},
		{"store create", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			m := "Lost " + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/store", env.token("admin"),
					map[string]any{"store_code": "L" + uuid.NewString()[:12], "name": m, "document": "D-" + uuid.NewString()}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM stores WHERE name = ?`, m) }
		}},
		{"store update", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			id := env.sqlStore("L"+uuid.NewString()[:12], "D-"+uuid.NewString())
			m := "Renamed " + uuid.NewString()
			return lostAnswerRequest{http.MethodPatch, "/api/v1/store/" + id, env.token("admin"), map[string]any{"name": m}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM stores WHERE id = ? AND name = ?`, id, m) }
		}},
		{"store delete", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			id := env.sqlStore("L"+uuid.NewString()[:12], "D-"+uuid.NewString())
			return lostAnswerRequest{http.MethodDelete, "/api/v1/store/" + id, env.token("admin"), nil},
				uuidMarkers(id), func() int64 { return env.count(`SELECT count(*) FROM stores WHERE id = ? AND NOT is_active`, id) }
		}},
		{"user create", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			m := "Lost " + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/users", env.token("admin"),
					map[string]any{"username": "lost" + uuid.NewString()[:8], "password": "a-long-enough-password", "name": m}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM users WHERE name = ?`, m) }
		}},
		{"user update", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			id := env.apiUser()
			m := "Renamed " + uuid.NewString()
			return lostAnswerRequest{http.MethodPatch, "/api/v1/users/" + id, env.token("admin"), map[string]any{"name": m}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM users WHERE id = ? AND name = ?`, id, m) }
		}},
		{"user delete", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			id := env.apiUser()
			return lostAnswerRequest{http.MethodDelete, "/api/v1/users/" + id, env.token("admin"), nil},
				uuidMarkers(id), func() int64 { return 1 - env.count(`SELECT count(*) FROM users WHERE id = ?`, id) }
		}},
		{"webhook create", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			m := "Lost " + uuid.NewString()
			return lostAnswerRequest{http.MethodPost, "/api/v1/webhooks", env.token("admin"),
					map[string]any{"url": "https://93.184.216.34/hook", "description": m}},
				[]string{m}, func() int64 { return env.count(`SELECT count(*) FROM webhook_subscriptions WHERE description = ?`, m) }
		}},
		{"webhook update", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			id := env.apiWebhook()
			m := "Renamed " + uuid.NewString()
			return lostAnswerRequest{http.MethodPatch, "/api/v1/webhooks/" + id, env.token("admin"), map[string]any{"description": m}},
				[]string{m}, func() int64 {
					return env.count(`SELECT count(*) FROM webhook_subscriptions WHERE id = ? AND description = ?`, id, m)
				}
		}},
		{"webhook delete", true, func(t *testing.T, env *testEnv) (lostAnswerRequest, []string, func() int64) {
			id := env.apiWebhook()
			return lostAnswerRequest{http.MethodDelete, "/api/v1/webhooks/" + id, env.token("admin"), nil},
				uuidMarkers(id), func() int64 { return 1 - env.count(`SELECT count(*) FROM webhook_subscriptions WHERE id = ?`, id) }
		}},
	}
}

// TestWritesKnowTheirOutcomeWhenTheAnswerIsLost: every write route, its answer lost
// after the commit reached Postgres or before it did, answers 2xx with the change
// recorded exactly once.
func TestWritesKnowTheirOutcomeWhenTheAnswerIsLost(t *testing.T) {
	env := newTestEnv(t)
	env.sqlStore("OUT1", "11222333000181")
	modes := []struct {
		name string
		mode testkit.FaultMode
	}{{"committed", testkit.ForwardThenCut}, {"never arrived", testkit.DropAndCut}}
	for _, c := range lostAnswerCases() {
		for _, m := range modes {
			t.Run(c.name+"/"+m.name, func(t *testing.T) {
				req, markers, recorded := c.prepare(t, env)
				fired := env.PGProxy.CutWhen(m.mode, cutAtWrite(c.inTx, markers))
				res := env.do(req.method, req.path, req.token, req.body)
				select {
				case <-fired:
				default:
					t.Fatalf("the cut did not happen (status %d %s): the test lost no answer", res.Status, res.Body)
				}
				n := recorded()
				if res.Status >= 300 || n != 1 {
					t.Fatalf("answered %d %s; recorded %d times, want a 2xx and once", res.Status, res.Body, n)
				}
			})
		}
	}
}

// TestOutcomeUnknownNamesTheEntry: when the database stays away after a credit's answer
// was lost, the answer is a 503 outcome_unknown naming the entry's id; sending the credit
// again with that id records it exactly once.
func TestOutcomeUnknownNamesTheEntry(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	cust, _ := env.sqlCustomer()
	m := "away-" + uuid.NewString()
	body := map[string]any{"customer_id": cust, "points": 10, "description": m, "transaction_date": time.Now().UTC().Format(time.RFC3339)}
	match := cutAtWrite(false, []string{m})
	env.PGProxy.CutWhen(testkit.DropAndCut, func(sent []byte) bool {
		if !match(sent) {
			return false
		}
		env.PGProxy.Cut() // the whole database goes away with the credit
		return true
	})
	res := env.do(http.MethodPost, "/api/v1/points/credit", tok, body)
	env.PGProxy.Restore()
	var got struct{ Detail, Code string }
	res.JSON(t, &got)
	if res.Status != http.StatusServiceUnavailable || got.Code != "outcome_unknown" {
		t.Fatalf("answered %d %s, want 503 outcome_unknown", res.Status, res.Body)
	}
	i := strings.Index(got.Detail, `"id": "`)
	if i < 0 {
		t.Fatalf("the answer names no entry id: %s", got.Detail)
	}
	id := got.Detail[i+7 : i+7+36]
	body["id"] = id
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/credit", tok, body), http.StatusCreated)
	if n := env.count(`SELECT count(*) FROM points_entries WHERE id = ? AND description = ?`, id, m); n != 1 {
		t.Fatalf("entry %s recorded %d times, want once", id, n)
	}
}

// TestDeadPooledConnectionsAreNotUsed: after Postgres was cut and came back, every
// connection the pool kept is dead; the requests that follow (writes and reads) get
// fresh ones and none answers 5xx.
func TestDeadPooledConnectionsAreNotUsed(t *testing.T) {
	env := newTestEnv(t, withVar("DB_MAX_CONNS", "8"))
	env.sqlStore("DP1", "11222333000181")
	tok := env.token("user")
	const workers = 16
	customers := make([]string, workers)
	for i := range customers {
		customers[i], _ = env.sqlCustomer(cols{"points_balance": 100})
	}
	now := time.Now().UTC().Format(time.RFC3339)
	round := func(name string) []string {
		var (
			wg     sync.WaitGroup
			mu     sync.Mutex
			failed []string
		)
		for i, cust := range customers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var res response
				switch i % 4 {
				case 0:
					res = env.do(http.MethodPost, "/api/v1/points/credit", tok, map[string]any{"customer_id": cust, "points": 1, "description": name, "transaction_date": now})
				case 1:
					res = env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{"customer_id": cust, "store_code": "DP1",
						"coupon_identifier": name + "-" + cust, "transaction_date": now, "value": 3})
				case 2:
					res = env.do(http.MethodGet, "/api/v1/points/statement/"+cust, tok, nil)
				default:
					res = env.do(http.MethodPost, "/api/v1/points/debit", tok, map[string]any{"customer_id": cust, "points": 1, "description": name, "transaction_date": now})
				}
				if res.Status >= 500 {
					mu.Lock()
					failed = append(failed, fmt.Sprintf("%d %s", res.Status, res.Body))
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return failed
	}
	if failed := round("warm"); len(failed) > 0 {
		t.Fatalf("warming the pool: %v", failed)
	}
	env.PGProxy.Cut()
	env.PGProxy.Restore()
	if failed := round("after"); len(failed) > 0 {
		t.Fatalf("%d of %d requests after the restore answered 5xx: %v", len(failed), workers, failed)
	}
}
