package webhook

import (
	"bytes"
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/shared/netguard"
	"gorm.io/gorm"
)

// sendBudget is how long one claim of a subscription keeps sending before it lets go
// (other subscriptions get the worker; the lease stays short).
const sendBudget = 20 * time.Second

// leaseFor is how long a claim holds a subscription: the budget, one request started at
// its very end, and room to record the results. A worker that dies mid-claim delays the
// subscription by at most this.
func (c Config) leaseFor() time.Duration { return sendBudget + 2*c.Timeout + 10*time.Second }

// Run delivers events until ctx ends: the fan-out, Concurrency workers, each claiming one
// subscription at a time, and the pruning job. Several replicas may run it at once.
func (s *Service) Run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Go(func() { s.runFanOut(ctx) })
	for range s.cfg.Concurrency {
		wg.Go(func() { s.work(ctx) })
	}
	wg.Go(func() { s.runPrune(ctx) })
	wg.Wait()
}

func (s *Service) work(ctx context.Context) {
	for ctx.Err() == nil {
		worked, err := s.DeliverOnce(ctx)
		if err != nil && ctx.Err() == nil {
			s.log.ErrorContext(ctx, "webhook delivery failed", "error", err)
		}
		if worked && err == nil {
			continue
		}
		// Idle (or failing): wait a poll interval, jittered so replicas spread out.
		wait := time.Duration(float64(s.cfg.PollInterval) * (0.75 + rand.Float64()/2))
		select {
		case <-ctx.Done():
		case <-s.wake:
		case <-time.After(wait):
		}
	}
}

// claim is a subscription held by this worker.
type claim struct {
	ID     string
	URL    string
	Secret string // stored (sealed) form
	Token  string // the lease token: every write of results checks it
}

// claimSQL leases one active subscription whose oldest pending delivery is due and that
// no other worker holds. SKIP LOCKED lets workers of every replica claim at once without
// waiting for each other; FOR NO KEY UPDATE (not FOR UPDATE) leaves the row readable and
// key-share-lockable by the outbox writers. The least recently claimed goes first, so a
// large backlog does not starve the other subscriptions.
const claimSQL = `
UPDATE webhook_subscriptions s
   SET lease_until = now() + make_interval(secs => ?), lease_token = ?, last_claimed_at = now()
 WHERE s.id = (
    SELECT c.id FROM webhook_subscriptions c
     WHERE c.is_active AND (c.lease_until IS NULL OR c.lease_until < now())
       AND (SELECT d.next_attempt_at FROM webhook_deliveries d
             WHERE d.subscription_id = c.id AND d.status = 'pending'
             ORDER BY d.event_seq LIMIT 1) <= now()
     ORDER BY c.last_claimed_at NULLS FIRST
     LIMIT 1
     FOR NO KEY UPDATE SKIP LOCKED)
RETURNING s.id, s.url, s.secret, s.lease_token AS token`

// DeliverOnce claims one subscription with due deliveries and sends them, oldest first,
// until none is due, one fails and must be retried, or the send budget is spent. It
// reports whether it claimed one.
func (s *Service) DeliverOnce(ctx context.Context) (bool, error) {
	var claims []claim
	token := uuid.NewString()
	if err := s.db.WithContext(ctx).Raw(claimSQL, s.cfg.leaseFor().Seconds(), token).Scan(&claims).Error; err != nil {
		return false, fmt.Errorf("claim a webhook subscription: %w", err)
	}
	if len(claims) == 0 {
		return false, nil
	}
	c := claims[0]
	err := s.deliver(ctx, c)
	// Let go of the lease whatever happened (a lost lease matches nothing).
	relErr := s.db.WithContext(context.WithoutCancel(ctx)).Exec(
		`UPDATE webhook_subscriptions SET lease_until = NULL, lease_token = NULL WHERE id = ? AND lease_token = ?`, c.ID, c.Token).Error
	if relErr != nil {
		err = errors.Join(err, fmt.Errorf("release webhook %s: %w", c.ID, relErr))
	}
	return true, err
}

// pending is a delivery to make.
type pending struct {
	EventSeq       int64
	Attempts       int
	FirstAttemptAt *time.Time
	NextAttemptAt  time.Time
	EventID        *string // nil: the event row is gone
	Type           string
	Data           string // "": the payload is gone (its entry deleted without a snapshot)
	CreatedAt      time.Time
	DBNow          time.Time
}

// outcome is the result of one attempt.
type outcome struct {
	d          pending
	status     int // HTTP status; 0 when no answer came
	latency    time.Duration
	err        string
	result     string        // ResultDelivered, ResultRetrying, ResultFailed
	retryIn    time.Duration // ResultRetrying: wait before the next attempt
	disable    string        // set: disable the subscription, saying this
	attemptsAt time.Time
}

