package user

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

// Update is a change to a user (PATCH /users/{id}, `loyalty users ...`): fields left out
// stay as they are. Only email may be null (it clears the email). The username cannot
// change: it is what people sign in with, and what the login throttle counts.
type Update struct {
	Name     nullable.Field[string] `json:"name" validate:"omitempty,max=255"`
	Email    nullable.Field[string] `json:"email" validate:"omitempty,max=255,email"`
	Role     nullable.Field[string] `json:"role" validate:"omitempty,oneof=admin user"`
	IsActive nullable.Field[bool]   `json:"is_active"`
	Password nullable.Field[string] `json:"password"`
}

// removesAdmin reports whether the update may take an active admin away: a role other
// than admin, or a deactivation.
func (u Update) removesAdmin() bool {
	return (u.Role.HasValue() && u.Role.Value != auth.RoleAdmin) || (u.IsActive.HasValue() && !u.IsActive.Value)
}

// validate applies the rules of Create to the fields sent, every failure in one 422.
func (u Update) validate() error {
	var fields validation.List
	if err := validation.RefuseNulls(
		validation.NotNull{Field: "name", Type: "string_type", Null: u.Name.Null},
		validation.NotNull{Field: "role", Type: "string_type", Null: u.Role.Null},
		validation.NotNull{Field: "is_active", Type: "bool_type", Null: u.IsActive.Null},
		validation.NotNull{Field: "password", Type: "string_type", Null: u.Password.Null},
	); err != nil {
		e, _ := apperr.As(err)
		fields.Add(e.Fields...)
	}
	if u.Name.HasValue() {
		switch name := strings.TrimSpace(u.Name.Value); {
		case name == "":
			fields.Add(validation.StringTooShort(1, "name"))
		case utf8.RuneCountInString(name) > 255:
			fields.Add(validation.StringTooLong(255, "characters", "name"))
		}
	}
	if u.Email.HasValue() && strings.TrimSpace(u.Email.Value) != "" {
		e := strings.TrimSpace(u.Email.Value)
		if addr, err := mail.ParseAddress(e); err != nil || addr.Address != e || len(e) > 255 {
			fields.Add(validation.NotEmail("email"))
		}
	}
	if u.Role.HasValue() && u.Role.Value != auth.RoleAdmin && u.Role.Value != auth.RoleUser {
		fields.Add(validation.NotOneOf(roles, "role"))
	}
	if u.Password.HasValue() {
		if err := checkPassword(u.Password.Value); err != nil {
			e, _ := apperr.As(err)
			fields.Add(e.Fields...)
		}
	}
	return fields.Err()
}

// errLastAdmin refuses to leave the service without an active admin: nobody could then
// manage users or run admin routes, short of SQL.
var errLastAdmin = apperr.New(apperr.Conflict, "This is the last active admin: make another user an active admin first")

// ByID returns a user. An id that is not a UUID matches nobody.
func (s *Repository) ByID(ctx context.Context, id string) (User, error) {
	id, ok := canonicalID(id)
	if !ok {
		return User{}, errNotFound
	}
	var u User
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, errNotFound
	}
	if err != nil {
		return User{}, fmt.Errorf("load user %s: %w", id, err)
	}
	return u, nil
}

// ByUsername returns the user signing in as username (normalised, any case).
func (s *Repository) ByUsername(ctx context.Context, username string) (User, error) {
	name, err := NormalizeUsername(username, "username")
	if err != nil {
		return User{}, err
	}
	var u User
	err = s.db.WithContext(ctx).Where("lower(normalize(username, NFKC)) = lower(normalize(?, NFKC))", name).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, apperr.New(apperr.NotFound, "User %q not found", name)
	}
	if err != nil {
		return User{}, fmt.Errorf("load user %s: %w", name, err)
	}
	return u, nil
}

var errNotFound = apperr.New(apperr.NotFound, "User not found")

// canonicalID returns id in the lower-case hyphenated form, or false when it is not a
// UUID (Postgres would answer an error, not "no row").
func canonicalID(id string) (string, bool) {
	u, err := uuid.Parse(id)
	if err != nil {
		return "", false
	}
	return u.String(), true
}

