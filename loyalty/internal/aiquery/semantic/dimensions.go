package semantic

import (
	"fmt"
	"slices"
	"strings"
)

// Column is one output column: an expression and its alias.
type Column struct {
	Expr  string
	Alias string
}

// Dimension is a way to break a measure down ("por loja", "by month"). For each fact it
// knows the columns it shows, what it groups by and the joins it needs; a fact it cannot
// break down makes the request invalid.
type Dimension struct {
	ID   string
	Name Text
	// Time: a time axis, shown in chronological order (not ranked by the measure).
	Time bool
	// ReplacesLive: breaking down by it shows every row, whatever the counting rule
	// (redemptions by status show cancelled and expired ones too).
	ReplacesLive bool
	// Words name the dimension ("loja", "forma de pagamento"); Adjectives say "by it" in one
	// word ("mensal", "daily").
	Words      Words
	Adjectives Words
	// Members are the groups a breakdown said one by one (bands, compared periods), for
	// the explanation; empty for a breakdown by the data's values.
	Members []Text

	periods []*Period // the periods a breakdown by periods compares
	build   func(f *Fact, l Lang) (dimSQL, bool)
	// onFile: the customer's column the breakdown reads, when it may be unknown (null):
	// Unknown keeps the customers without it
	onFile string
}

type dimSQL struct {
	cols  []Column
	group []string // GROUP BY expressions (default: the columns)
	joins []string
	order string // ORDER BY of a time axis
	where string // rows without a group are left out ("sem loja")
}

// Applies reports whether the dimension can break down fact f.
func (d *Dimension) Applies(f *Fact) bool {
	_, ok := d.build(f, PT)
	return ok
}

// DistinctDims is ds without the breakdowns said again: the same dimension twice ("por loja
// por loja"), or two dimensions that group fact f by the same expressions ("points by store
// ... per owner store": over customers both are the owner store). A breakdown said twice
// is one breakdown; its columns and groups never appear twice. f may be nil (no fact yet):
// only the same dimension is then told apart.
func DistinctDims(f *Fact, ds []*Dimension) []*Dimension {
	var out []*Dimension
	for _, d := range ds {
		if !slices.ContainsFunc(out, func(x *Dimension) bool { return x.ID == d.ID || f != nil && x.groupsAs(f, d) }) {
			out = append(out, d)
		}
	}
	return out
}

// groupsAs reports whether d and c both apply to f and group it by the same expressions.
func (d *Dimension) groupsAs(f *Fact, c *Dimension) bool {
	a, okA := d.build(f, PT)
	b, okB := c.build(f, PT)
	if !okA || !okB || len(a.cols) == 0 {
		return false
	}
	return slices.Equal(a.groupBy(), b.groupBy()) && a.where == b.where && slices.Equal(a.joins, b.joins)
}

// groupBy is what the breakdown groups by: its group expressions, or its columns'.
func (s dimSQL) groupBy() []string {
	if len(s.group) > 0 {
		return s.group
	}
	var out []string
	for _, c := range s.cols {
		out = append(out, c.Expr)
	}
	return out
}

func col(expr string, alias Text, l Lang) Column { return Column{Expr: expr, Alias: alias.In(l)} }

