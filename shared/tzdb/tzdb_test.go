package tzdb_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/tzdb"
)

// TestLoadAcceptsExactlyTheDatabase: every name of the database loads and keeps its
// name; names that exist only in some hosts' zoneinfo directories (right/, posix/,
// posixrules, localtime), Local, paths, other cases and empty names are unknown.
func TestLoadAcceptsExactlyTheDatabase(t *testing.T) {
	names := tzdb.Names()
	if len(names) < 400 {
		t.Fatalf("%d zones in the database", len(names))
	}
	for _, n := range names {
		loc, err := tzdb.Load(n)
		if err != nil || loc.String() != n {
			t.Errorf("Load(%q) = %v, %v", n, loc, err)
		}
	}
	for _, n := range []string{"", "Local", "right/UTC", "posix/Europe/Paris", "posixrules", "localtime", "right/Europe/Paris",
		"zone.tab", "tzdata.zi", "leap-seconds.list", "europe/paris", "EUROPE/PARIS", "Europe/Paris/", "/Europe/Paris", "Europe//Paris",
		"../zoneinfo/UTC", "/usr/share/zoneinfo/UTC", "Europe/Paris\x00", " UTC", "Mars/Olympus"} {
		if loc, err := tzdb.Load(n); !errors.Is(err, tzdb.ErrUnknownZone) {
			t.Errorf("Load(%q) = %v, %v; want ErrUnknownZone", n, loc, err)
		}
	}
}

// TestZoneRules: the rules come from the database (Lord Howe's 30-minute change, Nepal's
// +5:45), the same on every host.
func TestZoneRules(t *testing.T) {
	for _, c := range []struct {
		zone   string
		at     time.Time
		offset int
	}{
		{"Asia/Kathmandu", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 5*3600 + 45*60},
		{"Australia/Lord_Howe", time.Date(2026, 10, 3, 15, 29, 0, 0, time.UTC), 10*3600 + 30*60},
		{"Australia/Lord_Howe", time.Date(2026, 10, 3, 15, 30, 0, 0, time.UTC), 11 * 3600},
		{"UTC", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 0},
	} {
		loc, err := tzdb.Load(c.zone)
		if err != nil {
			t.Fatal(err)
		}
		if _, off := c.at.In(loc).Zone(); off != c.offset {
			t.Errorf("%s at %s: offset %d, want %d", c.zone, c.at, off, c.offset)
		}
	}
}

// TestDatabaseIsTheToolchains: the embedded zoneinfo.zip is the toolchain's, the data
// time/tzdata embeds. After a Go upgrade with newer zone data this fails: run
// `go generate ./shared/tzdb` and commit the file.
func TestDatabaseIsTheToolchains(t *testing.T) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("no go command to find the toolchain: %v", err)
	}
	want, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "lib", "time", "zoneinfo.zip"))
	if err != nil {
		t.Skipf("the toolchain has no zoneinfo.zip: %v", err)
	}
	got, err := os.ReadFile("zoneinfo.zip")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("shared/tzdb/zoneinfo.zip differs from the toolchain's lib/time/zoneinfo.zip: run go generate ./shared/tzdb")
	}
}
