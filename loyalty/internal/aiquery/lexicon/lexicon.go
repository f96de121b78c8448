// Package lexicon reads a question into concept tokens. Its words are generated from the
// semantic model (semantic.Terms: the words every measure, dimension, filter, value and
// function word carries) and from the value catalogue (stores, cities, states, products,
// payment types and origins read from the database); it holds no word of its own.
//
// A question is normalised (lower case, accents folded, tokenised), then every phrase of
// the lexicon that matches a run of tokens becomes a Match, with every sense it has: the
// grammar, not the lexicon, decides which sense a word takes. A word the lexicon does not
// know is matched with a small edit distance against the lexicon's words only (1 edit for
// words of 5 letters or more, 2 from 8 on, an adjacent swap for 4), so phone typing
// ("faturamneto", "mes pasado") resolves; a word that is no typo may be an abbreviation or
// an initialism of the lexicon's words ("yday", "LW": abbrev.go).
package lexicon

import (
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Categories the lexicon adds to the model's terminals: tokens read by their form, and
// values of the catalogue.
const (
	CatNumber  semantic.Category = "number"
	CatMoney   semantic.Category = "money"
	CatPercent semantic.Category = "percent"
	CatDate    semantic.Category = "date"
	CatMonthYr semantic.Category = "monthyr"
	CatRange   semantic.Category = "range"
	CatYear    semantic.Category = "year"
	CatDoc     semantic.Category = "doc"
	CatEmail   semantic.Category = "email"
	CatPhone   semantic.Category = "phone"
	CatQuoted  semantic.Category = "quoted"
	CatStore   semantic.Category = "store"           // arg: store code
	CatCity    semantic.Category = "city"            // arg: city as stored
	CatState   semantic.Category = "state"           // arg: UF
	CatProduct semantic.Category = "product"         // arg: product name as stored
	CatWord    semantic.Category = "word"            // a word the lexicon does not know (a name?)
	CatDayNo   semantic.Category = semantic.CatDayNo // arg: 1..31, a day of the month said as an ordinal ("the 10th", "10º")
	CatOrdNo   semantic.Category = "ordno"           // arg: 1..99, any number said as an ordinal ("the 75th", "90º"): a percentile's rank
	CatWeekNo  semantic.Category = "weekno"          // arg: N or YYYY-N, an ISO week ("W20", "2025W20")
	CatLiteral semantic.Category = "literal"         // any word as typed, known or not: only a literal slot reads it (literals)
	CatCapWord semantic.Category = "capword"         // a word of the lexicon typed with a capital, not at a sentence start: only a person's name reads it ("a cliente Ana Nascimento")
)

// Match is a phrase of the lexicon found in the question: tokens [From, To) read as
// (Cat, Arg). Typos counts the edits the match needed.
type Match struct {
	From, To int
	Cat      semantic.Category
	Arg      string
	Lang     semantic.Lang // the language the phrase belongs to ("" when both)
	Typos    int
	Text     string // the words as typed
	// Short: a value named by a clipped word of its name ("copa": Copacabana), an unsure
	// reading like a typo's (shortnames.go)
	Short bool
}

// Reading is a question read by the lexicon.
type Reading struct {
	Question string
	Tokens   []Token
	Matches  []Match
	Lang     semantic.Lang
	Fixes    []string // typos read as other words ("faturamneto" -> "faturamento")
}

type sense struct {
	cat  semantic.Category
	arg  string
	lang semantic.Lang
}

type phrase struct {
	words  []string
	senses []sense
}

// Lexicon is the generated lexicon of one model and catalogue.
type Lexicon struct {
	byFirst map[string][]*phrase     // phrases by first word, longest first
	words   map[string]bool          // every word of every phrase
	sorted  []string                 // words, sorted (deterministic typo reading)
	last    map[string]semantic.Lang // the one-word phrases of "last" ("ultimos", "past")
	// initialisms: the phrases a 2-3 letter word is the initials of (abbrev.go)
	initialisms map[string][]initialism
	// senses: every sense of the phrases each word is in (abbrev.go)
	senses map[string]map[string]bool
	// numbers: the model's number words by their first word, each its words and value (spoken.go)
	numbers map[string][][]string
	// short: the values of the catalogue each clipped word may name (shortnames.go)
	short map[string][]shortName
	// names: the stores' and products' names of several words, and their numbers
	// ("Vale-compra R$ 50": 50), which only such a name reads as a word (shortnames.go)
	names        []namePhrase
	valueNumbers map[string]bool
}

// New generates the lexicon from the model's terms and the catalogue (nil: none known).
func New(cat *semantic.Catalog) *Lexicon {
	lx := &Lexicon{byFirst: map[string][]*phrase{}, words: map[string]bool{}, last: map[string]semantic.Lang{}, numbers: numberWords()}
	index := map[string]*phrase{}
	add := func(text string, s sense) {
		var ws []string
		for _, t := range Tokenize(text) {
			ws = append(ws, t.Norm)
		}
		if len(ws) == 0 {
			return
		}
		key := strings.Join(ws, " ")
		p := index[key]
		if p == nil {
			p = &phrase{words: ws}
			index[key] = p
			lx.byFirst[ws[0]] = append(lx.byFirst[ws[0]], p)
		}
		for _, x := range p.senses {
			if x.cat == s.cat && x.arg == s.arg {
				if x.lang != s.lang {
					// the same phrase in both languages says nothing about the language
					for i := range p.senses {
						if p.senses[i].cat == s.cat && p.senses[i].arg == s.arg {
							p.senses[i].lang = ""
						}
					}
				}
				return
			}
		}
		p.senses = append(p.senses, s)
		for _, w := range ws {
			lx.words[w] = true
		}
	}
	for _, t := range semantic.Terms() {
		if t.Cat == semantic.CatLast {
			for _, w := range t.Words.PT {
				lx.last[w] = semantic.PT
			}
			for _, w := range t.Words.EN {
				lx.last[w] = semantic.EN
			}
		}
		for _, w := range t.Words.PT {
			add(w, sense{t.Cat, t.Arg, semantic.PT})
		}
		for _, w := range t.Words.EN {
			add(w, sense{t.Cat, t.Arg, semantic.EN})
		}
	}
	if cat != nil {
		lx.short = shortNames(cat, maps.Clone(lx.words))
		lx.names, lx.valueNumbers = namePhrases(cat)
		for _, s := range cat.Stores {
			add(s.Code, sense{CatStore, s.Code, ""})
			if s.Name != "" {
				add(s.Name, sense{CatStore, s.Code, ""})
				if n := Fold(s.Name); strings.HasPrefix(n, "loja ") {
					add(strings.TrimPrefix(n, "loja "), sense{CatStore, s.Code, ""})
				}
				for _, w := range semantic.StorePlaces.PT {
					add(w+" "+Fold(s.Name), sense{CatStore, s.Code, ""}) // "rua Cambuí"
				}
				for _, w := range semantic.StorePlaces.EN {
					add(Fold(s.Name)+" "+w, sense{CatStore, s.Code, ""}) // "Cambuí street"
				}
			}
			if s.City != "" {
				add(s.City, sense{CatCity, s.City, ""})
			}
			if len(s.State) == 2 {
				add(s.State, sense{CatState, strings.ToUpper(s.State), ""})
			}
		}
		// a city of several words is typed by its initials ("BH", "POA") when they are
		// no other word of the lexicon ("SP" is the state)
		for _, s := range cat.Stores {
			if in := initials(s.City); in != "" && !lx.words[in] && len(lx.byFirst[in]) == 0 {
				add(in, sense{CatCity, s.City, ""})
			}
		}
		// a city by its nickname ("sampa", "rio"), when the nickname alone says nothing
		// else ("rio" is also a word of "estado do rio", never said alone)
		for _, s := range cat.Stores {
			for _, nick := range semantic.CityNicknames[Fold(s.City)] {
				if _, taken := index[nick]; !taken {
					add(nick, sense{CatCity, s.City, ""})
				}
			}
		}
		for _, p := range cat.Products {
			add(p, sense{CatProduct, p, ""})
		}
		for _, c := range cat.PaymentTypes {
			add(strings.ReplaceAll(c, "_", " "), sense{semantic.CatValue, "payment:" + c, ""})
		}
		for _, c := range cat.Origins {
			add(strings.ReplaceAll(c, "_", " "), sense{semantic.CatValue, "origin:" + c, ""})
		}
	}
	for k := range lx.byFirst {
		sort.SliceStable(lx.byFirst[k], func(i, j int) bool { return len(lx.byFirst[k][i].words) > len(lx.byFirst[k][j].words) })
	}
	for w := range lx.words {
		lx.sorted = append(lx.sorted, w)
	}
	sort.Strings(lx.sorted)
	lx.abbreviations()
	return lx
}

// spanishHomographs reads each Spanish homograph (semantic.SpanishHomographs: "mas",
// "no", "o") of a question written in Spanish as the Spanish word only. A question is
// written in Spanish when it holds a word the lexicon knows only by its Spanish
// (semantic.SpanishOf) and could not read as a typo of the same word: "tienda",
// "compraron", never "pasado" or "en", which a Portuguese writer types for "passado" and
// "em" ("qnt de venda cancelada por loja no mes pasado").
func (lx *Lexicon) spanishHomographs(toks []Token, cands [][]candidate) {
	spanish := slices.ContainsFunc(toks, func(t Token) bool {
		ws := semantic.SpanishOf(t.Norm)
		return t.Kind == Word && !lx.words[t.Norm] && slices.ContainsFunc(ws, func(w string) bool { return lx.words[w] }) &&
			!slices.ContainsFunc(ws, func(w string) bool { return distance(t.Norm, w, 1) <= 1 })
	})
	if !spanish {
		return
	}
	for i, t := range toks {
		if t.Kind != Word {
			continue
		}
		var read []candidate
		for _, w := range semantic.SpanishHomograph(t.Norm) {
			if lx.words[w] {
				read = append(read, candidate{word: w})
			}
		}
		if len(read) > 0 {
			cands[i] = read
		}
	}
}

// Knows reports whether w (folded) is a word of the lexicon.
func (lx *Lexicon) Knows(w string) bool { return lx.words[w] }

type candidate struct {
	word  string
	typos int
	abbr  bool // the word the typed word abbreviates ("yday": "yesterday")
	loose bool // an abbreviation read only inside a phrase with the words around it ("tt")
}

// Read reads a question.
func (lx *Lexicon) Read(question string) *Reading {
	r := &Reading{Question: question, Tokens: lx.spokenNumbers(lx.expand(lx.unglue(lx.rejoin(lx.plusWords(lx.hyphenRanges(lx.truncationStops(lx.columnNames(Tokenize(question)))))))))}
	cands := make([][]candidate, len(r.Tokens))
	for i, t := range r.Tokens {
		if t.Kind != Word {
			if lx.valueNumbers[t.Norm] && (t.Kind == Number || t.Kind == Money) {
				cands[i] = []candidate{{word: t.Norm}} // "R$ 50" of "Vale-compra R$ 50"
			}
			continue
		}
		cands[i] = []candidate{{word: t.Norm}}
		for k, w := range semantic.SpellingsOf(t.Norm) {
			if k > 0 && len(strings.TrimSuffix(t.Norm, "/")) == 1 && i+1 < len(r.Tokens) && lx.hasCat(r.Tokens[i+1].Norm, semantic.CatDim) {
				break // a preposition texted as its letter, before a breakdown's noun, is its first word ("p/ loja", "p loja": "por")
			}
			if lx.words[w] {
				cands[i] = append(cands[i], candidate{word: w}) // "d" is "de": no typo
			}
		}
		if i+1 < len(r.Tokens) && lx.hasCat(r.Tokens[i+1].Norm, semantic.CatEvent) {
			for _, w := range semantic.BeforeVerbOf(t.Norm) {
				cands[i] = append(cands[i], candidate{word: w}) // "num compra": "não compra"
			}
		}
		if !lx.words[t.Norm] {
			for _, w := range semantic.SpanishVerbForms(t.Norm) {
				if lx.words[w] {
					cands[i] = append(cands[i], candidate{word: w}) // "compraron" is "compraram"
				}
			}
		}
		switch {
		case semantic.SpanishFalseFriend(t.Norm) && !lx.words[t.Norm]:
			// a Spanish word typed like a Portuguese one that means otherwise ("pronto":
			// soon, never "ponto"): no guess
		case !lx.words[t.Norm] && len(cands[i]) > 1:
			// a spelling of a word the lexicon knows is that word, never a typo of
			// another ("lunes" is "segundas", never "lines")
		case !lx.words[t.Norm] && !t.Cap:
			typos := lx.closest(t.Norm)
			cands[i] = append(cands[i], typos...)
			// a word cut short with a full stop may be a typo too ("cresc.": "cresce")
			if (len(typos) == 0 || t.Dotted) && len(cands[i]) == len(typos)+1 && !semantic.Laughing(t.Norm) {
				cands[i] = append(cands[i], lx.abbreviated(t.Norm, t.Dotted)...)
			}
		case !t.Cap && len(cands[i]) == 1 && lx.alone(t.Norm):
			// a shorthand the model lists ("pts", "vlr") is also its long word inside the
			// long word's phrases ("outstanding pts": "outstanding points"), when both
			// mean the same alone
			cands[i] = append(cands[i], lx.longForms(t.Norm)...)
		case !t.Cap && len(cands[i]) == 1 && !lx.alone(t.Norm) && vowelCount(t.Norm) == 0:
			// a shorthand the lexicon knows only inside longer phrases ("dt" of "dt
			// nasc") may abbreviate a word where no phrase reads it ("dt": "data"); a
			// word with vowels is a word ("back" of "came back" is no "backoffice")
			cands[i] = append(cands[i], lx.abbreviated(t.Norm, t.Dotted)...)
		}
		if t.Guessed != "" {
			cands[i][0].typos = 1 // a word of an initialism: an unsure reading, like a typo
		}
	}
	lx.spanishHomographs(r.Tokens, cands)
	var pt, en int
	var used [][]string // the lexicon's words each match read its tokens as
	for i, t := range r.Tokens {
		switch t.Kind {
		case Number:
			if !t.Year2 { // "fev/25": a year, never a count or a day
				r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatNumber, Arg: t.Norm})
			}
			if t.Num >= 1990 && t.Num <= 2100 && t.Num == float64(int(t.Num)) && !t.Scaled {
				r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatYear, Arg: t.Norm})
			}
			if t.Year2 {
				r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatYear, Arg: "20" + t.Raw})
			}
		case Money:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatMoney, Arg: t.Norm})
		case Percent:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatPercent, Arg: t.Norm})
		case Date:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatDate, Arg: t.Norm})
		case MonthYr:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatMonthYr, Arg: t.Norm})
		case Range:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatRange, Arg: t.Norm})
		case Doc:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatDoc, Arg: t.Norm})
		case Email:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatEmail, Arg: t.Norm})
		case Phone:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatPhone, Arg: t.Norm})
		case Quoted:
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatQuoted, Arg: t.Raw})
		case Word:
			if n, ok := ordinal(t.Norm); ok {
				if d, _ := strconv.Atoi(n); d <= 31 {
					r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatDayNo, Arg: n})
				}
				r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatOrdNo, Arg: n})
			}
			if w := isoWeekWord.FindStringSubmatch(t.Norm); w != nil {
				arg := w[2]
				if w[1] != "" {
					arg = w[1] + "-" + w[2]
				}
				r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatWeekNo, Arg: arg})
			}
			if !lx.words[t.Norm] {
				r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatWord, Arg: t.Raw})
				if semantic.Laughing(t.Norm) {
					r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: semantic.CatFiller, Arg: "interjection"})
				}
			}
			for _, c := range cands[i] {
				for _, p := range lx.byFirst[c.word] {
					typos, ok := lx.matchAt(p, cands, i)
					if !ok {
						continue
					}
					expanded := false
					for _, t := range r.Tokens[i : i+len(p.words)] {
						expanded = expanded || t.Expanded
					}
					for _, s := range p.senses {
						if expanded {
							s.lang = "" // "L30D" is no English in a Portuguese question
						}
						for len(used) < len(r.Matches) {
							used = append(used, nil) // a match read by its form
						}
						r.Matches = append(r.Matches, Match{From: i, To: i + len(p.words), Cat: s.cat, Arg: s.arg, Lang: s.lang, Typos: typos})
						used = append(used, p.words)
						// function words say nothing of the language; discourse does ("thanks")
						if (s.cat != semantic.CatFiller || semantic.RoleOf(s.cat, s.arg) == semantic.RoleDiscourse) && typos == 0 {
							switch s.lang {
							case semantic.PT:
								pt += len(p.words)
							case semantic.EN:
								en += len(p.words)
							}
						}
					}
				}
			}
		}
	}
	for len(used) < len(r.Matches) {
		used = append(used, nil)
	}
	lang := semantic.PT
	if en > pt {
		lang = semantic.EN
	}
	used = r.unambiguous(cands, used, lang)
	used = r.splitNameMatches(lx, used)
	used = r.shortNameMatches(lx, used)
	r.fixes(used)
	r.literals()
	r.capitalWords()
	for i := range r.Matches {
		m := &r.Matches[i]
		var ws []string
		for _, t := range r.Tokens[m.From:m.To] {
			ws = append(ws, t.Raw)
		}
		m.Text = strings.Join(ws, " ")
	}
	r.Lang = lang
	return r
}

