package lru

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
)

func intSize(int) int64 { return 8 }

func TestLoading(t *testing.T) {
	ctx := context.Background()
	t.Run("concurrent misses share one load", func(t *testing.T) {
		c := NewLoading[int](10, 1<<20, intSize, LoadingOptions{TTL: time.Minute, NegTTL: time.Second})
		var loads atomic.Int32
		// The load ends only once every caller has started: they run while it is in flight.
		var started, wg sync.WaitGroup
		started.Add(20)
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				started.Done()
				v, found, err := c.Get(ctx, "k", func(context.Context) (int, error) {
					loads.Add(1)
					started.Wait()
					return 7, nil
				})
				if err != nil || !found || v != 7 {
					t.Errorf("get = %d %v %v", v, found, err)
				}
			}()
		}
		wg.Wait()
		if n := loads.Load(); n != 1 {
			t.Fatalf("%d loads, want 1", n)
		}
	})
	t.Run("not found is cached briefly, errors are not cached", func(t *testing.T) {
		var clock atomic.Int64 // the cache's clock, moved past the negative TTL
		c := NewLoading[int](10, 1<<20, intSize, LoadingOptions{TTL: time.Minute, NegTTL: 30 * time.Millisecond,
			Clock: func() time.Duration { return time.Duration(clock.Load()) }})
		var loads atomic.Int32
		notFound := func(context.Context) (int, error) {
			loads.Add(1)
			return 0, apperr.New(apperr.NotFound, "nope")
		}
		for i := 0; i < 3; i++ {
			if _, found, err := c.Get(ctx, "x", notFound); found || err != nil {
				t.Fatalf("get = %v %v", found, err)
			}
		}
		clock.Add(int64(40 * time.Millisecond))
		c.Get(ctx, "x", notFound)
		if n := loads.Load(); n != 2 {
			t.Fatalf("%d loads, want 2 (one per negative TTL)", n)
		}
		failing := func(context.Context) (int, error) { loads.Add(1); return 0, context.DeadlineExceeded }
		c.Get(ctx, "y", failing)
		c.Get(ctx, "y", failing)
		if n := loads.Load(); n != 4 {
			t.Fatalf("errors were cached: %d loads, want 4", n)
		}
	})
	t.Run("bounded and forgettable", func(t *testing.T) {
		c := NewLoading[int](100, 1<<20, intSize, LoadingOptions{TTL: time.Minute, NegTTL: time.Second})
		for i := 0; i < 1000; i++ {
			c.Get(ctx, string(rune('a'+i%26))+time.Duration(i).String(), func(context.Context) (int, error) { return i, nil })
		}
		if n := c.Len(); n > 100 {
			t.Fatalf("cache holds %d entries, bound is 100", n)
		}
		c.Get(ctx, "k", func(context.Context) (int, error) { return 1, nil })
		c.Forget("k")
		v, _, _ := c.Get(ctx, "k", func(context.Context) (int, error) { return 2, nil })
		if v != 2 {
			t.Fatalf("after forget got %d, want a fresh load", v)
		}
	})
}

// A load that read the row before an invalidation must not put the old value back in
// the cache after it: the invalidation would be lost until the TTL.
func TestLoadingInvalidationDuringLoad(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name       string
		invalidate func(c *Loading[int])
	}{
		{"forget", func(c *Loading[int]) { c.Forget("k") }},
		{"purge", func(c *Loading[int]) { c.Purge() }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := NewLoading[int](10, 1<<20, intSize, LoadingOptions{TTL: time.Minute, NegTTL: time.Second})
			reading, release := make(chan struct{}), make(chan struct{})
			done := make(chan int)
			go func() {
				v, _, _ := c.Get(ctx, "k", func(context.Context) (int, error) {
					close(reading)
					<-release
					return 1, nil // the row as it was before the change
				})
				done <- v
			}()
			<-reading
			tt.invalidate(c) // the change commits and is announced while the load runs
			close(release)
			if v := <-done; v != 1 {
				t.Fatalf("in-flight get = %d, want 1", v)
			}
			v, _, _ := c.Get(ctx, "k", func(context.Context) (int, error) { return 2, nil })
			if v != 2 {
				t.Fatalf("after the invalidation get = %d, want the new row (2): the stale load was cached", v)
			}
		})
	}
}
