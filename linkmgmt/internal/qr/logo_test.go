package qr

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/netguard/netguardtest"
)

func encodedImage(t testing.TB, format string, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	var buf bytes.Buffer
	var err error
	if format == "jpeg" {
		err = jpeg.Encode(&buf, img, nil)
	} else {
		err = png.Encode(&buf, img)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// wantInvalid fails unless err is ErrInvalidLogo with a message that contains want.
func wantInvalid(t *testing.T, err error, want string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !errors.Is(err, ErrInvalidLogo) || !ok || !strings.Contains(e.Message, want) {
		t.Fatalf("err = %v, want ErrInvalidLogo containing %q", err, want)
	}
}

func TestLoadLocalLogo(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "logos")
	must(t, os.MkdirAll(filepath.Join(dir, "brand"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "brand", "logo.png"), encodedImage(t, "png", 1000, 500), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "photo.jpg"), encodedImage(t, "jpeg", 64, 64), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "notes.png"), []byte("not an image at all"), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "secret.png"), encodedImage(t, "png", 8, 8), 0o644))
	must(t, os.Symlink(filepath.Join(root, "secret.png"), filepath.Join(dir, "escape.png")))
	must(t, os.WriteFile(filepath.Join(dir, "big.png"), bytes.Repeat([]byte{1}, 100_001), 0o644))
	l := NewLogoLoader(LogoConfig{Dir: dir, MaxBytes: 100_000})

	t.Run("png scaled to 512", func(t *testing.T) {
		raw, err := l.Load(context.Background(), "brand/logo.png")
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(raw))
		if err != nil || cfg.Width != 512 || cfg.Height != 256 {
			t.Fatalf("stored logo %dx%d, %v; want 512x256 png", cfg.Width, cfg.Height, err)
		}
	})
	t.Run("jpeg accepted, absolute path inside the directory", func(t *testing.T) {
		raw, err := l.Load(context.Background(), filepath.Join(dir, "photo.jpg"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(raw, pngMagic) {
			t.Fatal("stored logo is not a png")
		}
	})
	refused := []struct {
		ref  string
		want string
	}{
		{"../secret.png", "inside the logo directory"},
		{"brand/../../secret.png", "inside the logo directory"},
		{filepath.Join(root, "secret.png"), "inside the logo directory"},
		{"/etc/passwd", "inside the logo directory"},
		{"escape.png", "inside the logo directory"},
		{"missing.png", "not found"},
		{"brand", "not a regular file"},
		{"notes.png", "must be a PNG or JPEG"},
		{"big.png", "larger than 100000 bytes"},
		{"file:///etc/passwd", "http(s) URL or a path"},
		{"data:image/png;base64,AAAA", "http(s) URL or a path"},
	}
	for _, tt := range refused {
		t.Run("refuses "+tt.ref, func(t *testing.T) {
			_, err := l.Load(context.Background(), tt.ref)
			wantInvalid(t, err, tt.want)
		})
	}
	t.Run("local paths off without a directory", func(t *testing.T) {
		_, err := NewLogoLoader(LogoConfig{}).Load(context.Background(), "brand/logo.png")
		wantInvalid(t, err, "local paths are not enabled")
	})
}

func TestNormaliseLogoRefusesOtherFormatsAndHugeImages(t *testing.T) {
	wantInvalid(t, func() error { _, err := normaliseLogo([]byte("GIF89a....")); return err }(), "must be a PNG or JPEG")
	wantInvalid(t, func() error {
		_, err := normaliseLogo([]byte("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"))
		return err
	}(), "must be a PNG or JPEG")
	// A PNG header announcing 20000x20000 pixels: refused before any pixel is decoded.
	huge := encodedImage(t, "png", 1, 1)
	copy(huge[16:24], []byte{0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20})
	binary.BigEndian.PutUint32(huge[29:33], crc32.ChecksumIEEE(huge[12:29])) // IHDR's CRC
	wantInvalid(t, func() error { _, err := normaliseLogo(huge); return err }(), "at most")
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// allowOnly lets a fetch connect to exactly the listed test servers, and to public
// addresses (which the tests never reach).
func allowOnly(servers ...*httptest.Server) func(netip.AddrPort) bool {
	allowed := map[netip.AddrPort]bool{}
	for _, s := range servers {
		allowed[netip.MustParseAddrPort(s.Listener.Addr().String())] = true
	}
	return func(ap netip.AddrPort) bool { return allowed[ap] || PublicAddress(ap) }
}

func TestFetchLogo(t *testing.T) {
	logo := encodedImage(t, "png", 40, 40)
	var hits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/logo.png", func(w http.ResponseWriter, _ *http.Request) { hits.Add(1); w.Write(logo) })
	mux.HandleFunc("/big", func(w http.ResponseWriter, _ *http.Request) { w.Write(bytes.Repeat([]byte{0}, 5000)) })
	mux.HandleFunc("/big-chunked", func(w http.ResponseWriter, _ *http.Request) {
		for range 5 {
			w.Write(bytes.Repeat([]byte{0}, 1000))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(3 * time.Second):
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/html", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("<html>nope</html>")) })
	mux.HandleFunc("/missing", http.NotFound)
	good := httptest.NewServer(mux)
	defer good.Close()
	// A second loopback server the guard does not allow: the "internal" target.
	internal := httptest.NewServer(mux)
	defer internal.Close()
	mux.HandleFunc("/to-internal", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, internal.URL+"/logo.png", http.StatusFound)
	})
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/to-allowed", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/logo.png", http.StatusFound)
	})
	mux.HandleFunc("/to-file", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })

	l := NewLogoLoader(LogoConfig{MaxBytes: 4096, Timeout: 300 * time.Millisecond, AllowAddr: allowOnly(good)})
	ctx := context.Background()

	t.Run("allowed server", func(t *testing.T) {
		raw, err := l.Load(ctx, good.URL+"/logo.png")
		if err != nil {
			t.Fatal(err)
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(raw)); err != nil || cfg.Width != 40 {
			t.Fatalf("logo = %+v, %v", cfg, err)
		}
	})
	t.Run("redirect within the allowed server", func(t *testing.T) {
		if _, err := l.Load(ctx, good.URL+"/to-allowed"); err != nil {
			t.Fatal(err)
		}
	})
	hitsBefore := hits.Load()
	tests := []struct {
		name, url, want string
	}{
		{"server not allowed", internal.URL + "/logo.png", "private, loopback or link-local"},
		{"redirect to a private address", good.URL + "/to-internal", "private, loopback or link-local"},
		{"redirect to the metadata service", good.URL + "/to-metadata", "private, loopback or link-local"},
		{"redirect to another scheme", good.URL + "/to-file", "only http and https"},
		{"redirect loop", good.URL + "/loop", "redirects more than 3 times"},
		{"oversize with length", good.URL + "/big", "larger than 4096 bytes"},
		{"oversize chunked", good.URL + "/big-chunked", "larger than 4096 bytes"},
		{"time-out", good.URL + "/slow", "did not answer within 300ms"},
		{"not an image", good.URL + "/html", "must be a PNG or JPEG"},
		{"http error", good.URL + "/missing", "answered HTTP 404"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := l.Load(ctx, tt.url)
			wantInvalid(t, err, tt.want)
			if time.Since(start) > 2*time.Second {
				t.Fatalf("took %s: the time-out did not hold", time.Since(start))
			}
		})
	}
	if n := hits.Load() - hitsBefore; n != 0 {
		t.Fatalf("the internal server's logo was served %d times: a refused fetch connected", n)
	}

	t.Run("default policy refuses loopback by name and by address", func(t *testing.T) {
		strict := NewLogoLoader(LogoConfig{Timeout: time.Second})
		u, _ := url.Parse(good.URL)
		_, port, _ := net.SplitHostPort(u.Host)
		for _, ref := range []string{
			good.URL + "/logo.png",
			"http://localhost:" + port + "/logo.png",
			"http://[::1]:" + port + "/logo.png",
			"http://0.0.0.0:" + port + "/logo.png",
			"http://[::ffff:127.0.0.1]:" + port + "/logo.png",
		} {
			_, err := strict.Load(ctx, ref)
			wantInvalid(t, err, "private, loopback or link-local")
		}
		if hits.Load() != hitsBefore {
			t.Fatal("a refused fetch reached the server")
		}
	})
}

