package redirect

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestCampaignPagesAreKeptByContent: a list page seen before is served from the kept
// body (same bytes, a fresh nonce in each response's policy); any change of what it
// shows renders it anew; HEAD sends no body.
func TestCampaignPagesAreKeptByContent(t *testing.T) {
	e := &Engine{bodies: newBodyCache()}
	page := CampaignPage{Name: "Spring", Links: []CampaignLink{{Title: "First", ShortURL: "https://s.example/a", Description: "<b>x</b>"}}}
	serve := func(p CampaignPage, method string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		e.CampaignList(p).Write(w, httptest.NewRequest(method, "/u/spring", nil))
		return w
	}
	first := serve(page, http.MethodGet)
	if !strings.Contains(first.Body.String(), "First") || !strings.Contains(first.Body.String(), "&lt;b&gt;x&lt;/b&gt;") {
		t.Fatalf("first rendering: %s", first.Body)
	}
	if e.bodies.entries.Len() != 1 {
		t.Fatalf("%d pages kept, want 1", e.bodies.entries.Len())
	}
	if out := e.CampaignList(page); out.body == nil {
		t.Fatal("the same content is not served from the kept body")
	}
	again := serve(page, http.MethodGet)
	if again.Body.String() != first.Body.String() {
		t.Fatal("the kept body differs from the rendering")
	}
	if a, b := first.Header().Get("Content-Security-Policy"), again.Header().Get("Content-Security-Policy"); a == b || !strings.Contains(b, "'nonce-") {
		t.Fatalf("policies %q and %q: want a fresh nonce per response", a, b)
	}
	for name, changed := range map[string]CampaignPage{
		"name":        {Name: "Autumn", Links: page.Links},
		"title":       {Name: "Spring", Links: []CampaignLink{{Title: "Renamed", ShortURL: "https://s.example/a", Description: "<b>x</b>"}}},
		"next page":   {Name: "Spring", Links: page.Links, NextURL: "?page=2"},
		"a link less": {Name: "Spring"},
	} {
		if out := e.CampaignList(changed); out.body != nil {
			t.Errorf("%s changed: served the kept body of another page", name)
		}
	}
	if head := serve(page, http.MethodHead); head.Body.Len() != 0 || head.Header().Get("Content-Length") != first.Header().Get("Content-Length") {
		t.Fatalf("HEAD: %d bytes, Content-Length %q", head.Body.Len(), head.Header().Get("Content-Length"))
	}
}
