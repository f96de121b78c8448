package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// clock is a settable time source for a JWT.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func newCachedJWT(t testing.TB, c *clock, opts ...JWTOption) *JWT {
	t.Helper()
	j, err := NewJWT(secret, "loyalty", time.Hour, opts...)
	if err != nil {
		t.Fatal(err)
	}
	j.now = c.Now
	return j
}

func mustIssue(t testing.TB, j *JWT, p Principal) string {
	t.Helper()
	tok, err := j.Issue(p)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// TestVerifyCache: a token verified once is answered from the cache (same principal), and
// the cache never answers for a token it did not verify, nor past a token's expiry.
func TestVerifyCache(t *testing.T) {
	c := &clock{now: time.Now()}
	j := newCachedJWT(t, c)
	want := Principal{Subject: "u-1", Role: RoleAdmin, Name: "Ada", TokenVersion: 2}
	tok := mustIssue(t, j, want)
	parts := strings.Split(tok, ".")

	for i := range 3 {
		got, err := j.Verify(tok)
		if err != nil || got != want {
			t.Fatalf("Verify #%d = %+v, %v; want %+v", i+1, got, err, want)
		}
	}
	if st := j.VerifyCacheStats(); st.Entries != 1 || st.Hits != 2 || st.Misses != 1 {
		t.Fatalf("stats = %+v, want 1 entry, 2 hits, 1 miss", st)
	}

	// Tokens that differ from the cached one are verified in full, and refused.
	forged := []struct{ name, token string }{
		{"other signature", parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2]))},
		{"signature cut", parts[0] + "." + parts[1] + "." + parts[2][:len(parts[2])-1]},
		{"payload changed", parts[0] + "." + parts[1] + "e30." + parts[2]},
		{"trailing byte", tok + "."},
	}
	for _, f := range forged {
		if _, err := j.Verify(f.token); !errors.Is(err, ErrTokenInvalid) {
			t.Errorf("%s: err = %v, want ErrTokenInvalid", f.name, err)
		}
	}
	if st := j.VerifyCacheStats(); st.Entries != 1 {
		t.Fatalf("refused tokens were cached: %+v", st)
	}

	t.Run("an expired token is refused even though it is cached", func(t *testing.T) {
		c.Advance(time.Hour - time.Second)
		if _, err := j.Verify(tok); err != nil {
			t.Fatalf("a second before expiry: %v", err)
		}
		hits := j.VerifyCacheStats().Hits
		c.Advance(time.Second) // exactly the expiry: jwt refuses from there on
		if _, err := j.Verify(tok); !errors.Is(err, ErrTokenExpired) {
			t.Fatalf("at expiry: err = %v, want ErrTokenExpired", err)
		}
		if st := j.VerifyCacheStats(); st.Hits != hits+1 || st.Entries != 0 {
			t.Fatalf("stats = %+v: want the refusal to come from the cache and drop the entry", st)
		}
		if _, err := j.Verify(tok); !errors.Is(err, ErrTokenExpired) {
			t.Fatalf("after expiry, verified in full: err = %v, want ErrTokenExpired", err)
		}
		if st := j.VerifyCacheStats(); st.Entries != 0 {
			t.Fatalf("an expired token was cached again: %+v", st)
		}
	})
}

// TestVerifyCacheStaysWithinBounds verifies many distinct tokens through small caches:
// the entries and bytes held never pass either bound, and every token, evicted or not,
// still verifies to its own principal.
func TestVerifyCacheStaysWithinBounds(t *testing.T) {
	tests := []struct {
		name                 string
		maxEntries, maxBytes int
		tokens               int
		nameLen              int
	}{
		{"entry bound", 50, DefaultVerifyCacheBytes, 1000, 10},
		{"byte bound", DefaultVerifyCacheEntries, 20 << 10, 1000, 500},
		{"both", 40, 16 << 10, 500, 200},
		{"an entry larger than the byte bound is not kept", 10, 300, 50, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &clock{now: time.Now()}
			j := newCachedJWT(t, c, WithVerifyCache(tt.maxEntries, tt.maxBytes))
			tokens := make([]string, tt.tokens)
			for i := range tokens {
				tokens[i] = mustIssue(t, j, Principal{Subject: fmt.Sprintf("u-%d", i), Role: RoleUser, Name: strings.Repeat("n", tt.nameLen)})
			}
			check := func() {
				t.Helper()
				st := j.VerifyCacheStats()
				if st.Entries > tt.maxEntries || st.Bytes > tt.maxBytes || st.Bytes < 0 {
					t.Fatalf("cache holds %d entries, %d bytes; bounds %d, %d", st.Entries, st.Bytes, tt.maxEntries, tt.maxBytes)
				}
			}
			for round := range 2 {
				for i, tok := range tokens {
					p, err := j.Verify(tok)
					if err != nil || p.Subject != fmt.Sprintf("u-%d", i) {
						t.Fatalf("round %d token %d: %+v, %v", round, i, p, err)
					}
					check()
				}
			}
			if st := j.VerifyCacheStats(); st.Entries == 0 && tt.maxBytes >= verifiedTokenOverhead+tt.nameLen+20 {
				t.Fatalf("nothing cached: %+v", st)
			}
		})
	}
}

