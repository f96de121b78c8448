package geo

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/oschwald/maxminddb-golang/v2"
)

// Locator resolves a request's client IP and country. It is safe for concurrent use.
type Locator struct {
	trusted []netip.Prefix
	db      *maxminddb.Reader // nil when no GEOIP_DB is configured
}

// NewLocator trusts X-Forwarded-For and the country headers only from peers inside
// trusted. dbPath, when not empty, is a MaxMind-format (mmdb) country or city database.
func NewLocator(trusted []netip.Prefix, dbPath string) (*Locator, error) {
	l := &Locator{trusted: trusted}
	if dbPath != "" {
		db, err := maxminddb.Open(dbPath)
		if err != nil {
			return nil, fmt.Errorf("GEOIP_DB %s: %w", dbPath, err)
		}
		l.db = db
	}
	return l, nil
}

// Close releases the database.
func (l *Locator) Close() error {
	if l == nil || l.db == nil {
		return nil
	}
	return l.db.Close()
}

// Bounds on the forwarding headers (only read from trusted proxies): a chain of
// proxies is a few hops long, an address at most 45 characters, a country code 2.
const (
	maxForwardedHops = 16
	maxHopBytes      = 64
	maxCountryBytes  = 8
)

// ClientIP is the address of the visitor: the TCP peer, or, when the peer is a trusted
// proxy, the right-most address of X-Forwarded-For that is not itself a trusted proxy
// (left-most entries are set by the client and cannot be believed). At most
// maxForwardedHops hops are read, from the right; past them, or at a malformed hop, the
// chain stops being believed and the peer is the client.
func (l *Locator) ClientIP(r *http.Request) netip.Addr {
	peer := peerAddr(r.RemoteAddr)
	if !l.isTrusted(peer) {
		return peer
	}
	seen := 0
	hops := r.Header.Values("X-Forwarded-For")
	for i := len(hops) - 1; i >= 0; i-- {
		for rest := hops[i]; ; {
			hop := rest
			if j := strings.LastIndexByte(rest, ','); j >= 0 {
				hop, rest = rest[j+1:], rest[:j]
			} else {
				rest = ""
			}
			seen++
			hop = strings.TrimSpace(hop)
			if seen > maxForwardedHops || len(hop) > maxHopBytes {
				return peer
			}
			a, err := netip.ParseAddr(hop)
			if err != nil {
				return peer // a malformed hop: stop believing the chain
			}
			a = a.Unmap()
			if !l.isTrusted(a) {
				return a
			}
			if rest == "" {
				break
			}
		}
	}
	return peer
}

// Visitor returns the client IP and, when the request came through a trusted proxy, that
// gateway's country header: ClientIP and GatewayCountry with one parse of the peer.
func (l *Locator) Visitor(r *http.Request) (ip netip.Addr, gatewayCountry string) {
	peer := peerAddr(r.RemoteAddr)
	if !l.isTrusted(peer) {
		return peer, ""
	}
	gatewayCountry = r.Header.Get("CF-IPCountry")
	if gatewayCountry == "" {
		gatewayCountry = r.Header.Get("X-Country-Code")
	}
	return l.ClientIP(r), gatewayCountry
}

func (l *Locator) isTrusted(a netip.Addr) bool {
	if l == nil || !a.IsValid() {
		return false
	}
	for _, p := range l.trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func peerAddr(remote string) netip.Addr {
	// net/http's RemoteAddr is "ip:port" (IPv6 in brackets): one parse, no copies.
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		return ap.Addr().Unmap()
	}
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

// countryRecord is the part of a GeoIP2/GeoLite2 Country or City record we read.
type countryRecord struct {
	Country struct {
		ISOCode string `maxminddb:"iso_code"`
	} `maxminddb:"country"`
	RegisteredCountry struct {
		ISOCode string `maxminddb:"iso_code"`
	} `maxminddb:"registered_country"`
}

// CountryFromHeaders reads gateway headers already known to be trustworthy.
func CountryFromHeaders(values ...string) string {
	for _, v := range values {
		if len(v) > maxCountryBytes {
			continue
		}
		v = strings.ToUpper(strings.TrimSpace(v))
		if _, ok := nameOf[v]; ok {
			return v
		}
	}
	return Unknown
}

func (l *Locator) lookup(ip netip.Addr) string {
	if l == nil || l.db == nil || !ip.IsValid() {
		return ""
	}
	var rec countryRecord
	if err := l.db.Lookup(ip).Decode(&rec); err != nil {
		return ""
	}
	code := rec.Country.ISOCode
	if code == "" {
		code = rec.RegisteredCountry.ISOCode
	}
	if _, ok := nameOf[code]; !ok {
		return ""
	}
	return code
}

// CountryOf is Country for a click already reduced to its IP and the trusted gateway's
// country header ("" when the peer was not a trusted proxy).
func (l *Locator) CountryOf(ip netip.Addr, gatewayCountry string) string {
	if c := l.lookup(ip); c != "" {
		return c
	}
	return CountryFromHeaders(gatewayCountry)
}
