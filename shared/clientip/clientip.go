// Package clientip tells who is on the other end of a request when the service runs
// behind proxies (an API gateway, an ingress): the TCP peer, unless that peer is a
// proxy the operator trusts, in which case the address it forwarded in X-Forwarded-For.
// It is the one place both services read TRUSTED_PROXIES and X-Forwarded-For.
package clientip

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Bounds on X-Forwarded-For (read only when the peer is a trusted proxy): a chain of
// proxies is a few hops long and an address at most 45 characters (an IPv6 address with
// an embedded IPv4 and a zone), so a longer header costs nothing to read.
const (
	MaxForwardedHops = 16
	maxHopBytes      = 64
)

// Resolver derives client addresses. The zero value and nil trust no proxy: the client is
// the TCP peer. It is safe for concurrent use.
type Resolver struct {
	trusted []netip.Prefix
}

// New returns a Resolver believing X-Forwarded-For only from peers inside trusted.
func New(trusted []netip.Prefix) *Resolver {
	return &Resolver{trusted: trusted}
}

// ClientIP is the client address of req; see Resolve.
func (r *Resolver) ClientIP(req *http.Request) netip.Addr {
	addr, _ := r.Resolve(req)
	return addr
}

// Resolve returns the client address of req and whether the TCP peer is a trusted proxy
// (only then are other headers the proxy sets, such as a country code, believable).
//
// The address is the TCP peer or, when the peer is a trusted proxy, the right-most
// address of X-Forwarded-For that is not itself a trusted proxy: left-most entries are
// written by the client and cannot be believed. The walk reads at most MaxForwardedHops
// hops from the right and stops at the first hop it cannot read (not an address, longer
// than any address, or past the cap); the answer is then the last address it did read,
// which is always a trusted proxy. Stopping is the safe choice: nothing left of an
// unreadable hop is trusted, because a proxy that wrote garbage vouches for nothing
// beyond it; and of the addresses the chain does vouch for, the last one read is the
// proxy nearest the client, so the requests it relays share one rate-limit bucket
// instead of pooling with everything behind the edge proxy. The zero Addr means the peer
// address could not be read.
func (r *Resolver) Resolve(req *http.Request) (client netip.Addr, viaTrustedProxy bool) {
	addr := peer(req.RemoteAddr)
	if !r.trusts(addr) {
		return addr, false
	}
	read := 0
	headers := req.Header.Values("X-Forwarded-For")
	for i := len(headers) - 1; i >= 0; i-- {
		// Hops are cut from the right one at a time: a long header is not split whole.
		for rest, more := headers[i], true; more; {
			hop := rest
			if j := strings.LastIndexByte(rest, ','); j >= 0 {
				hop, rest = rest[j+1:], rest[:j]
			} else {
				more = false
			}
			read++
			hop = strings.TrimSpace(hop)
			if read > MaxForwardedHops || len(hop) > maxHopBytes {
				return addr, true
			}
			a, err := netip.ParseAddr(hop)
			if err != nil {
				return addr, true
			}
			addr = a.Unmap()
			if !r.trusts(addr) {
				return addr, true
			}
		}
	}
	return addr, true
}

func (r *Resolver) trusts(a netip.Addr) bool {
	if r == nil || !a.IsValid() {
		return false
	}
	for _, p := range r.trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// peer reads net/http's RemoteAddr ("ip:port", IPv6 in brackets).
func peer(remote string) netip.Addr {
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		return ap.Addr().Unmap()
	}
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

// ParsePrefixes reads a comma-separated list of IP addresses and CIDR prefixes (the
// TRUSTED_PROXIES setting). An empty list is valid: no proxy is trusted.
func ParsePrefixes(raw string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(raw, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if p, err := netip.ParsePrefix(part); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return nil, fmt.Errorf("%q is not an IP address or CIDR prefix", part)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
