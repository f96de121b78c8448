package database

import (
	"context"
	"testing"

	"github.com/loyaltylinks/platform/shared/testkit"
)

// TestEscapeLike runs the patterns in Postgres: an escaped value matches itself and
// nothing its wildcards would have matched.
func TestEscapeLike(t *testing.T) {
	db, err := Open(testkit.NewDatabase(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = Close(db) })
	tests := []struct {
		value, subject string
		want           bool
	}{
		{"50%", "50%", true},
		{"50%", "500", false},
		{"a_c", "a_c", true},
		{"a_c", "abc", false},
		{`C:\dir`, `C:\dir`, true},
		{`C:\dir`, `C:dir`, false},
		{"plain", "plain", true},
	}
	for _, tt := range tests {
		var got bool
		err := db.WithContext(context.Background()).Raw(`SELECT ? LIKE ? ESCAPE '\'`, tt.subject, EscapeLike(tt.value)).Scan(&got).Error
		if err != nil {
			t.Fatalf("%q LIKE %q: %v", tt.subject, EscapeLike(tt.value), err)
		}
		if got != tt.want {
			t.Errorf("%q LIKE EscapeLike(%q) = %t, want %t", tt.subject, tt.value, got, tt.want)
		}
	}
}
