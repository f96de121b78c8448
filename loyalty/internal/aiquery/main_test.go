package aiquery

import (
	"context"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// newDB returns a fresh migrated database (URL and GORM handle).
func newDB(t *testing.T, maxConns int) (string, *gorm.DB) {
	t.Helper()
	url := testkit.NewDatabase(t)
	db := testdb.OpenURL(t, url, database.Options{Schema: migrations.Schema, MaxOpenConns: maxConns})
	return url, db
}

func mustExec(t *testing.T, db *gorm.DB, sql string, args ...any) {
	t.Helper()
	if err := db.Exec(sql, args...).Error; err != nil {
		t.Fatalf("exec %q: %v", sql, err)
	}
}

func scalar[T any](t *testing.T, db *gorm.DB, sql string, args ...any) T {
	t.Helper()
	var v T
	if err := db.Raw(sql, args...).Row().Scan(&v); err != nil {
		t.Fatalf("query %q: %v", sql, err)
	}
	return v
}
