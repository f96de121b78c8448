package aiquery

import (
	"bytes"
	"context"
	"fmt"
	"testing"

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
		{question: "how many customers opted in to WhatsApp", answer: "customers_opted_in_whatsapp: 3"},
		{question: "total de pontos resgatados este mês", answer: "resgates: 2, pontos_resgatados: 400"},
		{question: "total de pontos resgatados por loja este mês", sheet: [][]string{
			{"store_code", "loja", "resgates", "pontos_resgatados"},
			{"S2", "Loja Norte", "1", "300"},
			{"S1", "Loja Centro", "1", "100"},
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
		{question: "most redeemed products last month", sheet: nil, answer: "sku: CAFE, product: Café, quantity: 1, points: 200"},
		{question: "quantos clientes usam o app", answer: "usam_app: 0, desconhecido: 4"},
		{question: "aniversariantes de março", sheet: [][]string{
			{"cliente", "documento", "email", "telefone", "aniversario"},
			{"Ana", "00000000001", "ana@example.com", "1", "10/03"},
			{"Carla", "00000000003", "carla@example.com", "3", "25/03"},
		}},
		{question: "quantas lojas temos", answer: "lojas_ativas: 2, total_lojas: 2"},
		{question: "how many promotions", answer: "promotions: 0"},
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

// Every pattern of the catalogue, in both languages, generates SQL that the guard accepts
// and the database runs as the reporting role.
func TestEveryPatternRuns(t *testing.T) {
	_, db := newDB(t, 4)
	userID := seedReportData(t, db)
	s := newService(t, db)
	caller := Caller{ID: userID}
	for _, p := range Patterns() {
		for _, q := range []string{p.ExamplePT, p.ExampleEN} {
			t.Run(p.ID+"/"+q, func(t *testing.T) {
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
