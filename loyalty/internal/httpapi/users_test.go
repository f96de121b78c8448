package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/loyaltylinks/platform/loyalty/internal/app"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/shared/auth"
)

// postForm sends an OAuth2 password-grant form.
func postForm(t *testing.T, env *testEnv, path string, form url.Values) response {
	t.Helper()
	res, err := http.Post(env.URL+path, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: raw}
}

func TestAuthorization(t *testing.T) {
	env := newTestEnv(t)
	ctx := context.Background()
	users := user.NewRepository(env.DB)
	if _, err := users.Create(ctx, user.CreateInput{Username: "Maria", Password: "correct horse", Name: "Maria S", Role: "admin"}); err != nil {
		t.Fatal(err)
	}

	checkToken := func(t *testing.T, res response) string {
		t.Helper()
		if res.Status != http.StatusOK {
			t.Fatalf("status %d, want 200: %s", res.Status, res.Body)
		}
		var tok struct {
			AccessToken string `json:"access_token"`
			TokenType   string `json:"token_type"`
			ExpiresIn   int    `json:"expires_in"`
		}
		res.JSON(t, &tok)
		if tok.TokenType != "bearer" || tok.ExpiresIn != 3600 || tok.AccessToken == "" {
			t.Fatalf("token response = %+v, want bearer, 3600 s (the test TTL)", tok)
		}
		if res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control = %q, want no-store", res.Header.Get("Cache-Control"))
		}
		p, err := env.Tokens.Verify(tok.AccessToken)
		if err != nil || p.Role != "admin" || p.Name != "Maria S" {
			t.Fatalf("token principal = %+v, %v", p, err)
		}
		// The token opens the protected routes.
		if res := env.do(http.MethodGet, "/api/v1/users", tok.AccessToken, nil); res.Status != http.StatusOK {
			t.Fatalf("GET /users with the issued token: %d %s", res.Status, res.Body)
		}
		return tok.AccessToken
	}

	t.Run("JSON body", func(t *testing.T) {
		checkToken(t, env.do(http.MethodPost, "/api/v1/authorization", "", jsonObj{"username": "maria", "password": "correct horse"}))
	})
	t.Run("OAuth2 password form", func(t *testing.T) {
		checkToken(t, postForm(t, env, "/api/v1/authorization", url.Values{"grant_type": {"password"}, "username": {"Maria"}, "password": {"correct horse"}}))
	})
	t.Run("form without grant_type", func(t *testing.T) {
		checkToken(t, postForm(t, env, "/api/v1/authorization", url.Values{"username": {"Maria"}, "password": {"correct horse"}}))
	})

	t.Run("wrong credentials answer one 401 message", func(t *testing.T) {
		wrongPass := env.do(http.MethodPost, "/api/v1/authorization", "", jsonObj{"username": "maria", "password": "wrong horse"})
		unknown := env.do(http.MethodPost, "/api/v1/authorization", "", jsonObj{"username": "nobody", "password": "correct horse"})
		m1 := wantDetail(t, wrongPass, http.StatusUnauthorized)
		m2 := wantDetail(t, unknown, http.StatusUnauthorized)
		if m1 != m2 {
			t.Errorf("messages differ: %q vs %q (they reveal which usernames exist)", m1, m2)
		}
		if wrongPass.Header.Get("WWW-Authenticate") != "Bearer" {
			t.Errorf("WWW-Authenticate = %q", wrongPass.Header.Get("WWW-Authenticate"))
		}
	})

	t.Run("inactive user cannot sign in", func(t *testing.T) {
		if _, err := users.Create(ctx, user.CreateInput{Username: "gone", Password: "correct horse", Name: "Gone"}); err != nil {
			t.Fatal(err)
		}
		env.DB.Exec(`UPDATE users SET is_active = false WHERE username = 'gone'`)
		res := env.do(http.MethodPost, "/api/v1/authorization", "", jsonObj{"username": "gone", "password": "correct horse"})
		wantDetail(t, res, http.StatusUnauthorized)
	})

	bad := []struct {
		name string
		send func() response
		loc  []any
	}{
		{"missing password", func() response {
			return env.do(http.MethodPost, "/api/v1/authorization", "", jsonObj{"username": "maria"})
		}, []any{"body", "password"}},
		{"missing username", func() response {
			return env.do(http.MethodPost, "/api/v1/authorization", "", jsonObj{"password": "x"})
		}, []any{"body", "username"}},
		{"no body", func() response { return env.do(http.MethodPost, "/api/v1/authorization", "", "") }, []any{"body"}},
		{"malformed JSON", func() response { return env.do(http.MethodPost, "/api/v1/authorization", "", `{"username":`) }, []any{"body"}},
		{"username not a string", func() response {
			return env.do(http.MethodPost, "/api/v1/authorization", "", jsonObj{"username": 5, "password": "x"})
		}, []any{"body", "username"}},
		{"form missing password", func() response {
			return postForm(t, env, "/api/v1/authorization", url.Values{"grant_type": {"password"}, "username": {"maria"}})
		}, []any{"body", "password"}},
		{"form with another grant type", func() response {
			return postForm(t, env, "/api/v1/authorization", url.Values{"grant_type": {"client_credentials"}, "username": {"maria"}, "password": {"correct horse"}})
		}, []any{"body", "grant_type"}},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) { want422(t, tt.send(), tt.loc...) })
	}
}

