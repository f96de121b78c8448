package geo

import (
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/oschwald/maxminddb-golang/v2"
)

// Locator resolves a request's client IP and country. It is safe for concurrent use.
type Locator struct {
	trusted []netip.Prefix
	db      *maxminddb.Reader
	info    Database
}

// NewLocator trusts X-Forwarded-For and the country headers only from peers inside
// trusted. dbPath, when not empty, is a MaxMind-format (mmdb) country or city database
// (GEOIP_DB); when empty, the embedded database is read.
func NewLocator(trusted []netip.Prefix, dbPath string) (*Locator, error) {
	db, info, err := openDatabase(dbPath)
	if err != nil {
		return nil, err
	}
	return &Locator{trusted: trusted, db: db, info: info}, nil
}

// Database describes the country database l reads.
func (l *Locator) Database() Database { return l.info }

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
	// An IPv4-mapped IPv6 address is looked up as the IPv4 address: not every database
	// aliases ::ffff:0:0/96 to its IPv4 tree (the embedded one does not).
	if err := l.db.Lookup(ip.Unmap()).Decode(&rec); err != nil {
		return ""
	}
	code := rec.isoCode()
	if _, ok := nameOf[code]; !ok {
		return ""
	}
	return code
}

// CountryOf is the country of a visitor reduced to its IP and the trusted gateway's
// country header ("" when the peer was not a trusted proxy). The sources an operator
// chose come first: a GEOIP_DB file, then the gateway's header; the embedded database
// places whoever they leave out (so adding it changed no configured setup's answer).
func (l *Locator) CountryOf(ip netip.Addr, gatewayCountry string) string {
	embedded := l != nil && l.info.Embedded()
	if !embedded {
		if c := l.lookup(ip); c != "" {
			return c
		}
	}
	if c := CountryFromHeaders(gatewayCountry); c != Unknown {
		return c
	}
	if embedded {
		if c := l.lookup(ip); c != "" {
			return c
		}
	}
	return Unknown
}
