package geo

import (
	"net/http"
	"net/netip"
	"strings"

	"github.com/oschwald/maxminddb-golang/v2"
)

// Locator places a client address in a country. It is safe for concurrent use. The
// address itself comes from shared/clientip (the TRUSTED_PROXIES rules).
type Locator struct {
	db   *maxminddb.Reader
	info Database
}

// NewLocator reads dbPath, when not empty, a MaxMind-format (mmdb) country or city
// database (GEOIP_DB); when empty, the embedded database.
func NewLocator(dbPath string) (*Locator, error) {
	db, info, err := openDatabase(dbPath)
	if err != nil {
		return nil, err
	}
	return &Locator{db: db, info: info}, nil
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

// maxCountryBytes bounds a gateway's country header: a country code is 2 characters.
const maxCountryBytes = 8

// GatewayCountry is the country header a gateway set (CF-IPCountry, else X-Country-Code),
// read only when the request came through a trusted proxy (clientip.Resolver.Resolve):
// anyone else could write it.
func GatewayCountry(h http.Header, viaTrustedProxy bool) string {
	if !viaTrustedProxy {
		return ""
	}
	if c := h.Get("CF-IPCountry"); c != "" {
		return c
	}
	return h.Get("X-Country-Code")
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
