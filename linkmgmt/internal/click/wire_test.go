package click

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func sampleClicks(n int) []Click {
	base := time.Date(2026, 3, 8, 6, 59, 0, 0, time.UTC).UnixMicro()
	out := make([]Click, n)
	for i := range out {
		out[i] = Click{LinkID: int64(1 + i%3), AccountID: 7, At: base + int64(i)*1_234_567,
			Dims: [NumDims]string{[]string{"US", "FR", ""}[i%3], "t.co", "Chrome", "Windows", "twitter", "Windows", "en"}}
		out[i].Visitor[0], out[i].Visitor[15] = byte(i), byte(i>>8)
	}
	if n > 1 {
		out[0].Dims[DimReferrer] = strings.Repeat("r", maxValueBytes)
		out[1].Dims[DimBrowser] = "Ünïcødé"
	}
	return out
}

func TestBatchRoundTrip(t *testing.T) {
	for _, n := range []int{1, 2, 500} {
		id := [16]byte{1, 2, 3}
		clicks := sampleClicks(n)
		gotID, got, err := decodeBatch(encodeBatch(nil, id, clicks))
		if err != nil {
			t.Fatalf("%d clicks: %v", n, err)
		}
		if gotID != id || !reflect.DeepEqual(got, clicks) {
			t.Fatalf("%d clicks: round trip differs", n)
		}
	}
	// Repeated values travel once: 500 clicks fit in well under 100 bytes each.
	if size := len(encodeBatch(nil, [16]byte{}, sampleClicks(500))); size > 500*40 {
		t.Errorf("500 clicks encode to %d bytes", size)
	}
}

// Every way a stream entry can be damaged is refused with errWire, never a panic or an
// allocation sized by the input.
func TestMalformedBatchesAreRefused(t *testing.T) {
	good := encodeBatch(nil, [16]byte{9}, sampleClicks(3))
	header := func(n uint64) []byte {
		b := append([]byte{wireVersion}, make([]byte, 16)...)
		b = binary.AppendVarint(b, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro())
		return binary.AppendUvarint(b, n)
	}
	cases := map[string][]byte{
		"empty":           nil,
		"wrong version":   append([]byte{9}, good[1:]...),
		"huge count":      header(1 << 40),
		"count > bytes":   append(header(1000), make([]byte, 100)...),
		"trailing bytes":  append(bytes.Clone(good), 0),
		"no clicks":       append(append([]byte{wireVersion}, make([]byte, 16)...), 0, 0),
		"string too long": append(header(1), append(append([]byte{1, 1, 0}, make([]byte, 16)...), binary.AppendUvarint(nil, 1000<<1|1)...)...),
		"unknown string":  append(header(1), append(append([]byte{1, 1, 0}, make([]byte, 16)...), 8, 0, 0, 0, 0, 0, 0)...),
	}
	for cut := 1; cut < len(good); cut += 7 {
		cases[fmt.Sprintf("truncated at %d", cut)] = good[:cut]
	}
	for name, b := range cases {
		if _, _, err := decodeBatch(b); !errors.Is(err, errWire) {
			t.Errorf("%s: %v, want errWire", name, err)
		}
	}
	// A batch whose clicks cannot be stored is still a batch: it parses (its pending
	// counters can be taken back), and checkClick sets each such click aside.
	clicks := map[string]func(c *Click){
		"link id zero":    func(c *Click) { c.LinkID = 0 },
		"time in 1970":    func(c *Click) { c.At = 86_400_000_000 },
		"time in 2300":    func(c *Click) { c.At = time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro() },
		"256-byte value":  func(c *Click) { c.Dims[DimBrowser] = strings.Repeat("7", 256) },
		"invalid UTF-8":   func(c *Click) { c.Dims[DimOS] = "\xff\xfe" },
		"NUL":             func(c *Click) { c.Dims[DimReferrer] = "a\x00b" },
		"line break":      func(c *Click) { c.Dims[DimLanguage] = "en\r\n" },
		"megabyte string": func(c *Click) { c.Dims[DimCountry] = strings.Repeat("x", 1<<20) },
	}
	for name, spoil := range clicks {
		batch := sampleClicks(3)
		spoil(&batch[1])
		_, got, err := decodeBatch(encodeBatch(nil, [16]byte{9}, batch))
		if err != nil || !reflect.DeepEqual(got, batch) {
			t.Errorf("%s: %v, want the batch as written", name, err)
			continue
		}
		if checkClick(&got[0]) != nil || checkClick(&got[2]) != nil || !errors.Is(checkClick(&got[1]), errInvalidClick) {
			t.Errorf("%s: checkClick %v %v %v, want only the spoilt click refused", name, checkClick(&got[0]), checkClick(&got[1]), checkClick(&got[2]))
		}
	}
}