// The dimensions.
var (
	ByStore = (&Dimension{ID: "store", Name: T("loja", "store"), build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f.Store == "" || f == Stores {
			return dimSQL{}, false
		}
		j, _ := storeJoin(f)
		return dimSQL{
			cols:  []Column{col(f.Store, T("codigo_loja", "store_code"), l), col("s.name", T("loja", "store"), l)},
			joins: joins(j),
			where: f.Store + " IS NOT NULL",
		}, true
	}}).named(W("loja|lojas|filial|filiais|unidade|unidades|pdv|pdvs|ponto de venda|pontos de venda|franquia|franquias|estabelecimento|estabelecimentos|sucursal|sucursais", "store|stores|shop|shops|branch|branches|location|locations|outlet|outlets|venue|venues|storefront|storefronts|store location|store locations"), W("", ""))
	ByCustomer = (&Dimension{ID: "customer", Name: T("cliente", "customer"), build: func(f *Fact, l Lang) (dimSQL, bool) {
		j, ok := customerJoin(f)
		if !ok || f == Customers {
			return dimSQL{}, false
		}
		return dimSQL{
			cols:  []Column{col("c.name", T("cliente", "customer"), l), col("c.doc", T("documento", "document"), l)},
			group: []string{"c.id", "c.name", "c.doc"},
			joins: joins(j),
		}, true
	}}).named(W("cliente|clientes|consumidor|consumidores", "customer|customers|client|clients|member|members"), W("", ""))
	ByProduct = (&Dimension{ID: "product", Name: T("produto", "product"), build: func(f *Fact, l Lang) (dimSQL, bool) {
		j, ok := productJoin(f)
		if !ok || f == Products {
			return dimSQL{}, false
		}
		return dimSQL{
			cols:  []Column{col("p.sku", T("sku", "sku"), l), col("p.name", T("produto", "product"), l)},
			group: []string{"p.id", "p.sku", "p.name"},
			joins: joins(j),
		}, true
	}}).named(W("produto|produtos|premio|premios|recompensa|recompensas|item|itens", "product|products|reward|rewards|item|items"), W("", ""))
	ByPaymentType = (&Dimension{ID: "payment_type", Name: T("forma de pagamento", "payment type"), build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f != Sales {
			return dimSQL{}, false
		}
		return dimSQL{cols: []Column{col("v.payment_type", T("forma_pagamento", "payment_type"), l)}}, true
	}}).named(W("forma de pagamento|formas de pagamento|meio de pagamento|meios de pagamento|tipo de pagamento|tipos de pagamento|pagamento|pagamentos|pgto|pagto|forma de pgto|forma pgto|meio de pgto|meios de pgto|tipo de pgto|modalidade de pagamento|modalidades de pagamento|metodo de pagamento|metodos de pagamento|forma de pagto|meio de pagto", "payment type|payment types|payment method|payment methods|payment|payments|pay method|pay type|pmt type|pmt types|pmt method|pmt methods|pymt type|pymt method|payment mode|payment modes|mode of payment|method of payment|tender type|tender types|tender|way of paying|ways of paying"), W("", ""))
	BySignupStore = (&Dimension{ID: "signup_store", Name: T("loja de cadastro", "sign-up store"), build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f != Customers {
			return dimSQL{}, false
		}
		return dimSQL{
			cols:  []Column{col("c.store_code", T("codigo_loja", "store_code"), l), col("s.name", T("loja", "store"), l)},
			joins: []string{"LEFT JOIN reporting.stores s ON s.store_code = c.store_code"},
			where: "c.store_code IS NOT NULL",
		}, true
	}}).named(W("loja de cadastro|lojas de cadastro|loja do cadastro", "signup store|sign up store|store of signup|registration store"), W("", ""))
	ByOrigin     = customerAttrDim("origin", T("origem", "origin"), "c.origin", T("origem", "origin")).named(W("origem|origens|canal de cadastro|canais de cadastro|canal|canais|origem de cadastro|origem do cadastro|canal de aquisicao|canais de aquisicao|canal de entrada|meio de cadastro|via de cadastro|origem da adesao|fonte de cadastro|forma de cadastro|forma de entrada|como se cadastraram|como se cadastrou|como entraram|como chegaram|por onde se cadastraram|por onde entraram|por onde vieram|de onde vieram", "origin|how they signed up|how they joined|how they registered|how they came in|how they enrolled|the way they signed up|how each signed up|how customers signed up|how people signed up|origins|signup channel|sign up channel|channel|channels|source|sources|acquisition channel|registration channel|registration channels|enrollment channel|enrolment channel|acquisition source|signup source|sign up source|signup origin|sign up origin|join channel|channel of acquisition|source channel"), W("", ""))
	ByGender     = customerAttrDim("gender", T("gênero", "gender"), "c.gender_identity", T("genero", "gender")).named(W("genero|generos|sexo|sexos|gender identity|identidade de genero", "gender|genders|sex|gender identity"), W("", ""))
	ByAppUser    = customerAttrDim("app_user", T("usa o app", "app user"), "c.app_user", T("usa_app", "app_user")).named(W("uso do app", "app usage"), W("", ""))
	ByActive     = customerAttrDim("active", T("cadastro ativo", "active account"), "c.is_active", T("ativo", "active")).named(W("situacao do cadastro", "account status"), W("", ""))
	ByBirthMonth = customerAttrDim("birth_month", T("mês de aniversário", "birth month"), "extract(month FROM c.birth_date)::int", T("mes_aniversario", "birth_month")).named(W("mes de aniversario|mes de nascimento", "birth month|month of birth"), W("", ""))
	ByStatus     = (&Dimension{ID: "status", Name: T("status", "status"), ReplacesLive: true, build: statusDim}).named(W("status|situacao|situacoes", "status|statuses"), W("", ""))
	ByState      = storeAttrDim("state", T("estado", "state"), "s.state", T("uf", "state")).named(W("estado|estados|uf|ufs", "state|states"), W("", ""))
	ByCity       = storeAttrDim("city", T("cidade", "city"), "s.city", T("cidade", "city")).named(W("cidade|cidades|municipio|municipios|praca|pracas|localidade|localidades", "city|cities|town|towns|municipality|municipalities|metro area|metro areas"), W("", ""))
	ByEntryType  = (&Dimension{ID: "entry_type", Name: T("tipo de lançamento", "entry type"), build: entryTypeDim}).named(W("tipo de lancamento|tipos de lancamento|tipo de movimentacao|tipo|tipos", "entry type|entry types|transaction type|transaction types|type|types"), W("", ""))
	ByDay        = timeDim("day", T("dia", "day"), "(%s)::date", T("dia", "day")).named(W("dia|dias|data|datas", "day|days|date|dates"), W("diario|diaria|diarios|diarias|dia a dia", "daily|per day"))
	ByWeek       = timeDim("week", T("semana", "week"), "date_trunc('week', %s)::date", T("semana", "week")).named(W("semana|semanas|semana iso|semanas iso|semana iso 8601", "week|weeks|iso week|iso weeks|iso 8601 week|iso-8601 week"), W("semanal|semanais", "weekly"))
	ByMonth      = timeDim("month", T("mês", "month"), "to_char(%s, 'YYYY-MM')", T("mes", "month")).named(W("mes|meses", "month|months"), W("mensal|mensais|mes a mes", "monthly|month by month|month over month"))
	ByQuarter    = yearAndDim("quarter", T("trimestre", "quarter"), "extract(quarter FROM %s)::int", "quarter", T("trimestre", "quarter"), T("inicio_trimestre", "quarter_start")).named(W("trimestre|trimestres", "quarter|quarters"), W("trimestral|trimestrais", "quarterly"))
	ByYear       = timeDim("year", T("ano", "year"), "extract(year FROM %s)::int", T("ano", "year")).named(W("ano|anos", "year|years"), W("anual|anuais", "yearly|annual|annually"))
	ByWeekday    = timeDim("weekday", T("dia da semana", "day of the week"), "extract(isodow FROM %s)::int", T("dia_semana", "weekday")).named(W("dia da semana|dias da semana|dia de semana", "day of the week|days of the week|day of week|weekday|weekdays"), W("", ""))
	// ByDayType is the kind of day a row's date is: a working day (Monday to Friday) or the
	// weekend ("faturamento por tipo de dia"; "Mon vs Fri, each day type" says again the
	// days compared, Restates)
	ByDayType = dayType().named(W("tipo de dia|tipos de dia|tipo do dia|tipos do dia|cada tipo de dia", "day type|day types|type of day|types of day|kind of day|kinds of day|each day type"), W("", ""))
	ByHour    = timeDim("hour", T("hora do dia", "hour of the day"), "extract(hour FROM %s)::int", T("hora", "hour")).named(W("hora|horas|horario|horarios|hora do dia|horas do dia|horarios do dia|faixa de horario|faixas de horario", "hour|hours|time of day|hour of the day|hour of day|hours of the day|hours of day|times of day|times of the day"), W("por hora", "hourly"))
	// ByOwnerStore is the store a customer belongs to, said as such ("per owning store",
	// "por loja dona"): the customers' own store; of sales or redemptions it would be the
	// customer's store, not the store of the row, and is not offered
	ByOwnerStore = (&Dimension{ID: "owner_store", Name: T("loja do cliente", "owning store"), build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f != Customers {
			return dimSQL{}, false
		}
		return ByStore.build(f, l)
	}}).named(W("loja dona|lojas donas|loja proprietaria|loja de vinculo|loja vinculada|loja responsavel|loja de origem do cliente", "owning store|owning stores|owner store|owner stores|home store|home stores|store of ownership|owning branch|store code owner|store_code_owner"), W("", ""))
	Dimensions    = []*Dimension{ByStore, ByOwnerStore, BySignupStore, ByCustomer, ByProduct, ByPaymentType, ByOrigin, ByGender, ByActive, ByBirthMonth, ByStatus, ByState, ByCity, ByEntryType, ByDay, ByWeek, ByMonth, ByQuarter, ByYear, ByWeekday, ByDayType, ByHour}
	weekdayLabels = map[Lang]string{PT: "1 = segunda ... 7 = domingo", EN: "1 = Monday ... 7 = Sunday"}
)

