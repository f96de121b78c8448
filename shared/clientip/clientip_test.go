package clientip

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
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
		via     bool // the peer is a trusted proxy
	}{
		{"no proxy trusted: the peer, whatever the header says", nil, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9", false},
		{"untrusted peer forging the header", trusted, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9", false},
		{"untrusted peer without the header", trusted, "203.0.113.7:5555", nil, "203.0.113.7", false},
		{"trusted gateway: the address it appended", trusted, "10.1.2.3:4000", []string{"1.2.3.4"}, "1.2.3.4", true},
		{"client-written left entries are ignored", trusted, "10.1.2.3:4000", []string{"6.6.6.6, 1.2.3.4"}, "1.2.3.4", true},
		{"chain of trusted proxies over two headers", trusted, "10.1.2.3:4000", []string{"1.2.3.4, 192.168.1.7", "10.9.9.9"}, "1.2.3.4", true},
		{"chain in one header: right-most untrusted hop", trusted, "192.168.1.7:80", []string{"6.6.6.6, 1.2.3.4, 10.0.0.9"}, "1.2.3.4", true},
		{"only proxies: the last one read", trusted, "10.1.2.3:4000", []string{"10.9.9.9"}, "10.9.9.9", true},
		{"trusted peer without the header", trusted, "10.1.2.3:4000", nil, "10.1.2.3", true},
		// An unreadable hop ends the walk at the last address read (a trusted proxy);
		// nothing left of it is believed.
		{"malformed hop: the last good address", trusted, "10.1.2.3:4000", []string{"1.2.3.4, garbage, 10.2.2.2"}, "10.2.2.2", true},
		{"malformed first hop: the peer", trusted, "10.1.2.3:80", []string{"1.2.3.4, garbage"}, "10.1.2.3", true},
		{"empty header: the peer", trusted, "10.1.2.3:80", []string{""}, "10.1.2.3", true},
		{"empty hop: the last good address", trusted, "10.1.2.3:80", []string{"1.2.3.4,, 10.2.2.2"}, "10.2.2.2", true},
		{"an over-long hop ends the walk", trusted, "10.1.2.3:80", []string{"1.2.3.4, " + strings.Repeat("9", 100000)}, "10.1.2.3", true},
		{"16 hops are read", trusted, "10.1.2.3:80", []string{"1.2.3.4, " + strings.Repeat("10.0.0.1, ", 14) + "10.0.0.2"}, "1.2.3.4", true},
		{"the 17th hop is not", trusted, "10.1.2.3:80", []string{"1.2.3.4, " + strings.Repeat("10.0.0.1, ", 15) + "10.0.0.2"}, "10.0.0.1", true},
		{"the cap counts hops across headers", trusted, "10.1.2.3:80", []string{"1.2.3.4", strings.Repeat("10.0.0.1, ", 15) + "10.0.0.2"}, "10.0.0.1", true},
		{"a huge chain of proxies is not walked", trusted, "10.1.2.3:80", []string{"1.2.3.4" + strings.Repeat(", 10.0.0.1", 100000)}, "10.0.0.1", true},
		{"IPv4-mapped IPv6 peer", trusted, "[::ffff:10.1.2.3]:4000", []string{"2001:db8::1"}, "2001:db8::1", true},
		{"IPv4-mapped IPv6 hop", trusted, "10.1.2.3:4000", []string{"::ffff:1.2.3.4"}, "1.2.3.4", true},
		{"IPv6 peer", nil, "[2001:db8::5]:4000", nil, "2001:db8::5", false},
		{"IPv6 peer with a header", trusted, "[2001:db8::1]:443", []string{"1.2.3.4"}, "2001:db8::1", false},
		{"peer without a port", trusted, "10.1.2.3", []string{"1.2.3.4"}, "1.2.3.4", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = tt.remote
			for _, h := range tt.xff {
				r.Header.Add("X-Forwarded-For", h)
			}
			got, via := New(tt.trusted).Resolve(r)
			if got.String() != tt.want || via != tt.via {
				t.Errorf("Resolve = %s, %v, want %s, %v", got, via, tt.want, tt.via)
			}
			if got := New(tt.trusted).ClientIP(r); got.String() != tt.want {
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
