package httpapi_test

import (
	"fmt"
	"net/http"
	"regexp"
	"testing"
)

type channelBody struct {
	Error       int    `json:"error"`
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Color       string `json:"color"`
	Starred     bool   `json:"starred"`
}

func TestChannelAdd(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")

	res := env.do(http.MethodPost, "/api/channel/add", key, map[string]any{"name": "News", "description": "Press links", "color": "#1E90FF", "starred": true})
	wantStatus(t, res, http.StatusOK)
	var got channelBody
	res.JSON(t, &got)
	if want := (channelBody{ID: got.ID, Name: "News", Description: "Press links", Color: "#1e90ff", Starred: true}); got != want || got.ID < 1 {
		t.Fatalf("body = %+v, want %+v", got, want)
	}
	res = env.do(http.MethodPost, "/api/channel/add", key, map[string]any{"name": "Short colour", "color": "#0af"})
	wantStatus(t, res, http.StatusOK)

	tests := []struct {
		name string
		body any
		msg  string
	}{
		{"name missing", map[string]any{"color": "#fff"}, "name is required"},
		{"name blank", map[string]any{"name": " "}, "name is required"},
		{"colour not HEX", map[string]any{"name": "x", "color": "blue"}, "color must be a HEX colour such as #1e90ff or #09f"},
		{"colour without #", map[string]any{"name": "x", "color": "1e90ff"}, "color must be a HEX colour such as #1e90ff or #09f"},
		{"colour of 4 digits", map[string]any{"name": "x", "color": "#1e90"}, "color must be a HEX colour such as #1e90ff or #09f"},
		{"starred not a boolean", map[string]any{"name": "x", "starred": 1}, "starred: must be a boolean"},
		{"body not an object", `"News"`, "Invalid JSON body: expected a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPost, "/api/channel/add", key, tt.body), http.StatusUnprocessableEntity, tt.msg)
		})
	}
}

type channelItemsBody struct {
	Error int `json:"error"`
	Data  struct {
		Result int `json:"result"`
		Items  []struct {
			Type    string `json:"type"`
			ID      int64  `json:"id"`
			Title   string `json:"title"`
			Preview string `json:"preview"`
			Link    string `json:"link"`
			Date    string `json:"date"`
		} `json:"items"`
	} `json:"data"`
}

