package nlq

import "sort"

// closestWord returns the vocabulary word within a small edit distance of w (1 for words
// of 4 to 7 letters, 2 from 8 on), or "" when there is none or the closest are several
// words of different meanings.
func closestWord(w string) string {
	n := len([]rune(w))
	if n < 4 {
		return ""
	}
	limit := 1
	if n >= 8 {
		limit = 2
	}
	best, bestD, tie := "", limit+1, false
	first, _ := firstRune(w)
	for _, v := range vocabList {
		m := len([]rune(v))
		if m < 3 || m-n > limit || n-m > limit {
			continue
		}
		// A typo rarely changes the first letter; requiring it keeps "manuais" from
		// reading as "anuais" and names from reading as words.
		if f, _ := firstRune(v); f != first {
			continue
		}
		d := distance(w, v, limit)
		switch {
		case d < bestD:
			best, bestD, tie = v, d, false
		case d == bestD && !sameMeaning(best, v):
			tie = true
		}
	}
	if tie || bestD > limit {
		return ""
	}
	return best
}

// vocabList is the vocabulary in a fixed order, so typo reading is deterministic.
var vocabList = func() []string {
	out := make([]string, 0, len(vocabWords))
	for w := range vocabWords {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}()

// sameMeaning: two vocabulary words that mean the same thing do not make a typo
// ambiguous ("cliente" and "clientes").
func sameMeaning(a, b string) bool {
	sa, sb := wordSenses(a), wordSenses(b)
	if len(sa) == 0 || len(sb) == 0 {
		return fillerSet[a] && fillerSet[b]
	}
	for _, x := range sa {
		if !hasSense(sb, x) {
			return false
		}
	}
	return len(sa) == len(sb)
}

func wordSenses(w string) []sense {
	for _, e := range phrasesByFirst[w] {
		if len(e.words) == 1 {
			return e.senses
		}
	}
	return nil
}

// distance is the optimal string alignment distance (insertions, deletions,
// substitutions and transpositions of adjacent letters), cut off above limit.
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
