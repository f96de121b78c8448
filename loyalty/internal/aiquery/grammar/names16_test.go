package grammar

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The sixteenth round's short names (issue 24): a manager calls the stores and products of
// the catalogue by a clipped word of their names ("a copa", "ibira", "canecas"), and a
// writer glosses a product's name in another language ("R$ 50 vouchers (Vale-compra)").
// The clips are generated from the catalogue (lexicon/shortnames.go); one that fits two
// values is asked about, one that is too short, a word of the model, or said where a verb
// or a pronoun's object is, is not read.
func TestNames16Classes(t *testing.T) {
	const (
		may = "DATE '2025-05-01'"
		mug = "LIKE '%caneca termica%'"
	)
	runClasses(t, []classCases{
		{"a store, city or product named by a clipped word of its catalogue name, where a name fits", map[string]want{
			"quanto a sava faturou em maio?":                           {measures: []string{"revenue"}, sql: []string{"'L05'", may}},
			"vendas da cambu na semana passada":                        {measures: []string{"sales_count"}, sql: []string{"'L03'"}},
			"tkt medio ibira x sava em maio":                           {measures: []string{"average_ticket"}, sql: []string{"IN ('L02', 'L05')", may}},
			"quantos clientes da ibira têm mais de 1000 pontos?":       {measures: []string{"customers"}, sql: []string{"store_code_owner = 'L02'", "> 1000"}},
			"qnts clientes da sava tao sem comprar ha mais de 60 dias": {sql: []string{"store_code_owner = 'L05'", "last_purchase"}},
			"faturamento por forma de pgto na cambu mes passado":       {measures: []string{"revenue"}, dims: []string{"payment_type"}, sql: []string{"'L03'"}},
			"faturamento das lojas de campi em maio":                   {measures: []string{"revenue"}, sql: []string{"'campinas'", may}},
			"vendas na loja ibira em maio":                             {measures: []string{"sales_count"}, sql: []string{"'L02'", may}},
			"quantas canecas foram resgatadas em maio":                 {sql: []string{mug, may}},
			"revenue at Copa last month":                               {measures: []string{"revenue"}, sql: []string{"'L04'"}},
			"how many sales at Ibira in May":                           {measures: []string{"sales_count"}, sql: []string{"'L02'", may}},
			"average ticket Copa vs Ibira in May":                      {measures: []string{"average_ticket"}, sql: []string{"IN ('L04', 'L02')", may}},
			"sales at the Sava store in May":                           {measures: []string{"sales_count"}, sql: []string{"'L05'", may}},
			"how many canecas were redeemed in May":                    {sql: []string{mug, may}},
			// a clip in a sentence around the question is that sentence's own word
			"A maquininha da sava travou direto em abril. Quantas vendas a sava fez em abril?": {measures: []string{"sales_count"}, sql: []string{"'L05'", "DATE '2025-04-01'"}},
			// a clip of two products of one kind is asked about
			"quantos acai foram resgatados em maio": {clarify: true},
			// "mundo" is still unknown: the World Cup is no store
			"vendas da copa do mundo":                       {refuse: true},
			"quanto a loja faturou durante a copa do mundo": {refuse: true},
			// a verb where a clip of Batel would be: after a pronoun or a bare noun
			"qual loja bate mais vendas em maio": {refuse: true},
			"quanto a loja bate por dia?":        {refuse: true},
			"quantos pontos a cliente Sava tem":  {refuse: true},
			// too short, or a word of the model ("vale" is a meal voucher)
			"quanto a ibi faturou em maio": {refuse: true},
			"vendas na cen em maio":        {refuse: true},
			"quanto vale um ponto?":        {refuse: true},
			// a gloss the model cannot relate to the name stays unknown: "mugs" may as well
			// be "complaints"
			"how many Caneca Térmica mugs were redeemed in May": {refuse: true},
		}},
		{"all time and a total said as 'since the start', 'altogether'", map[string]want{
			"How many Caneca Térmica have been redeemed altogether?":      {sql: []string{mug}, sqlNot: []string{"created_at >="}},
			"How many Caneca Térmica have been redeemed since the start?": {sql: []string{mug}, sqlNot: []string{"created_at >="}},
			"quantas Caneca Térmica foram resgatadas desde o começo?":     {sql: []string{mug}, sqlNot: []string{"created_at >="}},
			"how many points were redeemed altogether in May?":            {measures: []string{"points_redeemed"}, sql: []string{may}},
		}},
	})
}

// TestNames16Catalogue: a product's name said in two pieces around a gloss that shares a
// concept of the model with a word of the name ("vouchers" and "vale"), with a catalogue
// whose product has a number in its name; a clip of two stores' names is asked about.
func TestNames16Catalogue(t *testing.T) {
	cat := &semantic.Catalog{Stores: append([]semantic.StoreRef{{Code: "L09", Name: "Ibiraquera", City: "Imbituba", State: "SC"}}, testCatalog.Stores...),
		Products: append([]string{"Vale-compra R$ 50"}, testCatalog.Products...)}
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range []string{"vendas da ibira em maio", "tkt medio copa x ibira em maio"} {
		var cl *Clarification
		if res, err := it.Interpret(q, cat); !errors.As(err, &cl) || len(cl.Options) != 2 {
			t.Errorf("%q: want a clarification between Ibirapuera and Ibiraquera, got %v %v", q, res, err)
		}
	}
	voucher := "LIKE '%vale-compra r$ 50%'"
	for q, ok := range map[string]bool{
		"How many R$ 50 vouchers (Vale-compra) have been redeemed altogether, since the start?": true,
		"How many R$ 50 vouchers (Vale-compra) were redeemed in May?":                           true,
		"quantos vale-compra R$ 50 foram resgatados em maio?":                                   true,
		"quantos vale-compra foram resgatados em maio?":                                         false, // which voucher?
		"How many R$ 100 vouchers (Vale-compra) were redeemed in May?":                          false,
		"How many vouchers (Vale-compra) were redeemed in May?":                                 false,
		"qtd de comp em maio": false, // "compra" is a word of the model: no clip of the voucher
	} {
		res, err := it.Interpret(q, cat)
		var ref *Refusal
		switch {
		case ok && err != nil:
			t.Errorf("%q: %v", q, err)
		case ok && !strings.Contains(res.SQL, voucher):
			t.Errorf("%q: want %s\n%s", q, voucher, res.SQL)
		case !ok && !errors.As(err, &ref):
			t.Errorf("%q: want a refusal, got %v %v", q, res, err)
		}
	}
}
