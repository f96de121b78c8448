package grammar

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// TestDebug prints the readings of GRAMMAR_DEBUG (a question): a tool, skipped otherwise.
func TestDebug(t *testing.T) {
	q := os.Getenv("GRAMMAR_DEBUG")
	if q == "" {
		t.Skip("GRAMMAR_DEBUG not set")
	}
	it := New(func() time.Time { return clock }, saoPaulo)
	lx := lexicon.New(testCatalog)
	r := lx.Read(q)
	for _, m := range r.Matches {
		fmt.Printf("match %d-%d %s %q typos=%d\n", m.From, m.To, m.Cat, m.Arg, m.Typos)
	}
	x := &env{cal: semantic.Calendar{Now: clock.In(saoPaulo)}, cat: testCatalog, loc: saoPaulo}
	c := parse(newGrammar(productions(x)), r)
	_ = it
	for i, a := range analyses(c, r, readings) {
		var parts []string
		for _, e := range a.clauses {
			cv := e.Val.(clauseV)
			parts = append(parts, fmt.Sprintf("[%s %d-%d %s]", cv.kind, e.From, e.To, valKey(cv.v)))
		}
		fmt.Printf("%2d cost=%.2f unknown=%v %s\n", i, a.cost, a.unknown, strings.Join(parts, " "))
		if i > 10 {
			break
		}
	}
	res, err := it.Interpret(q, testCatalog)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(res.SQL)
}
