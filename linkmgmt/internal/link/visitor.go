package link

import "strings"

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
// equal weights.
func Languages(header string) []string {
	if header == "" {
		return nil
	}
	type tagQ struct {
		tag string
		q   float64
	}
	var tags []tagQ
	for _, part := range strings.Split(header, ",") {
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
	// Stable insertion sort by weight: headers are short.
	for i := 1; i < len(tags); i++ {
		for j := i; j > 0 && tags[j].q > tags[j-1].q; j-- {
			tags[j], tags[j-1] = tags[j-1], tags[j]
		}
	}
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
