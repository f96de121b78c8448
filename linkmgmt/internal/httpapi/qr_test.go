package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr/qrtest"
)

// newQREnv is a test server whose QR logos may be read from a fresh directory holding
// logo.png.
func newQREnv(t testing.TB) *testEnv {
	t.Helper()
	dir := t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 120, 80))
	for y := range 80 {
		for x := range 120 {
			img.Set(x, y, color.NRGBA{R: uint8(2 * x), G: 30, B: uint8(3 * y), A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "logo.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return newEnv(t, withQRLogos(qr.LogoConfig{Dir: dir}))
}

type qrAdded struct {
	Error   int    `json:"error"`
	ID      int64  `json:"id"`
	Link    string `json:"link"`
	Message string `json:"message"`
}

// addQR creates a code and fails the test unless it succeeds.
func (e *testEnv) addQR(key string, body map[string]any) qrAdded {
	e.t.Helper()
	res := e.do(http.MethodPost, "/api/qr/add", key, body)
	var out qrAdded
	res.JSON(e.t, &out)
	if res.Status != http.StatusOK || out.Error != 0 || out.ID <= 0 {
		e.t.Fatalf("POST /api/qr/add %v: %d %s", body, res.Status, res.Body)
	}
	return out
}

// scan fetches /qr/{id}.{format} and returns what a scanner reads in it.
func (e *testEnv) scan(id int64, format string) string {
	e.t.Helper()
	res := e.do(http.MethodGet, fmt.Sprintf("/qr/%d.%s", id, format), "", nil)
	if res.Status != http.StatusOK {
		e.t.Fatalf("GET /qr/%d.%s: %d %s", id, format, res.Status, res.Body)
	}
	var (
		text string
		err  error
	)
	if format == "svg" {
		if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
			e.t.Fatalf("Content-Type = %q", ct)
		}
		text, err = qrtest.DecodeSVG(res.Body)
	} else {
		if ct := res.Header.Get("Content-Type"); ct != "image/png" {
			e.t.Fatalf("Content-Type = %q", ct)
		}
		text, err = qrtest.DecodePNG(res.Body)
	}
	if err != nil {
		e.t.Fatalf("scan /qr/%d.%s: %v", id, format, err)
	}
	return text
}

func TestQRCodesScanToTheirPayload(t *testing.T) {
	env := newQREnv(t)
	accountID, key := env.newAccount("free")
	tests := []struct {
		typ         string
		data        any
		wantPayload string // for link: the destination (the code holds the short URL)
	}{
		{"text", "Olá, mundo; 100% ✓", "Olá, mundo; 100% ✓"},
		{"link", "https://example.com/promo?utm=qr", "https://example.com/promo?utm=qr"},
		{"phone", "+55 (11) 4000-1234", "tel:+551140001234"},
		{"email", map[string]any{"email": "hi@example.com", "subject": "Quote & price", "body": "Hello"}, "mailto:hi@example.com?subject=Quote%20%26%20price&body=Hello"},
		{"sms", map[string]any{"phone": "5550100", "message": "JOIN: now"}, "SMSTO:5550100:JOIN: now"},
		{"wifi", map[string]any{"ssid": "Guest;Net", "password": "pa:ss,w\"rd", "encryption": "WPA"}, `WIFI:T:WPA;S:Guest\;Net;P:pa\:ss\,w\"rd;;`},
		{"vcard", map[string]any{"name": "Rui Costa", "phone": "+351 21 000 0000", "company": "Costa, Lda"},
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Costa;Rui;;;\r\nFN:Rui Costa\r\nORG:Costa\\, Lda\r\nTEL:+351 21 000 0000\r\nEND:VCARD"},
	}
	// The links service's random aliases: 6 base62 characters (more after collisions).
	shortURL := regexp.MustCompile(`^` + regexp.QuoteMeta(env.URL) + `/([0-9A-Za-z]{6,})$`)
	for _, tt := range tests {
		for _, withLogo := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s logo=%t", tt.typ, withLogo), func(t *testing.T) {
				body := map[string]any{"type": tt.typ, "data": tt.data, "foreground": "rgb(10,60,30)", "background": "rgb(255,250,235)"}
				if withLogo {
					body["logo"] = "logo.png"
				}
				added := env.addQR(key, body)
				want := tt.wantPayload
				if tt.typ == "link" {
					m := shortURL.FindStringSubmatch(added.Link)
					if m == nil {
						t.Fatalf("link = %q, want a short URL on %s", added.Link, env.URL)
					}
					var row struct {
						LongURL   string
						AccountID int64
					}
					if err := env.DB.Raw(`SELECT long_url, account_id FROM links WHERE alias = ?`, m[1]).Scan(&row).Error; err != nil {
						t.Fatal(err)
					}
					if row.LongURL != tt.wantPayload || row.AccountID != accountID {
						t.Fatalf("short link row = %+v, want long_url %q of account %d", row, tt.wantPayload, accountID)
					}
					want = added.Link
				} else if wantLink := fmt.Sprintf("%s/qr/%d.png", env.URL, added.ID); added.Link != wantLink {
					t.Fatalf("link = %q, want %q", added.Link, wantLink)
				}
				for _, format := range []string{"png", "svg"} {
					if got := env.scan(added.ID, format); got != want {
						t.Errorf("%s scans to %q, want %q", format, got, want)
					}
				}
			})
		}
	}
}

