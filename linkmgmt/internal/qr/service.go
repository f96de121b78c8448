// Package qr owns QR codes: the payload forms of each type (vCard 3.0, mailto:, tel:,
// SMSTO:, WIFI:), colours and logos (local files under a configured directory, or
// http(s) URLs fetched with a size cap, a time-out and a guard against private
// addresses), rendering to PNG (go-qrcode) and SVG, the image cache, and the short link
// behind a `link` code that makes each scan go through the redirect engine.
package qr

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// Deps is what the service needs.
type Deps struct {
	DB    *gorm.DB
	Redis *redis.Client // image cache; nil disables it
	Links LinkService
	// Stats reads the click statistics of link codes' short links (the links API's
	// reader: Postgres rollups plus the counts not flushed yet).
	Stats   *click.StatsReader
	Logos   *LogoLoader
	BaseURL string // public address of the service (image URLs, short links)
	Logger  *slog.Logger
}

// Service is the QR code API.
type Service struct {
	store   *Store
	links   LinkService
	stats   *click.StatsReader
	logos   *LogoLoader
	cache   *imageCache
	baseURL string
	log     *slog.Logger
}

// NewService wires the service.
func NewService(d Deps) *Service {
	log := d.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{
		store:   NewStore(d.DB, d.BaseURL),
		links:   d.Links,
		stats:   d.Stats,
		logos:   d.Logos,
		cache:   newImageCache(d.Redis),
		baseURL: strings.TrimRight(d.BaseURL, "/"),
		log:     log,
	}
}

// CreateInput is a new code as the API receives it.
type CreateInput struct {
	Type       string
	Data       json.RawMessage
	Background string // rgb(r,g,b); "" = white
	Foreground string // rgb(r,g,b); "" = black
	Logo       string // path under the logo directory or http(s) URL; "" = none
	Name       string // "" = a summary of the data
}

// UpdateInput changes a code. Data is required; nil fields keep their value, and an
// empty string resets a colour to its default or removes the logo.
type UpdateInput struct {
	Type       *string
	Data       json.RawMessage
	Background *string
	Foreground *string
	Logo       *string
	Name       *string
}

// design is a code's validated look.
type design struct {
	fg, bg     color.RGBA
	logo       string
	logoImage  []byte
	background string
	foreground string
}

// Create validates and stores a new code. A link code gets a short link first.
func (s *Service) Create(ctx context.Context, accountID int64, in CreateInput) (Code, error) {
	typ, err := ParseType(in.Type)
	if err != nil {
		return Code{}, err
	}
	content, err := ParseContent(typ, in.Data)
	if err != nil {
		return Code{}, err
	}
	d, err := parseDesign(in.Background, in.Foreground)
	if err != nil {
		return Code{}, err
	}
	if strings.TrimSpace(in.Logo) != "" {
		if d.logoImage, err = s.logos.Load(ctx, in.Logo); err != nil {
			return Code{}, err
		}
		d.logo = strings.TrimSpace(in.Logo)
	}
	if typ != TypeLink {
		if err := CheckCapacity(content.Payload, d.logoImage != nil); err != nil {
			return Code{}, err
		}
	}
	name, err := codeName(in.Name, content)
	if err != nil {
		return Code{}, err
	}
	rec := record{Name: name, Type: typ, Data: content.Data, Background: d.background, Foreground: d.foreground, Logo: d.logo, LogoImage: d.logoImage}
	if typ == TypeLink {
		link, err := s.links.CreateShortLink(ctx, accountID, content.Payload)
		if err != nil {
			return Code{}, fmt.Errorf("create short link for qr code: %w", err)
		}
		rec.LinkID = &link.ID
	}
	id, err := s.store.Insert(ctx, accountID, rec)
	if err != nil {
		if rec.LinkID != nil {
			// Do not leave a short link behind a code that does not exist.
			if derr := s.links.DeleteLink(ctx, accountID, *rec.LinkID); derr != nil {
				s.log.ErrorContext(ctx, "remove short link of failed qr code", "link_id", *rec.LinkID, "error", derr)
			}
		}
		return Code{}, err
	}
	return s.store.Get(ctx, accountID, id)
}

