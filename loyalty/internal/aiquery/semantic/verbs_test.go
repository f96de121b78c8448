package semantic

import (
	"slices"
	"testing"
)

func TestConjugate(t *testing.T) {
	for lemma, want := range map[string][]string{
		"realizar":     {"realizadas", "realizou", "realizaram", "realizam", "realizando"},
		"encontrar-se": {"encontra", "encontram", "encontravam", "encontrados"},
	} {
		got := Conjugate(lemma)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("Conjugate(%q) has no %q: %v", lemma, w, got)
			}
		}
	}
	// the forms that also ask to change data are never generated
	for _, w := range []string{"lancar", "lanca", "lance", "registrar", "registra", "registre", "encontrou"} {
		if slices.Contains(Performing(), w) {
			t.Errorf("Performing has %q", w)
		}
	}
}

// A performing verb is skipped by a reading: none of its forms may be a word of a write.
func TestPerformingNeverWrites(t *testing.T) {
	for _, term := range Terminals {
		if term.Cat != CatWrite {
			continue
		}
		for _, w := range term.Words.PT {
			if slices.Contains(Performing(), w) {
				t.Errorf("%q is a write and a performing verb", w)
			}
		}
	}
}

func TestEuropeanSpellings(t *testing.T) {
	for informal, want := range map[string]string{
		"activos":     "ativos",
		"facturacao":  "faturamento",
		"efectuaram":  "efetuaram",
		"transacto":   "transato",
		"registaram":  "registraram",
		"cupoes":      "cupons",
		"percentagem": "porcentagem",
	} {
		if got := SpellingsOf(informal); !slices.Contains(got, want) {
			t.Errorf("SpellingsOf(%q) = %v, want %q among them", informal, got, want)
		}
	}
	// English words are never read without their consonants
	for _, w := range []string{"actual", "fact", "sect", "select"} {
		if got := SpellingsOf(w); len(got) > 0 {
			t.Errorf("SpellingsOf(%q) = %v, want none", w, got)
		}
	}
}
