// Package migrations embeds the linkmgmt schema's versioned SQL migrations (goose).
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

// Schema is the Postgres schema holding every linkmgmt table.
const Schema = "linkmgmt"

//go:embed *.sql
var files embed.FS

// Apply runs every pending migration against databaseURL.
func Apply(ctx context.Context, databaseURL string, log *slog.Logger) error {
	return database.MigrateURL(ctx, databaseURL, files, Schema, log)
}
