package lexicon

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// TestShortNames: a clipped word names a value of the catalogue only when it names one
// value, or several of one kind (the grammar then asks which), never values of two kinds,
// and only where a name fits.
func TestShortNames(t *testing.T) {
	lx := New(&semantic.Catalog{
		Stores: []semantic.StoreRef{
			{Code: "L1", Name: "Morumbi", City: "São Paulo", State: "SP"},
			{Code: "L2", Name: "Ipiranga", City: "São Paulo", State: "SP"},
			{Code: "L3", Name: "Ibirapuera", City: "São Paulo", State: "SP"},
			{Code: "L4", Name: "Ibiraquera", City: "Ipiratuba", State: "SC"},
		},
		Products: []string{"Vale-compra R$ 50", "Açaí 300ml", "Açaí 500ml"},
	})
	cases := []struct {
		q    string
		at   int
		cat  semantic.Category
		args []string // nil: no value read there
	}{
		{"vendas da moru em maio", 2, CatStore, []string{"L1"}},
		{"vendas da ipiran em maio", 2, CatStore, []string{"L2"}},
		{"vendas de ipirat em maio", 2, CatCity, []string{"Ipiratuba"}},
		{"vendas da ipira em maio", 2, "", nil}, // Ipiranga or Ipiratuba: two kinds
		{"vendas da ibira em maio", 2, CatStore, []string{"L3", "L4"}},
		{"vendas da ibi em maio", 2, "", nil}, // too short
		{"quantos acai foram resgatados", 1, CatProduct, []string{"Açaí 300ml", "Açaí 500ml"}},
		{"quem moru as contas", 1, "", nil}, // no place for a name: after a pronoun
		{"qual loja moru mais", 2, "", nil}, // after the noun of stores with no preposition
		{"vendas na loja moru em maio", 3, CatStore, []string{"L1"}},
		{"vendas moru x ipiran", 1, CatStore, []string{"L1"}},
		{"vendas moru x ipiran", 3, CatStore, []string{"L2"}},
		{"the Moru store sales", 1, CatStore, []string{"L1"}},
	}
	for _, c := range cases {
		r := lx.Read(c.q)
		var got []string
		for _, m := range r.Matches {
			if m.From == c.at && (m.Cat == CatStore || m.Cat == CatProduct || m.Cat == CatCity) {
				got = append(got, m.Arg)
				if m.Cat != c.cat || m.Typos != 1 {
					t.Errorf("%q: %s %s (typos %d), want %s read as unsure", c.q, m.Cat, m.Arg, m.Typos, c.cat)
				}
			}
		}
		if len(got) != len(c.args) {
			t.Errorf("%q: token %d read as %v, want %v", c.q, c.at, got, c.args)
			continue
		}
		for i := range got {
			if got[i] != c.args[i] {
				t.Errorf("%q: token %d read as %v, want %v", c.q, c.at, got, c.args)
			}
		}
	}
	// the answer names the clip's reading, like a typo's
	if r := lx.Read("vendas da moru em maio"); len(r.Fixes) != 1 || r.Fixes[0] != `"moru" → "morumbi"` {
		t.Errorf("fixes %v", r.Fixes)
	}
	// a name with a number is read with the number said as money
	if r := lx.Read("quantos vale-compra R$ 50 foram resgatados"); !has(r, 1, 4, CatProduct, "Vale-compra R$ 50") {
		t.Errorf("Vale-compra R$ 50 not read: %+v", r.Matches)
	}
	// said in two pieces around a gloss that shares a concept with a word of the name
	if r := lx.Read("how many R$ 50 vouchers (Vale-compra) were redeemed"); !has(r, 2, 6, CatProduct, "Vale-compra R$ 50") {
		t.Errorf("R$ 50 vouchers (Vale-compra) not read: %+v", r.Matches)
	}
	// another number, or a word of the name not said, is no such name
	for _, q := range []string{"how many R$ 100 vouchers (Vale-compra) were redeemed", "how many vouchers (Vale-compra) were redeemed"} {
		for _, m := range lx.Read(q).Matches {
			if m.Cat == CatProduct {
				t.Errorf("%q: read %s", q, m.Arg)
			}
		}
	}
}
