package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestProtectedLinkShowsOnlyItsAddressOnEveryPublicSurface: a password-protected link
// that is public, in a public campaign with a rotator, with a QR code, is loaded without
// the password on every surface anyone may load: the redirect (browser, HEAD, crawlers
// and link previews), the statistics page /{alias}+, the campaign list /u/{slug}, the
// rotator /r/{slug} and the QR images. None shows its title, description, meta card
// (title, description, image) or destination (issue 23: the statistics page showed the
// title the preview card hid). The short URL is what they may show.
func TestProtectedLinkShowsOnlyItsAddressOnEveryPublicSurface(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	campaignID := env.newCampaign(key, map[string]any{"name": "spring", "slug": "spring", "public": true})
	secrets := map[string]string{
		"meta title":       "Secret offer title",
		"meta description": "Secret description of the offer",
		"description":      "Secret campaign blurb",
		"meta image":       "https://img.example/secret-card.png",
		"destination":      "https://dest.example/secret-path",
	}
	_, short := env.createLink(key, map[string]any{"url": secrets["destination"], "custom": "locked", "status": "public", "password": "hunter22",
		"metatitle": secrets["meta title"], "metadescription": secrets["meta description"], "description": secrets["description"],
		"metaimage": secrets["meta image"], "campaign": campaignID})
	var qr struct{ ID int64 }
	env.do(http.MethodPost, "/api/qr/add", key, map[string]any{"type": "link", "data": "https://e.org/menu"}).JSON(t, &qr)
	var qrLink int64
	env.scalar(&qrLink, `SELECT link_id FROM qr_codes WHERE id = ?`, qr.ID)
	wantStatus(t, env.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", qrLink), key, map[string]any{"password": "hunter22",
		"metatitle": secrets["meta title"], "description": secrets["description"]}), http.StatusOK)

	surfaces := []struct {
		name string
		v    visit
		want int
	}{
		{"redirect", visit{path: "/locked"}, http.StatusOK},
		{"redirect HEAD", visit{method: http.MethodHead, path: "/locked"}, http.StatusOK},
		{"statistics page", visit{path: "/locked+"}, http.StatusOK},
		{"campaign list", visit{path: "/u/spring"}, http.StatusOK},
		{"campaign list by id", visit{path: fmt.Sprintf("/u/%d", campaignID)}, 0},
		{"rotator", visit{path: "/r/spring"}, http.StatusFound},
		{"QR PNG", visit{path: fmt.Sprintf("/qr/%d.png", qr.ID)}, http.StatusOK},
		{"QR SVG", visit{path: fmt.Sprintf("/qr/%d.svg", qr.ID)}, http.StatusOK},
	}
	for _, ua := range []string{uaFacebook, uaTwitterbot, uaSlack, uaGooglebot, uaIPhone, "WhatsApp/2.23.20.0", "TelegramBot (like TwitterBot)", "Discordbot/2.0", "LinkedInBot/1.0"} {
		surfaces = append(surfaces, struct {
			name string
			v    visit
			want int
		}{"redirect as " + ua, visit{path: "/locked", header: map[string]string{"User-Agent": ua}}, http.StatusOK})
	}
	for _, s := range surfaces {
		t.Run(s.name, func(t *testing.T) {
			res := env.visit(s.v)
			if s.want != 0 && res.Status != s.want {
				t.Fatalf("status %d, want %d; body %.300s", res.Status, s.want, res.Body)
			}
			seen := string(res.Body) + " " + res.Header.Get("Location")
			for what, secret := range secrets {
				if strings.Contains(seen, secret) || strings.Contains(seen, strings.ReplaceAll(secret, "/", `\/`)) {
					t.Errorf("shows the %s %q", what, secret)
				}
			}
		})
	}
	// What they may show: the short URL; the statistics page is still there, named by it.
	if body := string(env.visit(visit{path: "/locked+"}).Body); !strings.Contains(body, short) || !strings.Contains(body, ">locked</h1>") {
		t.Errorf("the statistics page does not name the link by its alias and short URL:\n%.2000s", body)
	}
	if body := string(env.visit(visit{path: "/u/spring"}).Body); !strings.Contains(body, `href="`+short+`"`) || !strings.Contains(body, ">locked</a>") {
		t.Errorf("the campaign list does not list the link by its alias:\n%.2000s", body)
	}
	// A public link whose statistics page was just shown (its numbers are cached for a
	// minute) hides its title the moment it gets a password.
	openID, _ := env.createLink(key, map[string]any{"url": "https://dest.example/open", "custom": "open", "status": "public", "metatitle": "Soon secret"})
	if body := string(env.visit(visit{path: "/open+"}).Body); !strings.Contains(body, "Soon secret") {
		t.Fatalf("the open link's statistics page lacks its title:\n%.1000s", body)
	}
	wantStatus(t, env.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", openID), key, map[string]any{"password": "hunter22"}), http.StatusOK)
	if body := string(env.visit(visit{path: "/open+"}).Body); strings.Contains(body, "Soon secret") {
		t.Errorf("the title shows after the password was set:\n%.1000s", body)
	}
	// With the password, the visitor gets the link.
	if res := env.visit(visit{path: "/locked", form: map[string][]string{"password": {"hunter22"}}}); res.Status != http.StatusFound || res.Header.Get("Location") != secrets["destination"] {
		t.Errorf("with the password: %d %q", res.Status, res.Header.Get("Location"))
	}
}
