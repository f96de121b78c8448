package testkit

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	tcredis "github.com/testcontainers/testcontainers-go/modules/redis"
)

// Redis for tests, and what they may delete. Without TEST_REDIS_URL the test binary runs
// a Redis of its own: redis-server on a free loopback port when one is installed (stopped
// when the package's tests end), else a testcontainers container. With TEST_REDIS_URL,
// tests lease databases 1..15 of that server (a lock key in database 0 keeps concurrent
// test packages apart), and never flush a database that held keys testkit did not write:
// a database that is not empty at lease time is flushed only when a testkit run left it
// so (a killed run's marker in database 0), and is otherwise passed over; when every one
// holds foreign keys, the test fails saying so.

const noRedisHelp = "testkit: no Redis for tests. Install redis-server (testkit then runs " +
	"its own on a free port), start a Docker engine for testcontainers, or set " +
	"TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/0) to a Redis whose databases 1-15 tests may use"

// leaseTTL bounds how long a killed test run can hold a Redis database.
const leaseTTL = 30 * time.Minute

// dirtyTTL bounds how long a killed run's marker says a database holds only testkit's keys.
const dirtyTTL = 7 * 24 * time.Hour

type redisServer struct {
	url string // database 0 of the server
}

// Redis returns the URL of an empty Redis database leased for this test. It is flushed
// and released when the test ends.
func Redis(t testing.TB) string {
	t.Helper()
	s := get(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	s.mu.Lock()
	err := s.ensureRedis(ctx)
	server := s.redis
	s.mu.Unlock()
	if err != nil {
		t.Fatalf("%v", err)
	}
	db, release, err := server.lease(ctx)
	if err != nil {
		t.Fatalf("testkit: lease a redis database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		release(ctx)
	})
	return server.urlFor(db)
}

func (s *suite) ensureRedis(ctx context.Context) error {
	if s.redis != nil || s.redisErr != nil {
		return s.redisErr
	}
	raw := os.Getenv("TEST_REDIS_URL")
	if raw == "" {
		var err error
		if raw, err = s.ownRedis(ctx); err != nil {
			s.redisErr = err
			return err
		}
	}
	srv := &redisServer{url: raw}
	opts, err := redis.ParseURL(srv.urlFor(0))
	if err != nil {
		s.redisErr = fmt.Errorf("%s (TEST_REDIS_URL: %v)", noRedisHelp, err)
		return s.redisErr
	}
	rdb := redis.NewClient(opts)
	defer rdb.Close()
	if err := rdb.Ping(ctx).Err(); err != nil {
		s.redisErr = fmt.Errorf("%s (ping %s: %v)", noRedisHelp, opts.Addr, err)
		return s.redisErr
	}
	s.redis = srv
	return nil
}

// ownRedis starts a Redis for this test binary alone and returns its URL: redis-server
// when installed, else a container. It is stopped when the package's tests end.
func (s *suite) ownRedis(ctx context.Context) (string, error) {
	var local error
	if bin, err := exec.LookPath("redis-server"); err == nil {
		url, stop, err := startRedisServer(ctx, bin)
		if err == nil {
			s.atEnd(stop)
			return url, nil
		}
		local = err
	}
	c, err := tcredis.Run(ctx, "redis:7-alpine")
	if err != nil {
		if local != nil {
			return "", fmt.Errorf("%s (redis-server: %v; testcontainers: %v)", noRedisHelp, local, err)
		}
		return "", fmt.Errorf("%s (testcontainers: %v)", noRedisHelp, err)
	}
	s.atEnd(func(ctx context.Context) { _ = c.Terminate(ctx) })
	raw, err := c.ConnectionString(ctx)
	if err != nil {
		return "", fmt.Errorf("%s (container address: %v)", noRedisHelp, err)
	}
	return raw, nil
}

// startRedisServer runs bin on a free loopback port, without persistence, and returns its
// URL once it says it accepts connections, and how to stop it.
func startRedisServer(ctx context.Context, bin string) (string, func(context.Context), error) {
	dir, err := os.MkdirTemp("", "testkit-redis-")
	if err != nil {
		return "", nil, err
	}
	var errs []error
	for range 3 { // the free port may be taken between the probe and the start
		port, err := freePort()
		if err != nil {
			return "", nil, errors.Join(err, os.RemoveAll(dir))
		}
		cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "",
			"--appendonly", "no", "--dir", dir, "--databases", "16", "--loglevel", "notice")
		cmd.SysProcAttr = ownedProcess()
		out, err := cmd.StdoutPipe()
		if err != nil {
			return "", nil, err
		}
		cmd.Stderr = cmd.Stdout
		if err := cmd.Start(); err != nil {
			return "", nil, errors.Join(err, os.RemoveAll(dir))
		}
		exited := make(chan struct{})
		ready := make(chan bool, 1)
		var log strings.Builder
		go func() {
			sc := bufio.NewScanner(out)
			said := false
			for sc.Scan() {
				if !said && log.Len() < 8<<10 {
					log.WriteString(sc.Text() + "\n")
				}
				if !said && strings.Contains(sc.Text(), "Ready to accept connections") {
					said = true
					ready <- true
				}
			}
			if !said {
				ready <- false
			}
			_ = cmd.Wait()
			close(exited)
		}()
		stop := func(context.Context) {
			_ = cmd.Process.Kill()
			<-exited
			_ = os.RemoveAll(dir)
		}
		select {
		case ok := <-ready:
			if ok {
				return fmt.Sprintf("redis://127.0.0.1:%d/0", port), stop, nil
			}
			<-exited
			errs = append(errs, fmt.Errorf("redis-server on port %d stopped: %s", port, strings.TrimSpace(log.String())))
		case <-ctx.Done():
			stop(ctx)
			return "", nil, fmt.Errorf("redis-server did not start: %w", ctx.Err())
		}
	}
	return "", nil, errors.Join(append(errs, os.RemoveAll(dir))...)
}

