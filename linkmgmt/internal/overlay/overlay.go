// Package overlay owns CTA overlays: a message with an optional button that the redirect
// engine shows over the destination page of links of type overlay-<id>.
package overlay

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/pagination"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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
type Store struct{ db *gorm.DB }

// NewStore returns a Store over db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

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
	cols["account_id"] = accountID
	// A map insert lets the table's defaults apply to the fields not given; RETURNING
	// puts the new row's columns back into the map.
	if err := s.db.WithContext(ctx).Model(&Overlay{}).Clauses(clause.Returning{}).Create(cols).Error; err != nil {
		return Overlay{}, fmt.Errorf("insert overlay: %w", err)
	}
	id, ok := cols["id"].(int64)
	if !ok {
		return Overlay{}, fmt.Errorf("insert overlay: no id returned")
	}
	return s.Get(ctx, accountID, id)
}

// Update changes the given fields of one overlay of the account.
func (s *Store) Update(ctx context.Context, accountID, id int64, f Fields) (Overlay, error) {
	cols, err := f.columns()
	if err != nil {
		return Overlay{}, err
	}
	if len(cols) == 0 {
		return s.Get(ctx, accountID, id)
	}
	var o Overlay
	res := s.db.WithContext(ctx).Model(&o).Clauses(clause.Returning{}).
		Where("id = ? AND account_id = ?", id, accountID).Updates(cols)
	if res.Error != nil {
		return Overlay{}, fmt.Errorf("update overlay %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return Overlay{}, errNotFound
	}
	return o, nil
}

// Get returns one overlay of the account.
func (s *Store) Get(ctx context.Context, accountID, id int64) (Overlay, error) {
	var o Overlay
	err := s.db.WithContext(ctx).Where("id = ? AND account_id = ?", id, accountID).Take(&o).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Overlay{}, errNotFound
	}
	if err != nil {
		return Overlay{}, fmt.Errorf("load overlay %d: %w", id, err)
	}
	return o, nil
}

// Delete removes an overlay; links using it lose it (links.overlay_id is ON DELETE SET NULL).
func (s *Store) Delete(ctx context.Context, accountID, id int64) error {
	res := s.db.WithContext(ctx).Where("id = ? AND account_id = ?", id, accountID).Delete(&Overlay{})
	if res.Error != nil {
		return fmt.Errorf("delete overlay %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return errNotFound
	}
	return nil
}

// List returns one page of the account's overlays, newest first, and the total count.
func (s *Store) List(ctx context.Context, accountID int64, p pagination.Page) ([]Overlay, int, error) {
	var total int64
	q := s.db.WithContext(ctx).Model(&Overlay{}).Where("account_id = ?", accountID)
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count overlays: %w", err)
	}
	var out []Overlay
	if err := q.Order("id DESC").Limit(p.Limit).Offset(p.Offset()).Find(&out).Error; err != nil {
		return nil, 0, fmt.Errorf("list overlays: %w", err)
	}
	return out, int(total), nil
}

var errNotFound = apperr.New(apperr.NotFound, "Overlay not found")
