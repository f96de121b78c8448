package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The writer's own store (issue 24, thirteenth round). "How many redemptions were applied
// at our shop this month?", "quanto vendeu a minha loja em maio?": a store noun in the
// singular after a possessive or a demonstrative (semantic.PointingAt) is one store the
// writer has in mind. The report cannot know which one unless the question names it ("my
// shop, Copacabana", "minha loja da Savassi", "minha loja de BH"); without a name the
// question is refused and asks for it, never answered for every store (that was silently
// wrong).

// unnamedOwnStore reports whether the question points at one store of its own and names no
// store, city or state.
func unnamedOwnStore(r *lexicon.Reading) bool {
	if slices.ContainsFunc(r.Matches, place) {
		return false
	}
	pointers := slices.Concat(semantic.PointingAt.PT, semantic.PointingAt.EN)
	for _, m := range r.Matches {
		if m.Cat != semantic.CatNoun || m.Arg != "stores" || m.Typos > 0 || m.From == 0 || m.To != m.From+1 {
			continue
		}
		// a plural ("nossas lojas", "our stores") is all of them; plurals of the store
		// words end in s in both languages (lojas, filiais, unidades, shops, branches)
		if strings.HasSuffix(r.Tokens[m.From].Norm, "s") {
			continue
		}
		if slices.Contains(pointers, r.Tokens[m.From-1].Norm) {
			return true
		}
	}
	return false
}

// ownStoreRefusal asks which store the writer means.
func ownStoreRefusal(r *lexicon.Reading, res *Result) *Refusal {
	return &Refusal{Lang: r.Lang, Context: res.Context, Understood: []string{describe(res.Request)}, Reason: say(r.Lang,
		"a pergunta fala de uma loja sua sem dizer qual; diga o nome da loja (por exemplo \"na loja Savassi\")",
		"the question is about one store of yours without saying which; name the store (for example \"at the Savassi store\")")}
}

// storeNounAfterDeterminer returns r without the verb reading of a store word said after an
// article or a possessive: "my shop", "the shop" name a store, never "to shop" ("how many
// customers does my shop, Copacabana, have" counts the store's customers, not its buyers).
func storeNounAfterDeterminer(r *lexicon.Reading) *lexicon.Reading {
	before := slices.Concat(semantic.Articles.PT, semantic.Articles.EN, semantic.PointingAt.PT, semantic.PointingAt.EN)
	store := make([]bool, len(r.Tokens))
	for _, m := range r.Matches {
		if m.Cat == semantic.CatNoun && m.Arg == "stores" && m.To == m.From+1 && m.From > 0 && slices.Contains(before, r.Tokens[m.From-1].Norm) {
			store[m.From] = true
		}
	}
	if !slices.Contains(store, true) {
		return r
	}
	out := *r
	out.Matches = slices.DeleteFunc(slices.Clone(r.Matches), func(m lexicon.Match) bool {
		return m.Cat == semantic.CatEvent && m.To == m.From+1 && store[m.From]
	})
	return &out
}
