package httpapi_test

import (
	"net/http"
	"testing"
	"time"
)

// TestCachedTokensFollowRevocation: a token whose verification is cached (shared/auth's
// verify cache) is still refused within the state cache window once its user is
// deactivated, deleted or has its tokens revoked. The 401 comes with the token still
// answered from the verify cache: the cache only spares the signature check, the user's
// state is resolved on every request.
func TestCachedTokensFollowRevocation(t *testing.T) {
	const ttl = 300 * time.Millisecond
	clock := newAccessClock()
	env := newTestEnv(t, withAccessTTL(ttl), withAccessClock(clock))
	const route = "/api/v1/users"
	tests := []struct{ name, sql string }{
		{"deactivated", `UPDATE users SET is_active = false WHERE id = ?`},
		{"tokens revoked", `UPDATE users SET token_version = token_version + 1 WHERE id = ?`},
		{"deleted", `DELETE FROM users WHERE id = ?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tok := env.token("user")
			id := env.userID(tok)
			for range 3 {
				mustStatus(t, env.do(http.MethodGet, route, tok, nil), http.StatusOK)
			}
			before := env.Tokens.VerifyCacheStats()
			if err := env.DB.Exec(tt.sql, id).Error; err != nil {
				t.Fatal(err)
			}
			clock.advance(ttl) // the state cache window passes
			if got := env.do(http.MethodGet, route, tok, nil).Status; got != http.StatusUnauthorized {
				t.Fatalf("GET %s = %d a state cache window after the change, want 401", route, got)
			}
			after := env.Tokens.VerifyCacheStats()
			if after.Hits <= before.Hits || after.Misses != before.Misses {
				t.Fatalf("verify cache %+v -> %+v: want the token answered from the cache throughout", before, after)
			}
		})
	}
}
