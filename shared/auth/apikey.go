package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
)

// apiKeyBytes is the entropy of a generated API key (256 bits).
const apiKeyBytes = 32

// GenerateAPIKey returns a new random API key, hex encoded. Show it to its owner once and
// store only HashAPIKey(key).
func GenerateAPIKey() (string, error) {
	b := make([]byte, apiKeyBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generate api key: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// HashAPIKey returns the hex SHA-256 of a key. Keys carry 256 bits of entropy, so a fast
// hash is enough (no brute force can walk the key space); it also lets the hash be an
// indexed lookup column.
func HashAPIKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// APIKeyMatches compares a presented key with a stored hash in constant time.
func APIKeyMatches(key, storedHash string) bool {
	got := HashAPIKey(key)
	return subtle.ConstantTimeCompare([]byte(got), []byte(storedHash)) == 1
}
