// Package migrations embeds the loyalty schema's versioned SQL migrations (goose).
//
// 00001 is the initial schema; later files take the next free number. Never edit a
// migration that has been released: add a new one.
package migrations

import (
	"context"
	"embed"
	"log/slog"

	"github.com/loyaltylinks/platform/shared/database"
)

// Schema is the Postgres schema holding every loyalty table.
const Schema = "loyalty"

//go:embed *.sql
var files embed.FS

// Apply runs every pending migration against databaseURL.
func Apply(ctx context.Context, databaseURL string, log *slog.Logger) error {
	return database.MigrateURL(ctx, databaseURL, files, Schema, log)
}
