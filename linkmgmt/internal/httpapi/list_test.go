package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
)

// envelope is the spec's list body with its array kept raw (its name varies).
type envelope struct {
	Error int                        `json:"error"`
	Data  map[string]json.RawMessage `json:"data"`
}

type page struct {
	Result, PerPage, CurrentPage, NextPage, MaxPage int
	IDs                                             []int64
}

func readPage(t testing.TB, res response, array string) page {
	t.Helper()
	wantStatus(t, res, http.StatusOK)
	var env envelope
	res.JSON(t, &env)
	num := func(name string) int {
		raw, ok := env.Data[name]
		if !ok {
			t.Fatalf("data lacks %q: %s", name, res.Body)
		}
		var n int
		if err := json.Unmarshal(raw, &n); err != nil {
			t.Fatalf("data.%s = %s, not an integer", name, raw)
		}
		return n
	}
	p := page{Result: num("result"), PerPage: num("perpage"), CurrentPage: num("currentpage"), NextPage: num("nextpage"), MaxPage: num("maxpage")}
	raw, ok := env.Data[array]
	if !ok || string(raw) == "null" {
		t.Fatalf("data.%s missing or null: %s", array, res.Body)
	}
	var items []struct {
		ID int64 `json:"id"`
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		t.Fatalf("data.%s: %v", array, err)
	}
	p.IDs = []int64{}
	for _, it := range items {
		p.IDs = append(p.IDs, it.ID)
	}
	return p
}

// listEndpoints are every list route of this area with a way to add one row for an
// account (and a channel, for the channel's items).
func listEndpoints(env *testEnv, accountID, channelID int64) []struct {
	path, array string
	seed        func(i int)
} {
	insert := func(query string, args ...any) {
		if err := env.DB.Exec(query, args...).Error; err != nil {
			env.t.Fatalf("%s: %v", query, err)
		}
	}
	return []struct {
		path, array string
		seed        func(i int)
	}{
		{"/api/campaigns", "campaigns", func(i int) {
			insert(`INSERT INTO campaigns (account_id, name) VALUES (?, ?)`, accountID, fmt.Sprint("c", i))
		}},
		{"/api/channels", "channels", func(i int) {
			insert(`INSERT INTO channels (account_id, name) VALUES (?, ?)`, accountID, fmt.Sprint("ch", i))
		}},
		{"/api/pixels", "pixels", func(i int) {
			insert(`INSERT INTO pixels (account_id, type, name, tag) VALUES (?, 'bing', ?, '1234567')`, accountID, fmt.Sprint("p", i))
		}},
		{"/api/domains", "domains", func(i int) {
			insert(`INSERT INTO domains (account_id, domain, host) VALUES (?, ?, ?)`, accountID, fmt.Sprintf("https://d%d-%d.example.com", accountID, i), fmt.Sprintf("d%d-%d.example.com", accountID, i))
		}},
		{"/api/overlay", "cta", func(i int) {
			insert(`INSERT INTO overlays (account_id, name) VALUES (?, ?)`, accountID, fmt.Sprint("o", i))
		}},
		{"/api/splash", "splash", func(i int) {
			insert(`INSERT INTO splash_pages (account_id, name) VALUES (?, ?)`, accountID, fmt.Sprint("s", i))
		}},
		{fmt.Sprintf("/api/channel/%d", channelID), "items", func(i int) {
			insert(`INSERT INTO links (account_id, alias, long_url, channel_id) VALUES (?, ?, 'https://example.com', ?)`, accountID, fmt.Sprintf("a%d-%d", accountID, i), channelID)
		}},
	}
}

