// Package store owns the shops of the programme. Stores are referenced by store_code
// (points entries, customers) and by document (CNPJ). Deleting a store only deactivates
// it: entries and customers keep pointing at it and it stays readable.
package store

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/document"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

// Store is one shop.
type Store struct {
	ID        string    `json:"id"`
	StoreCode string    `json:"store_code"`
	Name      string    `json:"name"`
	Document  string    `json:"document"`
	IsActive  bool      `json:"is_active"`
	Address   *string   `json:"address"`
	City      *string   `json:"city"`
	State     *string   `json:"state"`
	Phone     *string   `json:"phone"`
	Email     *string   `json:"email"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// CreateInput is a new store. IsActive defaults to true.
type CreateInput struct {
	StoreCode string
	Name      string
	Document  string
	IsActive  *bool
	Address   *string
	City      *string
	State     *string
	Phone     *string
	Email     *string
}

// Update holds the fields a PATCH sent. store_code, name, document and is_active cannot
// be null; the others are cleared by null.
type Update struct {
	StoreCode nullable.Field[string] `json:"store_code" validate:"omitempty,max=255"`
	Name      nullable.Field[string] `json:"name" validate:"omitempty,max=255"`
	Document  nullable.Field[string] `json:"document" validate:"omitempty,max=50"`
	IsActive  nullable.Field[bool]   `json:"is_active"`
	Address   nullable.Field[string] `json:"address" validate:"omitempty,max=255"`
	City      nullable.Field[string] `json:"city" validate:"omitempty,max=255"`
	State     nullable.Field[string] `json:"state" validate:"omitempty,max=255"`
	Phone     nullable.Field[string] `json:"phone" validate:"omitempty,max=50"`
	Email     nullable.Field[string] `json:"email" validate:"omitempty,max=255"`
}

// SearchFilter narrows a store search; empty fields do not filter.
type SearchFilter struct {
	Name     string // case-insensitive, anywhere in the name
	Code     string // case-insensitive prefix of store_code
	Document string // prefix of the (normalised) document
}

// Repository reads and writes stores.
type Repository struct{ db *gorm.DB }

// NewRepository returns a Repository over db.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// Create inserts a store. A taken store_code or document is a Conflict.
func (r *Repository) Create(ctx context.Context, in CreateInput) (Store, error) {
	s := Store{
		ID:        uuid.NewString(),
		StoreCode: strings.TrimSpace(in.StoreCode),
		Name:      strings.TrimSpace(in.Name),
		Document:  document.Normalize(in.Document),
		IsActive:  in.IsActive == nil || *in.IsActive,
		Address:   in.Address,
		City:      in.City,
		State:     in.State,
		Phone:     in.Phone,
		Email:     in.Email,
	}
	if err := check(s, true); err != nil {
		return Store{}, err
	}
	var out Store
	change := database.CreatedRow("stores", s.ID, storeAdvice(s.ID))
	err := database.Tx(ctx, r.db, change, func(tx *gorm.DB) error {
		if err := tx.WithContext(ctx).Create(&s).Error; err != nil {
			return r.writeError(ctx, err, s, "")
		}
		// As stored (timestamps at the database's precision), read inside the write:
		// once it committed, nothing can fail the answer.
		var err error
		out, err = take(ctx, tx, "id = ?", s.ID)
		return err
	})
	if err != nil {
		return Store{}, err
	}
	return out, nil
}

// Update applies the fields sent in u to the store id.
func (r *Repository) Update(ctx context.Context, id string, u Update) (Store, error) {
	if err := u.validate(); err != nil {
		return Store{}, err
	}
	s, err := r.ByID(ctx, id)
	if err != nil {
		return Store{}, err
	}
	changes := map[string]any{}
	if u.StoreCode.Set {
		s.StoreCode = strings.TrimSpace(u.StoreCode.Value)
		changes["store_code"] = s.StoreCode
	}
	if u.Name.Set {
		s.Name = strings.TrimSpace(u.Name.Value)
		changes["name"] = s.Name
	}
	if u.Document.Set {
		s.Document = document.Normalize(u.Document.Value)
		changes["document"] = s.Document
	}
	if u.IsActive.Set {
		changes["is_active"] = u.IsActive.Value
	}
	for col, f := range map[string]nullable.Field[string]{
		"address": u.Address, "city": u.City, "state": u.State, "phone": u.Phone, "email": u.Email,
	} {
		if f.Set {
			changes[col] = f.Ptr()
		}
	}
	s.Email = u.Email.Ptr()
	// A stored document from before the rule stays as it is unless the PATCH changes it.
	if err := check(s, u.Document.Set); err != nil {
		return Store{}, err
	}
	if len(changes) == 0 {
		return s, nil
	}
	var out Store
	change, xact := database.UpdateInXact(storeAdvice(id))
	err = database.Tx(ctx, r.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := xact.Take(tx); err != nil {
			return err
		}
		if err := tx.Model(&Store{}).Where("id = ?", id).Updates(changes).Error; err != nil {
			return r.writeError(ctx, err, s, id)
		}
		var err error
		out, err = take(ctx, tx, "id = ?", id)
		return err
	})
	if err != nil {
		return Store{}, err
	}
	return out, nil
}

// Deactivate is the soft delete: the store is kept with is_active false.
func (r *Repository) Deactivate(ctx context.Context, id string) (Store, error) {
	var out Store
	change, xact := database.UpdateInXact(storeAdvice(id))
	err := database.Tx(ctx, r.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := xact.Take(tx); err != nil {
			return err
		}
		res := tx.Model(&Store{}).Where("id = ?", id).Update("is_active", false)
		if res.Error != nil {
			return fmt.Errorf("deactivate store %s: %w", id, res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		var err error
		out, err = take(ctx, tx, "id = ?", id)
		return err
	})
	if err != nil {
		return Store{}, err
	}
	return out, nil
}

func storeAdvice(id string) string {
	return fmt.Sprintf("Look up store %s (GET /store/{store_id}) before sending the request again.", id)
}

// Failures callers tell apart (errors.Is).
var (
	ErrNotFound      = apperr.Define(apperr.NotFound, "store_not_found", "Store not found")
	ErrInactive      = apperr.Define(apperr.Conflict, "store_inactive", "Store is inactive")
	ErrCodeTaken     = apperr.Define(apperr.Conflict, "store_code_taken", "A store with this store_code already exists")
	ErrDocumentTaken = apperr.Define(apperr.Conflict, "store_document_taken", "A store with this document already exists")
)

// ByID returns one store, active or not.
func (r *Repository) ByID(ctx context.Context, id string) (Store, error) {
	return r.take(ctx, "id = ?", id)
}

// ByCode returns the store with this store_code, active or not.
func (r *Repository) ByCode(ctx context.Context, code string) (Store, error) {
	return r.take(ctx, "store_code = ?", strings.TrimSpace(code))
}

// ByDocument returns the store with this document (formatted or digits), active or not.
func (r *Repository) ByDocument(ctx context.Context, doc string) (Store, error) {
	return r.take(ctx, "document = ?", document.Normalize(doc))
}

func (r *Repository) take(ctx context.Context, where string, arg any) (Store, error) {
	return take(ctx, r.db, where, arg)
}

// take reads one store through db (the pool or a write's transaction).
func take(ctx context.Context, db *gorm.DB, where string, arg any) (Store, error) {
	var s Store
	err := db.WithContext(ctx).Where(where, arg).Take(&s).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Store{}, ErrNotFound
	}
	if err != nil {
		return Store{}, fmt.Errorf("load store (%s %v): %w", where, arg, err)
	}
	return s, nil
}

// List returns stores ordered by store_code, inactive ones included.
func (r *Repository) List(ctx context.Context, limit, offset int) ([]Store, error) {
	stores := []Store{}
	if err := r.db.WithContext(ctx).Order("store_code, id").Limit(limit).Offset(offset).Find(&stores).Error; err != nil {
		return nil, fmt.Errorf("list stores: %w", err)
	}
	return stores, nil
}

// Search returns the stores matching every filter given, ordered by name.
func (r *Repository) Search(ctx context.Context, f SearchFilter, limit, offset int) ([]Store, error) {
	q := r.db.WithContext(ctx).Model(&Store{})
	if f.Name != "" {
		q = q.Where("lower(name) LIKE ? ESCAPE '\\'", "%"+database.EscapeLike(strings.ToLower(f.Name))+"%")
	}
	if f.Code != "" {
		q = q.Where("lower(store_code) LIKE ? ESCAPE '\\'", database.EscapeLike(strings.ToLower(f.Code))+"%")
	}
	if f.Document != "" {
		q = q.Where("document LIKE ? ESCAPE '\\'", database.EscapeLike(document.NormalizePrefix(f.Document))+"%")
	}
	stores := []Store{}
	if err := q.Order("lower(name), id").Limit(limit).Offset(offset).Find(&stores).Error; err != nil {
		return nil, fmt.Errorf("search stores: %w", err)
	}
	return stores, nil
}

// check returns the 422 for a store missing a required value, holding a bad email or,
// withDocument, a value that is not a document.
func check(s Store, withDocument bool) error {
	var fields validation.List
	for _, f := range []struct{ name, value string }{{"store_code", s.StoreCode}, {"name", s.Name}} {
		if f.value == "" {
			fields.Add(validation.StringTooShort(1, f.name))
		}
	}
	if err := document.Check(s.Document); withDocument && err != nil {
		fields.Add(validation.NotDocument(err, "document"))
	}
	if s.Email != nil {
		if addr, err := mail.ParseAddress(*s.Email); err != nil || addr.Address != *s.Email {
			fields.Add(validation.NotEmail("email"))
		}
	}
	return fields.Err()
}

func (u Update) validate() error {
	return validation.RefuseNulls(
		validation.NotNull{Field: "store_code", Type: "string_type", Null: u.StoreCode.Null},
		validation.NotNull{Field: "name", Type: "string_type", Null: u.Name.Null},
		validation.NotNull{Field: "document", Type: "string_type", Null: u.Document.Null},
		validation.NotNull{Field: "is_active", Type: "bool_type", Null: u.IsActive.Null},
	)
}

// writeError turns a unique violation into a Conflict naming the taken field. The
// driver's error does not survive GORM's translation, so the field is looked up.
func (r *Repository) writeError(ctx context.Context, err error, s Store, selfID string) error {
	if !errors.Is(err, gorm.ErrDuplicatedKey) {
		return fmt.Errorf("write store %s: %w", s.StoreCode, err)
	}
	var n int64
	q := r.db.WithContext(ctx).Model(&Store{}).Where("store_code = ?", s.StoreCode)
	if selfID != "" {
		q = q.Where("id <> ?", selfID)
	}
	if q.Count(&n).Error == nil && n > 0 {
		return ErrCodeTaken.Withf("A store with store_code %q already exists", s.StoreCode)
	}
	return ErrDocumentTaken.Withf("A store with document %q already exists", s.Document)
}
