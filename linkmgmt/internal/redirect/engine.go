// Package redirect is the hot path of the product: GET /{alias} on the service's host
// and on branded domains. It resolves the link through an in-process cache, applies the
// rules in a fixed order (existence, expiry, password, social crawlers, targeting, deep
// links, redirect type) and answers a redirect or a small server-rendered page. Clicks
// are handed to the click recorder, never written on the request's path.
package redirect

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"
)

// Password guessing: after maxPasswordFailures wrong answers for one link from one IP,
// further tries are refused for passwordWindow.
const (
	maxPasswordFailures = 5
	passwordWindow      = 15 * time.Minute
	// passwordThrottleTimeout bounds each Redis round trip of the throttle: a Redis that
	// hangs must not hold the visitor's form (bcrypt alone still slows guessing).
	passwordThrottleTimeout = 250 * time.Millisecond
)

// Engine answers requests for short links.
type Engine struct {
	cache    *Cache
	load     loader
	loc      *geo.Locator
	clicks   *click.Recorder
	rdb      *redis.Client
	log      *slog.Logger
	baseHost string
	now      func() time.Time
}

// Config is what the engine needs.
type Config struct {
	DB      *gorm.DB
	Redis   *redis.Client
	Links   *link.Service
	Cache   *Cache
	Locator *geo.Locator
	Clicks  *click.Recorder
	Logger  *slog.Logger
}

// NewEngine returns an engine over cfg.
func NewEngine(cfg Config) *Engine {
	return &Engine{
		cache:    cfg.Cache,
		load:     loader{db: cfg.DB, links: cfg.Links, baseURL: cfg.Links.BaseURL()},
		loc:      cfg.Locator,
		clicks:   cfg.Clicks,
		rdb:      cfg.Redis,
		log:      cfg.Logger,
		baseHost: cfg.Links.BaseHost(),
		now:      time.Now,
	}
}

// Outcome is the engine's answer: a redirect (Location set) or a page.
type Outcome struct {
	Status   int
	Location string
	Page     string // template name
	Data     any
}

func redirectTo(loc string) Outcome { return Outcome{Status: http.StatusFound, Location: loc} }

// Serve applies the rules to r for the first path segment alias ("" for the root).
func (e *Engine) Serve(r *http.Request, alias string) Outcome {
	ctx := r.Context()
	host := strings.ToLower(r.Host)
	var dom *Domain
	if host != e.baseHost {
		d, found, err := e.cache.domains.get(ctx, host, func(ctx context.Context) (Domain, error) { return e.load.domain(ctx, host) })
		if err != nil {
			return e.failed(ctx, err)
		}
		if !found {
			return notFoundPage()
		}
		dom = &d
	}
	if alias == "" {
		if dom != nil && dom.RedirectRoot != "" {
			return redirectTo(dom.RedirectRoot)
		}
		return notFoundPage()
	}
	var domainID int64
	if dom != nil {
		domainID = dom.ID
	}
	t, found := (*Target)(nil), false
	if !link.IsReserved(alias) {
		var err error
		t, found, err = e.cache.links.get(ctx, linkKey(domainID, alias), func(ctx context.Context) (*Target, error) {
			return e.load.target(ctx, domainID, alias)
		})
		if err != nil {
			return e.failed(ctx, err)
		}
	}
	// 1. Existence.
	if !found {
		if dom != nil && dom.Redirect404 != "" {
			return redirectTo(dom.Redirect404)
		}
		return notFoundPage()
	}
	return e.serveTarget(r, t)
}

// OnBaseHost reports whether r was sent to BASE_URL's host (not a branded domain). The
// campaign pages are only answered there.
func (e *Engine) OnBaseHost(r *http.Request) bool { return strings.ToLower(r.Host) == e.baseHost }

// ServeRotated answers a campaign rotator visit that picked the link alias on domainID
// (0 = BASE_URL): the link's own rules apply in-process, from expiry on, and the click
// is counted on that link. A password-protected link is handed over to its short URL
// instead: the password form posts back to the address it was shown on, and the
// rotator would pick another link for that POST.
func (e *Engine) ServeRotated(r *http.Request, domainID int64, alias string) Outcome {
	ctx := r.Context()
	t, found, err := e.cache.links.get(ctx, linkKey(domainID, alias), func(ctx context.Context) (*Target, error) {
		return e.load.target(ctx, domainID, alias)
	})
	if err != nil {
		return e.failed(ctx, err)
	}
	if !found {
		return notFoundPage()
	}
	if t.Link.Protected() {
		return redirectTo(t.ShortURL)
	}
	return e.serveTarget(r, t)
}

