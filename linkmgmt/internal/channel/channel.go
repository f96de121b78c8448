// Package channel owns channels: an account's named, coloured groups of links and QR
// codes (and bio pages, which this service does not have yet: see ItemBio).
package channel

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/shared/pagination"
	"gorm.io/gorm"
)

// Channel is one channel of an account.
type Channel struct {
	ID          int64 `gorm:"primaryKey"`
	AccountID   int64
	Name        string
	Description string
	Color       string // "" or #RGB / #RRGGBB
	Starred     bool
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Item types, as the spec names them in the assign path and in item listings.
const (
	ItemLinks = "links"
	ItemQR    = "qr"
	// ItemBio is a valid type, but the service has no bio pages: the spec defines no way
	// to create one, so there is nothing to assign (404) and listings never hold one.
	ItemBio = "bio"
)

// Item is one member of a channel, as listed by GET /api/channel/:id.
type Item struct {
	Type      string
	ID        int64
	Title     string
	Preview   string // links: the short URL; qr: the QR image
	Link      string // links: the short URL; qr: the short URL a link code encodes, else the image
	CreatedAt time.Time
}

const (
	maxDescriptionLen = 2000
)

var hexColor = regexp.MustCompile(`^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`)

// Store reads and writes channels. Every method is scoped to one account: another
// account's channel or item is not found. Create requires the name; Delete unassigns the
// channel's links and QR codes, it does not delete them (their channel_id is ON DELETE
// SET NULL).
type Store struct {
	owned.Editable[Channel, Fields]
	db      *gorm.DB
	baseURL string // the service's public address, for short and image URLs
}

// NewStore returns a Store over db; baseURL is the service's public address.
func NewStore(db *gorm.DB, baseURL string) *Store {
	return &Store{Editable: owned.NewEditable[Channel, Fields](db, "channel", ErrNotFound, nil), db: db, baseURL: baseURL}
}

// Fields are a channel's editable fields. Nil means "not given".
type Fields struct {
	Name        *string
	Description *string
	Color       *string
	Starred     *bool
}

// Columns checks the fields given and returns them as column values; a new channel
// needs its name.
func (f Fields) Columns(creating bool) (map[string]any, error) {
	cols := map[string]any{}
	if err := owned.PutName(cols, f.Name, creating, ErrInvalid); err != nil {
		return nil, err
	}
	if f.Description != nil {
		if len(*f.Description) > maxDescriptionLen {
			return nil, ErrInvalid.Withf("description must be at most %d characters", maxDescriptionLen)
		}
		cols["description"] = strings.TrimSpace(*f.Description)
	}
	if f.Color != nil {
		color := strings.TrimSpace(*f.Color)
		if color != "" && !hexColor.MatchString(color) {
			return nil, ErrInvalid.Withf("color must be a HEX colour such as #1e90ff or #09f")
		}
		cols["color"] = strings.ToLower(color)
	}
	if f.Starred != nil {
		cols["starred"] = *f.Starred
	}
	return cols, nil
}

// CheckItemType accepts the item types links, bio and qr; anything else is Invalid.
func CheckItemType(t string) error {
	if _, ok := itemNotFound[t]; !ok {
		return ErrItemType
	}
	return nil
}

// ItemNotFound is the failure of a missing item of a (valid) type.
func ItemNotFound(t string) error { return itemNotFound[t] }

var itemNotFound = map[string]error{ItemLinks: link.ErrNotFound, ItemQR: qr.ErrNotFound, ItemBio: ErrBioNotFound}

// Assign puts one of the account's items into one of its channels. An item is in at
// most one channel: assigning moves it. An unknown type is Invalid; a missing channel
// or item (or one of another account) is NotFound.
func (s *Store) Assign(ctx context.Context, accountID, channelID int64, itemType string, itemID int64) error {
	if err := CheckItemType(itemType); err != nil {
		return err
	}
	var table string
	switch itemType {
	case ItemLinks:
		table = "links"
	case ItemQR:
		table = "qr_codes"
	case ItemBio:
		if _, err := s.Get(ctx, accountID, channelID); err != nil {
			return err
		}
		return ErrBioNotFound
	}
	// table is one of two constants above, never client input.
	res := s.db.WithContext(ctx).Exec(`
		UPDATE `+table+` AS item SET channel_id = ch.id
		FROM channels ch
		WHERE ch.id = ? AND ch.account_id = ? AND item.id = ? AND item.account_id = ?`,
		channelID, accountID, itemID, accountID)
	if res.Error != nil {
		if errors.Is(res.Error, gorm.ErrForeignKeyViolated) {
			return ErrNotFound // the channel was deleted meanwhile
		}
		return fmt.Errorf("assign %s %d to channel %d: %w", itemType, itemID, channelID, res.Error)
	}
	if res.RowsAffected > 0 {
		return nil
	}
	if _, err := s.Get(ctx, accountID, channelID); err != nil {
		return err
	}
	return ItemNotFound(itemType)
}

// itemRow is one row of the items query; URLs are built from it in Go.
type itemRow struct {
	Type      string
	ID        int64
	Title     string
	Alias     *string // the short link's alias (a QR code's own link, if any)
	Domain    *string // the short link's branded domain, NULL for the base URL
	CreatedAt time.Time
}

// Items returns one page of a channel's items (links and QR codes together), newest
// first, and their total count.
func (s *Store) Items(ctx context.Context, accountID, channelID int64, p pagination.Page) ([]Item, int, error) {
	if _, err := s.Get(ctx, accountID, channelID); err != nil {
		return nil, 0, err
	}
	db := s.db.WithContext(ctx)
	var total int64
	err := db.Raw(`SELECT
		(SELECT count(*) FROM links WHERE channel_id = @ch AND account_id = @acc) +
		(SELECT count(*) FROM qr_codes WHERE channel_id = @ch AND account_id = @acc)`,
		map[string]any{"ch": channelID, "acc": accountID}).Scan(&total).Error
	if err != nil {
		return nil, 0, fmt.Errorf("count channel %d items: %w", channelID, err)
	}
	var rows []itemRow
	err = db.Raw(`
		SELECT 'links' AS type, l.id, l.title, l.alias, d.domain, l.created_at
		FROM links l LEFT JOIN domains d ON d.id = l.domain_id
		WHERE l.channel_id = @ch AND l.account_id = @acc
		UNION ALL
		-- A code encodes its short link only while it is of type link (one that changed
		-- type keeps the link for older prints, but no longer encodes it).
		SELECT 'qr', q.id, q.name, l.alias, d.domain, q.created_at
		FROM qr_codes q
		LEFT JOIN links l ON l.id = q.link_id AND q.type = 'link'
		LEFT JOIN domains d ON d.id = l.domain_id
		WHERE q.channel_id = @ch AND q.account_id = @acc
		ORDER BY created_at DESC, type, id DESC
		LIMIT @limit OFFSET @offset`,
		map[string]any{"ch": channelID, "acc": accountID, "limit": p.Limit, "offset": p.Offset()}).Scan(&rows).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list channel %d items: %w", channelID, err)
	}
	items := make([]Item, 0, len(rows))
	for _, r := range rows {
		it := Item{Type: r.Type, ID: r.ID, Title: r.Title, CreatedAt: r.CreatedAt}
		short := ""
		if r.Alias != nil {
			short = s.shortURL(r.Domain, *r.Alias)
		}
		switch r.Type {
		case ItemLinks:
			it.Preview, it.Link = short, short
		case ItemQR:
			it.Preview = fmt.Sprintf("%s/qr/%d.png", s.baseURL, r.ID)
			it.Link = short
			if it.Link == "" {
				it.Link = it.Preview
			}
		}
		items = append(items, it)
	}
	return items, int(total), nil
}

// shortURL is a link's public address: on its branded domain, or on the base URL.
func (s *Store) shortURL(domain *string, alias string) string {
	base := s.baseURL
	if domain != nil && *domain != "" {
		base = strings.TrimRight(*domain, "/")
	}
	return base + "/" + alias
}
