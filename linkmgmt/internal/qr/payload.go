package qr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
)

// Type is what a QR code holds; it decides the shape of `data` and the payload form.
type Type string

// The QR code types of the API.
const (
	TypeText  Type = "text"
	TypeVCard Type = "vcard"
	TypeLink  Type = "link"
	TypeEmail Type = "email"
	TypePhone Type = "phone"
	TypeSMS   Type = "sms"
	TypeWiFi  Type = "wifi"
)

// Types lists every type, in the order the documentation gives them.
var Types = []Type{TypeText, TypeVCard, TypeLink, TypeEmail, TypePhone, TypeSMS, TypeWiFi}

const typeList = "text, vcard, link, email, phone, sms or wifi"

// ParseType validates a type name.
func ParseType(raw string) (Type, error) {
	t := Type(strings.ToLower(strings.TrimSpace(raw)))
	for _, known := range Types {
		if t == known {
			return t, nil
		}
	}
	if raw == "" {
		return "", ErrInvalidData.Withf("type is required: %s", typeList)
	}
	return "", ErrInvalidData.Withf("type must be one of %s; got %q", typeList, raw)
}

// Content is validated QR data.
type Content struct {
	Type Type
	// Data is the normalised form of the request's data, stored in qr_codes.data.
	Data json.RawMessage
	// Payload is the text the code encodes. For TypeLink it is the destination URL; the
	// code itself encodes the short link that redirects there.
	Payload string
	// Summary is a short human label (the default name of the code).
	Summary string
}

// VCard is the data of a vcard code. Name (or FirstName/LastName) is required.
type VCard struct {
	Name      flexString `json:"name,omitempty"`
	FirstName flexString `json:"firstname,omitempty"`
	LastName  flexString `json:"lastname,omitempty"`
	Phone     flexString `json:"phone,omitempty"`
	Email     flexString `json:"email,omitempty"`
	Company   flexString `json:"company,omitempty"`
	Title     flexString `json:"title,omitempty"`
	URL       flexString `json:"url,omitempty"`
	Address   flexString `json:"address,omitempty"`
	Note      flexString `json:"note,omitempty"`
}

// Email is the data of an email code.
type Email struct {
	Email   flexString `json:"email"`
	Subject flexString `json:"subject,omitempty"`
	Body    flexString `json:"body,omitempty"`
}

// SMS is the data of an sms code.
type SMS struct {
	Phone   flexString `json:"phone"`
	Message flexString `json:"message,omitempty"`
}

// WiFi is the data of a wifi code.
type WiFi struct {
	SSID       flexString `json:"ssid"`
	Password   flexString `json:"password,omitempty"`
	Encryption flexString `json:"encryption"`
	Hidden     flexBool   `json:"hidden,omitempty"`
}

// Wi-Fi encryption values of the WIFI: payload.
const (
	EncryptionWPA    = "WPA"
	EncryptionWEP    = "WEP"
	EncryptionNoPass = "nopass"
)

// ParseContent validates data for the type and builds the payload. Every failure is an
// ErrInvalidData naming the field.
func ParseContent(typ Type, raw json.RawMessage) (Content, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return Content{}, ErrInvalidData.Withf("data is required")
	}
	if containsNUL(raw) {
		return Content{}, ErrInvalidData.Withf("data must not contain NUL characters")
	}
	var (
		c   Content
		err error
	)
	switch typ {
	case TypeText:
		c, err = parseText(raw)
	case TypeLink:
		c, err = parseLink(raw)
	case TypePhone:
		c, err = parsePhone(raw)
	case TypeVCard:
		c, err = parseVCard(raw)
	case TypeEmail:
		c, err = parseEmail(raw)
	case TypeSMS:
		c, err = parseSMS(raw)
	case TypeWiFi:
		c, err = parseWiFi(raw)
	default:
		_, err = ParseType(string(typ))
	}
	if err != nil {
		return Content{}, err
	}
	c.Type = typ
	c.Summary = summarise(c.Summary)
	return c, nil
}

func parseText(raw json.RawMessage) (Content, error) {
	s, err := dataString(raw, "text", "the text to encode")
	if err != nil {
		return Content{}, err
	}
	if strings.TrimSpace(s) == "" {
		return Content{}, ErrInvalidData.Withf("data must not be empty")
	}
	return Content{Data: mustJSON(s), Payload: s, Summary: s}, nil
}

