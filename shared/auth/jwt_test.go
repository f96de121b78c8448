package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

var secret = []byte(strings.Repeat("k", 32))

func newTestJWT(t *testing.T, now time.Time) *JWT {
	t.Helper()
	j, err := NewJWT(secret, "loyalty", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	j.now = func() time.Time { return now }
	return j
}

func TestJWTRoundTrip(t *testing.T) {
	now := time.Now()
	j := newTestJWT(t, now)
	want := Principal{Subject: "u-1", Role: RoleAdmin, Name: "Ada", TokenVersion: 7}
	tok, err := j.Issue(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := j.Verify(tok)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if got != want {
		t.Fatalf("principal = %+v, want %+v", got, want)
	}
}

func TestJWTRejects(t *testing.T) {
	now := time.Now()
	j := newTestJWT(t, now)
	valid, err := j.Issue(Principal{Subject: "u-1", Role: RoleUser})
	if err != nil {
		t.Fatal(err)
	}
	claims := func(exp time.Time) Claims {
		return Claims{Role: RoleAdmin, RegisteredClaims: jwt.RegisteredClaims{
			Subject: "u-1", Issuer: "loyalty", IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
		}}
	}
	sign := func(m jwt.SigningMethod, key any, c Claims) string {
		s, err := jwt.NewWithClaims(m, c).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	ecKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	parts := strings.Split(valid, ".")
	tampered := parts[0] + "." + parts[1] + "x." + parts[2]
	noExpiry := claims(now.Add(time.Hour))
	noExpiry.ExpiresAt = nil
	otherIssuer := claims(now.Add(time.Hour))
	otherIssuer.Issuer = "someone-else"

	tests := []struct {
		name    string
		token   string
		wantErr error
	}{
		{"expired", sign(jwt.SigningMethodHS256, secret, claims(now.Add(-time.Minute))), ErrTokenExpired},
		{"alg none", sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims(now.Add(time.Hour))), ErrTokenInvalid},
		{"wrong algorithm HS512", sign(jwt.SigningMethodHS512, secret, claims(now.Add(time.Hour))), ErrTokenInvalid},
		{"wrong algorithm ES256", sign(jwt.SigningMethodES256, ecKey, claims(now.Add(time.Hour))), ErrTokenInvalid},
		{"wrong secret", sign(jwt.SigningMethodHS256, []byte(strings.Repeat("x", 32)), claims(now.Add(time.Hour))), ErrTokenInvalid},
		{"tampered payload", tampered, ErrTokenInvalid},
		{"no expiry", sign(jwt.SigningMethodHS256, secret, noExpiry), ErrTokenInvalid},
		{"other issuer", sign(jwt.SigningMethodHS256, secret, otherIssuer), ErrTokenInvalid},
		{"garbage", "not.a.token", ErrTokenInvalid},
		{"empty", "", ErrTokenInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := j.Verify(tt.token)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Verify error = %v, want %v", err, tt.wantErr)
			}
		})
	}
}

func TestNewJWTRefusesShortSecret(t *testing.T) {
	if _, err := NewJWT([]byte("short"), "x", time.Hour); err == nil {
		t.Fatal("NewJWT accepted a 5-byte secret")
	}
}

// TestAuthenticatorResolvesEveryRequest: the resolver sees every verified token, on every
// call, and decides the principal; a refused token never reaches it.
func TestAuthenticatorResolvesEveryRequest(t *testing.T) {
	j := newTestJWT(t, time.Now())
	tok, err := j.Issue(Principal{Subject: "u-1", Role: RoleAdmin, Name: "Ada", TokenVersion: 3})
	if err != nil {
		t.Fatal(err)
	}
	var seen []Principal
	current := Principal{Subject: "u-1", Role: RoleUser, Name: "Ada L", TokenVersion: 3}
	authenticate := j.Authenticator(func(_ context.Context, claimed Principal) (Principal, error) {
		seen = append(seen, claimed)
		if claimed.TokenVersion != current.TokenVersion {
			return Principal{}, ErrRevoked
		}
		return current, nil
	})
	for i := 0; i < 2; i++ {
		got, err := authenticate(context.Background(), tok)
		if err != nil || got != current {
			t.Fatalf("call %d: %+v, %v; want the resolved principal %+v", i, got, err, current)
		}
	}
	current.TokenVersion = 4 // e.g. a password reset
	if _, err := authenticate(context.Background(), tok); !errors.Is(err, ErrRevoked) {
		t.Fatalf("after the version moved: err = %v, want ErrRevoked", err)
	}
	if _, err := authenticate(context.Background(), "garbage"); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("garbage token: err = %v, want ErrTokenInvalid", err)
	}
	if len(seen) != 3 || seen[0].Role != RoleAdmin || seen[0].TokenVersion != 3 {
		t.Fatalf("resolver saw %+v, want the 3 verified tokens' claims (role admin, version 3)", seen)
	}
	if p, err := j.Authenticator(nil)(context.Background(), tok); err != nil || p.Role != RoleAdmin {
		t.Fatalf("nil resolver: %+v, %v; want the claims", p, err)
	}
}
