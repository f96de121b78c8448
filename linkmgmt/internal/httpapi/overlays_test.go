package httpapi_test

import (
	"fmt"
	"net/http"
	"regexp"
	"testing"
)

var dateTimeShape = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)

func TestOverlays(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	_, otherKey := env.newAccount("free")

	full := map[string]any{"type": "message", "name": "Newsletter CTA", "text": "Join us", "button_label": "Sign up",
		"button_url": "https://example.com/join", "background_color": "#FFF", "text_color": "#111111", "button_color": "#ff0000"}
	created := wantStatus(t, env.do(http.MethodPost, "/api/overlay/add", key, full), http.StatusOK)
	minimal := wantStatus(t, env.do(http.MethodPost, "/api/overlay/add", key, map[string]any{"name": "Defaults"}), http.StatusOK)

	var row struct {
		Type, Name, Text, ButtonLabel, ButtonURL, BackgroundColor, TextColor, ButtonColor string
	}
	env.scalar(&row, `SELECT type, name, text, button_label, button_url, background_color, text_color, button_color FROM overlays WHERE id = ?`, created.ID)
	if row.Type != "message" || row.Text != "Join us" || row.ButtonURL != "https://example.com/join" || row.BackgroundColor != "#fff" {
		t.Fatalf("overlay row = %+v", row)
	}
	env.scalar(&row, `SELECT type, name, text, button_label, button_url, background_color, text_color, button_color FROM overlays WHERE id = ?`, minimal.ID)
	if row.Type != "message" || row.BackgroundColor != "#ffffff" || row.TextColor != "#000000" || row.ButtonColor != "#0d6efd" {
		t.Fatalf("defaults not applied: %+v", row)
	}

	t.Run("list", func(t *testing.T) {
		res := env.do(http.MethodGet, "/api/overlay", key, nil)
		wantStatus(t, res, http.StatusOK)
		var body struct {
			Data struct {
				Result int `json:"result"`
				CTA    []struct {
					ID   int64  `json:"id"`
					Type string `json:"type"`
					Name string `json:"name"`
					Date string `json:"date"`
				} `json:"cta"`
			} `json:"data"`
		}
		res.JSON(t, &body)
		if body.Data.Result != 2 || len(body.Data.CTA) != 2 {
			t.Fatalf("body %s", res.Body)
		}
		first := body.Data.CTA[0] // newest first
		if first.ID != minimal.ID || first.Type != "message" || first.Name != "Defaults" || !dateTimeShape.MatchString(first.Date) {
			t.Fatalf("first = %+v", first)
		}
	})

	path := fmt.Sprintf("/api/overlay/%d", created.ID)
	tests := []struct {
		name, method, path, key string
		body                    any
		status                  int
		msg                     string
	}{
		{"add: name required", http.MethodPost, "/api/overlay/add", key, map[string]any{"text": "x"}, http.StatusUnprocessableEntity, "name is required"},
		{"add: unknown type", http.MethodPost, "/api/overlay/add", key, map[string]any{"name": "x", "type": "poll"}, http.StatusUnprocessableEntity, "type must be one of message"},
		{"add: bad colour", http.MethodPost, "/api/overlay/add", key, map[string]any{"name": "x", "button_color": "red"}, http.StatusUnprocessableEntity, "button_color must be a HEX colour such as #1e90ff or #09f"},
		{"add: button URL not http", http.MethodPost, "/api/overlay/add", key, map[string]any{"name": "x", "button_url": "javascript:alert(1)"}, http.StatusUnprocessableEntity, "button_url must be an http or https URL"},
		{"update", http.MethodPut, path + "/update", key, map[string]any{"text": "Changed"}, http.StatusOK, "Overlay has been updated successfully."},
		{"update: blank name", http.MethodPut, path + "/update", key, map[string]any{"name": ""}, http.StatusUnprocessableEntity, "name is required"},
		{"update: another account", http.MethodPut, path + "/update", otherKey, map[string]any{"text": "x"}, http.StatusNotFound, "Overlay not found"},
		{"delete: another account", http.MethodDelete, path + "/delete", otherKey, nil, http.StatusNotFound, "Overlay not found"},
		{"delete", http.MethodDelete, path + "/delete", key, nil, http.StatusOK, "Overlay has been deleted successfully."},
		{"delete again", http.MethodDelete, path + "/delete", key, nil, http.StatusNotFound, "Overlay not found"},
		{"update deleted", http.MethodPut, path + "/update", key, map[string]any{"text": "x"}, http.StatusNotFound, "Overlay not found"},
	}
	link := env.insertLink(accID, "ov", "https://example.com", "")
	if err := env.DB.Exec(`UPDATE links SET type = ?, overlay_id = ? WHERE id = ?`, fmt.Sprintf("overlay-%d", created.ID), created.ID, link).Error; err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(tt.method, tt.path, tt.key, tt.body), tt.status, tt.msg)
		})
	}
	var overlayID *int64
	env.scalar(&overlayID, `SELECT overlay_id FROM links WHERE id = ?`, link)
	if overlayID != nil {
		t.Fatalf("link still points to deleted overlay %d", *overlayID)
	}
}

