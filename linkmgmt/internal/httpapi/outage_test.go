package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/outage"
)

// manualClock is the public pages' cache clock in tests: moved past TTLs and stale
// windows instead of waited for.
type manualClock struct{ now atomic.Int64 }

func (c *manualClock) read() time.Duration     { return time.Duration(c.now.Load()) }
func (c *manualClock) advance(d time.Duration) { c.now.Add(int64(d)) }

// withCacheClock gives the server's caches (and its outage tracker) this clock.
func withCacheClock(c *manualClock) envOption {
	return func(o *envOptions) { o.tune = append(o.tune, app.WithCacheClock(c.read)) }
}

// withStaleIfError sets LINK_STALE_IF_ERROR (test servers have it off otherwise).
func withStaleIfError(d time.Duration) envOption {
	return func(o *envOptions) { o.cfg.LinkStaleIfError = d }
}

// cacheTTL is the public pages' caches' TTL (their default).
const cacheTTL = 30 * time.Second

// restoreDB ends the Postgres cut. The connections the cut closed are still in the pool;
// the driver checks a connection idle for over a second before using it, the test
// does not wait that long and drops them instead.
func (e *testEnv) restoreDB() {
	e.t.Helper()
	e.DBProxy.Restore()
	sqlDB, err := e.DB.DB()
	if err != nil {
		e.t.Fatal(err)
	}
	sqlDB.SetMaxIdleConns(0)
	sqlDB.SetMaxIdleConns(10)
}

// publicPage is a public page and what it answers.
type publicPage struct {
	name string
	v    visit
	want expect
}

// cacheFresh visits each page on e until it answers while Postgres is cut (through db's
// proxy) before its TTL ends, that is from e's cache. One visit does not always cache
// it: a load that overlaps an invalidation (here the echo, through Redis, of what the
// setup published) is answered but not kept, as it may have read the row before the
// change.
func (e *testEnv) cacheFresh(db *testEnv, pages []publicPage) {
	e.t.Helper()
	pending := pages
	for round := 0; len(pending) > 0; round++ {
		if round == 5 {
			e.t.Fatalf("%d pages never answered from the cache: first %s", len(pending), pending[0].name)
		}
		for _, p := range pending {
			p.want.check(e.t, e.visit(p.v))
		}
		db.DBProxy.Cut()
		var missed []publicPage
		for _, p := range pending {
			if res := e.visit(p.v); res.Status != p.want.status || res.Header.Get("Location") != p.want.location {
				missed = append(missed, p)
			}
		}
		db.restoreDB()
		pending = missed
	}
}

// readiness is GET /readyz (allowDegraded: the Kubernetes probe's form): status code,
// status and the Postgres check.
func (e *testEnv) readiness(allowDegraded bool) (int, string, string) {
	e.t.Helper()
	path := "/readyz"
	if allowDegraded {
		path += "?allow_degraded=true"
	}
	res := e.do(http.MethodGet, path, "", nil)
	var body struct {
		Status string            `json:"status"`
		Checks map[string]string `json:"checks"`
	}
	res.JSON(e.t, &body)
	return res.Status, body.Status, body.Checks["postgres"]
}