// named sets the dimension's words.
func (d *Dimension) named(words, adjectives Words) *Dimension {
	d.Words, d.Adjectives = words, adjectives
	return d
}

// ColumnWords are the names of the view columns the dimension shows as they are, said as
// words ("store code", "payment type", "gender identity"): an analyst breaks down "by
// store_code" by the column's name. Only names of several words: a one-word column ("city")
// is a word the dimension has, and a flag's name ("is_active") says its value, not a
// breakdown (ColumnPrefixes).
func (d *Dimension) ColumnWords() Words {
	var ws []string
	for _, f := range Facts {
		b, ok := d.build(f, EN)
		if !ok {
			continue
		}
		for _, c := range b.cols {
			dot := strings.IndexByte(c.Expr, '.')
			name := c.Expr[dot+1:]
			if dot < 0 || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz_") != "" || !strings.Contains(name, "_") ||
				slices.Contains(ColumnPrefixes, name[:strings.IndexByte(name, '_')]) {
				continue
			}
			if w := strings.ReplaceAll(name, "_", " "); !slices.Contains(ws, w) {
				ws = append(ws, w)
			}
		}
	}
	return Words{PT: ws, EN: ws}
}

// WeekdayNote explains the weekday numbers.
func WeekdayNote(l Lang) string { return weekdayLabels[l] }

