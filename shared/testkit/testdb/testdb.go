// Package testdb opens the GORM pool of a test's own database, the one way every test
// package of the services does (before it, each declared its own newDB). It is apart
// from testkit because shared/database's own tests use testkit, which therefore cannot
// import shared/database.
package testdb

import (
	"testing"

	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"gorm.io/gorm"
)

// Open returns a pool (database.Open with opts) over a fresh database holding the
// package's migrated schema (testkit.NewDatabase). The pool closes when the test ends,
// before the database is dropped.
func Open(t testing.TB, opts database.Options) *gorm.DB {
	t.Helper()
	return OpenURL(t, testkit.NewDatabase(t), opts)
}

// OpenURL is Open over the database at url (a test that also needs the URL).
func OpenURL(t testing.TB, url string, opts database.Options) *gorm.DB {
	t.Helper()
	db, err := database.Open(url, opts)
	if err != nil {
		t.Fatalf("open db: %v", err)
	}
	t.Cleanup(func() { _ = database.Close(db) })
	return db
}
