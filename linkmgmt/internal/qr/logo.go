package qr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/weburl"
	"github.com/loyaltylinks/platform/shared/apperr"
	xdraw "golang.org/x/image/draw"
)

// Logo limits.
const (
	DefaultLogoMaxBytes = 1 << 20
	DefaultLogoTimeout  = 5 * time.Second
	// MaxLogoSide bounds each side of a logo, read from the file's header before any
	// pixel is decoded: a logo is drawn on a fifth of the code and stored at 512 px, so
	// 1024 px is plenty, and a small file declaring a huge bitmap is refused unread.
	MaxLogoSide = 1024
	// maxLogoDecodedBytes bounds the bitmap a decode allocates: width x height x bytes
	// per pixel as the header declares them (4 for 8-bit RGBA, 8 for 16-bit RGBA, 2 for
	// 16-bit grey ...). 1024x1024 at 8 bits per channel fits; a 16-bit RGBA logo may
	// be at most about 724x724.
	maxLogoDecodedBytes = 4 << 20
	// DefaultLogoMaxDecodes is how many logos one replica decodes at once; a decode of a
	// logo at the limits costs ~10-20 MB and ~100 ms of CPU for a short moment.
	DefaultLogoMaxDecodes = 2
	// DefaultLogoDecodeWait is how long a logo waits for a decoding slot before the
	// request is refused (429, Retry-After).
	DefaultLogoDecodeWait = 2 * time.Second
	// storedLogoSide is the longest side of the stored logo; rendering scales it down
	// to the code's size.
	storedLogoSide = 512
	maxRedirects   = 3
)

// LogoConfig says where logos may come from.
type LogoConfig struct {
	// Dir holds the logos that may be named by path. Empty refuses local paths.
	Dir string
	// MaxBytes caps a logo file or download (default 1 MiB).
	MaxBytes int64
	// Timeout bounds a whole download, redirects included (default 5 s).
	Timeout time.Duration
	// AllowAddr decides which resolved address a logo URL may connect to; nil means
	// PublicAddress. Tests serving logos from 127.0.0.1 allow that address explicitly.
	AllowAddr func(netip.AddrPort) bool
	// MaxDecodes bounds the logos this replica decodes at once (default 2), so
	// concurrent uploads cannot add up to gigabytes.
	MaxDecodes int
	// DecodeWait is how long a logo waits for a decoding slot before the request is
	// refused with ErrLogosBusy (default 2 s).
	DecodeWait time.Duration
}

// LogoRetryAfter is the Retry-After (seconds) sent with ErrLogosBusy.
const LogoRetryAfter = 2

// LogoLoader turns a logo reference (a path under the logo directory or an http(s) URL)
// into a normalised PNG.
type LogoLoader struct {
	cfg     LogoConfig
	client  *http.Client
	decodes chan struct{} // a token per logo being decoded
}

// NewLogoLoader returns a loader with cfg's defaults filled in.
func NewLogoLoader(cfg LogoConfig) *LogoLoader {
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultLogoMaxBytes
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultLogoTimeout
	}
	if cfg.AllowAddr == nil {
		cfg.AllowAddr = PublicAddress
	}
	if cfg.MaxDecodes <= 0 {
		cfg.MaxDecodes = DefaultLogoMaxDecodes
	}
	if cfg.DecodeWait <= 0 {
		cfg.DecodeWait = DefaultLogoDecodeWait
	}
	dialer := &net.Dialer{Timeout: cfg.Timeout, Control: dialGuard(cfg.AllowAddr)}
	transport := &http.Transport{
		Proxy:                  nil, // a proxy would make the guard check the proxy, not the target
		DialContext:            dialer.DialContext,
		TLSHandshakeTimeout:    cfg.Timeout,
		ResponseHeaderTimeout:  cfg.Timeout,
		MaxResponseHeaderBytes: 64 << 10,
		MaxIdleConns:           10,
		IdleConnTimeout:        30 * time.Second,
	}
	client := &http.Client{
		Transport: transport,
		Timeout:   cfg.Timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > maxRedirects {
				return ErrInvalidLogo.Withf("logo URL redirects more than %d times", maxRedirects)
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return ErrInvalidLogo.Withf("logo URL redirects to a %s: address; only http and https are fetched", req.URL.Scheme)
			}
			return nil
		},
	}
	return &LogoLoader{cfg: cfg, client: client, decodes: make(chan struct{}, cfg.MaxDecodes)}
}

