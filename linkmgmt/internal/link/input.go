package link

import (
	"net"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/nullable"
	"golang.org/x/text/language"
)

// ExpiryLayout is the spec's date format for expiry (UTC).
const ExpiryLayout = "2006-01-02 15:04:05"

// Input is the body of POST /api/url/add and PUT /api/url/:id/update. On update a field
// that is absent keeps its value and null (or "" for text) clears it.
type Input struct {
	URL             nullable.Field[string]           `json:"url"`
	Custom          nullable.Field[string]           `json:"custom"`
	Type            nullable.Field[TypeValue]        `json:"type"`
	Password        nullable.Field[string]           `json:"password"`
	Domain          nullable.Field[string]           `json:"domain"`
	Expiry          nullable.Field[string]           `json:"expiry"`
	GeoTarget       nullable.Field[[]GeoTarget]      `json:"geotarget"`
	DeviceTarget    nullable.Field[[]DeviceTarget]   `json:"devicetarget"`
	LanguageTarget  nullable.Field[[]LanguageTarget] `json:"languagetarget"`
	MetaTitle       nullable.Field[string]           `json:"metatitle"`
	MetaDescription nullable.Field[string]           `json:"metadescription"`
	MetaImage       nullable.Field[string]           `json:"metaimage"`
	Description     nullable.Field[string]           `json:"description"`
	Pixels          nullable.Field[[]int64]          `json:"pixels"`
	Channel         nullable.Field[int64]            `json:"channel"`
	Campaign        nullable.Field[int64]            `json:"campaign"`
	DeepLink        nullable.Field[DeepLink]         `json:"deeplink"`
	Status          nullable.Field[string]           `json:"status"`
	Parameters      nullable.Field[[]Param]          `json:"parameters"`
}

// Text limits keep pages and rows small.
const (
	maxTextLen  = 500
	maxDescLen  = 2000
	maxTargets  = 50
	maxParams   = 30
	maxPassword = 72 // bcrypt's limit
)

// fieldErrs collects validation failures.
type fieldErrs []apperr.FieldError

func (f *fieldErrs) add(field, msg string) {
	*f = append(*f, apperr.Field(msg, "value_error", "body", field))
}

func (f fieldErrs) err() error {
	if len(f) == 0 {
		return nil
	}
	return apperr.Validation(f...)
}

// urlChecker validates destination URLs: http(s) only, with a host, and never one of
// the service's own hosts (a short link must not loop back into the shortener).
type urlChecker struct {
	ownHosts func(host string) bool
}

func (c urlChecker) check(raw string) (string, string) {
	s, u, msg := weburl.Parse(raw)
	if msg != "" {
		return "", msg
	}
	if c.ownHosts != nil && c.ownHosts(canonicalHost(u)) {
		return "", "must not point back to this link service"
	}
	return s, ""
}

// canonicalHost is u's host as the service compares hosts (BASE_URL's, branded
// domains'): lower case, without a trailing dot or the scheme's default port, so
// "https://GO.example.com.:443/x" is recognised as go.example.com.
func canonicalHost(u *url.URL) string {
	name := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	port := u.Port()
	scheme := strings.ToLower(u.Scheme)
	if port == "" || (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		if strings.Contains(name, ":") {
			return "[" + name + "]" // IPv6 literal
		}
		return name
	}
	return net.JoinHostPort(name, port)
}

// applyFields validates the link's own fields of in (those that name no other
// resource) onto l: one rule a field or family, run in the order their errors are
// reported. A field not given is left as it is; a field given and refused is reported in
// errs and leaves l's value. now is the time expiries must be after.
func applyFields(in Input, l *Link, urls urlChecker, now time.Time, errs *fieldErrs) {
	f := fieldInput{in: in, urls: urls, now: now, errs: errs}
	for _, rule := range []func(*Link){
		f.longURL, f.texts, f.metaImage, f.status, f.expiry,
		f.geoTargets, f.deviceTargets, f.languageTargets, f.deepLink, f.parameters,
	} {
		rule(l)
	}
}

// fieldInput is what the field rules read: the input, the destination URL check, the
// time, and where refusals go.
type fieldInput struct {
	in   Input
	urls urlChecker
	now  time.Time
	errs *fieldErrs
}

func (f fieldInput) longURL(l *Link) {
	if !f.in.URL.Set {
		return
	}
	if v, msg := f.urls.check(f.in.URL.Value); msg != "" {
		f.errs.add("url", msg)
	} else {
		l.LongURL = v
	}
}

