package testkit

import (
	"context"
	"fmt"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// scratchRedis runs a redis-server of the test's own: the "developer's Redis" of these
// tests, whose data testkit must leave alone.
func scratchRedis(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	url, stop, err := startRedisServer(ctx, bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop(context.Background()) })
	return url
}

func client(t *testing.T, r *redisServer, db int) *redis.Client {
	t.Helper()
	opts, err := redis.ParseURL(r.urlFor(db))
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opts)
	t.Cleanup(func() { c.Close() })
	return c
}

// TestLeaseNeverFlushesKeysTestkitDidNotWrite: on a Redis whose databases hold someone
// else's keys, a lease passes them over and flushes only what the test wrote; when every
// database holds foreign keys it fails saying so, and nothing is deleted. A database a
// killed run left marked is reused (its leftovers flushed). (make test used to flush
// databases 1-15 of the developer's Redis.)
func TestLeaseNeverFlushesKeysTestkitDidNotWrite(t *testing.T) {
	ctx := context.Background()
	r := &redisServer{url: scratchRedis(t)}
	for db := 1; db <= 14; db++ {
		if err := client(t, r, db).Set(ctx, "mine", fmt.Sprint(db), 0).Err(); err != nil {
			t.Fatal(err)
		}
	}
	db, release, err := r.lease(ctx)
	if err != nil || db != 15 {
		t.Fatalf("lease = %d, %v; want database 15, the only empty one", db, err)
	}
	client(t, r, db).Set(ctx, "test-key", "x", 0)
	release(ctx)
	if n, _ := client(t, r, 15).DBSize(ctx).Result(); n != 0 {
		t.Errorf("database 15 holds %d keys after its release", n)
	}

	client(t, r, 15).Set(ctx, "mine", "15", 0)
	if _, _, err := r.lease(ctx); err == nil || !strings.Contains(err.Error(), "did not write") {
		t.Fatalf("lease with every database foreign = %v, want a refusal saying so", err)
	}
	for db := 1; db <= 15; db++ {
		if v, err := client(t, r, db).Get(ctx, "mine").Result(); err != nil || v != fmt.Sprint(db) {
			t.Errorf("database %d: the foreign key is %q, %v", db, v, err)
		}
	}

	// A run killed while holding database 3 left its keys and its marker: reused.
	client(t, r, 3).FlushDB(ctx)
	client(t, r, 3).Set(ctx, "left-by-a-killed-run", "x", 0)
	client(t, r, 0).Set(ctx, "testkit:dirty:3", "dead-run", 0)
	db, release, err = r.lease(ctx)
	if err != nil || db != 3 {
		t.Fatalf("lease = %d, %v; want database 3, left by a killed run", db, err)
	}
	if n, _ := client(t, r, 3).DBSize(ctx).Result(); n != 0 {
		t.Errorf("database 3 holds %d keys when leased", n)
	}
	release(ctx)
	if n, _ := client(t, r, 0).Exists(ctx, "testkit:dirty:3", "testkit:lease:3").Result(); n != 0 {
		t.Errorf("%d of testkit's keys left in database 0 after the release", n)
	}
}

// TestOwnRedisWithoutTestRedisURL: without TEST_REDIS_URL, testkit runs a redis-server
// of its own on a free port and stops it when the package's tests end.
func TestOwnRedisWithoutTestRedisURL(t *testing.T) {
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skip("redis-server not installed")
	}
	t.Setenv("TEST_REDIS_URL", "")
	s := &suite{}
	ctx := context.Background()
	if err := s.ensureRedis(ctx); err != nil {
		t.Fatal(err)
	}
	c := client(t, s.redis, 0)
	info, err := c.Info(ctx, "server").Result()
	if err != nil || !strings.Contains(info, "tcp_port:") {
		t.Fatalf("own redis: %v", err)
	}
	addr := c.Options().Addr
	for _, cleanup := range s.cleanups {
		cleanup(ctx)
	}
	if conn, err := net.Dial("tcp", addr); err == nil {
		conn.Close()
		t.Errorf("the Redis at %s still answers after the package's tests ended", addr)
	}
}
