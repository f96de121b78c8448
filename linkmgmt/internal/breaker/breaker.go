// Package breaker keeps a replica from waiting on a Redis that hangs. Every use of Redis
// in the service is optional or fails safe (rate limit, click counters, caches, pub/sub,
// the password throttle) and bounds its own round trip; but one request may make
// several such calls, and each would wait out its bound. After a command times out the
// breaker fails every command at once for a pause, so a request pays at most one
// time-out however many Redis calls it makes, and the requests that follow pay none.
// The pause alone does not promise that: a request slower than the pause (a busy
// machine, a slow database) would wait again once it is over. So a request also
// carries its own budget (Once): after one of its commands times out, its other
// commands fail at once, whatever the time.
// A Redis that refuses connections fails fast by itself and does not open the breaker.
package breaker

import (
	"context"
	"errors"
	"net"
	"os"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrOpen is the error of commands refused while the breaker is open, or after a
// command of the same request (Once) timed out.
var ErrOpen = errors.New("redis skipped: it timed out moments ago")

// budget is a request's: whether one of its commands has timed out.
type budget struct{ spent atomic.Bool }

type budgetKey struct{}

// Once returns ctx carrying a budget of one Redis wait: once a command made under it
// (or under a context derived from it) times out, the others fail at once with ErrOpen.
// The HTTP server gives one to every request.
func Once(ctx context.Context) context.Context {
	return context.WithValue(ctx, budgetKey{}, &budget{})
}

// spent reports whether ctx's budget (if any) has been used up.
func spent(ctx context.Context) bool {
	b, _ := ctx.Value(budgetKey{}).(*budget)
	return b != nil && b.spent.Load()
}

// DefaultPause is how long commands are refused after a time-out.
const DefaultPause = 2 * time.Second

// Breaker is a go-redis hook (redis.Client.AddHook).
type Breaker struct {
	pause time.Duration
	now   func() time.Time
	until atomic.Int64 // unix nanoseconds: commands are refused before then
}

// New returns a breaker that stays open for pause after a time-out.
func New(pause time.Duration) *Breaker { return NewWithClock(pause, time.Now) }

// NewWithClock is New with the clock the pause is measured by (tests move it instead of
// waiting the pause out).
func NewWithClock(pause time.Duration, now func() time.Time) *Breaker {
	return &Breaker{pause: pause, now: now}
}

// Open reports whether commands are refused now.
func (b *Breaker) Open() bool { return b.now().UnixNano() < b.until.Load() }

// refuses reports whether a command under ctx is refused: the breaker is open or
// ctx's budget is spent.
func (b *Breaker) refuses(ctx context.Context) bool { return b.Open() || spent(ctx) }

// observe opens the breaker, and spends ctx's budget, when err is a time-out.
func (b *Breaker) observe(ctx context.Context, err error) {
	if timedOut(err) {
		b.until.Store(b.now().Add(b.pause).UnixNano())
		if bud, _ := ctx.Value(budgetKey{}).(*budget); bud != nil {
			bud.spent.Store(true)
		}
	}
}

func timedOut(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// DialHook refuses new connections while open, or once the request's budget is
// spent.
func (b *Breaker) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		if b.refuses(ctx) {
			return nil, ErrOpen
		}
		conn, err := next(ctx, network, addr)
		b.observe(ctx, err)
		return conn, err
	}
}

// ProcessHook refuses commands while open, or once the request's budget is spent.
func (b *Breaker) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if b.refuses(ctx) {
			cmd.SetErr(ErrOpen)
			return ErrOpen
		}
		err := next(ctx, cmd)
		b.observe(ctx, err)
		return err
	}
}

// ProcessPipelineHook refuses pipelines (and transactions) while open, or once the
// request's budget is spent.
func (b *Breaker) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		if b.refuses(ctx) {
			for _, c := range cmds {
				c.SetErr(ErrOpen)
			}
			return ErrOpen
		}
		err := next(ctx, cmds)
		b.observe(ctx, err)
		return err
	}
}
