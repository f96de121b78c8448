package httpapi_test

import (
	"encoding/hex"
	"net/http"
	"regexp"
	"sync"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

type accountBody struct {
	Error int `json:"error"`
	Data  struct {
		ID         int64  `json:"id"`
		Email      string `json:"email"`
		Username   string `json:"username"`
		Avatar     string `json:"avatar"`
		Status     string `json:"status"`
		Expires    string `json:"expires"`
		Registered string `json:"registered"`
	} `json:"data"`
}

func TestGetAccount(t *testing.T) {
	env := newEnv(t)
	id, key := env.newAccount("free")
	res := env.do(http.MethodGet, "/api/account", key, nil)
	wantStatus(t, res, http.StatusOK)
	var got accountBody
	res.JSON(t, &got)
	if got.Data.ID != id || got.Data.Status != "active" || got.Data.Expires != "" || got.Data.Username == "" ||
		!regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`).MatchString(got.Data.Registered) {
		t.Fatalf("account = %s", res.Body)
	}
}

func TestUpdateAccount(t *testing.T) {
	env := newEnv(t)
	id, key := env.newAccount("free")
	env.newAccount("free")
	var otherEmail string
	env.scalar(&otherEmail, `SELECT email FROM accounts WHERE id <> ? LIMIT 1`, id)

	tests := []struct {
		name   string
		body   any
		status int
		msg    string
	}{
		{"nothing to change", map[string]any{}, http.StatusUnprocessableEntity, "give email and/or password to update"},
		{"invalid email", map[string]any{"email": "not-an-email"}, http.StatusUnprocessableEntity, "a valid email is required"},
		{"email with a display name", map[string]any{"email": "Me <me@example.com>"}, http.StatusUnprocessableEntity, "a valid email is required"},
		{"email of another account", map[string]any{"email": otherEmail}, http.StatusConflict, "This email is already in use"},
		{"short password", map[string]any{"password": "short"}, http.StatusUnprocessableEntity, "password must be at least 8 characters"},
		{"email not a string", map[string]any{"email": 5}, http.StatusUnprocessableEntity, "email: must be a string"},
		{"email", map[string]any{"email": "  New.Address@Example.com "}, http.StatusOK, "Account has been successfully updated."},
		{"password", map[string]any{"password": "correct horse battery"}, http.StatusOK, "Account has been successfully updated."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMessage(t, env.do(http.MethodPut, "/api/account/update", key, tt.body), tt.status, tt.msg)
		})
	}

	var got accountBody
	env.do(http.MethodGet, "/api/account", key, nil).JSON(t, &got)
	if got.Data.Email != "new.address@example.com" {
		t.Fatalf("email = %q, want the normalised new address", got.Data.Email)
	}
	var hash string
	env.scalar(&hash, `SELECT password_hash FROM accounts WHERE id = ?`, id)
	if err := bcrypt.CompareHashAndPassword([]byte(hash), []byte("correct horse battery")); err != nil {
		t.Fatalf("stored password hash does not match the new password: %v", err)
	}
}

func TestRotateKey(t *testing.T) {
	env := newEnv(t)
	id, oldKey := env.newAccount("free")

	res := env.do(http.MethodPost, "/api/account/rotate-key", oldKey, nil)
	wantStatus(t, res, http.StatusOK)
	var body struct {
		Error   int    `json:"error"`
		Message string `json:"message"`
		Key     string `json:"key"`
	}
	res.JSON(t, &body)
	if raw, err := hex.DecodeString(body.Key); err != nil || len(raw) != 32 || body.Key == oldKey {
		t.Fatalf("new key %q: want 64 hex characters, different from the old key", body.Key)
	}
	wantStatus(t, env.do(http.MethodGet, "/api/account", oldKey, nil), http.StatusUnauthorized)
	var got accountBody
	res = env.do(http.MethodGet, "/api/account", body.Key, nil)
	wantStatus(t, res, http.StatusOK)
	res.JSON(t, &got)
	if got.Data.ID != id {
		t.Fatalf("new key opens account %d, want %d", got.Data.ID, id)
	}
	var stored string
	env.scalar(&stored, `SELECT api_key_hash FROM accounts WHERE id = ?`, id)
	if stored == body.Key {
		t.Fatal("the key is stored in clear")
	}
}

// TestConcurrentKeyRotationsHaveOneWinner: 20 rotations sent at once with the same key.
// Exactly one may win and hand out a key that works; the others are refused (409, or
// 401 for a call authenticated after the winner committed) and hand out nothing. They
// all answered 200 with a new key, and only one of those keys worked.
func TestConcurrentKeyRotationsHaveOneWinner(t *testing.T) {
	env := newEnv(t)
	id, oldKey := env.newAccount("free")
	const calls = 20
	results := make([]response, calls)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = env.do(http.MethodPost, "/api/account/rotate-key", oldKey, nil)
		}()
	}
	close(start)
	wg.Wait()

	var winners []string
	conflicts := 0
	for _, res := range results {
		var body struct {
			Error   int    `json:"error"`
			Message string `json:"message"`
			Key     string `json:"key"`
		}
		res.JSON(t, &body)
		switch res.Status {
		case http.StatusOK:
			winners = append(winners, body.Key)
		case http.StatusConflict:
			conflicts++
			fallthrough
		case http.StatusUnauthorized:
			if body.Error != 1 || body.Key != "" || body.Message == "" {
				t.Fatalf("refused rotation body %s", res.Body)
			}
		default:
			t.Fatalf("rotation answered %d %s", res.Status, res.Body)
		}
	}
	if len(winners) != 1 {
		t.Fatalf("%d rotations answered 200 with a key, want exactly 1", len(winners))
	}
	t.Logf("1 winner, %d conflicts, %d unauthorized", conflicts, calls-1-conflicts)
	var got accountBody
	res := env.do(http.MethodGet, "/api/account", winners[0], nil)
	wantStatus(t, res, http.StatusOK)
	res.JSON(t, &got)
	if got.Data.ID != id {
		t.Fatalf("the winning key opens account %d, want %d", got.Data.ID, id)
	}
	wantStatus(t, env.do(http.MethodGet, "/api/account", oldKey, nil), http.StatusUnauthorized)
}
