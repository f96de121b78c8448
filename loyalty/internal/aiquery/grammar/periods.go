package grammar

import (
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The meanings of period productions, over the question's calendar.

func dayPeriod(x *env, w string) (any, bool) {
	switch w {
	case "today":
		return periodV{p: x.cal.Relative(semantic.Today)}, true
	case "yesterday":
		return periodV{p: x.cal.Relative(semantic.Yesterday)}, true
	case "daybefore":
		y, m, d := x.cal.Now.Date()
		return periodV{p: semantic.Day(time.Date(y, m, d-2, 0, 0, 0, 0, x.loc))}, true
	case "tomorrow":
		return periodV{p: x.cal.Relative(semantic.Tomorrow)}, true
	case "ytd":
		return periodV{p: x.cal.Relative(semantic.ThisYear)}, true
	case "mtd":
		return periodV{p: x.cal.Relative(semantic.ThisMonth)}, true
	case "qtd":
		return periodV{p: x.cal.Relative(semantic.ThisQuarter)}, true
	case "wtd":
		return periodV{p: x.cal.Relative(semantic.ThisWeek)}, true
	}
	return nil, false
}

// toDateOf is a to-date word ("ytd", "mtd", "qtd") said beside the current period of its
// unit ("2025 YTD" in 2025): that period, up to now as the word says. Beside any other
// period it is no reading.
func toDateOf(x *env, p periodV, w string) (any, bool) {
	if w != "ytd" && w != "mtd" && w != "qtd" || p.absence {
		return nil, false
	}
	td, ok := dayPeriod(x, w)
	if !ok {
		return nil, false
	}
	cur := td.(periodV).p
	span := map[string][2]int{"ytd": {1, 0}, "qtd": {0, 3}, "mtd": {0, 1}}[w]
	if p.p.Start.IsZero() || !p.p.Start.Equal(cur.Start) || !p.p.End.Equal(p.p.Start.AddDate(span[0], span[1], 0)) {
		return nil, false
	}
	return td, true
}

// toDate reports whether a period was said as a to-date word ("ytd", "mtd", "qtd", "wtd").
func toDate(e *Edge) bool {
	for len(e.Kids) == 1 && e.Kids[0] != nil && e.Match == nil {
		e = e.Kids[0]
	}
	return e.Match != nil && e.Match.Cat == semantic.CatDay && strings.HasSuffix(e.Match.Arg, "td")
}

var relativeKinds = map[string]map[string]semantic.PeriodKind{
	"this": {"day": semantic.Today, "week": semantic.ThisWeek, "weekend": semantic.ThisWeekend, "month": semantic.ThisMonth, "quarter": semantic.ThisQuarter, "year": semantic.ThisYear},
	"last": {"day": semantic.Yesterday, "week": semantic.LastWeek, "weekend": semantic.LastWeekend, "month": semantic.LastMonth, "quarter": semantic.LastQuarter, "year": semantic.LastYear},
	"next": {"day": semantic.Tomorrow, "week": semantic.NextWeek, "month": semantic.NextMonth},
}

// unitPeriod is relative for a unit said as a word of the question: never the "semana" of
// a set of days ("dia de semana esse mês" is not this week).
func unitPeriod(x *env, which string, unit *Edge) (any, bool) {
	if x.inDaySet[unit.From] {
		return nil, false
	}
	return relative(x, which, arg(unit))
}

func relative(x *env, which, unit string) (any, bool) {
	if x.workdays && which == "this" && unit == "weekend" {
		return nil, false // "no fds vs dia de semana": the set of days, not this weekend
	}
	if unit == "fortnight" && which == "last" {
		return lastN(x, "1", unit) // "over the last fortnight": the last 14 days
	}
	k, ok := relativeKinds[which][unit]
	if !ok {
		if unit == "half" && which != "next" {
			y, m, _ := x.cal.Now.Date()
			h := 1
			if m > 6 {
				h = 2
			}
			if which == "last" {
				if h--; h == 0 {
					h, y = 2, y-1
				}
			}
			return periodV{p: semantic.Half(y, h, x.loc)}, true
		}
		return nil, false
	}
	return periodV{p: x.cal.Relative(k)}, true
}

// lastComplete is the last n units that have ended ("as 4 últimas semanas fechadas", "the
// last four complete weeks"): never the current one, begun.
func lastComplete(x *env, n, unit string) (any, bool) {
	v := atoiOr(n, 0)
	units := map[string]string{"day": semantic.Days, "week": semantic.Weeks, "month": semantic.Months, "year": semantic.Years}
	u, ok := units[unit]
	if v < 1 || v > 3660 || !ok {
		return nil, false
	}
	return periodV{p: x.cal.LastNComplete(v, u)}, true
}

func lastN(x *env, n, unit string) (any, bool) {
	v := atoiOr(n, 0)
	if v < 1 || v > 3660 {
		return nil, false
	}
	if unit == "fortnight" {
		unit, v = "week", 2*v // "the last 2 fortnights": 4 weeks
	}
	units := map[string]string{"day": semantic.Days, "week": semantic.Weeks, "month": semantic.Months, "year": semantic.Years}
	u, ok := units[unit]
	if !ok {
		return nil, false
	}
	return periodV{p: x.cal.LastNUnits(v, u)}, true
}

// month is a named month; without a year, its most recent occurrence that has begun.
func month(x *env, m, y string) (any, bool) {
	mi := atoiOr(m, 0)
	if mi < 1 || mi > 12 {
		return nil, false
	}
	year := x.cal.Now.Year()
	if y != "" {
		year = atoiOr(y, 0)
	} else if time.Month(mi) > x.cal.Now.Month() {
		year--
	}
	return periodV{p: semantic.Month(year, mi, x.loc)}, true
}

func monthYr(x *env, e *Edge) (any, bool) {
	if e.Match == nil {
		return nil, false
	}
	var m, y int
	for i, part := range []byte(e.Match.Arg) {
		if part == '/' {
			m, y = atoiOr(e.Match.Arg[:i], 0), atoiOr(e.Match.Arg[i+1:], 0)
		}
	}
	if m < 1 || m > 12 || y < 1990 || y > 2100 {
		return nil, false
	}
	return periodV{p: semantic.Month(y, m, x.loc)}, true
}

func year(x *env, y string) (any, bool) {
	v := atoiOr(y, 0)
	if v < 1990 || v > 2100 {
		return nil, false
	}
	return periodV{p: semantic.Year(v, x.loc)}, true
}

// part is "1º trimestre (de 2024)", "segundo semestre"; without a year, like a month,
// its most recent occurrence that has begun ("Q4" in June 2025 is Q4 2024: "bought in Q4
// and not in Q1" is Q4 2024, then Q1 2025).
func part(x *env, ord, unit, y string) (any, bool) {
	n := atoiOr(ord, 0)
	year := x.cal.Now.Year()
	if y != "" {
		year = atoiOr(y, 0)
	}
	var p *semantic.Period
	switch unit {
	case "quarter":
		if n < 1 || n > 4 {
			return nil, false
		}
		p = semantic.Quarter(year, n, x.loc)
		if y == "" && p.Start.After(x.cal.Now) {
			p = semantic.Quarter(year-1, n, x.loc)
		}
	case "half":
		if n < 1 || n > 2 {
			return nil, false
		}
		p = semantic.Half(year, n, x.loc)
		if y == "" && p.Start.After(x.cal.Now) {
			p = semantic.Half(year-1, n, x.loc)
		}
	default:
		return nil, false
	}
	return periodV{p: p}, true
}

// day is one calendar day; without a year, its most recent occurrence.
func day(x *env, e *Edge) (any, bool) {
	if e.Match == nil {
		return nil, false
	}
	d, ok := parseDay(e.Match.Arg)
	if !ok {
		return nil, false
	}
	if d.Year() == 0 {
		d = time.Date(x.cal.Now.Year(), d.Month(), d.Day(), 0, 0, 0, 0, x.loc)
		if d.After(x.cal.Now) {
			d = d.AddDate(-1, 0, 0)
		}
	}
	return periodV{p: semantic.Day(time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, x.loc))}, true
}

