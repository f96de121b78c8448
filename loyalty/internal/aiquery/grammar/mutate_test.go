package grammar

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The mutation audit: a silently wrong answer is most often a word that changes what the
// question asks and that the interpreter reads past (it answers the same SQL with or
// without it), or a value it ignores (the SQL does not change when the value is swapped
// for another of its kind). The audit takes the questions of the development sets the
// interpreter answers (seeds), changes each one a little (inserts a constraint, swaps a
// value, deletes a constraint's word) and reads it again:
//   - refused or clarified: fine;
//   - another SQL that holds the constraint (its value or operator): fine;
//   - the seed's SQL, or a swapped value absent from the SQL: a silent drop.
//
// go test runs a fixed sample and fails on any drop; MUTATE_ALL=1 runs every mutation of
// every seed and prints the drops grouped by what was mutated (MUTATE_SETS=dev,fresh-e
// narrows the seeds).

// mutateSets are the development sets: never holdout, fresh-a..d, fresh-s and later.
var mutateSets = []string{"dev", "extra", "fresh-e", "fresh-f", "fresh-g", "fresh-h", "fresh-i",
	"fresh-j", "fresh-k", "fresh-l", "fresh-m", "fresh-n", "fresh-o", "fresh-p", "fresh-q", "fresh-r"}

type seed struct {
	id, q string
	lang  semantic.Lang
	sql   string
	ctx   string // the sentences the answer left out as context, folded
}

// insertion is a constraint phrase to insert; mark is what the SQL must then hold (any of
// the alternatives, "|"-separated); none says the constraint is already in the seed's SQL
// (then the mutation is not tried).
type insertion struct {
	kind, pt, en string
	mark, none   string
}

var insertions = []insertion{
	{"period", "em março", "in March", "-03-", "-03-01'"},
	{"store", "na Savassi", "at Savassi", "'L05'", "'L05'"},
	{"city", "em Curitiba", "in Curitiba", "curitiba|'L06'", "curitiba"},
	{"payment", "no pix", "paid by pix", "'pix'", "'pix'"},
	{"flag-cancelled", "cancelados", "cancelled", "cancelled_at IS NOT NULL|cancel", "cancelled_at IS NOT NULL"},
	{"flag-active", "ativos", "active", "is_active|active", "is_active"},
	// asked of the one customer named, a flag is their column ("c.gender_identity AS genero")
	{"flag-women", "mulheres", "women", "gender_identity = 'F'|gender_identity AS", "gender_identity"},
	{"neg", "não", "not", "", ""},
	{"without", "sem", "without", "", ""},
	{"threshold", "acima de 100", "over 100", "100", ""},
	{"breakdown", "por loja", "by store", "store_code", "GROUP BY|'L0"},
	{"top", "top 3", "top 3", "LIMIT 3", "LIMIT"},
}

type mutation struct {
	seed *seed
	kind string // insert:<kind>@<pos>, swap:<kind>, delete:<category>
	q    string
	mark string // the SQL must hold one of these ("|"); "" = only differ
}

var (
	monthsPT = []string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"}
	monthsEN = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
	storeSw  = [][2]string{{"Savassi", "L05"}, {"Batel", "L06"}, {"Centro", "L01"}, {"Ibirapuera", "L02"}, {"Copacabana", "L04"}, {"Cambuí", "L03"}}
	paySw    = map[string][2]string{ // a payment word -> another payment word, and its code
		"pix": {"dinheiro", "'cash'"}, "dinheiro": {"pix", "'pix'"}, "cash": {"pix", "'pix'"},
		"crédito": {"débito", "'debit_card'"}, "credito": {"debito", "'debit_card'"},
		"débito": {"crédito", "'credit_card'"}, "debito": {"credito", "'credit_card'"},
		"credit": {"debit", "'debit_card'"}, "debit": {"credit", "'credit_card'"},
	}
	wordRe   = regexp.MustCompile(`[\p{L}\p{N}]+`)
	modalMay = regexp.MustCompile(`^(?i:may) (?i:i|we|you)\b`)
)

// deletable are the categories of a word that carries a constraint: deleting it must
// change the answer.
var deletable = map[semantic.Category]bool{
	semantic.CatFlag: true, semantic.CatValue: true, semantic.CatNeg: true, semantic.CatNever: true,
	lexicon.CatStore: true, lexicon.CatCity: true, lexicon.CatState: true, lexicon.CatProduct: true,
	semantic.CatMonth: true, lexicon.CatYear: true, semantic.CatWeekday: true,
}

