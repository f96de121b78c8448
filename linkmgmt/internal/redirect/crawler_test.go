package redirect

import (
	"strings"
	"testing"
)

// TestIsSocialCrawler: the one-pass scan finds every crawler name wherever it sits in a
// user agent, and agrees with a plain search for each name on ordinary agents.
func TestIsSocialCrawler(t *testing.T) {
	naive := func(ua string) bool {
		for _, c := range socialCrawlers {
			if strings.Contains(ua, c) {
				return true
			}
		}
		return false
	}
	for _, c := range socialCrawlers {
		for _, ua := range []string{c, c + "/1.1", "Mozilla/5.0 (compatible; " + c + "/2.0)", "x" + c} {
			if !IsSocialCrawler(ua) {
				t.Errorf("%q not recognised", ua)
			}
		}
		// One byte short is not the name.
		if short := c[:len(c)-1]; !naive(short) && IsSocialCrawler(short) {
			t.Errorf("%q recognised", short)
		}
	}
	for _, ua := range []string{
		"", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "curl/8.5.0", "Slack", "Pinterest/1.0", "facebook",
		"Mozilla/5.0 (Linux; Android 14) Telegram", strings.Repeat("W", 256),
	} {
		if got, want := IsSocialCrawler(ua), naive(ua); got != want {
			t.Errorf("IsSocialCrawler(%q) = %v, want %v", ua, got, want)
		}
	}
}
