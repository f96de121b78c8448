package database

import (
	"context"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/loyaltylinks/platform/shared/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m, nil) }

var testMigrations = fstest.MapFS{
	"00001_a.sql": {Data: []byte("-- +goose Up\nCREATE TABLE a (id int);\n-- +goose Down\nDROP TABLE a;\n")},
	"00002_b.sql": {Data: []byte("-- +goose Up\nINSERT INTO a VALUES (1);\n-- +goose Down\nDELETE FROM a;\n")},
}

// TestMigrateConcurrently plays several replicas starting at once: the advisory lock makes
// them apply each migration exactly once, inside the service schema.
func TestMigrateConcurrently(t *testing.T) {
	url := testkit.NewDatabase(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- MigrateURL(ctx, url, testMigrations, "svc", nil)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("migrate: %v", err)
		}
	}
	db, err := Open(url, Options{Schema: "svc"})
	if err != nil {
		t.Fatal(err)
	}
	sqlDB, _ := db.DB()
	defer sqlDB.Close()
	if err := Ping(ctx, db); err != nil {
		t.Fatal(err)
	}
	var rows, versions int64
	if err := db.Raw(`SELECT count(*) FROM a`).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Raw(`SELECT count(*) FROM svc.goose_db_version WHERE version_id > 0`).Scan(&versions).Error; err != nil {
		t.Fatal(err)
	}
	if rows != 1 || versions != 2 {
		t.Fatalf("rows in a = %d (want 1), versions = %d (want 2)", rows, versions)
	}
	var schema string
	if err := db.Raw(`SELECT table_schema FROM information_schema.tables WHERE table_name = 'a'`).Scan(&schema).Error; err != nil || schema != "svc" {
		t.Fatalf("table a in schema %q (%v), want svc", schema, err)
	}
}

// TestCloseClosesThePool: after Close the handle no longer reaches the database.
func TestCloseClosesThePool(t *testing.T) {
	ctx := context.Background()
	db, err := Open(testkit.NewDatabase(t), Options{MaxOpenConns: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := Ping(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := Close(db); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := Ping(ctx, db); err == nil {
		t.Fatal("Ping after Close succeeded, want an error")
	}
}
