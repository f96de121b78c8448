package httpapi_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// visitorsOfKnownCountries are addresses the embedded country database places (geo's
// TestKnownAddresses checks them against the file), and one it cannot place.
var visitorsOfKnownCountries = []struct {
	ip, country, name string
}{
	{"8.8.8.8", "US", "United States"},
	{"200.160.2.3", "BR", "Brazil"},
	{"2001:12ff::1", "BR", "Brazil"},
	{"194.25.0.1", "DE", "Germany"},
	{"210.130.0.1", "JP", "Japan"},
	{"10.0.0.1", "", "Unknown"},
}

// TestCountriesWithNoGeoIPConfiguration: with no GEOIP_DB and no country header, the
// embedded database places visitors everywhere a country is used: geo targeting picks
// the visitor's country's destination, and the clicks of a targeted link (country from
// the redirect) and of a plain one (country from the click recorder) carry it into the
// link's statistics, the CSV of clicks and the public statistics page, which credits the
// data as its licence asks. A GEOIP_DB file replaces the data and drops the credit.
func TestCountriesWithNoGeoIPConfiguration(t *testing.T) {
	// The test's client is loopback: as a trusted proxy it names the visitor's address.
	env := newEnv(t, withTrustedProxies(loopback()))
	_, key := env.newAccount("business")
	targetedID, _ := env.createLink(key, map[string]any{"url": "https://dest.example/default", "custom": "worldwide", "status": "public",
		"geotarget": []map[string]string{
			{"location": "United States", "link": "https://dest.example/us"}, {"location": "BR", "link": "https://dest.example/br"},
			{"location": "Germany", "link": "https://dest.example/de"}, {"location": "JP", "link": "https://dest.example/jp"},
		}})
	plainID, _ := env.createLink(key, map[string]any{"url": "https://dest.example/plain", "custom": "plain", "status": "public"})

	wantCountries := map[string]int64{}
	for _, v := range visitorsOfKnownCountries {
		header := map[string]string{"X-Forwarded-For": v.ip, "User-Agent": uaChromeWindows}
		want := "https://dest.example/default"
		if v.country != "" {
			want = "https://dest.example/" + strings.ToLower(v.country)
		}
		expect{status: http.StatusFound, location: want}.check(t, env.visit(visit{path: "/worldwide", header: header}))
		expect{status: http.StatusFound, location: "https://dest.example/plain"}.check(t, env.visit(visit{path: "/plain", header: header}))
		wantCountries[v.name]++
	}
	env.flush()

	for _, id := range []int64{targetedID, plainID} {
		if got := env.getLink(key, id).Data.TopCountries; fmt.Sprint(got) != fmt.Sprint(wantCountries) {
			t.Errorf("link %d: topCountries %v, want %v", id, got, wantCountries)
		}
		// The CSV of clicks: the code and name of each placed visitor's country.
		today := time.Now().UTC()
		path := fmt.Sprintf("/api/url/%d/clicks?from=%s&to=%s", id, today.AddDate(0, 0, -1).Format(time.DateOnly), today.Format(time.DateOnly))
		res := env.do(http.MethodGet, path, key, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, res.Status, res.Body)
		}
		records, err := csv.NewReader(bytes.NewReader(res.Body)).ReadAll()
		if err != nil || len(records) == 0 || records[0][4] != "country_code" || records[0][5] != "country" {
			t.Fatalf("%s: %v %v", path, err, records)
		}
		// The row of the address no data places is left to the CSV's rule for unknowns.
		var got, want []string
		for _, r := range records[1:] {
			if r[4] != "" && r[4] != "Unknown" {
				got = append(got, r[4]+" "+r[5])
			}
		}
		for _, v := range visitorsOfKnownCountries {
			if v.country != "" {
				want = append(want, v.country+" "+v.name)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if len(records) != 1+len(visitorsOfKnownCountries) || !slices.Equal(got, want) {
			t.Errorf("link %d: CSV countries %q, want %q", id, got, want)
		}
	}

	page := env.visit(visit{path: "/plain+"})
	body := string(page.Body)
	if page.Status != http.StatusOK {
		t.Fatalf("public statistics page: %d", page.Status)
	}
	for _, name := range slices.Sorted(maps.Keys(wantCountries)) {
		if !strings.Contains(body, "<span>"+name+"</span>") {
			t.Errorf("the public page's countries lack %s", name)
		}
	}
	const credit = `<a href="https://db-ip.com">IP Geolocation by DB-IP</a>`
	if !strings.Contains(body, credit) {
		t.Errorf("the public page lacks the data's attribution %s", credit)
	}

	// An operator's GEOIP_DB replaces the embedded data: its answer, and no DB-IP credit.
	mmdb := writeMMDB(t, map[string]string{"8.8.8.0/24": "GB"})
	own := newEnv(t, withTrustedProxies(loopback()), withGeoIP(mmdb), replicaOf(env))
	host := hostOf(t, env.URL)
	expect{status: http.StatusFound, location: "https://dest.example/default"}.check(t,
		own.visit(visit{path: "/worldwide", host: host, header: map[string]string{"X-Forwarded-For": "8.8.8.8", "User-Agent": uaChromeWindows}}))
	if body := string(own.visit(visit{path: "/plain+", host: host}).Body); strings.Contains(body, "db-ip.com") || !strings.Contains(body, "<span>United States</span>") {
		t.Errorf("with GEOIP_DB the page credits DB-IP (%v) or lost the stored countries", strings.Contains(body, "db-ip.com"))
	}
}
