package redirect

import (
	"crypto/rand"
	"encoding/base64"
	"net/url"
	"slices"
	"strings"
)

// Every HTML page carries a Content-Security-Policy built for it:
//
//   - scripts run only with the response's nonce (our countdowns and the pixel snippets);
//     'strict-dynamic' lets a snippet load its vendor's library and what that library
//     loads in turn, the way every vendor's loader works (createElement('script')). The
//     vendors' script hosts follow as a fallback for browsers without 'strict-dynamic'.
//   - images, fetch/beacon and frames are allowed only to the hosts of the vendors whose
//     pixels the page carries (pixelSources), plus what the page itself shows: a custom
//     splash page's image, the destination framed by a frame or overlay page.
//   - nothing may frame the page (frame-ancestors 'none', and X-Frame-Options: DENY for
//     older browsers): no page of ours is meant to be framed. The frame and overlay pages
//     frame the destination; they are not framed themselves.
//   - styles may be inline (our pages' <style> blocks, the overlay's colours).

// sources are a vendor's hosts per fetch directive.
type sources struct {
	script, img, connect, frame []string
}

// Google's tag hosts, shared by the gtag-based pixels (Analytics, Ads).
var (
	googleTagScript  = []string{"https://*.googletagmanager.com", "https://www.google-analytics.com", "https://ssl.google-analytics.com"}
	googleTagConnect = []string{"https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com", "https://*.g.doubleclick.net", "https://*.google.com"}
)

// pixelSources are, per pixel type, where its snippet loads its library from and where
// the library sends its measurements, from each vendor's CSP guidance. A Google Tag
// Manager container runs whatever tags its owner configures, and Google Ads answers on
// every country's google.<tld>: for those two only https is required of images,
// connections and frames.
var pixelSources = map[string]sources{
	"gtmpixel": {script: []string{"https://www.googletagmanager.com"},
		img: []string{"https:"}, connect: []string{"https:"}, frame: []string{"https:"}},
	"gapixel": {script: googleTagScript,
		img:     []string{"https://*.google-analytics.com", "https://*.googletagmanager.com", "https://*.g.doubleclick.net", "https://*.google.com"},
		connect: googleTagConnect},
	"adwordspixel": {script: append(slices.Clone(googleTagScript), "https://www.googleadservices.com", "https://googleads.g.doubleclick.net", "https://www.google.com"),
		img:     []string{"https:"},
		connect: append(slices.Clone(googleTagConnect), "https://*.googleadservices.com", "https://pagead2.googlesyndication.com"),
		frame:   []string{"https://*.doubleclick.net", "https://www.googletagmanager.com"}},
	"fbpixel": {script: []string{"https://connect.facebook.net"},
		img: []string{"https://*.facebook.com"}, connect: []string{"https://*.facebook.com", "https://connect.facebook.net"}},
	"linkedinpixel": {script: []string{"https://snap.licdn.com"},
		img: []string{"https://*.linkedin.com"}, connect: []string{"https://*.linkedin.com"}},
	"twitterpixel": {script: []string{"https://static.ads-twitter.com"},
		img:     []string{"https://t.co", "https://*.twitter.com", "https://*.x.com"},
		connect: []string{"https://static.ads-twitter.com", "https://ads-twitter.com", "https://*.twitter.com", "https://*.x.com"}},
	"adrollpixel": {script: []string{"https://s.adroll.com"},
		img: []string{"https://*.adroll.com"}, connect: []string{"https://*.adroll.com"}, frame: []string{"https://*.adroll.com"}},
	"quorapixel": {script: []string{"https://a.quora.com"},
		img: []string{"https://*.quora.com"}, connect: []string{"https://*.quora.com"}},
	"pinterest": {script: []string{"https://s.pinimg.com"},
		img: []string{"https://*.pinterest.com"}, connect: []string{"https://*.pinterest.com"}},
	"bing": {script: []string{"https://bat.bing.com"},
		img: []string{"https://*.bing.com"}, connect: []string{"https://*.bing.com"}},
	"snapchat": {script: []string{"https://sc-static.net"},
		img: []string{"https://*.snapchat.com"}, connect: []string{"https://*.snapchat.com"}, frame: []string{"https://*.snapchat.com"}},
	"reddit": {script: []string{"https://www.redditstatic.com"},
		img: []string{"https://*.reddit.com"}, connect: []string{"https://*.reddit.com"}},
	"tiktok": {script: []string{"https://analytics.tiktok.com"},
		img: []string{"https://analytics.tiktok.com"}, connect: []string{"https://analytics.tiktok.com", "https://*.tiktok.com"}},
}

