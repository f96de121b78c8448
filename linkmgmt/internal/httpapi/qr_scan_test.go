package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// qrStatsBody is GET /api/qr/:id.
type qrStatsBody struct {
	Error   int `json:"error"`
	Details struct {
		ID    int64 `json:"id"`
		Scans int64 `json:"scans"`
	} `json:"details"`
	Data struct {
		Clicks       int64            `json:"clicks"`
		UniqueClicks int64            `json:"uniqueClicks"`
		TopBrowsers  any              `json:"topBrowsers"`
		SocialCount  map[string]int64 `json:"socialCount"`
	} `json:"data"`
}

// TestQRLinkScanIsCounted follows a link code from the API to a scan: the PNG is decoded
// as a phone would, its URL visited, the click flushed, and the scan shows in the code's
// statistics and in the list. Changes of the code reach the redirect at once.
func TestQRLinkScanIsCounted(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	added := env.addQR(key, map[string]any{"type": "link", "data": "https://example.com/poster"})

	scanned := env.scan(added.ID, "png") // gozxing reads the image
	if scanned != added.Link || !strings.HasPrefix(scanned, env.URL+"/") {
		t.Fatalf("the code holds %q, want its short URL %q", scanned, added.Link)
	}
	path := strings.TrimPrefix(scanned, env.URL)
	phone := map[string]string{"User-Agent": uaIPhone, "Referer": "https://www.instagram.com/"}
	expect{status: 302, location: "https://example.com/poster"}.check(t, env.visit(visit{path: path, header: phone}))
	// Not scans: a HEAD and a bot.
	env.visit(visit{method: http.MethodHead, path: path, header: phone})
	env.visit(visit{path: path, header: map[string]string{"User-Agent": uaGooglebot}})

	stats := func(stage string) qrStatsBody {
		t.Helper()
		res := env.do(http.MethodGet, fmt.Sprintf("/api/qr/%d", added.ID), key, nil)
		var s qrStatsBody
		res.JSON(t, &s)
		if res.Status != http.StatusOK || s.Error != 0 {
			t.Fatalf("%s: GET /api/qr/%d: %d %s", stage, added.ID, res.Status, res.Body)
		}
		return s
	}
	listScans := func() int64 {
		t.Helper()
		var list qrListBody
		env.do(http.MethodGet, "/api/qr", key, nil).JSON(t, &list)
		if len(list.Data.QRs) != 1 {
			t.Fatalf("list: %+v", list)
		}
		return list.Data.QRs[0].Scans
	}
	// Pending in Redis, then flushed to Postgres: the same answer.
	env.syncClicks()
	for _, stage := range []string{"pending", "flushed"} {
		if stage == "flushed" {
			env.flush()
		}
		s := stats(stage)
		if s.Data.Clicks != 1 || s.Data.UniqueClicks != 1 || s.Details.Scans != 1 {
			t.Fatalf("%s: clicks %d unique %d scans %d, want 1, 1, 1", stage, s.Data.Clicks, s.Data.UniqueClicks, s.Details.Scans)
		}
		if fmt.Sprint(s.Data.TopBrowsers) != "map[Safari:1]" || s.Data.SocialCount["instagram"] != 1 {
			t.Fatalf("%s: browsers %v social %v", stage, s.Data.TopBrowsers, s.Data.SocialCount)
		}
		if got := listScans(); got != 1 {
			t.Fatalf("%s: list scans = %d, want 1", stage, got)
		}
	}
	var rows int64
	env.scalar(&rows, `SELECT count(*) FROM clicks`)
	if rows != 1 {
		t.Fatalf("%d click rows, want 1", rows)
	}

	// The short link is now cached; an update of the code redirects the next scan.
	if res := env.do(http.MethodPut, fmt.Sprintf("/api/qr/%d/update", added.ID), key, map[string]any{"data": "https://example.com/summer"}); res.Status != http.StatusOK {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	expect{status: 302, location: "https://example.com/summer"}.check(t, env.visit(visit{path: path, header: phone}))
	if res := env.do(http.MethodDelete, fmt.Sprintf("/api/qr/%d/delete", added.ID), key, nil); res.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	expect{status: 404, contains: []string{"Link not found"}}.check(t, env.visit(visit{path: path, header: phone}))
}
