package semantic

import (
	"fmt"
	"strings"
)

// CustomerPurchases is the per-customer summary of sales (migration 00580,
// docs/sizing.md): one row per customer who bought, with the first and last purchase, the
// number of purchases and the total spent, exact like the daily rollups (a customer
// written since the last refresh is read from raw coupons).
//
// It has no days, so it answers a question by customer over a period only when no
// customer has sales on both sides of a bound of that period. The query checks this
// itself, once (two index probes): "covered" means no sale counts before the period's
// start nor after its end. When covered, a customer's whole summary falls in the period;
// when not, the same query reads the raw coupons. Counting buyers needs less: no sale on
// one side is enough, since a customer whose purchases reach into the period from the
// covered side bought in it.
const CustomerPurchasesView = "customer_purchases"

// CustomerPeriodsView holds the customers' calendar quarters and years and their all time
// (migration 00587): one row per customer and quarter ('Q'), year ('Y') or all time ('A')
// in which the customer bought, with the number of purchases and the total spent in it,
// kept in the transaction of each write to coupons (exact at every commit). It answers a
// question by customer over exactly one calendar quarter or year, or over all time, with
// no check of coverage; a period's rows are in the order of a ranking by spend (an index).
const CustomerPeriodsView = "customer_period_purchases"

// customerMeasure is a measure the per-customer rows answer: agg over the rows (one per
// customer), row over one of them (a ranking of customers, whose rows need no grouping).
type customerMeasure struct{ agg, row string }

// customerMeasures are the measures the per-customer sources answer, written over their
// rows: one per customer (customer_id, sales, value, and transaction_date from the
// summary), from CustomerPeriodsView, the summary or the raw coupons grouped by customer,
// so a customer is a row and distinct customers are counted without sorting them.
var customerMeasures = map[string]customerMeasure{
	Buyers.ID:          {"count(*)", "1::bigint"},
	Revenue.ID:         {Revenue.Expr, "v.value"},
	RevenuePerBuyer.ID: {"round(sum(v.value) / NULLIF(count(*), 0), 2)", "round(v.value, 2)"},
	SalesCount.ID:      {"COALESCE(sum(v.sales), 0)::bigint", "v.sales::bigint"},
	SalesPerBuyer.ID:   {"round(sum(v.sales)::numeric / NULLIF(count(*), 0), 2)", "round(v.sales::numeric, 2)"},
	AverageTicket.ID:   {"round(sum(v.value) / NULLIF(sum(v.sales), 0), 2)", "round(v.value / NULLIF(v.sales, 0), 2)"},
}

// customerSource is r answered per customer when its shape allows: sales measures the
// summary holds, breakdowns and filters that read only the customer (and the period).
// Over all time or a whole calendar quarter or year, from CustomerPeriodsView (that
// period's rows); over another period that may be covered, from the summary.
func (r *Request) customerSource() (source, bool) {
	grain, start := periodGrain(r.Period)
	if r.Fact != Sales || len(r.Attrs) > 0 || r.SortBy != nil || len(r.Measures) == 0 || r.periodFilter() != nil || (grain == "" && !mayBeCovered(r.Period)) {
		return source{}, false
	}
	buyersOnly := true
	var ms, rows []*Measure
	for _, m := range r.Measures {
		cm, ok := customerMeasures[m.ID]
		if !ok || len(m.Where) > 0 {
			return source{}, false
		}
		buyersOnly = buyersOnly && m.ID == Buyers.ID
		c, w := *m, *m
		c.Expr, w.Expr = cm.agg, cm.row
		ms, rows = append(ms, &c), append(rows, &w)
	}
	cust, _ := customerJoin(r.Fact)
	readsCustomerOnly := func(sql string, js []string) bool {
		for _, j := range js {
			if j != cust {
				return false
			}
		}
		for _, ref := range columnRef.FindAllStringSubmatch(sql, -1) {
			if ref[1] != "c" && ref[0] != r.Fact.Customer {
				return false
			}
		}
		return true
	}
	for _, d := range r.Dims {
		ds, ok := d.build(r.Fact, r.Lang)
		if !ok || d.Time || d.ReplacesLive {
			return source{}, false
		}
		var sql []string
		for _, c := range ds.cols {
			sql = append(sql, c.Expr)
		}
		sql = append(sql, ds.group...)
		sql = append(sql, ds.where, ds.order)
		if !readsCustomerOnly(strings.Join(sql, " "), ds.joins) {
			return source{}, false
		}
	}
	for _, f := range r.Filters {
		if f.replaces(r.Fact) || f.timeOf[r.Fact] != "" {
			return source{}, false
		}
		cond, js, ok := f.build(r.Fact, nil)
		if !ok || !readsCustomerOnly(cond, js) {
			return source{}, false
		}
	}
	if grain != "" {
		return source{from: periodRows(grain, start), measures: ms, rows: rows, periodDone: true}, true
	}
	return source{from: perCustomerRows(r.Period, buyersOnly), measures: ms, rows: rows}, true
}

