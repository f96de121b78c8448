package user

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

func activeAdmins(t *testing.T, db *gorm.DB) int {
	t.Helper()
	var n int64
	if err := db.Raw(`SELECT count(*) FROM users WHERE role = 'admin' AND is_active`).Scan(&n).Error; err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestLastAdminRuleHoldsUnderConcurrency: two admins removing each other at the same
// moment (demotion, deactivation, deletion, mixed) never leave the service without an
// active admin: exactly one of the two changes wins, the other is a 409.
func TestLastAdminRuleHoldsUnderConcurrency(t *testing.T) {
	ctx := context.Background()
	db := newDB(t, 8)
	s := newStore(db)
	demote := func(id string) error {
		_, err := s.Update(ctx, id, Update{Role: nullable.Of("user")})
		return err
	}
	deactivate := func(id string) error {
		_, err := s.Update(ctx, id, Update{IsActive: nullable.Of(false)})
		return err
	}
	remove := func(id string) error {
		_, err := s.Delete(ctx, id)
		return err
	}
	ops := []struct {
		name   string
		first  func(string) error
		second func(string) error
	}{
		{"demote each other", demote, demote},
		{"deactivate each other", deactivate, deactivate},
		{"delete each other", remove, remove},
		{"demote and delete", demote, remove},
		{"deactivate and demote", deactivate, demote},
	}
	const rounds = 15
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			for round := range rounds {
				if err := db.Exec(`DELETE FROM users`).Error; err != nil {
					t.Fatal(err)
				}
				a := mustCreate(t, s, fmt.Sprintf("a-%d", round), "admin")
				b := mustCreate(t, s, fmt.Sprintf("b-%d", round), "admin")
				var wg sync.WaitGroup
				errs := make([]error, 2)
				start := make(chan struct{})
				wg.Go(func() { <-start; errs[0] = op.first(b.ID) })
				wg.Go(func() { <-start; errs[1] = op.second(a.ID) })
				close(start)
				wg.Wait()
				if n := activeAdmins(t, db); n != 1 {
					t.Fatalf("round %d: %d active admins left (errors %v), want 1", round, n, errs)
				}
				conflicts := 0
				for _, err := range errs {
					switch {
					case err == nil:
					case apperr.Is(err, apperr.Conflict):
						conflicts++
					default:
						t.Fatalf("round %d: unexpected error %v", round, err)
					}
				}
				if conflicts != 1 {
					t.Fatalf("round %d: errors %v, want exactly one 409", round, errs)
				}
			}
		})
	}
}

