package qr

import (
	"fmt"
	"net/netip"
	"syscall"

	"github.com/loyaltylinks/platform/shared/netguard"
)

// PublicAddress reports whether a logo fetch may connect to addr: only addresses routable
// on the public internet (netguard.Public). Loopback, private, link-local (cloud metadata
// services live there), unspecified, multicast and the special ranges are refused.
func PublicAddress(addr netip.AddrPort) bool { return netguard.Public(addr.Addr()) }

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
