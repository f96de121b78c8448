package redirect

import (
	"context"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
)

// TestCacheIsBoundedInBytes fills the link and domain caches with many distinct large
// entries (a 64 KB destination each, 256-byte hosts): the bytes accounted never pass the
// bound, and neither does the live heap after GC.
func TestCacheIsBoundedInBytes(t *testing.T) {
	ctx := context.Background()
	const maxBytes = 2 << 20
	c := NewCache(CacheOptions{MaxBytes: maxBytes})
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range 2000 {
		alias := "a" + strconv.Itoa(i)
		c.links.Get(ctx, linkKey(int64(i), alias), func(context.Context) (*Target, error) {
			tg := &Target{Destination: "https://example.org/" + strings.Repeat("x", 64<<10) + alias}
			tg.weight = weigh(tg)
			return tg, nil
		})
		host := strings.Repeat("h", 240) + strconv.Itoa(i) + ".example"
		c.domains.Get(ctx, host, func(context.Context) (domain.Domain, error) {
			return domain.Domain{Domain: "https://" + host, Host: host, RedirectRoot: "https://" + host + "/root"}, nil
		})
		if b := c.links.Bytes(); b > maxBytes {
			t.Fatalf("after %d links: %d bytes, bound %d", i+1, b, maxBytes)
		}
		if b := c.domains.Bytes(); b > 1<<20 {
			t.Fatalf("after %d domains: %d bytes, bound %d", i+1, b, 1<<20)
		}
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 4*maxBytes {
		t.Fatalf("live heap grew by %d MB for a %d MB cache (2000 x 64 KB fed)", grown>>20, maxBytes>>20)
	}
	if n := c.Len(); n == 0 || n > 32 {
		t.Fatalf("%d links cached, want the ~30 most recent that fit", n)
	}
	runtime.KeepAlive(c)
}
