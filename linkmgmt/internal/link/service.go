package link

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/shared/apperr"
	"gorm.io/gorm"
)

// Owner is the ownership check a package exports for its rows: whether the account
// has the row id.
type Owner interface {
	Owns(ctx context.Context, accountID, id int64) (bool, error)
}

// References are the other resources a link may name, each asked through the package
// that owns it: the link service never reads their tables.
type References struct {
	Domains interface {
		// OwnedByHost is the account's branded domain for host (NotFound otherwise).
		OwnedByHost(ctx context.Context, accountID int64, host string) (domain.Domain, error)
		// Registered reports whether host is any account's branded domain.
		Registered(ctx context.Context, host string) (bool, error)
	}
	Pixels interface {
		OwnsAll(ctx context.Context, accountID int64, ids []int64) (bool, error)
	}
	Splash    Owner
	Overlays  Owner
	Channels  Owner
	Campaigns Owner
}

// Service creates, changes, deletes and finds links. Every method taking an accountID
// only sees that account's links; another account's link is not found.
type Service struct {
	db       *gorm.DB
	baseURL  string
	baseHost string
	refs     References
	notify   cachebus.Publisher
}

// NewService returns a Service. baseURL is the public address of short links on the
// service's own host; notify (nil: nobody) hears about every change of a link's public
// pages: its own short URL, and the campaigns it leaves or joins.
func NewService(db *gorm.DB, baseURL string, refs References, notify cachebus.Publisher) *Service {
	host := ""
	if u, err := url.Parse(baseURL); err == nil {
		host = canonicalHost(u)
	}
	return &Service{db: db, baseURL: strings.TrimRight(baseURL, "/"), baseHost: host, refs: refs, notify: notify}
}

// BaseURL is the public address of links without a branded domain.
func (s *Service) BaseURL() string { return s.baseURL }

// BaseHost is BASE_URL's host[:port], lower case.
func (s *Service) BaseHost() string { return s.baseHost }

const linkColumns = `links.*, COALESCE(domains.domain, '') AS domain_url`
const linkFrom = `links LEFT JOIN domains ON domains.id = links.domain_id`

// Create validates in and stores a new link for the account.
func (s *Service) Create(ctx context.Context, accountID int64, in Input) (Link, error) {
	if !in.URL.HasValue() || strings.TrimSpace(in.URL.Value) == "" {
		return Link{}, apperr.Validation(apperr.Field("url is required", "missing", "body", "url"))
	}
	l := Link{AccountID: accountID, Type: TypeDirect, Status: StatusPrivate}
	pixels, err := s.apply(ctx, accountID, in, &l, true)
	if err != nil {
		return Link{}, err
	}
	custom := in.Custom.HasValue() && strings.TrimSpace(in.Custom.Value) != ""
	for attempt := 0; ; attempt++ {
		if !custom {
			l.Alias = randomAlias(randomAliasLen + attempt/3)
		}
		err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := insertLink(tx, &l); err != nil {
				return err
			}
			return setPixels(tx, l.ID, accountID, pixels)
		})
		if err == nil {
			break
		}
		if !isUniqueViolation(err) {
			return Link{}, fmt.Errorf("insert link: %w", err)
		}
		if custom {
			return Link{}, aliasTaken(l.Alias)
		}
		if attempt >= 8 {
			return Link{}, fmt.Errorf("insert link: no free random alias after %d attempts: %w", attempt+1, err)
		}
	}
	l.PixelIDs = pixels
	// A cached "not found" for this alias must go.
	s.changed(ctx, nil, &l)
	return l, nil
}

// Update applies the fields present in in to the account's link id.
func (s *Service) Update(ctx context.Context, accountID, id int64, in Input) (Link, error) {
	var (
		l, old   Link
		pixels   []int64
		notFound bool
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Raw(`SELECT `+linkColumns+` FROM `+linkFrom+` WHERE links.id = ? AND links.account_id = ? FOR UPDATE OF links`, id, accountID).Scan(&l)
		if res.Error != nil {
			return fmt.Errorf("load link %d: %w", id, res.Error)
		}
		if res.RowsAffected == 0 {
			notFound = true
			return ErrNotFound
		}
		old = l
		var err error
		if pixels, err = s.apply(ctx, accountID, in, &l, false); err != nil {
			return err
		}
		if err := updateLink(tx, &l); err != nil {
			if isUniqueViolation(err) {
				return aliasTaken(l.Alias)
			}
			return fmt.Errorf("update link %d: %w", id, err)
		}
		if in.Pixels.Set {
			if err := tx.Exec(`DELETE FROM link_pixels WHERE link_id = ?`, l.ID).Error; err != nil {
				return fmt.Errorf("clear pixels of link %d: %w", id, err)
			}
			return setPixels(tx, l.ID, accountID, pixels)
		}
		return nil
	})
	if err != nil {
		if notFound {
			return Link{}, ErrNotFound
		}
		return Link{}, err
	}
	if l.PixelIDs, err = s.pixelIDs(ctx, l.ID); err != nil {
		return Link{}, err
	}
	s.changed(ctx, &old, &l)
	return l, nil
}

