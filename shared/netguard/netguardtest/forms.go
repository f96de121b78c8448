// Package netguardtest lists the addresses the tests of netguard and of its callers (the
// webhook URL check and dialer, the QR logo fetch) try, so every caller is tested against
// every form of a non-public address, at save time and at connect time.
package netguardtest

// Form is an address written one way, and what it is.
type Form struct{ Addr, Name string }

// NonPublic are addresses netguard.Public must refuse: every way of writing a loopback,
// private or metadata address in IPv6, and the reserved IPv6 ranges.
var NonPublic = []Form{
	{"127.0.0.1", "IPv4 loopback"},
	{"169.254.169.254", "cloud metadata"},
	{"10.0.0.1", "RFC 1918"},
	{"::1", "IPv6 loopback"},
	{"::", "unspecified"},
	{"::ffff:127.0.0.1", "IPv4-mapped loopback"},
	{"::ffff:169.254.169.254", "IPv4-mapped metadata"},
	{"::127.0.0.1", "IPv4-compatible loopback"},
	{"0:0:0:0:0:0:7f00:1", "IPv4-compatible loopback, hexadecimal"},
	{"::169.254.169.254", "IPv4-compatible metadata"},
	{"::a00:1", "IPv4-compatible 10.0.0.1"},
	{"::8.8.8.8", "IPv4-compatible of a public address (all of ::/8)"},
	{"::ffff:0:7f00:1", "IPv4-translated loopback"},
	{"::ffff:0:a9fe:a9fe", "IPv4-translated metadata"},
	{"::2", "::/8"},
	{"ff::1", "::/8, last block"},
	{"64:ff9b::7f00:1", "NAT64 of loopback"},
	{"64:ff9b::a9fe:a9fe", "NAT64 of metadata"},
	{"64:ff9b:1::a00:1", "local-use NAT64 of 10.0.0.1"},
	{"2002:7f00:1::1", "6to4 of loopback"},
	{"2002:a9fe:a9fe::1", "6to4 of metadata"},
	{"2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo of 127.0.0.1"},
	{"2001:2::1", "benchmarking"},
	{"2001:db8::1", "documentation"},
	{"3fff::1", "documentation (RFC 9637)"},
	{"100::1", "discard-only"},
	{"fd00:ec2::254", "ULA (AWS metadata over IPv6)"},
	{"fe80::a9fe:a9fe", "link-local"},
	{"fec0::1", "site-local"},
	{"ff02::1", "multicast"},
	{"4000::1", "unallocated, outside 2000::/3"},
}

// Public are addresses netguard.Public must accept.
var Public = []Form{
	{"93.184.216.34", "IPv4"},
	{"::ffff:93.184.216.34", "IPv4-mapped public"},
	{"2606:4700:4700::1111", "global unicast"},
	{"2a00:1450:4001:80b::200e", "global unicast"},
}