func TestProtectedRoutesNeedAValidToken(t *testing.T) {
	env := newTestEnv(t)
	sign := func(claims auth.Claims, secret []byte) string {
		s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(secret)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	past := time.Now().Add(-2 * time.Hour)
	tokens := map[string]string{
		"none":    "",
		"garbage": "not-a-jwt",
		"expired": sign(auth.Claims{Role: "admin", RegisteredClaims: jwt.RegisteredClaims{
			Subject: "u", Issuer: "loyalty", IssuedAt: jwt.NewNumericDate(past), ExpiresAt: jwt.NewNumericDate(past.Add(time.Hour)),
		}}, testSecret),
		"other secret": sign(auth.Claims{Role: "admin", RegisteredClaims: jwt.RegisteredClaims{
			Subject: "u", Issuer: "loyalty", ExpiresAt: jwt.NewNumericDate(time.Now().Add(time.Hour)),
		}}, []byte(strings.Repeat("x", 32))),
	}
	public := map[string]bool{"POST /api/v1/authorization": true}
	checked := 0
	for _, r := range env.Routes {
		if !strings.HasPrefix(r.Path, "/api/v1/") || public[r.Method+" "+r.Path] || strings.HasSuffix(r.Path, "/*") {
			continue
		}
		path := strings.NewReplacer(":customer_id", "00000000-0000-0000-0000-000000000000", ":store_id", "00000000-0000-0000-0000-000000000000",
			":product_id", "00000000-0000-0000-0000-000000000000", ":promotion_id", "00000000-0000-0000-0000-000000000000").Replace(r.Path)
		for name, tok := range tokens {
			res := env.do(r.Method, path, tok, nil)
			var body struct {
				Detail string `json:"detail"`
			}
			_ = json.Unmarshal(res.Body, &body)
			if res.Status != http.StatusUnauthorized || res.Header.Get("WWW-Authenticate") != "Bearer" || body.Detail == "" {
				t.Errorf("%s %s with %s token: status %d, WWW-Authenticate %q, body %s", r.Method, path, name, res.Status, res.Header.Get("WWW-Authenticate"), res.Body)
			}
		}
		checked++
	}
	if checked < 25 {
		t.Errorf("checked %d protected routes, expected at least the 25 of this area", checked)
	}
}

func TestUsers(t *testing.T) {
	api := newAPIClient(t)
	admin := api.token("admin")

	t.Run("create answers 201 with the user and never the hash", func(t *testing.T) {
		var u jsonObj
		api.call(t, http.MethodPost, "/api/v1/users", jsonObj{"username": "ana", "password": "long enough", "name": "Ana", "email": "Ana@Example.com"}, http.StatusCreated, &u)
		wantField(t, u, "username", "ana")
		wantField(t, u, "name", "Ana")
		wantField(t, u, "email", "ana@example.com")
		wantField(t, u, "role", "user") // default
		wantField(t, u, "is_active", true)
		for _, f := range []string{"id", "created_at", "updated_at"} {
			if u[f] == nil || u[f] == "" {
				t.Errorf("%s missing in %v", f, u)
			}
		}
		for f := range u {
			if strings.Contains(f, "password") || strings.Contains(f, "hash") {
				t.Errorf("response carries %q", f)
			}
		}
		// The new user can sign in.
		res := api.do(http.MethodPost, "/api/v1/authorization", "", jsonObj{"username": "ana", "password": "long enough"})
		if res.Status != http.StatusOK {
			t.Fatalf("sign in as the new user: %d %s", res.Status, res.Body)
		}
	})

	t.Run("a non-admin cannot create an admin", func(t *testing.T) {
		res := api.do(http.MethodPost, "/api/v1/users", api.tok, jsonObj{"username": "boss", "password": "long enough", "name": "Boss", "role": "admin"})
		wantDetail(t, res, http.StatusForbidden)
		var n int64
		api.DB.Raw(`SELECT count(*) FROM users WHERE username = 'boss'`).Scan(&n)
		if n != 0 {
			t.Error("the refused admin was stored")
		}
	})

	t.Run("an admin can create an admin", func(t *testing.T) {
		res := api.do(http.MethodPost, "/api/v1/users", admin, jsonObj{"username": "boss", "password": "long enough", "name": "Boss", "role": "admin"})
		if res.Status != http.StatusCreated {
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		var u jsonObj
		res.JSON(t, &u)
		wantField(t, u, "role", "admin")
	})

	t.Run("duplicate username, any case, is 409", func(t *testing.T) {
		res := api.do(http.MethodPost, "/api/v1/users", api.tok, jsonObj{"username": "ANA", "password": "long enough", "name": "Other"})
		wantDetail(t, res, http.StatusConflict)
	})

	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"missing username", jsonObj{"password": "long enough", "name": "N"}, []any{"body", "username"}},
		{"missing password", jsonObj{"username": "u1", "name": "N"}, []any{"body", "password"}},
		{"missing name", jsonObj{"username": "u1", "password": "long enough"}, []any{"body", "name"}},
		{"short password", jsonObj{"username": "u1", "password": "short", "name": "N"}, []any{"body", "password"}},
		{"password over 72 bytes", jsonObj{"username": "u1", "password": strings.Repeat("p", 73), "name": "N"}, []any{"body", "password"}},
		{"unknown role", jsonObj{"username": "u1", "password": "long enough", "name": "N", "role": "root"}, []any{"body", "role"}},
		{"bad email", jsonObj{"username": "u1", "password": "long enough", "name": "N", "email": "nope"}, []any{"body", "email"}},
		{"name not a string", jsonObj{"username": "u1", "password": "long enough", "name": 3}, []any{"body", "name"}},
		{"no body", "", []any{"body"}},
		{"blank username", jsonObj{"username": "  ", "password": "long enough", "name": "N"}, []any{"body", "username"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			want422(t, api.do(http.MethodPost, "/api/v1/users", api.tok, tt.body), tt.loc...)
		})
	}

	t.Run("list: oldest first, default limit 10, offset", func(t *testing.T) {
		// Two token users (user, admin) and ana, boss exist; add 9 more.
		for i := 0; i < 9; i++ {
			api.DB.Exec(`INSERT INTO users (username, password_hash, name, created_at) VALUES (?, 'x', 'n', now() + ? * interval '1 second')`,
				"later"+string(rune('a'+i)), i+1)
		}
		list := decodeList(t, api.call(t, http.MethodGet, "/api/v1/users", nil, http.StatusOK, nil))
		if len(list) != 10 {
			t.Fatalf("default page has %d users, want 10", len(list))
		}
		all := decodeList(t, api.call(t, http.MethodGet, "/api/v1/users?limit=100", nil, http.StatusOK, nil))
		if len(all) != 13 {
			t.Fatalf("limit=100 gives %d users, want 13", len(all))
		}
		for i := 1; i < len(all); i++ {
			if parseTime(t, all[i-1]["created_at"]).After(parseTime(t, all[i]["created_at"])) {
				t.Errorf("not oldest first at %d: %v then %v", i, all[i-1]["created_at"], all[i]["created_at"])
			}
		}
		page := decodeList(t, api.call(t, http.MethodGet, "/api/v1/users?limit=2&offset=11", nil, http.StatusOK, nil))
		if got := pluck(page, "username"); len(got) != 2 || got[0] != all[11]["username"] || got[1] != all[12]["username"] {
			t.Errorf("limit=2&offset=11 = %v, want the last two of %v", got, pluck(all, "username"))
		}
		for _, q := range []string{"limit=-1", "offset=-1", "limit=abc", "limit=1.5", "limit=1001"} {
			res := api.do(http.MethodGet, "/api/v1/users?"+q, api.tok, nil)
			name, _, _ := strings.Cut(q, "=")
			want422(t, res, "query", name)
		}
	})
}

