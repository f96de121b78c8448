package qr

import (
	"bytes"
	"context"
	"encoding/binary"
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
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
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

// wantInvalid fails unless err is a client error whose message contains want.
func wantInvalid(t *testing.T, err error, want string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Invalid || !strings.Contains(e.Message, want) {
		t.Fatalf("err = %v, want Invalid containing %q", err, want)
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

func must(t *testing.T, err error) {
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
