package link

import (
	"net/http"
	"sort"
	"strings"
	"unicode/utf8"
)

// What a visitor's headers may cost. Every value the public pages read is cut to these
// sizes where the request enters the service (VisitorOf), before anything parses it, so
// nothing downstream (targeting, the click recorder, its caches) ever holds more.
const (
	// MaxUserAgentBytes: the tokens that classify a user agent (browser, OS, device,
	// crawler) come in its first couple of hundred bytes; the longest common ones,
	// in-app browsers, are about 300. The crawler list is a large regular expression
	// whose cost grows with the input, so this is also what bounds a click's cost.
	MaxUserAgentBytes = 256
	// MaxAcceptLanguageBytes and MaxLanguageTags bound Accept-Language: browsers send a
	// handful of tags in a few dozen bytes. A tag cut in half by the byte cap is dropped.
	MaxAcceptLanguageBytes = 256
	MaxLanguageTags        = 16
	// MaxRefererBytes: only the referrer's host is kept, and a host is at most 253 bytes.
	MaxRefererBytes = 512
)

// Visitor is what the redirect reads from a request's headers, each value bounded.
type Visitor struct {
	UserAgent string   // at most MaxUserAgentBytes
	Referer   string   // at most MaxRefererBytes
	Languages []string // Accept-Language tags, most preferred first; at most MaxLanguageTags
}

// VisitorOf reads the visitor's headers, truncated to the caps above, and parses
// Accept-Language once for everything that needs it (targeting and the click's language).
func VisitorOf(h http.Header) Visitor {
	// Indexed under the canonical names net/http stores headers under: Header.Get
	// would canonicalise each name again on every visit.
	return Visitor{
		UserAgent: Truncate(first(h["User-Agent"]), MaxUserAgentBytes),
		Referer:   Truncate(first(h["Referer"]), MaxRefererBytes),
		Languages: Languages(first(h["Accept-Language"])),
	}
}

// first is a header's first value, or "" (Header.Get's answer).
func first(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[0]
}

// PrimaryLanguage is the bare language of the most preferred tag ("pt" for pt-BR), or "".
func (v Visitor) PrimaryLanguage() string {
	if len(v.Languages) == 0 {
		return ""
	}
	primary, _, _ := strings.Cut(v.Languages[0], "-")
	return primary
}

// Truncate returns s cut to at most n bytes, on a UTF-8 boundary. A cut value is a
// copy: a prefix sharing the original's memory would keep a megabyte header alive in
// whatever cache or queue holds it.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return strings.Clone(s[:i])
}

// DeviceOf classifies a User-Agent into one of Devices, or "" when it is none of them.
// It is a few substring tests, cheap enough for the redirect hot path. iPad before
// iPhone and Android before Linux, since their user agents also carry the later tokens.
func DeviceOf(ua string) string {
	switch {
	case ua == "":
		return ""
	case strings.Contains(ua, "iPad"):
		return "iPad"
	case strings.Contains(ua, "iPhone"), strings.Contains(ua, "iPod"):
		return "iPhone"
	case strings.Contains(ua, "Android"):
		return "Android"
	case strings.Contains(ua, "Windows"):
		return "Windows"
	case strings.Contains(ua, "Macintosh"), strings.Contains(ua, "Mac OS X"):
		return "Mac"
	case strings.Contains(ua, "Linux"), strings.Contains(ua, "X11"):
		return "Linux"
	}
	return ""
}

// Languages returns the language tags of an Accept-Language header, most preferred
// first ("pt-BR", "pt", "en"), dropping q=0 and "*". It keeps the header's order for
// equal weights. Only the first MaxAcceptLanguageBytes of the header and its first
// MaxLanguageTags tags are read.
func Languages(header string) []string {
	if header == "" {
		return nil
	}
	if len(header) > MaxAcceptLanguageBytes {
		header = header[:MaxAcceptLanguageBytes]
		// The last tag may have been cut in half: keep only whole ones.
		i := strings.LastIndexByte(header, ',')
		if i < 0 {
			return nil
		}
		header = header[:i]
	}
	type tagQ struct {
		tag string
		q   float64
	}
	tags := make([]tagQ, 0, 4)
	for rest := header; rest != "" && len(tags) < MaxLanguageTags; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		tag, q := part, 1.0
		if i := strings.IndexByte(part, ';'); i >= 0 {
			tag = strings.TrimSpace(part[:i])
			params := part[i+1:]
			if j := strings.Index(params, "q="); j >= 0 {
				q = parseQ(strings.TrimSpace(params[j+2:]))
			}
		}
		if tag == "*" || q <= 0 {
			continue
		}
		if canon, ok := canonicalLanguage(tag); ok {
			tags = append(tags, tagQ{canon, q})
		}
	}
	sort.SliceStable(tags, func(i, j int) bool { return tags[i].q > tags[j].q })
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = t.tag
	}
	return out
}

func parseQ(s string) float64 {
	// q values are 0 to 1 with up to three decimals.
	if s == "" {
		return 1
	}
	v, frac, seenDot := 0.0, 0.1, false
	for _, r := range s {
		switch {
		case r == '.':
			seenDot = true
		case r >= '0' && r <= '9' && !seenDot:
			v = v*10 + float64(r-'0')
		case r >= '0' && r <= '9':
			v += float64(r-'0') * frac
			frac /= 10
		default:
			return v
		}
	}
	return v
}
