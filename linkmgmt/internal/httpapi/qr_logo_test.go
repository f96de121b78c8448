package httpapi_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
)

// pngChunks writes a PNG of the given IHDR fields and IDAT payload.
func pngChunks(w, h int, depth, colourType byte, idat []byte) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		out.Write(n[:])
		out.WriteString(typ)
		out.Write(data)
		binary.BigEndian.PutUint32(n[:], crc32.ChecksumIEEE(append([]byte(typ), data...)))
		out.Write(n[:])
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(h))
	ihdr[8], ihdr[9] = depth, colourType
	chunk("IHDR", ihdr)
	chunk("IDAT", idat)
	chunk("IEND", nil)
	return out.Bytes()
}

// pngBomb16 is a valid 4096x4096 RGBA PNG at 16 bits per channel, all zero: about
// 160 KB that decode into 128 MB (it took 2.4 s and ~200 MB per QR code).
func pngBomb16(t testing.TB) []byte {
	t.Helper()
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	row := make([]byte, 1+4096*8)
	for range 4096 {
		zw.Write(row)
	}
	zw.Close()
	return pngChunks(4096, 4096, 16, 6, idat.Bytes())
}

// jpegDeclaring is a small JPEG whose frame header declares w x h pixels.
func jpegDeclaring(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	j := buf.Bytes()
	i := bytes.Index(j, []byte{0xff, 0xc0})
	binary.BigEndian.PutUint16(j[i+5:i+7], uint16(h))
	binary.BigEndian.PutUint16(j[i+7:i+9], uint16(w))
	return j
}

// noisyPNG is a w x h image that does not compress: the slowest honest logo to decode.
func noisyPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(r.Uint32())
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func logoEnv(t testing.TB, files map[string][]byte, cfg qr.LogoConfig) *testEnv {
	t.Helper()
	dir := t.TempDir()
	for name, raw := range files {
		if err := os.WriteFile(filepath.Join(dir, name), raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Dir = dir
	return newEnv(t, withQRLogos(cfg))
}

// TestQRLogoBombsAreRefusedFromTheirHeader: logos whose header declares more than
// 1024x1024 pixels, or a 16-bit bitmap over the decoded-bytes bound, are a 422 at once,
// for every format, on add and update; nothing is written.
func TestQRLogoBombsAreRefusedFromTheirHeader(t *testing.T) {
	gif := []byte("GIF89a\xff\xff\xff\xff\x00\x00\x00")
	env := logoEnv(t, map[string][]byte{
		"bomb16.png": pngBomb16(t),
		"wide.png":   pngChunks(5000, 1, 8, 6, nil),
		"deep.png":   pngChunks(1000, 1000, 16, 6, nil),
		"huge.jpg":   jpegDeclaring(t, 30000, 30000),
		"big.jpg":    jpegDeclaring(t, 2048, 2048),
		"huge.gif":   gif,
		"fine.png":   noisyPNG(t, 100, 60),
	}, qr.LogoConfig{})
	_, key := env.newAccount("free")
	existing := env.addQR(key, map[string]any{"type": "text", "data": "kept", "logo": "fine.png"})
	before := env.snapshot()
	tests := []struct{ file, msg string }{
		{"bomb16.png", "logo must be at most 1024x1024 pixels (got 4096x4096)"},
		{"wide.png", "logo must be at most 1024x1024 pixels (got 5000x1)"},
		{"deep.png", "logo of 1000x1000 pixels at 8 bytes per pixel would decode into 8000000 bytes; at most 4194304 (use 8 bits per channel, or fewer pixels)"},
		{"huge.jpg", "logo must be at most 1024x1024 pixels (got 30000x30000)"},
		{"big.jpg", "logo must be at most 1024x1024 pixels (got 2048x2048)"},
		{"huge.gif", "logo must be a PNG or JPEG image"},
	}
	for _, tt := range tests {
		for _, route := range []struct{ method, path string }{{http.MethodPost, "/api/qr/add"}, {http.MethodPut, "/api/qr/" + strconv.FormatInt(existing.ID, 10) + "/update"}} {
			t.Run(route.method+" "+tt.file, func(t *testing.T) {
				start := time.Now()
				res := env.do(route.method, route.path, key, map[string]any{"type": "text", "data": "x", "logo": tt.file})
				wantMessage(t, res, http.StatusUnprocessableEntity, tt.msg)
				if took := time.Since(start); took > time.Second {
					t.Errorf("refusing %s took %s", tt.file, took)
				}
			})
		}
	}
	if after := env.snapshot(); after != before {
		t.Fatalf("refused logos wrote:\nbefore %s\nafter  %s", before, after)
	}
}

// TestQRLogoDecodesAreBoundedPerReplica: concurrent QR creations with a large logo share
// a bounded number of decoding slots; a request that cannot get one within the wait is
// refused with 429 and Retry-After, writes nothing, and every other one succeeds.
func TestQRLogoDecodesAreBoundedPerReplica(t *testing.T) {
	env := logoEnv(t, map[string][]byte{"big.png": noisyPNG(t, 1024, 1024)}, qr.LogoConfig{MaxDecodes: 1, DecodeWait: time.Millisecond, MaxBytes: 8 << 20})
	_, key := env.newAccount("free")
	const calls = 10
	results := make([]response, calls)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = env.do(http.MethodPost, "/api/qr/add", key, map[string]any{"type": "text", "data": "x", "logo": "big.png"})
		}()
	}
	close(start)
	wg.Wait()
	created, busy := 0, 0
	for _, res := range results {
		switch res.Status {
		case http.StatusOK:
			created++
		case http.StatusTooManyRequests:
			busy++
			wantMessage(t, res, http.StatusTooManyRequests, "Too many logos are being processed right now; retry in a moment")
			if res.Header.Get("Retry-After") != "2" {
				t.Errorf("429 without Retry-After: %v", res.Header)
			}
		default:
			t.Fatalf("QR creation answered %d %s", res.Status, res.Body)
		}
	}
	if busy == 0 || created == 0 {
		t.Fatalf("%d created, %d refused as busy; want both (one decoding slot, 10 at once)", created, busy)
	}
	var stored int
	env.scalar(&stored, `SELECT count(*) FROM qr_codes`)
	if stored != created {
		t.Fatalf("%d codes stored, %d creations answered 200", stored, created)
	}
}
