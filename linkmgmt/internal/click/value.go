package click

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// What a stored click must be. The limits come from where a click goes:
//   - Postgres text columns (clicks.country, .browser, ...) refuse invalid UTF-8 and the
//     NUL byte (SQLSTATE 22021), the whole COPY with them;
//   - the rollup and pending-detail encodings (rollup.go, pending.go) refuse a value longer
//     than maxValueBytes when they are read back (the wire format takes any length, so
//     that an entry holding such a value still parses and only that click is set aside);
//   - clicked_at is kept between 2000 and 2200 (minMicros, maxMicros: date arithmetic on
//     it stays far from overflowing), links.id is positive.
//
// Control characters are refused as well: no browser, OS or host name has them, and a
// value shown in a breakdown, a CSV cell or a log line must not carry a line break or an
// escape sequence. checkValue is that rule; normaliseValue makes any string obey it, and
// the recorder applies it to every dimension of every click it enriches (enrich), so
// whatever a visitor sends, the click recorded is storable. The flusher checks every
// click with checkClick before the COPY and sets aside what fails (flush.go).

var errInvalidClick = errors.New("click: not storable")

// checkValue reports why v cannot be stored as a dimension value, or nil.
func checkValue(v string) error {
	if len(v) > maxValueBytes {
		return fmt.Errorf("%w: %d-byte value (at most %d)", errInvalidClick, len(v), maxValueBytes)
	}
	if !utf8.ValidString(v) {
		return fmt.Errorf("%w: value not UTF-8", errInvalidClick)
	}
	for _, r := range v {
		if unicode.IsControl(r) {
			return fmt.Errorf("%w: value holds control character %U", errInvalidClick, r)
		}
	}
	return nil
}

// normaliseValue is v made storable (checkValue): invalid UTF-8 bytes become U+FFFD,
// control characters (NUL included) are removed, surrounding spaces trimmed, and the
// result cut to maxValueBytes on a character boundary.
func normaliseValue(v string) string {
	if plainASCII(v) {
		return v
	}
	v = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r // an invalid byte arrives as utf8.RuneError and is written as U+FFFD
	}, v))
	if len(v) > maxValueBytes {
		i := maxValueBytes
		for i > 0 && !utf8.RuneStart(v[i]) {
			i--
		}
		v = strings.TrimSpace(v[:i])
	}
	return v
}

// plainASCII reports whether v is short printable ASCII without surrounding spaces:
// what nearly every value is, returned as it is without a copy.
func plainASCII(v string) bool {
	if len(v) > maxValueBytes {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return v == "" || (v[0] != ' ' && v[len(v)-1] != ' ')
}

// checkClick reports why c cannot be stored, or nil: the rule the flusher applies to
// every click before it writes it.
func checkClick(c *Click) error {
	if c.LinkID <= 0 {
		return fmt.Errorf("%w: link id %d", errInvalidClick, c.LinkID)
	}
	if c.AccountID < 0 {
		return fmt.Errorf("%w: account id %d", errInvalidClick, c.AccountID)
	}
	if c.At < minMicros || c.At > maxMicros {
		return fmt.Errorf("%w: time %d µs out of range", errInvalidClick, c.At)
	}
	for d, v := range c.Dims {
		if err := checkValue(v); err != nil {
			return fmt.Errorf("%s: %w", Dim(d), err)
		}
	}
	return nil
}
