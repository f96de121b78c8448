package redirect

import (
	"bytes"
	"embed"
	"html/template"
	"net/http"
	"strconv"
	"sync"
	"time"
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
	Pixels          []Pixel
	Splash          *SplashPage
	Overlay         *Overlay
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

// cacheNoStore is shared by every response: the http server only reads header values.
var cacheNoStore = []string{"no-store"}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Write sends the outcome. Redirects go only to http(s) addresses; anything else (a
// branded domain's setting gone bad) answers the not-found page instead.
func (o Outcome) Write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// Every visit must reach us to be counted and to see rule changes.
	h["Cache-Control"] = cacheNoStore
	if o.Location != "" {
		if !safeURL(o.Location) {
			o = notFoundPage()
		} else {
			h["Location"] = []string{o.Location}
			w.WriteHeader(o.Status)
			return
		}
	}
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	nonce := newNonce()
	data, common := withNonce(o.Data, nonce)
	if err := pages.ExecuteTemplate(buf, o.Page+".html", data); err != nil {
		http.Error(w, "Internal server error", http.StatusInternalServerError)
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer-when-downgrade")
	h.Set("Content-Security-Policy", contentSecurityPolicy(o.Page, common, nonce))
	// No page of ours is meant to be framed (frame-ancestors 'none' says it to browsers
	// that read CSP; this to the others).
	h.Set("X-Frame-Options", "DENY")
	if o.RetryAfter > 0 {
		h.Set("Retry-After", strconv.FormatInt(int64((o.RetryAfter+time.Second-1)/time.Second), 10))
	}
	w.WriteHeader(o.Status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(buf.Bytes())
	}
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
	}
	return data, pageData{}
}

// CampaignLink is one link on a campaign's public list page.
type CampaignLink struct {
	Title       string // the link's title, or its alias when it has none
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
// escaped by html/template (a hostile title or description stays text).
func CampaignList(p CampaignPage) Outcome {
	title := p.Name
	if title == "" {
		title = "Campaign"
	}
	return Outcome{Status: http.StatusOK, Page: "campaign", Data: campaignData{pageData: pageData{Title: title}, Campaign: p}}
}
