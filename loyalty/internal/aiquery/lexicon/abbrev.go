package lexicon

import (
	"sort"
	"strings"
	"unicode"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Abbreviations and initialisms nobody listed. People type shorthand the model does not
// carry ("yday", "pgto", "tkt", "# txns", "LW", "rn"); instead of a list that the next
// question outgrows, the lexicon resolves a word it does not know against its own words,
// the way it resolves a typo:
//
//   - An abbreviation: a word of 3 letters or more, no typo of any word, that shortens
//     words of the lexicon: the same first letter, and either a prefix of 4 letters or
//     more, at most one vowel, cut before a vowel of the word and not before an
//     inflection ("cust": "customer"; not "start" for "starting"), or a contraction
//     whose letters are a subsequence of the word's, ending with its last letter, with
//     no vowel, or from 4 letters one vowel after two consonants no word starts with
//     ("yday": "yesterday", "pgto": "pagamento", "tkt": "ticket"; not "stay", "menu"),
//     or, from 2 letters, every consonant of the word and nothing else ("lj": "loja",
//     "smn": "semana").
//   - An initialism: a word of 2 or 3 letters, in lower case or in capitals (never a
//     capitalised name: "Ana"), that is the initials of English time expressions of the
//     lexicon (semantic.Initialised, no function word: "rn": right now) or of a period
//     said by a word of semantic.InitialismHeads and a unit letter of
//     semantic.WindowUnits ("LW": last week, "TQ": this quarter). Its phrase's words
//     take its place, like an abbreviation of semantic.Abbreviations.
//
// Either is read only when every word it can stand for means the same (one concept:
// "txns" is "transactions" and "transacoes", both sales); a word that fits words of
// different concepts is not read, and the question is refused as before. A reading
// through one counts as a typo (the parse costs more, and the rules that trust only
// exact words do not take it) and is named in the explanation, like a typo fix. What is
// too short or too risky is not guessed: a word of 1 letter, a 2-letter word as an
// abbreviation other than of every consonant of a word (or, inside a phrase only, of
// some: see the end of this file), a word with digits, laughter, a capitalised word
// (a name) unless it is an initialism typed in capitals, and a word that would stand for
// no concept, only function words or discourse (a word dropped in silence could be the
// question's constraint).

type initialism struct {
	long string // the phrase's words
	key  string // its concept: the senses of the phrase
}

// vowels are the letters a contraction drops.
const vowels = "aeiou"

// isVowel reports whether the letter at i of w is a vowel: a, e, i, o, u, and y after a
// consonant ("fly", "qty"; not "yday", "day").
func isVowel(w string, i int) bool {
	if strings.IndexByte(vowels, w[i]) >= 0 {
		return true
	}
	return w[i] == 'y' && i > 0 && strings.IndexByte(vowels, w[i-1]) < 0
}

func vowelCount(w string) int {
	v := 0
	for i := range len(w) {
		if isVowel(w, i) {
			v++
		}
	}
	return v
}

// onsets are the pairs of consonants words of English and Portuguese start with: a word
// that starts with one and has a vowel is a word ("stay", "trem", "from"), never guessed
// as a contraction.
var onsets = func() map[string]bool {
	m := map[string]bool{}
	for _, o := range strings.Fields("bl br ch cl cr dr fl fr gl gn gr kn lh nh ph pl pn pr ps sc sh sk sl sm sn sp st sw th tr tw vr wh wr") {
		m[o] = true
	}
	return m
}()

// abbreviations indexes the lexicon for abbreviations and initialisms: the senses of the
// phrases each word is in, and the initials of its phrases and periods.
func (lx *Lexicon) abbreviations() {
	lx.senses = map[string]map[string]bool{}
	lx.initialisms = map[string][]initialism{}
	add := func(in, long, key string) {
		for _, x := range lx.initialisms[in] {
			if x.long == long {
				return
			}
		}
		lx.initialisms[in] = append(lx.initialisms[in], initialism{long, key})
	}
	for _, ps := range lx.byFirst {
		for _, p := range ps {
			for _, w := range p.words {
				if lx.senses[w] == nil {
					lx.senses[w] = map[string]bool{}
				}
				for _, s := range p.senses {
					lx.senses[w][string(s.cat)+":"+s.arg] = true
				}
			}
		}
	}
	// the words of function phrases: a phrase of them ("in all", "the period") is no
	// expression anybody types by its initials
	function := map[string]bool{}
	for _, ps := range lx.byFirst {
		for _, p := range ps {
			for _, s := range p.senses {
				switch {
				case len(p.words) != 1:
				case s.cat == semantic.CatFiller && s.arg == "function", s.cat == semantic.CatInPeriod, s.cat == semantic.CatAnd,
					s.cat == semantic.CatUntil, s.cat == semantic.CatTo, s.cat == semantic.CatFrom, s.cat == semantic.CatSince:
					function[p.words[0]] = true
				}
			}
		}
	}
	for _, ps := range lx.byFirst {
		for _, p := range ps {
			var keys []string
			for _, s := range p.senses {
				keys = append(keys, string(s.cat)+":"+s.arg)
			}
			sort.Strings(keys)
			if len(p.words) < 2 || len(p.words) > 3 {
				continue
			}
			initialised := true
			for _, s := range p.senses {
				initialised = initialised && s.lang != semantic.PT && semantic.Initialised(s.cat, s.arg)
			}
			timed := false
			for _, w := range p.words {
				initialised = initialised && !function[w] // "at the moment", "until now"
				timed = timed || lx.timeWord(w)
			}
			if !timed {
				continue // "chain wide", "since inception"
			}
			if !initialised {
				continue
			}
			in := ""
			for _, w := range p.words {
				r := []rune(w)
				if !unicode.IsLetter(r[0]) {
					in = ""
					break
				}
				in += string(r[0])
			}
			if in != "" {
				add(in, strings.Join(p.words, " "), strings.Join(keys, ","))
			}
		}
	}
	// periods: "last week", "this month", "next quarter" by their initials
	first := func(c semantic.Category, plural string) string {
		for _, t := range semantic.Terminals {
			if t.Cat == c && len(t.Words.EN) > 0 && (plural == "" || contains(t.Words.EN, plural)) {
				return t.Words.EN[0]
			}
		}
		return ""
	}
	for _, h := range semantic.InitialismHeads {
		head := first(h, "")
		for letter, u := range semantic.WindowUnits {
			unit := first(semantic.CatUnit, u.EN)
			if head == "" || unit == "" || len(letter) != 1 {
				continue
			}
			add(head[:1]+letter, head+" "+unit, string(h)+":"+unit)
		}
	}
}

// timeWord reports whether a word is in a phrase of a day or of a time up to now ("now":
// "until now"; "far": "thus far").
func (lx *Lexicon) timeWord(w string) bool {
	for k := range lx.senses[w] {
		if strings.HasPrefix(k, string(semantic.CatDay)+":") || strings.HasPrefix(k, string(semantic.CatSoFar)+":") {
			return true
		}
	}
	return false
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// guessable reports whether a word may be read as an abbreviation or an initialism: only
// letters, of a known alphabet, never laughter.
func guessable(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return !semantic.Laughing(w)
}

// initialismOf is the phrase a word the lexicon does not know is the initials of ("" when
// none, or when its phrases mean different things).
func (lx *Lexicon) initialismOf(t Token) string {
	n := len(t.Norm)
	if n < 2 || n > 3 || lx.words[t.Norm] || len(lx.byFirst[t.Norm]) > 0 || !guessable(t.Norm) || semantic.SpellingsOf(t.Norm) != nil {
		return ""
	}
	if t.Cap && strings.IndexFunc(t.Raw, unicode.IsLower) >= 0 {
		return "" // "Ana": a name
	}
	xs := lx.initialisms[t.Norm]
	if len(xs) == 0 {
		return ""
	}
	for _, x := range xs[1:] {
		if x.key != xs[0].key {
			return ""
		}
	}
	long := xs[0].long
	for _, x := range xs[1:] {
		long = min(long, x.long) // deterministic
	}
	if !lx.meaningful(strings.Fields(long)...) {
		return ""
	}
	return long
}

// meaningful reports whether some phrase of these words is a concept: never only a
// function word or discourse, which a reading could drop in silence.
func (lx *Lexicon) meaningful(words ...string) bool {
	for _, w := range words {
		for k := range lx.senses[w] {
			cat, arg, _ := strings.Cut(k, ":")
			if semantic.RoleOf(semantic.Category(cat), arg) == semantic.RoleConcept {
				return true
			}
		}
	}
	for _, w := range words {
		if lx.last[w] != "" {
			return true
		}
	}
	return false
}

// abbreviated returns the lexicon's words a word it does not know abbreviates (see the
// top of this file); the reading decides, in context, whether they agree. dotted: the word
// was typed with a full stop glued to it, which marks a cut (see the end of this file).
func (lx *Lexicon) abbreviated(w string, dotted bool) []candidate {
	n := len(w)
	if n < 2 || !guessable(w) {
		return nil
	}
	v := vowelCount(w)
	// a contraction drops the vowels: none left ("tkt", "txns"), or, from 4 letters, one
	// after two consonants no word starts with ("yday", "pgto", "wkend"); "menu", "lots",
	// "stay", "fly" are words
	contracted := v == 0 || v == 1 && n >= 4 && !isVowel(w, 0) && !isVowel(w, 1) && !onsets[w[:2]]
	var out []candidate
	cut := false // some words are read only by the full stop's looser prefix
	for _, x := range lx.sorted {
		if len(x) <= n || x[0] != w[0] {
			continue
		}
		prefix := strings.HasPrefix(x, w)
		loose := false
		switch {
		case v == 0 && consonants(x) == w:
			// every consonant of the word and nothing else, the way a text message
			// drops a vowel-final word's vowels ("lj": "loja", "smn": "semana", "nvs":
			// "novos"); the only guess a word of 2 letters gets alone
		case n >= 3 && prefix && (n >= 4 && v <= 1 || dotted) && len(x) >= n+3 && !isVowel(w, n-1) && isVowel(x, n) && !semantic.Inflection(x[n:]):
			// a prefix cut before a vowel ("cust|omer", "yest|erday"; with a full stop
			// from 3 letters and any vowels, "tel.|efone", "cresc.|imento"), never
			// another form of a word ("start|ing") nor a word of its own ("news|letter")
			cut = cut || !(n >= 4 && v <= 1)
		case n >= 3 && !prefix && contracted && x[len(x)-1] == w[n-1] && subsequence(w, x):
		case v == 0 && subsequence(w, consonants(x)):
			// some of its consonants in order ("tt": "total"): too loose to stand
			// alone, read only inside a phrase of the lexicon with the words around it
			// ("vlr tt": "vlr total"; unambiguous), and only when no other guess fits
			loose = true
		default:
			continue
		}
		if lx.meaningful(x) {
			out = append(out, candidate{word: x, typos: 1, abbr: true, loose: loose})
		}
	}
	if cut {
		// a short cut is read only when every word of the lexicon it starts means one
		// thing, in any phrase ("tot.": "total" or "totens", refused), not only the
		// words that make a phrase here
		var all []candidate
		for k := sort.SearchStrings(lx.sorted, w); k < len(lx.sorted) && strings.HasPrefix(lx.sorted[k], w); k++ {
			if len(lx.sorted[k]) > n {
				all = append(all, candidate{word: lx.sorted[k]})
			}
		}
		if !lx.oneMeaning(all) {
			return nil
		}
	}
	var strict []candidate
	for _, c := range out {
		if !c.loose {
			strict = append(strict, c)
		}
	}
	if len(strict) > 0 {
		out = strict
	}
	return keepOnset(w, out)
}

// consonants is a word's letters without its vowels.
func consonants(x string) string {
	var b strings.Builder
	for i := range len(x) {
		if !isVowel(x, i) {
			b.WriteByte(x[i])
		}
	}
	return b.String()
}

// keepOnset keeps, of a contraction's candidates, the words that start with its first two
// letters when these are a pair of consonants words start with (onsets) and some do: a
// contraction keeps the cluster that opens the word it shortens ("clts": "clientes",
// never "cancelamentos"). Other first letters choose nothing ("txs" may be "txns" or
// "taxas": refused).
func keepOnset(w string, cs []candidate) []candidate {
	if !onsets[w[:2]] {
		return cs
	}
	var on []candidate
	for _, c := range cs {
		if strings.HasPrefix(c.word, w[:2]) {
			on = append(on, c)
		}
	}
	if len(on) == 0 {
		return cs
	}
	return on
}

// subsequence reports whether the letters of a appear in b in order.
func subsequence(a, b string) bool {
	j := 0
	for i := 0; i < len(b) && j < len(a); i++ {
		if b[i] == a[j] {
			j++
		}
	}
	return j == len(a)
}

// unambiguous drops the matches that read a token as an abbreviation when the words it
// can stand for, where they make a phrase, mean different things, or no concept;
// it returns the words of the matches kept.
func (r *Reading) unambiguous(cands [][]candidate, used [][]string, lang semantic.Lang) [][]string {
	drop := make([]bool, len(r.Matches))
	for i := range r.Tokens {
		abbr := map[string]bool{}  // the words the token may abbreviate
		loose := map[string]bool{} // of them, those read only inside a phrase
		for _, c := range cands[i] {
			if c.abbr {
				abbr[c.word] = true
				loose[c.word] = loose[c.word] || c.loose
			}
		}
		if len(abbr) == 0 {
			continue
		}
		// a word's concept is what it means alone ("passado": last), or, for a word of
		// phrases only, the phrases it makes here ("passivo": "passivo de pontos")
		alone := map[string]map[string]bool{}
		phrased := map[string]map[string]bool{}
		var ks []int
		aloneKs := map[int]string{} // the matches of one word, and the word
		meaning, phraseMeaning := false, false
		// words of the question's language, when some are, over the other's ("smn" in a
		// Portuguese question is "semana", never "someone")
		own := false
		for k, m := range r.Matches {
			own = own || used[k] != nil && m.From <= i && i < m.To && abbr[used[k][i-m.From]] && m.Lang == lang
		}
		for k, m := range r.Matches {
			if used[k] == nil || m.From > i || m.To <= i || !abbr[used[k][i-m.From]] {
				continue
			}
			if own && m.Lang != "" && m.Lang != lang {
				drop[k] = true
				continue
			}
			w := used[k][i-m.From]
			into := phrased
			if m.To-m.From == 1 {
				into = alone
				aloneKs[k] = w
			} else {
				phraseMeaning = phraseMeaning || semantic.RoleOf(m.Cat, m.Arg) == semantic.RoleConcept
			}
			if into[w] == nil {
				into[w] = map[string]bool{}
			}
			into[w][string(m.Cat)+":"+m.Arg] = true
			meaning = meaning || semantic.RoleOf(m.Cat, m.Arg) == semantic.RoleConcept
			ks = append(ks, k)
		}
		senses := map[string]map[string]bool{}
		for w, s := range alone {
			if !loose[w] {
				senses[w] = s
			}
		}
		for w, s := range phrased {
			if alone[w] == nil {
				senses[w] = s
			}
		}
		switch {
		case meaning && len(senses) > 0 && agreeing(senses):
			for k, w := range aloneKs {
				drop[k] = loose[w] // a loose guess stands only in a phrase
			}
		case phraseMeaning && agreeing(phrased):
			// the words around it choose: of the words it may stand for, the phrases
			// it makes with its neighbours mean one thing ("tkt md": "ticket medio",
			// never "moda" alone); that word is read, alone too ("vlr tt": "vlr
			// total", and "total"), and the others are dropped
			for k, w := range aloneKs {
				drop[k] = phrased[w] == nil
			}
		default:
			for _, k := range ks {
				drop[k] = true
			}
		}
	}
	var ms []Match
	var ws [][]string
	for k, m := range r.Matches {
		if !drop[k] {
			ms = append(ms, m)
			ws = append(ws, used[k])
		}
	}
	r.Matches = ms
	return ws
}

// agreeing reports whether every word has the same senses.
func agreeing(senses map[string]map[string]bool) bool {
	var one map[string]bool
	for _, s := range senses {
		if one == nil {
			one = s
			continue
		}
		if !sameSet(s, one) {
			return false
		}
	}
	return true
}

// sameSet reports whether a and b hold the same keys.
func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for x := range a {
		if !b[x] {
			return false
		}
	}
	return true
}

// fixes names the words read as other words: typos, abbreviations and initialisms.
func (r *Reading) fixes(used [][]string) {
	fixed := map[string]bool{}
	for k, m := range r.Matches {
		if m.Typos == 0 {
			continue
		}
		for j := m.From; j < m.To; j++ {
			tk := r.Tokens[j]
			if tk.Guessed != "" {
				var long []string
				for x := j; x < len(r.Tokens) && r.Tokens[x].Guessed == tk.Guessed && r.Tokens[x].Expanded; x++ {
					long = append(long, r.Tokens[x].Raw)
				}
				if j > 0 && r.Tokens[j-1].Guessed == tk.Guessed {
					continue // the initialism is named at its first word
				}
				if !fixed[tk.Guessed] {
					fixed[tk.Guessed] = true
					r.Fixes = append(r.Fixes, "\""+tk.Guessed+"\" → \""+strings.Join(long, " ")+"\"")
				}
				continue
			}
			if w := used[k][j-m.From]; tk.Norm != w && !fixed[tk.Norm] {
				fixed[tk.Norm] = true
				r.Fixes = append(r.Fixes, "\""+tk.Raw+"\" → \""+w+"\"")
			}
		}
	}
}

// Shorthand typed on phones and tablets (the fifteenth round), by rules, not word lists:
//
//   - A word cut short with a full stop glued to it ("tel.", "cresc.", "aver."): the stop
//     marks the cut, so from 3 letters, any vowels, a prefix cut before a vowel is read
//     (without the stop: 4 letters, at most one vowel); a cut that short only when every
//     word of the lexicon it starts means one thing, in any phrase ("tot.": "total" or
//     "totens", refused), and a typo stays a reading beside it ("cresc.": "cresce").
//   - The stop of a word cut short, before a word in lower case, ends no sentence: a word
//     the lexicon reads only as a cut whose words mean one thing alone, a word it knows
//     that starts a longer word of the same concept but for an inflection ("jul.":
//     "julho", "prod.": "produto"; not "mes.": "mesmo"), or that goes on in a phrase past
//     the stop ("No. of"). Read as a sentence's end it split the question in two ("top 3
//     prod. + resgatados no ano": the ranking lost its measure, answered by year).
//   - A vowel-less word whose letters are some of a word's consonants in order ("tt":
//     "total") is read only inside a phrase of the lexicon with the words around it ("vlr
//     tt": "vlr total"), and only when no closer guess fits; and a shorthand whose
//     guesses mean different things alone ("md": "media", "medio", "moda") is read as the
//     word of the one phrase it makes with its neighbours ("tkt md": "ticket medio"),
//     that word alone too (unambiguous).
//   - A vowel-less shorthand the lexicon knows only inside longer phrases ("dt" of "dt
//     nasc") may abbreviate a word where no phrase reads it ("dt": "data").
//   - A shorthand the model lists ("pts", "cust") is also the long word it abbreviates,
//     when both mean the same alone, inside the long word's phrases ("outstanding pts":
//     "outstanding points"; longForms).

// cutShort reports whether a word typed with a full stop, before the word next, is a
// word cut short, its stop no sentence's end (see above).
func (lx *Lexicon) cutShort(w, next string) bool {
	if !lx.alone(w) {
		return semantic.SpellingsOf(w) != nil || lx.oneConcept(lx.abbreviated(w, true))
	}
	for _, p := range lx.byFirst[w] {
		if len(p.words) > 1 && p.words[1] == next {
			return true // "No. of": a phrase goes on past the stop
		}
	}
	for k := sort.SearchStrings(lx.sorted, w); k < len(lx.sorted) && strings.HasPrefix(lx.sorted[k], w); k++ {
		if x := lx.sorted[k]; len(x) >= len(w)+2 && !semantic.Inflection(x[len(w):]) && lx.sameSense(w, x) {
			return true // "jul": "julho"; not "mes": "mesmo"
		}
	}
	return false
}

// longForms are the words of the lexicon a word it knows abbreviates and means the same
// as alone ("pts": "points", "pontos"), read only inside their phrases: alone the word
// reads as itself.
func (lx *Lexicon) longForms(w string) []candidate {
	if vowelCount(w) > 1 {
		return nil // a word, not a shorthand
	}
	var out []candidate
	for _, c := range lx.abbreviated(w, false) {
		if lx.sameSense(w, c.word) {
			c.loose = true
			out = append(out, c)
		}
	}
	return out
}

// oneMeaning reports whether the words of cs have the same concepts in the lexicon: those
// of their one-word phrases, or, for a word of longer phrases only, of those phrases
// (words of no concept, never guessed, aside).
func (lx *Lexicon) oneMeaning(cs []candidate) bool {
	concepts := map[string]map[string]bool{}
	for _, c := range cs {
		s := lx.aloneConcepts(c.word)
		if len(s) == 0 {
			for k := range lx.senses[c.word] {
				cat, arg, _ := strings.Cut(k, ":")
				if semantic.RoleOf(semantic.Category(cat), arg) == semantic.RoleConcept {
					s[k] = true
				}
			}
		}
		if len(s) > 0 { // a word of no concept is never guessed ("tel.": not "tell")
			concepts[c.word] = s
		}
	}
	return agreeing(concepts)
}

// oneConcept reports whether the words a word may abbreviate mean one thing alone (the
// concepts of their one-word phrases; a word of phrases only says nothing here): a cut
// that may stand for different words ("cresc.": "crescimento" or "crescente") is not
// sure enough to take the stop after it out of a sentence's end.
func (lx *Lexicon) oneConcept(cs []candidate) bool {
	concepts := map[string]map[string]bool{}
	for _, c := range cs {
		if c.loose || !lx.alone(c.word) {
			continue
		}
		if s := lx.aloneConcepts(c.word); len(s) > 0 {
			concepts[c.word] = s
		}
	}
	return len(concepts) > 0 && agreeing(concepts)
}

// aloneConcepts are the concepts ("cat:arg") of word's one-word phrases.
func (lx *Lexicon) aloneConcepts(word string) map[string]bool {
	s := map[string]bool{}
	for _, p := range lx.byFirst[word] {
		if len(p.words) != 1 {
			continue
		}
		for _, x := range p.senses {
			if semantic.RoleOf(x.cat, x.arg) == semantic.RoleConcept {
				s[string(x.cat)+":"+x.arg] = true
			}
		}
	}
	return s
}

// sameSense reports whether one-word phrases of a and b share a concept (a function
// word's sense says nothing: "no" and "nossa").
func (lx *Lexicon) sameSense(a, b string) bool {
	for _, p := range lx.byFirst[a] {
		if len(p.words) != 1 {
			continue
		}
		for _, s := range p.senses {
			if semantic.RoleOf(s.cat, s.arg) == semantic.RoleConcept && lx.hasSense(b, s) {
				return true
			}
		}
	}
	return false
}

// hasSense reports whether a one-word phrase of w has sense s.
func (lx *Lexicon) hasSense(w string, s sense) bool {
	for _, p := range lx.byFirst[w] {
		if len(p.words) != 1 {
			continue
		}
		for _, x := range p.senses {
			if x.cat == s.cat && x.arg == s.arg {
				return true
			}
		}
	}
	return false
}

// alone reports whether w is a phrase of the lexicon by itself (not only a word of longer
// phrases).
func (lx *Lexicon) alone(w string) bool {
	for _, p := range lx.byFirst[w] {
		if len(p.words) == 1 {
			return true
		}
	}
	return false
}

// truncationStops takes the full stop of a word cut short followed by a word in lower
// case out of the sentence's end: the two parts are one.
func (lx *Lexicon) truncationStops(toks []Token) []Token {
	for i := 0; i+1 < len(toks); i++ {
		t, next := toks[i], toks[i+1]
		if !t.Dotted || t.Stop != '.' || next.Part == t.Part || !lx.cutShort(t.Norm, next.Norm) {
			continue
		}
		if first, _ := firstRune(next.Raw); unicode.IsUpper(first) {
			continue
		}
		toks[i].Stop = 0
		for k := i + 1; k < len(toks); k++ {
			toks[k].Part--
		}
	}
	return toks
}
