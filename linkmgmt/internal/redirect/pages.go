package redirect

import (
	"bytes"
	"embed"
	"hash/maphash"
	"html/template"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/linkmgmt/internal/overlay"
	"github.com/loyaltylinks/platform/linkmgmt/internal/pixel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/splash"
)

//go:embed templates/*.html
var templateFiles embed.FS

// pages are parsed once; html/template escapes every user-supplied value for its
// context (text, attribute, URL, JavaScript string).
var pages = template.Must(template.New("").ParseFS(templateFiles, "templates/*.html"))

// defaultSplashSeconds is the countdown of the generic splash page.
const defaultSplashSeconds = 5

// pageData is what every page template reads.
type pageData struct {
	Title           string
	Error           string
	ShortURL        string
	Destination     string
	MetaTitle       string
	MetaDescription string
	MetaImage       string
	Pixels          []pixel.Pixel
	Splash          *splash.Page
	Overlay         *overlay.Overlay
	Countdown       int
	Nonce           string // the response's script nonce (Content-Security-Policy)
}

func (e *Engine) pageData(t *Target, dest string) pageData {
	title := t.Link.MetaTitle
	if title == "" {
		title = "Redirecting"
	}
	image := t.Link.MetaImage
	if image != "" && !safeURL(image) {
		// html/template does not filter URLs in <meta content>; only http(s) goes out.
		image = ""
	}
	return pageData{
		Title:           title,
		ShortURL:        t.ShortURL,
		Destination:     dest,
		MetaTitle:       t.Link.MetaTitle,
		MetaDescription: t.Link.MetaDescription,
		MetaImage:       image,
		Pixels:          t.Pixels,
		Countdown:       defaultSplashSeconds,
	}
}

// Header values shared by every response (the http server only reads them), set under
// their canonical names without canonicalising them on every request.
var (
	cacheNoStore   = []string{"no-store"}
	htmlType       = []string{"text/html; charset=utf-8"}
	noSniff        = []string{"nosniff"}
	referrerPolicy = []string{"no-referrer-when-downgrade"}
	frameDeny      = []string{"DENY"}
)

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Write sends the outcome. Redirects go only to http(s) addresses; anything else (a
// branded domain's setting gone bad) answers the not-found page instead.
func (o Outcome) Write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// Every visit must reach us to be counted and to see rule changes.
	h["Cache-Control"] = cacheNoStore
	if o.Location != "" {
		if !o.checked && !safeURL(o.Location) {
			o = notFoundPage()
		} else {
			if o.location == nil {
				o.location = []string{o.Location}
			}
			h["Location"] = o.location
			w.WriteHeader(o.Status)
			return
		}
	}
	nonce := newNonce()
	// A kept body (see bodyCache) was rendered from data without pixels or images of
	// its own: its policy is the page's plain one.
	var common pageData
	body := o.body
	if body == nil {
		var data any
		data, common = withNonce(o.Data, nonce)
		buf := bufPool.Get().(*bytes.Buffer)
		buf.Reset()
		defer bufPool.Put(buf)
		if err := pages.ExecuteTemplate(buf, o.Page+".html", data); err != nil {
			http.Error(w, "Internal server error", http.StatusInternalServerError)
			return
		}
		body = buf.Bytes()
		o.bodies.put(o.bodyKey, body, nonce, common)
	}
	h["Content-Type"] = htmlType
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	h["X-Content-Type-Options"] = noSniff
	h["Referrer-Policy"] = referrerPolicy
	h["Content-Security-Policy"] = []string{contentSecurityPolicy(o.Page, common, nonce)}
	// No page of ours is meant to be framed (frame-ancestors 'none' says it to browsers
	// that read CSP; this to the others).
	h["X-Frame-Options"] = frameDeny
	if o.RetryAfter > 0 {
		h.Set("Retry-After", strconv.FormatInt(int64((o.RetryAfter+time.Second-1)/time.Second), 10))
	}
	w.WriteHeader(o.Status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// get returns the kept body of key (none for a nil cache: pages not kept).
func (c *bodyCache) get(k uint64) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	return c.entries.Get(k)
}

// put keeps a copy of body unless it depends on the response: its nonce, or a policy
// of its own (pixels, images).
func (c *bodyCache) put(k uint64, body []byte, nonce string, common pageData) {
	if c == nil || len(common.Pixels) > 0 || common.Splash != nil || bytes.Contains(body, []byte(nonce)) {
		return
	}
	c.entries.Add(k, bytes.Clone(body))
}

// withNonce returns the page data with the response's nonce set, and its common part.
func withNonce(data any, nonce string) (any, pageData) {
	switch d := data.(type) {
	case pageData:
		d.Nonce = nonce
		return d, d
	case campaignData:
		d.Nonce = nonce
		return d, d.pageData
	case statsData:
		d.Nonce = nonce
		return d, d.pageData
	}
	return data, pageData{}
}

// CampaignLink is one link on a campaign's public list page.
type CampaignLink struct {
	Title       string // link.PublicView: the title, or the alias when it has none or is protected
	ShortURL    string
	Description string
}

// CampaignPage is a public campaign's list page: one page of its links.
type CampaignPage struct {
	Name    string
	Links   []CampaignLink
	PrevURL string // "" on the first page
	NextURL string // "" on the last page
}

// campaignData is what campaign.html reads: the common page fields plus the list.
type campaignData struct {
	pageData
	Campaign CampaignPage
}

// CampaignList is the HTML page listing a public campaign's links. Every value is
// escaped by html/template (a hostile title or description stays text). The page has no
// script, so its body does not depend on the response's nonce: bodies are kept, by their
// content, and a page seen before is not rendered again.
func (e *Engine) CampaignList(p CampaignPage) Outcome {
	title := p.Name
	if title == "" {
		title = "Campaign"
	}
	key := e.bodies.key(title, p)
	if body, ok := e.bodies.get(key); ok {
		return Outcome{Status: http.StatusOK, Page: "campaign", body: body}
	}
	return Outcome{Status: http.StatusOK, Page: "campaign", Data: campaignData{pageData: pageData{Title: title}, Campaign: p},
		bodies: e.bodies, bodyKey: key}
}

// bodyCache keeps rendered pages whose body does not depend on the response (no nonce
// in it), keyed by a hash of everything the page shows: a page whose content changed
// has another key, so nothing needs invalidating. The hash is 64 bits with a seed drawn
// per process: two pages would share a key only after billions of distinct pages, and
// the cache holds a thousand.
type bodyCache struct {
	seed    maphash.Seed
	entries *lru.Cache[uint64, []byte]
}

// Rendered campaign pages kept: 1 000 of them, 8 MB at most.
const (
	maxBodies    = 1000
	maxBodyBytes = 8 << 20
	fieldSep     = "\x00" // separates the hashed fields
)

func newBodyCache() *bodyCache {
	return &bodyCache{
		seed:    maphash.MakeSeed(),
		entries: lru.New(maxBodies, maxBodyBytes, func(_ uint64, b []byte) int64 { return int64(len(b)) }),
	}
}

func (c *bodyCache) key(title string, p CampaignPage) uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	for _, f := range []string{title, p.Name, p.PrevURL, p.NextURL} {
		h.WriteString(f)
		h.WriteString(fieldSep)
	}
	for _, l := range p.Links {
		for _, f := range []string{l.Title, l.ShortURL, l.Description} {
			h.WriteString(f)
			h.WriteString(fieldSep)
		}
	}
	return h.Sum64()
}
