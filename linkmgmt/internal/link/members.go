package link

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Member is a link of a campaign as the campaign's public pages see it: the rotator
// sends visitors to it, the list page shows it.
type Member struct {
	ID          int64
	DomainID    int64 // 0: BASE_URL
	Alias       string
	Title       string
	Description string
	DomainURL   string     // the branded domain as registered; "" for BASE_URL
	ExpiresAt   *time.Time // nil: never
	Protected   bool       // asks for a password (Link.Protected): the public pages show only its address
	ShortURL    string     `gorm:"-"` // the public address, set by the service
}

// Live reports whether the link still redirects at now: an expired link would only
// answer its 410 page, so the public pages leave it out.
func (m Member) Live(now time.Time) bool { return m.ExpiresAt == nil || m.ExpiresAt.After(now) }

// withShortURLs sets each member's public address.
func (s *Service) withShortURLs(ms []Member) []Member {
	for i := range ms {
		base := s.baseURL
		if ms[i].DomainURL != "" {
			base = strings.TrimRight(ms[i].DomainURL, "/")
		}
		ms[i].ShortURL = base + "/" + ms[i].Alias
	}
	return ms
}

const memberColumns = `l.id, COALESCE(l.domain_id, 0) AS domain_id, l.alias, l.title, l.description,
	COALESCE(d.domain, '') AS domain_url, l.expires_at, ` + protectedLink + ` AS protected`

// protectedLink is the SQL form of Link.Protected.
const protectedLink = `(l.password_hash IS NOT NULL AND l.password_hash <> '')`

const memberFrom = `links l LEFT JOIN domains d ON d.id = l.domain_id`

// liveMember is the SQL form of Member.Live.
const liveMember = `(l.expires_at IS NULL OR l.expires_at > now())`

// Members returns the links of the account's campaign, expired ones included, oldest
// first (the rotation's order), at most limit of them.
func (s *Service) Members(ctx context.Context, accountID, campaignID int64, limit int) ([]Member, error) {
	var out []Member
	err := s.db.WithContext(ctx).Raw(`SELECT `+memberColumns+` FROM `+memberFrom+`
		WHERE l.campaign_id = ? AND l.account_id = ? ORDER BY l.id LIMIT ?`, campaignID, accountID, limit).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("load links of campaign %d: %w", campaignID, err)
	}
	return s.withShortURLs(out), nil
}

// LiveMembers returns one page of the live links of the account's campaign, oldest
// first, and how many live links it has: the public pages of campaigns too large to
// hold in memory read them page by page.
func (s *Service) LiveMembers(ctx context.Context, accountID, campaignID int64, limit, offset int) ([]Member, int, error) {
	db := s.db.WithContext(ctx)
	var total int64
	if err := db.Raw(`SELECT count(*) FROM links l WHERE l.campaign_id = ? AND l.account_id = ? AND `+liveMember, campaignID, accountID).Scan(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count links of campaign %d: %w", campaignID, err)
	}
	var out []Member
	err := db.Raw(`SELECT `+memberColumns+` FROM `+memberFrom+`
		WHERE l.campaign_id = ? AND l.account_id = ? AND `+liveMember+`
		ORDER BY l.id LIMIT ? OFFSET ?`, campaignID, accountID, limit, offset).Scan(&out).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list links of campaign %d: %w", campaignID, err)
	}
	return s.withShortURLs(out), int(total), nil
}
