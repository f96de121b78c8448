package semantic

import (
	"strings"
	"testing"
	"time"
)

// Compile reads a rollup (a daily one, the per-customer summary or the customers'
// periods) exactly when every
// measure, breakdown and filter of the request is one the rollup covers; CompileRaw never
// does.
func TestCompileReadsARollupWhenTheShapeAllows(t *testing.T) {
	year := Year(2025, time.UTC)
	pix := PaymentType([]string{"pix"}, true, T("PIX", "PIX"))
	cases := []struct {
		name string
		req  Request
		view string // "" = raw rows
	}{
		{"revenue by month", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByMonth}, Period: year}, "sales_daily"},
		{"sales and ticket by store", Request{Fact: Sales, Measures: []*Measure{SalesCount, AverageTicket}, Dims: []*Dimension{ByStore}, Period: year}, "sales_daily"},
		{"revenue by state and weekday", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByState, ByWeekday}}, "sales_daily"},
		{"revenue with pix at one store", Request{Fact: Sales, Measures: []*Measure{Revenue}, Filters: []*Filter{pix, StoreCode("S1")}, Period: year}, "sales_daily"},
		{"revenue on weekends in a city", Request{Fact: Sales, Measures: []*Measure{Revenue}, Filters: []*Filter{WeekdayIn([]int{6, 7}), StoreCity("São Paulo")}}, "sales_daily"},
		{"points credited by store", Request{Fact: Points, Measures: []*Measure{PointsCredited, CreditCount}, Dims: []*Dimension{ByStore}, Period: year}, "points_daily"},
		{"entries by type", Request{Fact: Points, Measures: []*Measure{EntryCount}, Dims: []*Dimension{ByEntryType}}, "points_daily"},
		{"buyers (distinct)", Request{Fact: Sales, Measures: []*Measure{Buyers}, Period: year}, CustomerPeriodsView},
		{"buyers in a quarter", Request{Fact: Sales, Measures: []*Measure{Buyers}, Period: Quarter(2025, 2, time.UTC)}, CustomerPeriodsView},
		{"buyers since a day (open: the summary)", Request{Fact: Sales, Measures: []*Measure{Buyers}, Period: &Period{Kind: Since, From: "DATE '2025-03-01'"}}, CustomerPurchasesView},
		{"largest sale", Request{Fact: Sales, Measures: []*Measure{LargestSale}}, ""},
		{"revenue by customer", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByCustomer}, Limit: 10}, CustomerPeriodsView},
		{"revenue by customer in a quarter", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByCustomer}, Period: Quarter(2025, 2, time.UTC), Limit: 10}, CustomerPeriodsView},
		{"sales by customer in a year", Request{Fact: Sales, Measures: []*Measure{SalesCount}, Dims: []*Dimension{ByCustomer}, Period: year, Limit: 10}, CustomerPeriodsView},
		{"revenue by customer in a month (seldom covered)", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByCustomer}, Period: Month(2025, 6, time.UTC), Limit: 10}, ""},
		{"buyers in a month (seldom covered)", Request{Fact: Sales, Measures: []*Measure{Buyers}, Period: Month(2025, 6, time.UTC)}, ""},
		{"revenue by customer and store", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByCustomer, ByStore}}, ""},
		{"revenue by customer and month", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByCustomer, ByMonth}}, ""},
		{"buyers with pix", Request{Fact: Sales, Measures: []*Measure{Buyers}, Filters: []*Filter{pix}}, ""},
		{"revenue by hour", Request{Fact: Sales, Measures: []*Measure{Revenue}, Dims: []*Dimension{ByHour}}, ""},
		{"cancelled sales", Request{Fact: Sales, Measures: []*Measure{SalesCount}, Filters: []*Filter{Cancelled()}}, ""},
		{"buyers of cancelled sales", Request{Fact: Sales, Measures: []*Measure{Buyers}, Filters: []*Filter{Cancelled()}}, ""},
		{"sales over R$ 100", Request{Fact: Sales, Measures: []*Measure{SalesCount}, Filters: []*Filter{ValueThreshold(Above, "100")}}, ""},
		{"revenue of women", Request{Fact: Sales, Measures: []*Measure{Revenue}, Filters: []*Filter{Gender("F", T("mulheres", "women"))}}, CustomerPeriodsView},
		{"revenue and buyers", Request{Fact: Sales, Measures: []*Measure{Revenue, Buyers}}, CustomerPeriodsView},
		{"revenue and largest sale by customer", Request{Fact: Sales, Measures: []*Measure{Revenue, LargestSale}, Dims: []*Dimension{ByCustomer}}, ""},
		{"customers who never bought", Request{Fact: Customers, Measures: []*Measure{CustomerCount}, Filters: []*Filter{Bought(false)}}, CustomerPeriodsView},
		{"women who never bought", Request{Fact: Customers, Measures: []*Measure{CustomerCount}, Filters: []*Filter{Bought(false), Gender("F", T("mulheres", "women"))}}, CustomerPurchasesView},
		{"customers who ever bought", Request{Fact: Customers, Measures: []*Measure{CustomerCount}, Filters: []*Filter{Ever(Bought(true))}, Period: year}, CustomerPurchasesView},
		{"customers who bought in a year", Request{Fact: Customers, Measures: []*Measure{CustomerCount}, Filters: []*Filter{Bought(true)}, Period: year}, ""},
		{"earners", Request{Fact: Points, Measures: []*Measure{Earners}}, ""},
		{"redemptions", Request{Fact: Redemptions, Measures: []*Measure{RedemptionCount}, Period: year}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.req.Lang = PT
			sql, err := c.req.Compile()
			if err != nil {
				t.Fatal(err)
			}
			raw, err := c.req.CompileRaw()
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(raw, "_daily") {
				t.Errorf("CompileRaw reads a rollup:\n%s", raw)
			}
			switch {
			case c.view == "" && sql != raw:
				t.Errorf("compiled over a rollup, want raw rows:\n%s", sql)
			case c.view != "" && !strings.Contains(sql, "FROM "+Schema+"."+c.view+" "):
				t.Errorf("want %s:\n%s", c.view, sql)
			case strings.Contains(raw, CustomerPurchasesView) || strings.Contains(raw, CustomerPeriodsView):
				t.Errorf("CompileRaw reads a customer summary:\n%s", raw)
			case c.view != "" && c.view != CustomerPurchasesView && strings.Contains(sql, "cancelled_at"):
				t.Errorf("the rollup holds only the sales that count; the rule is applied again:\n%s", sql)
			}
		})
	}
}
