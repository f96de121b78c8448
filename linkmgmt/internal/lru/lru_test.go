package lru

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := New[string, int](3, 1<<20, StringSize[int](0))
	c.Add("a", 1)
	c.Add("b", 2)
	c.Add("c", 3)
	if _, ok := c.Get("a"); !ok { // a is now the most recent
		t.Fatal("a missing")
	}
	c.Add("d", 4)
	for key, want := range map[string]bool{"a": true, "b": false, "c": true, "d": true} {
		if _, ok := c.Get(key); ok != want {
			t.Errorf("%s present = %v, want %v", key, ok, want)
		}
	}
	c.Add("c", 30) // replacing keeps one entry
	if v, _ := c.Get("c"); v != 30 || c.Len() != 3 {
		t.Errorf("after replace: c = %d, len = %d", v, c.Len())
	}
	c.Remove("c")
	c.Purge()
	if c.Len() != 0 || c.Bytes() != 0 {
		t.Errorf("after purge: len %d, bytes %d", c.Len(), c.Bytes())
	}
}

func TestCacheByteBound(t *testing.T) {
	tests := []struct {
		name     string
		keyBytes int
		maxBytes int64
	}{
		{"small keys", 16, 64 << 10},
		{"large keys", 64 << 10, 1 << 20},
		{"keys larger than the bound are refused", 2 << 20, 1 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New[string, bool](1_000_000, tt.maxBytes, StringSize[bool](1))
			pad := strings.Repeat("x", tt.keyBytes)
			for i := 0; i < 500; i++ {
				c.Add(strconv.Itoa(i)+pad, true)
				if b := c.Bytes(); b > tt.maxBytes {
					t.Fatalf("after %d adds: %d bytes accounted, bound %d", i+1, b, tt.maxBytes)
				}
			}
			// The newest entry is kept whenever it fits.
			if _, ok := c.Get("499" + pad); ok != (int64(tt.keyBytes)+4+EntryOverhead <= tt.maxBytes) {
				t.Errorf("newest entry present = %v", ok)
			}
		})
	}
}

// TestCacheHeapStaysBounded feeds 200 distinct 1 MB keys (200 MB in all) into a 4 MB
// cache: the live heap after GC stays near the bound, not near what was fed.
func TestCacheHeapStaysBounded(t *testing.T) {
	const maxBytes = 4 << 20
	c := New[string, bool](10_000, maxBytes, StringSize[bool](1))
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < 200; i++ {
		c.Add(strconv.Itoa(i)+strings.Repeat("a", 1<<20), true)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if grown > 3*maxBytes {
		t.Fatalf("live heap grew by %d MB for a %d MB cache", grown>>20, maxBytes>>20)
	}
	if c.Bytes() > maxBytes || c.Len() > 4 {
		t.Fatalf("cache holds %d entries, %d bytes", c.Len(), c.Bytes())
	}
	runtime.KeepAlive(c)
}

func TestCacheConcurrentUse(t *testing.T) {
	c := New[string, int](100, 1<<20, StringSize[int](8))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				k := strconv.Itoa((g * i) % 300)
				c.Add(k, i)
				c.Get(k)
				if i%100 == 0 {
					c.Remove(k)
				}
			}
		}()
	}
	wg.Wait()
	if c.Len() > 100 {
		t.Fatalf("len %d over the bound", c.Len())
	}
}
