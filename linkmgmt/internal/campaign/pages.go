package campaign

import (
	"context"
	"log/slog"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/linkmgmt/internal/outage"
	"github.com/loyaltylinks/platform/shared/pagination"
	"github.com/redis/go-redis/v9"
)

// Links is what the public pages read of a campaign's links (the links package owns
// them).
type Links interface {
	// Members returns the campaign's links, expired ones included, oldest first, at
	// most limit of them.
	Members(ctx context.Context, accountID, campaignID int64, limit int) ([]link.Member, error)
	// LiveMembers returns one page of the campaign's live links and how many there are.
	LiveMembers(ctx context.Context, accountID, campaignID int64, limit, offset int) ([]link.Member, int, error)
}

// Pages answers the public pages of campaigns: the rotator /r/{slug}, which sends each
// visitor to the campaign's next live link in turn, and the list page /u/{slug} (or
// /u/{id} for a campaign without a slug). Both read the campaign and its links from an
// in-process cache, bounded in entries and bytes, that every change empties on every
// replica (cachebus: campaign created, updated, deleted, a link assigned, a link of the
// campaign created, changed or deleted, a branded domain deleted). A cached visit costs
// no database call; a rotator visit costs one Redis round trip, its turn (see turns).
type Pages struct {
	store *Store
	links Links
	turns *turns
	now   func() time.Time

	maxMembers int
	slugs      *lru.Loading[int64]     // rotator slug -> campaign id
	snapshots  *lru.Loading[*snapshot] // campaign id -> the campaign and its links
}

// PagesOptions size the cache; zero values take the defaults.
type PagesOptions struct {
	// MaxMembers is the largest campaign held in memory (default 1000 links); larger
	// ones are read from Postgres a page (or a turn's link) at a time.
	MaxMembers int
	MaxBytes   int64         // default 16 MB
	TTL        time.Duration // default 30s: the staleness bound when an invalidation is missed
	NegTTL     time.Duration // unknown slugs and ids, default 5s
	// Outage, when set, lets an expired slug or campaign answer while Postgres cannot be
	// reached (stale-if-error), bounds each lookup and tells the time (Tracker.Guard).
	Outage *outage.Tracker
}

// NewPages returns the public pages over store and links; rdb holds the rotation
// counters.
func NewPages(store *Store, links Links, rdb *redis.Client, log *slog.Logger, o PagesOptions) *Pages {
	if o.MaxMembers <= 0 {
		o.MaxMembers = 1000
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 16 << 20
	}
	if o.TTL <= 0 {
		o.TTL = 30 * time.Second
	}
	if o.NegTTL <= 0 {
		o.NegTTL = 5 * time.Second
	}
	times := lru.LoadingOptions{TTL: o.TTL, NegTTL: o.NegTTL}
	return &Pages{
		store:      store,
		links:      links,
		turns:      newTurns(rdb, log),
		now:        time.Now,
		maxMembers: o.MaxMembers,
		slugs:      lru.NewLoading(100_000, max(o.MaxBytes/16, 1<<20), func(int64) int64 { return 8 }, o.Outage.Guard("campaign_slugs", times)),
		snapshots:  lru.NewLoading(10_000, o.MaxBytes, (*snapshot).size, o.Outage.Guard("campaigns", times)),
	}
}

// snapshot is a campaign with its links as cached. Expiry is checked at each visit, so
// a link that expires leaves the pages at once.
type snapshot struct {
	campaign Campaign
	// members are every link of the campaign, oldest first, when complete; a campaign
	// with more than MaxMembers links is not held (complete false, members nil).
	members  []link.Member
	complete bool
	// allLiveUntil is the earliest expiry among members: before it every member is live.
	allLiveUntil time.Time
	weight       int64
	// turns is the campaign's rotation state, looked up once per snapshot.
	turns atomic.Pointer[campaignTurns]
}

func (s *snapshot) size() int64 {
	if s == nil {
		return 0
	}
	return s.weight
}

// Invalidate drops what e names (cachebus.Subscriber).
func (p *Pages) Invalidate(e cachebus.Event) {
	switch e.Kind {
	case cachebus.All:
		p.slugs.Purge()
		p.snapshots.Purge()
	case cachebus.Campaigns:
		p.slugs.Purge()
	case cachebus.Campaign:
		p.snapshots.Forget(e.Key)
	case cachebus.Domain:
		// Links on the domain are gone with it, and members carry its address.
		p.snapshots.Purge()
	}
}

func (p *Pages) loadSnapshot(ctx context.Context, id int64) (*snapshot, error) {
	c, err := p.store.byID(ctx, id)
	if err != nil {
		return nil, err
	}
	members, err := p.links.Members(ctx, c.AccountID, c.ID, p.maxMembers+1)
	if err != nil {
		return nil, err
	}
	s := &snapshot{campaign: c, weight: int64(len(c.Name)) + 128}
	if c.Slug != nil {
		s.weight += int64(len(*c.Slug))
	}
	if len(members) > p.maxMembers {
		return s, nil
	}
	s.members, s.complete = members, true
	s.allLiveUntil = time.Unix(1<<62, 0)
	for _, m := range members {
		s.weight += int64(len(m.Alias)+len(m.Title)+len(m.Description)+len(m.DomainURL)) + 96
		if m.ExpiresAt != nil && m.ExpiresAt.Before(s.allLiveUntil) {
			s.allLiveUntil = *m.ExpiresAt
		}
	}
	return s, nil
}

