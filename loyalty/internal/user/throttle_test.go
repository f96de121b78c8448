package user

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"gorm.io/gorm"
)

var (
	home     = netip.MustParseAddr("198.51.100.7")
	attacker = netip.MustParseAddr("203.0.113.66")
)

// signIn runs one sign-in and classifies its answer: "ok", "401" or "429".
func signIn(t *testing.T, th *Throttle, s *Repository, username, password string, from netip.Addr) string {
	t.Helper()
	_, err := th.SignIn(context.Background(), s, username, password, from)
	var throttled *ThrottledError
	switch {
	case err == nil:
		return "ok"
	case apperr.Is(err, apperr.Unauthorized):
		return "401"
	case apperr.Is(err, apperr.RateLimited) && errors.As(err, &throttled):
		if throttled.Seconds() < 1 || throttled.RetryAfter > th.limits.Window {
			t.Errorf("Retry-After %s outside (0, window]", throttled.RetryAfter)
		}
		return "429"
	}
	t.Fatalf("sign in as %s: unexpected error %v", username, err)
	return ""
}

// TestThrottleEvaluatesExactlyTheLimit: however many attempts race, over however many
// replicas, exactly the limit is checked per window; the rest are refused before bcrypt.
func TestThrottleEvaluatesExactlyTheLimit(t *testing.T) {
	db := newDB(t, 20)
	s := newStore(db)
	mustCreate(t, s, "maria", "user")
	limits := ThrottleLimits{Window: time.Minute, PerPair: 5, PerAddress: 1000, PerUsername: 1000}
	replicas := []*Throttle{NewThrottle(db, limits, discard), NewThrottle(db, limits, discard)}

	var unauthorized, throttled atomic.Int64
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			switch signIn(t, replicas[i%2], s, "maria", "wrong password", attacker) {
			case "401":
				unauthorized.Add(1)
			case "429":
				throttled.Add(1)
			}
		})
	}
	wg.Wait()
	if unauthorized.Load() != 5 || throttled.Load() != 45 {
		t.Fatalf("50 parallel wrong passwords: %d answered 401, %d 429; want exactly 5 and 45", unauthorized.Load(), throttled.Load())
	}
	// The pair is locked, the right password too (from that address), for the window.
	if got := signIn(t, replicas[0], s, "maria", "long enough", attacker); got != "429" {
		t.Errorf("right password from the locked address: %s, want 429", got)
	}
	// Another address is not locked by the first one's failures.
	if got := signIn(t, replicas[1], s, "maria", "long enough", home); got != "ok" {
		t.Errorf("right password from another address: %s, want ok", got)
	}
}

// TestThrottleLetsABurstOfCorrectSignInsThrough: sign-ins in progress are not failures.
// Sixteen correct sign-ins of one user from one address at once, over two replicas, with
// a pair limit of 5, all succeed (they take turns), and leave no failure behind.
func TestThrottleLetsABurstOfCorrectSignInsThrough(t *testing.T) {
	db := newDB(t, 20)
	s := newStore(db)
	mustCreate(t, s, "ana", "user")
	limits := ThrottleLimits{Window: time.Minute, PerPair: 5, PerAddress: 5, PerUsername: 5}
	replicas := []*Throttle{NewThrottle(db, limits, discard), NewThrottle(db, limits, discard)}

	answers := make([]string, 16)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() { answers[i] = signIn(t, replicas[i%2], s, "ana", "long enough", home) })
	}
	wg.Wait()
	for i, got := range answers {
		if got != "ok" {
			t.Errorf("correct sign-in %d of 16 at once: %s, want ok", i, got)
		}
	}
	var left struct{ Failures, InFlight int }
	db.Raw(`SELECT coalesce(sum(failures), 0) AS failures, coalesce(sum(in_flight), 0) AS in_flight FROM login_throttle`).Scan(&left)
	if left.Failures != 0 || left.InFlight != 0 {
		t.Errorf("after 16 successes: %d failures and %d attempts in flight recorded, want 0 and 0", left.Failures, left.InFlight)
	}
	// Failures still count once the burst is over.
	for range 5 {
		if got := signIn(t, replicas[0], s, "ana", "wrong password", home); got != "401" {
			t.Fatalf("wrong password below the limit: %s", got)
		}
	}
	if got := signIn(t, replicas[1], s, "ana", "long enough", home); got != "429" {
		t.Errorf("after 5 failures: %s, want 429", got)
	}
}

