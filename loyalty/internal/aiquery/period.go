package aiquery

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// period is a time window named in a question ("este mês", "last 30 days", "outubro",
// "de 01/10/2024 a 15/10/2024"). Relative windows stay relative in the SQL (now()-based),
// so a saved query re-run next month reports next month; named months, years and dates
// become literal dates. Dates are compared in the session time zone (AI_TIMEZONE).
type period struct {
	kind  string // today, yesterday, this_week, ..., month, year, dates
	from  string // SQL expression, inclusive
	to    string // SQL expression, exclusive; "" when open-ended (up to now)
	month int    // the calendar month of a "month" period, or 0
	day   int    // the day of a one-day "dates" period, or 0
}

// cond is the SQL condition "col within the period".
func (p *period) cond(col string) string {
	c := col + " >= " + p.from
	if p.to != "" {
		c += " AND " + col + " < " + p.to
	}
	return c
}

var monthNumbers = map[string]int{
	"janeiro": 1, "fevereiro": 2, "marco": 3, "abril": 4, "maio": 5, "junho": 6, "julho": 7,
	"agosto": 8, "setembro": 9, "outubro": 10, "novembro": 11, "dezembro": 12,
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
	"august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
}

const dateRE = `(\d{1,2}/\d{1,2}/\d{4}|\d{4}-\d{1,2}-\d{1,2})`

var (
	reDateRange = regexp.MustCompile(`\b(?:de|do dia|desde|from|entre|between)\s+` + dateRE + `\s+(?:a|ate|to|and|e|until|through)\s+` + dateRE + `\b`)
	reOneDate   = regexp.MustCompile(`\b(?:em|no dia|dia|on|in|at|de|do)?\s*` + dateRE + `\b`)
	reMonth     = regexp.MustCompile(`\b(?:(?:em|no mes de|de|do mes de|during|in|of|for)\s+)?(janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+(?:de\s+|of\s+)?(\d{4}))?\b`)
	reYear      = regexp.MustCompile(`\b(?:em|no ano de|de|do ano de|in|during|of|for|the year)\s+(\d{4})\b`)
	reLastDays  = regexp.MustCompile(`\b(?:nos |in the |over the |during the |for the )?(?:ultimos|last|past|previous)\s+(\d{1,4})\s+(dias|days|semanas|weeks|meses|months)\b`)
)

// relative periods, tried in order after the literal ones.
var relativePeriods = []struct {
	re   *regexp.Regexp
	kind string
	from string
	to   string
}{
	{regexp.MustCompile(`\b(?:de |do dia de )?(?:hoje|today)\b`), "today", "date_trunc('day', now())", ""},
	{regexp.MustCompile(`\b(?:de )?(?:ontem|yesterday)\b`), "yesterday", "date_trunc('day', now()) - interval '1 day'", "date_trunc('day', now())"},
	{regexp.MustCompile(`\b(?:semana passada|ultima semana|semana anterior|last week|previous week)\b`), "last_week", "date_trunc('week', now()) - interval '1 week'", "date_trunc('week', now())"},
	{regexp.MustCompile(`\b(?:(?:esta|essa|nesta|nessa|desta|dessa) semana|semana atual|da semana|this week|current week)\b`), "this_week", "date_trunc('week', now())", ""},
	{regexp.MustCompile(`\b(?:(?:no |do )?mes passado|(?:no |do )?ultimo mes|(?:no |do )?mes anterior|(?:in |during )?last month|(?:in |during )?(?:the )?previous month)\b`), "last_month", "date_trunc('month', now()) - interval '1 month'", "date_trunc('month', now())"},
	{regexp.MustCompile(`\b(?:(?:este|esse|neste|nesse|deste|desse) mes|(?:no |do )?mes atual|do mes|no mes|this month|(?:in |during )?(?:the )?current month)\b`), "this_month", "date_trunc('month', now())", ""},
	{regexp.MustCompile(`\b(?:(?:no |do )?ano passado|(?:no |do )?ultimo ano|(?:no |do )?ano anterior|last year|previous year)\b`), "last_year", "date_trunc('year', now()) - interval '1 year'", "date_trunc('year', now())"},
	{regexp.MustCompile(`\b(?:(?:este|esse|neste|nesse|deste|desse) ano|(?:no |do )?ano atual|do ano|this year|current year)\b`), "this_year", "date_trunc('year', now())", ""},
}

