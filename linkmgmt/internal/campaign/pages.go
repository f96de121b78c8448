package campaign

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loyaltylinks/platform/shared/pagination"
	"github.com/redis/go-redis/v9"
)

// liveLink is the condition a campaign's link must meet to be rotated to or listed: an
// expired link would only answer its 410 page.
const liveLink = `(l.expires_at IS NULL OR l.expires_at > now())`

// Member is the link a rotator visit goes to.
type Member struct {
	LinkID   int64
	DomainID int64 // 0: the link is on BASE_URL
	Alias    string
}

// Rotator sends each visitor of /r/{slug} to the campaign's next link in turn. The turn
// counter lives in Redis (INCR), so every replica takes part in the same rotation; when
// Redis is unreachable each replica falls back to a counter of its own, so visitors are
// still rotated (per replica) rather than refused.
type Rotator struct {
	store *Store
	rdb   *redis.Client
	log   *slog.Logger

	local       sync.Map     // campaign id -> *atomic.Uint64: the fallback counters
	pausedUntil atomic.Int64 // unix nanoseconds: Redis is not asked before then
}

// Rotator counters: one key per campaign, forgotten after a month without visits (a
// reset counter only shifts where the rotation starts).
const (
	rotatorKeyPrefix = "lm:rot:"
	rotatorKeyTTL    = 30 * 24 * time.Hour
	// rotatorTimeout bounds the Redis round trip on the visitor's path; after a failure
	// Redis is left alone for rotatorPause, so an outage costs no per-visit delay.
	rotatorTimeout = 250 * time.Millisecond
	rotatorPause   = 2 * time.Second
)

// NewRotator returns a rotator over the campaigns of store.
func NewRotator(store *Store, rdb *redis.Client, log *slog.Logger) *Rotator {
	return &Rotator{store: store, rdb: rdb, log: log}
}

// Pick chooses the link a visit of the rotator slug goes to. advance is false for
// requests that must not take a turn (HEAD, link checkers): they are shown the link the
// next visitor will get. NotFound when no campaign has the slug or the campaign has no
// live link.
func (r *Rotator) Pick(ctx context.Context, slug string, advance bool) (Member, error) {
	var head struct {
		ID    int64
		Links int
	}
	res := r.store.db.WithContext(ctx).Raw(`
		SELECT c.id, count(l.id) AS links
		FROM campaigns c LEFT JOIN links l ON l.campaign_id = c.id AND l.account_id = c.account_id AND `+liveLink+`
		WHERE c.slug = ?
		GROUP BY c.id`, slug).Scan(&head)
	if res.Error != nil {
		return Member{}, fmt.Errorf("load rotator %q: %w", slug, res.Error)
	}
	if res.RowsAffected == 0 || head.Links == 0 {
		return Member{}, errNotFound
	}
	turn := r.turn(ctx, head.ID, advance)
	var m Member
	res = r.store.db.WithContext(ctx).Raw(`
		SELECT l.id AS link_id, COALESCE(l.domain_id, 0) AS domain_id, l.alias
		FROM links l JOIN campaigns c ON c.id = l.campaign_id AND c.account_id = l.account_id
		WHERE l.campaign_id = ? AND `+liveLink+`
		ORDER BY l.id
		OFFSET ? LIMIT 1`, head.ID, turn%uint64(head.Links)).Scan(&m)
	if res.Error != nil {
		return Member{}, fmt.Errorf("pick link of rotator %q: %w", slug, res.Error)
	}
	if res.RowsAffected == 0 {
		// Links left the campaign between the two queries: the first one is as good.
		res = r.store.db.WithContext(ctx).Raw(`
			SELECT l.id AS link_id, COALESCE(l.domain_id, 0) AS domain_id, l.alias
			FROM links l WHERE l.campaign_id = ? AND `+liveLink+` ORDER BY l.id LIMIT 1`, head.ID).Scan(&m)
		if res.Error != nil {
			return Member{}, fmt.Errorf("pick link of rotator %q: %w", slug, res.Error)
		}
		if res.RowsAffected == 0 {
			return Member{}, errNotFound
		}
	}
	return m, nil
}