func TestPublicAddress(t *testing.T) {
	tests := []struct {
		addr string
		want bool
	}{
		{"93.184.216.34:80", true},
		{"[2606:2800:220:1:248:1893:25c8:1946]:443", true},
		{"127.0.0.1:80", false},
		{"127.8.9.10:80", false},
		{"[::1]:80", false},
		{"10.1.2.3:80", false},
		{"172.16.0.1:80", false},
		{"192.168.1.1:80", false},
		{"169.254.169.254:80", false},
		{"[fe80::1]:80", false},
		{"[fd00:ec2::254]:80", false},
		{"0.0.0.0:80", false},
		{"[::]:80", false},
		{"100.64.0.1:80", false},
		{"224.0.0.1:80", false},
		{"255.255.255.255:80", false},
		{"[::ffff:10.0.0.1]:80", false},
		{"[64:ff9b::a00:1]:80", false},
		{"[2002:a00:1::]:80", false},
	}
	for _, tt := range tests {
		if got := PublicAddress(netip.MustParseAddrPort(tt.addr)); got != tt.want {
			t.Errorf("PublicAddress(%s) = %t, want %t", tt.addr, got, tt.want)
		}
	}
}

func TestLogoPlateKeepsAspectAndBackground(t *testing.T) {
	logo := image.NewNRGBA(image.Rect(0, 0, 400, 100))
	plate := logoPlate(logo, color.RGBA{1, 2, 3, 255}, 120)
	if b := plate.Bounds(); b.Dx() != 120 || b.Dy() != 45 {
		t.Fatalf("plate %v, want 120x45 (100x25 logo and a 10 px margin)", b)
	}
	if got := plate.NRGBAAt(0, 0); got != (color.NRGBA{1, 2, 3, 255}) {
		t.Fatalf("margin colour %v", got)
	}
}

