package semantic

import (
	"fmt"
	"strings"
	"time"
)

// PeriodKind says what kind of time window a period is; birthday reports and the echo
// read it.
type PeriodKind int

// Period kinds.
const (
	Today PeriodKind = iota + 1
	Yesterday
	Tomorrow
	ThisWeek
	LastWeek
	NextWeek
	ThisWeekend
	LastWeekend
	ThisMonth
	LastMonth
	NextMonth
	ThisQuarter
	LastQuarter
	ThisYear
	LastYear
	LastN         // the last N days, weeks, months or years
	LastNComplete // the last N whole days, weeks, months or years, the current one left out
	CalendarDay   // one named day
	CalendarMonth // a named month
	CalendarQuarter
	CalendarHalf
	CalendarYear
	DateRange // named days, both included
	Since     // from a day on
	Until     // up to a day, included
)

// Period is a time window. Relative windows ("este mês", "últimos 7 dias") stay relative
// in the SQL (now()-based, in the session time zone), so a saved query re-run next month
// reports next month; named ones (months, quarters, years, dates) are literal dates. From is
// inclusive, To exclusive; an empty bound is open.
type Period struct {
	Kind  PeriodKind
	From  string // SQL expression
	To    string // SQL expression
	Label Text   // said back to the user, with the dates it covers

	// End is the day after the last one a period of named days covers (zero when it has
	// no end or is relative); Length is the SQL interval the last N units span ("30
	// days"), for the period of the same length before them
	End    time.Time
	Length string

	// AsYear: the period is a part of a year compared with the same part of other years
	// ("Q1, this year against last year"): its row of a comparison is named by its year
	AsYear int

	Month int // the month of a CalendarMonth or CalendarDay period (birthdays)
	Day   int // the day of a CalendarDay period

	// Start is the first day the period covers on the calendar it was made with (zero when
	// it has no start): periods compare in time by it, not by their SQL.
	Start time.Time
}

// oneUnit is the length of each relative period of one unit (Today ... LastYear): years,
// months, days.
var oneUnit = map[PeriodKind][3]int{
	Today: {0, 0, 1}, Yesterday: {0, 0, 1}, Tomorrow: {0, 0, 1},
	ThisWeek: {0, 0, 7}, LastWeek: {0, 0, 7}, NextWeek: {0, 0, 7}, ThisWeekend: {0, 0, 2}, LastWeekend: {0, 0, 2},
	ThisMonth: {0, 1, 0}, LastMonth: {0, 1, 0}, NextMonth: {0, 1, 0},
	ThisQuarter: {0, 3, 0}, LastQuarter: {0, 3, 0}, ThisYear: {1, 0, 0}, LastYear: {1, 0, 0},
}

// Covers is the calendar days [from, to) the period covers on the calendar it was made
// with: named days by their bounds, a relative period of one unit ("mês passado") by its
// start and unit. ok is false for an open period and for the last N units. Two periods
// said differently ("mês passado", "maio") are the same time when they cover the same days.
func (p *Period) Covers() (from, to time.Time, ok bool) {
	switch {
	case p == nil || p.Start.IsZero():
		return time.Time{}, time.Time{}, false
	case !p.End.IsZero():
		return p.Start, p.End, true
	}
	u, ok := oneUnit[p.Kind]
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	return p.Start, p.Start.AddDate(u[0], u[1], u[2]), true
}

// Cond is "col falls in the period".
func (p *Period) Cond(col string) string {
	switch {
	case p.From != "" && p.To != "":
		return col + " >= " + p.From + " AND " + col + " < " + p.To
	case p.From != "":
		return col + " >= " + p.From
	case p.To != "":
		return col + " < " + p.To
	}
	return "true"
}

// Date is the SQL literal of a calendar day.
func Date(t time.Time) string { return "DATE '" + t.Format(time.DateOnly) + "'" }

