// Package domain owns branded domains: an account's own host names that serve its short
// links, with the addresses their root and unknown paths redirect to.
package domain

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
	"gorm.io/gorm"
)

// Domain is one branded domain.
type Domain struct {
	ID           int64 `gorm:"primaryKey"`
	AccountID    int64
	Domain       string // as registered, with scheme: https://go.example.com
	Host         string // CanonicalHost of the domain, matched against the canonical Host header
	RedirectRoot string `gorm:"column:redirect_root"`
	Redirect404  string `gorm:"column:redirect_404"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// hostLabel is one DNS label (RFC 1123).
var hostLabel = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

// Parse checks a domain as a client gives it ("https://go.example.com") and returns its
// canonical form (scheme://host[:port], lower case, default port dropped) and its host.
func Parse(raw string) (canonical, host string, err error) {
	invalid := ErrInvalid.Withf("domain must be an http or https address such as https://go.example.com, without a path")
	u, perr := url.Parse(strings.TrimSpace(raw))
	if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", "", invalid
	}
	name := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if name == "" || len(name) > 253 || net.ParseIP(name) != nil {
		return "", "", invalid
	}
	for _, label := range strings.Split(name, ".") {
		if !hostLabel.MatchString(label) {
			return "", "", invalid
		}
	}
	address := name
	if port := u.Port(); port != "" && !(u.Scheme == "http" && port == "80") && !(u.Scheme == "https" && port == "443") {
		address = net.JoinHostPort(name, port)
	}
	// The host is stored in the form the redirect canonicalises Host headers to.
	host, ok := CanonicalHost(net.JoinHostPort(name, u.Port()))
	if !ok {
		return "", "", invalid
	}
	return u.Scheme + "://" + address, host, nil
}

// maxHostBytes bounds a Host header: a DNS name is at most 253 bytes, plus ":65535".
const maxHostBytes = 253 + 6

// CanonicalHost is the one form in which hosts are stored and compared: lower case,
// without the trailing dot of a fully qualified name, without port 80 or 443 (the ports
// a browser may or may not spell out: "Brand.Example.:443" is "brand.example"), IPv6
// literals in brackets. ok is false for anything that is not a syntactically valid
// host[:port] (invalid UTF-8, NUL, over 259 bytes...): no stored domain can match it.
func CanonicalHost(hostport string) (string, bool) {
	if hostport == "" || len(hostport) > maxHostBytes {
		return "", false
	}
	name, port := hostport, ""
	if strings.HasPrefix(hostport, "[") || strings.Count(hostport, ":") == 1 {
		h, p, err := net.SplitHostPort(hostport)
		if err != nil {
			return "", false
		}
		name, port = h, p
	}
	if port != "" && !validPort(port) {
		return "", false
	}
	if port == "80" || port == "443" {
		port = ""
	}
	name = strings.ToLower(name)
	if ip, err := netip.ParseAddr(name); err == nil {
		if ip.Zone() != "" {
			return "", false
		}
		name = ip.String()
	} else {
		name = strings.TrimSuffix(name, ".")
		if !validDNSName(name) {
			return "", false
		}
	}
	if port == "" {
		if strings.Contains(name, ":") {
			return "[" + name + "]", true
		}
		return name, true
	}
	return net.JoinHostPort(name, port), true
}

func validPort(p string) bool {
	if len(p) > 5 {
		return false
	}
	n := 0
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return false
		}
		n = n*10 + int(p[i]-'0')
	}
	return n >= 1 && n <= 65535
}

// validDNSName checks lower-case labels of letters, digits and inner hyphens (RFC 1123),
// without a regular expression: it runs on every request to a branded domain.
func validDNSName(name string) bool {
	if name == "" || len(name) > 253 {
		return false
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// Checker decides whether a host already points to the service.
type Checker interface {
	Check(ctx context.Context, host string) error
}

// NoCheck accepts every host (DOMAIN_CHECK=off, for development and tests).
type NoCheck struct{}

// Check accepts host.
func (NoCheck) Check(context.Context, string) error { return nil }

// Store reads and writes branded domains, each method scoped to one account. Get, List
// and Delete are owned.Resource's; Delete removes the short links on the domain with it
// (links.domain_id is ON DELETE CASCADE): their addresses no longer exist, and the
// domain's event drops them from every cache too.
type Store struct {
	owned.Resource[Domain]
	db       *gorm.DB
	checker  Checker
	notify   cachebus.Publisher
	ownHosts []string // the service's own hosts, which cannot be registered
}

// NewStore returns a Store. checker verifies new domains (nil: no check); notify (nil:
// nobody) hears about every domain added, changed or deleted (the redirect caches
// domains, and links with their address); ownHosts are the service's own host[:port]
// values (from BASE_URL).
func NewStore(db *gorm.DB, checker Checker, notify cachebus.Publisher, ownHosts ...string) *Store {
	if checker == nil {
		checker = NoCheck{}
	}
	own := make([]string, 0, len(ownHosts))
	for _, h := range ownHosts {
		if c, ok := CanonicalHost(h); ok {
			own = append(own, c)
		}
	}
	s := &Store{db: db, checker: checker, notify: notify, ownHosts: own}
	s.Resource = owned.NewResource[Domain](db, "domain", ErrNotFound, func(ctx context.Context, d Domain) { s.changed(ctx, d.Host) })
	return s
}

func (s *Store) changed(ctx context.Context, host string) {
	if s.notify != nil {
		s.notify.Publish(ctx, cachebus.DomainChanged(host))
	}
}

// Redirects are a domain's optional redirect addresses. Nil means "not given"; "" clears.
type Redirects struct {
	Root     *string
	NotFound *string
}

func (r Redirects) columns() (map[string]any, error) {
	cols := map[string]any{}
	if r.Root != nil {
		v, err := weburl.CheckOptional("redirectroot", *r.Root)
		if err != nil {
			return nil, err
		}
		cols["redirect_root"] = v
	}
	if r.NotFound != nil {
		v, err := weburl.CheckOptional("redirect404", *r.NotFound)
		if err != nil {
			return nil, err
		}
		cols["redirect_404"] = v
	}
	return cols, nil
}

// Create registers a domain for the account after checking that it points to the
// service. A host is registered once across all accounts.
func (s *Store) Create(ctx context.Context, accountID int64, rawDomain string, r Redirects) (Domain, error) {
	if strings.TrimSpace(rawDomain) == "" {
		return Domain{}, ErrInvalid.Withf("domain is required")
	}
	canonical, host, err := Parse(rawDomain)
	if err != nil {
		return Domain{}, err
	}
	for _, own := range s.ownHosts {
		if host == own {
			return Domain{}, ErrInvalid.Withf("domain is the service's own address")
		}
	}
	cols, err := r.columns()
	if err != nil {
		return Domain{}, err
	}
	// A cheap duplicate check first, so a taken domain answers 409 without a DNS lookup;
	// the unique index still decides races.
	var taken int64
	if err := s.db.WithContext(ctx).Model(&Domain{}).Where("host = ?", host).Count(&taken).Error; err != nil {
		return Domain{}, fmt.Errorf("look up domain %s: %w", host, err)
	}
	if taken > 0 {
		return Domain{}, ErrTaken
	}
	if err := s.checker.Check(ctx, host); err != nil {
		return Domain{}, err
	}
	d := Domain{AccountID: accountID, Domain: canonical, Host: host}
	if v, ok := cols["redirect_root"]; ok {
		d.RedirectRoot = v.(string)
	}
	if v, ok := cols["redirect_404"]; ok {
		d.Redirect404 = v.(string)
	}
	if err := s.db.WithContext(ctx).Create(&d).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return Domain{}, ErrTaken
		}
		return Domain{}, fmt.Errorf("insert domain: %w", err)
	}
	// The redirect may hold a "no such domain" answer for the host.
	s.changed(ctx, d.Host)
	return d, nil
}

// Update changes the redirects of one domain of the account.
func (s *Store) Update(ctx context.Context, accountID, id int64, r Redirects) (Domain, error) {
	cols, err := r.columns()
	if err != nil {
		return Domain{}, err
	}
	return s.UpdateColumns(ctx, accountID, id, cols)
}

// ByHost returns the branded domain registered for host (CanonicalHost form), whatever
// its account: the redirect's lookup of a request's Host.
func (s *Store) ByHost(ctx context.Context, host string) (Domain, error) {
	var d Domain
	res := s.db.WithContext(ctx).Where("host = ?", host).Limit(1).Find(&d)
	if res.Error != nil {
		return Domain{}, fmt.Errorf("load domain %q: %w", host, res.Error)
	}
	if res.RowsAffected == 0 {
		return Domain{}, ErrNotFound
	}
	return d, nil
}

// OwnedByHost returns the account's branded domain registered for host, NotFound when
// the host is not one of the account's.
func (s *Store) OwnedByHost(ctx context.Context, accountID int64, host string) (Domain, error) {
	d, err := s.ByHost(ctx, host)
	if err == nil && d.AccountID != accountID {
		return Domain{}, ErrNotFound
	}
	return d, err
}

// Registered reports whether host is any account's branded domain.
func (s *Store) Registered(ctx context.Context, host string) (bool, error) {
	_, err := s.ByHost(ctx, host)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