func (s *Service) deliver(ctx context.Context, c claim) error {
	started := time.Now()
	deadline := started.Add(s.cfg.leaseFor())
	secret, openErr := s.secret.open(c.ID, c.Secret)
	var key []byte
	if openErr == nil {
		key, openErr = signingKey(secret)
	}
	for time.Since(started) < sendBudget {
		var batch []pending
		// The batch first, then its events: joined to the whole queue, the planner may
		// merge along the events' key from its start, delivered ones included.
		err := s.db.WithContext(ctx).Raw(`
			SELECT d.event_seq, d.attempts, d.first_attempt_at, d.next_attempt_at,
			       e.id AS event_id, e.type, COALESCE(e.data::text, '') AS data, e.created_at, now() AS db_now
			  FROM (SELECT * FROM webhook_deliveries
			         WHERE subscription_id = ? AND status = 'pending'
			         ORDER BY event_seq LIMIT ?) d
			  LEFT JOIN webhook_event_payloads e ON e.seq = d.event_seq
			 ORDER BY d.event_seq`, c.ID, batchSize).Scan(&batch).Error
		if err != nil {
			return fmt.Errorf("pending deliveries of webhook %s: %w", c.ID, err)
		}
		if len(batch) == 0 || batch[0].NextAttemptAt.After(batch[0].DBNow) {
			return nil
		}
		// The database's clock decides ages, so replicas with skewed clocks agree.
		skew := time.Until(batch[0].DBNow)
		var outs []outcome
		stop, cut := false, false
		for _, d := range batch {
			if ctx.Err() != nil || time.Until(deadline) < s.cfg.Timeout+5*time.Second {
				stop = true
				break
			}
			var o outcome
			switch {
			case d.EventID == nil || d.Data == "":
				o = outcome{d: d, result: ResultFailed, err: "event no longer stored", attemptsAt: time.Now().Add(skew)}
			case openErr != nil:
				o = outcome{d: d, err: "cannot sign: " + openErr.Error(), attemptsAt: time.Now().Add(skew)}
				o.retryOrGiveUp(s.cfg, nil, o.attemptsAt)
			default:
				o = s.send(ctx, c.URL, key, d, skew)
				if ctx.Err() != nil {
					// Shutting down: the request was cut by us, not failed by the receiver.
					// Not recorded, it is sent again by the next claim.
					stop = true
				}
			}
			if stop {
				break
			}
			outs = append(outs, o)
			if o.result == ResultRetrying || o.disable != "" {
				stop = true
				break
			}
			if o.result == ResultFailed {
				cut = true // record it now: a run of refusals disables the subscription
				break
			}
		}
		keepOn, err := s.record(ctx, c, outs)
		if err != nil || !keepOn || stop || (!cut && len(batch) < batchSize) {
			return err
		}
	}
	return nil
}

// send makes one attempt and classifies its result.
func (s *Service) send(ctx context.Context, target string, key []byte, d pending, skew time.Duration) outcome {
	o := outcome{d: d}
	body, err := envelope(*d.EventID, d.Type, d.CreatedAt, d.Data)
	if err != nil {
		o.result, o.err, o.attemptsAt = ResultFailed, "stored event is not valid JSON: "+err.Error(), time.Now().Add(skew)
		return o
	}
	res := s.post(ctx, target, key, *d.EventID, d.Type, body)
	o.status, o.latency, o.err, o.attemptsAt = res.status, res.latency, res.err, res.at.Add(skew)
	switch {
	case res.status >= 200 && res.status < 300:
		o.result = ResultDelivered
	case res.status == http.StatusGone:
		o.result = ResultFailed
		o.disable = "the receiver answered 410 Gone"
	case res.status == 0 || res.status == http.StatusRequestTimeout || res.status == http.StatusTooManyRequests || res.status >= 500:
		o.retryOrGiveUp(s.cfg, res.retryAfter, o.attemptsAt)
	default: // 1xx, 3xx (redirects are not followed), other 4xx: the receiver refused this event
		o.result = ResultFailed
	}
	return o
}

