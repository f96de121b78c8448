package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestParametersAreAppendedToTheQueryAsWritten: a link's parameters follow the
// destination's own query, which reaches the visitor byte for byte (its order, its ";"
// separators, its valueless flags, its escapes), before any fragment. They used to be
// re-encoded: "?x=1;y=2&z=3" lost "x=1;y=2" and "?flag" became "flag=".
func TestParametersAreAppendedToTheQueryAsWritten(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	params := []map[string]string{{"name": "utm_source", "value": "news letter"}, {"name": "ref", "value": "a&b=c"}}
	const added = "utm_source=news+letter&ref=a%26b%3Dc"
	tests := []struct {
		name, url, want string
	}{
		{"semicolons and order", "https://e.org/p?x=1;y=2&z=3&a=0", "https://e.org/p?x=1;y=2&z=3&a=0&" + added},
		{"valueless flag", "https://e.org/p?flag", "https://e.org/p?flag&" + added},
		{"escapes kept", "https://e.org/p?q=%20a%2Bb&e=caf%C3%A9", "https://e.org/p?q=%20a%2Bb&e=caf%C3%A9&" + added},
		{"fragment stays last", "https://e.org/p?b=2&a=1#section-2", "https://e.org/p?b=2&a=1&" + added + "#section-2"},
		{"no query", "https://e.org/p", "https://e.org/p?" + added},
		{"empty query", "https://e.org/p?", "https://e.org/p?" + added},
		{"query ending with &", "https://e.org/p?a=1&", "https://e.org/p?a=1&" + added},
		{"fragment without query", "https://e.org/p#top", "https://e.org/p?" + added + "#top"},
		{"repeated names kept", "https://e.org/p?utm_source=site", "https://e.org/p?utm_source=site&" + added},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alias := fmt.Sprintf("p%d", i)
			env.createLink(key, map[string]any{"url": tt.url, "custom": alias, "parameters": params})
			res := env.visit(visit{path: "/" + alias})
			if res.Status != http.StatusFound || res.Header.Get("Location") != tt.want {
				t.Fatalf("%d Location %q, want 302 %q", res.Status, res.Header.Get("Location"), tt.want)
			}
		})
	}
	t.Run("targeting URLs too", func(t *testing.T) {
		env.createLink(key, map[string]any{"url": "https://e.org/", "custom": "targeted", "parameters": params,
			"devicetarget": []map[string]string{{"device": "iPhone", "link": "https://ios.e.org/app?flag;x=1"}}})
		res := env.visit(visit{path: "/targeted", header: map[string]string{"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"}})
		if want := "https://ios.e.org/app?flag;x=1&" + added; res.Header.Get("Location") != want {
			t.Fatalf("Location %q, want %q", res.Header.Get("Location"), want)
		}
	})
}

type targetsBody struct {
	Details struct {
		Location map[string]string `json:"location"`
		Device   map[string]string `json:"device"`
		Language map[string]string `json:"language"`
	} `json:"details"`
}

