package testkit

import (
	"context"
	"fmt"
	"io"
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