func parseLink(raw json.RawMessage) (Content, error) {
	s, err := dataString(raw, "link", "the destination URL")
	if err != nil {
		return Content{}, err
	}
	s = strings.TrimSpace(s)
	if err := checkHTTPURL("data", s); err != nil {
		return Content{}, err
	}
	return Content{Data: mustJSON(s), Payload: s, Summary: s}, nil
}

func parsePhone(raw json.RawMessage) (Content, error) {
	var s flexString
	if err := json.Unmarshal(raw, &s); err != nil {
		return Content{}, ErrInvalidData.Withf("data for type phone must be the phone number as a string")
	}
	phone, err := normalisePhone("data", string(s))
	if err != nil {
		return Content{}, err
	}
	return Content{Data: mustJSON(phone), Payload: "tel:" + phone, Summary: phone}, nil
}

func parseVCard(raw json.RawMessage) (Content, error) {
	var v VCard
	if err := dataObject(raw, "vcard", "{name, phone, email, company, title, url, address, note}", &v); err != nil {
		return Content{}, err
	}
	v.trim()
	if v.Name == "" {
		v.Name = flexString(strings.TrimSpace(string(v.FirstName) + " " + string(v.LastName)))
	}
	if v.Name == "" {
		return Content{}, ErrInvalidData.Withf("data.name is required for a vcard (or data.firstname / data.lastname)")
	}
	if v.Email != "" {
		if err := checkEmail("data.email", string(v.Email)); err != nil {
			return Content{}, err
		}
	}
	if v.URL != "" {
		if err := checkHTTPURL("data.url", string(v.URL)); err != nil {
			return Content{}, err
		}
	}
	return Content{Data: mustJSON(v), Payload: v.payload(), Summary: string(v.Name)}, nil
}

func (v *VCard) trim() {
	for _, f := range []*flexString{&v.Name, &v.FirstName, &v.LastName, &v.Phone, &v.Email, &v.Company, &v.Title, &v.URL, &v.Address, &v.Note} {
		*f = flexString(strings.TrimSpace(string(*f)))
	}
}

// payload renders a vCard 3.0 (RFC 2426) with CRLF line ends. N is required by 3.0: it
// comes from firstname/lastname when given, otherwise the last word of name is taken as
// the family name.
func (v VCard) payload() string {
	family, given := string(v.LastName), string(v.FirstName)
	if family == "" && given == "" {
		words := strings.Fields(string(v.Name))
		family = words[len(words)-1]
		given = strings.Join(words[:len(words)-1], " ")
	}
	var b strings.Builder
	line := func(prop, value string) {
		if value != "" {
			b.WriteString(prop + ":" + value + "\r\n")
		}
	}
	b.WriteString("BEGIN:VCARD\r\nVERSION:3.0\r\n")
	b.WriteString("N:" + vcardEscape(family) + ";" + vcardEscape(given) + ";;;\r\n")
	line("FN", vcardEscape(string(v.Name)))
	line("ORG", vcardEscape(string(v.Company)))
	line("TITLE", vcardEscape(string(v.Title)))
	line("TEL", vcardEscape(string(v.Phone)))
	line("EMAIL", vcardEscape(string(v.Email)))
	line("URL", vcardEscape(string(v.URL)))
	if v.Address != "" {
		// A free-text address goes in the street component: ADR is pobox;ext;street;...
		line("ADR", ";;"+vcardEscape(string(v.Address))+";;;;")
	}
	line("NOTE", vcardEscape(string(v.Note)))
	b.WriteString("END:VCARD")
	return b.String()
}

