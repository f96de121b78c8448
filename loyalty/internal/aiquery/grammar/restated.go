package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The restatement rule. Speech says a question twice: "quais que são os cinco clientes que
// mais gastaram esse ano tipo assim o top cinco né quem mais gastou com a gente em dois mil
// e vinte e cinco", "revenue by store last month, I mean, what each store took in May". Read
// whole, the two sayings are two of everything (two rankings, two periods) and the question
// is refused. When it is, and a restatement word (semantic.Restatement) splits it, each part
// is read alone; the question is answered when both parts are complete readings that ask
// the same: the same SQL, once the period one of them names is given to the other (a part
// without a period, or one naming the same period another way, "esse ano" and "2025"). Any
// difference (another period, filter, measure or limit) keeps the refusal: which of the
// two was meant is not for the interpreter to guess. A second saying that is no question
// of its own (a period, "Considera jan a jun/2024") is read with the first, the
// restatement word left out: answered only when that asks exactly what the first asks.

// readRestated reads a question said twice around a restatement word; nil when it is not
// one or the two parts do not ask the same.
//
// A refusal comes back when the second part defines a measure other than the one the
// first names (definitionRefusal); the caller then says so.
func (it *Interpreter) readRestated(r *lexicon.Reading, cat *semantic.Catalog, context []string) (*Result, *Refusal) {
	at, n := restatedAt(r)
	if at < 0 {
		return nil, nil
	}
	first, err := it.read(withoutContext(r, cut(r, at, len(r.Tokens)), nil), cat, context)
	if err != nil {
		return it.outsideDefined(r, at, n, cat, context), nil
	}
	second, err := it.read(withoutContext(r, cut(r, 0, at+n), nil), cat, context)
	if err != nil {
		// the second saying is a part of the question only ("Considera jan a jun/2024",
		// "i.e. January to June 2024 inclusive"): read with the first, without the
		// restatement word, it must ask exactly what the first asks
		word := make([]bool, len(r.Tokens))
		for i := at; i < at+n; i++ {
			word[i] = true
		}
		whole, err := it.read(withoutContext(r, word, nil), cat, context)
		if err != nil || whole.SQL != first.SQL {
			return nil, nil
		}
		first.Context = append(first.Context, spanText(r, at, len(r.Tokens)))
		return first, nil
	}
	p, q := first.Request.Period, second.Request.Period
	swapped := false
	switch {
	case p == nil && q == nil || p != nil && q != nil && onePeriod(p, q):
	case p == nil:
		first, second = second, first // answer with the saying that names the period
		swapped = true
	case q != nil:
		return nil, nil // two periods: which one was meant?
	}
	other := *second.Request
	other.Period = first.Request.Period
	sql, err := other.Compile()
	if err != nil {
		return nil, nil
	}
	if sql != first.SQL {
		// a measure named, then said by its definition: answered as named (its own
		// reading, the period in its words) when the definition asks the same
		// (semantic.Defines)
		name, def := first, second
		if swapped {
			name, def = second, first
		}
		if rows := measuresOfRows(name.Request, def.Request); rows != nil {
			if sql, err := rows.Compile(); err == nil {
				name.Request, name.SQL = rows, sql
				return name, nil
			}
		}
		if !semantic.Defines(name.Request, def.Request) {
			return nil, definitionRefusal(r, at, n, name, def)
		}
		name.Context = append(name.Context, def.Context...)
		first = name
	}
	first.Context = append(first.Context, spanText(r, at, len(r.Tokens)))
	return first, nil
}

// outsideDefined reads a term the reports do not hold, named and then said again in what
// they do hold ("qual o churn da base? tipo quantos clientes tão sem comprar há mais de 90
// dias", "what's our churn, i.e. how many customers have not bought in 90 days"): the
// writer's own definition is the question, answered as said, the term named as left out.
// Nil when the first saying names no such term, or the second is no question of its own.
func (it *Interpreter) outsideDefined(r *lexicon.Reading, at, n int, cat *semantic.Catalog, context []string) *Result {
	outside := false
	for _, m := range r.Matches {
		outside = outside || m.To <= at && m.Cat == semantic.CatScope
	}
	if !outside {
		return nil
	}
	def, err := it.read(withoutContext(r, cut(r, 0, at+n), nil), cat, context)
	if err != nil {
		return nil
	}
	def.Context = append(def.Context, spanText(r, 0, at+n))
	return def
}

