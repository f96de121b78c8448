package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

type linkDetailsBody struct {
	Error   int   `json:"error"`
	ID      int64 `json:"id"`
	Details struct {
		ID              int64             `json:"id"`
		ShortURL        string            `json:"shorturl"`
		LongURL         string            `json:"longurl"`
		Title           string            `json:"title"`
		Description     string            `json:"description"`
		Location        map[string]string `json:"location"`
		Device          map[string]string `json:"device"`
		Language        map[string]string `json:"language"`
		Expiry          *string           `json:"expiry"`
		Date            string            `json:"date"`
		Alias           string            `json:"alias"`
		Domain          string            `json:"domain"`
		Type            string            `json:"type"`
		Status          string            `json:"status"`
		Password        bool              `json:"password"`
		MetaTitle       string            `json:"metatitle"`
		MetaDescription string            `json:"metadescription"`
		MetaImage       string            `json:"metaimage"`
		Pixels          []int64           `json:"pixels"`
		Channel         *int64            `json:"channel"`
		Campaign        *int64            `json:"campaign"`
		DeepLink        struct {
			Auto   bool   `json:"auto"`
			Apple  string `json:"apple"`
			Google string `json:"google"`
		} `json:"deeplink"`
		Parameters []struct{ Name, Value string } `json:"parameters"`
	} `json:"details"`
	Data struct {
		Clicks       int64            `json:"clicks"`
		UniqueClicks int64            `json:"uniqueClicks"`
		TopCountries any              `json:"topCountries"`
		TopReferrers any              `json:"topReferrers"`
		TopBrowsers  any              `json:"topBrowsers"`
		TopOs        any              `json:"topOs"`
		SocialCount  map[string]int64 `json:"socialCount"`
	} `json:"data"`
}

func (e *testEnv) getLink(key string, id int64) linkDetailsBody {
	e.t.Helper()
	res := e.do(http.MethodGet, fmt.Sprintf("/api/url/%d", id), key, nil)
	if res.Status != http.StatusOK {
		e.t.Fatalf("GET /api/url/%d: %d %s", id, res.Status, res.Body)
	}
	var b linkDetailsBody
	res.JSON(e.t, &b)
	return b
}

