package semantic

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Order is how a report's rows are ordered.
type Order int

// Orders.
const (
	// Natural: time axes chronologically; other breakdowns by the first measure, largest
	// first; lists in the fact's natural order.
	Natural Order = iota
	Descending
	Ascending
)

// Request is one report: over which fact, computing which measures (or listing which
// attributes), broken down how, narrowed by which filters, over which period, in which
// order and how many rows.
type Request struct {
	Lang     Lang
	Fact     *Fact
	Measures []*Measure
	Dims     []*Dimension
	Filters  []*Filter
	Period   *Period
	Order    Order
	Limit    int // 0: every row

	// A list of rows instead of measures: these columns, sorted by SortBy when set.
	Attrs  []*Attribute
	SortBy *Attribute

	// Decimals, when set, is the precision asked of the answer ("com duas casas
	// decimais", "sem centavos", "rounded to 1 decimal"): every measure column is rounded
	// to it (withDecimals).
	Decimals *int

	raw bool // read raw rows, never a rollup (CompileRaw)
}

// MaxDecimals is the most decimals a precision asked of a report can have.
const MaxDecimals = 6

// withDecimals is a measure's expression rounded to n decimals: a measure that rounds
// itself ("round(avg(v.value), 2)") gets n in place of its own precision, never rounded
// twice (a share asked with 2 decimals must not keep its 1); any other is rounded as a
// numeric (round of a double precision takes no decimals in PostgreSQL).
func withDecimals(expr string, n int) string {
	if inner, ok := strings.CutPrefix(expr, "round("); ok && strings.HasSuffix(inner, ")") {
		if i := strings.LastIndex(inner, ", "); i >= 0 && closed(inner[:i]) && isDigits(inner[i+2:len(inner)-1]) {
			return fmt.Sprintf("round(%s, %d)", inner[:i], n)
		}
	}
	return fmt.Sprintf("round((%s)::numeric, %d)", expr, n)
}

