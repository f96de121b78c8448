package lexicon

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Kind is what a token of the question is.
type Kind int

// Token kinds.
const (
	Word    Kind = iota
	Number       // 12, 1.500, 10,5, 2k
	Money        // R$ 100, $100
	Percent      // 10%
	Date         // 15/10/2024, 2024-10-15, 15/10 (year 0: none given)
	MonthYr      // 10/2024
	Range        // 18-24
	Doc          // a CPF or CNPJ (digits)
	Email        // ana@example.com
	Phone        // (11) 98888-7777 (digits)
	Quoted       // "Loja Centro"
)

// Token is one piece of the question.
type Token struct {
	// Part is the sentence or clause of the question the token is in: parts are split at
	// . ! ? ; : … and free-standing dashes (the context rule of package grammar reads them)
	Part int
	// Stop is the punctuation that ends the token's part, on the part's last token: a colon
	// or a dash introduces what follows ("preciso de um número rápido: quantos ..."), a
	// question mark ends a question
	Stop rune
	Kind Kind
	Raw  string    // as typed
	Norm string    // words: folded; numbers and money: a SQL numeric literal; docs: digits
	Num  float64   // numbers, money, percent; the start of a range
	Hi   float64   // the end of a range
	Date time.Time // dates
	Cap  bool      // a word typed with a capital first letter, not at a sentence start
	// Year2: a two-digit number written as a year's short form, glued to the word before
	// by "/" or after an apostrophe ("fev/25", "Jan '25", "Q1 '25", "1T24"): 2000 + n
	Year2 bool
	// Expanded: a word of the phrase an abbreviation stands for ("L30D": "last", 30,
	// "days"); it says nothing of the question's language
	Expanded bool
	// Guessed: the typed word this token expands was an initialism the lexicon resolved
	// ("LW": "last", "week"); it is read like a typo fix, and named in the explanation
	Guessed string
	// Scaled: a number written with a thousands or millions suffix ("2k", "R$ 1,5 mi"):
	// an amount, never a year
	Scaled bool
	// Dotted: a word typed with a full stop glued to it ("prod.", "ont.", "No."): the
	// stop may mark a word cut short rather than a sentence's end (abbrev.go)
	Dotted bool
	// Hyphened: a word joined to the word before by a hyphen ("jan-mai": "mai")
	Hyphened bool
	// Snake: a word joined to the word before by an underscore, a part of a column's
	// snake_case name ("store_code": "code")
	Snake bool
	// Plus: a "+" typed between words, of no comparison ("produtos + resgatados",
	// "count + revenue")
	Plus bool
}

var (
	reQuoted   = regexp.MustCompile(`^["“”«]([^"“”«»]{1,120})["“”»]`)
	reEmail    = regexp.MustCompile(`^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`)
	reCNPJ     = regexp.MustCompile(`^\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}\b|^\d{14}\b`)
	reCPF      = regexp.MustCompile(`^(?:\d{3}\.\d{3}\.\d{3}-?\d{2}|\d{9}-\d{2}|\d{11})\b`)
	rePhone    = regexp.MustCompile(`^(?:\+?55\s?)?\(\d{2}\)\s?\d{4,5}-?\d{4}\b`)
	reDMY      = regexp.MustCompile(`^(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})\b`)
	reYMD      = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	reMY       = regexp.MustCompile(`^(\d{1,2})/(\d{4})\b`)
	reDM       = regexp.MustCompile(`^(\d{1,2})/(\d{1,2})\b`)
	reMoney    = regexp.MustCompile(`^(?:R\$|r\$|US\$|\$)\s?(\d[\d.,]*)(?:\s?(k|K|mil|milhões|milhoes|milhão|milhao|millions|million|mm|MM|mi|mn|M|m)\b)?`)
	reCurrency = regexp.MustCompile(`^(?:R\$|r\$|US\$|us\$)`) // a currency sign alone (no amount after it)
	rePercent  = regexp.MustCompile(`^(\d+(?:[.,]\d+)?)\s?%`)
	reRange    = regexp.MustCompile(`^(\d{1,7})\s?(?:-|–|a|to)\s?(\d{1,7})\b`)
	reOrdinal  = regexp.MustCompile(`^(\d{1,2})(?:\.?(?:º|ª|°)|st|nd|rd|th|o|a)(?:[^\p{L}\d]|$)`) // "4.º" (European)
	reK        = regexp.MustCompile(`^(\d+(?:[.,]\d+)?)\s?(k|K|mil|milhões|milhoes|milhão|milhao|millions|million|mm|MM|mi)\b`)
	reNumber   = regexp.MustCompile(`^\d+(?:[.,]\d+)*`)
	rePair     = regexp.MustCompile(`^\pL/\pL(?:[^\pL\d]|$)`) // "w/w", "m/m", "a/a", "w/o"
	reSlashed  = regexp.MustCompile(`^\pL/(?:[^\d/]|$)`)      // "p/ loja", "c/cupom", "s/ juros", "w/ email"
	reWord     = regexp.MustCompile(`^[\p{L}\d][\p{L}\p{M}\d]*(?:[-'][\p{L}\p{M}\d]+)*`)
	reGroups   = regexp.MustCompile(`^\d{1,3}(?:[.,]\d{3})+$`)
	// English contractions and the possessive, and "twice".
	contractions = strings.NewReplacer("n't", " not", "N'T", " NOT", "’", "'", "'s ", " ", "'re ", " are ", "'ve ", " have ", "'ll ", " will ", "'m ", " am ", "'d ", " would ", " twice", " 2 times")
)

