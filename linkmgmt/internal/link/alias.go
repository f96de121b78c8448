package link

import (
	"crypto/rand"
	"regexp"
	"strings"
)

// Alias rules: custom aliases are 1 to 64 characters of [A-Za-z0-9_-], never a reserved
// word (case-insensitive); random aliases are base62.
const (
	maxAliasLen    = 64
	randomAliasLen = 6
	alphabet62     = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)

var aliasPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// reserved are first path segments the service itself serves, or may serve later.
var reserved = map[string]bool{
	"api": true, "docs": true, "healthz": true, "readyz": true, "metrics": true,
	"r": true, "u": true, "qr": true, "static": true, "assets": true, "admin": true,
	"login": true, "logout": true, "register": true, "signup": true, "account": true,
	"dashboard": true, "user": true, "users": true, "app": true, "www": true,
}

// ValidAlias explains why a custom alias is refused, or returns "".
func ValidAlias(alias string) string {
	switch {
	case alias == "":
		return "alias must not be empty"
	case len(alias) > maxAliasLen:
		return "alias must be at most 64 characters"
	case !aliasPattern.MatchString(alias):
		return "alias may contain only letters, digits, '-' and '_'"
	case reserved[strings.ToLower(alias)]:
		return "alias is reserved"
	}
	return ""
}

// MaybeAlias reports whether s could name a stored link: 1 to 64 characters of the
// alias alphabet (custom aliases are validated to it, random ones are base62). The
// redirect asks it before any lookup, so a path segment no link can have (NUL, invalid
// UTF-8, a megabyte of text) is a 404 without a database call.
func MaybeAlias(s string) bool {
	if s == "" || len(s) > maxAliasLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// maxReservedLen is the length of the longest reserved word.
const maxReservedLen = 9

// IsReserved reports whether the first path segment belongs to the service. It runs on
// every redirect, so it lower-cases into a stack buffer instead of allocating.
func IsReserved(alias string) bool {
	if len(alias) > maxReservedLen {
		return false
	}
	var buf [maxReservedLen]byte
	for i := 0; i < len(alias); i++ {
		c := alias[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return reserved[string(buf[:len(alias)])]
}

// randomAlias returns n base62 characters from crypto/rand.
func randomAlias(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		// 62*4 = 248: rejection would be exact; the bias of % over 256 values is < 2% and
		// harmless for an identifier that is checked for uniqueness anyway.
		b[i] = alphabet62[int(b[i])%len(alphabet62)]
	}
	if reserved[strings.ToLower(string(b))] {
		return randomAlias(n)
	}
	return string(b)
}
