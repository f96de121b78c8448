package click

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

// BenchmarkDeferredCost measures what a click costs after the redirect has answered:
// the CPU time Redis and Postgres spend on it, per click, from Record to the rows and
// rollups committed in Postgres and the stream entries acknowledged.
//
// Method: b.N clicks (varied visitors, user agents, countries, referrers, languages)
// go through a running Recorder into Redis, then the Flusher moves them all to
// Postgres. Redis is a private redis-server started for the benchmark (unix socket, no
// persistence), so its CPU time (/proc/<pid>/schedstat, nanoseconds) is ours alone; the
// flusher uses a pool of one connection, whose Postgres backend's CPU time is read the
// same way (pg_backend_pid). Postgres' background writers (WAL writer, checkpointer,
// autovacuum) are not counted. The Go side (enrichment, encoding, parsing) is reported
// apart: it is the service's CPU, not the deferred cost. "hot" sends every click to one
// link (the redirect benchmark's case); "spread" over 1,000 links.
//
//	go test -run '^$' -bench DeferredCost -benchtime 200000x ./internal/click/
func BenchmarkDeferredCost(b *testing.B) {
	redisURL, redisPID := privateRedis(b)
	for _, tc := range []struct {
		name  string
		links int
	}{{"hot", 1}, {"spread", 1000}} {
		b.Run(tc.name, func(b *testing.B) {
			ctx := context.Background()
			dbURL := testkit.NewDatabase(b)
			db, err := database.Open(dbURL, database.Options{Schema: migrations.Schema, MaxOpenConns: 1})
			if err != nil {
				b.Fatal(err)
			}
			sqlDB, _ := db.DB()
			defer sqlDB.Close()
			opts, _ := redis.ParseURL(redisURL)
			rdb := redis.NewClient(opts)
			defer rdb.Close()
			if err := rdb.FlushAll(ctx).Err(); err != nil {
				b.Fatal(err)
			}
			var accountID int64
			db.Raw(`INSERT INTO accounts (email, username, api_key_hash) VALUES ('b@example.com', 'b', 'h') RETURNING id`).Scan(&accountID)
			var ids []int64
			db.Raw(`INSERT INTO links (account_id, alias, long_url) SELECT ?, 'l' || g, 'https://e.org' FROM generate_series(1, ?) g RETURNING id`, accountID, tc.links).Scan(&ids)
			if len(ids) != tc.links {
				b.Fatalf("created %d links", len(ids))
			}
			fl := NewFlusher(db, rdb, quiet(), FlusherOptions{})
			if err := EnsurePartitions(ctx, db, time.Now()); err != nil {
				b.Fatal(err)
			}
			// Warm up: the flusher's connection, the partitions, the prepared plans.
			rec := NewRecorder(rdb, nil, quiet(), RecorderOptions{})
			rctx, stop := context.WithCancel(ctx)
			go rec.Run(rctx)
			defer func() { stop(); <-rec.Done() }()
			for i := range 1000 {
				rec.Record(benchHit(ids, accountID, i))
			}
			if err := rec.Sync(ctx); err != nil {
				b.Fatal(err)
			}
			if _, err := fl.Flush(ctx); err != nil {
				b.Fatal(err)
			}
			var backend int
			db.Raw(`SELECT pg_backend_pid()`).Scan(&backend)

			hits := make([]Hit, b.N)
			for i := range hits {
				hits[i] = benchHit(ids, accountID, 1000+i)
			}
			b.ResetTimer()
			redis0, pg0, self0 := cpuOf(b, redisPID), cpuOf(b, backend), selfCPU(b)
			for _, h := range hits {
				rec.Record(h)
				if i := len(rec.in); i > cap(rec.in)/2 {
					time.Sleep(time.Millisecond) // the queue drops beyond its size
				}
			}
			if err := rec.Sync(ctx); err != nil {
				b.Fatal(err)
			}
			redis1, self1 := cpuOf(b, redisPID), selfCPU(b)
			start := time.Now()
			n, err := fl.Flush(ctx)
			if err != nil {
				b.Fatal(err)
			}
			flushWall := time.Since(start)
			redis2, pg2, self2 := cpuOf(b, redisPID), cpuOf(b, backend), selfCPU(b)
			b.StopTimer()
			if n != b.N {
				b.Fatalf("flushed %d clicks, want %d", n, b.N)
			}
			per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 / float64(b.N) }
			b.ReportMetric(per(redis2-redis0), "redis-us/click")
			b.ReportMetric(per(pg2-pg0), "pg-us/click")
			b.ReportMetric(per(redis2-redis0+pg2-pg0), "deferred-us/click")
			b.ReportMetric(per(self1-self0), "recorder-go-us/click")
			b.ReportMetric(per(self2-self1), "flusher-go-us/click")
			b.ReportMetric(per(flushWall), "flush-wall-us/click")
			_ = redis1
		})
	}
}