var (
	// reBracketDate is a day in brackets ("(12/06)", "( 29/11/2024 )")
	reBracketDate = regexp.MustCompile(`^\(\s*(\d{1,2}/\d{1,2}(?:/\d{2,4})?)\s*\)`)
	reYM          = regexp.MustCompile(`^(\d{4})-(\d{1,2})\b`) // "2024-10": a month
	// a period word with its year glued ("1T24", "2tri2025"; "Q1 '25" is two tokens)
	rePartYr = regexp.MustCompile(`^(\d[a-z]{1,3})(\d{2}|\d{4})$`)
)

// Tokenize splits a question into tokens; punctuation other than commas is dropped (a
// comma is kept as the word ",": it coordinates like "e").
// reDayOffset is a day said as an offset from today ("D-30", "d-7", "D+0", "D - 1").
var reDayOffset = regexp.MustCompile(`^[dD] ?([-+−]) ?(\d{1,3})\b`)

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// gluedDash is a typographic dash glued between two letters ("jan–jun/2025", "seg—sex"):
// a hyphen as typed by a word processor, never a sentence's stop between them.
var gluedDash = regexp.MustCompile(`(\p{L})[–—](\p{L})`)

func Tokenize(q string) []Token {
	q = gluedDash.ReplaceAllString(q, "$1-$2")
	q = contractions.Replace(" " + unspokenPunctuation(q) + " ")
	var toks []Token
	sentenceStart := true
	part, partFrom := 0, 0 // the tokens from toks[partFrom] on are in part
	snake := false         // the next word was joined to the last by an underscore
	for i := 0; i < len(q); {
		rest := q[i:]
		r, size := firstRune(rest)
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		if r == ',' {
			toks = append(toks, Token{Kind: Word, Raw: ",", Norm: ","})
			i += size
			continue
		}
		if r == '+' && (q[i-1] >= '0' && q[i-1] <= '9' || strings.TrimSpace(q) == "+" || q[i-1] != ' ' && amountBefore(toks)) {
			// "45+", "2+ purchases", "2k+", "R$500+": or more (a "+" elsewhere is no word;
			// the lexicon's own "+" is the sign alone)
			toks = append(toks, Token{Kind: Word, Raw: "+", Norm: "+"})
			i += size
			continue
		}
		if r == '#' && (i+1 >= len(q) || q[i+1] < '0' || q[i+1] > '9') {
			// "# of orders", "# txns": the number of, a word of its own, never dropped ("#1"
			// is no count: a rank, left as before)
			toks = append(toks, Token{Kind: Word, Raw: "#", Norm: "#"})
			i += size
			continue
		}
		if r == '+' && plusComparesAt(q[i+size:], toks) {
			// "+ de 1000 pontos", "3 compras ou +": "mais" in a comparison
			toks = append(toks, Token{Kind: Word, Raw: "+", Norm: "mais"})
			i += size
			continue
		}
		if r == '+' && len(toks) > 0 && toks[len(toks)-1].Kind == Word && strings.HasPrefix(q[i+size:], " ") {
			// "top 3 prod. + resgatados", "count + revenue": a "+" between words, never
			// dropped (the lexicon decides what it is, plusWords)
			toks = append(toks, Token{Kind: Word, Raw: "+", Norm: "+", Plus: true})
			i += size
			continue
		}
		if r == '-' || r == '–' || r == '—' {
			if t, n := scan(strings.TrimLeft(rest[size:], " ")); len(toks) > 0 && toks[len(toks)-1].Kind == Date && n > 0 && t.Kind == Date {
				// "01/04/2025-30/04/2025", "01/04 – 30/04": from one date to the other, as
				// "to" (as a sentence's stop the two were two periods, a comparison)
				toks = append(toks, Token{Kind: Word, Raw: rest[:size], Norm: "->"})
				i += size
				continue
			}
		}
		if a := arrowAt(rest); a > 0 {
			// "Apr -> May", "abril => maio", "Q4 → Q1": from one to the other, as "to"
			toks = append(toks, Token{Kind: Word, Raw: rest[:a], Norm: "->"})
			i += a
			continue
		}
		if m := reBracketDate.FindStringSubmatch(rest); m != nil && len(toks) > 0 && partFrom == len(toks) && toks[len(toks)-1].Stop != 0 {
			// "qual loja faturou mais no dia dos namorados? (12/06)": a date in brackets
			// right after a sentence's end is that sentence's, a remark on what it named,
			// never a sentence of its own
			if t, n := scan(m[1]); n == len(m[1]) && t.Kind == Date {
				prev := &toks[len(toks)-1]
				t.Part, t.Stop, prev.Stop = prev.Part, prev.Stop, 0
				toks = append(toks, t)
				partFrom = len(toks)
				i += len(m[0])
				continue
			}
		}
		if r == '÷' {
			// a formula's division ("cancelados ÷ total"): a word of its own, never dropped
			toks = append(toks, Token{Kind: Word, Raw: "÷", Norm: "÷"})
			i += size
			continue
		}
		if r == '/' && q[i-1] == ' ' && i+1 < len(q) && q[i+1] == ' ' {
			// "email / whatsapp / sms": a slash between spaces lists (glued to its
			// neighbours it is a date's or a period's, "fev/25", "tri/2025")
			toks = append(toks, Token{Kind: Word, Raw: "/", Norm: "/"})
			i += size
			continue
		}
		if m := reDayOffset.FindStringSubmatch(rest); m != nil && (i == 0 || !isWordByte(q[i-1])) {
			// "D-30", "D+0": one word (the lexicon reads it as its period, expand), never
			// "d" then a stop then a number (the year 2030)
			sign := "-" // a hyphen or a minus sign
			if m[1] == "+" {
				sign = "+"
			}
			toks = append(toks, Token{Kind: Word, Raw: strings.TrimSpace(m[0]), Norm: "d" + sign + m[2]})
			sentenceStart = false
			i += len(m[0])
			continue
		}
		t, n := scan(rest)
		if n == 0 && r == '.' && honorificBefore(toks, q[i+size:]) {
			i += size // "Ms. Camila Prado": the abbreviation's stop, not a sentence's
			continue
		}
		if n == 0 && r == '_' {
			snake = len(toks) > 0 && toks[len(toks)-1].Kind == Word && isWordByte(q[i-1]) && i+1 < len(q) && isWordByte(q[i+1])
			i += size
			continue
		}
		if n == 0 {
			if r == '.' && len(toks) > 0 && toks[len(toks)-1].Kind == Word && isWordByte(q[i-1]) && (i+1 >= len(q) || q[i+1] != '.') && utf8.RuneCountInString(toks[len(toks)-1].Raw) > 1 {
				// (a letter alone with its stop is an initial or a piece of "i.e.", "e.g.":
				// never a word cut short)
				toks[len(toks)-1].Dotted = true
			}
			if strings.ContainsRune(".?!:;", r) {
				sentenceStart = true
			}
			if strings.ContainsRune(".?!:;…-–—", r) && len(toks) > partFrom {
				toks[len(toks)-1].Stop = r
				part, partFrom = inPart(toks[partFrom:], part), len(toks)
			}
			i += size
			continue
		}
		if t.Kind == Number && len(t.Raw) == 2 && i > 0 && (q[i-1] == '/' || q[i-1] == '\'') {
			t.Year2 = true
		}
		if t.Kind == Word {
			first, _ := firstRune(t.Raw)
			t.Cap = unicode.IsUpper(first) && !sentenceStart
		}
		sentenceStart = false
		t.Snake, snake = snake && t.Kind == Word, false
		if m := rePartYr.FindStringSubmatch(t.Norm); t.Kind == Word && m != nil {
			// "1T24": the period word, then its year
			dec, f := number(m[2])
			toks = append(toks, Token{Kind: Word, Raw: m[1], Norm: m[1]}, Token{Kind: Number, Raw: m[2], Norm: dec, Num: f, Year2: len(m[2]) == 2})
			i += n
			continue
		}
		if t.Kind == Word && strings.Contains(t.Norm, " ") {
			// "quintas-feiras", "e-mail": the parts are words of the lexicon's phrases
			for j, part := range strings.Fields(t.Norm) {
				if reNumber.MatchString(part) && digits(part) == part {
					// "jan-2025", "jan-25": the number is a number (a short year when glued)
					dec, f := number(part)
					toks = append(toks, Token{Kind: Number, Raw: part, Norm: dec, Num: f, Year2: j > 0 && len(part) == 2})
					continue
				}
				toks = append(toks, Token{Kind: Word, Raw: part, Norm: part, Cap: t.Cap && j == 0, Hyphened: j > 0, Snake: t.Snake && j == 0})
			}
		} else {
			toks = append(toks, t)
		}
		i += n
	}
	inPart(toks[partFrom:], part)
	// A question typed in Title Case, or in capitals ("QUANTOS PONTOS TEM A SENHORA ..."),
	// says nothing about names.
	caps, upper, words := 0, 0, 0
	for _, t := range toks {
		if t.Cap {
			caps++
		}
		if t.Kind == Word && strings.IndexFunc(t.Raw, unicode.IsLetter) >= 0 {
			words++
			if strings.IndexFunc(t.Raw, unicode.IsLower) < 0 {
				upper++
			}
		}
	}
	if caps > 0 && caps >= len(toks)-1 && len(toks) > 3 || words > 3 && upper >= words-1 {
		for i := range toks {
			toks[i].Cap = false
		}
	}
	return toks
}

