package user

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math"
	"net/netip"
	"strings"
	"sync/atomic"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"golang.org/x/text/unicode/norm"
	"gorm.io/gorm"
)

// ThrottleLimits are the login throttle's settings. Zero fields take the defaults.
type ThrottleLimits struct {
	// Window is how long failures are remembered: a counter's window opens with its first
	// attempt and ends Window later, so a lockout never lasts longer than Window.
	Window time.Duration
	// PerPair is the failures allowed per username from one client address.
	PerPair int
	// PerAddress is the failures allowed per client address over all usernames
	// (password spraying).
	PerAddress int
	// PerUsername is the failures allowed per username over all addresses (a distributed
	// guess at one account).
	PerUsername int
	// KnownAddress is how long a successful sign-in exempts its (username, address) pair
	// from the PerAddress and PerUsername counters: the real user, signing in from where
	// they signed in before, is not locked out by failures from elsewhere.
	KnownAddress time.Duration
}

// Defaults of ThrottleLimits.
const (
	DefaultThrottleWindow      = 15 * time.Minute
	DefaultThrottlePerPair     = 5
	DefaultThrottlePerAddress  = 50
	DefaultThrottlePerUsername = 100
	DefaultKnownAddress        = 30 * 24 * time.Hour
)

func (l ThrottleLimits) withDefaults() ThrottleLimits {
	if l.Window <= 0 {
		l.Window = DefaultThrottleWindow
	}
	if l.PerPair <= 0 {
		l.PerPair = DefaultThrottlePerPair
	}
	if l.PerAddress <= 0 {
		l.PerAddress = DefaultThrottlePerAddress
	}
	if l.PerUsername <= 0 {
		l.PerUsername = DefaultThrottlePerUsername
	}
	if l.KnownAddress <= 0 {
		l.KnownAddress = DefaultKnownAddress
	}
	return l
}

// pruneEvery is how often a replica deletes expired throttle rows.
const pruneEvery = time.Minute

// Throttle limits password guessing, in Postgres so every replica shares the counts.
//
// Each of an attempt's three counters (address, username, pair) holds the failures of its
// window and the attempts in flight (reserved, password not yet checked). An attempt is
// refused (429) when a counter's failures alone reach its limit: only failures count. It
// waits its turn when failures plus attempts in flight reach the limit, so however many
// attempts race, over however many replicas, at most the limit is evaluated with bcrypt
// before the first failures are known, and a burst of correct sign-ins is let through a
// few at a time instead of being refused.
type Throttle struct {
	db        *gorm.DB
	limits    ThrottleLimits
	log       *slog.Logger
	lastPrune atomic.Int64 // unix nanoseconds
	// pollEvery is how often a waiting attempt asks again, maxWait how long it may wait
	// before it is refused as busy.
	pollEvery, maxWait time.Duration
}

// Waiting for a turn: evaluated attempts finish in about one bcrypt (tens of ms).
const (
	defaultPollEvery = 20 * time.Millisecond
	defaultMaxWait   = 10 * time.Second
)

// NewThrottle returns a Throttle over db. log receives the bookkeeping failures that do
// not change a sign-in's answer.
func NewThrottle(db *gorm.DB, limits ThrottleLimits, log *slog.Logger) *Throttle {
	return &Throttle{db: db, limits: limits.withDefaults(), log: log, pollEvery: defaultPollEvery, maxWait: defaultMaxWait}
}

// Limits returns the settings in force (defaults filled in).
func (t *Throttle) Limits() ThrottleLimits { return t.limits }

// SignIn checks credentials under the throttle: the attempt is reserved first (a refused
// one answers 429 and runs no bcrypt), then checked by users.Authenticate, then recorded
// as a failure or a success.
func (t *Throttle) SignIn(ctx context.Context, users *Repository, username, password string, from netip.Addr) (User, error) {
	attempt, err := t.Reserve(ctx, username, from)
	if err != nil {
		return User{}, err
	}
	// The outcome is recorded even when the client has gone: an attempt left in flight
	// would hold a turn until its window ends.
	record := context.WithoutCancel(ctx)
	u, err := users.Authenticate(ctx, username, password)
	if err != nil {
		if recErr := attempt.finish(record, outcomeOf(err)); recErr != nil {
			t.log.WarnContext(ctx, "login throttle: recording an attempt failed", "error", recErr)
		}
		return User{}, err
	}
	if err := attempt.finish(record, succeeded); err != nil {
		// The credentials are right: the sign-in stands.
		t.log.WarnContext(ctx, "login throttle: recording a sign-in failed", "user_id", u.ID, "error", err)
	}
	return u, nil
}

