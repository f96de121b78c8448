package testkit

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"
)

func TestMain(m *testing.M) {
	Main(m, func(ctx context.Context, url string) error {
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, `CREATE TABLE marker (v int); INSERT INTO marker VALUES (7)`)
		return err
	})
}

func TestNewDatabaseIsAMigratedCloneDroppedAfterTheTest(t *testing.T) {
	ctx := context.Background()
	var name string
	t.Run("use", func(t *testing.T) {
		url := NewDatabase(t)
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var v int
		if err := conn.QueryRow(ctx, `SELECT v FROM marker`).Scan(&v); err != nil || v != 7 {
			t.Fatalf("template content: %d %v", v, err)
		}
		// Writes stay in this clone.
		if _, err := conn.Exec(ctx, `INSERT INTO marker VALUES (8)`); err != nil {
			t.Fatal(err)
		}
		if err := conn.QueryRow(ctx, `SELECT current_database()`).Scan(&name); err != nil {
			t.Fatal(err)
		}
	})
	admin, err := pgx.Connect(ctx, AdminURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var n int
	if err := admin.QueryRow(ctx, `SELECT count(*) FROM pg_database WHERE datname = $1`, name).Scan(&n); err != nil || n != 0 {
		t.Fatalf("database %s still exists after its test (count %d, err %v)", name, n, err)
	}
	// A second clone does not see the first one's writes.
	conn, err := pgx.Connect(ctx, NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM marker`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("fresh clone has %d rows, want 1", n)
	}
}

func TestRedisLeasesAnEmptyDatabase(t *testing.T) {
	ctx := context.Background()
	var first string
	t.Run("use", func(t *testing.T) {
		first = Redis(t)
		opts, _ := redis.ParseURL(first)
		c := redis.NewClient(opts)
		defer c.Close()
		if n, err := c.DBSize(ctx).Result(); err != nil || n != 0 {
			t.Fatalf("leased database not empty: %d %v", n, err)
		}
		c.Set(ctx, "k", "v", 0)
	})
	opts, _ := redis.ParseURL(first)
	c := redis.NewClient(opts)
	defer c.Close()
	if n, _ := c.DBSize(ctx).Result(); n != 0 {
		t.Fatalf("database %s not flushed after its test: %d keys", first, n)
	}
}

func TestProxyCutAndRestore(t *testing.T) {
	ctx := context.Background()
	opts, _ := redis.ParseURL(Redis(t))
	p := NewProxy(t, opts.Addr)
	opts.Addr = p.Addr()
	opts.MaxRetries = -1
	c := redis.NewClient(opts)
	defer c.Close()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatalf("through proxy: %v", err)
	}
	p.Cut()
	if err := c.Ping(ctx).Err(); err == nil {
		t.Fatal("ping succeeded while cut")
	}
	p.Restore()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatalf("after restore: %v", err)
	}
}

// TestProxyCountsConnections: Accepted counts every connection, Open only those still
// open, so a test can tell whether a client connected and whether it let go.
func TestProxyCountsConnections(t *testing.T) {
	ctx := context.Background()
	opts, _ := redis.ParseURL(Redis(t))
	p := NewProxy(t, opts.Addr)
	opts.Addr = p.Addr()
	if p.Accepted() != 0 || p.Open() != 0 {
		t.Fatalf("fresh proxy: accepted %d, open %d", p.Accepted(), p.Open())
	}
	c := redis.NewClient(opts)
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	if p.Accepted() != 1 || p.Open() != 1 {
		t.Fatalf("after a ping: accepted %d, open %d, want 1 and 1", p.Accepted(), p.Open())
	}
	c.Close()
	deadline := time.Now().Add(20 * time.Second) // a hang guard: the close is seen at once
	for p.Open() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if p.Accepted() != 1 || p.Open() != 0 {
		t.Fatalf("after close: accepted %d, open %d, want 1 and 0", p.Accepted(), p.Open())
	}
}

// TestProxyCutWhen: a fault cuts only the connection that sent the marker; in
// ForwardThenCut the server got the command (the key is written) and the client no
// answer, in DropAndCut neither; other connections go on.
func TestProxyCutWhen(t *testing.T) {
	ctx := context.Background()
	opts, _ := redis.ParseURL(Redis(t))
	direct := redis.NewClient(opts)
	defer direct.Close()
	p := NewProxy(t, opts.Addr)
	opts.Addr = p.Addr()
	opts.MaxRetries = -1
	tests := []struct {
		mode      FaultMode
		key       string
		wantExist int64
	}{
		{ForwardThenCut, "forwarded-key", 1},
		{DropAndCut, "dropped-key", 0},
	}
	for _, tt := range tests {
		c := redis.NewClient(opts)
		other := redis.NewClient(opts)
		if err := other.Ping(ctx).Err(); err != nil {
			t.Fatal(err)
		}
		fired := p.CutWhen(tt.mode, func(sent []byte) bool { return bytes.Contains(sent, []byte(tt.key)) })
		if err := c.Set(ctx, tt.key, "v", 0).Err(); err == nil {
			t.Errorf("%s: SET answered through a cut connection", tt.key)
		}
		select {
		case <-fired:
		default:
			t.Errorf("%s: the fault did not fire", tt.key)
		}
		// The server may still be reading the forwarded command when the client hears
		// of the cut: ask until the key is there (a dropped one never can be).
		var got int64
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if got, _ = direct.Exists(ctx, tt.key).Result(); got == tt.wantExist {
				break
			}
		}
		if got != tt.wantExist {
			t.Errorf("%s: EXISTS = %d, want %d", tt.key, got, tt.wantExist)
		}
		if err := other.Ping(ctx).Err(); err != nil {
			t.Errorf("%s: another connection was cut too: %v", tt.key, err)
		}
		c.Close()
		other.Close()
	}
}

func TestSlowTestsOn(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"SLOW_TESTS": "1"}, true},
		{map[string]string{"SLOW_TESTS": "true"}, true},
		{map[string]string{"CI": "true"}, true},
		{map[string]string{"CI": "true", "SLOW_TESTS": "0"}, false},
		{map[string]string{"SLOW_TESTS": "yes please"}, false},
	}
	for _, tt := range tests {
		if got := SlowTestsOn(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("%v: %t, want %t", tt.env, got, tt.want)
		}
	}
}
