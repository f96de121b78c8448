package eval

import (
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
)

// Result is a query's answer as the runner streams it: the columns with their Postgres
// types, and the values as Postgres text (nil for NULL).
type Result struct {
	Columns []aiquery.ResultColumn
	Rows    [][]*string
}

// Collector is an aiquery.Sink that keeps the whole result.
type Collector struct{ Result Result }

// Columns implements aiquery.Sink.
func (c *Collector) Columns(cols []aiquery.ResultColumn) error {
	c.Result.Columns = append([]aiquery.ResultColumn(nil), cols...)
	return nil
}

// Row implements aiquery.Sink.
func (c *Collector) Row(values [][]byte) error {
	row := make([]*string, len(values))
	for i, v := range values {
		if v != nil {
			s := string(v)
			row[i] = &s
		}
	}
	c.Result.Rows = append(c.Result.Rows, row)
	return nil
}

// Options tune Compare.
type Options struct {
	// Ordered: rows must come in the gold order (a top-N, or a question that asks for an
	// order); otherwise rows are compared as a multiset.
	Ordered bool
	// FreeLabels: a text column of the gold answer may be matched by any column that
	// labels the same rows one-to-one (band names such as "18-24" against "18 a 24").
	FreeLabels bool
	// MaxExtra is how many columns the answer may have beyond the gold's.
	MaxExtra int
	// Aliases names the same entity several ways (a store's code and name, a customer's
	// document and name); a text value matches another with the same alias.
	Aliases map[string]string
}

// Compare reports whether got answers what gold answers: every gold column is matched by
// a distinct column of got holding the same values row by row, with the same number of
// rows. Column names and order do not matter, nor do presentation details: numbers are
// compared at the precision both sides show (at most 2 decimals; a whole gold number needs
// a whole answer), a column may carry the opposite sign throughout (debits as negatives),
// dates and timestamps by value (a date matches a timestamp of that day, a "2025-03" label
// the month's start, a year 2024 the year's first day), weekday names their ISO number, and aliased names each other. When
// it does not match, the reason says what differs.
func Compare(gold, got Result, o Options) (bool, string) {
	switch {
	case len(got.Rows) != len(gold.Rows):
		return false, fmt.Sprintf("%d rows, want %d", len(got.Rows), len(gold.Rows))
	case len(got.Columns) < len(gold.Columns):
		return false, fmt.Sprintf("%d columns, want at least %d", len(got.Columns), len(gold.Columns))
	case len(got.Columns) > len(gold.Columns)+o.MaxExtra:
		return false, fmt.Sprintf("%d columns, want at most %d", len(got.Columns), len(gold.Columns)+o.MaxExtra)
	}
	g, x := parseResult(gold), parseResult(got)
	m := &matcher{gold: g, got: x, o: o}
	for j := range g.cols {
		m.cands = append(m.cands, m.candidates(j))
		if len(m.cands[j]) == 0 {
			return false, fmt.Sprintf("no column holds the values of %q (%s)", gold.Columns[j].Name, preview(g.column(j)))
		}
	}
	if m.assign(0, make([]pairing, len(g.cols)), map[int]bool{}) {
		return true, ""
	}
	if o.Ordered {
		return false, "the columns hold the right values, but the rows are not in the asked order or not paired the same way"
	}
	return false, "the columns hold the right values, but not paired the same way in the rows"
}

type kind int

const (
	kNull kind = iota
	kNumber
	kText
	kBool
	kTime
)

type precision int

const (
	pInstant precision = iota
	pDay
	pWeek
	pMonth
)

type value struct {
	kind kind
	num  *big.Rat
	dec  int // decimals shown
	text string
	b    bool
	t    time.Time // kTime: the instant, or the period's start in Location
	prec precision
	raw  string // the text it was read from, when it came from a text column
}

type parsed struct {
	cols [][]value // by column, then row
	rows int
}

func (p parsed) column(j int) []value { return p.cols[j] }

// Postgres type OIDs.
const (
	oidBool        = 16
	oidInt8        = 20
	oidInt2        = 21
	oidInt4        = 23
	oidOID         = 26
	oidFloat4      = 700
	oidFloat8      = 701
	oidNumeric     = 1700
	oidDate        = 1082
	oidTimestamp   = 1114
	oidTimestampTZ = 1184
)

