package geo

import (
	_ "embed"
	"fmt"
	"time"

	"github.com/oschwald/maxminddb-golang/v2"
)

// embeddedDB is DB-IP Lite Country (CC BY 4.0; data/LICENSE), the database used when
// GEOIP_DB is not set, so visitors are placed with no configuration. `make geoip-refresh`
// replaces it; the known-address tests check whatever file is there.
//
//go:embed data/dbip-country.mmdb
var embeddedDB []byte

// The embedded data's name and the attribution its licence asks of every page that
// shows results from it.
const (
	embeddedName    = "DB-IP Lite Country"
	embeddedLicence = "CC BY 4.0"
)

var embeddedAttribution = Attribution{Text: "IP Geolocation by DB-IP", URL: "https://db-ip.com"}

// Attribution is the credit a database's licence requires next to its results: a link
// with this text to this URL. The zero value asks for none.
type Attribution struct {
	Text, URL string
}

// Database describes the country database a Locator reads.
type Database struct {
	// Name is the embedded data's name, or the database_type of a GEOIP_DB file.
	Name string
	// Path is the GEOIP_DB file, "" for the embedded database.
	Path string
	// Built is when the data was built (the file's build_epoch metadata), in UTC.
	Built time.Time
	// Attribution is what the public pages showing countries must carry (the
	// embedded data's licence); zero for a GEOIP_DB file, whose terms are its
	// operator's.
	Attribution Attribution
}

// Embedded reports whether d is the database compiled into the binary.
func (d Database) Embedded() bool { return d.Path == "" }

// String is one line for operators: what the data is, where from, and how old.
func (d Database) String() string {
	built := d.Built.Format(time.DateOnly)
	if d.Embedded() {
		return fmt.Sprintf("%s, built %s (embedded, %s, %s; GEOIP_DB overrides it)", d.Name, built, embeddedLicence, d.Attribution.URL)
	}
	return fmt.Sprintf("%s, built %s (GEOIP_DB=%s)", d.Name, built, d.Path)
}

// EmbeddedDatabase describes the database compiled into the binary (the version
// command prints it).
func EmbeddedDatabase() (Database, error) {
	db, info, err := openDatabase("")
	if err != nil {
		return Database{}, err
	}
	_ = db.Close() // a reader over embedded bytes holds nothing to release
	return info, nil
}

// openDatabase opens path, or the embedded database when path is "".
func openDatabase(path string) (*maxminddb.Reader, Database, error) {
	if path == "" {
		db, err := maxminddb.OpenBytes(embeddedDB)
		if err != nil {
			return nil, Database{}, fmt.Errorf("embedded country database: %w", err)
		}
		return db, Database{Name: embeddedName, Built: db.Metadata.BuildTime().UTC(), Attribution: embeddedAttribution}, nil
	}
	db, err := maxminddb.Open(path)
	if err != nil {
		return nil, Database{}, fmt.Errorf("GEOIP_DB %s: %w", path, err)
	}
	return db, Database{Name: db.Metadata.DatabaseType, Path: path, Built: db.Metadata.BuildTime().UTC()}, nil
}

// countryRecord is every layout of a country we read, mapped to a code by isoCode:
// MaxMind's GeoIP2/GeoLite2 Country and City (country, else registered_country) and
// ip-location-db's files, the embedded one among them (a top-level country_code).
type countryRecord struct {
	Country struct {
		ISOCode string `maxminddb:"iso_code"`
	} `maxminddb:"country"`
	RegisteredCountry struct {
		ISOCode string `maxminddb:"iso_code"`
	} `maxminddb:"registered_country"`
	CountryCode string `maxminddb:"country_code"`
}

func (r countryRecord) isoCode() string {
	switch {
	case r.Country.ISOCode != "":
		return r.Country.ISOCode
	case r.RegisteredCountry.ISOCode != "":
		return r.RegisteredCountry.ISOCode
	default:
		return r.CountryCode
	}
}