// Load reads the logo ref names and returns it as a PNG whose longest side is at most
// 512 px. Every failure the client can fix is an ErrInvalidLogo.
func (l *LogoLoader) Load(ctx context.Context, ref string) ([]byte, error) {
	ref = strings.TrimSpace(ref)
	var (
		raw []byte
		err error
	)
	switch {
	case strings.HasPrefix(strings.ToLower(ref), "http://"), strings.HasPrefix(strings.ToLower(ref), "https://"):
		raw, err = l.fetch(ctx, ref)
	case strings.Contains(ref, "://") || strings.HasPrefix(strings.ToLower(ref), "data:"):
		return nil, ErrInvalidLogo.Withf("logo must be an http(s) URL or a path under the logo directory")
	default:
		raw, err = l.readLocal(ref)
	}
	if err != nil {
		return nil, err
	}
	decode, err := checkLogoHeader(raw)
	if err != nil {
		return nil, err
	}
	// Only the decode holds a slot: downloads wait on the network, not on memory.
	release, err := l.acquireDecode(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	return normalise(raw, decode)
}

// acquireDecode takes a decoding slot, waiting at most DecodeWait for one.
func (l *LogoLoader) acquireDecode(ctx context.Context) (release func(), err error) {
	release = func() { <-l.decodes }
	select {
	case l.decodes <- struct{}{}:
		return release, nil
	default:
	}
	wait := time.NewTimer(l.cfg.DecodeWait)
	defer wait.Stop()
	select {
	case l.decodes <- struct{}{}:
		return release, nil
	case <-wait.C:
		return nil, ErrLogosBusy
	case <-ctx.Done():
		return nil, fmt.Errorf("wait for a logo decoding slot: %w", ctx.Err())
	}
}

// readLocal opens ref inside the logo directory. os.OpenInRoot refuses any path that
// leaves the directory, through ".." or through a symbolic link.
func (l *LogoLoader) readLocal(ref string) ([]byte, error) {
	if l.cfg.Dir == "" {
		return nil, ErrInvalidLogo.Withf("logo: local paths are not enabled on this server; send an http(s) URL")
	}
	name := filepath.FromSlash(ref)
	if filepath.IsAbs(name) {
		rel, err := filepath.Rel(l.cfg.Dir, name)
		if err != nil {
			return nil, ErrInvalidLogo.Withf("logo path must be inside the logo directory")
		}
		name = rel
	}
	if !filepath.IsLocal(name) {
		return nil, ErrInvalidLogo.Withf("logo path must be inside the logo directory")
	}
	f, err := os.OpenInRoot(l.cfg.Dir, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrInvalidLogo.Withf("logo file %q not found", ref)
	}
	if err != nil {
		// Symbolic links out of the directory land here too.
		return nil, ErrInvalidLogo.Withf("logo path must be a readable file inside the logo directory").Because(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil, ErrInvalidLogo.Withf("logo %q is not a regular file", ref)
	}
	if info.Size() > l.cfg.MaxBytes {
		return nil, ErrInvalidLogo.Withf("logo is larger than %d bytes", l.cfg.MaxBytes)
	}
	return readCapped(f, l.cfg.MaxBytes)
}

// fetch downloads an http(s) logo within the size cap and the time-out, connecting only
// to addresses the dial guard allows.
func (l *LogoLoader) fetch(ctx context.Context, ref string) ([]byte, error) {
	_, u, msg := weburl.Parse(ref)
	if msg != "" {
		return nil, ErrInvalidLogo.Withf("logo URL %s", msg)
	}
	ctx, cancel := context.WithTimeout(ctx, l.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, ErrInvalidLogo.Withf("logo URL %q is not a valid URL", ref)
	}
	req.Header.Set("Accept", "image/png, image/jpeg")
	req.Header.Set("User-Agent", "linkmgmt-qr-logo/1")
	res, err := l.client.Do(req)
	if err != nil {
		return nil, l.fetchError(err)
	}
	defer res.Body.Close()
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return nil, ErrInvalidLogo.Withf("logo URL answered HTTP %d", res.StatusCode)
	}
	if res.ContentLength > l.cfg.MaxBytes {
		return nil, ErrInvalidLogo.Withf("logo is larger than %d bytes", l.cfg.MaxBytes)
	}
	raw, err := readCapped(res.Body, l.cfg.MaxBytes)
	if err != nil && !errors.Is(err, ErrInvalidLogo) {
		return nil, l.fetchError(err)
	}
	return raw, err
}

// fetchError explains a failed download to the client without internal detail.
func (l *LogoLoader) fetchError(err error) error {
	var blocked *blockedAddressError
	var ae *apperr.Error
	var netErr net.Error
	switch {
	case errors.As(err, &blocked):
		return ErrInvalidLogo.Withf("logo URL leads to a private, loopback or link-local address; only public addresses are fetched").Because(err)
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()):
		return ErrInvalidLogo.Withf("logo URL did not answer within %s", l.cfg.Timeout).Because(err)
	default:
		return ErrInvalidLogo.Withf("logo URL could not be fetched").Because(err)
	}
}