// pngBomb is a valid PNG declaring w x h pixels at 16 bits per channel (RGBA) whose
// pixels are all zero: a few hundred KB that decode into w*h*8 bytes.
func pngBomb(t testing.TB, w, h int) []byte {
	t.Helper()
	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	row := make([]byte, 1+w*8) // filter byte + pixels
	for range h {
		if _, err := zw.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	must(t, zw.Close())
	var out bytes.Buffer
	out.Write(pngMagic)
	chunk := func(typ string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		out.Write(n[:])
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		out.WriteString(typ)
		out.Write(data)
		binary.BigEndian.PutUint32(n[:], crc.Sum32())
		out.Write(n[:])
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(h))
	ihdr[8], ihdr[9] = 16, 6 // bit depth 16, colour type RGBA
	chunk("IHDR", ihdr)
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// withHeader rewrites a PNG's declared size and bit depth (IHDR and its CRC).
func withHeader(t testing.TB, w, h int, depth byte) []byte {
	t.Helper()
	p := encodedImage(t, "png", 1, 1)
	binary.BigEndian.PutUint32(p[16:20], uint32(w))
	binary.BigEndian.PutUint32(p[20:24], uint32(h))
	p[24] = depth
	binary.BigEndian.PutUint32(p[29:33], crc32.ChecksumIEEE(p[12:29]))
	return p
}

// jpegSized is a small JPEG whose frame header (SOF0) declares w x h pixels.
func jpegSized(t testing.TB, w, h int) []byte {
	t.Helper()
	j := encodedImage(t, "jpeg", 8, 8)
	i := bytes.Index(j, []byte{0xff, 0xc0})
	if i < 0 {
		t.Fatal("no SOF0 marker")
	}
	binary.BigEndian.PutUint16(j[i+5:i+7], uint16(h))
	binary.BigEndian.PutUint16(j[i+7:i+9], uint16(w))
	return j
}

// gifSized is a GIF header declaring w x h pixels.
func gifSized(w, h int) []byte {
	g := []byte("GIF89a\x00\x00\x00\x00\x00\x00\x00")
	binary.LittleEndian.PutUint16(g[6:8], uint16(w))
	binary.LittleEndian.PutUint16(g[8:10], uint16(h))
	return g
}

// TestLogoHeaderIsCheckedBeforeDecoding: decompression bombs of every format are refused
// from their header, in microseconds and without allocating their bitmap (a 4096x4096
// 16-bit PNG of 160 KB decoded into 128 MB and took seconds).
func TestLogoHeaderIsCheckedBeforeDecoding(t *testing.T) {
	tests := []struct {
		name string
		raw  []byte
		want string
	}{
		{"PNG 4096x4096 at 16 bits (valid, all zero)", pngBomb(t, 4096, 4096), "at most 1024x1024 pixels (got 4096x4096)"},
		{"PNG 1025 wide", withHeader(t, 1025, 10, 8), "at most 1024x1024 pixels (got 1025x10)"},
		{"PNG 10 x 65535", withHeader(t, 10, 65535, 8), "at most 1024x1024 pixels"},
		{"PNG 900x900 at 16 bits: over the decoded bytes", withHeader(t, 900, 900, 16), "would decode into 6480000 bytes"},
		{"JPEG 2000x2000", jpegSized(t, 2000, 2000), "at most 1024x1024 pixels (got 2000x2000)"},
		{"JPEG 65500x65500", jpegSized(t, 65500, 65500), "at most 1024x1024 pixels"},
		{"GIF 65535x65535", gifSized(65535, 65535), "must be a PNG or JPEG"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := normaliseLogo(tt.raw)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			wantInvalid(t, err, tt.want)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("refusing it allocated %d bytes, want under 1 MiB (nothing decoded)", alloc)
			}
			if elapsed > 200*time.Millisecond {
				t.Errorf("refusing it took %s", elapsed)
			}
		})
	}
	// At the limits: accepted.
	for _, raw := range [][]byte{withHeader(t, 1024, 1024, 8), withHeader(t, 700, 700, 16)} {
		if _, err := checkLogoHeader(raw); err != nil {
			t.Errorf("header at the limits refused: %v", err)
		}
	}
}