// Delete removes the account's link id with its statistics.
func (s *Service) Delete(ctx context.Context, accountID, id int64) error {
	var gone Link
	res := s.db.WithContext(ctx).Raw(`DELETE FROM links WHERE id = ? AND account_id = ? RETURNING domain_id, alias, campaign_id`, id, accountID).Scan(&gone)
	if res.Error != nil {
		return fmt.Errorf("delete link %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	s.changed(ctx, &gone, nil)
	return nil
}

// Get returns the account's link id.
func (s *Service) Get(ctx context.Context, accountID, id int64) (Link, error) {
	var l Link
	res := s.db.WithContext(ctx).Raw(`SELECT `+linkColumns+` FROM `+linkFrom+` WHERE links.id = ? AND links.account_id = ?`, id, accountID).Scan(&l)
	if res.Error != nil {
		return Link{}, fmt.Errorf("load link %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return Link{}, ErrNotFound
	}
	var err error
	l.PixelIDs, err = s.pixelIDs(ctx, l.ID)
	return l, err
}

// ByShortURL finds the account's link whose short URL is exactly short.
func (s *Service) ByShortURL(ctx context.Context, accountID int64, short string) (Link, error) {
	u, err := url.Parse(strings.TrimSpace(short))
	if err != nil || u.Host == "" {
		return Link{}, ErrNotFound
	}
	// Path and host come percent-decoded: valid query text may decode to bytes no link
	// or domain has (http://host/%ff): those name no link, without asking Postgres.
	alias := strings.Trim(u.Path, "/")
	if !MaybeAlias(alias) || !utf8.ValidString(u.Host) {
		return Link{}, ErrNotFound
	}
	host := strings.ToLower(u.Host)
	var l Link
	q := s.db.WithContext(ctx).Raw(`SELECT `+linkColumns+` FROM `+linkFrom+` WHERE links.account_id = ? AND links.alias = ? AND domains.host = ?`, accountID, alias, host)
	if host == s.baseHost {
		q = s.db.WithContext(ctx).Raw(`SELECT `+linkColumns+` FROM `+linkFrom+` WHERE links.account_id = ? AND links.alias = ? AND links.domain_id IS NULL`, accountID, alias)
	}
	res := q.Scan(&l)
	if res.Error != nil {
		return Link{}, fmt.Errorf("find link by short url: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return Link{}, ErrNotFound
	}
	l.PixelIDs, err = s.pixelIDs(ctx, l.ID)
	return l, err
}

// ListQuery selects a page of an account's links.
type ListQuery struct {
	Order  string // "date" (newest first, the default) or "click" (most clicked first)
	Search string // keyword matched against long URL, title, alias and description
	Limit  int
	Offset int
}

// List returns one page of the account's links and the number of links matching.
func (s *Service) List(ctx context.Context, accountID int64, q ListQuery) ([]Link, int, error) {
	where := "links.account_id = ?"
	args := []any{accountID}
	if kw := strings.TrimSpace(q.Search); kw != "" {
		pattern := "%" + escapeLike(kw) + "%"
		where += ` AND (links.long_url ILIKE ? OR links.title ILIKE ? OR links.alias ILIKE ? OR links.description ILIKE ?)`
		args = append(args, pattern, pattern, pattern, pattern)
	}
	var total int64
	if err := s.db.WithContext(ctx).Raw(`SELECT count(*) FROM links WHERE `+where, args...).Scan(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count links: %w", err)
	}
	order := "links.created_at DESC, links.id DESC"
	if q.Order == "click" {
		order = "links.clicks DESC, links.id DESC"
	}
	var out []Link
	err := s.db.WithContext(ctx).Raw(`SELECT `+linkColumns+` FROM `+linkFrom+` WHERE `+where+` ORDER BY `+order+` LIMIT ? OFFSET ?`,
		append(args, q.Limit, q.Offset)...).Scan(&out).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list links: %w", err)
	}
	return out, int(total), nil
}

// ByAlias is the redirect engine's lookup: the link with alias on a domain (0 = the
// service's own host), whatever its account.
func (s *Service) ByAlias(ctx context.Context, domainID int64, alias string) (Link, error) {
	var l Link
	q := s.db.WithContext(ctx).Raw(`SELECT `+linkColumns+` FROM `+linkFrom+` WHERE links.domain_id IS NULL AND links.alias = ?`, alias)
	if domainID != 0 {
		q = s.db.WithContext(ctx).Raw(`SELECT `+linkColumns+` FROM `+linkFrom+` WHERE links.domain_id = ? AND links.alias = ?`, domainID, alias)
	}
	res := q.Scan(&l)
	if res.Error != nil {
		return Link{}, fmt.Errorf("find link %q: %w", alias, res.Error)
	}
	if res.RowsAffected == 0 {
		return Link{}, ErrNotFound
	}
	return l, nil
}

func (s *Service) pixelIDs(ctx context.Context, linkID int64) ([]int64, error) {
	ids := []int64{}
	if err := s.db.WithContext(ctx).Raw(`SELECT pixel_id FROM link_pixels WHERE link_id = ? ORDER BY pixel_id`, linkID).Scan(&ids).Error; err != nil {
		return nil, fmt.Errorf("load pixels of link %d: %w", linkID, err)
	}
	return ids, nil
}

// changed announces a link that was (before) and is (after) now; either may be nil
// (created, deleted). The short URLs it had and has are forgotten, and so are the
// campaigns it was and is in (their rotator and list page show it).
func (s *Service) changed(ctx context.Context, before, after *Link) {
	if s.notify == nil {
		return
	}
	var events []cachebus.Event
	campaigns := map[int64]bool{}
	for _, l := range []*Link{before, after} {
		if l == nil {
			continue
		}
		events = append(events, cachebus.LinkChanged(derefID(l.DomainID), l.Alias))
		if l.CampaignID != nil && !campaigns[*l.CampaignID] {
			campaigns[*l.CampaignID] = true
			events = append(events, cachebus.CampaignChanged(*l.CampaignID))
		}
	}
	s.notify.Publish(ctx, events...)
}

func derefID(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

// domainHost is the host a link's `domain` field names, compared as the domains table
// stores hosts: "https://go.example.com/", "go.example.com" and "GO.example.com:443"
// all name go.example.com. "" when raw is no host at all.
func domainHost(raw string) string {
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(strings.TrimRight(raw, "/"))
	if err != nil || u.Hostname() == "" {
		return ""
	}
	return canonicalHost(u)
}

func insertLink(tx *gorm.DB, l *Link) error {
	err := tx.Raw(`INSERT INTO links (account_id, domain_id, alias, long_url, type, splash_id, overlay_id, password_hash,
		expires_at, geo_targets, device_targets, language_targets, title, meta_title, meta_description, meta_image,
		description, deeplink, status, parameters, campaign_id, channel_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id, created_at, updated_at`,
		l.AccountID, l.DomainID, l.Alias, l.LongURL, l.Type, l.SplashID, l.OverlayID, l.PasswordHash,
		l.ExpiresAt, l.GeoTargets, l.DeviceTargets, l.LanguageTargets, l.Title, l.MetaTitle, l.MetaDescription, l.MetaImage,
		l.Description, l.DeepLink, l.Status, l.Parameters, l.CampaignID, l.ChannelID).Row().Scan(&l.ID, &l.CreatedAt, &l.UpdatedAt)
	return err
}

func updateLink(tx *gorm.DB, l *Link) error {
	return tx.Raw(`UPDATE links SET domain_id = ?, alias = ?, long_url = ?, type = ?, splash_id = ?, overlay_id = ?,
		password_hash = ?, expires_at = ?, geo_targets = ?, device_targets = ?, language_targets = ?, title = ?,
		meta_title = ?, meta_description = ?, meta_image = ?, description = ?, deeplink = ?, status = ?,
		parameters = ?, campaign_id = ?, channel_id = ? WHERE id = ? RETURNING updated_at`,
		l.DomainID, l.Alias, l.LongURL, l.Type, l.SplashID, l.OverlayID, l.PasswordHash, l.ExpiresAt, l.GeoTargets,
		l.DeviceTargets, l.LanguageTargets, l.Title, l.MetaTitle, l.MetaDescription, l.MetaImage, l.Description,
		l.DeepLink, l.Status, l.Parameters, l.CampaignID, l.ChannelID, l.ID).Row().Scan(&l.UpdatedAt)
}

func setPixels(tx *gorm.DB, linkID, accountID int64, pixels []int64) error {
	if len(pixels) == 0 {
		return nil
	}
	err := tx.Exec(`INSERT INTO link_pixels (link_id, pixel_id) SELECT ?, id FROM pixels WHERE account_id = ? AND id IN ?`, linkID, accountID, pixels).Error
	if err != nil {
		return fmt.Errorf("attach pixels to link %d: %w", linkID, err)
	}
	return nil
}

func isUniqueViolation(err error) bool {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return true
	}
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