func parseResult(r Result) parsed {
	p := parsed{cols: make([][]value, len(r.Columns)), rows: len(r.Rows)}
	for j, c := range r.Columns {
		for _, row := range r.Rows {
			p.cols[j] = append(p.cols[j], parseValue(c.OID, row[j]))
		}
	}
	return p
}

var (
	reNumber    = regexp.MustCompile(`^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?%?$`)
	reDay       = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`)
	reDayBR     = regexp.MustCompile(`^(\d{2})/(\d{2})/(\d{4})$`)
	reMonth     = regexp.MustCompile(`^(\d{4})-(\d{2})$`)
	reMonthBR   = regexp.MustCompile(`^(\d{2})/(\d{4})$`)
	reWeek      = regexp.MustCompile(`^(\d{4})-?[wW](\d{1,2})$`)
	reQuarter   = regexp.MustCompile(`^(\d{4})[- ]?[qQ]([1-4])$`)
	reTimestamp = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}`)
	spaces      = regexp.MustCompile(`\s+`)
)

var timestampLayouts = []string{
	"2006-01-02 15:04:05.999999999Z07:00:00", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999Z07",
	"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
}

// nullLabels are the ways an answer may print a missing value (a group of rows without a
// gender, a store, ...).
var nullLabels = map[string]bool{
	"": true, "-": true, "—": true, "null": true, "(null)": true, "n/a": true, "none": true, "unknown": true,
	"desconhecido": true, "não informado": true, "nao informado": true, "sem informação": true, "sem informacao": true,
}

var weekdays = map[string]int{
	"segunda": 1, "segunda-feira": 1, "seg": 1, "monday": 1, "mon": 1,
	"terça": 2, "terca": 2, "terça-feira": 2, "terca-feira": 2, "ter": 2, "tuesday": 2, "tue": 2,
	"quarta": 3, "quarta-feira": 3, "qua": 3, "wednesday": 3, "wed": 3,
	"quinta": 4, "quinta-feira": 4, "qui": 4, "thursday": 4, "thu": 4,
	"sexta": 5, "sexta-feira": 5, "sex": 5, "friday": 5, "fri": 5,
	"sábado": 6, "sabado": 6, "sáb": 6, "sab": 6, "saturday": 6, "sat": 6,
	"domingo": 7, "dom": 7, "sunday": 7, "sun": 7,
}

func parseValue(oid uint32, raw *string) value {
	if raw == nil {
		return value{kind: kNull}
	}
	s := *raw
	switch oid {
	case oidBool:
		return value{kind: kBool, b: s == "t" || s == "true"}
	case oidInt2, oidInt4, oidInt8, oidOID, oidFloat4, oidFloat8, oidNumeric:
		if v, ok := parseNumber(s); ok {
			return v
		}
		return value{kind: kText, text: strings.ToLower(s)}
	case oidDate:
		if t, err := time.ParseInLocation(time.DateOnly, s, Location); err == nil {
			return value{kind: kTime, t: t, prec: pDay}
		}
	case oidTimestamp, oidTimestampTZ:
		if t, ok := parseTimestamp(s); ok {
			return value{kind: kTime, t: t, prec: pInstant}
		}
	}
	return parseText(s)
}

func parseNumber(s string) (value, bool) {
	s = strings.TrimSuffix(s, "%")
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return value{}, false
	}
	dec := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		frac := s[i+1:]
		if e := strings.IndexAny(frac, "eE"); e >= 0 {
			frac = frac[:e]
		}
		dec = len(frac)
	}
	return value{kind: kNumber, num: r, dec: dec}, true
}

func parseTimestamp(s string) (time.Time, bool) {
	for _, layout := range timestampLayouts {
		if t, err := time.ParseInLocation(layout, s, Location); err == nil {
			return t.In(Location), true
		}
	}
	return time.Time{}, false
}

// parseText reads what a text column may be presenting: a number, a weekday, a date or a
// period label; anything else is compared as trimmed lower-case text.
func parseText(raw string) value {
	v := parseTextValue(raw)
	v.raw = raw
	return v
}

