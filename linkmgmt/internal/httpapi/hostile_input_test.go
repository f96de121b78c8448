package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/shared/testkit"
)

// writeRoute is a create or update route with a valid body, and the paths (in that
// body) of every text or URL field it takes: "name", "geotarget.0.link", "data.note".
type writeRoute struct {
	method, path string
	body         map[string]any
	text         []string // every string field
	urls         []string // the fields holding a web address
}

// hostileEnv is a server with one resource of every kind for one account.
type hostileEnv struct {
	*testEnv
	key    string
	routes []writeRoute
}

func newHostileEnv(t testing.TB) *hostileEnv {
	t.Helper()
	env := newQREnv(t)
	_, key := env.newAccount("free")
	create := func(path string, body map[string]any) int64 {
		t.Helper()
		res := env.do(http.MethodPost, path, key, body)
		b := wantStatus(t, res, http.StatusOK)
		if b.ID == 0 {
			t.Fatalf("POST %s: no id in %s", path, res.Body)
		}
		return b.ID
	}
	link := create("/api/url/add", map[string]any{"url": "https://example.org/kept"})
	campaign := create("/api/campaign/add", map[string]any{"name": "Spring", "slug": "spring"})
	channel := create("/api/channel/add", map[string]any{"name": "Press"})
	pixel := create("/api/pixel/add", map[string]any{"type": "gtmpixel", "name": "GTM", "tag": "GTM-ABC1234"})
	overlay := create("/api/overlay/add", map[string]any{"name": "cta"})
	splash := create("/api/splash/add", map[string]any{"name": "promo"})
	domain := create("/api/domain/add", map[string]any{"domain": "https://go.example.com"})
	qrCode := create("/api/qr/add", map[string]any{"type": "text", "data": "kept"})
	vcard := create("/api/qr/add", map[string]any{"type": "vcard", "data": map[string]any{"name": "Ann Lee"}})

	linkBody := func(custom string) map[string]any {
		return map[string]any{
			"url": "https://example.org/new", "custom": custom, "type": "frame",
			"password": "open sesame", "domain": "https://go.example.com", "expiry": "2099-01-01 00:00:00",
			"geotarget":      []any{map[string]any{"location": "Canada", "link": "https://example.ca/"}},
			"devicetarget":   []any{map[string]any{"device": "iPhone", "link": "https://example.org/ios"}},
			"languagetarget": []any{map[string]any{"language": "fr", "link": "https://example.fr/"}},
			"metatitle":      "Title", "metadescription": "Description", "metaimage": "https://cdn.example.org/i.png",
			"description": "Note", "status": "public",
			"deeplink":   map[string]any{"auto": false, "apple": "https://apps.apple.com/app/id1", "google": "https://play.google.com/store/apps/details?id=x"},
			"parameters": []any{map[string]any{"name": "utm_source", "value": "news"}},
		}
	}
	linkText := []string{"url", "custom", "type", "password", "domain", "expiry", "geotarget.0.location", "geotarget.0.link",
		"devicetarget.0.device", "devicetarget.0.link", "languagetarget.0.language", "languagetarget.0.link",
		"metatitle", "metadescription", "metaimage", "description", "status", "deeplink.apple", "deeplink.google",
		"parameters.0.name", "parameters.0.value"}
	linkURLs := []string{"url", "geotarget.0.link", "devicetarget.0.link", "languagetarget.0.link", "metaimage",
		"deeplink.apple", "deeplink.google"}
	overlayBody := func() map[string]any {
		return map[string]any{"type": "message", "name": "cta2", "text": "Join", "button_label": "Go", "button_url": "https://example.org/join",
			"background_color": "#ffffff", "text_color": "#000000", "button_color": "#0d6efd"}
	}
	overlayText := []string{"type", "name", "text", "button_label", "button_url", "background_color", "text_color", "button_color"}
	splashBody := func() map[string]any {
		return map[string]any{"name": "promo2", "title": "Title", "message": "Hello", "image_url": "https://cdn.example.org/i.png",
			"countdown": 3, "button_label": "Shop", "button_url": "https://example.org/shop"}
	}
	splashText := []string{"name", "title", "message", "image_url", "button_label", "button_url"}
	qrBody := func() map[string]any {
		return map[string]any{"type": "text", "data": "hello", "background": "rgb(255,255,255)", "foreground": "rgb(0,0,0)", "logo": "logo.png", "name": "Menu"}
	}
	qrText := []string{"type", "data", "background", "foreground", "logo", "name"}
	vcardBody := func() map[string]any {
		return map[string]any{"type": "vcard", "data": map[string]any{"name": "Ann Lee", "firstname": "Ann", "lastname": "Lee",
			"phone": "+1 555 010 9999", "email": "ann@example.org", "company": "ACME", "title": "CEO",
			"url": "https://example.org/ann", "address": "1 Main St", "note": "Hi"}}
	}
	vcardText := []string{"data.name", "data.firstname", "data.lastname", "data.phone", "data.email", "data.company",
		"data.title", "data.url", "data.address", "data.note"}
	id := func(format string, id int64) string { return fmt.Sprintf(format, id) }

	h := &hostileEnv{testEnv: env, key: key}
	h.routes = []writeRoute{
		{http.MethodPost, "/api/url/add", linkBody("added"), linkText, linkURLs},
		{http.MethodPut, id("/api/url/%d/update", link), linkBody("updated"), linkText, linkURLs},
		{http.MethodPost, "/api/campaign/add", map[string]any{"name": "Autumn", "slug": "autumn"}, []string{"name", "slug"}, nil},
		{http.MethodPut, id("/api/campaign/%d/update", campaign), map[string]any{"name": "Winter", "slug": "winter"}, []string{"name", "slug"}, nil},
		{http.MethodPost, "/api/channel/add", map[string]any{"name": "Social", "description": "d", "color": "#1e90ff"}, []string{"name", "description", "color"}, nil},
		{http.MethodPut, id("/api/channel/%d/update", channel), map[string]any{"name": "Social", "description": "d", "color": "#1e90ff"}, []string{"name", "description", "color"}, nil},
		{http.MethodPost, "/api/pixel/add", map[string]any{"type": "fbpixel", "name": "FB", "tag": "1234567890"}, []string{"type", "name", "tag"}, nil},
		{http.MethodPut, id("/api/pixel/%d/update", pixel), map[string]any{"name": "GTM 2", "tag": "GTM-XYZ9876"}, []string{"name", "tag"}, nil},
		{http.MethodPost, "/api/overlay/add", overlayBody(), overlayText, []string{"button_url"}},
		{http.MethodPut, id("/api/overlay/%d/update", overlay), overlayBody(), overlayText, []string{"button_url"}},
		{http.MethodPost, "/api/splash/add", splashBody(), splashText, []string{"image_url", "button_url"}},
		{http.MethodPut, id("/api/splash/%d/update", splash), splashBody(), splashText, []string{"image_url", "button_url"}},
		{http.MethodPost, "/api/domain/add", map[string]any{"domain": "https://go2.example.com", "redirectroot": "https://example.org/", "redirect404": "https://example.org/404"},
			[]string{"domain", "redirectroot", "redirect404"}, []string{"domain", "redirectroot", "redirect404"}},
		{http.MethodPut, id("/api/domain/%d/update", domain), map[string]any{"redirectroot": "https://example.org/", "redirect404": "https://example.org/404"},
			[]string{"redirectroot", "redirect404"}, []string{"redirectroot", "redirect404"}},
		{http.MethodPut, "/api/account/update", map[string]any{"email": "new@example.org", "password": "a long password"}, []string{"email", "password"}, nil},
		{http.MethodPost, "/api/qr/add", qrBody(), qrText, nil},
		{http.MethodPut, id("/api/qr/%d/update", qrCode), qrBody(), qrText, nil},
		{http.MethodPost, "/api/qr/add", map[string]any{"type": "link", "data": "https://example.org/menu"}, []string{"data"}, []string{"data"}},
		{http.MethodPut, id("/api/qr/%d/update", qrCode), map[string]any{"type": "link", "data": "https://example.org/menu"}, []string{"data"}, []string{"data"}},
		{http.MethodPost, "/api/qr/add", vcardBody(), vcardText, []string{"data.url"}},
		{http.MethodPut, id("/api/qr/%d/update", vcard), vcardBody(), vcardText, []string{"data.url"}},
	}
	// Every route's valid body is accepted, so the hostile variants below differ from an
	// accepted request by the one field they spoil.
	for _, r := range h.routes {
		if res := env.do(r.method, r.path, key, clone(r.body)); res.Status != http.StatusOK {
			t.Fatalf("valid body of %s %s refused: %d %s", r.method, r.path, res.Status, res.Body)
		}
	}
	return h
}

