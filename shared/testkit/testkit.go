// Package testkit gives tests real Postgres databases and Redis databases.
//
// Postgres: TEST_DATABASE_URL when set (a server where the user may CREATE DATABASE),
// otherwise a testcontainers-go container. Each test package migrates one template
// database once; every NewDatabase call clones it (CREATE DATABASE ... TEMPLATE), which is
// fast, and drops the clone when the test ends. Main drops the template and stops any
// container when the package's tests are done.
//
// Redis: TEST_REDIS_URL when set; otherwise a redis-server of the package's own on a free
// port (or a container when none is installed), never the developer's REDIS_URL. Each
// Redis call leases one of the numbered databases 1..15 (a lock key in database 0 keeps
// concurrent test packages apart) and flushes it after use; a database holding keys that
// testkit did not write is passed over, never flushed (redis.go).
//
// When neither the variables nor Docker are available the test fails, naming what to
// set; it never skips silently.
package testkit

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"
)

// MigrateFunc applies a service's migrations to the database at databaseURL.
type MigrateFunc func(ctx context.Context, databaseURL string) error

// suite is the state of one test binary (one package). It is process-wide by nature: a
// test binary is the unit that owns the template database and the containers.
type suite struct {
	migrate MigrateFunc

	mu        sync.Mutex
	pg        *postgresServer
	pgErr     error
	template  string
	redis     *redisServer
	redisErr  error
	cleanups  []func(context.Context)
	prefix    string
	nextClone int
	redisLog  *redisLog // go-redis's lines of this run
}

var current *suite

// Main runs the package's tests and then removes everything testkit created. Call it
// from TestMain; migrate may be nil for packages that need no schema. It also holds
// go-redis's log (a process-wide logger) for the run and prints it only if the package
// fails (redisLog).
func Main(m *testing.M, migrate MigrateFunc) {
	current = &suite{migrate: migrate, prefix: fmt.Sprintf("tk_%d_%s", time.Now().Unix(), randomSuffix())}
	current.redisLog = holdRedisLog()
	code := m.Run()
	if code != 0 {
		current.redisLog.report(os.Stderr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for i := len(current.cleanups) - 1; i >= 0; i-- {
		current.cleanups[i](ctx)
	}
	os.Exit(code)
}

func get(t testing.TB) *suite {
	t.Helper()
	if current == nil {
		t.Fatal("testkit: call testkit.Main(m, migrate) from TestMain in this package")
	}
	return current
}

func (s *suite) atEnd(f func(context.Context)) { s.cleanups = append(s.cleanups, f) }
