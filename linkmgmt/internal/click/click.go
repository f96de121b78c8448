// Package click records clicks of short links without slowing the redirect down, moves
// them to Postgres, and keeps the rollups every statistic is read from.
//
// The pipeline: the redirect hands a Hit to Recorder.Record (a non-blocking send into a
// bounded channel). One goroutine enriches hits (bots dropped, browser/OS/device from the
// user agent, country, referrer host, social source, language, visitor hash) into Clicks
// and seals them into batches: one batch is one Redis stream entry in a compact binary
// format (wire.go) with a random batch id, written by one Lua script together with the
// pending counters of its links and accounts (per 15-minute slot and dimension value)
// and the slot's visitor sets. Every value taken from the request is made storable on
// the way (value.go). While Redis is slow or unreachable, clicks wait in memory up to a
// count and an age (CLICK_BUFFER_MAX_AGE) and are then dropped (counted in a metric);
// a batch written twice (a lost reply) is refused by Redis and, failing that, by
// Postgres (the batch id).
//
// The Flusher, on every replica, reads the stream through a consumer group, parses each
// batch once and, in one Postgres transaction: records the batch ids (a batch already
// stored is skipped: exactly once per batch), COPYs the raw clicks into the monthly
// partitions, and merges the batch, aggregated in memory, into the rollups (rollup.go):
// per link and UTC day, per account and UTC day, per link for all time, and links.clicks.
// It then acknowledges the entries and takes their counts off the pending counters in
// one Lua script. What cannot be stored (an entry that does not parse, a click that
// breaks the rule or that Postgres refuses) is set aside alone and the rest stored
// (setaside.go). Statistics are Postgres plus the pending counters, so they are exact at
// any moment.
package click

import (
	"encoding/binary"
	"encoding/hex"
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

	queued time.Time // when Record took it: its age in memory counts from there
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

// Dim is a dimension a click is classified by.
type Dim uint8

// The dimensions, in the order rollups store them.
const (
	DimCountry  Dim = iota // ISO 3166-1 alpha-2 code
	DimReferrer            // referrer host
	DimBrowser
	DimOS
	DimSocial // social network of the referrer, or google
	DimDevice
	DimLanguage // primary language subtag
	NumDims
)

// dimLetters name the dimensions in pending-counter fields (one letter each).
const dimLetters = "crbosdl"

// Names of the dimensions in the API and the raw clicks table.
var (
	dimNames   = [NumDims]string{"country", "referrer", "browser", "os", "social", "device", "language"}
	dimColumns = [NumDims]string{"country", "referrer_host", "browser", "os", "social", "device", "language"}
)

// String is the dimension's name ("country", "referrer", ...).
func (d Dim) String() string { return dimNames[d] }

// Column is the dimension's column in the clicks table.
func (d Dim) Column() string { return dimColumns[d] }

// maxValueBytes bounds a dimension value (a referrer host is at most 253 bytes).
const maxValueBytes = 255

// Click is an enriched click: what is stored, one row of the clicks table.
type Click struct {
	LinkID    int64
	AccountID int64
	At        int64    // Unix microseconds
	Visitor   [16]byte // first 16 bytes of SHA-256(ip, user agent): never the address itself
	Dims      [NumDims]string
}

// Time is when the click happened, in UTC.
func (c *Click) Time() time.Time { return time.UnixMicro(c.At).UTC() }

// VisitorHex is the visitor hash as stored in clicks.visitor_hash.
func (c *Click) VisitorHex() string { return hex.EncodeToString(c.Visitor[:]) }

// Fingerprint is the click's visitor as the visitor sets count it.
func (c *Click) Fingerprint() uint64 { return binary.BigEndian.Uint64(c.Visitor[:8]) }

// Slots: every count is kept per 15-minute slot of UTC time, the largest step that
// divides every time zone's offset from UTC (India +5:30, Nepal +5:45, ...), so a day,
// week or month in any zone is made of whole slots.
const (
	SlotSeconds = 15 * 60
	SlotsPerDay = 24 * 60 * 60 / SlotSeconds
)

// SlotOf is the slot number (Unix seconds / 900) of a time in Unix microseconds.
func SlotOf(micros int64) int64 {
	s := micros / 1e6
	if micros < 0 && micros%1e6 != 0 {
		s--
	}
	return floorDiv(s, SlotSeconds)
}

// SlotTime is the start of a slot.
func SlotTime(slot int64) time.Time { return time.Unix(slot*SlotSeconds, 0).UTC() }

// DayOf is the UTC day (days since 1970-01-01) a slot belongs to.
func DayOf(slot int64) int64 { return floorDiv(slot, SlotsPerDay) }

// DayTime is midnight UTC of a day number.
func DayTime(day int64) time.Time { return time.Unix(day*86400, 0).UTC() }

// DayNumber is the day number of midnight UTC t.
func DayNumber(t time.Time) int64 { return floorDiv(t.Unix(), 86400) }

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// Redis keys. One Redis instance (or one hash slot) holds them all; the {clk} hash tag
// keeps every script's keys in one slot should Redis Cluster ever be used.
const (
	// streamKey holds the batches (binary, wire.go), written with schemeSlots counters.
	// totalStreamKey holds batches of the version before, written with schemeTotal
	// counters: a separate stream, so that flushers of that version (during a rolling
	// upgrade) never read a batch whose counters they would take off wrongly.
	// legacyStreamKey is where recorders before the binary format wrote JSON entries.
	// The flusher drains all three.
	streamKey       = "lm:{clk}:batches"
	totalStreamKey  = "lm:{clk}:clicks"
	legacyStreamKey = "lm:{clk}:events"
	groupName       = "flush"
	// dedupePref + batch id marks a batch the recorder has written (a retry after a lost
	// reply is refused); kept dedupeTTL.
	dedupePref = "lm:{clk}:b:"
	dedupeTTL  = 10 * time.Minute
	// What Redis holds for a link (or an account: "a" + id) until the flusher has moved
	// it: a counter hash (pendingPref), field "t" the total and "q<slot>" each slot's
	// clicks (batches of totalStreamKey), or only "s<slot>", each slot's clicks, the total
	// being their sum (batches of streamKey); and a detail hash (detailPref), one field
	// "<slot>:<batch id>" per batch and slot: the batch's clicks of that slot per
	// dimension value, and their visitors (pending.go). The write script adds both with the batch, the ack script takes them
	// off, so they always describe exactly the clicks Postgres does not have yet.
	pendingPref = "lm:{clk}:p:"
	detailPref  = "lm:{clk}:d:"
	fieldTotal  = "t"
	// uniquePref is the visitor HyperLogLog of the version before; only deleted.
	uniquePref = "lm:{clk}:u:"
)

func pendingKey(linkID int64) string { return pendingPref + strconv.FormatInt(linkID, 10) }

func accountPendingKey(accountID int64) string {
	return pendingPref + "a" + strconv.FormatInt(accountID, 10)
}

func detailKey(linkID int64) string { return detailPref + strconv.FormatInt(linkID, 10) }

func accountDetailKey(accountID int64) string {
	return detailPref + "a" + strconv.FormatInt(accountID, 10)
}

func uniqueKey(linkID int64) string { return uniquePref + strconv.FormatInt(linkID, 10) }

// slotField names the pending-counter field of a slot's clicks (schemeTotal).
func slotField(slot int64) string { return "q" + strconv.FormatInt(slot, 10) }

// slotSumField names the pending-counter field of a slot's clicks that also counts
// towards the total (schemeSlots).
func slotSumField(slot int64) string { return "s" + strconv.FormatInt(slot, 10) }
