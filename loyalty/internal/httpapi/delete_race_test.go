package httpapi_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/testkit"
)

// Deleting a customer while sales, credits, debits, redeem blocks and coupon
// cancellations of that customer race with it: every racer either succeeds before the
// delete or gets a 4xx (404: the customer is gone; 409 for what the ledger refuses),
// never a 5xx, and nothing of the customer is left behind.

func TestWritesRacingACustomerDelete(t *testing.T) {
	raceCustomerDelete(t, 4)
}

func TestWritesRacingACustomerDeleteMany(t *testing.T) {
	testkit.Slow(t)
	raceCustomerDelete(t, 60)
}

func raceCustomerDelete(t *testing.T, rounds int) {
	env := newTestEnv(t, withVar("DB_MAX_CONNS", "20"))
	env.sqlStore("RACE1", "11222333000181")
	env.sqlProduct("RACE-P", 5, 2)
	tok, admin := env.token("user"), env.token("admin")
	now := time.Now().UTC().Format(time.RFC3339)
	const racers = 20
	for round := 0; round < rounds; round++ {
		cust, _ := env.sqlCustomer(cols{"points_balance": 10_000})
		// Coupons to cancel while the delete runs.
		for i := 0; i < racers/5; i++ {
			env.insertRow("points_entries", cols{"customer_id": cust, "transaction_type": "C", "points": 5,
				"transaction_date": now, "coupon_identifier": fmt.Sprintf("RACE-%d-%d", round, i)})
		}
		var (
			wg       sync.WaitGroup
			mu       sync.Mutex
			failures []string
		)
		start := make(chan struct{})
		// The delete starts once writes are flowing, so that many are in flight with it.
		flowing := make(chan struct{})
		var flowOnce sync.Once
		note := func(what string, res response) {
			if res.Status < 300 {
				flowOnce.Do(func() { close(flowing) })
			}
			if res.Status >= 500 || (res.Status >= 300 && res.Status != http.StatusNotFound && res.Status != http.StatusConflict) {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("%s: %d %s", what, res.Status, res.Body))
				mu.Unlock()
			}
		}
		for i := 0; i < racers; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				// Each racer writes until the customer is gone (a 404).
				for j := 0; j < 50; j++ {
					var (
						what string
						res  response
					)
					switch i % 5 {
					case 0:
						what = "sale"
						res = env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{"customer_id": cust, "store_code": "RACE1",
							"coupon_identifier": fmt.Sprintf("SALE-%d-%d-%d", round, i, j), "transaction_date": now, "value": 7})
					case 1:
						what = "credit"
						res = env.do(http.MethodPost, "/api/v1/points/credit", tok, map[string]any{"customer_id": cust, "points": 3, "description": "race", "transaction_date": now})
					case 2:
						what = "debit"
						res = env.do(http.MethodPost, "/api/v1/points/debit", tok, map[string]any{"customer_id": cust, "points": 2, "description": "race", "transaction_date": now})
					case 3:
						what = "redeem block"
						res = env.do(http.MethodPost, "/api/v1/points/redeem/block", tok, []any{map[string]any{"customer_id": cust, "sku": "RACE-P", "qty": 1}})
					default:
						what = "coupon cancel"
						res = env.do(http.MethodPost, fmt.Sprintf("/api/v1/transaction/cancel/coupon/RACE-%d-%d?customer_id=%s", round, i/5, cust), tok, nil)
					}
					note(what, res)
					if res.Status == http.StatusNotFound {
						return
					}
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-flowing
			res := env.do(http.MethodDelete, "/api/v1/customer/"+cust, admin, nil)
			if res.Status != http.StatusOK {
				note("delete", res)
			}
		}()
		close(start)
		wg.Wait()
		if len(failures) > 0 {
			t.Fatalf("round %d: %d racers failed: %v", round, len(failures), failures)
		}
		left := env.count(`SELECT (SELECT count(*) FROM customers WHERE id = @id) + (SELECT count(*) FROM points_entries WHERE customer_id = @id)
			+ (SELECT count(*) FROM coupons WHERE customer_id = @id) + (SELECT count(*) FROM redeems WHERE customer_id = @id)
			+ (SELECT count(*) FROM redeem_items WHERE customer_id = @id)`, map[string]any{"id": cust})
		if left != 0 {
			t.Fatalf("round %d: %d rows of the deleted customer left behind", round, left)
		}
	}
}
