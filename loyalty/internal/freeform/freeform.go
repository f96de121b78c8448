// Package freeform bounds free-form JSON: the values clients shape as they like (a sale's
// `data`), which the service stores in jsonb and shows back inside its own answers and
// webhooks. A value within these bounds can be stored by Postgres and read back by any
// JSON parser; anything else is refused before it reaches the database.
//
// Values are the ones encoding/json decodes into an `any` (numbers as json.Number, with
// the decoder's UseNumber, or float64).
package freeform

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
)

const (
	// MaxDepth bounds the nesting of containers; the value itself is level 1. The value is
	// shown back inside other JSON, and parsers stop at some depth (Go's at 10000);
	// migration 00410 refuses 64 levels in coupons.data.
	MaxDepth = 32
	// MaxBytes bounds the size of the value as stored: compact JSON with every number
	// written out in full, as Postgres keeps and returns it (1e300 is 301 bytes there).
	// Without it a 1 MiB body of short exponents would store gigabytes.
	MaxBytes = 64 << 10
	// MaxWholeDigits and MaxDecimalPlaces bound each number written out in full: every
	// double fits (the largest has 309 digits, the smallest, as a JSON encoder writes it,
	// 4.9406564584124654e-324, has 340 decimal places). Postgres numeric itself stops at
	// 131072 and 16383: past them the insert failed with a 500.
	MaxWholeDigits   = 309
	MaxDecimalPlaces = 340
)

// Check returns the problem of v, located relative to v (["items", 0, "price"]), or
// none. It reports the first problem found: the nesting, a number, then the size.
func Check(v any) []apperr.FieldError {
	w := walker{}
	if fe, bad := w.value(v, nil, MaxDepth); bad {
		return []apperr.FieldError{fe}
	}
	if w.size > MaxBytes {
		return []apperr.FieldError{validation.Value(fmt.Sprintf(
			"Value should be at most %d bytes as JSON with its numbers written out in full, not %d", MaxBytes, w.size))}
	}
	return nil
}

// walker measures the stored size of the value while it checks it.
type walker struct {
	size int64
}

// value checks v at loc with depth levels of containers left.
func (w *walker) value(v any, loc []any, depth int) (apperr.FieldError, bool) {
	switch x := v.(type) {
	case map[string]any:
		if depth == 0 {
			return tooDeep(loc), true
		}
		w.size += 2 + int64(max(len(x)-1, 0))           // {} and commas
		for _, k := range slices.Sorted(maps.Keys(x)) { // sorted: the same problem is reported first every time
			w.size += int64(quotedLen(k)) + 1 // "key":
			if fe, bad := w.value(x[k], append(loc[:len(loc):len(loc)], k), depth-1); bad {
				return fe, true
			}
		}
	case []any:
		if depth == 0 {
			return tooDeep(loc), true
		}
		w.size += 2 + int64(max(len(x)-1, 0))
		for i, c := range x {
			if fe, bad := w.value(c, append(loc[:len(loc):len(loc)], i), depth-1); bad {
				return fe, true
			}
		}
	case json.Number:
		return w.number(string(x), loc)
	case float64:
		return w.number(strconv.FormatFloat(x, 'g', -1, 64), loc)
	case string:
		w.size += int64(quotedLen(x))
	case bool:
		w.size += 5
	case nil:
		w.size += 4
	default:
		return validation.Value(fmt.Sprintf("Value of type %T is not JSON", v), loc...), true
	}
	return apperr.FieldError{}, false
}

func tooDeep(loc []any) apperr.FieldError {
	return validation.Value(fmt.Sprintf("Value should be nested at most %d levels deep", MaxDepth), loc...)
}

// number checks a JSON number as written (-12.5e3) against the bounds of its full form.
func (w *walker) number(text string, loc []any) (apperr.FieldError, bool) {
	whole, places, ok := fullForm(text)
	switch {
	case !ok:
		return validation.Value("Input should be a valid number", loc...), true
	case whole > MaxWholeDigits:
		return validation.DecimalWholeDigits(MaxWholeDigits, loc...), true
	case places > MaxDecimalPlaces:
		return validation.DecimalPlaces(MaxDecimalPlaces, loc...), true
	}
	w.size += 3 + whole + places // sign, leading 0, point: an upper bound
	return apperr.FieldError{}, false
}

// maxExponent is past every exponent a bound could allow; larger ones are clamped to it
// so the arithmetic cannot overflow.
const maxExponent = 1 << 30

// fullForm reads a JSON number (-?digits[.digits][e[+-]digits]) and returns how many
// digits its full decimal form has before the point (leading zeros apart) and after it
// (as Postgres keeps it: 1.50 has 2, 15e-1 has 1).
func fullForm(text string) (whole, places int64, ok bool) {
	s := strings.TrimPrefix(text, "-")
	mantissa, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, _ := strings.Cut(mantissa, ".")
	if intPart == "" || !digits(intPart) || !digits(frac) {
		return 0, 0, false
	}
	var e int64
	if hasExp {
		sign := int64(1)
		switch {
		case strings.HasPrefix(exp, "-"):
			sign, exp = -1, exp[1:]
		case strings.HasPrefix(exp, "+"):
			exp = exp[1:]
		}
		if exp == "" || !digits(exp) {
			return 0, 0, false
		}
		exp = strings.TrimLeft(exp, "0")
		if len(exp) > 10 {
			e = maxExponent
		} else if n, _ := strconv.ParseInt("0"+exp, 10, 64); n > maxExponent {
			e = maxExponent
		} else {
			e = n
		}
		e *= sign
	}
	all := intPart + frac
	point := int64(len(intPart)) + e // digits of all before the point
	zeros := int64(len(all) - len(strings.TrimLeft(all, "0")))
	whole = max(point-zeros, 0)
	places = max(int64(len(frac))-e, 0)
	return whole, places, true
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// quotedLen is the length of s as a JSON string: quotes, escapes of quotes, backslashes
// and control characters.
func quotedLen(s string) int {
	n := 2 + len(s)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			n++
		case c < 0x20:
			n += 5
		}
	}
	return n
}