// TestListEnvelopes checks the paging maths of every list endpoint: 7 rows in pages of
// 3 are pages 1 (next 2), 2 (next 3), 3 (1 row, next 0), and page 4 is empty.
func TestListEnvelopes(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	_, emptyKey := env.newAccount("free")
	emptyChannelOwner, emptyChannelKey := env.newAccount("free") // has one channel, with no items
	var channelID, emptyChannel int64
	env.scalar(&channelID, `INSERT INTO channels (account_id, name) VALUES (?, 'holder') RETURNING id`, accID)
	env.scalar(&emptyChannel, `INSERT INTO channels (account_id, name) VALUES (?, 'empty') RETURNING id`, emptyChannelOwner)

	emptyEndpoints := map[string]string{}
	for _, ep := range listEndpoints(env, 0, emptyChannel) {
		emptyEndpoints[ep.array] = ep.path
	}
	for _, ep := range listEndpoints(env, accID, channelID) {
		t.Run(ep.path, func(t *testing.T) {
			t.Run("empty", func(t *testing.T) {
				key := emptyKey
				if ep.array == "items" {
					key = emptyChannelKey
				}
				got := readPage(t, env.do(http.MethodGet, emptyEndpoints[ep.array], key, nil), ep.array)
				if want := (page{Result: 0, PerPage: 15, CurrentPage: 1, NextPage: 0, MaxPage: 1, IDs: []int64{}}); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("got %+v, want %+v", got, want)
				}
			})
			n := 7
			if ep.array == "channels" {
				n = 6 // plus the channel holding the items
			}
			for i := 0; i < n; i++ {
				ep.seed(i)
			}
			cases := []struct {
				query                                  string
				perPage, current, next, maxPage, items int
			}{
				{"", 15, 1, 0, 1, 7},
				{"?limit=3", 3, 1, 2, 3, 3},
				{"?limit=3&page=2", 3, 2, 3, 3, 3},
				{"?limit=3&page=3", 3, 3, 0, 3, 1},
				{"?limit=3&page=4", 3, 4, 0, 3, 0},
				{"?limit=7", 7, 1, 0, 1, 7},
				{"?limit=100&page=1", 100, 1, 0, 1, 7},
				{"?limit=1&page=7", 1, 7, 0, 7, 1},
			}
			seen := map[int64]bool{}
			var previous int64 = 1 << 62
			for _, c := range cases {
				got := readPage(t, env.do(http.MethodGet, ep.path+c.query, key, nil), ep.array)
				if got.Result != 7 || got.PerPage != c.perPage || got.CurrentPage != c.current || got.NextPage != c.next || got.MaxPage != c.maxPage || len(got.IDs) != c.items {
					t.Fatalf("%s: got %+v, want result 7 perpage %d currentpage %d nextpage %d maxpage %d with %d items",
						c.query, got, c.perPage, c.current, c.next, c.maxPage, c.items)
				}
				if c.perPage == 3 { // pages 1-3 of 3: newest first, no overlap
					for _, id := range got.IDs {
						if seen[id] || id >= previous {
							t.Fatalf("%s: ids %v repeat or are not newest first", c.query, got.IDs)
						}
						seen[id], previous = true, id
					}
				}
			}
			if len(seen) != 7 {
				t.Fatalf("pages of 3 gave %d distinct rows, want 7", len(seen))
			}

			for _, bad := range []struct{ query, msg string }{
				{"?limit=0", "limit: must be at least 1"},
				{"?limit=101", "limit: must be at most 100"},
				{"?limit=ten", "limit: must be an integer"},
				{"?page=0", "page: must be at least 1"},
				{"?page=-2", "page: must be at least 1"},
			} {
				wantMessage(t, env.do(http.MethodGet, ep.path+bad.query, key, nil), http.StatusUnprocessableEntity, bad.msg)
			}
		})
	}
}

