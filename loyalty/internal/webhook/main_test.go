package webhook_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

func newDB(t testing.TB, conns int) *gorm.DB {
	t.Helper()
	return testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: conns})
}

// fastConfig makes every interval short, so tests run in fractions of a second.
func fastConfig() webhook.Config {
	return webhook.Config{
		AllowPrivate: true, // the receivers are httptest servers on loopback
		MaxAge:       time.Minute,
		Timeout:      300 * time.Millisecond,
		PollInterval: 10 * time.Millisecond,
		Concurrency:  2,
		RetryBase:    20 * time.Millisecond,
		RetryMax:     100 * time.Millisecond,
	}
}

func newService(t testing.TB, db *gorm.DB, cfg webhook.Config) *webhook.Service {
	t.Helper()
	svc, err := webhook.New(db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// run starts the service's workers until the test ends.
func run(t testing.TB, svc *webhook.Service) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { svc.Run(ctx); close(done) }()
	stop = func() { cancel(); <-done }
	t.Cleanup(stop)
	return stop
}

// undelivered counts the deliveries not (yet) delivered.
func undelivered(t testing.TB, db *gorm.DB) int64 {
	t.Helper()
	var n int64
	if err := db.Raw(`SELECT count(*) FROM webhook_deliveries WHERE status <> 'delivered'`).Scan(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// receipt is one request a receiver got.
type receipt struct {
	ID, Type  string
	Body      []byte
	Status    int // what the receiver answered (the sender may have given up before)
	SigErr    error
	Timestamp string
	Signature string
	At        time.Time
}

// answer is what a receiver does with request n (0-based, all requests counted).
type answer struct {
	status     int
	delay      time.Duration
	retryAfter string
	location   string
}

// receiver is a third-party webhook endpoint: it verifies every signature the way
// docs/webhooks.md tells integrators to, records every request, and answers as its
// script says (200 by default).
type receiver struct {
	t      testing.TB
	srv    *httptest.Server
	mu     sync.Mutex
	secret string
	got    []receipt
	count  atomic.Int64
	script func(n int, r receipt) answer
}

func newReceiver(t testing.TB, script func(n int, r receipt) answer) *receiver {
	rc := &receiver{t: t, script: script}
	rc.srv = httptest.NewServer(http.HandlerFunc(rc.serve))
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) URL() string { return rc.srv.URL + "/hooks/loyalty" }

func (rc *receiver) setSecret(s string) {
	rc.mu.Lock()
	rc.secret = s
	rc.mu.Unlock()
}

func (rc *receiver) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	rc.mu.Lock()
	secret := rc.secret
	rc.mu.Unlock()
	rec := receipt{
		ID: r.Header.Get(webhook.HeaderID), Type: r.Header.Get(webhook.HeaderEventType), Body: body,
		SigErr: webhook.Verify(secret, r.Header, body, time.Now(), webhook.DefaultTolerance), Timestamp: r.Header.Get(webhook.HeaderTimestamp),
		Signature: r.Header.Get(webhook.HeaderSignature), At: time.Now(),
	}
	a := answer{status: http.StatusOK}
	if rc.script != nil {
		a = rc.script(int(rc.count.Add(1)-1), rec)
	}
	rec.Status = a.status
	rc.mu.Lock()
	rc.got = append(rc.got, rec)
	rc.mu.Unlock()
	if a.delay > 0 {
		select {
		case <-time.After(a.delay):
		case <-r.Context().Done():
		}
	}
	if a.retryAfter != "" {
		w.Header().Set("Retry-After", a.retryAfter)
	}
	if a.location != "" {
		w.Header().Set("Location", a.location)
	}
	w.WriteHeader(a.status)
	fmt.Fprint(w, `{"ok":true}`)
}

func (rc *receiver) receipts() []receipt {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]receipt(nil), rc.got...)
}

// eventually polls cond until it holds or the time is up.
func eventually(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %s: %s", within, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// emit writes n events of type typ through the outbox, each in its own transaction, and
// returns their ids in creation order.
func emit(t testing.TB, db *gorm.DB, typ event.Type, n int) []string {
	t.Helper()
	var ids []string
	for i := range n {
		err := db.Transaction(func(tx *gorm.DB) error {
			return (&event.Outbox{}).Record(context.Background(), tx, typ, map[string]any{"n": i})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Raw(`SELECT id FROM webhook_events ORDER BY seq`).Scan(&ids).Error; err != nil {
		t.Fatal(err)
	}
	return ids[len(ids)-n:]
}

// fanOut adds the deliveries of every event written so far, as the service's fan-out
// loop does in the background.
func fanOut(t testing.TB, svc *webhook.Service) {
	t.Helper()
	if _, err := svc.FanOut(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// fakeResolver answers host names from a table the test may change.
type fakeResolver struct {
	mu    sync.Mutex
	hosts map[string][]netip.Addr
}

func (f *fakeResolver) set(host string, addrs ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.hosts == nil {
		f.hosts = map[string][]netip.Addr{}
	}
	f.hosts[host] = nil
	for _, a := range addrs {
		f.hosts[host] = append(f.hosts[host], netip.MustParseAddr(a))
	}
}

func (f *fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if a, ok := f.hosts[host]; ok {
		return a, nil
	}
	return nil, fmt.Errorf("lookup %s: no such host", host)
}
