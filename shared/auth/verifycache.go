package auth

import (
	"container/list"
	"crypto/sha256"
	"sync"
	"time"
)

// Bounds of the cache of verified tokens (see WithVerifyCache).
const (
	// DefaultVerifyCacheEntries is about one token per user active in a day for a back
	// office, with room to spare.
	DefaultVerifyCacheEntries = 10_000
	// DefaultVerifyCacheBytes bounds the memory the entries hold (their principals plus a
	// fixed overhead each), whatever the tokens carry.
	DefaultVerifyCacheBytes = 4 << 20
	// verifiedTokenOverhead is what an entry costs besides its principal's strings: the
	// map slot, the list element, the entry itself (key, expiry, string headers).
	verifiedTokenOverhead = 256
)

// verifyCache remembers the principals of tokens whose signature and claims were verified,
// until the tokens expire: a request with a token seen before skips the base64, the HMAC
// and the JSON parse. Entries are keyed by the SHA-256 of the token, so the cache holds no
// token and a lookup compares fixed-size digests; a token differing in any byte (another
// signature) misses and is verified in full. Least recently used entries go first when
// either bound (entries, bytes) would be passed.
//
// Only what Verify decides is cached. Whether the subject may still act is decided after
// it, on every request (Resolver), so caching never delays a revocation.
type verifyCache struct {
	maxEntries, maxBytes int

	mu      sync.Mutex
	entries map[[sha256.Size]byte]*list.Element // of *verifiedToken
	recent  list.List                           // most recently used first
	bytes   int
	hits    uint64
	misses  uint64
}

type verifiedToken struct {
	key     [sha256.Size]byte
	p       Principal
	expires time.Time
	size    int
}

func newVerifyCache(maxEntries, maxBytes int) *verifyCache {
	return &verifyCache{maxEntries: maxEntries, maxBytes: maxBytes, entries: map[[sha256.Size]byte]*list.Element{}}
}

// get returns the cached verification of the token with digest key, if any.
func (c *verifyCache) get(key [sha256.Size]byte) (verifiedToken, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok {
		c.misses++
		return verifiedToken{}, false
	}
	c.hits++
	c.recent.MoveToFront(e)
	return *e.Value.(*verifiedToken), true
}

// put caches a verification, making room by dropping the least recently used entries. An
// entry larger than the whole byte bound is not kept.
func (c *verifyCache) put(key [sha256.Size]byte, p Principal, expires time.Time) {
	size := verifiedTokenOverhead + len(p.Subject) + len(p.Role) + len(p.Name)
	if size > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[key]; ok { // verified concurrently by another request
		c.recent.MoveToFront(e)
		return
	}
	for len(c.entries) >= c.maxEntries || c.bytes+size > c.maxBytes {
		c.removeLocked(c.recent.Back())
	}
	c.entries[key] = c.recent.PushFront(&verifiedToken{key: key, p: p, expires: expires, size: size})
	c.bytes += size
}

// remove drops the entry of key (an expired token) if it is there.
func (c *verifyCache) remove(key [sha256.Size]byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[key]; ok {
		c.removeLocked(e)
	}
}

func (c *verifyCache) removeLocked(e *list.Element) {
	v := c.recent.Remove(e).(*verifiedToken)
	delete(c.entries, v.key)
	c.bytes -= v.size
}

// VerifyCacheStats describes the cache of verified tokens.
type VerifyCacheStats struct {
	Entries, Bytes int    // held now
	Hits, Misses   uint64 // lookups since the start
}

func (c *verifyCache) stats() VerifyCacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return VerifyCacheStats{Entries: len(c.entries), Bytes: c.bytes, Hits: c.hits, Misses: c.misses}
}
