package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/ratelimit"
	"github.com/prometheus/client_golang/prometheus"
)

// Rate-limit response headers, spelled as the spec writes them (set on the header map
// directly: Header.Set would canonicalise them to X-Ratelimit-*; HTTP clients compare
// names case-insensitively either way).
const (
	headerLimit     = "X-RateLimit-Limit"
	headerRemaining = "X-RateLimit-Remaining"
	headerReset     = "X-RateLimit-Reset"
	headerRetry     = "Retry-After"
)

// freePlan is the plan whose limit comes from RATE_LIMIT_PER_MINUTE.
const freePlan = "free"

type rateLimitMetrics struct {
	rejected    prometheus.Counter
	unavailable prometheus.Counter
}

func newRateLimitMetrics(reg prometheus.Registerer) rateLimitMetrics {
	m := rateLimitMetrics{
		rejected: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "ratelimit_rejected_total",
			Help: "API requests refused with 429 by the rate limit.",
		}),
		unavailable: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "ratelimit_unavailable_total",
			Help: "API requests let through unchecked because Redis could not be asked.",
		}),
	}
	reg.MustRegister(m.rejected, m.unavailable)
	return m
}

// rateLimiter throttles API calls per account (so rotating the key does not reset the
// window) at the limit of the account's plan, and calls without a valid key per client
// address at the free plan's limit.
type rateLimiter struct {
	limiter   *ratelimit.Limiter
	freeLimit int // RATE_LIMIT_PER_MINUTE: the free plan's limit
	log       *slog.Logger
	metrics   rateLimitMetrics
	// clientIP is the caller's address under the TRUSTED_PROXIES rules.
	clientIP func(*http.Request) netip.Addr
	// check bounds the Redis round trip of one check (a slow Redis delays an API call by
	// at most its Deadline before the call is let through) and the pause after a failed
	// one (calls in it go through at once instead of each waiting for Redis to fail).
	check app.RateLimitCheck

	// pausedUntil (Unix nanoseconds) is set when Redis fails; until then calls are let
	// through unchecked. It is this replica's own view of Redis, nothing shared.
	pausedUntil atomic.Int64
}

// limitFor is the account's requests per window: the free plan takes the configured
// RATE_LIMIT_PER_MINUTE, the other plans their plans.requests_per_minute.
func (r *rateLimiter) limitFor(acc account.Account) int {
	if acc.Plan == freePlan || acc.RateLimit < 1 {
		return r.freeLimit
	}
	return acc.RateLimit
}

// middleware runs after requireAPIKey. It sets the X-RateLimit-* headers on every
// response (errors included) and refuses calls past the account's limit with 429 and
// Retry-After.
func (r *rateLimiter) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		acc := currentAccount(c)
		if err := r.apply(c, "account:"+strconv.FormatInt(acc.ID, 10), r.limitFor(acc)); err != nil {
			return err
		}
		return next(c)
	}
}

// anonymous counts a call that carries no valid API key against its client address
// (IPv6 per /64), at the free plan's limit, and returns what to answer: refusal (the
// 401), or 429 once the address is past its limit. The headers come with both, and
// invalid keys cannot be tried faster than the limit.
func (r *rateLimiter) anonymous(c echo.Context, refusal error) error {
	if err := r.apply(c, "ip:"+ratelimit.ClientKey(r.clientIP(c.Request())), r.freeLimit); err != nil {
		return err
	}
	return refusal
}

// apply counts the call against key's window of limit calls, sets the X-RateLimit-*
// headers and returns the 429 error past the limit. When Redis cannot be asked the call
// goes through (fail open): the API stays usable, the failure is logged and counted,
// and the response carries only X-RateLimit-Limit. After a failure Redis is left alone
// for the check's Pause, so an outage does not add its Deadline to every call.
func (r *rateLimiter) apply(c echo.Context, key string, limit int) error {
	h := c.Response().Header()
	h[headerLimit] = []string{strconv.Itoa(limit)}

	if r.check.Now().UnixNano() < r.pausedUntil.Load() {
		r.metrics.unavailable.Inc()
		return nil
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), r.check.Deadline)
	d, err := r.limiter.Allow(ctx, key, limit)
	cancel()
	if err != nil {
		// Fail open, and stop asking for a moment: one log line per pause, not one
		// per call; the metric counts every unchecked call.
		r.pausedUntil.Store(r.check.Now().Add(r.check.Pause).UnixNano())
		r.metrics.unavailable.Inc()
		r.log.WarnContext(c.Request().Context(), "rate limit unavailable, requests let through unchecked",
			"pause", r.check.Pause.String(), "key", key, "error", err)
		return nil
	}
	h[headerRemaining] = []string{strconv.Itoa(d.Remaining)}
	h[headerReset] = []string{strconv.FormatInt(ceilUnix(d.Reset), 10)}
	if !d.Allowed {
		retry := ceilSeconds(d.RetryAfter)
		h.Set(headerRetry, strconv.FormatInt(retry, 10))
		r.metrics.rejected.Inc()
		return errRateLimited.Withf("Rate limit exceeded: %d requests per %s. Retry in %d seconds.",
			limit, windowName(r.limiter.Window()), retry)
	}
	return nil
}

// ceilUnix is t in whole Unix seconds, rounded up (the window is free again by then).
func ceilUnix(t time.Time) int64 {
	s := t.Unix()
	if t.Nanosecond() > 0 {
		s++
	}
	return s
}

// ceilSeconds rounds a wait up to whole seconds, at least 1 (Retry-After has no fractions).
func ceilSeconds(d time.Duration) int64 {
	s := int64((d + time.Second - 1) / time.Second)
	return max(1, s)
}

func windowName(w time.Duration) string {
	if w == time.Minute {
		return "minute"
	}
	return w.String()
}
