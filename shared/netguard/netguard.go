// Package netguard decides which addresses a service may connect to when a user chose the
// destination (webhook receivers, QR logo URLs): only addresses routable on the public
// internet, so a user cannot make the service reach its own network (databases, cloud
// metadata at 169.254.169.254, admin ports on loopback).
//
// Check names when they are stored, and check again the very address connected to, with
// Control in a net.Dialer: a name that resolved to a public address when it was checked
// may resolve to a private one when it is used (DNS rebinding).
package netguard

import (
	"fmt"
	"net/netip"
	"syscall"
)

// nonPublicPrefixes are ranges that are not reachable on the public internet (or that
// embed an IPv4 address which might not be) beyond what netip's predicates cover
// (loopback, RFC 1918 / ULA private, link-local, multicast, unspecified) and beyond the
// rule that an IPv6 address must be global unicast (globalUnicast6).
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
		"2001::/23",       // IETF protocol assignments: Teredo 2001::/32 (embeds an IPv4 address), benchmarking, ORCHID
		"2001:db8::/32",   // documentation
		"2002::/16",       // 6to4 (embeds an IPv4 address)
		"3fff::/20",       // documentation
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// globalUnicast6 is where every routable IPv6 unicast address is allocated. Outside it
// lie ::/8 (unspecified, loopback, IPv4-compatible ::a.b.c.d, IPv4-translated
// ::ffff:0:a.b.c.d), NAT64 64:ff9b::/96 and 64:ff9b:1::/48 (which map onto any IPv4
// address, private ones included), discard-only 100::/64, ULA, link-local, site-local,
// multicast and unallocated space: all refused, whatever IPv4 address they may carry.
var globalUnicast6 = netip.MustParsePrefix("2000::/3")

// Public reports whether a is routable on the public internet. Loopback, private,
// link-local (cloud metadata services live there), unspecified, multicast, carrier-grade
// NAT and the special ranges above are not; an IPv6 address must be global unicast and
// outside the ranges that embed an IPv4 address. IPv4-mapped IPv6 addresses
// (::ffff:a.b.c.d) are judged as the IPv4 address they carry.
func Public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || a.IsUnspecified() || a.IsLoopback() || a.IsPrivate() ||
		a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() || a.IsInterfaceLocalMulticast() || a.IsMulticast() {
		return false
	}
	a = a.WithZone("")
	if a.Is6() && !globalUnicast6.Contains(a) {
		return false
	}
	for _, p := range nonPublicPrefixes {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// BlockedError is the error of a connection Control refused.
type BlockedError struct{ Addr string }

func (e *BlockedError) Error() string {
	return fmt.Sprintf("connection to %s refused: not a public address", e.Addr)
}

// Control returns a net.Dialer Control function that refuses every connection to an
// address allow rejects (Public, typically). It runs after name resolution, on the
// address about to be connected, for every connection a client makes.
func Control(allow func(netip.Addr) bool) func(network, address string, c syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !allow(ap.Addr()) {
			return &BlockedError{Addr: address}
		}
		return nil
	}
}