func TestQRImageETagAndUpdate(t *testing.T) {
	env := newQREnv(t)
	_, key := env.newAccount("free")
	added := env.addQR(key, map[string]any{"type": "text", "data": "first"})
	path := fmt.Sprintf("/qr/%d.png", added.ID)

	get := func(ifNoneMatch string) response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, env.URL+path, nil)
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var buf bytes.Buffer
		buf.ReadFrom(res.Body)
		return response{Status: res.StatusCode, Header: res.Header, Body: buf.Bytes()}
	}

	first := get("")
	etag := first.Header.Get("ETag")
	if first.Status != http.StatusOK || !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(etag) {
		t.Fatalf("first GET: %d, ETag %q", first.Status, etag)
	}
	if cc := first.Header.Get("Cache-Control"); cc != "public, no-cache" {
		t.Fatalf("Cache-Control = %q", cc)
	}
	if n, _ := env.Redis.Exists(context.Background(), fmt.Sprintf("qr:img:%d:png", added.ID)).Result(); n != 1 {
		t.Fatal("rendered image is not cached in Redis")
	}
	again := get("")
	if again.Header.Get("ETag") != etag || !bytes.Equal(again.Body, first.Body) {
		t.Fatal("second GET changed the image or its ETag")
	}
	for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		res := get(inm)
		if res.Status != http.StatusNotModified || len(res.Body) != 0 || res.Header.Get("ETag") != etag {
			t.Fatalf("If-None-Match %s: %d (%d bytes), want 304 without a body", inm, res.Status, len(res.Body))
		}
	}
	if res := get(`"stale"`); res.Status != http.StatusOK {
		t.Fatalf("stale If-None-Match: %d, want 200", res.Status)
	}
	svg := env.do(http.MethodGet, fmt.Sprintf("/qr/%d.svg", added.ID), "", nil)
	if svg.Header.Get("ETag") == etag || svg.Header.Get("ETag") == "" {
		t.Fatalf("svg ETag %q must differ from png ETag %q", svg.Header.Get("ETag"), etag)
	}
	head, _ := http.Head(env.URL + path)
	if head.StatusCode != http.StatusOK || head.Header.Get("ETag") != etag {
		t.Fatalf("HEAD: %d %q", head.StatusCode, head.Header.Get("ETag"))
	}

	// Update: new data and colours give a new ETag and a new image.
	res := env.do(http.MethodPut, fmt.Sprintf("/api/qr/%d/update", added.ID), key, map[string]any{"data": "second", "foreground": "rgb(90,0,0)"})
	var msg qrAdded
	res.JSON(t, &msg)
	if res.Status != http.StatusOK || msg.Error != 0 || msg.Message != "QR has been updated successfully." {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	if n, _ := env.Redis.Exists(context.Background(), fmt.Sprintf("qr:img:%d:png", added.ID)).Result(); n != 0 {
		t.Fatal("update left the old rendering in the cache")
	}
	after := get(etag)
	if after.Status != http.StatusOK || after.Header.Get("ETag") == etag {
		t.Fatalf("after update with the old ETag: %d, ETag %q; want 200 and a new ETag", after.Status, after.Header.Get("ETag"))
	}
	if got, err := qrtest.DecodePNG(after.Body); err != nil || got != "second" {
		t.Fatalf("updated image scans to %q, %v", got, err)
	}
	img, _ := png.Decode(bytes.NewReader(after.Body))
	if r, g, b, _ := img.At(42, 42).RGBA(); r>>8 != 90 || g>>8 != 0 || b>>8 != 0 {
		t.Fatalf("finder pixel = %d,%d,%d, want the new foreground 90,0,0", r>>8, g>>8, b>>8)
	}

	for _, p := range []string{"/qr/999999.png", "/qr/abc.png", fmt.Sprintf("/qr/%d.gif", added.ID), fmt.Sprintf("/qr/%d", added.ID), "/qr/-1.png"} {
		if res := env.do(http.MethodGet, p, "", nil); res.Status != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, res.Status)
		}
	}
}