// withAccessTTL sets AUTH_CACHE_TTL: how long a replica acts on a user's state it read.
func withAccessTTL(ttl time.Duration) envOption { return withVar("AUTH_CACHE_TTL", ttl.String()) }

// accessClock is the clock of the replicas' user state cache in tests: moved past
// AUTH_CACHE_TTL instead of waited for.
type accessClock struct{ now atomic.Int64 }

func newAccessClock() *accessClock {
	c := &accessClock{}
	c.now.Store(time.Now().UnixNano())
	return c
}

func (c *accessClock) read() time.Time         { return time.Unix(0, c.now.Load()) }
func (c *accessClock) advance(d time.Duration) { c.now.Add(int64(d)) }

// withAccessClock gives the service's user state cache (and its replicas') clock c.
func withAccessClock(c *accessClock) envOption {
	return func(s *envSetup) { s.app = append(s.app, app.WithAccessClock(c.read)) }
}

// userID returns the id of the user a token of env.token was issued to.
func (e *testEnv) userID(token string) string {
	e.t.Helper()
	p, err := e.Tokens.Verify(token)
	if err != nil {
		e.t.Fatal(err)
	}
	return p.Subject
}

// signIn posts JSON credentials with an optional X-Forwarded-For; safe in goroutines.
func signIn(url, username, password, forwardedFor string) (int, http.Header, []byte, error) {
	raw, _ := json.Marshal(map[string]string{"username": username, "password": password})
	req, err := http.NewRequest(http.MethodPost, url+"/api/v1/authorization", bytes.NewReader(raw))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", forwardedFor)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, body, err
}

