package campaign

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/pagination"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"github.com/redis/go-redis/v9"
)

// TestLargeCampaignsAnswerLikeCachedOnes: a campaign too large to hold in memory is read
// from Postgres a page (or a turn's link) at a time; its pages and its rotation are the
// same as a held campaign's: the same live links in the same order, expired ones left
// out, the same pages.
func TestLargeCampaignsAnswerLikeCachedOnes(t *testing.T) {
	ctx := context.Background()
	db := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 4})
	acc, _, err := account.NewStore(db).Create(ctx, account.CreateInput{Email: "c@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	accountID := acc.ID
	store := NewStore(db, nil)
	c, err := store.Create(ctx, accountID, CreateInput{Name: "Big", Slug: "big", Public: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Exec(`INSERT INTO links (account_id, alias, long_url, title, campaign_id, expires_at)
		SELECT ?, 'l' || n, 'https://e.example/' || n, 'Link ' || n, ?,
			CASE WHEN n % 4 = 0 THEN now() - interval '1 hour' END
		FROM generate_series(1, 9) AS n`, accountID, c.ID).Error; err != nil {
		t.Fatal(err)
	}
	links := link.NewService(db, "http://short.test", link.References{}, nil)
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	pages := func(maxMembers int) *Pages {
		rdb := redis.NewClient(opts)
		t.Cleanup(func() { rdb.Close() })
		return NewPages(store, links, rdb, log, PagesOptions{MaxMembers: maxMembers})
	}
	held, large := pages(100), pages(3)

	list := func(p *Pages, page int) string {
		_, ms, total, err := p.PublicList(ctx, "big", pagination.Page{Page: page, Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		out := fmt.Sprint(total)
		for _, m := range ms {
			out += " " + m.Title + "@" + m.ShortURL
		}
		return out
	}
	for page := 1; page <= 4; page++ {
		if h, l := list(held, page), list(large, page); h != l {
			t.Fatalf("page %d: held %q, large %q", page, h, l)
		}
	}
	if got := list(held, 1); got != "7 Link 1@http://short.test/l1 Link 2@http://short.test/l2 Link 3@http://short.test/l3" {
		t.Fatalf("first page %q", got)
	}
	// The two are replicas sharing one rotation counter: visits alternating between
	// them go round the 7 live links in order, twice.
	var order []string
	for i := range 14 {
		p := held
		if i%2 == 1 {
			p = large
		}
		m, err := p.Pick(ctx, "big", true)
		if err != nil {
			t.Fatal(err)
		}
		order = append(order, m.Alias)
	}
	want := []string{"l1", "l2", "l3", "l5", "l6", "l7", "l9"}
	for i, alias := range order {
		if alias != want[i%len(want)] {
			t.Fatalf("rotation %v, want %v twice", order, want)
		}
	}
}