func customerAttrDim(id string, name Text, expr string, alias Text) *Dimension {
	return &Dimension{ID: id, Name: name, onFile: expr, build: func(f *Fact, l Lang) (dimSQL, bool) {
		j, ok := customerJoin(f)
		if !ok {
			return dimSQL{}, false
		}
		return dimSQL{cols: []Column{col(expr, alias, l)}, joins: joins(j)}, true
	}}
}

func storeAttrDim(id string, name Text, expr string, alias Text) *Dimension {
	return &Dimension{ID: id, Name: name, build: func(f *Fact, l Lang) (dimSQL, bool) {
		j, ok := storeJoin(f)
		if !ok {
			return dimSQL{}, false
		}
		d := dimSQL{cols: []Column{col(expr, alias, l)}, joins: joins(j)}
		if f != Stores {
			d.where = f.Store + " IS NOT NULL" // rows of no store are in no city
		}
		return d, true
	}}
}

func statusDim(f *Fact, l Lang) (dimSQL, bool) {
	if f != Redemptions && f != RedeemedItems {
		return dimSQL{}, false
	}
	return dimSQL{cols: []Column{col("r.status", T("status", "status"), l)}}, true
}

func entryTypeDim(f *Fact, l Lang) (dimSQL, bool) {
	if f != Points {
		return dimSQL{}, false
	}
	return dimSQL{cols: []Column{col("e.transaction_type_name", T("tipo", "type"), l)}}, true
}

