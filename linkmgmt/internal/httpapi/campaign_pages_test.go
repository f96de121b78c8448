package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// newCampaign creates a campaign through the API and returns its id.
func (e *testEnv) newCampaign(key string, body map[string]any) int64 {
	e.t.Helper()
	res := e.do(http.MethodPost, "/api/campaign/add", key, body)
	return wantStatus(e.t, res, http.StatusOK).ID
}

func TestRotatorAcrossReplicas(t *testing.T) {
	a := newEnv(t)
	b := newEnv(t, replicaOf(a))
	host := hostOf(t, a.URL) // both replicas serve BASE_URL
	_, key := a.newAccount("free")
	campaign := a.newCampaign(key, map[string]any{"name": "Spring", "slug": "spring"})
	ids := map[string]int64{}
	for _, dest := range []string{"https://one.example/", "https://two.example/", "https://three.example/"} {
		ids[dest], _ = a.createLink(key, map[string]any{"url": dest, "campaign": campaign})
	}
	// A link outside the campaign is never picked.
	a.createLink(key, map[string]any{"url": "https://outside.example/"})

	browser := map[string]string{"User-Agent": uaChromeWindows}
	got := map[string]int{}
	var order []string
	for i := range 6 {
		replica := a
		if i%2 == 1 {
			replica = b
		}
		res := replica.visit(visit{path: "/r/spring", host: host, header: browser})
		if res.Status != http.StatusFound {
			t.Fatalf("visit %d: %d %s", i, res.Status, res.Body)
		}
		dest := res.Header.Get("Location")
		if _, ok := ids[dest]; !ok {
			t.Fatalf("visit %d went to %q, not a link of the campaign", i, dest)
		}
		if res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control = %q: browsers must come back for the next turn", res.Header.Get("Cache-Control"))
		}
		got[dest]++
		order = append(order, dest)
	}
	for dest := range ids {
		if got[dest] != 2 {
			t.Fatalf("visits per link = %v (order %v), want exactly 2 each", got, order)
		}
	}
	for i := 3; i < 6; i++ {
		if order[i] != order[i-3] {
			t.Fatalf("order %v is not round-robin", order)
		}
	}

	// Neither counted nor taking a turn: HEAD shows the link the next visitor gets.
	head := a.visit(visit{method: http.MethodHead, path: "/r/spring", header: browser})
	next := b.visit(visit{path: "/r/spring", host: host, header: browser})
	if head.Status != http.StatusFound || head.Header.Get("Location") != order[0] || next.Header.Get("Location") != order[0] {
		t.Fatalf("HEAD -> %d %q, next visit -> %q; want both %q", head.Status, head.Header.Get("Location"), next.Header.Get("Location"), order[0])
	}
	// A bot takes a turn (it cannot be told apart before the click pipeline) but is not counted.
	a.visit(visit{path: "/r/spring", header: map[string]string{"User-Agent": uaGooglebot}})

	// Clicks are counted on the links, through the click pipeline of each replica.
	a.syncClicks()
	b.syncClicks()
	a.flush()
	wantClicks := map[string]int64{order[0]: 3, order[1]: 2, order[2]: 2}
	for dest, id := range ids {
		if d := a.getLink(key, id).Data; d.Clicks != wantClicks[dest] {
			t.Errorf("%s: %d clicks, want %d", dest, d.Clicks, wantClicks[dest])
		}
	}
	var stored int64
	a.scalar(&stored, `SELECT count(*) FROM clicks`)
	if stored != 7 {
		t.Fatalf("%d click rows, want 7 (the bot and the HEAD are not counted)", stored)
	}
}

