// Package account owns link-management accounts: creation with a generated API key,
// lookup by key for authentication, and the plan that sets the rate limit.
package account

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/shared/auth"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"
)

// Status values of an account.
const (
	StatusActive   = "active"
	StatusDisabled = "disabled"
)

// Account is a customer of the link service. Every resource belongs to one account.
type Account struct {
	ID           int64 `gorm:"primaryKey"`
	Email        string
	Username     string
	PasswordHash *string
	APIKeyHash   string `gorm:"column:api_key_hash"`
	IsAdmin      bool
	Plan         string
	Status       string
	Avatar       string
	ExpiresAt    *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time

	// RateLimit is the plan's requests per minute (joined from plans; not a column).
	RateLimit int `gorm:"->;column:requests_per_minute"`
}

// Store reads and writes accounts.
type Store struct{ db *gorm.DB }

// NewStore returns a Store over db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

// CreateInput is what `linkmgmt users create` takes.
type CreateInput struct {
	Email    string
	Password string // optional; API access needs only the key
	Admin    bool
	Plan     string // default "free"
}

// Create makes an account and returns it with its API key, which is shown once and
// stored only as a hash.
func (s *Store) Create(ctx context.Context, in CreateInput) (Account, string, error) {
	email, err := NormalizeEmail(in.Email)
	if err != nil {
		return Account{}, "", err
	}
	if in.Plan == "" {
		in.Plan = "free"
	}
	key, err := auth.GenerateAPIKey()
	if err != nil {
		return Account{}, "", err
	}
	a := Account{
		Email:      email,
		Username:   strings.SplitN(email, "@", 2)[0],
		APIKeyHash: auth.HashAPIKey(key),
		IsAdmin:    in.Admin,
		Plan:       in.Plan,
		Status:     StatusActive,
	}
	if in.Password != "" {
		hash, err := HashPassword(in.Password)
		if err != nil {
			return Account{}, "", err
		}
		a.PasswordHash = &hash
	}
	var planCount int64
	if err := s.db.WithContext(ctx).Table("plans").Where("name = ?", in.Plan).Count(&planCount).Error; err != nil {
		return Account{}, "", fmt.Errorf("look up plan: %w", err)
	}
	if planCount == 0 {
		return Account{}, "", ErrUnknownPlan.Withf("unknown plan %q", in.Plan)
	}
	if err := s.db.WithContext(ctx).Omit("RateLimit").Create(&a).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return Account{}, "", ErrEmailTaken
		}
		return Account{}, "", fmt.Errorf("insert account: %w", err)
	}
	return a, key, nil
}

// ByAPIKey finds the active account holding key. Unknown and disabled keys are
// ErrInvalidKey or ErrKeyInactive. The lookup is by the key's SHA-256, an indexed equality: the hash
// comparison happens in the database, and APIKeyMatches re-checks it in constant time.
func (s *Store) ByAPIKey(ctx context.Context, key string) (Account, error) {
	var a Account
	err := s.db.WithContext(ctx).
		Table("accounts").
		Select("accounts.*, plans.requests_per_minute").
		Joins("JOIN plans ON plans.name = accounts.plan").
		Where("accounts.api_key_hash = ?", auth.HashAPIKey(key)).
		Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Account{}, ErrInvalidKey
	}
	if err != nil {
		return Account{}, fmt.Errorf("look up api key: %w", err)
	}
	if !auth.APIKeyMatches(key, a.APIKeyHash) {
		return Account{}, ErrInvalidKey
	}
	if a.Status != StatusActive || (a.ExpiresAt != nil && a.ExpiresAt.Before(time.Now())) {
		return Account{}, ErrKeyInactive
	}
	return a, nil
}

// ByID returns one account.
func (s *Store) ByID(ctx context.Context, id int64) (Account, error) {
	var a Account
	err := s.db.WithContext(ctx).
		Table("accounts").
		Select("accounts.*, plans.requests_per_minute").
		Joins("JOIN plans ON plans.name = accounts.plan").
		Where("accounts.id = ?", id).
		Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, fmt.Errorf("load account %d: %w", id, err)
	}
	return a, nil
}

// NormalizeEmail trims and lower-cases an email address and checks that it is a bare
// address (local@domain, no display name).
func NormalizeEmail(raw string) (string, error) {
	email := strings.ToLower(strings.TrimSpace(raw))
	if email == "" {
		return "", ErrInvalidEmail
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" || len(email) > 254 ||
		!strings.Contains(email[strings.LastIndex(email, "@")+1:], ".") {
		return "", ErrInvalidEmail
	}
	return email, nil
}

// UpdateInput changes an account's login details; nil fields are left as they are.
type UpdateInput struct {
	Email    *string
	Password *string
}

// Update changes the email and/or password of an account. The password is stored as a
// bcrypt hash. At least one field must be given.
func (s *Store) Update(ctx context.Context, id int64, in UpdateInput) error {
	if in.Email == nil && in.Password == nil {
		return ErrNothingToUpdate
	}
	cols := map[string]any{}
	if in.Email != nil {
		email, err := NormalizeEmail(*in.Email)
		if err != nil {
			return err
		}
		cols["email"] = email
	}
	if in.Password != nil {
		hash, err := HashPassword(*in.Password)
		if err != nil {
			return err
		}
		cols["password_hash"] = hash
	}
	res := s.db.WithContext(ctx).Table("accounts").Where("id = ?", id).Updates(cols)
	if res.Error != nil {
		if errors.Is(res.Error, gorm.ErrDuplicatedKey) {
			return ErrEmailTaken
		}
		return fmt.Errorf("update account %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// RotateKey replaces an account's API key and returns the new one, which is shown once.
// The old key stops working at once: only the new key's hash is stored. currentHash is
// the hash of the key the caller authenticated with: the swap happens only while that
// key is still the account's, so of concurrent rotations with one key exactly one wins
// and the others get a Conflict (their key is already gone, and the key they would have
// been shown would never have worked).
func (s *Store) RotateKey(ctx context.Context, id int64, currentHash string) (string, error) {
	key, err := auth.GenerateAPIKey()
	if err != nil {
		return "", err
	}
	res := s.db.WithContext(ctx).Table("accounts").
		Where("id = ? AND api_key_hash = ?", id, currentHash).
		Update("api_key_hash", auth.HashAPIKey(key))
	if res.Error != nil {
		return "", fmt.Errorf("rotate api key of account %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return "", ErrKeyRotated
	}
	return key, nil
}

// HashPassword hashes a password with bcrypt.
func HashPassword(password string) (string, error) {
	if len(password) < 8 {
		return "", ErrInvalidPassword.Withf("password must be at least 8 characters")
	}
	if len(password) > 72 {
		return "", ErrInvalidPassword.Withf("password must be at most 72 bytes")
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(hash), nil
}

type accountKey struct{}

// WithAccount stores the authenticated account in ctx.
func WithAccount(ctx context.Context, a Account) context.Context {
	return context.WithValue(ctx, accountKey{}, a)
}

// From returns the authenticated account of ctx.
func From(ctx context.Context) (Account, bool) {
	a, ok := ctx.Value(accountKey{}).(Account)
	return a, ok
}
