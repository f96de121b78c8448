package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/httpapi"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/nullable"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

// BenchmarkRedirect measures GET /{alias} of a cached direct link through the whole
// Echo stack (middleware, engine, click hand-off to a running recorder), beside a bare
// Echo handler answering the same 302. Handler time only, no network; `make
// bench-redirect` measures over TCP with wrk.
func BenchmarkRedirect(b *testing.B) {
	db, err := database.Open(testkit.NewDatabase(b), database.Options{Schema: migrations.Schema, MaxOpenConns: 5})
	if err != nil {
		b.Fatal(err)
	}
	opts, _ := redis.ParseURL(testkit.Redis(b))
	rdb := redis.NewClient(opts)
	b.Cleanup(func() { rdb.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	const base = "http://short.test"
	accounts := account.NewStore(db)
	acc, _, err := accounts.Create(context.Background(), account.CreateInput{Email: "bench@example.com"})
	if err != nil {
		b.Fatal(err)
	}
	links := link.NewService(db, base, nil)
	var in link.Input
	in.URL = nullable.Field[string]{Set: true, Value: "https://example.org/bench"}
	in.Custom = nullable.Field[string]{Set: true, Value: "bench"}
	if _, err := links.Create(context.Background(), acc.ID, in); err != nil {
		b.Fatal(err)
	}
	// A campaign rotating over three links, for /r/{slug}.
	var campaignID int64
	if err := db.Raw(`INSERT INTO campaigns (account_id, name, slug) VALUES (?, 'bench', 'bench') RETURNING id`, acc.ID).Scan(&campaignID).Error; err != nil {
		b.Fatal(err)
	}
	for range 3 {
		var member link.Input
		member.URL = nullable.Of("https://example.org/rotated")
		member.Campaign = nullable.Of(campaignID)
		if _, err := links.Create(context.Background(), acc.ID, member); err != nil {
			b.Fatal(err)
		}
	}
	loc, _ := geo.NewLocator(nil, "")
	rec := click.NewRecorder(rdb, loc, logger, click.RecorderOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(func() { cancel(); <-rec.Done() })
	go rec.Run(ctx)
	srv := httpapi.New(httpapi.Deps{
		Logger: logger, DB: db, Redis: rdb, BaseURL: base, Accounts: accounts, Links: links, Clicks: rec,
		Redirects: redirect.NewEngine(redirect.Config{DB: db, Redis: rdb, Links: links, Cache: redirect.NewCache(redirect.CacheOptions{}), Locator: loc, Clicks: rec, Logger: logger}),
	})

	b.Run("linkmgmt", func(b *testing.B) { benchServe(b, srv.Echo, "short.test", "/bench") })
	b.Run("bare-echo", func(b *testing.B) { benchServe(b, bareEcho(), "short.test", "/bench") })
	// The campaign rotator: two Postgres queries and a Redis INCR per visit.
	b.Run("rotator", func(b *testing.B) { benchServe(b, srv.Echo, "short.test", "/r/bench") })
}

func benchServe(b *testing.B, h http.Handler, host, path string) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Host = host
			req.Header.Set("User-Agent", uaChromeWindows)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusFound {
				b.Fatalf("status %d", w.Code)
			}
		}
	})
}

func bareEcho() http.Handler {
	e := echo.New()
	e.GET("/:alias", func(c echo.Context) error { return c.Redirect(http.StatusFound, "https://example.org/bench") })
	return e
}