// clone deep-copies a JSON-like body.
func clone(body map[string]any) map[string]any {
	raw, _ := json.Marshal(body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out
}

// setField sets the value at a dotted path ("geotarget.0.link") of a JSON-like body.
func setField(t testing.TB, body map[string]any, path string, value any) {
	t.Helper()
	parts := strings.Split(path, ".")
	var cur any = body
	for i, p := range parts {
		last := i == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				c[p] = value
				return
			}
			cur = c[p]
		case []any:
			n, err := strconv.Atoi(p)
			if err != nil || n >= len(c) {
				t.Fatalf("bad path %q", path)
			}
			if last {
				c[n] = value
				return
			}
			cur = c[n]
		default:
			t.Fatalf("bad path %q", path)
		}
	}
}

// invalidUTF8 marks where encodeWith puts bytes that are not UTF-8 (json.Marshal would
// replace them with U+FFFD).
const invalidUTF8 = "\x01not-utf8\x01"

// encodeWith is body as JSON with every invalidUTF8 mark replaced by raw invalid bytes.
func encodeWith(t testing.TB, body map[string]any) string {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	mark, _ := json.Marshal(invalidUTF8)
	return string(bytes.ReplaceAll(raw, mark[1:len(mark)-1], []byte("a\xff\xfeb")))
}

