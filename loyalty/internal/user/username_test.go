package user

import (
	"context"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/shared/apperr"
)

// invisibleSamples are characters a username must not hold, one per family the rule
// covers. Each is tried alone, inside a name and at its end.
var invisibleSamples = map[string]string{
	"zero-width space":          "\u200b",
	"zero-width non-joiner":     "\u200c",
	"zero-width joiner":         "\u200d",
	"left-to-right mark":        "\u200e",
	"right-to-left override":    "\u202e",
	"word joiner":               "\u2060",
	"invisible times":           "\u2062",
	"byte order mark":           "\ufeff",
	"soft hyphen":               "\u00ad",
	"Mongolian vowel separator": "\u180e",
	"Hangul filler":             "\u3164",
	"halfwidth Hangul filler":   "\uffa0",
	"combining grapheme joiner": "\u034f",
	"variation selector 16":     "\ufe0f",
	"tag latin a":               "\U000e0041",
	"private use":               "\ue000",
	"tab":                       "\t",
	"newline":                   "\n",
	"next line (C1)":            "\u0085",
	"delete":                    "\u007f",
	"line separator":            "\u2028",
	"paragraph separator":       "\u2029",
	"ogham space mark":          "\u1680",
	"unassigned":                "\U000e0fff",
}

func TestNormalizeUsername(t *testing.T) {
	for name, ch := range invisibleSamples {
		for _, raw := range []string{ch, "ma" + ch + "ria", "maria" + ch} {
			if got, err := NormalizeUsername(raw, "body", "username"); !apperr.Is(err, apperr.Invalid) {
				t.Errorf("%s in %q: got %q, %v; want a 422", name, raw, got, err)
			}
		}
	}
	ok := []struct{ raw, want string }{
		{"maria", "maria"},
		{"  Maria  ", "Maria"},
		{"ｍａｒｉａ", "maria"},            // full-width letters
		{"ＭＡＲＩＡ", "MARIA"},            // full-width capitals: case kept for display
		{"ﬁnance", "finance"},         // ligature
		{"ana\u00a0lima", "ana lima"}, // no-break space is a compatibility space
		{"ana\u3000lima", "ana lima"}, // ideographic space
		{"cafe\u0301", "café"},        // combining accent composed
		{"José Ñúñez", "José Ñúñez"},  // letters of every script stay
		{"用户", "用户"},                  //
		{"user.name-1_2@x", "user.name-1_2@x"},
	}
	for _, tt := range ok {
		if got, err := NormalizeUsername(tt.raw); err != nil || got != tt.want {
			t.Errorf("NormalizeUsername(%q) = %q, %v; want %q", tt.raw, got, err, tt.want)
		}
	}
	for _, raw := range []string{"", "   ", "\u3000", strings.Repeat("x", 256), "a\x00b", "\xff"} {
		if _, err := NormalizeUsername(raw); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("NormalizeUsername(%q): err %v, want a 422", raw, err)
		}
	}
	if _, err := NormalizeUsername(strings.Repeat("ç", 255)); err != nil {
		t.Errorf("255 two-byte characters refused: %v", err)
	}
}

// TestUsernamesAreOneAccountPerNormalForm: look-alike spellings are one account on
// create (409) and at sign-in, and invisible characters are refused.
func TestUsernamesAreOneAccountPerNormalForm(t *testing.T) {
	ctx := context.Background()
	db := newDB(t, 4)
	s := newStore(db)
	u := mustCreate(t, s, "ｍａｒｉａ", "user")
	if u.Username != "maria" {
		t.Fatalf("stored username %q, want the NFKC form maria", u.Username)
	}
	for _, dup := range []string{"maria", "MARIA", "ＭＡＲＩＡ", " maria ", "Maria"} {
		if _, err := s.Create(ctx, CreateInput{Username: dup, Password: "long enough"}); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("create %q next to maria: %v, want a 409", dup, err)
		}
	}
	for name, ch := range invisibleSamples {
		if _, err := s.Create(ctx, CreateInput{Username: "maria" + ch, Password: "long enough"}); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("create maria+%s: %v, want a 422", name, err)
		}
	}
	for _, login := range []string{"maria", "ＭＡＲＩＡ", "Maria", " maria"} {
		if got, err := s.Authenticate(ctx, login, "long enough"); err != nil || got.ID != u.ID {
			t.Errorf("sign in as %q: %v", login, err)
		}
	}
	for _, login := range []string{"maria\u200b", "ma\u00adria", "maria\ufeff"} {
		if _, err := s.Authenticate(ctx, login, "long enough"); !apperr.Is(err, apperr.Unauthorized) {
			t.Errorf("sign in as %q: %v, want 401", login, err)
		}
	}

	// Plain SQL cannot slip a look-alike or an invisible character past the database.
	for _, raw := range []string{"ＭＡＲＩＡ", "maria\u200b", " maria", "bob\u202e", "x\u3164"} {
		if err := db.Exec(`INSERT INTO users (username, password_hash) VALUES (?, 'x')`, raw).Error; err == nil {
			t.Errorf("SQL insert of %q accepted", raw)
		}
	}
}
