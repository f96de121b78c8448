package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// malformedCase is one hostile request body (or path) for a write route.
type malformedCase struct {
	name string
	path string // default: the route under test
	body any    // a string is sent as is
}

// checkMalformed sends every case to method path and requires a 4xx with the error
// envelope: client input never produces a 500.
func checkMalformed(t *testing.T, env *testEnv, key, method, path string, cases []malformedCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			p := path
			if tt.path != "" {
				p = tt.path
			}
			res := env.do(method, p, key, tt.body)
			if res.Status < 400 || res.Status >= 500 {
				t.Fatalf("status = %d, want 4xx; body %.300s", res.Status, res.Body)
			}
			var body struct {
				Error   *int    `json:"error"`
				Message *string `json:"message"`
			}
			res.JSON(t, &body)
			if body.Error == nil || *body.Error != 1 || body.Message == nil || *body.Message == "" {
				t.Fatalf("body = %.300s, want {\"error\":1,\"message\":...}", res.Body)
			}
			if strings.Contains(*body.Message, "SQLSTATE") || strings.Contains(*body.Message, "Internal") {
				t.Fatalf("message leaks internals: %s", *body.Message)
			}
		})
	}
}

// linkMalformed are bodies both /api/url/add and /api/url/:id/update must refuse.
func linkMalformed() []malformedCase {
	long := strings.Repeat("a", 1<<20)
	return []malformedCase{
		{"array body", "", `[1,2,3]`},
		{"string body", "", `"https://e.org"`},
		{"number body", "", `42`},
		{"truncated", "", `{"url": "https://e.org"`},
		{"trailing data after the object", "", `{"url": "https://e.org/x"} {"url": "https://e.org/y"}`},
		{"url number", "", `{"url": 12}`},
		{"url object", "", `{"url": {"href": "https://e.org"}}`},
		{"url array", "", `{"url": ["https://e.org"]}`},
		{"url with NUL", "", map[string]any{"url": "https://e.org/\u0000x"}},
		{"url very long", "", map[string]any{"url": "https://e.org/" + long}},
		{"url with spaces", "", map[string]any{"url": "https://e.org/a b"}},
		{"url with newline", "", map[string]any{"url": "https://e.org/a\r\nLocation: https://evil.example"}},
		{"url vbscript", "", map[string]any{"url": "vbscript:msgbox(1)"}},
		{"url scheme-relative", "", map[string]any{"url": "//evil.example/x"}},
		{"url file", "", map[string]any{"url": "file:///etc/passwd"}},
		{"url with credentials", "", map[string]any{"url": "https://user:pw@e.org/"}},
		{"custom with NUL", "", map[string]any{"url": "https://e.org", "custom": "ab\u0000c"}},
		{"custom number", "", `{"url": "https://e.org", "custom": 5}`},
		{"custom with slash", "", map[string]any{"url": "https://e.org", "custom": "a/b"}},
		{"custom unicode", "", map[string]any{"url": "https://e.org", "custom": "café"}},
		{"type object", "", `{"url": "https://e.org", "type": {"a": 1}}`},
		{"type float", "", `{"url": "https://e.org", "type": 1.5}`},
		{"type huge number", "", `{"url": "https://e.org", "type": 99999999999999999999999}`},
		{"type huge splash id", "", map[string]any{"url": "https://e.org", "type": "splash-99999999999999999999999"}},
		{"type negative", "", `{"url": "https://e.org", "type": -3}`},
		{"password number", "", `{"url": "https://e.org", "password": 1234}`},
		{"password too long", "", map[string]any{"url": "https://e.org", "password": strings.Repeat("p", 73)}},
		{"domain number", "", `{"url": "https://e.org", "domain": 7}`},
		{"domain with NUL", "", map[string]any{"url": "https://e.org", "domain": "go.example\u0000.com"}},
		{"domain unknown", "", map[string]any{"url": "https://e.org", "domain": "https://nobody.example"}},
		{"expiry Feb 30", "", map[string]any{"url": "https://e.org", "expiry": "2030-02-30 10:00:00"}},
		{"expiry hour 25", "", map[string]any{"url": "https://e.org", "expiry": "2030-01-01 25:00:00"}},
		{"expiry ISO", "", map[string]any{"url": "https://e.org", "expiry": "2030-01-01T10:00:00Z"}},
		{"expiry year 99999", "", map[string]any{"url": "https://e.org", "expiry": "99999-01-01 10:00:00"}},
		{"expiry number", "", `{"url": "https://e.org", "expiry": 1893456000}`},
		{"expiry with NUL", "", map[string]any{"url": "https://e.org", "expiry": "2030-01-01 10:00:00\u0000"}},
		{"geotarget object", "", `{"url": "https://e.org", "geotarget": {"location": "FR", "link": "https://e.org/fr"}}`},
		{"geotarget strings", "", `{"url": "https://e.org", "geotarget": ["FR"]}`},
		{"geotarget nested junk", "", `{"url": "https://e.org", "geotarget": [{"location": ["FR"], "link": {"x": [1, [2, [3]]]}}]}`},
		{"geotarget too many", "", map[string]any{"url": "https://e.org", "geotarget": repeatTargets(51, "location", "FR")}},
		{"geotarget NUL location", "", map[string]any{"url": "https://e.org", "geotarget": []map[string]string{{"location": "F\u0000R", "link": "https://e.org/fr"}}}},
		{"devicetarget number", "", `{"url": "https://e.org", "devicetarget": 3}`},
		{"devicetarget null link", "", `{"url": "https://e.org", "devicetarget": [{"device": "iPhone", "link": null}]}`},
		{"languagetarget bad", "", map[string]any{"url": "https://e.org", "languagetarget": []map[string]string{{"language": "-", "link": "https://e.org/x"}}}},
		{"languagetarget empty", "", map[string]any{"url": "https://e.org", "languagetarget": []map[string]string{{"language": "", "link": "https://e.org/x"}}}},
		{"metatitle number", "", `{"url": "https://e.org", "metatitle": 1}`},
		{"metatitle very long", "", map[string]any{"url": "https://e.org", "metatitle": long}},
		{"metatitle with NUL", "", map[string]any{"url": "https://e.org", "metatitle": "a\u0000b"}},
		{"metadescription with NUL", "", map[string]any{"url": "https://e.org", "metadescription": "a\u0000b"}},
		{"description with NUL", "", map[string]any{"url": "https://e.org", "description": "a\u0000b"}},
		{"description very long", "", map[string]any{"url": "https://e.org", "description": long}},
		{"metaimage javascript", "", map[string]any{"url": "https://e.org", "metaimage": "javascript:alert(1)//.png"}},
		{"metaimage data", "", map[string]any{"url": "https://e.org", "metaimage": "data:image/png;base64,AAAA"}},
		{"metaimage with quote", "", map[string]any{"url": "https://e.org", "metaimage": `https://e.org/"onerror="x.png`}},
		{"pixels strings", "", `{"url": "https://e.org", "pixels": ["a"]}`},
		{"pixels huge", "", `{"url": "https://e.org", "pixels": [1e30]}`},
		{"pixels float", "", `{"url": "https://e.org", "pixels": [1.5]}`},
		{"pixels unknown", "", map[string]any{"url": "https://e.org", "pixels": []int64{9223372036854775807}}},
		{"pixels negative", "", map[string]any{"url": "https://e.org", "pixels": []int64{-1}}},
		{"channel string", "", `{"url": "https://e.org", "channel": "1"}`},
		{"channel huge", "", `{"url": "https://e.org", "channel": 99999999999999999999}`},
		{"channel negative", "", map[string]any{"url": "https://e.org", "channel": -5}},
		{"campaign float", "", `{"url": "https://e.org", "campaign": 2.5}`},
		{"campaign max int64", "", map[string]any{"url": "https://e.org", "campaign": int64(9223372036854775807)}},
		{"deeplink string", "", `{"url": "https://e.org", "deeplink": "https://apps.apple.com"}`},
		{"deeplink auto string", "", `{"url": "https://e.org", "deeplink": {"auto": "yes"}}`},
		{"deeplink data", "", map[string]any{"url": "https://e.org", "deeplink": map[string]any{"google": "data:text/html,x"}}},
		{"status number", "", `{"url": "https://e.org", "status": 1}`},
		{"status with NUL", "", map[string]any{"url": "https://e.org", "status": "public\u0000"}},
		{"parameters object", "", `{"url": "https://e.org", "parameters": {"name": "a", "value": "b"}}`},
		{"parameters too many", "", map[string]any{"url": "https://e.org", "parameters": repeatParams(31)}},
		{"parameter name NUL", "", map[string]any{"url": "https://e.org", "parameters": []map[string]string{{"name": "a\u0000", "value": "b"}}}},
		{"parameter value NUL", "", map[string]any{"url": "https://e.org", "parameters": []map[string]string{{"name": "a", "value": "b\u0000"}}}},
		{"parameter value number", "", `{"url": "https://e.org", "parameters": [{"name": "a", "value": 1}]}`},
		{"deeply nested", "", map[string]any{"url": "https://e.org", "geotarget": []any{nest(200)}}},
	}
}

