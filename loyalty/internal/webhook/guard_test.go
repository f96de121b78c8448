package webhook_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/netguard/netguardtest"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// TestURLCheckedWhenSaved: only absolute http(s) URLs whose host is, or resolves only to,
// public addresses are accepted, at creation and on update.
func TestURLCheckedWhenSaved(t *testing.T) {
	db := newDB(t, 3)
	res := &fakeResolver{}
	res.set("hooks.example.com", "93.184.216.34")
	res.set("dual.example.com", "93.184.216.34", "10.0.0.7") // one private answer is enough to refuse
	res.set("localhost", "127.0.0.1")
	res.set("metadata.internal", "169.254.169.254")
	res.set("v6.example.com", "2606:4700:4700::1111")
	res.set("mapped.example.com", "::ffff:192.168.1.1")
	cfg := fastConfig()
	cfg.AllowPrivate, cfg.Resolver = false, res
	svc := newService(t, db, cfg)
	ctx := context.Background()

	tests := []struct {
		url  string
		want string // "" accepted, else part of the 422 message
	}{
		{"https://hooks.example.com/loyalty", ""},
		{"http://hooks.example.com:8443/a?b=c", ""},
		{"HTTPS://HOOKS.EXAMPLE.COM/Path", ""},
		{"https://93.184.216.34/hook", ""},
		{"https://v6.example.com/hook", ""},
		{"https://[2606:4700:4700::1111]/hook", ""},
		{"http://127.0.0.1:8080/hook", "private"},
		{"http://localhost/hook", "private"},
		{"http://[::1]/hook", "private"},
		{"http://10.1.2.3/hook", "private"},
		{"http://172.16.5.4/hook", "private"},
		{"http://192.168.0.10/hook", "private"},
		{"http://169.254.169.254/latest/meta-data", "private"},
		{"http://metadata.internal/", "private"},
		{"http://100.64.0.1/hook", "private"},
		{"http://0.0.0.0/hook", "private"},
		{"http://[::]/hook", "private"},
		{"http://224.0.0.1/hook", "private"},
		{"http://[fe80::1]/hook", "private"},
		{"http://[::ffff:127.0.0.1]/hook", "private"},
		{"http://mapped.example.com/hook", "private"},
		{"http://dual.example.com/hook", "private"},
		{"http://nowhere.example.com/hook", "could not be resolved"},
		{"ftp://hooks.example.com/x", "http or https"},
		{"file:///etc/passwd", "http or https"},
		{"javascript:alert(1)", "http or https"},
		{"hooks.example.com/loyalty", "http or https"},
		{"https:///path-only", "host"},
		{"https://user:pass@hooks.example.com/", "credentials"},
		{"https://hooks.example.com/#frag", "fragment"},
		{"https://hooks.example.com:0/", "port"},
		{"https://hooks.example.com:99999/", "port"},
		{"https://hooks.example.com/a b", "spaces"},
		{"https://hooks.example.com/\x00", "control"},
		{"", "empty"},
		{"https://hooks.example.com/" + strings.Repeat("a", webhook.MaxURLLength), "at most"},
	}
	var created string
	for _, tt := range tests {
		sub, err := svc.Create(ctx, webhook.CreateInput{URL: tt.url})
		if tt.want == "" {
			if err != nil {
				t.Errorf("Create(%q): %v", tt.url, err)
			} else {
				created = sub.ID
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Invalid || len(e.Fields) == 0 || !strings.Contains(e.Fields[0].Msg, tt.want) ||
			e.Fields[0].Loc[len(e.Fields[0].Loc)-1] != "url" {
			t.Errorf("Create(%q) = %v, want a 422 at body.url saying %q", tt.url, err, tt.want)
		}
		// The same check guards updates.
		if created != "" {
			_, err := svc.Update(ctx, created, webhook.Update{URL: nullable.Field[string]{Set: true, Value: tt.url}}, "admin")
			if !apperr.Is(err, apperr.Invalid) {
				t.Errorf("Update(url %q) = %v, want a 422", tt.url, err)
			}
		}
	}
}

// TestAddressCheckedWhenDelivering: the address policy applies to the connection itself,
// so a name that resolved to a public address when saved and resolves to a private one
// when used (DNS rebinding), or a URL stored while private addresses were allowed, is
// never reached.
func TestAddressCheckedWhenDelivering(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	rc := newReceiver(t, nil) // listens on 127.0.0.1
	u, _ := url.Parse(rc.URL())
	res := &fakeResolver{}
	res.set("rebind.example.com", "93.184.216.34")
	cfg := fastConfig()
	cfg.AllowPrivate, cfg.Resolver = false, res
	svc := newService(t, db, cfg)

	sub, err := svc.Create(ctx, webhook.CreateInput{URL: "http://rebind.example.com:" + u.Port() + "/hooks"})
	if err != nil {
		t.Fatal(err)
	}
	res.set("rebind.example.com", "127.0.0.1") // the attacker's DNS now points inside
	// A URL saved while private addresses were allowed (development) is refused as well.
	lax := newService(t, db, fastConfig())
	old, err := lax.Create(ctx, webhook.CreateInput{URL: rc.URL()})
	if err != nil {
		t.Fatal(err)
	}
	emit(t, db, event.PointsCredited, 1)
	fanOut(t, svc)
	for range 2 {
		if _, err := svc.DeliverOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if got := rc.receipts(); len(got) != 0 {
		t.Fatalf("the receiver on loopback got %d requests", len(got))
	}
	for _, id := range []string{sub.ID, old.ID} {
		attempts, err := svc.Attempts(ctx, id, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(attempts) != 1 || attempts[0].Error == nil || !strings.Contains(*attempts[0].Error, "address not allowed") ||
			attempts[0].Result != webhook.ResultRetrying || attempts[0].StatusCode != nil {
			t.Errorf("subscription %s: attempts %+v, want one retrying attempt refused by the address check", id, attempts)
		}
	}
}

// TestRedirectsAreNotFollowed: a 3xx is the receiver's answer; its Location (here a
// private address) is never requested.
func TestRedirectsAreNotFollowed(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	var hits atomic.Int64
	target := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	defer target.Close()
	for _, code := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		rc := newReceiver(t, func(int, receipt) answer { return answer{status: code, location: target.URL + "/internal"} })
		svc := newService(t, db, fastConfig())
		sub, err := svc.Create(ctx, webhook.CreateInput{URL: rc.URL()})
		if err != nil {
			t.Fatal(err)
		}
		rc.setSecret(sub.Secret)
		emit(t, db, event.CustomerCreated, 1)
		fanOut(t, svc)
		if _, err := svc.DeliverOnce(ctx); err != nil {
			t.Fatal(err)
		}
		attempts, _ := svc.Attempts(ctx, sub.ID, 10, 0)
		if len(attempts) == 0 || attempts[0].Result != webhook.ResultFailed || attempts[0].StatusCode == nil || *attempts[0].StatusCode != code ||
			attempts[0].Error == nil || !strings.Contains(*attempts[0].Error, "redirect not followed") {
			t.Errorf("%d: attempts %+v", code, attempts)
		}
		if err := svc.Delete(ctx, sub.ID); err != nil {
			t.Fatal(err)
		}
	}
	if hits.Load() != 0 {
		t.Fatalf("the redirect target was requested %d times", hits.Load())
	}
}

// TestAnswersAreReadWithinBounds: an endless answer body or an answer that never ends
// does not hold a worker past the time-out.
func TestAnswersAreReadWithinBounds(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	endless := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		chunk := []byte(strings.Repeat("x", 32<<10))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer endless.Close()
	stalling := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		w.(http.Flusher).Flush()
		<-r.Context().Done() // headers sent, body never finished
	}))
	defer stalling.Close()
	svc := newService(t, db, fastConfig())
	for _, tt := range []struct {
		url, wantResult string
	}{{endless.URL, webhook.ResultDelivered}, {stalling.URL, webhook.ResultRetrying}} {
		sub, err := svc.Create(ctx, webhook.CreateInput{URL: tt.url})
		if err != nil {
			t.Fatal(err)
		}
		emit(t, db, event.CustomerCreated, 1)
		fanOut(t, svc)
		start := time.Now()
		if _, err := svc.DeliverOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("%s: delivery took %s with a 300ms time-out", tt.url, took)
		}
		attempts, _ := svc.Attempts(ctx, sub.ID, 10, 0)
		if len(attempts) != 1 || attempts[0].Result != tt.wantResult {
			t.Errorf("%s: attempts %+v, want one %s", tt.url, attempts, tt.wantResult)
		}
		if err := svc.Delete(ctx, sub.ID); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEveryNonPublicFormIsRefusedAtSaveAndAtConnect tries every form of a non-public
// address (netguardtest.NonPublic: IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo,
// ::/8, ...): as the URL's host and as what its name resolves to, it is a 422 when saved;
// as what a name saved while public resolves to at delivery (DNS rebinding), the
// connection is refused by the dialer's check, and the attempt says so.
func TestEveryNonPublicFormIsRefusedAtSaveAndAtConnect(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	res := &fakeResolver{}
	cfg := fastConfig()
	cfg.AllowPrivate, cfg.Resolver = false, res
	svc := newService(t, db, cfg)

	subs := map[string]netguardtest.Form{}
	for i, f := range netguardtest.NonPublic {
		name := fmt.Sprintf("form%d.example.com", i)
		res.set(name, f.Addr)
		for _, u := range []string{"http://" + net.JoinHostPort(f.Addr, "8080") + "/hook", "http://" + name + ":8080/hook"} {
			_, err := svc.Create(ctx, webhook.CreateInput{URL: u})
			if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || len(e.Fields) == 0 || !strings.Contains(e.Fields[0].Msg, "private") {
				t.Errorf("Create(%s) = %v, want a 422: %s", u, err, f.Name)
			}
		}
		res.set(name, "93.184.216.34")
		sub, err := svc.Create(ctx, webhook.CreateInput{URL: "http://" + name + ":8080/hook"})
		if err != nil {
			t.Fatal(err)
		}
		res.set(name, f.Addr) // rebound after the check
		subs[sub.ID] = f
	}
	emit(t, db, event.PointsCredited, 1)
	fanOut(t, svc)
	for range len(subs) + 1 {
		if more, err := svc.DeliverOnce(ctx); err != nil {
			t.Fatal(err)
		} else if !more {
			break
		}
	}
	for id, f := range subs {
		attempts, err := svc.Attempts(ctx, id, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(attempts) == 0 {
			t.Errorf("delivery to %s (%s) was not attempted", f.Addr, f.Name)
		}
		for _, a := range attempts { // retries (20 ms apart here) are refused alike
			if a.Error == nil || !strings.Contains(*a.Error, "address not allowed") || a.StatusCode != nil {
				t.Errorf("delivery to %s (%s): attempt %d not refused by the address check (error %v)", f.Addr, f.Name, a.Attempt, a.Error)
			}
		}
	}
}