// measuresOfRows reads rows of one kind named, then measures of them listed ("Reversals
// by month for 2025: number of entries and points reversed"): the count of all the fact's
// rows said in the list is the count of the rows named (reversals are entries), and every
// other measure listed must be of those rows too (points reversed). The request named,
// with those measures beside its count; nil when the list is not all of the rows named, or
// the two parts differ in anything but the measures.
func measuresOfRows(name, list *semantic.Request) *semantic.Request {
	if len(name.Measures) != 1 || len(list.Measures) < 2 || len(name.Attrs) > 0 || len(list.Attrs) > 0 || name.Limit != 0 || list.Limit != 0 {
		return nil
	}
	rows := name.Measures[0]
	if rows.Kind != semantic.Count || len(rows.Where) == 0 {
		return nil
	}
	if len(list.Dims) > 0 && !slices.Equal(list.Dims, name.Dims) || len(list.Filters) > 0 && !slices.Equal(list.Filters, name.Filters) {
		return nil
	}
	out := *name
	out.Measures = []*semantic.Measure{rows}
	counted := false
	for _, m := range list.Measures {
		switch {
		case m.Fact != rows.Fact:
			return nil
		case m.Kind == semantic.Count && len(m.Where) == 0 && m.Expr == "count(*)" && !counted:
			counted = true // "number of entries", every row of the fact: of the rows named
		case m.ID != rows.ID && len(m.Where) > 0 && !slices.ContainsFunc(rows.Where, func(w string) bool { return !slices.Contains(m.Where, w) }):
			out.Measures = append(out.Measures, m)
		default:
			return nil
		}
	}
	if !counted {
		return nil
	}
	return &out
}

// definitionRefusal refuses a measure named, then defined as another measure ("ticket
// médio, ou seja, o faturamento dividido pelo número de clientes"): which of the two was
// meant is not for the interpreter to guess. Nil when the two parts name the same measures
// (they differ otherwise: rows, breakdowns, a limit; the question's own refusal stands).
func definitionRefusal(r *lexicon.Reading, at, n int, name, def *Result) *Refusal {
	ids := func(ms []*semantic.Measure) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.ID)
		}
		slices.Sort(out)
		return out
	}
	if len(name.Request.Measures) == 0 || len(def.Request.Measures) == 0 || slices.Equal(ids(name.Request.Measures), ids(def.Request.Measures)) {
		return nil
	}
	w := strings.TrimSpace(spanText(r, at, at+n))
	if w == "" {
		w = ":"
	}
	return &Refusal{Lang: r.Lang, Understood: []string{describe(name.Request), describe(def.Request)}, Reason: say(r.Lang,
		"a definição depois de \""+w+"\" não corresponde à medida nomeada antes dela; diga uma das duas",
		"the definition after \""+w+"\" does not match the measure named before it; say one of the two")}
}

var (
	restatementPhrases = append(splitPhrases(semantic.Restatement), definitionPhrases...)
	definitionPhrases  = splitPhrases(semantic.Definition)
)

// restatedAt is where the first restatement word (or a colon's end) splits r, and the
// word's length; -1 when nothing splits it into two non-empty parts.
func restatedAt(r *lexicon.Reading) (int, int) {
	for i := 1; i < len(r.Tokens); i++ {
		if k := restatementAt(r, i); k > 0 {
			k += nameSaidAgain(r, i, i+k)
			if i+k >= len(r.Tokens) {
				return -1, 0
			}
			return i, k
		}
		if r.Tokens[i-1].Stop == ':' {
			return i, 0 // a measure named, then defined after a colon ("taxa de recompra: ...")
		}
		if r.Tokens[i-1].Stop == '?' && i+1 < len(r.Tokens) && slices.Contains(semantic.LikeAfterQuestion, r.Tokens[i].Norm) && !slices.Contains(semantic.OfWords, r.Tokens[i+1].Norm) {
			return i, 1 // "qual o churn? tipo quantos clientes ...": the question said again
		}
	}
	return -1, 0
}

