package aiquery

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"
)

// seedReportData writes a small loyalty programme: two stores, four customers (signed up
// in October 2024, November 2024 and October 2023), products, redemptions this month and
// last month, credits and sales. It returns a user id for history entries.
func seedReportData(t *testing.T, db *gorm.DB) string {
	t.Helper()
	var userID string
	if err := db.Raw(`INSERT INTO users (username, password_hash, name) VALUES ('gerente', 'hash', 'Gerente') RETURNING id`).Scan(&userID).Error; err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{
		`INSERT INTO stores (store_code, name, document) VALUES ('S1', 'Loja Centro', '11111111000111'), ('S2', 'Loja Norte', '22222222000122')`,
		`INSERT INTO customers (name, doc, email, phone, whatsapp_optin, email_optin, store_code, origin, birth_date, created_at) VALUES
			('Ana',   '00000000001', 'ana@example.com',   '1', true,  true,  'S1', 'PDV', '1990-03-10', '2024-10-05 10:00+00'),
			('Bruno', '00000000002', 'bruno@example.com', '2', false, true,  'S2', 'APP', '1985-07-01', '2024-10-20 10:00+00'),
			('Carla', '00000000003', 'carla@example.com', '3', true,  false, 'S1', 'APP', '1999-03-25', '2024-11-02 10:00+00'),
			('Davi',  '00000000004', 'davi@example.com',  '4', true,  false, 'S2', 'PDV', NULL,         '2023-10-10 10:00+00')`,
		// Balances (Ana 500, Bruno 1500, Carla 50, Davi 0) come from credit entries: the
		// database moves points_balance only through the ledger.
		`INSERT INTO points_entries (customer_id, transaction_type, points, store_code, transaction_date)
			SELECT c.id, 'C', v.points, c.store_code, now() FROM customers c
			  JOIN (VALUES ('00000000001', 500), ('00000000002', 1500), ('00000000003', 50)) AS v(doc, points) USING (doc)`,
		`INSERT INTO products (sku, name, points) VALUES ('CAFE', 'Café', 100), ('BOLO', 'Bolo', 300)`,
		// this month: Ana 100 at S1 (pending), Bruno 300 at S2 (applied), Carla 100 at S1 (cancelled: not counted);
		// last month: Ana 200 at S1.
		`INSERT INTO redeems (customer_id, status, store_code, total_points, expires_at, created_at)
			SELECT c.id, v.status, v.store, v.points, now() + interval '2 days', v.at
			FROM (VALUES ('00000000001', 'pending', 'S1', 100, now()),
			             ('00000000002', 'applied', 'S2', 300, now()),
			             ('00000000003', 'cancelled', 'S1', 100, now()),
			             ('00000000001', 'applied', 'S1', 200, (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 day') AT TIME ZONE 'UTC'))
			     AS v(doc, status, store, points, at)
			JOIN customers c ON c.doc = v.doc`,
		`INSERT INTO redeem_items (redeem_id, customer_id, product_id, qty, points, store_code, created_at)
			SELECT r.id, r.customer_id, p.id, 1, r.total_points, r.store_code, r.created_at
			FROM redeems r JOIN products p ON p.points = r.total_points OR (r.total_points = 200 AND p.sku = 'CAFE')`,
		`INSERT INTO coupons (customer_id, coupon_identifier, store_code, transaction_date, value, payment_type)
			SELECT id, 'CUP-' || doc, store_code, now(), points_balance / 10.0, 'PIX' FROM customers`,
	} {
		mustExec(t, db, sql)
	}
	return userID
}

