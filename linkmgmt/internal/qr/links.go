package qr

import (
	"context"
	"errors"
	"fmt"

	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// ShortLink is the short link behind a link code.
type ShortLink struct {
	ID  int64
	URL string // the short address the code encodes
}

// LinkService creates and maintains the short links behind link codes, so every scan
// goes through the redirect engine and is counted.
type LinkService interface {
	CreateShortLink(ctx context.Context, accountID int64, longURL string) (ShortLink, error)
	// UpdateLongURL points the link at a new destination; NotFound when it is gone.
	UpdateLongURL(ctx context.Context, accountID, linkID int64, longURL string) error
	// DeleteLink removes the link; a link already gone is not an error.
	DeleteLink(ctx context.Context, accountID, linkID int64) error
}

// Links is the LinkService of the service: short links made by the links package, with
// its alias rules, its validation of destinations and its redirect-cache invalidation
// (a changed or deleted code's short link is forgotten by every replica at once).
type Links struct{ links *link.Service }

// NewLinks adapts the links service for QR codes.
func NewLinks(links *link.Service) *Links { return &Links{links: links} }

// qrLinkNote is the description of the short links made for codes, so they can be told
// apart in the links API.
const qrLinkNote = "QR code"

// CreateShortLink makes a direct link to longURL on the service's own domain, under a
// random alias.
func (l *Links) CreateShortLink(ctx context.Context, accountID int64, longURL string) (ShortLink, error) {
	created, err := l.links.Create(ctx, accountID, link.Input{URL: nullable.Of(longURL), Description: nullable.Of(qrLinkNote)})
	if err != nil {
		return ShortLink{}, asDataError(err)
	}
	return ShortLink{ID: created.ID, URL: created.ShortURL(l.links.BaseURL())}, nil
}

// UpdateLongURL points the account's link at a new destination.
func (l *Links) UpdateLongURL(ctx context.Context, accountID, linkID int64, longURL string) error {
	if _, err := l.links.Update(ctx, accountID, linkID, link.Input{URL: nullable.Of(longURL)}); err != nil {
		return asDataError(err)
	}
	return nil
}

// DeleteLink removes the account's link.
func (l *Links) DeleteLink(ctx context.Context, accountID, linkID int64) error {
	err := l.links.Delete(ctx, accountID, linkID)
	if err != nil && !errors.Is(err, link.ErrNotFound) {
		return fmt.Errorf("delete short link %d: %w", linkID, err)
	}
	return nil
}

// asDataError words the links service's validation of the destination for the QR API,
// where the destination is `data` (e.g. "data: must not point back to this link
// service"). Other errors pass through.
func asDataError(err error) error {
	if e, ok := apperr.As(err); ok && e.Code == apperr.Invalid && len(e.Fields) > 0 {
		return apperr.Validation(apperr.Field(e.Fields[0].Msg, e.Fields[0].Type, "body", "data"))
	}
	return err
}
