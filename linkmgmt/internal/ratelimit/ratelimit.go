// Package ratelimit is the API's per-account sliding-window rate limit, kept in Redis so
// every replica of the service counts against the same window.
//
// Each key is a sorted set of the requests admitted in the last window, scored by the
// time they were admitted. One Lua script per request drops the entries older than the
// window, counts what is left and admits the request only when the count is below the
// limit. Redis runs a script atomically, so concurrent requests on any number of
// replicas can never admit more than the limit. Time comes from the Redis server (TIME),
// not from the replicas' clocks, so clock skew between replicas cannot stretch a window.
package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/netip"
	"time"

	"github.com/redis/go-redis/v9"
)

// DefaultWindow is the spec's window: a limit is "requests per 1 minute".
const DefaultWindow = time.Minute

// slidingWindow admits one request if fewer than ARGV[1] were admitted in the last
// ARGV[2] microseconds. ARGV[3] is a unique member for this request; ARGV[4], when
// given, is the time in microseconds (a Limiter with a clock), otherwise Redis TIME.
// Returns {admitted (0|1), count in window after the decision, oldest score, now} with
// times in microseconds since the Unix epoch (scores are exact in a double up to 2^53).
var slidingWindow = redis.NewScript(`
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now
if ARGV[4] then
  now = tonumber(ARGV[4])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000000 + tonumber(t[2])
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local admitted = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[3])
  count = count + 1
  admitted = 1
end
redis.call('PEXPIRE', key, math.ceil(window / 1000))
local oldest = now
local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if first[2] then oldest = tonumber(first[2]) end
return {admitted, count, oldest, now}
`)

// Limiter checks requests against per-key limits over a sliding window.
type Limiter struct {
	rdb    redis.Scripter
	window time.Duration
	prefix string
	now    func() time.Time // nil: Redis TIME
}

// New returns a Limiter over rdb. window <= 0 means DefaultWindow.
func New(rdb redis.Scripter, window time.Duration) *Limiter {
	if window <= 0 {
		window = DefaultWindow
	}
	return &Limiter{rdb: rdb, window: window, prefix: "ratelimit:"}
}

// WithClock returns a copy of the limiter that reads the time from now instead of the
// Redis server, so a test can move a window instead of waiting for it. Every replica
// must use the same clock: production keeps Redis TIME.
func (l *Limiter) WithClock(now func() time.Time) *Limiter {
	c := *l
	c.now = now
	return &c
}

// Window is the length of the sliding window.
func (l *Limiter) Window() time.Duration { return l.window }

// Decision is the outcome of one Allow call.
type Decision struct {
	Allowed   bool
	Limit     int
	Remaining int // requests still admitted in the current window after this one
	// Reset is when the oldest request still counted leaves the window, i.e. when
	// Remaining next goes up.
	Reset time.Time
	// RetryAfter is how long a refused client should wait (Reset - now); 0 when allowed.
	RetryAfter time.Duration
}

// Allow counts one request for key against limit and says whether it is admitted.
// Refused requests are not counted, so a client that keeps retrying does not push its
// own window forward. An error means Redis could not be asked; the caller decides what
// to do then.
func (l *Limiter) Allow(ctx context.Context, key string, limit int) (Decision, error) {
	if limit < 1 {
		limit = 1
	}
	member, err := uniqueMember()
	if err != nil {
		return Decision{}, err
	}
	args := []any{limit, l.window.Microseconds(), member}
	if l.now != nil {
		args = append(args, l.now().UnixMicro())
	}
	res, err := slidingWindow.Run(ctx, l.rdb, []string{l.prefix + key}, args...).Int64Slice()
	if err != nil {
		return Decision{}, fmt.Errorf("rate limit script for %s: %w", key, err)
	}
	if len(res) != 4 {
		return Decision{}, fmt.Errorf("rate limit script for %s: unexpected reply %v", key, res)
	}
	admitted, count, oldest, now := res[0] == 1, int(res[1]), res[2], res[3]
	d := Decision{
		Allowed:   admitted,
		Limit:     limit,
		Remaining: max(0, limit-count),
		Reset:     time.UnixMicro(oldest).Add(l.window),
	}
	if !admitted {
		d.RetryAfter = max(0, d.Reset.Sub(time.UnixMicro(now)))
	}
	return d, nil
}

// ClientKey is the form a client address is counted under: an IPv4 address as is, an
// IPv6 address by its /64, the block one subscriber gets (rotating addresses within it
// buys nothing).
func ClientKey(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is6() {
		return netip.PrefixFrom(ip, 64).Masked().String()
	}
	return ip.String()
}

// uniqueMember names one request in the sorted set; two requests in the same
// microsecond must still be two members.
func uniqueMember() (string, error) {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("rate limit member: %w", err)
	}
	return hex.EncodeToString(b), nil
}
