package export

import (
	"context"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/testkit"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}