var vcardEscaper = strings.NewReplacer(`\`, `\\`, `,`, `\,`, `;`, `\;`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)

// vcardEscape escapes a vCard 3.0 text value (RFC 2426 section 4).
func vcardEscape(s string) string { return vcardEscaper.Replace(s) }

func parseEmail(raw json.RawMessage) (Content, error) {
	var e Email
	if raw[0] == '"' {
		// A bare string is the address alone.
		if err := json.Unmarshal(raw, &e.Email); err != nil {
			return Content{}, ErrInvalidData.Withf("data for type email must be an object {email, subject, body}")
		}
	} else if err := dataObject(raw, "email", "{email, subject, body}", &e); err != nil {
		return Content{}, err
	}
	e.Email = flexString(strings.TrimSpace(string(e.Email)))
	if e.Email == "" {
		return Content{}, ErrInvalidData.Withf("data.email is required")
	}
	if err := checkEmail("data.email", string(e.Email)); err != nil {
		return Content{}, err
	}
	return Content{Data: mustJSON(e), Payload: e.payload(), Summary: string(e.Email)}, nil
}

// payload is a mailto: URI (RFC 6068): header values percent-encoded, spaces as %20,
// line breaks in the body as %0D%0A.
func (e Email) payload() string {
	var q []string
	if e.Subject != "" {
		q = append(q, "subject="+mailtoEscape(string(e.Subject)))
	}
	if e.Body != "" {
		body := strings.ReplaceAll(strings.ReplaceAll(string(e.Body), "\r\n", "\n"), "\n", "\r\n")
		q = append(q, "body="+mailtoEscape(body))
	}
	out := "mailto:" + mailtoAddrEscaper.Replace(string(e.Email))
	if len(q) > 0 {
		out += "?" + strings.Join(q, "&")
	}
	return out
}

// mailtoAddrEscaper percent-encodes the characters of an address that would end or
// change the meaning of a mailto: URI's address part.
var mailtoAddrEscaper = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23", "&", "%26", "/", "%2F")

func mailtoEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

func parseSMS(raw json.RawMessage) (Content, error) {
	var m SMS
	if raw[0] == '"' {
		// A bare string is the number alone.
		if err := json.Unmarshal(raw, &m.Phone); err != nil {
			return Content{}, ErrInvalidData.Withf("data for type sms must be an object {phone, message}")
		}
	} else if err := dataObject(raw, "sms", "{phone, message}", &m); err != nil {
		return Content{}, err
	}
	if strings.TrimSpace(string(m.Phone)) == "" {
		return Content{}, ErrInvalidData.Withf("data.phone is required")
	}
	phone, err := normalisePhone("data.phone", string(m.Phone))
	if err != nil {
		return Content{}, err
	}
	m.Phone = flexString(phone)
	// SMSTO:number:message; the message needs no escaping, readers split at the first two colons.
	return Content{Data: mustJSON(m), Payload: "SMSTO:" + phone + ":" + string(m.Message), Summary: phone}, nil
}

var hexKey = regexp.MustCompile(`^[0-9A-Fa-f]+$`)

func parseWiFi(raw json.RawMessage) (Content, error) {
	var w WiFi
	if err := dataObject(raw, "wifi", "{ssid, password, encryption, hidden}", &w); err != nil {
		return Content{}, err
	}
	if w.SSID == "" {
		return Content{}, ErrInvalidData.Withf("data.ssid is required")
	}
	if len(w.SSID) > 32 {
		return Content{}, ErrInvalidData.Withf("data.ssid must be at most 32 bytes")
	}
	switch strings.ToLower(strings.TrimSpace(string(w.Encryption))) {
	case "":
		w.Encryption = EncryptionWPA
		if w.Password == "" {
			w.Encryption = EncryptionNoPass
		}
	case "wpa", "wpa2":
		w.Encryption = EncryptionWPA
	case "wep":
		w.Encryption = EncryptionWEP
	case "nopass", "none":
		w.Encryption = EncryptionNoPass
	default:
		return Content{}, ErrInvalidData.Withf("data.encryption must be WPA, WEP or nopass; got %q", string(w.Encryption))
	}
	pw := string(w.Password)
	switch w.Encryption {
	case EncryptionNoPass:
		if pw != "" {
			return Content{}, ErrInvalidData.Withf("data.password must be empty when encryption is nopass")
		}
	case EncryptionWPA:
		if (len(pw) < 8 || len(pw) > 63) && !(len(pw) == 64 && hexKey.MatchString(pw)) {
			return Content{}, ErrInvalidData.Withf("data.password for WPA must be 8 to 63 characters (or 64 hex digits)")
		}
	case EncryptionWEP:
		if pw == "" {
			return Content{}, ErrInvalidData.Withf("data.password is required for WEP")
		}
	}
	return Content{Data: mustJSON(w), Payload: w.payload(), Summary: string(w.SSID)}, nil
}

// payload is the de-facto standard WIFI: form (ZXing's), with \ ; , : " escaped.
func (w WiFi) payload() string {
	var b strings.Builder
	b.WriteString("WIFI:T:" + string(w.Encryption) + ";S:" + wifiEscape(string(w.SSID)) + ";")
	if w.Encryption != EncryptionNoPass {
		b.WriteString("P:" + wifiEscape(string(w.Password)) + ";")
	}
	if w.Hidden {
		b.WriteString("H:true;")
	}
	b.WriteString(";")
	return b.String()
}

var wifiEscaper = strings.NewReplacer(`\`, `\\`, `;`, `\;`, `,`, `\,`, `:`, `\:`, `"`, `\"`)

func wifiEscape(s string) string { return wifiEscaper.Replace(s) }

// dataString decodes data that must be a JSON string.
func dataString(raw json.RawMessage, typ, what string) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", ErrInvalidData.Withf("data for type %s must be a string: %s", typ, what)
	}
	return s, nil
}