// amountBefore reports whether the last token is a number or an amount ("2k", "R$ 1,5 mil").
func amountBefore(toks []Token) bool {
	return len(toks) > 0 && (toks[len(toks)-1].Kind == Number || toks[len(toks)-1].Kind == Money)
}

// inPart puts the tokens in part p and returns the next part's number.
func inPart(toks []Token, p int) int {
	for k := range toks {
		toks[k].Part = p
	}
	return p + 1
}

func scan(s string) (Token, int) {
	if m := reQuoted.FindStringSubmatch(s); m != nil {
		return Token{Kind: Quoted, Raw: m[1], Norm: Fold(m[1])}, len(m[0])
	}
	if m := reEmail.FindString(s); m != "" {
		return Token{Kind: Email, Raw: m, Norm: strings.ToLower(m)}, len(m)
	}
	if m := reCNPJ.FindString(s); m != "" {
		return Token{Kind: Doc, Raw: m, Norm: digits(m)}, len(m)
	}
	if m := reCPF.FindString(s); m != "" {
		return Token{Kind: Doc, Raw: m, Norm: digits(m)}, len(m)
	}
	if m := rePhone.FindString(s); m != "" {
		return Token{Kind: Phone, Raw: m, Norm: digits(m)}, len(m)
	}
	if m := reDMY.FindStringSubmatch(s); m != nil {
		y := atoi(m[3])
		if len(m[3]) == 2 {
			y += 2000
		}
		d, _ := mkDate(y, atoi(m[2]), atoi(m[1]))
		return Token{Kind: Date, Raw: m[0], Norm: m[0], Date: d}, len(m[0])
	}
	if m := reYMD.FindStringSubmatch(s); m != nil {
		d, _ := mkDate(atoi(m[1]), atoi(m[2]), atoi(m[3]))
		return Token{Kind: Date, Raw: m[0], Norm: m[0], Date: d}, len(m[0])
	}
	if m := reYM.FindStringSubmatch(s); m != nil && atoi(m[2]) >= 1 && atoi(m[2]) <= 12 && atoi(m[1]) >= 1990 && atoi(m[1]) <= 2100 {
		// "2024-10": a month (the form the monthyr reading expects is month/year)
		return Token{Kind: MonthYr, Raw: m[0], Norm: m[2] + "/" + m[1], Date: time.Date(atoi(m[1]), time.Month(atoi(m[2])), 1, 0, 0, 0, 0, time.UTC)}, len(m[0])
	}
	if m := reMY.FindStringSubmatch(s); m != nil && atoi(m[1]) >= 1 && atoi(m[1]) <= 12 {
		return Token{Kind: MonthYr, Raw: m[0], Norm: m[0], Date: time.Date(atoi(m[2]), time.Month(atoi(m[1])), 1, 0, 0, 0, 0, time.UTC)}, len(m[0])
	}
	if m := reDM.FindStringSubmatch(s); m != nil {
		d, ok := mkDate(2000, atoi(m[2]), atoi(m[1]))
		if ok {
			d = time.Date(0, d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
		}
		return Token{Kind: Date, Raw: m[0], Norm: m[0], Date: d}, len(m[0])
	}
	if m := reMoney.FindStringSubmatch(s); m != nil {
		raw := strings.TrimRight(m[0], ".,")
		dec, f := money(m[1], !strings.HasPrefix(m[0], "$"))
		if m[2] != "" {
			f *= scale(m[2])
			dec = strconv.FormatFloat(f, 'f', -1, 64)
		}
		return Token{Kind: Money, Raw: raw, Norm: dec, Num: f, Scaled: m[2] != ""}, len(raw)
	}
	if m := reCurrency.FindString(s); m != "" {
		// "em R$, não em qtd": the currency sign with no amount names the unit, one word
		// (split, its letter was "r", a texted "are")
		return Token{Kind: Word, Raw: m, Norm: Fold(m)}, len(m)
	}
	if m := rePercent.FindStringSubmatch(s); m != nil {
		f, _ := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "."), 64)
		return Token{Kind: Percent, Raw: m[0], Norm: m[1], Num: f}, len(m[0])
	}
	if m := reRange.FindStringSubmatch(s); m != nil && atoi(m[1]) < atoi(m[2]) && !(len(m[1]) == 4 && len(m[2]) == 4) {
		return Token{Kind: Range, Raw: m[0], Norm: m[1] + "-" + m[2], Num: float64(atoi(m[1])), Hi: float64(atoi(m[2]))}, len(m[0])
	}
	if m := reOrdinal.FindStringSubmatch(s); m != nil {
		n := len(m[0])
		if r, size := lastRune(m[0]); !unicode.IsLetter(r) && r != 'º' && r != 'ª' && r != '°' {
			n -= size // the character after the ordinal is not part of it
		}
		return Token{Kind: Word, Raw: m[0][:n], Norm: m[1] + "o"}, n
	}
	if m := reK.FindStringSubmatch(s); m != nil {
		_, f := number(m[1])
		f *= scale(m[2])
		dec := strconv.FormatFloat(f, 'f', -1, 64)
		return Token{Kind: Number, Raw: m[0], Norm: dec, Num: f, Scaled: true}, len(m[0])
	}
	if m := reNumber.FindString(s); m != "" && !letterAt(s, len(m)) {
		m = strings.TrimRight(m, ".,")
		dec, f := number(m)
		return Token{Kind: Number, Raw: m, Norm: dec, Num: f}, len(m)
	}
	if m := rePair.FindString(s); m != "" {
		// "w/w", "y/y", "a/a", "w/o": two letters around a slash are one word
		i := strings.IndexRune(m, '/') + 1
		_, size := firstRune(m[i:])
		m = m[:i+size]
		return Token{Kind: Word, Raw: m, Norm: Fold(m)}, len(m)
	}
	if m := reSlashed.FindString(s); m != "" {
		// "p/", "c/", "s/": a preposition texted as its letter and a slash is one word (the
		// slash is no stop: dropped, the word before the noun was read as another)
		m = m[:strings.IndexRune(m, '/')+1]
		return Token{Kind: Word, Raw: m, Norm: Fold(m)}, len(m)
	}
	if m := reWord.FindString(s); m != "" {
		return Token{Kind: Word, Raw: m, Norm: Fold(m)}, len(m)
	}
	for _, c := range []string{">=", "<=", "≥", "≤", ">", "<"} {
		if strings.HasPrefix(s, c) {
			// "> 1000", "<25": comparisons written as signs
			return Token{Kind: Word, Raw: c, Norm: c}, len(c)
		}
	}
	if strings.HasPrefix(s, "%") || strings.HasPrefix(s, "&") {
		return Token{Kind: Word, Raw: s[:1], Norm: s[:1]}, 1
	}
	return Token{}, 0
}

func letterAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := firstRune(s[i:])
	return unicode.IsLetter(r)
}

func lastRune(s string) (rune, int) {
	r := []rune(s)
	if len(r) == 0 {
		return 0, 0
	}
	return r[len(r)-1], len(string(r[len(r)-1]))
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

func mkDate(y, m, d int) (time.Time, bool) {
	if m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2999 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return t, t.Day() == d
}

func atoi(s string) int {
	if len(s) > 9 {
		return 0
	}
	n, _ := strconv.Atoi(s)
	return n
}

func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// scale is what a number's suffix multiplies it by: thousands ("2k", "R$ 1,5 mil") or
// millions ("R$ 2 mi", "$1.2mm", "$3M", "2 milhões"); a bare "m" is a million only after
// a currency sign ("12m" alone may be months).
func scale(suffix string) float64 {
	switch strings.ToLower(suffix) {
	case "k", "mil":
		return 1e3
	}
	return 1e6
}

// number reads 12, 1.500 and 1,500 (thousands), 10,5 and 10.5 (decimals).
func number(s string) (string, float64) {
	if reGroups.MatchString(s) {
		s = digits(s)
	} else {
		s = strings.ReplaceAll(s, ",", ".")
		if strings.Count(s, ".") > 1 {
			s = digits(s)
		}
	}
	if len(s) > 15 {
		s = s[:15]
	}
	f, _ := strconv.ParseFloat(s, 64)
	return s, f
}

// money reads an amount: Brazilian "1.234,56" after R$, else "1,234.56".
func money(s string, brl bool) (string, float64) {
	s = strings.TrimRight(s, ".,")
	if brl {
		if strings.Contains(s, ",") {
			s = strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), ",", ".")
		} else if reGroups.MatchString(s) {
			s = strings.ReplaceAll(s, ".", "")
		}
	} else {
		s = strings.ReplaceAll(s, ",", "")
	}
	if len(s) > 15 {
		s = s[:15]
	}
	f, _ := strconv.ParseFloat(s, 64)
	return s, f
}

