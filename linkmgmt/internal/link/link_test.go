package link

import "testing"

func TestWithParametersKeepsTheQueryAsWritten(t *testing.T) {
	params := []Param{{Name: "utm_source", Value: "news letter"}, {Name: "a&b", Value: "c=d"}}
	const added = "utm_source=news+letter&a%26b=c%3Dd"
	tests := []struct{ raw, want string }{
		{"https://e.org/p?x=1;y=2&z=3", "https://e.org/p?x=1;y=2&z=3&" + added},
		{"https://e.org/p?flag", "https://e.org/p?flag&" + added},
		{"https://e.org/p?b=2&a=1", "https://e.org/p?b=2&a=1&" + added},
		{"https://e.org/p?q=%20x", "https://e.org/p?q=%20x&" + added},
		{"https://e.org/p", "https://e.org/p?" + added},
		{"https://e.org/p?", "https://e.org/p?" + added},
		{"https://e.org/p?a=1&", "https://e.org/p?a=1&" + added},
		{"https://e.org/p?a=1#frag?x&y", "https://e.org/p?a=1&" + added + "#frag?x&y"},
		{"https://e.org/p#frag", "https://e.org/p?" + added + "#frag"},
	}
	for _, tt := range tests {
		if got := WithParameters(tt.raw, params); got != tt.want {
			t.Errorf("WithParameters(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
	if got := WithParameters("https://e.org/p?flag", nil); got != "https://e.org/p?flag" {
		t.Errorf("no parameters changed the URL: %q", got)
	}
}

func TestCanonicalLanguage(t *testing.T) {
	good := map[string]string{"en": "en", "EN": "en", "pt-BR": "pt-BR", "pt_br": "pt-BR", "es-419": "es-419",
		"zh-Hant-TW": "zh-TW", "zh-Hant": "zh", "iw": "he", "eng": "en", "de-CH-1996": "de-CH", " fr ": "fr"}
	for in, want := range good {
		if got, ok := canonicalLanguage(in); !ok || got != want {
			t.Errorf("canonicalLanguage(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "en-<>", "en-12", "en-ZZ", "en-AA", "xx", "und", "x-private", "e", "en--US", "en-", "1234"} {
		if got, ok := canonicalLanguage(bad); ok {
			t.Errorf("canonicalLanguage(%q) = %q, want refused", bad, got)
		}
	}
}
