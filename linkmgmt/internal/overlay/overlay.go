// Package overlay owns CTA overlays: a message with an optional button that the redirect
// engine shows over the destination page of links of type overlay-<id>.
package overlay

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
	"gorm.io/gorm"
)

// TypeMessage is the one overlay type the service renders: a text with an optional button.
const TypeMessage = "message"

// Types lists the accepted overlay types.
var Types = []string{TypeMessage}

// Overlay is one CTA overlay of an account.
type Overlay struct {
	ID              int64 `gorm:"primaryKey"`
	AccountID       int64
	Type            string
	Name            string
	Text            string
	ButtonLabel     string
	ButtonURL       string `gorm:"column:button_url"`
	BackgroundColor string
	TextColor       string
	ButtonColor     string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

const (
	maxNameLen  = 255
	maxTextLen  = 1000
	maxLabelLen = 64
)

var hexColor = regexp.MustCompile(`^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`)

// Fields are an overlay's editable fields; nil means "not given".
type Fields struct {
	Type            *string
	Name            *string
	Text            *string
	ButtonLabel     *string
	ButtonURL       *string
	BackgroundColor *string
	TextColor       *string
	ButtonColor     *string
}

func (f Fields) columns() (map[string]any, error) {
	cols := map[string]any{}
	if f.Type != nil {
		t := strings.TrimSpace(*f.Type)
		if t != TypeMessage {
			return nil, apperr.New(apperr.Invalid, "type must be one of %s", strings.Join(Types, ", "))
		}
		cols["type"] = t
	}
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
	if f.Text != nil {
		if len(*f.Text) > maxTextLen {
			return nil, apperr.New(apperr.Invalid, "text must be at most %d characters", maxTextLen)
		}
		cols["text"] = strings.TrimSpace(*f.Text)
	}
	if f.ButtonLabel != nil {
		if len(*f.ButtonLabel) > maxLabelLen {
			return nil, apperr.New(apperr.Invalid, "button_label must be at most %d characters", maxLabelLen)
		}
		cols["button_label"] = strings.TrimSpace(*f.ButtonLabel)
	}
	if f.ButtonURL != nil {
		u, err := weburl.CheckOptional("button_url", *f.ButtonURL)
		if err != nil {
			return nil, err
		}
		cols["button_url"] = u
	}
	for col, v := range map[string]*string{"background_color": f.BackgroundColor, "text_color": f.TextColor, "button_color": f.ButtonColor} {
		if v == nil {
			continue
		}
		c := strings.ToLower(strings.TrimSpace(*v))
		if !hexColor.MatchString(c) {
			return nil, apperr.New(apperr.Invalid, "%s must be a HEX colour such as #1e90ff or #09f", col)
		}
		cols[col] = c
	}
	return cols, nil
}

// Store reads and writes overlays, each method scoped to one account.
type Store struct {
	rows   owned.Table[Overlay]
	notify cachebus.Publisher
}

// NewStore returns a Store over db. notify (nil: nobody) hears about changed and deleted
// overlays: the redirect's cached links carry copies of theirs.
func NewStore(db *gorm.DB, notify cachebus.Publisher) *Store {
	return &Store{rows: owned.NewTable[Overlay](db, "overlay", errNotFound), notify: notify}
}

// changed drops every cached link: finding the links that use one is not worth it for
// such rare writes.
func (s *Store) changed(ctx context.Context) {
	if s.notify != nil {
		s.notify.Publish(ctx, cachebus.Everything())
	}
}

// Create adds an overlay; the name is required, the type defaults to message and the
// colours to the schema's defaults.
func (s *Store) Create(ctx context.Context, accountID int64, f Fields) (Overlay, error) {
	if f.Name == nil {
		return Overlay{}, apperr.New(apperr.Invalid, "name is required")
	}
	cols, err := f.columns()
	if err != nil {
		return Overlay{}, err
	}
	return s.rows.Insert(ctx, accountID, cols)
}

// Update changes the given fields of one overlay of the account.
func (s *Store) Update(ctx context.Context, accountID, id int64, f Fields) (Overlay, error) {
	cols, err := f.columns()
	if err != nil {
		return Overlay{}, err
	}
	row, err := s.rows.Update(ctx, accountID, id, cols)
	if err != nil {
		return Overlay{}, err
	}
	s.changed(ctx)
	return row, nil
}

// Get returns one overlay of the account.
func (s *Store) Get(ctx context.Context, accountID, id int64) (Overlay, error) {
	return s.rows.Get(ctx, accountID, id)
}

// Owns reports whether the account has the overlay id (for the links that refer to it).
func (s *Store) Owns(ctx context.Context, accountID, id int64) (bool, error) {
	return s.rows.Owns(ctx, accountID, id)
}

// Delete removes an overlay; links using it lose it (links.overlay_id is ON DELETE SET NULL).
func (s *Store) Delete(ctx context.Context, accountID, id int64) error {
	if _, err := s.rows.Delete(ctx, accountID, id); err != nil {
		return err
	}
	s.changed(ctx)
	return nil
}

// List returns one page of the account's overlays, newest first, and the total count.
func (s *Store) List(ctx context.Context, accountID int64, p pagination.Page) ([]Overlay, int, error) {
	return s.rows.List(ctx, accountID, p)
}

var errNotFound = apperr.New(apperr.NotFound, "Overlay not found")
