package ledger_test

import (
	"context"
	"net/url"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
)

// The child of TestPointsExpiryKilled: a replica's expiry job, in its own process.
const expiryChildEnv = "LEDGER_EXPIRY_CHILD_URL"

// TestPointsExpiryChild runs one expiry run against the database the parent names, and
// is otherwise skipped.
func TestPointsExpiryChild(t *testing.T) {
	dbURL := os.Getenv(expiryChildEnv)
	if dbURL == "" {
		t.Skip("run by TestPointsExpiryKilled")
	}
	db, err := database.Open(dbURL, database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ledger.NewService(db, ledger.Config{}).ExpirePoints(context.Background(), time.Now().Add(2*time.Hour))
	t.Fatalf("the run was not killed: %v", err)
}

// TestPointsExpiryKilled kills a replica's expiry job (kill -9 of its process) in the
// middle of a run, after its statement wrote the expiries of every customer due: nothing of the
// run is left (the run's statement is one transaction, and its Postgres backend notices
// the dead client), the ledger's invariants hold, and the next run expires every
// customer, each once.
func TestPointsExpiryKilled(t *testing.T) {
	dbURL := testkit.NewDatabase(t)
	db := testdb.OpenURL(t, dbURL, database.Options{Schema: migrations.Schema, MaxOpenConns: 4})
	ctx := context.Background()
	svc := ledger.NewService(db, ledger.Config{})
	t0 := time.Now()
	soon := t0.Add(time.Hour)
	const customers = 40
	for range customers {
		c := newCustomer(t, db)
		if _, _, err := svc.Credit(ctx, ledger.Movement{CustomerID: c, Points: 9, Description: "x", TransactionDate: t0, ExpiresAt: &soon}); err != nil {
			t.Fatal(err)
		}
	}
	// The marker: once the run's statement has written its expiries (one statement, set-based:
	// the X entries' row triggers fire at its end), it waits on an advisory lock this test
	// holds, so the child is killed exactly there, with every expiry written and not
	// committed.
	conn, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	hold, err := conn.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Close()
	if _, err := hold.ExecContext(ctx, `SELECT pg_advisory_lock(2828)`); err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(`
		CREATE FUNCTION loyalty.expiry_marker() RETURNS trigger AS $$
		BEGIN
		    IF (SELECT count(*) FROM loyalty.points_entries WHERE transaction_type = 'X') > 0 THEN
		        PERFORM pg_advisory_xact_lock_shared(2828);
		    END IF;
		    RETURN NULL;
		END $$ LANGUAGE plpgsql;
		CREATE TRIGGER expiry_marker AFTER INSERT ON loyalty.points_entries
		    FOR EACH ROW WHEN (NEW.transaction_type = 'X') EXECUTE FUNCTION loyalty.expiry_marker()`).Error; err != nil {
		t.Fatal(err)
	}

	// The child's backend checks its client every 100 ms while it runs, as a server with
	// client_connection_check_interval set does: a dead job's statement is cancelled.
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("client_connection_check_interval", "100")
	u.RawQuery = q.Encode()
	cmd := exec.Command(os.Args[0], "-test.run=^TestPointsExpiryChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), expiryChildEnv+"="+u.String())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waiting := func() bool {
		var n int64
		if err := db.Raw(`SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 2828 AND NOT granted`).Scan(&n).Error; err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	deadline := time.Now().Add(2 * time.Minute)
	for !waiting() {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			t.Fatal("the child's run never wrote its expiries")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	// The killed run's backend ends while still waiting at the marker (its statement
	// cancelled and rolled back); only then is the marker released.
	for {
		var n int64
		if err := db.Raw(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%ledger_expire%' AND pid <> pg_backend_pid()`).Scan(&n).Error; err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the killed run's statement is still running")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := hold.ExecContext(ctx, `SELECT pg_advisory_unlock(2828)`); err != nil {
		t.Fatal(err)
	}
	var xs int64
	if err := db.Raw(`SELECT count(*) FROM points_entries WHERE transaction_type = 'X'`).Scan(&xs).Error; err != nil || xs != 0 {
		t.Fatalf("after the kill: %d expiries recorded (%v), want none", xs, err)
	}
	assertInvariant(t, db)

	run, err := svc.ExpirePoints(ctx, t0.Add(2*time.Hour))
	if err != nil || run.Customers != customers || run.Points != customers*9 {
		t.Fatalf("the next run: %+v, %v; want %d customers, %d points", run, err, customers, customers*9)
	}
	if again, err := svc.ExpirePoints(ctx, t0.Add(2*time.Hour)); err != nil || again.Customers != 0 {
		t.Fatalf("a run after it: %+v, %v; want nothing", again, err)
	}
	assertInvariant(t, db)
}
