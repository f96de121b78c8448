package aiquery

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// fixedNow is the clock of rules tests: 15 March 2025.
func fixedNow() time.Time { return time.Date(2025, 3, 15, 12, 0, 0, 0, time.UTC) }

func TestPatternCatalogue(t *testing.T) {
	patterns := Patterns()
	if len(patterns) < 30 {
		t.Fatalf("%d patterns, want at least 30", len(patterns))
	}
	g := NewRules(fixedNow, time.UTC)
	seen := map[string]bool{}
	for _, p := range patterns {
		if seen[p.ID] {
			t.Errorf("duplicate pattern id %s", p.ID)
		}
		seen[p.ID] = true
		for lang, ex := range map[string]string{"pt": p.ExamplePT, "en": p.ExampleEN} {
			if ex == "" {
				t.Errorf("%s: no %s example", p.ID, lang)
				continue
			}
			r, params, err := g.resolve(ex)
			if err != nil {
				t.Errorf("%s %s example %q: %v", p.ID, lang, ex, err)
				continue
			}
			if r.ID != p.ID {
				t.Errorf("%s %s example %q is recognised as %s", p.ID, lang, ex, r.ID)
			}
			if params.lang != lang {
				t.Errorf("%s example %q read as %s, want %s", p.ID, ex, params.lang, lang)
			}
		}
	}
}

// More ways of asking, including the issue's own questions.
func TestRulesRecognisePhrasings(t *testing.T) {
	g := NewRules(fixedNow, time.UTC)
	tests := []struct {
		question string
		id       string
		contains []string // fragments of the SQL
	}{
		{"quantos clientes se cadastraram em outubro?", "customers_count", []string{"count(*) AS clientes", "created_at >= DATE '2024-10-01' AND created_at < DATE '2024-11-01'"}},
		{"Quantos clientes se cadastraram em março?", "customers_count", []string{"DATE '2025-03-01'", "DATE '2025-04-01'"}},
		{"how many customers signed up in October 2023", "customers_count", []string{"count(*) AS customers", "DATE '2023-10-01'"}},
		{"top 10 clientes por saldo de pontos", "top_customers_balance", []string{"ORDER BY points_balance DESC", "LIMIT 10"}},
		{"TOP 3 CUSTOMERS BY POINTS BALANCE", "top_customers_balance", []string{"LIMIT 3", "points_balance"}},
		{"os 25 clientes com maior saldo", "top_customers_balance", []string{"LIMIT 25"}},
		{"total de pontos resgatados por loja este mês", "points_redeemed_by_store", []string{"GROUP BY", "r.created_at >= date_trunc('month', now())", "pontos_resgatados"}},
		{"how many customers opted in to WhatsApp", "optin_whatsapp", []string{"WHERE whatsapp_optin"}},
		{"quantos clientes não aceitam whatsapp?", "optin_whatsapp", []string{"WHERE NOT whatsapp_optin"}},
		{"how many customers opted out of email", "optin_email", []string{"NOT email_optin"}},
		{"clientes cadastrados hoje", "customers_count", []string{"created_at >= date_trunc('day', now())"}},
		{"new customers yesterday", "customers_count", []string{"date_trunc('day', now()) - interval '1 day'"}},
		{"clientes cadastrados de 01/10/2024 a 15/10/2024", "customers_count", []string{"DATE '2024-10-01'", "DATE '2024-10-16'"}},
		{"customers who signed up between 2024-10-01 and 2024-10-31", "customers_list", []string{"DATE '2024-11-01'"}},
		{"vendas por loja no mês passado", "sales_by_store", []string{"date_trunc('month', now()) - interval '1 month'"}},
		{"faturamento dos últimos 30 dias", "sales_total", []string{"now() - interval '30 days'"}},
		{"total sales in 2024", "sales_total", []string{"DATE '2024-01-01'", "DATE '2025-01-01'"}},
		{"ticket médio este ano", "sales_average_ticket", []string{"avg(value)", "date_trunc('year', now())"}},
		{"quais os 5 produtos mais resgatados?", "products_most_redeemed", []string{"LIMIT 5"}},
		{"resgates pendentes", "redemptions_pending", []string{"status = 'pending'"}},
		{"quantos clientes fizeram resgates este mês", "customers_redeeming", []string{"count(DISTINCT customer_id)"}},
		{"aniversariantes de hoje", "customers_birthdays", []string{"extract(day FROM birth_date) = extract(day FROM now())"}},
		{"aniversariantes de outubro", "customers_birthdays", []string{"extract(month FROM birth_date) = 10"}},
		{"promoções vigentes", "promotions_active", []string{"now() BETWEEN start_date AND end_date"}},
		{"how many stores do we have?", "stores_count", nil},
		{"clientes por origem", "customers_by_origin", []string{"GROUP BY 1"}},
		{"saldo médio", "points_balance_average", nil},
		{"pontos ganhos na semana passada", "points_earned_total", []string{"date_trunc('week', now()) - interval '1 week'"}},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			r, _, err := g.resolve(tt.question)
			if err != nil {
				t.Fatalf("not recognised: %v", err)
			}
			if r.ID != tt.id {
				t.Fatalf("recognised as %s, want %s", r.ID, tt.id)
			}
			sql, err := g.Generate(context.Background(), tt.question)
			if err != nil {
				t.Fatal(err)
			}
			for _, frag := range tt.contains {
				if !strings.Contains(sql, frag) {
					t.Errorf("SQL lacks %q:\n%s", frag, sql)
				}
			}
			if _, err := NewGuard(100).Check(sql); err != nil {
				t.Errorf("guard refuses the generated SQL: %v\n%s", err, sql)
			}
		})
	}
}

