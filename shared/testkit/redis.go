package testkit

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	tcredis "github.com/testcontainers/testcontainers-go/modules/redis"
)

const noRedisHelp = "testkit: no Redis for tests. Set TEST_REDIS_URL " +
	"(e.g. redis://127.0.0.1:6379/0), start a Docker engine for testcontainers, or run " +
	"scripts/dev-services.sh and use its URLs"

// leaseTTL bounds how long a killed test run can hold a Redis database.
const leaseTTL = 30 * time.Minute

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
		c, err := tcredis.Run(ctx, "redis:7-alpine")
		if err != nil {
			s.redisErr = fmt.Errorf("%s (testcontainers: %v)", noRedisHelp, err)
			return s.redisErr
		}
		s.atEnd(func(ctx context.Context) { _ = c.Terminate(ctx) })
		if raw, err = c.ConnectionString(ctx); err != nil {
			s.redisErr = fmt.Errorf("%s (container address: %v)", noRedisHelp, err)
			return s.redisErr
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

func (r *redisServer) urlFor(db int) string {
	u, err := url.Parse(r.url)
	if err != nil {
		return r.url
	}
	u.Path = "/" + strconv.Itoa(db)
	return u.String()
}

// lease takes a free database number from 1..15, waiting for one if all are busy.
func (r *redisServer) lease(ctx context.Context) (int, func(context.Context), error) {
	opts, err := redis.ParseURL(r.urlFor(0))
	if err != nil {
		return 0, nil, err
	}
	control := redis.NewClient(opts)
	token := randomSuffix()
	for {
		for db := 1; db <= 15; db++ {
			key := fmt.Sprintf("testkit:lease:%d", db)
			ok, err := control.SetNX(ctx, key, token, leaseTTL).Result()
			if err != nil {
				control.Close()
				return 0, nil, err
			}
			if !ok {
				continue
			}
			if err := r.flush(ctx, db); err != nil {
				control.Del(ctx, key)
				control.Close()
				return 0, nil, err
			}
			release := func(ctx context.Context) {
				defer control.Close()
				_ = r.flush(ctx, db)
				if v, _ := control.Get(ctx, key).Result(); v == token {
					control.Del(ctx, key)
				}
			}
			return db, release, nil
		}
		select {
		case <-ctx.Done():
			control.Close()
			return 0, nil, errors.New("all 15 redis test databases are leased; retry later")
		case <-time.After(200 * time.Millisecond):
		}
	}
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
