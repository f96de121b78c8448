package qr

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Code is a stored QR code.
type Code struct {
	ID         int64
	AccountID  int64
	Name       string
	Type       Type
	Data       json.RawMessage // normalised data (see ParseContent)
	Background string          // rgb(r,g,b)
	Foreground string          // rgb(r,g,b)
	Logo       string          // the reference given (path or URL); "" for none
	LinkID     *int64          // type link: the short link the code encodes
	// ShortURL is the address of the short link (type link with a link), else "".
	ShortURL  string
	Scans     int64 // clicks counted on the short link
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Store reads and writes qr_codes.
type Store struct {
	db      *gorm.DB
	baseURL string
}

// NewStore returns a Store; baseURL builds the short URLs of links on the default domain.
func NewStore(db *gorm.DB, baseURL string) *Store {
	return &Store{db: db, baseURL: strings.TrimRight(baseURL, "/")}
}

// codeRow is one qr_codes row joined with its short link.
type codeRow struct {
	ID         int64
	AccountID  int64
	Name       string
	Type       string
	Data       []byte
	Background string
	Foreground string
	Logo       string
	LinkID     *int64
	LinkAlias  *string
	LinkDomain *string
	Scans      int64
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// selectCodes reads codes with their short link's address and scan count (the clicks the
// flush worker has added to links.clicks; the service adds those not flushed yet).
const selectCodes = `
SELECT q.id, q.account_id, q.name, q.type, q.data, q.background, q.foreground, q.logo, q.link_id,
       l.alias AS link_alias, d.domain AS link_domain,
       COALESCE(l.clicks, 0) AS scans,
       q.created_at, q.updated_at
FROM qr_codes q
LEFT JOIN links l ON l.id = q.link_id
LEFT JOIN domains d ON d.id = l.domain_id
`

func (s *Store) toCode(r codeRow) Code {
	c := Code{
		ID: r.ID, AccountID: r.AccountID, Name: r.Name, Type: Type(r.Type), Data: r.Data,
		Background: r.Background, Foreground: r.Foreground, Logo: r.Logo, LinkID: r.LinkID,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
	if c.Type == TypeLink && r.LinkAlias != nil {
		base := s.baseURL
		if r.LinkDomain != nil && *r.LinkDomain != "" {
			base = strings.TrimRight(*r.LinkDomain, "/")
		}
		c.ShortURL = base + "/" + *r.LinkAlias
		c.Scans = r.Scans
	}
	return c
}

// Get returns the account's code id.
func (s *Store) Get(ctx context.Context, accountID, id int64) (Code, error) {
	var rows []codeRow
	err := s.db.WithContext(ctx).Raw(selectCodes+`WHERE q.id = ? AND q.account_id = ?`, id, accountID).Scan(&rows).Error
	if err != nil {
		return Code{}, fmt.Errorf("load qr code %d: %w", id, err)
	}
	if len(rows) == 0 {
		return Code{}, ErrNotFound
	}
	return s.toCode(rows[0]), nil
}

// GetPublic returns code id whatever its account (the public image route).
func (s *Store) GetPublic(ctx context.Context, id int64) (Code, error) {
	var rows []codeRow
	if err := s.db.WithContext(ctx).Raw(selectCodes+`WHERE q.id = ?`, id).Scan(&rows).Error; err != nil {
		return Code{}, fmt.Errorf("load qr code %d: %w", id, err)
	}
	if len(rows) == 0 {
		return Code{}, ErrNotFound
	}
	return s.toCode(rows[0]), nil
}

// LogoImage returns the stored (normalised PNG) logo of code id, nil when it has none.
func (s *Store) LogoImage(ctx context.Context, id int64) ([]byte, error) {
	var rows []struct{ LogoImage []byte }
	if err := s.db.WithContext(ctx).Raw(`SELECT logo_image FROM qr_codes WHERE id = ?`, id).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("load logo of qr code %d: %w", id, err)
	}
	if len(rows) == 0 {
		return nil, ErrNotFound
	}
	return rows[0].LogoImage, nil
}

// List returns one page of the account's codes, newest first, and the total count.
func (s *Store) List(ctx context.Context, accountID int64, limit, offset int) ([]Code, int, error) {
	var total int64
	if err := s.db.WithContext(ctx).Raw(`SELECT count(*) FROM qr_codes WHERE account_id = ?`, accountID).Scan(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count qr codes: %w", err)
	}
	var rows []codeRow
	err := s.db.WithContext(ctx).Raw(selectCodes+`WHERE q.account_id = ? ORDER BY q.id DESC LIMIT ? OFFSET ?`, accountID, limit, offset).Scan(&rows).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list qr codes: %w", err)
	}
	out := make([]Code, len(rows))
	for i, r := range rows {
		out[i] = s.toCode(r)
	}
	return out, int(total), nil
}

// record is what Insert and Update write.
type record struct {
	Name       string
	Type       Type
	Data       json.RawMessage
	Background string
	Foreground string
	Logo       string
	LogoImage  []byte // nil: none
	LinkID     *int64
}

// Insert stores a new code and returns its id.
func (s *Store) Insert(ctx context.Context, accountID int64, r record) (int64, error) {
	var id int64
	err := s.db.WithContext(ctx).Raw(`
INSERT INTO qr_codes (account_id, name, type, data, background, foreground, logo, logo_image, link_id)
VALUES (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?) RETURNING id`,
		accountID, r.Name, string(r.Type), string(r.Data), r.Background, r.Foreground, r.Logo, r.LogoImage, r.LinkID).Scan(&id).Error
	if err != nil {
		return 0, fmt.Errorf("insert qr code: %w", err)
	}
	return id, nil
}

// Update rewrites the account's code id (updated_at moves forward, which changes the
// image's ETag).
func (s *Store) Update(ctx context.Context, accountID, id int64, r record) error {
	res := s.db.WithContext(ctx).Exec(`
UPDATE qr_codes SET name = ?, type = ?, data = ?::jsonb, background = ?, foreground = ?, logo = ?, logo_image = ?, link_id = ?
WHERE id = ? AND account_id = ?`,
		r.Name, string(r.Type), string(r.Data), r.Background, r.Foreground, r.Logo, r.LogoImage, r.LinkID, id, accountID)
	if res.Error != nil {
		return fmt.Errorf("update qr code %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// Delete removes the account's code id.
func (s *Store) Delete(ctx context.Context, accountID, id int64) error {
	res := s.db.WithContext(ctx).Exec(`DELETE FROM qr_codes WHERE id = ? AND account_id = ?`, id, accountID)
	if res.Error != nil {
		return fmt.Errorf("delete qr code %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}
