package owned_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
)

// noteFields are the test table's editable fields: a new note needs its body.
type noteFields struct{ Body *string }

var errNoteInvalid = apperr.Define(apperr.Invalid, "note_invalid", "Invalid note")

func (f noteFields) Columns(creating bool) (map[string]any, error) {
	if f.Body == nil {
		if creating {
			return nil, errNoteInvalid.Withf("body is required")
		}
		return map[string]any{}, nil
	}
	if strings.TrimSpace(*f.Body) == "" {
		return nil, errNoteInvalid.Withf("body must not be blank")
	}
	return map[string]any{"body": strings.TrimSpace(*f.Body)}, nil
}

// heard records what a resource announced.
type heard struct{ bodies []string }

func (h *heard) changed(_ context.Context, n note) { h.bodies = append(h.bodies, n.Body) }

func newEditable(t *testing.T) (owned.Editable[note, noteFields], *heard) {
	t.Helper()
	_, db := newNotes(t)
	h := &heard{}
	return owned.NewEditable[note, noteFields](db, "note", errNoteNotFound, h.changed), h
}

func ptr(s string) *string { return &s }

// TestEditableWritesAnnounceWhatTheyChanged: every update and delete of a row is
// announced once, after the write, with the row as written; creations (no copy of a new
// row exists) and refused or missing writes are not.
func TestEditableWritesAnnounceWhatTheyChanged(t *testing.T) {
	ctx := context.Background()
	notes, h := newEditable(t)

	if _, err := notes.Create(ctx, 1, noteFields{}); !errors.Is(err, errNoteInvalid) {
		t.Fatalf("Create without a body: %v, want the invalid error", err)
	}
	n, err := notes.Create(ctx, 1, noteFields{Body: ptr(" first ")})
	if err != nil || n.Body != "first" || n.AccountID != 1 {
		t.Fatalf("Create = %+v, %v; want the trimmed body in account 1", n, err)
	}
	if _, err := notes.Update(ctx, 1, n.ID, noteFields{Body: ptr(" ")}); !errors.Is(err, errNoteInvalid) {
		t.Fatalf("blank Update: %v, want the invalid error", err)
	}
	if _, err := notes.Update(ctx, 2, n.ID, noteFields{Body: ptr("stolen")}); !errors.Is(err, errNoteNotFound) {
		t.Fatalf("Update from another account: %v, want the not-found error", err)
	}
	got, err := notes.Update(ctx, 1, n.ID, noteFields{Body: ptr("second")})
	if err != nil || got.Body != "second" {
		t.Fatalf("Update = %+v, %v; want body second", got, err)
	}
	if err := notes.Delete(ctx, 2, n.ID); !errors.Is(err, errNoteNotFound) {
		t.Fatalf("Delete from another account: %v, want the not-found error", err)
	}
	if err := notes.Delete(ctx, 1, n.ID); err != nil {
		t.Fatal(err)
	}
	if err := notes.Delete(ctx, 1, n.ID); !errors.Is(err, errNoteNotFound) {
		t.Fatalf("second Delete: %v, want the not-found error", err)
	}
	if want := []string{"second", "second"}; strings.Join(h.bodies, ",") != strings.Join(want, ",") {
		t.Fatalf("announced %q, want %q (the update, then the delete)", h.bodies, want)
	}
}

// TestResourceWithoutListener: a resource nothing copies (changed nil) writes all the same.
func TestResourceWithoutListener(t *testing.T) {
	ctx := context.Background()
	_, db := newNotes(t)
	notes := owned.NewEditable[note, noteFields](db, "note", errNoteNotFound, nil)
	n, err := notes.Create(ctx, 1, noteFields{Body: ptr("a")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := notes.UpdateColumns(ctx, 1, n.ID, map[string]any{"body": "b"}); err != nil {
		t.Fatal(err)
	}
	if err := notes.Delete(ctx, 1, n.ID); err != nil {
		t.Fatal(err)
	}
	if rows, total, err := notes.List(ctx, 1, pagination.Page{Page: 1, Limit: 10}); err != nil || total != 0 || len(rows) != 0 {
		t.Fatalf("List after the delete = %v, %d, %v; want nothing", rows, total, err)
	}
}
