package qr

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"image"
	"image/color"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/qr/qrtest"
)

// testLogo is a 300x200 logo with a transparent corner, normalised as stored.
func testLogo(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 300, 200))
	for y := 0; y < 200; y++ {
		for x := 0; x < 300; x++ {
			a := uint8(255)
			if x < 40 && y < 40 {
				a = 0
			}
			img.Set(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 180, A: a})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	out, err := normaliseLogo(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// renderCases are one data value per type, with characters each payload form escapes.
var renderCases = []struct {
	typ  Type
	data string
}{
	{TypeText, `"Hello, QR world; naïve café 東京 ✓\nsecond line"`},
	{TypeLink, `"https://example.com/landing?utm_source=qr&x=1"`},
	{TypePhone, `"+1 (555) 010-9999"`},
	{TypeEmail, `{"email":"sales@example.com","subject":"Price list & offer","body":"Hi,\nsend it please"}`},
	{TypeSMS, `{"phone":"+44 20 7946 0000","message":"PROMO: 10% off, today"}`},
	{TypeWiFi, `{"ssid":"Café;Net:5G","password":"p\\a;s,s:\"w0rd","encryption":"WPA","hidden":true}`},
	{TypeVCard, `{"name":"Ana Maria Souza","phone":"+55 11 99999-0000","email":"ana@example.com","company":"Souza, Filhos; Cia","title":"CEO","url":"https://souza.example","address":"Rua A, 10; São Paulo","note":"line1\nline2"}`},
}

func TestRenderedCodesScanToTheirPayload(t *testing.T) {
	logoPNG := testLogo(t)
	logo, err := decodeLogo(logoPNG)
	if err != nil {
		t.Fatal(err)
	}
	styles := []struct {
		name  string
		style Style
	}{
		{"plain", Style{Foreground: color.RGBA{0, 0, 0, 255}, Background: color.RGBA{255, 255, 255, 255}}},
		{"colours and logo", Style{Foreground: color.RGBA{20, 40, 120, 255}, Background: color.RGBA{250, 240, 200, 255}, Logo: logo}},
	}
	for _, tc := range renderCases {
		c, err := ParseContent(tc.typ, json.RawMessage(tc.data))
		if err != nil {
			t.Fatalf("%s: ParseContent: %v", tc.typ, err)
		}
		for _, st := range styles {
			t.Run(string(tc.typ)+"/"+st.name+"/png", func(t *testing.T) {
				raw, err := RenderPNG(c.Payload, st.style)
				if err != nil {
					t.Fatalf("RenderPNG: %v", err)
				}
				got, err := qrtest.DecodePNG(raw)
				if err != nil {
					t.Fatalf("scan: %v", err)
				}
				if got != c.Payload {
					t.Fatalf("scanned %q, want %q", got, c.Payload)
				}
				img, _ := png.Decode(bytes.NewReader(raw))
				checkColours(t, img, st.style)
			})
			t.Run(string(tc.typ)+"/"+st.name+"/svg", func(t *testing.T) {
				raw, err := RenderSVG(c.Payload, st.style)
				if err != nil {
					t.Fatalf("RenderSVG: %v", err)
				}
				checkWellFormed(t, raw)
				if st.style.Logo != nil && !bytes.Contains(raw, []byte(`xlink:href="data:image/png;base64,`)) {
					t.Fatal("svg has no embedded logo")
				}
				// The rasteriser skips the embedded logo, so this checks the modules.
				got, err := qrtest.DecodeSVG(raw)
				if err != nil {
					t.Fatalf("scan: %v", err)
				}
				if got != c.Payload {
					t.Fatalf("scanned %q, want %q", got, c.Payload)
				}
			})
		}
	}
}

// checkColours asserts the corner (quiet zone) is the background and some pixel is the
// foreground, and that with a logo the centre is neither (the logo is drawn there).
func checkColours(t *testing.T, img image.Image, st Style) {
	t.Helper()
	rgba := func(x, y int) color.RGBA {
		r, g, b, a := img.At(x, y).RGBA()
		return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	}
	if got := rgba(1, 1); got != st.Background {
		t.Errorf("corner pixel = %v, want background %v", got, st.Background)
	}
	// The top-left finder pattern's outer ring starts right after the quiet zone.
	q := quietModules*modulePixels + 2
	if got := rgba(q, q); got != st.Foreground {
		t.Errorf("finder pixel = %v, want foreground %v", got, st.Foreground)
	}
	if st.Logo != nil {
		c := img.Bounds().Dx() / 2
		if got := rgba(c, c); got == st.Foreground || got == st.Background {
			t.Errorf("centre pixel = %v: no logo drawn", got)
		}
	}
}

func checkWellFormed(t *testing.T, raw []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(raw))
	var root string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("svg is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
			if se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("root namespace = %q", se.Name.Space)
			}
		}
	}
	if root != "svg" {
		t.Fatalf("root element = %q, want svg", root)
	}
}

func TestPayloadTooLongIsAClientError(t *testing.T) {
	long := strings.Repeat("x", 1664)
	if _, err := RenderPNG(long, Style{}); err == nil || !strings.Contains(err.Error(), "too long") {
		t.Fatalf("RenderPNG(1664 bytes) = %v, want too long", err)
	}
	if err := CheckCapacity(strings.Repeat("x", 1663), false); err != nil {
		t.Fatalf("1663 bytes without logo: %v", err)
	}
	if err := CheckCapacity(strings.Repeat("x", 1274), true); err == nil {
		t.Fatal("1274 bytes with logo accepted")
	}
	if err := CheckCapacity(strings.Repeat("x", 1273), true); err != nil {
		t.Fatalf("1273 bytes with logo: %v", err)
	}
}

// BenchmarkRender measures drawing one code (what a cache miss costs): a short link and a
// full vCard, with and without a logo.
func BenchmarkRender(b *testing.B) {
	logo, err := decodeLogo(testLogo(b))
	if err != nil {
		b.Fatal(err)
	}
	vcard, err := ParseContent(TypeVCard, json.RawMessage(renderCases[6].data))
	if err != nil {
		b.Fatal(err)
	}
	payloads := map[string]string{"short-link": "https://lnk.example.com/Ab3dE9x", "vcard": vcard.Payload}
	for name, payload := range payloads {
		for _, withLogo := range []bool{false, true} {
			st := Style{Foreground: color.RGBA{0, 0, 0, 255}, Background: color.RGBA{255, 255, 255, 255}}
			suffix := ""
			if withLogo {
				st.Logo, suffix = logo, "+logo"
			}
			b.Run("png/"+name+suffix, func(b *testing.B) {
				for b.Loop() {
					if _, err := RenderPNG(payload, st); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("svg/"+name+suffix, func(b *testing.B) {
				for b.Loop() {
					if _, err := RenderSVG(payload, st); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
