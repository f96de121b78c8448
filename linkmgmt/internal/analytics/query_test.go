package analytics

import (
	"net/url"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/tzdb"
)

// TestTimezoneIsExactlyTheEmbeddedDatabase: the timezone parameter accepts every zone of
// the embedded database and nothing else: names only some hosts' zoneinfo directories
// hold (right/, posix/, posixrules: accepted on a Debian host, unknown in a distroless
// image) are refused everywhere alike.
func TestTimezoneIsExactlyTheEmbeddedDatabase(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, name := range tzdb.Names() {
		q, err := ParseQuery(url.Values{"timezone": {name}}, now)
		if err != nil || q.ZoneName() != name {
			t.Errorf("timezone=%s: %v, zone %v", name, err, q.Zone)
		}
	}
	for _, name := range []string{"right/UTC", "posix/Europe/Paris", "posixrules", "right/America/New_York", "localtime", "Local", "europe/paris", "Mars/Olympus"} {
		if _, err := ParseQuery(url.Values{"timezone": {name}}, now); err == nil {
			t.Errorf("timezone=%s accepted", name)
		}
	}
}
