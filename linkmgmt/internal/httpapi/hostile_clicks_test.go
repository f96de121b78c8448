package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Visits whose headers hold what any client can send (bytes that are not UTF-8, a
// User-Agent of 256 digits whose whole text the parser takes for the browser's name, a
// huge one) land in the same batch as ten ordinary visits of another link: every click
// is stored, and for both links the API's count, the period statistics and the raw clicks
// agree. Before, one such visit made the flusher drop the whole batch: the API said 10,
// the statistics 0, for good.
func TestHostileHeadersNeverCostOtherVisitorsTheirClicks(t *testing.T) {
	env := newEnv(t, withTrustedProxies(loopback()))
	_, key := env.newAccount("free")
	normalID, _ := env.createLink(key, map[string]any{"url": "https://dest.example/", "custom": "normal"})
	hostileID, _ := env.createLink(key, map[string]any{"url": "https://dest.example/h", "custom": "hostile"})
	hostile := []map[string]string{
		{"User-Agent": "\xff\xfe\xfd" + uaChromeWindows},
		{"User-Agent": strings.Repeat("7", 256)},
		{"User-Agent": uaChromeWindows + strings.Repeat("\xe2\x82", 4000)},
		{"User-Agent": uaChromeWindows, "Referer": "https://\xff\xfe.example/x"},
		{"User-Agent": uaChromeWindows, "Referer": "https://" + strings.Repeat("\xc3\xa9", 200) + ".example/"},
		{"User-Agent": uaChromeWindows, "Accept-Language": "\xff\xfe,fr;q=0.5"},
		{"User-Agent": uaChromeWindows, "CF-IPCountry": "\xff\xfe"},
		{"User-Agent": uaChromeWindows, "X-Country-Code": strings.Repeat("\xff", 300)},
	}
	for i, h := range hostile {
		if res := env.visit(visit{path: "/hostile", header: h}); res.Status != http.StatusFound {
			t.Fatalf("hostile visit %d: %d", i, res.Status)
		}
		if i == len(hostile)/2 {
			for range 10 {
				env.visit(visit{path: "/normal", header: map[string]string{"User-Agent": uaChromeWindows}})
			}
		}
	}
	env.flush()
	for _, l := range []struct {
		id   int64
		want int64
	}{{normalID, 10}, {hostileID, int64(len(hostile))}} {
		api := env.getLink(key, l.id).Data.Clicks
		res := env.do(http.MethodGet, fmt.Sprintf("/api/url/%d/stats", l.id), key, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("stats of link %d: %d %s", l.id, res.Status, res.Body)
		}
		var stats struct {
			Data struct {
				Clicks int64 `json:"clicks"`
			} `json:"data"`
		}
		res.JSON(t, &stats)
		var raw int64
		env.DB.Raw(`SELECT count(*) FROM clicks WHERE link_id = ?`, l.id).Scan(&raw)
		if api != l.want || stats.Data.Clicks != l.want || raw != l.want {
			t.Errorf("link %d: API %d, statistics %d, raw clicks %d: want %d everywhere", l.id, api, stats.Data.Clicks, raw, l.want)
		}
	}
	if got := env.metric(`linkmgmt_clicks_set_aside_total{reason="invalid"}`); got != "" && got != "0" {
		t.Errorf("clicks set aside: %s, want none (every value is made storable when recorded)", got)
	}
}