func TestQRUpdateTypesAndLinks(t *testing.T) {
	env := newQREnv(t)
	_, key := env.newAccount("free")
	added := env.addQR(key, map[string]any{"type": "link", "data": "https://example.com/a"})
	update := func(body map[string]any) {
		t.Helper()
		res := env.do(http.MethodPut, fmt.Sprintf("/api/qr/%d/update", added.ID), key, body)
		if res.Status != http.StatusOK {
			t.Fatalf("update %v: %d %s", body, res.Status, res.Body)
		}
	}
	linkOf := func() (id int64, longURL string) {
		t.Helper()
		var row struct {
			ID      int64
			LongURL string
		}
		env.DB.Raw(`SELECT l.id, l.long_url FROM qr_codes q JOIN links l ON l.id = q.link_id WHERE q.id = ?`, added.ID).Scan(&row)
		return row.ID, row.LongURL
	}
	firstLink, _ := linkOf()

	// New destination: same short link (printed codes keep working), new long URL.
	update(map[string]any{"data": "https://example.com/b"})
	if id, long := linkOf(); id != firstLink || long != "https://example.com/b" {
		t.Fatalf("after update: link %d -> %q, want link %d -> https://example.com/b", id, long, firstLink)
	}
	if got := env.scan(added.ID, "png"); got != added.Link {
		t.Fatalf("scans to %q, want the unchanged short URL %q", got, added.Link)
	}

	// To text: the code encodes the text; the short link stays (old prints redirect).
	update(map[string]any{"type": "text", "data": "now plain text", "logo": "logo.png"})
	if got := env.scan(added.ID, "png"); got != "now plain text" {
		t.Fatalf("scans to %q", got)
	}
	var list qrListBody
	env.do(http.MethodGet, "/api/qr", key, nil).JSON(t, &list)
	if len(list.Data.QRs) != 1 || list.Data.QRs[0].Link != fmt.Sprintf("%s/qr/%d.png", env.URL, added.ID) {
		t.Fatalf("list after type change = %+v", list.Data.QRs)
	}

	// Back to link: the same short link is reused.
	update(map[string]any{"type": "link", "data": "https://example.com/c", "logo": ""})
	if id, long := linkOf(); id != firstLink || long != "https://example.com/c" {
		t.Fatalf("back to link: link %d -> %q", id, long)
	}
	if got := env.scan(added.ID, "svg"); got != added.Link {
		t.Fatalf("scans to %q, want %q", got, added.Link)
	}

	// The short link deleted behind the code's back: the next update makes a new one.
	env.DB.Exec(`DELETE FROM links WHERE id = ?`, firstLink)
	update(map[string]any{"data": "https://example.com/d"})
	if id, long := linkOf(); id == 0 || id == firstLink || long != "https://example.com/d" {
		t.Fatalf("after link deletion: link %d -> %q, want a new link", id, long)
	}
}

