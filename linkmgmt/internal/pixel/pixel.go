// Package pixel owns tracking pixels: an account's ad and analytics tags that the
// redirect pages render for the links carrying them.
package pixel

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"gorm.io/gorm"
)

// Pixel is one tracking pixel of an account.
type Pixel struct {
	ID        int64 `gorm:"primaryKey"`
	AccountID int64
	Type      string
	Name      string
	Tag       string // the provider's id for the pixel (not markup)
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Types are the spec's allowed pixel types, in its order.
var Types = []string{"gtmpixel", "gapixel", "fbpixel", "adwordspixel", "linkedinpixel",
	"twitterpixel", "adrollpixel", "quorapixel", "pinterest", "bing", "snapchat", "reddit", "tiktok"}

// tagShapes holds, per type, the shape of the provider's id where it has a documented
// one, and a human description for the error message. Types without an entry accept any
// tag of safeTag's shape.
var tagShapes = map[string]struct {
	re   *regexp.Regexp
	want string
}{
	"gtmpixel":      {regexp.MustCompile(`^GTM-[A-Z0-9]{4,12}$`), "a Google Tag Manager container id such as GTM-ABC1234"},
	"gapixel":       {regexp.MustCompile(`^(G-[A-Z0-9]{4,16}|UA-[0-9]{4,12}-[0-9]{1,4})$`), "a Google Analytics id such as G-ABC123DEF4 or UA-12345678-1"},
	"fbpixel":       {regexp.MustCompile(`^[0-9]{10,20}$`), "a Facebook pixel id (10 to 20 digits)"},
	"adwordspixel":  {regexp.MustCompile(`^AW-[0-9]{6,12}(/[A-Za-z0-9_-]{1,64})?$`), "a Google Ads conversion id such as AW-123456789 or AW-123456789/label"},
	"linkedinpixel": {regexp.MustCompile(`^[0-9]{3,12}$`), "a LinkedIn partner id (digits)"},
	"quorapixel":    {regexp.MustCompile(`^[0-9a-f]{32}$`), "a Quora pixel id (32 hexadecimal characters)"},
	"pinterest":     {regexp.MustCompile(`^[0-9]{10,16}$`), "a Pinterest tag id (10 to 16 digits)"},
	"bing":          {regexp.MustCompile(`^[0-9]{5,12}$`), "a Microsoft Advertising UET tag id (digits)"},
	"snapchat":      {regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`), "a Snap pixel id (a UUID)"},
	"reddit":        {regexp.MustCompile(`^t2_[a-z0-9]{3,16}$`), "a Reddit pixel id such as t2_abc123"},
	"tiktok":        {regexp.MustCompile(`^[A-Z0-9]{16,24}$`), "a TikTok pixel code (16 to 24 capital letters and digits)"},
}

// safeTag bounds every tag, whatever its type: tags end up inside the redirect pages'
// scripts, so nothing that could close a string or a tag is accepted.
var safeTag = regexp.MustCompile(`^[A-Za-z0-9_./:-]{1,128}$`)

// ValidType reports whether t is one of Types.
func ValidType(t string) bool {
	for _, v := range Types {
		if v == t {
			return true
		}
	}
	return false
}

// CheckTag trims tag and checks it against the shape of the pixel type.
func CheckTag(pixelType, tag string) (string, error) {
	tag = strings.TrimSpace(tag)
	if tag == "" {
		return "", errTagRequired
	}
	if shape, ok := tagShapes[pixelType]; ok {
		if !shape.re.MatchString(tag) {
			return "", ErrInvalid.Withf("tag must be %s", shape.want)
		}
		return tag, nil
	}
	if !safeTag.MatchString(tag) {
		return "", ErrInvalid.Withf("tag must be 1 to 128 letters, digits or . _ - / :")
	}
	return tag, nil
}

// Store reads and writes pixels, each method scoped to one account. Get, OwnsAll (for
// the links that carry them), List and Delete (links lose it: link_pixels rows cascade)
// are owned.Resource's.
type Store struct {
	owned.Resource[Pixel]
	db *gorm.DB
}

// NewStore returns a Store over db. notify (nil: nobody) hears about changed and deleted
// pixels: the redirect's cached links carry copies of theirs.
func NewStore(db *gorm.DB, notify cachebus.Publisher) *Store {
	return &Store{Resource: owned.NewResource[Pixel](db, "pixel", ErrNotFound, cachebus.EverythingOn[Pixel](notify)), db: db}
}

// CreateInput is a new pixel; every field is required.
type CreateInput struct {
	Type string
	Name string
	Tag  string
}

// Create adds a pixel to the account.
func (s *Store) Create(ctx context.Context, accountID int64, in CreateInput) (Pixel, error) {
	typ := strings.TrimSpace(in.Type)
	if typ == "" {
		return Pixel{}, ErrInvalid.Withf("type is required")
	}
	if !ValidType(typ) {
		return Pixel{}, ErrInvalid.Withf("type must be one of %s", strings.Join(Types, ", "))
	}
	name, err := owned.Name(in.Name, ErrInvalid)
	if err != nil {
		return Pixel{}, err
	}
	tag, err := CheckTag(typ, in.Tag)
	if err != nil {
		return Pixel{}, err
	}
	p := Pixel{AccountID: accountID, Type: typ, Name: name, Tag: tag}
	if err := s.db.WithContext(ctx).Create(&p).Error; err != nil {
		return Pixel{}, fmt.Errorf("insert pixel: %w", err)
	}
	return p, nil
}

// UpdateInput changes a pixel: the tag is required (checked against the pixel's type),
// the name optional.
type UpdateInput struct {
	Name *string
	Tag  string
}

// Update changes one pixel of the account.
func (s *Store) Update(ctx context.Context, accountID, id int64, in UpdateInput) (Pixel, error) {
	if strings.TrimSpace(in.Tag) == "" {
		return Pixel{}, errTagRequired
	}
	cur, err := s.Get(ctx, accountID, id)
	if err != nil {
		return Pixel{}, err
	}
	tag, err := CheckTag(cur.Type, in.Tag)
	if err != nil {
		return Pixel{}, err
	}
	cols := map[string]any{"tag": tag}
	if in.Name != nil {
		name, err := owned.Name(*in.Name, ErrInvalid)
		if err != nil {
			return Pixel{}, err
		}
		cols["name"] = name
	}
	return s.UpdateColumns(ctx, accountID, id, cols)
}

// OfLink returns the pixels a link carries, in id order (the redirect pages render
// them).
func (s *Store) OfLink(ctx context.Context, linkID int64) ([]Pixel, error) {
	var out []Pixel
	err := s.db.WithContext(ctx).Raw(`SELECT p.* FROM pixels p JOIN link_pixels lp ON lp.pixel_id = p.id WHERE lp.link_id = ? ORDER BY p.id`, linkID).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("load pixels of link %d: %w", linkID, err)
	}
	return out, nil
}