func nest(depth int) any {
	var v any = "x"
	for range depth {
		v = []any{v}
	}
	return v
}

func repeatTargets(n int, field, value string) []map[string]string {
	out := make([]map[string]string, n)
	for i := range out {
		out[i] = map[string]string{field: value, "link": "https://e.org/t"}
	}
	return out
}

func repeatParams(n int) []map[string]string {
	out := make([]map[string]string, n)
	for i := range out {
		out[i] = map[string]string{"name": fmt.Sprintf("p%d", i), "value": "v"}
	}
	return out
}

func TestLinkRoutesRefuseMalformedInput(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	id, _ := env.createLink(key, map[string]any{"url": "https://e.org/kept", "custom": "kept"})
	update := fmt.Sprintf("/api/url/%d/update", id)

	t.Run("add", func(t *testing.T) {
		checkMalformed(t, env, key, http.MethodPost, "/api/url/add", append(linkMalformed(),
			malformedCase{"empty object", "", `{}`},
			malformedCase{"url null", "", `{"url": null}`},
			malformedCase{"url blank", "", map[string]any{"url": "   "}},
		))
	})
	t.Run("update", func(t *testing.T) {
		checkMalformed(t, env, key, http.MethodPut, update, append(linkMalformed(),
			malformedCase{"url null", "", `{"url": null}`},
			malformedCase{"id not a number", "/api/url/abc/update", map[string]any{"url": "https://e.org"}},
			malformedCase{"id zero", "/api/url/0/update", map[string]any{"url": "https://e.org"}},
			malformedCase{"id negative", "/api/url/-1/update", map[string]any{"url": "https://e.org"}},
			malformedCase{"id huge", "/api/url/99999999999999999999/update", map[string]any{"url": "https://e.org"}},
			malformedCase{"id max int64", "/api/url/9223372036854775807/update", map[string]any{"url": "https://e.org"}},
			malformedCase{"id float", "/api/url/1.5/update", map[string]any{"url": "https://e.org"}},
		))
	})
	// Nothing of the refused updates reached the link.
	res := env.do(http.MethodGet, fmt.Sprintf("/api/url/%d", id), key, nil)
	var got struct {
		Details struct {
			LongURL string `json:"longurl"`
			Alias   string `json:"alias"`
		} `json:"details"`
	}
	res.JSON(t, &got)
	if got.Details.LongURL != "https://e.org/kept" || got.Details.Alias != "kept" {
		t.Fatalf("a refused update changed the link: %s", res.Body)
	}
}

// TestListPageNumberIsBounded: a page number whose OFFSET overflows int64 was a 500.
func TestListPageNumberIsBounded(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	for _, path := range []string{"/api/urls", "/api/qr"} {
		for _, page := range []string{"614891469123651722", "9223372036854775807", "10000001"} {
			res := env.do(http.MethodGet, path+"?page="+page, key, nil)
			var body struct {
				Error   int    `json:"error"`
				Message string `json:"message"`
			}
			res.JSON(t, &body)
			if res.Status != http.StatusUnprocessableEntity || body.Error != 1 || body.Message != "page: must be at most 10000000" {
				t.Errorf("%s?page=%s: %d %s, want 422 naming the bound", path, page, res.Status, res.Body)
			}
		}
		if res := env.do(http.MethodGet, path+"?page=10000000", key, nil); res.Status != http.StatusOK {
			t.Errorf("%s?page=10000000: %d %s, want an empty page", path, res.Status, res.Body)
		}
	}
}
