package user

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"golang.org/x/text/unicode/norm"
)

// MaxUsernameLen bounds a username, in characters (after normalisation).
const MaxUsernameLen = 255

// NormalizeUsername returns the form a username is stored and looked up in: Unicode NFKC
// (full-width letters, ligatures and other compatibility forms become their plain
// equivalents, so "ｍａｒｉａ" is "maria"), without leading or trailing spaces. Case is
// kept for display; uniqueness and sign-in ignore it (the database compares
// lower(normalize(username, NFKC))).
//
// A username holding an invisible character is refused rather than cleaned: two names
// that render alike must not be two accounts, and silently dropping characters would
// make a typed name and a stored name disagree. loc is where the 422 points.
func NormalizeUsername(raw string, loc ...any) (string, error) {
	if !utf8.ValidString(raw) || strings.ContainsRune(raw, 0) {
		return "", apperr.Validation(validation.NotText(loc...))
	}
	name := strings.Trim(norm.NFKC.String(raw), " ")
	switch {
	case name == "":
		return "", apperr.Validation(validation.Missing(loc...))
	case utf8.RuneCountInString(name) > MaxUsernameLen:
		return "", apperr.Validation(validation.StringTooLong(MaxUsernameLen, "characters", loc...))
	case strings.IndexFunc(name, invisible) >= 0:
		return "", apperr.Validation(apperr.Field(
			"Username must not contain invisible, control or formatting characters (zero-width spaces, bidi marks, ...)",
			"string_pattern_mismatch", loc...))
	}
	return name, nil
}

// invisible reports a character a username may not hold: controls, format characters
// (zero-width space and joiners, bidi controls, soft hyphen, BOM), default-ignorable
// fillers (Hangul fillers, ...), variation selectors, private-use, surrogate and
// unassigned code points, and every space but U+0020. Migration 00430 refuses the same
// set (bar unassigned code points, which depend on the Unicode version) in a CHECK.
func invisible(r rune) bool {
	switch {
	case r == ' ':
		return false
	case unicode.IsSpace(r), unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp):
		return true
	case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs):
		return true
	case unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector):
		return true
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S):
		return true // unassigned
	}
	return false
}