// readCapped reads r, refusing more than max bytes.
func readCapped(r io.Reader, max int64) ([]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("read logo: %w", err)
	}
	if int64(len(raw)) > max {
		return nil, ErrInvalidLogo.Withf("logo is larger than %d bytes", max)
	}
	return raw, nil
}

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	jpegMagic = []byte{0xff, 0xd8, 0xff}
)

// normaliseLogo decodes a PNG or JPEG (nothing else: the format is read from the bytes,
// not from a name or a Content-Type) and re-encodes it as a PNG of at most 512 px.
func normaliseLogo(raw []byte) ([]byte, error) {
	decode, err := checkLogoHeader(raw)
	if err != nil {
		return nil, err
	}
	return normalise(raw, decode)
}

// checkLogoHeader reads the format, the dimensions and the pixel layout from the file's
// header (image.DecodeConfig reads no pixel data) and refuses what would decode into more
// than MaxLogoSide a side or maxLogoDecodedBytes. It returns the decoder to use.
func checkLogoHeader(raw []byte) (func(io.Reader) (image.Image, error), error) {
	var (
		decodeConfig func(io.Reader) (image.Config, error)
		decode       func(io.Reader) (image.Image, error)
	)
	switch {
	case bytes.HasPrefix(raw, pngMagic):
		decodeConfig, decode = png.DecodeConfig, png.Decode
	case bytes.HasPrefix(raw, jpegMagic):
		decodeConfig, decode = jpeg.DecodeConfig, jpeg.Decode
	default:
		return nil, ErrInvalidLogo.Withf("logo must be a PNG or JPEG image")
	}
	cfg, err := decodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, ErrInvalidLogo.Withf("logo is not a readable PNG or JPEG image").Because(err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxLogoSide || cfg.Height > MaxLogoSide {
		return nil, ErrInvalidLogo.Withf("logo must be at most %dx%d pixels (got %dx%d)", MaxLogoSide, MaxLogoSide, cfg.Width, cfg.Height)
	}
	if size := int64(cfg.Width) * int64(cfg.Height) * int64(bytesPerPixel(cfg.ColorModel)); size > maxLogoDecodedBytes {
		return nil, ErrInvalidLogo.Withf("logo of %dx%d pixels at %d bytes per pixel would decode into %d bytes; at most %d (use 8 bits per channel, or fewer pixels)",
			cfg.Width, cfg.Height, bytesPerPixel(cfg.ColorModel), size, maxLogoDecodedBytes)
	}
	return decode, nil
}

// bytesPerPixel is what the standard decoders allocate per pixel for a colour model.
func bytesPerPixel(m color.Model) int {
	switch m {
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	case color.YCbCrModel:
		return 3 // 4:4:4 at most
	case color.Gray16Model:
		return 2
	case color.GrayModel, color.AlphaModel:
		return 1
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8 // unknown: assume the widest
}

// normalise decodes raw with decode (after checkLogoHeader) and re-encodes it as a PNG
// of at most 512 px.
func normalise(raw []byte, decode func(io.Reader) (image.Image, error)) ([]byte, error) {
	img, err := decode(bytes.NewReader(raw))
	if err != nil {
		return nil, ErrInvalidLogo.Withf("logo is not a readable PNG or JPEG image").Because(err)
	}
	scaled := scaleToFit(img, storedLogoSide)
	var buf bytes.Buffer
	if err := png.Encode(&buf, scaled); err != nil {
		return nil, fmt.Errorf("encode logo: %w", err)
	}
	return buf.Bytes(), nil
}

// scaleToFit returns img scaled (keeping its aspect ratio) so its longest side is at
// most side pixels, as NRGBA.
func scaleToFit(img image.Image, side int) *image.NRGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > side || h > side {
		if w >= h {
			w, h = side, max(1, h*side/w)
		} else {
			w, h = max(1, w*side/h), side
		}
	}
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, xdraw.Src, nil)
	return dst
}