func parseDay(s string) (time.Time, bool) {
	for _, layout := range []string{"02/01/2006", "2/1/2006", "2006-01-02", "2006-1-2", "02/01/06", "2/1/06", "02.01.2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	for _, layout := range []string{"02/01", "2/1"} {
		if t, err := time.Parse(layout, s); err == nil {
			return time.Date(0, t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), true
		}
	}
	return time.Time{}, false
}

// open is "since P", "after P", "before P".
func open(p *semantic.Period, how string) (any, bool) {
	if p.From == "" || p.To == "" {
		return nil, false
	}
	l := p.Label
	switch how {
	case "since":
		return periodV{p: &semantic.Period{Kind: semantic.Since, From: p.From, Start: p.Start, Label: semantic.T("desde "+l.PT, "since "+l.EN)}}, true
	case "after":
		return periodV{p: &semantic.Period{Kind: semantic.Since, From: p.To, Label: semantic.T("depois de "+l.PT, "after "+l.EN)}}, true
	case "before":
		return periodV{p: &semantic.Period{Kind: semantic.Until, To: p.From, Label: semantic.T("antes de "+l.PT, "before "+l.EN)}}, true
	case "until":
		return periodV{p: &semantic.Period{Kind: semantic.Until, To: p.To, Label: semantic.T("até "+l.PT, "up to "+l.EN)}}, true
	}
	return nil, false
}

