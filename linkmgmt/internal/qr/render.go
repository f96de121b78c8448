package qr

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"strings"

	qrcode "github.com/yeqown/go-qrcode/v2"
	"github.com/yeqown/go-qrcode/writer/standard"
)

// Image formats served at /qr/{id}.{format}.
const (
	FormatPNG = "png"
	FormatSVG = "svg"
)

// Geometry of a rendered code.
const (
	modulePixels = 10 // side of one module in the PNG (and of one SVG user unit, in px)
	quietModules = 4  // the standard's quiet zone around the symbol
	// logoFraction: the logo plate is at most 1/logoFraction of the image side. With
	// error correction H (30% of codewords recoverable) a plate of a fifth of the side
	// (4% of the area, more of the symbol but still well inside what H repairs) keeps
	// the code readable; go-qrcode refuses larger logos for the same reason.
	logoFraction = 5
	// renderVersion changes whenever the drawing changes, so ETags change with it.
	renderVersion = "1"
)

// Style is how a code is drawn.
type Style struct {
	Foreground color.RGBA
	Background color.RGBA
	Logo       image.Image // nil: no logo
}

// maxPayloadBytes is the capacity of a version 40 symbol in byte mode.
var maxPayloadBytes = map[bool]int{false: 1663, true: 1273} // key: has a logo (level Q / H)

// symbol encodes payload in byte mode (UTF-8, read the same by every scanner) at error
// correction Q, or H when a logo covers the middle.
func symbol(payload string, withLogo bool) (*qrcode.QRCode, error) {
	level := qrcode.ErrorCorrectionQuart
	if withLogo {
		level = qrcode.ErrorCorrectionHighest
	}
	if n, limit := len(payload), maxPayloadBytes[withLogo]; n > limit {
		return nil, tooLong(n, limit, withLogo)
	}
	code, err := qrcode.NewWith(payload, qrcode.WithEncodingMode(qrcode.EncModeByte), qrcode.WithErrorCorrectionLevel(level))
	if err != nil {
		return nil, ErrInvalidData.Withf("data cannot be encoded in a QR code").Because(err)
	}
	return code, nil
}

func tooLong(n, limit int, withLogo bool) error {
	level := "Q"
	if withLogo {
		level = "H (used with a logo)"
	}
	return ErrInvalidData.Withf("data is too long for a QR code: the payload is %d bytes, at most %d fit at error correction %s", n, limit, level)
}

// CheckCapacity reports whether payload fits in a code (with or without a logo).
func CheckCapacity(payload string, withLogo bool) error {
	_, err := symbol(payload, withLogo)
	return err
}

// RenderPNG draws the code with go-qrcode's standard writer: st's colours, a 4-module
// quiet zone, and the logo centred on a plate of the background colour.
func RenderPNG(payload string, st Style) ([]byte, error) {
	code, err := symbol(payload, st.Logo != nil)
	if err != nil {
		return nil, err
	}
	side := imageSide(code.Dimension())
	opts := []standard.ImageOption{
		standard.WithBuiltinImageEncoder(standard.PNG_FORMAT),
		standard.WithQRWidth(modulePixels),
		standard.WithBorderWidth(quietModules * modulePixels),
		standard.WithFgColor(st.Foreground),
		standard.WithBgColor(st.Background),
	}
	if st.Logo != nil {
		opts = append(opts, standard.WithLogoImage(logoPlate(st.Logo, st.Background, side/logoFraction)), standard.WithLogoSizeMultiplier(logoFraction))
	}
	var buf bytes.Buffer
	if err := code.Save(standard.NewWithWriter(nopCloser{&buf}, opts...)); err != nil {
		return nil, fmt.Errorf("draw qr png: %w", err)
	}
	return buf.Bytes(), nil
}

// RenderSVG draws the code as SVG: one background rectangle, one path holding every dark
// module (runs of a row merged), and the logo, when there is one, embedded as a PNG
// data URI on a background plate, placed as in the PNG.
func RenderSVG(payload string, st Style) ([]byte, error) {
	code, err := symbol(payload, st.Logo != nil)
	if err != nil {
		return nil, err
	}
	var m matrixWriter
	if err := code.Save(&m); err != nil {
		return nil, fmt.Errorf("build qr matrix: %w", err)
	}
	n := len(m.bits) + 2*quietModules
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d" shape-rendering="crispEdges">`+"\n",
		n*modulePixels, n*modulePixels, n, n)
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%d" height="%d" fill="%s"/>`+"\n", n, n, hexColour(st.Background))
	fmt.Fprintf(&b, `<path fill="%s" d="`, hexColour(st.Foreground))
	for y, row := range m.bits {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", start+quietModules, y+quietModules, x-start, x-start)
		}
	}
	b.WriteString(`"/>` + "\n")
	if st.Logo != nil {
		// Same geometry as the PNG, in module units: the plate is a fifth of the side.
		sidePx := n * modulePixels
		platePx := sidePx / logoFraction
		plate := logoPlate(st.Logo, st.Background, platePx)
		var logoPNG bytes.Buffer
		if err := png.Encode(&logoPNG, plate); err != nil {
			return nil, fmt.Errorf("encode svg logo: %w", err)
		}
		pw, ph := float64(plate.Bounds().Dx())/modulePixels, float64(plate.Bounds().Dy())/modulePixels
		x, y := (float64(n)-pw)/2, (float64(n)-ph)/2
		fmt.Fprintf(&b, `<image x="%g" y="%g" width="%g" height="%g" preserveAspectRatio="none" xlink:href="data:image/png;base64,%s"/>`+"\n",
			x, y, pw, ph, base64.StdEncoding.EncodeToString(logoPNG.Bytes()))
	}
	b.WriteString("</svg>\n")
	return []byte(b.String()), nil
}

// imageSide is the PNG side in pixels for a symbol of dim modules.
func imageSide(dim int) int { return (dim + 2*quietModules) * modulePixels }

// logoPlate scales logo to fit a square of side px, one module of background colour
// around it, and returns it on that background plate (sized to the logo's aspect).
func logoPlate(logo image.Image, bg color.RGBA, side int) *image.NRGBA {
	margin := modulePixels
	inner := scaleToFit(logo, max(1, side-2*margin))
	w, h := inner.Bounds().Dx()+2*margin, inner.Bounds().Dy()+2*margin
	plate := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(plate, plate.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	draw.Draw(plate, inner.Bounds().Add(image.Pt(margin, margin)), inner, image.Point{}, draw.Over)
	return plate
}

// decodeLogo reads a stored (normalised) logo.
func decodeLogo(raw []byte) (image.Image, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("decode stored logo: %w", err)
	}
	return img, nil
}

// matrixWriter is a go-qrcode Writer that keeps the module matrix (bits[y][x]).
type matrixWriter struct{ bits [][]bool }

func (m *matrixWriter) Write(mat qrcode.Matrix) error {
	m.bits = mat.Bitmap()
	return nil
}

func (m *matrixWriter) Close() error { return nil }

// nopCloser lets the standard writer "close" an in-memory buffer.
type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
