// Package redirect is the hot path of the product: GET /{alias} on the service's host
// and on branded domains. It resolves the link through an in-process cache, applies the
// rules in a fixed order (existence, expiry, password, social crawlers, targeting, deep
// links, redirect type) and answers a redirect or a small server-rendered page. Clicks
// are handed to the click recorder, never written on the request's path.
package redirect

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/ratelimit"
	"github.com/loyaltylinks/platform/shared/clientip"
	"github.com/redis/go-redis/v9"
	"golang.org/x/crypto/bcrypt"
)

// Password guessing: at most maxPasswordGuesses wrong answers per link and client
// address are ever evaluated in a passwordWindow, however many arrive at once.
const (
	maxPasswordGuesses = 5
	passwordWindow     = 15 * time.Minute
	// passwordThrottleTimeout bounds each Redis round trip of the throttle: a Redis that
	// hangs must not hold the visitor's form for long. Without an answer the guess is
	// refused, so the bound is generous enough for a busy Redis.
	passwordThrottleTimeout = time.Second
	// passwordRetryAfter is what a guess refused for want of Redis is told to wait.
	passwordRetryAfter = 5 * time.Second
	// unavailableRetryAfter is what a page that could not be looked up (Postgres down,
	// nothing cached to answer from) tells the visitor to wait.
	unavailableRetryAfter = 5 * time.Second
	// maxPasswordFormBytes bounds the password form's body ("password=" and at most a
	// few hundred bytes; bcrypt reads 72).
	maxPasswordFormBytes = 4 << 10
)

// Engine answers requests for short links.
type Engine struct {
	cache    *Cache
	load     loader
	loc      *geo.Locator
	ips      *clientip.Resolver
	clicks   *click.Recorder
	rdb      *redis.Client
	log      *slog.Logger
	baseHost string
	bodies   *bodyCache
	now      func() time.Time
}

// Config is what the engine needs.
type Config struct {
	Sources Sources // read on cache misses
	Redis   *redis.Client
	Cache   *Cache
	Locator *geo.Locator
	// ClientIPs resolves visitors' addresses (TRUSTED_PROXIES); nil trusts no proxy.
	ClientIPs *clientip.Resolver
	Clicks    *click.Recorder
	Logger    *slog.Logger
}

// NewEngine returns an engine over cfg.
func NewEngine(cfg Config) *Engine {
	return &Engine{
		cache:    cfg.Cache,
		load:     loader{Sources: cfg.Sources, baseURL: cfg.Sources.Links.BaseURL()},
		loc:      cfg.Locator,
		ips:      cfg.ClientIPs,
		clicks:   cfg.Clicks,
		rdb:      cfg.Redis,
		log:      cfg.Logger,
		baseHost: canonicalHost(cfg.Sources.Links.BaseHost()),
		bodies:   newBodyCache(),
		now:      time.Now,
	}
}

// Outcome is the engine's answer: a redirect (Location set) or a page.
type Outcome struct {
	Status     int
	Location   string
	Page       string // template name
	Data       any
	RetryAfter time.Duration // sent as Retry-After when set (429, 503)
	// Err is why the page is a 503 (Postgres could not be read). The engine does not log
	// it: the HTTP layer hands it to the request's log line, which names the request id.
	Err error
	// checked: Location is known to be an http(s) address (see Write); location, when
	// set, is its header value, shared by every visit of a cached link.
	checked  bool
	location []string
	// bodies keeps the rendered page under bodyKey (nil: rendered every time); body is
	// the page as kept, when it was.
	bodies  *bodyCache
	bodyKey uint64
	body    []byte
}

func redirectTo(loc string) Outcome { return Outcome{Status: http.StatusFound, Location: loc} }