// accessToken signs in and returns the token.
func (e *testEnv) accessToken(username, password string) string {
	e.t.Helper()
	status, _, body, err := signIn(e.URL, username, password, "")
	if err != nil || status != http.StatusOK {
		e.t.Fatalf("sign in as %s: %d %s %v", username, status, body, err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(body, &tok); err != nil {
		e.t.Fatal(err)
	}
	return tok.AccessToken
}

// TestUserAdminRoutes covers PATCH and DELETE /users/{id}: every field, the admin-only
// rule, validation, unknown and malformed ids, the last admin, and what a change does to
// the user's tokens.
func TestUserAdminRoutes(t *testing.T) {
	env := newTestEnv(t)
	admin := env.token("admin")
	clerkTok := env.token("user")
	clerkID := env.userID(clerkTok)
	path := "/api/v1/users/" + clerkID

	t.Run("each field alone changes only itself", func(t *testing.T) {
		steps := []struct {
			body  jsonObj
			field string
			want  any
		}{
			{jsonObj{"name": "  Clerk Two  "}, "name", "Clerk Two"},
			{jsonObj{"email": "Clerk@Example.com"}, "email", "clerk@example.com"},
			{jsonObj{"email": nil}, "email", nil},
			{jsonObj{"role": "admin"}, "role", "admin"},
			{jsonObj{"role": "user"}, "role", "user"},
			{jsonObj{"is_active": false}, "is_active", false},
			{jsonObj{"is_active": true}, "is_active", true},
		}
		prev := jsonObj{}
		for i, st := range steps {
			res := env.do(http.MethodPatch, path, admin, st.body)
			if res.Status != http.StatusOK {
				t.Fatalf("step %d %v: %d %s", i, st.body, res.Status, res.Body)
			}
			var got jsonObj
			res.JSON(t, &got)
			wantField(t, got, st.field, st.want)
			for k, v := range prev {
				if k != st.field && k != "updated_at" && !reflect.DeepEqual(got[k], v) {
					t.Errorf("step %d %v changed %s: %v -> %v", i, st.body, k, v, got[k])
				}
			}
			for f := range got {
				if strings.Contains(f, "password") || strings.Contains(f, "hash") || strings.Contains(f, "version") {
					t.Errorf("response carries %q", f)
				}
			}
			prev = got
		}
		if prev["username"] == nil || prev["id"] != clerkID {
			t.Errorf("final record %v", prev)
		}
	})

	t.Run("admin only: 403 for a user, nothing written", func(t *testing.T) {
		other := env.token("user")
		wantDetail(t, env.do(http.MethodPatch, path, other, jsonObj{"role": "admin"}), http.StatusForbidden)
		wantDetail(t, env.do(http.MethodPatch, "/api/v1/users/"+env.userID(other), other, jsonObj{"role": "admin"}), http.StatusForbidden)
		wantDetail(t, env.do(http.MethodDelete, path, other, nil), http.StatusForbidden)
		var role string
		env.DB.Raw(`SELECT role FROM users WHERE id = ?`, clerkID).Scan(&role)
		if role != "user" {
			t.Errorf("role = %s after refused requests", role)
		}
	})

	t.Run("unknown id 404, malformed id 422", func(t *testing.T) {
		unknown := "/api/v1/users/7d1f4c0e-1111-4222-8333-944455556666"
		wantDetail(t, env.do(http.MethodPatch, unknown, admin, jsonObj{"name": "x"}), http.StatusNotFound)
		wantDetail(t, env.do(http.MethodDelete, unknown, admin, nil), http.StatusNotFound)
		for _, bad := range []string{"nope", "7d1f4c0e-1111-4222-8333-94445555666g", "%00", strings.Repeat("a", 5000)} {
			want422(t, env.do(http.MethodPatch, "/api/v1/users/"+bad, admin, jsonObj{"name": "x"}), "path", "user_id")
			want422(t, env.do(http.MethodDelete, "/api/v1/users/"+bad, admin, nil), "path", "user_id")
		}
	})

	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"null name", jsonObj{"name": nil}, []any{"body", "name"}},
		{"blank name", jsonObj{"name": "   "}, []any{"body", "name"}},
		{"long name", jsonObj{"name": strings.Repeat("n", 256)}, []any{"body", "name"}},
		{"name not a string", jsonObj{"name": 5}, []any{"body", "name"}},
		{"bad email", jsonObj{"email": "nope"}, []any{"body", "email"}},
		{"null role", jsonObj{"role": nil}, []any{"body", "role"}},
		{"unknown role", jsonObj{"role": "root"}, []any{"body", "role"}},
		{"null is_active", jsonObj{"is_active": nil}, []any{"body", "is_active"}},
		{"is_active not a boolean", jsonObj{"is_active": "no"}, []any{"body", "is_active"}},
		{"null password", jsonObj{"password": nil}, []any{"body", "password"}},
		{"short password", jsonObj{"password": "short"}, []any{"body", "password"}},
		{"password over 72 bytes", jsonObj{"password": strings.Repeat("p", 73)}, []any{"body", "password"}},
		{"body not an object", "[1]", []any{"body"}},
		{"no body", "", []any{"body"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			var before string
			env.DB.Raw(`SELECT updated_at::text FROM users WHERE id = ?`, clerkID).Scan(&before)
			want422(t, env.do(http.MethodPatch, path, admin, tt.body), tt.loc...)
			var after string
			env.DB.Raw(`SELECT updated_at::text FROM users WHERE id = ?`, clerkID).Scan(&after)
			if before != after {
				t.Error("a refused PATCH wrote the row")
			}
		})
	}

	t.Run("a password reset revokes the user's tokens", func(t *testing.T) {
		env.DB.Exec(`UPDATE users SET username = 'clerk' WHERE id = ?`, clerkID)
		mustStatus(t, env.do(http.MethodPatch, path, admin, jsonObj{"password": "first password"}), http.StatusOK)
		old := env.accessToken("clerk", "first password")
		mustStatus(t, env.do(http.MethodGet, "/api/v1/users", old, nil), http.StatusOK)
		mustStatus(t, env.do(http.MethodPatch, path, admin, jsonObj{"password": "second password"}), http.StatusOK)
		wantDetail(t, env.do(http.MethodGet, "/api/v1/users", old, nil), http.StatusUnauthorized)
		if status, _, _, _ := signIn(env.URL, "clerk", "first password", ""); status != http.StatusUnauthorized {
			t.Errorf("old password: %d, want 401", status)
		}
		fresh := env.accessToken("clerk", "second password")
		mustStatus(t, env.do(http.MethodGet, "/api/v1/users", fresh, nil), http.StatusOK)
	})

	t.Run("the last active admin cannot be demoted, deactivated or deleted", func(t *testing.T) {
		env.DB.Exec(`UPDATE users SET role = 'user' WHERE id <> ?`, env.userID(admin))
		self := "/api/v1/users/" + env.userID(admin)
		wantDetail(t, env.do(http.MethodPatch, self, admin, jsonObj{"role": "user"}), http.StatusConflict)
		wantDetail(t, env.do(http.MethodPatch, self, admin, jsonObj{"is_active": false}), http.StatusConflict)
		wantDetail(t, env.do(http.MethodDelete, self, admin, nil), http.StatusConflict)
		mustStatus(t, env.do(http.MethodGet, "/api/v1/users", admin, nil), http.StatusOK) // still an admin, still in
	})

	t.Run("delete: answers the user, revokes its tokens, keeps its report history", func(t *testing.T) {
		victim := env.token("user")
		id := env.userID(victim)
		gen := env.do(http.MethodPost, "/api/v1/ai/generate-query", victim, jsonObj{"question": "quantos clientes temos?"})
		mustStatus(t, gen, http.StatusOK)
		res := env.do(http.MethodDelete, "/api/v1/users/"+id, admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		var u jsonObj
		res.JSON(t, &u)
		wantField(t, u, "id", id)
		wantDetail(t, env.do(http.MethodGet, "/api/v1/users", victim, nil), http.StatusUnauthorized)
		wantDetail(t, env.do(http.MethodDelete, "/api/v1/users/"+id, admin, nil), http.StatusNotFound)
		var kept int64
		env.DB.Raw(`SELECT count(*) FROM ai_queries WHERE user_id = ?`, id).Scan(&kept)
		if kept != 1 {
			t.Errorf("history rows of the deleted user = %d, want 1", kept)
		}
		// The admin listing of history still reads.
		mustStatus(t, env.do(http.MethodGet, "/api/v1/ai/queries/all", admin, nil), http.StatusOK)
	})
}

// TestAdminsRemovingEachOtherOverHTTP: the race of two admins demoting (or deleting)
// each other through the API never leaves zero active admins.
func TestAdminsRemovingEachOtherOverHTTP(t *testing.T) {
	env := newTestEnv(t)
	for round := range 10 {
		env.DB.Exec(`DELETE FROM users`)
		a, b := env.token("admin"), env.token("admin")
		bodies := []any{jsonObj{"role": "user"}, jsonObj{"is_active": false}, nil}
		methods := []string{http.MethodPatch, http.MethodPatch, http.MethodDelete}
		i := round % 3
		statuses := make([]int, 2)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for k, pair := range [][2]string{{a, env.userID(b)}, {b, env.userID(a)}} {
			wg.Go(func() {
				<-start
				raw, _ := json.Marshal(bodies[i])
				req, _ := http.NewRequest(methods[i], env.URL+"/api/v1/users/"+pair[1], bytes.NewReader(raw))
				req.Header.Set("Authorization", "Bearer "+pair[0])
				req.Header.Set("Content-Type", "application/json")
				if res, err := http.DefaultClient.Do(req); err == nil {
					statuses[k] = res.StatusCode
					res.Body.Close()
				}
			})
		}
		close(start)
		wg.Wait()
		var admins int64
		env.DB.Raw(`SELECT count(*) FROM users WHERE role = 'admin' AND is_active`).Scan(&admins)
		if admins != 1 {
			t.Fatalf("round %d (%s): %d active admins left, statuses %v", round, methods[i], admins, statuses)
		}
		ok, conflict := 0, 0
		for _, s := range statuses {
			switch s {
			case http.StatusOK:
				ok++
			case http.StatusConflict:
				conflict++
			case http.StatusUnauthorized, http.StatusForbidden:
				// The winner's change reached the loser's token first (deactivated,
				// deleted or demoted): refused before the route ran, also correct.
				conflict++
			}
		}
		if ok != 1 || conflict != 1 {
			t.Fatalf("round %d (%s): statuses %v, want one 200 and one refusal", round, methods[i], statuses)
		}
	}
}

// TestRevocationReachesEveryReplica: two replicas share the database; a change made by
// plain SQL (the path no replica hears about) is honoured by both within the state cache
// window, and the role used is the current one, not the token's claim. The replicas'
// state caches run on the test's clock: the window is passed, not waited out.
func TestRevocationReachesEveryReplica(t *testing.T) {
	const ttl = 400 * time.Millisecond
	clock := newAccessClock()
	passWindow := func() { clock.advance(ttl) }
	first := newTestEnv(t, withAccessTTL(ttl), withAccessClock(clock))
	second := first.replica(withAccessTTL(ttl))
	replicas := []*testEnv{first, second}

	// status answers GET path with token on a replica.
	status := func(r *testEnv, path, token string) int { return r.do(http.MethodGet, path, token, nil).Status }
	// expect: once the window has passed, every replica answers want.
	expect := func(t *testing.T, path, token string, want int) {
		t.Helper()
		passWindow()
		for i, r := range replicas {
			if got := status(r, path, token); got != want {
				t.Fatalf("replica %d: GET %s = %d, want %d", i, path, got, want)
			}
		}
	}
	const userRoute, adminRoute = "/api/v1/users", "/api/v1/ai/queries/all"

	cases := []struct {
		name  string
		role  string
		sql   string
		route string
		want  int
	}{
		{"deactivated", "admin", `UPDATE users SET is_active = false WHERE id = ?`, userRoute, http.StatusUnauthorized},
		{"deleted", "admin", `DELETE FROM users WHERE id = ?`, userRoute, http.StatusUnauthorized},
		{"demoted loses the admin routes", "admin", `UPDATE users SET role = 'user' WHERE id = ?`, adminRoute, http.StatusForbidden},
		{"password changed", "user", `UPDATE users SET password_hash = 'changed' WHERE id = ?`, userRoute, http.StatusUnauthorized},
		{"tokens revoked", "user", `UPDATE users SET token_version = token_version + 1 WHERE id = ?`, userRoute, http.StatusUnauthorized},
		{"promoted gains the admin routes", "user", `UPDATE users SET role = 'admin' WHERE id = ?`, adminRoute, http.StatusOK},
	}
	keeper := first.token("admin") // some admin stays, whatever the cases do
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			tok := first.token(tt.role)
			before := http.StatusOK
			if tt.want == http.StatusOK {
				before = http.StatusForbidden
			}
			for _, r := range replicas { // both replicas have the user's state cached
				if got := status(r, tt.route, tok); got != before {
					t.Fatalf("before the change: %d, want %d", got, before)
				}
			}
			if err := first.DB.Exec(tt.sql, first.userID(tok)).Error; err != nil {
				t.Fatal(err)
			}
			expect(t, tt.route, tok, tt.want)
		})
	}

	t.Run("through the API: at once on its replica, within the window on the other", func(t *testing.T) {
		tok := first.token("user")
		for _, r := range replicas {
			mustStatus(t, r.do(http.MethodGet, userRoute, tok, nil), http.StatusOK)
		}
		mustStatus(t, first.do(http.MethodPatch, "/api/v1/users/"+first.userID(tok), keeper, jsonObj{"is_active": false}), http.StatusOK)
		wantDetail(t, first.do(http.MethodGet, userRoute, tok, nil), http.StatusUnauthorized)
		expect(t, userRoute, tok, http.StatusUnauthorized)
		// Reactivating does not bring the revoked token back (the version moved).
		mustStatus(t, first.do(http.MethodPatch, "/api/v1/users/"+first.userID(tok), keeper, jsonObj{"is_active": true}), http.StatusOK)
		expect(t, userRoute, tok, http.StatusUnauthorized) // a window later too
	})

	t.Run("a deactivated admin cannot create users", func(t *testing.T) {
		tok := first.token("admin")
		first.DB.Exec(`UPDATE users SET is_active = false WHERE id = ?`, first.userID(tok))
		passWindow()
		for _, r := range replicas {
			res := r.do(http.MethodPost, "/api/v1/users", tok, jsonObj{"username": "sneaky", "password": "long enough", "name": "S", "role": "admin"})
			wantDetail(t, res, http.StatusUnauthorized)
		}
		var n int64
		first.DB.Raw(`SELECT count(*) FROM users WHERE username = 'sneaky'`).Scan(&n)
		if n != 0 {
			t.Error("the deactivated admin created a user")
		}
	})
}