// retryOrGiveUp schedules the next attempt, or gives the delivery up (and disables the
// subscription) once it has failed for MaxAge since its first attempt.
func (o *outcome) retryOrGiveUp(cfg Config, retryAfter *time.Duration, now time.Time) {
	first := now
	if o.d.FirstAttemptAt != nil {
		first = *o.d.FirstAttemptAt
	}
	if now.Sub(first) >= cfg.MaxAge {
		o.result = ResultFailed
		o.disable = fmt.Sprintf("deliveries failed for %s since %s (WEBHOOK_MAX_AGE); last error: %s",
			cfg.MaxAge, first.UTC().Format(time.RFC3339), o.describe())
		return
	}
	o.result = ResultRetrying
	o.retryIn = backoff(cfg, o.d.Attempts+1)
	if retryAfter != nil && *retryAfter > 0 {
		o.retryIn = *retryAfter
	}
	// The last attempt happens at the deadline, not after it.
	if left := first.Add(cfg.MaxAge).Sub(now); o.retryIn > left {
		o.retryIn = max(left, 0)
	}
}

func (o outcome) describe() string {
	switch {
	case o.status != 0 && o.err != "":
		return fmt.Sprintf("HTTP %d: %s", o.status, o.err)
	case o.status != 0:
		return fmt.Sprintf("HTTP %d", o.status)
	default:
		return o.err
	}
}

// backoff is the wait before retry n (n >= 1): RetryBase x 2^(n-1), capped at RetryMax,
// with "equal jitter" (a random point in its upper half), so receivers coming back are not
// hit by every replica at the same instant.
func backoff(cfg Config, n int) time.Duration {
	d := cfg.RetryMax
	if shift := n - 1; shift < 30 {
		d = min(cfg.RetryBase<<max(shift, 0), cfg.RetryMax)
	}
	half := d / 2
	return half + rand.N(half+1)
}

// envelope is the body of a delivery: the event's id, type, creation time and payload.
func envelope(id, typ string, created time.Time, data string) ([]byte, error) {
	return json.Marshal(struct {
		ID        string          `json:"id"`
		Type      string          `json:"type"`
		Timestamp time.Time       `json:"timestamp"`
		Data      json.RawMessage `json:"data"`
	}{id, typ, created.UTC(), json.RawMessage(data)})
}

// postResult is what came back from one request.
type postResult struct {
	status     int
	latency    time.Duration
	err        string
	retryAfter *time.Duration
	at         time.Time
}

// post sends one signed request. It never follows redirects and reads at most
// maxResponseBytes of the answer (keeping a snippet of a failed one).
func (s *Service) post(ctx context.Context, target string, key []byte, id, typ string, body []byte) postResult {
	at := time.Now()
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return postResult{err: "bad request: " + err.Error(), at: at}
	}
	ts := at.Unix()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "loyalty-webhooks/1")
	req.Header.Set(HeaderID, id)
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(ts, 10))
	req.Header.Set(HeaderSignature, signature(key, id, ts, body))
	req.Header.Set(HeaderEventType, typ)
	resp, err := s.client.Do(req)
	if err != nil {
		return postResult{latency: time.Since(at), err: transportError(err, s.cfg.Timeout), at: at}
	}
	defer resp.Body.Close()
	res := postResult{status: resp.StatusCode, at: at}
	var snippet bytes.Buffer
	limited := io.LimitReader(resp.Body, maxResponseBytes)
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		_, err = io.Copy(io.Discard, limited)
	} else {
		_, err = io.Copy(&snippet, limited)
	}
	res.latency = time.Since(at)
	if err != nil && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		// The status came; a body cut short does not undo the delivery.
		err = nil
	}
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		res.err = "redirect not followed (Location: " + clip(resp.Header.Get("Location"), 200) + ")"
	case resp.StatusCode >= 300 || resp.StatusCode < 200:
		res.err = clip(strings.TrimSpace(snippet.String()), responseSnippet)
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		res.retryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), at)
	}
	return res
}

// transportError describes a failed request without repeating the URL.
func transportError(err error, timeout time.Duration) string {
	var blocked *netguard.BlockedError
	var nerr net.Error
	switch {
	case errors.As(err, &blocked):
		return "address not allowed: " + blocked.Error()
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &nerr) && nerr.Timeout()):
		return fmt.Sprintf("timed out after %s", timeout)
	}
	var uerr *url.Error
	if errors.As(err, &uerr) && uerr.Err != nil {
		err = uerr.Err // without "Post <url>:"
	}
	return clip(err.Error(), 500)
}

// parseRetryAfter reads Retry-After (seconds or an HTTP date), bounded to a day.
func parseRetryAfter(v string, now time.Time) *time.Duration {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > 64 {
		return nil
	}
	var d time.Duration
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return nil
		}
		d = time.Duration(min(n, 86400)) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = min(max(t.Sub(now), 0), 24*time.Hour)
	} else {
		return nil
	}
	return &d
}

