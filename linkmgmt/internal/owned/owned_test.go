package owned_test

import (
	"context"
	"errors"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/pagination"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) { testkit.Main(m, nil) }

// note is a row of a table made for the test, so the helper is proved apart from any
// resource's own rules.
type note struct {
	ID        int64 `gorm:"primaryKey"`
	AccountID int64
	Body      string
	Slug      *string
}

var errNoteNotFound = apperr.Define(apperr.NotFound, "note_not_found", "Note not found")

func newNotes(t *testing.T) (owned.Table[note], *gorm.DB) {
	t.Helper()
	db := testdb.Open(t, database.Options{MaxOpenConns: 2})
	if err := db.Exec(`CREATE TABLE notes (
		id bigserial PRIMARY KEY,
		account_id bigint NOT NULL,
		body text NOT NULL DEFAULT 'empty',
		slug text UNIQUE)`).Error; err != nil {
		t.Fatal(err)
	}
	return owned.NewTable[note](db, "note", errNoteNotFound), db
}

func insert(t *testing.T, notes owned.Table[note], accountID int64, body string) note {
	t.Helper()
	n, err := notes.Insert(context.Background(), accountID, map[string]any{"body": body})
	if err != nil {
		t.Fatalf("insert: %v", err)
	}
	return n
}

func TestInsertAppliesDefaultsAndReturnsTheRow(t *testing.T) {
	notes, _ := newNotes(t)
	n, err := notes.Insert(context.Background(), 7, map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if n.ID == 0 || n.AccountID != 7 || n.Body != "empty" {
		t.Fatalf("inserted %+v, want an id, account 7 and the default body", n)
	}
}

func TestEveryMethodIsScopedToTheAccount(t *testing.T) {
	ctx := context.Background()
	notes, _ := newNotes(t)
	mine := insert(t, notes, 1, "mine")

	if _, err := notes.Get(ctx, 2, mine.ID); !errors.Is(err, errNoteNotFound) {
		t.Errorf("Get from another account: %v, want the not-found error", err)
	}
	if _, err := notes.Update(ctx, 2, mine.ID, map[string]any{"body": "stolen"}); !errors.Is(err, errNoteNotFound) {
		t.Errorf("Update from another account: %v, want the not-found error", err)
	}
	if _, err := notes.Update(ctx, 2, mine.ID, map[string]any{}); !errors.Is(err, errNoteNotFound) {
		t.Errorf("empty Update from another account: %v, want the not-found error", err)
	}
	if _, err := notes.Delete(ctx, 2, mine.ID); !errors.Is(err, errNoteNotFound) {
		t.Errorf("Delete from another account: %v, want the not-found error", err)
	}
	got, err := notes.Get(ctx, 1, mine.ID)
	if err != nil || got.Body != "mine" {
		t.Fatalf("after the other account's attempts: %+v, %v; want the row unchanged", got, err)
	}
}

func TestUpdateReturnsTheUpdatedRow(t *testing.T) {
	ctx := context.Background()
	notes, _ := newNotes(t)
	n := insert(t, notes, 1, "before")

	got, err := notes.Update(ctx, 1, n.ID, map[string]any{"body": "after"})
	if err != nil || got.ID != n.ID || got.AccountID != 1 || got.Body != "after" {
		t.Fatalf("Update = %+v, %v; want the row with body after", got, err)
	}
	got, err = notes.Update(ctx, 1, n.ID, map[string]any{})
	if err != nil || got.Body != "after" {
		t.Fatalf("empty Update = %+v, %v; want the row unchanged", got, err)
	}
	if _, err := notes.Update(ctx, 1, n.ID+100, map[string]any{"body": "x"}); !errors.Is(err, errNoteNotFound) {
		t.Fatalf("Update of a missing row: %v, want the not-found error", err)
	}
}

func TestUpdateKeepsTheDriverErrorTestable(t *testing.T) {
	ctx := context.Background()
	notes, _ := newNotes(t)
	a, b := insert(t, notes, 1, "a"), insert(t, notes, 1, "b")
	if _, err := notes.Update(ctx, 1, a.ID, map[string]any{"slug": "taken"}); err != nil {
		t.Fatal(err)
	}
	_, err := notes.Update(ctx, 1, b.ID, map[string]any{"slug": "taken"})
	if !errors.Is(err, gorm.ErrDuplicatedKey) {
		t.Fatalf("duplicate slug: %v, want an error wrapping gorm.ErrDuplicatedKey", err)
	}
}

func TestDeleteReturnsTheDeletedRow(t *testing.T) {
	ctx := context.Background()
	notes, db := newNotes(t)
	n := insert(t, notes, 1, "gone soon")

	got, err := notes.Delete(ctx, 1, n.ID)
	if err != nil || got.ID != n.ID || got.Body != "gone soon" {
		t.Fatalf("Delete = %+v, %v; want the row as it was", got, err)
	}
	var left int64
	if err := db.Raw(`SELECT count(*) FROM notes`).Scan(&left).Error; err != nil || left != 0 {
		t.Fatalf("rows left = %d, %v; want 0", left, err)
	}
	if _, err := notes.Delete(ctx, 1, n.ID); !errors.Is(err, errNoteNotFound) {
		t.Fatalf("second Delete: %v, want the not-found error", err)
	}
}

func TestListPagesTheAccountsRowsNewestFirst(t *testing.T) {
	ctx := context.Background()
	notes, _ := newNotes(t)
	var ids []int64
	for i := 0; i < 5; i++ {
		ids = append(ids, insert(t, notes, 1, "n").ID)
		insert(t, notes, 2, "other") // interleaved rows of another account
	}
	tests := []struct {
		page pagination.Page
		want []int64
	}{
		{pagination.Page{Page: 1, Limit: 2}, []int64{ids[4], ids[3]}},
		{pagination.Page{Page: 2, Limit: 2}, []int64{ids[2], ids[1]}},
		{pagination.Page{Page: 3, Limit: 2}, []int64{ids[0]}},
		{pagination.Page{Page: 4, Limit: 2}, nil},
	}
	for _, tt := range tests {
		rows, total, err := notes.List(ctx, 1, tt.page)
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, r := range rows {
			if r.AccountID != 1 {
				t.Fatalf("page %d holds a row of account %d", tt.page.Page, r.AccountID)
			}
			got = append(got, r.ID)
		}
		if total != 5 || len(got) != len(tt.want) {
			t.Fatalf("page %d: ids %v, total %d; want %v, total 5", tt.page.Page, got, total, tt.want)
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Fatalf("page %d: ids %v, want %v", tt.page.Page, got, tt.want)
			}
		}
	}
}

// TestOwnership: the check other packages make before a link refers to a row (pixels,
// splash pages, overlays, channels, campaigns): every id must be the account's.
func TestOwnership(t *testing.T) {
	ctx := context.Background()
	notes, _ := newNotes(t)
	a, b := insert(t, notes, 1, "a"), insert(t, notes, 1, "b")
	theirs := insert(t, notes, 2, "theirs")
	for _, tt := range []struct {
		name string
		ids  []int64
		want bool
	}{
		{"none", nil, true},
		{"one of mine", []int64{a.ID}, true},
		{"all of mine, repeated", []int64{b.ID, a.ID, b.ID}, true},
		{"another account's", []int64{theirs.ID}, false},
		{"mine and theirs", []int64{a.ID, theirs.ID}, false},
		{"missing", []int64{a.ID, theirs.ID + 1000}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := notes.OwnsAll(ctx, 1, tt.ids)
			if err != nil || got != tt.want {
				t.Fatalf("OwnsAll(%v) = %v, %v; want %v", tt.ids, got, err, tt.want)
			}
			if len(tt.ids) == 1 {
				if got, err := notes.Owns(ctx, 1, tt.ids[0]); err != nil || got != tt.want {
					t.Fatalf("Owns(%d) = %v, %v; want %v", tt.ids[0], got, err, tt.want)
				}
			}
		})
	}
}
