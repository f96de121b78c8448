package semantic

import (
	"fmt"
	"time"
)

// ISOWeek is ISO week n (1-53) of year: Monday to Sunday, week 1 the one holding January 4
// ("2025-W20", "semana 20 de 2025", "week 20 of 2025"). False when the year has no week n.
func ISOWeek(year, n int, loc *time.Location) (*Period, bool) {
	jan4 := time.Date(year, 1, 4, 0, 0, 0, 0, loc)
	wd := int(jan4.Weekday()+6) % 7 // days since Monday
	from := jan4.AddDate(0, 0, -wd+7*(n-1))
	if _, w := from.ISOWeek(); n < 1 || w != n {
		return nil, false
	}
	p := days(from, from.AddDate(0, 0, 7), DateRange)
	p.Label = withDates(T(fmt.Sprintf("semana %d de %d", n, year), fmt.Sprintf("%d-W%02d", year, n)), from, from.AddDate(0, 0, 7))
	return p, true
}
