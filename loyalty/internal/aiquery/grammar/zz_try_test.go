package grammar

import (
	"os"
	"time"
	"strings"
	"testing"
)

func TestZZTry(t *testing.T) {
	b, err := os.ReadFile("/tmp/shares-q.txt")
	if err != nil {
		t.Skip()
	}
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		res, err := it.Interpret(q, testCatalog)
		if err != nil {
			t.Logf("\nQ: %s\nERR: %v", q, err)
			continue
		}
		t.Logf("\nQ: %s\nSQL: %s", q, res.SQL)
	}
}
