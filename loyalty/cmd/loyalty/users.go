package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/config"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/nullable"
	"github.com/loyaltylinks/platform/shared/server"
)

const usersUsage = `usage: loyalty users <command> [arguments]

commands:
  create --username U --password P [--name N] [--admin]
                                create a user (the first admin, typically)
  list [--limit N] [--offset N] [--json]
                                users, oldest first (default limit 100, at most 1000)
  deactivate USER               stop USER signing in; its tokens stop working within seconds
  activate USER                 let USER sign in again (tokens revoked before stay revoked)
  set-role USER admin|user      change USER's role; its tokens follow within seconds
  reset-password USER [--password P]
                                set a new password (a random one, printed alone on the last
                                line, when --password is left out); revokes USER's tokens
  delete USER                   remove USER for good (its report-query history is kept)

USER is a username (any case, as typed at sign-in) or a user id. The rules are the API's:
the last active admin cannot be deactivated, demoted or deleted. Only the database
variables are read (DATABASE_URL, DB_MAX_CONNS, MIGRATE_ON_START, LOG_LEVEL); the
migrations are applied first unless MIGRATE_ON_START=false.
`

// usersCommand runs `loyalty users ...`. It reads only the database variables (no JWT
// secret), so the first admin can be created before the service is configured to serve,
// and an operator can recover an account without a working admin token. It opens the
// database as serve does (migrating first unless MIGRATE_ON_START=false), so it works on
// a fresh database too.
func usersCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, usersUsage)
		if len(args) == 0 {
			return errors.New("users: missing command (usage above)")
		}
		return nil
	}
	cmd, args := args[0], args[1:]
	fs := flag.NewFlagSet("loyalty users "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usersUsage) }

	var run func(context.Context, *user.Repository, []string) error
	wantArgs := 1
	switch cmd {
	case "create":
		username := fs.String("username", "", "username to sign in with (required)")
		password := fs.String("password", "", "password, 8 to 72 bytes (required)")
		name := fs.String("name", "", "display name (default: the username)")
		admin := fs.Bool("admin", false, "give the user the admin role")
		wantArgs = 0
		run = func(ctx context.Context, users *user.Repository, _ []string) error {
			if *username == "" || *password == "" {
				return errors.New("--username and --password are required")
			}
			role := auth.RoleUser
			if *admin {
				role = auth.RoleAdmin
			}
			u, err := users.Create(ctx, user.CreateInput{Username: *username, Password: *password, Name: *name, Role: role})
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "created %s user %s (id %s)\n", u.Role, u.Username, u.ID)
			return nil
		}
	case "list":
		limit := fs.Int("limit", 100, "users to print, 1 to 1000")
		offset := fs.Int("offset", 0, "users to skip")
		asJSON := fs.Bool("json", false, "print a JSON array")
		wantArgs = 0
		run = func(ctx context.Context, users *user.Repository, _ []string) error {
			if *limit < 1 || *limit > 1000 || *offset < 0 {
				return errors.New("--limit must be 1 to 1000 and --offset >= 0")
			}
			list, err := users.List(ctx, *limit, *offset)
			if err != nil {
				return err
			}
			return printUsers(stdout, list, *asJSON)
		}
	case "deactivate", "activate":
		active := cmd == "activate"
		run = func(ctx context.Context, users *user.Repository, args []string) error {
			u, err := update(ctx, users, args[0], user.Update{IsActive: nullable.Of(active)})
			if err != nil {
				return err
			}
			if active {
				fmt.Fprintf(stdout, "activated user %s (id %s)\n", u.Username, u.ID)
			} else {
				fmt.Fprintf(stdout, "deactivated user %s (id %s): it cannot sign in and its tokens are revoked\n", u.Username, u.ID)
			}
			return nil
		}
	case "set-role":
		wantArgs = 2
		run = func(ctx context.Context, users *user.Repository, args []string) error {
			u, err := update(ctx, users, args[0], user.Update{Role: nullable.Of(args[1])})
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "user %s (id %s) now has the role %s\n", u.Username, u.ID, u.Role)
			return nil
		}
	case "reset-password":
		password := fs.String("password", "", "the new password, 8 to 72 bytes (default: a random one, printed)")
		run = func(ctx context.Context, users *user.Repository, args []string) error {
			generated := *password == ""
			if generated {
				*password = randomPassword()
			}
			u, err := update(ctx, users, args[0], user.Update{Password: nullable.Of(*password)})
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "password of user %s (id %s) reset: its tokens are revoked\n", u.Username, u.ID)
			if generated {
				fmt.Fprintln(stdout, *password)
			}
			return nil
		}
	case "delete":
		run = func(ctx context.Context, users *user.Repository, args []string) error {
			target, err := find(ctx, users, args[0])
			if err != nil {
				return err
			}
			u, err := users.Delete(ctx, target.ID)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "deleted user %s (id %s)\n", u.Username, u.ID)
			return nil
		}
	default:
		fmt.Fprint(stderr, usersUsage)
		return fmt.Errorf("users: unknown command %q", cmd)
	}

	positional, err := parseInterleaved(fs, args)
	if err != nil {
		return fmt.Errorf("users %s: %w", cmd, err)
	}
	if len(positional) != wantArgs {
		fmt.Fprint(stderr, usersUsage)
		return fmt.Errorf("users %s: want %d argument(s), got %d (usage above)", cmd, wantArgs, len(positional))
	}

	dbConfig, err := config.LoadDatabase(getenv)
	if err != nil {
		return err
	}
	logger, err := server.NewLogger(stderr, dbConfig.LogLevel, "loyalty")
	if err != nil {
		return err
	}
	db, closeDB, err := openDB(ctx, dbConfig, logger)
	if err != nil {
		return err
	}
	defer closeDB()
	// The users command builds only the user store: it needs no other service, and no
	// configuration but the database's.
	if err := run(ctx, user.NewRepository(db), positional); err != nil {
		if e, ok := apperr.As(err); ok {
			return fmt.Errorf("users %s: %s", cmd, e.Message) // the client message, without the code
		}
		return fmt.Errorf("users %s: %w", cmd, err)
	}
	return nil
}

// parseInterleaved parses flags placed before, between or after positional arguments
// (`reset-password maria --password X`), which flag.Parse alone stops at.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// find returns the user named by ref: a user id, else a username as typed at sign-in.
func find(ctx context.Context, users *user.Repository, ref string) (user.User, error) {
	u, err := users.ByID(ctx, ref)
	if apperr.Is(err, apperr.NotFound) {
		u, err = users.ByUsername(ctx, ref)
	}
	if apperr.Is(err, apperr.Invalid) {
		return user.User{}, apperr.New(apperr.NotFound, "No user %q", ref)
	}
	return u, err
}

func update(ctx context.Context, users *user.Repository, ref string, change user.Update) (user.User, error) {
	target, err := find(ctx, users, ref)
	if err != nil {
		return user.User{}, err
	}
	return users.Update(ctx, target.ID, change)
}

func printUsers(w io.Writer, list []user.User, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(list)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tUSERNAME\tROLE\tACTIVE\tNAME\tCREATED")
	for _, u := range list {
		fmt.Fprintf(tw, "%s\t%q\t%s\t%t\t%q\t%s\n", u.ID, u.Username, u.Role, u.IsActive, u.Name, u.CreatedAt.UTC().Format(time.RFC3339))
	}
	return tw.Flush()
}

// randomPassword is 128 bits from crypto/rand, URL-safe base64 (22 characters).
func randomPassword() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}