// dataObject decodes data that must be a JSON object into the struct dst, field by
// field (keys matched case-insensitively, unknown keys ignored), so a value of the wrong
// type is reported with its field name.
func dataObject(raw json.RawMessage, typ, shape string, dst any) error {
	var fields map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &fields) != nil {
		return ErrInvalidData.Withf("data for type %s must be an object %s", typ, shape)
	}
	byName := make(map[string]json.RawMessage, len(fields))
	for k, v := range fields {
		byName[strings.ToLower(k)] = v
	}
	v := reflect.ValueOf(dst).Elem()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		value, ok := byName[name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(value, v.Field(i).Addr().Interface()); err != nil {
			want := "a string"
			if f.Type.Kind() == reflect.Bool {
				want = "a boolean"
			}
			return ErrInvalidData.Withf("data.%s must be %s", name, want)
		}
	}
	return nil
}

var phoneSeparators = strings.NewReplacer(" ", "", "-", "", ".", "", "(", "", ")", "", "\t", "")
var phonePattern = regexp.MustCompile(`^\+?[0-9]{3,20}$`)

// normalisePhone drops visual separators and checks what is left is an optional + and
// 3 to 20 digits.
func normalisePhone(field, raw string) (string, error) {
	p := phoneSeparators.Replace(strings.TrimSpace(raw))
	if !phonePattern.MatchString(p) {
		return "", ErrInvalidData.Withf("%s must be a phone number: an optional + and 3 to 20 digits (spaces, dashes, dots and brackets are allowed); got %q", field, raw)
	}
	return p, nil
}

func checkEmail(field, s string) error {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return ErrInvalidData.Withf("%s must be an email address such as name@example.com; got %q", field, s)
	}
	return nil
}

// checkHTTPURL accepts absolute http(s) URLs with a valid host and port (weburl, the
// service's one URL check).
func checkHTTPURL(field, s string) error {
	if s == "" {
		return ErrInvalidData.Withf("%s is required: an http(s) URL", field)
	}
	switch msg := weburl.Problem(s); msg {
	case "":
		return nil
	case weburl.MsgTooLong, weburl.MsgHost, weburl.MsgPort, weburl.MsgCredentials:
		return ErrInvalidData.Withf("%s %s", field, msg)
	default:
		return ErrInvalidData.Withf("%s must be an absolute http or https URL; got %q", field, s)
	}
}

// summarise turns a value into a one-line label of at most 80 characters.
func summarise(s string) string {
	s = strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
	if utf8.RuneCountInString(s) > 80 {
		r := []rune(s)
		s = string(r[:79]) + "…"
	}
	return s
}

// containsNUL reports whether a string of the JSON value raw holds a NUL character,
// which Postgres cannot store (text and jsonb both refuse it).
func containsNUL(raw json.RawMessage) bool {
	// JSON carries NUL only escaped; most bodies are settled by this scan alone.
	if !bytes.Contains(raw, []byte(`\u0000`)) {
		return false
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	return nulIn(v)
}

func nulIn(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.IndexByte(v, 0) >= 0
	case []any:
		for _, e := range v {
			if nulIn(e) {
				return true
			}
		}
	case map[string]any:
		for k, e := range v {
			if strings.IndexByte(k, 0) >= 0 || nulIn(e) {
				return true
			}
		}
	}
	return false
}

func mustJSON(v any) json.RawMessage {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("qr: marshal %T: %v", v, err)) // plain strings and string structs always marshal
	}
	return raw
}

// flexString accepts a JSON string, a number (phone numbers are often sent as numbers) or
// null.
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	switch {
	case bytes.Equal(b, []byte("null")):
		*f = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexString(s)
	case len(b) > 0 && (b[0] == '-' || (b[0] >= '0' && b[0] <= '9')):
		*f = flexString(b)
	default:
		return errors.New("want a string")
	}
	return nil
}

// flexBool accepts true/false, "true"/"false", 1/0 and null.
type flexBool bool

func (f *flexBool) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "null" || s == "" {
		*f = false
		return nil
	}
	v, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want a boolean")
	}
	*f = flexBool(v)
	return nil
}