var (
	monthsPT = []string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"}
	monthsEN = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// MonthName is the name of month m (1-12) in l.
func MonthName(m int, l Lang) string {
	if l == PT {
		return monthsPT[m-1]
	}
	return monthsEN[m-1]
}

func dayText(t time.Time) Text {
	return T(t.Format("02/01/2006"), t.Format("2006-01-02"))
}

// rangeText says "de d1 a d2" with both days included (to is exclusive).
func rangeText(from, to time.Time) Text {
	last := to.AddDate(0, 0, -1)
	if !last.After(from) {
		return dayText(from)
	}
	a, b := dayText(from), dayText(last)
	return T(a.PT+" a "+b.PT, a.EN+" to "+b.EN)
}

func withDates(name Text, from, to time.Time) Text {
	d := rangeText(from, to)
	return T(name.PT+" ("+d.PT+")", name.EN+" ("+d.EN+")")
}

// Calendar makes periods relative to a clock, in a time zone.
type Calendar struct {
	Now time.Time // in the reporting time zone
}

func (c Calendar) today() time.Time {
	y, m, d := c.Now.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, c.Now.Location())
}

func (c Calendar) weekStart() time.Time {
	t := c.today()
	return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)) // Monday
}

func (c Calendar) monthStart() time.Time {
	y, m, _ := c.Now.Date()
	return time.Date(y, m, 1, 0, 0, 0, 0, c.Now.Location())
}

func (c Calendar) quarterStart() time.Time {
	y, m, _ := c.Now.Date()
	return time.Date(y, time.Month((int(m)-1)/3*3+1), 1, 0, 0, 0, 0, c.Now.Location())
}

func (c Calendar) yearStart() time.Time {
	return time.Date(c.Now.Year(), 1, 1, 0, 0, 0, 0, c.Now.Location())
}

const (
	sqlToday   = "date_trunc('day', now())"
	sqlWeek    = "date_trunc('week', now())"
	sqlMonth   = "date_trunc('month', now())"
	sqlQuarter = "date_trunc('quarter', now())"
	sqlYear    = "date_trunc('year', now())"
)

