package aiquery

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// A re-read catalogue that did not change is the same catalogue: the interpreter builds
// its lexicon per catalogue, so a new identity every CatalogTTL would rebuild it for nothing.
func TestCatalogKeepsItsIdentityWhileUnchanged(t *testing.T) {
	now := time.Date(2025, 6, 18, 10, 0, 0, 0, time.UTC)
	stores := []semantic.StoreRef{{Code: "L01", Name: "Centro", City: "São Paulo", State: "SP"}}
	src := &catalogSource{
		read: func(context.Context) (*semantic.Catalog, error) {
			return &semantic.Catalog{Stores: append([]semantic.StoreRef(nil), stores...)}, nil
		},
		now: func() time.Time { return now },
		log: slog.New(slog.DiscardHandler),
	}
	first := src.get(t.Context())
	now = now.Add(CatalogTTL + time.Second)
	if again := src.get(t.Context()); again != first {
		t.Fatal("an unchanged catalogue read again got a new identity")
	}
	stores = append(stores, semantic.StoreRef{Code: "L02", Name: "Batel", City: "Curitiba", State: "PR"})
	now = now.Add(CatalogTTL + time.Second)
	changed := src.get(t.Context())
	if changed == first || len(changed.Stores) != 2 {
		t.Fatalf("a changed catalogue was not taken: %+v", changed)
	}
}