func loadSeeds(t testing.TB, it *Interpreter, sets []string) []*seed {
	var out []*seed
	for _, set := range sets {
		b, err := os.ReadFile(filepath.Join("..", "eval", "testdata", set+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			Items []struct {
				ID, Lang, Question string
			}
		}
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatal(err)
		}
		for _, x := range f.Items {
			res, err := it.Interpret(x.Question, testCatalog)
			if err != nil {
				continue
			}
			out = append(out, &seed{id: x.ID, q: x.Question, lang: res.Lang, sql: res.SQL, ctx: lexicon.Fold(strings.Join(res.Context, " "))})
		}
	}
	return out
}

// positions are where a phrase is inserted: the start, after the subject (the first
// measure, noun or dimension phrase), before the final punctuation, at the very end.
func positions(lx *lexicon.Lexicon, q string) map[string]int {
	trim := strings.TrimRight(q, " ?.!")
	pos := map[string]int{"start": 0, "end": len(q), "beforestop": len(trim)}
	r := lx.Read(q)
	subjEnd := -1
	for _, m := range r.Matches {
		if m.Typos == 0 && (m.Cat == semantic.CatMeasure || m.Cat == semantic.CatNoun) && (subjEnd < 0 || m.From < subjEnd) {
			subjEnd = m.To
		}
	}
	if subjEnd > 0 && subjEnd <= len(r.Tokens) {
		// the byte offset after the subject's last token, as typed
		raw := r.Tokens[subjEnd-1].Raw
		off := 0
		for i := 0; i < subjEnd; i++ {
			j := strings.Index(strings.ToLower(q[off:]), strings.ToLower(r.Tokens[i].Raw))
			if j < 0 {
				off = -1
				break
			}
			off += j + len(r.Tokens[i].Raw)
		}
		if off > 0 && raw != "" {
			pos["subject"] = off
		}
	}
	return pos
}

// present: the constraint is in the seed already (its SQL holds one of none, "|"-separated,
// or its question the phrase's last word), so inserting it again asks nothing new.
func present(s *seed, none, phrase string) bool {
	for _, k := range strings.Split(none, "|") {
		if k != "" && strings.Contains(s.sql, k) {
			return true
		}
	}
	f := strings.Fields(lexicon.Fold(phrase))
	last := f[len(f)-1]
	if len(last) > 6 {
		last = last[:6] // a stem: "cancel" of "cancelados", "cancellation"
	}
	for _, w := range wordRe.FindAllString(lexicon.Fold(s.q), -1) {
		if strings.HasPrefix(w, last) {
			return true
		}
	}
	return false
}

func insertAt(q string, at int, phrase string) string {
	left, right := strings.TrimRight(q[:at], " "), strings.TrimLeft(q[at:], " ")
	switch {
	case left == "":
		return phrase + " " + right
	case right == "":
		return left + " " + phrase
	}
	return left + " " + phrase + " " + right
}

