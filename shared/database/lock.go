package database

import (
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// LockByID reads the row of T whose id is id, locked FOR UPDATE until tx ends, so a
// change can be checked against the row and written without a concurrent change slipping
// in between. No such row is notFound (the caller's domain error).
func LockByID[T any](tx *gorm.DB, id string, notFound error) (T, error) {
	var row T
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return row, notFound
	}
	if err != nil {
		return row, fmt.Errorf("lock %T %s: %w", row, id, err)
	}
	return row, nil
}