func TestUpdateAndDelete(t *testing.T) {
	ctx := context.Background()
	db := newDB(t, 4)
	s := newStore(db)
	admin := mustCreate(t, s, "root", "admin")
	clerk := mustCreate(t, s, "clerk", "user")

	t.Run("absent fields stay, sent ones change", func(t *testing.T) {
		got, err := s.Update(ctx, clerk.ID, Update{Name: nullable.Of("  Clerk Two "), Email: nullable.Of("Clerk@Example.com")})
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != "Clerk Two" || got.Email == nil || *got.Email != "clerk@example.com" || got.Role != "user" || !got.IsActive || got.Username != "clerk" {
			t.Fatalf("after update: %+v", got)
		}
		got, err = s.Update(ctx, clerk.ID, Update{Email: nullable.Null[string]()})
		if err != nil || got.Email != nil || got.Name != "Clerk Two" {
			t.Fatalf("email null: %+v, %v", got, err)
		}
		if got, err = s.Update(ctx, clerk.ID, Update{}); err != nil || got.Name != "Clerk Two" {
			t.Fatalf("empty update: %+v, %v", got, err)
		}
	})

	t.Run("password reset and deactivation raise the token version", func(t *testing.T) {
		before, _ := s.ByID(ctx, clerk.ID)
		after, err := s.Update(ctx, clerk.ID, Update{Password: nullable.Of("another password")})
		if err != nil || after.TokenVersion != before.TokenVersion+1 {
			t.Fatalf("password reset: version %d -> %d (%v), want +1", before.TokenVersion, after.TokenVersion, err)
		}
		if _, err := s.Authenticate(ctx, "clerk", "long enough"); err == nil {
			t.Error("the old password still signs in")
		}
		if _, err := s.Authenticate(ctx, "clerk", "another password"); err != nil {
			t.Errorf("the new password: %v", err)
		}
		off, err := s.Update(ctx, clerk.ID, Update{IsActive: nullable.Of(false)})
		if err != nil || off.TokenVersion != after.TokenVersion+1 {
			t.Fatalf("deactivation: version %d -> %d (%v), want +1", after.TokenVersion, off.TokenVersion, err)
		}
		on, err := s.Update(ctx, clerk.ID, Update{IsActive: nullable.Of(true), Role: nullable.Of("admin")})
		if err != nil || on.TokenVersion != off.TokenVersion || on.Role != "admin" {
			t.Fatalf("reactivation and promotion: %+v, %v (version must stay %d)", on, err, off.TokenVersion)
		}
		// Plain SQL revokes alike, and cannot bring revoked tokens back.
		db.Exec(`UPDATE users SET password_hash = 'x' WHERE id = ?`, clerk.ID)
		db.Exec(`UPDATE users SET token_version = 0 WHERE id = ?`, clerk.ID)
		sqlChanged, _ := s.ByID(ctx, clerk.ID)
		if sqlChanged.TokenVersion != on.TokenVersion+1 {
			t.Fatalf("after SQL password change and version reset: %d, want %d", sqlChanged.TokenVersion, on.TokenVersion+1)
		}
		if _, err := s.Update(ctx, clerk.ID, Update{Role: nullable.Of("user")}); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("validation as on create, every field at once", func(t *testing.T) {
		_, err := s.Update(ctx, clerk.ID, Update{
			Name: nullable.Of("  "), Email: nullable.Of("nope"), Role: nullable.Of("root"),
			IsActive: nullable.Null[bool](), Password: nullable.Of("short"),
		})
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Invalid || len(e.Fields) != 5 {
			t.Fatalf("err %v, want one 422 naming 5 fields", err)
		}
		for _, u := range []Update{{Name: nullable.Null[string]()}, {Role: nullable.Null[string]()}, {Password: nullable.Null[string]()}} {
			if _, err := s.Update(ctx, clerk.ID, u); !apperr.Is(err, apperr.Invalid) {
				t.Errorf("%+v: %v, want 422", u, err)
			}
		}
	})

	t.Run("unknown and malformed ids are 404", func(t *testing.T) {
		for _, id := range []string{"00000000-0000-0000-0000-000000000000", "nope", ""} {
			if _, err := s.Update(ctx, id, Update{Name: nullable.Of("x")}); !apperr.Is(err, apperr.NotFound) {
				t.Errorf("update %q: %v", id, err)
			}
			if _, err := s.Delete(ctx, id); !apperr.Is(err, apperr.NotFound) {
				t.Errorf("delete %q: %v", id, err)
			}
		}
	})

	t.Run("the last active admin", func(t *testing.T) {
		for _, u := range []Update{{Role: nullable.Of("user")}, {IsActive: nullable.Of(false)}} {
			if _, err := s.Update(ctx, admin.ID, u); !apperr.Is(err, apperr.Conflict) {
				t.Errorf("%+v of the last admin: %v, want 409", u, err)
			}
		}
		if _, err := s.Delete(ctx, admin.ID); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("delete of the last admin: %v, want 409", err)
		}
		// Other changes to the last admin are fine.
		if _, err := s.Update(ctx, admin.ID, Update{Name: nullable.Of("Root"), Role: nullable.Of("admin"), IsActive: nullable.Of(true)}); err != nil {
			t.Errorf("harmless update of the last admin: %v", err)
		}
		// An inactive admin does not count as the other admin.
		mustCreate(t, s, "sleeper", "admin")
		sleeper, _ := s.ByUsername(ctx, "sleeper")
		if _, err := s.Update(ctx, sleeper.ID, Update{IsActive: nullable.Of(false)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, admin.ID, Update{Role: nullable.Of("user")}); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("demote with only an inactive other admin: %v, want 409", err)
		}
		// With a second active admin, the first may go.
		if _, err := s.Update(ctx, sleeper.ID, Update{IsActive: nullable.Of(true)}); err != nil {
			t.Fatal(err)
		}
		gone, err := s.Delete(ctx, admin.ID)
		if err != nil || gone.ID != admin.ID {
			t.Fatalf("delete with another admin: %+v, %v", gone, err)
		}
		if _, err := s.ByID(ctx, admin.ID); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("deleted user still readable: %v", err)
		}
	})

	t.Run("deleting keeps the report-query history", func(t *testing.T) {
		u := mustCreate(t, s, "analyst", "user")
		if err := db.Exec(`INSERT INTO ai_queries (user_id, user_name, user_question, generated_query) VALUES (?, 'analyst', 'q', 'SELECT 1')`, u.ID).Error; err != nil {
			t.Fatal(err)
		}
		if _, err := s.Delete(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		var n int64
		db.Raw(`SELECT count(*) FROM ai_queries WHERE user_id = ? AND user_name = 'analyst'`, u.ID).Scan(&n)
		if n != 1 {
			t.Errorf("history rows of the deleted user = %d, want 1 (kept)", n)
		}
	})
}
