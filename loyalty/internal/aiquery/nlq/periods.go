package nlq

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// foundPeriod is a period read from the question, with the tokens it used.
type foundPeriod struct {
	p        *semantic.Period
	toks     []*token
	duration bool // "há 60 dias", "for 60 days": a length of time, not a window of dates
}

// periodText is the question as the period rules read it: one piece per token, dates as
// "@d<i>", month/year as "@m<i>", ordinals as "<n>o", other values as "#".
type periodText struct {
	text   string
	starts []int // offset of each token's piece
	toks   []*token
}

func newPeriodText(toks []*token) periodText {
	var b strings.Builder
	pt := periodText{toks: toks}
	for i, t := range toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		pt.starts = append(pt.starts, b.Len())
		switch {
		case t.used:
			b.WriteString("#")
		case t.kind == tWord, t.kind == tNumber:
			b.WriteString(t.norm)
		case t.kind == tDate:
			fmt.Fprintf(&b, "@d%d", i)
		case t.kind == tMonthYr:
			fmt.Fprintf(&b, "@m%d", i)
		case t.kind == tOrdinal:
			b.WriteString(t.norm + "o")
		default:
			b.WriteString("#")
		}
	}
	pt.text = b.String()
	return pt
}

// span returns the tokens whose pieces lie in text[from:to].
func (pt periodText) span(from, to int) []*token {
	var out []*token
	for i, s := range pt.starts {
		if s >= from && s < to {
			out = append(out, pt.toks[i])
		}
	}
	return out
}

func (pt periodText) token(ref string) *token {
	i, _ := strconv.Atoi(ref[2:])
	return pt.toks[i]
}

const (
	reMonthName = `(janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|january|february|march|april|may|june|july|august|september|october|november|december|jan|fev|feb|mar|abr|apr|mai|jun|jul|ago|aug|set|sep|sept|out|oct|nov|dez|dec)`
	reNum       = `(\d{1,4}|um|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|quinze|vinte|trinta|quarenta|sessenta|noventa|cem|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|sixty|ninety|hundred)`
	reUnit      = `(dias|dia|semanas|semana|meses|mes|anos|ano|days|day|weeks|week|months|month|years|year)`
	reYearNum   = `((?:19|20)\d\d)`
)

var monthByName = map[string]int{
	"janeiro": 1, "fevereiro": 2, "marco": 3, "abril": 4, "maio": 5, "junho": 6, "julho": 7, "agosto": 8, "setembro": 9, "outubro": 10, "novembro": 11, "dezembro": 12,
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "fev": 2, "feb": 2, "mar": 3, "abr": 4, "apr": 4, "mai": 5, "jun": 6, "jul": 7, "ago": 8, "aug": 8, "set": 9, "sep": 9, "sept": 9, "out": 10, "oct": 10, "nov": 11, "dez": 12, "dec": 12,
}

// abbreviations and "may" are also ordinary words: they are months only next to a day,
// a year or a preposition that asks for a time.
var ambiguousMonth = map[string]bool{"mar": true, "set": true, "out": true, "may": true, "jun": true, "jul": true, "ago": true, "dez": true, "sept": true, "sep": true, "nov": true, "dec": true, "oct": true, "aug": true, "apr": true, "abr": true, "feb": true, "fev": true, "jan": true, "mai": true}

var numberWords = map[string]int{
	"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "quinze": 15, "vinte": 20, "trinta": 30, "quarenta": 40, "sessenta": 60, "noventa": 90, "cem": 100,
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "sixty": 60, "ninety": 90, "hundred": 100,
}

func numValue(s string) int {
	if n, ok := numberWords[s]; ok {
		return n
	}
	return atoi(s)
}

var unitOf = map[string]string{
	"dia": semantic.Days, "dias": semantic.Days, "day": semantic.Days, "days": semantic.Days,
	"semana": semantic.Weeks, "semanas": semantic.Weeks, "week": semantic.Weeks, "weeks": semantic.Weeks,
	"mes": semantic.Months, "meses": semantic.Months, "month": semantic.Months, "months": semantic.Months,
	"ano": semantic.Years, "anos": semantic.Years, "year": semantic.Years, "years": semantic.Years,
}

var ordinalWords = map[string]int{"primeiro": 1, "segundo": 2, "terceiro": 3, "quarto": 4, "first": 1, "second": 2, "third": 3, "fourth": 4, "1o": 1, "2o": 2, "3o": 3, "4o": 4}

// periodRule reads one kind of period phrase.
type periodRule struct {
	re    *regexp.Regexp
	build func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error)
	dur   bool
}

// rx matches whole tokens: the pieces of periodText are separated by single spaces.
func rx(s string) *regexp.Regexp { return regexp.MustCompile(`(?:^| )(?:` + s + `)(?: |$)`) }

func relative(k semantic.PeriodKind) func([]string, periodText, semantic.Calendar) (*semantic.Period, error) {
	return func(_ []string, _ periodText, cal semantic.Calendar) (*semantic.Period, error) {
		return cal.Relative(k), nil
	}
}

// latest gives the year of a month (or quarter...) named without one: the latest that has
// started ("outubro" asked in March 2025 is October 2024).
func latest(cal semantic.Calendar, month int) int {
	y := cal.Now.Year()
	if month > int(cal.Now.Month()) {
		y--
	}
	return y
}

