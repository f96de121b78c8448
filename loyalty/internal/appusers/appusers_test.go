package appusers

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// fakeService plays the external app-user service: each document has a script of
// answers (status codes, or 0 for "hang past the time-out"); the last one repeats.
type fakeService struct {
	mu      sync.Mutex
	scripts map[string][]int
	calls   map[string]int
}

func newFakeService(t *testing.T, scripts map[string][]int) (*fakeService, *httptest.Server) {
	f := &fakeService{scripts: scripts, calls: map[string]int{}}
	handler := func(w http.ResponseWriter, r *http.Request) {
		doc := r.PathValue("doc")
		f.mu.Lock()
		script := f.scripts[doc]
		n := f.calls[doc]
		f.calls[doc]++
		f.mu.Unlock()
		status := http.StatusNotFound
		if len(script) > 0 {
			status = script[min(n, len(script)-1)]
		}
		if status == 0 {
			select { // hang until the client gives up
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"document":"` + doc + `"}`))
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/{doc}", handler)
	mux.HandleFunc("GET /{doc}", handler)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeService) callsOf(doc string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[doc]
}

func TestIsAppUser(t *testing.T) {
	fake, srv := newFakeService(t, map[string][]int{
		"found":        {200},
		"missing":      {404},
		"flaky":        {503, 500, 200},
		"throttled":    {429, 200},
		"down":         {500},
		"slow-then-ok": {0, 200},
		"hangs":        {0},
		"bad-request":  {400},
		"forbidden":    {403},
	})
	c, err := New(srv.URL+"/users/", WithTimeout(100*time.Millisecond), WithRetry(3, 5*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		doc       string
		want      bool
		wantErr   bool
		wantCalls int
	}{
		{"found", true, false, 1},
		{"missing", false, false, 1},
		{"flaky", true, false, 3},
		{"throttled", true, false, 2},
		{"down", false, true, 3},
		{"slow-then-ok", true, false, 2},
		{"hangs", false, true, 3},
		{"bad-request", false, true, 1},
		{"forbidden", false, true, 1},
	}
	for _, tt := range tests {
		t.Run(tt.doc, func(t *testing.T) {
			got, err := c.IsAppUser(context.Background(), tt.doc)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("IsAppUser = %v, %v; want %v, error %v", got, err, tt.want, tt.wantErr)
			}
			if calls := fake.callsOf(tt.doc); calls != tt.wantCalls {
				t.Fatalf("service called %d times, want %d", calls, tt.wantCalls)
			}
		})
	}
}

func TestIsAppUserStopsWithTheContext(t *testing.T) {
	_, srv := newFakeService(t, map[string][]int{"down": {500}})
	c, err := New(srv.URL, WithRetry(10, time.Second))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := c.IsAppUser(ctx, "down"); err == nil {
		t.Fatal("want an error")
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("gave up after %s; the context ended at 200ms", took)
	}
}

func TestNewRefusesBadURLs(t *testing.T) {
	for _, u := range []string{"", "ftp://x", "not a url", "http://"} {
		if _, err := New(u); err == nil {
			t.Errorf("New(%q) accepted", u)
		}
	}
}

// TestTheDocumentIsOnePathSegment checks the path the app-user service receives: every
// document is one escaped segment under the base path, and values that are not documents
// (dot segments, slashes, escapes, controls) are never sent, so no stored value can reach
// another resource of the service (GET /users/.. was GET /).
func TestTheDocumentIsOnePathSegment(t *testing.T) {
	var (
		mu   sync.Mutex
		seen []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.RequestURI)
		mu.Unlock()
		w.WriteHeader(http.StatusNotFound)
	}))
	t.Cleanup(srv.Close)
	c, err := New(srv.URL+"/api/users/", WithRetry(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ doc, path string }{
		{"12345678909", "/api/users/12345678909"},
		{"AB 123", "/api/users/AB%20123"},
		{"ção-1", "/api/users/%C3%A7%C3%A3o-1"},
		{"a.b", "/api/users/a.b"},
		{"..a", "/api/users/..a"},
		{"1+2=3;x", "/api/users/1+2=3%3Bx"},
	} {
		mu.Lock()
		seen = nil
		mu.Unlock()
		if _, err := c.IsAppUser(context.Background(), tt.doc); err != nil {
			t.Fatalf("IsAppUser(%q): %v", tt.doc, err)
		}
		mu.Lock()
		got := seen
		mu.Unlock()
		if len(got) != 1 || got[0] != tt.path {
			t.Errorf("IsAppUser(%q) requested %q, want %q", tt.doc, got, tt.path)
		}
	}
	mu.Lock()
	seen = nil
	mu.Unlock()
	for _, doc := range []string{".", "..", "...", "", "a/b", "../admin", `a\b`, "x?y", "x#y", "100%", "%2e%2e", "a\x00b", "a\nb", "\u202e12", "-", " "} {
		if _, err := c.IsAppUser(context.Background(), doc); !errors.Is(err, ErrNotADocument) {
			t.Errorf("IsAppUser(%q) = %v, want ErrNotADocument", doc, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 0 {
		t.Errorf("values that are not documents reached the service: %q", seen)
	}
}

func TestPathSegment(t *testing.T) {
	for in, want := range map[string]string{".": "%2E", "..": "%2E%2E", "a/b": "a%2Fb", "..a": "..a", "a b": "a%20b"} {
		if got := pathSegment(in); got != want {
			t.Errorf("pathSegment(%q) = %q, want %q", in, got, want)
		}
	}
}
