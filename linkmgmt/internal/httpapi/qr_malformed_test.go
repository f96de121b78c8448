package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// qrMalformed are bodies both /api/qr/add and /api/qr/:id/update must refuse.
func qrMalformed() []malformedCase {
	long := strings.Repeat("a", 1<<20)
	return []malformedCase{
		{"array body", "", `[{"type": "text", "data": "x"}]`},
		{"string body", "", `"text"`},
		{"truncated", "", `{"type": "text", "data": "x"`},
		{"type number", "", `{"type": 3, "data": "x"}`},
		{"type object", "", `{"type": {"text": true}, "data": "x"}`},
		{"type with NUL", "", map[string]any{"type": "text\u0000", "data": "x"}},
		{"data null", "", `{"type": "text", "data": null}`},
		{"text data number", "", `{"type": "text", "data": 12}`},
		{"text data object", "", `{"type": "text", "data": {"a": [1, {"b": null}]}}`},
		{"text data with NUL", "", map[string]any{"type": "text", "data": "a\u0000b"}},
		{"text data very long", "", map[string]any{"type": "text", "data": long}},
		{"text data blank", "", map[string]any{"type": "text", "data": "   "}},
		{"link data javascript", "", map[string]any{"type": "link", "data": "javascript:alert(1)"}},
		{"link data with NUL", "", map[string]any{"type": "link", "data": "https://e.org/\u0000"}},
		{"link data array", "", `{"type": "link", "data": ["https://e.org"]}`},
		{"phone data letters", "", map[string]any{"type": "phone", "data": "call me"}},
		{"phone data huge number", "", `{"type": "phone", "data": 1e400}`},
		{"phone data bool", "", `{"type": "phone", "data": true}`},
		{"vcard data string", "", map[string]any{"type": "vcard", "data": "John"}},
		{"vcard name object", "", `{"type": "vcard", "data": {"name": {"first": "J"}}}`},
		{"vcard name with NUL", "", map[string]any{"type": "vcard", "data": map[string]any{"name": "J\u0000ohn"}}},
		{"vcard note with NUL", "", map[string]any{"type": "vcard", "data": map[string]any{"name": "John", "note": "a\u0000b"}}},
		{"vcard nested junk", "", `{"type": "vcard", "data": {"name": [[[["x"]]]]}}`},
		{"vcard without name", "", map[string]any{"type": "vcard", "data": map[string]any{"phone": "+33 1 23 45 67 89"}}},
		{"email data number", "", `{"type": "email", "data": 5}`},
		{"email subject with NUL", "", map[string]any{"type": "email", "data": map[string]any{"email": "a@e.org", "subject": "x\u0000"}}},
		{"email bad address", "", map[string]any{"type": "email", "data": map[string]any{"email": "<a@e.org>"}}},
		{"sms message with NUL", "", map[string]any{"type": "sms", "data": map[string]any{"phone": "+331234", "message": "hi\u0000"}}},
		{"sms phone array", "", `{"type": "sms", "data": {"phone": [1]}}`},
		{"wifi hidden string", "", `{"type": "wifi", "data": {"ssid": "Net", "encryption": "nopass", "hidden": "maybe"}}`},
		{"wifi ssid with NUL", "", map[string]any{"type": "wifi", "data": map[string]any{"ssid": "N\u0000et", "encryption": "nopass"}}},
		{"wifi password with NUL", "", map[string]any{"type": "wifi", "data": map[string]any{"ssid": "Net", "password": "12345678\u0000"}}},
		{"wifi ssid too long", "", map[string]any{"type": "wifi", "data": map[string]any{"ssid": strings.Repeat("s", 33), "encryption": "nopass"}}},
		{"background number", "", `{"type": "text", "data": "x", "background": 255}`},
		{"background huge channel", "", map[string]any{"type": "text", "data": "x", "background": "rgb(99999999999999999999,0,0)"}},
		{"background with NUL", "", map[string]any{"type": "text", "data": "x", "background": "rgb(255,255,255)\u0000"}},
		{"foreground very long", "", map[string]any{"type": "text", "data": "x", "foreground": long}},
		{"logo number", "", `{"type": "text", "data": "x", "logo": 1}`},
		{"logo with NUL", "", map[string]any{"type": "text", "data": "x", "logo": "logo\u0000.png"}},
		{"logo file scheme", "", map[string]any{"type": "text", "data": "x", "logo": "file:///etc/passwd"}},
		{"logo data URL", "", map[string]any{"type": "text", "data": "x", "logo": "data:image/png;base64,AAAA"}},
		{"logo private address", "", map[string]any{"type": "text", "data": "x", "logo": "http://10.0.0.1/logo.png"}},
		{"logo IPv6 loopback", "", map[string]any{"type": "text", "data": "x", "logo": "http://[::1]/logo.png"}},
		{"logo IPv4-mapped loopback", "", map[string]any{"type": "text", "data": "x", "logo": "http://[::ffff:127.0.0.1]/logo.png"}},
		{"logo absolute path outside", "", map[string]any{"type": "text", "data": "x", "logo": "/etc/passwd"}},
		{"name number", "", `{"type": "text", "data": "x", "name": 1}`},
		{"name with NUL", "", map[string]any{"type": "text", "data": "x", "name": "a\u0000b"}},
		{"name very long", "", map[string]any{"type": "text", "data": "x", "name": long}},
	}
}

func TestQRRoutesRefuseMalformedInput(t *testing.T) {
	env := newQREnv(t)
	_, key := env.newAccount("free")
	existing := env.addQR(key, map[string]any{"type": "text", "data": "kept"})
	update := fmt.Sprintf("/api/qr/%d/update", existing.ID)

	t.Run("add", func(t *testing.T) {
		checkMalformed(t, env, key, http.MethodPost, "/api/qr/add", append(qrMalformed(),
			malformedCase{"empty object", "", `{}`},
			malformedCase{"type missing", "", `{"data": "x"}`},
		))
	})
	t.Run("update", func(t *testing.T) {
		checkMalformed(t, env, key, http.MethodPut, update, append(qrMalformed(),
			malformedCase{"data missing", "", `{"type": "text"}`},
			malformedCase{"type null", "", `{"type": null, "data": 5}`},
			malformedCase{"id not a number", "/api/qr/abc/update", map[string]any{"type": "text", "data": "x"}},
			malformedCase{"id zero", "/api/qr/0/update", map[string]any{"type": "text", "data": "x"}},
			malformedCase{"id negative", "/api/qr/-4/update", map[string]any{"type": "text", "data": "x"}},
			malformedCase{"id huge", "/api/qr/99999999999999999999/update", map[string]any{"type": "text", "data": "x"}},
			malformedCase{"id max int64", "/api/qr/9223372036854775807/update", map[string]any{"type": "text", "data": "x"}},
		))
	})
	if got := env.scan(existing.ID, "png"); got != "kept" {
		t.Fatalf("a refused update changed the code: %q", got)
	}
	var count int64
	env.DB.Raw(`SELECT count(*) FROM qr_codes`).Scan(&count)
	if count != 1 {
		t.Fatalf("%d codes stored, want only the first one", count)
	}
}