// TestDuplicateTargetsAreRefused: two targets of one family that name the same key once
// canonicalised ("iphone" and "iPhone", "Canada" and "CA", "en_us" and "en-US") are a
// 422 on add and update; they were stored, the redirect served the first and the API
// showed the last.
func TestDuplicateTargetsAreRefused(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	id, _ := env.createLink(key, map[string]any{"url": "https://e.org/", "custom": "dup",
		"geotarget": []map[string]string{{"location": "Canada", "link": "https://e.ca/"}}})
	target := func(family, field string, keys ...string) map[string]any {
		var list []map[string]string
		for i, k := range keys {
			list = append(list, map[string]string{field: k, "link": fmt.Sprintf("https://e.org/%d", i)})
		}
		return map[string]any{"url": "https://e.org/", family: list}
	}
	tests := []struct {
		name string
		body map[string]any
		msg  string
	}{
		{"device case", target("devicetarget", "device", "iphone", "iPhone"), "devicetarget[1].device: targets iPhone again, like devicetarget[0]; give each device once"},
		{"device alias", target("devicetarget", "device", "iOS", "Android", "iphone"), "devicetarget[2].device: targets iPhone again, like devicetarget[0]; give each device once"},
		{"country name and code", target("geotarget", "location", "Canada", "CA"), "geotarget[1].location: targets CA again, like geotarget[0]; give each location once"},
		{"country code case", target("geotarget", "location", "us", "US"), "geotarget[1].location: targets US again, like geotarget[0]; give each location once"},
		{"language spelling", target("languagetarget", "language", "en_us", "en-US"), "languagetarget[1].language: targets en-US again, like languagetarget[0]; give each language once"},
		{"language case", target("languagetarget", "language", "pt-BR", "PT-br"), "languagetarget[1].language: targets pt-BR again, like languagetarget[0]; give each language once"},
		{"deprecated language code", target("languagetarget", "language", "he", "iw"), "languagetarget[1].language: targets he again, like languagetarget[0]; give each language once"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPost, "/api/url/add", key, tt.body), http.StatusUnprocessableEntity, tt.msg)
			wantMessage(t, env.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", id), key, tt.body), http.StatusUnprocessableEntity, tt.msg)
		})
	}
	var got targetsBody
	env.do(http.MethodGet, fmt.Sprintf("/api/url/%d", id), key, nil).JSON(t, &got)
	if len(got.Details.Location) != 1 || got.Details.Location["Canada"] != "https://e.ca/" {
		t.Fatalf("a refused update changed the targets: %+v", got.Details)
	}
	// Distinct keys of one family are fine: a language and one of its regions.
	wantStatus(t, env.do(http.MethodPost, "/api/url/add", key, target("languagetarget", "language", "en", "en-US", "en-GB")), http.StatusOK)
}

// TestLanguageTargetsAreBCP47Tags: languages are validated as BCP 47 tags and stored
// canonical; malformed or unknown regions and languages are a 422.
func TestLanguageTargetsAreBCP47Tags(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	const msg = "languagetarget[0].language: must be a language code such as en, fr or pt-BR"
	for _, bad := range []string{"en-<>", "en-12", "en-ZZ", "en-AA", "xx", "zzz", "und", "e", "english", "en-", "-US", "en--US", "en-US-", "1en", strings.Repeat("a", 70), "en-US-u-" + strings.Repeat("ab-", 30) + "x"} {
		t.Run(bad, func(t *testing.T) {
			body := map[string]any{"url": "https://e.org/", "languagetarget": []map[string]string{{"language": bad, "link": "https://e.org/l"}}}
			wantMessage(t, env.do(http.MethodPost, "/api/url/add", key, body), http.StatusUnprocessableEntity, msg)
		})
	}
	canonical := map[string]string{"EN_us": "en-US", "pt-br": "pt-BR", "es-419": "es-419", "iw": "he", "zh-Hant-TW": "zh-TW", "FR": "fr", "de-CH-1996": "de-CH", "eng": "en"}
	var list []map[string]string
	for in := range canonical {
		list = append(list, map[string]string{"language": in, "link": "https://e.org/" + in})
	}
	id, _ := env.createLink(key, map[string]any{"url": "https://e.org/", "custom": "langs", "languagetarget": list})
	var got targetsBody
	env.do(http.MethodGet, fmt.Sprintf("/api/url/%d", id), key, nil).JSON(t, &got)
	for in, want := range canonical {
		if got.Details.Language[want] != "https://e.org/"+in {
			t.Errorf("%q: stored as %v, want the key %q", in, got.Details.Language, want)
		}
	}
	// Visitors' tags are read the same way: a browser sending the deprecated "iw"
	// reaches the "he" target.
	res := env.visit(visit{path: "/langs", header: map[string]string{"Accept-Language": "iw;q=0.9"}})
	if res.Header.Get("Location") != "https://e.org/iw" {
		t.Fatalf("Accept-Language iw: Location %q, want the he target", res.Header.Get("Location"))
	}
}
