package qr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	xdraw "golang.org/x/image/draw"
)

// Logo limits.
const (
	DefaultLogoMaxBytes = 1 << 20
	DefaultLogoTimeout  = 5 * time.Second
	// maxLogoPixels bounds the decoded size, so a small file that decompresses into a
	// huge bitmap is refused before it is decoded.
	maxLogoPixels = 4096 * 4096
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
}

// LogoLoader turns a logo reference (a path under the logo directory or an http(s) URL)
// into a normalised PNG.
type LogoLoader struct {
	cfg    LogoConfig
	client *http.Client
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
				return apperr.New(apperr.Invalid, "logo URL redirects more than %d times", maxRedirects)
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return apperr.New(apperr.Invalid, "logo URL redirects to a %s: address; only http and https are fetched", req.URL.Scheme)
			}
			return nil
		},
	}
	return &LogoLoader{cfg: cfg, client: client}
}

// Load reads the logo ref names and returns it as a PNG whose longest side is at most
// 512 px. Every failure the client can fix is an apperr.Invalid.
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
		return nil, apperr.New(apperr.Invalid, "logo must be an http(s) URL or a path under the logo directory")
	default:
		raw, err = l.readLocal(ref)
	}
	if err != nil {
		return nil, err
	}
	return normaliseLogo(raw)
}

// readLocal opens ref inside the logo directory. os.OpenInRoot refuses any path that
// leaves the directory, through ".." or through a symbolic link.
func (l *LogoLoader) readLocal(ref string) ([]byte, error) {
	if l.cfg.Dir == "" {
		return nil, apperr.New(apperr.Invalid, "logo: local paths are not enabled on this server; send an http(s) URL")
	}
	name := filepath.FromSlash(ref)
	if filepath.IsAbs(name) {
		rel, err := filepath.Rel(l.cfg.Dir, name)
		if err != nil {
			return nil, apperr.New(apperr.Invalid, "logo path must be inside the logo directory")
		}
		name = rel
	}
	if !filepath.IsLocal(name) {
		return nil, apperr.New(apperr.Invalid, "logo path must be inside the logo directory")
	}
	f, err := os.OpenInRoot(l.cfg.Dir, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, apperr.New(apperr.Invalid, "logo file %q not found", ref)
	}
	if err != nil {
		// Symbolic links out of the directory land here too.
		return nil, apperr.Wrap(apperr.Invalid, err, "logo path must be a readable file inside the logo directory")
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil, apperr.New(apperr.Invalid, "logo %q is not a regular file", ref)
	}
	if info.Size() > l.cfg.MaxBytes {
		return nil, apperr.New(apperr.Invalid, "logo is larger than %d bytes", l.cfg.MaxBytes)
	}
	return readCapped(f, l.cfg.MaxBytes)
}

// fetch downloads an http(s) logo within the size cap and the time-out, connecting only
// to addresses the dial guard allows.
func (l *LogoLoader) fetch(ctx context.Context, ref string) ([]byte, error) {
	u, err := url.Parse(ref)
	if err != nil || u.Host == "" {
		return nil, apperr.New(apperr.Invalid, "logo URL %q is not a valid URL", ref)
	}
	ctx, cancel := context.WithTimeout(ctx, l.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, apperr.New(apperr.Invalid, "logo URL %q is not a valid URL", ref)
	}
	req.Header.Set("Accept", "image/png, image/jpeg")
	req.Header.Set("User-Agent", "linkmgmt-qr-logo/1")
	res, err := l.client.Do(req)
	if err != nil {
		return nil, l.fetchError(err)
	}
	defer res.Body.Close()
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return nil, apperr.New(apperr.Invalid, "logo URL answered HTTP %d", res.StatusCode)
	}
	if res.ContentLength > l.cfg.MaxBytes {
		return nil, apperr.New(apperr.Invalid, "logo is larger than %d bytes", l.cfg.MaxBytes)
	}
	raw, err := readCapped(res.Body, l.cfg.MaxBytes)
	if err != nil && !apperr.Is(err, apperr.Invalid) {
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
		return apperr.Wrap(apperr.Invalid, err, "logo URL leads to a private, loopback or link-local address; only public addresses are fetched")
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()):
		return apperr.Wrap(apperr.Invalid, err, "logo URL did not answer within %s", l.cfg.Timeout)
	default:
		return apperr.Wrap(apperr.Invalid, err, "logo URL could not be fetched")
	}
}

// readCapped reads r, refusing more than max bytes.
func readCapped(r io.Reader, max int64) ([]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("read logo: %w", err)
	}
	if int64(len(raw)) > max {
		return nil, apperr.New(apperr.Invalid, "logo is larger than %d bytes", max)
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
		return nil, apperr.New(apperr.Invalid, "logo must be a PNG or JPEG image")
	}
	cfg, err := decodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, apperr.Wrap(apperr.Invalid, err, "logo is not a readable PNG or JPEG image")
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxLogoPixels {
		return nil, apperr.New(apperr.Invalid, "logo must be at most %d pixels (got %dx%d)", maxLogoPixels, cfg.Width, cfg.Height)
	}
	img, err := decode(bytes.NewReader(raw))
	if err != nil {
		return nil, apperr.Wrap(apperr.Invalid, err, "logo is not a readable PNG or JPEG image")
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