// yearAndDim is a time axis labelled by the year and the unit's number in it ("2024 | 1"):
// a quarter is said as its number, and the year keeps two years apart. The unit's first
// day follows them, the one-column bucket a period breakdown is read by elsewhere
// ("quarter starting 2024-04-01").
func yearAndDim(id string, name Text, format, unit string, alias, start Text) *Dimension {
	return &Dimension{ID: id, Name: name, Time: true, build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f.Time == "" {
			return dimSQL{}, false
		}
		y, e := fmt.Sprintf("extract(year FROM %s)::int", f.Time), fmt.Sprintf(format, f.Time)
		s := fmt.Sprintf("date_trunc('%s', %s)::date", unit, f.Time)
		return dimSQL{cols: []Column{col(y, T("ano", "year"), l), col(e, alias, l), col(s, start, l)}, order: y + ", " + e}, true
	}}
}

func timeDim(id string, name Text, format string, alias Text) *Dimension {
	return &Dimension{ID: id, Name: name, Time: true, build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f.Time == "" {
			return dimSQL{}, false
		}
		e := fmt.Sprintf(format, f.Time)
		return dimSQL{cols: []Column{col(e, alias, l)}, order: e}, true
	}}
}

// weekdayNames are the ISO weekdays' names, ASCII like the other labels the reports write.
var weekdayNames = []Text{T("segunda", "monday"), T("terca", "tuesday"), T("quarta", "wednesday"), T("quinta", "thursday"), T("sexta", "friday"), T("sabado", "saturday"), T("domingo", "sunday")}

// weekdaySetName names a set of ISO weekdays (in order) by what it is: "fim de semana",
// "dia util", a day's name ("sabado"), or its day numbers.
func weekdaySetName(ds []string) Text {
	switch j := strings.Join(ds, ","); {
	case j == "6,7":
		return T("fim de semana", "weekend")
	case j == "1,2,3,4,5":
		return T("dia util", "weekday")
	case len(ds) == 1 && len(j) == 1 && j[0] >= '1' && j[0] <= '7':
		return weekdayNames[j[0]-'1']
	default:
		return T(j, j)
	}
}

// ByWeekdaySets groups rows by which of two sets of ISO weekdays their date falls on,
// each set labelled by what it is ("fim de semana", "dia util", or its day numbers).
func ByWeekdaySets(a, b []string) *Dimension {
	label := func(ds []string, l Lang) string { return weekdaySetName(ds).In(l) }
	return &Dimension{ID: "weekday_set", Name: T("dias da semana", "days of the week"), Time: true, build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f.Time == "" {
			return dimSQL{}, false
		}
		dow := "extract(isodow FROM " + f.Time + ")"
		e := "CASE WHEN " + dow + " IN (" + strings.Join(a, ", ") + ") THEN " + Quote(label(a, l)) +
			" WHEN " + dow + " IN (" + strings.Join(b, ", ") + ") THEN " + Quote(label(b, l)) + " END"
		return dimSQL{cols: []Column{col(e, T("dias", "days"), l)}}, true
	}}
}

// dayType is the breakdown into working days and weekends.
func dayType() *Dimension {
	d := ByWeekdaySets([]string{"1", "2", "3", "4", "5"}, []string{"6", "7"})
	d.ID, d.Name = "day_type", T("tipo de dia", "day type")
	return d
}