func parseTextValue(raw string) value {
	s := strings.TrimSpace(raw)
	low := strings.ToLower(spaces.ReplaceAllString(s, " "))
	if reNumber.MatchString(s) {
		if v, ok := parseNumber(s); ok {
			return v
		}
	}
	if d, ok := weekdays[strings.TrimSuffix(low, ".")]; ok {
		return value{kind: kNumber, num: big.NewRat(int64(d), 1)}
	}
	if nullLabels[low] {
		return value{kind: kNull}
	}
	switch low {
	case "true", "t":
		return value{kind: kBool, b: true}
	case "false", "f":
		return value{kind: kBool, b: false}
	}
	if m := reDay.FindStringSubmatch(s); m != nil {
		return dateValue(m[1], m[2], m[3], pDay, low)
	}
	if m := reDayBR.FindStringSubmatch(s); m != nil {
		return dateValue(m[3], m[2], m[1], pDay, low)
	}
	if m := reMonth.FindStringSubmatch(s); m != nil {
		return dateValue(m[1], m[2], "01", pMonth, low)
	}
	if m := reMonthBR.FindStringSubmatch(s); m != nil {
		return dateValue(m[2], m[1], "01", pMonth, low)
	}
	if m := reQuarter.FindStringSubmatch(s); m != nil {
		// A quarter's label is its first month, as a period bucket ("2025-Q2": 2025-04).
		return dateValue(m[1], fmt.Sprintf("%02d", 3*(int(m[2][0]-'0')-1)+1), "01", pMonth, low)
	}
	if m := reWeek.FindStringSubmatch(s); m != nil {
		var y, w int
		fmt.Sscan(m[1], &y)
		fmt.Sscan(m[2], &w)
		// ISO week 1 holds January 4th; weeks start on Monday.
		jan4 := time.Date(y, 1, 4, 0, 0, 0, 0, Location)
		monday := jan4.AddDate(0, 0, -((int(jan4.Weekday())+6)%7)+7*(w-1))
		return value{kind: kTime, t: monday, prec: pWeek}
	}
	if reTimestamp.MatchString(s) {
		if t, ok := parseTimestamp(s); ok {
			return value{kind: kTime, t: t, prec: pInstant}
		}
	}
	return value{kind: kText, text: low}
}

func dateValue(y, m, d string, p precision, fallback string) value {
	t, err := time.ParseInLocation(time.DateOnly, y+"-"+m+"-"+d, Location)
	if err != nil {
		return value{kind: kText, text: fallback}
	}
	return value{kind: kTime, t: t, prec: p}
}

func preview(col []value) string {
	var parts []string
	for i, v := range col {
		if i == 3 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, v.String())
	}
	return strings.Join(parts, ", ")
}

func (v value) String() string {
	switch v.kind {
	case kNull:
		return "NULL"
	case kNumber:
		return v.num.FloatString(min(v.dec, 4))
	case kBool:
		return fmt.Sprint(v.b)
	case kTime:
		if v.prec == pInstant {
			return v.t.Format("2006-01-02 15:04:05")
		}
		return v.t.Format(time.DateOnly)
	}
	return v.text
}

// pairing is how one gold column is matched: by column k of the answer, with the rules
// (decimals, time precision, sign) both sides are keyed with.
type pairing struct {
	k       int
	dec     int
	prec    precision
	negate  bool
	relabel bool
	// year: gold years (2024) against the answer's year starts (2024-01-01)
	year bool
}

type matcher struct {
	gold, got parsed
	o         Options
	cands     [][]pairing
	leaves    int
}

func maxDecimals(col []value) (int, bool) {
	d, any := 0, false
	for _, v := range col {
		if v.kind == kNumber {
			d, any = max(d, v.dec), true
		}
	}
	return d, any
}

func coarsest(col []value) (precision, bool) {
	p, any := pInstant, false
	for _, v := range col {
		if v.kind == kTime {
			p, any = max(p, v.prec), true
		}
	}
	return p, any
}