// Update replaces a code's data (and type, colours, logo, name when given). The image's
// ETag changes with updated_at, so the next request renders the new image.
func (s *Service) Update(ctx context.Context, accountID, id int64, in UpdateInput) (Code, error) {
	cur, err := s.store.Get(ctx, accountID, id)
	if err != nil {
		return Code{}, err
	}
	typ := cur.Type
	if in.Type != nil {
		if typ, err = ParseType(*in.Type); err != nil {
			return Code{}, err
		}
	}
	content, err := ParseContent(typ, in.Data)
	if err != nil {
		return Code{}, err
	}
	d, err := parseDesign(valueOr(in.Background, cur.Background), valueOr(in.Foreground, cur.Foreground))
	if err != nil {
		return Code{}, err
	}
	switch {
	case in.Logo == nil:
		d.logo = cur.Logo
		if d.logoImage, err = s.store.LogoImage(ctx, id); err != nil {
			return Code{}, err
		}
	case strings.TrimSpace(*in.Logo) != "":
		if d.logoImage, err = s.logos.Load(ctx, *in.Logo); err != nil {
			return Code{}, err
		}
		d.logo = strings.TrimSpace(*in.Logo)
	}
	if typ != TypeLink {
		if err := CheckCapacity(content.Payload, d.logoImage != nil); err != nil {
			return Code{}, err
		}
	}
	name := cur.Name
	if in.Name != nil {
		if name, err = codeName(*in.Name, content); err != nil {
			return Code{}, err
		}
	}
	rec := record{Name: name, Type: typ, Data: content.Data, Background: d.background, Foreground: d.foreground, Logo: d.logo, LogoImage: d.logoImage, LinkID: cur.LinkID}
	// A code that stops being a link keeps its short link (printed copies of the old
	// code still redirect); it is reused if the code becomes a link again.
	if typ == TypeLink {
		if rec.LinkID, err = s.pointLink(ctx, accountID, cur.LinkID, content.Payload); err != nil {
			return Code{}, err
		}
	}
	if err := s.store.Update(ctx, accountID, id, rec); err != nil {
		return Code{}, err
	}
	s.cache.forget(ctx, s.log, id)
	return s.store.Get(ctx, accountID, id)
}

// pointLink makes the code's short link lead to longURL, creating one when the code has
// none (or its link was deleted through the links API).
func (s *Service) pointLink(ctx context.Context, accountID int64, linkID *int64, longURL string) (*int64, error) {
	if linkID != nil {
		err := s.links.UpdateLongURL(ctx, accountID, *linkID, longURL)
		if err == nil {
			return linkID, nil
		}
		if !errors.Is(err, link.ErrNotFound) {
			return nil, fmt.Errorf("update short link of qr code: %w", err)
		}
	}
	link, err := s.links.CreateShortLink(ctx, accountID, longURL)
	if err != nil {
		return nil, fmt.Errorf("create short link for qr code: %w", err)
	}
	return &link.ID, nil
}

// Delete removes a code and the short link that was made for it. The link goes first:
// if removing the code then fails, a retry finds the code without a link and finishes.
func (s *Service) Delete(ctx context.Context, accountID, id int64) error {
	cur, err := s.store.Get(ctx, accountID, id)
	if err != nil {
		return err
	}
	if cur.LinkID != nil {
		if err := s.links.DeleteLink(ctx, accountID, *cur.LinkID); err != nil && !errors.Is(err, link.ErrNotFound) {
			return fmt.Errorf("delete short link of qr code %d: %w", id, err)
		}
	}
	if err := s.store.Delete(ctx, accountID, id); err != nil {
		return err
	}
	s.cache.forget(ctx, s.log, id)
	return nil
}

