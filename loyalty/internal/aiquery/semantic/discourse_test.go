package semantic

import "testing"

// A discourse word is never also a concept of the model: a reading that may skip it, or a
// sentence left out for it, would drop the concept ("tipo" is the entry type, "best" a
// ranking, "may" a month).
func TestDiscourseWordsAreNoConcept(t *testing.T) {
	concept := map[string]Term{}
	for _, term := range Terms() {
		if RoleOf(term.Cat, term.Arg) != RoleConcept || term.Cat == CatFiller {
			continue
		}
		for _, w := range term.Words.All() {
			concept[w] = term
		}
	}
	for _, f := range Fillers {
		if f.Role != RoleDiscourse {
			continue
		}
		for _, w := range f.Words.All() {
			if c, ok := concept[w]; ok {
				t.Errorf("discourse word %q (%s) is also %s %s", w, f.ID, c.Cat, c.Arg)
			}
		}
	}
}

// Every class of words that are not concepts has a role and words in both languages.
func TestFillerClasses(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Fillers {
		if seen[f.ID] {
			t.Errorf("class %q twice", f.ID)
		}
		seen[f.ID] = true
		if len(f.Words.PT) == 0 || len(f.Words.EN) == 0 {
			t.Errorf("class %q lacks a language", f.ID)
		}
		if FillerByID(f.ID) != f {
			t.Errorf("class %q not found by id", f.ID)
		}
	}
	if RoleOf(CatNeg, "") != RoleConcept || RoleOf(CatRestrict, "") != RoleConcept || RoleOf(CatAgain, "") != RoleConcept {
		t.Error("negation, restriction and time relations must be concepts")
	}
	if RoleOf(CatFiller, "scope") != RoleConcept || RoleOf(CatFiller, "courtesy") != RoleDiscourse || RoleOf(CatTo, "") != RoleNeutral {
		t.Error("roles of the classes")
	}
}
