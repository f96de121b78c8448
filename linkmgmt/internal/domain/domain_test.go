package domain_test

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

func TestParse(t *testing.T) {
	tests := []struct {
		raw, canonical, host string
		ok                   bool
	}{
		{"https://go.example.com", "https://go.example.com", "go.example.com", true},
		{" HTTPS://Go.Example.COM/ ", "https://go.example.com", "go.example.com", true},
		{"http://go.example.com:80", "http://go.example.com", "go.example.com", true},
		{"https://go.example.com:443/", "https://go.example.com", "go.example.com", true},
		{"https://go.example.com:8443", "https://go.example.com:8443", "go.example.com:8443", true},
		{"http://go.example.com.", "http://go.example.com", "go.example.com", true},
		{"http://xn--bcher-kva.example", "http://xn--bcher-kva.example", "xn--bcher-kva.example", true},
		{"go.example.com", "", "", false},
		{"ftp://go.example.com", "", "", false},
		{"https://go.example.com/path", "", "", false},
		{"https://go.example.com/?q=1", "", "", false},
		{"https://go.example.com/#top", "", "", false},
		{"https://user:pw@go.example.com", "", "", false},
		{"https://192.0.2.1", "", "", false},
		{"https://[2001:db8::1]", "", "", false},
		{"https://-bad.example.com", "", "", false},
		{"https://bad_.example.com", "", "", false},
		{"https://", "", "", false},
		{"javascript:alert(1)", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			canonical, host, err := domain.Parse(tt.raw)
			if tt.ok != (err == nil) || canonical != tt.canonical || host != tt.host {
				t.Fatalf("Parse(%q) = %q, %q, %v; want %q, %q, ok %t", tt.raw, canonical, host, err, tt.canonical, tt.host, tt.ok)
			}
			if err != nil && !errors.Is(err, domain.ErrInvalid) {
				t.Fatalf("error %v is not domain.ErrInvalid", err)
			}
		})
	}
}

// TestCanonicalHost: a Host header names a stored domain however a browser spells it,
// and what cannot be a host is refused before any lookup.
func TestCanonicalHost(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"brand.example", "brand.example", true},
		{"Brand.Example", "brand.example", true},
		{"brand.example.", "brand.example", true},
		{"BRAND.example.:443", "brand.example", true},
		{"brand.example:80", "brand.example", true},
		{"brand.example:8443", "brand.example:8443", true},
		{"brand.example.:8443", "brand.example:8443", true},
		{"127.0.0.1:8081", "127.0.0.1:8081", true},
		{"[2001:DB8::1]:443", "[2001:db8::1]", true},
		{"[2001:db8::1]:8080", "[2001:db8::1]:8080", true},
		{"localhost:8081", "localhost:8081", true},
		{"", "", false},
		{"brand.example:", "brand.example", true}, // an empty port is no port (RFC 3986)
		{"brand.example:99999", "", false},
		{"brand.example:0", "", false},
		{"brand.example:8a", "", false},
		{"bra nd.example", "", false},
		{"brand..example", "", false},
		{"-brand.example", "", false},
		{"br\x00and.example", "", false},
		{"br\xffand.example", "", false},
		{"bücher.example", "", false},
		{"user@brand.example", "", false},
		{"brand.example/path", "", false},
		{strings.Repeat("a", 63) + "." + strings.Repeat("b", 64) + ".example", "", false},
		{strings.Repeat("a.", 200) + "example", "", false},
	}
	for _, tt := range tests {
		got, ok := domain.CanonicalHost(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("CanonicalHost(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	// Stored hosts are in the same form: a domain registered with a port Parse keeps
	// for its scheme is still found under the canonical Host.
	for raw, host := range map[string]string{"http://brand.example:443": "brand.example", "https://Brand.Example.:443": "brand.example"} {
		if _, got, err := domain.Parse(raw); err != nil || got != host {
			t.Errorf("Parse(%q) host = %q, %v; want %q", raw, got, err, host)
		}
	}
}

// fakeDNS answers from a table, as a DNS server configured for the test would; it is
// the third party here (no DNS server of ours runs in tests).
type fakeDNS map[string][]string

func (f fakeDNS) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	addrs, ok := f[host]
	if !ok {
		return nil, errors.New("no such host")
	}
	var out []netip.Addr
	for _, a := range addrs {
		out = append(out, netip.MustParseAddr(a))
	}
	return out, nil
}

func TestDNSChecker(t *testing.T) {
	dns := fakeDNS{
		"sho.rt":            {"203.0.113.10", "2001:db8::10"},
		"go.example.com":    {"203.0.113.10"}, // A record to the service
		"v6.example.com":    {"2001:db8::10"}, // AAAA only
		"cname.example.com": {"203.0.113.10"}, // a CNAME to sho.rt resolves to its addresses
		"mixed.example.com": {"198.51.100.1", "::ffff:203.0.113.10"},
		"else.example.com":  {"198.51.100.1"}, // points elsewhere
	}
	tests := []struct {
		name    string
		targets []string
		host    string
		want    error // nil for accepted
		msg     string
	}{
		{"A record", []string{"sho.rt"}, "go.example.com", nil, ""},
		{"AAAA record, with a port", []string{"sho.rt"}, "v6.example.com:8443", nil, ""},
		{"CNAME", []string{"sho.rt"}, "cname.example.com", nil, ""},
		{"one of several addresses, IPv4-mapped", []string{"sho.rt"}, "mixed.example.com", nil, ""},
		{"target given as an IP", []string{"203.0.113.10"}, "go.example.com", nil, ""},
		{"points elsewhere", []string{"sho.rt"}, "else.example.com", domain.ErrNotPointing, "does not point to this service: its DNS resolves to 198.51.100.1, expected one of 2001:db8::10, 203.0.113.10"},
		{"does not resolve", []string{"sho.rt"}, "nothing.example.com", domain.ErrNotPointing, "does not resolve"},
		{"the service's own host cannot be resolved", []string{"broken.internal"}, "go.example.com", domain.ErrCheckUnavailable, "cannot be checked"},
		{"no target configured", nil, "go.example.com", domain.ErrCheckUnavailable, "cannot be checked"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := domain.DNSChecker{Resolver: dns, Targets: tt.targets}.Check(context.Background(), tt.host)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Check = %v, want accepted", err)
				}
				return
			}
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("Check = %v, want %v containing %q", err, tt.want, tt.msg)
			}
		})
	}
}

func TestCreateRefusesTheServiceOwnHost(t *testing.T) {
	db := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
	var accountID int64
	if err := db.Raw(`INSERT INTO accounts (email, username, api_key_hash) VALUES ('a@example.com', 'a', 'h') RETURNING id`).Scan(&accountID).Error; err != nil {
		t.Fatal(err)
	}
	s := domain.NewStore(db, nil, nil, "Sho.rt")
	for _, raw := range []string{"https://sho.rt", "http://SHO.RT/"} {
		if _, err := s.Create(context.Background(), accountID, raw, domain.Redirects{}); !errors.Is(err, domain.ErrInvalid) {
			t.Fatalf("Create(%q) = %v, want domain.ErrInvalid", raw, err)
		}
	}
	if _, err := s.Create(context.Background(), accountID, "https://go.sho.rt", domain.Redirects{}); err != nil {
		t.Fatalf("a subdomain of the service host is a different host: %v", err)
	}
}
