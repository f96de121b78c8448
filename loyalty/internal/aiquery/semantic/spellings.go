package semantic

// Spelling is an informal way of writing a word of the model: a texting abbreviation
// ("d" for "de", "n" for "não"), a spoken form, or a regularised verb of English as a second
// language ("buyed" for "bought"). The lexicon reads the informal word as each of its
// standard words wherever a phrase of the model has one ("mais d 1000 pts" is "mais de
// 1000 pts", "n voltaram" is "não voltaram"), so every phrase of the model gains its informal
// spellings without being written twice; a word no phrase uses is still not understood.
type Spelling struct {
	Informal string   // folded, one word
	Standard []string // folded words of the model it stands for
}

// Spellings are the informal spellings of the model's words, pt-BR and en.
var Spellings = []Spelling{
	// pt-BR texting
	{"d", []string{"de"}},
	{"n", []string{"nao"}},
	{"nd", []string{"nada"}},
	{"q", []string{"que"}},
	{"qnd", []string{"quando"}},
	{"qdo", []string{"quando"}},
	{"vc", []string{"voce"}},
	{"vcs", []string{"voces"}},
	{"tb", []string{"tambem"}},
	{"tbm", []string{"tambem"}},
	{"hj", []string{"hoje"}},
	{"msm", []string{"mesmo"}},
	{"td", []string{"tudo"}},
	{"tds", []string{"todos"}},
	{"cd", []string{"cada"}},
	{"qq", []string{"qualquer"}},
	{"qlq", []string{"qualquer"}},
	{"dps", []string{"depois"}},
	{"agr", []string{"agora"}},
	{"ngm", []string{"ninguem"}},
	{"nm", []string{"nem"}},
	{"mt", []string{"muito"}},
	{"mto", []string{"muito"}},
	// en texting
	{"u", []string{"you"}},
	{"ur", []string{"your"}},
	{"r", []string{"are"}},
	{"b4", []string{"before"}},
	{"thru", []string{"through"}},
	{"tho", []string{"though"}},
	{"plz", []string{"please"}},
	{"pls", []string{"please"}},
	{"thx", []string{"thanks"}},
	{"cuz", []string{"because"}},
	// English as a second language: irregular verbs made regular
	{"buyed", []string{"bought"}},
	{"spended", []string{"spent"}},
	{"payed", []string{"paid"}},
	{"selled", []string{"sold"}},
	{"maked", []string{"made"}},
	{"bringed", []string{"brought"}},
	{"gived", []string{"given"}},
}

// SpellingsOf returns the standard words an informal word stands for (nil: none).
func SpellingsOf(w string) []string {
	for _, s := range Spellings {
		if s.Informal == w {
			return s.Standard
		}
	}
	return nil
}
