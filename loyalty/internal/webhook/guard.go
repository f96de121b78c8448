package webhook

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/netguard"
)

// Resolver resolves host names; *net.Resolver satisfies it.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// resolveTimeout bounds the name resolution of a URL being saved.
const resolveTimeout = 5 * time.Second

// allowAddr is the address policy of deliveries: public addresses only, unless the
// operator allows private ones (development).
func (c Config) allowAddr(a netip.Addr) bool { return c.AllowPrivate || netguard.Public(a) }

// checkURL validates a receiver URL and returns it normalised: absolute http or https,
// a host, no credentials, no fragment, at most MaxURLLength bytes, and (unless
// AllowPrivate) a host that is, or resolves only to, public addresses. The same policy
// applies again to the address of every delivery connection (newClient), so a name that
// later resolves elsewhere (DNS rebinding) still cannot reach a private address.
// Failures are 422s at loc (the field's place in the caller's input).
func (s *Service) checkURL(ctx context.Context, raw string, loc ...any) (string, error) {
	bad := func(msg string, args ...any) error {
		return apperr.Validation(apperr.Field(fmt.Sprintf(msg, args...), "value_error", loc...))
	}
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "":
		return "", bad("URL must not be empty")
	case len(raw) > MaxURLLength:
		return "", bad("URL must be at most %d characters", MaxURLLength)
	case strings.ContainsFunc(raw, unicode.IsControl) || strings.ContainsFunc(raw, unicode.IsSpace):
		return "", bad("URL must not contain spaces or control characters")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", bad("URL is not valid: %v", errors.Unwrap(err))
	}
	u.Scheme = strings.ToLower(u.Scheme)
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "", bad("URL must use http or https")
	case u.Opaque != "" || u.Host == "" || u.Hostname() == "":
		return "", bad("URL must include a host (http(s)://host/path)")
	case u.User != nil:
		return "", bad("URL must not contain credentials (user:password@); deliveries are authenticated by their signature")
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return "", bad("URL must not contain a fragment (#...)")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", bad("URL port must be between 1 and 65535")
		}
	}
	u.Host = strings.ToLower(u.Host)
	if s.cfg.AllowPrivate {
		return u.String(), nil
	}
	host := u.Hostname()
	addrs := []netip.Addr{}
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = append(addrs, a)
	} else {
		rctx, cancel := context.WithTimeout(ctx, resolveTimeout)
		defer cancel()
		if addrs, err = s.cfg.Resolver.LookupNetIP(rctx, "ip", host); err != nil || len(addrs) == 0 {
			return "", bad("URL host %s could not be resolved", host)
		}
	}
	for _, a := range addrs {
		if !s.cfg.allowAddr(a) {
			return "", bad("URL host %s is or resolves to %s, a private, loopback, link-local or reserved address: not allowed", host, a)
		}
	}
	return u.String(), nil
}

// newClient is the HTTP client of deliveries: no proxy (a proxy would connect on our
// behalf, past the address check), the address policy checked on every connection by
// the dialer's Control after resolution, bounded time-outs and header sizes, and no
// redirects followed (a 3xx is an answer like any other; docs/webhooks.md).
func newClient(cfg Config) *http.Client {
	dialer := &net.Dialer{Timeout: cfg.Timeout, KeepAlive: 30 * time.Second, Control: netguard.Control(cfg.allowAddr)}
	dial := func(ctx context.Context, network, address string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(address)
		if err != nil {
			return nil, err
		}
		if _, err := netip.ParseAddr(host); err == nil {
			return dialer.DialContext(ctx, network, address)
		}
		addrs, err := cfg.Resolver.LookupNetIP(ctx, "ip", host)
		if err != nil {
			return nil, err
		}
		var errs []error
		for _, a := range addrs {
			conn, err := dialer.DialContext(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
			if err == nil {
				return conn, nil
			}
			errs = append(errs, err)
		}
		if len(errs) == 0 {
			return nil, fmt.Errorf("%s: no address", host)
		}
		return nil, errors.Join(errs...)
	}
	transport := &http.Transport{
		Proxy:                  nil,
		DialContext:            dial,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           100,
		MaxIdleConnsPerHost:    8,
		IdleConnTimeout:        90 * time.Second,
		TLSHandshakeTimeout:    cfg.Timeout,
		ResponseHeaderTimeout:  cfg.Timeout,
		ExpectContinueTimeout:  time.Second,
		MaxResponseHeaderBytes: 64 << 10,
	}
	return &http.Client{
		Transport:     transport,
		Timeout:       cfg.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
