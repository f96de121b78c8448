package clientip

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientIP(t *testing.T) {
	trusted, err := ParsePrefixes("10.0.0.0/8, 192.168.1.7")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		trusted []netip.Prefix
		remote  string
		xff     []string
		want    string
	}{
		{"no proxy trusted: the peer, whatever the header says", nil, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"untrusted peer forging the header", trusted, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"trusted gateway: the address it appended", trusted, "10.1.2.3:4000", []string{"1.2.3.4"}, "1.2.3.4"},
		{"client-written left entries are ignored", trusted, "10.1.2.3:4000", []string{"6.6.6.6, 1.2.3.4"}, "1.2.3.4"},
		{"chain of trusted proxies", trusted, "10.1.2.3:4000", []string{"1.2.3.4, 192.168.1.7", "10.9.9.9"}, "1.2.3.4"},
		{"malformed hop stops at the last good address", trusted, "10.1.2.3:4000", []string{"1.2.3.4, garbage, 10.2.2.2"}, "10.2.2.2"},
		{"trusted peer without the header", trusted, "10.1.2.3:4000", nil, "10.1.2.3"},
		{"IPv4-mapped IPv6 peer", trusted, "[::ffff:10.1.2.3]:4000", []string{"2001:db8::1"}, "2001:db8::1"},
		{"IPv6 peer", nil, "[2001:db8::5]:4000", nil, "2001:db8::5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = tt.remote
			for _, h := range tt.xff {
				r.Header.Add("X-Forwarded-For", h)
			}
			if got := New(tt.trusted).ClientIP(r).String(); got != tt.want {
				t.Errorf("ClientIP = %s, want %s", got, tt.want)
			}
		})
	}
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "not an address"
	if got := (*Resolver)(nil).ClientIP(r); got.IsValid() {
		t.Errorf("unreadable peer: %s, want the zero Addr", got)
	}
}

func TestParsePrefixes(t *testing.T) {
	got, err := ParsePrefixes(" 10.0.0.0/8 ,,2001:db8::/32, 192.168.1.7, ::ffff:172.16.0.1 ")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.0/8", "2001:db8::/32", "192.168.1.7/32", "172.16.0.1/32"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("prefix %d = %s, want %s", i, got[i], want[i])
		}
	}
	for _, bad := range []string{"nonsense", "10.0.0.0/33", "1.2.3"} {
		if _, err := ParsePrefixes(bad); err == nil {
			t.Errorf("ParsePrefixes(%q) accepted", bad)
		}
	}
	if p, err := ParsePrefixes(""); err != nil || len(p) != 0 {
		t.Errorf("empty: %v, %v", p, err)
	}
}
