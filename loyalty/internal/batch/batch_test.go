package batch

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

func newDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := database.OpenSQL(testkit.NewDatabase(t), database.Options{Schema: migrations.Schema, MaxOpenConns: 10})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func exec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func insertCustomer(t *testing.T, db *sql.DB, doc string, createdAt time.Time, owner any) string {
	t.Helper()
	var id string
	err := db.QueryRow(`INSERT INTO customers (name, doc, email, phone, created_at, store_code_owner)
		VALUES ($1, $1, $1 || '@example.com', '+55', $2, $3) RETURNING id::text`, doc, createdAt, owner).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func credit(t *testing.T, db *sql.DB, customer, store, coupon string, at time.Time) {
	t.Helper()
	exec(t, db, `INSERT INTO points_entries (customer_id, transaction_type, points, store_code, coupon_identifier, transaction_date)
		VALUES ($1, 'C', 10, NULLIF($2, ''), NULLIF($3, ''), $4)`, customer, store, coupon, at)
}

func ownerOf(t *testing.T, db *sql.DB, id string) string {
	t.Helper()
	var owner sql.NullString
	if err := db.QueryRow(`SELECT store_code_owner FROM customers WHERE id = $1`, id).Scan(&owner); err != nil {
		t.Fatal(err)
	}
	return owner.String
}

// xmaxOf is the xmax of the customer's row version: it changes when a transaction locks
// or updates the row.
func xmaxOf(t *testing.T, db *sql.DB, id string) string {
	t.Helper()
	var xmax string
	if err := db.QueryRow(`SELECT xmax::text FROM customers WHERE id = $1`, id).Scan(&xmax); err != nil {
		t.Fatal(err)
	}
	return xmax
}

// countingProgress records what a job reports.
type countingProgress struct {
	mu    sync.Mutex
	total int
	done  int
}

func (p *countingProgress) Total(n int) { p.mu.Lock(); p.total = n; p.mu.Unlock() }
func (p *countingProgress) Add(n int)   { p.mu.Lock(); p.done += n; p.mu.Unlock() }

// TestReprocessStoreCodeOwnerAcrossBatches runs the job with batches of 3 over 8
// customers without owner, one of which cannot be updated.
func TestReprocessStoreCodeOwnerAcrossBatches(t *testing.T) {
	db := newDB(t)
	day := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	var withStore, withoutStore []string
	for i := range 8 {
		id := insertCustomer(t, db, fmt.Sprintf("doc-%d", i), day, nil)
		if i%4 == 3 {
			withoutStore = append(withoutStore, id) // only a credit without coupon: not found
			credit(t, db, id, "S1", "", day)
			continue
		}
		withStore = append(withStore, id)
		credit(t, db, id, fmt.Sprintf("S%d", i), "CUP", day.Add(time.Hour))
	}
	kept := insertCustomer(t, db, "has-owner", day, "KEEP")
	credit(t, db, kept, "OTHER", "CUP", day)
	// One customer's update fails in Postgres: it must count in errors, not stop the job.
	exec(t, db, `CREATE FUNCTION refuse_doc_5() RETURNS trigger AS $$
		BEGIN IF NEW.doc = 'doc-5' AND NEW.store_code_owner IS NOT NULL THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`)
	exec(t, db, `CREATE TRIGGER refuse_doc_5 BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION refuse_doc_5()`)

	xmaxBefore := map[string]string{}
	for _, id := range withoutStore {
		xmaxBefore[id] = xmaxOf(t, db, id)
	}

	jobs := New(db, nil)
	jobs.ownerBatch = 3
	var p countingProgress
	stats, err := jobs.ReprocessStoreCodeOwner(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	want := StoreOwnerStats{TotalCustomers: 8, Updated: 5, NotFound: 2, Errors: 1}
	if stats != want {
		t.Fatalf("stats = %+v, want %+v", stats, want)
	}
	if p.total != 8 || p.done != 8 {
		t.Fatalf("progress total %d done %d, want 8 and 8", p.total, p.done)
	}
	for i, id := range withStore {
		want := fmt.Sprintf("S%d", []int{0, 1, 2, 4, 5, 6}[i])
		if want == "S5" {
			want = "" // the refused one
		}
		if got := ownerOf(t, db, id); got != want {
			t.Errorf("customer %d owner = %q, want %q", i, got, want)
		}
	}
	for _, id := range withoutStore {
		if got := ownerOf(t, db, id); got != "" {
			t.Errorf("customer without a qualifying entry got owner %q", got)
		}
		// Only read: neither written nor locked (either would have changed xmax).
		if got := xmaxOf(t, db, id); got != xmaxBefore[id] {
			t.Errorf("customer without a qualifying entry was locked or written (xmax %s, before %s)", got, xmaxBefore[id])
		}
	}
	if got := ownerOf(t, db, kept); got != "KEEP" {
		t.Errorf("existing owner changed to %q", got)
	}

	// A second run only sees the customers still without owner.
	stats, err = jobs.ReprocessStoreCodeOwner(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (StoreOwnerStats{TotalCustomers: 3, NotFound: 2, Errors: 1}); stats != want {
		t.Fatalf("second run stats = %+v, want %+v", stats, want)
	}
}

// scriptedDirectory answers from a map; documents in fail return an error.
type scriptedDirectory struct {
	mu    sync.Mutex
	users map[string]bool
	fail  map[string]bool
	asked map[string]int
}

func (d *scriptedDirectory) IsAppUser(_ context.Context, doc string) (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.asked[doc]++
	if d.fail[doc] {
		return false, errors.New("service down")
	}
	return d.users[doc], nil
}

// TestSyncAppUsersFollowingNextOffsetVisitsEveryoneOnce pages through the candidates the
// way the CLI and an API client do: every customer is asked about exactly once, failures
// stay null, and the statistics of each call add up.
func TestSyncAppUsersFollowingNextOffsetVisitsEveryoneOnce(t *testing.T) {
	db := newDB(t)
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	const n = 11
	for i := range n {
		insertCustomer(t, db, fmt.Sprintf("c%02d", i), start.Add(time.Duration(i)*time.Hour), nil)
	}
	// Not candidates: inactive, registered by the app, already known.
	exec(t, db, `INSERT INTO customers (name, doc, email, phone, is_active) VALUES ('x', 'inactive', 'x', 'x', false)`)
	exec(t, db, `INSERT INTO customers (name, doc, email, phone, origin) VALUES ('x', 'from-app', 'x', 'x', 'APP')`)
	exec(t, db, `INSERT INTO customers (name, doc, email, phone, app_user) VALUES ('x', 'known', 'x', 'x', true)`)

	dir := &scriptedDirectory{
		users: map[string]bool{"c00": true, "c03": true, "c04": true, "c09": true},
		fail:  map[string]bool{"c01": true, "c05": true, "c10": true},
		asked: map[string]int{},
	}
	jobs := New(db, nil)
	var p countingProgress
	offset, calls := 0, 0
	var sum AppUserStats
	for {
		st, err := jobs.SyncAppUsers(context.Background(), dir, AppUserOptions{Limit: 3, Offset: offset, Concurrency: 2}, &p)
		if err != nil {
			t.Fatal(err)
		}
		calls++
		if st.Offset != offset || st.Limit != 3 {
			t.Fatalf("call %d: offset/limit echoed %d/%d", calls, st.Offset, st.Limit)
		}
		if st.Processed != st.UpdatedToTrue+st.UpdatedToFalse+st.Errors {
			t.Fatalf("call %d: processed %d != true+false+errors %+v", calls, st.Processed, st)
		}
		if calls == 1 && st.TotalCustomers != n {
			t.Fatalf("first call total_customers = %d, want %d", st.TotalCustomers, n)
		}
		sum.Processed += st.Processed
		sum.UpdatedToTrue += st.UpdatedToTrue
		sum.UpdatedToFalse += st.UpdatedToFalse
		sum.Errors += st.Errors
		if st.NextOffset == nil {
			if st.Remaining != 0 {
				t.Fatalf("call %d: next_offset null with %d remaining", calls, st.Remaining)
			}
			break
		}
		if st.Remaining == 0 {
			t.Fatalf("call %d: next_offset %d with nothing remaining", calls, *st.NextOffset)
		}
		offset = *st.NextOffset
		if calls > n {
			t.Fatal("no end in sight")
		}
	}
	if calls != 4 { // 11 customers, 3 at a time
		t.Errorf("calls = %d, want 4", calls)
	}
	if want := (AppUserStats{Processed: n, UpdatedToTrue: 4, UpdatedToFalse: 4, Errors: 3}); sum != want {
		t.Errorf("sum = %+v, want %+v", sum, want)
	}
	for i := range n {
		if got := dir.asked[fmt.Sprintf("c%02d", i)]; got != 1 {
			t.Errorf("c%02d asked %d times, want 1", i, got)
		}
	}
	if p.done != n {
		t.Errorf("progress done = %d, want %d", p.done, n)
	}
	rows, err := db.Query(`SELECT doc, app_user FROM customers ORDER BY doc`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]string{}
	for rows.Next() {
		var doc string
		var v sql.NullBool
		if err := rows.Scan(&doc, &v); err != nil {
			t.Fatal(err)
		}
		got[doc] = "null"
		if v.Valid {
			got[doc] = fmt.Sprint(v.Bool)
		}
	}
	for i := range n {
		doc := fmt.Sprintf("c%02d", i)
		want := fmt.Sprint(dir.users[doc])
		if dir.fail[doc] {
			want = "null"
		}
		if got[doc] != want {
			t.Errorf("%s app_user = %s, want %s", doc, got[doc], want)
		}
	}
	if got["inactive"] != "null" || got["from-app"] != "null" || got["known"] != "true" {
		t.Errorf("non-candidates changed: %v", got)
	}
	for _, doc := range []string{"inactive", "from-app", "known"} {
		if dir.asked[doc] != 0 {
			t.Errorf("%s was looked up", doc)
		}
	}
}
