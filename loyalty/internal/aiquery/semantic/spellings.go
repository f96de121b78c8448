package semantic

import "fmt"

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
	{"oce", []string{"voce"}},
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
	{"nasc", []string{"nascimento"}},
	{"mt", []string{"muito"}},
	{"mto", []string{"muito"}},
	{"ult", []string{"ultimos", "ultimas", "ultimo", "ultima"}},
	{"ults", []string{"ultimos", "ultimas"}},
	// pt-BR spoken (caipira, mineiro): pronouns as they are said ("nóis vendeu", "ocê me
	// fala", "cê viu")
	{"nois", []string{"nos"}},
	{"oce", []string{"voce"}},
	{"oces", []string{"voces"}},
	{"ce", []string{"voce"}},
	{"ces", []string{"voces"}},
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
	// Scots: negations in -nae, "wi", "ye" ("havenae bought", "compared wi Centro")
	{"havenae", []string{"havent"}},
	{"hasnae", []string{"hasnt"}},
	{"didnae", []string{"didnt"}},
	{"dinnae", []string{"dont"}},
	{"dinna", []string{"dont"}},
	{"doesnae", []string{"doesnt"}},
	{"disnae", []string{"doesnt"}},
	{"isnae", []string{"isnt"}},
	{"wasnae", []string{"wasnt"}},
	{"wi", []string{"with"}},
	{"ye", []string{"you"}},
	{"yer", []string{"your"}},
	{"aye", []string{"yeah"}},
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

// Abbreviation is one typed word that stands for a phrase of the model's words: a finance
// or retail abbreviation ("TTM": the last 12 months), or a word typed in capitals whose
// lower-case form is another word ("MoM" is month over month; "mom" is not). The lexicon
// reads the typed word as the phrase, so the productions that read the phrase spelled out
// read it; nothing is written twice.
type Abbreviation struct {
	Short string // folded
	Caps  bool   // only when typed with a capital after the first letter ("MoM", "MOM", "WoW")
	Long  string // words of the model
}

// Abbreviations of analysts' writing.
var Abbreviations = []Abbreviation{
	{"ttm", false, "last 12 months"},
	{"ltm", false, "last 12 months"},
	{"cy", false, "this year"},
	{"busiest", false, "most sales"},
	{"quietest", false, "fewest sales"},
	{"mom", true, "m/m"},
	{"wow", true, "w/w"},
}

// AbbreviationOf is the phrase a typed word stands for ("" when none); caps says it was
// typed with a capital letter.
func AbbreviationOf(w string, caps bool) string {
	for _, a := range Abbreviations {
		if a.Short == w && (caps || !a.Caps) {
			return a.Long
		}
	}
	return ""
}

// WindowUnits are the unit letters of a trailing window typed as one word: "L30D", "T12M"
// (the last 30 days, the trailing 12 months: L or T, a number, a unit) and "30d", "12m",
// "4wks" right after a word of "last" ("últimos 30d", "past 4w"); the unit's word in
// each language.
var WindowUnits = map[string]Text{
	"d": T("dias", "days"), "dd": T("dias", "days"),
	"w": T("semanas", "weeks"), "wk": T("semanas", "weeks"), "wks": T("semanas", "weeks"), "sem": T("semanas", "weeks"),
	"m": T("meses", "months"), "mo": T("meses", "months"), "mos": T("meses", "months"), "mth": T("meses", "months"), "mths": T("meses", "months"),
	"q": T("trimestres", "quarters"), "qtr": T("trimestres", "quarters"), "qtrs": T("trimestres", "quarters"),
	"y": T("anos", "years"), "yr": T("anos", "years"), "yrs": T("anos", "years"), "a": T("anos", "years"),
}

// DayOffset is the period a day said as an offset from today in Brazilian retail's way
// says, in the model's words: "D+0" (or "D-0") today, "D-1" yesterday, "D-7", "D-30" the
// N days before today as a trailing window, like "últimos 30 dias" ("recorrência D-30:
// compradores dos últimos 30d"). An offset after today ("D+3") is no period a report
// has: "".
func DayOffset(sign byte, n int) string {
	switch {
	case n == 0:
		return "today"
	case sign != '-':
		return ""
	case n == 1:
		return "yesterday"
	}
	return fmt.Sprintf("last %d days", n)
}

// InitialismHeads are the period words whose first English word ("last", "this", "next")
// and a unit letter of WindowUnits make a period analysts type by its initials ("LW":
// last week, "TM": this month, "NQ": next quarter). The lexicon reads such a word, when it
// knows no other, as the period (package lexicon, abbrev.go).
var InitialismHeads = []Category{CatLast, CatThis, CatNext}

// Initialised reports whether analysts type the phrases of a terminal by their initials:
// English expressions of time ("rn": right now, "atm": at the moment, "eod": end of day).
// Other phrases are not guessed from their initials: two or three letters are the
// initials of too many phrases of the model and of other things ("ABC", "BR", "PM").
func Initialised(c Category, arg string) bool {
	switch c {
	case CatDay, CatSoFar:
		return true
	case CatFiller:
		return arg == "scope"
	}
	return false
}

// WindowLast are the letters that open a trailing window typed as one word ("L30D", "T12M").
var WindowLast = map[string]bool{"l": true, "t": true}

// Inflections are the endings that make another form of a word (English and Portuguese:
// "start" and "starting", "small" and "smallest", "olha" and "olhando"): a word the
// lexicon does not know that is the start of one of its words but for such an ending is
// another word, not an abbreviation of it (package lexicon, abbrev.go).
var Inflections = []string{"s", "es", "ed", "er", "ers", "est", "ing", "ings", "ly", "ness", "m", "ando", "endo", "indo", "aram", "eram", "iram", "ou", "am", "em", "mente", "ção", "cao", "coes"}

// Inflection reports whether an ending makes another form of a word.
func Inflection(end string) bool {
	for _, x := range Inflections {
		if x == end {
			return true
		}
	}
	return false
}
