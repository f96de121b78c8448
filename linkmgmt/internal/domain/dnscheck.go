package domain

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strings"
	"time"
)

// Resolver looks up a host's addresses; *net.Resolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// DNSChecker accepts a host when at least one of its addresses is an address of the
// service. The service's addresses are those of Targets: IP addresses taken as they are,
// host names resolved at check time (so a load balancer whose addresses change is
// followed). A domain set up as a CNAME to the service's host resolves to the same
// addresses, so both A/AAAA and CNAME set-ups pass.
type DNSChecker struct {
	Resolver Resolver // nil: net.DefaultResolver
	Targets  []string // host names or IPs the service answers on (e.g. BASE_URL's host)
	Timeout  time.Duration
}

// Check resolves host (without its port) and the targets and compares the addresses.
func (c DNSChecker) Check(ctx context.Context, host string) error {
	resolver := c.Resolver
	if resolver == nil {
		resolver = net.DefaultResolver
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	want, err := c.serviceAddrs(ctx, resolver)
	if err != nil {
		return ErrCheckUnavailable.Because(err)
	}
	got, err := resolver.LookupNetIP(ctx, "ip", name)
	if err != nil || len(got) == 0 {
		return ErrNotPointing.Because(err).Withf("domain %s does not resolve: point it to this service (DNS A/AAAA or CNAME record) first", name)
	}
	for _, a := range got {
		if slices.Contains(want, a.Unmap()) {
			return nil
		}
	}
	return ErrNotPointing.Withf("domain %s does not point to this service: its DNS resolves to %s, expected one of %s",
		name, joinAddrs(got), joinAddrs(want))
}

func (c DNSChecker) serviceAddrs(ctx context.Context, resolver Resolver) ([]netip.Addr, error) {
	var out []netip.Addr
	var errs []error
	for _, t := range c.Targets {
		if a, err := netip.ParseAddr(t); err == nil {
			out = append(out, a.Unmap())
			continue
		}
		addrs, err := resolver.LookupNetIP(ctx, "ip", t)
		if err != nil {
			errs = append(errs, fmt.Errorf("resolve service host %s: %w", t, err))
			continue
		}
		for _, a := range addrs {
			out = append(out, a.Unmap())
		}
	}
	if len(out) == 0 {
		if len(errs) == 0 {
			errs = append(errs, errors.New("no service address configured (DOMAIN_CHECK_TARGETS)"))
		}
		return nil, errors.Join(errs...)
	}
	return out, nil
}

func joinAddrs(addrs []netip.Addr) string {
	parts := make([]string, 0, len(addrs))
	for _, a := range addrs {
		parts = append(parts, a.Unmap().String())
	}
	slices.Sort(parts)
	return strings.Join(slices.Compact(parts), ", ")
}