// periodGrain is the grain of CustomerPeriodsView that holds period p whole, and the SQL of
// its first day: all time (no period), a calendar quarter or year, named ("no segundo
// trimestre de 2025", "em 2025") or relative ("este ano", "trimestre passado"), whose From
// is its first day and To the next one's; "" for any other period.
func periodGrain(p *Period) (grain, start string) {
	if p == nil {
		return "A", "'-infinity'::date"
	}
	if p.From == "" || p.To == "" {
		return "", ""
	}
	switch p.Kind {
	case CalendarQuarter, ThisQuarter, LastQuarter:
		return "Q", "(" + p.From + ")::date"
	case CalendarYear, ThisYear, LastYear:
		return "Y", "(" + p.From + ")::date"
	}
	return "", ""
}

// periodRows is the FROM clause of a request answered per customer over period p when
// CustomerPeriodsView holds it (periodGrain): the customers' rows of p, one per customer
// who bought in it, as rows (customer_id, sales, value) under the sales alias. Only the
// rows of p are read, so the period's own condition is not applied again
// (source.periodDone).
func periodRows(grain, start string) string {
	return fmt.Sprintf("(SELECT cp.customer_id, cp.purchases AS sales, cp.spent AS value\n    FROM %s cp\n   WHERE %s) %s",
		Schema+"."+CustomerPeriodsView, periodIs("cp", grain, start), Sales.Alias)
}

// periodIs is the condition "row x of CustomerPeriodsView is of the grain's period that
// starts at start".
func periodIs(x, grain, start string) string {
	return fmt.Sprintf("%s.grain = '%s' AND %s.period_start = %s", x, grain, x, start)
}

// mayBeCovered reports whether period p is worth the summary's check: all time, a period
// open at one end, or a year. A shorter period is seldom covered (customers buy across
// months), and then the query, planned for both of its branches, reads the raw coupons
// slower than the raw query does (at 200k customers, a month's buyers 2.2 s against 1.8).
func mayBeCovered(p *Period) bool {
	if p == nil || p.From == "" || p.To == "" {
		return true
	}
	switch p.Kind {
	case CalendarYear, ThisYear, LastYear:
		return true
	}
	return false
}

// perCustomerRows is the FROM clause of a request answered per customer over period p (nil:
// all time), one row per customer who bought in p: from the summary when p is covered
// (see CustomerPurchasesView), else from the raw coupons of p that count, grouped by
// customer; as rows (customer_id, transaction_date, sales, value) under the sales alias.
// A row's transaction_date is one of its purchases inside p, so the period's own
// condition, applied outside, keeps it.
func perCustomerRows(p *Period, buyersOnly bool) string {
	from, to := "", ""
	if p != nil {
		from, to = p.From, p.To
	}
	sales := func(cond string) string {
		return fmt.Sprintf("EXISTS (SELECT 1 FROM %s.%s g WHERE %s AND %s)", Schema, Sales.View, liveAs(Sales, "g"), cond)
	}
	var uncovered []string // a sale counts outside the period: on that side
	if from != "" {
		uncovered = append(uncovered, sales("g.transaction_date < "+from))
	}
	if to != "" {
		uncovered = append(uncovered, sales("g.transaction_date >= "+to))
	}
	covered := "true"
	switch {
	case len(uncovered) == 0:
	case buyersOnly && len(uncovered) == 1:
		// an open end: no sale lies beyond it
	case buyersOnly:
		covered = "NOT (" + strings.Join(uncovered, " AND ") + ")"
	default:
		covered = "NOT (" + strings.Join(uncovered, " OR ") + ")"
	}
	var inPeriod []string
	day := "s.first_purchase"
	if to != "" {
		inPeriod = append(inPeriod, "s.first_purchase < "+to)
	}
	if from != "" {
		inPeriod = append(inPeriod, "s.last_purchase >= "+from)
		day = "CASE WHEN s.first_purchase >= " + from + " THEN s.first_purchase ELSE s.last_purchase END"
	}
	if covered != "true" {
		inPeriod = append([]string{covered}, inPeriod...)
	}
	summary := fmt.Sprintf("SELECT s.customer_id, %s AS transaction_date, s.purchases AS sales, s.spent AS value\n    FROM %s.%s s", day, Schema, CustomerPurchasesView)
	if len(inPeriod) > 0 {
		summary += "\n   WHERE " + strings.Join(inPeriod, " AND ")
	}
	if covered == "true" {
		return "(" + summary + ") " + Sales.Alias
	}
	rawConds := []string{"NOT " + covered, liveAs(Sales, "x")}
	if p != nil {
		rawConds = append(rawConds, p.Cond("x.transaction_date"))
	}
	raw := fmt.Sprintf("SELECT x.customer_id, min(x.transaction_date) AS transaction_date, count(*) AS sales, sum(x.value) AS value\n    FROM %s.%s x\n   WHERE %s\n   GROUP BY x.customer_id",
		Schema, Sales.View, strings.Join(rawConds, " AND "))
	return "(" + summary + "\n  UNION ALL\n  " + raw + ") " + Sales.Alias
}
