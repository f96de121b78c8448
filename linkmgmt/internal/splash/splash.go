// Package splash owns custom splash pages: a branded page (title, message, image,
// optional button) shown for a few seconds before a link of type splash-<id> redirects.
package splash

import (
	"context"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
	"gorm.io/gorm"
)

// Page is one custom splash page of an account.
type Page struct {
	ID          int64 `gorm:"primaryKey"`
	AccountID   int64
	Name        string
	Title       string
	Message     string
	ImageURL    string `gorm:"column:image_url"`
	Countdown   int    // seconds before the redirect, 0..60
	ButtonLabel string
	ButtonURL   string `gorm:"column:button_url"` // "" means the button goes to the link's destination
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// TableName is the table of splash pages.
func (Page) TableName() string { return "splash_pages" }

// Countdown bounds, in seconds (the table's check constraint).
const (
	MinCountdown = 0
	MaxCountdown = 60
)

const (
	maxNameLen    = 255
	maxTitleLen   = 255
	maxMessageLen = 2000
	maxLabelLen   = 64
)

// Fields are a splash page's editable fields; nil means "not given".
type Fields struct {
	Name        *string
	Title       *string
	Message     *string
	ImageURL    *string
	Countdown   *int
	ButtonLabel *string
	ButtonURL   *string
}

func (f Fields) columns() (map[string]any, error) {
	cols := map[string]any{}
	if f.Name != nil {
		name := strings.TrimSpace(*f.Name)
		if name == "" {
			return nil, apperr.New(apperr.Invalid, "name is required")
		}
		if len(name) > maxNameLen {
			return nil, apperr.New(apperr.Invalid, "name must be at most %d characters", maxNameLen)
		}
		cols["name"] = name
	}
	text := []struct {
		col string
		v   *string
		max int
	}{{"title", f.Title, maxTitleLen}, {"message", f.Message, maxMessageLen}, {"button_label", f.ButtonLabel, maxLabelLen}}
	for _, t := range text {
		if t.v == nil {
			continue
		}
		if len(*t.v) > t.max {
			return nil, apperr.New(apperr.Invalid, "%s must be at most %d characters", t.col, t.max)
		}
		cols[t.col] = strings.TrimSpace(*t.v)
	}
	for col, v := range map[string]*string{"image_url": f.ImageURL, "button_url": f.ButtonURL} {
		if v == nil {
			continue
		}
		u, err := weburl.CheckOptional(col, *v)
		if err != nil {
			return nil, err
		}
		cols[col] = u
	}
	if f.Countdown != nil {
		if *f.Countdown < MinCountdown || *f.Countdown > MaxCountdown {
			return nil, apperr.New(apperr.Invalid, "countdown must be between %d and %d seconds", MinCountdown, MaxCountdown)
		}
		cols["countdown"] = *f.Countdown
	}
	return cols, nil
}

// Store reads and writes splash pages, each method scoped to one account.
type Store struct {
	rows   owned.Table[Page]
	notify cachebus.Publisher
}

// NewStore returns a Store over db. notify (nil: nobody) hears about changed and deleted
// splash pages: the redirect's cached links carry copies of theirs.
func NewStore(db *gorm.DB, notify cachebus.Publisher) *Store {
	return &Store{rows: owned.NewTable[Page](db, "splash page", errNotFound), notify: notify}
}

// changed drops every cached link: finding the links that use one is not worth it for
// such rare writes.
func (s *Store) changed(ctx context.Context) {
	if s.notify != nil {
		s.notify.Publish(ctx, cachebus.Everything())
	}
}

// Create adds a splash page; the name is required, the countdown defaults to 5 s.
func (s *Store) Create(ctx context.Context, accountID int64, f Fields) (Page, error) {
	if f.Name == nil {
		return Page{}, apperr.New(apperr.Invalid, "name is required")
	}
	cols, err := f.columns()
	if err != nil {
		return Page{}, err
	}
	return s.rows.Insert(ctx, accountID, cols)
}

// Update changes the given fields of one splash page of the account.
func (s *Store) Update(ctx context.Context, accountID, id int64, f Fields) (Page, error) {
	cols, err := f.columns()
	if err != nil {
		return Page{}, err
	}
	row, err := s.rows.Update(ctx, accountID, id, cols)
	if err != nil {
		return Page{}, err
	}
	s.changed(ctx)
	return row, nil
}

// Get returns one splash page of the account.
func (s *Store) Get(ctx context.Context, accountID, id int64) (Page, error) {
	return s.rows.Get(ctx, accountID, id)
}

// Owns reports whether the account has the splash page id (for the links that refer to it).
func (s *Store) Owns(ctx context.Context, accountID, id int64) (bool, error) {
	return s.rows.Owns(ctx, accountID, id)
}

// Delete removes a splash page; links using it lose it (links.splash_id is ON DELETE SET NULL).
func (s *Store) Delete(ctx context.Context, accountID, id int64) error {
	if _, err := s.rows.Delete(ctx, accountID, id); err != nil {
		return err
	}
	s.changed(ctx)
	return nil
}

// List returns one page of the account's splash pages, newest first, and the total count.
func (s *Store) List(ctx context.Context, accountID int64, pg pagination.Page) ([]Page, int, error) {
	return s.rows.List(ctx, accountID, pg)
}

var errNotFound = apperr.New(apperr.NotFound, "Splash page not found")