// nameSaidAgain is the length of the measure's name said again right after a restatement
// word at j and before an article that opens its definition ("Considero recompra o
// percentual ...", "i.e. repeat rate the share ..."): words the first saying (before at)
// already holds, which the second saying repeats and need not read. 0 when the words
// after j are not all the first saying's, or no article follows them.
func nameSaidAgain(r *lexicon.Reading, at, j int) int {
	said := map[string]bool{}
	for i := 0; i < at; i++ {
		said[r.Tokens[i].Norm] = true
	}
	k := j
	for k < len(r.Tokens) && said[r.Tokens[k].Norm] && !slices.Contains(articleWords, r.Tokens[k].Norm) && r.Tokens[k].Stop == 0 {
		k++
	}
	if k == j || k >= len(r.Tokens) || !slices.Contains(articleWords, r.Tokens[k].Norm) {
		return 0
	}
	return k - j
}

// articleWords are the one-word articles (semantic.Articles).
var articleWords = func() []string {
	var out []string
	for _, p := range splitPhrases(semantic.Articles) {
		if len(p) == 1 {
			out = append(out, p[0])
		}
	}
	return out
}()

// cut marks the tokens from i to j, to be left out.
func cut(r *lexicon.Reading, i, j int) []bool {
	out := make([]bool, len(r.Tokens))
	for k := i; k < j; k++ {
		out[k] = true
	}
	return out
}

// redefinedRefusal refuses a question read whole as two measures that is a measure named,
// then defined as another ("ticket médio de maio, entendido como o número de clientes que
// compraram"): the definition is no second measure asked. Nil otherwise.
func (it *Interpreter) redefinedRefusal(r *lexicon.Reading, cat *semantic.Catalog, context []string, res *Result) *Refusal {
	if len(res.Request.Measures) < 2 {
		return nil
	}
	at, n := restatedAt(r)
	if at < 0 || phraseAt(r, at, definitionPhrases) == 0 {
		return nil // only a definition word says the second part is no measure asked
	}
	name, err := it.read(withoutContext(r, cut(r, at, len(r.Tokens)), nil), cat, context)
	if err != nil {
		return nil
	}
	def, err := it.read(withoutContext(r, cut(r, 0, at+n), nil), cat, context)
	if err != nil || semantic.Defines(name.Request, def.Request) {
		return nil
	}
	return definitionRefusal(r, at, n, name, def)
}

// restatedPeriodRefusal refuses a question read as a comparison of two periods when the
// second follows a restatement word ("the first half of 2024, i.e. January to March 2024",
// "no 1º trimestre, ou seja, de janeiro a abril"): said again, a period is the same period
// (the two are then read as one), never a second period to compare with. Nil otherwise.
func restatedPeriodRefusal(r *lexicon.Reading, res *Result) *Refusal {
	if !res.Request.Compares() {
		return nil
	}
	for i := 1; i < len(r.Tokens); i++ {
		n := restatementAt(r, i)
		if n == 0 || !periodBefore(r, i) {
			continue
		}
		k := i + n
		for k < len(r.Tokens) && (isFunctionWord(r, k) || r.Tokens[k].Norm == ",") {
			k++
		}
		if k < len(r.Tokens) && periodWord(r, k) {
			w := spanText(r, i, i+n)
			return &Refusal{Lang: r.Lang, Understood: []string{describe(res.Request)}, Context: res.Context, Reason: say(r.Lang,
				"o período dito de novo depois de \""+w+"\" não é o mesmo que a pergunta nomeia antes; diga um período só",
				"the period said again after \""+w+"\" is not the one the question names before it; say one period")}
		}
	}
	return nil
}

// restatementAt is the length of the restatement phrase (semantic.Restatement) at token i,
// its words read across a sentence's stop ("i.e." is "i", "e"); 0 when none starts there.
func restatementAt(r *lexicon.Reading, i int) int {
	best := 0
	for _, f := range restatementPhrases {
		if len(f) <= best || i+len(f) > len(r.Tokens) {
			continue
		}
		ok := true
		for j, w := range f {
			ok = ok && r.Tokens[i+j].Norm == w
		}
		if ok {
			best = len(f)
		}
	}
	return best
}

// periodBefore reports whether a period word comes before token i.
func periodBefore(r *lexicon.Reading, i int) bool {
	for k := 0; k < i; k++ {
		if periodWord(r, k) {
			return true
		}
	}
	return false
}
