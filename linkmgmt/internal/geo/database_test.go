package geo

import (
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/maxmind/mmdbwriter"
	"github.com/maxmind/mmdbwriter/mmdbtype"
	"github.com/oschwald/maxminddb-golang/v2"
)

// verifyDBEnv names a candidate database to check instead of the embedded one:
// `make geoip-refresh` runs TestKnownAddresses and TestEveryRecordIsACountry on the file
// it downloaded before it replaces data/dbip-country.mmdb.
const verifyDBEnv = "GEOIP_VERIFY_DB"

// knownAddresses are the addresses of well-known networks whose country has not moved
// in decades (checked against the embedded file when it was added); a refreshed file
// that misplaces them is broken, not updated.
var knownAddresses = []struct {
	name, ip, want string
}{
	{"Google Public DNS", "8.8.8.8", "US"},
	{"Level 3 resolver", "4.2.2.2", "US"},
	{"Sprint IPv6", "2600::1", "US"},
	{"IPv4-mapped IPv6 of Google Public DNS", "::ffff:8.8.8.8", "US"},
	{"NIC.br (registro.br)", "200.160.2.3", "BR"},
	{"Brazilian 177.0.0.0/17", "177.0.0.1", "BR"},
	{"NIC.br IPv6", "2001:12ff::1", "BR"},
	{"Deutsche Telekom", "194.25.0.1", "DE"},
	{"Deutsche Telekom 80.156.0.0/18", "80.156.0.1", "DE"},
	{"Deutsche Telekom IPv6", "2003::1", "DE"},
	{"IIJ", "210.130.0.1", "JP"},
	{"IIJ 202.232.0.0/13", "202.232.0.1", "JP"},
	{"WIDE project IPv6", "2001:200::1", "JP"},
	{"loopback", "127.0.0.1", Unknown},
	{"IPv6 loopback", "::1", Unknown},
	{"private 10/8", "10.0.0.1", Unknown},
	{"private 192.168/16", "192.168.1.1", Unknown},
	{"carrier-grade NAT", "100.64.0.1", Unknown},
	{"documentation TEST-NET-3", "203.0.113.7", Unknown},
	{"IPv6 documentation", "2001:db8::1", Unknown},
}

// testedLocator reads the candidate named by GEOIP_VERIFY_DB, else the embedded
// database with no configuration at all.
func testedLocator(t *testing.T) *Locator {
	t.Helper()
	path := os.Getenv(verifyDBEnv)
	loc, err := NewLocator(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = loc.Close() })
	if path == "" && !loc.Database().Embedded() {
		t.Fatalf("NewLocator without GEOIP_DB reads %v, want the embedded database", loc.Database())
	}
	t.Logf("database: %v", loc.Database())
	return loc
}

// TestKnownAddresses: with no configuration at all, visitors from well-known networks
// of four countries, over IPv4 and IPv6, are placed; reserved addresses are not.
func TestKnownAddresses(t *testing.T) {
	loc := testedLocator(t)
	for _, tt := range knownAddresses {
		t.Run(tt.name, func(t *testing.T) {
			if got := loc.CountryOf(netip.MustParseAddr(tt.ip), ""); got != tt.want {
				t.Fatalf("CountryOf(%s) = %q, want %q", tt.ip, got, tt.want)
			}
		})
	}
	if got := loc.CountryOf(netip.Addr{}, ""); got != Unknown {
		t.Fatalf("CountryOf(no address) = %q, want Unknown", got)
	}
}

// TestEveryRecordIsACountry walks the whole database: every network's record decodes
// to a country code we can name (a code we do not know would count as Unknown). Slow
// under the race detector (about 4 s), so it runs in CI and on every candidate.
func TestEveryRecordIsACountry(t *testing.T) {
	if os.Getenv(verifyDBEnv) == "" {
		testkit.Slow(t)
	}
	loc := testedLocator(t)
	networks, unnamed := 0, map[string]int{}
	for res := range loc.db.Networks() {
		var rec countryRecord
		if err := res.Decode(&rec); err != nil {
			t.Fatalf("%v: %v", res.Prefix(), err)
		}
		networks++
		if _, ok := nameOf[rec.isoCode()]; !ok {
			unnamed[rec.isoCode()]++
		}
	}
	if networks < 100_000 || len(unnamed) > 0 {
		t.Fatalf("%d networks; records without a country we can name (code: networks): %v", networks, unnamed)
	}
}