// columnNames reads a column's snake_case name without the parts that say how it is
// stored (semantic.ColumnPrefixes, ColumnSuffixes): "is_active" is "active", "customer_id"
// "customer", "payment_type_description" "payment type". A suffix goes only when what is
// left names a breakdown (a dimension of the model): "reverses_id" and "redeem_id" are a
// row's own key or a verb, and are kept as typed (refused). A part alone, or a name that
// is nothing but parts ("is_id"), is kept as typed too.
func (lx *Lexicon) columnNames(toks []Token) []Token {
	var out []Token
	for i := 0; i < len(toks); {
		j := i + 1
		for j < len(toks) && toks[j].Snake {
			j++
		}
		from, to := i, j
		if to-from > 1 && slices.Contains(semantic.ColumnPrefixes, toks[from].Norm) {
			from++
		}
		if to-from > 1 && slices.Contains(semantic.ColumnSuffixes, toks[to-1].Norm) && lx.namesDim(toks[from:to-1]) {
			to--
		}
		if from > i {
			// the name's first word stands where the name began (its capital, its part)
			toks[from].Snake, toks[from].Cap = false, toks[i].Cap
		}
		if to < j {
			toks[to-1].Stop = toks[j-1].Stop
		}
		out = append(out, toks[from:to]...)
		i = j
	}
	return out
}

