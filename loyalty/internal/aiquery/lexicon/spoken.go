package lexicon

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Numbers said in words. People who dictate or type as they speak say a number in several
// words: "dois mil e vinte e cinco", "twenty twenty four", "one hundred and eighty days",
// "cento e vinte e cinco pontos". The lexicon reads such a number as one number token,
// like "2025", "180", "125" typed in digits, so every production that reads a number (a
// year, a day of a month, a count of days, a threshold) reads it too. The parts are the
// number words of the model (semantic.Terminals, CatNumWord), joined by nothing or by
// semantic.NumberJoin; they compose as numbers are said: a multiplier after a smaller
// number ("dois mil", "four hundred"), a smaller part after a larger round one ("vinte e
// cinco", "mil e quinhentos"), and a year said as two pairs ("twenty twenty four",
// "nineteen ninety nine"). Parts that do not compose ("entre dezoito e vinte", "one or
// two") are left as they are: a single number word stays a word (an article, "one" of
// "which one").

// spokenPart is a number word of the model at a token: its value and where it ends.
type spokenPart struct {
	val    int
	to     int
	joined bool // a join word came before it
}

// numberWords are the model's number words by their folded words, longest first.
func numberWords() map[string][][]string {
	out := map[string][][]string{}
	for _, t := range semantic.Terminals {
		if t.Cat != semantic.CatNumWord {
			continue
		}
		for _, w := range append(append([]string(nil), t.Words.PT...), t.Words.EN...) {
			var ws []string
			for _, tk := range Tokenize(w) {
				ws = append(ws, tk.Norm)
			}
			if len(ws) > 0 {
				out[ws[0]] = append(out[ws[0]], append(ws, t.Arg))
			}
		}
	}
	return out
}

// spokenNumbers replaces each number said in several words by one number token.
func (lx *Lexicon) spokenNumbers(toks []Token) []Token {
	var out []Token
	for i := 0; i < len(toks); {
		parts := lx.spokenParts(toks, i)
		n, val := composeSpoken(parts)
		if n < 2 {
			out = append(out, toks[i])
			i++
			continue
		}
		end := parts[n-1].to
		var raw []string
		for _, t := range toks[i:end] {
			raw = append(raw, t.Raw)
		}
		s := strconv.Itoa(val)
		out = append(out, Token{Part: toks[i].Part, Stop: toks[end-1].Stop, Kind: Number, Raw: strings.Join(raw, " "), Norm: s, Num: float64(val)})
		i = end
	}
	return out
}

// spokenParts are the number words from token i on, in one part of the question, each
// maybe after a join word.
func (lx *Lexicon) spokenParts(toks []Token, i int) []spokenPart {
	var parts []spokenPart
	joined := false
	for i < len(toks) && toks[i].Kind == Word && (len(parts) == 0 || toks[i].Part == toks[i-1].Part) {
		to, val := -1, 0
		for _, ws := range lx.numbers[toks[i].Norm] {
			words := ws[:len(ws)-1]
			if i+len(words) > len(toks) || len(words) <= to-i {
				continue
			}
			ok := true
			for k, w := range words {
				ok = ok && toks[i+k].Kind == Word && toks[i+k].Norm == w && toks[i+k].Part == toks[i].Part
			}
			if ok {
				to, val = i+len(words), atoi(ws[len(ws)-1])
			}
		}
		if to < 0 {
			if len(parts) > 0 && !joined && joinWord(toks[i].Norm) {
				joined = true
				i++
				continue
			}
			break
		}
		parts = append(parts, spokenPart{val, to, joined})
		joined = false
		i = to
	}
	return parts
}

// joinWord reports whether w joins the parts of a number (semantic.NumberJoin).
func joinWord(w string) bool {
	for _, j := range semantic.NumberJoin.PT {
		if w == j {
			return true
		}
	}
	for _, j := range semantic.NumberJoin.EN {
		if w == j {
			return true
		}
	}
	return false
}

