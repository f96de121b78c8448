package qr

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

// TestImageCacheKeepsOnlyBoundedRenderings: a rendering over maxCachedImageBytes is not
// written to Redis; one under it is, and is read back.
func TestImageCacheKeepsOnlyBoundedRenderings(t *testing.T) {
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	c := newImageCache(rdb)
	ctx, log := context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tt := range []struct {
		name string
		size int
		kept bool
	}{
		{"small", 4 << 10, true},
		{"at the bound", maxCachedImageBytes, true},
		{"over the bound", maxCachedImageBytes + 1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := bytes.Repeat([]byte{'x'}, tt.size)
			defer c.forget(ctx, log, 7)
			c.put(ctx, log, 7, FormatPNG, `"e"`, body)
			got, hit, up := c.get(ctx, log, 7, FormatPNG, `"e"`)
			if !up || hit != tt.kept || (hit && !bytes.Equal(got, body)) {
				t.Fatalf("hit %v (reachable %v, %d bytes), want kept %v", hit, up, len(got), tt.kept)
			}
			// (Redis's allocator rounds a megabyte value up to its size class.)
			if n, _ := rdb.MemoryUsage(ctx, imageKey(7, FormatPNG)).Result(); n > 2*maxCachedImageBytes {
				t.Fatalf("redis holds %d bytes for one rendering", n)
			}
		})
	}
}
