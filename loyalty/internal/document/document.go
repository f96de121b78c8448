// Package document normalises the identity documents customers and stores are looked up
// by: Brazilian CPF (11 digits) and CNPJ (14 digits). A formatted number
// ("123.456.789-09", "12.345.678/0001-95") is stored and searched as its digits, so the
// same person or shop cannot be registered twice under two spellings. Anything else (a
// passport number, a foreign id) is kept as sent, trimmed.
package document

import "strings"

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