func mutations(lx *lexicon.Lexicon, s *seed) []mutation {
	var out []mutation
	pos := positions(lx, s.q)
	names := make([]string, 0, len(pos))
	for k := range pos {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, in := range insertions {
		phrase := in.en
		if s.lang == semantic.PT {
			phrase = in.pt
		}
		if present(s, in.none, phrase) {
			continue
		}
		seen := map[string]bool{}
		for _, p := range names {
			q := insertAt(s.q, pos[p], phrase)
			if seen[q] {
				continue
			}
			seen[q] = true
			out = append(out, mutation{s, "insert:" + in.kind + "@" + p, q, in.mark})
		}
	}
	// swaps: one value for another of its kind
	words := wordRe.FindAllStringIndex(s.q, -1)
	replace := func(w []int, with string) string { return s.q[:w[0]] + with + s.q[w[1]:] }
	for _, w := range words {
		word := s.q[w[0]:w[1]]
		low := strings.ToLower(word)
		for i := range monthsPT {
			if low == monthsPT[i] || low == monthsEN[i] {
				j := (i + 9) % 12 // three months earlier
				to := monthsPT[j]
				if low == monthsEN[i] {
					to = strings.ToUpper(monthsEN[j][:1]) + monthsEN[j][1:]
				}
				out = append(out, mutation{s, "swap:month", replace(w, to), fmt.Sprintf("-%02d-|-%02d-01'|= %d\n|= %d)|= %d ", j+1, (j+1)%12+1, j+1, j+1, j+1)})
			}
		}
		for i, st := range storeSw {
			if strings.EqualFold(lexicon.Fold(word), lexicon.Fold(st[0])) {
				to := storeSw[(i+1)%len(storeSw)]
				out = append(out, mutation{s, "swap:store", replace(w, to[0]), "'" + to[1] + "'"})
			}
		}
		if to, ok := paySw[low]; ok {
			out = append(out, mutation{s, "swap:payment", replace(w, to[0]), to[1]})
		}
		if isDigits(word) {
			n := atoiTest(word)
			switch {
			case len(word) == 4 && n >= 2020 && n <= 2030:
				to := fmt.Sprint(n - 1)
				out = append(out, mutation{s, "swap:year", replace(w, to), to + "-"})
			case n > 0 && n < 10000 && !dateAround(s.q, w):
				to := fmt.Sprint(n + 7)
				out = append(out, mutation{s, "swap:number", replace(w, to), ""})
			}
		}
	}
	// deletions: a word that carries a constraint
	r := lx.Read(s.q)
	done := map[int]bool{}
	inPhrase := map[int]bool{} // tokens of a longer phrase ("Rio de Janeiro")
	negs := 0
	for _, m := range r.Matches {
		if m.To > m.From+1 && m.Typos == 0 && m.Cat != semantic.CatFiller {
			for i := m.From; i < m.To; i++ {
				inPhrase[i] = true
			}
		}
		if (m.Cat == semantic.CatNeg || m.Cat == semantic.CatNever) && (m.Lang == "" || m.Lang == s.lang) {
			negs++
		}
	}
	for _, m := range r.Matches {
		if m.To != m.From+1 || m.Typos > 0 || !deletable[m.Cat] || done[m.From] || inPhrase[m.From] ||
			m.Lang != "" && m.Lang != s.lang {
			continue
		}
		if (m.Cat == semantic.CatNeg || m.Cat == semantic.CatNever) && negs > 1 {
			continue // another negation says it ("nunca fizeram nenhuma compra")
		}
		if m.Cat == lexicon.CatYear && m.Arg == fmt.Sprint(clock.Year()) {
			continue // the year a period without one is in
		}
		if m.Cat == semantic.CatMonth && modalMay.MatchString(s.q[strings.Index(s.q, r.Tokens[m.From].Raw):]) {
			continue // "May I know": no month
		}
		raw := r.Tokens[m.From].Raw
		for _, w := range words {
			if s.q[w[0]:w[1]] == raw {
				done[m.From] = true
				out = append(out, mutation{s, "delete:" + string(m.Cat), strings.Join(strings.Fields(replace(w, "")), " "), ""})
				break
			}
		}
	}
	return out
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func atoiTest(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// dateAround: the number is part of a date, an amount with decimals or a range ("15/10",
// "1.500", "18-24"), which a swap of the number alone would not change as a value.
func dateAround(q string, w []int) bool {
	near := func(i int) bool {
		return i >= 0 && i < len(q) && strings.ContainsRune("/.,-:h", rune(q[i])) && (i+1 < len(q) && i > 0)
	}
	return near(w[0]-1) || near(w[1])
}

type verdict int

const (
	vFine   verdict = iota
	vSame           // the seed's SQL: the mutation was read past
	vAbsent         // another SQL, but without the constraint's value or operator
)

func judge(it *Interpreter, m mutation) (verdict, string) {
	res, err := it.Interpret(m.q, testCatalog)
	if err != nil {
		return vFine, ""
	}
	if res.SQL == m.seed.sql {
		if saidLeftOut(res, m) {
			return vFine, ""
		}
		return vSame, res.SQL
	}
	if m.mark == "" {
		return vFine, res.SQL
	}
	for _, k := range strings.Split(m.mark, "|") {
		if strings.Contains(res.SQL, k) || strings.Contains(strings.ToLower(res.SQL), strings.ToLower(k)) {
			return vFine, res.SQL
		}
	}
	return vAbsent, res.SQL
}

// saidLeftOut: the mutated words are in a sentence the answer names as left out as context,
// which the user sees (not silent).
func saidLeftOut(res *Result, m mutation) bool {
	words := strings.Fields(lexicon.Fold(m.q))
	seed := map[string]int{}
	for _, w := range strings.Fields(lexicon.Fold(m.seed.q)) {
		seed[w]++
	}
	ctx := lexicon.Fold(strings.Join(res.Context, " "))
	for _, w := range words {
		if seed[w] > 0 {
			seed[w]--
			continue
		}
		if ctx == "" || !strings.Contains(ctx, w) {
			return false
		}
	}
	for w, n := range seed { // a deleted word
		if n > 0 && (m.seed.ctx == "" || !strings.Contains(m.seed.ctx, w)) {
			return false
		}
	}
	return true
}

// mutateSample takes every n-th mutation by a hash of its question: a fixed sample, the
// same on every run.
func mutateSample(ms []mutation, keep uint32) []mutation {
	var out []mutation
	for _, m := range ms {
		h := fnv.New32a()
		h.Write([]byte(m.kind + "\x00" + m.q))
		if h.Sum32()%keep == 0 {
			out = append(out, m)
		}
	}
	return out
}

func TestMutationAudit(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	lx := it.lexicon(testCatalog)
	sets := mutateSets
	if s := os.Getenv("MUTATE_SETS"); s != "" {
		sets = strings.Split(s, ",")
	}
	all := os.Getenv("MUTATE_ALL") == "1"
	if !all {
		sets = []string{"dev", "fresh-e", "fresh-i", "fresh-m", "fresh-q"}
	}
	seeds := loadSeeds(t, it, sets)
	var ms []mutation
	for _, s := range seeds {
		ms = append(ms, mutations(lx, s)...)
	}
	if !all {
		ms = mutateSample(ms, 25)
		if testing.Short() {
			ms = ms[:len(ms)/3]
		}
	}
	type drop struct {
		m   mutation
		v   verdict
		sql string
	}
	groups := map[string][]drop{}
	n := 0
	for _, m := range ms {
		v, sql := judge(it, m)
		n++
		if v == vFine || knownDrop[m.q] {
			continue
		}
		g := m.kind
		if i := strings.IndexByte(g, '@'); i > 0 {
			g = g[:i]
		}
		groups[g] = append(groups[g], drop{m, v, sql})
	}
	keys := make([]string, 0, len(groups))
	total := 0
	for k := range groups {
		keys = append(keys, k)
		total += len(groups[k])
	}
	sort.Strings(keys)
	t.Logf("%d seeds, %d mutations, %d silent drops", len(seeds), n, total)
	for _, k := range keys {
		t.Logf("== %s: %d", k, len(groups[k]))
		for _, d := range groups[k] {
			what := "same SQL"
			if d.v == vAbsent {
				what = "no " + d.m.mark
			}
			if all {
				t.Logf("  [%s] %q -> %q (%s)", d.m.seed.id, d.m.seed.q, d.m.q, what)
			} else {
				t.Errorf("silent drop (%s, %s): %q read as the seed %q\n%s", d.m.kind, what, d.m.q, d.m.seed.q, d.sql)
			}
		}
	}
}

// TestMutationClasses: the silent drops the audit found, as classes, in paraphrases
// written for this test. A store said beside a name is a filter, never a word of the
// name; the store of a sign-up whose date is asked filters the customer; a day follows
// its month with no word between.
func TestMutationClasses(t *testing.T) {
	savassiName := func(name string) want {
		return want{list: true, sql: []string{"'L05'", "name_fold('" + name + "')"}}
	}
	signupAt := func(code string) want {
		return want{list: true, sql: []string{"c.store_code = '" + code + "'", "created_at"}}
	}
	runContext(t, []contextCase{
		// a store beside a name searched
		{"me passa os clientes na Savassi com souza no nome", savassiName("souza"), 0},
		{"lista de clientes da savassi q tem Oliveira no nome", savassiName("Oliveira"), 0},
		{"quais clientes da loja Savassi têm \"Lima\" no nome?", savassiName("Lima"), 0},
		{"list the customers at Savassi with Rocha in their name", savassiName("Rocha"), 0},
		{"Savassi customers w/ Carvalho in the name, names only", savassiName("Carvalho"), 0},
		{"which customers from the Savassi store have \"Souza\" in their name?", savassiName("Souza"), 0},
		// the store of a sign-up whose date is asked
		{"qdo a Gabriela Moura se cadastrou na Savassi", signupAt("L05"), 0},
		{"quando o Thiago Barros fez o cadastro na loja Batel?", signupAt("L06"), 0},
		{"when did Thiago Henrique Barros sign up at Savassi?", signupAt("L05"), 0},
		{"when did Gabriela Moura sign up at the Batel store", signupAt("L06"), 0},
		// a day follows its month; a number after words is not its day
		{"em março os 5 prêmios mais resgatados", want{limit: 5, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'"}}, 0},
		{"in March the 3 most redeemed rewards", want{limit: 3, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'"}}, 0},
		{"revenue on May 3rd", want{period: "DATE '2025-05-03'"}, 0},
		{"vendas em maio 10", want{period: "DATE '2025-05-10'"}, 0},
		{"faturamento de 3 de abril", want{period: "DATE '2025-04-03'"}, 0},
		// a number right after "top" is the ranking's count, never a day of the month after it
		{"faturamento das lojas top 3 de abril", want{measures: []string{"revenue"}, dims: []string{"store"}, limit: 3, sql: []string{"DATE '2025-04-01'", "DATE '2025-05-01'"}}, 0},
		{"faturamento top 5 d maio por loja", want{measures: []string{"revenue"}, dims: []string{"store"}, limit: 5, sql: []string{"DATE '2025-05-01'", "DATE '2025-06-01'"}}, 0},
		{"store revenue, top 3 of April", want{measures: []string{"revenue"}, dims: []string{"store"}, limit: 3, sql: []string{"DATE '2025-04-01'", "DATE '2025-05-01'"}}, 0},
		{"revenue by store top 2 of May 2025", want{measures: []string{"revenue"}, dims: []string{"store"}, limit: 2, sql: []string{"DATE '2025-05-01'", "DATE '2025-06-01'"}}, 0},
		// a payment value said in a phrase is the filter, never the noun (money)
		{"vlr total das vendas em dinheiro", want{measures: []string{"revenue"}, sql: []string{"payment_type = 'cash'"}}, 0},
		{"quanto entrou via dinheiro semana passada?", want{measures: []string{"revenue"}, sql: []string{"payment_type = 'cash'"}}, 0},
		{"qnto as vendas no dinheiro renderam em maio", want{measures: []string{"revenue"}, sql: []string{"payment_type = 'cash'", "DATE '2025-05-01'"}}, 0},
		{"revenue in cash last week", want{measures: []string{"revenue"}, sql: []string{"payment_type = 'cash'"}}, 0},
		{"how much money came in in cash in May?", want{measures: []string{"revenue"}, sql: []string{"payment_type = 'cash'", "DATE '2025-05-01'"}}, 0},
		{"total value of sales paid in cash", want{measures: []string{"revenue"}, sql: []string{"payment_type = 'cash'"}}, 0},
		{"quanto dinheiro entrou em maio", want{measures: []string{"revenue"}, sql: []string{"DATE '2025-05-01'"}}, 0},
		// negative rows: still refused
		{"sales on March, 5", want{refuse: true}, 0},
		{"when did Thiago Henrique Barros sign up at the moon?", want{refuse: true}, 0},
	})
	// what a sum comes to in money is no payment type
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range []string{
		"quantas vendas foram canceladas em abril? e quanto isso dá em dinheiro?",
		"quanto deu em dinheiro as vendas de maio",
		"quanto dinheiro entrou em maio",
		"how much money came in in May",
	} {
		res, err := it.Interpret(q, testCatalog)
		if err != nil {
			t.Errorf("%q: %v", q, err)
		} else if strings.Contains(res.SQL, "payment_type") {
			t.Errorf("%q: read as a payment type:\n%s", q, res.SQL)
		}
	}
}

// knownDrop are mutations the audit flags that are not silent drops, each with why.
var knownDrop = map[string]bool{
	// the catalogue's products are its active ones: "ativos" says the default
	"qtos produtos tem no catalogo de recompensas": true,
	// the origin deleted is said again in the next sentence ("cadastro com origem app"):
	// the same question (its seed read the value twice, IN ('APP', 'APP'), until a value
	// said again became one)
	"mano, qtos clientes vieram pelo esse ano? tipo assim, cadastro com origem app kkk": true,
}
