package app_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/config"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// TestBrokenGeoIPFailsAtStart: a configured GeoIP database that cannot be read stops
// the service when it is built, naming the file, instead of serving without countries.
func TestBrokenGeoIPFailsAtStart(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "country.mmdb")
	if err := os.WriteFile(bad, []byte("not a maxmind database"), 0o644); err != nil {
		t.Fatal(err)
	}
	rdb, err := app.OpenRedis("redis://127.0.0.1:1")
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	_, err = app.New(config.Config{BaseURL: "http://short.test", GeoIPDB: bad}, nil, rdb, quiet())
	if err == nil || !strings.Contains(err.Error(), "country.mmdb") {
		t.Fatalf("New with a broken GEOIP_DB: %v, want an error naming the file", err)
	}
}

// TestWorkersStartAndStop: Start runs the workers (the invalidation listener subscribes:
// Ready), Stop ends them in order and returns; both may be called twice.
func TestWorkersStartAndStop(t *testing.T) {
	db := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 4})
	rdb, err := app.OpenRedis(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rdb.Close() })
	a, err := app.New(config.Config{BaseURL: "http://short.test", DomainCheck: "off"}, db, rdb, quiet())
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	a.Start(context.Background())
	a.Start(context.Background())
	select {
	case <-a.Ready():
	case <-time.After(10 * time.Second):
		t.Fatal("the invalidation listener never subscribed")
	}
	stopped := make(chan struct{})
	go func() { a.Stop(); a.Stop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(20 * time.Second):
		t.Fatal("Stop did not return")
	}
	select {
	case <-a.Clicks.Done():
	default:
		t.Fatal("the click recorder still runs after Stop")
	}
}
