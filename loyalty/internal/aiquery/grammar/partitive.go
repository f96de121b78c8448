package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The fronted partitive (issue 24, thirteenth round). "Dos clientes que se cadastraram em
// janeiro, quantos já compraram?", "of the customers who signed up in January, how many have
// made a purchase since then": the rows a count is taken of, said first with "of"
// (semantic.PartitiveOf) and a clause of their own, then the count. The question is the
// count said first ("quantos clientes que se cadastraram em janeiro já compraram?"): each
// clause keeps its own words and period. It is read so when the question in its own order
// is refused (Interpret); a question the grammar reads in its order ("of the customers who
// shopped in May, how many were first-time buyers and how many returning") keeps that
// reading.

// partitiveFronted is the question with a fronted partitive said in the order of its count,
// and whether it has one: "of" at the start, the customers right after it (function words
// between), a clause of theirs, then "how many" (never a percentage: "quantos %").
func partitiveFronted(r *lexicon.Reading) (string, bool) {
	n := phraseAt(r, 0, splitPhrases(semantic.PartitiveOf))
	if n == 0 {
		return "", false
	}
	k := n
	for k < len(r.Tokens) && isFunctionWord(r, k) && !customersNoun(r, k) {
		k++
	}
	if k >= len(r.Tokens) || !customersNoun(r, k) {
		return "", false
	}
	for _, m := range r.Matches {
		if m.Cat != semantic.CatAgg || m.Arg != "count" || m.Typos > 0 || m.From <= k+1 || m.To >= len(r.Tokens) || r.Tokens[m.From].Part != r.Tokens[k].Part {
			continue
		}
		if slices.ContainsFunc(r.Matches, func(s lexicon.Match) bool { return s.From == m.To && s.Cat == semantic.CatShare }) {
			return "", false
		}
		end := m.From
		for end > k && r.Tokens[end-1].Norm == "," {
			end--
		}
		var words []string
		for _, t := range r.Tokens[m.From:m.To] {
			words = append(words, t.Raw)
		}
		for _, t := range r.Tokens[k:end] {
			words = append(words, t.Raw)
		}
		for _, t := range r.Tokens[m.To:] {
			words = append(words, t.Raw)
		}
		return strings.Join(words, " "), true
	}
	return "", false
}
