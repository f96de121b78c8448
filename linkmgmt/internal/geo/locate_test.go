package geo

import (
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

func TestClientIP(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32")}
	loc, err := NewLocator(trusted, "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, remote, xff, want string
	}{
		{"no proxy", "203.0.113.7:5555", "", "203.0.113.7"},
		{"untrusted peer's header is ignored", "203.0.113.7:5555", "1.2.3.4", "203.0.113.7"},
		{"trusted peer", "10.1.2.3:80", "1.2.3.4", "1.2.3.4"},
		{"chain: right-most untrusted hop", "127.0.0.1:80", "6.6.6.6, 1.2.3.4, 10.0.0.9", "1.2.3.4"},
		{"malformed hop stops the walk", "10.1.2.3:80", "1.2.3.4, garbage", "10.1.2.3"},
		{"only proxies", "10.1.2.3:80", "10.9.9.9", "10.1.2.3"},
		{"ipv6 peer", "[2001:db8::1]:443", "1.2.3.4", "2001:db8::1"},
		{"at most 16 hops are read", "10.1.2.3:80", "1.2.3.4, " + strings.Repeat("10.0.0.1, ", 16) + "10.0.0.2", "10.1.2.3"},
		{"16 hops are", "10.1.2.3:80", "1.2.3.4, " + strings.Repeat("10.0.0.1, ", 14) + "10.0.0.2", "1.2.3.4"},
		{"an over-long hop stops the walk", "10.1.2.3:80", "1.2.3.4, " + strings.Repeat("9", 100000), "10.1.2.3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/x", nil)
			r.RemoteAddr = tt.remote
			if tt.xff != "" {
				r.Header.Set("X-Forwarded-For", tt.xff)
			}
			if got := loc.ClientIP(r).String(); got != tt.want {
				t.Fatalf("ClientIP = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestCountryNames(t *testing.T) {
	for in, want := range map[string]string{"us": "US", "United States": "US", "UK": "GB", "united kingdom": "GB", "Côte d'Ivoire": "CI", "Deutschland": ""} {
		got, ok := CountryCode(in)
		if got != want || ok != (want != "") {
			t.Errorf("CountryCode(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
	if CountryName("fr") != "France" || CountryName("ZZ") != Unknown {
		t.Errorf("CountryName wrong: %q %q", CountryName("fr"), CountryName("ZZ"))
	}
}

func TestCountryFromHeadersIgnoresLongValues(t *testing.T) {
	if got := CountryFromHeaders(strings.Repeat("x", 1<<20)+"US", " fr "); got != "FR" {
		t.Fatalf("CountryFromHeaders = %q, want FR", got)
	}
}
