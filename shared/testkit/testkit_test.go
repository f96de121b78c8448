package testkit

import (
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
	deadline := time.Now().Add(2 * time.Second)
	for p.Open() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if p.Accepted() != 1 || p.Open() != 0 {
		t.Fatalf("after close: accepted %d, open %d, want 1 and 0", p.Accepted(), p.Open())
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