func TestQRDelete(t *testing.T) {
	env := newQREnv(t)
	_, key := env.newAccount("free")
	added := env.addQR(key, map[string]any{"type": "link", "data": "https://example.com/x"})
	var linkID int64
	env.DB.Raw(`SELECT link_id FROM qr_codes WHERE id = ?`, added.ID).Scan(&linkID)
	env.scan(added.ID, "png") // fills the cache

	res := env.do(http.MethodDelete, fmt.Sprintf("/api/qr/%d/delete", added.ID), key, nil)
	var msg qrAdded
	res.JSON(t, &msg)
	if res.Status != http.StatusOK || msg.Error != 0 || msg.Message != "QR Code has been deleted successfully." {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	var links int64
	env.DB.Raw(`SELECT count(*) FROM links WHERE id = ?`, linkID).Scan(&links)
	if links != 0 {
		t.Fatal("the short link made for the code was not deleted")
	}
	for _, r := range []struct{ method, path, key string }{
		{http.MethodGet, fmt.Sprintf("/api/qr/%d", added.ID), key},
		{http.MethodDelete, fmt.Sprintf("/api/qr/%d/delete", added.ID), key},
		{http.MethodGet, fmt.Sprintf("/qr/%d.png", added.ID), ""},
	} {
		if res := env.do(r.method, r.path, r.key, nil); res.Status != http.StatusNotFound {
			t.Errorf("%s %s after delete: %d, want 404", r.method, r.path, res.Status)
		}
	}
}

func TestQRAccountIsolationAndAuth(t *testing.T) {
	env := newQREnv(t)
	_, owner := env.newAccount("free")
	_, other := env.newAccount("free")
	added := env.addQR(owner, map[string]any{"type": "text", "data": "mine"})
	id := added.ID

	calls := []struct {
		method, path string
		body         any
	}{
		{http.MethodGet, fmt.Sprintf("/api/qr/%d", id), nil},
		{http.MethodPut, fmt.Sprintf("/api/qr/%d/update", id), map[string]any{"data": "stolen"}},
		{http.MethodDelete, fmt.Sprintf("/api/qr/%d/delete", id), nil},
	}
	for _, c := range calls {
		res := env.do(c.method, c.path, other, c.body)
		var body qrAdded
		res.JSON(t, &body)
		if res.Status != http.StatusNotFound || body.Error != 1 || body.Message != "QR code not found" {
			t.Errorf("%s %s by another account: %d %s, want 404", c.method, c.path, res.Status, res.Body)
		}
	}
	var list qrListBody
	env.do(http.MethodGet, "/api/qr", other, nil).JSON(t, &list)
	if list.Data.Result != 0 || len(list.Data.QRs) != 0 {
		t.Fatalf("another account lists %+v", list.Data)
	}
	if got := env.scan(id, "png"); got != "mine" {
		t.Fatalf("code changed by another account: %q", got)
	}

	for _, c := range append(calls, struct {
		method, path string
		body         any
	}{http.MethodGet, "/api/qr", nil}, struct {
		method, path string
		body         any
	}{http.MethodPost, "/api/qr/add", map[string]any{"type": "text", "data": "x"}}) {
		if res := env.do(c.method, c.path, "", c.body); res.Status != http.StatusUnauthorized {
			t.Errorf("%s %s without a key: %d, want 401", c.method, c.path, res.Status)
		}
	}
	for _, p := range []string{"/api/qr/abc", "/api/qr/0", "/api/qr/99999999"} {
		if res := env.do(http.MethodGet, p, owner, nil); res.Status != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, res.Status)
		}
	}
}

type qrListBody struct {
	Error int `json:"error"`
	Data  struct {
		Result      int `json:"result"`
		PerPage     int `json:"perpage"`
		CurrentPage int `json:"currentpage"`
		NextPage    int `json:"nextpage"`
		MaxPage     int `json:"maxpage"`
		QRs         []struct {
			ID    int64  `json:"id"`
			Link  string `json:"link"`
			Scans int64  `json:"scans"`
			Name  string `json:"name"`
			Date  string `json:"date"`
		} `json:"qrs"`
	} `json:"data"`
}

