package qr

import (
	"fmt"
	"image/color"
	"math"
	"regexp"
	"strconv"
)

// Default colours of a code: black modules on white.
const (
	DefaultBackground = "rgb(255,255,255)"
	DefaultForeground = "rgb(0,0,0)"
)

// minContrast is the lowest foreground/background contrast ratio accepted (WCAG's 3:1
// for graphical objects): below it phone cameras stop separating modules reliably.
const minContrast = 3.0

var rgbPattern = regexp.MustCompile(`^\s*rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)\s*$`)

// parseColour reads "rgb(r,g,b)" with each channel 0..255. field names the request
// field in the error message.
func parseColour(field, raw string) (color.RGBA, error) {
	m := rgbPattern.FindStringSubmatch(raw)
	if m == nil {
		return color.RGBA{}, ErrInvalidColour.Withf("%s must be a colour written rgb(r,g,b), e.g. rgb(0,0,0); got %q", field, raw)
	}
	var c [3]uint8
	for i := range c {
		v, _ := strconv.Atoi(m[i+1])
		if v > 255 {
			return color.RGBA{}, ErrInvalidColour.Withf("%s: each rgb channel must be between 0 and 255; got %q", field, raw)
		}
		c[i] = uint8(v)
	}
	return color.RGBA{R: c[0], G: c[1], B: c[2], A: 255}, nil
}

// formatColour is the stored, canonical form of a colour.
func formatColour(c color.RGBA) string {
	return fmt.Sprintf("rgb(%d,%d,%d)", c.R, c.G, c.B)
}

// hexColour is the colour as #rrggbb (SVG attributes).
func hexColour(c color.RGBA) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// checkContrast refuses colour pairs a scanner cannot tell apart, and inverted codes
// (light modules on a dark ground), which many phone scanners do not read.
func checkContrast(fg, bg color.RGBA) error {
	if luminance(fg) > luminance(bg) {
		return ErrInvalidColour.Withf("foreground must be darker than background: many scanners cannot read light modules on a dark ground")
	}
	if r := contrastRatio(fg, bg); r < minContrast {
		return ErrInvalidColour.Withf("foreground and background are too similar to scan (contrast %.2f:1, at least %.0f:1 is needed)", r, minContrast)
	}
	return nil
}

// contrastRatio is the WCAG 2 contrast ratio of two colours, from 1 to 21.
func contrastRatio(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}