// Relative returns the relative period of kind k (Today ... LastYear).
func (c Calendar) Relative(k PeriodKind) *Period {
	t, w, m, q, y := c.today(), c.weekStart(), c.monthStart(), c.quarterStart(), c.yearStart()
	p := &Period{Kind: k}
	var from, to time.Time
	var name Text
	switch k {
	case Today:
		p.From, p.To, from, to, name = sqlToday, sqlToday+" + interval '1 day'", t, t.AddDate(0, 0, 1), T("hoje", "today")
		p.Month, p.Day = int(t.Month()), t.Day()
	case Yesterday:
		p.From, p.To, from, to, name = sqlToday+" - interval '1 day'", sqlToday, t.AddDate(0, 0, -1), t, T("ontem", "yesterday")
	case Tomorrow:
		p.From, p.To, from, to, name = sqlToday+" + interval '1 day'", sqlToday+" + interval '2 days'", t.AddDate(0, 0, 1), t.AddDate(0, 0, 2), T("amanhã", "tomorrow")
	case ThisWeek:
		p.From, p.To, from, to, name = sqlWeek, sqlWeek+" + interval '1 week'", w, w.AddDate(0, 0, 7), T("esta semana", "this week")
	case LastWeek:
		p.From, p.To, from, to, name = sqlWeek+" - interval '1 week'", sqlWeek, w.AddDate(0, 0, -7), w, T("semana passada", "last week")
	case NextWeek:
		p.From, p.To, from, to, name = sqlWeek+" + interval '1 week'", sqlWeek+" + interval '2 weeks'", w.AddDate(0, 0, 7), w.AddDate(0, 0, 14), T("próxima semana", "next week")
	case ThisWeekend:
		p.From, p.To, from, to, name = sqlWeek+" + interval '5 days'", sqlWeek+" + interval '7 days'", w.AddDate(0, 0, 5), w.AddDate(0, 0, 7), T("este fim de semana", "this weekend")
	case LastWeekend:
		p.From, p.To, from, to, name = sqlWeek+" - interval '2 days'", sqlWeek, w.AddDate(0, 0, -2), w, T("último fim de semana", "last weekend")
	case ThisMonth:
		p.From, p.To, from, to, name = sqlMonth, sqlMonth+" + interval '1 month'", m, m.AddDate(0, 1, 0), T("este mês", "this month")
		p.Month = int(m.Month())
	case LastMonth:
		p.From, p.To, from, to, name = sqlMonth+" - interval '1 month'", sqlMonth, m.AddDate(0, -1, 0), m, T("mês passado", "last month")
		p.Month = int(m.AddDate(0, -1, 0).Month())
	case NextMonth:
		p.From, p.To, from, to, name = sqlMonth+" + interval '1 month'", sqlMonth+" + interval '2 months'", m.AddDate(0, 1, 0), m.AddDate(0, 2, 0), T("próximo mês", "next month")
		p.Month = int(m.AddDate(0, 1, 0).Month())
	case ThisQuarter:
		p.From, p.To, from, to, name = sqlQuarter, sqlQuarter+" + interval '3 months'", q, q.AddDate(0, 3, 0), T("este trimestre", "this quarter")
	case LastQuarter:
		p.From, p.To, from, to, name = sqlQuarter+" - interval '3 months'", sqlQuarter, q.AddDate(0, -3, 0), q, T("trimestre passado", "last quarter")
	case ThisYear:
		p.From, p.To, from, to, name = sqlYear, sqlYear+" + interval '1 year'", y, y.AddDate(1, 0, 0), T("este ano", "this year")
	case LastYear:
		p.From, p.To, from, to, name = sqlYear+" - interval '1 year'", sqlYear, y.AddDate(-1, 0, 0), y, T("ano passado", "last year")
	default:
		panic(fmt.Sprintf("semantic: period kind %d is not relative", k))
	}
	p.Label = withDates(name, from, to)
	p.Start = from
	return p
}

// Units of "the last N ...".
const (
	Days   = "days"
	Weeks  = "weeks"
	Months = "months"
	Years  = "years"
)

// LastNUnits is "the last n days/weeks/months/years", counting the current one: the n
// calendar days ending today (from 00:00 of today - (n-1)), the current month and the n-1
// before it, and so on. Weeks are 7n days.
func (c Calendar) LastNUnits(n int, unit string) *Period {
	t := c.today()
	var from time.Time
	var sql string
	switch unit {
	case Days:
		from, sql = t.AddDate(0, 0, -(n-1)), fmt.Sprintf("%s - interval '%d days'", sqlToday, n-1)
	case Weeks:
		from, sql = t.AddDate(0, 0, -(7*n-1)), fmt.Sprintf("%s - interval '%d days'", sqlToday, 7*n-1)
	case Months:
		from, sql = c.monthStart().AddDate(0, -(n-1), 0), fmt.Sprintf("%s - interval '%d months'", sqlMonth, n-1)
	case Years:
		from, sql = c.yearStart().AddDate(-(n-1), 0, 0), fmt.Sprintf("%s - interval '%d years'", sqlYear, n-1)
	}
	names := map[string]Text{Days: T("dias", "days"), Weeks: T("semanas", "weeks"), Months: T("meses", "months"), Years: T("anos", "years")}
	u := names[unit]
	name := T(fmt.Sprintf("últimos %d %s", n, u.PT), fmt.Sprintf("last %d %s", n, u.EN))
	d := dayText(from)
	return &Period{Kind: LastN, From: sql, Start: from, Length: fmt.Sprintf("%d %s", map[string]int{Days: n, Weeks: 7 * n, Months: n, Years: n}[unit], map[string]string{Days: "days", Weeks: "days", Months: "months", Years: "years"}[unit]), Label: T(name.PT+" (desde "+d.PT+", inclusive hoje)", name.EN+" (since "+d.EN+", today included)")}
}