// TestRedirectsDuringPostgresOutage: every public page the redirect engine answers
// from its caches (a link on BASE_URL, a link on a branded domain, the domain's root,
// a frame with its pixel, a custom splash page, a password form, the campaign rotator
// and list page) keeps answering from its last cached state once the entry has expired
// while Postgres is cut, within LINK_STALE_IF_ERROR past the TTL; what cannot be looked
// up answers an honest 503 that leaks nothing; a link deleted before the outage is not
// served; /readyz and the metrics say the replica is degraded; after Postgres returns
// the fresh state answers and the degraded state clears. (Before stale-if-error, every
// expired entry answered 503 during the outage.)
func TestRedirectsDuringPostgresOutage(t *testing.T) {
	clock := &manualClock{}
	const window = time.Hour
	env := newEnv(t, withCutDB(), withCacheClock(clock), withStaleIfError(window))
	accountID, key := env.newAccount("free")
	f := env.newFixtures(accountID, "go.outage.example")
	browser := map[string]string{"User-Agent": uaChromeWindows}

	env.createLink(key, map[string]any{"url": "https://dest.example/spring", "custom": "spring"})
	env.createLink(key, map[string]any{"url": "https://dest.example/brand", "custom": "brand", "domain": f.Domain})
	env.createLink(key, map[string]any{"url": "https://dest.example/frame", "custom": "framed", "type": "frame", "pixels": []int64{f.Pixels[0]}})
	env.createLink(key, map[string]any{"url": "https://dest.example/splash", "custom": "splashed", "type": fmt.Sprint(f.Splash)})
	env.createLink(key, map[string]any{"url": "https://dest.example/secret", "custom": "secret", "password": "open sesame"})
	campaign := env.newCampaign(key, map[string]any{"name": "Outage offers", "slug": "outage", "public": true})
	env.createLink(key, map[string]any{"url": "https://dest.example/rotated", "custom": "rotated", "metatitle": "Rotated offer", "campaign": campaign})
	gone, _ := env.createLink(key, map[string]any{"url": "https://dest.example/gone", "custom": "gone"})

	pages := []publicPage{
		{"link on BASE_URL", visit{path: "/spring"}, expect{status: 302, location: "https://dest.example/spring"}},
		{"link on a branded domain", visit{path: "/brand", host: f.DomainHost}, expect{status: 302, location: "https://dest.example/brand"}},
		{"branded domain root", visit{path: "/", host: f.DomainHost}, expect{status: 302, location: "https://root.example.org/"}},
		{"frame with its pixel", visit{path: "/framed"}, expect{status: 200, contains: []string{"https://dest.example/frame", "1234567890"}}},
		{"custom splash page", visit{path: "/splashed"}, expect{status: 200, contains: []string{"Spring sale", "https://dest.example/splash"}}},
		{"password form", visit{path: "/secret"}, expect{status: 200, contains: []string{"Password required"}}},
		{"campaign rotator", visit{path: "/r/outage"}, expect{status: 302, location: "https://dest.example/rotated"}},
		{"campaign list page", visit{path: "/u/outage"}, expect{status: 200, contains: []string{"Outage offers", "Rotated offer"}}},
	}
	for i := range pages {
		pages[i].v.header = browser
	}
	env.cacheFresh(env, append(pages, publicPage{"gone", visit{path: "/gone", header: browser}, expect{status: 302, location: "https://dest.example/gone"}}))
	wantStatus(t, env.do(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", gone), key, nil), http.StatusOK)
	// A change the cache does not hear of (no API call, no invalidation): the cached
	// state and the row now differ, so which one answers shows.
	if err := env.DB.Exec(`UPDATE links SET long_url = 'https://dest.example/spring-new' WHERE alias = 'spring'`).Error; err != nil {
		t.Fatal(err)
	}

	clock.advance(cacheTTL)
	env.DBProxy.Cut()
	for _, p := range pages {
		t.Run("stale/"+p.name, func(t *testing.T) { p.want.check(t, env.visit(p.v)) })
	}

	t.Run("a link deleted before the outage is not served", func(t *testing.T) {
		res := env.visit(visit{path: "/gone", header: browser})
		expect{status: http.StatusServiceUnavailable}.check(t, res)
	})
	t.Run("what cannot be looked up is an honest 503 that leaks nothing", func(t *testing.T) {
		for _, v := range []visit{{path: "/never-cached"}, {path: "/x", host: "unknown.outage.example"}, {path: "/r/unknown"}} {
			res := env.visit(v)
			expect{status: http.StatusServiceUnavailable, contains: []string{"Temporarily unavailable"},
				absent: []string{"refused", "dial", "127.0.0.1", "postgres", "SQLSTATE"}}.check(t, res)
			if res.Header.Get("Retry-After") == "" {
				t.Fatalf("%s: 503 without Retry-After", v.path)
			}
		}
	})
	t.Run("readyz and the metrics say degraded", func(t *testing.T) {
		if code, status, pg := env.readiness(false); code != http.StatusServiceUnavailable || status != "degraded" || pg != "unavailable" {
			t.Fatalf("/readyz = %d %s postgres %s, want 503 degraded, postgres unavailable", code, status, pg)
		}
		// The Kubernetes probe keeps the replica in the Service: it still serves.
		if code, status, _ := env.readiness(true); code != http.StatusOK || status != "degraded" {
			t.Fatalf("/readyz?allow_degraded=true = %d %s, want 200 degraded", code, status)
		}
		if got := env.metric(`linkmgmt_degraded{reason="database"}`); got != "1" {
			t.Fatalf("linkmgmt_degraded = %q, want 1", got)
		}
		for _, cache := range []string{"links", "domains", "campaign_slugs", "campaigns"} {
			if got := env.metric(`linkmgmt_stale_answers_total{cache="` + cache + `"}`); got == "" || got == "0" {
				t.Fatalf("stale answers of the %s cache = %q, want some", cache, got)
			}
		}
	})

	t.Run("not past the window", func(t *testing.T) {
		clock.advance(window - outage.RetryInterval)
		expect{status: 302, location: "https://dest.example/spring"}.check(t, env.visit(visit{path: "/spring", header: browser}))
		clock.advance(outage.RetryInterval)
		for _, p := range pages {
			if res := env.visit(p.v); res.Status != http.StatusServiceUnavailable {
				t.Fatalf("%s past TTL + window: %d, want 503", p.name, res.Status)
			}
		}
	})

	env.restoreDB()
	clock.advance(outage.RetryInterval)
	t.Run("after the outage the fresh state answers and degraded clears", func(t *testing.T) {
		expect{status: 302, location: "https://dest.example/spring-new"}.check(t, env.visit(visit{path: "/spring", header: browser}))
		if got := env.metric(`linkmgmt_degraded{reason="database"}`); got != "0" {
			t.Fatalf("linkmgmt_degraded = %q after a lookup reached Postgres, want 0", got)
		}
		if code, status, pg := env.readiness(false); code != http.StatusOK || status != "ok" || pg != "ok" {
			t.Fatalf("/readyz = %d %s postgres %s, want 200 ok", code, status, pg)
		}
		expect{status: http.StatusNotFound}.check(t, env.visit(visit{path: "/gone", header: browser}))
	})
}

// TestStaleNeverOutlivesAMissedInvalidation: a replica that lost its invalidation
// subscription may have missed a deletion published by another replica, so during a
// Postgres outage it serves nothing stale (until it is subscribed again, which drops
// its cache). While subscribed, it does.
func TestStaleNeverOutlivesAMissedInvalidation(t *testing.T) {
	a := newEnv(t, withCutDB(), withStaleIfError(time.Hour))
	bClock := &manualClock{}
	b := newEnv(t, replicaOf(a), withCacheClock(bClock), withStaleIfError(time.Hour))
	_, key := a.newAccount("free")
	a.createLink(key, map[string]any{"url": "https://dest.example/kept", "custom": "kept"})
	gone, _ := a.createLink(key, map[string]any{"url": "https://dest.example/gone", "custom": "gone"})
	host := hostOf(t, a.URL)
	var pages []publicPage
	for _, alias := range []string{"kept", "gone"} {
		pages = append(pages, publicPage{alias, visit{path: "/" + alias, host: host}, expect{status: 302, location: "https://dest.example/" + alias}})
	}
	b.cacheFresh(a, pages)

	// Subscribed: b answers from its expired entries.
	bClock.advance(cacheTTL)
	a.DBProxy.Cut()
	expect{status: 302, location: "https://dest.example/kept"}.check(t, b.visit(visit{path: "/kept", host: host}))
	a.restoreDB()

	// b stops hearing; a deletes a link b holds.
	b.RedisProxy.Cut()
	deadline := time.Now().Add(10 * time.Second)
	for b.App.Bus.Listening() {
		if time.Now().After(deadline) {
			t.Fatal("b never noticed its lost subscription")
		}
		time.Sleep(5 * time.Millisecond)
	}
	wantStatus(t, a.do(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", gone), key, nil), http.StatusOK)
	a.DBProxy.Cut()
	bClock.advance(outage.RetryInterval)
	for _, alias := range []string{"gone", "kept"} {
		res := b.visit(visit{path: "/" + alias, host: host})
		if res.Status != http.StatusServiceUnavailable {
			t.Fatalf("/%s on a replica that may have missed invalidations, Postgres cut: %d %s, want 503",
				alias, res.Status, strings.TrimSpace(res.Header.Get("Location")))
		}
	}
}

// TestPostgresRequiredWithoutStaleAnswers: with LINK_STALE_IF_ERROR=0 nothing answers
// stale, so Postgres stays a required readiness check: the Kubernetes probe's form
// answers 503 too and the replica leaves the Service.
func TestPostgresRequiredWithoutStaleAnswers(t *testing.T) {
	clock := &manualClock{}
	env := newEnv(t, withCutDB(), withCacheClock(clock), withStaleIfError(0))
	_, key := env.newAccount("free")
	env.createLink(key, map[string]any{"url": "https://dest.example/spring", "custom": "spring"})
	expect{status: 302, location: "https://dest.example/spring"}.check(t, env.visit(visit{path: "/spring"}))
	clock.advance(cacheTTL)
	env.DBProxy.Cut()
	expect{status: http.StatusServiceUnavailable}.check(t, env.visit(visit{path: "/spring"}))
	if code, status, pg := env.readiness(true); code != http.StatusServiceUnavailable || status != "unavailable" || pg != "unavailable" {
		t.Fatalf("/readyz?allow_degraded=true = %d %s postgres %s, want 503 unavailable", code, status, pg)
	}
	if got := env.metric(`linkmgmt_degraded{reason="database"}`); got != "1" {
		t.Fatalf("linkmgmt_degraded = %q, want 1", got)
	}
}
