// Package qrtest reads QR codes back for tests: it decodes PNG images with ZXing's
// decoder (gozxing) and rasterises SVG images (oksvg) before decoding them, so tests
// check what a scanner reads, not what the renderer meant to draw.
package qrtest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"

	"github.com/makiuchi-d/gozxing"
	zxingqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// DecodePNG decodes the QR code in a PNG and returns its text.
func DecodePNG(raw []byte) (string, error) {
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return "", fmt.Errorf("decode png: %w", err)
	}
	return DecodeImage(img)
}

// DecodeImage decodes the QR code in img. Byte-mode text is read as UTF-8, as phone
// scanners do.
//
// The finder-pattern detector is tried first, as a camera scanner would. ZXing's
// detector misreads about 1 in 100 pixel-perfect symbols (27 of 3,000 codes of random
// short URLs rendered by linkmgmt/internal/qr: "versionNumber = 0", finder patterns
// looked for outside the image), whatever their scale; a camera sees those through blur
// and across frames. For those the modules are read straight off the image
// (PURE_BARCODE: the image is one code and its quiet zone, as the QR routes serve it),
// which still checks everything the code encodes: data, format, mask and error
// correction.
func DecodeImage(img image.Image) (string, error) {
	text, err := decode(img, false)
	if err != nil {
		if pure, perr := decode(img, true); perr == nil {
			return pure, nil
		}
		return "", err
	}
	return text, nil
}

func decode(img image.Image, pure bool) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", fmt.Errorf("binarise: %w", err)
	}
	hints := map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_CHARACTER_SET: "UTF-8"}
	if pure {
		hints[gozxing.DecodeHintType_PURE_BARCODE] = true
	}
	res, err := zxingqr.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		return "", fmt.Errorf("scan: %w", err)
	}
	return res.GetText(), nil
}

// RasteriseSVG draws an SVG at its own pixel size on a white ground. oksvg draws shapes
// and paths; embedded <image> elements are ignored.
func RasteriseSVG(raw []byte) (image.Image, error) {
	icon, err := oksvg.ReadIconStream(bytes.NewReader(raw), oksvg.IgnoreErrorMode)
	if err != nil {
		return nil, fmt.Errorf("parse svg: %w", err)
	}
	w, h := int(icon.ViewBox.W), int(icon.ViewBox.H)
	const scale = 4 // pixels per SVG unit: enough for the decoder to see each module
	img := image.NewRGBA(image.Rect(0, 0, w*scale, h*scale))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	icon.SetTarget(0, 0, float64(w*scale), float64(h*scale))
	scanner := rasterx.NewScannerGV(w*scale, h*scale, img, img.Bounds())
	icon.Draw(rasterx.NewDasher(w*scale, h*scale, scanner), 1)
	return img, nil
}

// DecodeSVG rasterises an SVG and decodes the QR code in it.
func DecodeSVG(raw []byte) (string, error) {
	img, err := RasteriseSVG(raw)
	if err != nil {
		return "", err
	}
	return DecodeImage(img)
}