// Fold lower-cases, strips accents and turns hyphens and apostrophes inside words into
// spaces or nothing ("e-mail" -> "e mail", "d'água" -> "dagua").
func Fold(s string) string {
	if folded(s) {
		return s
	}
	plain, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), strings.ToLower(s))
	if err != nil {
		plain = strings.ToLower(s)
	}
	plain = foldMarks.Replace(plain)
	return strings.Join(strings.Fields(plain), " ")
}

// foldMarks are the marks Fold drops inside words, built once: Fold runs for every token.
var foldMarks = strings.NewReplacer("-", " ", "'", "")

// folded reports whether s is already what Fold makes of it: lower-case ASCII letters,
// digits and other marks Fold keeps, single spaces between words. Most tokens are, and
// the Unicode transform is the interpreter's costliest step.
func folded(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80, c >= 'A' && c <= 'Z', c == '-', c == '\'', c == '\t', c == '\n', c == '\r', c == '\v', c == '\f':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' '):
			return false
		}
	}
	return true
}

// arrowAt is the length of the arrow ("->", "-->", "=>", "→") rest starts with, 0 when none.
func arrowAt(rest string) int {
	for _, a := range []string{"-->", "->", "=>", "→"} {
		if strings.HasPrefix(rest, a) {
			return len(a)
		}
	}
	return 0
}

// plusComparesAt reports whether a "+" said between words is "mais" of a comparison:
// before "de" ("+ de 1000 pontos") or after "ou" ("3 compras ou +"). Elsewhere, between
// spaced words, the lexicon reads it (plusWords): "mais" before a verb, else a comma.
func plusComparesAt(after string, before []Token) bool {
	next := strings.Fields(after)
	return len(next) > 0 && Fold(next[0]) == "de" || len(before) > 0 && before[len(before)-1].Norm == "ou"
}

// honorificBefore reports whether the last token is an abbreviated honorific
// (semantic.HonorificAbbrevs: "Ms", "Sr", "Dr") and a capitalised word follows after a space:
// the full stop abbreviates the honorific before a name.
func honorificBefore(toks []Token, rest string) bool {
	if len(toks) == 0 || toks[len(toks)-1].Kind != Word {
		return false
	}
	next := strings.TrimLeft(rest, " ")
	if len(next) == len(rest) || next == "" {
		return false
	}
	first, _ := firstRune(next)
	if !unicode.IsUpper(first) {
		return false
	}
	for _, h := range semantic.HonorificAbbrevs.All() {
		if toks[len(toks)-1].Norm == h {
			return true
		}
	}
	return false
}
