// Package link owns short links: their fields, the alias rules, validation of every
// option a link can carry (destinations, targeting, deep links, references to the
// account's pixels, channel, campaign, domain, splash page and overlay) and their store.
package link

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Redirect types as stored. Custom splash pages and overlays carry their id:
// "splash-<id>" and "overlay-<id>".
const (
	TypeDirect = "direct"
	TypeFrame  = "frame"
	TypeSplash = "splash"
)

// Status values.
const (
	StatusPublic  = "public"
	StatusPrivate = "private"
)

// Devices that device targeting recognises, in the spelling the API uses.
var Devices = []string{"iPhone", "iPad", "Android", "Windows", "Mac", "Linux"}

// GeoTarget sends visitors of one country elsewhere. Location is what the client sent
// (a country name or code); Code is its ISO 3166-1 alpha-2 code, used for matching.
type GeoTarget struct {
	Location string `json:"location"`
	Link     string `json:"link"`
	Code     string `json:"code"`
}

// DeviceTarget sends visitors on one kind of device elsewhere.
type DeviceTarget struct {
	Device string `json:"device"`
	Link   string `json:"link"`
}

// LanguageTarget sends visitors whose browser prefers a language elsewhere.
type LanguageTarget struct {
	Language string `json:"language"`
	Link     string `json:"link"`
}

// DeepLink holds app links for iOS and Android. Auto derives both from the long URL
// (universal links / Android App Links) when they are not given.
type DeepLink struct {
	Auto   bool   `json:"auto"`
	Apple  string `json:"apple"`
	Google string `json:"google"`
}

// Param is one query parameter appended to the destination.
type Param struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Link is one short link as stored.
type Link struct {
	ID              int64
	AccountID       int64
	DomainID        *int64
	Alias           string
	LongURL         string
	Type            string
	SplashID        *int64
	OverlayID       *int64
	PasswordHash    *string
	ExpiresAt       *time.Time
	GeoTargets      JSON[[]GeoTarget]
	DeviceTargets   JSON[[]DeviceTarget]
	LanguageTargets JSON[[]LanguageTarget]
	Title           string
	MetaTitle       string
	MetaDescription string
	MetaImage       string
	Description     string
	DeepLink        JSON[DeepLink] `gorm:"column:deeplink"`
	Status          string
	Parameters      JSON[[]Param]
	CampaignID      *int64
	ChannelID       *int64
	Clicks          int64
	CreatedAt       time.Time
	UpdatedAt       time.Time

	// Loaded beside the row.
	DomainURL string  `gorm:"->;column:domain_url"` // the branded domain as registered ("" = BASE_URL)
	PixelIDs  []int64 `gorm:"-"`
}

// ShortURL is the link's public address.
func (l Link) ShortURL(baseURL string) string {
	if l.DomainURL != "" {
		return strings.TrimRight(l.DomainURL, "/") + "/" + l.Alias
	}
	return strings.TrimRight(baseURL, "/") + "/" + l.Alias
}

// Destination is the long URL with the link's parameters appended.
func (l Link) Destination() string { return WithParameters(l.LongURL, l.Parameters.V) }

// WithParameters appends params to raw's query as written: the destination's own query
// stays byte for byte (its order, its ";" separators, its valueless flags such as
// "?flag"), and each parameter follows it as name=value, query-escaped, before any
// #fragment. A name the destination already carries is added again, not replaced.
func WithParameters(raw string, params []Param) string {
	if len(params) == 0 {
		return raw
	}
	base, fragment, hasFragment := strings.Cut(raw, "#")
	var b strings.Builder
	b.Grow(len(raw) + 32*len(params))
	b.WriteString(base)
	switch {
	case !strings.Contains(base, "?"):
		b.WriteByte('?')
	case strings.HasSuffix(base, "?"), strings.HasSuffix(base, "&"):
		// The query is empty or already ends with a separator.
	default:
		b.WriteByte('&')
	}
	for i, p := range params {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(p.Name))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(p.Value))
	}
	if hasFragment {
		b.WriteByte('#')
		b.WriteString(fragment)
	}
	return b.String()
}

// Protected reports whether the link asks for a password.
func (l Link) Protected() bool { return l.PasswordHash != nil && *l.PasswordHash != "" }

// JSON stores a value in a jsonb column.
type JSON[T any] struct{ V T }

// Value implements driver.Valuer.
func (j JSON[T]) Value() (driver.Value, error) {
	b, err := json.Marshal(j.V)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// Scan implements sql.Scanner.
func (j *JSON[T]) Scan(src any) error {
	switch s := src.(type) {
	case nil:
		var zero T
		j.V = zero
		return nil
	case []byte:
		return json.Unmarshal(s, &j.V)
	case string:
		return json.Unmarshal([]byte(s), &j.V)
	}
	return fmt.Errorf("link: cannot scan %T into JSON", src)
}

// MarshalJSON writes the value itself.
func (j JSON[T]) MarshalJSON() ([]byte, error) { return json.Marshal(j.V) }

// TypeValue is the "type" field of a request: a string, or the bare number of a custom
// splash page.
type TypeValue string

// UnmarshalJSON accepts "splash", "overlay-3", "12" and 12.
func (t *TypeValue) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = TypeValue(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return errors.New("type must be a string or a splash page id")
	}
	if _, err := strconv.ParseInt(n.String(), 10, 64); err != nil {
		return errors.New("type must be a string or a splash page id")
	}
	*t = TypeValue(n.String())
	return nil
}
