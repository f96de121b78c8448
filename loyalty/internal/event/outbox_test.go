package event_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/loyaltylinks/platform/loyalty/internal/batch"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/promotion"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/loyalty/internal/store"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/nullable"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// world is the loyalty domain over one fresh database, recording events in ob.
type world struct {
	t         *testing.T
	db        *gorm.DB
	ledger    *ledger.Service
	redeems   *redeem.Service
	customers *customer.Repository
}

func newDB(t *testing.T) *gorm.DB {
	t.Helper()
	return testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 5})
}

func newWorld(t *testing.T, db *gorm.DB, ob *event.Outbox) *world {
	return &world{
		t: t, db: db,
		ledger:    ledger.NewService(db, ledger.Config{}).WithEvents(ob),
		redeems:   redeem.NewService(db).WithEvents(ob),
		customers: customer.NewRepository(db, store.NewRepository(db), promotion.NewRepository(db)).WithEvents(ob),
	}
}

// fanOut adds the deliveries of every event written so far (the webhook workers' first
// step).
func fanOut(t *testing.T, db *gorm.DB) {
	t.Helper()
	svc, err := webhook.New(db, webhook.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.FanOut(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// subscribe adds an active subscription to the given types (none: every type).
func subscribe(t *testing.T, db *gorm.DB, active bool, types ...string) {
	t.Helper()
	if types == nil {
		types = []string{}
	}
	raw, _ := json.Marshal(types)
	if err := db.Exec(`INSERT INTO webhook_subscriptions (url, event_types, secret, is_active)
		VALUES ('https://example.com/hook', ARRAY(SELECT json_array_elements_text(?::json)), 'plain:whsec_AAAA', ?)`, string(raw), active).Error; err != nil {
		t.Fatalf("insert subscription: %v", err)
	}
}

type storedEvent struct {
	Seq  int64
	ID   string
	Type string
	Data string
}

// eventsAfter returns the events written after seq, in order.
func eventsAfter(t *testing.T, db *gorm.DB, seq int64) []storedEvent {
	t.Helper()
	var out []storedEvent
	if err := db.Raw(`SELECT seq, id, type, data::text AS data FROM webhook_event_payloads WHERE seq > ? ORDER BY seq`, seq).Scan(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

var counter atomic.Int64

func (w *world) newCustomer() customer.Customer {
	w.t.Helper()
	n := counter.Add(1)
	c, err := w.customers.Create(context.Background(), customer.CreateInput{
		Name: fmt.Sprintf("Customer %d", n), Doc: fmt.Sprintf("%011d", 90000+n), Email: fmt.Sprintf("c%d@example.com", n), Phone: "11999999999",
	})
	if err != nil {
		w.t.Fatalf("create customer: %v", err)
	}
	return c
}

func (w *world) exec(sql string, args ...any) {
	w.t.Helper()
	if err := w.db.Exec(sql, args...).Error; err != nil {
		w.t.Fatalf("%s: %v", sql, err)
	}
}

func (w *world) product(sku string, points int) string {
	w.t.Helper()
	var id string
	if err := w.db.Raw(`INSERT INTO products (sku, name, points, is_active) VALUES (?, ?, ?, true) RETURNING id`, sku, "Product "+sku, points).Scan(&id).Error; err != nil {
		w.t.Fatal(err)
	}
	return id
}

func movement(customerID string, points int64) ledger.Movement {
	return ledger.Movement{CustomerID: customerID, Points: points, Description: "test", UserAt: "test", TransactionDate: time.Now()}
}

// asJSON renders v as the API would (encoding/json), decoded to compare structurally.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func decode(t *testing.T, data string) map[string]any {
	t.Helper()
	var out map[string]any
	if err := json.Unmarshal([]byte(data), &out); err != nil {
		t.Fatalf("event data %s: %v", data, err)
	}
	return out
}

// TestEveryChangeRecordsItsEvent makes every kind of change once and checks that each
// wrote exactly its event(s), whose data is the resource as the API returns it, and that
// changes which wrote nothing (replays, refusals, no-op updates) wrote no event. It
// fails when a type of the catalogue is never produced.
func TestEveryChangeRecordsItsEvent(t *testing.T) {
	db := newDB(t)
	subscribe(t, db, true)
	w := newWorld(t, db, &event.Outbox{})
	ctx := context.Background()
	w.exec(`INSERT INTO stores (store_code, name, document) VALUES ('S1', 'Store one', '11222333000181')`)
	reward := w.product("REWARD", 100)

	var last int64
	seen := map[event.Type]bool{}
	// expect checks the events written since the previous call: their types, and for
	// each the data compared with want[i] (nil: not compared here).
	expect := func(step string, types []event.Type, want ...any) []storedEvent {
		t.Helper()
		got := eventsAfter(t, db, last)
		if len(got) > 0 {
			last = got[len(got)-1].Seq
		}
		gotTypes := make([]event.Type, len(got))
		for i, e := range got {
			gotTypes[i] = event.Type(e.Type)
			seen[event.Type(e.Type)] = true
		}
		if !reflect.DeepEqual(gotTypes, types) && !(len(gotTypes) == 0 && len(types) == 0) {
			t.Fatalf("%s: events %v, want %v", step, gotTypes, types)
		}
		for i, wv := range want {
			if wv == nil {
				continue
			}
			var data any
			if err := json.Unmarshal([]byte(got[i].Data), &data); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(data, asJSON(t, wv)) {
				t.Errorf("%s: event %s data\n%s\nwant the API's rendering\n%v", step, got[i].Type, got[i].Data, asJSON(t, wv))
			}
		}
		return got
	}

	c := w.newCustomer()
	expect("create customer", []event.Type{event.CustomerCreated}, c)

	updated, err := w.customers.Update(ctx, c.Doc, customer.Update{Name: nullable.Field[string]{Set: true, Value: "Renamed"}})
	if err != nil {
		t.Fatal(err)
	}
	expect("update customer", []event.Type{event.CustomerUpdated}, updated)
	if _, err := w.customers.Update(ctx, c.Doc, customer.Update{Name: nullable.Field[string]{Set: true, Value: "Renamed"}}); err != nil {
		t.Fatal(err)
	}
	expect("update changing nothing", nil)

	tid := "T-1"
	m := movement(c.ID, 1000)
	m.TransactionIdentifier = &tid
	credit, _, err := w.ledger.Credit(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	expect("credit", []event.Type{event.PointsCredited}, credit)
	if _, replayed, err := w.ledger.Credit(ctx, m); err != nil || !replayed {
		t.Fatalf("replay: %v %v", replayed, err)
	}
	expect("replayed credit", nil)

	debit, _, err := w.ledger.Debit(ctx, movement(c.ID, 100))
	if err != nil {
		t.Fatal(err)
	}
	expect("debit", []event.Type{event.PointsDebited}, debit)
	if _, _, err := w.ledger.Debit(ctx, movement(c.ID, 1_000_000)); err == nil {
		t.Fatal("overdraft accepted")
	}
	expect("refused debit", nil)

	// The balance the rest of the story spends (1500).
	more, _, err := w.ledger.Credit(ctx, movement(c.ID, 600))
	if err != nil {
		t.Fatal(err)
	}
	expect("second credit", []event.Type{event.PointsCredited}, more)

	sale, _, err := w.ledger.Sale(ctx, ledger.Sale{CustomerID: c.ID, StoreCode: "S1", CouponIdentifier: "NF-1",
		TransactionDate: time.Now(), Value: 12345, UserAt: "test", Data: map[string]any{"items": []any{"coffee"}}})
	if err != nil {
		t.Fatal(err)
	}
	coupon, err := w.ledger.CouponByIdentifier(ctx, c.ID, "NF-1")
	if err != nil {
		t.Fatal(err)
	}
	expect("sale", []event.Type{event.SaleRecorded}, ledger.SaleEvent{Entry: sale, Coupon: coupon})

	cancelled, err := w.ledger.CancelEntry(ctx, credit.ID, "test")
	if err != nil {
		t.Fatal(err)
	}
	got := expect("cancel entry", []event.Type{event.TransactionCancelled})
	if d := decode(t, got[0].Data); d["point_id"] != credit.ID || d["reversal_id"] != cancelled.Cancelled[0].ReversalID ||
		d["points_balance"] != float64(cancelled.Cancelled[0].PointsBalance) || d["reversal"].(map[string]any)["reverses_id"] != credit.ID {
		t.Errorf("transaction.cancelled data %s does not describe %+v", got[0].Data, cancelled.Cancelled[0])
	}
	if _, err := w.ledger.CancelCoupon(ctx, "NF-1", c.ID, "test"); err != nil {
		t.Fatal(err)
	}
	expect("cancel coupon", []event.Type{event.TransactionCancelled})

	blocked, err := w.redeems.Block(ctx, redeem.BlockRequest{CustomerID: c.ID, UserAt: "test",
		Items: []redeem.ItemRequest{{ProductRef: redeem.ProductRef{ProductID: reward}, Qty: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	expect("block", []event.Type{event.RedeemBlocked}, blocked)
	applied, err := w.redeems.Apply(ctx, blocked.PointsEntryID, "NF-9", nil)
	if err != nil {
		t.Fatal(err)
	}
	expect("apply", []event.Type{event.RedeemApplied}, applied)
	if _, err := w.redeems.Apply(ctx, blocked.PointsEntryID, "NF-9", nil); err == nil {
		t.Fatal("second apply accepted")
	}
	expect("refused apply", nil)
	rolled, err := w.redeems.Rollback(ctx, blocked.PointsEntryID)
	if err != nil {
		t.Fatal(err)
	}
	expect("rollback", []event.Type{event.RedeemRolledBack}, rolled)
	cancel, err := w.redeems.Cancel(ctx, blocked.ID, "test")
	if err != nil {
		t.Fatal(err)
	}
	got = expect("cancel redeem", []event.Type{event.RedeemCancelled})
	if d := decode(t, got[0].Data); d["redeem_id"] != blocked.ID || d["status"] != redeem.StatusCancelled ||
		d["reversal"].(map[string]any)["id"] != cancel.ReversalID {
		t.Errorf("redeem.cancelled data %s does not describe %+v", got[0].Data, cancel)
	}

	second, err := w.redeems.Block(ctx, redeem.BlockRequest{CustomerID: c.ID, UserAt: "test",
		Items: []redeem.ItemRequest{{ProductRef: redeem.ProductRef{SKU: "REWARD"}, Qty: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	expect("second block", []event.Type{event.RedeemBlocked}, second)
	if n, err := w.redeems.ExpireDue(ctx, time.Now().Add(365*24*time.Hour), 10); err != nil || n != 1 {
		t.Fatalf("expire: %d %v", n, err)
	}
	got = expect("expire", []event.Type{event.RedeemExpired})
	if d := decode(t, got[0].Data); d["redeem_id"] != second.ID || d["status"] != redeem.StatusExpired {
		t.Errorf("redeem.expired data %s", got[0].Data)
	}

	soon := time.Now().Add(time.Hour)
	expiring := movement(c.ID, 25)
	expiring.ExpiresAt = &soon
	lot, _, err := w.ledger.Credit(ctx, expiring)
	if err != nil {
		t.Fatal(err)
	}
	expect("credit with an expiry", []event.Type{event.PointsCredited}, lot)
	if n, err := w.ledger.NoticeExpiring(ctx, time.Now(), 7); err != nil || n != 1 {
		t.Fatalf("notice expiring points: %d %v", n, err)
	}
	got = expect("notice expiring points", []event.Type{event.PointsExpiring})
	if d := decode(t, got[0].Data); d["customer_id"] != c.ID || d["points"] != float64(25) || d["expires_on"] != soon.UTC().Format("2006-01-02") {
		t.Errorf("points.expiring data %s", got[0].Data)
	}
	if run, err := w.ledger.ExpirePoints(ctx, soon.Add(time.Hour)); err != nil || run.Customers != 1 || run.Points != 25 {
		t.Fatalf("expire points: %+v %v", run, err)
	}
	got = expect("expire points", []event.Type{event.PointsExpired})
	if d := decode(t, got[0].Data); d["customer_id"] != c.ID || d["transaction_type"] != "X" || d["points"] != float64(-25) {
		t.Errorf("points.expired data %s", got[0].Data)
	}

	before, err := w.customers.ByDoc(ctx, c.Doc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.ledger.DeleteCustomer(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	expect("delete customer", []event.Type{event.CustomerDeleted}, before)

	for _, typ := range event.All {
		if !seen[typ] {
			t.Errorf("no change produced %s: the test misses a change, or the change misses its event", typ)
		}
	}
}

// snapshot fingerprints every table a change or an event can touch.
func snapshot(t *testing.T, db *gorm.DB) string {
	t.Helper()
	var parts []string
	for _, table := range []string{"customers", "points_entries", "coupons", "redeems", "redeem_items", "webhook_events", "webhook_deliveries"} {
		var sum string
		if err := db.Raw(`SELECT count(*) || ':' || COALESCE(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM ` + table + ` t`).Scan(&sum).Error; err != nil {
			t.Fatal(err)
		}
		parts = append(parts, table+"="+sum)
	}
	return strings.Join(parts, " ")
}

// failOutbox makes every write to the outbox fail, in the database, so that each change
// fails inside the path production runs (ledger_move's own event insert for credits and
// debits, event.Outbox.Record for the others): after the event row is written (then the
// change must roll back and take the event with it) or before (then the change must not
// commit without it). It returns the function that removes the failure.
func failOutbox(t *testing.T, db *gorm.DB, afterWrite bool) (restore func()) {
	t.Helper()
	when := "BEFORE"
	if afterWrite {
		when = "AFTER"
	}
	if err := db.Exec(`CREATE OR REPLACE FUNCTION forced_outbox_failure() RETURNS trigger AS $$
		BEGIN RAISE EXCEPTION 'forced failure' USING ERRCODE = '` + codeForced + `'; END $$ LANGUAGE plpgsql`).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(`CREATE TRIGGER forced_outbox_failure ` + when + ` INSERT ON webhook_events
		FOR EACH ROW EXECUTE FUNCTION forced_outbox_failure()`).Error; err != nil {
		t.Fatal(err)
	}
	return func() {
		t.Helper()
		if err := db.Exec(`DROP TRIGGER forced_outbox_failure ON webhook_events`).Error; err != nil {
			t.Fatal(err)
		}
	}
}

// codeForced is the SQLSTATE of failOutbox's failure.
const codeForced = "LYT01"

// forced reports whether err is failOutbox's failure.
func forced(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == codeForced
}

// TestEventsShareTheChangesTransaction runs every change with an outbox that fails, once
// after writing its event (the change must roll back and take the event with it: no event
// for a rolled-back change) and once before (the change must not commit without its
// event). Either way the database must be exactly as before.
func TestEventsShareTheChangesTransaction(t *testing.T) {
	type fixture struct {
		customer customer.Customer
		credit   ledger.Entry
		pending  redeem.Redeem
		applied  redeem.Redeem
	}
	changes := []struct {
		name   string
		change func(w *world, f fixture) error
	}{
		{"customer.created", func(w *world, f fixture) error {
			_, err := w.customers.Create(context.Background(), customer.CreateInput{Name: "New", Doc: "55566677788", Email: "n@example.com", Phone: "1"})
			return err
		}},
		{"customer.updated", func(w *world, f fixture) error {
			_, err := w.customers.Update(context.Background(), f.customer.Doc, customer.Update{Name: nullable.Field[string]{Set: true, Value: "Other"}})
			return err
		}},
		{"customer.deleted", func(w *world, f fixture) error {
			_, err := w.ledger.DeleteCustomer(context.Background(), f.customer.ID)
			return err
		}},
		{"points.credited", func(w *world, f fixture) error {
			_, _, err := w.ledger.Credit(context.Background(), movement(f.customer.ID, 10))
			return err
		}},
		{"points.debited", func(w *world, f fixture) error {
			_, _, err := w.ledger.Debit(context.Background(), movement(f.customer.ID, 10))
			return err
		}},
		{"sale.recorded", func(w *world, f fixture) error {
			_, _, err := w.ledger.Sale(context.Background(), ledger.Sale{CustomerID: f.customer.ID, StoreCode: "S1",
				CouponIdentifier: "NF-NEW", TransactionDate: time.Now(), Value: 1000, UserAt: "test"})
			return err
		}},
		{"transaction.cancelled", func(w *world, f fixture) error {
			_, err := w.ledger.CancelEntry(context.Background(), f.credit.ID, "test")
			return err
		}},
		{"transaction.cancelled by coupon", func(w *world, f fixture) error {
			_, err := w.ledger.CancelCoupon(context.Background(), "NF-OLD", "", "test")
			return err
		}},
		{"redeem.blocked", func(w *world, f fixture) error {
			_, err := w.redeems.Block(context.Background(), redeem.BlockRequest{CustomerID: f.customer.ID, UserAt: "test",
				Items: []redeem.ItemRequest{{ProductRef: redeem.ProductRef{SKU: "REWARD"}, Qty: 1}}})
			return err
		}},
		{"redeem.applied", func(w *world, f fixture) error {
			_, err := w.redeems.Apply(context.Background(), f.pending.PointsEntryID, "NF-X", nil)
			return err
		}},
		{"redeem.rolled_back", func(w *world, f fixture) error {
			_, err := w.redeems.Rollback(context.Background(), f.applied.PointsEntryID)
			return err
		}},
		{"redeem.cancelled", func(w *world, f fixture) error {
			_, err := w.redeems.Cancel(context.Background(), f.pending.ID, "test")
			return err
		}},
		{"redeem.expired", func(w *world, f fixture) error {
			_, err := w.redeems.ExpireDue(context.Background(), time.Now().Add(365*24*time.Hour), 10)
			return err
		}},
		{"points.expiring", func(w *world, f fixture) error {
			_, err := w.ledger.NoticeExpiring(context.Background(), time.Now(), 7)
			return err
		}},
		{"points.expired", func(w *world, f fixture) error {
			_, err := w.ledger.ExpirePoints(context.Background(), time.Now().Add(2*time.Hour))
			return err
		}},
	}
	modes := []struct {
		name       string
		afterWrite bool
	}{
		{"outbox fails after writing the event", true},
		{"outbox fails before writing the event", false},
	}
	for _, ch := range changes {
		t.Run(ch.name, func(t *testing.T) {
			db := newDB(t)
			subscribe(t, db, true)
			w := newWorld(t, db, &event.Outbox{})
			ctx := context.Background()
			w.exec(`INSERT INTO stores (store_code, name, document) VALUES ('S1', 'Store one', '11222333000181')`)
			w.product("REWARD", 10)
			var f fixture
			f.customer = w.newCustomer()
			if _, _, err := w.ledger.Credit(ctx, movement(f.customer.ID, 10000)); err != nil {
				t.Fatal(err)
			}
			var err error
			if f.credit, _, err = w.ledger.Credit(ctx, movement(f.customer.ID, 1000)); err != nil {
				t.Fatal(err)
			}
			if _, _, err = w.ledger.Sale(ctx, ledger.Sale{CustomerID: f.customer.ID, StoreCode: "S1", CouponIdentifier: "NF-OLD",
				TransactionDate: time.Now(), Value: 100, UserAt: "test"}); err != nil {
				t.Fatal(err)
			}
			block := func() redeem.Redeem {
				r, err := w.redeems.Block(ctx, redeem.BlockRequest{CustomerID: f.customer.ID, UserAt: "test",
					Items: []redeem.ItemRequest{{ProductRef: redeem.ProductRef{SKU: "REWARD"}, Qty: 1}}})
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
			f.pending, f.applied = block(), block()
			if f.applied, err = w.redeems.Apply(ctx, f.applied.PointsEntryID, "NF-A", nil); err != nil {
				t.Fatal(err)
			}
			// Points due soon (after the blocks, which would take them first: FIFO).
			soon := time.Now().Add(time.Hour)
			expiring := movement(f.customer.ID, 5)
			expiring.ExpiresAt = &soon
			if _, _, err = w.ledger.Credit(ctx, expiring); err != nil {
				t.Fatal(err)
			}
			for _, mode := range modes {
				before := snapshot(t, db)
				restore := failOutbox(t, db, mode.afterWrite)
				err := ch.change(newWorld(t, db, &event.Outbox{}), f)
				restore()
				if !forced(err) {
					t.Errorf("%s: change returned %v, want the outbox's error", mode.name, err)
				}
				if after := snapshot(t, db); after != before {
					t.Errorf("%s: the database changed:\nbefore %s\nafter  %s", mode.name, before, after)
				}
			}
			// Control: with a working outbox the same change commits with its event.
			n := len(eventsAfter(t, db, 0))
			if err := ch.change(w, f); err != nil {
				t.Fatalf("with a working outbox: %v", err)
			}
			if len(eventsAfter(t, db, 0)) <= n {
				t.Error("with a working outbox: no event written")
			}
		})
	}
}

// TestCommitFailureLeavesNoEvent: a transaction that fails at COMMIT, after its event was
// written, leaves neither the change nor the event.
func TestCommitFailureLeavesNoEvent(t *testing.T) {
	db := newDB(t)
	subscribe(t, db, true)
	w := newWorld(t, db, &event.Outbox{})
	c := w.newCustomer()
	// A deferred constraint trigger runs at COMMIT: it refuses entries described "doomed".
	w.exec(`CREATE FUNCTION refuse_doomed() RETURNS trigger AS $$
		BEGIN IF NEW.description = 'doomed' THEN RAISE EXCEPTION 'doomed at commit'; END IF; RETURN NULL; END $$ LANGUAGE plpgsql`)
	w.exec(`CREATE CONSTRAINT TRIGGER doomed AFTER INSERT ON points_entries DEFERRABLE INITIALLY DEFERRED
		FOR EACH ROW EXECUTE FUNCTION refuse_doomed()`)
	before := snapshot(t, db)
	m := movement(c.ID, 50)
	m.Description = "doomed"
	if _, _, err := w.ledger.Credit(context.Background(), m); err == nil || !strings.Contains(err.Error(), "doomed at commit") {
		t.Fatalf("credit: %v, want the commit-time failure", err)
	}
	if after := snapshot(t, db); after != before {
		t.Fatalf("a failed commit left rows:\nbefore %s\nafter  %s", before, after)
	}
	if _, _, err := w.ledger.Credit(context.Background(), movement(c.ID, 50)); err != nil {
		t.Fatal(err)
	}
	if got := eventsAfter(t, db, 0); got[len(got)-1].Type != string(event.PointsCredited) {
		t.Fatalf("control credit: last event %s", got[len(got)-1].Type)
	}
}

// TestEventsGoOnlyToSubscriptionsThatWantThem: no event row at all without a matching
// active subscription; one delivery per matching active subscription.
func TestEventsGoOnlyToSubscriptionsThatWantThem(t *testing.T) {
	db := newDB(t)
	w := newWorld(t, db, &event.Outbox{})
	ctx := context.Background()
	deliveries := func() (events, deliveries int64) {
		t.Helper()
		if err := db.Raw(`SELECT (SELECT count(*) FROM webhook_events)`).Scan(&events).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Raw(`SELECT count(*) FROM webhook_deliveries`).Scan(&deliveries).Error; err != nil {
			t.Fatal(err)
		}
		return events, deliveries
	}
	c := w.newCustomer()
	if e, d := deliveries(); e != 0 || d != 0 {
		t.Fatalf("no subscription: %d events, %d deliveries written", e, d)
	}
	subscribe(t, db, false)                                      // inactive: gets nothing
	subscribe(t, db, true, string(event.CustomerUpdated))        // not credits
	subscribe(t, db, true, string(event.PointsCredited))         // credits
	subscribe(t, db, true)                                       // everything
	subscribe(t, db, true, "customer.created", "points.debited") // not credits
	if _, _, err := w.ledger.Credit(ctx, movement(c.ID, 10)); err != nil {
		t.Fatal(err)
	}
	fanOut(t, db)
	if e, d := deliveries(); e != 1 || d != 2 {
		t.Fatalf("credit: %d events, %d deliveries; want 1 event delivered to 2 subscriptions", e, d)
	}
}

// TestOutboxViewOfSubscriptions: a refreshed outbox writes nothing for a type no active
// subscription wants, and picks a new subscription up at the next refresh; a failed
// refresh falls back to asking the database on every change.
func TestOutboxViewOfSubscriptions(t *testing.T) {
	db := newDB(t)
	ob := &event.Outbox{}
	w := newWorld(t, db, ob)
	ctx := context.Background()
	count := func() int { return len(eventsAfter(t, db, 0)) }
	c := w.newCustomer()
	if err := ob.Refresh(ctx, db); err != nil {
		t.Fatal(err)
	}
	subscribe(t, db, true, string(event.PointsDebited)) // not yet seen by the outbox
	if _, _, err := w.ledger.Credit(ctx, movement(c.ID, 10)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.ledger.Debit(ctx, movement(c.ID, 1)); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 0 {
		t.Fatalf("%d events before the outbox saw the subscription", n)
	}
	if err := ob.Refresh(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.ledger.Credit(ctx, movement(c.ID, 10)); err != nil { // not wanted
		t.Fatal(err)
	}
	if _, _, err := w.ledger.Debit(ctx, movement(c.ID, 1)); err != nil { // wanted
		t.Fatal(err)
	}
	if got := eventsAfter(t, db, 0); len(got) != 1 || got[0].Type != string(event.PointsDebited) {
		t.Fatalf("events %+v, want the one debit", got)
	}
	deliveries := func() (n int64) {
		t.Helper()
		fanOut(t, db)
		if err := db.Raw(`SELECT count(*) FROM webhook_deliveries`).Scan(&n).Error; err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := deliveries(); n != 1 {
		t.Fatalf("%d deliveries of the one debit", n)
	}
	// A stale view never sends to a subscription that is no longer active (the event
	// may be written; nobody gets it).
	if err := db.Exec(`UPDATE webhook_subscriptions SET is_active = false`).Error; err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.ledger.Debit(ctx, movement(c.ID, 1)); err != nil {
		t.Fatal(err)
	}
	if n := deliveries(); n != 1 {
		t.Fatalf("%d deliveries after the subscription was deactivated, want the first debit's only", n)
	}
	// A refresh that fails leaves the view unknown: every change asks the database.
	subscribe(t, db, true)
	closed := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 1})
	sqlDB, _ := closed.DB()
	sqlDB.Close()
	if err := ob.Refresh(ctx, closed); err == nil {
		t.Fatal("refresh over a closed pool succeeded")
	}
	if _, _, err := w.ledger.Credit(ctx, movement(c.ID, 10)); err != nil {
		t.Fatal(err)
	}
	if n := deliveries(); n != 2 {
		t.Fatalf("%d deliveries, want the credit's, recorded while the view is unknown, as well", n)
	}
}

// appUsers answers the app-user look-ups of the batch job: documents ending in 1 are app
// users.
type appUsers struct{}

func (appUsers) IsAppUser(_ context.Context, doc string) (bool, error) {
	return strings.HasSuffix(doc, "1"), nil
}

// TestBatchJobsRecordCustomerUpdates: the admin jobs that change customers in bulk (owner
// store back-fill, app-user flag) record customer.updated for every customer they change,
// in the transaction of the change; with a failing outbox, nothing changes.
func TestBatchJobsRecordCustomerUpdates(t *testing.T) {
	db := newDB(t)
	subscribe(t, db, true, string(event.CustomerUpdated))
	w := newWorld(t, db, &event.Outbox{})
	ctx := context.Background()
	w.exec(`INSERT INTO stores (store_code, name, document) VALUES ('S1', 'Store one', '11222333000181')`)
	var owned []customer.Customer
	for range 3 {
		c := w.newCustomer()
		if _, _, err := w.ledger.Sale(ctx, ledger.Sale{CustomerID: c.ID, StoreCode: "S1", CouponIdentifier: "NF-" + c.ID[:8],
			TransactionDate: time.Now(), Value: 100, UserAt: "test"}); err != nil {
			t.Fatal(err)
		}
		owned = append(owned, c)
	}
	// The sale set store_code_owner; clear it (as customers created before the field existed).
	w.exec(`UPDATE customers SET store_code_owner = NULL, app_user = NULL`)
	sqlDB, _ := db.DB()
	customers := customer.NewRepository(db, store.NewRepository(db), promotion.NewRepository(db))

	jobs := batch.New(sqlDB, nil).WithEvents(customers.WithEvents(&event.Outbox{}))

	// A failing outbox: the jobs change nothing.
	before := snapshot(t, db)
	restore := failOutbox(t, db, true)
	if st, err := jobs.ReprocessStoreCodeOwner(ctx, nil); err != nil || st.Updated != 0 || st.Errors != len(owned) {
		t.Fatalf("owner job with a failing outbox: %+v %v", st, err)
	}
	if st, err := jobs.SyncAppUsers(ctx, appUsers{}, batch.AppUserOptions{Limit: 100}, nil); err != nil || st.Errors != len(owned) {
		t.Fatalf("app-user job with a failing outbox: %+v %v", st, err)
	}
	restore()
	if after := snapshot(t, db); after != before {
		t.Fatalf("the jobs changed the database despite the failing outbox:\nbefore %s\nafter  %s", before, after)
	}

	last := int64(0)
	if got := eventsAfter(t, db, 0); len(got) > 0 {
		last = got[len(got)-1].Seq
	}
	if st, err := jobs.ReprocessStoreCodeOwner(ctx, nil); err != nil || st.Updated != len(owned) {
		t.Fatalf("owner job: %+v %v", st, err)
	}
	if st, err := jobs.SyncAppUsers(ctx, appUsers{}, batch.AppUserOptions{Limit: 100}, nil); err != nil || st.Errors != 0 {
		t.Fatalf("app-user job: %+v %v", st, err)
	}
	got := eventsAfter(t, db, last)
	if len(got) != 2*len(owned) {
		t.Fatalf("%d events for %d customers changed twice", len(got), len(owned))
	}
	// Each event is the customer as the API renders it at that moment; the last per
	// customer equals its current rendering.
	latest := map[string]map[string]any{}
	for _, e := range got {
		if e.Type != string(event.CustomerUpdated) {
			t.Fatalf("event %s", e.Type)
		}
		d := decode(t, e.Data)
		latest[d["id"].(string)] = d
	}
	for _, c := range owned {
		now, err := customer.Load(ctx, db, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(latest[c.ID], asJSON(t, now)) {
			t.Errorf("customer %s: last event %v, now %v", c.ID, latest[c.ID], asJSON(t, now))
		}
		if now.StoreCodeOwner == nil || *now.StoreCodeOwner != "S1" || now.AppUser == nil {
			t.Errorf("customer %s not updated by the jobs: %+v", c.ID, now)
		}
	}
}

// TestEntryEventsOutliveTheirCustomer: a credit's or debit's event names its entry and is
// rendered when it is sent. Deleting the customer (and so its entries) before that keeps
// the payloads, unchanged; an entry cancelled meanwhile is still sent as it was posted.
func TestEntryEventsOutliveTheirCustomer(t *testing.T) {
	db := newDB(t)
	subscribe(t, db, true)
	w := newWorld(t, db, &event.Outbox{})
	ctx := context.Background()
	payloads := func() map[string]string {
		t.Helper()
		out := map[string]string{}
		for _, e := range eventsAfter(t, db, 0) {
			if e.Type == string(event.PointsCredited) || e.Type == string(event.PointsDebited) {
				out[e.ID] = e.Data
			}
		}
		return out
	}
	c := w.newCustomer()
	credited, _, err := w.ledger.Credit(ctx, movement(c.ID, 10))
	if err != nil {
		t.Fatal(err)
	}
	kept, _, err := w.ledger.Credit(ctx, movement(c.ID, 5))
	if err != nil {
		t.Fatal(err)
	}
	// Cancelling sets the credit's cancelled_at and updated_at; its event still says how
	// it was posted.
	if _, err := w.ledger.CancelEntry(ctx, credited.ID, "ana"); err != nil {
		t.Fatal(err)
	}
	debited, _, err := w.ledger.Debit(ctx, movement(c.ID, 4))
	if err != nil {
		t.Fatal(err)
	}
	before := payloads()
	if len(before) != 3 {
		t.Fatalf("%d entry events, want the two credits' and the debit's", len(before))
	}
	want := map[string]bool{}
	for _, e := range []any{credited, kept, debited} {
		want[fmt.Sprint(asJSON(t, e))] = true
	}
	for id, data := range before {
		if !want[fmt.Sprint(decode(t, data))] {
			t.Fatalf("event %s: %s is not the entry as the API answered when it was posted", id, data)
		}
	}
	if _, err := w.ledger.DeleteCustomer(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	after := payloads()
	if !reflect.DeepEqual(after, before) {
		t.Fatalf("after the customer was deleted: payloads %v, want %v", after, before)
	}
}
