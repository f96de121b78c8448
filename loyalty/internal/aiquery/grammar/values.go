package grammar

import (
	"fmt"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The meanings constituents carry. Each has a key: two edges with the same key over the
// same span mean the same thing, and the chart keeps the cheaper one.

// measureV is a measure read from words ("faturamento", "quantos clientes compraram").
type measureV struct {
	m     *semantic.Measure
	agg   string            // the aggregate and nouns it was composed of ("pontos creditados":
	nouns []string          // sum, points), so "creditados vs resgatados" composes the second
	of    *semantic.Measure // the measure a statistic is of ("p90 ticket": the ticket)
}

func (v measureV) key() string { return "m:" + v.m.ID }

// subjectV is what a question is about when it names rows without a measure: "clientes",
// "clientes que nunca compraram", "vendas canceladas".
type subjectV struct {
	noun  *semantic.Noun
	event *semantic.Event
	neg   bool
	again bool
	// singular: the noun is typed in the singular ("most redeemed product"): one answer
	singular bool
	// signupStore: the customers signed up at this store ("cadastrados na loja X")
	signupStore string
	// at: the place of the customers' activity ("clientes que compraram na Savassi"):
	// its rows, never the customers' own store
	at *memberV
	// person: named by "quem", "who": the customers themselves are asked for (a list)
	person bool
	// rankedBy: the subject's groups are ranked ("which 3 stores had the most purchases")
	rankedBy *semantic.Dimension
}

func (v subjectV) key() string {
	e := ""
	if v.event != nil {
		e = v.event.ID
	}
	at := ""
	if v.at != nil {
		at = v.at.kind + "=" + strings.Join(v.at.values, ",")
	}
	return fmt.Sprintf("s:%s:%s:%v:%v:%v:%s:%v:%s", v.noun.ID, e, v.neg, v.again, v.singular, v.signupStore, v.person, at)
}

// memberV is a named value of a dimension: stores, cities, states, payment types,
// origins, channels, products.
type memberV struct {
	kind   string // store, city, state, payment, origin, channel, product
	values []string
	or     bool // "A ou B": either (false: "A e B", each)
	both   bool // "A e também B": the same rows at each
	vs     bool // "A vs B": compared
	// pair: one phrase names the values ("crédito e débito", "credit and debit":
	// semantic.ValueWord.Members), each a member as if named apart
	pair bool
}

func (v memberV) key() string {
	return fmt.Sprintf("mb:%s:%s:%v:%v:%v:%v", v.kind, strings.Join(v.values, ","), v.or, v.both, v.vs, v.pair)
}

// filterV narrows the rows; it is resolved against the fact once the fact is known.
type filterV struct {
	id      string
	resolve func(f *semantic.Fact) (*semantic.Filter, bool)
	members *memberV // a filter of named values (a comparison of members reads them)
	period  bool     // the filter takes a period of its own (a cohort)
	neg     bool
	pos     int  // the clause it came from (assembly)
	one     bool // the filter names one customer: a document, an e-mail, a full name
	// counted: a threshold on the number of a customer's rows ("mais de um resgate"),
	// which a flag after it narrows ("mais de um resgate cancelado")
	counted *countedV
	flag    *semantic.Flag
	// aboutCustomers: the filter narrows customers named in the question ("clientes com
	// resgate pendente"); it never makes a question about customers by itself
	aboutCustomers bool
	event          bool            // made of what customers did (a sign-up, a purchase): a count
	bareChannel    bool            // a channel named without "aceitam" / "opted in"
	bareNumber     bool            // a comparison with a number and no unit ("mais de 60")
	before         *semantic.Event // "had bought before": the activity before the other's period
	cohortPeriod   *semantic.Period
	deniedPeriod   *semantic.Period // a cohort's period in which the activity did not happen
	inReport       string           // "did" or "did not": the activity, in the report's period
	excluded       *memberV         // the values a negated filter leaves out ("exceto na loja Centro")
	// signupOrigin: the origin of the customers "who signed up through the app", as a
	// filter of their rows (a revenue, a share): never a count of customers, which reads
	// the sign-up as its subject and cohort
	signupOrigin bool
}

func (v filterV) key() string {
	if v.members != nil {
		return "f:" + v.members.key()
	}
	return "f:" + v.id
}

// breakdownV is "por X (e Y)".
// bandsV is a list of bands as said, and whether a band was said in money ("até R$ 50").
type bandsV struct {
	bands []semantic.AgeBand
	money bool
	unit  string // the quantity said with a band ("anos", "compras"), "" when none was
}

// unitBand is a band said with its unit: "18 a 24 anos", "2 a 3 compras".
type unitBand struct {
	bands []semantic.AgeBand
	unit  string
}

// afterUnit is the list with band b before it; bands said in two units are no list.
func (v bandsV) afterUnit(b unitBand) (any, bool) {
	if v.unit != "" && v.unit != b.unit || v.money {
		return nil, false
	}
	out := v.after(b.bands, false)
	out.unit = b.unit
	return out, true
}

type countedV struct {
	noun, op string
	n        int64
}

// after is the list with band b (said in money or not) before it.
func (v bandsV) after(b any, money bool) bandsV {
	if money && v.unit != "" {
		return bandsV{} // "até R$ 50, 51 a 100 anos": no list (an empty one is refused)
	}
	return bandsV{bands: append(append([]semantic.AgeBand(nil), b.([]semantic.AgeBand)...), v.bands...), money: v.money || money, unit: v.unit}
}

type breakdownV struct {
	dims []*semantic.Dimension
	// bands of a quantity the question does not name ("saldo em faixas 0, 1-500"): the
	// measure's quantity, resolved by the assembly
	bands []semantic.AgeBand
	// ofCustomers: the bands are of the customers ("clientes nas faixas ..."): their age
	// unless the measure is of another quantity of theirs (balance)
	ofCustomers bool
	// purchases: the bands are of how many purchases each customer made in the period
	// (semantic.ByPurchaseCountBand), said by their unit ("1 compra, 2 a 3 compras")
	purchases bool
	// rows: the rows the breakdown is of when the question names nothing to compute ("como
	// o pessoal pagou", "how people paid": the sales, counted)
	rows *semantic.Fact
	// split: said by a verb of breaking down ("quebrados por", "broken down by"): the rows
	// are counted per group, never listed (semantic.CatBy "split")
	split bool
}

func (v breakdownV) key() string {
	var ids []string
	if v.split {
		ids = append(ids, "split")
	}
	for _, d := range v.dims {
		ids = append(ids, d.ID)
	}
	if v.bands != nil {
		ids = append(ids, "bands:"+fmt.Sprint(v.bands))
	}
	return "b:" + strings.Join(ids, ",")
}

// periodV is a time window.
type periodV struct {
	p *semantic.Period
	// absence: "há mais de 90 dias", "in over 90 days": how long something has not
	// happened; only a denied activity takes it
	absence bool
	// ends: a span said by its two ends ("from April to May"), which a growth compares
	ends periodsV
	// future: up to a day after today ("até amanhã", "until next week"): it bounds only
	// what can happen then (an expiry), never what already happened
	future bool
}

// periodsV are periods compared ("abril e maio", "April vs May").
type periodsV []*semantic.Period

func (v periodsV) key() string {
	k := "ps"
	for _, p := range v {
		k += ":" + p.From + "|" + p.To
	}
	return k
}

func (v periodV) key() string { return fmt.Sprintf("p:%s|%s|%v", v.p.From, v.p.To, v.absence) }

// rankV is an order and a number of rows.
type rankV struct {
	order semantic.Order
	limit int
	// of: the groups the order is said of ("biggest city first"): a breakdown of the
	// question, said again
	of *semantic.Dimension
	// dflt: the order is the ranking word's default ("ranked", "sorted", "top"), which an
	// order the question says ("from the lowest to the highest") replaces
	dflt bool
	// all: the order is said of every group ("do maior pro menor", "highest to lowest"),
	// which ranks them all, never the first one alone
	all bool
}

func (v rankV) key() string {
	of := ""
	if v.of != nil {
		of = v.of.ID
	}
	return fmt.Sprintf("r:%d:%d:%s:%v:%v", v.order, v.limit, of, v.dflt, v.all)
}

// groupV is "qual loja", "which customer": the answer is one group of a dimension;
// singular: the noun is typed in the singular ("which reward", not "which rewards").
type groupV struct {
	dim      *semantic.Dimension
	singular bool
}

func (v groupV) key() string {
	if v.singular {
		return "g:" + v.dim.ID + ":1"
	}
	return "g:" + v.dim.ID
}

// elidedV are the events of measures said without their noun ("... e quantos
// resgatados"), each with the aggregate said again, if any.
type elidedV []struct{ agg, event string }

func (v elidedV) key() string { return fmt.Sprintf("el:%v", []struct{ agg, event string }(v)) }

// clauseV is one clause of the question.
type clauseV struct {
	kind string
	v    any
}

func (v clauseV) key() string { return "c:" + v.kind + ":" + valKey(v.v) }

// marker is a clause that is a word: list, share, growth, vs, who, percust, write, ...
type marker string

// figuresV is how many figures the question says the answer has ("os três valores").
type figuresV int

func (v marker) key() string { return "k:" + string(v) }

type keyed interface{ key() string }

func valKey(v any) string {
	switch x := v.(type) {
	case keyed:
		return x.key()
	case []*semantic.Measure:
		var ids []string
		for _, m := range x {
			ids = append(ids, m.ID)
		}
		return "ms:" + strings.Join(ids, ",")
	case string:
		return "t:" + x
	case nil:
		return "nil"
	}
	return fmt.Sprintf("%T:%v", v, v)
}
