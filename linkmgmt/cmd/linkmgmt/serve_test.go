package main

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/shared/testkit"
)

// TestServeSplitsMetricsFromTheAPI runs `linkmgmt serve` as deployed (testkit.CheckServe),
// and checks that a password form trickled to a protected link is cut like any body.
func TestServeSplitsMetricsFromTheAPI(t *testing.T) {
	testkit.CheckServe(t, testkit.Binary{
		Run:        run,
		Env:        map[string]string{"DATABASE_URL": testkit.NewDatabase(t), "REDIS_URL": testkit.Redis(t), "DOMAIN_CHECK": "off"},
		Name:       "linkmgmt",
		BodyPath:   "/api/url/add",
		MessageKey: "message",
	}, func(t *testing.T, s testkit.Serving) {
		t.Run("a password form trickled byte by byte is cut at HTTP_READ_TIMEOUT", func(t *testing.T) {
			var out strings.Builder
			if err := run(s.Ctx, []string{"users", "create", "--email", "slow@example.com"}, func(k string) string { return s.Env[k] }, &out, io.Discard); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			req, _ := http.NewRequest(http.MethodPost, "http://"+s.API+"/api/url/add", strings.NewReader(`{"url":"https://example.org/","custom":"locked","password":"open sesame"}`))
			req.Header.Set("Authorization", "Bearer "+lines[len(lines)-1])
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("creating the link: %d", res.StatusCode)
			}
			testkit.CheckTrickleCut(t, s.API, "POST /locked HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\npassword=", "x")
		})
	})
}