// candidates lists the columns of the answer whose values, as a multiset, are those of
// gold column j.
func (m *matcher) candidates(j int) []pairing {
	gcol := m.gold.cols[j]
	var out []pairing
	for k, xcol := range m.got.cols {
		base := pairing{k: k}
		gd, gnum := maxDecimals(gcol)
		xd, _ := maxDecimals(xcol)
		if gnum {
			if gd == 0 {
				base.dec = 2 // a whole gold number needs a whole answer (at 2 decimals)
			} else {
				base.dec = max(1, min(gd, xd, 2))
			}
		}
		gp, _ := coarsest(gcol)
		xp, _ := coarsest(xcol)
		base.prec = max(gp, xp)
		variants := []pairing{base}
		if gnum && singleSign(gcol) {
			neg := base
			neg.negate = true
			variants = append(variants, neg)
		}
		for _, p := range variants {
			if sameMultiset(m.keys(gcol, p, false), m.keys(xcol, p, true)) {
				out = append(out, p)
			}
		}
		if isYears(gcol) && yearStarts(xcol) {
			out = append(out, pairing{k: k, year: true})
		}
		if m.o.FreeLabels && isText(gcol) && samePartition(m.keys(gcol, base, false), m.keys(xcol, base, true)) {
			rl := base
			rl.relabel = true
			out = append(out, rl)
		}
	}
	return out
}

// isYears reports whether col holds whole numbers that read as years (2024).
func isYears(col []value) bool {
	for _, v := range col {
		if v.kind != kNumber || !v.num.IsInt() || v.num.Num().Int64() < 1900 || v.num.Num().Int64() > 2100 {
			return false
		}
	}
	return len(col) > 0
}

// yearStarts reports whether col holds the first day of years (a year's label as a date).
func yearStarts(col []value) bool {
	for _, v := range col {
		if v.kind != kTime {
			return false
		}
		if t := v.t.In(Location); t.YearDay() != 1 || t.Hour() != 0 || t.Minute() != 0 || t.Second() != 0 || t.Nanosecond() != 0 {
			return false
		}
	}
	return len(col) > 0
}

func isText(col []value) bool {
	for _, v := range col {
		if v.kind != kText && v.kind != kNull {
			return false
		}
	}
	return true
}

func singleSign(col []value) bool {
	pos, neg := false, false
	for _, v := range col {
		if v.kind == kNumber {
			switch v.num.Sign() {
			case 1:
				pos = true
			case -1:
				neg = true
			}
		}
	}
	return pos != neg
}

func (m *matcher) keys(col []value, p pairing, answer bool) []string {
	out := make([]string, len(col))
	for i, v := range col {
		out[i] = m.key(v, p, answer)
	}
	return out
}

// key renders v so that two values that mean the same under pairing p render the same.
func (m *matcher) key(v value, p pairing, answer bool) string {
	if v.raw != "" {
		if e, ok := m.o.Aliases[aliasKey(v.raw)]; ok {
			return "e:" + e
		}
	}
	if p.year {
		switch v.kind {
		case kNumber:
			return "y:" + v.num.RatString()
		case kTime:
			return "y:" + strconv.Itoa(v.t.In(Location).Year())
		}
	}
	switch v.kind {
	case kNull:
		return "null"
	case kBool:
		return fmt.Sprint("b:", v.b)
	case kNumber:
		n := v.num
		if answer && p.negate {
			n = new(big.Rat).Neg(n)
		}
		return "n:" + roundRat(n, p.dec)
	case kTime:
		return "t:" + timeKey(v, p.prec)
	}
	return "s:" + v.text
}

// roundRat rounds half away from zero to dec decimals, as Postgres rounds numeric.
func roundRat(r *big.Rat, dec int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dec)), nil)
	x := new(big.Rat).Mul(r, new(big.Rat).SetInt(scale))
	num, den := x.Num(), x.Denom()
	q, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	if new(big.Int).Mul(new(big.Int).Abs(rem), big.NewInt(2)).Cmp(den) >= 0 {
		if num.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return new(big.Rat).SetFrac(q, scale).FloatString(dec)
}

