// Package geo answers "where is this visitor": the client IP behind trusted proxies, the
// country (from a MaxMind-format GEOIP_DB file, a trusted gateway header or the embedded
// DB-IP Lite Country database), and the ISO 3166 country names used by geo targeting
// and the country statistics.
package geo

import "strings"

// Unknown is the country of a visitor we could not place.
const Unknown = "Unknown"

var (
	nameOf = map[string]string{}
	codeOf = map[string]string{}
)

// commonAliases are names people type that ISO does not list.
var commonAliases = map[string]string{
	"usa": "US", "us": "US", "america": "US", "uk": "GB", "england": "GB", "great britain": "GB",
	"russia": "RU", "south korea": "KR", "korea": "KR", "north korea": "KP", "iran": "IR",
	"vietnam": "VN", "syria": "SY", "laos": "LA", "moldova": "MD", "tanzania": "TZ",
	"venezuela": "VE", "bolivia": "BO", "czech republic": "CZ", "ivory coast": "CI",
	"holland": "NL", "turkey": "TR", "macedonia": "MK", "micronesia": "FM", "palestine": "PS",
	"vatican": "VA", "brunei": "BN", "cape verde": "CV", "swaziland": "SZ", "burma": "MM",
}

// userAssigned are codes outside ISO 3166-1 that country databases use: DB-IP (the
// embedded database) and MaxMind place Kosovo under XK.
var userAssigned = []struct{ code, name string }{{"XK", "Kosovo"}}

func init() {
	for _, c := range userAssigned {
		nameOf[c.code] = c.name
		codeOf[strings.ToLower(c.code)] = c.code
		codeOf[strings.ToLower(c.name)] = c.code
	}
	for _, c := range countryTable {
		nameOf[c.code] = c.name
		codeOf[strings.ToLower(c.code)] = c.code
		codeOf[strings.ToLower(c.name)] = c.code
		for _, o := range c.other {
			codeOf[strings.ToLower(o)] = c.code
		}
	}
	for alias, code := range commonAliases {
		if _, taken := codeOf[alias]; !taken {
			codeOf[alias] = code
		}
	}
}

// CountryCode turns an ISO 3166-1 alpha-2 code or an English country name (any case)
// into the alpha-2 code. ok is false for anything else.
func CountryCode(nameOrCode string) (code string, ok bool) {
	code, ok = codeOf[strings.ToLower(strings.TrimSpace(nameOrCode))]
	return code, ok
}

// CountryName is the English name of an alpha-2 code, or Unknown.
func CountryName(code string) string {
	if n, ok := nameOf[strings.ToUpper(code)]; ok {
		return n
	}
	return Unknown
}