func TestThrottleRules(t *testing.T) {
	db := newDB(t, 8)
	s := newStore(db)
	mustCreate(t, s, "maria", "user")
	mustCreate(t, s, "joao", "user")
	addr := func(i int) netip.Addr { return netip.AddrFrom4([4]byte{203, 0, 113, byte(i)}) }

	t.Run("a success gives its attempt back and clears the pair", func(t *testing.T) {
		th := NewThrottle(db, ThrottleLimits{Window: time.Minute, PerPair: 3}, discard)
		for range 4 {
			for range 2 {
				if got := signIn(t, th, s, "maria", "typo typo", home); got != "401" {
					t.Fatalf("failure below the limit: %s", got)
				}
			}
			if got := signIn(t, th, s, "maria", "long enough", home); got != "ok" {
				t.Fatalf("success after 2 failures: %s", got)
			}
		}
	})

	t.Run("look-alike spellings share the username's counter", func(t *testing.T) {
		th := NewThrottle(db, ThrottleLimits{Window: time.Minute, PerPair: 3}, discard)
		for _, name := range []string{"joao", "JOAO", "ｊｏａｏ"} {
			if got := signIn(t, th, s, name, "wrong password", addr(1)); got != "401" {
				t.Fatalf("%s: %s", name, got)
			}
		}
		if got := signIn(t, th, s, "Joao", "long enough", addr(1)); got != "429" {
			t.Fatalf("fourth attempt under another spelling: %s, want 429", got)
		}
	})

	t.Run("an address spraying usernames is stopped", func(t *testing.T) {
		db.Exec(`DELETE FROM login_throttle`)
		th := NewThrottle(db, ThrottleLimits{Window: time.Minute, PerPair: 3, PerAddress: 10}, discard)
		for i := range 10 {
			if got := signIn(t, th, s, fmt.Sprintf("guess-%d", i), "password1", addr(2)); got != "401" {
				t.Fatalf("attempt %d: %s", i, got)
			}
		}
		if got := signIn(t, th, s, "maria", "wrong", addr(2)); got != "429" {
			t.Errorf("11th failure from one address: %s, want 429", got)
		}
	})

	t.Run("a distributed attack on one username does not lock the user out where it signed in before", func(t *testing.T) {
		db.Exec(`DELETE FROM login_throttle`)
		th := NewThrottle(db, ThrottleLimits{Window: time.Minute, PerPair: 3, PerUsername: 10}, discard)
		if got := signIn(t, th, s, "maria", "long enough", home); got != "ok" {
			t.Fatal(got)
		}
		for i := range 30 {
			signIn(t, th, s, "maria", "guess", addr(10+i))
		}
		if got := signIn(t, th, s, "maria", "wrong", addr(99)); got != "429" {
			t.Errorf("a new address once the username's counter is full: %s, want 429", got)
		}
		if got := signIn(t, th, s, "maria", "long enough", home); got != "ok" {
			t.Errorf("the user from its usual address: %s, want ok", got)
		}
		// The usual address keeps its own pair limit.
		for range 3 {
			signIn(t, th, s, "maria", "wrong", home)
		}
		if got := signIn(t, th, s, "maria", "long enough", home); got != "429" {
			t.Errorf("after 3 failures of its own: %s, want 429", got)
		}
	})

	t.Run("a lockout ends with its window and refused attempts do not extend it", func(t *testing.T) {
		db.Exec(`DELETE FROM login_throttle`)
		th := NewThrottle(db, ThrottleLimits{Window: time.Minute, PerPair: 2}, discard)
		signIn(t, th, s, "joao", "wrong", home)
		signIn(t, th, s, "joao", "wrong", home)
		// Refused attempts all through the window (0, 20, 40 and 50 s after it opened, plus
		// the real seconds the test takes): had one of them moved the window, it would
		// still be closed at 65 s.
		for _, step := range []time.Duration{0, 20 * time.Second, 20 * time.Second, 10 * time.Second} {
			age(t, db, step)
			if got := signIn(t, th, s, "joao", "long enough", home); got != "429" {
				t.Fatalf("inside the window: %s, want 429", got)
			}
		}
		age(t, db, 15*time.Second)
		if got := signIn(t, th, s, "joao", "long enough", home); got != "ok" {
			t.Fatalf("after the window: %s, want ok", got)
		}
	})

	t.Run("IPv6 addresses count per /64", func(t *testing.T) {
		db.Exec(`DELETE FROM login_throttle`)
		th := NewThrottle(db, ThrottleLimits{Window: time.Minute, PerPair: 2}, discard)
		signIn(t, th, s, "joao", "wrong", netip.MustParseAddr("2001:db8:1:2::1"))
		signIn(t, th, s, "joao", "wrong", netip.MustParseAddr("2001:db8:1:2::ffff"))
		if got := signIn(t, th, s, "joao", "long enough", netip.MustParseAddr("2001:db8:1:2:abcd::9")); got != "429" {
			t.Errorf("third address of the same /64: %s, want 429", got)
		}
		if got := signIn(t, th, s, "joao", "long enough", netip.MustParseAddr("2001:db8:1:3::1")); got != "ok" {
			t.Errorf("another /64: %s, want ok", got)
		}
	})
}

