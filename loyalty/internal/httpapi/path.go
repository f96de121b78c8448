package httpapi

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// PathUUID reads a uuid path parameter, lower-cased; anything else is a 422.
func PathUUID(c echo.Context, name string) (string, error) {
	v := c.Param(name)
	if !isUUID(v) {
		return "", apperr.Validation(validation.NotUUID(inPathRoot, name))
	}
	return strings.ToLower(v), nil
}

// pathText is a text path parameter, percent-decoded (Echo hands parameters over as
// sent, and a formatted CNPJ carries a slash, %2F). Text Postgres cannot store (invalid
// UTF-8, NUL) is a 422.
func pathText(c echo.Context, name string) (string, error) {
	v, err := url.PathUnescape(c.Param(name))
	if err != nil || !validText(v) {
		return "", apperr.Validation(validation.NotText(inPathRoot, name))
	}
	return v, nil
}

// pathID reads a uuid path parameter that names a record: anything but a uuid names
// none, which is notFound (the resource's 404), not a 422.
func pathID(c echo.Context, name string, notFound error) (string, error) {
	v := c.Param(name)
	if !isUUID(v) {
		return "", notFound
	}
	return strings.ToLower(v), nil
}

// validText reports whether s is text Postgres can store: valid UTF-8 without NUL.
func validText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch i {
		case 8, 13, 18, 23:
			if r != '-' {
				return false
			}
		default:
			if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
				return false
			}
		}
	}
	return true
}

// lower is a uuid from a body, lower-cased ("" when absent).
func lower(s *string) string {
	if s == nil {
		return ""
	}
	return strings.ToLower(*s)
}

// lowerPtr is lower keeping absence (nil).
func lowerPtr(s *string) *string {
	if s == nil {
		return nil
	}
	v := strings.ToLower(*s)
	return &v
}