// TestCrossAccountIsolation: one account's resources are invisible to another: lists are
// empty, every id-addressed route answers 404, and nothing of the owner's changes.
func TestCrossAccountIsolation(t *testing.T) {
	env := newEnv(t)
	_, owner := env.newAccount("free")
	_, intruder := env.newAccount("free")

	ids := map[string]int64{}
	for kind, add := range map[string]struct {
		path string
		body map[string]any
	}{
		"campaign": {"/api/campaign/add", map[string]any{"name": "Mine", "slug": "mine"}},
		"channel":  {"/api/channel/add", map[string]any{"name": "Mine"}},
		"pixel":    {"/api/pixel/add", map[string]any{"type": "bing", "name": "Mine", "tag": "1234567"}},
		"domain":   {"/api/domain/add", map[string]any{"domain": "https://mine.example.com"}},
		"overlay":  {"/api/overlay/add", map[string]any{"name": "Mine"}},
		"splash":   {"/api/splash/add", map[string]any{"name": "Mine"}},
	} {
		ids[kind] = wantStatus(t, env.do(http.MethodPost, add.path, owner, add.body), http.StatusOK).ID
	}

	for _, ep := range listEndpoints(env, 0, 0)[:6] {
		if got := readPage(t, env.do(http.MethodGet, ep.path, intruder, nil), ep.array); got.Result != 0 || len(got.IDs) != 0 {
			t.Errorf("%s as another account: %+v, want empty", ep.path, got)
		}
	}
	routes := []struct {
		method, path string
		body         map[string]any
		msg          string
	}{
		{http.MethodPut, fmt.Sprintf("/api/campaign/%d/update", ids["campaign"]), map[string]any{"name": "Theirs"}, "Campaign not found"},
		{http.MethodDelete, fmt.Sprintf("/api/campaign/%d/delete", ids["campaign"]), nil, "Campaign not found"},
		{http.MethodGet, fmt.Sprintf("/api/channel/%d", ids["channel"]), nil, "Channel not found"},
		{http.MethodPut, fmt.Sprintf("/api/channel/%d/update", ids["channel"]), map[string]any{"name": "Theirs"}, "Channel not found"},
		{http.MethodDelete, fmt.Sprintf("/api/channel/%d/delete", ids["channel"]), nil, "Channel not found"},
		{http.MethodPut, fmt.Sprintf("/api/pixel/%d/update", ids["pixel"]), map[string]any{"tag": "7654321"}, "Pixel not found"},
		{http.MethodDelete, fmt.Sprintf("/api/pixel/%d/delete", ids["pixel"]), nil, "Pixel not found"},
		{http.MethodPut, fmt.Sprintf("/api/domain/%d/update", ids["domain"]), map[string]any{"redirectroot": "https://evil.example.com"}, "Domain not found"},
		{http.MethodDelete, fmt.Sprintf("/api/domain/%d/delete", ids["domain"]), nil, "Domain not found"},
		{http.MethodPut, fmt.Sprintf("/api/overlay/%d/update", ids["overlay"]), map[string]any{"name": "Theirs"}, "Overlay not found"},
		{http.MethodDelete, fmt.Sprintf("/api/overlay/%d/delete", ids["overlay"]), nil, "Overlay not found"},
		{http.MethodPut, fmt.Sprintf("/api/splash/%d/update", ids["splash"]), map[string]any{"name": "Theirs"}, "Splash page not found"},
		{http.MethodDelete, fmt.Sprintf("/api/splash/%d/delete", ids["splash"]), nil, "Splash page not found"},
	}
	for _, r := range routes {
		t.Run(r.method+" "+r.path, func(t *testing.T) {
			wantMessage(t, env.do(r.method, r.path, intruder, r.body), http.StatusNotFound, r.msg)
		})
	}

	// The owner still sees everything, unchanged.
	for _, ep := range listEndpoints(env, 0, 0)[:6] {
		if got := readPage(t, env.do(http.MethodGet, ep.path, owner, nil), ep.array); got.Result != 1 {
			t.Errorf("%s as the owner: %+v, want its 1 row", ep.path, got)
		}
	}
	var names []string
	env.scalar(&names, `SELECT name FROM campaigns UNION ALL SELECT name FROM channels UNION ALL SELECT name FROM pixels
		UNION ALL SELECT name FROM overlays UNION ALL SELECT name FROM splash_pages`)
	for _, n := range names {
		if n != "Mine" {
			t.Fatalf("a row was renamed to %q by another account", n)
		}
	}
	var redirect string
	env.scalar(&redirect, `SELECT redirect_root FROM domains WHERE id = ?`, ids["domain"])
	if redirect != "" {
		t.Fatalf("domain redirect changed by another account: %q", redirect)
	}
}
