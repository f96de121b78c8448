// Package splash owns custom splash pages: a branded page (title, message, image,
// optional button) shown for a few seconds before a link of type splash-<id> redirects.
package splash

import (
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
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

// Columns checks the fields given and returns them as column values; a new splash page needs
// its name.
func (f Fields) Columns(creating bool) (map[string]any, error) {
	cols := map[string]any{}
	if err := owned.PutName(cols, f.Name, creating, ErrInvalid); err != nil {
		return nil, err
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
			return nil, ErrInvalid.Withf("%s must be at most %d characters", t.col, t.max)
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
			return nil, ErrInvalid.Withf("countdown must be between %d and %d seconds", MinCountdown, MaxCountdown)
		}
		cols["countdown"] = *f.Countdown
	}
	return cols, nil
}

// Store reads and writes splash pages, each method scoped to one account: Create,
// Update, Get, Owns, Delete (links using it lose it: links.splash_id is ON DELETE SET
// NULL) and List. Create requires the name; the countdown defaults to 5 s.
type Store struct {
	owned.Editable[Page, Fields]
}

// NewStore returns a Store over db. notify (nil: nobody) hears about changed and deleted
// splash pages: the redirect's cached links carry copies of theirs.
func NewStore(db *gorm.DB, notify cachebus.Publisher) *Store {
	return &Store{owned.NewEditable[Page, Fields](db, "splash page", ErrNotFound, cachebus.EverythingOn[Page](notify))}
}
