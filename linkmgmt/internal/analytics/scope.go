package analytics

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

// Kind is what a scope is made of.
type Kind string

// The scopes of the analytics routes.
const (
	KindLink     Kind = "url"
	KindQR       Kind = "qr"
	KindCampaign Kind = "campaign"
	KindChannel  Kind = "channel"
	KindAccount  Kind = "account"
)

// Scope is the set of clicks a question is about: those of some links of an account,
// or of the whole account.
type Scope struct {
	Kind      Kind
	ID        int64 // the link, QR code, campaign or channel (the account for KindAccount)
	AccountID int64
	// Links are the links whose clicks count (KindAccount: none, the account's rollups
	// are read). Membership is the current one: a link added to a campaign brings its
	// clicks from before, a link taken out takes its clicks with it.
	Links []int64
}

// Whole reports whether the scope is the whole account.
func (s Scope) Whole() bool { return s.Kind == KindAccount }

// Scopes resolves scopes, within one account: another account's resource is not found.
type Scopes struct{ db *gorm.DB }

// NewScopes returns a Scopes.
func NewScopes(db *gorm.DB) *Scopes { return &Scopes{db: db} }

// NotFound is the failure of a scope that does not exist: its resource's own.
func NotFound(k Kind) error { return notFound[k] }

// Resolve returns the scope of kind k and id in the account.
func (s *Scopes) Resolve(ctx context.Context, accountID int64, k Kind, id int64) (Scope, error) {
	sc := Scope{Kind: k, ID: id, AccountID: accountID}
	db := s.db.WithContext(ctx)
	var (
		found []int64
		err   error
	)
	switch k {
	case KindAccount:
		sc.ID = accountID
		return sc, nil
	case KindLink:
		err = db.Raw(`SELECT id FROM links WHERE id = ? AND account_id = ?`, id, accountID).Scan(&found).Error
		sc.Links = found
	case KindQR:
		// A code counts the scans of its short link while it is of type link (one that
		// changed type no longer encodes it).
		var rows []struct{ LinkID *int64 }
		err = db.Raw(`SELECT CASE WHEN type = 'link' THEN link_id END AS link_id FROM qr_codes WHERE id = ? AND account_id = ?`, id, accountID).Scan(&rows).Error
		if err == nil && len(rows) == 1 {
			found = []int64{id}
			if rows[0].LinkID != nil {
				sc.Links = []int64{*rows[0].LinkID}
			} else {
				sc.Links = []int64{}
			}
		}
	case KindCampaign:
		err = db.Raw(`SELECT id FROM campaigns WHERE id = ? AND account_id = ?`, id, accountID).Scan(&found).Error
		if err == nil && len(found) == 1 {
			sc.Links = []int64{}
			err = db.Raw(`SELECT id FROM links WHERE campaign_id = ? AND account_id = ? ORDER BY id`, id, accountID).Scan(&sc.Links).Error
		}
	case KindChannel:
		// A channel holds links and QR codes: its clicks are those of its links and of its
		// codes' short links.
		err = db.Raw(`SELECT id FROM channels WHERE id = ? AND account_id = ?`, id, accountID).Scan(&found).Error
		if err == nil && len(found) == 1 {
			sc.Links = []int64{}
			err = db.Raw(`SELECT id FROM links WHERE channel_id = @ch AND account_id = @acc
				UNION SELECT link_id FROM qr_codes WHERE channel_id = @ch AND account_id = @acc AND type = 'link' AND link_id IS NOT NULL
				ORDER BY 1`, map[string]any{"ch": id, "acc": accountID}).Scan(&sc.Links).Error
		}
	default:
		return sc, errors.New("analytics: unknown scope kind " + string(k))
	}
	if err != nil {
		return sc, fmt.Errorf("resolve %s %d: %w", k, id, err)
	}
	if len(found) != 1 {
		return sc, notFound[k]
	}
	return sc, nil
}
