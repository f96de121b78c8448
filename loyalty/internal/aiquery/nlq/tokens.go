package nlq

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// tokKind is what a token of the question is.
type tokKind int

const (
	tWord    tokKind = iota
	tNumber          // 12, 1.500, 10,5
	tDate            // 15/10/2024, 2024-10-15, 15/10
	tMonthYr         // 10/2024
	tDoc             // a CPF or CNPJ
	tEmail           // ana@example.com
	tPhone           // (11) 98888-7777
	tMoney           // R$ 100, $100
	tPercent         // 10%
	tQuoted          // "Loja Centro"
	tOrdinal         // 1º, 2nd
)

// token is one meaningful piece of the question. Every token must be accounted for by the
// interpretation (or be a filler word); one that is not makes the question refused.
type token struct {
	kind tokKind
	raw  string // as typed
	norm string // words: lower-case, no accents, no hyphens; others: canonical text
	num  float64
	dec  string    // numbers and money: a SQL numeric literal
	date time.Time // dates (year 0 when the question gave none)
	cap  bool      // a word typed with an upper-case first letter (not the first word)
	caps bool      // a word typed all upper-case (PIX, SP, L01)
	code bool      // letters and digits mixed (L01, S2)

	used bool   // accounted for by the interpretation
	by   string // what used it (for the echo and tests)
}

var (
	reQuoted    = regexp.MustCompile(`^["“”«]([^"“”«»]{1,120})["“”»]`)
	reSingleQ   = regexp.MustCompile(`^'([^']{1,120})'`)
	reEmail     = regexp.MustCompile(`^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`)
	reCNPJ      = regexp.MustCompile(`^\d{2}\.?\d{3}\.?\d{3}/?\d{4}-?\d{2}\b`)
	reCPF       = regexp.MustCompile(`^(?:\d{3}\.\d{3}\.\d{3}-?\d{2}|\d{9}-\d{2}|\d{11})\b`)
	rePhone     = regexp.MustCompile(`^(?:\+?55\s?)?\(\d{2}\)\s?\d{4,5}-?\d{4}\b`)
	reDMY       = regexp.MustCompile(`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b`)
	reYMD       = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	reMY        = regexp.MustCompile(`^(\d{1,2})/(\d{4})\b`)
	reDM        = regexp.MustCompile(`^(\d{1,2})/(\d{1,2})\b`)
	reMoney     = regexp.MustCompile(`^(?:R\$|US\$|\$)\s?(\d[\d.,]*)`)
	rePercent   = regexp.MustCompile(`^(\d+(?:[.,]\d+)?)\s?%`)
	reOrdinal   = regexp.MustCompile(`^(\d{1,2})(?:º|ª|°|st|nd|rd|th|o|a)`)
	reNumber    = regexp.MustCompile(`^\d+(?:[.,]\d+)*`)
	reThousands = regexp.MustCompile(`^(\d+(?:[.,]\d+)?)\s?(?:k|mil)\b`)
	reCode      = regexp.MustCompile(`^(?:[\p{L}]+\d[\p{L}\d]*|\d+[\p{L}][\p{L}\d]*)(?:-[\p{L}\d]+)*`)
	reWord      = regexp.MustCompile(`^[\p{L}][\p{L}\p{M}]*(?:[-'][\p{L}\p{M}]+)*`)
	// "jan/25", "mar-2025", "março/24": a month and its year, not a day
	reMonthSlashYear = regexp.MustCompile(`(?i)\b(janeiro|fevereiro|mar[cç]o|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|january|february|march|april|may|june|july|august|september|october|november|december|jan|fev|feb|mar|abr|apr|mai|jun|jul|ago|aug|set|sep|sept|out|oct|nov|dez|dec)[/-]((?:19|20)?\d\d)\b`)
	contractions     = strings.NewReplacer(" twice", " 2 times", " thrice", " 3 times", " Twice", " 2 times", "n't", " not", "N'T", " NOT", "’", "'", "‘", "'", "'s ", " ", "'re ", " are ", "'ve ", " have ", "'ll ", " will ", "'m ", " am ", "'d ", " would ", "s' ", "s ")
)