func yearOr(s string, cal semantic.Calendar, month int) (int, error) {
	if s == "" {
		return latest(cal, month), nil
	}
	y := atoi(s)
	if y < 1900 || y > 2999 {
		return 0, fmt.Errorf("%d", y)
	}
	return y, nil
}

// dateOf completes a date token: a day typed without a year is the latest such day that
// has started.
func dateOf(t *token, cal semantic.Calendar) (time.Time, error) {
	if t.date.IsZero() {
		return time.Time{}, &periodError{T: semantic.T(t.raw+" não é uma data válida (use dd/mm/aaaa)", t.raw+" is not a valid date (use dd/mm/yyyy or yyyy-mm-dd)")}
	}
	d := t.date
	if d.Year() == 0 {
		y := cal.Now.Year()
		c := time.Date(y, d.Month(), d.Day(), 0, 0, 0, 0, cal.Now.Location())
		if c.After(cal.Now) {
			y--
		}
		d = time.Date(y, d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	}
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, cal.Now.Location()), nil
}

// twoPeriods is a phrase naming two periods to compare ("abril vs maio").
type twoPeriods struct{ a, b *semantic.Period }

func (*twoPeriods) Error() string { return "two periods" }

// comparing: the question compares (so "de abril a maio" is two months, not a range).
func comparing(pt periodText) bool {
	for _, t := range pt.toks {
		switch t.norm {
		case "crescimento", "cresceu", "growth", "grew", "variacao", "variation", "aumento", "queda", "compare", "comparar", "comparado", "comparacao", "comparison", "versus", "vs", "contra", "against":
			return true
		}
	}
	return false
}

// periodError is a period the question names but that cannot be: said back to the user.
type periodError struct{ T semantic.Text }

func (e *periodError) Error() string { return e.T.EN }

func dayOf(y, m, d int, cal semantic.Calendar) (time.Time, error) {
	t, ok := mkDate(y, m, d)
	if !ok {
		s := fmt.Sprintf("%02d/%02d/%d", d, m, y)
		return time.Time{}, &periodError{T: semantic.T(s+" não é uma data válida", s+" is not a valid date")}
	}
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, cal.Now.Location()), nil
}

func checkRange(from, to time.Time) error {
	if to.Before(from) {
		return &periodError{T: semantic.T(
			fmt.Sprintf("o período termina (%s) antes de começar (%s)", to.Format("02/01/2006"), from.Format("02/01/2006")),
			fmt.Sprintf("the period ends (%s) before it starts (%s)", to.Format(time.DateOnly), from.Format(time.DateOnly)))}
	}
	return nil
}

func monthStart(y, m int, cal semantic.Calendar) time.Time {
	return time.Date(y, time.Month(m), 1, 0, 0, 0, 0, cal.Now.Location())
}

const (
	preDate = `(?:(?:n?o |d?o )?dia |em |no |na |de |do |da |on |in |at |for |of )?`
	preRng  = `(?:(?:n?o |d?o )?periodo (?:de |entre )?|de |do dia |dos dias |entre (?:os dias |o dia )?|from |between |for )?`
	sepRng  = ` (?:a|ate|ao|e|to|and|until|till|through|thru|-) (?:o dia |dia )?`
	preMon  = `(?:(?:n?o |d?o |durante o )?mes de |em |no |na |de |do |durante |(?:in |during |for |over )?the month of |during |in |of |for )?`
)

