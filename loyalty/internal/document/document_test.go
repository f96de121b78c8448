package document

import "testing"

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
