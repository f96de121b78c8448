// Package overlay owns CTA overlays: a message with an optional button that the redirect
// engine shows over the destination page of links of type overlay-<id>.
package overlay

import (
	"regexp"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
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

// Columns checks the fields given and returns them as column values; a new overlay needs
// its name.
func (f Fields) Columns(creating bool) (map[string]any, error) {
	cols := map[string]any{}
	if err := owned.PutName(cols, f.Name, creating, ErrInvalid); err != nil {
		return nil, err
	}
	if f.Type != nil {
		t := strings.TrimSpace(*f.Type)
		if t != TypeMessage {
			return nil, ErrInvalid.Withf("type must be one of %s", strings.Join(Types, ", "))
		}
		cols["type"] = t
	}
	if f.Text != nil {
		if len(*f.Text) > maxTextLen {
			return nil, ErrInvalid.Withf("text must be at most %d characters", maxTextLen)
		}
		cols["text"] = strings.TrimSpace(*f.Text)
	}
	if f.ButtonLabel != nil {
		if len(*f.ButtonLabel) > maxLabelLen {
			return nil, ErrInvalid.Withf("button_label must be at most %d characters", maxLabelLen)
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
			return nil, ErrInvalid.Withf("%s must be a HEX colour such as #1e90ff or #09f", col)
		}
		cols[col] = c
	}
	return cols, nil
}

// Store reads and writes overlays, each method scoped to one account: Create, Update,
// Get, Owns, Delete (links using it lose it: links.overlay_id is ON DELETE SET NULL) and
// List. Create requires the name; the type defaults to message and the colours to the
// schema's defaults.
type Store struct {
	owned.Editable[Overlay, Fields]
}

// NewStore returns a Store over db. notify (nil: nobody) hears about changed and deleted
// overlays: the redirect's cached links carry copies of theirs.
func NewStore(db *gorm.DB, notify cachebus.Publisher) *Store {
	return &Store{owned.NewEditable[Overlay, Fields](db, "overlay", ErrNotFound, cachebus.EverythingOn[Overlay](notify))}
}
