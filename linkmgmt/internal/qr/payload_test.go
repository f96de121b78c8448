package qr

import (
	"encoding/json"
	"errors"
	"image/color"
	"strings"
	"testing"
)

func TestParseContentPayloads(t *testing.T) {
	tests := []struct {
		name        string
		typ         Type
		data        string
		wantPayload string
		wantData    string // normalised stored form; "" = don't check
		wantSummary string
	}{
		{"text as is", TypeText, `"Hello\nworld"`, "Hello\nworld", `"Hello\nworld"`, "Hello world"},
		{"link trimmed", TypeLink, `"  https://example.com/a?b=c  "`, "https://example.com/a?b=c", `"https://example.com/a?b=c"`, "https://example.com/a?b=c"},
		{"phone separators dropped", TypePhone, `"+1 (555) 010-99.99"`, "tel:+15550109999", `"+15550109999"`, "+15550109999"},
		{"phone as a number", TypePhone, `5550100`, "tel:5550100", `"5550100"`, "5550100"},
		{"email with subject and body", TypeEmail, `{"email":"a@example.com","subject":"Hi there & more","body":"line 1\nline 2 100%"}`,
			"mailto:a@example.com?subject=Hi%20there%20%26%20more&body=line%201%0D%0Aline%202%20100%25", "", "a@example.com"},
		{"email address only", TypeEmail, `"a@example.com"`, "mailto:a@example.com", `{"email":"a@example.com"}`, "a@example.com"},
		{"email keys any case", TypeEmail, `{"Email":"a@example.com","SUBJECT":"x"}`, "mailto:a@example.com?subject=x", "", ""},
		{"sms", TypeSMS, `{"phone":"+44 20 7946 0000","message":"Hi: reply STOP"}`, "SMSTO:+442079460000:Hi: reply STOP", `{"phone":"+442079460000","message":"Hi: reply STOP"}`, "+442079460000"},
		{"sms number only", TypeSMS, `"5550100"`, "SMSTO:5550100:", "", ""},
		{"wifi escaped", TypeWiFi, `{"ssid":"My;Net,\"5G\":x","password":"a\\b;c,d:e\"f","encryption":"wpa"}`,
			`WIFI:T:WPA;S:My\;Net\,\"5G\"\:x;P:a\\b\;c\,d\:e\"f;;`, "", `My;Net,"5G":x`},
		{"wifi hidden", TypeWiFi, `{"ssid":"Home","password":"12345678","encryption":"WPA","hidden":true}`, "WIFI:T:WPA;S:Home;P:12345678;H:true;;", "", ""},
		{"wifi hidden as string", TypeWiFi, `{"ssid":"Home","password":"12345678","hidden":"true"}`, "WIFI:T:WPA;S:Home;P:12345678;H:true;;", "", ""},
		{"wifi open network", TypeWiFi, `{"ssid":"Cafe"}`, "WIFI:T:nopass;S:Cafe;;", `{"ssid":"Cafe","encryption":"nopass"}`, ""},
		{"wifi wep", TypeWiFi, `{"ssid":"Old","password":"abcde","encryption":"WEP"}`, "WIFI:T:WEP;S:Old;P:abcde;;", "", ""},
		{"vcard full", TypeVCard, `{"name":"Ana Maria Souza","phone":"+55 11 99999-0000","email":"ana@example.com","company":"Souza, Filhos; Cia","title":"CEO","url":"https://souza.example","address":"Rua A, 10","note":"a\\b\nc"}`,
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:Souza;Ana Maria;;;\r\nFN:Ana Maria Souza\r\nORG:Souza\\, Filhos\\; Cia\r\nTITLE:CEO\r\nTEL:+55 11 99999-0000\r\nEMAIL:ana@example.com\r\nURL:https://souza.example\r\nADR:;;Rua A\\, 10;;;;\r\nNOTE:a\\\\b\\nc\r\nEND:VCARD",
			"", "Ana Maria Souza"},
		{"vcard first and last name", TypeVCard, `{"firstname":"Ana","lastname":"de Souza"}`,
			"BEGIN:VCARD\r\nVERSION:3.0\r\nN:de Souza;Ana;;;\r\nFN:Ana de Souza\r\nEND:VCARD", "", "Ana de Souza"},
		{"vcard single name", TypeVCard, `{"name":"Cher"}`, "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Cher;;;;\r\nFN:Cher\r\nEND:VCARD", "", "Cher"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseContent(tt.typ, json.RawMessage(tt.data))
			if err != nil {
				t.Fatalf("ParseContent: %v", err)
			}
			if c.Payload != tt.wantPayload {
				t.Errorf("payload\n got %q\nwant %q", c.Payload, tt.wantPayload)
			}
			if tt.wantData != "" && string(c.Data) != tt.wantData {
				t.Errorf("data = %s, want %s", c.Data, tt.wantData)
			}
			if tt.wantSummary != "" && c.Summary != tt.wantSummary {
				t.Errorf("summary = %q, want %q", c.Summary, tt.wantSummary)
			}
			// The stored form parses back to the same payload (images are rendered from it).
			again, err := ParseContent(tt.typ, c.Data)
			if err != nil || again.Payload != c.Payload {
				t.Errorf("stored data %s re-parses to %q, %v", c.Data, again.Payload, err)
			}
		})
	}
}

