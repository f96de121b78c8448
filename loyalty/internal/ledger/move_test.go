package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// Concurrent credits and debits of one customer are combined into shared statements;
// each must still get its own answer. 60 movements race on one customer: credits of 5
// (some retried with one transaction_identifier), debits of 7 that may run short, and one
// movement the database refuses as a whole (a trigger made for the test raises on its
// description), which must fail alone. Every answer must match the rows: each entry
// returned exists once, replays return the first entry, refused movements wrote nothing.
func TestCombinedMovementsOfOneCustomerEachGetTheirAnswer(t *testing.T) {
	db := newDB(t, 20)
	svc := ledger.NewService(db, ledger.Config{})
	c := newCustomer(t, db)
	credit(t, svc, c, 20)
	if err := db.Exec(`CREATE FUNCTION refuse_poison() RETURNS trigger AS $$
		BEGIN IF NEW.description = 'poison' THEN RAISE EXCEPTION 'poisoned movement'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(`CREATE TRIGGER poison BEFORE INSERT ON points_entries FOR EACH ROW EXECUTE FUNCTION refuse_poison()`).Error; err != nil {
		t.Fatal(err)
	}

	type answer struct {
		kind     string
		entry    ledger.Entry
		replayed bool
		err      error
	}
	const n = 60
	answers := make([]answer, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			ctx := context.Background()
			m := ledger.Movement{CustomerID: c, Description: "race", UserAt: "test", TransactionDate: time.Now()}
			a := answer{}
			switch {
			case i == 30:
				a.kind = "poison"
				m.Points, m.Description = 1, "poison"
				a.entry, a.replayed, a.err = svc.Credit(ctx, m)
			case i%3 == 0:
				a.kind = "retried credit"
				m.Points, m.TransactionIdentifier = 5, ptr("same-sale")
				a.entry, a.replayed, a.err = svc.Credit(ctx, m)
			case i%3 == 1:
				a.kind = "credit"
				m.Points, m.TransactionIdentifier = 5, ptr(fmt.Sprintf("sale-%d", i))
				a.entry, a.replayed, a.err = svc.Credit(ctx, m)
			default:
				a.kind = "debit"
				m.Points = 7
				a.entry, a.replayed, a.err = svc.Debit(ctx, m)
			}
			answers[i] = a
		})
	}
	close(start)
	wg.Wait()

	written := map[string]int64{}
	var firstRetried string
	for i, a := range answers {
		switch {
		case a.kind == "poison":
			if a.err == nil || apperr.Is(a.err, apperr.Conflict) {
				t.Errorf("poisoned movement: err = %v, want the database's refusal", a.err)
			}
		case a.kind == "debit" && a.err != nil:
			if !errors.Is(a.err, ledger.ErrInsufficientPoints) {
				t.Errorf("movement %d (debit): %v", i, a.err)
			}
		case a.err != nil:
			t.Errorf("movement %d (%s): %v", i, a.kind, a.err)
		case a.kind == "retried credit":
			if firstRetried == "" {
				firstRetried = a.entry.ID
			} else if a.entry.ID != firstRetried {
				t.Errorf("retried credit %d got entry %s, another retry got %s", i, a.entry.ID, firstRetried)
			}
			if !a.replayed {
				written[a.entry.ID] += a.entry.Points
			}
		default:
			if a.replayed || a.entry.ID == "" {
				t.Errorf("movement %d (%s): entry %+v replayed=%v", i, a.kind, a.entry, a.replayed)
			}
			written[a.entry.ID] += a.entry.Points
		}
	}
	if len(written) == 0 || written[firstRetried] != 5 {
		t.Errorf("the retried credit was written %d points' worth, want one entry of 5", written[firstRetried])
	}
	var rows []struct {
		ID     string
		Points int64
	}
	if err := db.Raw(`SELECT id, points FROM points_entries WHERE customer_id = ? AND description = 'race'`, c).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(written) {
		t.Errorf("%d entries in the database, %d answered as written", len(rows), len(written))
	}
	for _, r := range rows {
		if written[r.ID] != r.Points {
			t.Errorf("entry %s of %d points: answered %d", r.ID, r.Points, written[r.ID])
		}
	}
	assertInvariant(t, db)
}

// A credit or debit writes its webhook event in its own statement: when the event cannot
// be written, the movement is not either (no change without its event), and a refused
// movement writes no event.
func TestMovementAndItsEventCommitTogether(t *testing.T) {
	db := newDB(t, 5)
	if err := db.Exec(`INSERT INTO webhook_subscriptions (url, secret) VALUES ('https://example.com/hook', 'plain:whsec_AA==')`).Error; err != nil {
		t.Fatal(err)
	}
	svc := ledger.NewService(db, ledger.Config{}).WithEvents(&event.Outbox{})
	ctx := context.Background()
	c := newCustomer(t, db)
	events := func() (n int64) {
		t.Helper()
		if err := db.Raw(`SELECT count(*) FROM webhook_events`).Scan(&n).Error; err != nil {
			t.Fatal(err)
		}
		return n
	}

	cr := credit(t, svc, c, 100)
	var data string
	if err := db.Raw(`SELECT data::text FROM webhook_event_payloads WHERE type = 'points.credited'`).Scan(&data).Error; err != nil {
		t.Fatal(err)
	}
	if !jsonHas([]byte(data), `"id": "`+cr.ID+`"`) {
		t.Fatalf("points.credited data %s does not describe entry %s", data, cr.ID)
	}
	if _, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 1000, TransactionDate: time.Now()}); !errors.Is(err, ledger.ErrInsufficientPoints) {
		t.Fatalf("overdraft: %v", err)
	}
	if n := events(); n != 1 {
		t.Fatalf("%d events after a credit and a refused debit, want 1", n)
	}

	// The outbox refuses debit events: the debit must fail and leave nothing.
	if err := db.Exec(`ALTER TABLE webhook_events ADD CONSTRAINT no_debits CHECK (type <> 'points.debited')`).Error; err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 10, TransactionDate: time.Now()}); err == nil {
		t.Fatal("debit committed without its event")
	}
	if sum, count := entriesSum(t, db, c); sum != 100 || count != 1 {
		t.Fatalf("entries sum %d count %d after the failed debit, want 100 and 1", sum, count)
	}
	if n := events(); n != 1 {
		t.Fatalf("%d events after the failed debit, want 1", n)
	}
	assertInvariant(t, db)
}
