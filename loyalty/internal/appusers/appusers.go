// Package appusers is the client of the external application-user service, which tells
// whether a customer's document belongs to a user of the mobile application.
//
// Protocol (docs/exports.md): GET {EXTERNAL_APP_USERS_URL}/{document}, the document
// path-escaped as one segment, Accept: application/json. A value that is not a document
// (document.Check: ".", "..", "a/b", ...) is never sent.
//
//	200                        the document is an app user (the body is not read)
//	404                        it is not
//	429, 5xx, time-out, reset  transient: retried with exponential backoff
//	any other status           an error, not retried
package appusers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/document"
)

// Defaults: a slow answer is a failure after Timeout; a transient failure is tried
// Attempts times in all, waiting Backoff, then twice that, ... (with jitter) in between.
const (
	DefaultTimeout  = 5 * time.Second
	DefaultAttempts = 3
	DefaultBackoff  = 200 * time.Millisecond
)

// Client asks the external service about documents. It is safe for concurrent use.
type Client struct {
	base     string
	http     *http.Client
	timeout  time.Duration
	attempts int
	backoff  time.Duration
}

// Option tunes a Client.
type Option func(*Client)

// WithTimeout bounds each attempt.
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// WithRetry sets the number of attempts (>= 1) and the first backoff.
func WithRetry(attempts int, backoff time.Duration) Option {
	return func(c *Client) { c.attempts, c.backoff = max(attempts, 1), backoff }
}

// WithHTTPClient replaces the HTTP client (its Timeout should be 0: attempts have their own).
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New returns a client of the service at baseURL (http or https).
func New(baseURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("external app-user service: invalid URL %q", baseURL)
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	// Batches query with several workers at once: keep their connections alive.
	transport.MaxIdleConnsPerHost = 32
	c := &Client{
		base:     strings.TrimRight(u.String(), "/"),
		http:     &http.Client{Transport: transport},
		timeout:  DefaultTimeout,
		attempts: DefaultAttempts,
		backoff:  DefaultBackoff,
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// errTransient marks a failure worth another attempt.
var errTransient = errors.New("transient")

// ErrNotADocument is a value IsAppUser refuses to send (a row stored before documents
// were checked, say): as a path segment it could reach another resource of the service.
var ErrNotADocument = errors.New("not a document")

// IsAppUser reports whether doc is known to the service.
func (c *Client) IsAppUser(ctx context.Context, doc string) (bool, error) {
	if err := document.Check(doc); err != nil {
		return false, fmt.Errorf("app-user lookup of %q: %w: %w", doc, ErrNotADocument, err)
	}
	var err error
	for attempt := 1; ; attempt++ {
		var found bool
		found, err = c.ask(ctx, doc)
		if err == nil {
			return found, nil
		}
		if !errors.Is(err, errTransient) || attempt >= c.attempts || ctx.Err() != nil {
			break
		}
		wait := c.backoff << (attempt - 1)
		wait = wait/2 + rand.N(wait/2+1) // jitter: workers that failed together do not retry together
		select {
		case <-ctx.Done():
			return false, fmt.Errorf("app-user lookup: %w", ctx.Err())
		case <-time.After(wait):
		}
	}
	return false, fmt.Errorf("app-user lookup: %w", err)
}

// pathSegment escapes s as one path segment: url.PathEscape leaves dots alone, so a
// segment of dots only is written %2E, which no client or server library resolves as
// "." or "..". (url.JoinPath would resolve them: JoinPath(base, "..") is base's parent.)
func pathSegment(s string) string {
	if strings.Trim(s, ".") == "" {
		return strings.Repeat("%2E", len(s))
	}
	return url.PathEscape(s)
}

// ask makes one attempt.
func (c *Client) ask(ctx context.Context, doc string) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/"+pathSegment(doc), nil)
	if err != nil {
		return false, err
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		// Time-outs, refused and reset connections: all worth another try.
		return false, fmt.Errorf("%w: %w", errTransient, err)
	}
	// Drain a little so the connection can be reused.
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
	switch {
	case res.StatusCode == http.StatusOK:
		return true, nil
	case res.StatusCode == http.StatusNotFound:
		return false, nil
	case res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500:
		return false, fmt.Errorf("%w: status %d", errTransient, res.StatusCode)
	}
	return false, fmt.Errorf("unexpected status %d", res.StatusCode)
}
