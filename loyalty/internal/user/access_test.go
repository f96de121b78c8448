package user

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/auth"
)

// TestAccessCacheIsBounded: however many users pass, the cache holds at most
// accessCacheMax entries, expired ones going first.
func TestAccessCacheIsBounded(t *testing.T) {
	a := NewAccess(nil, time.Minute)
	now := time.Now()
	for i := range accessCacheMax + 500 {
		a.store(fmt.Sprintf("u%d", i), accessEntry{read: now})
	}
	if n := len(a.entries); n > accessCacheMax {
		t.Fatalf("cache holds %d entries, want at most %d", n, accessCacheMax)
	}
	// Expired entries make room before live ones are dropped.
	a = NewAccess(nil, time.Minute)
	for i := range accessCacheMax - 1 {
		a.store(fmt.Sprintf("old%d", i), accessEntry{read: now.Add(-2 * time.Minute)})
	}
	a.store("live", accessEntry{read: now})
	a.store("new", accessEntry{read: now})
	if _, ok := a.entries["live"]; !ok || len(a.entries) != 2 {
		t.Fatalf("after eviction: %d entries, live kept %v; want the 2 live ones", len(a.entries), ok)
	}
}

// TestAccessResolve: the principal is the user's current state, read through the cache
// for at most the TTL; a subject that is not a live user at this token version is
// refused with ErrRevoked or ErrTokenInvalid, never another error.
func TestAccessResolve(t *testing.T) {
	ctx := context.Background()
	db := newDB(t, 4)
	s := newStore(db)
	u := mustCreate(t, s, "ana", "admin")
	a := NewAccess(db, 300*time.Millisecond)
	// The cache's clock is the test's: the TTL is passed by moving it, not waited out.
	now := time.Now()
	a.now = func() time.Time { return now }
	claimed := auth.Principal{Subject: u.ID, Role: "admin", Name: "ana"}

	p, err := a.Resolve(ctx, claimed)
	if err != nil || p.Role != "admin" {
		t.Fatalf("live admin: %+v, %v", p, err)
	}
	db.Exec(`UPDATE users SET role = 'user', name = 'Ana L' WHERE id = ?`, u.ID)
	if p, _ := a.Resolve(ctx, claimed); p.Role != "admin" {
		t.Fatalf("within the TTL the cached state answers; got role %q", p.Role)
	}
	now = now.Add(350 * time.Millisecond)
	if p, err := a.Resolve(ctx, claimed); err != nil || p.Role != "user" || p.Name != "Ana L" {
		t.Fatalf("after the TTL: %+v, %v; want the current role user and name", p, err)
	}
	db.Exec(`UPDATE users SET role = 'admin' WHERE id = ?`, u.ID)
	a.Forget(u.ID)
	if p, _ := a.Resolve(ctx, claimed); p.Role != "admin" {
		t.Fatalf("after Forget: role %q, want admin at once", p.Role)
	}

	refusals := []struct {
		name    string
		subject string
		version int64
		before  func()
		want    error
	}{
		{"not a uuid", "admin", 0, nil, auth.ErrTokenInvalid},
		{"empty subject", "", 0, nil, auth.ErrTokenInvalid},
		{"unknown user", "7d1f4c0e-1111-4222-8333-944455556666", 0, nil, auth.ErrRevoked},
		{"other token version", u.ID, 7, nil, auth.ErrRevoked},
		{"deactivated", u.ID, 1, func() { db.Exec(`UPDATE users SET is_active = false WHERE id = ?`, u.ID) }, auth.ErrRevoked},
		{"deleted", u.ID, 1, func() { db.Exec(`DELETE FROM users WHERE id = ?`, u.ID) }, auth.ErrRevoked},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			if tt.before != nil {
				tt.before()
				a.Forget(u.ID)
			}
			_, err := a.Resolve(ctx, auth.Principal{Subject: tt.subject, Role: "admin", TokenVersion: tt.version})
			if !errors.Is(err, tt.want) || !auth.Refused(err) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
}