// tokenize splits a question into tokens. Punctuation other than what numbers, dates,
// e-mails and documents use is dropped.
func tokenize(q string) []*token {
	q = contractions.Replace(q + " ")
	q = reMonthSlashYear.ReplaceAllStringFunc(q, func(m string) string {
		p := reMonthSlashYear.FindStringSubmatch(m)
		y := p[2]
		if len(y) == 2 {
			y = "20" + y
		}
		return p[1] + " " + y
	})
	var toks []*token
	sentenceStart := true
	for i := 0; i < len(q); {
		rest := q[i:]
		r := []rune(rest[:min(len(rest), 4)])[0]
		if unicode.IsSpace(r) {
			i += len(string(r))
			continue
		}
		t, n := scanOne(rest, i == 0 || unicode.IsSpace(rune(q[i-1])))
		if t == nil {
			if strings.ContainsRune(".?!:;", r) {
				sentenceStart = true
			}
			i += len(string(r))
			continue
		}
		if t.kind == tWord {
			first, _ := firstRune(t.raw)
			t.cap = unicode.IsUpper(first) && !sentenceStart
			t.caps = len([]rune(t.raw)) >= 2 && strings.ToUpper(t.raw) == t.raw && strings.ToLower(t.raw) != t.raw
		}
		sentenceStart = false
		toks = append(toks, t)
		i += n
	}
	// "app-origin", "pix-only": a hyphenated word the vocabulary does not know is read as
	// its parts ("e-mail", "opt-in" stay whole).
	var split []*token
	for _, t := range toks {
		if t.kind == tWord && !t.code && strings.Contains(t.raw, "-") && !vocabWords[t.norm] && !fillerSet[t.norm] {
			for _, part := range strings.Split(t.raw, "-") {
				if part != "" {
					split = append(split, &token{kind: tWord, raw: part, norm: fold(part), cap: t.cap && part == strings.Split(t.raw, "-")[0]})
				}
			}
			continue
		}
		split = append(split, t)
	}
	toks = split
	// Number words of thresholds: "mais de mil pontos", "acima de quinhentos reais".
	for i, t := range toks {
		if t.kind != tWord {
			continue
		}
		if n, ok := bigNumbers[t.norm]; ok && (i == 0 || toks[i-1].kind != tNumber) {
			toks[i] = &token{kind: tNumber, raw: t.raw, norm: strconv.Itoa(n), dec: strconv.Itoa(n), num: float64(n)}
		}
	}
	// "Carlos Eduardo Nogueira's email": a capitalised first word followed by a name is
	// part of the name.
	if len(toks) > 1 && toks[0].kind == tWord && toks[1].kind == tWord && toks[1].cap {
		if r, _ := firstRune(toks[0].raw); unicode.IsUpper(r) && !vocabWords[toks[0].norm] && !fillerSet[toks[0].norm] {
			toks[0].cap = true
		}
	}
	// A question typed in Title Case or all capitals says nothing about names: it shows
	// as ordinary words (vocabulary) typed capitalised.
	var capsVocab int
	for _, t := range toks {
		if t.kind == tWord && (t.cap || t.caps) && (vocabWords[t.norm] || fillerSet[t.norm]) {
			capsVocab++
		}
	}
	if capsVocab >= 2 {
		for _, t := range toks {
			t.cap = false
			if !t.code {
				t.caps = false
			}
		}
	}
	return toks
}