// serveTarget applies the rules that follow existence to the link t.
func (e *Engine) serveTarget(r *http.Request, t *Target) Outcome {
	// 2. Expiry.
	if t.Link.ExpiresAt != nil && !e.now().Before(*t.Link.ExpiresAt) {
		return Outcome{Status: http.StatusGone, Page: "expired", Data: pageData{Title: "Link expired"}}
	}
	// 3. Password.
	if t.Link.Protected() {
		if r.Method != http.MethodPost {
			return passwordPage(http.StatusOK, "")
		}
		if out, ok := e.checkPassword(r, t); !ok {
			return out
		}
	}
	ua := r.UserAgent()
	// Social crawlers get the link's OpenGraph/Twitter card, not the destination's.
	if IsSocialCrawler(ua) {
		e.clicks.Ignore("crawler")
		return Outcome{Status: http.StatusOK, Page: "meta", Data: e.pageData(t, t.Destination)}
	}
	// 4. Targeting: country, then device, then language.
	ip, gateway := e.loc.Visitor(r)
	country := ""
	dest := t.Destination
	if len(t.Link.GeoTargets.V) > 0 {
		country = e.loc.CountryOf(ip, gateway)
	}
	device := ""
	if len(t.Link.DeviceTargets.V) > 0 || t.Link.DeepLink.V != (link.DeepLink{}) {
		device = link.DeviceOf(ua)
	}
	if d, ok := pickTarget(t, country, device, r.Header.Get("Accept-Language")); ok {
		dest = link.WithParameters(d, t.Link.Parameters.V)
	}
	hit := func() {
		if r.Method == http.MethodHead {
			e.clicks.Ignore("head")
			return
		}
		e.clicks.Record(click.Hit{
			LinkID: t.Link.ID, AccountID: t.Link.AccountID, At: e.now(), IP: ip,
			GatewayCountry: gateway, Country: country, UserAgent: ua,
			Referer: r.Referer(), AcceptLanguage: r.Header.Get("Accept-Language"),
		})
	}
	// 5. Deep links for phones and tablets.
	if app := deepLink(t.Link.DeepLink.V, device, dest); app != "" {
		hit()
		return redirectTo(app)
	}
	// 6. The redirect type.
	page := t.page()
	if page != "" && !safeURL(dest) {
		// Validation stores only http(s) destinations; a page must never hand another
		// scheme (javascript:) to its iframe or script, whatever a row holds. (Redirects
		// are checked by Outcome.Write.)
		return notFoundPage()
	}
	hit()
	if page == "" {
		return redirectTo(dest)
	}
	d := e.pageData(t, dest)
	d.Splash, d.Overlay = t.Splash, t.Overlay
	return Outcome{Status: http.StatusOK, Page: page, Data: d}
}

// page is the template the link's type renders, or "" for a plain redirect: direct, or
// a custom splash page / overlay that has since been deleted.
func (t *Target) page() string {
	switch {
	case t.Link.Type == link.TypeFrame:
		return "frame"
	case t.Link.Type == link.TypeSplash:
		return "splash"
	case t.Splash != nil:
		return "custom_splash"
	case t.Overlay != nil:
		return "overlay"
	}
	return ""
}

// Failed logs err and answers the 503 page (the public pages' answer when Postgres
// cannot be read).
func (e *Engine) Failed(ctx context.Context, err error) Outcome { return e.failed(ctx, err) }

// failed answers when Postgres cannot be read on a cache miss.
func (e *Engine) failed(ctx context.Context, err error) Outcome {
	e.log.ErrorContext(ctx, "redirect lookup failed", "error", err)
	return Outcome{Status: http.StatusServiceUnavailable, Page: "unavailable", Data: pageData{Title: "Temporarily unavailable"}}
}

// NotFound is the HTML 404 page of every public route.
func NotFound() Outcome { return notFoundPage() }

func notFoundPage() Outcome {
	return Outcome{Status: http.StatusNotFound, Page: "notfound", Data: pageData{Title: "Link not found"}}
}

func passwordPage(status int, msg string) Outcome {
	return Outcome{Status: status, Page: "password", Data: pageData{Title: "Password required", Error: msg}}
}

