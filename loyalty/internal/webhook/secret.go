package webhook

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// secretPrefix marks a signing secret, as the Standard Webhooks libraries expect it: the
// HMAC key is the base64 text after the prefix, decoded.
const secretPrefix = "whsec_"

// secretBytes is the size of a signing key (256 bits).
const secretBytes = 32

// newSecret returns a fresh signing secret.
func newSecret() (string, error) {
	key := make([]byte, secretBytes)
	if _, err := rand.Read(key); err != nil {
		return "", fmt.Errorf("generate webhook secret: %w", err)
	}
	return secretPrefix + base64.StdEncoding.EncodeToString(key), nil
}

// signingKey is the HMAC key of a secret.
func signingKey(secret string) ([]byte, error) {
	raw, ok := strings.CutPrefix(secret, secretPrefix)
	if !ok {
		return nil, errors.New("webhook secret without the whsec_ prefix")
	}
	key, err := base64.StdEncoding.DecodeString(raw)
	if err != nil || len(key) == 0 {
		return nil, errors.New("webhook secret is not base64 after whsec_")
	}
	return key, nil
}

// sealer stores secrets: sealed with AES-256-GCM when a key is configured, else as they
// are. A secret has to be readable to sign with it, so a one-way hash (as for passwords
// and API keys) cannot be used.
//
// Stored forms: "plain:<secret>" and "aesgcm:<key id>:<base64 nonce|ciphertext>". The
// key id (first 8 hex digits of SHA-256 of the key) tells a secret sealed with another
// key apart from a corrupted one. Plain secrets stay readable once a key is configured;
// they are sealed when rotated.
type sealer struct {
	aead  cipher.AEAD // nil: no key
	keyID string
}

func newSealer(passphrase string) (*sealer, error) {
	if passphrase == "" {
		return &sealer{}, nil
	}
	if len(passphrase) < 32 {
		return nil, errors.New("WEBHOOK_SECRET_KEY must be at least 32 characters")
	}
	key := sha256.Sum256([]byte(passphrase))
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, fmt.Errorf("secret key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("secret key: %w", err)
	}
	id := sha256.Sum256(key[:])
	return &sealer{aead: aead, keyID: hex.EncodeToString(id[:4])}, nil
}

// seal returns the stored form of secret. id (the subscription's) is authenticated with
// it, so a sealed secret copied onto another subscription does not open.
func (s *sealer) seal(id, secret string) (string, error) {
	if s.aead == nil {
		return "plain:" + secret, nil
	}
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("seal webhook secret: %w", err)
	}
	out := s.aead.Seal(nonce, nonce, []byte(secret), []byte(id))
	return "aesgcm:" + s.keyID + ":" + base64.StdEncoding.EncodeToString(out), nil
}

// open returns the secret of a stored form.
func (s *sealer) open(id, stored string) (string, error) {
	if plain, ok := strings.CutPrefix(stored, "plain:"); ok {
		return plain, nil
	}
	rest, ok := strings.CutPrefix(stored, "aesgcm:")
	if !ok {
		return "", errors.New("webhook secret in an unknown stored form")
	}
	keyID, sealed, _ := strings.Cut(rest, ":")
	switch {
	case s.aead == nil:
		return "", errors.New("webhook secret is sealed but WEBHOOK_SECRET_KEY is not set")
	case keyID != s.keyID:
		return "", fmt.Errorf("webhook secret was sealed with another WEBHOOK_SECRET_KEY (key id %s, configured %s)", keyID, s.keyID)
	}
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return "", errors.New("webhook secret: sealed form is corrupted")
	}
	nonce, ct := raw[:s.aead.NonceSize()], raw[s.aead.NonceSize():]
	plain, err := s.aead.Open(nil, nonce, ct, []byte(id))
	if err != nil {
		return "", errors.New("webhook secret: sealed form does not open with this key")
	}
	return string(plain), nil
}
