package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
	envconfig "github.com/loyaltylinks/platform/shared/config"
	"github.com/loyaltylinks/platform/shared/database"
)

// usersCommand runs `loyalty users create ...`. It needs only DATABASE_URL (no JWT
// secret), so the first admin can be created before the service is configured to serve.
func usersCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(stderr, usage)
		return errors.New("usage: loyalty users create --username U --password P [--name N] [--admin]")
	}
	fs := flag.NewFlagSet("users create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	username := fs.String("username", "", "username to sign in with (required)")
	password := fs.String("password", "", "password, 8 to 72 bytes (required)")
	name := fs.String("name", "", "display name (default: the username)")
	admin := fs.Bool("admin", false, "give the user the admin role")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("users create: unexpected argument %q", fs.Arg(0))
	}
	if *username == "" || *password == "" {
		return errors.New("users create: --username and --password are required")
	}

	env := envconfig.NewEnv(getenv)
	databaseURL := env.URL("DATABASE_URL", true, "postgres", "postgresql")
	if err := env.Err(); err != nil {
		return fmt.Errorf("invalid configuration:\n%w", err)
	}
	db, err := database.Open(databaseURL, database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	if sqlDB, err := db.DB(); err == nil {
		defer sqlDB.Close()
	}

	role := auth.RoleUser
	if *admin {
		role = auth.RoleAdmin
	}
	u, err := user.NewStore(db).Create(ctx, user.CreateInput{Username: *username, Password: *password, Name: *name, Role: role})
	if err != nil {
		if e, ok := apperr.As(err); ok {
			return fmt.Errorf("users create: %s", e.Message) // the client message, without the code
		}
		return fmt.Errorf("users create: %w", err)
	}
	fmt.Fprintf(stdout, "created %s user %s (id %s)\n", u.Role, u.Username, u.ID)
	return nil
}
