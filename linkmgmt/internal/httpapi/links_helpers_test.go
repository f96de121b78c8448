package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/maxmind/mmdbwriter"
	"github.com/maxmind/mmdbwriter/mmdbtype"
)

// flush moves every recorded click to Postgres: recorder -> Redis -> flusher.
func (e *testEnv) flush() {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Clicks.Sync(ctx); err != nil {
		e.t.Fatalf("sync recorder: %v", err)
	}
	if err := e.Flusher.FlushNow(ctx); err != nil {
		e.t.Fatalf("flush clicks: %v", err)
	}
}

// syncClicks writes recorded clicks to Redis (pending, not yet in Postgres).
func (e *testEnv) syncClicks() {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Clicks.Sync(ctx); err != nil {
		e.t.Fatalf("sync recorder: %v", err)
	}
}

// visit is a request to a short link as a browser would send it.
type visit struct {
	method string // default GET
	path   string
	host   string // Host header; default the server's
	header map[string]string
	form   url.Values // sent as a form body, POSTed unless method says otherwise
}

func (e *testEnv) visit(v visit) response {
	e.t.Helper()
	method := v.method
	if method == "" {
		method = http.MethodGet
	}
	var body io.Reader
	if v.form != nil {
		if v.method == "" {
			method = http.MethodPost
		}
		body = strings.NewReader(v.form.Encode())
	}
	req, err := http.NewRequest(method, e.URL+v.path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if v.form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if v.host != "" {
		req.Host = v.host
	}
	for k, val := range v.header {
		req.Header.Set(k, val)
	}
	res, err := noRedirectClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, v.path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return response{Status: res.StatusCode, Header: res.Header, Body: raw}
}

// createLink posts body to /api/url/add and returns the new id and short URL.
func (e *testEnv) createLink(key string, body map[string]any) (int64, string) {
	e.t.Helper()
	res := e.do(http.MethodPost, "/api/url/add", key, body)
	if res.Status != http.StatusOK {
		e.t.Fatalf("create link: %d %s", res.Status, res.Body)
	}
	var out struct {
		Error    int    `json:"error"`
		ID       int64  `json:"id"`
		ShortURL string `json:"shorturl"`
	}
	res.JSON(e.t, &out)
	if out.Error != 0 || out.ID == 0 || out.ShortURL == "" {
		e.t.Fatalf("create link: body %s", res.Body)
	}
	return out.ID, out.ShortURL
}

// fixtures are rows of resources other areas own, inserted with SQL.
type fixtures struct {
	Domain, DomainHost string
	DomainID           int64
	Pixels             []int64
	Channel, Campaign  int64
	Splash, Overlay    int64
}

func (e *testEnv) insertID(query string, args ...any) int64 {
	e.t.Helper()
	var id int64
	if err := e.DB.Raw(query+" RETURNING id", args...).Scan(&id).Error; err != nil {
		e.t.Fatalf("fixture %q: %v", query, err)
	}
	return id
}

// newFixtures creates one of each referenced resource for the account. host is the
// branded domain's host.
func (e *testEnv) newFixtures(accountID int64, host string) fixtures {
	e.t.Helper()
	f := fixtures{Domain: "https://" + host, DomainHost: host}
	f.DomainID = e.insertID(`INSERT INTO domains (account_id, domain, host, redirect_root, redirect_404) VALUES (?, ?, ?, ?, ?)`,
		accountID, f.Domain, host, "https://root.example.org/", "https://notfound.example.org/missing")
	f.Pixels = []int64{
		e.insertID(`INSERT INTO pixels (account_id, type, name, tag) VALUES (?, 'fbpixel', 'fb', '1234567890')`, accountID),
		e.insertID(`INSERT INTO pixels (account_id, type, name, tag) VALUES (?, 'gtmpixel', 'gtm', 'GTM-ABC</script>')`, accountID),
	}
	f.Channel = e.insertID(`INSERT INTO channels (account_id, name) VALUES (?, 'Social')`, accountID)
	f.Campaign = e.insertID(`INSERT INTO campaigns (account_id, name) VALUES (?, 'Spring')`, accountID)
	f.Splash = e.insertID(`INSERT INTO splash_pages (account_id, name, title, message, countdown, button_label, button_url) VALUES (?, 'promo', 'Spring sale', 'Everything <b>half</b> price', 3, 'Shop now', 'https://shop.example.org/')`, accountID)
	f.Overlay = e.insertID(`INSERT INTO overlays (account_id, name, text, button_label, button_url) VALUES (?, 'cta', 'Join our newsletter', 'Subscribe', 'https://news.example.org/')`, accountID)
	return f
}

// writeMMDB writes a tiny GeoLite2-Country database mapping networks to ISO codes.
func writeMMDB(t testing.TB, networks map[string]string) string {
	t.Helper()
	w, err := mmdbwriter.New(mmdbwriter.Options{DatabaseType: "GeoLite2-Country", RecordSize: 24})
	if err != nil {
		t.Fatal(err)
	}
	for cidr, code := range networks {
		_, n, err := net.ParseCIDR(cidr)
		if err != nil {
			t.Fatal(err)
		}
		rec := mmdbtype.Map{"country": mmdbtype.Map{"iso_code": mmdbtype.String(code)}}
		if err := w.Insert(n, rec); err != nil {
			t.Fatalf("insert %s: %v", cidr, err)
		}
	}
	path := filepath.Join(t.TempDir(), "country.mmdb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// hostOf is the host[:port] of a URL.
func hostOf(t testing.TB, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

func loopback() []netip.Prefix { return []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")} }

// metric returns the value of one sample line of /metrics, or "" when absent.
func (e *testEnv) metric(sample string) string {
	e.t.Helper()
	res := e.scrape()
	for _, line := range strings.Split(string(res.Body), "\n") {
		if strings.HasPrefix(line, sample+" ") {
			return strings.TrimSpace(strings.TrimPrefix(line, sample))
		}
	}
	return ""
}

var _ = fmt.Sprintf

func contextWithTimeout(seconds int) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), time.Duration(seconds)*time.Second)
}

// noRedirectClient lets tests see redirects instead of following them.
var noRedirectClient = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
