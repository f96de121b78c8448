package aiquery

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Every combination the semantic layer can express (each measure, alone and broken down
// by each dimension that applies, with a relative and a literal period, with each filter
// that applies) compiles to SQL the guard accepts and the database plans as the
// reporting role (the dry run of generate). A combination the layer cannot express must
// be an InvalidError, never SQL that fails.
func TestSemanticLayerCombinationsRun(t *testing.T) {
	_, db := newDB(t, 4)
	seedReportData(t, db)
	s := newService(t, db)
	ctx := context.Background()
	cal := semantic.Calendar{Now: fixedNow()}
	periods := []*semantic.Period{nil, cal.Relative(semantic.LastMonth), semantic.Month(2024, 10, time.UTC), cal.LastNUnits(30, semantic.Days)}
	filters := []*semantic.Filter{
		semantic.StoreCode("S1"), semantic.OwnerStoreCode("S1"), semantic.BirthDateKnown(), semantic.ContactMissing("email"), semantic.StoreName("Centro"), semantic.StoreCity("São Paulo"), semantic.CustomerDoc("00000000001"),
		semantic.CustomerName("Ana"), semantic.ProductName("Café"), semantic.PaymentType([]string{"PIX"}, true, semantic.T("PIX", "PIX")),
		semantic.Origin([]string{"app"}, false, semantic.T("app", "app")), semantic.Cancelled(), semantic.RedemptionStatus("expired", semantic.T("expirados", "expired")),
		semantic.Active(true), semantic.Active(false), semantic.OptIn(semantic.WhatsApp, false), semantic.AppUser(true), semantic.Gender("F", semantic.T("F", "F")),
		semantic.Birthday(), semantic.Bought(false), semantic.Redeemed(true), semantic.PurchaseCount(semantic.Above, 1), semantic.SpendTotal(semantic.Above, "10"),
		semantic.BalanceThreshold(semantic.AtLeast, 100), semantic.ValueThreshold(semantic.Below, "50"), semantic.AgeThreshold(semantic.Above, 30),
		semantic.EmailDomain("gmail"), semantic.ExpiresBy(), semantic.PromotionRunning(), semantic.PromotionDuring(), semantic.AddOns(),
	}
	dims := append(append([]*semantic.Dimension{}, semantic.Dimensions...), semantic.ByAgeBand(semantic.DefaultAgeBands),
		semantic.ByPeriods([]*semantic.Period{semantic.Month(2024, 10, time.UTC), semantic.Month(2024, 11, time.UTC)}))
	var ran, invalid int
	try := func(name string, r *semantic.Request) {
		t.Helper()
		sql, err := r.Compile()
		if err != nil {
			if _, ok := err.(*semantic.InvalidError); !ok {
				t.Errorf("%s: %v", name, err)
			}
			invalid++
			return
		}
		if err := s.check(ctx, sql); err != nil {
			t.Errorf("%s: %v\n%s", name, err, sql)
			return
		}
		ran++
	}
	measures := append([]*semantic.Measure{}, semantic.Measures...)
	for _, m := range semantic.Measures {
		if pc, err := semantic.PerCustomer(m); err == nil {
			measures = append(measures, pc)
		}
		if a, err := semantic.AverageOf(m); err == nil {
			measures = append(measures, a)
		}
		if sh, err := semantic.ShareOfTotal(m); err == nil {
			measures = append(measures, sh)
		}
		if g, err := semantic.GrowthOf(m, semantic.Month(2024, 10, time.UTC), semantic.Month(2024, 11, time.UTC)); err == nil {
			measures = append(measures, g)
		}
	}
	for _, m := range measures {
		for pi, p := range periods {
			try(fmt.Sprintf("%s/p%d", m.ID, pi), &semantic.Request{Lang: semantic.PT, Fact: m.Fact, Measures: []*semantic.Measure{m}, Period: p})
		}
		for di, d := range dims {
			// natural order and top-N alternate over the dimensions (each dimension runs once)
			order := []semantic.Order{semantic.Natural, semantic.Descending}[di%2]
			try(fmt.Sprintf("%s/by %s/%d", m.ID, d.ID, order), &semantic.Request{Lang: semantic.EN, Fact: m.Fact, Measures: []*semantic.Measure{m},
				Dims: []*semantic.Dimension{d}, Period: periods[1+di%3], Order: order, Limit: 3})
		}
	}
	// Filters are written per fact: each one with a measure of every fact, and as a rate.
	seenFact := map[*semantic.Fact]bool{}
	for _, m := range semantic.Measures {
		if seenFact[m.Fact] {
			continue
		}
		seenFact[m.Fact] = true
		for _, f := range filters {
			try(fmt.Sprintf("%s/%s", m.ID, f.ID), &semantic.Request{Lang: semantic.PT, Fact: m.Fact, Measures: []*semantic.Measure{m},
				Filters: []*semantic.Filter{f}, Period: periods[2]})
			if rate, err := semantic.RateOf(m.Fact, f, periods[3]); err == nil {
				try("rate/"+f.ID, &semantic.Request{Lang: semantic.PT, Fact: m.Fact, Measures: []*semantic.Measure{rate}, Period: periods[1]})
			}
		}
	}
	for _, f := range semantic.Facts {
		attrs := semantic.DefaultAttributes(f)
		if len(attrs) == 0 {
			continue
		}
		for _, fl := range filters {
			try("list "+f.ID+"/"+fl.ID, &semantic.Request{Lang: semantic.PT, Fact: f, Attrs: attrs, Filters: []*semantic.Filter{fl}, Period: periods[1]})
		}
	}
	// Measures of different facts side by side ("pontos creditados vs resgatados por
	// loja"): every pair of the flows and sales, alone and by each dimension.
	flows := []*semantic.Measure{semantic.PointsCredited, semantic.PointsDebited, semantic.PointsRedeemed, semantic.SalesCount, semantic.Revenue, semantic.RedemptionCount}
	for i, a := range flows {
		for _, b := range flows[i+1:] {
			try("pair "+a.ID+"+"+b.ID, &semantic.Request{Lang: semantic.PT, Fact: a.Fact, Measures: []*semantic.Measure{a, b}, Period: periods[1],
				Filters: []*semantic.Filter{semantic.StoreCode("S1")}})
			for di, d := range dims {
				order := []semantic.Order{semantic.Natural, semantic.Descending}[di%2]
				try("pair "+a.ID+"+"+b.ID+"/by "+d.ID, &semantic.Request{Lang: semantic.EN, Fact: a.Fact, Measures: []*semantic.Measure{a, b},
					Dims: []*semantic.Dimension{d}, Period: periods[di%3], Order: order, Limit: 5})
			}
		}
	}
	if ran < 300 {
		t.Fatalf("only %d combinations ran (%d invalid)", ran, invalid)
	}
	t.Logf("%d combinations ran, %d refused as invalid", ran, invalid)
}

// The counting rules are written once (facts.go) and every report of a fact carries them,
// unless a filter or breakdown says which rows it counts.
func TestCountingRulesApplyEverywhere(t *testing.T) {
	for _, m := range semantic.Measures {
		if m.Fact.Live == "" {
			continue
		}
		// raw rows: a rollup keeps the rule in its own definition (TestRollupsAnswerAsRawRows)
		sql, err := (&semantic.Request{Lang: semantic.PT, Fact: m.Fact, Measures: []*semantic.Measure{m}, Dims: []*semantic.Dimension{semantic.ByMonth}}).CompileRaw()
		if err != nil || !strings.Contains(sql, m.Fact.Live) {
			t.Errorf("%s: rule %q missing: %v\n%s", m.ID, m.Fact.Live, err, sql)
		}
	}
	sql, _ := (&semantic.Request{Lang: semantic.PT, Fact: semantic.Sales, Measures: []*semantic.Measure{semantic.SalesCount}, Filters: []*semantic.Filter{semantic.Cancelled()}}).Compile()
	if strings.Contains(sql, semantic.Sales.Live) || !strings.Contains(sql, "v.cancelled_at IS NOT NULL") {
		t.Errorf("cancelled sales: %s", sql)
	}
	sql, _ = (&semantic.Request{Lang: semantic.PT, Fact: semantic.Redemptions, Measures: []*semantic.Measure{semantic.RedemptionCount}, Dims: []*semantic.Dimension{semantic.ByStatus}}).Compile()
	if strings.Contains(sql, semantic.Redemptions.Live) {
		t.Errorf("redemptions by status keep the live rule: %s", sql)
	}
	// a filter on the customer of a sale keeps the sale's rule (over raw rows: the
	// per-customer summary holds only the sales that count, TestCustomerSummaryAnswersAsRawRows)
	sql, _ = (&semantic.Request{Lang: semantic.PT, Fact: semantic.Sales, Measures: []*semantic.Measure{semantic.Revenue}, Filters: []*semantic.Filter{semantic.Active(true)}}).CompileRaw()
	if !strings.Contains(sql, semantic.Sales.Live) {
		t.Errorf("sales of active customers lost the rule: %s", sql)
	}
}