// snapshot is a digest of every row an API call could write.
func (e *testEnv) snapshot() string {
	e.t.Helper()
	var out []string
	for _, table := range []string{"accounts", "links", "link_pixels", "campaigns", "channels", "pixels", "overlays",
		"splash_pages", "domains", "qr_codes"} {
		var digest string
		e.scalar(&digest, `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM `+table+` t`)
		out = append(out, table+"="+digest)
	}
	return strings.Join(out, " ")
}

// wantRefused requires a 4xx with the error envelope.
func wantRefused(t testing.TB, res response) {
	t.Helper()
	if res.Status < 400 || res.Status >= 500 {
		t.Fatalf("status = %d, want 4xx; body %.300s", res.Status, res.Body)
	}
	var b struct {
		Error   *int    `json:"error"`
		Message *string `json:"message"`
	}
	res.JSON(t, &b)
	if b.Error == nil || *b.Error != 1 || b.Message == nil || *b.Message == "" {
		t.Fatalf("body = %.300s, want {\"error\":1,\"message\":...}", res.Body)
	}
}

// TestEveryTextFieldRefusesBadText: every string field of every create and update route
// (link, campaign, channel, pixel, overlay, splash page, domain, account, QR codes and
// the fields inside their data) refuses a NUL character, bytes that are not UTF-8 and an
// over-long value with a 4xx, and nothing is written. NUL and invalid UTF-8 used to reach
// Postgres and answer 500.
func TestEveryTextFieldRefusesBadText(t *testing.T) {
	testkit.Slow(t) // hundreds of requests: SLOW_TESTS=1 (CI) runs it
	env := newHostileEnv(t)
	bad := []struct {
		name  string
		value string
	}{
		{"NUL", "a\x00b"},
		{"invalid UTF-8", invalidUTF8},
		{"over-long", strings.Repeat("a", 9000)},
	}
	before := env.snapshot()
	for _, r := range env.routes {
		for _, field := range r.text {
			for _, b := range bad {
				t.Run(r.method+" "+r.path+" "+field+" "+b.name, func(t *testing.T) {
					body := clone(r.body)
					setField(t, body, field, b.value)
					wantRefused(t, env.do(r.method, r.path, env.key, encodeWith(t, body)))
				})
			}
		}
	}
	if after := env.snapshot(); after != before {
		t.Fatalf("refused requests wrote:\nbefore %s\nafter  %s", before, after)
	}
}

