package link

import (
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
	"unsafe"
)

func TestLanguages(t *testing.T) {
	tests := []struct{ header, want string }{
		{"", ""},
		{"fr-CA,fr;q=0.9,en;q=0.5", "fr-CA fr en"},
		{"de;q=0.5, en-us;q=0.8, *;q=0.1", "en-US de"},
		{"pt_BR, es;q=0", "pt-BR"},
		{"en;q=0.7, fr;q=0.7", "en fr"}, // equal weights keep header order
		{"garbage!!, it", "it"},
		// Past the byte cap, the tag cut in half is dropped ("de-CH" would become "de-C").
		{strings.Repeat("en;q=0.1,", 28) + "de-CH", "en en en en en en en en en en en en en en en en"},
		{strings.Repeat("x", 300) + ",fr", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(Languages(tt.header), " "); got != tt.want {
			t.Errorf("Languages(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

func TestDeviceOf(t *testing.T) {
	tests := map[string]string{
		"Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X)":                     "iPad",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)":            "iPhone",
		"Mozilla/5.0 (Linux; Android 14; Pixel 8)":                          "Android",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64)":                         "Windows",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)":                   "Mac",
		"Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/": "Linux",
		"curl/8.5.0": "",
		"":           "",
	}
	for ua, want := range tests {
		if got := DeviceOf(ua); got != want {
			t.Errorf("DeviceOf(%q) = %q, want %q", ua, got, want)
		}
	}
}

func TestValidAlias(t *testing.T) {
	for alias, ok := range map[string]bool{
		"spring-sale_2": true, "a": true, strings.Repeat("x", 64): true,
		"": false, strings.Repeat("x", 65): false, "a.b": false, "a/b": false, "héllo": false,
		"api": false, "Healthz": false, "QR": false,
	} {
		if got := ValidAlias(alias) == ""; got != ok {
			t.Errorf("ValidAlias(%q) ok = %v, want %v (%s)", alias, got, ok, ValidAlias(alias))
		}
	}
	for i := 0; i < 200; i++ {
		if a := randomAlias(6); len(a) != 6 || ValidAlias(a) != "" {
			t.Fatalf("random alias %q is not valid", a)
		}
	}
}

func TestReservedWordsFitTheFastPath(t *testing.T) {
	for w := range reserved {
		if len(w) > maxReservedLen || !IsReserved(strings.ToUpper(w)) {
			t.Errorf("reserved word %q escapes IsReserved", w)
		}
	}
}

// TestLanguagesCostIsBounded: an 800 KB Accept-Language of 100,000 tags used to be
// insertion-sorted whole (seconds of CPU per request); only the capped prefix is read now.
func TestLanguagesCostIsBounded(t *testing.T) {
	huge := strings.Repeat("en-US;q=0.1,fr;q=0.9,", 40_000) // 800 KB
	start := time.Now()
	for i := 0; i < 100; i++ {
		if got := Languages(huge); len(got) > MaxLanguageTags || len(got) == 0 {
			t.Fatalf("%d tags", len(got))
		}
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Fatalf("100 parses of an 800 KB header took %v", d)
	}
}

func TestVisitorOfTruncatesEveryHeader(t *testing.T) {
	big := strings.Repeat("é", 1<<19) // 1 MB of two-byte runes
	h := http.Header{}
	h.Set("User-Agent", "Mozilla/5.0 "+big)
	h.Set("Referer", "https://example.org/"+big)
	h.Set("Accept-Language", "pt-BR,"+big)
	v := VisitorOf(h)
	for name, tt := range map[string]struct {
		got string
		max int
	}{"User-Agent": {v.UserAgent, MaxUserAgentBytes}, "Referer": {v.Referer, MaxRefererBytes}} {
		if len(tt.got) > tt.max || len(tt.got) < tt.max-utf8.UTFMax || !utf8.ValidString(tt.got) {
			t.Errorf("%s: %d bytes (valid UTF-8 %v), want at most %d", name, len(tt.got), utf8.ValidString(tt.got), tt.max)
		}
		// A copy, not a window on the megabyte header.
		if p := unsafe.StringData(tt.got); p == unsafe.StringData(h.Get(name)) {
			t.Errorf("%s shares the header's memory", name)
		}
	}
	if strings.Join(v.Languages, " ") != "pt-BR" || v.PrimaryLanguage() != "pt" {
		t.Errorf("languages %q, primary %q", v.Languages, v.PrimaryLanguage())
	}
	short := http.Header{"User-Agent": {"curl/8"}}
	if got := VisitorOf(short).UserAgent; got != "curl/8" {
		t.Errorf("short user agent = %q", got)
	}
}

func TestMaybeAlias(t *testing.T) {
	for s, want := range map[string]bool{
		"abc": true, "A-b_9": true, strings.Repeat("x", 64): true,
		"": false, strings.Repeat("x", 65): false, "\x00": false, "a\x00": false, "\xff": false,
		"héllo": false, "a.b": false, "%00": false,
	} {
		if got := MaybeAlias(s); got != want {
			t.Errorf("MaybeAlias(%q) = %v, want %v", s, got, want)
		}
	}
}
