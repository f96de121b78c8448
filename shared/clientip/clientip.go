// Package clientip tells who is on the other end of a request when the service runs
// behind proxies (an API gateway, an ingress): the TCP peer, unless that peer is a
// proxy the operator trusts, in which case the address it forwarded in X-Forwarded-For.
package clientip

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
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

// ClientIP is the TCP peer or, when the peer is a trusted proxy, the right-most address of
// X-Forwarded-For that is not itself a trusted proxy. Left-most entries are written by the
// client and cannot be believed; a malformed hop ends the walk at the last address known
// good. The zero Addr means the peer address could not be read.
func (r *Resolver) ClientIP(req *http.Request) netip.Addr {
	addr := peer(req.RemoteAddr)
	if !r.trusts(addr) {
		return addr
	}
	hops := req.Header.Values("X-Forwarded-For")
	for i := len(hops) - 1; i >= 0; i-- {
		parts := strings.Split(hops[i], ",")
		for j := len(parts) - 1; j >= 0; j-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(parts[j]))
			if err != nil {
				return addr
			}
			addr = hop.Unmap()
			if !r.trusts(addr) {
				return addr
			}
		}
	}
	return addr
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

func peer(remote string) netip.Addr {
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
