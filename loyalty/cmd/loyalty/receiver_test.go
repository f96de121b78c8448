package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is written by the receiver's handlers and read by the test.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	// listening receives the receiver's address once it prints it.
	listening chan string
}

var listeningLine = regexp.MustCompile(`listening on (http://[^/\s]+)`)

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if m := listeningLine.FindSubmatch(p); m != nil && b.listening != nil {
		b.listening <- string(m[1])
		b.listening = nil
	}
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// sign is the Standard Webhooks signature, written here from the specification rather
// than taken from the service's signer.
func sign(secret, id string, ts int64, body string) string {
	key, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + strconv.FormatInt(ts, 10) + "." + body))
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// TestWebhookReceiver: the local receiver of docs/webhooks.md prints the deliveries it
// can verify and refuses the others with the status a real receiver should give.
func TestWebhookReceiver(t *testing.T) {
	secret := "whsec_" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32))
	ctx, cancel := context.WithCancel(context.Background())
	stdout := &lockedBuffer{}
	listening := make(chan string, 1)
	stderr := &lockedBuffer{listening: listening}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"webhook-receiver", "--addr", "127.0.0.1:0"},
			func(k string) string { return map[string]string{"WEBHOOK_SECRET": secret}[k] }, stdout, stderr)
	}()
	var base string
	select {
	case base = <-listening:
	case err := <-done:
		t.Fatalf("receiver exited: %v (%s)", err, stderr.String())
	}
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("receiver stopped with %v", err)
		}
	}()

	now := time.Now().Unix()
	body := `{"id":"e1","type":"points.credited","data":{}}`
	tests := []struct {
		name      string
		id        string
		ts        int64
		signature string
		want      int
	}{
		{"signed now", "e1", now, sign(secret, "e1", now, body), http.StatusNoContent},
		{"another key's signature", "e2", now, sign("whsec_"+base64.StdEncoding.EncodeToString(make([]byte, 32)), "e2", now, body), http.StatusUnauthorized},
		{"signature of another id", "e3", now, sign(secret, "e1", now, body), http.StatusUnauthorized},
		{"ten minutes old", "e4", now - 600, sign(secret, "e4", now-600, body), http.StatusBadRequest},
		{"no signature", "e5", now, "", http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodPost, base+"/hooks/loyalty", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("webhook-id", tt.id)
			req.Header.Set("webhook-timestamp", strconv.FormatInt(tt.ts, 10))
			req.Header.Set("webhook-event-type", "points.credited")
			if tt.signature != "" {
				req.Header.Set("webhook-signature", tt.signature)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != tt.want {
				t.Fatalf("status %d, want %d (stderr %s)", res.StatusCode, tt.want, stderr.String())
			}
			printed := strings.Contains(stdout.String(), "points.credited "+tt.id+" "+body+"\n")
			if printed != (tt.want == http.StatusNoContent) {
				t.Fatalf("printed %v, want it printed only when accepted; stdout:\n%s", printed, stdout.String())
			}
		})
	}
}

func TestWebhookReceiverNeedsTheSecret(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"webhook-receiver"}, func(string) string { return "" }, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "WEBHOOK_SECRET") {
		t.Fatalf("err %v, want one naming WEBHOOK_SECRET", err)
	}
}
