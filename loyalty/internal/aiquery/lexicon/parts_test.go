package lexicon

import "testing"

// A question's sentences are its parts: split at sentence punctuation and free-standing
// dashes, never inside a number, a range, a date or a hyphenated word; a comma stays in
// its sentence.
func TestParts(t *testing.T) {
	tests := []struct {
		q     string
		parts []int
	}{
		{"Oi, tudo bem? Vendas de maio!", []int{0, 0, 0, 0, 1, 1, 1}},
		{"Revenue for May - thanks", []int{0, 0, 0, 1}},
		{"vendas de R$ 1.500,00 a 2.000 em 15/05/2025; obrigado…", []int{0, 0, 0, 0, 0, 0, 0, 1}},
		{"clientes de 18-24 anos: sign-up pelo app", []int{0, 0, 0, 0, 1, 1, 1, 1}},
		{"Hi!!! ... Sales?", []int{0, 1}},
	}
	for _, tc := range tests {
		var got []int
		for _, tk := range Tokenize(tc.q) {
			got = append(got, tk.Part)
		}
		if len(got) != len(tc.parts) {
			t.Errorf("%q: parts %v, want %v", tc.q, got, tc.parts)
			continue
		}
		for i := range got {
			if got[i] != tc.parts[i] {
				t.Errorf("%q: parts %v, want %v", tc.q, got, tc.parts)
				break
			}
		}
	}
}
