package database

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/loyaltylinks/platform/shared/testkit"
	"gorm.io/gorm"
)

// proxied opens a pool that reaches a fresh test database through a testkit proxy, and
// a direct handle to check what the database holds.
func proxied(t *testing.T) (db, direct *gorm.DB, proxy *testkit.Proxy) {
	t.Helper()
	dbURL := testkit.NewDatabase(t)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy = testkit.NewProxy(t, u.Host)
	u.Host = proxy.Addr()
	if db, err = Open(u.String(), Options{MaxOpenConns: 8}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = Close(db) })
	if direct, err = Open(dbURL, Options{MaxOpenConns: 2}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = Close(direct) })
	if err := direct.Exec(`CREATE TABLE items (id uuid PRIMARY KEY, label text NOT NULL)`).Error; err != nil {
		t.Fatal(err)
	}
	return db, direct, proxy
}

// writeItem is a write through Tx or Statement: one item with a service-chosen id, and
// the look-up by that id.
type writeItem func(ctx context.Context, db *gorm.DB, id, label string) error

var writers = []struct {
	name string
	// lastWord is what the client sends last for the write to commit.
	lastWord string
	write    writeItem
}{
	{"Tx", "commit", func(ctx context.Context, db *gorm.DB, id, label string) error {
		return Tx(ctx, db, itemChange(id), func(tx *gorm.DB) error {
			return tx.Exec(`INSERT INTO items VALUES (?, ?)`, id, label).Error
		})
	}},
	{"Statement", "", func(ctx context.Context, db *gorm.DB, id, label string) error {
		return Statement(ctx, db, itemChange(id), func(ctx context.Context, conn *pgx.Conn) error {
			_, err := conn.Exec(ctx, `INSERT INTO items VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, id, label)
			return err
		})
	}},
}

func itemChange(id string) Change {
	return Change{What: "item " + id, Committed: func(ctx context.Context, db *gorm.DB) (bool, error) {
		var n int64
		err := db.WithContext(ctx).Raw(`SELECT count(*) FROM items WHERE id = ?`, id).Scan(&n).Error
		return n == 1, err
	}}
}

// cutAt matches what a connection sent once marker, and then lastWord (when not empty),
// went out: the request that carries marker, or the commit that follows it.
func cutAt(marker, lastWord string) func([]byte) bool {
	return func(sent []byte) bool {
		i := bytes.Index(sent, []byte(marker))
		return i >= 0 && (lastWord == "" || bytes.Contains(sent[i:], []byte(lastWord)))
	}
}

// TestWriteOutcomeKnownAfterLostAnswer: whether the commit reached Postgres (and
// committed) or not, a write whose answer is lost returns nil and its row is there
// exactly once; it never reports a failure for a committed write.
func TestWriteOutcomeKnownAfterLostAnswer(t *testing.T) {
	db, direct, proxy := proxied(t)
	for _, w := range writers {
		for _, mode := range []testkit.FaultMode{testkit.ForwardThenCut, testkit.DropAndCut} {
			t.Run(fmt.Sprintf("%s/mode%d", w.name, mode), func(t *testing.T) {
				id := uuid.NewString()
				label := "cut-" + id
				fired := proxy.CutWhen(mode, cutAt(label, w.lastWord))
				err := w.write(context.Background(), db, id, label)
				select {
				case <-fired:
				default:
					t.Fatal("the fault did not fire: the test cut nothing")
				}
				var n int64
				if err := direct.Raw(`SELECT count(*) FROM items WHERE id = ?`, id).Scan(&n).Error; err != nil {
					t.Fatal(err)
				}
				if err != nil || n != 1 {
					t.Fatalf("write: %v; rows with its id: %d (want nil and 1)", err, n)
				}
			})
		}
	}
}

// TestWriteOutcomeUnknownWhileDatabaseAway: when the answer is lost and the database
// stays unreachable, the write says so (ErrOutcomeUnknown, naming the key to look up),
// and the look-up afterwards tells the truth.
func TestWriteOutcomeUnknownWhileDatabaseAway(t *testing.T) {
	db, direct, proxy := proxied(t)
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			id := uuid.NewString()
			label := "away-" + id
			match := cutAt(label, w.lastWord)
			proxy.CutWhen(testkit.DropAndCut, func(sent []byte) bool {
				if !match(sent) {
					return false
				}
				proxy.Cut() // the whole database goes away with this write
				return true
			})
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			err := w.write(ctx, db, id, label)
			proxy.Restore()
			if !errors.Is(err, ErrOutcomeUnknown) || !strings.Contains(err.Error(), "item "+id) {
				t.Fatalf("write: %v, want ErrOutcomeUnknown naming item %s", err, id)
			}
			var n int64
			if err := direct.Raw(`SELECT count(*) FROM items WHERE id = ?`, id).Scan(&n).Error; err != nil || n != 0 {
				t.Fatalf("rows with its id: %d (%v), want 0: the write never reached the database", n, err)
			}
		})
	}
}

// TestDeadPooledConnectionsAreNotUsed: after Postgres was cut and came back, every
// connection the pool kept is dead; reads and writes that draw them still succeed.
func TestDeadPooledConnectionsAreNotUsed(t *testing.T) {
	db, _, proxy := proxied(t)
	ctx := context.Background()
	const workers = 8
	run := func(round string) []error {
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			errs []error
		)
		start := make(chan struct{})
		for i := 0; i < workers; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				var one int
				err := db.WithContext(ctx).Raw(`SELECT 1 FROM pg_sleep(0.05)`).Scan(&one).Error
				if err == nil {
					err = writers[i%2].write(ctx, db, uuid.NewString(), round)
				}
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}()
		}
		close(start)
		wg.Wait()
		return errs
	}
	if errs := run("warm"); len(errs) > 0 {
		t.Fatalf("warming the pool: %v", errs)
	}
	proxy.Cut()
	proxy.Restore()
	if errs := run("after"); len(errs) > 0 {
		t.Fatalf("%d of %d requests failed on connections the cut killed: %v", len(errs), workers, errs)
	}
}