// Get returns one of the account's codes, its scans counted up to now.
func (s *Service) Get(ctx context.Context, accountID, id int64) (Code, error) {
	c, err := s.store.Get(ctx, accountID, id)
	if err != nil {
		return Code{}, err
	}
	codes := []Code{c}
	s.addPendingScans(ctx, codes)
	return codes[0], nil
}

// List returns a page of the account's codes, newest first, and the total.
func (s *Service) List(ctx context.Context, accountID int64, limit, offset int) ([]Code, int, error) {
	codes, total, err := s.store.List(ctx, accountID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	s.addPendingScans(ctx, codes)
	return codes, total, nil
}

// addPendingScans adds the scans still waiting in Redis for the flush to the counts read
// from Postgres, as the links API does for clicks.
func (s *Service) addPendingScans(ctx context.Context, codes []Code) {
	var ids []int64
	for _, c := range codes {
		if c.ShortURL != "" {
			ids = append(ids, *c.LinkID)
		}
	}
	if len(ids) == 0 {
		return
	}
	pending := s.stats.PendingTotals(ctx, ids)
	for i, c := range codes {
		if c.ShortURL != "" {
			codes[i].Scans += pending[*c.LinkID]
		}
	}
}

// Stats returns the scan statistics of a code: those of its short link for a link code
// (read exactly as the links API reads a link's), zeros for the other types (their scans
// do not pass through the service).
func (s *Service) Stats(ctx context.Context, c Code) (Stats, error) {
	if c.Type != TypeLink || c.LinkID == nil {
		return emptyStats(), nil
	}
	ls, err := s.stats.ForLink(ctx, *c.LinkID)
	if err != nil {
		return Stats{}, err
	}
	st := emptyStats()
	st.Clicks, st.UniqueClicks = ls.Clicks, ls.UniqueClicks
	st.TopCountries, st.TopReferrers, st.TopBrowsers, st.TopOS = ls.Countries, ls.Referrers, ls.Browsers, ls.OS
	for _, network := range SocialNetworks {
		st.Social[network] = ls.Social[network]
	}
	return st, nil
}

// Stats are the scan statistics of a code's short link.
type Stats struct {
	Clicks       int64
	UniqueClicks int64
	TopCountries map[string]int64
	TopReferrers map[string]int64
	TopBrowsers  map[string]int64
	TopOS        map[string]int64
	Social       map[string]int64 // facebook, twitter, instagram: always present
}

// emptyStats is the statistics of a code nobody scanned: zero counts, empty tops, and
// every social network at 0.
func emptyStats() Stats {
	st := Stats{
		TopCountries: map[string]int64{}, TopReferrers: map[string]int64{},
		TopBrowsers: map[string]int64{}, TopOS: map[string]int64{}, Social: map[string]int64{},
	}
	for _, n := range SocialNetworks {
		st.Social[n] = 0
	}
	return st
}

// SocialNetworks are the keys of Stats.Social.
var SocialNetworks = []string{"facebook", "twitter", "instagram"}

// URL is what the API returns as a code's `link`: the short URL of a link code, the PNG
// image's address for every other type.
func (s *Service) URL(c Code) string {
	if c.Type == TypeLink && c.ShortURL != "" {
		return c.ShortURL
	}
	return s.ImageURL(c.ID, FormatPNG)
}

// ImageURL is the public address of a code's image.
func (s *Service) ImageURL(id int64, format string) string {
	return s.baseURL + "/qr/" + strconv.FormatInt(id, 10) + "." + format
}

// Image is a code's image, ready to serve or to revalidate.
type Image struct {
	Code   Code
	Format string
	ETag   string // quoted strong validator
	// payload and style are resolved by ImageInfo; Render fills the logo.
	payload string
}

// ImageInfo loads what an image request needs to answer 304 without rendering: the code
// and the ETag of its image in format.
func (s *Service) ImageInfo(ctx context.Context, id int64, format string) (Image, error) {
	if format != FormatPNG && format != FormatSVG {
		return Image{}, ErrNotFound
	}
	c, err := s.store.GetPublic(ctx, id)
	if err != nil {
		return Image{}, err
	}
	payload, err := s.payload(c)
	if err != nil {
		return Image{}, err
	}
	h := sha256.New()
	for _, part := range []string{renderVersion, format, strconv.FormatInt(c.ID, 10), payload, c.Foreground, c.Background, c.Logo, c.UpdatedAt.UTC().Format(time.RFC3339Nano)} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return Image{Code: c, Format: format, ETag: `"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`, payload: payload}, nil
}

// Render returns the image bytes: from the Redis cache when it holds this ETag's
// rendering, otherwise drawn now and cached.
func (s *Service) Render(ctx context.Context, img Image) ([]byte, error) {
	cached, hit, cacheUp := s.cache.get(ctx, s.log, img.Code.ID, img.Format, img.ETag)
	if hit {
		return cached, nil
	}
	fg, err := parseColour("foreground", img.Code.Foreground)
	if err != nil {
		return nil, fmt.Errorf("stored foreground of qr code %d: %w", img.Code.ID, err)
	}
	bg, err := parseColour("background", img.Code.Background)
	if err != nil {
		return nil, fmt.Errorf("stored background of qr code %d: %w", img.Code.ID, err)
	}
	st := Style{Foreground: fg, Background: bg}
	if img.Code.Logo != "" {
		raw, err := s.store.LogoImage(ctx, img.Code.ID)
		if err != nil {
			return nil, err
		}
		if st.Logo, err = decodeLogo(raw); err != nil {
			return nil, err
		}
	}
	var body []byte
	if img.Format == FormatSVG {
		body, err = RenderSVG(img.payload, st)
	} else {
		body, err = RenderPNG(img.payload, st)
	}
	if err != nil {
		return nil, fmt.Errorf("render qr code %d: %w", img.Code.ID, err)
	}
	if cacheUp {
		s.cache.put(ctx, s.log, img.Code.ID, img.Format, img.ETag, body)
	}
	return body, nil
}

// payload is the text a stored code encodes. A link code encodes its short link; one
// whose short link was deleted through the links API falls back to the destination
// itself, so printed codes keep working (uncounted) until the code is updated.
func (s *Service) payload(c Code) (string, error) {
	content, err := ParseContent(c.Type, c.Data)
	if err != nil {
		return "", fmt.Errorf("stored data of qr code %d: %w", c.ID, err)
	}
	if c.Type == TypeLink && c.ShortURL != "" {
		return c.ShortURL, nil
	}
	return content.Payload, nil
}

// parseDesign validates colours and fills defaults.
func parseDesign(background, foreground string) (design, error) {
	if strings.TrimSpace(background) == "" {
		background = DefaultBackground
	}
	if strings.TrimSpace(foreground) == "" {
		foreground = DefaultForeground
	}
	bg, err := parseColour("background", background)
	if err != nil {
		return design{}, err
	}
	fg, err := parseColour("foreground", foreground)
	if err != nil {
		return design{}, err
	}
	if err := checkContrast(fg, bg); err != nil {
		return design{}, err
	}
	return design{fg: fg, bg: bg, background: formatColour(bg), foreground: formatColour(fg)}, nil
}

const maxNameLength = 255

// codeName is the given name, or a summary of the data when none is given.
func codeName(given string, c Content) (string, error) {
	name := strings.TrimSpace(given)
	if name == "" {
		return c.Summary, nil
	}
	if len([]rune(name)) > maxNameLength {
		return "", ErrInvalid.Withf("name must be at most %d characters", maxNameLength)
	}
	return name, nil
}

func valueOr(p *string, def string) string {
	if p == nil {
		return def
	}
	return *p
}