var periodRules = []periodRule{
	// ranges of dates
	{re: rx(preRng + `(@d\d+)` + sepRng + `(@d\d+)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		from, err := dateOf(pt.token(m[1]), cal)
		if err != nil {
			return nil, err
		}
		to, err := dateOf(pt.token(m[2]), cal)
		if err != nil {
			return nil, err
		}
		if err := checkRange(from, to); err != nil {
			return nil, err
		}
		return semantic.Range(from, to), nil
	}},
	// "de 1 a 15/05": from that day of the date's month
	{re: rx(preRng + `(\d{1,2})o?` + sepRng + `(@d\d+)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		to, err := dateOf(pt.token(m[2]), cal)
		if err != nil {
			return nil, err
		}
		from, err := dayOf(to.Year(), int(to.Month()), atoi(m[1]), cal)
		if err != nil {
			return nil, err
		}
		if err := checkRange(from, to); err != nil {
			return nil, err
		}
		return semantic.Range(from, to), nil
	}},
	// "de 1 a 15 de março (de 2025)", "1st to 15th of March"
	{re: rx(preRng + `(\d{1,2})o?(?:` + sepRng + `| )(\d{1,2})o? (?:de |of )?` + reMonthName + `(?:,? (?:de |of )?` + reYearNum + `)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		mon := monthByName[m[3]]
		y, err := yearOr(m[4], cal, mon)
		if err != nil {
			return nil, err
		}
		from, err := dayOf(y, mon, atoi(m[1]), cal)
		if err != nil {
			return nil, err
		}
		to, err := dayOf(y, mon, atoi(m[2]), cal)
		if err != nil {
			return nil, err
		}
		if err := checkRange(from, to); err != nil {
			return nil, err
		}
		return semantic.Range(from, to), nil
	}},
	// "from March 1 to 15", "March 1-15 2025", "between March 1 and March 15"
	{re: rx(preRng + reMonthName + ` (\d{1,2})o?(?:` + sepRng + `| )(?:` + reMonthName + ` )?(\d{1,2})o?(?:,? ` + reYearNum + `)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		mon := monthByName[m[1]]
		mon2 := mon
		if m[3] != "" {
			mon2 = monthByName[m[3]]
		}
		y, err := yearOr(m[5], cal, mon)
		if err != nil {
			return nil, err
		}
		from, err := dayOf(y, mon, atoi(m[2]), cal)
		if err != nil {
			return nil, err
		}
		to, err := dayOf(y, mon2, atoi(m[4]), cal)
		if err != nil {
			return nil, err
		}
		if err := checkRange(from, to); err != nil {
			return nil, err
		}
		return semantic.Range(from, to), nil
	}},
	// "desde 01/03/2025", "since 2025-03-01", "a partir de 01/03"
	{re: rx(`(?:desde|since|a partir de|a partir do dia|from|starting|starting on|starting from|apos|after) (?:o dia |dia )?(@d\d+)(?: on| em diante| pra ca| para ca| ate hoje| ate agora| to date| onwards?)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		d, err := dateOf(pt.token(m[1]), cal)
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(m[0], "apos") || strings.HasPrefix(m[0], "after") {
			d = d.AddDate(0, 0, 1)
		}
		return semantic.SinceDay(d), nil
	}},
	// "até 15/03/2025", "until 2025-03-15", "antes de 01/03"
	{re: rx(`(?:ate|until|till|up to|through|antes de|antes do dia|before) (?:o dia |dia )?(@d\d+)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		d, err := dateOf(pt.token(m[1]), cal)
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(m[0], "antes") || strings.HasPrefix(m[0], "before") {
			d = d.AddDate(0, 0, -1)
		}
		return semantic.UntilDay(d), nil
	}},
	// one date
	{re: rx(preDate + `(@d\d+)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		d, err := dateOf(pt.token(m[1]), cal)
		if err != nil {
			return nil, err
		}
		return semantic.Day(d), nil
	}},
	// "15 de outubro (de 2024)", "dia 15 de outubro", "15 October 2024"
	{re: rx(preDate + `(\d{1,2})o? (?:de |of )?` + reMonthName + `(?:,? (?:de |of )?` + reYearNum + `)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		mon := monthByName[m[2]]
		y, err := yearOr(m[3], cal, mon)
		if err != nil {
			return nil, err
		}
		d, err := dayOf(y, mon, atoi(m[1]), cal)
		if err != nil {
			return nil, err
		}
		return semantic.Day(d), nil
	}},
	// "October 15(, 2024)"
	{re: rx(preDate + reMonthName + ` (\d{1,2})o?(?:,? ` + reYearNum + `)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		mon := monthByName[m[1]]
		if n := atoi(m[2]); n > 31 {
			return nil, errNoMatch
		}
		y, err := yearOr(m[3], cal, mon)
		if err != nil {
			return nil, err
		}
		d, err := dayOf(y, mon, atoi(m[2]), cal)
		if err != nil {
			return nil, err
		}
		return semantic.Day(d), nil
	}},
	// "de janeiro a março de 2025", "from January to March": the months between, both
	// included; with "crescimento", "compare", "vs" the two months are compared instead
	{re: rx(`(?:de |do |entre |from |between )?` + reMonthName + `(?: de| of)?(?: ` + reYearNum + `)? (?:a|ate|to|through|until|-|e|and|vs|versus|x|contra) ` + reMonthName + `(?:,?(?: de| of)? ` + reYearNum + `)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		m1, m2 := monthByName[m[1]], monthByName[m[3]]
		// "mar" and "set" are words too, unless a year says they are months
		if (ambiguousMonth[m[1]] && m[1] != "may" && m[2] == "") || (ambiguousMonth[m[3]] && m[3] != "may" && m[4] == "") {
			return nil, errNoMatch
		}
		y2, err := yearOr(m[4], cal, m2)
		if err != nil {
			return nil, err
		}
		y1 := y2
		if m[2] != "" {
			y1 = atoi(m[2])
		} else if m1 > m2 {
			y1--
		}
		from, to := monthStart(y1, m1, cal), monthStart(y2, m2, cal)
		if comparing(pt) || strings.Contains(m[0], " e ") || strings.Contains(m[0], " and ") {
			// "abril e maio", "May vs April": two months, each the latest that has begun
			// unless a year is given
			ya, yb := latest(cal, m1), latest(cal, m2)
			if m[2] != "" {
				ya = atoi(m[2])
			} else if m[4] != "" {
				ya = atoi(m[4])
			}
			if m[4] != "" {
				yb = atoi(m[4])
			}
			return nil, &twoPeriods{semantic.Month(ya, m1, cal.Now.Location()), semantic.Month(yb, m2, cal.Now.Location())}
		}
		if err := checkRange(from, to); err != nil {
			return nil, err
		}
		return semantic.Range(from, to.AddDate(0, 1, -1)), nil
	}},
	// "primeira quinzena de maio", "second half of March": days 1-15 or 16 to the end
	{re: rx(`(?:n?a |d?a )?(primeira|1a|segunda|2a|ultima) quinzena (?:de |do mes de )?` + reMonthName + `(?:,? (?:de )?` + reYearNum + `)?|(?:the )?(first|second|last) (?:fortnight|half) of ` + reMonthName + `(?:,? ` + reYearNum + `)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		which, name, ys := m[1], m[2], m[3]
		if which == "" {
			which, name, ys = m[4], m[5], m[6]
		}
		mon := monthByName[name]
		y, err := yearOr(ys, cal, mon)
		if err != nil {
			return nil, err
		}
		start := monthStart(y, mon, cal)
		switch which {
		case "primeira", "1a", "first":
			return semantic.Range(start, start.AddDate(0, 0, 14)), nil
		}
		return semantic.Range(start.AddDate(0, 0, 15), start.AddDate(0, 1, -1)), nil
	}},
	// "desde março", "since January 2024", "a partir de outubro"
	{re: rx(`(?:desde|since|a partir de|from|starting in|starting from|starting) (?:o mes de |o inicio de |the beginning of |the start of )?` + reMonthName + `(?:,? (?:de |of )?` + reYearNum + `)?(?: em diante| pra ca| para ca| ate hoje| ate agora| to date| onwards?| on)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		mon := monthByName[m[1]]
		y, err := yearOr(m[2], cal, mon)
		if err != nil {
			return nil, err
		}
		return semantic.SinceDay(monthStart(y, mon, cal)), nil
	}},
	// "até ontem", "through yesterday": everything up to the end of that day
	{re: rx(`(?:ate|until|till|up to|through|thru) (ontem|yesterday|hoje|today)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		y, mo, d := cal.Now.Date()
		day := time.Date(y, mo, d, 0, 0, 0, 0, cal.Now.Location())
		if m[1] == "ontem" || m[1] == "yesterday" {
			day = day.AddDate(0, 0, -1)
		}
		return semantic.UntilDay(day), nil
	}},
	// "até o fim de maio", "until the end of May": everything up to the month's last day
	{re: rx(`(?:ate|until|till|up to|through|by) (?:o fim de |o final de |o fim do mes de |o final do mes de |the end of )` + reMonthName + `(?:,? (?:de |of )?` + reYearNum + `)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		mon := monthByName[m[1]]
		y, err := yearOr(m[2], cal, mon)
		if err != nil {
			return nil, err
		}
		return semantic.UntilDay(monthStart(y, mon, cal).AddDate(0, 1, -1)), nil
	}},
	// "desde 2024", "since 2023"
	{re: rx(`(?:desde|since|a partir de) (?:o inicio de |o ano de |the beginning of |the start of )?` + reYearNum + `(?: em diante| pra ca| para ca| ate hoje| ate agora| to date| onwards?| on)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		return semantic.SinceDay(time.Date(atoi(m[1]), 1, 1, 0, 0, 0, 0, cal.Now.Location())), nil
	}},
	// "desde o início do ano", "no acumulado do ano", "year to date"
	{re: rx(`(?:n?o )?acumulado (?:d?o |deste |neste )?ano|desde o (?:inicio|comeco) do ano|desde o (?:inicio|comeco) deste ano|year to date|ytd|so far this year|this year so far|this year to date|ano ate agora|ano ate hoje|do ano ate (?:hoje|agora)`), build: relative(semantic.ThisYear)},
	{re: rx(`since the (?:beginning|start) of (?:the |this )?year|since january 1st|since jan 1|since the year started`), build: relative(semantic.ThisYear)},
	{re: rx(`since the (?:beginning|start) of (?:the |this )?month|since the month started`), build: relative(semantic.ThisMonth)},
	// "desde segunda", "since Monday": from the latest such day (today included)
	{re: rx(`(?:desde|since|a partir de) (?:a |o |last )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|segunda|terca|quarta|quinta|sexta|sabado|domingo)(?:feira| feira)?(?: passada| passado)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		wd := map[string]time.Weekday{"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday, "thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
			"segunda": time.Monday, "terca": time.Tuesday, "quarta": time.Wednesday, "quinta": time.Thursday, "sexta": time.Friday, "sabado": time.Saturday, "domingo": time.Sunday}[m[1]]
		y, mo, d := cal.Now.Date()
		day := time.Date(y, mo, d, 0, 0, 0, 0, cal.Now.Location())
		for day.Weekday() != wd {
			day = day.AddDate(0, 0, -1)
		}
		return semantic.SinceDay(day), nil
	}},
	// "last Saturday", "sábado passado", "no último sábado": the latest such day before today
	{re: rx(`(?:(?:last|past|previous|this past|on) (monday|tuesday|wednesday|thursday|friday|saturday|sunday))|(?:n?a |d?a )(segunda|terca|quarta|quinta|sexta)(?:feira| feira)|(?:(?:n?o |n?a |d?o |d?a )?(?:ultimo |ultima )?(segunda|terca|quarta|quinta|sexta)(?:feira)?(?: feira)? passada|(?:n?o |d?o )?(?:ultimo |ultima )?(sabado|domingo) passado|(?:n?o |d?o )(?:ultimo) (sabado|domingo)|(?:n?a |d?a )(?:ultima) (segunda|terca|quarta|quinta|sexta)(?:feira)?(?: feira)?)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		name := m[1] + m[2] + m[3] + m[4] + m[5] + m[6]
		wd := map[string]time.Weekday{"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday, "thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
			"segunda": time.Monday, "terca": time.Tuesday, "quarta": time.Wednesday, "quinta": time.Thursday, "sexta": time.Friday, "sabado": time.Saturday, "domingo": time.Sunday}[name]
		d := cal.Now
		for i := 1; i <= 7; i++ {
			d = cal.Now.AddDate(0, 0, -i)
			if d.Weekday() == wd {
				break
			}
		}
		y, mo, dd := d.Date()
		return semantic.Day(time.Date(y, mo, dd, 0, 0, 0, 0, cal.Now.Location())), nil
	}},
	{re: rx(`desde o (?:inicio|comeco) do mes|(?:n?o )?acumulado do mes|month to date|mtd|so far this month|this month so far`), build: relative(semantic.ThisMonth)},
	// "maio do ano passado", "May last year": the month of the year before this one;
	// "maio deste ano", "May this year": this year's
	{re: rx(preMon + reMonthName + ` (?:(do ano passado|de ano passado|do ultimo ano|of last year|last year|of the previous year|of the prior year)|(?:deste ano|desse ano|do ano atual|this year|of this year|of the current year))`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		y := cal.Now.Year()
		if m[2] != "" {
			y--
		}
		return semantic.Month(y, monthByName[m[1]], cal.Now.Location()), nil
	}},
	// months: "10/2024", "outubro de 2024", "em outubro"
	{re: rx(preMon + `(@m\d+)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		t := pt.token(m[1]).date
		return semantic.Month(t.Year(), int(t.Month()), cal.Now.Location()), nil
	}},
	{re: rx(`(?:(?:n?o |d?o )?mes de |em |no |na |de |do |durante |during |in |of |for |the month of |desde |since )?` + reMonthName + `(?:,?(?: de| of)? ` + reYearNum + `)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		if strings.HasPrefix(m[0], "desde") || strings.HasPrefix(m[0], "since") {
			return nil, errNoMatch
		}
		return semantic.Month(atoi(m[2]), monthByName[m[1]], cal.Now.Location()), nil
	}},
	{re: rx(preMon + reMonthName), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		name := m[1]
		if ambiguousMonth[name] && m[0] == name {
			return nil, errNoMatch
		}
		if name == "may" && !regexp.MustCompile(`^(?:in|of|during|for|the month of) `).MatchString(m[0]) && !afterMonth(pt, m[0]) {
			return nil, errNoMatch
		}
		mon := monthByName[name]
		return semantic.Month(latest(cal, mon), mon, cal.Now.Location()), nil
	}},
	// quarters and halves
	{re: rx(`(?:n?o |d?o )?(1o|2o|3o|4o|1|2|3|4|primeiro|segundo|terceiro|quarto) (?:trimestre|tri)(?:,? (?:de |do ano de |of )?` + reYearNum + `)?|(?:the )?(first|second|third|fourth|1st|2nd|3rd|4th|1o|2o|3o|4o|1|2|3|4) quarter(?:,? (?:of )?` + reYearNum + `)?|q([1-4])(?:,? (?:de |of )?` + reYearNum + `)?|([1-4])t(\d\d)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		var q int
		var ys string
		switch {
		case m[1] != "":
			q, ys = ordinalWords[m[1]], m[2]
			if q == 0 {
				q = atoi(m[1])
			}
		case m[3] != "":
			q, ys = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "1": 1, "2": 2, "3": 3, "4": 4, "1o": 1, "2o": 2, "3o": 3, "4o": 4}[m[3]], m[4]
		case m[5] != "":
			q, ys = atoi(m[5]), m[6]
		default:
			q, ys = atoi(m[7]), "20"+m[8]
		}
		y, err := yearOr(ys, cal, 3*(q-1)+1)
		if err != nil {
			return nil, err
		}
		return semantic.Quarter(y, q, cal.Now.Location()), nil
	}},
	{re: rx(`(?:n?o |d?o )?(1o|2o|1|2|primeiro|segundo) semestre(?:,? (?:de |do ano de |of )?` + reYearNum + `)?|(?:the )?(first|second|1st|2nd|1o|2o|1|2) half(?:,? (?:of )?` + reYearNum + `)?|h([12])(?:,? ` + reYearNum + `)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		var h int
		var ys string
		switch {
		case m[1] != "":
			h, ys = ordinalWords[m[1]], m[2]
			if h == 0 {
				h = atoi(m[1])
			}
		case m[3] != "":
			h, ys = map[string]int{"first": 1, "second": 2, "1st": 1, "2nd": 2, "1": 1, "2": 2, "1o": 1, "2o": 2}[m[3]], m[4]
		default:
			h, ys = atoi(m[5]), m[6]
		}
		y, err := yearOr(ys, cal, 6*(h-1)+1)
		if err != nil {
			return nil, err
		}
		return semantic.Half(y, h, cal.Now.Location()), nil
	}},
	// sliding windows: "últimos 30 dias", "last 2 weeks", "past 6 months"
	{re: rx(`(?:n?os |d?os |n?as |d?as |in the |over the |during the |for the |within the |the )?(?:ultimos|ultimas|last|past|previous|recent) ` + reNum + ` ` + reUnit), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		n := numValue(m[1])
		if n < 1 || n > 3650 {
			return nil, &periodError{T: semantic.T(fmt.Sprintf("%d não é um número de dias/meses que eu consiga usar", n), fmt.Sprintf("%d is not a length of time I can use", n))}
		}
		return cal.LastNUnits(n, unitOf[m[2]]), nil
	}},
	{re: rx(`(?:in |over |during |for )?(?:the )?past (week|month|year)|(?:n?os |d?os )?ultimos (7|sete|30|trinta) dias`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		switch m[1] {
		case "week":
			return cal.LastNUnits(7, semantic.Days), nil
		case "month":
			return cal.LastNUnits(30, semantic.Days), nil
		case "year":
			return cal.LastNUnits(12, semantic.Months), nil
		}
		return cal.LastNUnits(numValue(m[2]), semantic.Days), nil
	}},
	// durations: "há 60 dias", "há mais de 60 dias", "for 60 days", "60 dias"
	{dur: true, re: rx(`(?:ha|faz|desde ha|for|in|in over|for over|em|nos|durante|during)? ?(?:mais de |more than |over |pelo menos |at least )?` + reNum + ` ` + reUnit + `(?: ou mais| or more| atras| ago| seguidos| in a row)?`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		n := numValue(m[1])
		if n < 1 || n > 3650 {
			return nil, &periodError{T: semantic.T(fmt.Sprintf("%d não é um número de dias/meses que eu consiga usar", n), fmt.Sprintf("%d is not a length of time I can use", n))}
		}
		return cal.LastNUnits(n, unitOf[m[2]]), nil
	}},
	// relative periods
	{re: rx(`(?:(?:de |do dia de |no dia de )?(?:hoje|hj)|today|(?:o )?dia de hoje|so far today|today so far)`), build: notBefore([]string{"em dia"}, relative(semantic.Today))},
	{re: rx(`(?:de |no dia de )?(?:ontem|yesterday)`), build: relative(semantic.Yesterday)},
	{re: rx(`anteontem|day before yesterday|the day before yesterday`), build: func(_ []string, _ periodText, cal semantic.Calendar) (*semantic.Period, error) {
		y, mo, d := cal.Now.AddDate(0, 0, -2).Date()
		return semantic.Day(time.Date(y, mo, d, 0, 0, 0, 0, cal.Now.Location())), nil
	}},
	{re: rx(`(?:de |para |ate |by |until )?(?:amanha|tomorrow)`), build: relative(semantic.Tomorrow)},
	{re: rx(`(?:n?o |d?o )?(?:ultimo fim de semana|ultimo final de semana|fim de semana passado|final de semana passado)|(?:on |over |during )?(?:the )?(?:last|past|previous) weekend`), build: relative(semantic.LastWeekend)},
	{re: rx(`(?:neste|nesse|este|esse|deste|desse) (?:fim|final) de semana|(?:on |over |during )?this weekend`), build: relative(semantic.ThisWeekend)},
	// "semana retrasada", "the week before last"; "mês retrasado", "the month before last"
	{re: rx(`(?:n?a |d?a )?semana retrasada|(?:in |during )?the week before last`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		t := cal.Now
		y, mo, d := t.Date()
		today := time.Date(y, mo, d, 0, 0, 0, 0, t.Location())
		monday := today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))
		return semantic.Range(monday.AddDate(0, 0, -14), monday.AddDate(0, 0, -8)), nil
	}},
	{re: rx(`(?:n?o |d?o )?mes retrasado|(?:in |during )?the month before last`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		first := time.Date(cal.Now.Year(), cal.Now.Month(), 1, 0, 0, 0, 0, cal.Now.Location()).AddDate(0, -2, 0)
		return semantic.Month(first.Year(), int(first.Month()), cal.Now.Location()), nil
	}},
	// "trimestre retrasado", "the quarter before last"; "ano retrasado", "the year before last"
	{re: rx(`(?:n?o |d?o )?trimestre retrasado|(?:in |during )?the quarter before last`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		q, y := (int(cal.Now.Month())-1)/3+1-2, cal.Now.Year()
		if q < 1 {
			q, y = q+4, y-1
		}
		return semantic.Quarter(y, q, cal.Now.Location()), nil
	}},
	{re: rx(`(?:n?o |d?o )?ano retrasado|(?:in |during )?the year before last`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		return semantic.Year(cal.Now.Year()-2, cal.Now.Location()), nil
	}},
	// "este semestre", "semestre passado", "this half", "last half"
	{re: rx(`(?:n?este |d?este |n?esse |d?esse )semestre|(?:n?o |d?o )?semestre atual|this (?:half|semester)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		return semantic.Half(cal.Now.Year(), (int(cal.Now.Month())-1)/6+1, cal.Now.Location()), nil
	}},
	{re: rx(`(?:n?o |d?o )?(?:semestre passado|ultimo semestre|semestre anterior)|(?:the )?(?:last|previous|prior) (?:half|semester)`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		h, y := (int(cal.Now.Month())-1)/6+1, cal.Now.Year()
		if h == 1 {
			h, y = 2, y-1
		} else {
			h = 1
		}
		return semantic.Half(y, h, cal.Now.Location()), nil
	}},
	// "no semestre": this half (after "semestre passado" and the numbered halves)
	{re: rx(`(?:n?o |d?o )semestre`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		return semantic.Half(cal.Now.Year(), (int(cal.Now.Month())-1)/6+1, cal.Now.Location()), nil
	}},
	// "2025-05": a month
	{re: rx(preMon + `((?:19|20)\d\d) (0[1-9]|1[0-2])`), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		return semantic.Month(atoi(m[1]), atoi(m[2]), cal.Now.Location()), nil
	}},
	{re: rx(`(?:n?a |d?a )?(?:semana passada|ultima semana|semana anterior|semana que passou)|(?:in |during |over )?(?:the )?(?:last|previous|prior) week`), build: relative(semantic.LastWeek)},
	{re: rx(`(?:(?:n?esta|n?essa|desta|dessa) semana|(?:n?a |d?a )?semana atual|(?:n?a |d?a )?semana corrente|(?:in |during )?(?:the )?(?:this|current) week|week to date|wtd|(?:so far )?this week)`), build: relative(semantic.ThisWeek)},
	{re: rx(`(?:n?a |d?a )?(?:proxima semana|semana que vem|semana seguinte)|(?:in |during )?(?:the )?(?:next|coming|following) week`), build: relative(semantic.NextWeek)},
	{re: rx(`(?:n?o |d?o )?(?:mes passado|ultimo mes|mes anterior|mes que passou)|(?:in |during |over )?(?:the )?(?:last|previous|prior) month`), build: relative(semantic.LastMonth)},
	{re: rx(`(?:n?o |d?o )?(?:proximo mes|mes que vem)|(?:in |during )?(?:the )?next month`), build: relative(semantic.NextMonth)},
	{re: rx(`(?:(?:n?este|n?esse|deste|desse) mes|(?:n?o |d?o )?mes (?:atual|corrente|vigente)|(?:in |during )?(?:the )?(?:this|current) month|(?:do|no) mes)`), build: relative(semantic.ThisMonth)},
	{re: rx(`(?:n?a|d?a) semana`), build: notAfterDay(relative(semantic.ThisWeek))},
	{re: rx(`(?:n?o |d?o )?(?:trimestre passado|ultimo trimestre|trimestre anterior|trimestre que passou)|(?:in |during |over )?(?:the )?(?:last|previous|prior) quarter`), build: relative(semantic.LastQuarter)},
	{re: rx(`(?:(?:n?este|n?esse|deste|desse) trimestre|(?:n?o |d?o )?trimestre (?:atual|corrente)|(?:in |during )?(?:the )?(?:this|current) quarter|quarter to date|qtd$)`), build: relative(semantic.ThisQuarter)},
	// "no trimestre": this quarter, after "no trimestre passado" had its chance
	{re: rx(`(?:n?o|d?o|neste|deste) trimestre`), build: notAfterDay(relative(semantic.ThisQuarter))},
	{re: rx(`(?:n?o |d?o )?(?:ano passado|ultimo ano|ano anterior|ano que passou)|(?:in |during |over )?(?:the )?(?:last|previous|prior) year`), build: relative(semantic.LastYear)},
	{re: rx(`(?:(?:n?este|n?esse|deste|desse) ano|(?:n?o |d?o )?ano (?:atual|corrente|vigente)|(?:in |during )?(?:the )?(?:this|current) year|(?:do|no) ano)`), build: relative(semantic.ThisYear)},
	// a year: "em 2024", "in 2023", "2024"
	{re: rx(`(?:em |no ano de |do ano de |no ano |ano de |ano |de |do |durante |during |in |for |of |the year |year )?` + reYearNum), build: func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		y := atoi(m[1])
		if y < 2000 || y > cal.Now.Year()+1 {
			return nil, errNoMatch
		}
		return semantic.Year(y, cal.Now.Location()), nil
	}},
}