// TestTokenSubjectsThatAreNotUsers: a well-signed token whose subject is not a live user
// at the token's version answers 401 with the Bearer challenge on every protected route,
// never a 5xx.
func TestTokenSubjectsThatAreNotUsers(t *testing.T) {
	env := newTestEnv(t)
	deleted := env.token("user")
	env.DB.Exec(`DELETE FROM users WHERE id = ?`, env.userID(deleted))
	live := env.token("admin")
	sign := func(subject string, version int64) string {
		tok, err := env.Tokens.Issue(auth.Principal{Subject: subject, Role: "admin", TokenVersion: version})
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	tokens := map[string]string{
		"unknown uuid":         sign("7d1f4c0e-1111-4222-8333-944455556666", 0),
		"nil uuid":             sign("00000000-0000-0000-0000-000000000000", 0),
		"malformed uuid":       sign("7d1f4c0e-1111-4222-8333-94445555666g", 0),
		"not a uuid":           sign("admin", 0),
		"sql":                  sign("'; DROP TABLE users; --", 0),
		"huge subject":         sign(strings.Repeat("x", 2500), 0),
		"past the token bound": signPastBound(t, env.userID(live)),
		"deleted user":         deleted,
		"another version":      sign(env.userID(live), 3),
		"negative version":     sign(env.userID(live), -1),
		"nul in subject":       sign("a\x00b", 0),
		"uuid with extra text": sign(env.userID(live)+"x", 0),
	}
	for _, r := range env.Routes {
		if !strings.HasPrefix(r.Path, "/api/v1/") || r.Path == "/api/v1/authorization" || strings.HasSuffix(r.Path, "/*") {
			continue
		}
		for name, tok := range tokens {
			res := env.do(r.Method, r.Path, tok, nil)
			if res.Status != http.StatusUnauthorized || res.Header.Get("WWW-Authenticate") != "Bearer" {
				t.Errorf("%s %s with a token of %s: %d %q %s", r.Method, r.Path, name, res.Status, res.Header.Get("WWW-Authenticate"), res.Body)
			}
		}
	}
	mustStatus(t, env.do(http.MethodGet, "/api/v1/users", live, nil), http.StatusOK)
}

// signPastBound signs a token for a live subject that is longer than auth.MaxTokenBytes
// (Issue refuses to make one) with a long name claim.
func signPastBound(t *testing.T, subject string) string {
	t.Helper()
	now := time.Now()
	tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, auth.Claims{Role: "admin", Name: strings.Repeat("n", auth.MaxTokenBytes),
		RegisteredClaims: jwt.RegisteredClaims{Subject: subject, Issuer: "loyalty", IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour))},
	}).SignedString(testSecret)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// TestAuthWhileTheDatabaseIsDown: when the user's state cannot be read, a good token gets
