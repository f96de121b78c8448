package nlq

import (
	"bufio"
	"fmt"
	"os"
	"testing"
	"time"
)

// go test -run TestTry ./nlq with TRY=file of questions: prints what each becomes.
func TestTry(t *testing.T) {
	path := os.Getenv("TRY")
	if path == "" {
		t.Skip("TRY not set")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	it := New(func() time.Time { return time.Date(2025, 3, 15, 12, 0, 0, 0, time.UTC) }, time.UTC)
	cat := &Catalog{Stores: []StoreRef{{Code: "S1", Name: "Loja Centro"}, {Code: "S2", Name: "Loja Norte"}}, Products: []string{"Café", "Bolo"}, PaymentTypes: []string{"PIX", "credit_card", "debit_card", "cash"}, Origins: []string{"PDV", "APP", "SITE"}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		q := sc.Text()
		if q == "" || q[0] == '#' {
			continue
		}
		res, err := it.Interpret(q, cat)
		if err != nil {
			fmt.Printf("Q: %s\n  REFUSED: %v\n\n", q, err)
			continue
		}
		fmt.Printf("Q: %s\n  %s\n  %s\n\n", q, res.Echo.Title, indent(res.SQL))
	}
}

func indent(s string) string {
	out := ""
	for _, c := range s {
		out += string(c)
		if c == '\n' {
			out += "  "
		}
	}
	return out
}