// checkPassword verifies a POSTed password, throttling guesses per link and client IP.
// ok is true when the visitor may go on.
func (e *Engine) checkPassword(r *http.Request, t *Target) (Outcome, bool) {
	ctx := r.Context()
	key := "lm:pw:" + strconv.FormatInt(t.Link.ID, 10) + ":" + e.loc.ClientIP(r).String()
	rctx, cancel := context.WithTimeout(ctx, passwordThrottleTimeout)
	failures, err := e.rdb.Get(rctx, key).Int()
	cancel()
	if err != nil && err != redis.Nil {
		// Without Redis we cannot count guesses; bcrypt's cost still slows them down.
		e.log.WarnContext(ctx, "password throttle unavailable", "error", err)
	}
	if failures >= maxPasswordFailures {
		return passwordPage(http.StatusTooManyRequests, "Too many wrong passwords. Try again later."), false
	}
	pw := r.PostFormValue("password")
	if bcrypt.CompareHashAndPassword([]byte(*t.Link.PasswordHash), []byte(pw)) != nil {
		rctx, cancel := context.WithTimeout(ctx, passwordThrottleTimeout)
		defer cancel()
		pipe := e.rdb.TxPipeline()
		pipe.Incr(rctx, key)
		pipe.Expire(rctx, key, passwordWindow)
		_, _ = pipe.Exec(rctx)
		return passwordPage(http.StatusUnauthorized, "Wrong password. Please try again."), false
	}
	return Outcome{}, true
}

// pickTarget applies geo, then device, then language targeting; the first family with
// a match decides.
func pickTarget(t *Target, country, device, acceptLanguage string) (string, bool) {
	if country != "" {
		for _, g := range t.Link.GeoTargets.V {
			if g.Code == country {
				return g.Link, true
			}
		}
	}
	if device != "" {
		for _, d := range t.Link.DeviceTargets.V {
			if d.Device == device {
				return d.Link, true
			}
		}
	}
	if len(t.Link.LanguageTargets.V) > 0 && acceptLanguage != "" {
		for _, pref := range link.Languages(acceptLanguage) {
			// Exact tag first (pt-BR), then the bare primary language (pt), then any
			// region of it (pt-PT).
			for _, l := range t.Link.LanguageTargets.V {
				if l.Language == pref {
					return l.Link, true
				}
			}
			primary, _, _ := strings.Cut(pref, "-")
			for _, l := range t.Link.LanguageTargets.V {
				if l.Language == primary {
					return l.Link, true
				}
			}
			for _, l := range t.Link.LanguageTargets.V {
				lp, _, _ := strings.Cut(l.Language, "-")
				if lp == primary {
					return l.Link, true
				}
			}
		}
	}
	return "", false
}

// deepLink is the app link for the visitor's device, or "". Auto falls back to the
// destination itself, which iOS universal links and Android App Links open in the app.
func deepLink(d link.DeepLink, device, dest string) string {
	switch device {
	case "iPhone", "iPad":
		if d.Apple != "" {
			return d.Apple
		}
	case "Android":
		if d.Google != "" {
			return d.Google
		}
	default:
		return ""
	}
	if d.Auto {
		return dest
	}
	return ""
}

// socialCrawlers are link-preview fetchers of social networks and messengers. They get
// the meta page (and are never counted as clicks).
var socialCrawlers = []string{
	"facebookexternalhit", "Facebot", "Twitterbot", "LinkedInBot", "Slackbot", "WhatsApp",
	"TelegramBot", "Discordbot", "Pinterestbot", "Pinterest/0.", "redditbot", "Embedly",
	"SkypeUriPreview", "vkShare", "Iframely", "Mastodon", "Bluesky", "Cardyb", "KAKAOTALK-scrap",
}

// crawlerVerdicts remembers IsSocialCrawler's answer per user agent (bounded): real
// traffic repeats a modest set of user agents, and this runs on every redirect.
var (
	crawlerVerdicts     sync.Map
	crawlerVerdictCount atomic.Int64
)

const maxCrawlerVerdicts = 10000

// IsSocialCrawler reports whether ua is a social link-preview fetcher.
func IsSocialCrawler(ua string) bool {
	if ua == "" {
		return false
	}
	if v, ok := crawlerVerdicts.Load(ua); ok {
		return v.(bool)
	}
	verdict := isSocialCrawler(ua)
	if crawlerVerdictCount.Load() < maxCrawlerVerdicts {
		if _, loaded := crawlerVerdicts.LoadOrStore(ua, verdict); !loaded {
			crawlerVerdictCount.Add(1)
		}
	}
	return verdict
}

func isSocialCrawler(ua string) bool {
	for _, c := range socialCrawlers {
		if strings.Contains(ua, c) {
			return true
		}
	}
	return false
}

// safeURL reports whether raw may be a redirect target: http(s) only.
func safeURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