// timeKey renders a time at precision p; a value finer than p renders as the period only
// when it is the period's start (a day is always its own: a timestamp matches its date).
func timeKey(v value, p precision) string {
	t := v.t.In(Location)
	midnight := t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0
	exact := t.Format("2006-01-02 15:04:05.000000")
	switch p {
	case pInstant:
		return exact
	case pDay:
		return t.Format(time.DateOnly)
	case pWeek:
		if (v.prec == pWeek || (t.Weekday() == time.Monday && (midnight || v.prec == pDay))) && v.prec != pMonth {
			return "W" + t.Format(time.DateOnly)
		}
	case pMonth:
		if v.prec == pMonth || (t.Day() == 1 && (midnight || v.prec == pDay) && v.prec != pWeek) {
			return "M" + t.Format("2006-01")
		}
	}
	return exact + fmt.Sprint("/", v.prec)
}

func sameMultiset(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// samePartition: both columns split the rows into groups of the same sizes.
func samePartition(a, b []string) bool {
	count := func(xs []string) []int {
		c := map[string]int{}
		for _, x := range xs {
			c[x]++
		}
		var out []int
		for _, n := range c {
			out = append(out, n)
		}
		sort.Ints(out)
		return out
	}
	ca, cb := count(a), count(b)
	if len(ca) != len(cb) {
		return false
	}
	for i := range ca {
		if ca[i] != cb[i] {
			return false
		}
	}
	return true
}

const maxLeaves = 20000

func (m *matcher) assign(j int, chosen []pairing, used map[int]bool) bool {
	if j == len(chosen) {
		m.leaves++
		return m.rowsMatch(chosen)
	}
	for _, p := range m.cands[j] {
		if used[p.k] || m.leaves > maxLeaves {
			continue
		}
		used[p.k] = true
		chosen[j] = p
		ok := m.assign(j+1, chosen, used)
		used[p.k] = false
		if ok {
			return true
		}
	}
	return false
}

// rowsMatch checks the rows under one column assignment: in order, or as a multiset; free
// label columns must map one-to-one along the paired rows.
func (m *matcher) rowsMatch(chosen []pairing) bool {
	n := m.gold.rows
	tuple := func(p parsed, i int, answer bool) string {
		var b strings.Builder
		for j, pr := range chosen {
			if pr.relabel {
				continue
			}
			col := j
			if answer {
				col = pr.k
			}
			b.WriteString(m.key(p.cols[col][i], pr, answer))
			b.WriteByte(0)
		}
		return b.String()
	}
	goldRows := make([]int, n)
	gotRows := make([]int, n)
	for i := range goldRows {
		goldRows[i], gotRows[i] = i, i
	}
	if !m.o.Ordered {
		gk := make([]string, n)
		xk := make([]string, n)
		for i := 0; i < n; i++ {
			gk[i], xk[i] = tuple(m.gold, i, false), tuple(m.got, i, true)
		}
		sort.SliceStable(goldRows, func(a, b int) bool { return gk[goldRows[a]] < gk[goldRows[b]] })
		sort.SliceStable(gotRows, func(a, b int) bool { return xk[gotRows[a]] < xk[gotRows[b]] })
		for i := 0; i < n; i++ {
			if gk[goldRows[i]] != xk[gotRows[i]] {
				return false
			}
		}
	} else {
		for i := 0; i < n; i++ {
			if tuple(m.gold, i, false) != tuple(m.got, i, true) {
				return false
			}
		}
	}
	for j, pr := range chosen {
		if !pr.relabel {
			continue
		}
		fwd, back := map[string]string{}, map[string]string{}
		for i := 0; i < n; i++ {
			a := m.key(m.gold.cols[j][goldRows[i]], pr, false)
			b := m.key(m.got.cols[pr.k][gotRows[i]], pr, true)
			if x, ok := fwd[a]; ok && x != b {
				return false
			}
			if x, ok := back[b]; ok && x != a {
				return false
			}
			fwd[a], back[b] = b, a
		}
	}
	return true
}

// aliasKey normalises a text for alias lookups: lower case, single spaces, and a CPF's
// punctuation dropped.
func aliasKey(s string) string {
	s = strings.ToLower(strings.TrimSpace(spaces.ReplaceAllString(s, " ")))
	if reCPF.MatchString(s) {
		s = strings.NewReplacer(".", "", "-", "").Replace(s)
	}
	return s
}

var reCPF = regexp.MustCompile(`^\d{3}\.\d{3}\.\d{3}-\d{2}$`)