func TestCreateLinkWithEveryField(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	fx := env.newFixtures(accID, "go.example.com")
	expiry := time.Now().UTC().Add(48 * time.Hour).Truncate(time.Second).Format("2006-01-02 15:04:05")

	id, short := env.createLink(key, map[string]any{
		"url":             "https://example.org/landing?ref=1",
		"custom":          "spring-sale",
		"type":            "splash",
		"password":        "s3cret-pass",
		"domain":          fx.Domain,
		"expiry":          expiry,
		"geotarget":       []map[string]string{{"location": "Canada", "link": "https://example.ca/"}, {"location": "us", "link": "https://example.com/us"}},
		"devicetarget":    []map[string]string{{"device": "iphone", "link": "https://example.org/ios"}, {"device": "Android", "link": "https://example.org/android"}},
		"languagetarget":  []map[string]string{{"language": "fr", "link": "https://example.fr/"}},
		"metatitle":       "Spring sale",
		"metadescription": "Everything half price",
		"metaimage":       "https://cdn.example.org/img/sale.PNG",
		"description":     "campaign note",
		"pixels":          fx.Pixels,
		"channel":         fx.Channel,
		"campaign":        fx.Campaign,
		"deeplink":        map[string]any{"auto": false, "apple": "https://apps.apple.com/app/id1", "google": "https://play.google.com/store/apps/details?id=x"},
		"status":          "public",
		"parameters":      []map[string]string{{"name": "utm_source", "value": "api"}},
	})
	if short != "https://go.example.com/spring-sale" {
		t.Fatalf("shorturl = %q, want the branded domain's", short)
	}
	got := env.getLink(key, id)
	d := got.Details
	checks := []struct {
		name      string
		got, want any
	}{
		{"error", got.Error, 0},
		{"id", got.ID, id},
		{"details.id", d.ID, id},
		{"shorturl", d.ShortURL, short},
		{"longurl", d.LongURL, "https://example.org/landing?ref=1"},
		{"title", d.Title, "Spring sale"},
		{"description", d.Description, "campaign note"},
		{"location Canada", d.Location["Canada"], "https://example.ca/"},
		{"location us", d.Location["us"], "https://example.com/us"},
		{"device iPhone", d.Device["iPhone"], "https://example.org/ios"},
		{"device Android", d.Device["Android"], "https://example.org/android"},
		{"language fr", d.Language["fr"], "https://example.fr/"},
		{"expiry", *d.Expiry, expiry},
		{"alias", d.Alias, "spring-sale"},
		{"domain", d.Domain, fx.Domain},
		{"type", d.Type, "splash"},
		{"status", d.Status, "public"},
		{"password", d.Password, true},
		{"metatitle", d.MetaTitle, "Spring sale"},
		{"metadescription", d.MetaDescription, "Everything half price"},
		{"metaimage", d.MetaImage, "https://cdn.example.org/img/sale.PNG"},
		{"pixels", fmt.Sprint(d.Pixels), fmt.Sprint(fx.Pixels)},
		{"channel", *d.Channel, fx.Channel},
		{"campaign", *d.Campaign, fx.Campaign},
		{"deeplink.apple", d.DeepLink.Apple, "https://apps.apple.com/app/id1"},
		{"deeplink.google", d.DeepLink.Google, "https://play.google.com/store/apps/details?id=x"},
		{"parameters", fmt.Sprint(d.Parameters), "[{utm_source api}]"},
		{"data.clicks", got.Data.Clicks, int64(0)},
		{"data.topCountries", got.Data.TopCountries, float64(0)},
		{"data.topReferrers", got.Data.TopReferrers, float64(0)},
		{"data.topBrowsers", got.Data.TopBrowsers, float64(0)},
		{"data.topOs", got.Data.TopOs, float64(0)},
		{"data.socialCount", fmt.Sprint(got.Data.SocialCount), "map[facebook:0 google:0 twitter:0]"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if _, err := time.Parse("2006-01-02 15:04:05", d.Date); err != nil {
		t.Errorf("date %q is not YYYY-MM-DD HH:MM:SS", d.Date)
	}

	t.Run("defaults of a minimal link", func(t *testing.T) {
		id, short := env.createLink(key, map[string]any{"url": "http://example.org"})
		alias := strings.TrimPrefix(short, env.URL+"/")
		if len(alias) != 6 || strings.Trim(alias, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") != "" {
			t.Fatalf("random alias %q from %q, want 6 base62 characters on BASE_URL", alias, short)
		}
		d := env.getLink(key, id).Details
		if d.Type != "direct" || d.Status != "private" || d.Expiry != nil || d.Password || len(d.Location) != 0 || len(d.Pixels) != 0 || d.Channel != nil {
			t.Fatalf("defaults wrong: %+v", d)
		}
	})
	t.Run("custom splash page and overlay types", func(t *testing.T) {
		for _, typ := range []any{fx.Splash, fmt.Sprint(fx.Splash), fmt.Sprintf("overlay-%d", fx.Overlay), "frame"} {
			id, _ := env.createLink(key, map[string]any{"url": "https://example.org", "type": typ})
			want := fmt.Sprint(typ)
			if _, isNum := typ.(int64); isNum || want == fmt.Sprint(fx.Splash) {
				want = fmt.Sprintf("splash-%d", fx.Splash)
			}
			if got := env.getLink(key, id).Details.Type; got != want {
				t.Errorf("type %v stored as %q, want %q", typ, got, want)
			}
		}
	})
	t.Run("domain named by host, any case, default port", func(t *testing.T) {
		for _, name := range []string{"go.example.com", "GO.Example.com:443", "https://go.example.com./"} {
			_, short := env.createLink(key, map[string]any{"url": "https://example.org", "domain": name})
			if !strings.HasPrefix(short, fx.Domain+"/") {
				t.Errorf("domain %q: shorturl %q, want one on %s", name, short, fx.Domain)
			}
		}
	})
	t.Run("another account cannot read it", func(t *testing.T) {
		_, other := env.newAccount("free")
		if res := env.do(http.MethodGet, fmt.Sprintf("/api/url/%d", id), other, nil); res.Status != http.StatusNotFound {
			t.Fatalf("status = %d, want 404", res.Status)
		}
	})
}

func TestCreateLinkRefusesBadInput(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	env.newFixtures(accID, "mine.example.com")
	otherID, _ := env.newAccount("free")
	other := env.newFixtures(otherID, "theirs.example.com")
	past := time.Now().UTC().Add(-time.Hour).Format("2006-01-02 15:04:05")

	tests := []struct {
		name  string
		body  map[string]any
		field string // expected in the message
	}{
		{"missing url", map[string]any{"custom": "x1"}, "url"},
		{"javascript url", map[string]any{"url": "javascript:alert(1)"}, "url"},
		{"data url", map[string]any{"url": "data:text/html,<b>x</b>"}, "url"},
		{"relative url", map[string]any{"url": "/just/a/path"}, "url"},
		{"loop to the service itself", map[string]any{"url": env.URL + "/abc"}, "url"},
		{"loop to a branded domain", map[string]any{"url": "https://theirs.example.com/x"}, "url"},
		{"loop to a branded domain, spelt otherwise", map[string]any{"url": "https://THEIRS.example.com.:443/x"}, "url"},
		{"url breaking out of an attribute", map[string]any{"url": `https://e.org/"></iframe><script>alert(1)</script>`}, "url"},
		{"url with a space", map[string]any{"url": "https://e.org/a b"}, "url"},
		{"meta image breaking out of an attribute", map[string]any{"url": "https://e.org", "metaimage": `https://e.org/"onerror="x.png`}, "metaimage"},
		{"NUL in the meta title", map[string]any{"url": "https://e.org", "metatitle": "a\u0000b"}, "metatitle"},
		{"NUL in the description", map[string]any{"url": "https://e.org", "description": "a\u0000b"}, "description"},
		{"NUL in a parameter", map[string]any{"url": "https://e.org", "parameters": []map[string]string{{"name": "a", "value": "b\u0000"}}}, "parameters[0]"},
		{"NUL in the domain", map[string]any{"url": "https://e.org", "domain": "mine.example\u0000.com"}, "domain"},
		{"alias with a dot", map[string]any{"url": "https://e.org", "custom": "a.b"}, "custom"},
		{"reserved alias", map[string]any{"url": "https://e.org", "custom": "API"}, "custom"},
		{"alias too long", map[string]any{"url": "https://e.org", "custom": strings.Repeat("a", 65)}, "custom"},
		{"unknown type", map[string]any{"url": "https://e.org", "type": "popup"}, "type"},
		{"another account's splash page", map[string]any{"url": "https://e.org", "type": other.Splash}, "type"},
		{"another account's overlay", map[string]any{"url": "https://e.org", "type": fmt.Sprintf("overlay-%d", other.Overlay)}, "type"},
		{"another account's domain", map[string]any{"url": "https://e.org", "domain": other.Domain}, "domain"},
		{"another account's pixel", map[string]any{"url": "https://e.org", "pixels": other.Pixels}, "pixels"},
		{"another account's channel", map[string]any{"url": "https://e.org", "channel": other.Channel}, "channel"},
		{"another account's campaign", map[string]any{"url": "https://e.org", "campaign": other.Campaign}, "campaign"},
		{"expiry format", map[string]any{"url": "https://e.org", "expiry": "2030-01-01"}, "expiry"},
		{"expiry in the past", map[string]any{"url": "https://e.org", "expiry": past}, "expiry"},
		{"unknown country", map[string]any{"url": "https://e.org", "geotarget": []map[string]string{{"location": "Atlantis", "link": "https://e.org/a"}}}, "geotarget[0].location"},
		{"geo target to javascript", map[string]any{"url": "https://e.org", "geotarget": []map[string]string{{"location": "FR", "link": "javascript:x"}}}, "geotarget[0].link"},
		{"unknown device", map[string]any{"url": "https://e.org", "devicetarget": []map[string]string{{"device": "Toaster", "link": "https://e.org/t"}}}, "devicetarget[0].device"},
		{"bad language", map[string]any{"url": "https://e.org", "languagetarget": []map[string]string{{"language": "english!", "link": "https://e.org/en"}}}, "languagetarget[0].language"},
		{"meta image not an image", map[string]any{"url": "https://e.org", "metaimage": "https://e.org/page.html"}, "metaimage"},
		{"status", map[string]any{"url": "https://e.org", "status": "secret"}, "status"},
		{"deep link scheme", map[string]any{"url": "https://e.org", "deeplink": map[string]any{"apple": "javascript:alert(1)"}}, "deeplink.apple"},
		{"parameter without name", map[string]any{"url": "https://e.org", "parameters": []map[string]string{{"name": "", "value": "x"}}}, "parameters[0]"},
		{"wrong JSON type", map[string]any{"url": "https://e.org", "pixels": "1,2"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := env.do(http.MethodPost, "/api/url/add", key, tt.body)
			if res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("status = %d, want 422; body %s", res.Status, res.Body)
			}
			var body struct {
				Error   int    `json:"error"`
				Message string `json:"message"`
			}
			res.JSON(t, &body)
			if body.Error != 1 || !strings.Contains(body.Message, tt.field) {
				t.Fatalf("body = %s, want error 1 naming %q", res.Body, tt.field)
			}
		})
	}
	t.Run("malformed JSON is 422", func(t *testing.T) {
		if res := env.do(http.MethodPost, "/api/url/add", key, `{"url":`); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("status = %d", res.Status)
		}
	})
	t.Run("no API key is 401", func(t *testing.T) {
		if res := env.do(http.MethodPost, "/api/url/add", "", map[string]any{"url": "https://e.org"}); res.Status != http.StatusUnauthorized {
			t.Fatalf("status = %d", res.Status)
		}
	})
}

