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
// article, a possessive or a breakdown's word: "my shop", "the shop", "each shop" name a
// store, never "to shop" ("how many customers does my shop, Copacabana, have" counts the
// store's customers, not its buyers).
func storeNounAfterDeterminer(r *lexicon.Reading) *lexicon.Reading {
	before := slices.Concat(semantic.Articles.PT, semantic.Articles.EN, semantic.PointingAt.PT, semantic.PointingAt.EN)
	by := make([]bool, len(r.Tokens)) // "each", "per", "por": a breakdown's word
	for _, m := range r.Matches {
		if m.Cat == semantic.CatBy && m.Typos == 0 && m.To <= len(by) {
			by[m.To-1] = true
		}
	}
	store := make([]bool, len(r.Tokens))
	for _, m := range r.Matches {
		if m.Cat == semantic.CatNoun && m.Arg == "stores" && m.To == m.From+1 && m.From > 0 && (by[m.From-1] || slices.Contains(before, r.Tokens[m.From-1].Norm)) {
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

// Stores counted (issue 24, thirteenth round). "How many stores signed up in 2024", "how
// many stores had sales in May": the model counts stores only as stores (StoreCount); a
// count of stores said with what customers or sales did was read as a count of those
// (customers, sales: silently wrong). Such a question is refused.

// countsStoresElse reports whether the question asks how many stores ("how many stores",
// "quantas lojas") and the request counts something else.
func countsStoresElse(r *lexicon.Reading, req *semantic.Request) bool {
	if req == nil || slices.ContainsFunc(req.Measures, func(m *semantic.Measure) bool { return m.Fact == semantic.Stores }) {
		return false
	}
	for _, m := range r.Matches {
		if m.Cat != semantic.CatAgg || m.Arg != "count" || m.Typos > 0 {
			continue
		}
		k := m.To
		for k < len(r.Tokens) && isFunctionWord(r, k) {
			k++
		}
		for _, n := range r.Matches {
			if n.From == k && n.Typos == 0 && n.Cat == semantic.CatNoun && n.Arg == "stores" {
				return true
			}
		}
	}
	return false
}

// storesCountRefusal says that stores are counted only as stores.
func storesCountRefusal(r *lexicon.Reading, res *Result) *Refusal {
	return &Refusal{Lang: r.Lang, Context: res.Context, Understood: []string{describe(res.Request)}, Reason: say(r.Lang,
		"só sei contar as lojas cadastradas; para o que cada loja fez, pergunte por loja (por exemplo \"vendas por loja em maio\")",
		"I can count only the stores on record; for what each store did, ask by store (for example \"sales by store in May\")")}
}
