package lexicon

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

var testCatalog = &semantic.Catalog{
	Stores:       []semantic.StoreRef{{Code: "L01", Name: "Centro", City: "São Paulo", State: "SP"}, {Code: "L03", Name: "Cambuí", City: "Campinas", State: "SP"}},
	Products:     []string{"Caneca Térmica", "Pão de Queijo"},
	PaymentTypes: []string{"pix", "credit_card"},
	Origins:      []string{"APP", "PDV"},
}

// has reports whether the reading has a match of cat/arg over tokens [from, to).
func has(r *Reading, from, to int, cat semantic.Category, arg string) bool {
	for _, m := range r.Matches {
		if m.From == from && m.To == to && m.Cat == cat && (arg == "" || m.Arg == arg) {
			return true
		}
	}
	return false
}

func TestRead(t *testing.T) {
	lx := New(testCatalog)
	cases := []struct {
		name     string
		q        string
		from, to int
		cat      semantic.Category
		arg      string
		lang     semantic.Lang
	}{
		{"measure word, accents folded", "Faturamento do mês", 0, 1, semantic.CatMeasure, "revenue", semantic.PT},
		{"typo within 2 edits of a long word", "faturamneto de maio", 0, 1, semantic.CatMeasure, "revenue", semantic.PT},
		{"typo within 1 edit", "mes pasado", 1, 2, semantic.CatLast, "", semantic.PT},
		{"swapped letters of a short word", "ultimos 7 dais", 2, 3, semantic.CatUnit, "day", semantic.PT},
		{"abbreviation", "qtd de vendas", 0, 1, semantic.CatAgg, "count", semantic.PT},
		{"informal english", "how many ppl signed up this yr", 2, 3, semantic.CatNoun, "customers", semantic.EN},
		{"multi-word phrase", "revenue by payment method", 2, 4, semantic.CatDim, "payment_type", semantic.EN},
		{"catalogue store", "vendas na loja cambui", 3, 4, CatStore, "L03", semantic.PT},
		{"catalogue city", "revenue in sao paulo", 2, 4, CatCity, "São Paulo", semantic.EN},
		{"catalogue product", "quantos pontos custa a caneca térmica", 4, 6, CatProduct, "Caneca Térmica", semantic.PT},
		{"catalogue payment code", "sales paid with credit_card", 3, 5, semantic.CatValue, "payment:credit_card", semantic.EN},
		{"hyphenated weekday", "vendas nas quintas-feiras de outubro", 2, 4, semantic.CatWeekday, "4", semantic.PT},
		{"year number", "receita em 2024", 2, 3, CatYear, "2024", semantic.PT},
		{"money", "sales over R$ 1.500,50", 2, 3, CatMoney, "1500.50", semantic.EN},
		{"range", "clientes de 18-24 anos", 2, 3, CatRange, "18-24", semantic.PT},
		{"then for than", "more then 5 purchases", 0, 2, semantic.CatCmp, ">", semantic.EN},
		{"short year glued by a slash", "vendas em fev/25", 3, 4, CatYear, "2025", semantic.PT},
		{"short year after an apostrophe", "revenue Jan '25", 2, 3, CatYear, "2025", semantic.EN},
		{"quarter with its year glued", "faturamento 1T24", 2, 3, CatYear, "2024", semantic.PT},
		{"year-month", "faturamento de 2024-10", 2, 3, CatMonthYr, "10/2024", semantic.PT},
		{"a literal slot offers every word", "clientes com Santos no nome", 2, 3, CatLiteral, "Santos", semantic.PT},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := lx.Read(c.q)
			if !has(r, c.from, c.to, c.cat, c.arg) {
				t.Errorf("%q: no %s %q over tokens %d-%d; matches %+v", c.q, c.cat, c.arg, c.from, c.to, r.Matches)
			}
			if r.Lang != c.lang {
				t.Errorf("%q: language %s, want %s", c.q, r.Lang, c.lang)
			}
		})
	}
}

func TestTyposOnlyAgainstTheLexicon(t *testing.T) {
	lx := New(nil)
	// a short unknown word is not corrected, and a capitalised one is a name, never a typo
	for _, q := range []string{"clientes chamados Souza", "xyz"} {
		r := lx.Read(q)
		for _, m := range r.Matches {
			if m.Typos > 0 {
				t.Errorf("%q: %+v read as a typo", q, m)
			}
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"dias", "dais", 1}, {"faturamento", "faturamneto", 1}, {"passado", "pasado", 1}, {"abc", "xyz", 3}} {
		if got := distance(c.a, c.b, 3); got != c.want {
			t.Errorf("distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestShortYearsAndLiterals: a number apart from its month is no year ("April 1" is a
// day), and without a slot's marker no word is offered as a literal.
func TestShortYearsAndLiterals(t *testing.T) {
	lx := New(testCatalog)
	if r := lx.Read("sales since April 25"); has(r, 3, 4, CatYear, "") || !has(r, 3, 4, CatNumber, "25") {
		t.Errorf("April 25: %+v", r.Matches)
	}
	if r := lx.Read("vendas em fev/25"); has(r, 3, 4, CatNumber, "") {
		t.Errorf("fev/25: a short year is not also a number: %+v", r.Matches)
	}
	if r := lx.Read("clientes com santos"); has(r, 2, 3, CatLiteral, "") {
		t.Errorf("no slot, no literal: %+v", r.Matches)
	}
}

// TestFold: a word is compared folded (lower case, no accents, hyphens and apostrophes
// inside words dropped, single spaces), and a word already folded is returned as it is.
func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"São Paulo":        "sao paulo",
		"e-mail":           "e mail",
		"d'água":           "dagua",
		"  two   spaces ":  "two spaces",
		"ÇÃO":              "cao",
		"already folded 3": "already folded 3",
		"tab\there":        "tab here",
		"MAIO":             "maio",
		"x\u00a0y":         "x y",
		"":                 "",
		" ":                "",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
		if got := Fold(Fold(in)); got != Fold(in) {
			t.Errorf("Fold is not idempotent on %q: %q", in, got)
		}
	}
}
