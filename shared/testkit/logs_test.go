package testkit

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"
)

// TestRedisLogIsHeld: under Main, go-redis's own lines (a refused dial) go to the held
// log, which Main prints only when the package fails, not to a passing run's output.
func TestRedisLogIsHeld(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()              // nothing listens there now
	held := get(t).redisLog // Main's
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialerRetries: 1})
	defer rdb.Close()
	if err := rdb.Ping(context.Background()).Err(); err == nil {
		t.Fatal("ping of a closed port succeeded")
	}
	var out bytes.Buffer
	held.report(&out)
	if !strings.Contains(out.String(), "connection refused") {
		t.Errorf("held log %q, want the refused dial", out.String())
	}
}