// outcome is how an evaluated attempt ended.
type outcome int

const (
	failed    outcome = iota // wrong credentials: a failure counts
	succeeded                // right credentials: the pair's failures are cleared
	abandoned                // no answer on the credentials (database error...): nothing counts
)

func outcomeOf(err error) outcome {
	if apperr.Is(err, apperr.Unauthorized) {
		return failed
	}
	return abandoned
}

// ThrottledError is the cause of a refused attempt: when the client may try again.
type ThrottledError struct {
	RetryAfter time.Duration
}

func (e *ThrottledError) Error() string {
	return fmt.Sprintf("login throttled, retry after %s", e.RetryAfter)
}

// Seconds is RetryAfter in whole seconds, rounded up, at least 1 (the Retry-After header).
func (e *ThrottledError) Seconds() int {
	return max(1, int(math.Ceil(e.RetryAfter.Seconds())))
}

// Attempt is a reserved sign-in attempt.
type Attempt struct {
	t    *Throttle
	keys [3]throttleKey
}

type throttleKey struct{ scope, key string }

// Counter scopes, in the order their rows are locked (the same order in every
// transaction, so two reservations never deadlock).
const (
	scopeAddress  = "address"
	scopeUsername = "username"
	scopePair     = "pair"
)

// throttleRow is a counter as the reservation found it.
type throttleRow struct {
	Scope       string
	Failures    int
	InFlight    int
	RetryAfter  float64 // seconds until the counter's window ends
	KnownSignIn bool    // pair rows: this address signed in as this user lately
}

// Reserve puts one attempt to sign in as username from addr in flight, waiting for a turn
// while earlier attempts are being evaluated, or refuses it with a RateLimited error
// wrapping a *ThrottledError.
func (t *Throttle) Reserve(ctx context.Context, username string, addr netip.Addr) (*Attempt, error) {
	t.maybePrune(ctx)
	user, address := usernameKey(username), addressKey(addr)
	a := &Attempt{t: t, keys: [3]throttleKey{
		{scopeAddress, digest(address)},
		{scopeUsername, digest(user)},
		{scopePair, digest(address + "\n" + user)},
	}}
	deadline := time.Now().Add(t.maxWait)
	for {
		refused, busy, err := t.reserve(ctx, a)
		switch {
		case err != nil:
			return nil, err
		case refused != nil:
			return nil, apperr.Wrap(apperr.RateLimited, refused,
				"Too many failed sign-in attempts; try again in %d seconds", refused.Seconds())
		case !busy:
			return a, nil
		case time.Now().After(deadline):
			busyErr := &ThrottledError{RetryAfter: time.Second}
			return nil, apperr.Wrap(apperr.RateLimited, busyErr,
				"Too many sign-in attempts in progress; try again in %d seconds", busyErr.Seconds())
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("wait for a sign-in turn: %w", ctx.Err())
		case <-time.After(t.pollEvery):
		}
	}
}

