package auth

import (
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
	want := Principal{Subject: "u-1", Role: RoleAdmin, Name: "Ada"}
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
