package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// redisKeys lists every key of the test's Redis database.
func (e *testEnv) redisKeys() []string {
	e.t.Helper()
	var keys []string
	iter := e.Redis.Scan(context.Background(), 0, "*", 1000).Iterator()
	for iter.Next(context.Background()) {
		keys = append(keys, iter.Val())
	}
	if err := iter.Err(); err != nil {
		e.t.Fatal(err)
	}
	slices.Sort(keys)
	return keys
}

// TestDeletingRemovesStatisticsFromRedisAndPostgres: deleting a link, a QR code (and its
// short link), a campaign or a branded domain (and the links on it) through the API
// leaves none of their keys in Redis (pending counters and details, image cache,
// rotation counter) and none of their clicks or rollups in Postgres; their clicks come
// off the account's days. The HyperLogLog of a deleted link used to stay forever.
func TestDeletingRemovesStatisticsFromRedisAndPostgres(t *testing.T) {
	env := newEnv(t)
	accountID, key := env.newAccount("free")
	browsers := []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
	}
	visitAll := func(path, host string) {
		for _, ua := range browsers {
			env.visit(visit{path: path, host: host, header: map[string]string{"User-Agent": ua}})
		}
	}

	linkID, _ := env.createLink(key, map[string]any{"url": "https://e.org/gone", "custom": "gone"})
	keptID, _ := env.createLink(key, map[string]any{"url": "https://e.org/kept", "custom": "kept"})
	var qrAdded struct{ ID int64 }
	env.do(http.MethodPost, "/api/qr/add", key, map[string]any{"type": "link", "data": "https://e.org/menu"}).JSON(t, &qrAdded)
	var qrLink int64
	env.scalar(&qrLink, `SELECT link_id FROM qr_codes WHERE id = ?`, qrAdded.ID)
	var alias string
	env.scalar(&alias, `SELECT alias FROM links WHERE id = ?`, qrLink)
	var campaign struct{ ID int64 }
	env.do(http.MethodPost, "/api/campaign/add", key, map[string]any{"name": "c", "slug": "spring"}).JSON(t, &campaign)
	wantStatus(t, env.do(http.MethodPost, fmt.Sprintf("/api/campaign/%d/assign/%d", campaign.ID, keptID), key, nil), http.StatusOK)
	var domain struct{ ID int64 }
	env.do(http.MethodPost, "/api/domain/add", key, map[string]any{"domain": "https://go.example.com"}).JSON(t, &domain)
	onDomain, _ := env.createLink(key, map[string]any{"url": "https://e.org/branded", "custom": "b", "domain": "https://go.example.com"})

	visitAll("/gone", "")
	visitAll("/kept", "")
	visitAll("/"+alias, "")
	visitAll("/b", "go.example.com")
	env.flush()
	visitAll("/gone", "") // pending again: counters in Redis only
	visitAll("/b", "go.example.com")
	env.syncClicks()
	env.visit(visit{path: "/r/spring"})
	if res := env.visit(visit{path: fmt.Sprintf("/qr/%d.png", qrAdded.ID)}); res.Status != http.StatusOK {
		t.Fatalf("QR image: %d", res.Status)
	}

	gone := map[string]bool{}
	for _, id := range []int64{linkID, onDomain} { // the QR code's link is flushed: nothing pending
		gone[fmt.Sprintf("lm:{clk}:p:%d", id)] = true
		gone[fmt.Sprintf("lm:{clk}:d:%d", id)] = true
	}
	gone[fmt.Sprintf("qr:img:%d:png", qrAdded.ID)] = true
	gone[fmt.Sprintf("lm:rot:%d", campaign.ID)] = true
	before := env.redisKeys()
	for k := range gone {
		if !slices.Contains(before, k) {
			t.Fatalf("setup: key %s missing before the deletions; keys %v", k, before)
		}
	}

	wantStatus(t, env.do(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", linkID), key, nil), http.StatusOK)
	wantStatus(t, env.do(http.MethodDelete, fmt.Sprintf("/api/qr/%d/delete", qrAdded.ID), key, nil), http.StatusOK)
	wantStatus(t, env.do(http.MethodDelete, fmt.Sprintf("/api/campaign/%d/delete", campaign.ID), key, nil), http.StatusOK)
	wantStatus(t, env.do(http.MethodDelete, fmt.Sprintf("/api/domain/%d/delete", domain.ID), key, nil), http.StatusOK)
	env.flush() // the flusher of any replica purges what the deletions queued

	var left []string
	for _, k := range env.redisKeys() {
		if gone[k] {
			left = append(left, k)
		}
	}
	if len(left) > 0 {
		t.Errorf("deleted resources left Redis keys %v", left)
	}
	for _, id := range []int64{linkID, qrLink, onDomain} {
		var clicks, rollups int64
		env.scalar(&clicks, `SELECT count(*) FROM clicks WHERE link_id = ?`, id)
		env.scalar(&rollups, `SELECT (SELECT count(*) FROM link_click_days WHERE link_id = ?) + (SELECT count(*) FROM link_click_totals WHERE link_id = ?)`, id, id)
		if clicks != 0 || rollups != 0 {
			t.Errorf("deleted link %d left %d clicks and %d rollup rows in Postgres", id, clicks, rollups)
		}
	}
	// The link that stays keeps everything, and the account's days are its days now.
	var kept, keptDays, accountDays int64
	env.scalar(&kept, `SELECT count(*) FROM clicks WHERE link_id = ? AND account_id = ?`, keptID, accountID)
	env.scalar(&keptDays, `SELECT coalesce(sum(clicks), 0) FROM link_click_days WHERE link_id = ?`, keptID)
	env.scalar(&accountDays, `SELECT coalesce(sum(clicks), 0) FROM account_click_days WHERE account_id = ?`, accountID)
	if kept != 2 || keptDays != 2 || accountDays != 2 {
		t.Fatalf("after the deletions: kept link %d raw clicks and %d in its days, account days %d, want 2, 2, 2 (keys %s)",
			kept, keptDays, accountDays, strings.Join(env.redisKeys(), " "))
	}
}
