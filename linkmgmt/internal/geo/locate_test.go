package geo

import (
	"net/http"
	"strings"
	"testing"
)

func TestGatewayCountry(t *testing.T) {
	h := http.Header{}
	h.Set("X-Country-Code", "de")
	h.Set("CF-IPCountry", "FR")
	if got := GatewayCountry(h, true); got != "FR" {
		t.Errorf("via a trusted proxy: %q, want CF-IPCountry's FR", got)
	}
	if got := GatewayCountry(h, false); got != "" {
		t.Errorf("from an untrusted peer: %q, want the header ignored", got)
	}
	h.Del("CF-IPCountry")
	if got := GatewayCountry(h, true); got != "de" {
		t.Errorf("without CF-IPCountry: %q, want X-Country-Code's de", got)
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
