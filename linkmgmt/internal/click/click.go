// Package click records clicks of short links without slowing the redirect down, and
// reads their statistics back.
//
// The pipeline: the redirect hands a Hit to Recorder.Record (a non-blocking send into a
// bounded channel). One goroutine enriches hits (bots dropped, browser/OS/device from the
// user agent, country, referrer host, social source, visitor hash) and writes them to
// Redis in MULTI/EXEC batches: a raw event in a stream plus per-link "pending" counters
// and a HyperLogLog of visitors. While Redis is unreachable, events wait in memory up to
// a bound and are then dropped (counted in a metric). The Flusher, on every replica,
// reads the stream through a consumer group, inserts the events into Postgres (clicks,
// daily and per-dimension rollups, links.clicks) idempotently by event id, then acks the
// entries and takes their counts off the pending counters in one Lua script. Statistics
// are Postgres plus the pending counters, so they are exact at any moment.
package click

import (
	"net/netip"
	"strconv"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
)

// Hit is what the redirect knows about a click: request facts, already bounded where
// the request entered the service (link.VisitorOf), classified later, off the hot path.
type Hit struct {
	LinkID         int64
	AccountID      int64
	At             time.Time
	IP             netip.Addr
	GatewayCountry string // CF-IPCountry / X-Country-Code, only when sent by a trusted proxy
	Country        string // already resolved by the redirect (geo targeting), or ""
	UserAgent      string // at most link.MaxUserAgentBytes
	Referer        string // at most link.MaxRefererBytes
	Language       string // primary language of the most preferred Accept-Language tag
}

// maxCodeBytes bounds Hit.Language and Hit.GatewayCountry: a primary language subtag is
// 2 or 3 letters, a country code 2.
const maxCodeBytes = 8

// bounded is h with every visitor-supplied field within its cap. The redirect already
// truncates them; the recorder checks again so that its cost per click (and the memory
// its queue holds) stays bounded whoever calls Record.
func (h Hit) bounded() Hit {
	h.UserAgent = link.Truncate(h.UserAgent, link.MaxUserAgentBytes)
	h.Referer = link.Truncate(h.Referer, link.MaxRefererBytes)
	h.Language = link.Truncate(h.Language, maxCodeBytes)
	h.GatewayCountry = link.Truncate(h.GatewayCountry, maxCodeBytes)
	return h
}

// Event is an enriched click as it travels through Redis to Postgres.
type Event struct {
	ID        string `json:"id"`
	LinkID    int64  `json:"link_id"`
	AccountID int64  `json:"account_id"`
	At        string `json:"at"` // RFC 3339 with nanoseconds, UTC
	Visitor   string `json:"visitor"`
	Country   string `json:"country"`
	Referrer  string `json:"referrer"`
	Browser   string `json:"browser"`
	OS        string `json:"os"`
	Device    string `json:"device"`
	Language  string `json:"language"`
	Social    string `json:"social"`
}

// entry is one stream entry: a batch of events written together.
type entry struct {
	Events []Event `json:"events"`
}

// count is the increment of one pending-counter field of one link.
type count struct {
	linkID int64
	field  string
	n      int64
}

// countsOf aggregates the counter increments of events, in a stable order.
func countsOf(events []Event) []count {
	type key struct {
		linkID int64
		field  string
	}
	idx := map[key]int{}
	var out []count
	for _, ev := range events {
		for _, f := range ev.counterFields() {
			k := key{ev.LinkID, f}
			if i, ok := idx[k]; ok {
				out[i].n++
				continue
			}
			idx[k] = len(out)
			out = append(out, count{linkID: ev.LinkID, field: f, n: 1})
		}
	}
	return out
}

// counterFields are the pending-counter hash fields one event increments.
func (e Event) counterFields() []string {
	f := make([]string, 0, 9)
	f = append(f, fieldTotal, "day:"+e.At[:10])
	for _, d := range []struct{ prefix, v string }{
		{"c:", e.Country}, {"r:", e.Referrer}, {"b:", e.Browser}, {"o:", e.OS},
		{"s:", e.Social}, {"d:", e.Device}, {"l:", e.Language},
	} {
		if d.v != "" {
			f = append(f, d.prefix+d.v)
		}
	}
	return f
}

// Redis keys. One Redis instance (or one hash slot) holds them all; the {clk} hash tag
// keeps the flush script's keys in one slot should Redis Cluster ever be used.
const (
	streamKey   = "lm:{clk}:events"
	groupName   = "flush"
	fieldTotal  = "t"
	pendingPref = "lm:{clk}:p:"
	uniquePref  = "lm:{clk}:u:"
)

func pendingKey(linkID int64) string { return pendingPref + strconv.FormatInt(linkID, 10) }
func uniqueKey(linkID int64) string  { return uniquePref + strconv.FormatInt(linkID, 10) }

// dimensionOf maps a counter field prefix to the link_dimension_stats dimension.
var dimensionOf = map[string]string{
	"c:": "country", "r:": "referrer", "b:": "browser", "o:": "os",
	"s:": "social", "d:": "device", "l:": "language",
}
