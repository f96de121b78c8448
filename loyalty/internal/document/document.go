// Package document normalises the identity documents customers and stores are looked up
// by: Brazilian CPF (11 digits) and CNPJ (14 digits). A formatted number
// ("123.456.789-09", "12.345.678/0001-95") is stored and searched as its digits, so the
// same person or shop cannot be registered twice under two spellings. Anything else (a
// passport number, a foreign id) is kept as sent, trimmed.
//
// What a document is (Check): 1 to 50 characters, at least one of them a letter or a
// digit, none of them a control or format character or one that means something in a URL
// path (/ \ ? # %). A document is a path segment: of this API's routes
// (/customer/{document}) and of the external app-user service's
// ({EXTERNAL_APP_USERS_URL}/{document}), where "." and ".." would walk the path.
package document

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxLength bounds a document, in characters.
const MaxLength = 50

// Reasons a value is not a document (Check); the messages are the API's.
var (
	ErrEmpty          = errors.New("a document cannot be empty")
	ErrTooLong        = fmt.Errorf("a document has at most %d characters", MaxLength)
	ErrNoAlphanumeric = errors.New("a document needs at least one letter or digit")
	ErrForbidden      = errors.New(`a document cannot hold control characters or any of / \ ? # %`)
)

// Check returns why doc, a normalised document, is not a document, or nil.
func Check(doc string) error {
	switch n := utf8.RuneCountInString(doc); {
	case doc == "":
		return ErrEmpty
	case n > MaxLength:
		return ErrTooLong
	}
	alnum := false
	for _, r := range doc {
		switch {
		case r == utf8.RuneError, unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp), strings.ContainsRune(`/\?#%`, r):
			return ErrForbidden
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			alnum = true
		}
	}
	if !alnum {
		return ErrNoAlphanumeric
	}
	return nil
}

// Normalize returns the canonical form of a document number: digits only when s is a
// CPF or CNPJ, bare or written with the usual separators (dot, dash, slash, space),
// otherwise s trimmed. Check digits are not verified: test and legacy data carry
// invalid numbers that must still be accepted.
func Normalize(s string) string {
	s = strings.TrimSpace(s)
	if d, ok := digitsOf(s); ok && (len(d) == 11 || len(d) == 14) {
		return d
	}
	return s
}

// NormalizePrefix is Normalize for the start of a document typed into a search box:
// digits and separators only ("123.456") give the digits ("123456"), so a partly typed
// formatted number finds the stored digits; anything else is kept, trimmed.
func NormalizePrefix(s string) string {
	s = strings.TrimSpace(s)
	if d, ok := digitsOf(s); ok && d != "" {
		return d
	}
	return s
}

// digitsOf returns the digits of s, and false when s holds anything but digits and
// separators.
func digitsOf(s string) (string, bool) {
	digits := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits = append(digits, c)
		case c == '.' || c == '-' || c == '/' || c == ' ':
		default:
			return "", false
		}
	}
	return string(digits), true
}
