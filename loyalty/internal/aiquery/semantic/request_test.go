package semantic

import (
	"errors"
	"testing"
)

// Two filters that fix one attribute to values with nothing in common keep no row: the
// request is refused rather than answered with zero, for every attribute a filter fixes,
// whether the second value is a filter or the condition of a percentage.
func TestValidateRefusesDisjointValuesOfOneAttribute(t *testing.T) {
	card := []string{"credit"}
	pix := []string{"pix"}
	cases := []struct {
		name  string
		fact  *Fact
		a, b  *Filter
		clash bool
	}{
		{"gender", Customers, Gender("F", T("mulheres", "women")), Gender("M", T("homens", "men")), true},
		{"weekdays", Sales, WeekdayIn([]int{6, 7}), WeekdayIn([]int{1, 2, 3, 4, 5}), true},
		{"overlapping weekdays", Sales, WeekdayIn([]int{1, 2, 3, 4, 5}), WeekdayIn([]int{4}), false},
		{"store", Sales, StoreCode("CEN"), StoreCode("IBI"), true},
		{"store within stores", Sales, StoreCode("CEN"), StoreCodes([]string{"CEN", "IBI"}), false},
		{"state", Sales, StoreState("SP"), StoreState("rj"), true},
		{"city", Sales, StoreCity("São Paulo"), StoreCity("Rio de Janeiro"), true},
		{"payment type", Sales, PaymentType(card, true, T("cartão", "card")), PaymentType(pix, true, T("pix", "pix")), true},
		{"origin", Customers, Origin([]string{"app"}, true, T("app", "app")), Origin([]string{"store"}, true, T("loja", "store")), true},
		{"app use", Customers, AppUser(true), AppUser(false), true},
		{"opt-in", Customers, OptIn(SMS, true), OptIn(SMS, false), true},
		{"two channels", Customers, OptIn(SMS, true), OptIn(Email, false), false},
		{"active", Customers, Active(true), Active(false), true},
		{"different attributes", Customers, Gender("F", T("mulheres", "women")), AppUser(true), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			count := MeasureByID(c.fact.Count)
			filtered := &Request{Fact: c.fact, Measures: []*Measure{count}, Filters: []*Filter{c.a, c.b}}
			requests := map[string]*Request{"filters": filtered}
			if rate, err := RateOf(c.fact, c.a, nil); err == nil {
				// a rate over a join (the store's state) is not built; the filters still clash
				requests["rate"] = &Request{Fact: c.fact, Measures: []*Measure{rate}, Filters: []*Filter{c.b}}
			}
			for name, r := range requests {
				err := r.Validate()
				var inv *InvalidError
				if c.clash && !errors.As(err, &inv) {
					t.Errorf("%s: %s with %s validated (%v), want refused", name, c.a.Name.EN, c.b.Name.EN, err)
				}
				if !c.clash && err != nil {
					t.Errorf("%s: %s with %s refused: %v", name, c.a.Name.EN, c.b.Name.EN, err)
				}
			}
		})
	}
}
