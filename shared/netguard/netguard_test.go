package netguard

import (
	"errors"
	"net"
	"net/netip"
	"testing"

	"github.com/loyaltylinks/platform/shared/netguard/netguardtest"
)

func TestPublic(t *testing.T) {
	tests := []struct {
		addr string
		want bool
	}{
		{"93.184.216.34", true},
		{"8.8.8.8", true},
		{"2606:4700:4700::1111", true},
		{"127.0.0.1", false},
		{"127.255.0.9", false},
		{"::1", false},
		{"10.1.2.3", false},
		{"172.16.0.1", false},
		{"192.168.1.1", false},
		{"fd00::1", false},
		{"169.254.169.254", false}, // cloud metadata
		{"fe80::1", false},
		{"fe80::1%eth0", false},
		{"0.0.0.0", false},
		{"::", false},
		{"224.0.0.1", false},
		{"ff02::1", false},
		{"100.64.0.1", false}, // CGNAT
		{"100.127.255.254", false},
		{"100.128.0.1", true},
		{"255.255.255.255", false},
		{"198.18.0.1", false},
		{"::ffff:127.0.0.1", false}, // IPv4-mapped loopback
		{"::ffff:10.0.0.1", false},
		{"::ffff:93.184.216.34", true},
		{"64:ff9b::a00:1", false}, // NAT64 of 10.0.0.1
		{"2002:a00:1::1", false},  // 6to4 of 10.0.0.1
	}
	for _, tt := range tests {
		if got := Public(netip.MustParseAddr(tt.addr)); got != tt.want {
			t.Errorf("Public(%s) = %v, want %v", tt.addr, got, tt.want)
		}
	}
}

func TestControlRefusesBeforeConnecting(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			accepted <- struct{}{}
			c.Close()
		}
	}()
	d := net.Dialer{Control: Control(Public)}
	_, err = d.Dial("tcp", ln.Addr().String())
	var blocked *BlockedError
	if !errors.As(err, &blocked) {
		t.Fatalf("dial loopback: %v, want a BlockedError", err)
	}
	select {
	case <-accepted:
		t.Fatal("the listener accepted a connection the guard refused")
	default:
	}
	allowAll := net.Dialer{Control: Control(func(netip.Addr) bool { return true })}
	c, err := allowAll.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatalf("dial with everything allowed: %v", err)
	}
	c.Close()
}

// TestEveryFormOfANonPublicAddress: every way of writing a non-public address in IPv6
// (IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo, the whole of ::/8 and the
// reserved ranges) is refused by Public and, on the address a dialer is about to connect
// to, by Control; public addresses pass both.
func TestEveryFormOfANonPublicAddress(t *testing.T) {
	control := Control(Public)
	for _, f := range netguardtest.NonPublic {
		a := netip.MustParseAddr(f.Addr)
		if Public(a) {
			t.Errorf("Public(%s) = true: %s", f.Addr, f.Name)
		}
		var blocked *BlockedError
		for _, addr := range []string{net.JoinHostPort(f.Addr, "443"), netip.AddrPortFrom(a, 443).String()} {
			if err := control("tcp", addr, nil); !errors.As(err, &blocked) {
				t.Errorf("Control(%s) = %v, want a BlockedError: %s", addr, err, f.Name)
			}
		}
	}
	for _, f := range netguardtest.Public {
		if a := netip.MustParseAddr(f.Addr); !Public(a) || control("tcp", netip.AddrPortFrom(a, 443).String(), nil) != nil {
			t.Errorf("%s (%s) refused", f.Addr, f.Name)
		}
	}
}