func TestSplashPages(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	_, otherKey := env.newAccount("free")

	created := wantStatus(t, env.do(http.MethodPost, "/api/splash/add", key, map[string]any{
		"name": "Launch", "title": "We launched", "message": "Have a look", "image_url": "https://cdn.example.com/a.png",
		"countdown": 0, "button_label": "Shop", "button_url": "https://example.com/shop"}), http.StatusOK)
	minimal := wantStatus(t, env.do(http.MethodPost, "/api/splash/add", key, map[string]any{"name": "Plain"}), http.StatusOK)

	var countdowns []int
	env.scalar(&countdowns, `SELECT countdown FROM splash_pages WHERE id IN (?, ?) ORDER BY id`, created.ID, minimal.ID)
	if len(countdowns) != 2 || countdowns[0] != 0 || countdowns[1] != 5 {
		t.Fatalf("countdowns = %v, want [0 5] (a 0 sent is kept, absent is the default 5)", countdowns)
	}

	res := env.do(http.MethodGet, "/api/splash", key, nil)
	wantStatus(t, res, http.StatusOK)
	var body struct {
		Data struct {
			Splash []struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
				Date string `json:"date"`
			} `json:"splash"`
		} `json:"data"`
	}
	res.JSON(t, &body)
	if len(body.Data.Splash) != 2 || body.Data.Splash[1].ID != created.ID || body.Data.Splash[1].Name != "Launch" || !dateTimeShape.MatchString(body.Data.Splash[1].Date) {
		t.Fatalf("body %s", res.Body)
	}

	path := fmt.Sprintf("/api/splash/%d", created.ID)
	tests := []struct {
		name, method, path, key string
		body                    any
		status                  int
		msg                     string
	}{
		{"add: name required", http.MethodPost, "/api/splash/add", key, map[string]any{"title": "x"}, http.StatusUnprocessableEntity, "name is required"},
		{"add: countdown too long", http.MethodPost, "/api/splash/add", key, map[string]any{"name": "x", "countdown": 61}, http.StatusUnprocessableEntity, "countdown must be between 0 and 60 seconds"},
		{"add: countdown negative", http.MethodPost, "/api/splash/add", key, map[string]any{"name": "x", "countdown": -1}, http.StatusUnprocessableEntity, "countdown must be between 0 and 60 seconds"},
		{"add: countdown not an integer", http.MethodPost, "/api/splash/add", key, map[string]any{"name": "x", "countdown": "5"}, http.StatusUnprocessableEntity, "countdown: must be an integer"},
		{"add: image not http", http.MethodPost, "/api/splash/add", key, map[string]any{"name": "x", "image_url": "data:image/png;base64,AAAA"}, http.StatusUnprocessableEntity, "image_url must be an http or https URL"},
		{"update", http.MethodPut, path + "/update", key, map[string]any{"countdown": 10, "button_url": ""}, http.StatusOK, "Splash page has been updated successfully."},
		{"update: another account", http.MethodPut, path + "/update", otherKey, map[string]any{"title": "x"}, http.StatusNotFound, "Splash page not found"},
		{"delete: another account", http.MethodDelete, path + "/delete", otherKey, nil, http.StatusNotFound, "Splash page not found"},
		{"delete", http.MethodDelete, path + "/delete", key, nil, http.StatusOK, "Splash page has been deleted successfully."},
		{"delete again", http.MethodDelete, path + "/delete", key, nil, http.StatusNotFound, "Splash page not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(tt.method, tt.path, tt.key, tt.body), tt.status, tt.msg)
		})
	}
}