// span is "from A to B" and "between A and B", both included.
func span(a, b *semantic.Period) (any, bool) {
	if a.From == "" || b.To == "" || a.From == b.From || !a.Start.IsZero() && !b.Start.IsZero() && a.Start.After(b.Start) {
		return nil, false // a span that ends before it starts is another reading's
	}
	return periodV{p: &semantic.Period{Kind: semantic.DateRange, From: a.From, To: b.To, Start: a.Start, End: b.End,
		Label: semantic.T(a.Label.PT+" a "+b.Label.PT, a.Label.EN+" to "+b.Label.EN)}}, true
}

// beforeLast is the week, month, quarter or year before the last one ("semana
// retrasada", "the year before last").
func beforeLast(x *env, unit string) (any, bool) {
	sqlUnit := map[string]string{"week": "week", "month": "month", "quarter": "quarter", "year": "year"}[unit]
	if sqlUnit == "" {
		return nil, false
	}
	last, ok := relative(x, "last", unit)
	if !ok {
		return nil, false
	}
	n := "1 " + sqlUnit
	two := "2 " + sqlUnit + "s"
	if unit == "quarter" {
		n, two = "3 months", "6 months"
	}
	trunc := "date_trunc('" + sqlUnit + "', now())"
	l := last.(periodV).p.Label
	return periodV{p: &semantic.Period{Kind: semantic.DateRange, From: trunc + " - interval '" + two + "'", To: trunc + " - interval '" + n + "'",
		Label: semantic.T("o período antes de "+l.PT, "the one before "+l.EN), Start: unitBefore(last.(periodV).p.Start, unit)}}, true
}

// unitBefore is day t moved one week, month, quarter or year back (zero stays zero).
func unitBefore(t time.Time, unit string) time.Time {
	if t.IsZero() {
		return t
	}
	switch unit {
	case "week":
		return t.AddDate(0, 0, -7)
	case "month":
		return t.AddDate(0, -1, 0)
	case "quarter":
		return t.AddDate(0, -3, 0)
	case "year":
		return t.AddDate(-1, 0, 0)
	}
	return t.AddDate(0, 0, -1)
}

