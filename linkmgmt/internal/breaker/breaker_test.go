package breaker_test

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/breaker"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

// TestMain holds go-redis's log ("failed to dial", provoked here on purpose).
func TestMain(m *testing.M) { testkit.Main(m, nil) }

func client(t *testing.T, addr string, pause time.Duration, maxRetries int) *redis.Client {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: addr, ContextTimeoutEnabled: true, MaxRetries: maxRetries, DialerRetries: 1})
	rdb.AddHook(breaker.New(pause))
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

// call runs one command bounded by 200 ms and returns its duration and error.
func call(rdb *redis.Client, pipeline bool) (time.Duration, error) {
	return callIn(context.Background(), rdb, pipeline)
}

// callIn is call under parent (a request's context, say).
func callIn(parent context.Context, rdb *redis.Client, pipeline bool) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(parent, 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	var err error
	if pipeline {
		_, err = rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			p.Incr(ctx, "k")
			p.Expire(ctx, "k", time.Minute)
			return nil
		})
	} else {
		err = rdb.Get(ctx, "k").Err()
	}
	return time.Since(start), err
}

// TestHangingRedisCostsOneTimeout: the first command waits out its deadline; the
// commands that follow, single or pipelined, fail at once with ErrOpen until the pause
// ends; then Redis is asked again.
func TestHangingRedisCostsOneTimeout(t *testing.T) {
	rdb := client(t, testkit.HangingServer(t), 500*time.Millisecond, 0)
	took, err := call(rdb, false)
	if err == nil || errors.Is(err, breaker.ErrOpen) || took < 150*time.Millisecond {
		t.Fatalf("first call: %v after %v, want its own time-out", err, took)
	}
	for _, pipeline := range []bool{false, true, false} {
		took, err := call(rdb, pipeline)
		if !errors.Is(err, breaker.ErrOpen) || took > 50*time.Millisecond {
			t.Fatalf("call while open (pipeline %v): %v after %v, want ErrOpen at once", pipeline, err, took)
		}
	}
	time.Sleep(600 * time.Millisecond)
	if took, err := call(rdb, false); errors.Is(err, breaker.ErrOpen) || took < 150*time.Millisecond {
		t.Fatalf("after the pause: %v after %v, want Redis asked again (and timing out)", err, took)
	}
}

// TestOnceBoundsARequestWhateverTheClock: under a context from Once, the commands that
// follow a time-out fail at once even with no pause at all (a request slower than the
// pause); a context with a budget of its own (the next request) asks Redis again.
func TestOnceBoundsARequestWhateverTheClock(t *testing.T) {
	rdb := client(t, testkit.HangingServer(t), 0, 0)
	request := breaker.Once(context.Background())
	if took, err := callIn(request, rdb, false); err == nil || errors.Is(err, breaker.ErrOpen) || took < 150*time.Millisecond {
		t.Fatalf("first call: %v after %v, want its own time-out", err, took)
	}
	for _, pipeline := range []bool{false, true} {
		took, err := callIn(request, rdb, pipeline)
		if !errors.Is(err, breaker.ErrOpen) || took > 50*time.Millisecond {
			t.Fatalf("same request (pipeline %v): %v after %v, want ErrOpen at once", pipeline, err, took)
		}
	}
	next := breaker.Once(context.Background())
	if took, err := callIn(next, rdb, false); errors.Is(err, breaker.ErrOpen) || took < 150*time.Millisecond {
		t.Fatalf("next request: %v after %v, want Redis asked again (and timing out)", err, took)
	}
}

// TestRefusedRedisDoesNotOpen: a refused connection that fails fast (no retries left to
// wait out the deadline) leaves the breaker closed, so Redis's return is seen at once.
func TestRefusedRedisDoesNotOpen(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	rdb := client(t, addr, time.Hour, -1)
	for range 3 {
		if _, err := call(rdb, false); err == nil || errors.Is(err, breaker.ErrOpen) {
			t.Fatalf("call to a closed port: %v, want the connection's own error", err)
		}
	}
}