// TestEmbeddedDatabaseMetadata: the date the version command prints is the file's own
// build_epoch, and the embedded database carries its licence's attribution.
func TestEmbeddedDatabaseMetadata(t *testing.T) {
	info, err := EmbeddedDatabase()
	if err != nil {
		t.Fatal(err)
	}
	file, err := maxminddb.Open(filepath.Join("data", "dbip-country.mmdb"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	want := time.Unix(int64(file.Metadata.BuildEpoch), 0).UTC()
	if file.Metadata.BuildEpoch == 0 || !info.Built.Equal(want) {
		t.Fatalf("Built = %v, want the file's build_epoch %v", info.Built, want)
	}
	if !info.Embedded() || info.Name != "DB-IP Lite Country" || info.Attribution != (Attribution{Text: "IP Geolocation by DB-IP", URL: "https://db-ip.com"}) {
		t.Fatalf("embedded database described as %+v", info)
	}
	if _, err := os.Stat(filepath.Join("data", "LICENSE")); err != nil {
		t.Fatalf("the licence must ship next to the data: %v", err)
	}
}

// TestCountryPrecedence: the sources an operator chose win over the embedded database.
// GEOIP_DB first (it replaces the embedded file: an address it does not know is not
// looked up there), then a trusted gateway's header, then the embedded database.
func TestCountryPrecedence(t *testing.T) {
	configured := writeDB(t, "GeoLite2-Country", map[string]mmdbtype.Map{
		"8.8.8.0/24": {"country": mmdbtype.Map{"iso_code": mmdbtype.String("GB")}},
	})
	tests := []struct {
		name, dbPath, ip, header, want string
	}{
		{"embedded alone", "", "8.8.8.8", "", "US"},
		{"gateway header over embedded", "", "8.8.8.8", "FR", "FR"},
		{"gateway header for an address the embedded one does not know", "", "10.0.0.1", "FR", "FR"},
		{"an unusable header falls through to embedded", "", "8.8.8.8", "ZZ", "US"},
		{"neither", "", "10.0.0.1", "", Unknown},
		{"GEOIP_DB over gateway header", configured, "8.8.8.8", "FR", "GB"},
		{"gateway header when GEOIP_DB does not know the address", configured, "194.25.0.1", "FR", "FR"},
		{"GEOIP_DB replaces the embedded database", configured, "194.25.0.1", "", Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc, err := NewLocator(tt.dbPath)
			if err != nil {
				t.Fatal(err)
			}
			defer loc.Close()
			if got := loc.CountryOf(netip.MustParseAddr(tt.ip), tt.header); got != tt.want {
				t.Fatalf("CountryOf(%s, %q) = %q, want %q", tt.ip, tt.header, got, tt.want)
			}
		})
	}
}

// TestRecordLayouts: every record layout a GEOIP_DB file may use is read: MaxMind's
// country and registered_country, and ip-location-db's top-level country_code.
func TestRecordLayouts(t *testing.T) {
	tests := []struct {
		name   string
		record mmdbtype.Map
		want   string
	}{
		{"MaxMind country", mmdbtype.Map{"country": mmdbtype.Map{"iso_code": mmdbtype.String("DE")}}, "DE"},
		{"MaxMind registered_country only", mmdbtype.Map{"registered_country": mmdbtype.Map{"iso_code": mmdbtype.String("JP")}}, "JP"},
		{"country before registered_country", mmdbtype.Map{
			"country":            mmdbtype.Map{"iso_code": mmdbtype.String("DE")},
			"registered_country": mmdbtype.Map{"iso_code": mmdbtype.String("JP")},
		}, "DE"},
		{"ip-location-db country_code", mmdbtype.Map{"country_code": mmdbtype.String("BR")}, "BR"},
		{"not an ISO code", mmdbtype.Map{"country_code": mmdbtype.String("EU")}, Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeDB(t, "Test", map[string]mmdbtype.Map{"1.2.3.0/24": tt.record})
			loc, err := NewLocator(path)
			if err != nil {
				t.Fatal(err)
			}
			defer loc.Close()
			if got := loc.CountryOf(netip.MustParseAddr("1.2.3.4"), ""); got != tt.want {
				t.Fatalf("CountryOf = %q, want %q", got, tt.want)
			}
			if d := loc.Database(); d.Embedded() || d.Path != path || d.Attribution != (Attribution{}) {
				t.Fatalf("GEOIP_DB described as %+v", d)
			}
		})
	}
}

// writeDB writes a tiny mmdb of the given networks and records.
func writeDB(t *testing.T, dbType string, records map[string]mmdbtype.Map) string {
	t.Helper()
	w, err := mmdbwriter.New(mmdbwriter.Options{DatabaseType: dbType, RecordSize: 24})
	if err != nil {
		t.Fatal(err)
	}
	for cidr, rec := range records {
		_, network, err := net.ParseCIDR(cidr)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Insert(network, rec); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "country.mmdb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := w.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	return path
}
