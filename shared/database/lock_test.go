package database

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/testkit"
	"gorm.io/gorm"
)

type lockedThing struct {
	ID   string
	Name string
}

// TestLockByID: the row comes back locked (a second transaction waits for the first), an
// unknown id is the caller's not-found error.
func TestLockByID(t *testing.T) {
	db, err := Open(testkit.NewDatabase(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = Close(db) })
	ctx := context.Background()
	if err := db.Exec(`CREATE TABLE locked_things (id text PRIMARY KEY, name text); INSERT INTO locked_things VALUES ('a', 'first')`).Error; err != nil {
		t.Fatal(err)
	}
	errMissing := errors.New("missing")
	if _, err := LockByID[lockedThing](db.WithContext(ctx), "zz", errMissing); !errors.Is(err, errMissing) {
		t.Fatalf("unknown id: %v", err)
	}
	held := make(chan struct{})
	release := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if _, err := LockByID[lockedThing](tx, "a", errMissing); err != nil {
				return err
			}
			close(held)
			<-release
			return tx.Exec(`UPDATE locked_things SET name = 'second' WHERE id = 'a'`).Error
		})
	}()
	<-held
	start := time.Now()
	time.AfterFunc(300*time.Millisecond, func() { close(release) })
	err = db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		row, err := LockByID[lockedThing](tx, "a", errMissing)
		if err == nil && row.Name != "second" {
			t.Errorf("read %q while the other transaction held the row, want its committed change", row.Name)
		}
		return err
	})
	if err != nil || time.Since(start) < 250*time.Millisecond {
		t.Fatalf("second lock: %v after %v, want it to wait for the first", err, time.Since(start))
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
