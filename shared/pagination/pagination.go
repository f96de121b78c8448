// Package pagination parses paging query parameters with defaults and bounds and does the
// arithmetic of page envelopes. It knows nothing of HTTP frameworks or error formats: a
// bad value comes back as *ParamError, which says what is wrong without wording it for a
// client, and each service words it in its own error format.
package pagination

import (
	"fmt"
	"net/url"
	"strconv"
)

// Problem says what is wrong with a parameter.
type Problem int

const (
	NotAnInteger Problem = iota + 1 // not a decimal integer of the platform's int range
	TooSmall                        // below Bounds.Min
	TooLarge                        // above Bounds.Max
)

// ParamError says which query parameter is wrong and why.
type ParamError struct {
	Param   string
	Problem Problem
	Bound   int // the bound crossed, for TooSmall and TooLarge
}

// Error is a plain reading of the problem ("limit: must be at most 100"), for logs and
// services that answer one message.
func (e *ParamError) Error() string {
	switch e.Problem {
	case TooSmall:
		return fmt.Sprintf("%s: must be at least %d", e.Param, e.Bound)
	case TooLarge:
		return fmt.Sprintf("%s: must be at most %d", e.Param, e.Bound)
	}
	return fmt.Sprintf("%s: must be an integer", e.Param)
}

// Bounds describes one integer parameter.
type Bounds struct {
	Default int
	Min     int
	Max     int // 0 means no upper bound
}

// Int reads an integer parameter: absent or empty gives the default; a non-integer or a
// value out of bounds is a *ParamError.
func Int(q url.Values, name string, b Bounds) (int, error) {
	raw := q.Get(name)
	if raw == "" {
		return b.Default, nil
	}
	v, err := strconv.Atoi(raw)
	switch {
	case err != nil:
		return 0, &ParamError{Param: name, Problem: NotAnInteger}
	case v < b.Min:
		return 0, &ParamError{Param: name, Problem: TooSmall, Bound: b.Min}
	case b.Max > 0 && v > b.Max:
		return 0, &ParamError{Param: name, Problem: TooLarge, Bound: b.Max}
	}
	return v, nil
}

// LimitOffset is a window over an ordered result.
type LimitOffset struct {
	Limit  int
	Offset int
}

// ParseLimitOffset reads limit and offset. Offsets are >= 0; limits use the given bounds.
// Both errors are returned so a client sees every bad parameter at once.
func ParseLimitOffset(q url.Values, limit Bounds) (LimitOffset, []*ParamError) {
	var errs []*ParamError
	l, err := Int(q, "limit", limit)
	if err != nil {
		errs = append(errs, err.(*ParamError))
	}
	o, err := Int(q, "offset", Bounds{Default: 0, Min: 0})
	if err != nil {
		errs = append(errs, err.(*ParamError))
	}
	return LimitOffset{Limit: l, Offset: o}, errs
}

// Page is a page-numbered window (page starts at 1).
type Page struct {
	Page  int
	Limit int
}

// Offset is the number of rows before the page.
func (p Page) Offset() int { return (p.Page - 1) * p.Limit }

// ParsePage reads page (1 to maxPage, default 1; maxPage 0 means no upper bound) and
// limit with the given bounds.
func ParsePage(q url.Values, limit Bounds, maxPage int) (Page, []*ParamError) {
	var errs []*ParamError
	pg, err := Int(q, "page", Bounds{Default: 1, Min: 1, Max: maxPage})
	if err != nil {
		errs = append(errs, err.(*ParamError))
	}
	l, err := Int(q, "limit", limit)
	if err != nil {
		errs = append(errs, err.(*ParamError))
	}
	return Page{Page: pg, Limit: l}, errs
}

// Envelope is the arithmetic of a paged listing.
type Envelope struct {
	Result      int // total number of matching rows
	PerPage     int
	CurrentPage int
	NextPage    int // 0 when there is no next page
	MaxPage     int // at least 1, so an empty listing still has page 1
}

// NewEnvelope computes the envelope for a page over total rows.
func NewEnvelope(p Page, total int) Envelope {
	maxPage := 1
	if p.Limit > 0 && total > 0 {
		maxPage = (total + p.Limit - 1) / p.Limit
	}
	next := 0
	if p.Page < maxPage {
		next = p.Page + 1
	}
	return Envelope{Result: total, PerPage: p.Limit, CurrentPage: p.Page, NextPage: next, MaxPage: maxPage}
}
