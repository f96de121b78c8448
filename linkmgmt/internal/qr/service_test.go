package qr_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"sync/atomic"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/config"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr/qrtest"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

const baseURL = "https://lnk.example.com"

type fixture struct {
	svc       *qr.Service
	db        *gorm.DB
	redis     *redis.Client
	proxy     *testkit.Proxy
	accountID int64
	links     *link.Service
}

var emailSeq atomic.Int64

// newFixture is a service over a fresh database and a Redis reached through a proxy the
// test can cut.
func newFixture(t testing.TB) fixture {
	t.Helper()
	db := testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: 5})
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := testkit.NewProxy(t, opts.Addr)
	opts.Addr = proxy.Addr()
	opts.MaxRetries = -1
	opts.DialerRetries = 1 // a cut Redis fails at once instead of after 5 dial attempts
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	acc, _, err := account.NewStore(db).Create(context.Background(), account.CreateInput{Email: fmt.Sprintf("qr%d@example.com", emailSeq.Add(1))})
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(config.Config{BaseURL: baseURL, DomainCheck: "off"}, db, rdb, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return fixture{svc: a.QR, db: db, redis: rdb, proxy: proxy, accountID: acc.ID, links: a.Links}
}

func TestImagesAreServedWhenRedisIsDown(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	code, err := f.svc.Create(ctx, f.accountID, qr.CreateInput{Type: "text", Data: json.RawMessage(`"still here"`)})
	if err != nil {
		t.Fatal(err)
	}
	f.proxy.Cut()
	for _, format := range []string{qr.FormatPNG, qr.FormatSVG} {
		img, err := f.svc.ImageInfo(ctx, code.ID, format)
		if err != nil {
			t.Fatal(err)
		}
		body, err := f.svc.Render(ctx, img)
		if err != nil {
			t.Fatalf("render %s without redis: %v", format, err)
		}
		decode := qrtest.DecodePNG
		if format == qr.FormatSVG {
			decode = qrtest.DecodeSVG
		}
		if got, err := decode(body); err != nil || got != "still here" {
			t.Fatalf("%s scans to %q, %v", format, got, err)
		}
	}
	// Updates and deletes do not depend on the cache either.
	if _, err := f.svc.Update(ctx, f.accountID, code.ID, qr.UpdateInput{Data: json.RawMessage(`"changed"`)}); err != nil {
		t.Fatalf("update without redis: %v", err)
	}
	if err := f.svc.Delete(ctx, f.accountID, code.ID); err != nil {
		t.Fatalf("delete without redis: %v", err)
	}
}

func TestLinksAdapter(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	links := qr.NewLinks(f.links)
	pattern := regexp.MustCompile(`^https://lnk\.example\.com/([0-9A-Za-z]{6,})$`)
	seen := map[string]bool{}
	for range 50 {
		l, err := links.CreateShortLink(ctx, f.accountID, "https://example.com/")
		if err != nil {
			t.Fatal(err)
		}
		m := pattern.FindStringSubmatch(l.URL)
		if m == nil || seen[m[1]] {
			t.Fatalf("short URL %q: not a fresh random base62 alias", l.URL)
		}
		seen[m[1]] = true
	}

	// The links service validates the destination; the QR API names it data.
	_, err := links.CreateShortLink(ctx, f.accountID, baseURL+"/loop")
	if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Message != "data: must not point back to this link service" {
		t.Fatalf("link to the service itself: %v", err)
	}

	// A link of another account is neither updated nor deleted.
	other, _, err := account.NewStore(f.db).Create(ctx, account.CreateInput{Email: fmt.Sprintf("other%d@example.com", emailSeq.Add(1))})
	if err != nil {
		t.Fatal(err)
	}
	l, err := links.CreateShortLink(ctx, f.accountID, "https://example.com/mine")
	if err != nil {
		t.Fatal(err)
	}
	if err := links.UpdateLongURL(ctx, other.ID, l.ID, "https://evil.example"); !errors.Is(err, link.ErrNotFound) {
		t.Fatalf("another account's update: %v, want NotFound", err)
	}
	if err := links.DeleteLink(ctx, other.ID, l.ID); err != nil {
		t.Fatalf("another account's delete: %v, want nil (nothing to delete)", err)
	}
	var long string
	f.db.Raw(`SELECT long_url FROM links WHERE id = ?`, l.ID).Scan(&long)
	if long != "https://example.com/mine" {
		t.Fatalf("link after another account's calls: %q", long)
	}
	if err := links.UpdateLongURL(ctx, f.accountID, l.ID, "https://example.com/moved"); err != nil {
		t.Fatal(err)
	}
	f.db.Raw(`SELECT long_url FROM links WHERE id = ?`, l.ID).Scan(&long)
	if long != "https://example.com/moved" {
		t.Fatalf("updated link leads to %q", long)
	}
	// Deleting twice is fine: a link already gone is not an error.
	for range 2 {
		if err := links.DeleteLink(ctx, f.accountID, l.ID); err != nil {
			t.Fatal(err)
		}
	}
	if err := links.UpdateLongURL(ctx, f.accountID, l.ID, "https://example.com/x"); !errors.Is(err, link.ErrNotFound) {
		t.Fatalf("update of a deleted link: %v, want NotFound", err)
	}
}

// BenchmarkImageRequest measures the three ways an image request is answered: 304 from
// the ETag alone (one indexed query), the cached rendering from Redis, and a rendering
// (cache miss) of a link code's PNG.
func BenchmarkImageRequest(b *testing.B) {
	f := newFixture(b)
	ctx := context.Background()
	code, err := f.svc.Create(ctx, f.accountID, qr.CreateInput{Type: "link", Data: json.RawMessage(`"https://example.com/landing"`)})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("etag-only-304", func(b *testing.B) {
		for b.Loop() {
			if _, err := f.svc.ImageInfo(ctx, code.ID, qr.FormatPNG); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cached-png", func(b *testing.B) {
		for b.Loop() {
			img, err := f.svc.ImageInfo(ctx, code.ID, qr.FormatPNG)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := f.svc.Render(ctx, img); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("render-png", func(b *testing.B) {
		for b.Loop() {
			img, err := f.svc.ImageInfo(ctx, code.ID, qr.FormatPNG)
			if err != nil {
				b.Fatal(err)
			}
			f.redis.Del(ctx, fmt.Sprintf("qr:img:%d:png", code.ID))
			if _, err := f.svc.Render(ctx, img); err != nil {
				b.Fatal(err)
			}
		}
	})
}
