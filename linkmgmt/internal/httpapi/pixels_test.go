package httpapi_test

import (
	"fmt"
	"net/http"
	"regexp"
	"testing"
)

func TestPixelAdd(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")

	valid := []struct{ typ, tag string }{
		{"gtmpixel", "GTM-ABC1234"},
		{"gapixel", "G-ABC123DEF4"},
		{"gapixel", "UA-12345678-1"},
		{"fbpixel", "123456789012345"},
		{"adwordspixel", "AW-123456789"},
		{"adwordspixel", "AW-123456789/AbC-dEf_1"},
		{"linkedinpixel", "1234567"},
		{"twitterpixel", "o1a2b"},
		{"adrollpixel", "ABCDEFGHIJKLMNOPQRSTUV/WXYZ"},
		{"quorapixel", "0123456789abcdef0123456789abcdef"},
		{"pinterest", "2612345678901"},
		{"bing", "12345678"},
		{"snapchat", "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"},
		{"reddit", "t2_abc123"},
		{"tiktok", "C4ABCDEFGHIJKLMNOP12"},
	}
	for _, tt := range valid {
		t.Run("valid "+tt.typ+" "+tt.tag, func(t *testing.T) {
			b := wantStatus(t, env.do(http.MethodPost, "/api/pixel/add", key, map[string]any{"type": tt.typ, "name": "My " + tt.typ, "tag": tt.tag}), http.StatusOK)
			if b.ID < 1 {
				t.Fatalf("id = %d", b.ID)
			}
		})
	}

	invalid := []struct {
		name string
		body map[string]any
		msg  string
	}{
		{"type missing", map[string]any{"name": "x", "tag": "1"}, "type is required"},
		{"unknown type", map[string]any{"type": "myspace", "name": "x", "tag": "1"}, "type must be one of gtmpixel, gapixel, fbpixel, adwordspixel, linkedinpixel, twitterpixel, adrollpixel, quorapixel, pinterest, bing, snapchat, reddit, tiktok"},
		{"name missing", map[string]any{"type": "fbpixel", "tag": "123456789012345"}, "name is required"},
		{"tag missing", map[string]any{"type": "fbpixel", "name": "x"}, "tag is required"},
		{"GTM id without prefix", map[string]any{"type": "gtmpixel", "name": "x", "tag": "ABC1234"}, "tag must be a Google Tag Manager container id such as GTM-ABC1234"},
		{"GA id malformed", map[string]any{"type": "gapixel", "name": "x", "tag": "GA-123"}, "tag must be a Google Analytics id such as G-ABC123DEF4 or UA-12345678-1"},
		{"Facebook id with letters", map[string]any{"type": "fbpixel", "name": "x", "tag": "12345abc67890"}, "tag must be a Facebook pixel id (10 to 20 digits)"},
		{"Snapchat id not a UUID", map[string]any{"type": "snapchat", "name": "x", "tag": "abc"}, "tag must be a Snap pixel id (a UUID)"},
		{"markup in a free-form tag", map[string]any{"type": "twitterpixel", "name": "x", "tag": "<script>alert(1)</script>"}, "tag must be 1 to 128 letters, digits or . _ - / :"},
	}
	for _, tt := range invalid {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPost, "/api/pixel/add", key, tt.body), http.StatusUnprocessableEntity, tt.msg)
		})
	}
}

type pixelListBody struct {
	Data struct {
		Pixels []struct {
			ID   int64  `json:"id"`
			Type string `json:"type"`
			Name string `json:"name"`
			Tag  string `json:"tag"`
			Date string `json:"date"`
		} `json:"pixels"`
	} `json:"data"`
}

func TestPixelListUpdateDelete(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	_, otherKey := env.newAccount("free")
	created := wantStatus(t, env.do(http.MethodPost, "/api/pixel/add", key, map[string]any{"type": "gtmpixel", "name": "Site GTM", "tag": "GTM-ABC1234"}), http.StatusOK)
	path := fmt.Sprintf("/api/pixel/%d", created.ID)

	var list pixelListBody
	res := env.do(http.MethodGet, "/api/pixels", key, nil)
	wantStatus(t, res, http.StatusOK)
	res.JSON(t, &list)
	if len(list.Data.Pixels) != 1 {
		t.Fatalf("pixels = %s", res.Body)
	}
	p := list.Data.Pixels[0]
	if p.ID != created.ID || p.Type != "gtmpixel" || p.Name != "Site GTM" || p.Tag != "GTM-ABC1234" || !regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`).MatchString(p.Date) {
		t.Fatalf("pixel = %+v", p)
	}

	tests := []struct {
		name, key, path string
		body            any
		status          int
		msg             string
	}{
		{"tag required", key, path + "/update", map[string]any{"name": "x"}, http.StatusUnprocessableEntity, "tag is required"},
		{"tag checked against the pixel's type", key, path + "/update", map[string]any{"tag": "123"}, http.StatusUnprocessableEntity, "tag must be a Google Tag Manager container id such as GTM-ABC1234"},
		{"blank name", key, path + "/update", map[string]any{"name": "", "tag": "GTM-XYZ9876"}, http.StatusUnprocessableEntity, "name is required"},
		{"another account's pixel", otherKey, path + "/update", map[string]any{"tag": "GTM-XYZ9876"}, http.StatusNotFound, "Pixel not found"},
		{"tag only", key, path + "/update", map[string]any{"tag": "GTM-XYZ9876"}, http.StatusOK, "Pixel has been updated successfully."},
		{"name and tag", key, path + "/update", map[string]any{"name": "Renamed", "tag": "GTM-XYZ9877"}, http.StatusOK, "Pixel has been updated successfully."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPut, tt.path, tt.key, tt.body), tt.status, tt.msg)
		})
	}
	var got struct{ Name, Tag string }
	env.scalar(&got, `SELECT name, tag FROM pixels WHERE id = ?`, created.ID)
	if got.Name != "Renamed" || got.Tag != "GTM-XYZ9877" {
		t.Fatalf("pixel row = %+v", got)
	}

	t.Run("delete", func(t *testing.T) {
		link := env.insertLink(accID, "px", "https://example.com", "")
		if err := env.DB.Exec(`INSERT INTO link_pixels (link_id, pixel_id) VALUES (?, ?)`, link, created.ID).Error; err != nil {
			t.Fatal(err)
		}
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", otherKey, nil), http.StatusNotFound, "Pixel not found")
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", key, nil), http.StatusOK, "Pixel has been deleted successfully.")
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", key, nil), http.StatusNotFound, "Pixel not found")
		var uses int64
		env.scalar(&uses, `SELECT count(*) FROM link_pixels WHERE pixel_id = ?`, created.ID)
		if uses != 0 {
			t.Fatalf("%d links still carry the deleted pixel", uses)
		}
	})
}