// texts are the plain text fields; the title shown in listings is the meta title (the
// destination is never fetched: no outbound calls on the write path).
func (f fieldInput) texts(l *Link) {
	text := func(field string, v nullable.Field[string], max int, dst *string) {
		if !v.Set {
			return
		}
		t := strings.TrimSpace(v.Value)
		if len(t) > max {
			f.errs.add(field, "must be at most "+strconv.Itoa(max)+" characters")
			return
		}
		*dst = t
	}
	text("metatitle", f.in.MetaTitle, maxTextLen, &l.MetaTitle)
	text("metadescription", f.in.MetaDescription, maxDescLen, &l.MetaDescription)
	text("description", f.in.Description, maxDescLen, &l.Description)
	l.Title = l.MetaTitle
}

func (f fieldInput) metaImage(l *Link) {
	if !f.in.MetaImage.Set {
		return
	}
	v := strings.TrimSpace(f.in.MetaImage.Value)
	if v != "" {
		u, msg := urlChecker{}.check(v)
		if msg == "" {
			p, _ := url.Parse(u)
			switch strings.ToLower(path.Ext(p.Path)) {
			case ".jpg", ".jpeg", ".png":
			default:
				msg = "must be the URL of a jpg or png image"
			}
		}
		if msg != "" {
			f.errs.add("metaimage", msg)
			v = l.MetaImage
		}
	}
	l.MetaImage = v
}

func (f fieldInput) status(l *Link) {
	if !f.in.Status.Set {
		return
	}
	switch v := strings.ToLower(strings.TrimSpace(f.in.Status.Value)); v {
	case StatusPublic, StatusPrivate:
		l.Status = v
	case "":
		l.Status = StatusPrivate
	default:
		f.errs.add("status", "must be public or private")
	}
}

func (f fieldInput) expiry(l *Link) {
	if !f.in.Expiry.Set {
		return
	}
	v := strings.TrimSpace(f.in.Expiry.Value)
	if v == "" {
		l.ExpiresAt = nil
	} else if t, err := time.ParseInLocation(ExpiryLayout, v, time.UTC); err != nil {
		f.errs.add("expiry", "must be a date as YYYY-MM-DD HH:MM:SS")
	} else if !t.After(f.now) {
		f.errs.add("expiry", "must be in the future")
	} else {
		l.ExpiresAt = &t
	}
}

func (f fieldInput) geoTargets(l *Link) {
	if !f.in.GeoTarget.Set {
		return
	}
	l.GeoTargets.V = targetSpec[GeoTarget]{
		field: "geotarget", key: "location", keyMsg: "must be a country name or ISO 3166-1 alpha-2 code",
		parts: func(t GeoTarget) (string, string) { return t.Location, t.Link },
		canon: geo.CountryCode,
		build: func(t GeoTarget, code, dest string) GeoTarget {
			return GeoTarget{Location: strings.TrimSpace(t.Location), Link: dest, Code: code}
		},
	}.check(f.in.GeoTarget.Value, f.urls, f.errs)
}

func (f fieldInput) deviceTargets(l *Link) {
	if !f.in.DeviceTarget.Set {
		return
	}
	l.DeviceTargets.V = targetSpec[DeviceTarget]{
		field: "devicetarget", key: "device", keyMsg: "must be one of " + strings.Join(Devices, ", "),
		parts: func(t DeviceTarget) (string, string) { return t.Device, t.Link },
		canon: canonicalDevice,
		build: func(_ DeviceTarget, device, dest string) DeviceTarget {
			return DeviceTarget{Device: device, Link: dest}
		},
	}.check(f.in.DeviceTarget.Value, f.urls, f.errs)
}

func (f fieldInput) languageTargets(l *Link) {
	if !f.in.LanguageTarget.Set {
		return
	}
	l.LanguageTargets.V = targetSpec[LanguageTarget]{
		field: "languagetarget", key: "language", keyMsg: "must be a language code such as en, fr or pt-BR",
		parts: func(t LanguageTarget) (string, string) { return t.Language, t.Link },
		canon: canonicalLanguage,
		build: func(_ LanguageTarget, lang, dest string) LanguageTarget {
			return LanguageTarget{Language: lang, Link: dest}
		},
	}.check(f.in.LanguageTarget.Value, f.urls, f.errs)
}