// closed reports whether every parenthesis of s closes inside it, in order.
func closed(s string) bool {
	depth := 0
	for _, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// InvalidError is a request the layer cannot express (a filter or breakdown that does not
// apply to the fact). The interpreter turns it into a refusal.
type InvalidError struct{ Reason Text }

func (e *InvalidError) Error() string { return e.Reason.EN }

func invalid(pt, en string) *InvalidError { return &InvalidError{Reason: T(pt, en)} }

// periodFilter is the filter that takes the request's period, if any.
func (r *Request) periodFilter() *Filter {
	for _, f := range r.Filters {
		if f.UsesPeriod {
			return f
		}
	}
	return nil
}

// timeColumn is the column the period applies to: the fact's date, unless a filter dates
// its rows otherwise (expired redemptions by their expiry).
func (r *Request) timeColumn() string {
	for _, f := range r.Filters {
		if c := f.timeOf[r.Fact]; c != "" {
			return c
		}
	}
	return r.Fact.Time
}

// TimeName says what the period applies to.
func (r *Request) TimeName() Text {
	for _, f := range r.Filters {
		if f.timeOf[r.Fact] != "" {
			return T(f.Name.PT+" (data)", f.Name.EN+" (date)")
		}
	}
	return r.Fact.TimeName
}

// Validate checks that every part applies to the fact.
func (r *Request) Validate() error {
	if r.Fact == nil {
		return invalid("falta o assunto do relatório", "the report has no subject")
	}
	if len(r.Measures) == 0 && len(r.Attrs) == 0 {
		return invalid("falta o que calcular", "the report computes nothing")
	}
	if r.Decimals != nil && len(r.Measures) == 0 {
		// a list's columns are shown as stored; a precision asked of them is not honoured
		return invalid("a precisão pedida vale para valores calculados, não para uma lista", "the precision asked applies to computed values, not to a list")
	}
	if len(r.Attrs) > 0 {
		for _, d := range r.Dims {
			if d.Time {
				// "the date of the last purchase of customer X": a list's rows have no time
				// axis; a time unit beside them is the date of something else
				return invalid("uma lista não se divide por data", "a list is not broken down by date")
			}
		}
	}
	if parts := r.parts(); len(parts) > 1 {
		// measures of several facts ("pontos creditados e resgatados"): each part must be
		// a valid report on its own, with the same breakdowns, filters and period
		if len(r.Attrs) > 0 {
			return invalid("uma lista não combina medidas de assuntos diferentes", "a list cannot combine measures of different subjects")
		}
		for _, p := range parts {
			if err := p.Validate(); err != nil {
				return err
			}
		}
		return nil
	}
	for _, m := range r.Measures {
		if m.Fact != r.Fact {
			return invalid(m.Name.PT+" não se calcula sobre "+r.Fact.Name.PT, m.Name.EN+" is not computed over "+r.Fact.Name.EN)
		}
		if strings.Join(m.Where, ",") != strings.Join(r.Measures[0].Where, ",") {
			return invalid(m.Name.PT+" e "+r.Measures[0].Name.PT+" não cabem no mesmo relatório", m.Name.EN+" and "+r.Measures[0].Name.EN+" do not fit in one report")
		}
	}
	for _, d := range r.Dims {
		if !d.Applies(r.Fact) {
			return invalid(r.Fact.Name.PT+" não se dividem por "+d.Name.PT, r.Fact.Name.EN+" cannot be broken down by "+d.Name.EN)
		}
	}
	for _, m := range r.Measures {
		c := m.rateOf
		if c == nil || c.pins == nil {
			continue
		}
		if i := slices.IndexFunc(r.Dims, func(d *Dimension) bool {
			// a store's city or state is fixed by the store: each store is 100% or 0% of it
			return d == pinDims[c.pins.attr] || d.ID == c.pins.attr+"_set" || d == ByStore && c.PlacesStores()
		}); i >= 0 {
			// "% das vendas no pix e no cartão" read as the rate of pix-or-card sales in the
			// pix and the card rows: a condition on the attribute the rows are split by is
			// 100% or 0% of every row
			d := r.Dims[i]
			return invalid("o percentual de \""+c.Name.PT+"\" por "+d.Name.PT+" é 100% ou 0% em cada linha; para a participação de cada um no total, peça o percentual do total",
				"the percentage of \""+c.Name.EN+"\" by "+d.Name.EN+" is 100% or 0% in every row; for each one's share of the total, ask for the % of total")
		}
	}
	seen := map[string]bool{}
	for _, f := range r.Filters {
		if slices.ContainsFunc(r.Filters, func(g *Filter) bool { return g.ID == "not_"+f.ID && f.activityOf != nil && samePeriod(f.at, g.at) }) {
			// "compraram ... não compraram" over one period: a filter and its negation
			// keep no customer; two periods meant for them were not told apart
			return invalid("a pergunta diz que os clientes fizeram e não fizeram a mesma coisa no mesmo período", "the question says the customers did and did not do the same thing in the same period")
		}
		var p *Period
		if f == r.periodFilter() {
			p = r.Period
		}
		if !f.Applies(r.Fact, p) {
			return invalid("o filtro \""+f.Name.PT+"\" não se aplica a "+r.Fact.Name.PT, "the filter \""+f.Name.EN+"\" does not apply to "+r.Fact.Name.EN)
		}
		if seen[f.ID] && f.replaces(r.Fact) {
			return invalid("dois filtros de status", "two status filters")
		}
		seen[f.ID] = true
		for _, m := range r.Measures {
			if c := m.rateOf; c != nil && disjointPins(f, c) {
				// "SMS opt-in rate, women vs men" read as the rate of women among men
				return invalid("o percentual de \""+c.Name.PT+"\" entre \""+f.Name.PT+"\" é sempre zero; para compará-los, peça a divisão entre eles",
					"the percentage of \""+c.Name.EN+"\" among \""+f.Name.EN+"\" is always zero; to compare them, ask for a breakdown")
			}
		}
		for _, g := range r.Filters {
			if disjointPins(f, g) {
				return invalid("\""+f.Name.PT+"\" e \""+g.Name.PT+"\" ao mesmo tempo não deixam nenhuma linha; para compará-los, peça a divisão entre eles",
					"\""+f.Name.EN+"\" and \""+g.Name.EN+"\" at once leave no row; to compare them, ask for a breakdown")
			}
			if crossingPins(f, g) {
				return invalid("\""+f.Name.PT+"\" e \""+g.Name.PT+"\" ao mesmo tempo deixam só o que têm em comum, o que a pergunta não diz",
					"\""+f.Name.EN+"\" and \""+g.Name.EN+"\" at once keep only what they share, which the question does not say")
			}
		}
	}
	if r.Period != nil && r.periodFilter() == nil && r.Fact.Time == "" {
		return invalid(r.Fact.Name.PT+" não têm data para filtrar por período", r.Fact.Name.EN+" have no date to filter by period")
	}
	for _, a := range r.Attrs {
		if _, _, ok := a.sql(r.Fact); !ok {
			return invalid(r.Fact.Name.PT+" não têm "+a.Name.PT, r.Fact.Name.EN+" have no "+a.Name.EN)
		}
	}
	if r.Limit < 0 {
		return invalid("limite negativo", "negative limit")
	}
	return nil
}

// parts splits a request whose measures come from several facts (or read different rows
// of one, like credits and debits) into one request per fact and rows, in the order the
// measures were asked; any other request is its only part.
func (r *Request) parts() []*Request {
	type key struct {
		f     *Fact
		where string
	}
	var keys []key
	by := map[key][]*Measure{}
	for _, m := range r.Measures {
		k := key{m.Fact, strings.Join(m.Where, " AND ")}
		if by[k] == nil {
			keys = append(keys, k)
		}
		by[k] = append(by[k], m)
	}
	if len(keys) <= 1 {
		return []*Request{r}
	}
	var out []*Request
	for _, k := range keys {
		p := *r
		p.Fact, p.Measures, p.Order, p.Limit = k.f, by[k], Natural, 0
		out = append(out, &p)
	}
	return out
}

// Facts are the facts the request reads: its fact, or the facts of its measures when
// they come from several.
func (r *Request) Facts() []*Fact {
	var fs []*Fact
	for _, p := range r.parts() {
		if len(fs) == 0 || fs[len(fs)-1] != p.Fact {
			fs = append(fs, p.Fact)
		}
	}
	return fs
}

// Compile writes the request as one SELECT over the reporting views.
func (r *Request) Compile() (string, error) {
	if err := r.Validate(); err != nil {
		return "", err
	}
	if parts := r.parts(); len(parts) > 1 {
		return r.compileParts(parts)
	}
	if q, ok := r.neverBought(); ok {
		return q, nil
	}
	src := r.source() // the fact's view, or a rollup of it (rollup.go)
	late := r.ranksCustomers()
	measures := src.measures
	ungrouped := late && src.rows != nil // one row per customer already: ranked as they are
	if ungrouped {
		measures = src.rows
	}
	var (
		cols    []Column
		group   []string
		joinsIn []string
		conds   []string
		orderBy []string
		live    = src.live
	)
	addJoin := func(js ...string) {
		for _, j := range js {
			if j != "" && !contains(joinsIn, j) {
				joinsIn = append(joinsIn, j)
			}
		}
	}
	addJoin(r.Fact.Joins...)

	var timeOrder, dimPositions, dimConds []string
	for _, d := range r.Dims {
		ds, _ := d.build(r.Fact, r.Lang)
		if late {
			// grouped and ranked by the customer's id alone; its columns are joined to
			// the top rows only (withCustomers)
			ds = dimSQL{cols: []Column{{Expr: r.Fact.Customer, Alias: rankedCustomerID}}}
		}
		if d.Time && r.timeColumn() != r.Fact.Time {
			// "resgates expirados por mês": by the month of the expiry, as the period
			ff := *r.Fact
			ff.Time = r.timeColumn()
			ds, _ = d.build(&ff, r.Lang)
		}
		start := len(cols)
		cols = append(cols, ds.cols...)
		g := ds.group
		if g == nil {
			for _, c := range ds.cols {
				g = append(g, c.Expr)
			}
		}
		group = append(group, g...)
		addJoin(ds.joins...)
		if ds.where != "" {
			dimConds = append(dimConds, ds.where)
		}
		if d.Time {
			for k := range ds.cols {
				timeOrder = append(timeOrder, fmt.Sprint(start+k+1))
			}
		}
		if d.ReplacesLive {
			live = ""
		}
	}
	for i := range cols {
		dimPositions = append(dimPositions, fmt.Sprint(i+1))
	}

	firstMeasure := len(cols) + 1
	for _, m := range measures {
		e := m.Expr
		if r.Decimals != nil {
			e = withDecimals(e, *r.Decimals)
		}
		cols = append(cols, Column{Expr: e, Alias: m.Alias.In(r.Lang)})
	}
	if len(r.Measures) > 0 {
		conds = append(conds, measures[0].Where...)
		if slices.ContainsFunc(r.Measures, func(m *Measure) bool { return m.rateOf != nil && !m.live }) {
			live = "" // a cancellation rate is over every sale
		}
	}
	for _, a := range r.Attrs {
		e, j, _ := a.sql(r.Fact)
		cols = append(cols, Column{Expr: e, Alias: a.Alias.In(r.Lang)})
		addJoin(j)
	}

	pf := r.periodFilter()
	for _, f := range r.Filters {
		if f.replaces(r.Fact) {
			live = ""
		}
		var p *Period
		if f == pf {
			p = r.Period
		}
		c, js, _ := r.filter(f, p)
		conds = append(conds, c)
		addJoin(js...)
	}
	if live != "" {
		conds = append([]string{live}, conds...)
	}
	conds = append(conds, dimConds...)
	if r.Period != nil && pf == nil && !src.periodDone {
		conds = append(conds, r.Period.Cond(r.timeColumn()))
	}

	switch {
	case len(r.Attrs) > 0:
		if r.SortBy != nil {
			e, j, _ := r.SortBy.sql(r.Fact)
			addJoin(j)
			dir := " DESC"
			if r.Order == Ascending {
				dir = ""
			}
			orderBy = append(orderBy, e+dir+" NULLS LAST")
		}
		orderBy = append(orderBy, defaultOrder(r.Fact))
	case len(r.Dims) > 0 && r.Order == Natural && len(timeOrder) > 0:
		orderBy = append(orderBy, timeOrder...)
		for _, p := range dimPositions {
			if !contains(orderBy, p) {
				orderBy = append(orderBy, p)
			}
		}
	case len(r.Dims) > 0 || r.Order != Natural:
		// a measure with no value for a group (growth from zero) ranks last either way
		dir := " DESC NULLS LAST"
		if r.Order == Ascending {
			dir = " NULLS LAST"
		}
		if len(r.Measures) > 0 {
			orderBy = append(orderBy, fmt.Sprint(firstMeasure)+dir)
		}
		if !late { // the top rows by the measure alone, with ties (below)
			orderBy = append(orderBy, dimPositions...)
		}
	}

	var b strings.Builder
	b.WriteString("SELECT ")
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Expr)
		if c.Alias != "" && !strings.HasSuffix(c.Expr, "."+c.Alias) && c.Expr != c.Alias {
			b.WriteString(" AS " + c.Alias)
		}
	}
	b.WriteString("\nFROM " + src.from)
	for _, j := range joinsIn {
		b.WriteString("\n" + j)
	}
	// a condition every row meets (every status, cancelled included: AnyStatus, Including;
	// an open period) says nothing in a WHERE
	conds = slices.DeleteFunc(conds, func(c string) bool { return c == "true" })
	if len(conds) > 0 {
		b.WriteString("\nWHERE " + strings.Join(conds, "\n  AND "))
	}
	if len(r.Measures) > 0 && len(group) > 0 && !ungrouped {
		b.WriteString("\nGROUP BY " + strings.Join(group, ", "))
	}
	if len(orderBy) > 0 {
		b.WriteString("\nORDER BY " + strings.Join(orderBy, ", "))
	}
	switch {
	case late:
		fmt.Fprintf(&b, "\nFETCH FIRST %d ROWS WITH TIES", r.Limit)
		return r.withCustomers(b.String(), cols[firstMeasure-1:]), nil
	case r.Limit > 0:
		fmt.Fprintf(&b, "\nLIMIT %d", r.Limit)
	}
	return b.String(), nil
}