func TestRotatorRulesAndNotFound(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	browser := map[string]string{"User-Agent": uaChromeWindows}

	env.newCampaign(key, map[string]any{"name": "Empty", "slug": "empty"})
	noSlug := env.newCampaign(key, map[string]any{"name": "No slug"})
	env.createLink(key, map[string]any{"url": "https://noslug.example/", "campaign": noSlug})
	expiredOnly := env.newCampaign(key, map[string]any{"name": "Old", "slug": "old"})
	oldID, _ := env.createLink(key, map[string]any{"url": "https://old.example/", "campaign": expiredOnly})
	env.DB.Exec(`UPDATE links SET expires_at = now() - interval '1 minute' WHERE id = ?`, oldID)

	locked := env.newCampaign(key, map[string]any{"name": "Locked", "slug": "locked"})
	_, lockedShort := env.createLink(key, map[string]any{"url": "https://secret.example/", "password": "open sesame", "campaign": locked})
	paged := env.newCampaign(key, map[string]any{"name": "Pages", "slug": "pages"})
	env.createLink(key, map[string]any{"url": "https://splashed.example/", "type": "splash", "metatitle": "Splashed", "campaign": paged})

	for _, tt := range []struct {
		name string
		v    visit
		want expect
	}{
		{"unknown slug", visit{path: "/r/nope", header: browser}, expect{status: 404, contains: []string{"Link not found"}}},
		{"campaign without links", visit{path: "/r/empty", header: browser}, expect{status: 404, contains: []string{"Link not found"}}},
		{"campaign whose links all expired", visit{path: "/r/old", header: browser}, expect{status: 404, contains: []string{"Link not found"}}},
		{"a campaign id is not a slug", visit{path: fmt.Sprintf("/r/%d", noSlug), header: browser}, expect{status: 404, contains: []string{"Link not found"}}},
		{"not on a branded or unknown host", visit{path: "/r/pages", host: "elsewhere.example", header: browser}, expect{status: 404, contains: []string{"Link not found"}}},
		// The picked link's rules apply: its splash page, its password (asked on the
		// link's own address, where the form posts back).
		{"link type applies", visit{path: "/r/pages", header: browser}, expect{status: 200, contains: []string{"You are being redirected", `href="https://splashed.example/"`}}},
		{"password-protected link goes to its short URL", visit{path: "/r/locked", header: browser}, expect{status: 302, location: lockedShort}},
	} {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, env.visit(tt.v)) })
	}
	// The password page itself belongs to the short URL.
	expect{status: 200, contains: []string{`name="password"`}}.check(t, env.visit(visit{path: strings.TrimPrefix(lockedShort, env.URL), header: browser}))
}

func TestRotatorWithoutRedis(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	campaign := env.newCampaign(key, map[string]any{"name": "Spring", "slug": "spring"})
	dests := []string{"https://one.example/", "https://two.example/", "https://three.example/"}
	for _, dest := range dests {
		env.createLink(key, map[string]any{"url": dest, "campaign": campaign})
	}
	env.RedisProxy.Cut()
	seen := map[string]int{}
	start := time.Now()
	for range 6 {
		res := env.visit(visit{path: "/r/spring", header: map[string]string{"User-Agent": uaChromeWindows}})
		if res.Status != http.StatusFound {
			t.Fatalf("without redis: %d %s", res.Status, res.Body)
		}
		seen[res.Header.Get("Location")]++
	}
	for _, dest := range dests {
		if seen[dest] != 2 {
			t.Fatalf("without redis the replica's own counter rotates: %v", seen)
		}
	}
	// After the first failure Redis is not asked again for a while: no per-visit delay.
	if elapsed := time.Since(start); elapsed > 3*time.Second {
		t.Errorf("6 visits took %s while Redis was down", elapsed)
	}
}