// newNonce returns a fresh script nonce (128 random bits) for one response.
func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// contentSecurityPolicy is the policy of page (a template name) rendered from d with
// nonce.
func contentSecurityPolicy(page string, d pageData, nonce string) string {
	if len(d.Pixels) == 0 && d.Splash == nil {
		if p, ok := plainPolicies[page]; ok {
			return p.before + nonce + p.after
		}
	}
	return buildPolicy(page, d, nonce)
}

// plainPolicy is a page's policy without pixels or images of its own: the same for
// every response but the nonce, so it is built once.
type plainPolicy struct{ before, after string }

// plainPolicies holds the plain policy of every page, split around the nonce.
var plainPolicies = func() map[string]plainPolicy {
	const mark = "\x00nonce\x00"
	out := map[string]plainPolicy{}
	for _, t := range pages.Templates() {
		full := buildPolicy(strings.TrimSuffix(t.Name(), ".html"), pageData{}, mark)
		before, after, _ := strings.Cut(full, mark)
		out[strings.TrimSuffix(t.Name(), ".html")] = plainPolicy{before, after}
	}
	return out
}()

// buildPolicy writes the policy of page for the pixels and images of d.
func buildPolicy(page string, d pageData, nonce string) string {
	var src sources
	for _, p := range d.Pixels {
		v := pixelSources[p.Type]
		src.script = append(src.script, v.script...)
		src.img = append(src.img, v.img...)
		src.connect = append(src.connect, v.connect...)
		src.frame = append(src.frame, v.frame...)
	}
	if d.Splash != nil {
		if o := origin(d.Splash.ImageURL); o != "" {
			src.img = append(src.img, o)
		}
	}
	formAction := []string{"'self'"}
	switch page {
	case "frame", "overlay":
		// The destination is framed, and may redirect anywhere once loaded.
		src.frame = append(src.frame, "http:", "https:")
	case "password":
		// The form posts to the page itself, which then redirects to the destination:
		// browsers apply form-action to that redirect. The destination must not be named
		// here: the page is shown to visitors who do not know the password.
		formAction = append(formAction, "http:", "https:")
	}
	var b strings.Builder
	b.WriteString("default-src 'none'; script-src 'nonce-" + nonce + "' 'strict-dynamic'")
	writeSources(&b, src.script)
	b.WriteString("; style-src 'unsafe-inline'; img-src data:")
	writeSources(&b, src.img)
	if len(src.connect) > 0 {
		b.WriteString("; connect-src")
		writeSources(&b, src.connect)
	}
	if len(src.frame) > 0 {
		b.WriteString("; frame-src")
		writeSources(&b, src.frame)
	}
	b.WriteString("; form-action")
	writeSources(&b, formAction)
	b.WriteString("; base-uri 'none'; frame-ancestors 'none'")
	return b.String()
}

// writeSources appends each distinct source once, in first-seen order.
func writeSources(b *strings.Builder, list []string) {
	seen := make(map[string]bool, len(list))
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			b.WriteString(" " + s)
		}
	}
}

// origin is raw's scheme://host[:port] as a CSP source, or "" when raw is not an http(s)
// URL with a plain host (nothing that could smuggle a ';' or a space into the policy).
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	for _, c := range u.Host {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune(".-:[]", c)) {
			return ""
		}
	}
	return u.Scheme + "://" + u.Host
}
