package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
)

// emptyDatabase is a test database with the service's schemas dropped: a fresh server.
func emptyDatabase(t *testing.T) string {
	t.Helper()
	url := testkit.NewDatabase(t)
	db := testdb.OpenURL(t, url, database.Options{})
	defer func() { _ = database.Close(db) }()
	if err := db.Exec(`DROP SCHEMA ` + migrations.Schema + ` CASCADE; DROP SCHEMA reporting CASCADE`).Error; err != nil {
		t.Fatal(err)
	}
	return url
}

// TestDatabaseCommandsOnAFreshDatabase: migrate and users read only the database
// variables (no JWT_SECRET, nothing else of the service), and every command that opens
// the database applies the migrations first unless MIGRATE_ON_START=false, as serve does.
func TestDatabaseCommandsOnAFreshDatabase(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		wantErr string
	}{
		{"migrate without JWT_SECRET", []string{"migrate"}, nil, ""},
		{"users create migrates first", []string{"users", "create", "--username", "root", "--password", "s3cret-pass", "--admin"}, nil, ""},
		{"users list migrates first", []string{"users", "list"}, nil, ""},
		{"users with MIGRATE_ON_START=false leaves the database as it is", []string{"users", "list"},
			map[string]string{"MIGRATE_ON_START": "false"}, "does not exist"},
		{"a broken variable of another area is not read", []string{"users", "list"},
			map[string]string{"JWT_SECRET": "short", "AI_PROVIDER": "nonsense"}, ""},
		{"a broken database variable is", []string{"users", "list"}, map[string]string{"DB_MAX_CONNS": "zero"}, "DB_MAX_CONNS"},
		{"migrate names a bad DATABASE_URL", []string{"migrate"}, map[string]string{"DATABASE_URL": "mysql://x"}, "DATABASE_URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"DATABASE_URL": emptyDatabase(t)}
			for k, v := range tt.env {
				env[k] = v
			}
			var stdout, stderr bytes.Buffer
			err := run(ctx, tt.args, func(k string) string { return env[k] }, &stdout, &stderr)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("%v: %v (stderr %s)", tt.args, err, stderr.String())
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("%v: %v, want an error containing %q", tt.args, err, tt.wantErr)
			}
		})
	}
}
