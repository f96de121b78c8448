package grammar

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

func TestZZDebug(t *testing.T) {
	qs := os.Getenv("DBGQ")
	if qs == "" {
		t.Skip()
	}
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range strings.Split(qs, "\n") {
		if q == "" {
			continue
		}
		lx := it.lexicon(testCatalog)
		r := lx.Read(q)
		var parts []string
		for _, tk := range r.Tokens {
			parts = append(parts, fmt.Sprintf("%s/%d", tk.Raw, tk.Part))
		}
		roles, _, _ := tokenRoles(r)
		fmt.Println("Q:", q)
		fmt.Println("  toks:", strings.Join(parts, " "), roles)
		res, err := it.Interpret(q, testCatalog)
		if err != nil {
			fmt.Println("  ERR:", err)
			continue
		}
		fmt.Println("  SQL:", strings.ReplaceAll(res.SQL, "\n", " "))
		fmt.Println("  ctx:", res.Context)
	}
}