func TestTallyEncodingAndCap(t *testing.T) {
	clicks := sampleClicks(40)
	ptrs := make([]*Click, len(clicks))
	for i := range clicks {
		ptrs[i] = &clicks[i]
	}
	tl := tallyOf(ptrs, true)
	for i := range MaxValuesPerDim + 10 { // a referrer per click, beyond the cap
		tl.addValue(DimReferrer, fmt.Sprintf("host%04d.example", i), int64(1+i%3))
	}
	var refs int64
	for _, n := range tl.Dims[DimReferrer].Values {
		refs += n
	}
	enc := tl.Encode()
	var back Tally
	if err := back.Decode(enc); err != nil {
		t.Fatal(err)
	}
	if n := len(back.Dims[DimReferrer].Values); n != MaxValuesPerDim {
		t.Errorf("%d referrers kept, want %d", n, MaxValuesPerDim)
	}
	var kept int64
	for _, n := range back.Dims[DimReferrer].Values {
		kept += n
	}
	if kept+back.Dims[DimReferrer].Other != refs || back.Dims[DimReferrer].Other == 0 {
		t.Errorf("referrer clicks %d + other %d, want %d in all", kept, back.Dims[DimReferrer].Other, refs)
	}
	if back.Clicks != 40 || back.Visitors.Count() != 40 || back.Slots != tl.Slots {
		t.Errorf("clicks %d visitors %d after the round trip", back.Clicks, back.Visitors.Count())
	}
	// Subtracting a share takes it off whole, values folded away from Other.
	share := tallyOf(ptrs[:10], true)
	back.Subtract(share)
	if back.Clicks != 30 || back.Dims[DimCountry].Values["US"] != 10 {
		t.Errorf("after subtracting: clicks %d, US %d", back.Clicks, back.Dims[DimCountry].Values["US"])
	}
	for name, b := range map[string][]byte{"slot out of the day": binary.AppendUvarint(binary.AppendUvarint(nil, SlotsPerDay), 1), "truncated": {0x80}} {
		var s [SlotsPerDay]int64
		if err := DecodeSlots(b, &s); !errors.Is(err, errRollup) {
			t.Errorf("slots %s: %v", name, err)
		}
	}
	if err := DecodeDims([]byte{1, 200, 1}, &back.Dims); !errors.Is(err, errRollup) {
		t.Errorf("dims with an overlong value: %v", err)
	}
}

// The COPY encoder writes the ids, the time, the visitor and then the dimensions in Dim
// order: rawColumns must name them in that order.
func TestRawColumnsMatchTheCopyEncoder(t *testing.T) {
	want := []string{"link_id", "account_id", "clicked_at", "visitor_hash"}
	for d := range NumDims {
		want = append(want, d.Column())
	}
	if !slices.Equal(rawColumns, want) {
		t.Fatalf("rawColumns = %v, want %v", rawColumns, want)
	}
}

// The visitor hash is the one every version computed (SHA-256 of the address as text,
// a NUL and the user agent), so visitors stay the same across versions; social sources
// match a network's host and its subdomains only.
func TestVisitorHashAndSocialSource(t *testing.T) {
	for _, ip := range []netip.Addr{netip.MustParseAddr("203.0.113.7"), netip.MustParseAddr("2001:db8::1"), netip.MustParseAddr("::ffff:10.0.0.1"), {}} {
		ua := "Mozilla/5.0 (X11; Linux x86_64)"
		sum := sha256.Sum256([]byte(ip.String() + "\x00" + ua))
		if got := visitorHash(ip, ua); !bytes.Equal(got[:], sum[:16]) {
			t.Errorf("visitorHash(%v) changed", ip)
		}
	}
	for host, want := range map[string]string{
		"t.co": "twitter", "www.facebook.com": "facebook", "m.facebook.com": "facebook", "at.co": "",
		"notfacebook.com": "", "": "", "www.google.fr": "google", "news.example.org": "",
	} {
		if got := SocialSource(host); got != want {
			t.Errorf("SocialSource(%q) = %q, want %q", host, got, want)
		}
	}
}
