// Package auth holds what both services need to authenticate callers: signed JWTs
// (loyalty), API keys (linkmgmt), bearer-token extraction and an Echo middleware that
// puts the authenticated principal in the request context.
package auth

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Roles known to the platform.
const (
	RoleAdmin = "admin"
	RoleUser  = "user"
)

// Errors returned by the token verifier. They are deliberately coarse: callers answer 401
// whatever the reason, and the reason is only logged.
var (
	ErrTokenExpired = errors.New("token expired")
	ErrTokenInvalid = errors.New("token invalid")
)

// Principal is the authenticated caller.
type Principal struct {
	Subject string // user id
	Role    string
	Name    string
	// TokenVersion is the subject's token version when the token was issued; a service
	// that keeps one per user revokes every older token by raising it.
	TokenVersion int64
}

// IsAdmin reports whether the principal holds the admin role.
func (p Principal) IsAdmin() bool { return p.Role == RoleAdmin }

// Claims is the JWT payload: the registered claims plus role, display name and the
// subject's token version ("ver", absent when 0).
type Claims struct {
	Role    string `json:"role"`
	Name    string `json:"name,omitempty"`
	Version int64  `json:"ver,omitempty"`
	jwt.RegisteredClaims
}

// MaxTokenBytes bounds a token: a longer one is refused (ErrTokenInvalid) before any
// decoding, and Issue never signs one. The tokens the services issue stay below it: the
// longest display name loyalty allows (255 characters, each JSON-escaped to 6 bytes at
// worst) makes a token of about 2.3 KiB.
const MaxTokenBytes = 4 << 10

// JWT issues and verifies HS256 tokens with one secret. The algorithm is pinned on
// verification, so "none" and asymmetric-algorithm confusion are refused.
type JWT struct {
	secret []byte
	issuer string
	ttl    time.Duration
	now    func() time.Time
	cache  *verifyCache // nil: every token is verified in full
}

// JWTOption configures NewJWT.
type JWTOption func(*JWT)

// WithVerifyCache bounds the cache of verified tokens to maxEntries tokens and maxBytes of
// memory; either at 0 turns the cache off. Without the option the cache holds
// DefaultVerifyCacheEntries tokens in DefaultVerifyCacheBytes.
func WithVerifyCache(maxEntries, maxBytes int) JWTOption {
	return func(j *JWT) {
		j.cache = nil
		if maxEntries > 0 && maxBytes > 0 {
			j.cache = newVerifyCache(maxEntries, maxBytes)
		}
	}
}

// NewJWT returns a token issuer/verifier. The secret must be at least 32 bytes.
func NewJWT(secret []byte, issuer string, ttl time.Duration, opts ...JWTOption) (*JWT, error) {
	if len(secret) < 32 {
		return nil, fmt.Errorf("jwt secret must be at least 32 bytes, got %d", len(secret))
	}
	if ttl <= 0 {
		return nil, fmt.Errorf("jwt ttl must be positive, got %s", ttl)
	}
	j := &JWT{secret: secret, issuer: issuer, ttl: ttl, now: time.Now,
		cache: newVerifyCache(DefaultVerifyCacheEntries, DefaultVerifyCacheBytes)}
	for _, opt := range opts {
		opt(j)
	}
	return j, nil
}

// VerifyCacheStats describes the cache of verified tokens (zero when it is off).
func (j *JWT) VerifyCacheStats() VerifyCacheStats {
	if j.cache == nil {
		return VerifyCacheStats{}
	}
	return j.cache.stats()
}

// TTL is the lifetime of issued tokens.
func (j *JWT) TTL() time.Duration { return j.ttl }

// Issue signs a token for the principal.
func (j *JWT) Issue(p Principal) (string, error) {
	now := j.now()
	claims := Claims{
		Role:    p.Role,
		Name:    p.Name,
		Version: p.TokenVersion,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   p.Subject,
			Issuer:    j.issuer,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(j.ttl)),
		},
	}
	signed, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(j.secret)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	if len(signed) > MaxTokenBytes {
		return "", fmt.Errorf("sign token: %d bytes, more than the %d a token may have", len(signed), MaxTokenBytes)
	}
	return signed, nil
}

// Verify checks signature, algorithm, issuer and expiry and returns the principal the
// token claims. It is a pure function of the token and the clock (until the expiry), so
// the principals of verified tokens are cached until the tokens expire (see
// verifyCache): a cached token is refused once expired like any other. Whether the
// subject may still act, and with which role, is not Verify's business but the
// Resolver's (see Authenticator).
func (j *JWT) Verify(token string) (Principal, error) {
	if len(token) > MaxTokenBytes {
		return Principal{}, fmt.Errorf("%w: longer than %d bytes", ErrTokenInvalid, MaxTokenBytes)
	}
	if j.cache == nil {
		p, _, err := j.verify(token)
		return p, err
	}
	key := sha256.Sum256([]byte(token))
	if v, ok := j.cache.get(key); ok {
		// The expiry check jwt makes (now before exp; no leeway).
		if !j.now().Before(v.expires) {
			j.cache.remove(key)
			return Principal{}, ErrTokenExpired
		}
		return v.p, nil
	}
	p, expires, err := j.verify(token)
	if err == nil {
		j.cache.put(key, p, expires)
	}
	return p, err
}

// verify checks the token in full and returns its principal and expiry.
func (j *JWT) verify(token string) (Principal, time.Time, error) {
	var claims Claims
	parsed, err := jwt.ParseWithClaims(token, &claims,
		func(*jwt.Token) (any, error) { return j.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(j.issuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(j.now),
	)
	if err != nil {
		if errors.Is(err, jwt.ErrTokenExpired) {
			return Principal{}, time.Time{}, ErrTokenExpired
		}
		return Principal{}, time.Time{}, fmt.Errorf("%w: %v", ErrTokenInvalid, err)
	}
	if !parsed.Valid || claims.Subject == "" || claims.ExpiresAt == nil {
		return Principal{}, time.Time{}, ErrTokenInvalid
	}
	p := Principal{Subject: claims.Subject, Role: claims.Role, Name: claims.Name, TokenVersion: claims.Version}
	return p, claims.ExpiresAt.Time, nil
}

// ErrRevoked is the error of a Resolver refusing a well-signed token: its subject no
// longer exists, is disabled, or revoked the tokens of this version.
var ErrRevoked = errors.New("token revoked")

// Refused reports whether err refuses the token (answer 401), as opposed to an error
// reading the subject's state (answer 5xx: the token may well be good).
func Refused(err error) bool {
	return errors.Is(err, ErrTokenInvalid) || errors.Is(err, ErrTokenExpired) || errors.Is(err, ErrRevoked)
}

// Resolver turns the principal a verified token claims into the principal the request
// acts as, from the subject's current state: it refuses revoked tokens (an error wrapping
// ErrRevoked or ErrTokenInvalid) and replaces claims that may have changed since the
// token was issued (the role). Any other error means the state could not be read.
type Resolver func(ctx context.Context, claimed Principal) (Principal, error)

// Authenticator verifies a token with j, then passes the principal it claims through
// resolve, on every request: revocation stays a per-request decision although Verify's
// work is cached. A nil resolve trusts the token's claims until it expires.
func (j *JWT) Authenticator(resolve Resolver) Authenticator {
	return func(ctx context.Context, token string) (Principal, error) {
		p, err := j.Verify(token)
		if err != nil || resolve == nil {
			return p, err
		}
		return resolve(ctx, p)
	}
}