// BySets groups rows by which of several filters of one attribute holds, each named by
// its value ("dinheiro", "cartão"): compared values one of which groups others (a payment
// type group), one row each. d is the attribute's own breakdown, whose name it keeps.
func BySets(d *Dimension, fs ...*Filter) *Dimension {
	name := T("grupo", "group")
	if d != nil {
		name = d.Name
	}
	var members []Text
	for _, x := range fs {
		members = append(members, x.pins.label)
	}
	return &Dimension{ID: fs[0].pins.attr + "_set", Name: name, Members: members, build: func(f *Fact, l Lang) (dimSQL, bool) {
		var whens, js []string
		for _, x := range fs {
			c, jx, ok := x.build(f, nil)
			if !ok {
				return dimSQL{}, false
			}
			whens = append(whens, "WHEN "+c+" THEN "+Quote(x.pins.label.In(l)))
			for _, j := range jx {
				if !contains(js, j) {
					js = append(js, j)
				}
			}
		}
		e := "CASE " + strings.Join(whens, " ") + " END"
		return dimSQL{cols: []Column{col(e, T(slug(name.PT), slug(name.EN)), l)}, joins: js}, true
	}}
}

// Grouped reports whether f keeps a group of an attribute's values ("cartão": credit and
// debit cards): compared with other values it is one row (BySets).
func (x *Filter) Grouped() bool { return x.pins != nil && x.pins.group }

// AgeBand is a band of ages in completed years (or of another whole quantity); Hi < 0 is
// open ("55+"). Above: the band was said as "above Lo-1" ("acima de 1000").
type AgeBand struct {
	Lo, Hi int
	Above  bool // said as "above Lo-1" ("acima de 1000")
	Below  bool // said as "under Hi+1" ("under 25")
	UpTo   bool // said as "up to Hi" ("até 24")
	Sign   bool // said with a sign (">1000"): labelled so
}

// Label names the band with the bounds the question said: "18-24", "55+", "0" for a band
// of one value, "1000+" for "acima de 1000", "under 25" for "under 25", "até 24" for "até
// 24".
func (b AgeBand) Label(l Lang) string {
	switch {
	case b.Below:
		return fmt.Sprintf(T("menos de %d", "under %d").In(l), b.Hi+1)
	case b.UpTo:
		return fmt.Sprintf(T("até %d", "up to %d").In(l), b.Hi)
	case b.Hi < 0 && b.Above && b.Sign:
		return fmt.Sprintf(">%d", b.Lo-1)
	case b.Hi < 0 && b.Above:
		return fmt.Sprintf("%d+", b.Lo-1)
	case b.Hi < 0:
		return fmt.Sprintf("%d+", b.Lo)
	case b.Hi == b.Lo:
		return fmt.Sprintf("%d", b.Lo)
	}
	return fmt.Sprintf("%d-%d", b.Lo, b.Hi)
}

func bandLabels(bands []AgeBand) []Text {
	var labels []Text
	for _, b := range bands {
		labels = append(labels, T(b.Label(PT), b.Label(EN)))
	}
	return labels
}

// DefaultAgeBands are the bands of "faixa etária" when the question names none.
var DefaultAgeBands = []AgeBand{{Lo: 0, Hi: 17}, {Lo: 18, Hi: 24}, {Lo: 25, Hi: 34}, {Lo: 35, Hi: 44}, {Lo: 45, Hi: 54}, {Lo: 55, Hi: 64}, {Lo: 65, Hi: -1}}

// ByAgeBand breaks customers down by age bands. The bands must meet (each starts the year
// after the one before ends). The first band also takes the younger customers ("18-24,
// 25-34, 35+": the usual reading of such a list covers everyone); a last band with an end
// leaves the older out; customers without a birth date are left out.
func ByAgeBand(bands []AgeBand) *Dimension {
	return &Dimension{ID: "age_band", Name: T("faixa etária", "age band"), Members: bandLabels(bands), build: func(f *Fact, l Lang) (dimSQL, bool) {
		j, ok := customerJoin(f)
		if !ok || len(bands) == 0 || !BandsMeet(bands, false) {
			return dimSQL{}, false
		}
		e := bandCase(AgeExpr, bands, l)
		where := strings.Join(append([]string{"c.birth_date IS NOT NULL"}, bandRange(AgeExpr, bands)...), " AND ")
		return dimSQL{cols: []Column{col(e, T("faixa_etaria", "age_band"), l)}, joins: joins(j), where: where}, true
	}}
}