var errNoMatch = fmt.Errorf("no match")

// notBefore: "hoje em dia" (nowadays) is not today.
func notBefore(next []string, b func([]string, periodText, semantic.Calendar) (*semantic.Period, error)) func([]string, periodText, semantic.Calendar) (*semantic.Period, error) {
	return func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		i := strings.Index(" "+pt.text+" ", " "+m[0]+" ")
		if i >= 0 {
			rest := strings.TrimSpace((pt.text + " ")[min(len(pt.text), i+len(m[0])):])
			for _, n := range next {
				if strings.HasPrefix(rest, n) {
					return nil, errNoMatch
				}
			}
		}
		return b(m, pt, cal)
	}
}

// notAfterDay: "da semana" is this week, except in "dia da semana" and "fim de semana".
func notAfterDay(b func([]string, periodText, semantic.Calendar) (*semantic.Period, error)) func([]string, periodText, semantic.Calendar) (*semantic.Period, error) {
	return func(m []string, pt periodText, cal semantic.Calendar) (*semantic.Period, error) {
		i := strings.Index(" "+pt.text+" ", " "+m[0]+" ")
		if i > 0 {
			before := strings.Fields(pt.text[:i-1])
			if n := len(before); n > 0 {
				switch before[n-1] {
				case "dia", "dias", "fim", "final", "fins", "finais", "por", "cada", "each", "per":
					return nil, errNoMatch
				}
			}
		}
		return b(m, pt, cal)
	}
}

