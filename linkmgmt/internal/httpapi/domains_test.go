package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

type domainListBody struct {
	Data struct {
		Domains []struct {
			ID           int64  `json:"id"`
			Domain       string `json:"domain"`
			RedirectRoot string `json:"redirectroot"`
			Redirect404  string `json:"redirect404"`
		} `json:"domains"`
	} `json:"data"`
}

func TestDomainAdd(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	_, otherKey := env.newAccount("free")

	res := env.do(http.MethodPost, "/api/domain/add", key, map[string]any{
		"domain": "https://Go.Example.com/", "redirectroot": "https://example.com/", "redirect404": "https://example.com/404"})
	created := wantStatus(t, res, http.StatusOK)
	var list domainListBody
	env.do(http.MethodGet, "/api/domains", key, nil).JSON(t, &list)
	if len(list.Data.Domains) != 1 {
		t.Fatalf("domains: %+v", list)
	}
	d := list.Data.Domains[0]
	if d.ID != created.ID || d.Domain != "https://go.example.com" || d.RedirectRoot != "https://example.com/" || d.Redirect404 != "https://example.com/404" {
		t.Fatalf("domain = %+v", d)
	}
	var host string
	env.scalar(&host, `SELECT host FROM domains WHERE id = ?`, created.ID)
	if host != "go.example.com" {
		t.Fatalf("host = %q", host)
	}

	invalidDomain := "domain must be an http or https address such as https://go.example.com, without a path"
	tests := []struct {
		name   string
		key    string
		body   map[string]any
		status int
		msg    string
	}{
		{"domain missing", key, map[string]any{}, http.StatusUnprocessableEntity, "domain is required"},
		{"no scheme", key, map[string]any{"domain": "go2.example.com"}, http.StatusUnprocessableEntity, invalidDomain},
		{"ftp", key, map[string]any{"domain": "ftp://go2.example.com"}, http.StatusUnprocessableEntity, invalidDomain},
		{"with a path", key, map[string]any{"domain": "https://go2.example.com/x"}, http.StatusUnprocessableEntity, invalidDomain},
		{"an IP address", key, map[string]any{"domain": "http://192.0.2.7"}, http.StatusUnprocessableEntity, invalidDomain},
		{"bad host name", key, map[string]any{"domain": "https://go_2.example.com"}, http.StatusUnprocessableEntity, invalidDomain},
		{"redirectroot not http", key, map[string]any{"domain": "https://go3.example.com", "redirectroot": "javascript:alert(1)"}, http.StatusUnprocessableEntity, "redirectroot must be an http or https URL"},
		{"redirect404 not a URL", key, map[string]any{"domain": "https://go3.example.com", "redirect404": "nowhere"}, http.StatusUnprocessableEntity, "redirect404 must be an absolute http or https URL"},
		{"already registered, any case, same account", key, map[string]any{"domain": "http://GO.example.com"}, http.StatusConflict, "This domain is already registered"},
		{"already registered by another account", otherKey, map[string]any{"domain": "https://go.example.com"}, http.StatusConflict, "This domain is already registered"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPost, "/api/domain/add", tt.key, tt.body), tt.status, tt.msg)
		})
	}
	t.Run("a non-default port makes another host", func(t *testing.T) {
		wantStatus(t, env.do(http.MethodPost, "/api/domain/add", key, map[string]any{"domain": "https://go.example.com:8443"}), http.StatusOK)
	})
}

// TestDomainMustPointToTheService runs the real DNS check: "localhost" resolves to the
// loopback address, which is the service's address here; other hosts do not.
func TestDomainMustPointToTheService(t *testing.T) {
	env := newEnv(t, withDomainCheck("127.0.0.1", "::1"))
	_, key := env.newAccount("free")

	wantStatus(t, env.do(http.MethodPost, "/api/domain/add", key, map[string]any{"domain": "http://localhost"}), http.StatusOK)

	res := env.do(http.MethodPost, "/api/domain/add", key, map[string]any{"domain": "https://nothing-here.invalid"})
	b := wantStatus(t, res, http.StatusUnprocessableEntity)
	if !strings.Contains(b.Message, "does not resolve") {
		t.Fatalf("message = %q", b.Message)
	}

	other := newEnv(t, withDomainCheck("192.0.2.10")) // the service lives elsewhere
	_, otherKey := other.newAccount("free")
	res = other.do(http.MethodPost, "/api/domain/add", otherKey, map[string]any{"domain": "http://localhost:8088"})
	b = wantStatus(t, res, http.StatusUnprocessableEntity)
	if !strings.Contains(b.Message, "does not point to this service") || !strings.Contains(b.Message, "192.0.2.10") {
		t.Fatalf("message = %q", b.Message)
	}
}

func TestDomainUpdateDelete(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	_, otherKey := env.newAccount("free")
	created := wantStatus(t, env.do(http.MethodPost, "/api/domain/add", key, map[string]any{"domain": "https://brand.example.com", "redirectroot": "https://example.com/"}), http.StatusOK)
	path := fmt.Sprintf("/api/domain/%d", created.ID)

	tests := []struct {
		name, key string
		body      map[string]any
		status    int
		msg       string
		wantRoot  string
		want404   string
	}{
		{"set 404 only", key, map[string]any{"redirect404": "https://example.com/missing"}, http.StatusOK, "Domain has been updated successfully.", "https://example.com/", "https://example.com/missing"},
		{"clear root", key, map[string]any{"redirectroot": ""}, http.StatusOK, "Domain has been updated successfully.", "", "https://example.com/missing"},
		{"not http", key, map[string]any{"redirectroot": "mailto:me@example.com"}, http.StatusUnprocessableEntity, "redirectroot must be an http or https URL", "", "https://example.com/missing"},
		{"another account", otherKey, map[string]any{"redirectroot": "https://evil.example.com"}, http.StatusNotFound, "Domain not found", "", "https://example.com/missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPut, path+"/update", tt.key, tt.body), tt.status, tt.msg)
			var got struct{ RedirectRoot, Redirect404 string }
			env.scalar(&got, `SELECT redirect_root, redirect_404 AS redirect404 FROM domains WHERE id = ?`, created.ID)
			if got.RedirectRoot != tt.wantRoot || got.Redirect404 != tt.want404 {
				t.Fatalf("row = %+v, want root %q 404 %q", got, tt.wantRoot, tt.want404)
			}
		})
	}
	wantMessage(t, env.do(http.MethodPut, "/api/domain/999999/update", key, map[string]any{}), http.StatusNotFound, "Domain not found")

	t.Run("delete takes the domain's short links with it", func(t *testing.T) {
		link := env.insertLink(accID, "onbrand", "https://example.com", "")
		if err := env.DB.Exec(`UPDATE links SET domain_id = ? WHERE id = ?`, created.ID, link).Error; err != nil {
			t.Fatal(err)
		}
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", otherKey, nil), http.StatusNotFound, "Domain not found")
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", key, nil), http.StatusOK, "Domain has been deleted successfully.")
		var n int64
		env.scalar(&n, `SELECT count(*) FROM links WHERE id = ?`, link)
		if n != 0 {
			t.Fatal("the link on the deleted domain still exists")
		}
		wantMessage(t, env.do(http.MethodDelete, path+"/delete", key, nil), http.StatusNotFound, "Domain not found")
	})
}