// monthOf is month m of the year of period p ("maio do ano passado").
func monthOf(x *env, m string, p *semantic.Period) (any, bool) {
	var y int
	switch p.Kind {
	case semantic.ThisYear:
		y = x.cal.Now.Year()
	case semantic.LastYear:
		y = x.cal.Now.Year() - 1
	case semantic.CalendarYear:
		y = atoiOr(p.Label.EN, 0)
	default:
		return nil, false
	}
	return month(x, m, strconv.Itoa(y))
}

// yearOf is the calendar year a period is (this year, last year, 2024).
func yearOf(x *env, p *semantic.Period) (int, bool) {
	switch p.Kind {
	case semantic.ThisYear:
		return x.cal.Now.Year(), true
	case semantic.LastYear:
		return x.cal.Now.Year() - 1, true
	case semantic.CalendarYear:
		return atoiOr(p.Label.EN, 0), true
	}
	return 0, false
}

// partOf is the quarter or half of a year said as a period ("Q4 last year").
func partOf(x *env, n, unit string, p *semantic.Period) (any, bool) {
	y, ok := yearOf(x, p)
	if !ok {
		return nil, false
	}
	return part(x, n, unit, strconv.Itoa(y))
}

// dayOfMonth is day n of a month: of the period's month when given (this month, last
// month, May), else of the current month, or the last one when day n is still to come.
func dayOfMonth(x *env, n string, p *semantic.Period) (any, bool) {
	d := atoiOr(n, 0)
	now := x.cal.Now
	y, m := now.Year(), now.Month()
	switch {
	case p == nil:
		if d > now.Day() {
			m--
		}
	case p.Kind == semantic.ThisMonth:
	case p.Kind == semantic.LastMonth:
		m--
	case p.Kind == semantic.CalendarMonth && !p.Start.IsZero():
		y, m = p.Start.Year(), p.Start.Month()
	default:
		return nil, false
	}
	t := time.Date(y, m, d, 0, 0, 0, 0, x.loc)
	if d < 1 || t.Day() != d {
		return nil, false
	}
	return periodV{p: semantic.Day(t)}, true
}

// dayWord is the day said in words (an ordinal or a number word, maybe after the word of
// days: "dia primeiro") of a named month ("primeiro de janeiro", "the first of April").
func dayWord(x *env, unit, day, month *Edge) (any, bool) {
	if p := month.Val.(periodV).p; p.Kind != semantic.CalendarMonth || unit != nil && arg(unit) != "day" {
		return nil, false
	}
	return dayOfMonth(x, arg(day), month.Val.(periodV).p)
}

// dayOfNamedMonth is day d of month m ("April 1"), of year y when given, else of the
// month's most recent occurrence that has begun.
func dayOfNamedMonth(x *env, m, d, y string) (any, bool) {
	v, ok := month(x, m, y)
	if !ok {
		return nil, false
	}
	return dayOfMonth(x, d, v.(periodV).p)
}

// dayOfMonthOf is day d of month m of the year the period p names ("May 1st last year"),
// the day said right after its month.
func dayOfMonthOf(x *env, m, d, p *Edge) (any, bool) {
	if m.To != d.From {
		return nil, false
	}
	v, ok := monthOf(x, arg(m), p.Val.(periodV).p)
	if !ok {
		return nil, false
	}
	return dayOfMonth(x, arg(d), v.(periodV).p)
}

// daySpan is days a to b of the month p, both included ("de 1 a 15 de maio").
func daySpan(x *env, a, b string, p *semantic.Period) (any, bool) {
	if atoiOr(a, 0) >= atoiOr(b, 0) {
		return nil, false
	}
	first, ok := dayOfMonth(x, a, p)
	if !ok {
		return nil, false
	}
	last, ok := dayOfMonth(x, b, p)
	if !ok {
		return nil, false
	}
	return span(first.(periodV).p, last.(periodV).p)
}

