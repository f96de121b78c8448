// Package lru is a least-recently-used cache bounded both in entries and in bytes. Every
// in-process cache of the service that a visitor can fill (links and branded domains on
// the redirect path, parsed user agents in the click recorder) is one of these: a bound
// on entries alone lets a flood of large distinct keys grow the heap without limit, a
// bound on bytes does not.
package lru

import (
	"container/list"
	"sync"
)

// EntryOverhead is what one entry costs besides its key and value: the map slot, the
// list element and the entry record. It is added to every entry's size, so a cache of
// tiny entries is bounded too.
const EntryOverhead = 128

// Cache maps keys to values, evicting the least recently used entries to stay within
// maxEntries entries and maxBytes bytes. It is safe for concurrent use.
type Cache[K comparable, V any] struct {
	mu         sync.Mutex
	maxEntries int
	maxBytes   int64
	sizeOf     func(K, V) int64
	order      *list.List // of *entry[K, V], most recently used first
	items      map[K]*list.Element
	bytes      int64
}

type entry[K comparable, V any] struct {
	key   K
	value V
	size  int64
}

// New returns an empty cache of at most maxEntries entries and maxBytes bytes, where an
// entry weighs sizeOf(key, value) + EntryOverhead. Both bounds must be positive.
func New[K comparable, V any](maxEntries int, maxBytes int64, sizeOf func(K, V) int64) *Cache[K, V] {
	if maxEntries < 1 || maxBytes < 1 {
		panic("lru: bounds must be positive")
	}
	return &Cache[K, V]{
		maxEntries: maxEntries,
		maxBytes:   maxBytes,
		sizeOf:     sizeOf,
		order:      list.New(),
		items:      make(map[K]*list.Element),
	}
}

// Get returns the value of key and marks it recently used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry[K, V]).value, true
}

// Add stores value under key (replacing what key held) and evicts the least recently
// used entries until both bounds hold. An entry heavier than the whole byte bound is not
// stored (and whatever key held is dropped): it would evict everything else.
func (c *Cache[K, V]) Add(key K, value V) {
	size := c.sizeOf(key, value) + EntryOverhead
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
	if size > c.maxBytes {
		return
	}
	c.items[key] = c.order.PushFront(&entry[K, V]{key: key, value: value, size: size})
	c.bytes += size
	for len(c.items) > c.maxEntries || c.bytes > c.maxBytes {
		c.remove(c.order.Back())
	}
}

// Remove drops key.
func (c *Cache[K, V]) Remove(key K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
}

// Purge drops every entry.
func (c *Cache[K, V]) Purge() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	clear(c.items)
	c.bytes = 0
}

// Len is the number of entries.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}

// Bytes is the weight of every entry together, overhead included.
func (c *Cache[K, V]) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

func (c *Cache[K, V]) remove(el *list.Element) {
	e := c.order.Remove(el).(*entry[K, V])
	delete(c.items, e.key)
	c.bytes -= e.size
}

// StringSize is the weight of a string key and a value whose own size is negligible or
// fixed (a verdict, a small struct of short fields).
func StringSize[V any](fixed int64) func(string, V) int64 {
	return func(k string, _ V) int64 { return int64(len(k)) + fixed }
}
