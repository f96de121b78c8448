package eval

import (
	"context"
	"strings"
	"testing"
	"unicode"
)

// TestQuestionSets checks the shape of the sets: sizes per language, the share of
// questions that must be refused, no question asked twice.
func TestQuestionSets(t *testing.T) {
	minimum := map[string]struct{ total, perLang int }{"dev": {110, 50}, "holdout": {50, 24}, "extra": {100, 45}, "fresh-a": {60, 30}, "fresh-b": {40, 20}, "fresh-c": {60, 30}, "fresh-d": {40, 20}, "fresh-e": {60, 30}, "fresh-f": {59, 29}, "fresh-g": {60, 30}, "fresh-h": {60, 30}, "fresh-i": {58, 28}, "fresh-j": {59, 29}}
	seen := map[string]string{}
	for _, s := range loadSets(t) {
		langs := map[string]int{}
		refuse := 0
		for _, it := range s.Items {
			langs[it.Lang]++
			if it.Refuse() {
				refuse++
			}
			k := normalizeQuestion(it.Question)
			if prev, ok := seen[k]; ok {
				t.Errorf("%s/%s asks the same as %s", s.Name, it.ID, prev)
			}
			seen[k] = s.Name + "/" + it.ID
			if prev, ok := seen["id:"+it.ID]; ok {
				t.Errorf("id %s is in %s and %s", it.ID, prev, s.Name)
			}
			seen["id:"+it.ID] = s.Name
		}
		m := minimum[s.Name]
		if len(s.Items) < m.total {
			t.Errorf("%s: %d questions, want at least %d", s.Name, len(s.Items), m.total)
		}
		for _, lang := range []string{LangPT, LangEN} {
			if langs[lang] < m.perLang {
				t.Errorf("%s: %d %s questions, want at least %d", s.Name, langs[lang], lang, m.perLang)
			}
		}
		if share := float64(refuse) / float64(len(s.Items)); share < 0.08 || share > 0.18 {
			t.Errorf("%s: %.0f%% of the questions must be refused, want 8%%-18%%", s.Name, 100*share)
		}
		t.Logf("%s: %d questions (%d pt-BR, %d en), %d to refuse", s.Name, len(s.Items), langs[LangPT], langs[LangEN], refuse)
	}
}

func normalizeQuestion(q string) string {
	var b strings.Builder
	for _, r := range asciiFold(strings.ToLower(q)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestGoldAnswers runs every gold query under the guard and the reporting role and
// checks that its answer on the seed is worth asking for: rows, not all NULL, a single
// number that is not 0, and for a top-N no tie across the cut or inside it (where a tie
// would make two answers right).
func TestGoldAnswers(t *testing.T) {
	db, _ := seededDB(t)
	e := newEnv(t, db)
	ctx := context.Background()
	for _, s := range loadSets(t) {
		for _, it := range s.Items {
			if it.Refuse() {
				continue
			}
			t.Run(s.Name+"/"+it.ID, func(t *testing.T) {
				res, err := e.run(ctx, string(it.GoldSQL))
				if err != nil {
					t.Fatalf("%s\n%s", err, it.GoldSQL)
				}
				checkNonTrivial(t, res)
				ordered, err := it.OrderMatters()
				if err != nil {
					t.Fatal(err)
				}
				if n := Limit(string(it.GoldSQL)); n > 0 {
					checkNoTies(t, e, it, n)
				} else if ordered {
					checkNoTiesIn(t, res)
				}
			})
		}
	}
}

func checkNonTrivial(t *testing.T, res Result) {
	t.Helper()
	if len(res.Rows) == 0 {
		t.Fatal("no rows")
	}
	nonNull := false
	for _, row := range res.Rows {
		for _, v := range row {
			if v != nil {
				nonNull = true
			}
		}
	}
	if !nonNull {
		t.Fatal("every value is NULL")
	}
	if len(res.Rows) == 1 && len(res.Columns) == 1 {
		v := parseValue(res.Columns[0].OID, res.Rows[0][0])
		if v.kind == kNumber && v.num.Sign() == 0 {
			t.Fatal("the answer is 0: a wrong filter would give it too")
		}
	}
}

// checkNoTies looks one row past a top-N's cut: no two neighbouring rows may agree on all
// their numbers (a tie across the cut makes two answers right).
func checkNoTies(t *testing.T, e *env, it Item, n int) {
	t.Helper()
	wider, err := WithLimit(string(it.GoldSQL), n+1)
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.run(context.Background(), wider)
	if err != nil {
		t.Fatalf("%v\n%s", err, wider)
	}
	if len(res.Rows) < n {
		t.Errorf("top %d has only %d rows", n, len(res.Rows))
	}
	checkNoTiesIn(t, res)
}

// checkNoTiesIn: no two neighbouring rows of an ordered answer agree on all their numbers
// (the order between them would be arbitrary).
func checkNoTiesIn(t *testing.T, res Result) {
	t.Helper()
	for i := 1; i < len(res.Rows); i++ {
		same, numbers := true, 0
		for j, c := range res.Columns {
			a, b := parseValue(c.OID, res.Rows[i-1][j]), parseValue(c.OID, res.Rows[i][j])
			if a.kind == kNumber && b.kind == kNumber {
				numbers++
				if a.num.Cmp(b.num) != 0 {
					same = false
				}
			}
		}
		if numbers > 0 && same {
			t.Errorf("rows %d and %d tie: %s", i, i+1, summarize(Result{Columns: res.Columns, Rows: res.Rows[i-1 : i+1]}))
		}
	}
}
