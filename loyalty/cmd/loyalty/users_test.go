package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// TestUsersCreateBootstrapsAnAdmin runs the CLI as an operator would on an empty
// database and signs in with the account it made.
func TestUsersCreateBootstrapsAnAdmin(t *testing.T) {
	url := testkit.NewDatabase(t)
	env := map[string]string{"DATABASE_URL": url} // no JWT_SECRET: not needed to create users
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()

	var stdout, stderr bytes.Buffer
	err := run(ctx, []string{"users", "create", "--username", "root", "--password", "s3cret-pass", "--name", "Root", "--admin"}, getenv, &stdout, &stderr)
	if err != nil {
		t.Fatalf("users create: %v (stderr %s)", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "created admin user root") {
		t.Errorf("stdout = %q, want it to report the admin", stdout.String())
	}

	db, err := database.Open(url, database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	sqlDB, _ := db.DB()
	defer sqlDB.Close()
	var row struct {
		Name, Role, PasswordHash string
	}
	if err := db.Raw(`SELECT name, role, password_hash FROM users WHERE username = 'root'`).Scan(&row).Error; err != nil {
		t.Fatal(err)
	}
	if row.Role != "admin" || row.Name != "Root" {
		t.Errorf("stored user = %+v, want role admin, name Root", row)
	}
	if row.PasswordHash == "s3cret-pass" || !strings.HasPrefix(row.PasswordHash, "$2") {
		t.Errorf("password is not stored as a bcrypt hash: %q", row.PasswordHash)
	}
	u, err := user.NewStore(db).Authenticate(ctx, "root", "s3cret-pass")
	if err != nil || u.Role != "admin" {
		t.Fatalf("sign in with the bootstrapped admin: %v %+v", err, u)
	}

	t.Run("without --admin the role is user and the name defaults to the username", func(t *testing.T) {
		stdout.Reset()
		if err := run(ctx, []string{"users", "create", "--username", "clerk", "--password", "clerk-pass"}, getenv, &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		var got struct{ Name, Role string }
		db.Raw(`SELECT name, role FROM users WHERE username = 'clerk'`).Scan(&got)
		if got.Role != "user" || got.Name != "clerk" {
			t.Errorf("got %+v, want role user, name clerk", got)
		}
	})

	failures := []struct {
		name    string
		args    []string
		env     map[string]string
		wantErr string
	}{
		{"duplicate username (any case)", []string{"users", "create", "--username", "ROOT", "--password", "another-pass"}, env, "already exists"},
		{"missing password", []string{"users", "create", "--username", "x"}, env, "--username and --password are required"},
		{"short password", []string{"users", "create", "--username", "x", "--password", "short"}, env, "at least 8"},
		{"no subcommand", []string{"users"}, env, "usage"},
		{"unknown flag", []string{"users", "create", "--username", "x", "--password", "long-enough", "--root"}, env, "flag provided but not defined"},
		{"no database url", []string{"users", "create", "--username", "x", "--password", "long-enough"}, map[string]string{}, "DATABASE_URL"},
	}
	for _, tt := range failures {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(ctx, tt.args, func(k string) string { return tt.env[k] }, &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
	var count int64
	db.Raw(`SELECT count(*) FROM users`).Scan(&count)
	if count != 2 {
		t.Errorf("users in the database = %d, want 2 (failed commands must not create any)", count)
	}
}
