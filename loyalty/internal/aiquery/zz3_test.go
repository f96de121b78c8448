package aiquery

import ("testing"; "time"; "context")

func TestExploreQs(t *testing.T) {
	g := NewRules(func() time.Time { return time.Date(2025, 3, 15, 12, 0, 0, 0, time.UTC) }, time.UTC)
	for _, q := range []string{
		"quantos clientes se cadastraram em outubro?",
		"top 10 clientes por saldo de pontos",
		"total de pontos resgatados por loja este mês",
		"how many customers opted in to WhatsApp",
		"how many customers opted out of WhatsApp",
		"Quantos clientes se cadastraram entre 01/10/2024 e 15/10/2024?",
		"customers who signed up in 2024",
		"saldo total de pontos dos clientes",
		"quantos clientes fizeram resgates",
		"what is the weather",
		"quantas lojas em outubro",
		"clientes cadastrados nos últimos 7 dias",
		"vendas de 31/02/2024 a 01/03/2024",
	} {
		s, err := g.Generate(context.Background(), q)
		t.Logf("%q\n%s\nERR %v\n", q, s, err)
	}
}
