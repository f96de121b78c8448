package nlq

import (
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Wednesday 18 June 2025, 10:00 in São Paulo.
func testClock() semantic.Calendar {
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	return semantic.Calendar{Now: time.Date(2025, 6, 18, 10, 0, 0, 0, loc)}
}

func TestPeriods(t *testing.T) {
	tests := []struct {
		phrase   string
		from, to string
	}{
		{"hoje", "date_trunc('day', now())", "date_trunc('day', now()) + interval '1 day'"},
		{"yesterday", "date_trunc('day', now()) - interval '1 day'", "date_trunc('day', now())"},
		{"esta semana", "date_trunc('week', now())", "date_trunc('week', now()) + interval '1 week'"},
		{"semana passada", "date_trunc('week', now()) - interval '1 week'", "date_trunc('week', now())"},
		{"last weekend", "date_trunc('week', now()) - interval '2 days'", "date_trunc('week', now())"},
		{"do último fim de semana", "date_trunc('week', now()) - interval '2 days'", "date_trunc('week', now())"},
		{"no mês passado", "date_trunc('month', now()) - interval '1 month'", "date_trunc('month', now())"},
		{"this quarter", "date_trunc('quarter', now())", "date_trunc('quarter', now()) + interval '3 months'"},
		{"YTD", "date_trunc('year', now())", "date_trunc('year', now()) + interval '1 year'"},
		{"últimos 7 dias", "date_trunc('day', now()) - interval '6 days'", ""},
		{"last 30 days", "date_trunc('day', now()) - interval '29 days'", ""},
		{"últimos sete dias", "date_trunc('day', now()) - interval '6 days'", ""},
		{"últimos 6 meses", "date_trunc('month', now()) - interval '5 months'", ""},
		{"em março", "DATE '2025-03-01'", "DATE '2025-04-01'"},
		{"em setembro", "DATE '2024-09-01'", "DATE '2024-10-01'"},
		{"outubro de 2023", "DATE '2023-10-01'", "DATE '2023-11-01'"},
		{"10/2024", "DATE '2024-10-01'", "DATE '2024-11-01'"},
		{"1º trimestre", "DATE '2025-01-01'", "DATE '2025-04-01'"},
		{"Q3 2024", "DATE '2024-07-01'", "DATE '2024-10-01'"},
		{"primeiro semestre de 2024", "DATE '2024-01-01'", "DATE '2024-07-01'"},
		{"em 2024", "DATE '2024-01-01'", "DATE '2025-01-01'"},
		{"em 15/10/2024", "DATE '2024-10-15'", "DATE '2024-10-16'"},
		{"dia 15 de maio", "DATE '2025-05-15'", "DATE '2025-05-16'"},
		{"October 15, 2024", "DATE '2024-10-15'", "DATE '2024-10-16'"},
		{"de 01/05/2025 a 10/05/2025", "DATE '2025-05-01'", "DATE '2025-05-11'"},
		{"between 2025-05-10 and 2025-05-20", "DATE '2025-05-10'", "DATE '2025-05-21'"},
		{"de 1 a 15 de março", "DATE '2025-03-01'", "DATE '2025-03-16'"},
		{"from March 1 to 15", "DATE '2025-03-01'", "DATE '2025-03-16'"},
		{"de janeiro a março", "DATE '2025-01-01'", "DATE '2025-04-01'"},
		{"de novembro a fevereiro", "DATE '2024-11-01'", "DATE '2025-03-01'"},
		{"primeira quinzena de maio", "DATE '2025-05-01'", "DATE '2025-05-16'"},
		{"desde 01/03/2025", "DATE '2025-03-01'", ""},
		{"desde março", "DATE '2025-03-01'", ""},
		{"até 15/03/2025", "", "DATE '2025-03-16'"},
		{"amanhã", "date_trunc('day', now()) + interval '1 day'", "date_trunc('day', now()) + interval '2 days'"},
		{"semana retrasada", "DATE '2025-06-02'", "DATE '2025-06-09'"},
		{"the month before last", "DATE '2025-04-01'", "DATE '2025-05-01'"},
		{"este semestre", "DATE '2025-01-01'", "DATE '2025-07-01'"},
		{"last half", "DATE '2024-07-01'", "DATE '2025-01-01'"},
		{"since Monday", "DATE '2025-06-16'", ""},
		{"desde sexta", "DATE '2025-06-13'", ""},
		{"2025-05", "DATE '2025-05-01'", "DATE '2025-06-01'"},
		{"May 1-15", "DATE '2025-05-01'", "DATE '2025-05-16'"},
		{"de 1 a 15/05", "DATE '2025-05-01'", "DATE '2025-05-16'"},
		{"1st quarter 2025", "DATE '2025-01-01'", "DATE '2025-04-01'"},
		{"until the end of May", "", "DATE '2025-06-01'"},
	}
	for _, tt := range tests {
		toks := tokenize("vendas " + tt.phrase)
		ps, err := findPeriods(toks, testClock())
		if err != nil || len(ps) != 1 {
			t.Errorf("%q: %d periods, %v", tt.phrase, len(ps), err)
			continue
		}
		if ps[0].p.From != tt.from || ps[0].p.To != tt.to {
			t.Errorf("%q: [%s, %s), want [%s, %s)", tt.phrase, ps[0].p.From, ps[0].p.To, tt.from, tt.to)
		}
		for _, tk := range toks[1:] {
			if !tk.used {
				t.Errorf("%q: token %q not read as the period", tt.phrase, tk.raw)
			}
		}
	}
	// not periods: numbers of thresholds and top-N, weekdays, "hoje em dia", ages
	for _, q := range []string{"clientes com mais de 2000 pontos", "top 2024 clientes", "vendas por dia da semana", "hoje em dia quantos clientes", "clientes acima de 60 anos", "opted out of email", "may I see the sales"} {
		toks := tokenize(q)
		if ps, err := findPeriods(toks, testClock()); err != nil || len(ps) != 0 {
			t.Errorf("%q: read periods %v (%v)", q, ps, err)
		}
	}
	// impossible dates are said so
	for q, says := range map[string]string{"vendas em 31/02/2024": "31/02/2024", "vendas de 10/05/2025 a 01/05/2025": "antes de começar"} {
		_, err := findPeriods(tokenize(q), testClock())
		pe, ok := err.(*periodError)
		if !ok || !strings.Contains(pe.T.PT, says) {
			t.Errorf("%q: %v, want an error saying %q", q, err, says)
		}
	}
}

func TestTokens(t *testing.T) {
	toks := tokenize(`Saldo do CPF 390.533.447-05, e-mail ana@x.com, loja "Loja Centro", R$ 1.234,56, 10%, 1º trimestre, 2 mil pontos, L01`)
	want := []struct {
		kind tokKind
		norm string
	}{{tWord, "saldo"}, {tWord, "do"}, {tWord, "cpf"}, {tDoc, "39053344705"}, {tWord, "email"}, {tEmail, "ana@x.com"}, {tWord, "loja"},
		{tQuoted, "loja centro"}, {tMoney, "1234.56"}, {tPercent, "10"}, {tOrdinal, "1"}, {tWord, "trimestre"}, {tNumber, "2000"}, {tWord, "pontos"}, {tWord, "l01"}}
	if len(toks) != len(want) {
		t.Fatalf("%d tokens: %+v", len(toks), toks)
	}
	for i, w := range want {
		if toks[i].kind != w.kind || toks[i].norm != w.norm {
			t.Errorf("token %d = %v %q, want %v %q", i, toks[i].kind, toks[i].norm, w.kind, w.norm)
		}
	}
	if !toks[14].code {
		t.Errorf("L01 is a code")
	}
	// names: capitalised words, not the first word; Title Case questions have none
	names := tokenize("qual o saldo da Ana Souza")
	if !names[4].cap || !names[5].cap || names[0].cap {
		t.Errorf("caps %+v", names)
	}
	title := tokenize("Top 10 Clientes Por Saldo")
	for _, tk := range title {
		if tk.cap {
			t.Errorf("Title Case word %q read as a name", tk.raw)
		}
	}
}

func TestTypos(t *testing.T) {
	tests := map[string]string{
		"tiket": "ticket", "purchses": "purchases", "cleintes": "clientes", "faturameto": "faturamento", "vedas": "vendas",
		"resgtes": "resgates", "custmers": "customers",
		// no guess: too short, too far, or the first letter differs
		"xyz": "", "frango": "", "pizza": "", "zumbido": "",
	}
	for in, want := range tests {
		if got := closestWord(in); got != want {
			t.Errorf("closestWord(%q) = %q, want %q", in, got, want)
		}
	}
	if d := distance("cleintes", "clientes", 2); d != 1 {
		t.Errorf("a swap costs %d, want 1", d)
	}
}

func TestLanguage(t *testing.T) {
	for q, want := range map[string]semantic.Lang{
		"quantos clientes temos?": semantic.PT, "how many customers do we have": semantic.EN, "top 10 clientes": semantic.PT,
		"ticket médio": semantic.PT, "revenue YTD": semantic.EN,
	} {
		if got := Language(q); got != want {
			t.Errorf("Language(%q) = %s, want %s", q, got, want)
		}
	}
}

// Accounting: a meaningful word the interpretation cannot use makes the question refused,
// never answered without it.
func TestEveryWordIsAccountedFor(t *testing.T) {
	it := New(func() time.Time { return testClock().Now }, testClock().Now.Location())
	for _, q := range []string{
		"quantos clientes compraram frango",       // unknown word
		"vendas 17 este mês",                      // a number
		"vendas exceto pix",                       // a negation
		"faturamento por vendedor",                // a breakdown by something unknown
		"quantos clientes da loja Atlântida",      // a name no store has (no catalogue)
		"how many customers bought twice blue",    // unknown words
		"pontos por loja",                         // points alone: earned, redeemed or balance?
		"faturamento de abril e maio e junho",     // three periods are fine? no: "e junho" reads a third
		"clientes sem comprar há 2 anos por loja", // fine
		"how many customers earned last month",    // earned what? not sign-ups
		"quantos clientes ganharam no mês passado",
	} {
		res, err := it.Interpret(q, &Catalog{Stores: []StoreRef{{Code: "L01", Name: "Centro"}}})
		_, refused := err.(*Refusal)
		switch q {
		case "clientes sem comprar há 2 anos por loja":
			if err != nil {
				t.Errorf("%q refused: %v", q, err)
			}
		case "faturamento de abril e maio e junho":
			// three months: one row each
			if err != nil || len(res.Request.Dims) != 1 {
				t.Errorf("%q: %v", q, err)
			}
		default:
			if !refused {
				t.Errorf("%q answered: %v", q, res.SQL)
			}
		}
	}
}

// "A e B" between two measures: both, side by side, over the same breakdowns, filters and
// period; never one of them alone.
func TestTwoMeasuresSideBySide(t *testing.T) {
	it := New(func() time.Time { return testClock().Now }, testClock().Now.Location())
	cat := &Catalog{Stores: []StoreRef{{Code: "L01", Name: "Centro"}}}
	tests := []struct {
		q    string
		want []string // measure ids, in order
		dims int
	}{
		{"novos clientes e vendas por mês em 2025", []string{"customers", "sales_count", "revenue"}, 1},
		{"revenue and redemptions by store last month", []string{"revenue", "redemptions"}, 1},
		{"quantos clientes e quantas vendas temos", []string{"customers", "sales_count"}, 0},
		{"points issued vs points redeemed this year", []string{"points_credited", "points_redeemed"}, 0},
		{"pontos creditados, debitados e resgatados por loja", []string{"points_credited", "points_debited", "points_redeemed"}, 1},
		{"pontos ganhos x resgatados na loja Centro", []string{"points_credited", "points_redeemed"}, 0},
		{"faturamento e número de vendas por loja", []string{"revenue", "sales_count"}, 1},
	}
	for _, tt := range tests {
		res, err := it.Interpret(tt.q, cat)
		if err != nil {
			t.Errorf("%q: %v", tt.q, err)
			continue
		}
		var got []string
		for _, m := range res.Request.Measures {
			got = append(got, m.ID)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") || len(res.Request.Dims) != tt.dims {
			t.Errorf("%q: measures %v, %d breakdowns; want %v, %d", tt.q, got, len(res.Request.Dims), tt.want, tt.dims)
		}
	}
	// Sides that do not share their breakdowns are refused, not answered for one side.
	for _, q := range []string{"novos clientes por loja e vendas por mês", "clientes ativos e vendas canceladas"} {
		if res, err := it.Interpret(q, cat); err == nil {
			t.Errorf("%q answered: %s", q, res.SQL)
		}
	}
}

// "quantos compraram" counts people; "quantas vezes ... comprou" counts purchases.
func TestHowManyBoughtCountsBuyers(t *testing.T) {
	it := New(func() time.Time { return testClock().Now }, testClock().Now.Location())
	for q, want := range map[string]string{
		"quantos compraram este mês":               "buyers",
		"how many app users bought this month?":    "buyers",
		"how many purchases this month":            "sales_count",
		"quantas vezes a Fernanda comprou em maio": "sales_count",
	} {
		res, err := it.Interpret(q, &Catalog{})
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		if got := res.Request.Measures[0].ID; got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

// "clientes da loja Centro que compraram" are the customers the store owns (their
// purchases anywhere); "compraram na loja Centro" are purchases made there; "novos clientes
// na loja Cambuí" signed up there.
func TestWhichStoreAStoreNameMeans(t *testing.T) {
	it := New(func() time.Time { return testClock().Now }, testClock().Now.Location())
	cat := &Catalog{Stores: []StoreRef{{Code: "L01", Name: "Centro"}, {Code: "L03", Name: "Cambuí"}}}
	for q, want := range map[string]string{
		"quantos clientes da loja Centro compraram este mês": "c.store_code_owner = 'L01'",
		"how many Centro customers redeemed this year":       "c.store_code_owner = 'L01'",
		"quantos clientes compraram na loja Centro este mês": "v.store_code = 'L01'",
		"customers who shopped at Centro last month":         "v.store_code = 'L01'",
		"quantos clientes a loja Centro tem":                 "c.store_code_owner = 'L01'",
		"quantos clientes novos na loja Cambuí este mês":     "c.store_code = 'L03'",
		"clientes cadastrados na loja Cambuí":                "c.store_code = 'L03'",
	} {
		res, err := it.Interpret(q, cat)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		if !strings.Contains(res.SQL, want) {
			t.Errorf("%q: want %s in\n%s", q, want, res.SQL)
		}
	}
}
