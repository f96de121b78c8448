// Package user owns the service's users: the people and systems that sign in through
// POST /api/v1/authorization. Passwords are kept as bcrypt hashes only.
package user

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/database"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"
)

// Password length bounds. bcrypt ignores everything past 72 bytes, so longer passwords
// are refused rather than silently truncated.
const (
	MinPasswordLen = 8
	MaxPasswordLen = 72
)

// User is a service user. PasswordHash never leaves the package in a response.
type User struct {
	ID           string    `json:"id"`
	Username     string    `json:"username"`
	PasswordHash string    `json:"-"`
	Name         string    `json:"name"`
	Email        *string   `json:"email"`
	Role         string    `json:"role"`
	IsActive     bool      `json:"is_active"`
	CreatedAt    time.Time `json:"created_at"`
	UpdatedAt    time.Time `json:"updated_at"`
	// TokenVersion is carried by every token issued to the user; the database raises it
	// when the password changes or the user is deactivated, revoking older tokens.
	TokenVersion int64 `json:"-"`
}

// CreateInput is a new user. Role is auth.RoleUser when empty.
type CreateInput struct {
	Username string
	Password string
	Name     string
	Email    *string
	Role     string
}

// Repository reads and writes users.
type Repository struct {
	db   *gorm.DB
	cost int

	dummyOnce sync.Once
	dummy     []byte
}

// roles are the roles a user may have.
var roles = []string{auth.RoleAdmin, auth.RoleUser}

// NewRepository returns a Repository over db hashing with bcrypt's default cost.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db, cost: bcrypt.DefaultCost} }

// Create inserts a user. The username is stored normalised (NormalizeUsername); one
// taken by another user in that form, case-insensitively, is a Conflict. Permission to
// create an admin is the caller's business (see CanCreate).
func (s *Repository) Create(ctx context.Context, in CreateInput) (User, error) {
	username, err := NormalizeUsername(in.Username, "username")
	if err != nil {
		return User{}, err
	}
	role := in.Role
	if role == "" {
		role = auth.RoleUser
	}
	if role != auth.RoleAdmin && role != auth.RoleUser {
		return User{}, apperr.Validation(validation.NotOneOf(roles, "role"))
	}
	hash, err := s.hash(in.Password)
	if err != nil {
		return User{}, err
	}
	name := strings.TrimSpace(in.Name)
	if name == "" {
		name = username
	}
	var email *string
	if in.Email != nil && strings.TrimSpace(*in.Email) != "" {
		e := strings.ToLower(strings.TrimSpace(*in.Email))
		email = &e
	}
	u := User{
		ID:           uuid.NewString(),
		Username:     username,
		PasswordHash: hash,
		Name:         name,
		Email:        email,
		Role:         role,
		IsActive:     true,
	}
	change := database.CreatedRow("users", u.ID, userAdvice(u.ID))
	err = database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := tx.Create(&u).Error; err != nil {
			return insertError(err, username)
		}
		// Read back: timestamps as stored, at the database's precision.
		if err := tx.Where("id = ?", u.ID).Take(&u).Error; err != nil {
			return fmt.Errorf("read back user %s: %w", u.ID, err)
		}
		return nil
	})
	if err != nil {
		return User{}, err
	}
	return u, nil
}

func userAdvice(id string) string {
	return fmt.Sprintf("Look up user %s (GET /users/{user_id}) before sending the request again.", id)
}

// insertError turns the refusals of a user's insert into the client's errors.
func insertError(err error, username string) error {
	switch {
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return apperr.New(apperr.Conflict, "A user with username %q already exists", username)
	case errors.Is(err, gorm.ErrCheckConstraintViolated):
		// The database's Unicode tables disagree with Go's about this name.
		return apperr.Validation(apperr.Field("Username is not in a form the database accepts", "string_pattern_mismatch", "username"))
	}
	return fmt.Errorf("insert user %s: %w", username, err)
}

// CanCreate reports whether a caller of role callerRole may create a user of role
// target: anyone signed in may create plain users, only admins may create admins.
func CanCreate(callerRole, target string) error {
	if target == auth.RoleAdmin && callerRole != auth.RoleAdmin {
		return apperr.New(apperr.Forbidden, "Only an admin can create an admin user")
	}
	return nil
}

// List returns users oldest first.
func (s *Repository) List(ctx context.Context, limit, offset int) ([]User, error) {
	users := []User{}
	err := s.db.WithContext(ctx).Order("created_at, id").Limit(limit).Offset(offset).Find(&users).Error
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	return users, nil
}

// errBadCredentials is the one answer for an unknown user, a wrong password and a
// disabled user, so the endpoint does not reveal which usernames exist.
var errBadCredentials = apperr.New(apperr.Unauthorized, "Incorrect username or password")

// Authenticate returns the active user with these credentials. The username is
// normalised as on create and compared case-insensitively; one that could not have been
// created (an invisible character) matches nobody.
func (s *Repository) Authenticate(ctx context.Context, username, password string) (User, error) {
	var u User
	err := gorm.ErrRecordNotFound
	if name, nameErr := NormalizeUsername(username); nameErr == nil {
		err = s.db.WithContext(ctx).Where("lower(normalize(username, NFKC)) = lower(normalize(?, NFKC))", name).Take(&u).Error
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		// Spend the time a real comparison takes, so response times do not tell
		// unknown usernames from wrong passwords.
		_ = bcrypt.CompareHashAndPassword(s.dummyHash(), []byte(password))
		return User{}, errBadCredentials
	}
	if err != nil {
		return User{}, fmt.Errorf("look up user %s: %w", username, err)
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) != nil || !u.IsActive {
		return User{}, errBadCredentials
	}
	return u, nil
}

// checkPassword enforces the length bounds (bytes, as bcrypt counts them).
func checkPassword(password string) error {
	if len(password) < MinPasswordLen {
		return apperr.Validation(validation.StringTooShort(MinPasswordLen, "password"))
	}
	if len(password) > MaxPasswordLen {
		return apperr.Validation(validation.StringTooLong(MaxPasswordLen, "bytes", "password"))
	}
	return nil
}

func (s *Repository) hash(password string) (string, error) {
	if err := checkPassword(password); err != nil {
		return "", err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), s.cost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(hash), nil
}

func (s *Repository) dummyHash() []byte {
	s.dummyOnce.Do(func() {
		s.dummy, _ = bcrypt.GenerateFromPassword([]byte("not a real password"), s.cost)
	})
	return s.dummy
}