func newService(t *testing.T, db *gorm.DB) *Service {
	t.Helper()
	s, err := NewService(db, Options{Now: fixedNow, MaxRows: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// readXLSX returns the sheet's cells as text.
func readXLSX(t *testing.T, out *Outcome) [][]string {
	t.Helper()
	var buf bytes.Buffer
	if err := out.WriteXLSX(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatalf("open xlsx: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheetName)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// The questions, asked end to end: question -> SQL -> guard -> runner -> answer.
func TestQuestionsGetTheRightAnswers(t *testing.T) {
	_, db := newDB(t, 4)
	userID := seedReportData(t, db)
	s := newService(t, db)
	caller := Caller{ID: userID, Name: "Gerente"}
	ctx := context.Background()

	tests := []struct {
		question string
		answer   string     // a one-row answer, or
		sheet    [][]string // a spreadsheet
	}{
		{question: "quantos clientes se cadastraram em outubro?", answer: "clientes: 2"},
		{question: "how many customers opted in to WhatsApp", answer: "customers: 3"},
		{question: "total de pontos resgatados este mês", answer: "pontos_resgatados: 400"},
		{question: "quantos resgates e pontos resgatados este mês", answer: "resgates: 2, pontos_resgatados: 400"},
		{question: "total de pontos resgatados por loja este mês", sheet: [][]string{
			{"codigo_loja", "loja", "pontos_resgatados"},
			{"S2", "Loja Norte", "300"},
			{"S1", "Loja Centro", "100"},
		}},
		{question: "top 10 clientes por saldo de pontos", sheet: [][]string{
			{"cliente", "documento", "saldo_pontos"},
			{"Bruno", "00000000002", "1500"},
			{"Ana", "00000000001", "500"},
			{"Carla", "00000000003", "50"},
			{"Davi", "00000000004", "0"},
		}},
		{question: "top 2 customers by points balance", sheet: [][]string{
			{"customer", "document", "points_balance"},
			{"Bruno", "00000000002", "1500"},
			{"Ana", "00000000001", "500"},
		}},
		{question: "customers by origin", sheet: [][]string{
			{"origin", "customers"},
			{"APP", "2"},
			{"PDV", "2"},
		}},
		{question: "most redeemed product last month", answer: "sku: CAFE, product: Café, quantity_redeemed: 1"},
		{question: "quantos clientes usam o app", answer: "clientes: 0"},
		{question: "quais clientes fazem aniversário em março", sheet: [][]string{
			{"cliente", "documento", "email"},
			{"Ana", "00000000001", "ana@example.com"},
			{"Carla", "00000000003", "carla@example.com"},
		}},
		{question: "saldo do cliente com CPF 000.000.000-02", answer: "saldo_total_pontos: 1500"},
		{question: "quantas lojas temos", answer: "lojas: 2"},
		{question: "how many promotions", answer: "promotions: 0"},
		// a name literal, folded as the customer search folds it: "Âna" is Ana, as a word
		// ("Carla" does not hold it)
		{question: "quantos clientes têm Âna no nome", answer: "clientes: 1"},
		{question: "customers with \"CARLA\" in their name, names only", answer: "customer: Carla"}, // names only: the name column alone
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			e, err := s.Generate(ctx, caller, tt.question, nil)
			if err != nil {
				t.Fatalf("generate: %v", err)
			}
			out, err := s.Execute(ctx, caller, e.GeneratedQuery)
			if err != nil {
				t.Fatalf("execute:\n%s\n%v", e.GeneratedQuery, err)
			}
			defer out.Close()
			if tt.sheet == nil {
				if out.IsSpreadsheet() || out.Answer != tt.answer {
					t.Fatalf("answer %q (spreadsheet %v), want %q\n%s", out.Answer, out.IsSpreadsheet(), tt.answer, e.GeneratedQuery)
				}
				return
			}
			if !out.IsSpreadsheet() {
				t.Fatalf("answer %q, want a spreadsheet\n%s", out.Answer, e.GeneratedQuery)
			}
			if got := readXLSX(t, out); fmt.Sprint(got) != fmt.Sprint(tt.sheet) {
				t.Fatalf("sheet\n got %v\nwant %v", got, tt.sheet)
			}
			if out.Rows != len(tt.sheet)-1 {
				t.Fatalf("rows = %d", out.Rows)
			}
			// The run's row count lands in the history entry.
			got, err := s.history.Get(ctx, e.ID)
			if err != nil || got.RecordsCount == nil || *got.RecordsCount != out.Rows {
				t.Fatalf("history records_count = %v (err %v), want %d", got.RecordsCount, err, out.Rows)
			}
		})
	}
}

// Every question of the catalogue, in both languages, generates SQL that the guard
// accepts, the dry run passes and the database runs as the reporting role.
func TestEveryExampleRuns(t *testing.T) {
	_, db := newDB(t, 4)
	userID := seedReportData(t, db)
	s := newService(t, db)
	caller := Caller{ID: userID}
	for _, ex := range Examples() {
		for _, q := range []string{ex.PT, ex.EN} {
			t.Run(ex.ID+"/"+q, func(t *testing.T) {
				e, err := s.Generate(context.Background(), caller, q, nil)
				if err != nil {
					t.Fatalf("generate: %v", err)
				}
				out, err := s.Execute(context.Background(), caller, e.GeneratedQuery)
				if err != nil {
					t.Fatalf("execute:\n%s\n%v", e.GeneratedQuery, err)
				}
				out.Close()
			})
		}
	}
}

// The generate answer says what the query means, in the question's language, and the
// service reads the data's values for the interpreter (the catalogue).
func TestGenerateEchoesTheInterpretation(t *testing.T) {
	_, db := newDB(t, 4)
	userID := seedReportData(t, db)
	s := newService(t, db)
	g, err := s.Generate(context.Background(), Caller{ID: userID}, "faturamento da Loja Norte no pix este mês", nil)
	if err != nil {
		t.Fatal(err)
	}
	in := g.Interpretation
	if g.Source != SourceRules || in == nil || in.Language != "pt" || !strings.Contains(in.Title, "Faturamento") ||
		len(in.Filters) != 2 || !strings.Contains(in.Filters[0]+in.Filters[1], "S2") || !strings.Contains(strings.ToLower(in.Filters[0]+in.Filters[1]), "pix") ||
		!strings.Contains(in.Period, "este mês") {
		t.Fatalf("generated %+v, interpretation %+v", g, in)
	}
	// the store named is the catalogue's code, and the payment type matches the stored
	// value ('PIX'): the report holds Bruno's sale at Loja Norte, paid with PIX
	out, err := s.Execute(context.Background(), Caller{ID: userID}, g.GeneratedQuery)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if !strings.Contains(g.GeneratedQuery, "v.store_code = 'S2'") || out.Answer != "faturamento: 150.00" {
		t.Fatalf("answer %q of\n%s", out.Answer, g.GeneratedQuery)
	}
}

// badGen proposes a fixed query.
type badGen struct{ query string }

func (b badGen) Generate(context.Context, Ask) (Generation, error) {
	return Generation{Query: b.query, Source: SourceModel}, nil
}

// A generated query that the guard refuses, or that fails its dry run under the reporting
// role, is a 422 and is never stored.
func TestGeneratedQueriesThatFailAreNotStored(t *testing.T) {
	_, db := newDB(t, 4)
	userID := seedReportData(t, db)
	for _, tt := range []struct {
		query, typ, msg string
	}{
		{"SELECT nope FROM reporting.customers", "query_failed", `column "nope" does not exist`},
		{"SELECT 1/0 AS x FROM reporting.customers WHERE name = 1", "query_failed", "operator does not exist"},
		{"SELECT pg_sleep(1)", "query_refused", "pg_sleep"},
		{"DELETE FROM reporting.customers", "query_refused", ""},
	} {
		s, err := NewService(db, Options{Now: fixedNow, MaxRows: 1000, Generator: badGen{tt.query}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Generate(context.Background(), Caller{ID: userID}, "q", nil)
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Type != tt.typ || !strings.Contains(e.Fields[0].Msg, tt.msg) {
			t.Fatalf("%q: err = %v, want 422 %s mentioning %q", tt.query, err, tt.typ, tt.msg)
		}
		entries, err := s.List(context.Background(), Caller{ID: userID}, 10, 0)
		if err != nil || len(entries) != 0 {
			t.Fatalf("%q: %d history entries (%v), want none", tt.query, len(entries), err)
		}
	}
}

// With the model configured, the rules answer first; a question they refuse goes to the
// model, whose failing query is repaired once with the Postgres error (dry run under the
// reporting role) and stored only when it runs.
func TestRulesThenModelThroughTheService(t *testing.T) {
	_, db := newDB(t, 4)
	userID := seedReportData(t, db)
	fake := &fakeChat{answers: []string{"```sql\nSELECT nome FROM reporting.customers\n```", "```sql\nSELECT name FROM reporting.customers ORDER BY name\n```"}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	gen := Fallback{First: NewRules(fixedNow, time.UTC), Second: NewOpenAI(OpenAIConfig{BaseURL: srv.URL, Model: "m", Now: fixedNow})}
	s, err := NewService(db, Options{Now: fixedNow, MaxRows: 1000, Generator: gen})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	caller := Caller{ID: userID}

	g, err := s.Generate(ctx, caller, "quantas lojas temos", nil)
	if err != nil || g.Source != SourceRules || fake.calls() != 0 {
		t.Fatalf("rules question: %+v %v, model called %d times", g, err, fake.calls())
	}
	g, err = s.Generate(ctx, caller, "qual cliente tem o nome mais bonito?", nil)
	if err != nil || g.Source != SourceModel || g.GeneratedQuery != "SELECT name FROM reporting.customers ORDER BY name" || fake.calls() != 2 {
		t.Fatalf("model question: %+v %v, model called %d times", g, err, fake.calls())
	}
	if !strings.Contains(fake.requests[1].Messages[3].Content, `column "nome" does not exist`) {
		t.Fatalf("repair message %q", fake.requests[1].Messages[3].Content)
	}
	// the prompt carried the data's values
	if !strings.Contains(fake.requests[0].Messages[0].Content, "'PIX'") || !strings.Contains(fake.requests[0].Messages[0].Content, "S1 = Loja Centro") {
		t.Fatalf("prompt lacks the catalogue")
	}

	// twice failing: 422, nothing more stored
	fake.answers = []string{"```sql\nSELECT nome FROM reporting.customers\n```"}
	_, err = s.Generate(ctx, caller, "qual cliente tem o sobrenome mais longo?", nil)
	if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || e.Fields[0].Type != "query_failed" {
		t.Fatalf("twice failing: %v", err)
	}
	if entries, _ := s.List(ctx, caller, 10, 0); len(entries) != 2 {
		t.Fatalf("%d entries, want the 2 that ran", len(entries))
	}
	// a write is refused by the rules and never reaches the model
	calls := fake.calls()
	if _, err := s.Generate(ctx, caller, "delete all customers", nil); err == nil || fake.calls() != calls {
		t.Fatalf("write: %v, model called", err)
	}
}