func TestParseContentRejects(t *testing.T) {
	tests := []struct {
		name    string
		typ     Type
		data    string
		wantMsg string
	}{
		{"no data", TypeText, ``, "data is required"},
		{"null data", TypeText, `null`, "data is required"},
		{"empty text", TypeText, `"  "`, "data must not be empty"},
		{"text not a string", TypeText, `{"a":1}`, "data for type text must be a string"},
		{"link not http", TypeLink, `"ftp://example.com/x"`, "must be an absolute http or https URL"},
		{"link relative", TypeLink, `"/just/a/path"`, "must be an absolute http or https URL"},
		{"link with spaces", TypeLink, `"https://exa mple.com"`, "must be an absolute http or https URL"},
		{"link too long", TypeLink, `"https://example.com/` + strings.Repeat("a", 2048) + `"`, "at most 2048 characters"},
		{"phone letters", TypePhone, `"call me"`, "data must be a phone number"},
		{"phone too short", TypePhone, `"12"`, "data must be a phone number"},
		{"phone object", TypePhone, `{"phone":"123"}`, "data for type phone must be the phone number as a string"},
		{"vcard string", TypeVCard, `"Ana"`, "data for type vcard must be an object"},
		{"vcard array", TypeVCard, `["Ana"]`, "data for type vcard must be an object"},
		{"vcard no name", TypeVCard, `{"phone":"123"}`, "data.name is required"},
		{"vcard bad email", TypeVCard, `{"name":"Ana","email":"not-an-email"}`, "data.email must be an email address"},
		{"vcard name wrong type", TypeVCard, `{"name":{"first":"Ana"}}`, "data.name must be a string"},
		{"email missing address", TypeEmail, `{"subject":"x"}`, "data.email is required"},
		{"email display name", TypeEmail, `{"email":"Ana <a@example.com>"}`, "data.email must be an email address"},
		{"sms no phone", TypeSMS, `{"message":"hi"}`, "data.phone is required"},
		{"sms bad phone", TypeSMS, `{"phone":"abc"}`, "data.phone must be a phone number"},
		{"wifi string", TypeWiFi, `"MyNet"`, "data for type wifi must be an object"},
		{"wifi no ssid", TypeWiFi, `{"password":"12345678"}`, "data.ssid is required"},
		{"wifi ssid too long", TypeWiFi, `{"ssid":"` + strings.Repeat("s", 33) + `"}`, "at most 32 bytes"},
		{"wifi unknown encryption", TypeWiFi, `{"ssid":"x","password":"12345678","encryption":"WPA9"}`, "data.encryption must be WPA, WEP or nopass"},
		{"wifi short WPA password", TypeWiFi, `{"ssid":"x","password":"short","encryption":"WPA"}`, "8 to 63 characters"},
		{"wifi nopass with password", TypeWiFi, `{"ssid":"x","password":"12345678","encryption":"nopass"}`, "must be empty when encryption is nopass"},
		{"wifi WEP without password", TypeWiFi, `{"ssid":"x","encryption":"WEP"}`, "data.password is required for WEP"},
		{"wifi hidden not a bool", TypeWiFi, `{"ssid":"x","hidden":"maybe"}`, "data.hidden must be a boolean"},
		// Postgres cannot store NUL: refused for every type, wherever it hides.
		{"text with NUL", TypeText, `"a\u0000b"`, "must not contain NUL"},
		{"vcard note with NUL", TypeVCard, `{"name":"Ann","note":"x\u0000"}`, "must not contain NUL"},
		{"email subject with NUL", TypeEmail, `{"email":"a@example.org","subject":"\u0000"}`, "must not contain NUL"},
		{"sms message with NUL", TypeSMS, `{"phone":"+331234","message":"hi\u0000"}`, "must not contain NUL"},
		{"wifi ssid with NUL", TypeWiFi, `{"ssid":"N\u0000et","encryption":"nopass"}`, "must not contain NUL"},
		{"NUL in an ignored key", TypeVCard, `{"name":"Ann","x\u0000":1}`, "must not contain NUL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseContent(tt.typ, json.RawMessage(tt.data))
			if !errors.Is(err, ErrInvalidData) || !strings.Contains(err.Error(), tt.wantMsg) {
				t.Fatalf("err = %v, want ErrInvalidData containing %q", err, tt.wantMsg)
			}
		})
	}
}

