package eval

import (
	"context"
	"strings"
	"testing"
)

func TestPinClock(t *testing.T) {
	tests := []struct {
		sql       string
		want      []string // in the pinned text
		unchanged bool
	}{
		{sql: "SELECT now()", want: []string{"'2025-06-18 10:00:00-03:00'::timestamptz"}},
		{sql: "SELECT CURRENT_DATE - 1", want: []string{"'2025-06-18'::date"}},
		{sql: "SELECT CURRENT_TIMESTAMP, LOCALTIMESTAMP, transaction_timestamp()", want: []string{"'2025-06-18 10:00:00-03:00'::timestamptz", "'2025-06-18 10:00:00'::timestamp"}},
		{sql: "SELECT age(birth_date) FROM reporting.customers", want: []string{"age('2025-06-18 00:00:00'::timestamp, birth_date)"}},
		{sql: "SELECT 'today'::date, 'yesterday'::timestamptz", want: []string{"'2025-06-18 00:00:00-03:00'::date", "'2025-06-17 00:00:00-03:00'::timestamptz"}},
		{sql: "SELECT * FROM reporting.coupons WHERE transaction_date >= date_trunc('month', now()) AND value > (SELECT avg(value) FROM reporting.coupons WHERE transaction_date < CURRENT_DATE)",
			want: []string{"date_trunc('month', '2025-06-18 10:00:00-03:00'::timestamptz)", "transaction_date < '2025-06-18'::date"}},
		{sql: "SELECT age(date '2025-06-18', birth_date) FROM reporting.customers", unchanged: true},
		{sql: "SELECT count(*) FROM reporting.coupons WHERE transaction_date >= '2025-06-01'", unchanged: true},
	}
	for _, tt := range tests {
		got, err := PinClock(tt.sql, Now)
		if err != nil {
			t.Errorf("%s: %v", tt.sql, err)
			continue
		}
		if tt.unchanged && got != tt.sql {
			t.Errorf("%s: changed to %s", tt.sql, got)
		}
		low := strings.NewReplacer("timestamp with time zone", "timestamptz", "pg_catalog.", "").Replace(strings.ToLower(got))
		for _, w := range tt.want {
			if !strings.Contains(low, strings.ToLower(w)) {
				t.Errorf("%s: pinned %s, want it to contain %s", tt.sql, got, w)
			}
		}
		for _, clock := range []string{"now()", "current_date", "current_timestamp", "localtimestamp", "transaction_timestamp"} {
			if strings.Contains(low, clock) {
				t.Errorf("%s: pinned %s still reads the clock (%s)", tt.sql, got, clock)
			}
		}
	}
}

// TestPinClockAnswersAsAtNow: a query written with the database clock, pinned, answers
// what the literal-date query answers at the evaluation's Now.
func TestPinClockAnswersAsAtNow(t *testing.T) {
	db, _ := seededDB(t)
	e := newEnv(t, db)
	ctx := context.Background()
	pairs := [][2]string{
		{"SELECT count(*) FROM reporting.coupons WHERE cancelled_at IS NULL AND transaction_date >= date_trunc('month', now())",
			"SELECT count(*) FROM reporting.coupons WHERE cancelled_at IS NULL AND transaction_date >= '2025-06-01'"},
		{"SELECT count(*) FROM reporting.coupons WHERE transaction_date >= CURRENT_DATE - 1 AND transaction_date < CURRENT_DATE",
			"SELECT count(*) FROM reporting.coupons WHERE transaction_date >= '2025-06-17' AND transaction_date < '2025-06-18'"},
		{"SELECT round(avg(extract(year FROM age(birth_date))), 1) FROM reporting.customers",
			"SELECT round(avg(extract(year FROM age(date '2025-06-18', birth_date))), 1) FROM reporting.customers"},
	}
	for _, p := range pairs {
		got, err := e.runAt(ctx, p[0])
		if err != nil {
			t.Fatalf("%s: %v", p[0], err)
		}
		want, err := e.run(ctx, p[1])
		if err != nil {
			t.Fatalf("%s: %v", p[1], err)
		}
		if ok, why := Compare(want, got, Options{}); !ok {
			t.Errorf("%s: %s (got %s, want %s)", p[0], why, summarize(got), summarize(want))
		}
	}
}