// bigNumbers are number words read as numbers ("top five", "mais de mil pontos"); "um",
// "uma" and "one" stay words (they are articles and pronouns too).
var bigNumbers = map[string]int{"cem": 100, "duzentos": 200, "trezentos": 300, "quinhentos": 500, "mil": 1000, "hundred": 100, "thousand": 1000,
	"dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9, "quinze": 15, "vinte": 20, "trinta": 30,
	"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// scanOne reads the token at the start of s; nil when s starts with punctuation.
func scanOne(s string, atWordStart bool) (*token, int) {
	if m := reQuoted.FindStringSubmatch(s); m != nil {
		return &token{kind: tQuoted, raw: m[1], norm: fold(m[1])}, len(m[0])
	}
	if atWordStart {
		if m := reSingleQ.FindStringSubmatch(s); m != nil {
			return &token{kind: tQuoted, raw: m[1], norm: fold(m[1])}, len(m[0])
		}
	}
	if m := reEmail.FindString(s); m != "" {
		return &token{kind: tEmail, raw: m, norm: strings.ToLower(m)}, len(m)
	}
	if m := reCNPJ.FindString(s); m != "" && (strings.ContainsAny(m, "./-") || len(digits(m)) == 14) {
		return &token{kind: tDoc, raw: m, norm: digits(m)}, len(m)
	}
	if m := reCPF.FindString(s); m != "" {
		return &token{kind: tDoc, raw: m, norm: digits(m)}, len(m)
	}
	if m := rePhone.FindString(s); m != "" {
		return &token{kind: tPhone, raw: m, norm: digits(m)}, len(m)
	}
	if m := reDMY.FindStringSubmatch(s); m != nil {
		y := atoi(m[3])
		if len(m[3]) == 2 {
			y += 2000
		}
		if d, ok := mkDate(y, atoi(m[2]), atoi(m[1])); ok {
			return &token{kind: tDate, raw: m[0], norm: m[0], date: d}, len(m[0])
		}
		return &token{kind: tDate, raw: m[0], norm: m[0]}, len(m[0]) // invalid: refused later
	}
	if m := reYMD.FindStringSubmatch(s); m != nil {
		if d, ok := mkDate(atoi(m[1]), atoi(m[2]), atoi(m[3])); ok {
			return &token{kind: tDate, raw: m[0], norm: m[0], date: d}, len(m[0])
		}
		return &token{kind: tDate, raw: m[0], norm: m[0]}, len(m[0])
	}
	if m := reMY.FindStringSubmatch(s); m != nil && atoi(m[1]) >= 1 && atoi(m[1]) <= 12 {
		return &token{kind: tMonthYr, raw: m[0], norm: m[0], date: time.Date(atoi(m[2]), time.Month(atoi(m[1])), 1, 0, 0, 0, 0, time.UTC)}, len(m[0])
	}
	if m := reDM.FindStringSubmatch(s); m != nil {
		if d, ok := mkDate(2000, atoi(m[2]), atoi(m[1])); ok { // leap year: 29/02 is a day
			return &token{kind: tDate, raw: m[0], norm: m[0], date: time.Date(0, d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)}, len(m[0])
		}
		return &token{kind: tDate, raw: m[0], norm: m[0]}, len(m[0])
	}
	if m := reMoney.FindStringSubmatch(s); m != nil {
		dec, f := money(m[1], strings.HasPrefix(m[0], "R"))
		return &token{kind: tMoney, raw: strings.TrimRight(m[0], ".,"), norm: dec, dec: dec, num: f}, len(strings.TrimRight(m[0], ".,"))
	}
	if m := rePercent.FindStringSubmatch(s); m != nil {
		f, _ := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "."), 64)
		return &token{kind: tPercent, raw: m[0], norm: m[1], num: f}, len(m[0])
	}
	if m := reOrdinal.FindStringSubmatch(s); m != nil && !letterOrDigitAt(s, len(m[0])) {
		return &token{kind: tOrdinal, raw: m[0], norm: m[1], num: float64(atoi(m[1]))}, len(m[0])
	}
	if m := reThousands.FindStringSubmatch(s); m != nil {
		_, f := number(m[1])
		f *= 1000
		dec := strconv.FormatFloat(f, 'f', -1, 64)
		return &token{kind: tNumber, raw: m[0], norm: dec, dec: dec, num: f}, len(m[0])
	}
	if m := reCode.FindString(s); m != "" {
		return &token{kind: tWord, raw: m, norm: fold(m), code: true, caps: strings.ToUpper(m) == m}, len(m)
	}
	if m := reNumber.FindString(s); m != "" {
		m = strings.TrimRight(m, ".,")
		dec, f := number(m)
		return &token{kind: tNumber, raw: m, norm: dec, dec: dec, num: f}, len(m)
	}
	if m := reWord.FindString(s); m != "" {
		return &token{kind: tWord, raw: m, norm: fold(m)}, len(m)
	}
	if strings.HasPrefix(s, "%") {
		return &token{kind: tWord, raw: "%", norm: "%"}, 1
	}
	if strings.HasPrefix(s, "+") && len(s) > 0 {
		return &token{kind: tWord, raw: "+", norm: "+"}, 1
	}
	return nil, 0
}

func letterOrDigitAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := firstRune(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func mkDate(y, m, d int) (time.Time, bool) {
	if m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2999 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return t, t.Day() == d
}

func atoi(s string) int {
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

// number reads 12, 1.500 (thousands), 1,500 (thousands), 10,5 and 10.5 (decimals).
func number(s string) (string, float64) {
	groups := regexp.MustCompile(`^\d{1,3}(?:[.,]\d{3})+$`)
	switch {
	case groups.MatchString(s) && !(strings.Count(s, ".")+strings.Count(s, ",") == 1 && strings.HasPrefix(s, "0")):
		s = digits(s)
	default:
		s = strings.ReplaceAll(s, ",", ".")
		if strings.Count(s, ".") > 1 {
			s = digits(s)
		}
	}
	f, _ := strconv.ParseFloat(s, 64)
	return s, f
}

// money reads an amount: Brazilian "1.234,56" after R$, else "1,234.56".
func money(s string, brl bool) (string, float64) {
	s = strings.TrimRight(s, ".,")
	if brl {
		if strings.Contains(s, ",") {
			s = strings.ReplaceAll(s, ".", "")
			s = strings.ReplaceAll(s, ",", ".")
		} else if regexp.MustCompile(`^\d{1,3}(?:\.\d{3})+$`).MatchString(s) {
			s = strings.ReplaceAll(s, ".", "")
		}
	} else {
		s = strings.ReplaceAll(s, ",", "")
	}
	f, _ := strconv.ParseFloat(s, 64)
	return s, f
}

// fold lower-cases, strips accents and drops hyphens and apostrophes inside words
// ("e-mail" -> "email", "Opt-In" -> "optin").
func fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	plain, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		plain = strings.ToLower(s)
	}
	plain = strings.NewReplacer("-", "", "'", "").Replace(plain)
	return strings.Join(strings.Fields(plain), " ")
}