func TestChannelAssignListUpdateDelete(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	otherID, otherKey := env.newAccount("free")

	var ch channelBody
	env.do(http.MethodPost, "/api/channel/add", key, map[string]any{"name": "Mixed", "color": "#abcdef"}).JSON(t, &ch)
	base := fmt.Sprintf("/api/channel/%d", ch.ID)

	link := env.insertLink(accID, "promo", "https://example.com/promo", "Promo page")
	var domainID int64
	env.scalar(&domainID, `INSERT INTO domains (account_id, domain, host) VALUES (?, 'https://go.example.com', 'go.example.com') RETURNING id`, accID)
	brandedLink := env.insertLink(accID, "brand", "https://example.com/brand", "Branded")
	if err := env.DB.Exec(`UPDATE links SET domain_id = ? WHERE id = ?`, domainID, brandedLink).Error; err != nil {
		t.Fatal(err)
	}
	qrWithLink := env.insertQR(accID, "Poster QR", link)
	qrPlain := env.insertQR(accID, "Wifi QR", 0)
	// A code that changed from link to text keeps its short link (older prints) but no
	// longer encodes it.
	qrFormerLink := env.insertQR(accID, "Former link QR", link)
	if err := env.DB.Exec(`UPDATE qr_codes SET type = 'text', data = '"now text"' WHERE id = ?`, qrFormerLink).Error; err != nil {
		t.Fatal(err)
	}
	otherLink := env.insertLink(otherID, "theirs", "https://example.com/theirs", "Theirs")
	otherQR := env.insertQR(otherID, "Their QR", 0)

	for _, item := range []struct {
		typ string
		id  int64
	}{{"links", link}, {"links", brandedLink}, {"qr", qrWithLink}, {"qr", qrPlain}, {"qr", qrFormerLink}} {
		res := env.do(http.MethodPost, fmt.Sprintf("%s/assign/%s/%d", base, item.typ, item.id), key, nil)
		wantMessage(t, res, http.StatusOK, "Item successfully added to the channel.")
	}

	assignErrors := []struct {
		name, key, path string
		status          int
		msg             string
	}{
		{"unknown type", key, fmt.Sprintf("%s/assign/videos/%d", base, link), http.StatusUnprocessableEntity, "type must be one of links, bio, qr"},
		{"unknown type wins over a missing channel", key, "/api/channel/999999/assign/videos/1", http.StatusUnprocessableEntity, "type must be one of links, bio, qr"},
		{"bio pages do not exist", key, fmt.Sprintf("%s/assign/bio/1", base), http.StatusNotFound, "Bio page not found"},
		{"another account's link", key, fmt.Sprintf("%s/assign/links/%d", base, otherLink), http.StatusNotFound, "Link not found"},
		{"another account's qr", key, fmt.Sprintf("%s/assign/qr/%d", base, otherQR), http.StatusNotFound, "QR code not found"},
		{"missing link", key, fmt.Sprintf("%s/assign/links/999999", base), http.StatusNotFound, "Link not found"},
		{"item id not an integer", key, fmt.Sprintf("%s/assign/qr/x", base), http.StatusNotFound, "QR code not found"},
		{"missing channel", key, fmt.Sprintf("/api/channel/999999/assign/links/%d", link), http.StatusNotFound, "Channel not found"},
		{"another account's channel", otherKey, fmt.Sprintf("%s/assign/links/%d", base, otherLink), http.StatusNotFound, "Channel not found"},
	}
	for _, tt := range assignErrors {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPost, tt.path, tt.key, nil), tt.status, tt.msg)
		})
	}

	t.Run("items listing", func(t *testing.T) {
		res := env.do(http.MethodGet, base, key, nil)
		wantStatus(t, res, http.StatusOK)
		var body channelItemsBody
		res.JSON(t, &body)
		if body.Data.Result != 5 || len(body.Data.Items) != 5 {
			t.Fatalf("result %d with %d items, want 5: %s", body.Data.Result, len(body.Data.Items), res.Body)
		}
		type row struct{ title, preview, link string }
		want := map[string]row{ // by type and id: links and QR codes have their own ids
			fmt.Sprint("links", link):        {"Promo page", env.URL + "/promo", env.URL + "/promo"},
			fmt.Sprint("links", brandedLink): {"Branded", "https://go.example.com/brand", "https://go.example.com/brand"},
			fmt.Sprint("qr", qrWithLink):     {"Poster QR", fmt.Sprintf("%s/qr/%d.png", env.URL, qrWithLink), env.URL + "/promo"},
			fmt.Sprint("qr", qrPlain):        {"Wifi QR", fmt.Sprintf("%s/qr/%d.png", env.URL, qrPlain), fmt.Sprintf("%s/qr/%d.png", env.URL, qrPlain)},
			fmt.Sprint("qr", qrFormerLink):   {"Former link QR", fmt.Sprintf("%s/qr/%d.png", env.URL, qrFormerLink), fmt.Sprintf("%s/qr/%d.png", env.URL, qrFormerLink)},
		}
		day := regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
		for _, it := range body.Data.Items {
			w, ok := want[fmt.Sprint(it.Type, it.ID)]
			if !ok || (row{it.Title, it.Preview, it.Link}) != w {
				t.Errorf("item %+v, want %+v", it, w)
			}
			if !day.MatchString(it.Date) {
				t.Errorf("date %q is not YYYY-MM-DD", it.Date)
			}
		}
	})
	t.Run("another account cannot list it", func(t *testing.T) {
		wantMessage(t, env.do(http.MethodGet, base, otherKey, nil), http.StatusNotFound, "Channel not found")
	})

	t.Run("update changes only what is sent", func(t *testing.T) {
		res := env.do(http.MethodPut, base+"/update", key, map[string]any{"description": "All sorts", "starred": true})
		wantMessage(t, res, http.StatusOK, "Channel has been updated successfully.")
		var got struct {
			Name, Description, Color string
			Starred                  bool
		}
		env.scalar(&got, `SELECT name, description, color, starred FROM channels WHERE id = ?`, ch.ID)
		if got.Name != "Mixed" || got.Description != "All sorts" || got.Color != "#abcdef" || !got.Starred {
			t.Fatalf("channel = %+v", got)
		}
		wantStatus(t, env.do(http.MethodPut, base+"/update", key, nil), http.StatusOK) // nothing to change
	})
	updateErrors := []struct {
		name, key, path string
		body            any
		status          int
		msg             string
	}{
		{"blank name", key, base + "/update", map[string]any{"name": ""}, http.StatusUnprocessableEntity, "name is required"},
		{"bad colour", key, base + "/update", map[string]any{"color": "#12345g"}, http.StatusUnprocessableEntity, "color must be a HEX colour such as #1e90ff or #09f"},
		{"another account's channel", otherKey, base + "/update", map[string]any{"name": "x"}, http.StatusNotFound, "Channel not found"},
		{"missing channel", key, "/api/channel/999999/update", map[string]any{"name": "x"}, http.StatusNotFound, "Channel not found"},
	}
	for _, tt := range updateErrors {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPut, tt.path, tt.key, tt.body), tt.status, tt.msg)
		})
	}

	t.Run("delete unassigns the items and keeps them", func(t *testing.T) {
		wantMessage(t, env.do(http.MethodDelete, base+"/delete", otherKey, nil), http.StatusNotFound, "Channel not found")
		wantMessage(t, env.do(http.MethodDelete, base+"/delete", key, nil), http.StatusOK, "Channel has been deleted successfully.")
		var links, qrs, assigned int64
		env.scalar(&links, `SELECT count(*) FROM links WHERE account_id = ?`, accID)
		env.scalar(&qrs, `SELECT count(*) FROM qr_codes WHERE account_id = ?`, accID)
		env.scalar(&assigned, `SELECT (SELECT count(*) FROM links WHERE channel_id IS NOT NULL) + (SELECT count(*) FROM qr_codes WHERE channel_id IS NOT NULL)`)
		if links != 2 || qrs != 3 || assigned != 0 {
			t.Fatalf("after delete: %d links, %d qr codes, %d still assigned; want 2, 3, 0", links, qrs, assigned)
		}
		wantMessage(t, env.do(http.MethodGet, base, key, nil), http.StatusNotFound, "Channel not found")
	})
}