// benchHit is the i-th click of the benchmark: one visitor in four comes back, user
// agents, countries, referrers and languages drawn from small sets like real traffic.
func benchHit(links []int64, accountID int64, i int) Hit {
	agents := []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
		"Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
	}
	countries := []string{"US", "FR", "DE", "BR", "IN", "GB", "JP", "CA", ""}
	referrers := []string{"", "https://www.facebook.com/", "https://t.co/x", "https://www.google.com/", "https://news.example.org/a", "https://blog.example.com/p"}
	languages := []string{"en", "fr", "de", "pt", "ja", ""}
	visitor := i - i%4*(i%3) // some visitors repeat
	ip := netip.AddrFrom4([4]byte{10, byte(visitor >> 16), byte(visitor >> 8), byte(visitor)})
	return Hit{
		LinkID: links[i%len(links)], AccountID: accountID, At: time.Now(), IP: ip,
		Country: countries[i%len(countries)], UserAgent: agents[i%len(agents)],
		Referer: referrers[i%len(referrers)], Language: languages[i%len(languages)],
	}
}

// privateRedis starts a redis-server of the benchmark's own (unix socket, no
// persistence) and returns its URL and pid; without a redis-server binary the benchmark
// skips.
func privateRedis(b *testing.B) (string, int) {
	b.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		b.Skip("redis-server not found: the deferred cost needs a Redis of its own to measure")
	}
	dir := b.TempDir()
	sock := filepath.Join(dir, "redis.sock")
	cmd := exec.Command(bin, "--port", "0", "--unixsocket", sock, "--save", "", "--appendonly", "no", "--dir", dir)
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	for range 100 {
		if c, err := net.Dial("unix", sock); err == nil {
			c.Close()
			return "unix://" + sock, cmd.Process.Pid
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.Fatal("private redis-server did not start")
	return "", 0
}

// cpuOf is the CPU time a process (or a thread) has used: the first field of
// /proc/<pid>/schedstat, in nanoseconds.
func cpuOf(b *testing.B, pid int) time.Duration {
	b.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/schedstat", pid))
	if err != nil {
		b.Skipf("cannot read the CPU time of process %d: %v", pid, err)
	}
	// Redis runs background threads too: sum every thread of the process.
	total := time.Duration(0)
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil || len(tasks) == 0 {
		ns, _ := strconv.ParseInt(strings.Fields(string(raw))[0], 10, 64)
		return time.Duration(ns)
	}
	for _, t := range tasks {
		f, err := os.Open(fmt.Sprintf("/proc/%d/task/%s/schedstat", pid, t.Name()))
		if err != nil {
			continue
		}
		s := bufio.NewScanner(f)
		if s.Scan() {
			ns, _ := strconv.ParseInt(strings.Fields(s.Text())[0], 10, 64)
			total += time.Duration(ns)
		}
		f.Close()
	}
	return total
}

func selfCPU(b *testing.B) time.Duration { return cpuOf(b, os.Getpid()) }