// Update applies u to the user id and returns the result. A change that would leave no
// active admin is a Conflict (see lockForChange). A new password, like a deactivation,
// revokes the user's tokens (the database raises token_version).
func (s *Repository) Update(ctx context.Context, id string, u Update) (User, error) {
	if err := u.validate(); err != nil {
		return User{}, err
	}
	changes := map[string]any{}
	if u.Password.HasValue() {
		// Hashed before the transaction: bcrypt takes tens of milliseconds, no lock is held.
		hash, err := s.hash(u.Password.Value)
		if err != nil {
			return User{}, err
		}
		changes["password_hash"] = hash
	}
	if u.Name.HasValue() {
		changes["name"] = strings.TrimSpace(u.Name.Value)
	}
	if u.Email.Set {
		var email *string
		if e := strings.ToLower(strings.TrimSpace(u.Email.Value)); u.Email.HasValue() && e != "" {
			email = &e
		}
		changes["email"] = email
	}
	if u.Role.HasValue() {
		changes["role"] = u.Role.Value
	}
	if u.IsActive.HasValue() {
		changes["is_active"] = u.IsActive.Value
	}

	var out User
	change, xact := database.UpdateInXact(userAdvice(id))
	err := database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := xact.Take(tx); err != nil {
			return err
		}
		if _, err := lockForChange(tx, id, u.removesAdmin()); err != nil {
			return err
		}
		if len(changes) > 0 {
			if err := tx.Model(&User{}).Where("id = ?", id).Updates(changes).Error; err != nil {
				return fmt.Errorf("update user %s: %w", id, err)
			}
		}
		if err := tx.Where("id = ?", id).Take(&out).Error; err != nil {
			return fmt.Errorf("read back user %s: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return User{}, err
	}
	return out, nil
}

// Delete removes the user id and returns it as it was. Its tokens stop working (the
// subject no longer exists); its report-query history is kept (migration 00430). Deleting
// the last active admin is a Conflict.
func (s *Repository) Delete(ctx context.Context, id string) (User, error) {
	var out User
	change, xact := database.UpdateInXact(userAdvice(id))
	err := database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := xact.Take(tx); err != nil {
			return err
		}
		target, err := lockForChange(tx, id, true)
		if err != nil {
			return err
		}
		if err := tx.Where("id = ?", id).Delete(&User{}).Error; err != nil {
			return fmt.Errorf("delete user %s: %w", id, err)
		}
		out = target
		return nil
	})
	if err != nil {
		return User{}, err
	}
	return out, nil
}

// lockForChange locks the user id for the rest of tx and returns it (404 when absent).
// When the change removesAdmin, it first locks every active admin row, in id order, and
// refuses (409) to take away the only one: two admins demoting each other at once then
// queue on the same rows, and the second one re-reads the first's result (READ COMMITTED
// re-checks a locked row's WHERE after the wait) and finds itself the last admin.
func lockForChange(tx *gorm.DB, id string, removesAdmin bool) (User, error) {
	id, ok := canonicalID(id)
	if !ok {
		return User{}, errNotFound
	}
	var admins []string
	if removesAdmin {
		if err := tx.Raw(`SELECT id FROM users WHERE role = ? AND is_active ORDER BY id FOR UPDATE`, auth.RoleAdmin).
			Scan(&admins).Error; err != nil {
			return User{}, fmt.Errorf("lock admins: %w", err)
		}
	}
	var target []User
	if err := tx.Raw(`SELECT * FROM users WHERE id = ? FOR UPDATE`, id).Scan(&target).Error; err != nil {
		return User{}, fmt.Errorf("lock user %s: %w", id, err)
	}
	if len(target) == 0 {
		return User{}, errNotFound
	}
	u := target[0]
	if removesAdmin && u.IsActive && u.Role == auth.RoleAdmin {
		others := 0
		for _, a := range admins {
			if a != u.ID {
				others++
			}
		}
		if others == 0 {
			return User{}, errLastAdmin
		}
	}
	return u, nil
}