// findPeriod extracts the period named in a normalised question and returns the question
// without it. A question naming no period gives a nil period.
func findPeriod(q string, now time.Time) (*period, string, error) {
	if m := reDateRange.FindStringSubmatchIndex(q); m != nil {
		from, err := parseDay(q[m[2]:m[3]])
		if err != nil {
			return nil, q, err
		}
		to, err := parseDay(q[m[4]:m[5]])
		if err != nil {
			return nil, q, err
		}
		if to.Before(from) {
			return nil, q, fmt.Errorf("the period ends (%s) before it starts (%s)", to.Format(time.DateOnly), from.Format(time.DateOnly))
		}
		p := &period{kind: "dates", from: sqlDate(from), to: sqlDate(to.AddDate(0, 0, 1))}
		return p, cut(q, m[0], m[1]), nil
	}
	if m := reOneDate.FindStringSubmatchIndex(q); m != nil {
		day, err := parseDay(q[m[2]:m[3]])
		if err != nil {
			return nil, q, err
		}
		p := &period{kind: "dates", from: sqlDate(day), to: sqlDate(day.AddDate(0, 0, 1)), month: int(day.Month()), day: day.Day()}
		return p, cut(q, m[0], m[1]), nil
	}
	if m := reMonth.FindStringSubmatchIndex(q); m != nil {
		month := monthNumbers[q[m[2]:m[3]]]
		year := now.Year()
		if m[4] >= 0 {
			year, _ = strconv.Atoi(q[m[4]:m[5]])
		} else if month > int(now.Month()) {
			year-- // "outubro" asked in March means last October
		}
		start := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
		p := &period{kind: "month", from: sqlDate(start), to: sqlDate(start.AddDate(0, 1, 0)), month: month}
		return p, cut(q, m[0], m[1]), nil
	}
	if m := reYear.FindStringSubmatchIndex(q); m != nil {
		year, _ := strconv.Atoi(q[m[2]:m[3]])
		if year < 1900 || year > 2999 {
			return nil, q, fmt.Errorf("%d is not a year I can report on", year)
		}
		start := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
		p := &period{kind: "year", from: sqlDate(start), to: sqlDate(start.AddDate(1, 0, 0))}
		return p, cut(q, m[0], m[1]), nil
	}
	if m := reLastDays.FindStringSubmatchIndex(q); m != nil {
		n, _ := strconv.Atoi(q[m[2]:m[3]])
		if n < 1 {
			return nil, q, fmt.Errorf("the period must be at least one day")
		}
		unit := map[string]string{"dias": "days", "days": "days", "semanas": "weeks", "weeks": "weeks", "meses": "months", "months": "months"}[q[m[4]:m[5]]]
		p := &period{kind: "last_" + unit, from: fmt.Sprintf("now() - interval '%d %s'", n, unit)}
		return p, cut(q, m[0], m[1]), nil
	}
	for _, r := range relativePeriods {
		if loc := r.re.FindStringIndex(q); loc != nil {
			p := &period{kind: r.kind, from: r.from, to: r.to}
			if r.kind == "this_month" {
				p.month = int(now.Month())
			}
			return p, cut(q, loc[0], loc[1]), nil
		}
	}
	return nil, q, nil
}

func parseDay(s string) (time.Time, error) {
	var layouts []string
	if strings.Contains(s, "/") {
		layouts = []string{"2/1/2006", "02/01/2006"} // dd/mm/yyyy, the Brazilian order
	} else {
		layouts = []string{"2006-1-2", "2006-01-02"}
	}
	for _, l := range layouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%s is not a valid date (use dd/mm/yyyy or yyyy-mm-dd)", s)
}

func sqlDate(t time.Time) string { return "DATE '" + t.Format(time.DateOnly) + "'" }

func cut(s string, from, to int) string {
	return strings.Join(strings.Fields(s[:from]+" "+s[to:]), " ")
}
