package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"
)

type campaignBody struct {
	Error   int    `json:"error"`
	ID      int64  `json:"id"`
	Domain  string `json:"domain"`
	Public  bool   `json:"public"`
	Rotator any    `json:"rotator"`
	List    string `json:"list"`
}

func TestCampaignAdd(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	_, otherKey := env.newAccount("free")

	t.Run("with a slug: rotator and list by slug", func(t *testing.T) {
		res := env.do(http.MethodPost, "/api/campaign/add", key, map[string]any{"name": "Spring sale", "slug": "spring", "public": true})
		wantStatus(t, res, http.StatusOK)
		var got campaignBody
		res.JSON(t, &got)
		want := campaignBody{ID: got.ID, Domain: "Spring sale", Public: true, Rotator: env.URL + "/r/spring", List: env.URL + "/u/spring"}
		if got != want || got.ID < 1 {
			t.Fatalf("body = %+v, want %+v", got, want)
		}
	})
	t.Run("without a slug: rotator false, list by id", func(t *testing.T) {
		res := env.do(http.MethodPost, "/api/campaign/add", key, map[string]any{"name": "Plain"})
		wantStatus(t, res, http.StatusOK)
		var got campaignBody
		res.JSON(t, &got)
		if got.Rotator != false || got.List != fmt.Sprintf("%s/u/%d", env.URL, got.ID) || got.Public || got.Domain != "Plain" {
			t.Fatalf("body = %s", res.Body)
		}
	})
	t.Run("every field is optional", func(t *testing.T) {
		wantStatus(t, env.do(http.MethodPost, "/api/campaign/add", key, nil), http.StatusOK)
	})

	tests := []struct {
		name   string
		body   any
		status int
	}{
		{"slug with a space", map[string]any{"slug": "a b"}, http.StatusUnprocessableEntity},
		{"all-digit slug", map[string]any{"slug": "2024"}, http.StatusUnprocessableEntity},
		{"public not a boolean", map[string]any{"public": "yes"}, http.StatusUnprocessableEntity},
		{"name not a string", map[string]any{"name": 12}, http.StatusUnprocessableEntity},
		{"malformed JSON", `{"name":`, http.StatusUnprocessableEntity},
		{"body not an object", `["spring"]`, http.StatusUnprocessableEntity},
		{"slug taken by another account", map[string]any{"slug": "spring"}, http.StatusConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantStatus(t, env.do(http.MethodPost, "/api/campaign/add", otherKey, tt.body), tt.status)
		})
	}
}

