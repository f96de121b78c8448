package testkit

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/redis/go-redis/v9"
)

// redisLog holds go-redis's own log lines ("failed to dial ... connection refused",
// which the tests that cut or hang Redis provoke on purpose) instead of printing them
// among the test output as if something had failed. go-redis has one logger per
// process, not per client (redis.SetLogger), so Main sets it once for the test binary
// and prints what it held only when the package fails, where it may explain why.
type redisLog struct {
	mu    sync.Mutex
	lines []string
	total int
}

// maxRedisLogLines bounds what a long run keeps (the last lines matter most).
const maxRedisLogLines = 200

func (l *redisLog) Printf(_ context.Context, format string, v ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.lines) == maxRedisLogLines {
		l.lines = l.lines[1:]
	}
	l.lines = append(l.lines, fmt.Sprintf(format, v...))
	l.total++
}

// report writes the lines held to w.
func (l *redisLog) report(w io.Writer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.lines) == 0 {
		return
	}
	fmt.Fprintf(w, "testkit: go-redis logged %d line(s) during this run (the last %d):\n", l.total, len(l.lines))
	for _, line := range l.lines {
		fmt.Fprintln(w, "  redis: "+strings.TrimRight(line, "\n"))
	}
}

// holdRedisLog routes go-redis's log into the returned redisLog.
func holdRedisLog() *redisLog {
	l := &redisLog{}
	redis.SetLogger(l)
	return l
}

// LogWriter is an io.Writer into t's log, for the loggers of servers a test starts
// (an httptest server's Config.ErrorLog, say): their lines show with the test's own,
// under -v or when it fails, instead of on the package's output.
func LogWriter(t testing.TB) io.Writer { return testLogWriter{t} }

type testLogWriter struct{ t testing.TB }

func (w testLogWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// ServerLog is a logger for a service a test starts: it holds the last warnings and
// errors the service logs (a 500's cause, say) and writes them into t's log only when t
// fails, where they explain the failure; a passing test prints nothing. Lines logged
// after t ends (a goroutine the service left) are dropped, not written to a finished t.
func ServerLog(t testing.TB) *slog.Logger {
	h := &heldLog{}
	t.Cleanup(func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if t.Failed() && len(h.lines) > 0 {
			t.Logf("the service logged %d warning(s) or error(s) (the last %d):\n%s", h.total, len(h.lines), strings.Join(h.lines, ""))
		}
		h.closed = true
	})
	return slog.New(slog.NewTextHandler(h, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// maxServerLogLines bounds what ServerLog holds.
const maxServerLogLines = 200

type heldLog struct {
	mu     sync.Mutex
	lines  []string
	total  int
	closed bool
}

func (h *heldLog) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return len(p), nil
	}
	if len(h.lines) == maxServerLogLines {
		h.lines = h.lines[1:]
	}
	h.lines = append(h.lines, string(p))
	h.total++
	return len(p), nil
}
