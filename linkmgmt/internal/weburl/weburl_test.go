package weburl

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, raw, want string // want: "" accepted, else the message
	}{
		{"plain https", "https://example.com/a?b=1#c", ""},
		{"http with port", "http://example.com:8080/", ""},
		{"upper-case scheme", "HTTPS://Example.COM/", ""},
		{"trailing dot", "https://example.com./x", ""},
		{"underscore label", "https://my_host.example.com/", ""},
		{"IPv4", "http://203.0.113.7/x", ""},
		{"IPv6", "http://[2001:db8::1]:8443/x", ""},
		{"punycode", "https://xn--bcher-kva.example/", ""},
		{"unicode host", "https://bücher.example/", ""},
		{"port 65535", "https://example.com:65535/", ""},
		{"surrounding spaces trimmed", "  https://example.com/  ", ""},

		{"empty", "   ", MsgEmpty},
		{"too long", "https://example.com/" + strings.Repeat("a", MaxLen), MsgTooLong},
		{"invalid UTF-8", "https://example.com/\xff", MsgNotURL},
		{"NUL", "https://example.com/\x00", MsgUnencoded},
		{"space", "https://exa mple.com/", MsgUnencoded},
		{"newline", "https://example.com/\nx", MsgUnencoded},
		{"angle brackets", "https://example.com/<x>", MsgUnencoded},
		{"quote", `https://example.com/"`, MsgUnencoded},
		{"relative", "/just/a/path", MsgNotURL},
		{"no authority", "http:example.com", MsgNotURL},
		{"empty authority", "http:///path", MsgNotURL},
		{"javascript", "javascript:alert(1)", MsgScheme},
		{"no scheme", "nowhere", MsgNotURL},
		{"scheme-relative", "//evil.example/x", MsgNotURL},
		{"ftp", "ftp://example.com/", MsgScheme},
		{"data", "data://text/html,x", MsgScheme},
		{"credentials", "https://user:pw@example.com/", MsgCredentials},
		{"user only", "https://paypal.com@evil.example/", MsgCredentials},
		{"no host, port only", "http://:80/", MsgHost},
		{"port too large", "https://example.com:99999/", MsgPort},
		{"port zero", "https://example.com:0/", MsgPort},
		{"port leading zero", "https://example.com:080/", MsgPort},
		{"port not numeric", "https://example.com:http/", MsgPort},
		{"empty port", "https://example.com:/", MsgPort},
		{"IPv6 port too large", "http://[2001:db8::1]:70000/", MsgPort},
		{"bad IPv6", "http://[2001:db8::zz]/", MsgNotURL},
		{"empty label", "https://example..com/", MsgHost},
		{"label starts with hyphen", "https://-example.com/", MsgHost},
		{"label too long", "https://" + strings.Repeat("a", 64) + ".com/", MsgHost},
		{"name too long", "https://" + strings.Repeat("abcdefghi.", 26) + "com/", MsgHost},
		{"bad IPv4", "http://999.1.1.1/", MsgHost},
		{"short dotted digits", "http://1.2.3/", MsgHost},
		{"percent-encoded invalid UTF-8 host", "https://%ff.example/", MsgHost},
		{"only dot", "https://./", MsgHost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, u, msg := Parse(tt.raw)
			if msg != tt.want {
				t.Fatalf("Parse(%q) message = %q, want %q", tt.raw, msg, tt.want)
			}
			if tt.want == "" && (u == nil || got != strings.TrimSpace(tt.raw)) {
				t.Fatalf("Parse(%q) = %q, %v; want the trimmed input and its URL", tt.raw, got, u)
			}
		})
	}
}

func TestCheckNamesTheField(t *testing.T) {
	if _, err := Check("button_url", "http://:80/"); err == nil || err.Error() != "invalid: button_url "+MsgHost {
		t.Fatalf("err = %v", err)
	}
	if v, err := CheckOptional("button_url", "  "); err != nil || v != "" {
		t.Fatalf("CheckOptional blank = %q, %v", v, err)
	}
}