func TestRulesExplainWhatTheyCannotDo(t *testing.T) {
	g := NewRules(fixedNow, time.UTC)
	tests := []struct {
		question string
		says     string
	}{
		{"what is the weather in Lisbon?", "Could not understand the question. Try for example:"},
		{"   ", "empty"},
		{"quantas lojas em outubro", "does not take a period"},
		{"vendas de 31/02/2024 a 01/03/2024", "31/02/2024 is not a valid date"},
		{"vendas de 10/10/2024 a 01/10/2024", "ends (2024-10-01) before it starts (2024-10-10)"},
	}
	for _, tt := range tests {
		_, err := g.Generate(context.Background(), tt.question)
		var nu *NotUnderstood
		if !errors.As(err, &nu) || !strings.Contains(nu.Message, tt.says) {
			t.Errorf("%q: err = %v, want a NotUnderstood saying %q", tt.question, err, tt.says)
		}
	}
}

func TestNamedMonthTakesTheLatestPastOne(t *testing.T) {
	tests := []struct {
		q         string
		from, to  string
		now       time.Time
		wantMonth int
	}{
		{"em outubro", "DATE '2024-10-01'", "DATE '2024-11-01'", fixedNow(), 10},
		{"em março", "DATE '2025-03-01'", "DATE '2025-04-01'", fixedNow(), 3},
		{"in february", "DATE '2025-02-01'", "DATE '2025-03-01'", fixedNow(), 2},
		{"em dezembro de 2022", "DATE '2022-12-01'", "DATE '2023-01-01'", fixedNow(), 12},
	}
	for _, tt := range tests {
		p, _, err := findPeriod(normalize(tt.q), tt.now)
		if err != nil || p == nil {
			t.Fatalf("%q: %v %v", tt.q, p, err)
		}
		if p.from != tt.from || p.to != tt.to || p.month != tt.wantMonth {
			t.Errorf("%q: from %s to %s month %d, want %s %s %d", tt.q, p.from, p.to, p.month, tt.from, tt.to, tt.wantMonth)
		}
	}
}
