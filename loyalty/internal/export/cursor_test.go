package export

import (
	"context"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
)

// An export's query runs without JIT compilation (its first byte waited for the compile,
// docs/sizing.md "Fifth pass"), and the setting ends with the export's transaction: the
// pooled connection it ran on keeps the server's own setting.
func TestCursorRunsWithoutJIT(t *testing.T) {
	ctx := context.Background()
	gdb := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 1})
	db, err := gdb.DB()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := openCursor(ctx, db, "SELECT current_setting('jit') FROM generate_series(1, $1::int)", []any{cursorFirstBatch + 3})
	if err != nil {
		t.Fatalf("open cursor: %v", err)
	}
	n := 0
	for rows.Next() {
		var jit string
		if err := rows.Scan(&jit); err != nil {
			t.Fatal(err)
		}
		if jit != "off" {
			t.Fatalf("row %d: jit = %q inside the export's cursor, want off", n+1, jit)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	if n != cursorFirstBatch+3 {
		t.Errorf("rows = %d, want %d (past the first batch)", n, cursorFirstBatch+3)
	}
	var now, server string
	if err := db.QueryRowContext(ctx, "SELECT current_setting('jit'), reset_val FROM pg_settings WHERE name = 'jit'").Scan(&now, &server); err != nil {
		t.Fatal(err)
	}
	if now != server {
		t.Errorf("after the export the connection has jit = %q, the server's setting is %q", now, server)
	}
}
