package qr

import (
	"fmt"
	"net/netip"
	"syscall"
)

// nonPublicPrefixes are ranges that are not reachable on the public internet (or that
// embed an IPv4 address which might not be) beyond what netip's predicates already
// cover (loopback, RFC 1918 / ULA private, link-local, multicast, unspecified).
var nonPublicPrefixes = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8",       // "this network"
		"100.64.0.0/10",   // carrier-grade NAT
		"192.0.0.0/24",    // IETF protocol assignments
		"192.0.2.0/24",    // TEST-NET-1
		"198.18.0.0/15",   // benchmarking
		"198.51.100.0/24", // TEST-NET-2
		"203.0.113.0/24",  // TEST-NET-3
		"240.0.0.0/4",     // reserved, and 255.255.255.255 broadcast
		"64:ff9b::/96",    // NAT64: maps onto any IPv4 address, private ones included
		"64:ff9b:1::/48",  // local-use NAT64
		"100::/64",        // discard-only
		"2001::/32",       // Teredo (embeds an IPv4 address)
		"2001:db8::/32",   // documentation
		"2002::/16",       // 6to4 (embeds an IPv4 address)
		"fec0::/10",       // deprecated site-local
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// PublicAddress reports whether a logo fetch may connect to addr: only addresses routable
// on the public internet. Loopback, private, link-local (cloud metadata services live
// there), unspecified, multicast and the special ranges above are refused.
func PublicAddress(addr netip.AddrPort) bool {
	a := addr.Addr().Unmap()
	if !a.IsValid() || a.IsUnspecified() || a.IsLoopback() || a.IsPrivate() ||
		a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() || a.IsInterfaceLocalMulticast() || a.IsMulticast() {
		return false
	}
	for _, p := range nonPublicPrefixes {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// blockedAddressError is returned by the dial guard; the logo loader turns it into a
// client error.
type blockedAddressError struct{ addr string }

func (e *blockedAddressError) Error() string {
	return fmt.Sprintf("connection to %s refused: not a public address", e.addr)
}

// dialGuard is a net.Dialer Control function. It runs after name resolution, on the very
// address about to be connected, for every connection (redirects included), so a name
// that resolves to a public address when checked and a private one when used (DNS
// rebinding) cannot get through.
func dialGuard(allow func(netip.AddrPort) bool) func(network, address string, c syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !allow(ap) {
			return &blockedAddressError{addr: address}
		}
		return nil
	}
}
