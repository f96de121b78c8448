package redirect

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/overlay"
	"github.com/loyaltylinks/platform/linkmgmt/internal/pixel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/splash"
)

// Target is a link with everything its redirect needs, loaded once and cached.
type Target struct {
	Link        link.Link
	ShortURL    string
	Destination string // long URL with the link's parameters
	Pixels      []pixel.Pixel
	Splash      *splash.Page     // link type "splash-<id>"
	Overlay     *overlay.Overlay // link type "overlay-<id>"

	weight int64 // estimated bytes, set by the loader (cache accounting)
	// destinationSafe: Destination passed safeURL when loaded, so a plain redirect to it
	// needs no check per visit.
	destinationSafe bool
	// location is the Location header of a plain redirect to Destination, built once
	// (the server only reads header values): one allocation less per visit.
	location []string
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

// domainSize is the bytes a cached branded domain holds.
func domainSize(d domain.Domain) int64 {
	return int64(len(d.Domain)+len(d.Host)+len(d.RedirectRoot)+len(d.Redirect404)) + 64
}

// Sources are the packages whose rows a redirect reads on a cache miss, each through
// the query it exports.
type Sources struct {
	Links   *link.Service
	Domains interface {
		ByHost(ctx context.Context, host string) (domain.Domain, error)
	}
	Pixels interface {
		OfLink(ctx context.Context, linkID int64) ([]pixel.Pixel, error)
	}
	Splash interface {
		Get(ctx context.Context, accountID, id int64) (splash.Page, error)
	}
	Overlays interface {
		Get(ctx context.Context, accountID, id int64) (overlay.Overlay, error)
	}
}

// loader reads targets and domains (cache misses only).
type loader struct {
	Sources
	baseURL string
}

func (l loader) target(ctx context.Context, domainID int64, alias string) (*Target, error) {
	lk, err := l.Links.ByAlias(ctx, domainID, alias)
	if err != nil {
		return nil, err
	}
	t := &Target{Link: lk, ShortURL: lk.ShortURL(l.baseURL), Destination: lk.Destination()}
	if t.Pixels, err = l.Pixels.OfLink(ctx, lk.ID); err != nil {
		return nil, err
	}
	// A page deleted since (the reference is cleared with it) renders as a redirect.
	if lk.SplashID != nil && strings.HasPrefix(lk.Type, "splash-") {
		sp, err := l.Splash.Get(ctx, lk.AccountID, *lk.SplashID)
		if err != nil && !errors.Is(err, splash.ErrNotFound) {
			return nil, err
		}
		if err == nil {
			t.Splash = &sp
		}
	}
	if lk.OverlayID != nil && strings.HasPrefix(lk.Type, "overlay-") {
		ov, err := l.Overlays.Get(ctx, lk.AccountID, *lk.OverlayID)
		if err != nil && !errors.Is(err, overlay.ErrNotFound) {
			return nil, err
		}
		if err == nil {
			t.Overlay = &ov
		}
	}
	t.weight = weigh(t)
	t.destinationSafe = safeURL(t.Destination)
	if t.destinationSafe {
		t.location = []string{t.Destination}
	}
	return t, nil
}

func (l loader) domain(ctx context.Context, host string) (domain.Domain, error) {
	return l.Domains.ByHost(ctx, host)
}