func TestDuplicateAlias(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	fx := env.newFixtures(accID, "brand.example.com")
	env.createLink(key, map[string]any{"url": "https://e.org/1", "custom": "promo"})
	res := env.do(http.MethodPost, "/api/url/add", key, map[string]any{"url": "https://e.org/2", "custom": "promo"})
	if res.Status != http.StatusConflict || !strings.Contains(string(res.Body), `"error":1`) {
		t.Fatalf("duplicate alias: %d %s, want 409", res.Status, res.Body)
	}
	_, otherKey := env.newAccount("free")
	if res := env.do(http.MethodPost, "/api/url/add", otherKey, map[string]any{"url": "https://e.org/3", "custom": "promo"}); res.Status != http.StatusConflict {
		t.Fatalf("same alias by another account on BASE_URL: %d, want 409", res.Status)
	}
	// The same alias on another domain is a different short URL.
	_, short := env.createLink(key, map[string]any{"url": "https://e.org/4", "custom": "promo", "domain": fx.DomainHost})
	if short != "https://brand.example.com/promo" {
		t.Fatalf("shorturl = %q", short)
	}
}

func TestUpdateLink(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	fx := env.newFixtures(accID, "brand.example.com")
	id, _ := env.createLink(key, map[string]any{
		"url": "https://e.org/old", "custom": "upd", "password": "pw-123456", "description": "keep me",
		"channel": fx.Channel, "pixels": fx.Pixels[:1],
	})
	// The redirect caches the link: it must see the update at once.
	if res := env.visit(visit{path: "/upd"}); res.Status != http.StatusOK || !strings.Contains(string(res.Body), "Password required") {
		t.Fatalf("before update: %d %s", res.Status, res.Body)
	}
	res := env.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", id), key, map[string]any{
		"url": "https://e.org/new", "password": "", "channel": nil, "pixels": fx.Pixels, "metatitle": "New title",
	})
	if res.Status != http.StatusOK {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	var up struct {
		Error    int    `json:"error"`
		ID       int64  `json:"id"`
		ShortURL string `json:"shorturl"`
		Message  string `json:"message"`
	}
	res.JSON(t, &up)
	if up.Error != 0 || up.ID != id || up.Message != "Link has been updated successfully." || up.ShortURL != env.URL+"/upd" {
		t.Fatalf("update body = %s", res.Body)
	}
	d := env.getLink(key, id).Details
	if d.LongURL != "https://e.org/new" || d.Password || d.Channel != nil || len(d.Pixels) != 2 || d.Description != "keep me" || d.Title != "New title" {
		t.Fatalf("after update: %+v", d)
	}
	if res := env.visit(visit{path: "/upd"}); res.Status != http.StatusFound || res.Header.Get("Location") != "https://e.org/new" {
		t.Fatalf("redirect after update: %d %q", res.Status, res.Header.Get("Location"))
	}

	t.Run("alias change frees the old one", func(t *testing.T) {
		if res := env.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", id), key, map[string]any{"custom": "upd2"}); res.Status != http.StatusOK {
			t.Fatalf("rename: %d %s", res.Status, res.Body)
		}
		if res := env.visit(visit{path: "/upd"}); res.Status != http.StatusNotFound {
			t.Fatalf("old alias: %d, want 404", res.Status)
		}
		if res := env.visit(visit{path: "/upd2"}); res.Status != http.StatusFound {
			t.Fatalf("new alias: %d, want 302", res.Status)
		}
	})
	t.Run("validation and conflicts", func(t *testing.T) {
		env.createLink(key, map[string]any{"url": "https://e.org/x", "custom": "taken"})
		cases := []struct {
			body map[string]any
			want int
		}{
			{map[string]any{"url": ""}, http.StatusUnprocessableEntity},
			{map[string]any{"url": "ftp://e.org/"}, http.StatusUnprocessableEntity},
			{map[string]any{"custom": "taken"}, http.StatusConflict},
		}
		for _, c := range cases {
			if res := env.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", id), key, c.body); res.Status != c.want {
				t.Errorf("update %v: %d %s, want %d", c.body, res.Status, res.Body, c.want)
			}
		}
	})
	t.Run("another account's link is 404", func(t *testing.T) {
		_, other := env.newAccount("free")
		if res := env.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", id), other, map[string]any{"url": "https://evil.example/"}); res.Status != http.StatusNotFound {
			t.Fatalf("status = %d, want 404", res.Status)
		}
		if res := env.do(http.MethodPut, "/api/url/abc/update", key, map[string]any{}); res.Status != http.StatusNotFound {
			t.Fatalf("non-numeric id: %d, want 404", res.Status)
		}
	})
}

