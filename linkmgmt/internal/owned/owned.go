// Package owned reads and writes the rows of a table that belong to one account (an
// account_id column): every query is scoped to the account, so another account's row is
// not found, and a missing row is the resource's own NotFound error.
package owned

import (
	"context"
	"errors"
	"fmt"

	"github.com/loyaltylinks/platform/shared/pagination"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Table gives account-scoped Get, Insert, Update, Delete and List over the table of the
// GORM model T (a struct with an int64 primary key named id and an account_id column).
type Table[T any] struct {
	db       *gorm.DB
	noun     string // the resource in internal error messages, e.g. "splash page"
	notFound error  // returned for a row that is missing or another account's
}

// NewTable returns a Table over db. noun names one row in wrapped internal errors (its
// plural is noun+"s"); notFound is the error a missing row answers.
func NewTable[T any](db *gorm.DB, noun string, notFound error) Table[T] {
	return Table[T]{db: db, noun: noun, notFound: notFound}
}

// scoped is a query on the account's row id.
func (t Table[T]) scoped(ctx context.Context, accountID, id int64) *gorm.DB {
	return t.db.WithContext(ctx).Where("id = ? AND account_id = ?", id, accountID)
}

// Get returns one row of the account.
func (t Table[T]) Get(ctx context.Context, accountID, id int64) (T, error) {
	var row, zero T
	err := t.scoped(ctx, accountID, id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return zero, t.notFound
	}
	if err != nil {
		return zero, fmt.Errorf("load %s %d: %w", t.noun, id, err)
	}
	return row, nil
}

// Owns reports whether the account has the row id: the check other packages make
// before they refer to one of the account's resources.
func (t Table[T]) Owns(ctx context.Context, accountID, id int64) (bool, error) {
	return t.OwnsAll(ctx, accountID, []int64{id})
}

// OwnsAll reports whether the account has every row of ids (duplicates count once).
func (t Table[T]) OwnsAll(ctx context.Context, accountID int64, ids []int64) (bool, error) {
	distinct := make(map[int64]bool, len(ids))
	for _, id := range ids {
		distinct[id] = true
	}
	if len(distinct) == 0 {
		return true, nil
	}
	var n int64
	err := t.db.WithContext(ctx).Model(new(T)).Where("account_id = ? AND id IN ?", accountID, ids).Count(&n).Error
	if err != nil {
		return false, fmt.Errorf("check %ss %v: %w", t.noun, ids, err)
	}
	return int(n) == len(distinct), nil
}

// Insert adds a row for the account from column values; the table's defaults apply to
// the columns not given. It returns the row as stored.
func (t Table[T]) Insert(ctx context.Context, accountID int64, cols map[string]any) (T, error) {
	var zero T
	cols["account_id"] = accountID
	// RETURNING puts the new row's columns back into the map.
	if err := t.db.WithContext(ctx).Model(&zero).Clauses(clause.Returning{}).Create(cols).Error; err != nil {
		return zero, fmt.Errorf("insert %s: %w", t.noun, err)
	}
	id, ok := cols["id"].(int64)
	if !ok {
		return zero, fmt.Errorf("insert %s: no id returned", t.noun)
	}
	return t.Get(ctx, accountID, id)
}

// Update sets the given columns of one row of the account and returns the row as
// updated; with no columns it returns the row unchanged. Errors other than not-found are
// wrapped, so callers can still test them with errors.Is (e.g. gorm.ErrDuplicatedKey).
func (t Table[T]) Update(ctx context.Context, accountID, id int64, cols map[string]any) (T, error) {
	if len(cols) == 0 {
		return t.Get(ctx, accountID, id)
	}
	var row, zero T
	res := t.scoped(ctx, accountID, id).Model(&row).Clauses(clause.Returning{}).Updates(cols)
	if res.Error != nil {
		return zero, fmt.Errorf("update %s %d: %w", t.noun, id, res.Error)
	}
	if res.RowsAffected == 0 {
		return zero, t.notFound
	}
	return row, nil
}

// Delete removes one row of the account and returns it as it was.
func (t Table[T]) Delete(ctx context.Context, accountID, id int64) (T, error) {
	var row, zero T
	res := t.scoped(ctx, accountID, id).Clauses(clause.Returning{}).Delete(&row)
	if res.Error != nil {
		return zero, fmt.Errorf("delete %s %d: %w", t.noun, id, res.Error)
	}
	if res.RowsAffected == 0 {
		return zero, t.notFound
	}
	return row, nil
}

// List returns one page of the account's rows, newest (highest id) first, and the
// account's total count.
func (t Table[T]) List(ctx context.Context, accountID int64, p pagination.Page) ([]T, int, error) {
	var total int64
	q := t.db.WithContext(ctx).Model(new(T)).Where("account_id = ?", accountID)
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count %ss: %w", t.noun, err)
	}
	var out []T
	if err := q.Order("id DESC").Limit(p.Limit).Offset(p.Offset()).Find(&out).Error; err != nil {
		return nil, 0, fmt.Errorf("list %ss: %w", t.noun, err)
	}
	return out, int(total), nil
}