func TestQRListPaging(t *testing.T) {
	env := newQREnv(t)
	_, key := env.newAccount("free")
	var ids []int64
	for i := range 17 {
		ids = append(ids, env.addQR(key, map[string]any{"type": "text", "data": fmt.Sprintf("code %02d", i)}).ID)
	}
	named := env.addQR(key, map[string]any{"type": "wifi", "data": map[string]any{"ssid": "Office"}, "name": "Office Wi-Fi"})
	ids = append(ids, named.ID)

	tests := []struct {
		query                         string
		wantCount, perPage, cur, next int
		maxPage                       int
		wantFirstID                   int64
	}{
		{"", 15, 15, 1, 2, 2, named.ID},
		{"?page=2", 3, 15, 2, 0, 2, ids[2]},
		{"?limit=5&page=4", 3, 5, 4, 0, 4, ids[2]},
		{"?limit=100", 18, 100, 1, 0, 1, named.ID},
		{"?page=9", 0, 15, 9, 0, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := env.do(http.MethodGet, "/api/qr"+tt.query, key, nil)
			var body qrListBody
			res.JSON(t, &body)
			d := body.Data
			if res.Status != http.StatusOK || body.Error != 0 || d.Result != 18 || len(d.QRs) != tt.wantCount ||
				d.PerPage != tt.perPage || d.CurrentPage != tt.cur || d.NextPage != tt.next || d.MaxPage != tt.maxPage {
				t.Fatalf("got %d %+v (%d items)", res.Status, d, len(d.QRs))
			}
			if tt.wantCount > 0 && d.QRs[0].ID != tt.wantFirstID {
				t.Fatalf("first id %d, want %d (newest first)", d.QRs[0].ID, tt.wantFirstID)
			}
		})
	}

	var body qrListBody
	env.do(http.MethodGet, "/api/qr?limit=2", key, nil).JSON(t, &body)
	first, second := body.Data.QRs[0], body.Data.QRs[1]
	if first.Name != "Office Wi-Fi" || second.Name != "code 16" {
		t.Fatalf("names %q, %q: want the given name, and the data as default", first.Name, second.Name)
	}
	if first.Link != fmt.Sprintf("%s/qr/%d.png", env.URL, first.ID) || first.Scans != 0 ||
		!regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`).MatchString(first.Date) {
		t.Fatalf("item = %+v", first)
	}

	for _, q := range []string{"?limit=0", "?limit=101", "?limit=abc", "?page=0", "?page=x"} {
		res := env.do(http.MethodGet, "/api/qr"+q, key, nil)
		var e qrAdded
		res.JSON(t, &e)
		if res.Status != http.StatusUnprocessableEntity || e.Error != 1 || e.Message == "" {
			t.Errorf("GET /api/qr%s: %d %s, want 422", q, res.Status, res.Body)
		}
	}
}

func TestQRStats(t *testing.T) {
	env := newQREnv(t)
	accountID, key := env.newAccount("free")
	link := env.addQR(key, map[string]any{"type": "link", "data": "https://example.com/s", "name": "Poster"})
	text := env.addQR(key, map[string]any{"type": "text", "data": "no tracking"})

	type stats struct {
		Error   int `json:"error"`
		Details struct {
			ID    int64  `json:"id"`
			Link  string `json:"link"`
			Scans int64  `json:"scans"`
			Name  string `json:"name"`
			Date  string `json:"date"`
		} `json:"details"`
		Data struct {
			Clicks       int64           `json:"clicks"`
			UniqueClicks int64           `json:"uniqueClicks"`
			TopCountries json.RawMessage `json:"topCountries"`
			TopReferrers json.RawMessage `json:"topReferrers"`
			TopBrowsers  json.RawMessage `json:"topBrowsers"`
			TopOs        json.RawMessage `json:"topOs"`
			SocialCount  map[string]int  `json:"socialCount"`
		} `json:"data"`
	}
	read := func(id int64) stats {
		t.Helper()
		res := env.do(http.MethodGet, fmt.Sprintf("/api/qr/%d", id), key, nil)
		var s stats
		res.JSON(t, &s)
		if res.Status != http.StatusOK || s.Error != 0 {
			t.Fatalf("GET /api/qr/%d: %d %s", id, res.Status, res.Body)
		}
		return s
	}
	zero := func(s stats) {
		t.Helper()
		d := s.Data
		if d.Clicks != 0 || d.UniqueClicks != 0 || s.Details.Scans != 0 {
			t.Fatalf("counts of an unscanned code: %+v", s)
		}
		for name, raw := range map[string]json.RawMessage{"topCountries": d.TopCountries, "topReferrers": d.TopReferrers, "topBrowsers": d.TopBrowsers, "topOs": d.TopOs} {
			if string(raw) != "0" {
				t.Errorf("%s = %s, want 0", name, raw)
			}
		}
		if len(d.SocialCount) != 3 || d.SocialCount["facebook"] != 0 || d.SocialCount["twitter"] != 0 || d.SocialCount["instagram"] != 0 {
			t.Errorf("socialCount = %v", d.SocialCount)
		}
	}
	zero(read(link.ID))
	zero(read(text.ID))

	// Clicks of the code's short link, stored directly (the end-to-end path, real scans
	// through the redirect, is TestQRLinkScanIsCounted).
	var linkID int64
	env.DB.Raw(`SELECT link_id FROM qr_codes WHERE id = ?`, link.ID).Scan(&linkID)
	for _, q := range []string{
		`INSERT INTO clicks (link_id, account_id, clicked_at, visitor_hash, country, referrer_host, browser, os, social, device) VALUES
			(@l, @a, now(), 'v1', 'US', 'news.example', 'Chrome', 'Android', 'facebook', 'mobile'),
			(@l, @a, now(), 'v1', 'US', 'news.example', 'Chrome', 'Android', 'facebook', 'mobile'),
			(@l, @a, now(), 'v2', 'US', 'news.example', 'Chrome', 'Android', 'instagram', 'mobile'),
			(@l, @a, now(), 'v3', 'US', 'news.example', 'Chrome', 'Android', '', 'mobile'),
			(@l, @a, now(), 'v3', 'US', '', 'Chrome', 'Android', '', 'mobile'),
			(@l, @a, now(), 'v2', 'BR', '', 'Chrome', 'Android', '', 'mobile'),
			(@l, @a, now(), 'v1', 'BR', '', 'Safari', 'Android', '', 'mobile')`,
	} {
		if err := env.DB.Exec(q, map[string]any{"l": linkID, "a": accountID}).Error; err != nil {
			t.Fatal(err)
		}
	}
	// The rollups, as the flusher would have written them with those clicks.
	if err := click.RebuildLink(context.Background(), env.DB, linkID); err != nil {
		t.Fatal(err)
	}
	s := read(link.ID)
	if s.Details.ID != link.ID || s.Details.Link != link.Link || s.Details.Name != "Poster" || s.Details.Scans != 7 {
		t.Fatalf("details = %+v", s.Details)
	}
	if s.Data.Clicks != 7 || s.Data.UniqueClicks != 3 {
		t.Fatalf("clicks %d unique %d, want 7 and 3", s.Data.Clicks, s.Data.UniqueClicks)
	}
	for name, tc := range map[string]struct {
		raw  json.RawMessage
		want string
	}{
		// Country names, as the links API answers.
		"topCountries": {s.Data.TopCountries, `{"Brazil":2,"United States":5}`},
		"topReferrers": {s.Data.TopReferrers, `{"news.example":4}`},
		"topBrowsers":  {s.Data.TopBrowsers, `{"Chrome":6,"Safari":1}`},
		"topOs":        {s.Data.TopOs, `{"Android":7}`},
	} {
		var m map[string]int
		if err := json.Unmarshal(tc.raw, &m); err != nil {
			t.Fatalf("%s = %s: %v", name, tc.raw, err)
		}
		got, _ := json.Marshal(m)
		if string(got) != tc.want {
			t.Errorf("%s = %s, want %s", name, got, tc.want)
		}
	}
	if sc := s.Data.SocialCount; sc["facebook"] != 2 || sc["twitter"] != 0 || sc["instagram"] != 1 {
		t.Errorf("socialCount = %v", sc)
	}
	var list qrListBody
	env.do(http.MethodGet, "/api/qr", key, nil).JSON(t, &list)
	for _, item := range list.Data.QRs {
		if want := map[int64]int64{link.ID: 7, text.ID: 0}[item.ID]; item.Scans != want {
			t.Errorf("list scans of %d = %d, want %d", item.ID, item.Scans, want)
		}
	}
}

func TestQRValidation(t *testing.T) {
	env := newQREnv(t)
	_, key := env.newAccount("free")
	// A logo server on 127.0.0.1: the service must refuse to fetch from it.
	logoServer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		t.Error("the service fetched a logo from a loopback address")
	}))
	defer logoServer.Close()
	existing := env.addQR(key, map[string]any{"type": "text", "data": "x"})

	tests := []struct {
		name    string
		method  string
		path    string
		body    any
		wantMsg string
	}{
		{"no type", "POST", "/api/qr/add", map[string]any{"data": "x"}, "type is required"},
		{"unknown type", "POST", "/api/qr/add", map[string]any{"type": "barcode", "data": "x"}, "type must be one of"},
		{"no data", "POST", "/api/qr/add", map[string]any{"type": "text"}, "data is required"},
		{"empty body", "POST", "/api/qr/add", nil, "type is required"},
		{"malformed json", "POST", "/api/qr/add", `{"type": "text",`, "Invalid JSON body"},
		{"type not a string", "POST", "/api/qr/add", map[string]any{"type": 5, "data": "x"}, "type: must be a string"},
		{"bad link", "POST", "/api/qr/add", map[string]any{"type": "link", "data": "javascript:alert(1)"}, "http or https URL"},
		{"link back into the service", "POST", "/api/qr/add", map[string]any{"type": "link", "data": env.URL + "/abc"}, "data: must not point back to this link service"},
		{"update to a link back into the service", "PUT", fmt.Sprintf("/api/qr/%d/update", existing.ID), map[string]any{"type": "link", "data": env.URL + "/abc"}, "data: must not point back to this link service"},
		{"bad colour", "POST", "/api/qr/add", map[string]any{"type": "text", "data": "x", "background": "#fff"}, "background must be a colour written rgb(r,g,b)"},
		{"channel out of range", "POST", "/api/qr/add", map[string]any{"type": "text", "data": "x", "foreground": "rgb(0,0,300)"}, "between 0 and 255"},
		{"low contrast", "POST", "/api/qr/add", map[string]any{"type": "text", "data": "x", "foreground": "rgb(200,200,200)"}, "too similar"},
		{"logo traversal", "POST", "/api/qr/add", map[string]any{"type": "text", "data": "x", "logo": "../../etc/passwd"}, "inside the logo directory"},
		{"logo loopback", "POST", "/api/qr/add", map[string]any{"type": "text", "data": "x", "logo": logoServer.URL + "/logo.png"}, "private, loopback or link-local"},
		{"logo metadata service", "POST", "/api/qr/add", map[string]any{"type": "text", "data": "x", "logo": "http://169.254.169.254/logo.png"}, "private, loopback or link-local"},
		{"too long", "POST", "/api/qr/add", map[string]any{"type": "text", "data": strings.Repeat("a", 1700)}, "too long for a QR code"},
		{"too long with a logo", "POST", "/api/qr/add", map[string]any{"type": "text", "data": strings.Repeat("a", 1300), "logo": "logo.png"}, "at most 1273 fit"},
		{"wifi shape", "POST", "/api/qr/add", map[string]any{"type": "wifi", "data": "MyNet"}, "must be an object"},
		{"name too long", "POST", "/api/qr/add", map[string]any{"type": "text", "data": "x", "name": strings.Repeat("n", 256)}, "name must be at most 255"},
		{"update without data", "PUT", fmt.Sprintf("/api/qr/%d/update", existing.ID), map[string]any{"foreground": "rgb(0,0,0)"}, "data is required"},
		{"update to a bad type", "PUT", fmt.Sprintf("/api/qr/%d/update", existing.ID), map[string]any{"type": "fax", "data": "x"}, "type must be one of"},
		{"update data not fitting the type", "PUT", fmt.Sprintf("/api/qr/%d/update", existing.ID), map[string]any{"type": "email", "data": "nobody"}, "data.email must be an email address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := env.do(tt.method, tt.path, key, tt.body)
			var body qrAdded
			res.JSON(t, &body)
			if res.Status != http.StatusUnprocessableEntity || body.Error != 1 || !strings.Contains(body.Message, tt.wantMsg) {
				t.Fatalf("%d %s, want 422 with %q", res.Status, res.Body, tt.wantMsg)
			}
		})
	}
	var count int64
	env.DB.Raw(`SELECT count(*) FROM qr_codes`).Scan(&count)
	if count != 1 {
		t.Fatalf("%d codes stored, want only the first one", count)
	}
	if got := env.scan(existing.ID, "png"); got != "x" {
		t.Fatalf("a refused update changed the code: %q", got)
	}
}