// monthPart is the n-th fortnight (1-15, 16 to the end) or week (days 1-7, 8-14, ...;
// the last one ends with the month) of the month p: "primeira quinzena de maio", "the
// first week of May".
func monthPart(x *env, ord, unit string, p *semantic.Period) (any, bool) {
	n := atoiOr(ord, 0)
	var y int
	var m time.Month
	switch {
	case p.Kind == semantic.ThisMonth:
		y, m, _ = x.cal.Now.Date()
	case p.Kind == semantic.LastMonth:
		y, m, _ = x.cal.Now.AddDate(0, 0, -x.cal.Now.Day()).Date()
	case p.Kind == semantic.CalendarMonth && !p.Start.IsZero():
		y, m = p.Start.Year(), p.Start.Month()
	default:
		return nil, false
	}
	first := time.Date(y, m, 1, 0, 0, 0, 0, x.loc)
	last := first.AddDate(0, 1, -1)
	var from, to time.Time
	switch unit {
	case "fortnight":
		if n < 1 || n > 2 {
			return nil, false
		}
		from, to = first.AddDate(0, 0, 15*(n-1)), first.AddDate(0, 0, 14)
		if n == 2 {
			to = last
		}
	case "week":
		from, to = first.AddDate(0, 0, 7*(n-1)), first.AddDate(0, 0, 7*n-1)
		if n < 1 || from.After(last) {
			return nil, false
		}
		if to.After(last) {
			to = last
		}
	default:
		return nil, false
	}
	return periodV{p: semantic.Range(from, to)}, true
}

// lastWeekday is the last day before today that is weekday wd (ISO: 1 = Monday): "sábado
// passado", "last Saturday"; on a Monday, "last Monday" is a week ago.
func lastWeekday(x *env, wd string) (*semantic.Period, bool) {
	d := atoiOr(wd, 0)
	if d < 1 || d > 7 {
		return nil, false
	}
	y, m, day := x.cal.Now.Date()
	today := time.Date(y, m, day, 0, 0, 0, 0, x.loc)
	back := (int(today.Weekday())+6)%7 + 1 - d // ISO weekday of today minus d
	if back <= 0 {
		back += 7
	}
	return semantic.Day(today.AddDate(0, 0, -back)), true
}

// sinceWeekday is "desde segunda", "since Monday": from the last such day before today.
func sinceWeekday(x *env, wd string) (any, bool) {
	p, ok := lastWeekday(x, wd)
	if !ok {
		return nil, false
	}
	return open(p, "since")
}

// weekdayPeriod is one past weekday ("sábado passado"); a plural says several days.
func weekdayPeriod(x *env, wd, last *Edge) (any, bool) {
	if plural(wd) || plural(last) {
		return nil, false
	}
	p, ok := lastWeekday(x, arg(wd))
	if !ok {
		return nil, false
	}
	return periodV{p: p}, true
}

// plural reports whether a terminal was typed in the plural ("sábados", "últimos"): longer
// than an abbreviation ("thurs") and ending in s.
func plural(e *Edge) bool {
	if e == nil || e.Match == nil {
		return false
	}
	t := strings.ToLower(e.Match.Text)
	return len(t) > 5 && strings.HasSuffix(t, "s")
}

// samePeriod is "the same month (quarter) of year p" as period first: first and that one,
// compared. The unit said, if any, must be first's.
func samePeriod(x *env, first *semantic.Period, unit string, year *semantic.Period) (any, bool) {
	if first.Start.IsZero() {
		return nil, false
	}
	var v any
	var ok bool
	switch first.Kind {
	case semantic.ThisMonth, semantic.LastMonth, semantic.CalendarMonth:
		if unit != "" && unit != "month" {
			return nil, false
		}
		v, ok = monthOf(x, strconv.Itoa(int(first.Start.Month())), year)
	case semantic.ThisQuarter, semantic.LastQuarter, semantic.CalendarQuarter:
		if unit != "" && unit != "quarter" {
			return nil, false
		}
		v, ok = partOf(x, strconv.Itoa((int(first.Start.Month())-1)/3+1), "quarter", year)
	case semantic.Today, semantic.Yesterday, semantic.CalendarDay:
		// "ontem e o mesmo dia da semana passada", "yesterday and the same weekday last
		// week": the day one week (month, year) before, never the whole week
		if unit != "" && unit != "day" && unit != "weekday" {
			return nil, false
		}
		step := map[semantic.PeriodKind]string{semantic.LastWeek: "week", semantic.LastMonth: "month", semantic.LastYear: "year"}[year.Kind]
		if step == "" || unit == "weekday" && step != "week" {
			return nil, false // the same weekday is a week before, not a date a month or year before
		}
		second, ok := semantic.Earlier(first, step)
		if !ok {
			return nil, false
		}
		return periodsV{first, second}, true
	default:
		return nil, false
	}
	if !ok {
		return nil, false
	}
	second := v.(periodV).p
	if second.From == first.From {
		return nil, false
	}
	return periodsV{first, second}, true
}