// clip shortens s to at most n bytes of valid UTF-8.
func clip(s string, n int) string {
	if len(s) > n {
		s = s[:n]
		for len(s) > 0 && !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	return strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "")
}

// array passes a slice as one Postgres array parameter (GORM expands a bare slice into a
// list of parameters).
type array[T any] []T

func (a array[T]) Value() (driver.Value, error) { return []T(a), nil }

// record writes the outcomes of a batch in one transaction, if the lease is still this
// worker's: delivery states, the attempt log, and the subscription's failure streak (or
// its disabling). What to write is decided first, as a plain value (foldOutcomes); each
// write is then a step of its own. keepOn is false when the worker must let the
// subscription go (lease lost, subscription disabled).
func (s *Service) record(ctx context.Context, c claim, outs []outcome) (keepOn bool, err error) {
	if len(outs) == 0 {
		return false, nil
	}
	err = s.db.WithContext(context.WithoutCancel(ctx)).Transaction(func(tx *gorm.DB) error {
		streak, held, err := holdLease(tx, c)
		if err != nil || !held {
			return err // not held: deleted, or the lease expired and another worker resends
		}
		plan := foldOutcomes(streak, outs)
		steps := []func(*gorm.DB, claim) error{plan.scheduleRetries, plan.markFinished, plan.logAttempts, plan.updateStreak}
		for _, step := range steps {
			if err := step(tx, c); err != nil {
				return err
			}
		}
		if plan.disable != "" {
			s.log.WarnContext(ctx, "webhook subscription disabled", "webhook_id", c.ID, "reason", plan.disable)
		}
		keepOn = plan.disable == ""
		return nil
	})
	return keepOn && err == nil, err
}

// failureStreak is a subscription's run of failures: deliveries that did not succeed,
// and of those the events refused or given up.
type failureStreak struct {
	failures, refused int
}

// holdLease locks the subscription while the lease is still c's and returns its streak;
// held is false when it is not (deleted, or the lease expired and was taken over).
func holdLease(tx *gorm.DB, c claim) (streak failureStreak, held bool, err error) {
	var sub []struct {
		ConsecutiveFailures int
		RefusedInARow       int
	}
	if err := tx.Raw(`SELECT consecutive_failures, refused_in_a_row FROM webhook_subscriptions WHERE id = ? AND lease_token = ? FOR NO KEY UPDATE`,
		c.ID, c.Token).Scan(&sub).Error; err != nil {
		return streak, false, fmt.Errorf("check lease of webhook %s: %w", c.ID, err)
	}
	if len(sub) == 0 {
		return streak, false, nil
	}
	return failureStreak{sub[0].ConsecutiveFailures, sub[0].RefusedInARow}, true, nil
}

// failingSince says what becomes of a subscription's failing_since.
type failingSince int

const (
	sinceKept      failingSince = iota // still failing: kept, or now() if it was not set
	sinceCleared                       // the batch ended on a success
	sinceRestarted                     // a success, then failures again: now()
)

// batchRecord is what a batch's outcomes write: the deliveries finished and retried, the
// attempt log, the streak after the batch and, when set, why the subscription is
// disabled.
type batchRecord struct {
	delivered, failed []int64
	retries           []outcome
	log               attemptLog
	streak            failureStreak
	since             failingSince
	disable           string
}

// attemptLog are the webhook_attempts rows of a batch, by column.
type attemptLog struct {
	eventID, eventType, errText, result []string
	attempt, status, latency            []int64
	at                                  []time.Time
}

// foldOutcomes decides a batch's record from the streak before it: a delivery resets
// the streak, a failure or a retry lengthens it (a failure counts as refused too), and
// refusedStreakToStop refusals in a row disable the subscription unless an outcome did.
func foldOutcomes(streak failureStreak, outs []outcome) batchRecord {
	r := batchRecord{streak: streak}
	reset := false
	for _, o := range outs {
		switch o.result {
		case ResultDelivered:
			r.delivered = append(r.delivered, o.d.EventSeq)
			r.streak, reset = failureStreak{}, true
		case ResultFailed:
			r.failed = append(r.failed, o.d.EventSeq)
			r.streak.failures++
			r.streak.refused++
		case ResultRetrying:
			r.retries = append(r.retries, o)
			r.streak.failures++
		}
		if o.disable != "" {
			r.disable = o.disable
		}
		if o.d.EventID != nil {
			r.log.eventID = append(r.log.eventID, *o.d.EventID)
			r.log.eventType = append(r.log.eventType, o.d.Type)
			r.log.attempt = append(r.log.attempt, int64(o.d.Attempts+1))
			r.log.status = append(r.log.status, int64(o.status))
			r.log.latency = append(r.log.latency, o.latency.Milliseconds())
			r.log.errText = append(r.log.errText, o.err)
			r.log.result = append(r.log.result, o.result)
			r.log.at = append(r.log.at, o.attemptsAt)
		}
	}
	if r.disable == "" && r.streak.refused >= refusedStreakToStop {
		// Events keep being refused: the receiver is broken for us; stop before more are
		// lost (the pending ones wait for re-activation).
		r.disable = fmt.Sprintf("the last %d events were refused; last answer: %s", r.streak.refused, outs[len(outs)-1].describe())
	}
	switch {
	case r.streak.failures == 0:
		r.since = sinceCleared
	case reset:
		r.since = sinceRestarted
	}
	return r
}

