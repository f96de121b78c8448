package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// replicas are two linkmgmt apps over one database and one Redis, as in production.
type replicas struct {
	t    testing.TB
	a, b *testEnv
	host string // BASE_URL's host, served by both
}

func newReplicas(t testing.TB) replicas {
	a := newEnv(t)
	// b's cache clock stands still: its entries never expire, so only an invalidation
	// published through Redis can change what b answers.
	b := newEnv(t, replicaOf(a), withCacheClock(&manualClock{}))
	return replicas{t: t, a: a, b: b, host: hostOf(t, a.URL)}
}

// visitCheck is a visit and what its answer must satisfy.
type visitCheck struct {
	path string
	host string // default: BASE_URL's host
	want expect
}

// seen checks the page on both replicas: on a, the replica that made the change, at
// once; on b once the invalidation arrives (b's caches never expire: see newReplicas;
// the deadline only stops a hang).
func (r replicas) seen(p visitCheck) {
	r.t.Helper()
	host := p.host
	if host == "" {
		host = r.host
	}
	v := visit{path: p.path, host: host, header: map[string]string{"User-Agent": uaChromeWindows}}
	p.want.check(r.t, r.a.visit(v))
	deadline := time.Now().Add(30 * time.Second)
	for {
		res := r.b.visit(v)
		if p.want.matches(res) {
			return
		}
		if time.Now().After(deadline) {
			r.t.Helper()
			p.want.check(r.t, res) // fails with the details
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// matches is check without failing.
func (x expect) matches(res response) bool {
	if res.Status != x.status || res.Header.Get("Location") != x.location {
		return false
	}
	for _, s := range x.contains {
		if !strings.Contains(string(res.Body), s) {
			return false
		}
	}
	for _, s := range x.absent {
		if strings.Contains(string(res.Body), s) {
			return false
		}
	}
	return true
}

func (r replicas) api(method, path, key string, body any) {
	r.t.Helper()
	wantStatus(r.t, r.a.do(method, path, key, body), http.StatusOK)
}

func shortPath(t testing.TB, short string) string {
	t.Helper()
	u, err := url.Parse(short)
	if err != nil {
		t.Fatal(err)
	}
	return u.Path
}

// TestRedirectCacheFollowsPageChanges: pages, overlays, pixels and domains are copied
// into cached links; their changes must reach every replica's cache at once.
func TestRedirectCacheFollowsPageChanges(t *testing.T) {
	r := newReplicas(t)
	_, key := r.a.newAccount("free")

	t.Run("splash page", func(t *testing.T) {
		r := r
		r.t = t
		id := wantStatus(t, r.a.do(http.MethodPost, "/api/splash/add", key, map[string]any{"name": "Promo", "title": "Old title", "countdown": 3}), http.StatusOK).ID
		_, short := r.a.createLink(key, map[string]any{"url": "https://dest.example/splash", "type": id})
		p := shortPath(t, short)
		r.seen(visitCheck{path: p, want: expect{status: 200, contains: []string{"Old title"}}})
		r.api(http.MethodPut, fmt.Sprintf("/api/splash/%d/update", id), key, map[string]any{"title": "New title"})
		r.seen(visitCheck{path: p, want: expect{status: 200, contains: []string{"New title"}, absent: []string{"Old title"}}})
		r.api(http.MethodDelete, fmt.Sprintf("/api/splash/%d/delete", id), key, nil)
		r.seen(visitCheck{path: p, want: expect{status: 302, location: "https://dest.example/splash"}})
	})

	t.Run("overlay", func(t *testing.T) {
		r := r
		r.t = t
		id := wantStatus(t, r.a.do(http.MethodPost, "/api/overlay/add", key, map[string]any{"name": "CTA", "text": "Old offer"}), http.StatusOK).ID
		_, short := r.a.createLink(key, map[string]any{"url": "https://dest.example/overlay", "type": fmt.Sprintf("overlay-%d", id)})
		p := shortPath(t, short)
		r.seen(visitCheck{path: p, want: expect{status: 200, contains: []string{"Old offer"}}})
		r.api(http.MethodPut, fmt.Sprintf("/api/overlay/%d/update", id), key, map[string]any{"text": "New offer"})
		r.seen(visitCheck{path: p, want: expect{status: 200, contains: []string{"New offer"}, absent: []string{"Old offer"}}})
		r.api(http.MethodDelete, fmt.Sprintf("/api/overlay/%d/delete", id), key, nil)
		r.seen(visitCheck{path: p, want: expect{status: 302, location: "https://dest.example/overlay"}})
	})

	t.Run("pixel", func(t *testing.T) {
		r := r
		r.t = t
		id := wantStatus(t, r.a.do(http.MethodPost, "/api/pixel/add", key, map[string]any{"type": "gtmpixel", "name": "GTM", "tag": "GTM-OLD1234"}), http.StatusOK).ID
		_, short := r.a.createLink(key, map[string]any{"url": "https://dest.example/framed", "type": "frame", "pixels": []int64{id}})
		p := shortPath(t, short)
		r.seen(visitCheck{path: p, want: expect{status: 200, contains: []string{"GTM-OLD1234"}}})
		r.api(http.MethodPut, fmt.Sprintf("/api/pixel/%d/update", id), key, map[string]any{"tag": "GTM-NEW5678"})
		r.seen(visitCheck{path: p, want: expect{status: 200, contains: []string{"GTM-NEW5678"}, absent: []string{"GTM-OLD1234"}}})
		r.api(http.MethodDelete, fmt.Sprintf("/api/pixel/%d/delete", id), key, nil)
		r.seen(visitCheck{path: p, want: expect{status: 200, contains: []string{`src="https://dest.example/framed"`}, absent: []string{"GTM-", "googletagmanager"}}})
	})

	t.Run("branded domain", func(t *testing.T) {
		r := r
		r.t = t
		const host = "go.example.com"
		root := visitCheck{path: "/", host: host}
		// Unknown host first: both replicas cache the "no such domain" answer.
		root.want = expect{status: 404, contains: []string{"Link not found"}}
		r.seen(root)
		var id int64
		{
			res := r.a.do(http.MethodPost, "/api/domain/add", key, map[string]any{"domain": "https://" + host, "redirectroot": "https://root.example/old"})
			id = wantStatus(t, res, http.StatusOK).ID
		}
		root.want = expect{status: 302, location: "https://root.example/old"}
		r.seen(root)
		r.api(http.MethodPut, fmt.Sprintf("/api/domain/%d/update", id), key, map[string]any{"redirectroot": "https://root.example/new"})
		root.want = expect{status: 302, location: "https://root.example/new"}
		r.seen(root)

		r.a.createLink(key, map[string]any{"url": "https://dest.example/branded", "domain": host, "custom": "promo"})
		promo := visitCheck{path: "/promo", host: host, want: expect{status: 302, location: "https://dest.example/branded"}}
		r.seen(promo)
		r.api(http.MethodDelete, fmt.Sprintf("/api/domain/%d/delete", id), key, nil)
		promo.want = expect{status: 404, contains: []string{"Link not found"}}
		r.seen(promo)
		root.want = expect{status: 404, contains: []string{"Link not found"}}
		r.seen(root)
	})
}
