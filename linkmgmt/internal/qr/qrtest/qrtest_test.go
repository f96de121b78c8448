package qrtest_test

import (
	"image/color"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr/qrtest"
)

// TestDecodeReadsSymbolsTheDetectorMisses: short links whose rendered codes ZXing's
// finder-pattern detector misreads ("versionNumber = 0", finder patterns looked for outside
// the image). Found among 3,000 random short URLs; TestQRDelete failed in CI on one like
// them. They must read back as what they encode, in both formats.
func TestDecodeReadsSymbolsTheDetectorMisses(t *testing.T) {
	st := qr.Style{Foreground: color.RGBA{0, 0, 0, 255}, Background: color.RGBA{255, 255, 255, 255}}
	for _, url := range []string{
		"http://127.0.0.1:44070/veuUh4",
		"http://127.0.0.1:35194/8mUgc1",
		"http://127.0.0.1:56073/zw7ZfJ",
		"http://127.0.0.1:59053/o9XyA9",
	} {
		png, err := qr.RenderPNG(url, st)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := qrtest.DecodePNG(png); err != nil || got != url {
			t.Errorf("png of %s reads %q, %v", url, got, err)
		}
		svg, err := qr.RenderSVG(url, st)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := qrtest.DecodeSVG(svg); err != nil || got != url {
			t.Errorf("svg of %s reads %q, %v", url, got, err)
		}
	}
}