func (f fieldInput) deepLink(l *Link) {
	if !f.in.DeepLink.Set {
		return
	}
	d := f.in.DeepLink.Value
	for _, store := range []struct {
		name string
		v    *string
	}{{"deeplink.apple", &d.Apple}, {"deeplink.google", &d.Google}} {
		if strings.TrimSpace(*store.v) == "" {
			*store.v = ""
			continue
		}
		v, msg := f.urls.check(*store.v)
		if msg != "" {
			f.errs.add(store.name, msg)
		}
		*store.v = v
	}
	l.DeepLink.V = d
}

func (f fieldInput) parameters(l *Link) {
	if !f.in.Parameters.Set {
		return
	}
	if len(f.in.Parameters.Value) > maxParams {
		f.errs.add("parameters", "at most 30 parameters")
	}
	out := make([]Param, 0, len(f.in.Parameters.Value))
	for i, p := range f.in.Parameters.Value {
		name := strings.TrimSpace(p.Name)
		if name == "" || len(name) > 100 || len(p.Value) > maxTextLen {
			f.errs.add("parameters["+strconv.Itoa(i)+"]", "needs a name (at most 100 characters) and a value of at most 500 characters")
			continue
		}
		out = append(out, Param{Name: name, Value: p.Value})
	}
	l.Parameters.V = out
}

// targetSpec describes one targeting family (geo, device, language) for check.
type targetSpec[T any] struct {
	field, key, keyMsg string                        // "geotarget", "location", the key's error
	parts              func(T) (key, link string)    // the entry's raw key and link
	canon              func(string) (string, bool)   // the key's canonical form, ok false when invalid
	build              func(t T, key, link string) T // the stored entry
}

// check validates a targeting list: at most maxTargets entries, each with a key canon
// accepts and an http(s) link. It returns the valid entries in their stored form.
func (s targetSpec[T]) check(in []T, urls urlChecker, errs *fieldErrs) []T {
	if len(in) > maxTargets {
		errs.add(s.field, "at most 50 targets")
		return nil
	}
	out := make([]T, 0, len(in))
	// Two entries for one key ("iPhone" and "iphone", "Canada" and "CA") would leave the
	// redirect serving one and the API showing the other: refused after canonicalisation.
	first := make(map[string]int, len(in))
	for i, t := range in {
		at := s.field + "[" + strconv.Itoa(i) + "]"
		rawKey, rawLink := s.parts(t)
		key, ok := s.canon(rawKey)
		if !ok {
			errs.add(at+"."+s.key, s.keyMsg)
			continue
		}
		if j, dup := first[key]; dup {
			errs.add(at+"."+s.key, "targets "+key+" again, like "+s.field+"["+strconv.Itoa(j)+"]; give each "+s.key+" once")
			continue
		}
		first[key] = i
		dest, msg := urls.check(rawLink)
		if msg != "" {
			errs.add(at+".link", msg)
			continue
		}
		out = append(out, s.build(t, key, dest))
	}
	return out
}

func canonicalDevice(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case "macos", "mac os", "macintosh", "osx":
		s = "mac"
	case "ios":
		s = "iphone"
	}
	for _, d := range Devices {
		if strings.ToLower(d) == s {
			return d, true
		}
	}
	return "", false
}

// maxLanguageTagLen bounds a language tag before it is parsed (RFC 5646 asks parsers to
// handle at least 35 characters; longer tags only add extensions we drop anyway).
const maxLanguageTagLen = 64

// canonicalLanguage validates s as a BCP 47 language tag ("en", "pt-BR", "zh_TW",
// "es-419", "zh-Hant-TW") and returns the part targeting matches on: the language, in
// its canonical form (lower case, deprecated codes replaced: "iw" is "he"), and the
// region when the tag names one (upper case, or a UN M.49 area such as 419). Scripts,
// variants and extensions are dropped. Unknown languages ("xx"), malformed or unknown
// regions ("en-12", "en-<>", "en-ZZ") and undetermined tags ("und") are refused.
// Visitors' Accept-Language tags go through the same function, so both sides compare
// in one form.
func canonicalLanguage(s string) (string, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), "_", "-")
	if s == "" || len(s) > maxLanguageTagLen {
		return "", false
	}
	tag, err := language.Parse(s)
	if err != nil {
		return "", false
	}
	base, conf := tag.Base()
	if conf != language.Exact || base.String() == "und" {
		return "", false
	}
	out := base.String()
	if region, conf := tag.Region(); conf == language.Exact {
		if !region.IsCountry() && !region.IsGroup() {
			return "", false
		}
		out += "-" + region.String()
	}
	return out, true
}
