// Package tzdb is the one time-zone database of both services: the IANA zones of the Go
// toolchain's zoneinfo.zip (the data time/tzdata embeds), embedded in the binary. A zone
// name a client or an operator gives is accepted when it names a zone of this file,
// exactly, and its rules are read from it, never from the host.
//
// time.LoadLocation reads the host's /usr/share/zoneinfo first: there it accepts names
// that only some hosts have (right/UTC, posix/Europe/Paris, posixrules, anything under
// a ZONEINFO directory) and rules of whatever version the host carries, so the same
// request would be answered differently on a laptop and in a distroless image. Load
// answers the same everywhere.
//
// zoneinfo.zip is copied from the toolchain by go generate; TestDatabaseIsTheToolchains
// fails when a Go upgrade brings newer data, so the copy is refreshed with it.
package tzdb

//go:generate sh -c "cp \"$(go env GOROOT)/lib/time/zoneinfo.zip\" zoneinfo.zip"

import (
	"archive/zip"
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"
)

//go:embed zoneinfo.zip
var zoneinfo []byte

// ErrUnknownZone is the error of a name that is not a zone of the database.
var ErrUnknownZone = errors.New("unknown time zone")

// database is the zip's directory: a zone name to its entry. Read once.
var database = sync.OnceValue(func() map[string]*zip.File {
	r, err := zip.NewReader(bytes.NewReader(zoneinfo), int64(len(zoneinfo)))
	if err != nil {
		panic(fmt.Sprintf("tzdb: embedded zoneinfo.zip: %v", err)) // a build without the file cannot work at all
	}
	files := make(map[string]*zip.File, len(r.File))
	for _, f := range r.File {
		if !f.FileInfo().IsDir() {
			files[f.Name] = f
		}
	}
	return files
})

// loaded caches locations by name: at most the database's few hundred zones.
var loaded sync.Map

// Load is the zone of the database called name, exactly (case and all). Any other name,
// "Local" and "" included, is ErrUnknownZone.
func Load(name string) (*time.Location, error) {
	if loc, ok := loaded.Load(name); ok {
		return loc.(*time.Location), nil
	}
	f, ok := database()[name]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownZone, name)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("read zone %s: %w", name, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		return nil, fmt.Errorf("read zone %s: %w", name, err)
	}
	loc, err := time.LoadLocationFromTZData(name, data)
	if err != nil {
		return nil, fmt.Errorf("read zone %s: %w", name, err)
	}
	actual, _ := loaded.LoadOrStore(name, loc)
	return actual.(*time.Location), nil
}

// Names are the zone names of the database, sorted.
func Names() []string {
	names := make([]string, 0, len(database()))
	for n := range database() {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
