package database

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// CreatedRow is the Change of a write that inserts the row id (chosen by the service
// before sending) into table: it committed when the row is there.
func CreatedRow(table, id, what string) Change {
	return Change{
		What: what,
		Committed: func(ctx context.Context, db *gorm.DB) (bool, error) {
			var n int64
			if err := db.WithContext(ctx).Table(table).Where("id = ?", id).Count(&n).Error; err != nil {
				return false, fmt.Errorf("look up %s %s: %w", table, id, err)
			}
			return n > 0, nil
		},
	}
}

// Xact is the id of a write's transaction: the key of a change that has no row of its
// own to look up (an update, a delete). Take records it inside the transaction.
type Xact struct{ id string }

// Take gives tx's transaction an id and remembers it; the write calls it first, in
// every run.
func (x *Xact) Take(tx *gorm.DB) error {
	id, err := XactID(tx)
	if err != nil {
		return err
	}
	x.id = id
	return nil
}

// UpdateInXact is the Change of a write looked up by its transaction's id, and that id
// for the write to Take.
func UpdateInXact(what string) (Change, *Xact) {
	x := &Xact{}
	return Change{
		What: what,
		Committed: func(ctx context.Context, db *gorm.DB) (bool, error) {
			return XactCommitted(ctx, db, x.id)
		},
	}, x
}
