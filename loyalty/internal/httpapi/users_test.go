package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
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
	users := user.NewStore(env.DB)
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
		checkToken(t, env.do(http.MethodPost, "/api/v1/authorization", "", coreObj{"username": "maria", "password": "correct horse"}))
	})
	t.Run("OAuth2 password form", func(t *testing.T) {
		checkToken(t, postForm(t, env, "/api/v1/authorization", url.Values{"grant_type": {"password"}, "username": {"Maria"}, "password": {"correct horse"}}))
	})
	t.Run("form without grant_type", func(t *testing.T) {
		checkToken(t, postForm(t, env, "/api/v1/authorization", url.Values{"username": {"Maria"}, "password": {"correct horse"}}))
	})

	t.Run("wrong credentials answer one 401 message", func(t *testing.T) {
		wrongPass := env.do(http.MethodPost, "/api/v1/authorization", "", coreObj{"username": "maria", "password": "wrong horse"})
		unknown := env.do(http.MethodPost, "/api/v1/authorization", "", coreObj{"username": "nobody", "password": "correct horse"})
		m1 := coreWantDetail(t, wrongPass, http.StatusUnauthorized)
		m2 := coreWantDetail(t, unknown, http.StatusUnauthorized)
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
		res := env.do(http.MethodPost, "/api/v1/authorization", "", coreObj{"username": "gone", "password": "correct horse"})
		coreWantDetail(t, res, http.StatusUnauthorized)
	})

	bad := []struct {
		name string
		send func() response
		loc  []any
	}{
		{"missing password", func() response {
			return env.do(http.MethodPost, "/api/v1/authorization", "", coreObj{"username": "maria"})
		}, []any{"body", "password"}},
		{"missing username", func() response {
			return env.do(http.MethodPost, "/api/v1/authorization", "", coreObj{"password": "x"})
		}, []any{"body", "username"}},
		{"no body", func() response { return env.do(http.MethodPost, "/api/v1/authorization", "", "") }, []any{"body"}},
		{"malformed JSON", func() response { return env.do(http.MethodPost, "/api/v1/authorization", "", `{"username":`) }, []any{"body"}},
		{"username not a string", func() response {
			return env.do(http.MethodPost, "/api/v1/authorization", "", coreObj{"username": 5, "password": "x"})
		}, []any{"body", "username"}},
		{"form missing password", func() response {
			return postForm(t, env, "/api/v1/authorization", url.Values{"grant_type": {"password"}, "username": {"maria"}})
		}, []any{"body", "password"}},
		{"form with another grant type", func() response {
			return postForm(t, env, "/api/v1/authorization", url.Values{"grant_type": {"client_credentials"}, "username": {"maria"}, "password": {"correct horse"}})
		}, []any{"body", "grant_type"}},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) { coreWant422(t, tt.send(), tt.loc...) })
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
	api := newCoreAPI(t)
	admin := api.token("admin")

	t.Run("create answers 201 with the user and never the hash", func(t *testing.T) {
		var u coreObj
		api.call(t, http.MethodPost, "/api/v1/users", coreObj{"username": "ana", "password": "long enough", "name": "Ana", "email": "Ana@Example.com"}, http.StatusCreated, &u)
		coreField(t, u, "username", "ana")
		coreField(t, u, "name", "Ana")
		coreField(t, u, "email", "ana@example.com")
		coreField(t, u, "role", "user") // default
		coreField(t, u, "is_active", true)
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
		res := api.do(http.MethodPost, "/api/v1/authorization", "", coreObj{"username": "ana", "password": "long enough"})
		if res.Status != http.StatusOK {
			t.Fatalf("sign in as the new user: %d %s", res.Status, res.Body)
		}
	})

	t.Run("a non-admin cannot create an admin", func(t *testing.T) {
		res := api.do(http.MethodPost, "/api/v1/users", api.tok, coreObj{"username": "boss", "password": "long enough", "name": "Boss", "role": "admin"})
		coreWantDetail(t, res, http.StatusForbidden)
		var n int64
		api.DB.Raw(`SELECT count(*) FROM users WHERE username = 'boss'`).Scan(&n)
		if n != 0 {
			t.Error("the refused admin was stored")
		}
	})

	t.Run("an admin can create an admin", func(t *testing.T) {
		res := api.do(http.MethodPost, "/api/v1/users", admin, coreObj{"username": "boss", "password": "long enough", "name": "Boss", "role": "admin"})
		if res.Status != http.StatusCreated {
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		var u coreObj
		res.JSON(t, &u)
		coreField(t, u, "role", "admin")
	})

	t.Run("duplicate username, any case, is 409", func(t *testing.T) {
		res := api.do(http.MethodPost, "/api/v1/users", api.tok, coreObj{"username": "ANA", "password": "long enough", "name": "Other"})
		coreWantDetail(t, res, http.StatusConflict)
	})

	bad := []struct {
		name string
		body any
		loc  []any
	}{
		{"missing username", coreObj{"password": "long enough", "name": "N"}, []any{"body", "username"}},
		{"missing password", coreObj{"username": "u1", "name": "N"}, []any{"body", "password"}},
		{"missing name", coreObj{"username": "u1", "password": "long enough"}, []any{"body", "name"}},
		{"short password", coreObj{"username": "u1", "password": "short", "name": "N"}, []any{"body", "password"}},
		{"password over 72 bytes", coreObj{"username": "u1", "password": strings.Repeat("p", 73), "name": "N"}, []any{"body", "password"}},
		{"unknown role", coreObj{"username": "u1", "password": "long enough", "name": "N", "role": "root"}, []any{"body", "role"}},
		{"bad email", coreObj{"username": "u1", "password": "long enough", "name": "N", "email": "nope"}, []any{"body", "email"}},
		{"name not a string", coreObj{"username": "u1", "password": "long enough", "name": 3}, []any{"body", "name"}},
		{"no body", "", []any{"body"}},
		{"blank username", coreObj{"username": "  ", "password": "long enough", "name": "N"}, []any{"body", "username"}},
	}
	for _, tt := range bad {
		t.Run("422 "+tt.name, func(t *testing.T) {
			coreWant422(t, api.do(http.MethodPost, "/api/v1/users", api.tok, tt.body), tt.loc...)
		})
	}

	t.Run("list: oldest first, default limit 10, offset", func(t *testing.T) {
		// Two token users (user, admin) and ana, boss exist; add 9 more.
		for i := 0; i < 9; i++ {
			api.DB.Exec(`INSERT INTO users (username, password_hash, name, created_at) VALUES (?, 'x', 'n', now() + ? * interval '1 second')`,
				"later"+string(rune('a'+i)), i+1)
		}
		list := coreList(t, api.call(t, http.MethodGet, "/api/v1/users", nil, http.StatusOK, nil))
		if len(list) != 10 {
			t.Fatalf("default page has %d users, want 10", len(list))
		}
		all := coreList(t, api.call(t, http.MethodGet, "/api/v1/users?limit=100", nil, http.StatusOK, nil))
		if len(all) != 13 {
			t.Fatalf("limit=100 gives %d users, want 13", len(all))
		}
		for i := 1; i < len(all); i++ {
			if coreTime(t, all[i-1]["created_at"]).After(coreTime(t, all[i]["created_at"])) {
				t.Errorf("not oldest first at %d: %v then %v", i, all[i-1]["created_at"], all[i]["created_at"])
			}
		}
		page := coreList(t, api.call(t, http.MethodGet, "/api/v1/users?limit=2&offset=11", nil, http.StatusOK, nil))
		if got := corePluck(page, "username"); len(got) != 2 || got[0] != all[11]["username"] || got[1] != all[12]["username"] {
			t.Errorf("limit=2&offset=11 = %v, want the last two of %v", got, corePluck(all, "username"))
		}
		for _, q := range []string{"limit=-1", "offset=-1", "limit=abc", "limit=1.5", "limit=1001"} {
			res := api.do(http.MethodGet, "/api/v1/users?"+q, api.tok, nil)
			name, _, _ := strings.Cut(q, "=")
			coreWant422(t, res, "query", name)
		}
	})
}