// TestThrottlePrunesItsTable: counters whose window is over go, remembered sign-ins stay
// until KnownAddress has passed.
func TestThrottlePrunesItsTable(t *testing.T) {
	ctx := context.Background()
	db := newDB(t, 4)
	s := newStore(db)
	mustCreate(t, s, "maria", "user")
	th := NewThrottle(db, ThrottleLimits{Window: time.Minute, KnownAddress: time.Hour}, discard)
	for i := range 20 {
		signIn(t, th, s, fmt.Sprintf("nobody-%d", i), "password1", attacker)
	}
	signIn(t, th, s, "maria", "long enough", home)
	count := func() (n int64) {
		db.Raw(`SELECT count(*) FROM login_throttle`).Scan(&n)
		return n
	}
	// The attacker: 1 address row, 20 username and 20 pair rows; maria: 3 rows.
	if n := count(); n != 44 {
		t.Fatalf("rows = %d, want 44", n)
	}
	age(t, db, 61*time.Second) // the window is over, KnownAddress is not
	deleted, err := th.Prune(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if deleted != 43 || count() != 1 {
		t.Fatalf("pruned %d, %d left; want 43 pruned and maria's remembered sign-in left", deleted, count())
	}
	var known int64
	db.Raw(`SELECT count(*) FROM login_throttle WHERE scope = 'pair' AND last_success IS NOT NULL`).Scan(&known)
	if known != 1 {
		t.Errorf("remembered sign-ins = %d, want 1", known)
	}
}

// age moves every throttle row d into the past, as if d had passed: the throttle reads
// the time only from Postgres (now() in its statements), so this moves its clock
// instead of waiting.
func age(t *testing.T, db *gorm.DB, d time.Duration) {
	t.Helper()
	err := db.Exec(`UPDATE login_throttle SET window_start = window_start - ?::interval,
		expires_at = expires_at - ?::interval, last_success = last_success - ?::interval`,
		d.String(), d.String(), d.String()).Error
	if err != nil {
		t.Fatal(err)
	}
}
