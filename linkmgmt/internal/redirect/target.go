package redirect

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/shared/apperr"
	"gorm.io/gorm"
)

// Pixel is a tracking tag rendered in the HTML variants.
type Pixel struct {
	Type string
	Tag  string
}

// SplashPage is a custom splash page (link type "splash-<id>").
type SplashPage struct {
	Title       string
	Message     string
	ImageURL    string
	Countdown   int
	ButtonLabel string
	ButtonURL   string
}

// Overlay is a CTA overlay (link type "overlay-<id>").
type Overlay struct {
	Type            string
	Text            string
	ButtonLabel     string
	ButtonURL       string
	BackgroundColor string
	TextColor       string
	ButtonColor     string
}

// Target is a link with everything its redirect needs, loaded once and cached.
type Target struct {
	Link        link.Link
	ShortURL    string
	Destination string // long URL with the link's parameters
	Pixels      []Pixel
	Splash      *SplashPage
	Overlay     *Overlay

	weight int64 // estimated bytes, set by the loader (cache accounting)
}

// size is the estimated bytes t holds: its JSON encoding, which spells out every string
// and slice it carries, close enough for a cache bound. nil (not found) holds nothing.
func (t *Target) size() int64 {
	if t == nil {
		return 0
	}
	return t.weight
}

func weigh(t *Target) int64 {
	raw, err := json.Marshal(t)
	if err != nil {
		return 4 << 10
	}
	return int64(len(raw))
}

// Domain is a branded domain as the redirect sees it.
type Domain struct {
	ID           int64
	Domain       string
	RedirectRoot string `gorm:"column:redirect_root"`
	Redirect404  string `gorm:"column:redirect_404"`
}

// size is the bytes a Domain holds.
func (d Domain) size() int64 {
	return int64(len(d.Domain)+len(d.RedirectRoot)+len(d.Redirect404)) + 8
}

// loader reads targets and domains from Postgres (cache misses only).
type loader struct {
	db      *gorm.DB
	links   *link.Service
	baseURL string
}

func (l loader) target(ctx context.Context, domainID int64, alias string) (*Target, error) {
	lk, err := l.links.ByAlias(ctx, domainID, alias)
	if err != nil {
		return nil, err
	}
	t := &Target{Link: lk, ShortURL: lk.ShortURL(l.baseURL), Destination: lk.Destination()}
	db := l.db.WithContext(ctx)
	if err := db.Raw(`SELECT p.type, p.tag FROM pixels p JOIN link_pixels lp ON lp.pixel_id = p.id WHERE lp.link_id = ? ORDER BY p.id`, lk.ID).Scan(&t.Pixels).Error; err != nil {
		return nil, fmt.Errorf("load pixels of link %d: %w", lk.ID, err)
	}
	if lk.SplashID != nil && strings.HasPrefix(lk.Type, "splash-") {
		var sp SplashPage
		res := db.Raw(`SELECT title, message, image_url, countdown, button_label, button_url FROM splash_pages WHERE id = ?`, *lk.SplashID).Scan(&sp)
		if res.Error != nil {
			return nil, fmt.Errorf("load splash page %d: %w", *lk.SplashID, res.Error)
		}
		if res.RowsAffected == 1 {
			t.Splash = &sp
		}
	}
	if lk.OverlayID != nil && strings.HasPrefix(lk.Type, "overlay-") {
		var ov Overlay
		res := db.Raw(`SELECT type, text, button_label, button_url, background_color, text_color, button_color FROM overlays WHERE id = ?`, *lk.OverlayID).Scan(&ov)
		if res.Error != nil {
			return nil, fmt.Errorf("load overlay %d: %w", *lk.OverlayID, res.Error)
		}
		if res.RowsAffected == 1 {
			t.Overlay = &ov
		}
	}
	t.weight = weigh(t)
	return t, nil
}

func (l loader) domain(ctx context.Context, host string) (Domain, error) {
	var d Domain
	res := l.db.WithContext(ctx).Raw(`SELECT id, domain, redirect_root, redirect_404 FROM domains WHERE host = ?`, host).Scan(&d)
	if res.Error != nil {
		return Domain{}, fmt.Errorf("load domain %q: %w", host, res.Error)
	}
	if res.RowsAffected == 0 {
		return Domain{}, apperr.New(apperr.NotFound, "Domain not found")
	}
	return d, nil
}