// priorPeriods are the periods of a question that says the period it compares against by
// its abbreviation ("MTD vs PY", "Q1 growth vs LY", "L30D vs PP"): the period it names,
// and the same one a year (or its own length) before it, the earlier first ("the week
// before" said after a period is priorPeriod's). Alone, "LY" and "LYTD" are last year (to
// the same day); "SPLY" and "PP" need a period to be before, and a comparison without one
// is refused.
func priorPeriods(x *env, prior string, periods []*semantic.Period, compares bool) ([]*semantic.Period, error) {
	prior, said := strings.CutPrefix(prior, "vs:") // "vs PY", "vs same period LY"
	compares = compares || said
	unit := map[string]string{"year": "year", "ytd": "year", "same": "year", "period": ""}[prior]
	switch {
	case len(periods) == 1:
		p, ok := semantic.Earlier(periods[0], unit)
		if !ok {
			return nil, fail("não sei qual é o período anterior a "+periods[0].Label.PT, "I cannot tell which period comes before "+periods[0].Label.EN)
		}
		return []*semantic.Period{p, periods[0]}, nil
	case len(periods) == 0 && !compares && prior == "year":
		return []*semantic.Period{x.cal.Relative(semantic.LastYear)}, nil
	case len(periods) == 0 && !compares && prior == "ytd":
		p, _ := semantic.Earlier(x.cal.Relative(semantic.ThisYear), "year")
		return []*semantic.Period{p}, nil
	}
	return nil, fail("não sei com que período comparar", "I cannot tell which period to compare with")
}

// twoPeriods are two periods compared; one window said twice ("last week vs the previous
// week" read as last week twice, "this week, since Monday") is no comparison.
func twoPeriods(now time.Time, a, b *semantic.Period) (any, bool) {
	if onePeriod(a, b) || sameToDate(a, b, now) {
		return nil, false // "maio vs mês passado" in June: May twice
	}
	return periodsV{a, b}, true
}

// overlap reports whether periods a and b share days: compared, a row of each would count
// those days once, in the first. A period open to now or up to today ends at no day; one
// whose start is no date said, or whose end is not known here, shares none.
func overlap(a, b *semantic.Period) bool {
	ends := func(p *semantic.Period) (time.Time, time.Time, bool) {
		if p.Start.IsZero() || strings.Contains(p.From, "interval") {
			return time.Time{}, time.Time{}, false // one said from another ("the week before") may keep that one's start
		}
		if e := periodEnd(p); !e.IsZero() {
			return p.Start, e, true
		}
		if p.To == "" || strings.Contains(p.To, "now()") {
			return p.Start, time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), true
		}
		return time.Time{}, time.Time{}, false
	}
	as, ae, ok1 := ends(a)
	bs, be, ok2 := ends(b)
	return ok1 && ok2 && as.Before(be) && bs.Before(ae)
}

// onePeriod reports whether a and b are one period under two names ("maio" and "mês
// passado" in June, "last quarter" and "January to March 2025"): the same bounds, the same
// first day of one calendar unit, or the same days on the calendar.
func onePeriod(a, b *semantic.Period) bool {
	if a.From == b.From && a.To == b.To || !a.Start.IsZero() && a.Start.Equal(b.Start) && unitOfKind[a.Kind] != "" && unitOfKind[a.Kind] == unitOfKind[b.Kind] {
		return true
	}
	ea, eb := periodEnd(a), periodEnd(b)
	return !a.Start.IsZero() && a.Start.Equal(b.Start) && !ea.IsZero() && ea.Equal(eb)
}

