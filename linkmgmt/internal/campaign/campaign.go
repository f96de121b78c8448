// Package campaign owns campaigns: named groups of an account's links with an optional
// rotator slug (/r/{slug}) and a list page (/u/{slug} or /u/{id}).
package campaign

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"gorm.io/gorm"
)

// Campaign is one campaign of an account.
type Campaign struct {
	ID        int64 `gorm:"primaryKey"`
	AccountID int64
	Name      string
	Slug      *string // nil: the campaign has no rotator address
	Public    bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// RotatorURL is the address that rotates over the campaign's links, under the service's
// base URL; ok is false when the campaign has no slug (no rotator).
func (c Campaign) RotatorURL(baseURL string) (url string, ok bool) {
	if c.Slug == nil {
		return "", false
	}
	return baseURL + "/r/" + *c.Slug, true
}

// ListURL is the address of the campaign's public list of links: by slug when it has
// one, else by id (slugs are never all digits, so the two cannot be confused).
func (c Campaign) ListURL(baseURL string) string {
	if c.Slug != nil {
		return baseURL + "/u/" + *c.Slug
	}
	return fmt.Sprintf("%s/u/%d", baseURL, c.ID)
}

// validSlug reports whether s may be a rotator slug: 2 to 64 letters, digits, - or _,
// starting with a letter or digit, and not all digits, so /u/{x} can tell a slug from a
// campaign id. (A loop, not a regular expression: every rotator visit asks.)
func validSlug(s string) bool {
	if len(s) < 2 || len(s) > 64 || s[0] == '-' || s[0] == '_' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return !allDigits(s)
}

// allDigits reports whether s is a non-empty run of ASCII digits (a campaign id).
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// NormalizeSlug trims a slug and checks its shape. "" means no slug.
func NormalizeSlug(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", nil
	}
	if !validSlug(s) {
		return "", ErrInvalid.Withf("slug must be 2 to 64 letters, digits, - or _, start with a letter or digit and not be all digits")
	}
	return s, nil
}

// Store reads and writes campaigns. Every method is scoped to one account: another
// account's campaign is not found. Get, Owns, List and Delete are owned.Resource's
// (Delete leaves the campaign's links, which lose it: links.campaign_id is ON DELETE SET
// NULL).
type Store struct {
	owned.Resource[Campaign]
	db     *gorm.DB
	notify cachebus.Publisher
}

// NewStore returns a Store over db. notify (nil: nobody) hears about every change the
// public pages show: the rotators and list pages of every replica cache campaigns.
func NewStore(db *gorm.DB, notify cachebus.Publisher) *Store {
	s := &Store{db: db, notify: notify}
	s.Resource = owned.NewResource[Campaign](db, "campaign", ErrNotFound, func(ctx context.Context, c Campaign) {
		s.changed(ctx, true, c.ID)
	})
	return s
}

// changed announces campaigns whose content changed; addresses also when a campaign's
// slug or visibility may have (created, updated, deleted).
func (s *Store) changed(ctx context.Context, addresses bool, ids ...int64) {
	if s.notify == nil {
		return
	}
	var events []cachebus.Event
	if addresses {
		events = append(events, cachebus.CampaignsChanged())
	}
	for _, id := range ids {
		events = append(events, cachebus.CampaignChanged(id))
	}
	s.notify.Publish(ctx, events...)
}

// CreateInput is a new campaign. Slug "" means no rotator.
type CreateInput struct {
	Name   string
	Slug   string
	Public bool
}

// Create adds a campaign to the account.
func (s *Store) Create(ctx context.Context, accountID int64, in CreateInput) (Campaign, error) {
	name := strings.TrimSpace(in.Name)
	if name != "" { // the contract lets a campaign be created without a name
		var err error
		if name, err = owned.Name(name, ErrInvalid); err != nil {
			return Campaign{}, err
		}
	}
	slug, err := NormalizeSlug(in.Slug)
	if err != nil {
		return Campaign{}, err
	}
	c := Campaign{AccountID: accountID, Name: name, Public: in.Public}
	if slug != "" {
		c.Slug = &slug
	}
	if err := s.db.WithContext(ctx).Create(&c).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return Campaign{}, ErrSlugTaken
		}
		return Campaign{}, fmt.Errorf("insert campaign: %w", err)
	}
	s.changed(ctx, true, c.ID)
	return c, nil
}

// UpdateInput changes a campaign. Nil fields are left as they are; a Slug pointing to ""
// removes the rotator.
type UpdateInput struct {
	Name   string // required
	Slug   *string
	Public *bool
}

// Update changes one campaign of the account and returns it.
func (s *Store) Update(ctx context.Context, accountID, id int64, in UpdateInput) (Campaign, error) {
	name, err := owned.Name(in.Name, ErrInvalid)
	if err != nil {
		return Campaign{}, err
	}
	updates := map[string]any{"name": name}
	if in.Slug != nil {
		slug, err := NormalizeSlug(*in.Slug)
		if err != nil {
			return Campaign{}, err
		}
		if slug == "" {
			updates["slug"] = nil
		} else {
			updates["slug"] = slug
		}
	}
	if in.Public != nil {
		updates["public"] = *in.Public
	}
	c, err := s.UpdateColumns(ctx, accountID, id, updates)
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return Campaign{}, ErrSlugTaken
	}
	return c, err
}

// bySlug is the campaign with the rotator slug, whatever its account (public pages).
func (s *Store) bySlug(ctx context.Context, slug string) (Campaign, error) {
	return s.find(ctx, "slug = ?", slug)
}

// byID is the campaign id, whatever its account (public pages).
func (s *Store) byID(ctx context.Context, id int64) (Campaign, error) {
	return s.find(ctx, "id = ?", id)
}

func (s *Store) find(ctx context.Context, where string, arg any) (Campaign, error) {
	var c Campaign
	res := s.db.WithContext(ctx).Where(where, arg).Limit(1).Find(&c)
	if res.Error != nil {
		return Campaign{}, fmt.Errorf("load campaign %v: %w", arg, res.Error)
	}
	if res.RowsAffected == 0 {
		return Campaign{}, ErrNotFound
	}
	return c, nil
}

// AssignLink puts one of the account's links into one of its campaigns (a link is in at
// most one campaign; assigning moves it).
func (s *Store) AssignLink(ctx context.Context, accountID, campaignID, linkID int64) error {
	// The campaign the link leaves changes too: its pages stop showing it.
	var left []struct{ CampaignID *int64 }
	res := s.db.WithContext(ctx).Raw(`
		UPDATE links SET campaign_id = c.id
		FROM campaigns c, links before
		WHERE c.id = ? AND c.account_id = ? AND links.id = ? AND links.account_id = ? AND before.id = links.id
		RETURNING before.campaign_id AS campaign_id`,
		campaignID, accountID, linkID, accountID).Scan(&left)
	if res.Error != nil {
		if errors.Is(res.Error, gorm.ErrForeignKeyViolated) {
			return ErrNotFound // the campaign was deleted meanwhile
		}
		return fmt.Errorf("assign link %d to campaign %d: %w", linkID, campaignID, res.Error)
	}
	if res.RowsAffected > 0 {
		changed := []int64{campaignID}
		if len(left) == 1 && left[0].CampaignID != nil && *left[0].CampaignID != campaignID {
			changed = append(changed, *left[0].CampaignID)
		}
		s.changed(ctx, false, changed...)
		return nil
	}
	// Nothing changed: say which of the two is missing.
	if _, err := s.Get(ctx, accountID, campaignID); err != nil {
		return err
	}
	return link.ErrNotFound
}