// TestLogoDecodesAreBounded: a replica decodes at most MaxDecodes logos at once; a logo
// that finds every slot taken for DecodeWait is refused with ErrLogosBusy (429), and the
// slot is usable again once released. It runs in a synctest bubble: DecodeWait passes on
// the bubble's clock, and synctest.Wait says when a Load is blocked waiting for a slot.
func TestLogoDecodesAreBounded(t *testing.T) {
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "logo.png"), encodedImage(t, "png", 64, 64), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "bomb.png"), withHeader(t, 5000, 5000, 8), 0o644))
	synctest.Test(t, func(t *testing.T) {
		l := NewLogoLoader(LogoConfig{Dir: dir, MaxDecodes: 1, DecodeWait: 100 * time.Millisecond})
		l.decodes <- struct{}{} // another request is decoding
		start := time.Now()
		_, err := l.Load(context.Background(), "logo.png")
		if !errors.Is(err, ErrLogosBusy) {
			t.Fatalf("err = %v, want ErrLogosBusy", err)
		}
		if e, ok := apperr.As(err); !ok || e.Code != apperr.RateLimited {
			t.Fatalf("err = %v, want a RateLimited error", err)
		}
		if waited := time.Since(start); waited != 100*time.Millisecond {
			t.Fatalf("waited %s for a slot, want DecodeWait", waited)
		}
		// A slot freed while waiting is taken.
		done := make(chan error)
		go func() {
			_, err := l.Load(context.Background(), "logo.png")
			done <- err
		}()
		synctest.Wait() // the Load waits for the slot
		<-l.decodes
		if err := <-done; err != nil {
			t.Fatalf("after release: %v", err)
		}
		if len(l.decodes) != 0 {
			t.Fatalf("%d slots still taken after the decode", len(l.decodes))
		}
		// Refused headers never take a slot.
		l.decodes <- struct{}{}
		if _, err := l.Load(context.Background(), "bomb.png"); errors.Is(err, ErrLogosBusy) {
			t.Fatal("a refused header waited for a slot")
		}
	})
}

// TestLogoFetchRefusesEveryNonPublicForm: a logo URL whose host is any form of a
// non-public address (netguardtest.NonPublic: IPv4-compatible, IPv4-translated, NAT64,
// 6to4, Teredo, ::/8, ...) is refused by the default policy, at the connection, before
// anything is sent; the policy (PublicAddress) says so for each form too.
func TestLogoFetchRefusesEveryNonPublicForm(t *testing.T) {
	strict := NewLogoLoader(LogoConfig{Timeout: time.Second})
	for _, f := range netguardtest.NonPublic {
		a := netip.MustParseAddr(f.Addr)
		if PublicAddress(netip.AddrPortFrom(a, 80)) {
			t.Errorf("PublicAddress(%s) = true: %s", f.Addr, f.Name)
		}
		host := net.JoinHostPort(f.Addr, "80")
		_, err := strict.Load(context.Background(), "http://"+host+"/logo.png")
		e, ok := apperr.As(err)
		if !errors.Is(err, ErrInvalidLogo) || !ok || !strings.Contains(e.Message, "private, loopback or link-local") {
			t.Errorf("Load(http://%s/logo.png) = %v, want refused as not public: %s", host, err, f.Name)
		}
	}
	for _, f := range netguardtest.Public {
		if !PublicAddress(netip.AddrPortFrom(netip.MustParseAddr(f.Addr), 80)) {
			t.Errorf("PublicAddress(%s) = false: %s", f.Addr, f.Name)
		}
	}
}