func TestDeleteLink(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	_, other := env.newAccount("free")
	id, _ := env.createLink(key, map[string]any{"url": "https://e.org/", "custom": "gone"})
	if res := env.visit(visit{path: "/gone"}); res.Status != http.StatusFound {
		t.Fatalf("before delete: %d", res.Status)
	}
	if res := env.do(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", id), other, nil); res.Status != http.StatusNotFound {
		t.Fatalf("delete by another account: %d, want 404", res.Status)
	}
	res := env.do(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", id), key, nil)
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"message":"Link has been deleted successfully."`) {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	if res := env.do(http.MethodGet, fmt.Sprintf("/api/url/%d", id), key, nil); res.Status != http.StatusNotFound {
		t.Fatalf("get after delete: %d", res.Status)
	}
	if res := env.visit(visit{path: "/gone"}); res.Status != http.StatusNotFound {
		t.Fatalf("redirect after delete: %d, want 404", res.Status)
	}
	if res := env.do(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", id), key, nil); res.Status != http.StatusNotFound {
		t.Fatalf("second delete: %d, want 404", res.Status)
	}
}

func TestListLinks(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	_, other := env.newAccount("free")
	env.createLink(other, map[string]any{"url": "https://other.example/", "custom": "theirs"})
	var ids []int64
	for i := 0; i < 17; i++ {
		id, _ := env.createLink(key, map[string]any{"url": fmt.Sprintf("https://e.org/%d", i), "custom": fmt.Sprintf("l%02d", i)})
		ids = append(ids, id)
	}
	env.createLink(key, map[string]any{"url": "https://news.example/article", "custom": "news", "description": "Quarterly REPORT"})
	// Clicks for ordering: l03 gets 3 clicks, flushed.
	for i := 0; i < 3; i++ {
		env.visit(visit{path: "/l03", header: map[string]string{"User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"}})
	}
	env.flush()

	type listBody struct {
		Error any `json:"error"`
		Data  struct {
			Result      int `json:"result"`
			PerPage     int `json:"perpage"`
			CurrentPage int `json:"currentpage"`
			NextPage    int `json:"nextpage"`
			MaxPage     int `json:"maxpage"`
			URLs        []struct {
				ID       int64  `json:"id"`
				Alias    string `json:"alias"`
				ShortURL string `json:"shorturl"`
				LongURL  string `json:"longurl"`
				Clicks   int64  `json:"clicks"`
				Date     string `json:"date"`
			} `json:"urls"`
		} `json:"data"`
	}
	list := func(query string) listBody {
		t.Helper()
		res := env.do(http.MethodGet, "/api/urls"+query, key, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET /api/urls%s: %d %s", query, res.Status, res.Body)
		}
		var b listBody
		res.JSON(t, &b)
		return b
	}

	first := list("")
	if first.Data.Result != 18 || first.Data.PerPage != 15 || first.Data.CurrentPage != 1 || first.Data.NextPage != 2 || first.Data.MaxPage != 2 || len(first.Data.URLs) != 15 {
		t.Fatalf("first page envelope: %+v", first.Data)
	}
	if first.Data.URLs[0].Alias != "news" {
		t.Fatalf("order by date: first is %q, want the newest", first.Data.URLs[0].Alias)
	}
	second := list("?page=2&limit=15")
	if len(second.Data.URLs) != 3 || second.Data.NextPage != 0 {
		t.Fatalf("second page: %+v", second.Data)
	}
	byClick := list("?order=click&limit=1")
	if len(byClick.Data.URLs) != 1 || byClick.Data.URLs[0].Alias != "l03" || byClick.Data.URLs[0].Clicks != 3 {
		t.Fatalf("order=click: %+v", byClick.Data.URLs)
	}
	search := list("?q=report")
	if search.Data.Result != 1 || search.Data.URLs[0].Alias != "news" {
		t.Fatalf("q=report: %+v", search.Data)
	}
	if s := list("?q=theirs"); s.Data.Result != 0 {
		t.Fatalf("search leaks another account's link: %+v", s.Data)
	}
	if s := list("?q=100%25"); s.Data.Result != 0 {
		t.Fatalf("%% must be literal: %+v", s.Data)
	}

	t.Run("short returns the single link", func(t *testing.T) {
		res := env.do(http.MethodGet, "/api/urls?short="+url.QueryEscape(env.URL+"/l05")+"&page=9", key, nil)
		var b linkDetailsBody
		res.JSON(t, &b)
		if res.Status != http.StatusOK || b.ID != ids[5] || b.Details.ShortURL != env.URL+"/l05" {
			t.Fatalf("short: %d %s", res.Status, res.Body)
		}
		if res := env.do(http.MethodGet, "/api/urls?short="+url.QueryEscape(env.URL+"/theirs"), key, nil); res.Status != http.StatusNotFound {
			t.Fatalf("short of another account's link: %d, want 404", res.Status)
		}
	})
	t.Run("bad parameters", func(t *testing.T) {
		for _, q := range []string{"?limit=101", "?limit=0", "?page=0", "?page=x", "?order=name"} {
			if res := env.do(http.MethodGet, "/api/urls"+q, key, nil); res.Status != http.StatusUnprocessableEntity {
				t.Errorf("%s: %d, want 422", q, res.Status)
			}
		}
	})
}