// Serve applies the rules to r for the first path segment alias ("" for the root).
func (e *Engine) Serve(r *http.Request, alias string) Outcome {
	ctx := r.Context()
	// What no link or domain can be named (NUL, invalid UTF-8, an alias longer than any
	// alias, a malformed Host) is answered here, before any cache or database lookup.
	if alias != "" && !link.MaybeAlias(alias) {
		return notFoundPage()
	}
	host, ok := e.canonicalHost(r.Host)
	if !ok {
		return notFoundPage()
	}
	var dom *domain.Domain
	if host != e.baseHost {
		d, found, err := e.cache.domains.Get(ctx, host, func(ctx context.Context) (domain.Domain, error) { return e.load.domain(ctx, host) })
		if err != nil {
			return Failed(err)
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
		t, found, err = e.cache.links.Get(ctx, linkKey(domainID, alias), func(ctx context.Context) (*Target, error) {
			return e.load.target(ctx, domainID, alias)
		})
		if err != nil {
			return Failed(err)
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
func (e *Engine) OnBaseHost(r *http.Request) bool {
	host, ok := e.canonicalHost(r.Host)
	return ok && host == e.baseHost
}

// canonicalHost is domain.CanonicalHost, with BASE_URL's host as sent by most visitors
// recognised without parsing it.
func (e *Engine) canonicalHost(hostport string) (string, bool) {
	if hostport == e.baseHost {
		return e.baseHost, true
	}
	return domain.CanonicalHost(hostport)
}

// ClientIP is the visitor's address under the TRUSTED_PROXIES rules (the API's rate
// limit of unauthenticated calls counts per address too).
func (e *Engine) ClientIP(r *http.Request) netip.Addr { return e.ips.ClientIP(r) }

// canonicalHost is BASE_URL's host in domain.CanonicalHost's form (as is, lower case,
// should it not be a valid host: then only an identical Host header matches it).
func canonicalHost(host string) string {
	if c, ok := domain.CanonicalHost(host); ok {
		return c
	}
	return strings.ToLower(host)
}

// ServeRotated answers a campaign rotator visit that picked the link alias on domainID
// (0 = BASE_URL): the link's own rules apply in-process, from expiry on, and the click
// is counted on that link. A password-protected link is handed over to its short URL
// instead: the password form posts back to the address it was shown on, and the
// rotator would pick another link for that POST.
func (e *Engine) ServeRotated(r *http.Request, domainID int64, alias string) Outcome {
	ctx := r.Context()
	t, found, err := e.cache.links.Get(ctx, linkKey(domainID, alias), func(ctx context.Context) (*Target, error) {
		return e.load.target(ctx, domainID, alias)
	})
	if err != nil {
		return Failed(err)
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
	// Every header value is cut to its cap here, once, before anything parses it.
	v := link.VisitorOf(r.Header)
	ua := v.UserAgent
	// Social crawlers get the link's OpenGraph/Twitter card, not the destination's.
	if IsSocialCrawler(ua) {
		e.clicks.Ignore("crawler")
		return Outcome{Status: http.StatusOK, Page: "meta", Data: e.pageData(t, t.Destination)}
	}
	// 4. Targeting: country, then device, then language.
	ip, viaProxy := e.ips.Resolve(r)
	gateway := geo.GatewayCountry(r.Header, viaProxy)
	country := ""
	dest := t.Destination
	if len(t.Link.GeoTargets.V) > 0 {
		country = e.loc.CountryOf(ip, gateway)
	}
	device := ""
	if len(t.Link.DeviceTargets.V) > 0 || t.Link.DeepLink.V != (link.DeepLink{}) {
		device = link.DeviceOf(ua)
	}
	if d, ok := pickTarget(t, country, device, v.Languages); ok {
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
			Referer: v.Referer, Language: v.PrimaryLanguage(),
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
		out := redirectTo(dest)
		if t.destinationSafe && dest == t.Destination {
			out.checked, out.location = true, t.location
		}
		return out
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

// Failed is the 503 page of the public pages when Postgres cannot be read (and the
// cache holds nothing that may answer instead), carrying err for the caller to log; the
// page itself says nothing of it.
func Failed(err error) Outcome {
	return Outcome{Status: http.StatusServiceUnavailable, Page: "unavailable", Data: pageData{Title: "Temporarily unavailable"},
		RetryAfter: unavailableRetryAfter, Err: fmt.Errorf("public page lookup: %w", err)}
}

// NotFound is the HTML 404 page of every public route.
func NotFound() Outcome { return notFoundPage() }

func notFoundPage() Outcome {
	return Outcome{Status: http.StatusNotFound, Page: "notfound", Data: pageData{Title: link.ErrNotFound.Message}}
}

func passwordPage(status int, msg string) Outcome {
	return Outcome{Status: status, Page: "password", Data: pageData{Title: "Password required", Error: msg}}
}

// checkPassword verifies a POSTed password. Each guess first reserves one of the
// maxPasswordGuesses its link and client address have per window, atomically in Redis,
// and only a reserved guess reaches bcrypt: concurrent guesses cannot all slip past a
// read-then-increment. A right guess gives its reservation back, so only wrong ones use
// the allowance up. Without Redis, guesses are refused (fail closed): nothing would
// bound them. ok is true when the visitor may go on.
func (e *Engine) checkPassword(r *http.Request, t *Target) (Outcome, bool) {
	ctx := r.Context()
	r.Body = http.MaxBytesReader(nil, r.Body, maxPasswordFormBytes)
	if err := r.ParseForm(); err != nil {
		return passwordPage(http.StatusBadRequest, "The form could not be read. Please try again."), false
	}
	pw := r.PostForm.Get("password")
	if pw == "" {
		// Not a guess: nothing to evaluate, nothing to count.
		return passwordPage(http.StatusUnauthorized, "Wrong password. Please try again."), false
	}
	key := passwordKey(t.Link.ID, e.ips.ClientIP(r))
	reserved, retry, err := e.reservePasswordGuess(ctx, key)
	if err != nil {
		e.log.WarnContext(ctx, "password throttle unavailable; password guess refused", "error", err)
		out := passwordPage(http.StatusServiceUnavailable, "The password cannot be checked right now. Please try again in a moment.")
		out.RetryAfter = passwordRetryAfter
		return out, false
	}
	if !reserved {
		out := passwordPage(http.StatusTooManyRequests, "Too many wrong passwords. Try again later.")
		out.RetryAfter = retry
		return out, false
	}
	if bcrypt.CompareHashAndPassword([]byte(*t.Link.PasswordHash), []byte(pw)) != nil {
		return passwordPage(http.StatusUnauthorized, "Wrong password. Please try again."), false
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), passwordThrottleTimeout)
	defer cancel()
	if err := passwordRelease.Run(rctx, e.rdb, []string{key}).Err(); err != nil && err != redis.Nil {
		e.log.WarnContext(ctx, "password throttle: right guess not given back", "error", err)
	}
	return Outcome{}, true
}

// passwordKey names the guess counter of a link and a client address. IPv6 clients are
// counted per /64, the block one subscriber gets, so that rotating addresses within it
// does not buy more guesses.
func passwordKey(linkID int64, ip netip.Addr) string {
	return "lm:pw:" + strconv.FormatInt(linkID, 10) + ":" + ratelimit.ClientKey(ip)
}

// passwordReserve takes one guess of KEYS[1]'s allowance (ARGV[1] per ARGV[2] ms)
// unless none is left: {1, used} when reserved, {0, ms until the window ends} otherwise.
var passwordReserve = redis.NewScript(`
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then
  return {0, redis.call('PTTL', KEYS[1])}
end
used = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return {1, used}
`)

// passwordRelease gives back the reservation of a guess that proved right.
var passwordRelease = redis.NewScript(`
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
return 0
`)

// reservePasswordGuess runs passwordReserve. err is set when Redis could not be asked.
func (e *Engine) reservePasswordGuess(ctx context.Context, key string) (reserved bool, retry time.Duration, err error) {
	rctx, cancel := context.WithTimeout(ctx, passwordThrottleTimeout)
	defer cancel()
	res, err := passwordReserve.Run(rctx, e.rdb, []string{key}, maxPasswordGuesses, passwordWindow.Milliseconds()).Int64Slice()
	if err == nil && len(res) != 2 {
		err = fmt.Errorf("unexpected reply %v", res)
	}
	if err != nil {
		return false, 0, fmt.Errorf("reserve a password guess: %w", err)
	}
	if res[0] == 1 {
		return true, 0, nil
	}
	return false, max(time.Duration(res[1])*time.Millisecond, time.Second), nil
}

// pickTarget applies geo, then device, then language targeting; the first family with
// a match decides.
func pickTarget(t *Target, country, device string, languages []string) (string, bool) {
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
	if len(t.Link.LanguageTargets.V) > 0 {
		for _, pref := range languages {
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

// crawlersByFirstByte indexes socialCrawlers by their first byte, and crawlerPairs
// holds the first two bytes of every name (a bit per pair): one pass over a user agent
// tries names only at the rare bytes where a name's first two bytes begin.
var (
	crawlersByFirstByte = func() (idx [256][]string) {
		for _, c := range socialCrawlers {
			idx[c[0]] = append(idx[c[0]], c)
		}
		return idx
	}()
	crawlerPairs = func() (bits [1 << 16 / 64]uint64) {
		for _, c := range socialCrawlers {
			p := uint16(c[0])<<8 | uint16(c[1])
			bits[p/64] |= 1 << (p % 64)
		}
		return bits
	}()
)

// IsSocialCrawler reports whether ua is a social link-preview fetcher. ua is already cut
// to link.MaxUserAgentBytes, so the scan (one pass, a bit test per byte, trying the names
// only where one could start) costs a fraction of a microsecond: cheaper than a cache
// of verdicts keyed by whole user agents, and nothing a visitor sends is kept.
func IsSocialCrawler(ua string) bool {
	for i := 0; i+1 < len(ua); i++ {
		p := uint16(ua[i])<<8 | uint16(ua[i+1])
		if crawlerPairs[p/64]&(1<<(p%64)) == 0 {
			continue
		}
		for _, c := range crawlersByFirstByte[ua[i]] {
			if strings.HasPrefix(ua[i:], c) {
				return true
			}
		}
	}
	return false
}

// safeURL reports whether raw may be a redirect target: http(s) only.
func safeURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