// afterMonth: "april and may", "abril e mai": an ambiguous month name right after another
// month (and "and", "to", a comma) is a month too.
func afterMonth(pt periodText, phrase string) bool {
	i := strings.Index(pt.text, phrase)
	if i <= 0 {
		return false
	}
	before := strings.Fields(pt.text[:i])
	if len(before) >= 2 && (before[len(before)-1] == "and" || before[len(before)-1] == "e" || before[len(before)-1] == "to" || before[len(before)-1] == "a") {
		_, ok := monthByName[before[len(before)-2]]
		return ok || strings.HasPrefix(before[len(before)-2], "@")
	}
	return false
}

// findPeriods reads every period phrase of the question and marks its tokens used.
func findPeriods(toks []*token, cal semantic.Calendar) ([]foundPeriod, error) {
	var out []foundPeriod
	for _, rule := range periodRules {
		for {
			pt := newPeriodText(toks)
			found := false
			for _, loc := range overlappingMatches(rule.re, pt.text) {
				m := make([]string, len(loc)/2)
				for g := range m {
					if loc[2*g] >= 0 {
						m[g] = pt.text[loc[2*g]:loc[2*g+1]]
					}
				}
				m[0] = strings.TrimSpace(m[0])
				if strings.Contains(m[0], "#") {
					continue
				}
				span := pt.span(loc[0], loc[1])
				if rule.dur && !durationContext(toks, span) {
					continue
				}
				if isCountNotYear(rule, toks, span) {
					continue
				}
				p, err := rule.build(m, pt, cal)
				if err == errNoMatch {
					continue
				}
				var two *twoPeriods
				if errors.As(err, &two) {
					for _, t := range span {
						t.used, t.by = true, "period"
					}
					half := len(span) / 2
					out = append(out, foundPeriod{p: two.a, toks: span[:half]}, foundPeriod{p: two.b, toks: span[half:]})
					found = true
					break
				}
				if err != nil {
					return nil, err
				}
				for _, t := range span {
					t.used, t.by = true, "period"
				}
				out = append(out, foundPeriod{p: p, toks: span, duration: rule.dur})
				found = true
				break
			}
			if !found {
				break
			}
		}
	}
	return out, nil
}