// scheduleRetries sets each retried delivery's next attempt.
func (r batchRecord) scheduleRetries(tx *gorm.DB, c claim) error {
	for _, o := range r.retries {
		err := tx.Exec(`UPDATE webhook_deliveries
			SET attempts = attempts + 1, first_attempt_at = COALESCE(first_attempt_at, ?),
			    next_attempt_at = ?::timestamptz + make_interval(secs => ?)
			WHERE subscription_id = ? AND event_seq = ? AND status = 'pending'`,
			o.attemptsAt, o.attemptsAt, o.retryIn.Seconds(), c.ID, o.d.EventSeq).Error
		if err != nil {
			return fmt.Errorf("schedule retry of webhook %s event %d: %w", c.ID, o.d.EventSeq, err)
		}
	}
	return nil
}

// markFinished closes the deliveries delivered or given up.
func (r batchRecord) markFinished(tx *gorm.DB, c claim) error {
	for _, set := range []struct {
		status string
		seqs   []int64
	}{{ResultDelivered, r.delivered}, {ResultFailed, r.failed}} {
		if len(set.seqs) == 0 {
			continue
		}
		err := tx.Exec(`UPDATE webhook_deliveries
			SET status = ?, attempts = attempts + 1, first_attempt_at = COALESCE(first_attempt_at, now()), finished_at = now()
			WHERE subscription_id = ? AND event_seq = ANY (?) AND status = 'pending'`, set.status, c.ID, array[int64](set.seqs)).Error
		if err != nil {
			return fmt.Errorf("mark webhook %s deliveries %s: %w", c.ID, set.status, err)
		}
	}
	return nil
}

// logAttempts appends the batch's attempts to webhook_attempts.
func (r batchRecord) logAttempts(tx *gorm.DB, c claim) error {
	l := r.log
	if len(l.eventID) == 0 {
		return nil
	}
	err := tx.Exec(`INSERT INTO webhook_attempts (subscription_id, event_id, event_type, attempt, status_code, latency_ms, error, result, attempted_at)
		SELECT ?, v.event_id, v.event_type, v.attempt, NULLIF(v.status, 0), v.latency, NULLIF(v.error, ''), v.result, v.at
		  FROM unnest(?::uuid[], ?::text[], ?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::timestamptz[])
		    AS v(event_id, event_type, attempt, status, latency, error, result, at)`,
		c.ID, array[string](l.eventID), array[string](l.eventType), array[int64](l.attempt), array[int64](l.status),
		array[int64](l.latency), array[string](l.errText), array[string](l.result), array[time.Time](l.at)).Error
	if err != nil {
		return fmt.Errorf("log attempts of webhook %s: %w", c.ID, err)
	}
	return nil
}

// sinceSQL is the new value of failing_since for each outcome of a batch.
var sinceSQL = map[failingSince]string{
	sinceKept:      "COALESCE(failing_since, now())",
	sinceCleared:   "NULL",
	sinceRestarted: "now()",
}

// updateStreak writes the streak, and the disabling when decided.
func (r batchRecord) updateStreak(tx *gorm.DB, c claim) error {
	err := tx.Exec(`UPDATE webhook_subscriptions
		SET consecutive_failures = @failures, refused_in_a_row = @refused, failing_since = `+sinceSQL[r.since]+`,
		    is_active = is_active AND @disable = '',
		    disabled_reason = CASE WHEN @disable = '' THEN disabled_reason ELSE @disable END,
		    disabled_at = CASE WHEN @disable = '' THEN disabled_at ELSE now() END
		WHERE id = @id`,
		map[string]any{"failures": r.streak.failures, "refused": r.streak.refused, "disable": r.disable, "id": c.ID}).Error
	if err != nil {
		return fmt.Errorf("update failure streak of webhook %s: %w", c.ID, err)
	}
	return nil
}
