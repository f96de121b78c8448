package link

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/nullable"
)

// TestApplyFields: each rule of a link's own fields, as a plain value (the link as
// changed, the fields refused), without a database.
func TestApplyFields(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	urls := urlChecker{ownHosts: func(host string) bool { return host == "sho.rt" }}
	future := now.Add(time.Hour)
	tests := []struct {
		name       string
		in         Input
		before     Link
		want       func(l *Link) any // the part of the link the case is about
		wantValue  any
		wantFields []string // refused, in order
	}{
		{"url set", Input{URL: nullable.Of(" https://example.org/a ")}, Link{}, func(l *Link) any { return l.LongURL }, "https://example.org/a", nil},
		{"url back to the service", Input{URL: nullable.Of("https://SHO.RT./x")}, Link{LongURL: "https://kept.example/"}, func(l *Link) any { return l.LongURL }, "https://kept.example/", []string{"url"}},
		{"texts trimmed, title is the meta title", Input{MetaTitle: nullable.Of(" T "), Description: nullable.Of(" d ")}, Link{}, func(l *Link) any { return [3]string{l.Title, l.MetaTitle, l.Description} }, [3]string{"T", "T", "d"}, nil},
		{"text too long", Input{MetaTitle: nullable.Of(strings.Repeat("x", maxTextLen+1))}, Link{MetaTitle: "old"}, func(l *Link) any { return l.MetaTitle }, "old", []string{"metatitle"}},
		{"meta image of another kind", Input{MetaImage: nullable.Of("https://img.example/a.gif")}, Link{MetaImage: "https://img.example/old.png"}, func(l *Link) any { return l.MetaImage }, "https://img.example/old.png", []string{"metaimage"}},
		{"meta image cleared", Input{MetaImage: nullable.Of(" ")}, Link{MetaImage: "https://img.example/old.png"}, func(l *Link) any { return l.MetaImage }, "", nil},
		{"status public", Input{Status: nullable.Of(" PUBLIC ")}, Link{}, func(l *Link) any { return l.Status }, StatusPublic, nil},
		{"status empty is private", Input{Status: nullable.Of("")}, Link{Status: StatusPublic}, func(l *Link) any { return l.Status }, StatusPrivate, nil},
		{"status unknown", Input{Status: nullable.Of("secret")}, Link{Status: StatusPublic}, func(l *Link) any { return l.Status }, StatusPublic, []string{"status"}},
		{"expiry in the future", Input{Expiry: nullable.Of(future.Format(ExpiryLayout))}, Link{}, func(l *Link) any { return *l.ExpiresAt }, future, nil},
		{"expiry now is past", Input{Expiry: nullable.Of(now.Format(ExpiryLayout))}, Link{}, func(l *Link) any { return l.ExpiresAt }, (*time.Time)(nil), []string{"expiry"}},
		{"expiry malformed", Input{Expiry: nullable.Of("tomorrow")}, Link{}, func(l *Link) any { return l.ExpiresAt }, (*time.Time)(nil), []string{"expiry"}},
		{"expiry cleared", Input{Expiry: nullable.Of("")}, Link{ExpiresAt: &future}, func(l *Link) any { return l.ExpiresAt }, (*time.Time)(nil), nil},
		{"geo targets canonical, a bad one refused", Input{GeoTarget: nullable.Of([]GeoTarget{{Location: "fr", Link: "https://fr.example/"}, {Location: "Atlantis", Link: "https://a.example/"}})}, Link{},
			func(l *Link) any { return l.GeoTargets.V }, []GeoTarget{{Location: "fr", Link: "https://fr.example/", Code: "FR"}}, []string{"geotarget[1].location"}},
		{"device targeted twice", Input{DeviceTarget: nullable.Of([]DeviceTarget{{Device: "iphone", Link: "https://i.example/"}, {Device: "iPhone", Link: "https://j.example/"}})}, Link{},
			func(l *Link) any { return l.DeviceTargets.V }, []DeviceTarget{{Device: "iPhone", Link: "https://i.example/"}}, []string{"devicetarget[1].device"}},
		{"deep links: blank cleared, a bad one refused", Input{DeepLink: nullable.Of(DeepLink{Apple: " ", Google: "ftp://x"})}, Link{},
			func(l *Link) any { return l.DeepLink.V.Apple }, "", []string{"deeplink.google"}},
		{"parameters: a nameless one refused", Input{Parameters: nullable.Of([]Param{{Name: " utm ", Value: "a"}, {Name: " ", Value: "b"}})}, Link{},
			func(l *Link) any { return l.Parameters.V }, []Param{{Name: "utm", Value: "a"}}, []string{"parameters[1]"}},
		{"nothing given: nothing changes", Input{}, Link{LongURL: "https://kept.example/", Status: StatusPublic}, func(l *Link) any { return [2]string{l.LongURL, l.Status} }, [2]string{"https://kept.example/", StatusPublic}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := tt.before
			var errs fieldErrs
			applyFields(tt.in, &l, urls, now, &errs)
			if got := tt.want(&l); !reflect.DeepEqual(got, tt.wantValue) {
				t.Errorf("got %#v, want %#v", got, tt.wantValue)
			}
			var fields []string
			for _, e := range errs {
				fields = append(fields, e.Loc[len(e.Loc)-1].(string))
			}
			if !slices.Equal(fields, tt.wantFields) {
				t.Errorf("refused %v, want %v", fields, tt.wantFields)
			}
		})
	}
}