// reserve makes one try at putting a in flight: refused when a counter's failures are at
// its limit, busy (nothing counted) when failures and attempts in flight fill it.
func (t *Throttle) reserve(ctx context.Context, a *Attempt) (refused *ThrottledError, busy bool, err error) {
	window, known := t.limits.Window.Seconds(), t.limits.KnownAddress.Seconds()
	err = t.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		rows := make(map[string]throttleRow, 3)
		for _, k := range a.keys {
			// Create or lock the counter; a window that has ended starts afresh.
			var row throttleRow
			err := tx.Raw(`
				INSERT INTO login_throttle AS t (scope, key, failures, window_start, expires_at)
				VALUES (?, ?, 0, now(), now() + ? * interval '1 second')
				ON CONFLICT (scope, key) DO UPDATE SET
					failures     = CASE WHEN t.window_start <= now() - ? * interval '1 second' THEN 0 ELSE t.failures END,
					window_start = CASE WHEN t.window_start <= now() - ? * interval '1 second' THEN now() ELSE t.window_start END
				RETURNING scope, failures, in_flight,
					extract(epoch FROM window_start + ? * interval '1 second' - now())::float8 AS retry_after,
					coalesce(last_success > now() - ? * interval '1 second', false) AS known_sign_in`,
				k.scope, k.key, window, window, window, window, known).Scan(&row).Error
			if err != nil {
				return fmt.Errorf("reserve login attempt (%s): %w", k.scope, err)
			}
			rows[k.scope] = row
		}
		limits := map[string]int{scopePair: t.limits.PerPair, scopeAddress: t.limits.PerAddress, scopeUsername: t.limits.PerUsername}
		exempt := rows[scopePair].KnownSignIn
		for scope, row := range rows {
			if scope != scopePair && exempt {
				continue
			}
			if row.Failures+row.InFlight >= limits[scope] {
				busy = true
			}
			if row.Failures >= limits[scope] {
				// now() is this transaction's start: a window opened by a concurrent attempt
				// that started later can look a few microseconds longer than the window.
				wait := min(time.Duration(row.RetryAfter*float64(time.Second)), t.limits.Window)
				if refused == nil || wait > refused.RetryAfter {
					refused = &ThrottledError{RetryAfter: wait}
				}
			}
		}
		if refused != nil || busy {
			return nil // nothing counted: a refused attempt does not extend the lockout
		}
		err := tx.Exec(`
			UPDATE login_throttle
			   SET in_flight = in_flight + 1,
			       expires_at = greatest(expires_at, window_start + ? * interval '1 second')
			 WHERE (scope, key) IN ((?, ?), (?, ?), (?, ?))`,
			window, a.keys[0].scope, a.keys[0].key, a.keys[1].scope, a.keys[1].key, a.keys[2].scope, a.keys[2].key).Error
		if err != nil {
			return fmt.Errorf("count login attempt: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return refused, busy && refused == nil, nil
}

// finish takes the attempt out of flight and records how it ended: a failure counts on
// all three counters; a success clears its pair's failures and remembers that this
// address signs in as this user. A window that restarted meanwhile has no flight to give
// back (greatest keeps the count at zero).
func (a *Attempt) finish(ctx context.Context, how outcome) error {
	db := a.t.db.WithContext(ctx)
	failure := 0
	if how == failed {
		failure = 1
	}
	// One row per statement: no statement here holds a lock while waiting for another.
	for _, k := range a.keys[:2] {
		if err := db.Exec(`UPDATE login_throttle SET in_flight = greatest(in_flight - 1, 0), failures = failures + ? WHERE scope = ? AND key = ?`,
			failure, k.scope, k.key).Error; err != nil {
			return fmt.Errorf("finish login attempt (%s): %w", k.scope, err)
		}
	}
	pair := a.keys[2]
	if how != succeeded {
		err := db.Exec(`UPDATE login_throttle SET in_flight = greatest(in_flight - 1, 0), failures = failures + ? WHERE scope = ? AND key = ?`,
			failure, pair.scope, pair.key).Error
		if err != nil {
			return fmt.Errorf("finish login attempt (%s): %w", pair.scope, err)
		}
		return nil
	}
	err := db.Exec(`
		UPDATE login_throttle
		   SET in_flight = greatest(in_flight - 1, 0), failures = 0, last_success = now(),
		       expires_at = greatest(expires_at, now() + ? * interval '1 second')
		 WHERE scope = ? AND key = ?`,
		a.t.limits.KnownAddress.Seconds(), pair.scope, pair.key).Error
	if err != nil {
		return fmt.Errorf("record sign-in: %w", err)
	}
	return nil
}

// Prune deletes the counters that no longer matter: window over, and for pairs, no
// sign-in within KnownAddress. It returns how many rows went.
func (t *Throttle) Prune(ctx context.Context) (int64, error) {
	res := t.db.WithContext(ctx).Exec(`DELETE FROM login_throttle WHERE expires_at < now()`)
	if res.Error != nil {
		return 0, fmt.Errorf("prune login throttle: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// maybePrune runs Prune at most once per pruneEvery on this replica, inside a sign-in:
// the table only grows through sign-ins, so it is pruned as fast as it grows. A failure
// is not the sign-in's problem (the next one tries again).
func (t *Throttle) maybePrune(ctx context.Context) {
	now := time.Now().UnixNano()
	last := t.lastPrune.Load()
	if now-last < int64(pruneEvery) || !t.lastPrune.CompareAndSwap(last, now) {
		return
	}
	if _, err := t.Prune(ctx); err != nil {
		t.log.WarnContext(ctx, "login throttle: pruning failed", "error", err)
	}
}

// usernameKey is what the throttle counts a username as: normalised like a stored
// username and lower-cased, so look-alike spellings share one counter.
func usernameKey(username string) string {
	return strings.ToLower(strings.Trim(norm.NFKC.String(username), " "))
}

// addressKey is what the throttle counts a client address as: an IPv4 address, or the
// /64 prefix of an IPv6 one (one host commonly holds a whole /64).
func addressKey(addr netip.Addr) string {
	switch {
	case !addr.IsValid():
		return "unknown"
	case addr.Is4():
		return addr.String()
	}
	p, _ := addr.Prefix(64)
	return p.String()
}

// digest keeps counters' keys short and free of typed text (people type passwords into
// username fields).
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
