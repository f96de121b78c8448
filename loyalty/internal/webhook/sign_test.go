package webhook

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The Standard Webhooks specification's published test vector: matching it is what lets
// receivers verify our deliveries with that specification's libraries.
const (
	vectorSecret    = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	vectorID        = "msg_p5jXN8AQM9LWM0D4loKWxJek"
	vectorTimestamp = 1614265330
	vectorBody      = `{"test": 2432232314}`
	vectorSignature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
)

func TestSignatureMatchesTheStandardWebhooksVector(t *testing.T) {
	key, err := signingKey(vectorSecret)
	if err != nil {
		t.Fatal(err)
	}
	if got := signature(key, vectorID, vectorTimestamp, []byte(vectorBody)); got != vectorSignature {
		t.Fatalf("signature %s, want %s", got, vectorSignature)
	}
}

func TestVerify(t *testing.T) {
	at := time.Unix(vectorTimestamp, 0)
	headers := func(id, ts, sig string) http.Header {
		h := http.Header{}
		for k, v := range map[string]string{HeaderID: id, HeaderTimestamp: ts, HeaderSignature: sig} {
			if v != "" {
				h.Set(k, v)
			}
		}
		return h
	}
	ts := "1614265330"
	tests := []struct {
		name string
		h    http.Header
		body string
		now  time.Time
		want error
	}{
		{"valid", headers(vectorID, ts, vectorSignature), vectorBody, at, nil},
		{"valid among several signatures", headers(vectorID, ts, "v1,AAAA "+vectorSignature), vectorBody, at, nil},
		{"within tolerance", headers(vectorID, ts, vectorSignature), vectorBody, at.Add(4 * time.Minute), nil},
		{"replayed after the tolerance", headers(vectorID, ts, vectorSignature), vectorBody, at.Add(6 * time.Minute), ErrStale},
		{"from the future", headers(vectorID, ts, vectorSignature), vectorBody, at.Add(-6 * time.Minute), ErrStale},
		{"body changed", headers(vectorID, ts, vectorSignature), `{"test": 2432232315}`, at, ErrBadSignature},
		{"id changed", headers("msg_other", ts, vectorSignature), vectorBody, at, ErrBadSignature},
		{"timestamp changed", headers(vectorID, "1614265331", vectorSignature), vectorBody, at, ErrBadSignature},
		{"signature without version", headers(vectorID, ts, strings.TrimPrefix(vectorSignature, "v1,")), vectorBody, at, ErrBadSignature},
		{"no signature", headers(vectorID, ts, ""), vectorBody, at, ErrMissingHeaders},
		{"no id", headers("", ts, vectorSignature), vectorBody, at, ErrMissingHeaders},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Verify(vectorSecret, tt.h, []byte(tt.body), tt.now, DefaultTolerance)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Verify = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestSecretsAtRest(t *testing.T) {
	secret, err := newSecret()
	if err != nil {
		t.Fatal(err)
	}
	if key, err := signingKey(secret); err != nil || len(key) != secretBytes {
		t.Fatalf("new secret %q: key of %d bytes, %v", secret, len(key), err)
	}
	plain, _ := newSealer("")
	sealed, _ := newSealer(strings.Repeat("k", 32))
	other, _ := newSealer(strings.Repeat("x", 32))

	stored, err := plain.seal("id-1", secret)
	if err != nil || stored != "plain:"+secret {
		t.Fatalf("without a key: stored %q, %v", stored, err)
	}
	// A plain secret stays readable once a key is configured.
	if got, err := sealed.open("id-1", stored); err != nil || got != secret {
		t.Fatalf("plain secret under a key: %q, %v", got, err)
	}

	stored, err = sealed.seal("id-1", secret)
	if err != nil || !strings.HasPrefix(stored, "aesgcm:") || strings.Contains(stored, strings.TrimPrefix(secret, secretPrefix)) {
		t.Fatalf("with a key: stored %q, %v", stored, err)
	}
	if again, _ := sealed.seal("id-1", secret); again == stored {
		t.Error("two seals of one secret are equal: the nonce is not random")
	}
	if got, err := sealed.open("id-1", stored); err != nil || got != secret {
		t.Fatalf("open: %q, %v", got, err)
	}
	for name, open := range map[string]func() (string, error){
		"another key":          func() (string, error) { return other.open("id-1", stored) },
		"no key":               func() (string, error) { return plain.open("id-1", stored) },
		"another subscription": func() (string, error) { return sealed.open("id-2", stored) },
		"tampered":             func() (string, error) { return sealed.open("id-1", stored[:len(stored)-4]+"AAA=") },
		"unknown form":         func() (string, error) { return sealed.open("id-1", "rot13:abc") },
	} {
		if got, err := open(); err == nil {
			t.Errorf("%s: opened to %q", name, got)
		}
	}
	if _, err := newSealer("short"); err == nil {
		t.Error("a key under 32 characters was accepted")
	}
}

func TestBackoffGrowsWithJitterUpToTheCap(t *testing.T) {
	cfg := Config{RetryBase: time.Second, RetryMax: time.Minute}
	for n := 1; n <= 100; n++ {
		full := min(time.Second<<min(n-1, 20), time.Minute)
		for range 20 {
			d := backoff(cfg, n)
			if d < full/2 || d > full {
				t.Fatalf("retry %d waits %s, want within [%s, %s]", n, d, full/2, full)
			}
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 5, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"3", 3 * time.Second, true},
		{"0", 0, true},
		{"999999999", 24 * time.Hour, true},
		{"Thu, 01 May 2025 12:00:30 GMT", 30 * time.Second, true},
		{"Thu, 01 May 2025 11:00:00 GMT", 0, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{"", 0, false},
		{strings.Repeat("9", 100), 0, false},
	}
	for _, tt := range tests {
		got := parseRetryAfter(tt.in, now)
		if (got != nil) != tt.ok || (got != nil && *got != tt.want) {
			t.Errorf("parseRetryAfter(%q) = %v, want %v (ok %v)", tt.in, got, tt.want, tt.ok)
		}
	}
}

func TestRetryOrGiveUp(t *testing.T) {
	cfg := Config{MaxAge: time.Hour, RetryBase: time.Second, RetryMax: time.Minute}
	now := time.Now()
	first := now.Add(-59*time.Minute - 50*time.Second)
	ra := 10 * time.Minute
	tests := []struct {
		name       string
		first      *time.Time
		retryAfter *time.Duration
		wantResult string
		wantMax    time.Duration
	}{
		{"first failure", nil, nil, ResultRetrying, time.Second},
		{"retry-after honoured", nil, &ra, ResultRetrying, ra},
		{"capped at the deadline", &first, &ra, ResultRetrying, 10 * time.Second},
		{"past the deadline", ptr(now.Add(-time.Hour)), nil, ResultFailed, 0},
	}
	for _, tt := range tests {
		o := outcome{d: pending{FirstAttemptAt: tt.first}, status: 500}
		o.retryOrGiveUp(cfg, tt.retryAfter, now)
		if o.result != tt.wantResult || o.retryIn > tt.wantMax {
			t.Errorf("%s: result %s in %s, want %s within %s", tt.name, o.result, o.retryIn, tt.wantResult, tt.wantMax)
		}
		if tt.wantResult == ResultFailed && !strings.Contains(o.disable, "HTTP 500") {
			t.Errorf("%s: disable reason %q does not say why", tt.name, o.disable)
		}
	}
}

func ptr[T any](v T) *T { return &v }