// TestVerifyCacheConcurrent verifies the same and distinct tokens from many goroutines
// (run with -race): every answer is the token's principal, and the bounds hold.
func TestVerifyCacheConcurrent(t *testing.T) {
	c := &clock{now: time.Now()}
	j := newCachedJWT(t, c, WithVerifyCache(20, DefaultVerifyCacheBytes))
	tokens := make([]string, 60)
	for i := range tokens {
		tokens[i] = mustIssue(t, j, Principal{Subject: fmt.Sprintf("u-%d", i), Role: RoleUser})
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			for k := range 500 {
				i := (g*7 + k) % len(tokens)
				if k%2 == 0 {
					i = 0 // a hot token
				}
				p, err := j.Verify(tokens[i])
				if err != nil || p.Subject != fmt.Sprintf("u-%d", i) {
					errs <- fmt.Errorf("token %d: %+v, %v", i, p, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if st := j.VerifyCacheStats(); st.Entries > 20 || st.Hits == 0 {
		t.Fatalf("stats = %+v", st)
	}
}

// TestTokenLengthBound: a token past MaxTokenBytes is refused before it is decoded, even
// well signed; Issue refuses to sign one; a token at the bound is accepted.
func TestTokenLengthBound(t *testing.T) {
	c := &clock{now: time.Now()}
	j := newCachedJWT(t, c)
	sign := func(name string) string {
		s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, Claims{Role: RoleUser, Name: name, RegisteredClaims: jwt.RegisteredClaims{
			Subject: "u-1", Issuer: "loyalty", ExpiresAt: jwt.NewNumericDate(c.Now().Add(time.Hour)),
		}}).SignedString(secret)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := len(sign(""))
	// Base64 makes 4 characters of 3 bytes: find the longest name that still fits.
	n := (MaxTokenBytes - base) * 3 / 4
	for len(sign(strings.Repeat("n", n+1))) <= MaxTokenBytes {
		n++
	}
	for len(sign(strings.Repeat("n", n))) > MaxTokenBytes {
		n--
	}
	atBound, past := sign(strings.Repeat("n", n)), sign(strings.Repeat("n", n+3))
	if len(past) <= MaxTokenBytes {
		t.Fatalf("test token of %d bytes is not past the bound", len(past))
	}
	if _, err := j.Verify(atBound); err != nil {
		t.Fatalf("a %d-byte token: %v", len(atBound), err)
	}
	if _, err := j.Verify(past); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("a %d-byte token: err = %v, want ErrTokenInvalid", len(past), err)
	}
	if _, err := j.Verify(strings.Repeat("a", 1<<20)); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("a 1 MiB token: err = %v, want ErrTokenInvalid", err)
	}
	if _, err := j.Issue(Principal{Subject: "u-1", Role: RoleUser, Name: strings.Repeat("n", MaxTokenBytes)}); err == nil {
		t.Fatal("Issue signed a token past MaxTokenBytes")
	}
	// The longest display name users may have (255 characters, each escaped by JSON to 6
	// bytes at worst) still makes a token within the bound.
	if tok, err := j.Issue(Principal{Subject: "0b7e1c9a-4a3f-4c1e-9d2b-1f5e6a7b8c9d", Role: RoleAdmin, Name: strings.Repeat("<", 255), TokenVersion: 1 << 40}); err != nil || len(tok) > MaxTokenBytes {
		t.Fatalf("token for a 255-character name: %d bytes, %v", len(tok), err)
	}
}

// TestCachedTokenStillResolvedEveryRequest: the cache replaces only the signature check;
// the resolver runs on every request, so a user revoked after their token was cached is
// refused at the next request.
func TestCachedTokenStillResolvedEveryRequest(t *testing.T) {
	c := &clock{now: time.Now()}
	j := newCachedJWT(t, c)
	tok := mustIssue(t, j, Principal{Subject: "u-1", Role: RoleAdmin, TokenVersion: 1})
	active, calls := true, 0
	authenticate := j.Authenticator(func(_ context.Context, claimed Principal) (Principal, error) {
		calls++
		if !active {
			return Principal{}, fmt.Errorf("%w: deactivated", ErrRevoked)
		}
		return claimed, nil
	})
	for range 3 {
		if _, err := authenticate(context.Background(), tok); err != nil {
			t.Fatal(err)
		}
	}
	active = false
	if _, err := authenticate(context.Background(), tok); !errors.Is(err, ErrRevoked) {
		t.Fatalf("after deactivation: err = %v, want ErrRevoked", err)
	}
	if st := j.VerifyCacheStats(); calls != 4 || st.Hits != 3 {
		t.Fatalf("resolver ran %d times, cache hits %d: want 4 and 3", calls, st.Hits)
	}
}

// BenchmarkVerify compares verifying the same token in full every time (cache off) with
// the cached path a client's repeated requests take.
func BenchmarkVerify(b *testing.B) {
	for _, bc := range []struct {
		name string
		opts []JWTOption
	}{
		{"uncached", []JWTOption{WithVerifyCache(0, 0)}},
		{"cached", nil},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c := &clock{now: time.Now()}
			j := newCachedJWT(b, c, bc.opts...)
			tok := mustIssue(b, j, Principal{Subject: "0b7e1c9a-4a3f-4c1e-9d2b-1f5e6a7b8c9d", Role: RoleAdmin, Name: "Ada Lovelace", TokenVersion: 3})
			b.ReportAllocs()
			for b.Loop() {
				if _, err := j.Verify(tok); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