// rankedCustomerID is the customer's id in the inner query of a ranking of customers.
const rankedCustomerID = "customer_id"

// ranksCustomers reports whether r is a ranking of customers ("top 10 clientes que mais
// gastaram"): measures broken down by customer alone, ordered by the first measure, a
// limit. Such a request is compiled in two steps: the fact's rows grouped by customer id
// and the top rows kept (with ties), then the customers' columns joined to those rows
// only and the request's order and limit applied. Grouping a year's rows (or a summary
// row per buyer) by the customer's columns joined to every row cost seconds at a million
// customers; the rows and their order are the same: the customer join is on its key and
// never drops a row (every fact row's customer exists), and every row that can be among
// the first n in the order (measure, name, document) is tied or better with the n-th by
// the measure alone.
func (r *Request) ranksCustomers() bool {
	return len(r.Dims) == 1 && r.Dims[0] == ByCustomer && r.Limit > 0 && len(r.Measures) > 0 &&
		len(r.Attrs) == 0 && r.Fact != Customers && r.Fact.Customer != ""
}

// withCustomers is the second step of a ranking of customers (ranksCustomers): inner has
// one row per customer id with measures ms; the customers' columns are joined to its
// rows, in the request's order and limit.
func (r *Request) withCustomers(inner string, ms []Column) string {
	f := *r.Fact
	f.Customer = "t." + rankedCustomerID
	ds, _ := ByCustomer.build(&f, r.Lang)
	var cols, orderBy []string
	for _, c := range ds.cols {
		cols = append(cols, c.Expr+" AS "+c.Alias)
		orderBy = append(orderBy, fmt.Sprint(len(orderBy)+1))
	}
	for _, m := range ms {
		cols = append(cols, "t."+m.name())
	}
	dir := " DESC NULLS LAST"
	if r.Order == Ascending {
		dir = " NULLS LAST"
	}
	orderBy = append([]string{fmt.Sprint(len(ds.cols)+1) + dir}, orderBy...)
	return fmt.Sprintf("SELECT %s\nFROM (%s) t\n%s\nORDER BY %s\nLIMIT %d",
		strings.Join(cols, ", "), indentSQL(inner), strings.Join(ds.joins, "\n"), strings.Join(orderBy, ", "), r.Limit)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// compileParts joins the parts of a request over several facts: one row (or one row per
// group, the groups of every part) with each part's measures as columns. Additive
// measures of a group a part has no rows for are 0.
func (r *Request) compileParts(parts []*Request) (string, error) {
	var keys, timeKeys []string
	for _, d := range r.Dims {
		ds, _ := d.build(parts[0].Fact, r.Lang)
		for _, c := range ds.cols {
			keys = append(keys, c.name())
			if d.Time {
				timeKeys = append(timeKeys, c.name())
			}
		}
	}
	cols := append([]string(nil), keys...)
	var from strings.Builder
	for i, p := range parts {
		q, err := p.Compile()
		if err != nil {
			return "", err
		}
		alias := fmt.Sprintf("p%d", i+1)
		switch {
		case i == 0:
			from.WriteString("(" + indentSQL(q) + ") AS " + alias)
		case len(keys) == 0:
			from.WriteString("\nCROSS JOIN (" + indentSQL(q) + ") AS " + alias)
		default:
			from.WriteString("\nFULL JOIN (" + indentSQL(q) + ") AS " + alias + " USING (" + strings.Join(keys, ", ") + ")")
		}
		for _, m := range p.Measures {
			a := m.Alias.In(r.Lang)
			if m.Kind == Count || m.Kind == Sum {
				cols = append(cols, "COALESCE("+alias+"."+a+", 0) AS "+a)
			} else {
				cols = append(cols, alias+"."+a)
			}
		}
	}
	var orderBy []string
	pos := func(name string) string {
		for i, k := range keys {
			if k == name {
				return fmt.Sprint(i + 1)
			}
		}
		return ""
	}
	switch {
	case len(keys) > 0 && r.Order == Natural && len(timeKeys) > 0:
		for _, k := range timeKeys {
			orderBy = append(orderBy, pos(k))
		}
		for _, k := range keys {
			if !contains(orderBy, pos(k)) {
				orderBy = append(orderBy, pos(k))
			}
		}
	case len(keys) > 0 || r.Order != Natural:
		dir := " DESC NULLS LAST"
		if r.Order == Ascending {
			dir = " NULLS LAST"
		}
		orderBy = append(orderBy, fmt.Sprint(len(keys)+1)+dir)
		for i := range keys {
			orderBy = append(orderBy, fmt.Sprint(i+1))
		}
	}
	var b strings.Builder
	b.WriteString("SELECT " + strings.Join(cols, ", "))
	b.WriteString("\nFROM " + from.String())
	if len(orderBy) > 0 {
		b.WriteString("\nORDER BY " + strings.Join(orderBy, ", "))
	}
	if r.Limit > 0 {
		fmt.Fprintf(&b, "\nLIMIT %d", r.Limit)
	}
	return b.String(), nil
}

// name is the column's name in the result.
func (c Column) name() string {
	if c.Alias != "" {
		return c.Alias
	}
	if i := strings.LastIndex(c.Expr, "."); i >= 0 {
		return c.Expr[i+1:]
	}
	return c.Expr
}

func indentSQL(q string) string { return strings.ReplaceAll(q, "\n", "\n  ") }

// samePeriod reports whether p and q are the same period, or both none.
func samePeriod(p, q *Period) bool {
	return p == nil && q == nil || p != nil && q != nil && p.From == q.From && p.To == q.To
}

// ReadsAhead reports whether the request reads dates that may lie ahead of now: a fact
// dated ahead of time (promotions) or a filter on such a date (an expiry, a birthday).
// Any other request counts recorded rows, none of them after now.
func (r *Request) ReadsAhead() bool {
	if r.Fact != nil && r.Fact.Scheduled {
		return true
	}
	for _, m := range r.Measures {
		if m.Fact != nil && m.Fact.Scheduled {
			return true
		}
	}
	for _, f := range r.Filters {
		if f.Ahead {
			return true
		}
	}
	return false
}

// AheadOfRecords reports whether a period of the request (its own, or a filter's own:
// "compraram no mês que vem") lies entirely after the day of now while what it dates is
// recorded rows (ReadsAhead, Filter.Ahead): no such row exists yet, and the query would
// answer zero, never what was asked.
func (r *Request) AheadOfRecords(now time.Time) bool {
	if r.Period.Ahead(now) && !r.ReadsAhead() {
		return true
	}
	for _, f := range r.Filters {
		if slices.ContainsFunc(f.dated, func(p *Period) bool { return p.Ahead(now) }) {
			return true
		}
	}
	return false
}
