package user

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
)

// migrationsBefore returns the loyalty migrations numbered below version.
func migrationsBefore(t *testing.T, version int) fs.FS {
	t.Helper()
	dir := os.DirFS("../../migrations")
	names, err := fs.Glob(dir, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	out := fstest.MapFS{}
	for _, name := range names {
		n, err := strconv.Atoi(strings.SplitN(name, "_", 2)[0])
		if err != nil || n >= version {
			continue
		}
		data, err := fs.ReadFile(dir, name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: data}
	}
	return out
}

// emptyDatabase creates a database with nothing in it, dropped when the test ends.
func emptyDatabase(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	admin := testkit.AdminURL(t)
	name := fmt.Sprintf("tk_%d_userlegacy_%d", time.Now().Unix(), time.Now().UnixNano()%1e6)
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(context.Background(), admin)
		if err == nil {
			_, _ = conn.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			conn.Close(context.Background())
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// TestMigrationNormalisesExistingUsernames: rows written before 00430 are brought to the
// NFKC form without invisible characters; the oldest of colliding look-alikes keeps its
// name, later ones are renamed and deactivated; the rows then sign in by their new form.
func TestMigrationNormalisesExistingUsernames(t *testing.T) {
	ctx := context.Background()
	dbURL := emptyDatabase(t)
	if err := database.MigrateURL(ctx, dbURL, migrationsBefore(t, 430), migrations.Schema, nil); err != nil {
		t.Fatal(err)
	}
	db := testdb.OpenURL(t, dbURL, database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
	legacy := []struct{ id, username, created string }{
		{"00000000-0000-0000-0000-000000000001", "admin", "2024-01-01"},
		{"00000000-0000-0000-0000-000000000002", "admin\u200b", "2024-01-02"},     // look-alike, later
		{"00000000-0000-0000-0000-000000000003", "ＡＤＭＩＮ", "2024-01-03"},           // look-alike, later
		{"00000000-0000-0000-0000-000000000004", "ｍａｒｉａ", "2024-01-04"},           // alone: just normalised
		{"00000000-0000-0000-0000-000000000005", "bo\u00adb\ufeff", "2024-01-05"}, // alone: cleaned
		{"00000000-0000-0000-0000-000000000006", "\u200b\u200c", "2024-01-06"},    // nothing visible
	}
	hash, _ := newStore(db).hash("long enough")
	for _, u := range legacy {
		if err := db.Exec(`INSERT INTO users (id, username, password_hash, role, created_at) VALUES (?, ?, ?, 'admin', ?)`,
			u.id, u.username, hash, u.created).Error; err != nil {
			t.Fatalf("legacy row %q: %v", u.username, err)
		}
	}
	if err := migrations.Apply(ctx, dbURL, nil); err != nil {
		t.Fatalf("migrate: %v", err)
	}

	want := map[string]struct {
		username string
		active   bool
	}{
		"00000000-0000-0000-0000-000000000001": {"admin", true},
		"00000000-0000-0000-0000-000000000002": {"admin-00000000-0000-0000-0000-000000000002", false},
		"00000000-0000-0000-0000-000000000003": {"ADMIN-00000000-0000-0000-0000-000000000003", false},
		"00000000-0000-0000-0000-000000000004": {"maria", true},
		"00000000-0000-0000-0000-000000000005": {"bob", true},
		"00000000-0000-0000-0000-000000000006": {"user-00000000-0000-0000-0000-000000000006", true},
	}
	var rows []User
	if err := db.Order("id").Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	for _, u := range rows {
		w := want[u.ID]
		if u.Username != w.username || u.IsActive != w.active {
			t.Errorf("%s: username %q active %v, want %q active %v", u.ID, u.Username, u.IsActive, w.username, w.active)
		}
	}
	s := NewRepository(db)
	for _, login := range []string{"ADMIN", "maria", "ＢＯＢ"} {
		if _, err := s.Authenticate(ctx, login, "long enough"); err != nil {
			t.Errorf("sign in as %q after the migration: %v", login, err)
		}
	}
}
