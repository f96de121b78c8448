package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Headers of a delivery. id, timestamp and signature follow the Standard Webhooks
// specification (https://www.standardwebhooks.com), so its libraries verify our
// deliveries; the event type header is ours.
const (
	HeaderID        = "webhook-id"         // the event id: the same on every retry, the deduplication key
	HeaderTimestamp = "webhook-timestamp"  // Unix seconds when this attempt was signed
	HeaderSignature = "webhook-signature"  // "v1,<base64 HMAC-SHA256>", space-separated when several
	HeaderEventType = "webhook-event-type" // e.g. points.credited
)

// DefaultTolerance is the clock skew a receiver should accept between webhook-timestamp
// and its own clock; older (or further in the future) deliveries are replays.
const DefaultTolerance = 5 * time.Minute

// signature is the value of webhook-signature: the base64 HMAC-SHA256, keyed with the
// secret's key, of "<id>.<timestamp>.<body>".
func signature(key []byte, id string, timestamp int64, body []byte) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id))
	mac.Write([]byte{'.'})
	mac.Write([]byte(strconv.FormatInt(timestamp, 10)))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// Verification errors.
var (
	ErrMissingHeaders = errors.New("webhook: missing webhook-id, webhook-timestamp or webhook-signature")
	ErrStale          = errors.New("webhook: timestamp outside the tolerance (a replay, or a clock off)")
	ErrBadSignature   = errors.New("webhook: no matching signature")
)

// Verify checks a delivery as a receiver must, and is the reference for the receiver
// examples in docs/webhooks.md: the timestamp within tolerance of now, then one of the
// v1 signatures equal (in constant time) to the HMAC of "<id>.<timestamp>.<body>" over
// the raw body bytes as received.
func Verify(secret string, h http.Header, body []byte, now time.Time, tolerance time.Duration) error {
	id, ts, sigs := h.Get(HeaderID), h.Get(HeaderTimestamp), h.Get(HeaderSignature)
	if id == "" || ts == "" || sigs == "" {
		return ErrMissingHeaders
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("webhook: bad timestamp %q", ts)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return ErrStale
	}
	key, err := signingKey(secret)
	if err != nil {
		return err
	}
	want := []byte(signature(key, id, sec, body))
	for _, sig := range strings.Fields(sigs) {
		if hmac.Equal([]byte(sig), want) {
			return nil
		}
	}
	return ErrBadSignature
}
