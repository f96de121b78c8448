package redirect

import (
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"
)

// stalledRedis accepts connections and never answers, like a Redis that hangs.
func stalledRedis(t *testing.T) *redis.Client {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		conns []net.Conn
	)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	// The service's own client settings (cmd/linkmgmt): library defaults, deadlines
	// taken from contexts.
	rdb := redis.NewClient(&redis.Options{Addr: ln.Addr().String(), ContextTimeoutEnabled: true})
	t.Cleanup(func() {
		rdb.Close()
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return rdb
}

// TestPasswordFormWhileRedisHangs: the guess throttle lives in Redis; a Redis that
// hangs must cost the visitor a short bounded wait, not the client's read time-outs.
func TestPasswordFormWhileRedisHangs(t *testing.T) {
	hash, err := bcrypt.GenerateFromPassword([]byte("open sesame"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	h := string(hash)
	loc, _ := geo.NewLocator(nil, "")
	e := &Engine{rdb: stalledRedis(t), loc: loc, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	target := &Target{Link: link.Link{ID: 1, PasswordHash: &h}}
	for _, tt := range []struct {
		password string
		ok       bool
	}{{"open sesame", true}, {"guess", false}} {
		r := httptest.NewRequest(http.MethodPost, "/locked", strings.NewReader(url.Values{"password": {tt.password}}.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		start := time.Now()
		out, ok := e.checkPassword(r, target)
		if elapsed := time.Since(start); elapsed > 2*time.Second {
			t.Errorf("password %q took %s with Redis hanging", tt.password, elapsed)
		}
		if ok != tt.ok || (!ok && out.Status != http.StatusUnauthorized) {
			t.Errorf("password %q: ok %v status %d, want ok %v", tt.password, ok, out.Status, tt.ok)
		}
	}
}