// freePort returns a loopback TCP port no one listens on right now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func (r *redisServer) urlFor(db int) string {
	u, err := url.Parse(r.url)
	if err != nil {
		return r.url
	}
	u.Path = "/" + strconv.Itoa(db)
	return u.String()
}

// lease takes a free database number from 1..15, waiting for one if all are busy. A
// database holding keys testkit did not write is never taken (nor flushed).
func (r *redisServer) lease(ctx context.Context) (int, func(context.Context), error) {
	opts, err := redis.ParseURL(r.urlFor(0))
	if err != nil {
		return 0, nil, err
	}
	control := redis.NewClient(opts)
	token := randomSuffix()
	for {
		var foreign []int
		for db := 1; db <= 15; db++ {
			lock, dirty := fmt.Sprintf("testkit:lease:%d", db), fmt.Sprintf("testkit:dirty:%d", db)
			ok, err := control.SetNX(ctx, lock, token, leaseTTL).Result()
			if err != nil {
				control.Close()
				return 0, nil, err
			}
			if !ok {
				continue
			}
			unlock := func(ctx context.Context) {
				if v, _ := control.Get(ctx, lock).Result(); v == token {
					control.Del(ctx, lock)
				}
			}
			size, err := r.size(ctx, db)
			if err == nil && size > 0 {
				// Keys there: testkit's only if a run marked the database and died before
				// flushing it; anything else belongs to someone else.
				var left int64
				if left, err = control.Exists(ctx, dirty).Result(); err == nil && left == 0 {
					unlock(ctx)
					foreign = append(foreign, db)
					continue
				}
			}
			if err == nil {
				err = control.Set(ctx, dirty, token, dirtyTTL).Err()
			}
			if err == nil && size > 0 {
				err = r.flush(ctx, db)
			}
			if err != nil {
				unlock(ctx)
				control.Close()
				return 0, nil, err
			}
			release := func(ctx context.Context) {
				defer control.Close()
				if r.flush(ctx, db) == nil {
					control.Del(ctx, dirty)
				}
				unlock(ctx)
			}
			return db, release, nil
		}
		if len(foreign) == 15 {
			control.Close()
			return 0, nil, fmt.Errorf("every database 1-15 of %s holds keys testkit did not write, and tests never "+
				"delete data they did not create: point TEST_REDIS_URL at a Redis for tests (or empty databases 1-15), "+
				"or unset it to let testkit run its own", redactedURL(r.url))
		}
		select {
		case <-ctx.Done():
			control.Close()
			if len(foreign) > 0 {
				return 0, nil, fmt.Errorf("no redis test database free: the others are leased, and databases %v of %s hold keys testkit did not write", foreign, redactedURL(r.url))
			}
			return 0, nil, errors.New("all 15 redis test databases are leased; retry later")
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// redactedURL is u without its password, for messages.
func redactedURL(u string) string {
	if parsed, err := url.Parse(u); err == nil {
		return parsed.Redacted()
	}
	return "TEST_REDIS_URL"
}

// size is the number of keys in database db.
func (r *redisServer) size(ctx context.Context, db int) (int64, error) {
	opts, err := redis.ParseURL(r.urlFor(db))
	if err != nil {
		return 0, err
	}
	c := redis.NewClient(opts)
	defer c.Close()
	return c.DBSize(ctx).Result()
}

func (r *redisServer) flush(ctx context.Context, db int) error {
	opts, err := redis.ParseURL(r.urlFor(db))
	if err != nil {
		return err
	}
	c := redis.NewClient(opts)
	defer c.Close()
	return c.FlushDB(ctx).Err()
}
