package owned_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/owned"
)

// TestPutName: the name rule every account resource (channel, campaign, pixel, splash
// page, overlay) follows, failing with the resource's own error.
func TestPutName(t *testing.T) {
	str := func(s string) *string { return &s }
	for _, tt := range []struct {
		name     string
		given    *string
		creating bool
		want     string // the stored name; "" with wantErr
		wantErr  string
	}{
		{"trimmed", str("  Summer  "), true, "Summer", ""},
		{"not given on update leaves it", nil, false, "", ""},
		{"required on create", nil, true, "", "name is required"},
		{"blank is missing", str("   "), false, "", "name is required"},
		{"at the limit", str(strings.Repeat("a", owned.MaxNameLen)), true, strings.Repeat("a", owned.MaxNameLen), ""},
		{"over the limit", str(strings.Repeat("a", owned.MaxNameLen+1)), true, "", "name must be at most 255 characters"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cols := map[string]any{}
			err := owned.PutName(cols, tt.given, tt.creating, errNoteInvalid)
			if tt.wantErr != "" {
				if !errors.Is(err, errNoteInvalid) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q as the resource's invalid error", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, ok := cols["name"]
			if tt.given == nil {
				if ok {
					t.Fatalf("name set to %v though not given", got)
				}
				return
			}
			if got != tt.want {
				t.Fatalf("name = %q, want %q", got, tt.want)
			}
		})
	}
}