// composeSpoken composes the longest run of parts that makes one number: how many parts
// it takes (fewer than 2: none) and the number. A year said as two pairs is read when the
// parts make no longer number as said.
func composeSpoken(parts []spokenPart) (int, int) {
	n, val := composeParts(parts)
	if len(parts) >= 2 && !parts[1].joined && (parts[0].val == 19 || parts[0].val == 20) {
		// a year said as two pairs: "twenty twenty four", "nineteen ninety nine"
		m, lo := composeParts(parts[1:])
		if m < 2 {
			m, lo = 1, parts[1].val
		}
		if lo >= 10 && lo < 100 && m+1 > n {
			return m + 1, parts[0].val*100 + lo
		}
	}
	return n, val
}

// composeParts composes the parts as numbers are said: a multiplier after a smaller number
// ("dois mil", "four hundred"), a smaller part after a round one ("vinte e cinco", "mil e
// quinhentos", "cento e vinte").
func composeParts(parts []spokenPart) (int, int) {
	best, bestVal := 0, 0
	total, cur, place := 0, 0, 0 // place: what an added part must be under (0: anything)
	for k, p := range parts {
		v := p.val
		switch {
		case v == 1000 && k > 0 && !p.joined && total == 0 && cur > 0 && cur < 1000:
			total, cur, place = cur*1000, 0, 1000 // "dois mil", "twenty thousand"
		case v == 1000 && k == 0:
			total, place = 1000, 1000 // "mil e quinhentos"
		case v == 100 && k > 0 && !p.joined && cur > 0 && cur < 10:
			cur, place = cur*100, 100 // "four hundred"
		case k > 0 && (v >= place || v == 0 || v == 1000):
			return best, bestVal
		default:
			cur += v
			switch {
			case v%100 == 0:
				place = 100
			case v >= 20 && v < 100 && v%10 == 0, v > 100 && v%10 == 0:
				place = 10
			default:
				place = 1 // units, teens and a number ending in one end a number, but for a multiplier
			}
		}
		if k > 0 {
			best, bestVal = k+1, total+cur
		}
	}
	return best, bestVal
}

// spokenWord finds the words of a question and their places in it.
var spokenWord = regexp.MustCompile(`[\p{L}]+`)

// unspokenPunctuation writes each punctuation mark said as words (semantic.SpokenPunctuation)
// as the mark, so that the question's parts are split where the writer said.
func unspokenPunctuation(q string) string {
	locs := spokenWord.FindAllStringIndex(q, -1)
	if len(locs) == 0 {
		return q
	}
	words := make([]string, len(locs))
	for i, l := range locs {
		words[i] = Fold(q[l[0]:l[1]])
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(locs); i++ {
		mark, n := spokenMarkAt(q, locs, words, i)
		if n == 0 {
			continue
		}
		b.WriteString(q[last:locs[i][0]])
		b.WriteString(" " + mark + " ")
		last = locs[i+n-1][1]
		i += n - 1
	}
	if last == 0 {
		return q
	}
	b.WriteString(q[last:])
	return b.String()
}

// spokenMarkAt is the mark said by the words from i on, and how many words say it (0: none).
func spokenMarkAt(q string, locs [][]int, words []string, i int) (string, int) {
	if i > 0 && slices.Contains(slices.Concat(semantic.Articles.PT, semantic.Articles.EN), words[i-1]) {
		return "", 0
	}
	for _, sp := range semantic.SpokenPunctuation {
		for _, ph := range slices.Concat(sp.Words.PT, sp.Words.EN) {
			ws := strings.Fields(ph)
			if i+len(ws) > len(words) || !slices.Equal(words[i:i+len(ws)], ws) {
				continue
			}
			// the words of one mark are said together, nothing between them but spaces
			together := true
			for k := i + 1; k < i+len(ws); k++ {
				together = together && strings.TrimSpace(q[locs[k-1][1]:locs[k][0]]) == ""
			}
			if together {
				return sp.Mark, len(ws)
			}
		}
	}
	return "", 0
}