// BandsMeet reports whether each band starts where the one before ends, so that no value
// falls between two bands or in two: whole numbers (ages, points) start one above the
// bound before; amounts may also start at it ("até R$ 50, de R$ 50 a R$ 100": 50.00 is in
// the first). Only the last band may be open.
func BandsMeet(bands []AgeBand, amounts bool) bool {
	for i := 1; i < len(bands); i++ {
		prev, b := bands[i-1], bands[i]
		switch {
		case prev.Hi < 0:
			return false
		case b.Lo == prev.Hi+1, amounts && !prev.Below && b.Lo == prev.Hi:
		default:
			return false
		}
	}
	return true
}

// bandCase labels a whole number expr with its band: bands that meet (BandsMeet), each
// ending where the next starts, the first taking what lies below it and the last what
// lies above (bandRange bounds the last when it has an end).
func bandCase(expr string, bands []AgeBand, l Lang) string {
	var whens []string
	for i, b := range bands {
		if i == len(bands)-1 {
			whens = append(whens, "ELSE "+Quote(b.Label(l)))
			break
		}
		whens = append(whens, fmt.Sprintf("WHEN %s < %d THEN %s", expr, bands[i+1].Lo, Quote(b.Label(l))))
	}
	return "CASE " + strings.Join(whens, " ") + " END"
}

// bandRange keeps expr within the end of a last band that has one ("de 0 a 99, de 100 a
// 499": a balance of 800 is in no band, not in "100-499").
func bandRange(expr string, bands []AgeBand) []string {
	if last := bands[len(bands)-1]; last.Hi >= 0 {
		return []string{fmt.Sprintf("%s <= %d", expr, last.Hi)}
	}
	return nil
}

// ByBalanceBand breaks customers down by bands of their points balance ("0, 1-500,
// 501-1000, acima de 1000"); the bands must meet, and balances above a last band with an
// end are left out.
func ByBalanceBand(bands []AgeBand) *Dimension {
	return &Dimension{ID: "balance_band", Name: T("faixa de saldo", "balance band"), Members: bandLabels(bands), build: func(f *Fact, l Lang) (dimSQL, bool) {
		j, ok := customerJoin(f)
		if !ok || len(bands) == 0 || !BandsMeet(bands, false) {
			return dimSQL{}, false
		}
		e := bandCase("c.points_balance", bands, l)
		return dimSQL{cols: []Column{col(e, T("faixa_saldo", "balance_band"), l)}, joins: joins(j), where: strings.Join(bandRange("c.points_balance", bands), " AND ")}, true
	}}
}

// ByValueBand breaks sales down by bands of their value ("under R$30, 30 to 60, 60 to
// 100, over 100"). Values are amounts, not whole numbers: a band said with an upper bound
// keeps it ("30 to 60" holds 60.00), and the next one starts above it; "under 30" stops
// short of 30; "over 100" starts above 100. The bands must meet, and values above a last
// band with an end are left out.
func ByValueBand(bands []AgeBand) *Dimension {
	label := func(b AgeBand, l Lang) string {
		if b.Above {
			return fmt.Sprintf(T("acima de %d", "over %d").In(l), b.Lo-1)
		}
		return b.Label(l)
	}
	var labels []Text
	for _, b := range bands {
		labels = append(labels, T(label(b, PT), label(b, EN)))
	}
	return &Dimension{ID: "value_band", Name: T("faixa de valor", "value band"), Members: labels, build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f != Sales || len(bands) == 0 || !BandsMeet(bands, true) {
			return dimSQL{}, false
		}
		var whens []string
		for i, b := range bands {
			if i == len(bands)-1 {
				whens = append(whens, "ELSE "+Quote(label(b, l)))
				break
			}
			bound := fmt.Sprintf("v.value <= %d", b.Hi)
			if b.Below {
				bound = fmt.Sprintf("v.value < %d", b.Hi+1)
			} else if b.Hi < 0 {
				return dimSQL{}, false // an open band before the last
			}
			whens = append(whens, "WHEN "+bound+" THEN "+Quote(label(b, l)))
		}
		e := "CASE " + strings.Join(whens, " ") + " END"
		return dimSQL{cols: []Column{col(e, T("faixa_valor", "value_band"), l)}, where: strings.Join(bandRange("v.value", bands), " AND ")}, true
	}}
}

