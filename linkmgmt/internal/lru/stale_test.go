package lru_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/linkmgmt/internal/outage"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// manualClock is a Clock the test moves.
type manualClock struct{ now atomic.Int64 }

func (c *manualClock) read() time.Duration     { return time.Duration(c.now.Load()) }
func (c *manualClock) advance(d time.Duration) { c.now.Add(int64(d)) }

// staleEnv is a Loading with the outage tracker the service gives it.
type staleEnv struct {
	clock   *manualClock
	tracker *outage.Tracker
	heard   atomic.Bool
	c       *lru.Loading[string]
	loads   atomic.Int32
}

const (
	staleTTL    = 30 * time.Second
	staleNegTTL = 5 * time.Second
	staleWindow = time.Hour
)

func newStaleEnv(window time.Duration, maxEntries int) *staleEnv {
	e := &staleEnv{clock: &manualClock{}}
	e.heard.Store(true)
	e.tracker = outage.New(outage.Options{StaleWindow: window, Clock: e.clock.read, Heard: e.heard.Load})
	guarded := e.tracker.Guard("test", lru.LoadingOptions{TTL: staleTTL, NegTTL: staleNegTTL})
	guarded.LoadTimeout = 50 * time.Millisecond // the time-out case waits it out
	e.c = lru.NewLoading(maxEntries, 1<<20, func(s string) int64 { return int64(len(s)) }, guarded)
	return e
}

// errRefused is what a load returns while Postgres refuses connections (as the stores
// wrap it).
var errRefused = fmt.Errorf("load link: %w", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED})

func (e *staleEnv) get(key string, val string, err error) (string, bool, error) {
	return e.c.Get(context.Background(), key, func(context.Context) (string, error) {
		e.loads.Add(1)
		return val, err
	})
}

// want checks one Get's answer.
func want(t *testing.T, step string, v string, found bool, err error, wantV string, wantFound, wantErr bool) {
	t.Helper()
	if (err != nil) != wantErr || v != wantV || found != wantFound {
		t.Fatalf("%s: got (%q, %v, %v), want (%q, %v, error %v)", step, v, found, err, wantV, wantFound, wantErr)
	}
}

// TestLoadingStaleIfError: an expired value answers while its reload fails because the
// source is down, within the window past its TTL, and in no other case (another error, a
// not-found, an invalidated or evicted entry, a replica that may miss invalidations).
func TestLoadingStaleIfError(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, e *staleEnv)
	}{
		{"expired value answers while the source is down", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.clock.advance(staleTTL)
			v, found, err := e.get("k", "", errRefused)
			want(t, "source down", v, found, err, "v1", true, false)
			if !e.tracker.Degraded() {
				t.Fatal("not degraded after a failed load")
			}
			e.clock.advance(outage.RetryInterval)
			v, found, err = e.get("k", "v2", nil)
			want(t, "source back", v, found, err, "v2", true, false)
			if e.tracker.Degraded() {
				t.Fatal("still degraded after a load reached the source")
			}
		}},
		{"a load past its time-out is an outage", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.clock.advance(staleTTL)
			v, found, err := e.c.Get(context.Background(), "k", func(ctx context.Context) (string, error) {
				<-ctx.Done()
				return "", fmt.Errorf("load link: %w", ctx.Err())
			})
			want(t, "load timed out", v, found, err, "v1", true, false)
		}},
		{"an error that is an answer of the source is not", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.clock.advance(staleTTL)
			v, found, err := e.get("k", "", errors.New("ERROR: column does not exist (SQLSTATE 42703)"))
			want(t, "query error", v, found, err, "", false, true)
		}},
		{"a not-found replaces the value and is never served stale", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.clock.advance(staleTTL)
			v, found, err := e.get("k", "", apperr.New(apperr.NotFound, "Link not found"))
			want(t, "deleted", v, found, err, "", false, false)
			e.clock.advance(staleNegTTL)
			v, found, err = e.get("k", "", errRefused)
			want(t, "source down after the deletion", v, found, err, "", false, true)
		}},
		{"not past the window", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.clock.advance(staleTTL + staleWindow - time.Nanosecond)
			v, found, err := e.get("k", "", errRefused)
			want(t, "last instant of the window", v, found, err, "v1", true, false)
			e.clock.advance(time.Nanosecond)
			v, found, err = e.get("k", "", errRefused)
			want(t, "window over", v, found, err, "", false, true)
		}},
		{"not after Forget", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.c.Forget("k")
			e.clock.advance(staleTTL)
			v, found, err := e.get("k", "", errRefused)
			want(t, "forgotten", v, found, err, "", false, true)
		}},
		{"not after Purge", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.c.Purge()
			e.clock.advance(staleTTL)
			v, found, err := e.get("k", "", errRefused)
			want(t, "purged", v, found, err, "", false, true)
		}},
		{"not after an invalidation during the failing load", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.clock.advance(staleTTL)
			v, found, err := e.c.Get(context.Background(), "k", func(context.Context) (string, error) {
				e.c.Forget("k") // the link is deleted while its reload waits on Postgres
				return "", errRefused
			})
			want(t, "invalidated while loading", v, found, err, "", false, true)
		}},
		{"not while invalidations may be missed", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			e.heard.Store(false)
			e.clock.advance(staleTTL)
			v, found, err := e.get("k", "", errRefused)
			want(t, "unsubscribed", v, found, err, "", false, true)
		}},
		{"not once evicted by the bounds", func(t *testing.T, e *staleEnv) {
			e.get("k", "v1", nil)
			for i := range 10 {
				e.get("other"+strconv.Itoa(i), "v", nil)
			}
			e.clock.advance(staleTTL)
			v, found, err := e.get("k", "", errRefused)
			want(t, "evicted", v, found, err, "", false, true)
		}},
		{"after a failure, no load until the retry interval", func(t *testing.T, e *staleEnv) {
			e.get("a", "a1", nil)
			e.get("b", "b1", nil)
			e.clock.advance(staleTTL)
			e.get("a", "", errRefused)
			loads := e.loads.Load()
			for _, k := range []string{"a", "b", "a"} {
				v, found, err := e.get(k, "", errRefused)
				want(t, "within the retry interval", v, found, err, k+"1", true, false)
			}
			if n := e.loads.Load() - loads; n != 0 {
				t.Fatalf("%d loads within the retry interval, want none", n)
			}
			e.clock.advance(outage.RetryInterval)
			e.get("b", "", errRefused)
			if n := e.loads.Load() - loads; n != 1 {
				t.Fatalf("%d loads after the retry interval, want 1", n)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.run(t, newStaleEnv(staleWindow, 4)) })
	}
	t.Run("off: window 0", func(t *testing.T) {
		e := newStaleEnv(0, 4)
		e.get("k", "v1", nil)
		e.clock.advance(staleTTL)
		v, found, err := e.get("k", "", errRefused)
		want(t, "stale answers off", v, found, err, "", false, true)
		if !e.tracker.Degraded() {
			t.Fatal("not degraded after a failed load")
		}
	})
}
