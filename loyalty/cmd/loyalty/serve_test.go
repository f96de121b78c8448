package main

import (
	"testing"

	"github.com/loyaltylinks/platform/shared/testkit"
)

// TestServeSplitsMetricsFromTheAPI runs `loyalty serve` as deployed (testkit.CheckServe).
func TestServeSplitsMetricsFromTheAPI(t *testing.T) {
	testkit.CheckServe(t, testkit.Binary{
		Run:        run,
		Env:        map[string]string{"DATABASE_URL": testkit.NewDatabase(t), "APP_ENV": "development"},
		Name:       "loyalty",
		BodyPath:   "/api/v1/authorization",
		MessageKey: "detail",
	}, nil)
}