// ByPeriods compares periods: one row per period, labelled by its first day.
func ByPeriods(periods []*Period) *Dimension {
	var labels []Text
	for _, p := range periods {
		labels = append(labels, p.Label)
	}
	return &Dimension{ID: "periods", Name: T("período", "period"), Time: true, Members: labels, periods: periods, build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f.Time == "" || len(periods) < 2 {
			return dimSQL{}, false
		}
		var whens, ors []string
		byYear := true // "Q1, this year against last year": the rows are the years
		for _, p := range periods {
			byYear = byYear && p.AsYear != 0
		}
		sameDays := sameDaysOfYears(periods)
		for _, p := range periods {
			if p.From == "" {
				return dimSQL{}, false
			}
			if byYear {
				whens = append(whens, fmt.Sprintf("WHEN %s THEN %d", p.Cond(f.Time), p.AsYear))
			} else if sameDays {
				whens = append(whens, fmt.Sprintf("WHEN %s THEN %d", p.Cond(f.Time), p.Start.Year()))
			} else {
				whens = append(whens, fmt.Sprintf("WHEN %s THEN (%s)::date", p.Cond(f.Time), p.From))
			}
			ors = append(ors, "("+p.Cond(f.Time)+")")
		}
		e := "CASE " + strings.Join(whens, " ") + " END"
		name := T("periodo", "period")
		if byYear || sameDays {
			name = T("ano", "year")
		}
		return dimSQL{cols: []Column{col(e, name, l)}, order: e, where: "(" + strings.Join(ors, " OR ") + ")"}, true
	}}
}

// sameDaysOfYears reports whether periods are the same range of days of different years,
// each within its year ("June 1–17, 2025 compared with June 1–17, 2024"): their rows are
// named by the year, as AsYear's are. Whole months compared keep their month's first day.
func sameDaysOfYears(periods []*Period) bool {
	years := map[int]bool{}
	for _, p := range periods {
		q := periods[0]
		if p.Kind != DateRange || p.Start.IsZero() || p.End.IsZero() || p.End.AddDate(0, 0, -1).Year() != p.Start.Year() || years[p.Start.Year()] ||
			p.Start.Month() != q.Start.Month() || p.Start.Day() != q.Start.Day() || p.End.Month() != q.End.Month() || p.End.Day() != q.End.Day() {
			return false
		}
		years[p.Start.Year()] = true
	}
	return len(periods) >= 2
}

// Restates reports whether breaking down by d says again what the breakdown by compared
// periods c says ("June versus May, one line for each month"): d is the unit of each.
func (d *Dimension) Restates(c *Dimension) bool {
	if d.ID == ByDayType.ID && c.ID == "weekday_set" {
		return true // "segunda x sexta, por tipo de dia": the days compared are the kinds
	}
	if c.ID != "periods" || len(c.periods) == 0 {
		return false
	}
	for _, p := range c.periods {
		if p.Unit() != d.ID {
			return false
		}
	}
	return true
}

// Shows reports whether the breakdown of fact f by d already has attribute a among its
// columns ("top 10 clientes por faturamento, com nome e CPF": the customer breakdown shows
// the name and the document; "top products with SKU": the product's SKU): the column is
// the attribute's own expression, or the same column under the same name in both
// languages (the store code a sale carries is the store's code).
func (d *Dimension) Shows(f *Fact, a *Attribute) bool {
	pt, ok := d.build(f, PT)
	if !ok {
		return false
	}
	en, _ := d.build(f, EN)
	e, _, _ := a.sql(f)
	for i, c := range pt.cols {
		if c.Expr == e || (c.Alias == a.Alias.PT && i < len(en.cols) && en.cols[i].Alias == a.Alias.EN) {
			return true
		}
	}
	return false
}