// 503 (try again), not a 401 that makes clients throw it away, nor a 500.
func TestAuthWhileTheDatabaseIsDown(t *testing.T) {
	env := newTestEnv(t, withAccessTTL(0))
	tok := env.token("user")
	env.PGProxy.Cut()
	res := env.do(http.MethodGet, "/api/v1/users", tok, nil)
	env.PGProxy.Restore()
	wantDetail(t, res, http.StatusServiceUnavailable)
	mustStatus(t, env.do(http.MethodGet, "/api/v1/users", tok, nil), http.StatusOK)
}

// TestLoginThrottleOverHTTP: parallel wrong passwords across two replicas evaluate
// exactly the limit, the rest answer 429 with Retry-After; the client address comes from
// X-Forwarded-For only when the peer is a trusted proxy.
func TestLoginThrottleOverHTTP(t *testing.T) {
	behindGateway := withVar("TRUSTED_PROXIES", "127.0.0.0/8,::1/128")
	env := newTestEnv(t, behindGateway)
	second := env.replica(behindGateway)
	if _, err := user.NewRepository(env.DB).Create(context.Background(), user.CreateInput{Username: "maria", Password: "correct horse", Name: "Maria"}); err != nil {
		t.Fatal(err)
	}

	var unauthorized, throttled atomic.Int64
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			url := env.URL
			if i%2 == 1 {
				url = second.URL
			}
			status, header, body, err := signIn(url, "maria", "wrong horse", "203.0.113.66")
			switch {
			case err != nil:
				t.Errorf("attempt %d: %v", i, err)
			case status == http.StatusUnauthorized:
				unauthorized.Add(1)
			case status == http.StatusTooManyRequests:
				throttled.Add(1)
				if s, err := strconv.Atoi(header.Get("Retry-After")); err != nil || s < 1 || s > 15*60 {
					t.Errorf("429 with Retry-After %q", header.Get("Retry-After"))
				}
				if !strings.Contains(string(body), `"detail"`) {
					t.Errorf("429 body %s", body)
				}
			default:
				t.Errorf("attempt %d: %d %s", i, status, body)
			}
		})
	}
	wg.Wait()
	if unauthorized.Load() != user.DefaultThrottlePerPair || throttled.Load() != 50-user.DefaultThrottlePerPair {
		t.Fatalf("50 parallel wrong passwords: %d x 401, %d x 429; want %d and %d",
			unauthorized.Load(), throttled.Load(), user.DefaultThrottlePerPair, 50-user.DefaultThrottlePerPair)
	}
	if status, _, _, _ := signIn(env.URL, "maria", "correct horse", "203.0.113.66"); status != http.StatusTooManyRequests {
		t.Errorf("right password from the locked address: %d, want 429", status)
	}
	if status, _, body, _ := signIn(second.URL, "maria", "correct horse", "198.51.100.7"); status != http.StatusOK {
		t.Errorf("right password from another address: %d %s", status, body)
	}

	t.Run("without trusted proxies X-Forwarded-For is ignored", func(t *testing.T) {
		direct := env.replica(withVar("TRUSTED_PROXIES", "")) // trusts no proxy: every test request comes from 127.0.0.1
		for i := range user.DefaultThrottlePerPair {
			status, _, _, _ := signIn(direct.URL, "maria", "wrong horse", fmt.Sprintf("192.0.2.%d", i))
			if status != http.StatusUnauthorized {
				t.Fatalf("attempt %d: %d", i, status)
			}
		}
		if status, _, _, _ := signIn(direct.URL, "maria", "wrong horse", "192.0.2.200"); status != http.StatusTooManyRequests {
			t.Errorf("a forged X-Forwarded-For escaped the throttle: %d", status)
		}
	})
}

