package click

import (
	"crypto/sha256"
	"net/netip"
	"net/url"
	"strings"

	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/mileusna/useragent"
	"github.com/x-way/crawlerdetect"
)

// agentInfo is what we keep of a parsed user agent.
type agentInfo struct {
	bot     bool
	browser string
	os      string
	device  string
}

// agentCache remembers parsed user agents: real traffic repeats a modest set of them,
// and the crawler list is a large regular expression (about 2 µs per byte of user
// agent). It is bounded in entries and in bytes, least recently used out first; keys
// are user agents already cut to link.MaxUserAgentBytes.
type agentCache struct {
	lru *lru.Cache[string, agentInfo]
}

// Agent cache bounds: 10,000 user agents, 4 MB at most.
const (
	agentCacheEntries = 10_000
	agentCacheBytes   = 4 << 20
	// agentInfoBytes is what an agentInfo holds besides the key: four fields, the
	// strings short names the parser returns.
	agentInfoBytes = 64
)

func newAgentCache() *agentCache {
	return &agentCache{lru: lru.New(agentCacheEntries, agentCacheBytes, lru.StringSize[agentInfo](agentInfoBytes))}
}

func (c *agentCache) get(ua string) agentInfo {
	if info, ok := c.lru.Get(ua); ok {
		return info
	}
	info := parseAgent(ua)
	c.lru.Add(ua, info)
	return info
}

// IsBot reports whether a user agent is a crawler, monitor, library or empty. The list
// is github.com/x-way/crawlerdetect (a port of JayBizzle/Crawler-Detect, maintained
// upstream) plus the parser's own bot flag.
func IsBot(ua string) bool {
	return strings.TrimSpace(ua) == "" || crawlerdetect.IsCrawler(ua) || useragent.Parse(ua).Bot
}

func parseAgent(ua string) agentInfo {
	if IsBot(ua) {
		return agentInfo{bot: true}
	}
	p := useragent.Parse(ua)
	info := agentInfo{browser: p.Name, os: p.OS, device: link.DeviceOf(ua)}
	if info.browser == "" {
		info.browser = "Other"
	}
	if info.os == "" {
		info.os = "Other"
	}
	return info
}

// socialSources maps referrer hosts (and their subdomains) to a social network.
var socialSources = []struct{ suffix, name string }{
	{"facebook.com", "facebook"}, {"fb.com", "facebook"}, {"fb.me", "facebook"}, {"messenger.com", "facebook"},
	{"twitter.com", "twitter"}, {"t.co", "twitter"}, {"x.com", "twitter"},
	{"instagram.com", "instagram"}, {"linkedin.com", "linkedin"}, {"lnkd.in", "linkedin"},
	{"reddit.com", "reddit"}, {"pinterest.com", "pinterest"}, {"youtube.com", "youtube"},
	{"tiktok.com", "tiktok"}, {"t.me", "telegram"}, {"whatsapp.com", "whatsapp"},
}

// SocialSource classifies a referrer host: a social network name, "google" for any
// Google search host, or "".
func SocialSource(host string) string {
	if host == "" {
		return ""
	}
	host = strings.TrimPrefix(host, "www.")
	for _, s := range socialSources {
		// host is the suffix, or ends with "." and the suffix.
		if n := len(host) - len(s.suffix); strings.HasSuffix(host, s.suffix) && (n == 0 || host[n-1] == '.') {
			return s.name
		}
	}
	if host == "google.com" || strings.HasPrefix(host, "google.") || strings.Contains(host, ".google.") {
		return "google"
	}
	return ""
}

// referrerHost is the lower-case host of a Referer header, or "" for none. Only the
// scheme and authority are parsed: the header may have been truncated mid-path.
func referrerHost(ref string) string {
	if ref == "" {
		return ""
	}
	if scheme, rest, ok := strings.Cut(ref, "://"); ok {
		if i := strings.IndexAny(rest, "/?#"); i >= 0 {
			rest = rest[:i]
		}
		ref = scheme + "://" + rest
	}
	u, err := url.Parse(ref)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	h := strings.ToLower(u.Hostname())
	if len(h) > 253 {
		return ""
	}
	return h
}

// enrich turns a hit into a click; ok is false for bots.
func enrich(h Hit, agents *agentCache, loc *geo.Locator) (Click, bool) {
	info := agents.get(h.UserAgent)
	if info.bot {
		return Click{}, false
	}
	country := h.Country
	if country == "" {
		country = loc.CountryOf(h.IP, h.GatewayCountry)
	}
	ref := referrerHost(h.Referer)
	c := Click{
		LinkID:    h.LinkID,
		AccountID: h.AccountID,
		At:        h.At.UnixMicro(),
		Visitor:   visitorHash(h.IP, h.UserAgent),
	}
	c.Dims[DimCountry] = country
	c.Dims[DimReferrer] = ref
	c.Dims[DimBrowser] = info.browser
	c.Dims[DimOS] = info.os
	c.Dims[DimSocial] = SocialSource(ref)
	c.Dims[DimDevice] = info.device
	c.Dims[DimLanguage] = h.Language
	// Every value above comes from the visitor's request (the parser returns pieces of
	// the user agent; a referrer host may hold any byte): made storable here, the one
	// place every recorded click passes through (value.go).
	for d := range c.Dims {
		c.Dims[d] = normaliseValue(c.Dims[d])
	}
	return c, true
}

// visitorHash is what identifies a visitor: the first 16 bytes of SHA-256 of the address
// and the user agent (as since the first version, so visitors stay the same across it).
// The address itself is never stored.
func visitorHash(ip netip.Addr, userAgent string) [16]byte {
	// Hashed from a buffer on the stack: the user agent is at most
	// link.MaxUserAgentBytes, an address at most 45 bytes of text.
	var buf [64 + link.MaxUserAgentBytes]byte
	b := ip.AppendTo(buf[:0])
	if !ip.IsValid() {
		b = append(b, "invalid IP"...) // what ip.String() gave, so visitors stay the same
	}
	b = append(b, 0)
	sum := sha256.Sum256(append(b, userAgent...))
	var out [16]byte
	copy(out[:], sum[:16])
	return out
}
