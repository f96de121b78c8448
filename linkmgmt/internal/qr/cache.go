package qr

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// imageCacheTTL bounds how long an unrequested rendering stays in Redis.
const imageCacheTTL = 7 * 24 * time.Hour

// maxCachedImageBytes bounds one cached rendering. Codes are at most 177 modules a side,
// so a rendering is a few hundred kilobytes at worst (an SVG carrying its logo); anything
// larger is served but not kept: Redis memory stays bounded by codes x 2 formats x this.
const maxCachedImageBytes = 1 << 20

// imageCacheTimeout bounds each Redis round trip of the cache: a Redis that hangs costs
// a request this long at most, then the image is rendered (or the change is left to the
// ETag, which never matches a stale entry).
const imageCacheTimeout = 500 * time.Millisecond

// imageCache keeps rendered images in Redis, shared by every replica, one entry per code
// and format holding the ETag it was rendered for. A changed code has a new ETag, so a
// stale entry is never served; update and delete also drop the entries at once. Redis
// failures only cost a re-rendering.
type imageCache struct{ rdb *redis.Client }

func newImageCache(rdb *redis.Client) *imageCache { return &imageCache{rdb: rdb} }

func imageKey(id int64, format string) string {
	return "qr:img:" + strconv.FormatInt(id, 10) + ":" + format
}

// get returns the cached rendering for etag. reachable is false when Redis failed, so
// the caller does not wait on it a second time to store the new rendering.
func (c *imageCache) get(ctx context.Context, log *slog.Logger, id int64, format, etag string) (body []byte, hit, reachable bool) {
	if c.rdb == nil {
		return nil, false, false
	}
	ctx, cancel := context.WithTimeout(ctx, imageCacheTimeout)
	defer cancel()
	vals, err := c.rdb.HMGet(ctx, imageKey(id, format), "etag", "body").Result()
	if err != nil {
		log.WarnContext(ctx, "qr image cache read failed", "qr_id", id, "error", err)
		return nil, false, false
	}
	cached, _ := vals[0].(string)
	raw, _ := vals[1].(string)
	if cached != etag || raw == "" {
		return nil, false, true
	}
	return []byte(raw), true, true
}

func (c *imageCache) put(ctx context.Context, log *slog.Logger, id int64, format, etag string, body []byte) {
	if c.rdb == nil || len(body) > maxCachedImageBytes {
		return
	}
	key := imageKey(id, format)
	ctx, cancel := context.WithTimeout(ctx, imageCacheTimeout)
	defer cancel()
	_, err := c.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, key, "etag", etag, "body", body)
		p.Expire(ctx, key, imageCacheTTL)
		return nil
	})
	if err != nil {
		log.WarnContext(ctx, "qr image cache write failed", "qr_id", id, "error", err)
	}
}

func (c *imageCache) forget(ctx context.Context, log *slog.Logger, id int64) {
	if c.rdb == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, imageCacheTimeout)
	defer cancel()
	if err := c.rdb.Del(ctx, imageKey(id, FormatPNG), imageKey(id, FormatSVG)).Err(); err != nil {
		log.WarnContext(ctx, "qr image cache invalidation failed", "qr_id", id, "error", err)
	}
}
