package testkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/testcontainers/testcontainers-go"
	tcpostgres "github.com/testcontainers/testcontainers-go/modules/postgres"
	"github.com/testcontainers/testcontainers-go/wait"
)

const noPostgresHelp = "testkit: no Postgres for tests. Set TEST_DATABASE_URL " +
	"(e.g. postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable), start a Docker " +
	"engine for testcontainers, or run scripts/dev-services.sh and use its URLs"

// staleAfter is how old a leftover test database (from a killed test run) must be before
// a later run drops it.
const staleAfter = 2 * time.Hour

type postgresServer struct {
	adminURL string
}

// NewDatabase returns the URL of a fresh database holding the package's migrated schema.
// It is dropped when the test ends.
func NewDatabase(t testing.TB) string {
	t.Helper()
	s := get(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.ensureTemplate(ctx); err != nil {
		t.Fatalf("%v", err)
	}
	s.nextClone++
	name := fmt.Sprintf("%s_%d", s.prefix, s.nextClone)
	if err := s.pg.createDatabase(ctx, name, s.template); err != nil {
		t.Fatalf("testkit: create test database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := s.pg.dropDatabase(ctx, name); err != nil {
			t.Errorf("testkit: drop test database %s: %v", name, err)
		}
	})
	return s.pg.urlFor(name)
}

// AdminURL returns the URL of the server's maintenance database (for tests that need to
// create roles or inspect pg_database).
func AdminURL(t testing.TB) string {
	t.Helper()
	s := get(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.ensurePostgres(ctx); err != nil {
		t.Fatalf("%v", err)
	}
	return s.pg.adminURL
}

func (s *suite) ensurePostgres(ctx context.Context) error {
	if s.pg != nil || s.pgErr != nil {
		return s.pgErr
	}
	adminURL := os.Getenv("TEST_DATABASE_URL")
	if adminURL == "" {
		url, terminate, err := startPostgresContainer(ctx)
		if err != nil {
			s.pgErr = fmt.Errorf("%s (testcontainers: %v)", noPostgresHelp, err)
			return s.pgErr
		}
		s.atEnd(terminate)
		adminURL = url
	}
	pg := &postgresServer{adminURL: adminURL}
	if err := pg.ping(ctx); err != nil {
		s.pgErr = fmt.Errorf("%s (connect %s: %v)", noPostgresHelp, redactURL(adminURL), err)
		return s.pgErr
	}
	pg.dropStale(ctx)
	s.pg = pg
	return nil
}

func (s *suite) ensureTemplate(ctx context.Context) error {
	if err := s.ensurePostgres(ctx); err != nil {
		return err
	}
	if s.template != "" {
		return nil
	}
	name := s.prefix + "_tpl"
	if err := s.pg.createDatabase(ctx, name, ""); err != nil {
		return fmt.Errorf("testkit: create template database: %w", err)
	}
	s.atEnd(func(ctx context.Context) { _ = s.pg.dropDatabase(ctx, name) })
	if s.migrate != nil {
		if err := s.migrate(ctx, s.pg.urlFor(name)); err != nil {
			return fmt.Errorf("testkit: migrate template database: %w", err)
		}
	}
	// Connections left open by the migration would block CREATE DATABASE ... TEMPLATE.
	if err := s.pg.exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, name); err != nil {
		return fmt.Errorf("testkit: close template connections: %w", err)
	}
	s.template = name
	return nil
}

func startPostgresContainer(ctx context.Context) (string, func(context.Context), error) {
	c, err := tcpostgres.Run(ctx, "postgres:16-alpine",
		tcpostgres.WithDatabase("postgres"),
		tcpostgres.WithUsername("postgres"),
		tcpostgres.WithPassword("postgres"),
		testcontainers.WithWaitStrategy(wait.ForLog("database system is ready to accept connections").WithOccurrence(2).WithStartupTimeout(60*time.Second)),
	)
	if err != nil {
		return "", nil, err
	}
	url, err := c.ConnectionString(ctx, "sslmode=disable")
	if err != nil {
		_ = c.Terminate(ctx)
		return "", nil, err
	}
	return url, func(ctx context.Context) { _ = c.Terminate(ctx) }, nil
}

func (p *postgresServer) urlFor(dbname string) string {
	u, err := url.Parse(p.adminURL)
	if err != nil {
		return p.adminURL // validated by ping already; unreachable in practice
	}
	u.Path = "/" + dbname
	return u.String()
}

func (p *postgresServer) ping(ctx context.Context) error {
	if _, err := url.Parse(p.adminURL); err != nil || !strings.HasPrefix(p.adminURL, "postgres") {
		return fmt.Errorf("TEST_DATABASE_URL must be a postgres:// URL")
	}
	return p.exec(ctx, "SELECT 1")
}

func (p *postgresServer) exec(ctx context.Context, sql string, args ...any) error {
	conn, err := pgx.Connect(ctx, p.adminURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql, args...)
	return err
}

func (p *postgresServer) createDatabase(ctx context.Context, name, template string) error {
	stmt := "CREATE DATABASE " + pgx.Identifier{name}.Sanitize()
	if template != "" {
		stmt += " TEMPLATE " + pgx.Identifier{template}.Sanitize()
	}
	var err error
	for attempt := 0; attempt < 20; attempt++ {
		err = p.exec(ctx, stmt)
		var pgErr *pgconn.PgError
		// 55006: the template is briefly in use (another clone in progress).
		if err == nil || !errors.As(err, &pgErr) || pgErr.Code != "55006" {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func (p *postgresServer) dropDatabase(ctx context.Context, name string) error {
	return p.exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
}

// dropStale removes databases left by test runs that were killed before cleaning up.
func (p *postgresServer) dropStale(ctx context.Context) {
	conn, err := pgx.Connect(ctx, p.adminURL)
	if err != nil {
		return
	}
	rows, err := conn.Query(ctx, `SELECT datname FROM pg_database WHERE datname LIKE 'tk\_%'`)
	if err != nil {
		conn.Close(ctx)
		return
	}
	names, _ := pgx.CollectRows(rows, pgx.RowTo[string])
	conn.Close(ctx)
	for _, name := range names {
		parts := strings.SplitN(name, "_", 3)
		if len(parts) < 3 {
			continue
		}
		created, err := strconv.ParseInt(parts[1], 10, 64)
		if err != nil || time.Since(time.Unix(created, 0)) < staleAfter {
			continue
		}
		_ = p.dropDatabase(ctx, name)
	}
}

func randomSuffix() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable url)"
	}
	return u.Redacted()
}
