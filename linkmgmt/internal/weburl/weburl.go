// Package weburl validates the web addresses clients give the service (redirect targets,
// button and image URLs): absolute http or https URLs with a host, nothing else, so a
// stored address can never become a javascript: or data: link on a page.
package weburl

import (
	"net/url"
	"strings"

	"github.com/loyaltylinks/platform/shared/apperr"
)

// MaxLen bounds a stored URL.
const MaxLen = 2048

// Check trims raw and returns it when it is an absolute http(s) URL with a host. field
// names the input in the error message.
func Check(field, raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if len(s) > MaxLen {
		return "", apperr.New(apperr.Invalid, "%s must be at most %d characters", field, MaxLen)
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Hostname() == "" {
		return "", apperr.New(apperr.Invalid, "%s must be an http or https URL", field)
	}
	if strings.ContainsAny(s, " \t\r\n<>\"") {
		return "", apperr.New(apperr.Invalid, "%s must be an http or https URL", field)
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
