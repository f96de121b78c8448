package breaker_test

import (
	"context"
	"errors"
	"net"
	"os"
	"sync/atomic"
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
	return clientWith(t, addr, breaker.New(pause), maxRetries)
}

func clientWith(t *testing.T, addr string, b *breaker.Breaker, maxRetries int) *redis.Client {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: addr, ContextTimeoutEnabled: true, MaxRetries: maxRetries, DialerRetries: 1})
	rdb.AddHook(b)
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

// call runs one command bounded by 200 ms and returns its error.
func call(rdb *redis.Client, pipeline bool) error {
	return callIn(context.Background(), rdb, pipeline)
}

// callIn is call under parent (a request's context, say).
func callIn(parent context.Context, rdb *redis.Client, pipeline bool) error {
	ctx, cancel := context.WithTimeout(parent, 200*time.Millisecond)
	defer cancel()
	if pipeline {
		_, err := rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			p.Incr(ctx, "k")
			p.Expire(ctx, "k", time.Minute)
			return nil
		})
		return err
	}
	return rdb.Get(ctx, "k").Err()
}

// askedAndTimedOut reports whether err is a command's own time-out: Redis was asked and
// did not answer within the command's bound (ErrOpen would mean it was not asked).
func askedAndTimedOut(err error) bool {
	if err == nil || errors.Is(err, breaker.ErrOpen) {
		return false
	}
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
}

// TestHangingRedisCostsOneTimeout: the first command waits out its deadline; the
// commands that follow, single or pipelined, fail at once with ErrOpen (refused before
// Redis is asked) until the pause ends; then Redis is asked again. The pause is measured
// by the test's clock, moved past it instead of waited out.
func TestHangingRedisCostsOneTimeout(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Now().UnixNano())
	b := breaker.NewWithClock(500*time.Millisecond, func() time.Time { return time.Unix(0, now.Load()) })
	rdb := clientWith(t, testkit.HangingServer(t), b, 0)
	if err := call(rdb, false); !askedAndTimedOut(err) {
		t.Fatalf("first call: %v, want its own time-out", err)
	}
	for _, pipeline := range []bool{false, true, false} {
		if err := call(rdb, pipeline); !errors.Is(err, breaker.ErrOpen) {
			t.Fatalf("call while open (pipeline %v): %v, want ErrOpen at once", pipeline, err)
		}
	}
	now.Add(int64(499 * time.Millisecond))
	if err := call(rdb, false); !errors.Is(err, breaker.ErrOpen) {
		t.Fatalf("call just before the pause ends: %v, want ErrOpen", err)
	}
	now.Add(int64(100 * time.Millisecond))
	if err := call(rdb, false); !askedAndTimedOut(err) {
		t.Fatalf("after the pause: %v, want Redis asked again (and timing out)", err)
	}
}

// TestOnceBoundsARequestWhateverTheClock: under a context from Once, the commands that
// follow a time-out fail at once even with no pause at all (a request slower than the
// pause); a context with a budget of its own (the next request) asks Redis again.
func TestOnceBoundsARequestWhateverTheClock(t *testing.T) {
	rdb := client(t, testkit.HangingServer(t), 0, 0)
	request := breaker.Once(context.Background())
	if err := callIn(request, rdb, false); !askedAndTimedOut(err) {
		t.Fatalf("first call: %v, want its own time-out", err)
	}
	for _, pipeline := range []bool{false, true} {
		if err := callIn(request, rdb, pipeline); !errors.Is(err, breaker.ErrOpen) {
			t.Fatalf("same request (pipeline %v): %v, want ErrOpen at once", pipeline, err)
		}
	}
	next := breaker.Once(context.Background())
	if err := callIn(next, rdb, false); !askedAndTimedOut(err) {
		t.Fatalf("next request: %v, want Redis asked again (and timing out)", err)
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
		if err := call(rdb, false); err == nil || errors.Is(err, breaker.ErrOpen) {
			t.Fatalf("call to a closed port: %v, want the connection's own error", err)
		}
	}
}
