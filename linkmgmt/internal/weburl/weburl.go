// Package weburl validates the web addresses clients give the service: link destinations,
// targeting and deep links, meta images, splash, overlay and button URLs, branded domains'
// redirects, QR link payloads and logo URLs. It is the one URL check of the service: an
// address it accepts is an absolute http or https URL with a well-formed host and port,
// nothing else, so a stored address can never become a javascript: or data: link on a
// page, nor a redirect to nowhere (http://:80/) or to a port that cannot exist (:99999).
package weburl

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/loyaltylinks/platform/shared/apperr"
)

// MaxLen bounds a stored URL, in bytes.
const MaxLen = 2048

// maxHostLen is the longest DNS name (RFC 1035), without a trailing dot.
const maxHostLen = 253

// Messages of Problem, without the field name. Callers put the field in front.
const (
	MsgEmpty       = "must not be empty"
	MsgTooLong     = "must be at most 2048 characters"
	MsgNotURL      = "must be an absolute http or https URL"
	MsgScheme      = "must be an http or https URL"
	MsgUnencoded   = "must be a URL with its special characters percent-encoded (no spaces, quotes or <>)"
	MsgCredentials = "must not carry credentials"
	MsgHost        = "must have a valid host name or IP address"
	MsgPort        = "must have a port between 1 and 65535 (or none)"
)

// Parse trims raw and checks it. It returns the trimmed address and its parsed form, or
// the reason it is refused (one of the Msg constants) and a nil URL.
func Parse(raw string) (string, *url.URL, string) {
	s := strings.TrimSpace(raw)
	switch {
	case s == "":
		return "", nil, MsgEmpty
	case len(s) > MaxLen:
		return "", nil, MsgTooLong
	case !utf8.ValidString(s):
		return "", nil, MsgNotURL
	}
	// Characters RFC 3986 never allows unencoded (NUL and other controls included): a URL
	// carrying them is a typo or an attempt to break out of the HTML attribute or header
	// it will be written to.
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f || c == '<' || c == '>' || c == '"' {
			return "", nil, MsgUnencoded
		}
	}
	u, err := url.Parse(s)
	if err != nil {
		if strings.Contains(err.Error(), "invalid port") {
			return "", nil, MsgPort
		}
		return "", nil, MsgNotURL
	}
	switch scheme := strings.ToLower(u.Scheme); {
	case scheme == "":
		return "", nil, MsgNotURL // relative: "/path", "//host/path", "nowhere"
	case scheme != "http" && scheme != "https":
		return "", nil, MsgScheme // javascript:, data:, ftp: ...
	case u.Opaque != "":
		return "", nil, MsgNotURL // "http:example.com"
	}
	if u.User != nil {
		return "", nil, MsgCredentials
	}
	if msg := checkHost(u); msg != "" {
		return "", nil, msg
	}
	return s, u, ""
}

// Problem is the reason raw is refused, or "" when it is a valid web address.
func Problem(raw string) string {
	_, _, msg := Parse(raw)
	return msg
}

// checkHost requires a host name or IP literal and, when a port is written, a number
// from 1 to 65535.
func checkHost(u *url.URL) string {
	host := u.Host // already unescaped by url.Parse
	if host == "" {
		return MsgNotURL // "http:/x", "http:///x"
	}
	port := ""
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasSuffix(host, "]") {
		host, port = host[:i], host[i+1:]
		if port == "" {
			return MsgPort // "http://example.com:/" names no port
		}
	}
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || port[0] == '0' {
			return MsgPort
		}
	}
	if strings.HasPrefix(host, "[") {
		addr, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
		if err != nil || !addr.Is6() {
			return MsgHost
		}
		return ""
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return ""
	}
	return checkHostName(host)
}

// checkHostName accepts a DNS name: dot-separated labels of 1 to 63 letters, digits,
// hyphens or underscores (seen in real hosts), not starting or ending with a hyphen, an
// optional trailing dot, at most 253 characters. Internationalised names must be sent in
// their ASCII (punycode, xn--) form or percent-encoded UTF-8.
func checkHostName(host string) string {
	name := strings.TrimSuffix(host, ".")
	if name == "" || len(name) > maxHostLen || !utf8.ValidString(name) {
		return MsgHost
	}
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return MsgHost
		}
		for _, r := range label {
			if r >= 0x80 {
				continue // an internationalised label
			}
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
				return MsgHost
			}
		}
	}
	// A name of digits and dots only that is not an IPv4 address (999.1.1.1, 1.2.3) is
	// no host: resolvers would read it as a malformed address.
	if strings.Trim(name, "0123456789.") == "" {
		return MsgHost
	}
	return ""
}

// ErrInvalid is the failure of a field that is not a valid web address; its message
// names the field and what is wrong ("button_url must be an http or https URL").
var ErrInvalid = apperr.Define(apperr.Invalid, "url_invalid", "Invalid URL")

// Check trims raw and returns it when it is a valid web address; otherwise an
// ErrInvalid naming field ("button_url must be an http or https URL").
func Check(field, raw string) (string, error) {
	s, _, msg := Parse(raw)
	if msg != "" {
		return "", ErrInvalid.Withf("%s %s", field, msg)
	}
	return s, nil
}

// CheckOptional is Check, except that "" (after trimming) is accepted and returned as "".
func CheckOptional(field, raw string) (string, error) {
	if strings.TrimSpace(raw) == "" {
		return "", nil
	}
	return Check(field, raw)
}