// durationContext: "60 dias" is a length of time only next to words that need one ("sem
// comprar há 60 dias", "inactive for 60 days"); otherwise the numbers stay for top-N and
// thresholds.
func durationContext(toks []*token, span []*token) bool {
	years := false
	for _, t := range span {
		years = years || t.norm == "anos" || t.norm == "ano" || t.norm == "years" || t.norm == "year"
	}
	if years {
		// "clientes acima de 60 anos" is an age; years are a duration only for "sem comprar há 2 anos"
		buy := false
		for _, t := range toks {
			switch t.norm {
			case "compra", "compras", "comprar", "comprou", "compraram", "compram", "bought", "purchase", "purchased", "purchases", "buy", "resgate", "resgates", "resgatou", "resgataram", "redeemed":
				buy = true
			}
		}
		if !buy {
			return false
		}
	}
	first := indexOf(toks, span[0])
	if first > 0 {
		switch toks[first-1].norm {
		case "top", "os", "as", "the", "primeiros", "primeiras":
			return false
		}
	}
	return true
}

// isCountNotYear keeps numbers like "mais de 2000 pontos" or "top 2024" out of years.
func isCountNotYear(rule periodRule, toks []*token, span []*token) bool {
	last := span[len(span)-1]
	if last.kind != tNumber || len(last.norm) != 4 {
		return false
	}
	i := indexOf(toks, span[0])
	j := indexOf(toks, last)
	if j+1 < len(toks) {
		switch toks[j+1].norm {
		case "pontos", "ponto", "points", "point", "reais", "clientes", "customers", "vendas", "sales", "compras", "purchases", "resgates", "redemptions", "dias", "days", "meses", "months", "semanas", "weeks", "produtos", "products", "lojas", "stores", "pts", "mil":
			return true
		}
	}
	if span[0] != last && len(span) > 1 && toks[i].norm != "de" {
		// "em 2024", "in 2024": a preposition makes it a year ("mais de 2000" does not)
		return false
	}
	if span[0] != last && len(span) > 1 {
		i++ // "de 2000": look before "de"
	}
	if i > 0 {
		switch toks[i-1].norm {
		case "top", "mais", "menos", "acima", "abaixo", "than", "over", "above", "under", "below", "least", "ate", "maior", "menor", "os", "as", "the", "primeiros", "r", "minimo", "maximo":
			return true
		}
	}
	if i > 1 && toks[i-1].norm == "de" && (toks[i-2].norm == "mais" || toks[i-2].norm == "menos" || toks[i-2].norm == "acima" || toks[i-2].norm == "abaixo") {
		return true
	}
	return false
}

func indexOf(toks []*token, t *token) int {
	for i, x := range toks {
		if x == t {
			return i
		}
	}
	return -1
}

// overlappingMatches lists the matches of re in text, each search starting one byte after
// the previous match began: a match turned down ("out", a word, not October) must not hide
// the one right after it ("in May" in "given out in May"), since the separator space
// belongs to both.
func overlappingMatches(re *regexp.Regexp, text string) [][]int {
	var out [][]int
	for off := 0; off < len(text); {
		loc := re.FindStringSubmatchIndex(text[off:])
		if loc == nil {
			break
		}
		if off > 0 && loc[0] == 0 && text[off] != ' ' {
			// "^" matched where the slice starts, inside a word: not a match
			off++
			continue
		}
		for i := range loc {
			if loc[i] >= 0 {
				loc[i] += off
			}
		}
		out = append(out, loc)
		off = loc[0] + 1
	}
	return out
}
