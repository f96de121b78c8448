package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
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

	db := testdb.OpenURL(t, url, database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
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
	u, err := user.NewRepository(db).Authenticate(ctx, "root", "s3cret-pass")
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

// TestUsersManagementCommands runs every management command as an operator would and
// checks the database after each, including the API's last-admin rule.
func TestUsersManagementCommands(t *testing.T) {
	url := testkit.NewDatabase(t)
	env := map[string]string{"DATABASE_URL": url}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	cli := func(args ...string) (string, error) {
		var stdout, stderr bytes.Buffer
		err := run(ctx, append([]string{"users"}, args...), getenv, &stdout, &stderr)
		return stdout.String(), err
	}
	db := testdb.OpenURL(t, url, database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
	type row struct {
		ID, Role     string
		IsActive     bool
		TokenVersion int64
	}
	state := func(username string) row {
		t.Helper()
		var r row
		if err := db.Raw(`SELECT id, role, is_active, token_version FROM users WHERE username = ?`, username).Scan(&r).Error; err != nil || r.ID == "" {
			t.Fatalf("user %s: %v", username, err)
		}
		return r
	}
	for _, args := range [][]string{
		{"create", "--username", "root", "--password", "root-pass-1", "--admin"},
		{"create", "--username", "clerk", "--password", "clerk-pass"},
	} {
		if _, err := cli(args...); err != nil {
			t.Fatal(err)
		}
	}
	clerk := state("clerk")

	steps := []struct {
		name    string
		args    []string
		wantOut string
		check   func(t *testing.T)
	}{
		{"deactivate by username, any case", []string{"deactivate", "CLERK"}, "deactivated user clerk", func(t *testing.T) {
			if r := state("clerk"); r.IsActive || r.TokenVersion != clerk.TokenVersion+1 {
				t.Errorf("after deactivate: %+v", r)
			}
		}},
		{"activate by id", []string{"activate", clerk.ID}, "activated user clerk", func(t *testing.T) {
			if r := state("clerk"); !r.IsActive {
				t.Errorf("after activate: %+v", r)
			}
		}},
		{"set-role", []string{"set-role", "clerk", "admin"}, "now has the role admin", func(t *testing.T) {
			if r := state("clerk"); r.Role != "admin" {
				t.Errorf("after set-role: %+v", r)
			}
		}},
		{"reset-password with a flag after the user", []string{"reset-password", "clerk", "--password", "brand-new-pass"}, "reset", func(t *testing.T) {
			if _, err := user.NewRepository(db).Authenticate(ctx, "clerk", "brand-new-pass"); err != nil {
				t.Errorf("new password: %v", err)
			}
		}},
		{"list", []string{"list"}, `"clerk"`, nil},
		{"delete", []string{"delete", "clerk"}, "deleted user clerk", func(t *testing.T) {
			var n int64
			db.Raw(`SELECT count(*) FROM users WHERE username = 'clerk'`).Scan(&n)
			if n != 0 {
				t.Error("clerk still exists")
			}
		}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			out, err := cli(st.args...)
			if err != nil || !strings.Contains(out, st.wantOut) {
				t.Fatalf("%v: out %q, err %v; want %q", st.args, out, err, st.wantOut)
			}
			if st.check != nil {
				st.check(t)
			}
		})
	}

	t.Run("reset-password without --password prints a random one alone on the last line", func(t *testing.T) {
		out, err := cli("reset-password", "root")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		password := lines[len(lines)-1]
		if len(password) < 16 {
			t.Fatalf("last line %q is not a generated password", password)
		}
		if _, err := user.NewRepository(db).Authenticate(ctx, "root", password); err != nil {
			t.Fatalf("sign in with the printed password: %v", err)
		}
	})

	t.Run("list --json", func(t *testing.T) {
		out, err := cli("list", "--json", "--limit", "10")
		var list []map[string]any
		if err != nil || json.Unmarshal([]byte(out), &list) != nil || len(list) != 1 || list[0]["username"] != "root" {
			t.Fatalf("out %q, err %v", out, err)
		}
		if strings.Contains(out, "password") || strings.Contains(out, "$2") {
			t.Errorf("list prints secrets: %s", out)
		}
	})

	failures := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"deactivate the last admin", []string{"deactivate", "root"}, "last active admin"},
		{"demote the last admin", []string{"set-role", "root", "user"}, "last active admin"},
		{"delete the last admin", []string{"delete", "root"}, "last active admin"},
		{"unknown user", []string{"deactivate", "nobody"}, "not found"},
		{"unknown id", []string{"delete", "7d1f4c0e-1111-4222-8333-944455556666"}, "not found"},
		{"invisible characters match nobody", []string{"deactivate", "root\u200b"}, "No user"},
		{"unknown role", []string{"set-role", "root", "superuser"}, "'admin' or 'user'"},
		{"short password", []string{"reset-password", "root", "--password", "short"}, "at least 8"},
		{"missing user", []string{"deactivate"}, "want 1 argument"},
		{"extra argument", []string{"delete", "root", "other"}, "want 1 argument"},
		{"unknown command", []string{"promote", "root"}, "unknown command"},
		{"bad limit", []string{"list", "--limit", "0"}, "--limit"},
	}
	for _, tt := range failures {
		t.Run(tt.name, func(t *testing.T) {
			_, err := cli(tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
	if r := state("root"); r.Role != "admin" || !r.IsActive {
		t.Errorf("root after the refused commands: %+v", r)
	}
}