// LastNComplete is "the last n complete days/weeks/months/years" ("últimas 4 semanas
// fechadas", "the last 3 full months"): the n whole units before the current one, which is
// left out. Weeks start on Monday.
func (c Calendar) LastNComplete(n int, unit string) *Period {
	var to time.Time
	var from time.Time
	var sqlTo, step string
	switch unit {
	case Days:
		to, sqlTo, step = c.today(), sqlToday, "days"
		from = to.AddDate(0, 0, -n)
	case Weeks:
		to, sqlTo, step = c.weekStart(), sqlWeek, "weeks"
		from = to.AddDate(0, 0, -7*n)
	case Months:
		to, sqlTo, step = c.monthStart(), sqlMonth, "months"
		from = to.AddDate(0, -n, 0)
	case Years:
		to, sqlTo, step = c.yearStart(), sqlYear, "years"
		from = to.AddDate(-n, 0, 0)
	default:
		return nil
	}
	names := map[string]Text{Days: T("últimos %d dias completos", "last %d complete days"), Weeks: T("últimas %d semanas completas", "last %d complete weeks"), Months: T("últimos %d meses completos", "last %d complete months"), Years: T("últimos %d anos completos", "last %d complete years")}
	name := T(fmt.Sprintf(names[unit].PT, n), fmt.Sprintf(names[unit].EN, n))
	return &Period{Kind: LastNComplete, From: fmt.Sprintf("%s - interval '%d %s'", sqlTo, n, step), To: sqlTo, Start: from,
		Length: fmt.Sprintf("%d %s", n, step), Label: withDates(name, from, to)}
}

// days is the period of the calendar days [from, to) (to exclusive).
func days(from, to time.Time, kind PeriodKind) *Period {
	return &Period{Kind: kind, From: Date(from), To: Date(to), Label: rangeText(from, to), Start: from, End: to}
}

// Day is one calendar day.
func Day(d time.Time) *Period {
	p := days(d, d.AddDate(0, 0, 1), CalendarDay)
	p.Month, p.Day = int(d.Month()), d.Day()
	return p
}

// Range is the days from..to, both included.
func Range(from, to time.Time) *Period { return days(from, to.AddDate(0, 0, 1), DateRange) }

// SinceDay is from day d on.
func SinceDay(d time.Time) *Period {
	t := dayText(d)
	return &Period{Kind: Since, From: Date(d), Start: d, Label: T("desde "+t.PT, "since "+t.EN)}
}

// UntilDay is up to day d, included.
func UntilDay(d time.Time) *Period {
	t := dayText(d)
	return &Period{Kind: Until, To: Date(d.AddDate(0, 0, 1)), Label: T("até "+t.PT, "up to "+t.EN)}
}

// Month is a calendar month.
func Month(year, month int, loc *time.Location) *Period {
	from := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, loc)
	p := days(from, from.AddDate(0, 1, 0), CalendarMonth)
	p.Month = month
	p.Label = T(fmt.Sprintf("%s de %d", MonthName(month, PT), year), fmt.Sprintf("%s %d", MonthName(month, EN), year))
	return p
}

// Quarter is a calendar quarter (1-4).
func Quarter(year, q int, loc *time.Location) *Period {
	from := time.Date(year, time.Month(3*(q-1)+1), 1, 0, 0, 0, 0, loc)
	p := days(from, from.AddDate(0, 3, 0), CalendarQuarter)
	p.Label = withDates(T(fmt.Sprintf("%dº trimestre de %d", q, year), fmt.Sprintf("Q%d %d", q, year)), from, from.AddDate(0, 3, 0))
	return p
}

