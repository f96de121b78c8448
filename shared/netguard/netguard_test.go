package netguard

import (
	"errors"
	"net"
	"net/netip"
	"testing"
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