func TestCampaignUpdateAssignDelete(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	otherID, otherKey := env.newAccount("free")

	var created campaignBody
	env.do(http.MethodPost, "/api/campaign/add", key, map[string]any{"name": "Old", "slug": "old-slug"}).JSON(t, &created)
	path := fmt.Sprintf("/api/campaign/%d", created.ID)

	t.Run("update answers the campaign record", func(t *testing.T) {
		res := env.do(http.MethodPut, path+"/update", key, map[string]any{"name": "New", "slug": "new-slug", "public": true})
		wantStatus(t, res, http.StatusOK)
		var got campaignBody
		res.JSON(t, &got)
		want := campaignBody{ID: created.ID, Domain: "New", Public: true, Rotator: env.URL + "/r/new-slug", List: env.URL + "/u/new-slug"}
		if got != want {
			t.Fatalf("body = %+v, want %+v", got, want)
		}
	})
	t.Run("update keeps what is not sent; an empty slug removes the rotator", func(t *testing.T) {
		res := env.do(http.MethodPut, path+"/update", key, map[string]any{"name": "Newer", "slug": ""})
		var got campaignBody
		res.JSON(t, &got)
		if got.Rotator != false || !got.Public || got.Domain != "Newer" {
			t.Fatalf("body = %s", res.Body)
		}
	})
	// Slugs are unique across accounts: the rotator address /r/{slug} is global.
	wantStatus(t, env.do(http.MethodPost, "/api/campaign/add", key, map[string]any{"name": "Mine", "slug": "taken-mine"}), http.StatusOK)
	wantStatus(t, env.do(http.MethodPost, "/api/campaign/add", otherKey, map[string]any{"name": "Theirs", "slug": "taken-theirs"}), http.StatusOK)
	updateErrors := []struct {
		name, key, path string
		body            any
		status          int
		msg             string
	}{
		{"slug of another campaign of the account", key, path + "/update", map[string]any{"name": "x", "slug": "taken-mine"}, http.StatusConflict, "This slug is already in use"},
		{"slug of another account's campaign", key, path + "/update", map[string]any{"name": "x", "slug": "taken-theirs"}, http.StatusConflict, "This slug is already in use"},
		{"slug shape", key, path + "/update", map[string]any{"name": "x", "slug": "a b"}, http.StatusUnprocessableEntity, "slug must be 2 to 64 letters, digits, - or _, start with a letter or digit and not be all digits"},
		{"name required", key, path + "/update", map[string]any{"public": true}, http.StatusUnprocessableEntity, "name is required"},
		{"blank name", key, path + "/update", map[string]any{"name": "  "}, http.StatusUnprocessableEntity, "name is required"},
		{"unknown id", key, "/api/campaign/999999/update", map[string]any{"name": "x"}, http.StatusNotFound, "Campaign not found"},
		{"id not an integer", key, "/api/campaign/abc/update", map[string]any{"name": "x"}, http.StatusNotFound, "Campaign not found"},
		{"another account's campaign", otherKey, path + "/update", map[string]any{"name": "x"}, http.StatusNotFound, "Campaign not found"},
	}
	for _, tt := range updateErrors {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPut, tt.path, tt.key, tt.body), tt.status, tt.msg)
		})
	}

	var kept struct{ Name, Slug string }
	env.scalar(&kept, `SELECT name, coalesce(slug, '') AS slug FROM campaigns WHERE id = ?`, created.ID)
	if kept.Name != "Newer" || kept.Slug != "" {
		t.Fatalf("after the refused updates the campaign is %+v, want name Newer without a slug", kept)
	}

	link := env.insertLink(accID, "abc", "https://example.com/a", "A")
	otherLink := env.insertLink(otherID, "xyz", "https://example.com/x", "X")
	t.Run("assign a link", func(t *testing.T) {
		res := env.do(http.MethodPost, fmt.Sprintf("%s/assign/%d", path, link), key, nil)
		wantMessage(t, res, http.StatusOK, "Link successfully added to the campaign.")
		var campaignID *int64
		env.scalar(&campaignID, `SELECT campaign_id FROM links WHERE id = ?`, link)
		if campaignID == nil || *campaignID != created.ID {
			t.Fatalf("links.campaign_id = %v, want %d", campaignID, created.ID)
		}
	})
	assignErrors := []struct {
		name, key, path, msg string
	}{
		{"another account's link", key, fmt.Sprintf("%s/assign/%d", path, otherLink), "Link not found"},
		{"unknown link", key, fmt.Sprintf("%s/assign/999999", path), "Link not found"},
		{"another account's campaign", otherKey, fmt.Sprintf("%s/assign/%d", path, otherLink), "Campaign not found"},
		{"unknown campaign", key, fmt.Sprintf("/api/campaign/999999/assign/%d", link), "Campaign not found"},
	}
	for _, tt := range assignErrors {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPost, tt.path, tt.key, nil), http.StatusNotFound, tt.msg)
		})
	}
	var otherCampaign *int64
	env.scalar(&otherCampaign, `SELECT campaign_id FROM links WHERE id = ?`, otherLink)
	if otherCampaign != nil {
		t.Fatalf("another account's link was assigned: campaign_id %d", *otherCampaign)
	}

	t.Run("delete by another account is 404", func(t *testing.T) {
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", otherKey, nil), http.StatusNotFound, "Campaign not found")
	})
	t.Run("delete keeps the links, outside any campaign", func(t *testing.T) {
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", key, nil), http.StatusOK, "Campaign has been deleted successfully.")
		var campaignID *int64
		env.scalar(&campaignID, `SELECT campaign_id FROM links WHERE id = ?`, link)
		if campaignID != nil {
			t.Fatalf("link still in campaign %d", *campaignID)
		}
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", key, nil), http.StatusNotFound, "Campaign not found")
	})
}