// Half is a calendar half-year (1-2).
func Half(year, h int, loc *time.Location) *Period {
	from := time.Date(year, time.Month(6*(h-1)+1), 1, 0, 0, 0, 0, loc)
	p := days(from, from.AddDate(0, 6, 0), CalendarHalf)
	p.Label = withDates(T(fmt.Sprintf("%dº semestre de %d", h, year), fmt.Sprintf("H%d %d", h, year)), from, from.AddDate(0, 6, 0))
	return p
}

// Year is a calendar year.
func Year(year int, loc *time.Location) *Period {
	from := time.Date(year, 1, 1, 0, 0, 0, 0, loc)
	p := days(from, from.AddDate(1, 0, 0), CalendarYear)
	p.Label = T(fmt.Sprint(year), fmt.Sprint(year))
	return p
}

// Earlier is the same period one unit earlier, for comparisons: "YoY", "vs LY" (unit
// "year": Q1 2025 against Q1 2024), "MoM" ("month": May against April), "QoQ", "WoW",
// and "vs PP" (unit "": the period of its own length right before it). A named calendar
// period gives the named one before it; a relative one stays relative. A current period
// (this week, MTD, QTD, YTD, the last N days) runs up to today, so the earlier one ends on
// the same day of its own unit: June 1-18 against June 1-18 a year before, never a whole
// June against half of one. False when the unit does not divide the period ("Q1 MoM")
// or the period has no start to shift.
func Earlier(p *Period, unit string) (*Period, bool) {
	if p.Start.IsZero() {
		return nil, false
	}
	own := p.Unit()
	switch p.Kind {
	case ThisWeek, LastWeek:
		own = "week"
	case Today, Yesterday, CalendarDay:
		own = "day"
	case CalendarHalf:
		own = "half"
	}
	length := "" // the period of its own length before it (LastN, DateRange)
	switch {
	case unit == "" && p.Kind == LastN:
		length = p.Length
	case unit == "" && p.Kind == DateRange && !p.End.IsZero():
		length = fmt.Sprintf("%d days", int(p.End.Sub(p.Start).Hours()/24+0.5))
	case unit == "":
		unit = own
	}
	step, ok := unitSteps[unit]
	switch {
	case length != "":
		n := 0
		fmt.Sscanf(length, "%d", &n)
		step.sql, step.days, step.label = length, n, T("período anterior", "the period before")
		if p.Kind == LastN && p.Length != length || n < 1 || strings.HasSuffix(length, "months") || strings.HasSuffix(length, "years") {
			return nil, false // the last N months start on a month's first day: not N months of days
		}
	case !ok, unit == "":
		return nil, false
	case unit == own, unit == "year":
	case own == "day" && unit != "half", p.Kind == DateRange:
	default:
		return nil, false // "Q1 MoM": a quarter is no month
	}
	loc := p.Start.Location()
	from := p.Start.AddDate(-step.years, -step.months, -step.days)
	var q *Period
	switch p.Kind {
	case CalendarMonth:
		q = Month(from.Year(), int(from.Month()), loc)
	case CalendarQuarter:
		q = Quarter(from.Year(), (int(from.Month())-1)/3+1, loc)
	case CalendarHalf:
		q = Half(from.Year(), (int(from.Month())-1)/6+1, loc)
	case CalendarYear:
		q = Year(from.Year(), loc)
	case CalendarDay:
		q = Day(from)
	case DateRange:
		if p.End.IsZero() {
			return nil, false
		}
		q = days(from, p.End.AddDate(-step.years, -step.months, -step.days), DateRange)
		q.Label = T(p.Label.PT+", "+step.label.PT, p.Label.EN+", "+step.label.EN)
	case ThisWeek, ThisMonth, ThisQuarter, ThisYear, Today, LastN:
		// running: up to the same day of the earlier unit; the last N days against the N
		// days before them
		q = &Period{Kind: DateRange, From: p.From + " - interval '" + step.sql + "'", To: sqlToday + " + interval '1 day' - interval '" + step.sql + "'", Start: from}
		if length != "" {
			q.To = p.From
		}
		q.Label = T(p.Label.PT+", "+step.label.PT+" (até o mesmo dia)", p.Label.EN+", "+step.label.EN+" (up to the same day)")
	case LastWeek, LastMonth, LastQuarter, LastYear, Yesterday:
		q = &Period{Kind: DateRange, From: p.From + " - interval '" + step.sql + "'", To: p.To + " - interval '" + step.sql + "'", Start: from,
			Label: T(p.Label.PT+", "+step.label.PT, p.Label.EN+", "+step.label.EN)}
	default:
		return nil, false
	}
	return q, true
}