func TestCampaignListPage(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	host := "go.example.com"
	wantStatus(t, env.do(http.MethodPost, "/api/domain/add", key, map[string]any{"domain": "https://" + host}), http.StatusOK)

	public := env.newCampaign(key, map[string]any{"name": "Spring <sale>", "slug": "spring", "public": true})
	_, plainShort := env.createLink(key, map[string]any{"url": "https://one.example/", "metatitle": "First offer", "description": "Half price & more", "campaign": public})
	_, hostileShort := env.createLink(key, map[string]any{"url": "https://two.example/", "custom": "hostile", "metatitle": `<script>alert("x")</script><b>bold</b>`, "description": `"><img src=x onerror=alert(1)>`, "campaign": public})
	_, untitledShort := env.createLink(key, map[string]any{"url": "https://three.example/", "custom": "untitled", "domain": host, "campaign": public})
	expiredID, expiredShort := env.createLink(key, map[string]any{"url": "https://old.example/", "custom": "expired-one", "campaign": public})
	env.DB.Exec(`UPDATE links SET expires_at = now() - interval '1 minute' WHERE id = ?`, expiredID)
	_, outsideShort := env.createLink(key, map[string]any{"url": "https://outside.example/", "custom": "outside"})

	bySlugless := env.newCampaign(key, map[string]any{"name": "Sluggless", "public": true})
	env.createLink(key, map[string]any{"url": "https://four.example/", "custom": "slugless-link", "campaign": bySlugless})
	private := env.newCampaign(key, map[string]any{"name": "Private", "slug": "hidden"})
	env.createLink(key, map[string]any{"url": "https://five.example/", "campaign": private})
	privateNoSlug := env.newCampaign(key, map[string]any{"name": "Private too"})

	res := env.visit(visit{path: "/u/spring"})
	expect{status: 200, contains: []string{
		"<title>Spring &lt;sale&gt;</title>", "Spring &lt;sale&gt;</h1>",
		`href="` + plainShort + `"`, ">First offer</a>", "Half price &amp; more", ">" + plainShort + "<",
		`href="` + hostileShort + `"`, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;", "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;",
		`href="` + untitledShort + `"`, ">untitled</a>", "https://go.example.com/untitled",
	}, absent: []string{"<script>alert", "<b>bold", "<img src=x", expiredShort, outsideShort, "five.example"}}.check(t, res)
	// Oldest first, the rotator's order.
	body := string(res.Body)
	if !(strings.Index(body, plainShort) < strings.Index(body, hostileShort) && strings.Index(body, hostileShort) < strings.Index(body, untitledShort)) {
		t.Errorf("links are not in creation order:\n%s", body)
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("X-Content-Type-Options = %q", res.Header.Get("X-Content-Type-Options"))
	}

	for _, tt := range []struct {
		name string
		v    visit
		want expect
	}{
		{"public campaign without a slug, by id", visit{path: fmt.Sprintf("/u/%d", bySlugless)}, expect{status: 200, contains: []string{"Sluggless", "/slugless-link"}}},
		{"HEAD", visit{method: http.MethodHead, path: "/u/spring"}, expect{status: 200}},
		{"private campaign by slug", visit{path: "/u/hidden"}, expect{status: 404, contains: []string{"Link not found"}, absent: []string{"five.example"}}},
		{"private campaign by id", visit{path: fmt.Sprintf("/u/%d", privateNoSlug)}, expect{status: 404, contains: []string{"Link not found"}}},
		{"a campaign with a slug is listed by slug only", visit{path: fmt.Sprintf("/u/%d", public)}, expect{status: 404, contains: []string{"Link not found"}}},
		{"unknown slug", visit{path: "/u/nope"}, expect{status: 404, contains: []string{"Link not found"}}},
		{"unknown id", visit{path: "/u/999999"}, expect{status: 404, contains: []string{"Link not found"}}},
		{"on a branded domain", visit{path: "/u/spring", host: host}, expect{status: 404, contains: []string{"Link not found"}}},
	} {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, env.visit(tt.v)) })
	}

	// Making it private takes the page down at once.
	wantStatus(t, env.do(http.MethodPut, fmt.Sprintf("/api/campaign/%d/update", public), key, map[string]any{"name": "Spring", "public": false}), http.StatusOK)
	expect{status: 404, contains: []string{"Link not found"}}.check(t, env.visit(visit{path: "/u/spring"}))

	t.Run("long campaigns are paged", func(t *testing.T) {
		big := env.newCampaign(key, map[string]any{"name": "Big", "slug": "big", "public": true})
		if err := env.DB.Exec(`INSERT INTO links (account_id, alias, long_url, title, campaign_id)
			SELECT ?, 'big-' || lpad(n::text, 3, '0'), 'https://big.example/' || n, 'Item ' || lpad(n::text, 3, '0'), ?
			FROM generate_series(1, 101) AS n`, accID, big).Error; err != nil {
			t.Fatal(err)
		}
		first := env.visit(visit{path: "/u/big"})
		expect{status: 200, contains: []string{"Item 001", "Item 100", `id="next" href="?page=2"`}, absent: []string{"Item 101", `id="prev"`}}.check(t, first)
		second := env.visit(visit{path: "/u/big?page=2"})
		expect{status: 200, contains: []string{"Item 101", `id="prev" href="?page=1"`}, absent: []string{"Item 100<", `id="next"`}}.check(t, second)
		past := env.visit(visit{path: "/u/big?page=9"})
		expect{status: 200, contains: []string{"This campaign has no links to show.", `id="prev" href="?page=2"`}}.check(t, past)
		expect{status: 200, contains: []string{"Item 001"}}.check(t, env.visit(visit{path: "/u/big?page=x"}))
		// (page-1)*100 would overflow into a negative OFFSET: still just a page past the end.
		expect{status: 200, contains: []string{"This campaign has no links to show."}}.check(t, env.visit(visit{path: "/u/big?page=9223372036854775807"}))
	})
}