// hyphenRanges reads a hyphen between two words of the same kind of period, months or
// weekdays ("jan-mai/25", "seg-sex"), as the arrow "->": from one to the other. Glued by a
// hyphen the two were read as two periods, and the question refused as a comparison.
func (lx *Lexicon) hyphenRanges(toks []Token) []Token {
	var out []Token
	for i, t := range toks {
		if t.Hyphened && i > 0 && t.Kind == Word && toks[i-1].Kind == Word {
			for _, c := range []semantic.Category{semantic.CatMonth, semantic.CatWeekday} {
				if lx.hasCat(toks[i-1].Norm, c) && lx.hasCat(t.Norm, c) {
					out = append(out, Token{Part: t.Part, Kind: Word, Raw: "-", Norm: "->"})
					break
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// plusWords reads a "+" typed between words: "mais" before a verb of an event, where
// "mais" is "most" ("top 3 prod. + resgatados": the most redeemed), else a comma, which
// joins like "e" ("count + revenue", "Names + count"). Dropped, it let the words around it
// run together ("vendas + faturamento" answered the revenue alone); read as "&" it once
// lost a right answer, the comma reading loses none on the read sets.
func (lx *Lexicon) plusWords(toks []Token) []Token {
	var out []Token
	for i, t := range toks {
		if !t.Plus {
			out = append(out, t)
			continue
		}
		if i+1 < len(toks) && toks[i+1].Kind == Word && toks[i+1].Part == t.Part && lx.hasCat(toks[i+1].Norm, semantic.CatEvent) {
			t.Norm = "mais"
		} else {
			t.Norm = ","
		}
		out = append(out, t)
	}
	return out
}

// hasCat reports whether a one-word phrase of the lexicon reads w in category c.
// namesDim reports whether the words of toks are one phrase of the lexicon naming a
// dimension.
func (lx *Lexicon) namesDim(toks []Token) bool {
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.Norm
	}
	for _, p := range lx.byFirst[ws[0]] {
		if slices.Equal(p.words, ws) && slices.ContainsFunc(p.senses, func(s sense) bool { return s.cat == semantic.CatDim }) {
			return true
		}
	}
	return false
}

func (lx *Lexicon) hasCat(w string, c semantic.Category) bool {
	for _, p := range lx.byFirst[w] {
		if len(p.words) != 1 {
			continue
		}
		for _, s := range p.senses {
			if s.cat == c {
				return true
			}
		}
	}
	return false
}

// reGlued is a word with a year glued to it ("FY2024", "fy24", "maio2025").
var reGlued = regexp.MustCompile(`^([a-z]{2,})(\d{4}|\d{2})$`)

// unglue splits a word the lexicon does not know into a word it knows and the year glued
// to it ("FY2024": "fy" and 2024; "fy24": "fy" and the short year 24), as analysts type
// fiscal years and months; a two-digit tail is a year only after a word of the lexicon.
func (lx *Lexicon) unglue(toks []Token) []Token {
	var out []Token
	for _, t := range toks {
		m := reGlued.FindStringSubmatch(t.Norm)
		if t.Kind != Word || lx.words[t.Norm] || m == nil || !lx.words[m[1]] {
			out = append(out, t)
			continue
		}
		y := atoi(m[2])
		if len(m[2]) == 4 && (y < 1990 || y > 2100) {
			out = append(out, t)
			continue
		}
		dec, f := number(m[2])
		raw := t.Raw[:len(t.Raw)-len(m[2])]
		out = append(out, Token{Part: t.Part, Kind: Word, Raw: raw, Norm: m[1]},
			Token{Part: t.Part, Kind: Number, Raw: m[2], Norm: dec, Num: f, Year2: len(m[2]) == 2})
	}
	return out
}

// rejoin reads two words as the one word of the model they split when that word, dictated
// or typed with a slip, came out in two ("fatura mento": "faturamento", "sava si":
// "savasi", a typo of "savassi"): one of the two is no word of the model and their join, of
// 6 letters or more, is one, or, when neither piece is a word, a typo of exactly one
// ("signups tq" stays two: "tq" is this quarter). Two words the model knows stay two,
// and so do a function word and a name ("com Prado" is no "comprado"), but for a plural's
// ending said apart from a noun of the model whose plural the model knows ("cliente s":
// "clientes", "loja s": "lojas").
func (lx *Lexicon) rejoin(toks []Token) []Token {
	var out []Token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if i+1 < len(toks) {
			u := toks[i+1]
			joined := t.Norm + u.Norm
			plural := t.Kind == Word && u.Kind == Word && t.Part == u.Part && !t.Cap && len(t.Norm) >= 3 &&
				slices.Contains(semantic.PluralEndings, u.Norm) && !lx.functionWord(t.Norm) && lx.words[t.Norm] && lx.words[joined]
			if plural || t.Kind == Word && u.Kind == Word && t.Part == u.Part && !t.Cap && !u.Cap && len(joined) >= 6 &&
				(!lx.words[t.Norm] || !lx.words[u.Norm]) && !lx.functionWord(t.Norm) && !lx.functionWord(u.Norm) &&
				guessable(joined) && (lx.words[joined] || !lx.words[t.Norm] && !lx.words[u.Norm] && len(lx.closest(joined)) == 1) {
				t.Raw, t.Norm, t.Stop = t.Raw+u.Raw, joined, u.Stop
				out = append(out, t)
				i++
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// functionWord reports whether w is a function word of the model ("com", "the").
func (lx *Lexicon) functionWord(w string) bool {
	return lx.senses[w][string(semantic.CatFiller)+":function"]
}

// reWindow is a trailing window typed as one word: "L30D", "t12m" (a letter of
// semantic.WindowLast, a number, a unit of semantic.WindowUnits), or "30d", "12m" after a
// word of "last".
var reWindow = regexp.MustCompile(`^([a-z]?)(\d{1,4})([a-z]{1,4})$`)

// reDayOffsetWord is the word the tokenizer makes of a day said as an offset from today
// ("D-30": "d-30").
var reDayOffsetWord = regexp.MustCompile(`^d([-+])(\d{1,3})$`)

// expand reads a word the lexicon does not know that abbreviates a phrase of the model's
// words as that phrase's words: a trailing window ("L30D": last 30 days; "últimos 30d":
// últimos 30 dias), an abbreviation of semantic.Abbreviations ("TTM", "MoM"). Any other
// word stays as typed.
func (lx *Lexicon) expand(toks []Token) []Token {
	var out []Token
	for i, t := range toks {
		long := ""
		if t.Kind == Word && innerCapital(t.Raw) {
			long = semantic.AbbreviationOf(t.Norm, true) // "WoW", never the interjection "wow"
		}
		if m := reDayOffsetWord.FindStringSubmatch(t.Norm); t.Kind == Word && m != nil {
			n, _ := strconv.Atoi(m[2])
			long = semantic.DayOffset(m[1][0], n) // "D-30": the last 30 days
		}
		if t.Kind == Word && long == "" && !lx.words[t.Norm] {
			if m := reWindow.FindStringSubmatch(t.Norm); m != nil {
				u, ok := semantic.WindowUnits[m[3]]
				switch {
				case !ok || m[2][0] == '0':
				case semantic.WindowLast[m[1]]:
					long = "last " + m[2] + " " + u.EN
				case m[1] == "" && i > 0 && lx.last[toks[i-1].Norm] != "":
					long = m[2] + " " + u.In(lx.last[toks[i-1].Norm])
				case m[1] == "" && i > 0 && len(semantic.SpellingsOf(toks[i-1].Norm)) > 0 && lx.last[semantic.SpellingsOf(toks[i-1].Norm)[0]] != "":
					long = m[2] + " " + u.In(lx.last[semantic.SpellingsOf(toks[i-1].Norm)[0]]) // "ult 30d"
				}
			} else {
				long = semantic.AbbreviationOf(t.Norm, innerCapital(t.Raw))
			}
		}
		guessed := ""
		if long == "" && t.Kind == Word {
			if long = lx.initialismOf(t); long != "" {
				guessed = t.Raw
			}
		}
		if long == "" {
			out = append(out, t)
			continue
		}
		words := Tokenize(long)
		for k := range words {
			words[k].Part, words[k].Expanded, words[k].Guessed = t.Part, true, guessed
		}
		words[len(words)-1].Stop = t.Stop
		out = append(out, words...)
	}
	return out
}

// innerCapital reports whether a word has a capital letter after its first ("MoM", "WOW";
// not "Mom" at a sentence's start).
func innerCapital(s string) bool {
	for i, r := range s {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// initials are the first letters of a name's words, leaving out "de", "do", "da", "dos"
// and "das" ("Belo Horizonte": "bh"; "Rio de Janeiro": "rj"); "" for a name of one word.
func initials(name string) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(Fold(name)) {
		if slices.Contains(semantic.OfPT, w) {
			continue
		}
		b.WriteString(w[:1])
		n++
	}
	if n < 2 {
		return ""
	}
	return b.String()
}

// isoWeekWord is an ISO week as one word: "w20", "2025w20".
var isoWeekWord = regexp.MustCompile(`^(\d{4})?w(\d{1,2})$`)

// ordinal reads "10o" (the tokenizer's form of "10th", "10º") as a number from 1 to 99: up
// to 31 it may be a day of the month.
func ordinal(w string) (string, bool) {
	d, ok := strings.CutSuffix(w, "o")
	if !ok || len(d) == 0 || len(d) > 2 {
		return "", false
	}
	n := 0
	for _, r := range d {
		if r < '0' || r > '9' {
			return "", false
		}
		n = n*10 + int(r-'0')
	}
	if n < 1 {
		return "", false
	}
	return strconv.Itoa(n), true
}

// matchAt reports whether phrase p matches the tokens from i, and with how many typos.
func (lx *Lexicon) matchAt(p *phrase, cands [][]candidate, i int) (int, bool) {
	if i+len(p.words) > len(cands) {
		return 0, false
	}
	typos := 0
	for k, w := range p.words {
		found := false
		for _, c := range cands[i+k] {
			if c.word == w {
				found, typos = true, typos+c.typos
				break
			}
		}
		if !found {
			return 0, false
		}
	}
	return typos, true
}

// closest returns the lexicon's words within the allowed edit distance of w: 1 for words
// of 5 to 7 letters, 2 from 8 on, and an adjacent swap for 4 letters. Only the nearest are
// returned; the grammar chooses among them.
func (lx *Lexicon) closest(w string) []candidate {
	n := len([]rune(w))
	limit := 0
	switch {
	case n >= 8:
		limit = 2
	case n >= 5:
		limit = 1
	case n == 4:
		limit = 1 // a swap only, checked below
	default:
		return nil
	}
	var out []candidate
	best := limit + 1
	for _, v := range lx.sorted {
		m := len([]rune(v))
		if m < 4 || m-n > limit || n-m > limit {
			continue
		}
		d := distance(w, v, limit)
		if n == 4 && d == 1 && !swapped(w, v) {
			continue
		}
		switch {
		case d < best:
			best, out = d, []candidate{{word: v, typos: d}}
		case d == best && d <= limit:
			out = append(out, candidate{word: v, typos: d})
		}
	}
	if best > limit {
		return nil
	}
	return out
}

func swapped(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) != len(rb) {
		return false
	}
	for i := 0; i+1 < len(ra); i++ {
		if ra[i] != rb[i] {
			return ra[i] == rb[i+1] && ra[i+1] == rb[i] && string(ra[i+2:]) == string(rb[i+2:])
		}
	}
	return false
}

// distance is the optimal-string-alignment distance of a and b (an adjacent swap is one
// edit), or limit+1 when it is larger than limit.
func distance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// capitalWords reads every word of the lexicon typed with a capital, not at a sentence
// start, as a possible word of a person's name ("a cliente Ana Nascimento", "customer Rosa
// Lima"): only the rules of names read it (package grammar, names.go).
func (r *Reading) capitalWords() {
	for i, t := range r.Tokens {
		if t.Kind == Word && t.Cap {
			known := true
			for _, m := range r.Matches {
				if m.From == i && m.Cat == CatWord {
					known = false
					break
				}
			}
			if known {
				r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatCapWord, Arg: t.Raw})
			}
		}
	}
}

// literals reads every word as a possible literal when the question has a literal slot's
// marker ("no nome", "named"): only then can a literal be asked for ("com Santos no nome":
// a known word is a literal only where the structure says so), and the parser is spared
// the extra readings of every other question.
func (r *Reading) literals() {
	slot := false
	for _, m := range r.Matches {
		slot = slot || m.Cat == semantic.CatInName || m.Cat == semantic.CatNamed
	}
	if !slot {
		return
	}
	for i, t := range r.Tokens {
		if t.Kind == Word && t.Norm != "," {
			r.Matches = append(r.Matches, Match{From: i, To: i + 1, Cat: CatLiteral, Arg: t.Raw})
		}
	}
}