func TestContainsNUL(t *testing.T) {
	for raw, want := range map[string]bool{
		`"plain"`:                     false,
		`"escaped backslash \\u0000"`: false,
		`"\u0000"`:                    true,
		`[1, ["a", {"b": "\u0000"}]]`: true,
		`{"\u0000": null}`:            true,
	} {
		if got := containsNUL(json.RawMessage(raw)); got != want {
			t.Errorf("containsNUL(%s) = %v, want %v", raw, got, want)
		}
	}
}

func TestParseType(t *testing.T) {
	for _, typ := range Types {
		if got, err := ParseType(strings.ToUpper(string(typ))); err != nil || got != typ {
			t.Errorf("ParseType(%q) = %q, %v", typ, got, err)
		}
	}
	if _, err := ParseType(""); err == nil || !strings.Contains(err.Error(), "type is required") {
		t.Errorf("empty type: %v", err)
	}
	if _, err := ParseType("barcode"); err == nil || !strings.Contains(err.Error(), "type must be one of") {
		t.Errorf("unknown type: %v", err)
	}
}

func TestParseColour(t *testing.T) {
	tests := []struct {
		raw     string
		want    color.RGBA
		wantErr string
	}{
		{"rgb(0,0,0)", color.RGBA{0, 0, 0, 255}, ""},
		{" rgb( 12 , 200,255 ) ", color.RGBA{12, 200, 255, 255}, ""},
		{"rgb(256,0,0)", color.RGBA{}, "between 0 and 255"},
		{"#000000", color.RGBA{}, "rgb(r,g,b)"},
		{"rgb(1,2)", color.RGBA{}, "rgb(r,g,b)"},
		{"rgba(1,2,3,4)", color.RGBA{}, "rgb(r,g,b)"},
		{"rgb(-1,2,3)", color.RGBA{}, "rgb(r,g,b)"},
	}
	for _, tt := range tests {
		got, err := parseColour("foreground", tt.raw)
		if tt.wantErr != "" {
			if !errors.Is(err, ErrInvalidColour) || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), "foreground") {
				t.Errorf("parseColour(%q) err = %v, want %q naming the field", tt.raw, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("parseColour(%q) = %v, %v; want %v", tt.raw, got, err, tt.want)
		}
	}
}

func TestParseDesign(t *testing.T) {
	d, err := parseDesign("", "")
	if err != nil || d.background != DefaultBackground || d.foreground != DefaultForeground {
		t.Fatalf("defaults = %+v, %v", d, err)
	}
	if d, err := parseDesign("rgb( 250,240,200)", "rgb(20,40,120)"); err != nil || d.background != "rgb(250,240,200)" {
		t.Fatalf("canonical form = %+v, %v", d, err)
	}
	if _, err := parseDesign("rgb(255,255,255)", "rgb(230,230,230)"); err == nil || !strings.Contains(err.Error(), "too similar") {
		t.Fatalf("low contrast accepted: %v", err)
	}
	if _, err := parseDesign("rgb(0,0,0)", "rgb(255,255,255)"); err == nil || !strings.Contains(err.Error(), "darker than background") {
		t.Fatalf("inverted code accepted: %v", err)
	}
}