// turn is the 0-based turn of this visit for the campaign: shared through Redis, or the
// replica's own counter while Redis is unreachable.
func (r *Rotator) turn(ctx context.Context, campaignID int64, advance bool) uint64 {
	if time.Now().UnixNano() >= r.pausedUntil.Load() {
		n, err := r.redisTurn(ctx, campaignID, advance)
		if err == nil {
			return n
		}
		r.pausedUntil.Store(time.Now().Add(rotatorPause).UnixNano())
		r.log.WarnContext(ctx, "campaign rotator: redis unavailable, rotating with this replica's own counter", "error", err, "pause", rotatorPause)
	}
	v, _ := r.local.LoadOrStore(campaignID, new(atomic.Uint64))
	counter := v.(*atomic.Uint64)
	if !advance {
		return counter.Load()
	}
	return counter.Add(1) - 1
}

func (r *Rotator) redisTurn(ctx context.Context, campaignID int64, advance bool) (uint64, error) {
	ctx, cancel := context.WithTimeout(ctx, rotatorTimeout)
	defer cancel()
	key := rotatorKeyPrefix + strconv.FormatInt(campaignID, 10)
	if !advance {
		n, err := r.rdb.Get(ctx, key).Uint64()
		if err == redis.Nil {
			return 0, nil
		}
		return n, err
	}
	var incr *redis.IntCmd
	_, err := r.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		incr = p.Incr(ctx, key)
		p.Expire(ctx, key, rotatorKeyTTL)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return uint64(incr.Val() - 1), nil
}

// Listed is a link on a campaign's public list page.
type Listed struct {
	ID          int64
	Alias       string
	Title       string
	Description string
	DomainURL   string // the link's branded domain as registered; "" for BASE_URL
}

// ShortURL is the listed link's public address.
func (l Listed) ShortURL(baseURL string) string {
	if l.DomainURL != "" {
		return strings.TrimRight(l.DomainURL, "/") + "/" + l.Alias
	}
	return strings.TrimRight(baseURL, "/") + "/" + l.Alias
}

// PublicList returns a public campaign addressed by its list reference, with one page of
// its live links (oldest first, the rotator's order) and how many there are. ref is the
// slug, or the id of a campaign without a slug (slugs are never all digits). A campaign
// that is unknown, not public, or addressed by id although it has a slug is NotFound.
func (s *Store) PublicList(ctx context.Context, ref string, p pagination.Page) (Campaign, []Listed, int, error) {
	q := s.db.WithContext(ctx).Where("public")
	if allDigits.MatchString(ref) {
		id, err := strconv.ParseInt(ref, 10, 64)
		if err != nil {
			return Campaign{}, nil, 0, errNotFound
		}
		q = q.Where("id = ? AND slug IS NULL", id)
	} else {
		q = q.Where("slug = ?", ref)
	}
	var c Campaign
	res := q.Limit(1).Find(&c)
	if res.Error != nil {
		return Campaign{}, nil, 0, fmt.Errorf("load campaign %q: %w", ref, res.Error)
	}
	if res.RowsAffected == 0 {
		return Campaign{}, nil, 0, errNotFound
	}
	db := s.db.WithContext(ctx)
	var total int64
	if err := db.Raw(`SELECT count(*) FROM links l WHERE l.campaign_id = ? AND l.account_id = ? AND `+liveLink, c.ID, c.AccountID).Scan(&total).Error; err != nil {
		return Campaign{}, nil, 0, fmt.Errorf("count links of campaign %d: %w", c.ID, err)
	}
	var links []Listed
	err := db.Raw(`
		SELECT l.id, l.alias, l.title, l.description, COALESCE(d.domain, '') AS domain_url
		FROM links l LEFT JOIN domains d ON d.id = l.domain_id
		WHERE l.campaign_id = ? AND l.account_id = ? AND `+liveLink+`
		ORDER BY l.id
		LIMIT ? OFFSET ?`, c.ID, c.AccountID, p.Limit, p.Offset()).Scan(&links).Error
	if err != nil {
		return Campaign{}, nil, 0, fmt.Errorf("list links of campaign %d: %w", c.ID, err)
	}
	return c, links, int(total), nil
}
