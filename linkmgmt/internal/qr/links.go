package qr

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"gorm.io/gorm"
)

// ShortLink is the short link behind a link code.
type ShortLink struct {
	ID  int64
	URL string // the short address the code encodes
}

// LinkService creates and maintains the short links behind link codes, so every scan
// goes through the redirect engine and is counted. The links package is meant to
// provide it (with its alias rules and redirect-cache invalidation); SQLLinks is a
// minimal stand-in over the links table.
type LinkService interface {
	CreateShortLink(ctx context.Context, accountID int64, longURL string) (ShortLink, error)
	UpdateLongURL(ctx context.Context, accountID, linkID int64, longURL string) error
	// DeleteLink removes the link; a link already gone is not an error.
	DeleteLink(ctx context.Context, accountID, linkID int64) error
}

// SQLLinks writes short links straight into the links table, on the service's own
// domain (BASE_URL), with a random base62 alias.
type SQLLinks struct {
	db      *gorm.DB
	baseURL string
}

// NewSQLLinks returns the stand-in link service.
func NewSQLLinks(db *gorm.DB, baseURL string) *SQLLinks {
	return &SQLLinks{db: db, baseURL: strings.TrimRight(baseURL, "/")}
}

const (
	aliasLength   = 7
	aliasAttempts = 5
	base62        = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)

// reservedAliases are first path segments the service itself serves; a random alias
// must not shadow one.
var reservedAliases = map[string]bool{
	"api": true, "qr": true, "r": true, "u": true, "healthz": true, "readyz": true, "metrics": true, "openapi": true,
}

// CreateShortLink inserts a direct link to longURL under a fresh random alias, retrying
// on the (rare) alias collision.
func (l *SQLLinks) CreateShortLink(ctx context.Context, accountID int64, longURL string) (ShortLink, error) {
	for range aliasAttempts {
		alias := randomAlias()
		if reservedAliases[strings.ToLower(alias)] {
			continue
		}
		var id int64
		err := l.db.WithContext(ctx).Raw(
			`INSERT INTO links (account_id, alias, long_url, title) VALUES (?, ?, ?, 'QR code') RETURNING id`,
			accountID, alias, longURL).Scan(&id).Error
		if errorsIsDuplicate(err) {
			continue
		}
		if err != nil {
			return ShortLink{}, fmt.Errorf("insert short link: %w", err)
		}
		return ShortLink{ID: id, URL: l.baseURL + "/" + alias}, nil
	}
	return ShortLink{}, fmt.Errorf("insert short link: no free alias after %d attempts", aliasAttempts)
}

// UpdateLongURL points the account's link at a new destination.
func (l *SQLLinks) UpdateLongURL(ctx context.Context, accountID, linkID int64, longURL string) error {
	res := l.db.WithContext(ctx).Exec(`UPDATE links SET long_url = ? WHERE id = ? AND account_id = ?`, longURL, linkID, accountID)
	if res.Error != nil {
		return fmt.Errorf("update short link %d: %w", linkID, res.Error)
	}
	if res.RowsAffected == 0 {
		return errLinkGone
	}
	return nil
}

// DeleteLink removes the account's link.
func (l *SQLLinks) DeleteLink(ctx context.Context, accountID, linkID int64) error {
	if err := l.db.WithContext(ctx).Exec(`DELETE FROM links WHERE id = ? AND account_id = ?`, linkID, accountID).Error; err != nil {
		return fmt.Errorf("delete short link %d: %w", linkID, err)
	}
	return nil
}

// randomAlias returns aliasLength base62 characters from crypto/rand. 62 does not
// divide 256, so bytes of 248 and above are dropped to keep every character equally
// likely.
func randomAlias() string {
	out := make([]byte, 0, aliasLength)
	buf := make([]byte, 16)
	for len(out) < aliasLength {
		_, _ = rand.Read(buf) // crypto/rand.Read never fails on supported platforms
		for _, b := range buf {
			if b < 248 && len(out) < aliasLength {
				out = append(out, base62[b%62])
			}
		}
	}
	return string(out)
}