// TestUsernameLookAlikesOverHTTP: one account per normalised username on create and
// sign-in; invisible characters are a 422 at body.username.
func TestUsernameLookAlikesOverHTTP(t *testing.T) {
	env := newTestEnv(t)
	admin := env.token("admin")
	mustStatus(t, env.do(http.MethodPost, "/api/v1/users", admin, jsonObj{"username": "ｍａｒｉａ", "password": "long enough", "name": "M"}), http.StatusCreated)
	for _, dup := range []string{"maria", "MARIA", "ＭＡＲＩＡ"} {
		wantDetail(t, env.do(http.MethodPost, "/api/v1/users", admin, jsonObj{"username": dup, "password": "long enough", "name": "M"}), http.StatusConflict)
	}
	for _, bad := range []string{"maria\u200b", "\u200bmaria", "ma\u200dria", "maria\u202e", "ma\u00adria", "mar\tia", "\u3164"} {
		want422(t, env.do(http.MethodPost, "/api/v1/users", admin, jsonObj{"username": bad, "password": "long enough", "name": "M"}), "body", "username")
	}
	env.accessToken("ＭａＲＩＡ", "long enough")
	if status, _, _, _ := signIn(env.URL, "maria\u200b", "long enough", ""); status != http.StatusUnauthorized {
		t.Errorf("sign in with a zero-width space: %d, want 401", status)
	}
}

// TestUserPatchHostileValues: every hostile value in every PATCH field answers a 4xx
// with a detail body or a 200, never a 5xx.
func TestUserPatchHostileValues(t *testing.T) {
	env := newTestEnv(t)
	admin := env.token("admin")
	env.token("admin") // a second admin, so the demotion cases can pass
	target := env.userID(env.token("user"))
	for _, field := range []string{"name", "email", "role", "is_active", "password"} {
		for vname, v := range hostileValues() {
			res := env.do(http.MethodPatch, "/api/v1/users/"+target, admin, jsonObj{field: v})
			checkNot5xx(t, "PATCH "+field+"="+vname, res)
		}
	}
	if res := env.do(http.MethodGet, "/api/v1/users?limit=100", admin, nil); res.Status != http.StatusOK {
		t.Fatalf("list after hostile PATCHes: %d %s", res.Status, res.Body)
	}
}
