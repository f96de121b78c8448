package owned

import (
	"context"

	"github.com/loyaltylinks/platform/shared/pagination"
	"gorm.io/gorm"
)

// Resource is the store of one kind of an account's resources (overlays, splash pages,
// channels, campaigns, pixels) over a Table: the reads, and writes that tell changed
// about every row they change or remove, so that copies kept elsewhere (the redirect's
// cached links, the campaign pages) are dropped. A resource's store embeds it and adds
// what is its own (creating from its input, assigning, ...).
type Resource[T any] struct {
	rows    Table[T]
	changed func(ctx context.Context, row T) // nil: nothing copies these rows
}

// NewResource returns a Resource over db (noun and notFound as for NewTable); changed,
// when not nil, hears about each row updated or deleted, after the write.
func NewResource[T any](db *gorm.DB, noun string, notFound error, changed func(ctx context.Context, row T)) Resource[T] {
	return Resource[T]{rows: NewTable[T](db, noun, notFound), changed: changed}
}

func (r Resource[T]) announce(ctx context.Context, row T) {
	if r.changed != nil {
		r.changed(ctx, row)
	}
}

// Get returns one row of the account.
func (r Resource[T]) Get(ctx context.Context, accountID, id int64) (T, error) {
	return r.rows.Get(ctx, accountID, id)
}

// Owns reports whether the account has the row id (for the links that refer to it).
func (r Resource[T]) Owns(ctx context.Context, accountID, id int64) (bool, error) {
	return r.rows.Owns(ctx, accountID, id)
}

// OwnsAll reports whether the account has every row of ids.
func (r Resource[T]) OwnsAll(ctx context.Context, accountID int64, ids []int64) (bool, error) {
	return r.rows.OwnsAll(ctx, accountID, ids)
}

// List returns one page of the account's rows, newest first, and the total count.
func (r Resource[T]) List(ctx context.Context, accountID int64, p pagination.Page) ([]T, int, error) {
	return r.rows.List(ctx, accountID, p)
}

// Delete removes one row of the account. The rows that refer to it lose it or go with
// it as the schema's foreign keys say.
func (r Resource[T]) Delete(ctx context.Context, accountID, id int64) error {
	row, err := r.rows.Delete(ctx, accountID, id)
	if err != nil {
		return err
	}
	r.announce(ctx, row)
	return nil
}

// UpdateColumns sets already validated columns of one row of the account and returns
// the row as updated: the write of stores whose input needs more than Fields to check
// (the row's current state, say). Errors are as Table.Update's.
func (r Resource[T]) UpdateColumns(ctx context.Context, accountID, id int64, cols map[string]any) (T, error) {
	row, err := r.rows.Update(ctx, accountID, id, cols)
	if err != nil {
		return row, err
	}
	r.announce(ctx, row)
	return row, nil
}

// Fields are a resource's editable fields as a client sent them (nil pointers: not
// given). Columns checks those given and returns them as column values; creating says
// the row is new, so the fields a row cannot go without must be given.
type Fields interface {
	Columns(creating bool) (map[string]any, error)
}

// Editable is a Resource whose rows are created and updated from its Fields F alone.
type Editable[T any, F Fields] struct {
	Resource[T]
}

// NewEditable returns an Editable (arguments as NewResource's).
func NewEditable[T any, F Fields](db *gorm.DB, noun string, notFound error, changed func(ctx context.Context, row T)) Editable[T, F] {
	return Editable[T, F]{NewResource[T](db, noun, notFound, changed)}
}

// Create adds a row for the account from f; the table's defaults apply to the fields not
// given. A new row is in no copy yet, so changed does not hear of it.
func (e Editable[T, F]) Create(ctx context.Context, accountID int64, f F) (T, error) {
	cols, err := f.Columns(true)
	if err != nil {
		var zero T
		return zero, err
	}
	return e.rows.Insert(ctx, accountID, cols)
}

// Update changes the fields given in f of one row of the account.
func (e Editable[T, F]) Update(ctx context.Context, accountID, id int64, f F) (T, error) {
	cols, err := f.Columns(false)
	if err != nil {
		var zero T
		return zero, err
	}
	return e.UpdateColumns(ctx, accountID, id, cols)
}