// TestCampaignPagesFollowChangesOnEveryReplica: the rotator and the list page hold
// campaigns in each replica's memory; every change that shows on them reaches both
// replicas at once (on b within 3 s, far less than the 30 s TTL): creating the
// campaign, links joining it (created in it, assigned, moved in by an update), changed,
// leaving it (moved to another campaign, unassigned, deleted), the campaign changed
// (slug, visibility) and deleted.
func TestCampaignPagesFollowChangesOnEveryReplica(t *testing.T) {
	r := newReplicas(t)
	_, key := r.a.newAccount("free")
	list := func(path string, contains, absent []string) visitCheck {
		return visitCheck{path: path, want: expect{status: 200, contains: contains, absent: absent}}
	}
	notFound := func(path string) visitCheck {
		return visitCheck{path: path, want: expect{status: 404, contains: []string{"Link not found"}}}
	}
	rotatesTo := func(path, dest string) visitCheck {
		return visitCheck{path: path, want: expect{status: 302, location: dest}}
	}

	// Unknown slugs are cached as such on both replicas first.
	r.seen(notFound("/u/spring"))
	r.seen(notFound("/r/spring"))
	spring := r.a.newCampaign(key, map[string]any{"name": "Spring", "slug": "spring", "public": true})
	r.seen(list("/u/spring", []string{"This campaign has no links to show."}, nil))
	r.seen(notFound("/r/spring")) // no link yet

	first, _ := r.a.createLink(key, map[string]any{"url": "https://one.example/", "metatitle": "First offer", "campaign": spring})
	r.seen(list("/u/spring", []string{"First offer"}, nil))
	r.seen(rotatesTo("/r/spring", "https://one.example/"))

	r.api(http.MethodPut, fmt.Sprintf("/api/url/%d/update", first), key, map[string]any{"metatitle": "Renamed offer", "url": "https://uno.example/"})
	r.seen(list("/u/spring", []string{"Renamed offer"}, []string{"First offer"}))
	r.seen(rotatesTo("/r/spring", "https://uno.example/"))

	second, _ := r.a.createLink(key, map[string]any{"url": "https://two.example/", "metatitle": "Second offer"})
	r.api(http.MethodPost, fmt.Sprintf("/api/campaign/%d/assign/%d", spring, second), key, nil)
	r.seen(list("/u/spring", []string{"Renamed offer", "Second offer"}, nil))

	// Moved to another campaign: it leaves this one's pages.
	summer := r.a.newCampaign(key, map[string]any{"name": "Summer", "slug": "summer", "public": true})
	r.seen(list("/u/summer", nil, []string{"Second offer"}))
	r.api(http.MethodPost, fmt.Sprintf("/api/campaign/%d/assign/%d", summer, second), key, nil)
	r.seen(list("/u/spring", []string{"Renamed offer"}, []string{"Second offer"}))
	r.seen(list("/u/summer", []string{"Second offer"}, nil))
	r.api(http.MethodPut, fmt.Sprintf("/api/url/%d/update", second), key, map[string]any{"campaign": spring})
	r.seen(list("/u/spring", []string{"Second offer"}, nil))
	r.seen(list("/u/summer", nil, []string{"Second offer"}))
	r.api(http.MethodPut, fmt.Sprintf("/api/url/%d/update", second), key, map[string]any{"campaign": nil})
	r.seen(list("/u/spring", []string{"Renamed offer"}, []string{"Second offer"}))

	// The campaign itself: visibility, slug, deletion.
	r.api(http.MethodPut, fmt.Sprintf("/api/campaign/%d/update", spring), key, map[string]any{"name": "Spring", "public": false})
	r.seen(notFound("/u/spring"))
	r.seen(rotatesTo("/r/spring", "https://uno.example/")) // the rotator does not need public
	r.api(http.MethodPut, fmt.Sprintf("/api/campaign/%d/update", spring), key, map[string]any{"name": "Autumn", "slug": "autumn", "public": true})
	r.seen(notFound("/r/spring"))
	r.seen(notFound("/u/spring"))
	r.seen(rotatesTo("/r/autumn", "https://uno.example/"))
	r.seen(visitCheck{path: "/u/autumn", want: expect{status: 200, contains: []string{"Autumn", "Renamed offer"}}})

	r.api(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", first), key, nil)
	r.seen(notFound("/r/autumn"))
	r.seen(list("/u/autumn", []string{"This campaign has no links to show."}, []string{"Renamed offer"}))
	r.api(http.MethodDelete, fmt.Sprintf("/api/campaign/%d/delete", spring), key, nil)
	r.seen(notFound("/u/autumn"))
}

// TestCampaignPagesWithoutDatabase: once a campaign is cached, its rotator and its list
// page need no Postgres: with the database cut they still answer, and the rotation goes
// on. (Each visit used to make two queries.)
func TestCampaignPagesWithoutDatabase(t *testing.T) {
	env := newEnv(t, withCutDB())
	_, key := env.newAccount("free")
	c := env.newCampaign(key, map[string]any{"name": "Spring", "slug": "spring", "public": true})
	dests := []string{"https://one.example/", "https://two.example/"}
	for _, dest := range dests {
		env.createLink(key, map[string]any{"url": dest, "metatitle": "Offer " + dest, "campaign": c})
	}
	browser := map[string]string{"User-Agent": uaChromeWindows}
	// Warm up: the campaign, and each link the rotator hands over to.
	for range 2 {
		env.visit(visit{path: "/r/spring", header: browser})
	}
	env.visit(visit{path: "/u/spring", header: browser})

	env.DBProxy.Cut()
	got := map[string]int{}
	for range 4 {
		res := env.visit(visit{path: "/r/spring", header: browser})
		if res.Status != http.StatusFound {
			t.Fatalf("rotator with Postgres cut: %d %.200s", res.Status, res.Body)
		}
		got[res.Header.Get("Location")]++
	}
	if got[dests[0]] != 2 || got[dests[1]] != 2 {
		t.Fatalf("rotation with Postgres cut: %v, want 2 visits each", got)
	}
	expect{status: 200, contains: []string{"Offer https://one.example/", "Offer https://two.example/"}}.check(t, env.visit(visit{path: "/u/spring", header: browser}))
	// The control: an uncached campaign needs the database, which is cut.
	expect{status: 503}.check(t, env.visit(visit{path: "/u/other", header: browser}))
}
