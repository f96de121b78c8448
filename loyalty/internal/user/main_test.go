package user

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// newDB opens a fresh migrated database for one test.
func newDB(t testing.TB, conns int) *gorm.DB {
	t.Helper()
	return testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: conns})
}

// newStore is a Repository hashing at bcrypt's minimum cost (tests create many users).
func newStore(db *gorm.DB) *Repository {
	s := NewRepository(db)
	s.cost = bcrypt.MinCost
	return s
}

func mustCreate(t testing.TB, s *Repository, username, role string) User {
	t.Helper()
	u, err := s.Create(context.Background(), CreateInput{Username: username, Password: "long enough", Name: username, Role: role})
	if err != nil {
		t.Fatalf("create %s: %v", username, err)
	}
	return u
}

var discard = slog.New(slog.NewTextHandler(io.Discard, nil))