// unitSteps are the units a period is compared one of back ("MoM": a month).
var unitSteps = map[string]struct {
	years, months, days int
	sql                 string
	label               Text
}{
	"day":     {0, 0, 1, "1 day", T("um dia antes", "a day earlier")},
	"week":    {0, 0, 7, "1 week", T("uma semana antes", "a week earlier")},
	"month":   {0, 1, 0, "1 month", T("um mês antes", "a month earlier")},
	"quarter": {0, 3, 0, "3 months", T("um trimestre antes", "a quarter earlier")},
	"half":    {0, 6, 0, "6 months", T("um semestre antes", "half a year earlier")},
	"year":    {1, 0, 0, "1 year", T("um ano antes", "a year earlier")},
}

// Runs reports whether a named calendar period is still running at now ("June until now"
// on June 18th): it started and has not ended, so "until now" says nothing more of it.
func (p *Period) Runs(now time.Time) bool {
	if p.Start.IsZero() || now.Before(p.Start) {
		return false
	}
	var end time.Time
	switch p.Kind {
	case CalendarMonth:
		end = p.Start.AddDate(0, 1, 0)
	case CalendarQuarter:
		end = p.Start.AddDate(0, 3, 0)
	case CalendarHalf:
		end = p.Start.AddDate(0, 6, 0)
	case CalendarYear:
		end = p.Start.AddDate(1, 0, 0)
	default:
		return false
	}
	return now.Before(end)
}

// SameSpan reports whether p and q cover the same calendar unit from the same day ("2025"
// and "this year so far"): one period said twice.
func (p *Period) SameSpan(q *Period) bool {
	if p.Start.IsZero() || !p.Start.Equal(q.Start) {
		return false
	}
	return p.Unit() != "" && p.Unit() == q.Unit()
}

// Unit is the calendar unit the period is one of ("month", "quarter", "year"; the ids of
// the time breakdowns), or "" when it is not one unit.
func (p *Period) Unit() string {
	switch p.Kind {
	case CalendarMonth, ThisMonth, LastMonth:
		return "month"
	case CalendarQuarter, ThisQuarter, LastQuarter:
		return "quarter"
	case CalendarYear, ThisYear, LastYear:
		return "year"
	}
	return ""
}

// Joined is two periods taken together ("April and May combined"): one period from the
// start of the first to the end of the second, when one ends where the other starts (in
// either order). Periods apart are not one span: false.
func Joined(p, q *Period) (*Period, bool) {
	if p.To == "" || q.From == "" || p.To != q.From {
		p, q = q, p
	}
	if p.From == "" || p.To == "" || q.From == "" || q.To == "" || p.To != q.From {
		return nil, false
	}
	label := T(p.Label.PT+" e "+q.Label.PT, p.Label.EN+" and "+q.Label.EN)
	return &Period{Kind: DateRange, From: p.From, To: q.To, Label: label, Start: p.Start}, true
}

// Ahead reports whether the period starts after the day of now: every day it covers is
// still to come.
func (p *Period) Ahead(now time.Time) bool {
	if p == nil || p.Start.IsZero() {
		return false
	}
	y, m, d := now.Date()
	return !p.Start.Before(time.Date(y, m, d+1, 0, 0, 0, 0, now.Location()))
}
