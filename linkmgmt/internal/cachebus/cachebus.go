// Package cachebus tells the in-process caches of every replica what changed: the
// redirect's links and branded domains, and the campaigns of the rotator and the list
// pages. A change is applied to this replica's caches at once and published on a Redis
// channel every replica listens to; a replica that missed messages (Redis down, a lost
// subscription) drops everything once it is subscribed again, and until then its
// entries expire by their TTL.
package cachebus

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// channelPrefix names the channel that carries the events between replicas. Pub/sub
// channels are shared by every database of a Redis server, so the channel names the
// database the service uses: services on other databases do not hear its changes.
const channelPrefix = "lm:cache:invalidate:"

// publishTimeout bounds publishing one change: a Redis that hangs must not hold the API
// call that made it.
const publishTimeout = 500 * time.Millisecond

// resubscribeDelay is the wait before subscribing again after a lost subscription.
const resubscribeDelay = time.Second

// Kind is what an Event names.
type Kind byte

// The kinds of change. The byte is the event's prefix on the wire ("l:0/spring").
const (
	Link      Kind = 'l' // one short link: Key is "<domainID>/<alias>" (domainID 0: BASE_URL)
	Domain    Kind = 'd' // one branded domain: Key is its host (its links go too)
	Campaign  Kind = 'c' // one campaign's links or settings: Key is its id
	Campaigns Kind = 'C' // campaign slugs and visibility: every campaign's address
	All       Kind = '*' // everything (pixels, overlays or splash pages changed)
)

// Event is one change.
type Event struct {
	Kind Kind
	Key  string
}

// LinkChanged is the event of a short link on a domain (0: BASE_URL).
func LinkChanged(domainID int64, alias string) Event {
	return Event{Kind: Link, Key: LinkKey(domainID, alias)}
}

// LinkKey is how caches key a short link.
func LinkKey(domainID int64, alias string) string {
	return strconv.FormatInt(domainID, 10) + "/" + alias
}

// DomainChanged is the event of a branded domain, by host.
func DomainChanged(host string) Event { return Event{Kind: Domain, Key: strings.ToLower(host)} }

// CampaignChanged is the event of one campaign's content.
func CampaignChanged(id int64) Event { return Event{Kind: Campaign, Key: strconv.FormatInt(id, 10)} }

// CampaignsChanged is the event of a campaign created, renamed, re-slugged, made public
// or private, or deleted.
func CampaignsChanged() Event { return Event{Kind: Campaigns} }

// Everything is the event that drops every cache.
func Everything() Event { return Event{Kind: All} }

func (e Event) encode() string {
	if e.Kind == All {
		return "*"
	}
	return string(e.Kind) + ":" + e.Key
}

func decode(msg string) (Event, bool) {
	if msg == "*" {
		return Everything(), true
	}
	if len(msg) < 2 || msg[1] != ':' {
		return Event{}, false
	}
	return Event{Kind: Kind(msg[0]), Key: msg[2:]}, true
}

// Subscriber is an in-process cache. Invalidate drops what e names, or everything
// when e's kind is All; kinds it does not hold are ignored.
type Subscriber interface {
	Invalidate(e Event)
}

// Publisher is what changes the data: it announces each change after committing it.
type Publisher interface {
	Publish(ctx context.Context, events ...Event)
}

// EverythingOn is what a store of rows T that cached links copy (overlays, splash pages,
// pixels) announces on p when one changes: Everything, since finding the links that use
// one is not worth it for such rare writes. nil when p is (nobody listens).
func EverythingOn[T any](p Publisher) func(ctx context.Context, row T) {
	if p == nil {
		return nil
	}
	return func(ctx context.Context, _ T) { p.Publish(ctx, Everything()) }
}

// Bus is the replica's end of the channel.
type Bus struct {
	rdb     *redis.Client // nil: this replica only (tests, tools)
	channel string
	log     *slog.Logger
	subs    []Subscriber

	readyOnce sync.Once
	ready     chan struct{}
	// listening: subscribed now, so every change another replica publishes is heard.
	listening atomic.Bool
}

// New returns a bus over rdb (nil: this replica's caches only) with no cache yet.
func New(rdb *redis.Client, log *slog.Logger) *Bus {
	b := &Bus{rdb: rdb, log: log, ready: make(chan struct{})}
	if rdb != nil {
		b.channel = channelPrefix + strconv.Itoa(rdb.Options().DB)
	}
	return b
}

// Subscribe adds caches. Call it while the service is built, before anything publishes
// or Listen runs (the caches are built after the stores that publish to them).
func (b *Bus) Subscribe(subs ...Subscriber) { b.subs = append(b.subs, subs...) }

// Publish applies the events to this replica's caches now and to the others' through
// Redis. When Redis cannot be reached the others catch up within their caches' TTL.
func (b *Bus) Publish(ctx context.Context, events ...Event) {
	if len(events) == 0 {
		return
	}
	for _, e := range events {
		b.apply(e)
	}
	if b.rdb == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, publishTimeout)
	defer cancel()
	_, err := b.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, e := range events {
			p.Publish(ctx, b.channel, e.encode())
		}
		return nil
	})
	if err != nil {
		b.log.WarnContext(ctx, "cache invalidation not published; other replicas expire it by TTL", "error", err, "events", len(events))
	}
}

func (b *Bus) apply(e Event) {
	for _, s := range b.subs {
		s.Invalidate(e)
	}
}

// Ready is closed once Listen has subscribed for the first time: from then on this
// replica hears every change the others publish.
func (b *Bus) Ready() <-chan struct{} { return b.ready }

// Listening reports whether this replica hears every change now: always for a bus
// without Redis (this replica only), otherwise while Listen's subscription stands.
// Between a lost subscription and the next, a change published by another replica may
// be missed, so what the caches hold may outlive its row until the TTL ends (and must
// not answer past it: stale-if-error asks this).
func (b *Bus) Listening() bool { return b.rdb == nil || b.listening.Load() }

// Listen applies the events other replicas publish until ctx ends. After a lost
// subscription it drops everything once subscribed again: events may have been missed
// meanwhile.
func (b *Bus) Listen(ctx context.Context) {
	if b.rdb == nil {
		b.readyOnce.Do(func() { close(b.ready) })
		<-ctx.Done()
		return
	}
	for ctx.Err() == nil {
		ps := b.rdb.Subscribe(ctx, b.channel)
		// Receive does not return on ctx's end by itself: closing the subscription ends it.
		unhook := context.AfterFunc(ctx, func() { _ = ps.Close() })
		for {
			msg, err := ps.Receive(ctx)
			if err != nil {
				b.listening.Store(false)
				break
			}
			switch m := msg.(type) {
			case *redis.Subscription:
				// (Re)subscribed: anything published while we were away is lost.
				b.apply(Everything())
				b.listening.Store(true)
				b.readyOnce.Do(func() { close(b.ready) })
			case *redis.Message:
				if e, ok := decode(m.Payload); ok {
					b.apply(e)
				}
			}
		}
		unhook()
		_ = ps.Close()
		select {
		case <-ctx.Done():
		case <-time.After(resubscribeDelay):
		}
	}
}
