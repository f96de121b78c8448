// Package auth holds what both services need to authenticate callers: signed JWTs
// (loyalty), API keys (linkmgmt), bearer-token extraction and an Echo middleware that
// puts the authenticated principal in the request context.
package auth

import (
	"context"
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

// JWT issues and verifies HS256 tokens with one secret. The algorithm is pinned on
// verification, so "none" and asymmetric-algorithm confusion are refused.
type JWT struct {
	secret []byte
	issuer string
	ttl    time.Duration
	now    func() time.Time
}

// NewJWT returns a token issuer/verifier. The secret must be at least 32 bytes.
func NewJWT(secret []byte, issuer string, ttl time.Duration) (*JWT, error) {
	if len(secret) < 32 {
		return nil, fmt.Errorf("jwt secret must be at least 32 bytes, got %d", len(secret))
	}
	if ttl <= 0 {
		return nil, fmt.Errorf("jwt ttl must be positive, got %s", ttl)
	}
	return &JWT{secret: secret, issuer: issuer, ttl: ttl, now: time.Now}, nil
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
	return signed, nil
}

// Verify checks signature, algorithm, issuer and expiry and returns the principal the
// token claims. It is a pure function of the token and the clock (until the expiry), so a
// cache of verified tokens may sit here; whether the subject may still act, and with which
// role, is not Verify's business but the Resolver's (see Authenticator).
func (j *JWT) Verify(token string) (Principal, error) {
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
			return Principal{}, ErrTokenExpired
		}
		return Principal{}, fmt.Errorf("%w: %v", ErrTokenInvalid, err)
	}
	if !parsed.Valid || claims.Subject == "" {
		return Principal{}, ErrTokenInvalid
	}
	return Principal{Subject: claims.Subject, Role: claims.Role, Name: claims.Name, TokenVersion: claims.Version}, nil
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
// resolve, on every request: revocation stays a per-request decision even if Verify's
// work is ever cached. A nil resolve trusts the token's claims until it expires.
func (j *JWT) Authenticator(resolve Resolver) Authenticator {
	return func(ctx context.Context, token string) (Principal, error) {
		p, err := j.Verify(token)
		if err != nil || resolve == nil {
			return p, err
		}
		return resolve(ctx, p)
	}
}
