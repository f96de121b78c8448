package user

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/shared/auth"
	"gorm.io/gorm"
)

// DefaultAccessTTL is how long a replica may act on a user's state it read: the bound on
// how late a deactivation, deletion, role change or password reset takes effect there,
// whoever made it (API, CLI, SQL) and on whichever replica.
const DefaultAccessTTL = 2 * time.Second

// accessCacheMax bounds the cache. Subjects come only from tokens this service signed, so
// it holds at most one entry per user who used the API in the last TTL.
const accessCacheMax = 10_000

// Access decides, on every request, what a token's subject may do now: it reads the
// user's is_active, role, name and token_version (through a cache of at most ttl) and
// refuses a token whose user is gone, deactivated or at another token version. The role
// and name a request acts with are the current ones, never the token's claims.
//
// It is the auth.Resolver of the loyalty API; verifying the token's signature happens
// before it and may be cached for as long as the token lives without weakening it.
type Access struct {
	db  *gorm.DB
	ttl time.Duration
	now func() time.Time

	mu      sync.Mutex
	entries map[string]accessEntry
}

// standing is what a request needs to know about its user.
type standing struct {
	Role         string
	Name         string
	IsActive     bool
	TokenVersion int64
}

type accessEntry struct {
	found bool
	state standing
	read  time.Time
}

// NewAccess returns an Access over db caching each user's state for ttl (0 reads the
// database on every request).
func NewAccess(db *gorm.DB, ttl time.Duration) *Access {
	return NewAccessWithClock(db, ttl, time.Now)
}

// NewAccessWithClock is NewAccess with the clock the TTL is measured by (tests move it
// past the TTL instead of waiting).
func NewAccessWithClock(db *gorm.DB, ttl time.Duration, now func() time.Time) *Access {
	return &Access{db: db, ttl: ttl, now: now, entries: map[string]accessEntry{}}
}

// Resolve is an auth.Resolver. Refusals wrap auth.ErrRevoked (or auth.ErrTokenInvalid for
// a subject that is not a user id at all); any other error means the state could not be
// read.
func (a *Access) Resolve(ctx context.Context, claimed auth.Principal) (auth.Principal, error) {
	id, ok := canonicalID(claimed.Subject)
	if !ok {
		return auth.Principal{}, fmt.Errorf("%w: subject %q is not a user id", auth.ErrTokenInvalid, claimed.Subject)
	}
	e, err := a.lookup(ctx, id)
	if err != nil {
		return auth.Principal{}, err
	}
	switch {
	case !e.found:
		return auth.Principal{}, fmt.Errorf("%w: user %s does not exist", auth.ErrRevoked, id)
	case !e.state.IsActive:
		return auth.Principal{}, fmt.Errorf("%w: user %s is deactivated", auth.ErrRevoked, id)
	case e.state.TokenVersion != claimed.TokenVersion:
		return auth.Principal{}, fmt.Errorf("%w: user %s token version %d, token has %d", auth.ErrRevoked, id, e.state.TokenVersion, claimed.TokenVersion)
	}
	return auth.Principal{Subject: id, Role: e.state.Role, Name: e.state.Name, TokenVersion: e.state.TokenVersion}, nil
}

// Forget drops what this replica knows of the user id, so a change made here applies to
// the next request at once (other replicas catch up within the TTL).
func (a *Access) Forget(id string) {
	if id, ok := canonicalID(id); ok {
		a.mu.Lock()
		delete(a.entries, id)
		a.mu.Unlock()
	}
}

func (a *Access) lookup(ctx context.Context, id string) (accessEntry, error) {
	now := a.now()
	if a.ttl > 0 {
		a.mu.Lock()
		e, ok := a.entries[id]
		a.mu.Unlock()
		if ok && now.Sub(e.read) < a.ttl {
			return e, nil
		}
	}
	var rows []standing
	if err := a.db.WithContext(ctx).Raw(`SELECT role, name, is_active, token_version FROM users WHERE id = ?`, id).
		Scan(&rows).Error; err != nil {
		return accessEntry{}, fmt.Errorf("read state of user %s: %w", id, err)
	}
	e := accessEntry{found: len(rows) == 1, read: now}
	if e.found {
		e.state = rows[0]
	}
	if a.ttl > 0 {
		a.store(id, e)
	}
	return e, nil
}

// store caches e, first making room when the cache is full: expired entries go, and if
// none has expired, an arbitrary one (it is only read again from the database).
func (a *Access) store(id string, e accessEntry) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.entries[id]; !ok && len(a.entries) >= accessCacheMax {
		for k, old := range a.entries {
			if e.read.Sub(old.read) >= a.ttl {
				delete(a.entries, k)
			}
		}
		for k := range a.entries {
			if len(a.entries) < accessCacheMax {
				break
			}
			delete(a.entries, k)
		}
	}
	a.entries[id] = e
}
