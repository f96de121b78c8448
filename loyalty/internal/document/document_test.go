package document

import (
	"errors"
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"12345678909", "12345678909"},
		{"123.456.789-09", "12345678909"},
		{" 123.456.789-09 ", "12345678909"},
		{"12.345.678/0001-95", "12345678000195"},
		{"12345678000195", "12345678000195"},
		{"123 456 789 09", "12345678909"},
		{"AB123456", "AB123456"},             // passport: kept
		{"123.456", "123.456"},               // neither 11 nor 14 digits: kept
		{"123.456.789-0X", "123.456.789-0X"}, // letters: kept
		{"", ""},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNormalizePrefix(t *testing.T) {
	tests := []struct{ in, want string }{
		{"123.456", "123456"},
		{"123", "123"},
		{"12.345.678/0001-95", "12345678000195"},
		{"AB12", "AB12"},
		{" - ", "-"},
	}
	for _, tt := range tests {
		if got := NormalizePrefix(tt.in); got != tt.want {
			t.Errorf("NormalizePrefix(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"12345678909", nil},
		{"AB123456", nil},
		{"X-12 34", nil},
		{"ção.1", nil},
		{"..a", nil},
		{"١٢٣", nil}, // Arabic-Indic digits
		{strings.Repeat("9", MaxLength), nil},
		{"", ErrEmpty},
		{strings.Repeat("9", MaxLength+1), ErrTooLong},
		{strings.Repeat("ç", MaxLength+1), ErrTooLong}, // characters, not bytes
		{".", ErrNoAlphanumeric},
		{"..", ErrNoAlphanumeric},
		{"-", ErrNoAlphanumeric},
		{" ", ErrNoAlphanumeric},
		{"a/b", ErrForbidden},
		{`a\b`, ErrForbidden},
		{"a?b", ErrForbidden},
		{"a#b", ErrForbidden},
		{"%2e", ErrForbidden},
		{"a\x00b", ErrForbidden},
		{"a\tb", ErrForbidden},
		{"a\u202eb", ErrForbidden}, // bidi override (format)
		{"a\u200bb", ErrForbidden}, // zero-width space (format)
		{"a\u2028b", ErrForbidden}, // line separator
		{"a\xffb", ErrForbidden},   // not UTF-8
	}
	for _, tt := range tests {
		if got := Check(tt.in); !errors.Is(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("Check(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