// TestEveryParameterOfEveryGETRouteRefusesBadText: every GET route of /api the router
// serves (enumerated from it, so a new route is covered without touching this test),
// with real ids in its path, gets in each of its documented query parameters (read from
// /openapi.json) and in an undocumented one:
//   - NUL, invalid UTF-8, an overlong UTF-8 form, a UTF-16 surrogate and an over-long
//     value: 422 in the service's error format;
//   - text that is valid but decodes a second time to invalid UTF-8 or NUL where a
//     handler reads it as a URL (short=http://host/%25ff answered 500): never a 5xx, and
//     never an answer that echoes a mangled value (U+FFFD).
//
// Every path value gets NUL and invalid UTF-8 too: 422 before the handler.
func TestEveryParameterOfEveryGETRouteRefusesBadText(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free") // the free plan's test limit is high enough for these calls
	linkID, _ := env.createLink(key, map[string]any{"url": "https://e.org/a", "custom": "params"})
	var qr, channel struct{ ID int64 }
	env.do(http.MethodPost, "/api/qr/add", key, map[string]any{"type": "link", "data": "https://e.org/menu"}).JSON(t, &qr)
	env.do(http.MethodPost, "/api/channel/add", key, map[string]any{"name": "c"}).JSON(t, &channel)
	campaignID := env.newCampaign(key, map[string]any{"name": "spring"})
	ids := map[string]int64{"url": linkID, "qr": qr.ID, "channel": channel.ID, "campaign": campaignID}

	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name string `json:"name"`
				In   string `json:"in"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	env.do(http.MethodGet, "/openapi.json", "", nil).JSON(t, &doc)

	refused := map[string]string{"NUL": "%00", "NUL inside": "abc%00def", "invalid UTF-8": "%FF%FE", "overlong UTF-8": "a%C0%AFb",
		"surrogate": "%ED%A0%80", "over-long": strings.Repeat("a", 3000)}
	decodedAgain := map[string]string{"percent in a URL path": "http://127.0.0.1/%25ff", "percent in a URL host": "http://%25ff/",
		"NUL in a URL path": "http://127.0.0.1/%2500", "percent": "%25ff%25fe"}
	routes := 0
	for _, r := range env.Routes {
		if r.Method != http.MethodGet || !strings.HasPrefix(r.Path, "/api/") {
			continue
		}
		routes++
		segments := strings.Split(r.Path, "/")
		var pathParams []int
		for i, seg := range segments {
			if strings.HasPrefix(seg, ":") {
				id, ok := ids[segments[i-1]]
				if !ok {
					t.Fatalf("%s: no id for %s; add one to the test", r.Path, seg)
				}
				segments[i] = strconv.FormatInt(id, 10)
				pathParams = append(pathParams, i)
			}
		}
		path := strings.Join(segments, "/")
		if res := env.do(http.MethodGet, path, key, nil); res.Status != http.StatusOK {
			t.Fatalf("GET %s: %d %s; the route must answer with valid input for this test to mean anything", path, res.Status, res.Body)
		}
		params := []string{"undocumented"}
		for _, p := range doc.Paths[apidocPath(r.Path)]["get"].Parameters {
			if p.In == "query" {
				params = append(params, p.Name)
			}
		}
		for _, p := range params {
			for name, v := range refused {
				t.Run(r.Path+" "+p+" "+name, func(t *testing.T) {
					res := env.do(http.MethodGet, path+"?"+p+"="+v, key, nil)
					wantRefused(t, res)
					if res.Status != http.StatusUnprocessableEntity {
						t.Fatalf("status = %d, want 422; body %.300s", res.Status, res.Body)
					}
				})
			}
			for name, v := range decodedAgain {
				t.Run(r.Path+" "+p+" "+name, func(t *testing.T) {
					res := env.do(http.MethodGet, path+"?"+p+"="+v, key, nil)
					if res.Status >= 500 {
						t.Fatalf("status = %d; body %.300s", res.Status, res.Body)
					}
					if bytes.Contains(res.Body, []byte("\\ufffd")) || bytes.Contains(res.Body, []byte("\uFFFD")) || bytes.ContainsRune(res.Body, '\uFFFD') {
						t.Fatalf("the answer echoes a mangled value: %.300s", res.Body)
					}
				})
			}
		}
		for _, i := range pathParams {
			for name, v := range map[string]string{"NUL": "%00", "invalid UTF-8": "%FF"} {
				t.Run(r.Path+" path "+segments[i]+" "+name, func(t *testing.T) {
					bad := slices.Clone(segments)
					bad[i] = v
					res := env.do(http.MethodGet, strings.Join(bad, "/"), key, nil)
					wantRefused(t, res)
					if res.Status != http.StatusUnprocessableEntity {
						t.Fatalf("status = %d, want 422; body %.300s", res.Status, res.Body)
					}
				})
			}
		}
	}
	if routes < 20 {
		t.Fatalf("only %d GET routes under /api", routes)
	}
	t.Run("q longer than 255 characters", func(t *testing.T) {
		wantMessage(t, env.do(http.MethodGet, "/api/urls?q="+strings.Repeat("é", 256), key, nil), http.StatusUnprocessableEntity, "q: must be at most 255 characters")
	})
	t.Run("q of 255 characters", func(t *testing.T) {
		wantStatus(t, env.do(http.MethodGet, "/api/urls?q="+url.QueryEscape(strings.Repeat("é", 255)), key, nil), http.StatusOK)
	})
}

// apidocPath is an Echo route path as /openapi.json writes it: /api/url/:id -> /api/url/{id}.
func apidocPath(echoPath string) string {
	segments := strings.Split(echoPath, "/")
	for i, seg := range segments {
		if name, ok := strings.CutPrefix(seg, ":"); ok {
			segments[i] = "{" + name + "}"
		}
	}
	return strings.Join(segments, "/")
}

// TestEveryURLFieldRefusesMalformedAddresses: every field holding a web address (link
// destinations, targeting and deep links, meta image, overlay and splash buttons and
// image, domain and its redirects, QR link data and vCard URL) refuses an address
// without a host or with a port that cannot exist, with a 422, and nothing is written.
func TestEveryURLFieldRefusesMalformedAddresses(t *testing.T) {
	testkit.Slow(t) // hundreds of requests: SLOW_TESTS=1 (CI) runs it
	env := newHostileEnv(t)
	bad := []string{"http://:80/x.png", "https://example.org:99999/x.png", "https://example.org:0/x.png",
		"https://example.org:http/x.png", "https://example.org:/x.png", "http:///x.png", "https://exa_mple..org/x.png"}
	before := env.snapshot()
	for _, r := range env.routes {
		for _, field := range r.urls {
			for _, v := range bad {
				t.Run(r.method+" "+r.path+" "+field+" "+v, func(t *testing.T) {
					body := clone(r.body)
					if field == "domain" {
						v = strings.TrimSuffix(v, "/x.png")
					}
					setField(t, body, field, v)
					res := env.do(r.method, r.path, env.key, body)
					wantRefused(t, res)
					if res.Status != http.StatusUnprocessableEntity {
						t.Fatalf("status = %d, want 422; body %s", res.Status, res.Body)
					}
				})
			}
		}
	}
	if after := env.snapshot(); after != before {
		t.Fatalf("refused requests wrote:\nbefore %s\nafter  %s", before, after)
	}
}