// sameToDate reports whether a and b both run from one first day up to now or past it
// ("this week" and "since Monday", "this year" and "since January 1st", "this month" and
// "the last 18 days" on the 18th): nothing has happened after now, so each holds what the
// other does. A named period that ends before now is no such period.
func sameToDate(a, b *semantic.Period, now time.Time) bool {
	if a.Start.IsZero() || !a.Start.Equal(b.Start) {
		return false
	}
	toNow := func(p *semantic.Period) bool {
		end := periodEnd(p)
		return end.IsZero() && p.To == "" || end.After(now)
	}
	return toNow(a) && toNow(b)
}

// periodEnd is the day after the last one period p covers on the calendar: its End, or,
// for one calendar unit said relatively ("last quarter"), the end of that unit; zero when
// it has none (an open or a rolling period).
func periodEnd(p *semantic.Period) time.Time {
	if !p.End.IsZero() {
		return p.End
	}
	if p.Start.IsZero() {
		return time.Time{}
	}
	switch unitOfKind[p.Kind] {
	case "day":
		return p.Start.AddDate(0, 0, 1)
	case "week":
		return p.Start.AddDate(0, 0, 7)
	case "month":
		return p.Start.AddDate(0, 1, 0)
	case "quarter":
		return p.Start.AddDate(0, 3, 0)
	case "year":
		return p.Start.AddDate(1, 0, 0)
	}
	return time.Time{}
}

// unitOfKind is the calendar unit a period is exactly one of (a week, a month, a quarter,
// a year), "" when it is not one unit.
var unitOfKind = map[semantic.PeriodKind]string{
	semantic.Today: "day", semantic.Yesterday: "day", semantic.CalendarDay: "day",
	semantic.ThisWeek: "week", semantic.LastWeek: "week",
	semantic.ThisMonth: "month", semantic.LastMonth: "month", semantic.CalendarMonth: "month",
	semantic.ThisQuarter: "quarter", semantic.LastQuarter: "quarter", semantic.CalendarQuarter: "quarter",
	semantic.ThisYear: "year", semantic.LastYear: "year", semantic.CalendarYear: "year",
}

// priorPeriod is "the week (month, ...) before" said after period first ("last week vs
// the week before", "maio x o mês anterior", "this quarter vs the one before"): the unit
// just before first, never the unit before now. The unit said, if any, must be first's;
// first must be one whole unit.
func priorPeriod(x *env, first *semantic.Period, unit string) (any, bool) {
	u := unitOfKind[first.Kind]
	if u == "" || unit != "" && unit != u {
		return nil, false
	}
	var v any
	ok := true
	switch first.Kind {
	case semantic.Today:
		v, ok = relative(x, "last", "day")
	case semantic.ThisWeek, semantic.ThisMonth, semantic.ThisQuarter, semantic.ThisYear:
		v, ok = relative(x, "last", u)
	case semantic.LastWeek, semantic.LastMonth, semantic.LastQuarter, semantic.LastYear:
		v, ok = beforeLast(x, u)
	default: // a named day, month, quarter or year: the one before on the calendar
		s := first.Start
		if s.IsZero() {
			return nil, false
		}
		loc := s.Location()
		d := unitBefore(s, u)
		switch u {
		case "day":
			v = periodV{p: semantic.Day(d)}
		case "month":
			v = periodV{p: semantic.Month(d.Year(), int(d.Month()), loc)}
		case "quarter":
			v = periodV{p: semantic.Quarter(d.Year(), (int(d.Month())-1)/3+1, loc)}
		case "year":
			v = periodV{p: semantic.Year(d.Year(), loc)}
		}
	}
	if !ok || v == nil {
		return nil, false
	}
	return periodsV{first, v.(periodV).p}, true
}