// campaign returns the cached snapshot of campaign id; NotFound when it does not exist.
func (p *Pages) campaign(ctx context.Context, id int64) (*snapshot, error) {
	s, found, err := p.snapshots.Get(ctx, strconv.FormatInt(id, 10), func(ctx context.Context) (*snapshot, error) {
		return p.loadSnapshot(ctx, id)
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrNotFound
	}
	return s, nil
}

// bySlug returns the snapshot of the campaign whose rotator slug is slug.
func (p *Pages) bySlug(ctx context.Context, slug string) (*snapshot, error) {
	id, found, err := p.slugs.Get(ctx, slug, func(ctx context.Context) (int64, error) {
		c, err := p.store.bySlug(ctx, slug)
		return c.ID, err
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrNotFound
	}
	s, err := p.campaign(ctx, id)
	if err != nil {
		return nil, err
	}
	// A slug moved to another campaign since it was resolved is not this one's.
	if s.campaign.Slug == nil || *s.campaign.Slug != slug {
		return nil, ErrNotFound
	}
	return s, nil
}

// live returns the live members at now (the members themselves when all are).
func (s *snapshot) live(now time.Time) []link.Member {
	if now.Before(s.allLiveUntil) {
		return s.members
	}
	out := make([]link.Member, 0, len(s.members))
	for _, m := range s.members {
		if m.Live(now) {
			out = append(out, m)
		}
	}
	return out
}

// Pick chooses the link a visit of the rotator slug goes to. advance is false for
// requests that must not take a turn (HEAD, link checkers): they are shown the link the
// next visitor will get. NotFound when no campaign has the slug or the
// campaign has no live link.
func (p *Pages) Pick(ctx context.Context, slug string, advance bool) (link.Member, error) {
	s, err := p.bySlug(ctx, slug)
	if err != nil {
		return link.Member{}, err
	}
	c := s.campaign
	if !s.complete {
		return p.pickLarge(ctx, c, advance)
	}
	live := s.live(p.now())
	if len(live) == 0 {
		return link.Member{}, ErrNotFound
	}
	ct := s.turns.Load()
	if ct == nil {
		ct = p.turns.of(c.ID)
		s.turns.Store(ct)
	}
	turn := p.turns.take(ctx, c.ID, ct, advance)
	return live[turn%uint64(len(live))], nil
}

// pickLarge picks in a campaign too large to hold: its live links are counted and the
// turn's one read from Postgres.
func (p *Pages) pickLarge(ctx context.Context, c Campaign, advance bool) (link.Member, error) {
	_, total, err := p.links.LiveMembers(ctx, c.AccountID, c.ID, 0, 0)
	if err != nil {
		return link.Member{}, err
	}
	if total == 0 {
		return link.Member{}, ErrNotFound
	}
	turn := p.turns.take(ctx, c.ID, p.turns.of(c.ID), advance)
	for _, offset := range []int{int(turn % uint64(total)), 0} {
		// Links that left the campaign since the count: the first one is as good.
		page, _, err := p.links.LiveMembers(ctx, c.AccountID, c.ID, 1, offset)
		if err != nil {
			return link.Member{}, err
		}
		if len(page) == 1 {
			return page[0], nil
		}
	}
	return link.Member{}, ErrNotFound
}

// PublicList returns a public campaign addressed by its list reference, with one page of
// its live links (oldest first, the rotator's order) and how many there are. ref is the
// slug, or the id of a campaign without a slug (slugs are never all digits). A campaign
// that is unknown, not public, or addressed by id although it has a slug is NotFound.
func (p *Pages) PublicList(ctx context.Context, ref string, pg pagination.Page) (Campaign, []link.Member, int, error) {
	var (
		s   *snapshot
		err error
	)
	if allDigits(ref) {
		id, perr := strconv.ParseInt(ref, 10, 64)
		if perr != nil {
			return Campaign{}, nil, 0, ErrNotFound
		}
		s, err = p.campaign(ctx, id)
		if err == nil && s.campaign.Slug != nil {
			err = ErrNotFound
		}
	} else {
		s, err = p.bySlug(ctx, ref)
	}
	if err == nil && !s.campaign.Public {
		err = ErrNotFound
	}
	if err != nil {
		return Campaign{}, nil, 0, err
	}
	c := s.campaign
	if !s.complete {
		links, total, err := p.links.LiveMembers(ctx, c.AccountID, c.ID, pg.Limit, pg.Offset())
		return c, links, total, err
	}
	live := s.live(p.now())
	from := min(pg.Offset(), len(live))
	return c, live[from:min(from+pg.Limit, len(live))], len(live), nil
}

// Forget drops a deleted campaign's rotation counter, so nothing of the campaign stays in
// Redis. Best effort (bounded like a rotation's Redis call): the key also expires after
// rotatorKeyTTL without visits.
func (p *Pages) Forget(ctx context.Context, campaignID int64) { p.turns.forget(ctx, campaignID) }
