package nlq

import (
	"bufio"
	"fmt"
	"os"
	"testing"
	"time"
)

// TRY=file go test -run TestTry -v ./loyalty/internal/aiquery/nlq: prints what each
// question of the file becomes (a development aid; skipped without TRY).
func TestTry(t *testing.T) {
	path := os.Getenv("TRY")
	if path == "" {
		t.Skip("TRY not set")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	it := New(func() time.Time { return time.Date(2025, 6, 18, 10, 0, 0, 0, loc) }, loc)
	cat := &Catalog{
		Stores: []StoreRef{{Code: "L01", Name: "Centro", City: "São Paulo", State: "SP"}, {Code: "L02", Name: "Ibirapuera", City: "São Paulo", State: "SP"}, {Code: "L03", Name: "Cambuí", City: "Campinas", State: "SP"},
			{Code: "L04", Name: "Copacabana", City: "Rio de Janeiro", State: "RJ"}, {Code: "L05", Name: "Savassi", City: "Belo Horizonte", State: "MG"}, {Code: "L06", Name: "Batel", City: "Curitiba", State: "PR"}},
		Products:     []string{"Pão de Queijo", "Café Expresso", "Açaí 300ml", "Cappuccino Italiano", "Bolo de Cenoura", "Suco de Laranja 500ml", "Combo Café da Manhã", "Açaí 500ml", "Caneca Térmica", "Vale-compra R$ 50", "Brigadeiro", "Granola", "Leite Condensado", "Morango", "Creme de Avelã"},
		PaymentTypes: []string{"credit_card", "debit_card", "pix", "cash", "meal_voucher"},
		Origins:      []string{"PDV", "APP", "TOTEM", "BACKOFFICE"},
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		q := sc.Text()
		if q == "" || q[0] == '#' {
			continue
		}
		res, err := it.Interpret(q, cat)
		if err != nil {
			fmt.Printf("Q: %s\n  REFUSED: %v\n\n", q, err)
			continue
		}
		fmt.Printf("Q: %s\n  %s\n  %s\n\n", q, res.Echo.Title, indent(res.SQL))
	}
}

func indent(s string) string {
	out := ""
	for _, c := range s {
		out += string(c)
		if c == '\n' {
			out += "  "
		}
	}
	return out
}
