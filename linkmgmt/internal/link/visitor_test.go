package link

import (
	"strings"
	"testing"
)

func TestLanguages(t *testing.T) {
	tests := []struct{ header, want string }{
		{"", ""},
		{"fr-CA,fr;q=0.9,en;q=0.5", "fr-CA fr en"},
		{"de;q=0.5, en-us;q=0.8, *;q=0.1", "en-US de"},
		{"pt_BR, es;q=0", "pt-BR"},
		{"en;q=0.7, fr;q=0.7", "en fr"}, // equal weights keep header order
		{"garbage!!, it", "it"},
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
