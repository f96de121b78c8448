package semantic

import (
	"fmt"
	"slices"
	"strings"
)

// Filter narrows the rows a report reads. A filter knows, for each fact, which condition
// (and which joins) express it; a fact it does not apply to makes the request invalid, so
// the question is refused rather than answered without the filter.
type Filter struct {
	ID   string
	Name Text // for the echo: "loja Centro", "vendas canceladas"
	Slug Text // alias fragment of a rate over this filter ("whatsapp", "canceladas")

	// ReplacesLive: the filter itself says which rows count (cancelled sales, a redemption
	// status), so the fact's counting rule is dropped (for the facts in liveOf, or every
	// fact when liveOf is empty).
	ReplacesLive bool
	liveOf       []*Fact
	// timeOf: the column the period applies to when this filter is present ("resgates
	// expirados em maio" are dated by their expiry).
	timeOf map[*Fact]string
	// UsesPeriod: the request's period applies inside the filter (customers who bought in
	// October) instead of to the fact's own time column (customers who signed up in October).
	UsesPeriod bool
	// Ahead: the filter reads dates that may lie ahead of now (an expiry, a birthday, a
	// promotion's end), so a period still to come is a question about recorded rows
	Ahead bool
	// dated: the filter's own periods (AtPeriod, kept by the filters made of it) that date
	// recorded rows, not the report's
	dated []*Period
	// rateBase: the rows a percentage of this condition is over, when not every row
	// (ages: the customers with a birth date)
	rateBase string
	// rateAmong: the rows a percentage of this condition is over, as a filter that takes
	// the period ("repeat rate in May": of the customers who bought in May)
	rateAmong *Filter

	// People: the filter's word names the customers themselves ("aniversariantes"), so,
	// said with nothing to compute, it asks for those customers.
	People bool
	// boughtAny: the filter keeps the customers who bought at all in the period ("at
	// least one purchase"), whatever SQL it is written with.
	boughtAny bool

	build func(f *Fact, p *Period) (cond string, joins []string, ok bool)
	// counted: the rows the filter keeps are all rows the fact's counting rule counts,
	// though the filter replaces it (pending redemptions are live ones)
	counted bool

	// pins: the attribute whose value the filter fixes and the values it keeps ("gender":
	// F; "weekday": 6, 7). Two filters pinning one attribute to values with nothing in
	// common keep no row ("women and men", "weekends and weekdays"): Validate refuses them
	// instead of answering zero.
	pins *pin
	// atStore: the same total per customer over the sales of one store only ("gastaram
	// mais de R$ 100 na loja Centro"); nil when the filter is no such total
	atStore func(code string) *Filter
	// activityOf: the fact whose rows the filter says a customer has in the period
	// (Bought: sales, Redeemed: redemptions); nil for any other filter
	activityOf *Fact
	// at: the period the filter reads instead of the report's (AtPeriod)
	at *Period
	// ByName: the filter picks customers by their name, so the rows it keeps are people
	// the asker has in mind one by one, however many the name matches; NameWords: by
	// words of their name ("com Souza no nome"), a group that may be totalled
	ByName, NameWords bool
}

type pin struct {
	attr   string
	values []string
	// group: the values are a group of the attribute's values ("cartão": credit and debit
	// cards), named label; compared, the group is one row (BySets)
	group bool
	label Text
}

// pinning records that x fixes attr to values.
func pinning(x *Filter, attr string, values ...string) *Filter {
	x.pins = &pin{attr: attr, values: values}
	return x
}

// PinsSameAs reports whether x and y fix the same attribute (each to its own values).
func (x *Filter) PinsSameAs(y *Filter) bool {
	return x.pins != nil && y.pins != nil && x.pins.attr == y.pins.attr
}

// PlacesStores reports whether x keeps the stores of a place (a city, a state): stores
// each of which is wholly in it or not, and which may be several.
func (x *Filter) PlacesStores() bool {
	return x.pins != nil && (x.pins.attr == "city" || x.pins.attr == "state")
}

// pinDims are the breakdowns by the attributes filters fix: "women vs men" compares the
// groups of gender.
var pinDims = map[string]*Dimension{"app_user": ByAppUser, "gender": ByGender, "store": ByStore, "payment_type": ByPaymentType, "origin": ByOrigin, "state": ByState, "city": ByCity}

// Compared is the filter and the breakdown that compare the values two filters fix ("women
// vs men": the customers of either gender, by gender), when the attribute has a breakdown.
func Compared(x, y *Filter) (*Filter, *Dimension, bool) {
	if !disjointPins(x, y) {
		return nil, nil, false
	}
	d := pinDims[x.pins.attr]
	if x.pins.attr == "prior_purchase" {
		d = ByPriorPurchase() // "first-time vs returning": by the request's period
	}
	if x.pins.attr == "weekday" {
		// "weekends vs weekdays", "segundas x sextas": the two sets of days side by side
		d = ByWeekdaySets(x.pins.values, y.pins.values)
	}
	if x.pins.group || y.pins.group {
		// "dinheiro x cartão", "cash v card": a group of values is one row
		d = BySets(d, x, y)
	}
	if d == nil {
		return nil, nil, false
	}
	return pinning(&Filter{ID: x.ID + "_or_" + y.ID, Name: T(x.Name.PT+" ou "+y.Name.PT, x.Name.EN+" or "+y.Name.EN), Slug: x.Slug,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			cx, jx, okx := x.build(f, p)
			cy, jy, oky := y.build(f, p)
			if !okx || !oky {
				return "", nil, false
			}
			js := append([]string{}, jx...)
			for _, j := range jy {
				if !contains(js, j) {
					js = append(js, j)
				}
			}
			return "(" + cx + " OR " + cy + ")", js, true
		}}, x.pins.attr, append(append([]string{}, x.pins.values...), y.pins.values...)...), d, true
}

// crossingPins reports whether x and y fix one attribute to sets of values that share
// some but neither holds the other: both at once keep only the shared values ("de segunda
// a quarta" and "de quarta a sexta": Wednesday), a narrowing nobody said. A set inside the
// other narrows it ("as quintas dos dias úteis").
func crossingPins(x, y *Filter) bool {
	if !x.PinsSameAs(y) || disjointPins(x, y) {
		return false
	}
	holds := func(a, b []string) bool {
		return !slices.ContainsFunc(b, func(v string) bool { return !contains(a, v) })
	}
	return !holds(x.pins.values, y.pins.values) && !holds(y.pins.values, x.pins.values)
}

// SamePins reports whether x and y fix one attribute to the same values: one set said
// twice ("nos dias úteis, de segunda a sexta"; "fim de semana ... sábado e domingo").
func SamePins(x, y *Filter) bool {
	if !x.PinsSameAs(y) {
		return false
	}
	a, b := slices.Clone(x.pins.values), slices.Clone(y.pins.values)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}

// JoinedAreGroups reports whether x and y, said together without a comparison word, are
// groups side by side: sets of days of the week with no day in common ("faturamento nos
// dias úteis e nos fins de semana", "weekend and weekday revenue"). Both at once keep no
// row, and one set of every day is not what anyone asks by naming the sets.
func JoinedAreGroups(x, y *Filter) bool {
	return disjointPins(x, y) && x.pins.attr == "weekday"
}

// disjointPins reports whether x and y fix one attribute to values with none in common.
func disjointPins(x, y *Filter) bool {
	if !x.PinsSameAs(y) {
		return false
	}
	for _, v := range x.pins.values {
		if contains(y.pins.values, v) {
			return false
		}
	}
	return true
}

func (x *Filter) sql(f *Fact) (string, []string, bool) { return x.build(f, nil) }

// inline is the filter's condition over fact f as one expression, with no join: a
// condition on the store or the customer of each row ("de clientes com origem APP" over sales) is a
// correlated EXISTS over that customer, so a share or rate can hold it ("what share of
// revenue came from app sign-ups").
func (x *Filter) inline(f *Fact) (string, bool) {
	cond, joins, ok := x.sql(f)
	if !ok || len(joins) == 0 {
		return cond, ok
	}
	if sj, ok := storeJoin(f); ok && len(joins) == 1 && joins[0] == sj && sj != "" {
		// a condition on the store of each row ("the Rio de Janeiro store's share of revenue")
		return "EXISTS (SELECT 1 FROM reporting.stores s WHERE s.store_code = " + f.Store + " AND " + cond + ")", true
	}
	if cj, ok := customerJoin(f); !ok || len(joins) != 1 || joins[0] != cj {
		return "", false
	}
	return "EXISTS (SELECT 1 FROM reporting.customers c WHERE c.id = " + f.Customer + " AND " + cond + ")", true
}

// replaces reports whether the filter replaces f's counting rule.
func (x *Filter) replaces(f *Fact) bool {
	if !x.ReplacesLive {
		return false
	}
	if len(x.liveOf) == 0 {
		return true
	}
	for _, g := range x.liveOf {
		if g == f {
			return true
		}
	}
	return false
}

// Applies reports whether the filter can be expressed over fact f (with period p when the
// filter takes the period).
func (x *Filter) Applies(f *Fact, p *Period) bool {
	if !x.UsesPeriod {
		p = nil
	}
	_, _, ok := x.build(f, p)
	return ok
}

// Quote is a SQL string literal of s.
func Quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// Accent-insensitive, case-insensitive text matching: both sides lower-cased without
// accents (the pattern is folded in Go, the column with translate).
const (
	accented   = "áàâãäåéèêëíìîïóòôõöúùûüçñ"
	unaccented = "aaaaaaeeeeiiiiooooouuuucn"
)

// Fold lower-cases s and strips the accents Portuguese uses.
func Fold(s string) string {
	s = strings.ToLower(s)
	from, to := []rune(accented), []rune(unaccented)
	var b strings.Builder
	for _, r := range s {
		if i := indexRune(from, r); i >= 0 {
			r = to[i]
		}
		b.WriteRune(r)
	}
	return b.String()
}

func indexRune(rs []rune, r rune) int {
	for i, x := range rs {
		if x == r {
			return i
		}
	}
	return -1
}

// containsFolded is "col contains s", ignoring case and accents.
func containsFolded(col, s string) string {
	pat := strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(Fold(s))
	return fmt.Sprintf("translate(lower(%s), %s, %s) LIKE %s", col, Quote(accented), Quote(unaccented), Quote("%"+pat+"%"))
}

// containsWordsFolded is "the customer's name contains s as whole words" ("Ana" finds
// "Ana Souza", not "Mariana"), ignoring case and accents as the service's name search
// does: alias.name_search is the stored folded name, and the database's name_fold folds
// the words (migration 00599), so the folding rule stays in one place.
func containsWordsFolded(alias, s string) string {
	pat := strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.Join(strings.Fields(s), " "))
	return fmt.Sprintf("' ' || %s.name_search || ' ' LIKE '%% ' || name_fold(%s) || ' %%'", alias, Quote(pat))
}

// nameIs is "the customer's whole name is s", ignoring case and accents.
func nameIs(alias, s string) string {
	return fmt.Sprintf("%s.name_search = name_fold(%s)", alias, Quote(strings.Join(strings.Fields(s), " ")))
}

// Joins to the dimension views. Each view keeps one alias in every generated query.
func customerJoin(f *Fact) (string, bool) {
	switch {
	case f == Customers:
		return "", true
	case f.Customer == "":
		return "", false
	}
	return "JOIN reporting.customers c ON c.id = " + f.Customer, true
}

func storeJoin(f *Fact) (string, bool) {
	switch {
	case f == Stores:
		return "", true
	case f.Store == "":
		return "", false
	}
	return "LEFT JOIN reporting.stores s ON s.store_code = " + f.Store, true
}

func productJoin(f *Fact) (string, bool) {
	switch {
	case f == Products:
		return "", true
	case f.Product == "":
		return "", false
	}
	return "JOIN reporting.products p ON p.id = " + f.Product, true
}

func joins(js ...string) []string {
	var out []string
	for _, j := range js {
		if j != "" {
			out = append(out, j)
		}
	}
	return out
}

// onCustomers builds a filter on a customer column, usable by every fact about customers.
func onCustomers(id string, name, slug Text, cond func() string) *Filter {
	return &Filter{ID: id, Name: name, Slug: slug, build: func(f *Fact, _ *Period) (string, []string, bool) {
		j, ok := customerJoin(f)
		if !ok {
			return "", nil, false
		}
		return cond(), joins(j), true
	}}
}

// onFact builds a filter that applies only to the listed facts, with a condition per fact.
func onFact(id string, name, slug Text, conds map[*Fact]string) *Filter {
	return &Filter{ID: id, Name: name, Slug: slug, build: func(f *Fact, _ *Period) (string, []string, bool) {
		c, ok := conds[f]
		return c, nil, ok
	}}
}

// StoreCode keeps the rows of one store, named by its code. A promotion is a store's when
// it lists the store or lists none (it applies to every store).
func StoreCode(code string) *Filter {
	return pinning(&Filter{ID: "store_code", Name: T("loja "+code, "store "+code), Slug: T("loja", "store"),
		build: func(f *Fact, _ *Period) (string, []string, bool) {
			if f == Promotions {
				return "(pm.store_codes IS NULL OR cardinality(pm.store_codes) = 0 OR " + Quote(code) + " = ANY (pm.store_codes))", nil, true
			}
			if f.Store == "" {
				return "", nil, false
			}
			return f.Store + " = " + Quote(code), nil, true
		}}, "store", code)
}

// Both keeps the rows that meet two plain filters (no period, no counting-rule change):
// "aged 18 to 24" as one condition of a percentage.
func Both(a, b *Filter) (*Filter, error) {
	if a.UsesPeriod || b.UsesPeriod || a.ReplacesLive || b.ReplacesLive {
		return nil, fmt.Errorf("filters %s and %s do not combine", a.ID, b.ID)
	}
	base := a.rateBase
	if base == "" {
		base = b.rateBase
	}
	return &Filter{ID: a.ID + "_and_" + b.ID, Name: T(a.Name.PT+", "+b.Name.PT, a.Name.EN+", "+b.Name.EN), Slug: a.Slug, rateBase: base, dated: slices.Concat(a.dated, b.dated),
		build: func(f *Fact, p *Period) (string, []string, bool) {
			ca, ja, oka := a.build(f, p)
			cb, jb, okb := b.build(f, p)
			if !oka || !okb {
				return "", nil, false
			}
			js := append([]string{}, ja...)
			for _, j := range jb {
				if !contains(js, j) {
					js = append(js, j)
				}
			}
			return "(" + ca + " AND " + cb + ")", js, true
		}}, nil
}

// Either keeps the rows that meet any of plain filters of one attribute ("Campinas ou
// Belo Horizonte").
func Either(fs ...*Filter) *Filter {
	var ids, pt, en []string
	var dated []*Period
	for _, f := range fs {
		ids, pt, en = append(ids, f.ID), append(pt, f.Name.PT), append(en, f.Name.EN)
		dated = append(dated, f.dated...)
	}
	x := &Filter{ID: strings.Join(ids, "_or_"), Name: T(strings.Join(pt, " ou "), strings.Join(en, " or ")), Slug: fs[0].Slug, dated: dated,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			var cs, js []string
			for _, a := range fs {
				c, j, ok := a.build(f, p)
				if !ok {
					return "", nil, false
				}
				cs = append(cs, c)
				for _, x := range j {
					if !contains(js, x) {
						js = append(js, x)
					}
				}
			}
			return "(" + strings.Join(cs, " OR ") + ")", js, true
		}}
	return x
}

// Not keeps the rows a plain filter (no period, no counting-rule change) leaves out:
// "non-pix revenue", "vendas fora da loja Centro". Rows whose value is unknown are left
// out too (NOT of NULL is not true).
func Not(a *Filter) (*Filter, error) {
	if a.UsesPeriod || a.ReplacesLive {
		return nil, fmt.Errorf("filter %s cannot be negated", a.ID)
	}
	return &Filter{ID: "not_" + a.ID, Name: T("não "+a.Name.PT, "not "+a.Name.EN), Slug: T("nao_"+a.Slug.PT, "not_"+a.Slug.EN), dated: a.dated,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			c, j, ok := a.build(f, p)
			if !ok {
				return "", nil, false
			}
			return "NOT (" + c + ")", j, true
		}}, nil
}

// ContactMissing keeps the customers without an e-mail or phone on file ("clientes sem
// e-mail", "customers without a phone number"); not the opt-outs.
func ContactMissing(attr string) *Filter {
	col, name := "c.email", T("sem e-mail cadastrado", "no e-mail on file")
	switch attr {
	case "phone":
		col, name = "c.phone", T("sem telefone cadastrado", "no phone on file")
	case "doc":
		col, name = "c.doc", T("sem documento (CPF/CNPJ) cadastrado", "no document (CPF/CNPJ) on file")
	case "birth_date":
		// a date is never empty text
		return onCustomers("missing_birth_date", T("sem data de nascimento cadastrada", "no birth date on file"), T("sem_data_nascimento", "no_birth_date"), func() string { return "c.birth_date IS NULL" })
	}
	return onCustomers("missing_"+attr, name, T("sem_"+attr, "no_"+attr), func() string { return "(" + col + " IS NULL OR " + col + " = '')" })
}

// ContactPresent keeps the customers with an e-mail, phone, document or birth date on file
// ("com email", "clientes que têm e-mail", "with a phone"): the complement of
// ContactMissing; nil for another attribute.
func ContactPresent(attr string) *Filter {
	var col string
	var name Text
	switch attr {
	case "birth_date":
		return BirthDateKnown()
	case "email":
		col, name = "c.email", T("com e-mail cadastrado", "with an e-mail on file")
	case "phone":
		col, name = "c.phone", T("com telefone cadastrado", "with a phone on file")
	case "doc":
		col, name = "c.doc", T("com documento (CPF/CNPJ) cadastrado", "with a document (CPF/CNPJ) on file")
	default:
		return nil
	}
	return onCustomers("present_"+attr, name, T("com_"+attr, "with_"+attr), func() string { return "(" + col + " IS NOT NULL AND " + col + " <> '')" })
}

// Unknown keeps the customers whose attribute d (a breakdown by a customer's column) is not
// on file, null: "gênero não informado", "app usage unknown"; known, the others ("excluding
// customers where app_user is null"). nil when d reads no customer's column.
func Unknown(d *Dimension, known bool) *Filter {
	if d == nil || d.onFile == "" {
		return nil
	}
	if known {
		return onCustomers("known_"+d.ID, T(d.Name.PT+" informado", d.Name.EN+" known"), T("com_"+slug(d.Name.PT), "with_"+slug(d.Name.EN)),
			func() string { return d.onFile + " IS NOT NULL" })
	}
	return onCustomers("unknown_"+d.ID, T(d.Name.PT+" não informado", d.Name.EN+" unknown"), T("sem_"+slug(d.Name.PT), "unknown_"+slug(d.Name.EN)),
		func() string { return d.onFile + " IS NULL" })
}

// PinnedDim is the breakdown by the attribute filter x fixes ("mulheres": gender), nil when
// x fixes none that has one.
func PinnedDim(x *Filter) *Dimension {
	if x == nil || x.pins == nil {
		return nil
	}
	return pinDims[x.pins.attr]
}

// BirthDateKnown keeps the customers with a birth date: the base of age percentages
// (customers without one are left out of age figures).
func BirthDateKnown() *Filter {
	return onCustomers("birth_date_known", T("com data de nascimento", "with a birth date"), T("com_nascimento", "with_birth_date"),
		func() string { return "c.birth_date IS NOT NULL" })
}

// OwnerStoreCode keeps the rows of the customers one store owns ("clientes da loja Centro
// que compraram este mês": their purchases at any store), not the rows made at the store.
func OwnerStoreCode(code string) *Filter {
	return onCustomers("owner_store", T("clientes da loja "+code, "customers of store "+code), T("loja_do_cliente", "customer_store"),
		func() string { return "c.store_code_owner = " + Quote(code) })
}

// SignupStoreCode keeps the customers who signed up at one store (not the store that owns
// them).
func SignupStoreCode(code string) *Filter {
	return onFact("signup_store", T("cadastrados na loja "+code, "signed up at store "+code), T("loja_cadastro", "signup_store"),
		map[*Fact]string{Customers: "c.store_code = " + Quote(code)})
}

// StoreCodes keeps the rows of several stores ("Centro e Ibirapuera").
func StoreCodes(codes []string) *Filter {
	q := make([]string, len(codes))
	for i, c := range codes {
		q[i] = Quote(c)
	}
	return pinning(&Filter{ID: "store_codes", Name: T("lojas "+strings.Join(codes, ", "), "stores "+strings.Join(codes, ", ")), Slug: T("lojas", "stores"),
		build: func(f *Fact, _ *Period) (string, []string, bool) {
			if f.Store == "" {
				return "", nil, false
			}
			return f.Store + " IN (" + strings.Join(q, ", ") + ")", nil, true
		}}, "store", codes...)
}

// StoreName keeps the rows of the stores whose name contains name.
func StoreName(name string) *Filter {
	return &Filter{ID: "store_name", Name: T("loja com nome \""+name+"\"", "store named \""+name+"\""), Slug: T("loja", "store"),
		build: func(f *Fact, _ *Period) (string, []string, bool) {
			j, ok := storeJoin(f)
			if !ok {
				return "", nil, false
			}
			return containsFolded("s.name", name), joins(j), true
		}}
}

// StoreState keeps the stores of one state (UF).
func StoreState(uf string) *Filter {
	return pinning(&Filter{ID: "store_state", Name: T("lojas do estado "+uf, "stores in "+uf), Slug: T("uf", "state"),
		build: func(f *Fact, _ *Period) (string, []string, bool) {
			j, ok := storeJoin(f)
			if !ok {
				return "", nil, false
			}
			return "upper(s.state) = " + Quote(strings.ToUpper(uf)), joins(j), true
		}}, "state", strings.ToUpper(uf))
}

// StoreActive keeps the rows of active (or inactive) stores, whatever the report reads
// ("ticket médio por loja, só lojas ativas", "revenue of active stores"): the store's own
// flag, never the customer's.
func StoreActive(yes bool) *Filter {
	not, name := "", T("lojas ativas", "active stores")
	if !yes {
		not, name = "NOT ", T("lojas inativas", "inactive stores")
	}
	return pinning(&Filter{ID: "store_active", Name: name, Slug: T("lojas_ativas", "active_stores"),
		build: func(f *Fact, _ *Period) (string, []string, bool) {
			j, ok := storeJoin(f)
			if !ok {
				return "", nil, false
			}
			return not + "s.is_active", joins(j), true
		}}, "store_active", fmt.Sprint(yes))
}

// StoreCity keeps the stores of one city.
func StoreCity(city string) *Filter {
	return pinning(&Filter{ID: "store_city", Name: T("lojas de "+city, "stores in "+city), Slug: T("cidade", "city"),
		build: func(f *Fact, _ *Period) (string, []string, bool) {
			j, ok := storeJoin(f)
			if !ok {
				return "", nil, false
			}
			return fmt.Sprintf("translate(lower(s.city), %s, %s) = %s", Quote(accented), Quote(unaccented), Quote(Fold(city))), joins(j), true
		}}, "city", Fold(city))
}

// CustomerDoc keeps one customer, named by CPF/CNPJ (digits only, as stored).
func CustomerDoc(digits string) *Filter {
	return onCustomers("customer_doc", T("cliente com documento "+digits, "customer with document "+digits), T("cliente", "customer"),
		func() string { return "c.doc = " + Quote(digits) })
}

// CustomerName keeps the customer whose whole name is name when there is one ("Vanessa
// Ramos" is not "Vanessa Ramos Rocha"), else the customers whose name contains it as whole
// words ("Ana Souza" finds "Ana Souza Lima"; "Ana" does not find "Mariana").
func CustomerName(name string) *Filter {
	return byName(onCustomers("customer_name", T("cliente com nome \""+name+"\"", "customer named \""+name+"\""), T("cliente", "customer"),
		func() string {
			return "(" + nameIs("c", name) + " OR (" + containsWordsFolded("c", name) +
				" AND NOT EXISTS (SELECT 1 FROM reporting.customers cn WHERE " + nameIs("cn", name) + ")))"
		}))
}

func byName(f *Filter) *Filter {
	f.ByName = true
	return f
}

func nameWords(f *Filter) *Filter {
	f.NameWords = true
	return f
}

// CustomerEmail keeps the customer with this e-mail.
func CustomerEmail(email string) *Filter {
	return onCustomers("customer_email", T("cliente com e-mail "+email, "customer with e-mail "+email), T("cliente", "customer"),
		func() string { return "lower(c.email) = " + Quote(strings.ToLower(email)) })
}

// CustomerPhone keeps the customer with this phone (digits).
func CustomerPhone(digits string) *Filter {
	return onCustomers("customer_phone", T("cliente com telefone "+digits, "customer with phone "+digits), T("cliente", "customer"),
		func() string {
			return "regexp_replace(c.phone, '[^0-9]', '', 'g') = " + Quote(digits)
		})
}

// ProductName keeps the rows of the products whose name contains name.
func ProductName(name string) *Filter {
	return &Filter{ID: "product_name", Name: T("produto \""+name+"\"", "product \""+name+"\""), Slug: T("produto", "product"),
		build: func(f *Fact, _ *Period) (string, []string, bool) {
			j, ok := productJoin(f)
			if !ok {
				return "", nil, false
			}
			return containsFolded("p.name", name), joins(j), true
		}}
}

// PromotionName keeps the promotions whose name contains name.
func PromotionName(name string) *Filter {
	return onFact("promotion_name", T("promoção \""+name+"\"", "promotion \""+name+"\""), T("promocao", "promotion"),
		map[*Fact]string{Promotions: containsFolded("pm.name", name)})
}

// oneOf is "col is one of values": exact when the values are the stored ones, else
// compared lower-case (spellings the data commonly uses).
func oneOf(col string, values []string, exact bool) string {
	q := make([]string, len(values))
	for i, v := range values {
		if !exact {
			v = strings.ToLower(v)
		}
		q[i] = Quote(v)
	}
	if !exact {
		col = "lower(" + col + ")"
	}
	if len(q) == 1 {
		return col + " = " + q[0]
	}
	return col + " IN (" + strings.Join(q, ", ") + ")"
}

// PaymentType keeps the sales paid with one payment type: its stored values (exact), or
// its usual spellings (compared lower-case) when the stored values are not known.
func PaymentType(values []string, exact bool, label Text) *Filter {
	f := pinning(onFact("payment_type", T("forma de pagamento "+label.PT, "payment type "+label.EN), T(slug(label.PT), slug(label.EN)),
		map[*Fact]string{Sales: oneOf("v.payment_type", values, exact)}), "payment_type", values...)
	f.pins.label = label
	return f
}

// PaymentGroup keeps the sales paid with any payment type of a group ("cartão": credit
// and debit cards), like PaymentType; compared with another payment type, the group is
// one row.
func PaymentGroup(values []string, exact bool, label Text) *Filter {
	f := PaymentType(values, exact, label)
	f.pins.group, f.pins.label = true, label
	return f
}

// Origin keeps the customers who signed up through one channel, like PaymentType.
func Origin(values []string, exact bool, label Text) *Filter {
	return pinning(onCustomers("origin", T("origem "+label.PT, "origin "+label.EN), T("origem_"+slug(label.PT), "origin_"+slug(label.EN)),
		func() string { return oneOf("c.origin", values, exact) }), "origin", values...)
}

// Cancelled keeps the cancelled rows (and only those) of the facts that have cancellations.
// NotCancelled is "sem as canceladas", "excluding cancelled", "desconsiderando os
// cancelados": said of sales it restates their counting rule, said of points entries it
// keeps the entries not reversed (credits and debits count only those already) (a
// redemption not cancelled may have expired: not expressible here).
func NotCancelled() *Filter {
	return onFact("not_cancelled", T("não canceladas", "not cancelled"), T("nao_canceladas", "not_cancelled"), map[*Fact]string{
		Sales:  "v.cancelled_at IS NULL",
		Points: "e.cancelled_at IS NULL",
	})
}

// NoStore keeps the rows attributed to no store (bonus points entries, customers who never
// bought); its negation, the rows of some store, restates what a per-store breakdown keeps.
func NoStore(none bool) func() *Filter {
	return func() *Filter {
		id, name, slug, cond := "with_store", T("com loja", "with a store"), T("com_loja", "with_store"), " IS NOT NULL"
		if none {
			id, name, slug, cond = "no_store", T("sem loja", "without a store"), T("sem_loja", "without_store"), " IS NULL"
		}
		return &Filter{ID: id, Name: name, Slug: slug, build: func(f *Fact, _ *Period) (string, []string, bool) {
			if f.Store == "" || f == Promotions {
				return "", nil, false
			}
			return f.Store + cond, nil, true
		}}
	}
}

// NotCancelledEntries is "desconsiderando os lançamentos de crédito cancelados",
// "excluding cancelled debit entries": the entries of one type that were cancelled are left
// out, every other entry kept.
func NotCancelledEntries(typ string) *Filter {
	name := map[string]Text{"C": T("créditos", "credits"), "D": T("débitos", "debits"), "E": T("estornos", "reversals")}[typ]
	return onFact("not_cancelled_"+typ, T(name.PT+" não cancelados", name.EN+" not cancelled"), T(slug(name.PT)+"_nao_cancelados", slug(name.EN)+"_not_cancelled"), map[*Fact]string{
		Points: "(e.transaction_type <> " + Quote(typ) + " OR e.cancelled_at IS NULL)",
	})
}

func Cancelled() *Filter {
	x := onFact("cancelled", T("canceladas", "cancelled"), T("canceladas", "cancelled"), map[*Fact]string{
		Sales:         "v.cancelled_at IS NOT NULL",
		Redemptions:   "r.status = 'cancelled'",
		RedeemedItems: "r.status = 'cancelled'",
	})
	x.ReplacesLive = true
	// A cancelled sale is dated by the sale; a cancelled redemption by its cancellation.
	x.timeOf = map[*Fact]string{Redemptions: "r.cancelled_at"}
	return x
}

// RedemptionStatuses are the statuses a redemption can be in.
var RedemptionStatuses = []string{"pending", "applied", "cancelled", "expired"}

// RedemptionStatus keeps the redemptions in one status (pending, applied, cancelled,
// expired).
func RedemptionStatus(status string, label Text) *Filter {
	x := onFact("status_"+status, label, T(slug(label.PT), slug(label.EN)), map[*Fact]string{
		Redemptions:   "r.status = " + Quote(status),
		RedeemedItems: "r.status = " + Quote(status),
	})
	x.ReplacesLive = true
	// the pending and applied redemptions are rows the counting rule counts
	x.counted = status == "pending" || status == "applied"
	// An expired redemption is dated by its expiry, an applied one by its application.
	switch status {
	case "expired":
		x.timeOf = map[*Fact]string{Redemptions: "r.expires_at"}
	case "applied":
		x.timeOf = map[*Fact]string{Redemptions: "r.applied_at"}
	case "cancelled":
		x.timeOf = map[*Fact]string{Redemptions: "r.cancelled_at"}
	}
	return x
}

// RedemptionStatusIn keeps the redemptions in any of several statuses ("pendentes ou
// aplicados", "cancelled or expired"). Pending or applied are the rows the counting rule
// counts, dated as it dates them (by the redemption); any other set dates each row as its
// status alone dates it (an expired one by its expiry, a cancelled one by its cancellation).
func RedemptionStatusIn(statuses []string, label Text) *Filter {
	quoted := make([]string, len(statuses))
	live := true
	for i, st := range statuses {
		quoted[i] = Quote(st)
		live = live && (st == "pending" || st == "applied")
	}
	cond := "r.status IN (" + strings.Join(quoted, ", ") + ")"
	x := onFact("status_in", label, T(slug(label.PT), slug(label.EN)), map[*Fact]string{
		Redemptions: cond, RedeemedItems: cond,
	})
	x.ReplacesLive = true
	x.counted = live
	if !live {
		x.timeOf = map[*Fact]string{Redemptions: "(CASE r.status WHEN 'expired' THEN r.expires_at WHEN 'cancelled' THEN r.cancelled_at WHEN 'applied' THEN r.applied_at ELSE r.created_at END)"}
	}
	return x
}

// LiveRows keeps the rows the fact's counting rule counts, said in the question ("resgates
// vigentes", "live redemptions only", "vendas válidas"): the rule said again, so the answer
// is the one the rule gives.
func LiveRows() *Filter {
	x := onFact("live", T("vigentes (os que contam)", "live (the ones that count)"), T("vigentes", "live"), map[*Fact]string{
		Sales: Sales.Live, Redemptions: Redemptions.Live, RedeemedItems: RedeemedItems.Live,
	})
	x.ReplacesLive = true
	x.counted = true
	return x
}

// StatusesExcluded is the redemptions without the statuses named ("not cancelled or
// expired", "sem os cancelados e expirados"): when those are every status the counting
// rule leaves out, the rule said again (LiveRows, of the facts with statuses only); nil for
// any other set: "not cancelled" alone keeps the expired ones too, which is not the rows
// reports count, and which of the two the writer meant is not for the interpreter to guess.
func StatusesExcluded(statuses []string) *Filter {
	left := 0
	for _, st := range RedemptionStatuses {
		kept := !slices.Contains(statuses, st)
		if kept {
			left++
		}
		if kept != RedemptionStatus(st, Text{}).counted {
			return nil // a status the rule counts left out, or one it leaves out kept
		}
	}
	if len(statuses) != len(RedemptionStatuses)-left {
		return nil // a status that is none of the redemptions'
	}
	x := LiveRows()
	x.build = onFact("live", x.Name, x.Slug, map[*Fact]string{Redemptions: Redemptions.Live, RedeemedItems: RedeemedItems.Live}).build
	return x
}

// NarrowsLive reports whether f is the counting rule said again (LiveRows) and g keeps
// only rows the rule counts ("resgates vigentes (pendentes ou aplicados)", "valid
// redemptions, pending ones"): g alone says the same.
func (f *Filter) NarrowsLive(g *Filter) bool {
	return f.ID == "live" && g.ID != "live" && g.ReplacesLive && g.counted
}

// AnyStatus counts every row, whatever its status or cancellation ("todos os resgates,
// inclusive cancelados").
func AnyStatus() *Filter {
	x := onFact("any_status", T("todos os status, inclusive cancelados", "every status, cancelled included"), T("todos", "all"), map[*Fact]string{
		Sales: "true", Redemptions: "true", RedeemedItems: "true",
	})
	x.ReplacesLive = true
	return x
}

// Including is the rows the counting rule counts and, besides them, those in the statuses
// named ("incluir cancelados e expirados", "including expired ones", "cancelled ones
// too"): an inclusion list widens the rows, it never narrows them to the statuses named.
// Cancelled and expired together, or cancelled sales, are every row (AnyStatus).
func Including(statuses []string) *Filter {
	if slices.Contains(statuses, "cancelled") && slices.Contains(statuses, "expired") {
		return AnyStatus()
	}
	rows := []string{"pending", "applied"}
	var names []string
	label := map[string]Text{"pending": T("pendentes", "pending"), "applied": T("aplicados", "applied"), "expired": T("expirados", "expired"), "cancelled": T("cancelados", "cancelled")}
	for _, st := range statuses {
		if !slices.Contains(rows, st) {
			rows = append(rows, st)
		}
		names = append(names, st)
	}
	quoted := make([]string, len(rows))
	for i, st := range rows {
		quoted[i] = Quote(st)
	}
	cond := "r.status IN (" + strings.Join(quoted, ", ") + ")"
	conds := map[*Fact]string{Redemptions: cond, RedeemedItems: cond}
	if slices.Contains(statuses, "cancelled") {
		conds[Sales] = "true"
	}
	var pt, en []string
	for _, st := range names {
		pt, en = append(pt, label[st].PT), append(en, label[st].EN)
	}
	x := onFact("including_"+strings.Join(names, "_"), T("inclusive "+strings.Join(pt, " e "), "including "+strings.Join(en, " and ")), T("inclusive", "including"), conds)
	x.ReplacesLive = true
	return x
}

// Active keeps the active (or inactive) customers, stores or products.
func Active(yes bool) *Filter {
	not, name, sl := "", T("ativos", "active"), T("ativos", "active")
	if !yes {
		not, name, sl = "NOT ", T("inativos", "inactive"), T("inativos", "inactive")
	}
	return pinning(&Filter{ID: "active_" + sl.EN, Name: name, Slug: sl, ReplacesLive: true, liveOf: []*Fact{Products}, build: func(f *Fact, _ *Period) (string, []string, bool) {
		switch f {
		case Stores:
			return not + "s.is_active", nil, true
		case Products:
			return not + "p.is_active AND NOT p.is_addon", nil, true
		case Promotions:
			return not + "pm.is_active", nil, true
		}
		j, ok := customerJoin(f)
		if !ok {
			return "", nil, false
		}
		return not + "c.is_active", joins(j), true
	}}, "active", fmt.Sprint(yes))
}

// AddOns keeps the add-on products (toppings), which the catalogue leaves out.
func AddOns() *Filter {
	x := onFact("addons", T("adicionais", "add-ons"), T("adicionais", "addons"), map[*Fact]string{Products: "p.is_addon"})
	x.ReplacesLive = true
	return x
}

// NoAddOns leaves out the add-on products ("no add-ons", "sem adicionais"): what the
// catalogue's counting rule does already, so it narrows the rows without replacing it.
func NoAddOns() *Filter {
	return onFact("no_addons", T("sem adicionais", "no add-ons"), T("sem_adicionais", "no_addons"), map[*Fact]string{Products: "NOT p.is_addon"})
}

// AllProducts keeps every product, active or not, add-on or not.
func AllProducts() *Filter {
	x := onFact("all_products", T("todos os produtos", "all products"), T("todos", "all"), map[*Fact]string{Products: "true"})
	x.ReplacesLive = true
	return x
}

// PromotionDuring keeps the promotions that ran at some time in the period: active, and
// their dates overlap it.
func PromotionDuring() *Filter {
	return &Filter{ID: "promotion_during", Name: T("vigentes no período", "running in the period"), Slug: T("vigentes", "running"), UsesPeriod: true, Ahead: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			if f != Promotions {
				return "", nil, false
			}
			conds := []string{"pm.is_active"}
			if p != nil && p.To != "" {
				conds = append(conds, "pm.start_date < "+p.To)
			}
			if p != nil && p.From != "" {
				conds = append(conds, "pm.end_date >= "+p.From)
			}
			return strings.Join(conds, " AND "), nil, true
		}}
}

// PromotionStarts keeps the promotions whose start date falls in the period ("começaram
// este ano", "started this year").
func PromotionStarts() *Filter {
	return promotionDateIn("promotion_starts", "pm.start_date", T("começam no período", "starting in the period"), T("comecam", "starting"))
}

// PromotionEnds keeps the promotions whose end date falls in the period ("terminam este
// mês").
func PromotionEnds() *Filter {
	return promotionDateIn("promotion_ends", "pm.end_date", T("terminam no período", "ending in the period"), T("terminam", "ending"))
}

// promotionDateIn keeps the promotions whose date column falls in the period, or, with no
// period, is still to come.
func promotionDateIn(id, column string, name, slug Text) *Filter {
	return &Filter{ID: id, Name: name, Slug: slug, UsesPeriod: true, Ahead: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			if f != Promotions {
				return "", nil, false
			}
			if p == nil {
				return column + " >= now()", nil, true
			}
			return p.Cond(column), nil, true
		}}
}

// ProductNeverRedeemed keeps the products no redemption that counts ever took.
func ProductNeverRedeemed() *Filter {
	return onFact("product_never_redeemed", T("nunca resgatados", "never redeemed"), T("nunca_resgatados", "never_redeemed"), map[*Fact]string{
		Products: "NOT EXISTS (SELECT 1 FROM reporting.redeem_items x JOIN reporting.redeems y ON y.id = x.redeem_id WHERE x.product_id = p.id AND " + liveAs(Redemptions, "y") + ")",
	})
}

// CreatedIn dates the rows by their creation ("cuja data de criação esteja entre ...",
// "by creation date"): the period applies to the column that holds when the row was created,
// also where a filter would date them otherwise (a cancelled redemption by its
// cancellation). Only facts whose own date is their creation have one; without a period
// it says nothing and is refused.
func CreatedIn() *Filter {
	return &Filter{ID: "created_in", Name: T("data de criação no período", "created in the period"), Slug: T("criados", "created"), UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			if p == nil || !strings.HasSuffix(f.Time, ".created_at") {
				return "", nil, false
			}
			return p.Cond(f.Time), nil, true
		}}
}

// ExpiresBy keeps the redemptions whose expiry comes before the end of the period
// ("vencem hoje", "expire by tomorrow").
func ExpiresBy() *Filter {
	return &Filter{ID: "expires_by", Name: T("vencem até o fim do período", "expire by the end of the period"), Slug: T("a_vencer", "expiring"), UsesPeriod: true, Ahead: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			if f != Redemptions && f != RedeemedItems {
				return "", nil, false
			}
			if p == nil || p.To == "" {
				return "r.expires_at >= now()", nil, true
			}
			return "r.expires_at < " + p.To, nil, true
		}}
}

// EmailDomain keeps the customers whose e-mail is at a provider ("gmail").
func EmailDomain(domain string) *Filter {
	return onCustomers("email_domain", T("e-mail "+domain, domain+" e-mail"), T(domain, domain),
		func() string { return "lower(c.email) LIKE " + Quote("%@"+domain+".%") })
}

// AgeThreshold keeps the customers whose age (completed years) compares to n.
func AgeThreshold(op string, n int64) *Filter {
	o := opText(op)
	return withRateBase("c.birth_date IS NOT NULL", onCustomers("age_threshold", T(fmt.Sprintf("idade %s %d anos", o.PT, n), fmt.Sprintf("age %s %d", o.EN, n)), T("idade", "age"),
		func() string { return fmt.Sprintf("%s %s %d", AgeExpr, op, n) }))
}

func withRateBase(base string, f *Filter) *Filter {
	f.rateBase = base
	return f
}

// AgeExpr is a customer's age in completed years (customers without a birth date have none).
const AgeExpr = "extract(year FROM age(now(), c.birth_date))"

// PromotionRunning keeps the promotions running now (active and within their dates).
func PromotionRunning() *Filter {
	return onFact("promotion_running", T("em vigor agora", "running now"), T("vigentes", "running"),
		map[*Fact]string{Promotions: "pm.is_active AND now() BETWEEN pm.start_date AND pm.end_date"})
}

// Channel is a contact channel a customer opts in to.
type Channel struct {
	Column string
	Name   Text
}

// The opt-in channels.
var (
	Email    = Channel{"email_optin", T("e-mail", "e-mail")}
	WhatsApp = Channel{"whatsapp_optin", T("WhatsApp", "WhatsApp")}
	SMS      = Channel{"sms_optin", T("SMS", "SMS")}
)

// IsOptIn reports whether the filter keeps the customers by an opt-in flag: a
// percentage of customers with one, said after the customers' other conditions ("% of
// active customers who opted in to e-mail"), is the opt-in rate of those customers
// (CONVENTIONS: "the share of the customers asked about with the opt-in flag true").
func (x *Filter) IsOptIn() bool {
	return x.pins != nil && strings.HasSuffix(x.pins.attr, "_optin")
}

// OptIn keeps the customers who accept (or refuse) a channel.
func OptIn(ch Channel, yes bool) *Filter {
	name := T("aceitam "+ch.Name.PT, "opted in to "+ch.Name.EN)
	sl := T(slug(ch.Name.PT), slug(ch.Name.EN))
	cond := "c." + ch.Column
	if !yes {
		name = T("não aceitam "+ch.Name.PT, "opted out of "+ch.Name.EN)
		sl = T("sem_"+sl.PT, "no_"+sl.EN)
		cond = "NOT c." + ch.Column
	}
	return pinning(onCustomers("optin_"+sl.EN, name, sl, func() string { return cond }), ch.Column, fmt.Sprint(yes))
}

// OptInAny keeps the customers who accept at least one channel (yes), or none (no).
func OptInAny(yes bool) *Filter {
	if yes {
		return onCustomers("optin_any", T("aceitam algum canal", "opted in to some channel"), T("algum_canal", "any_channel"),
			func() string { return "(c.email_optin OR c.whatsapp_optin OR c.sms_optin)" })
	}
	return onCustomers("optin_none", T("não aceitam nenhum canal", "opted in to no channel"), T("nenhum_canal", "no_channel"),
		func() string { return "(NOT c.email_optin AND NOT c.whatsapp_optin AND NOT c.sms_optin)" })
}

// OptInAll keeps the customers who accept every channel.
func OptInAll() *Filter {
	return onCustomers("optin_all", T("aceitam todos os canais", "opted in to every channel"), T("todos_canais", "all_channels"),
		func() string { return "(c.email_optin AND c.whatsapp_optin AND c.sms_optin)" })
}

// AppUser keeps the customers who use (or do not use) the app. Unknown (null) is neither.
func AppUser(yes bool) *Filter {
	if yes {
		return pinning(onCustomers("app_user", T("usam o app", "use the app"), T("app", "app"), func() string { return "c.app_user" }), "app_user", "true")
	}
	return pinning(onCustomers("not_app_user", T("não usam o app", "do not use the app"), T("sem_app", "no_app"), func() string { return "NOT c.app_user" }), "app_user", "false")
}

// Gender keeps the customers of one gender identity (M, F or X).
func Gender(code string, label Text) *Filter {
	return pinning(onCustomers("gender_"+code, label, T(slug(label.PT), slug(label.EN)), func() string { return "c.gender_identity = " + Quote(code) }), "gender", code)
}

// Birthday keeps the customers whose birthday falls in the period: a calendar month, this
// month, today or one day. Other periods are not birthdays a report can list.
func Birthday() *Filter {
	return &Filter{ID: "birthday", Name: T("aniversariantes", "birthdays"), Slug: T("aniversariantes", "birthdays"), UsesPeriod: true, Ahead: true, People: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			j, ok := customerJoin(f)
			if !ok {
				return "", nil, false
			}
			month, day := "extract(month FROM now())", ""
			switch {
			case p == nil || p.Kind == ThisMonth:
			case p.Kind == Today:
				day = "extract(day FROM now())"
			case p.Kind == Tomorrow:
				month, day = "extract(month FROM now() + interval '1 day')", "extract(day FROM now() + interval '1 day')"
			case p.Kind == NextMonth:
				month = "extract(month FROM now() + interval '1 month')"
			case p.Month > 0 && (p.Kind == CalendarMonth || p.Day > 0):
				month = fmt.Sprint(p.Month)
				if p.Day > 0 {
					day = fmt.Sprint(p.Day)
				}
			case p.From != "" && p.To != "" && p.Kind != LastN:
				// a week or a range of days: the birthday's month and day fall in it
				return fmt.Sprintf("to_char(c.birth_date, 'MM-DD') BETWEEN to_char((%s)::date, 'MM-DD') AND to_char((%s)::date - 1, 'MM-DD')", p.From, p.To), joins(j), true
			default:
				return "", nil, false
			}
			cond := "extract(month FROM c.birth_date) = " + month
			if day != "" {
				cond += " AND extract(day FROM c.birth_date) = " + day
			}
			return cond, joins(j), true
		}}
}

// salesOf is the counting rule of sales over another alias (for sub-queries).
func liveAs(f *Fact, alias string) string {
	return strings.ReplaceAll(f.Live, f.Alias+".", alias+".")
}

// KeepsBuyers reports whether the filter keeps exactly the customers who bought in the
// period ("compraram", "made at least one purchase").
func (f *Filter) KeepsBuyers() bool { return f.ID == "bought" || f.boughtAny }

// Bought keeps the customers with (yes) or without (no) a sale in the period; without a
// period, ever. The period applies to the sale, not to the sign-up.
func Bought(yes bool) *Filter {
	return activity("bought", Sales, yes, T("compraram", "bought"), T("não compraram", "did not buy"))
}

// Redeemed keeps the customers with (or without) a redemption in the period.
func Redeemed(yes bool) *Filter {
	return activity("redeemed", Redemptions, yes, T("resgataram", "redeemed"), T("não resgataram", "did not redeem"))
}

func activity(id string, of *Fact, yes bool, did, didNot Text) *Filter {
	name, sl, not := did, T(slug(did.PT), slug(did.EN)), ""
	if !yes {
		id, name, sl, not = "not_"+id, didNot, T("sem_"+slug(did.PT), "no_"+slug(did.EN)), "NOT "
	}
	var rowsOf *Fact
	if yes {
		rowsOf = of
	}
	return &Filter{ID: id, Name: name, Slug: sl, UsesPeriod: true, activityOf: rowsOf, build: func(f *Fact, p *Period) (string, []string, bool) {
		j, ok := customerJoin(f)
		if !ok {
			return "", nil, false
		}
		// "Sem comprar há mais de N dias": customers who did buy, the last time before the
		// window (last_purchase is the newest sale not cancelled); never-buyers are not in it.
		if !yes && of == Sales && p != nil && (p.Kind == LastN || p.Kind == Since) && p.From != "" {
			// "não compram desde março", "haven't bought since April" likewise
			return "c.last_purchase < " + p.From, joins(j), true
		}
		return fmt.Sprintf("%sEXISTS (SELECT 1 FROM %s.%s x WHERE %s)", not, Schema, of.View, customerRows(of, "x", p)), joins(j), true
	}}
}

// customerRows is the condition on the rows of fact of, under alias x, that belong to the
// customer c and count (of.Live), in the period when there is one (on of.Time).
func customerRows(of *Fact, x string, p *Period) string {
	conds := []string{x + ".customer_id = c.id"}
	if of.Live != "" {
		conds = append(conds, liveAs(of, x))
	}
	if p != nil {
		conds = append(conds, p.Cond(strings.Replace(of.Time, of.Alias+".", x+".", 1)))
	}
	return strings.Join(conds, " AND ")
}

// customerAggregate builds the condition "aggregate of the customer's rows of fact of that
// count (in the period, when there is one) compares": agg is written over the alias x,
// cmp is the operator and its right-hand side ("> 5").
func customerAggregate(of *Fact, agg, cmp string) func(f *Fact, p *Period) (string, []string, bool) {
	return customerAggregateWhere(of, agg, cmp, "")
}

// customerAggregateWhere is customerAggregate over the rows that also meet cond (written
// over the alias x), when there is one.
func customerAggregateWhere(of *Fact, agg, cmp, cond string) func(f *Fact, p *Period) (string, []string, bool) {
	return func(f *Fact, p *Period) (string, []string, bool) {
		j, ok := customerJoin(f)
		if !ok {
			return "", nil, false
		}
		rows := customerRows(of, "x", p)
		if cond != "" {
			rows += " AND " + cond
		}
		return fmt.Sprintf("(SELECT %s FROM %s.%s x WHERE %s) %s", agg, Schema, of.View, rows, cmp), joins(j), true
	}
}

// storeTotal makes x the total per customer of their sales agg compared by cmp, one that
// can be narrowed to the sales of one store (AtStore).
func storeTotal(x *Filter, agg, cmp string) *Filter {
	x.build = customerAggregate(Sales, agg, cmp)
	x.atStore = func(code string) *Filter {
		y := *x
		y.ID, y.atStore = x.ID+"_at_store", nil
		y.Name = T(x.Name.PT+" na loja "+code, x.Name.EN+" at store "+code)
		y.build = customerAggregateWhere(Sales, agg, cmp, "x.store_code = "+Quote(code))
		return &y
	}
	return x
}

// AtStore is x, a total per customer of their sales ("gastaram mais de R$ 100", "mais de
// 3 compras"), over the sales of store code only: the store said with the doing is where
// it was done, never the customer's owner store. ok is false for any other filter.
func AtStore(x *Filter, code string) (*Filter, bool) {
	if x.atStore == nil {
		return nil, false
	}
	return x.atStore(code), true
}

// PurchaseCount keeps the customers whose number of sales (in the period, when there is
// one) compares to n ("clientes com mais de 5 compras").
func PurchaseCount(op string, n int64) *Filter {
	o := opText(op)
	x := &Filter{ID: "purchase_count", boughtAny: op == ">=" && n == 1 || op == ">" && n == 0, Name: T(fmt.Sprintf("com número de compras %s %d", o.PT, n), fmt.Sprintf("with a number of purchases %s %d", o.EN, n)),
		Slug: T("compras", "purchases"), UsesPeriod: true}
	return storeTotal(x, "count(*)", fmt.Sprintf("%s %d", op, n))
}

// RepeatBuyers keeps the customers who bought more than once (in the period, when there
// is one); a percentage of them is over the customers who bought ("taxa de recompra",
// "repeat rate"), never over every customer.
func RepeatBuyers() *Filter {
	f := PurchaseCount(">=", 2)
	f.ID, f.Slug = "repeat_buyers", T("recorrentes", "repeat")
	f.Name = T("compraram mais de uma vez", "bought more than once")
	f.rateAmong = Bought(true)
	return f
}

// StoresVisited keeps the customers whose sales (in the period, when there is one) were at
// a number of different stores that compares to n ("compraram em mais de uma loja").
func StoresVisited(op string, n int64) *Filter {
	o := opText(op)
	return &Filter{ID: "store_count", Name: T(fmt.Sprintf("compraram em um número de lojas %s %d", o.PT, n), fmt.Sprintf("bought at a number of stores %s %d", o.EN, n)),
		Slug: T("lojas", "stores"), UsesPeriod: true,
		build: customerAggregate(Sales, "count(DISTINCT x.store_code)", fmt.Sprintf("%s %d", op, n))}
}

// FirstPurchase keeps the customers whose first sale not cancelled falls in the period
// ("fizeram a primeira compra este mês", "first-time buyers"); without a period, the
// customers who ever bought.
func FirstPurchase() *Filter {
	return pinning(&Filter{ID: "first_purchase", Name: T("primeira compra no período", "first purchase in the period"),
		Slug: T("primeira_compra", "first_purchase"), UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			j, ok := customerJoin(f)
			if !ok {
				return "", nil, false
			}
			first := fmt.Sprintf("(SELECT min(x.transaction_date) FROM %s.%s x WHERE %s)", Schema, Sales.View, customerRows(Sales, "x", nil))
			if p == nil {
				return first + " IS NOT NULL", joins(j), true
			}
			return p.Cond(first), joins(j), true
		}}, "prior_purchase", "no")
}

// SpendTotal keeps the customers whose spend (sum of their sales not cancelled, in the
// period when there is one) compares to amount ("clientes que gastaram mais de R$ 500").
func SpendTotal(op string, amount string) *Filter {
	o := opText(op)
	x := &Filter{ID: "spend_total", Name: T(fmt.Sprintf("que gastaram %s %s no total", o.PT, amount), fmt.Sprintf("who spent %s %s in total", o.EN, amount)),
		Slug: T("gasto", "spend"), UsesPeriod: true}
	return storeTotal(x, "COALESCE(sum(x.value), 0)", op+" "+amount)
}

// RedemptionCountFilter keeps the customers whose number of redemptions that count (in the
// period, when there is one) compares to n ("resgataram mais de 3 vezes").
func RedemptionCountFilter(op string, n int64) *Filter {
	o := opText(op)
	return &Filter{ID: "redemption_count", Name: T(fmt.Sprintf("com número de resgates %s %d", o.PT, n), fmt.Sprintf("with a number of redemptions %s %d", o.EN, n)),
		Slug: T("resgates", "redemptions"), UsesPeriod: true,
		build: customerAggregate(Redemptions, "count(*)", fmt.Sprintf("%s %d", op, n))}
}

// Comparison operators of thresholds.
const (
	Above   = ">"
	AtLeast = ">="
	Below   = "<"
	AtMost  = "<="
	Equal   = "="
)

func opText(op string) Text {
	switch op {
	case Above:
		return T("acima de", "above")
	case AtLeast:
		return T("pelo menos", "at least")
	case Below:
		return T("abaixo de", "below")
	case AtMost:
		return T("até", "at most")
	}
	return T("igual a", "equal to")
}

// BalanceThreshold keeps the customers whose points balance compares to n.
func BalanceThreshold(op string, n int64) *Filter {
	o := opText(op)
	return onCustomers("balance_threshold", T(fmt.Sprintf("saldo %s %d pontos", o.PT, n), fmt.Sprintf("balance %s %d points", o.EN, n)), T("saldo", "balance"),
		func() string { return fmt.Sprintf("c.points_balance %s %d", op, n) })
}

// RedemptionPoints keeps the redemptions whose total points compare to n ("resgates acima
// de 1000 pontos").
func RedemptionPoints(op string, n int64) *Filter {
	o := opText(op)
	return onFact("redemption_points", T(fmt.Sprintf("resgates de pontos %s %d", o.PT, n), fmt.Sprintf("redemptions of points %s %d", o.EN, n)), T("pontos_resgate", "redemption_points"),
		map[*Fact]string{Redemptions: fmt.Sprintf("r.total_points %s %d", op, n)})
}

// LastPurchaseIn keeps the customers whose last purchase falls in the period ("clientes
// cuja última compra foi em abril").
func LastPurchaseIn() *Filter {
	return &Filter{ID: "last_purchase_in", Name: T("última compra no período", "last purchase in the period"),
		Slug: T("ultima_compra", "last_purchase"), UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			if f != Customers || p == nil {
				return "", nil, false
			}
			return p.Cond("c.last_purchase"), nil, true
		}}
}

// ValueThreshold keeps the sales whose value compares to amount.
func ValueThreshold(op string, amount string) *Filter {
	o := opText(op)
	return onFact("value_threshold", T(fmt.Sprintf("valor %s %s", o.PT, amount), fmt.Sprintf("value %s %s", o.EN, amount)), T("valor", "value"),
		map[*Fact]string{Sales: fmt.Sprintf("v.value %s %s", op, amount)})
}

// ProductPointsThreshold keeps the reward products whose price in points compares to n.
func ProductPointsThreshold(op string, n int64) *Filter {
	o := opText(op)
	return onFact("product_points", T(fmt.Sprintf("custo %s %d pontos", o.PT, n), fmt.Sprintf("cost %s %d points", o.EN, n)), T("pontos", "points"),
		map[*Fact]string{Products: fmt.Sprintf("p.points %s %d", op, n)})
}

// slug makes an alias fragment: lower case, no accents, underscores.
func slug(s string) string {
	s = Fold(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}

// WeekdayIn keeps the rows dated on some days of the week (ISO: 1 = Monday ... 7 =
// Sunday): "às quintas-feiras", "on weekends".
func WeekdayIn(days []int) *Filter {
	var ds, names []string
	for _, d := range days {
		if d < 1 || d > 7 {
			continue
		}
		ds = append(ds, fmt.Sprint(d))
		names = append(names, fmt.Sprint(d))
	}
	list := strings.Join(ds, ", ")
	return pinning(&Filter{ID: "weekday_in", Name: T("dias da semana "+strings.Join(names, ", ")+" ("+WeekdayNote(PT)+")", "days of the week "+strings.Join(names, ", ")+" ("+WeekdayNote(EN)+")"),
		Slug: weekdaySlug(ds),
		build: func(f *Fact, _ *Period) (string, []string, bool) {
			if f.Time == "" || len(ds) == 0 {
				return "", nil, false
			}
			return "extract(isodow FROM " + f.Time + ") IN (" + list + ")", nil, true
		}}, "weekday", ds...)
}

// weekdaySlug names a column of rows kept to some weekdays by the set: "fim_de_semana",
// "sabado" ("weekend share of revenue" is never labelled "weekdays"); several days that are
// no named set keep the general "dias_semana".
func weekdaySlug(ds []string) Text {
	if n := weekdaySetName(ds); n.PT != strings.Join(ds, ",") {
		return T(strings.ReplaceAll(n.PT, " ", "_"), strings.ReplaceAll(n.EN, " ", "_"))
	}
	return T("dias_semana", "weekdays")
}

// CustomerNameHas keeps every customer whose name has these words ("named Souza": every
// Souza), ignoring case and accents.
func CustomerNameHas(words string) *Filter {
	return nameWords(onCustomers("customer_name_has", T("nome contém \""+words+"\"", "name contains \""+words+"\""), T("cliente", "customer"),
		func() string { return containsWordsFolded("c", words) }))
}

// Ever is filter x over all time, whatever the report's period: "se cadastraram este ano
// e nunca compraram" dates the sign-up, and "never" has no period.
func Ever(x *Filter) *Filter {
	return &Filter{ID: x.ID + "_ever", Name: x.Name, Slug: x.Slug, ReplacesLive: x.ReplacesLive, liveOf: x.liveOf,
		build: func(f *Fact, _ *Period) (string, []string, bool) { return x.build(f, nil) }}
}

// AtPeriod is filter x over its own period p instead of the report's ("compraram em
// setembro e não compraram em outubro": each activity has its month).
func AtPeriod(x *Filter, p *Period) *Filter {
	return &Filter{ID: x.ID + "_at", Name: T(x.Name.PT+" ("+p.Label.PT+")", x.Name.EN+" ("+p.Label.EN+")"), Slug: x.Slug,
		ReplacesLive: x.ReplacesLive, liveOf: x.liveOf, at: p, Ahead: x.Ahead, dated: datedBy(x, p),
		build: func(f *Fact, _ *Period) (string, []string, bool) { return x.build(f, p) }}
}

// datedBy is the periods filter x dates recorded rows by once p is its own: none when x
// reads dates set ahead (Ahead).
func datedBy(x *Filter, p *Period) []*Period {
	if x.Ahead {
		return x.dated
	}
	return append(slices.Clone(x.dated), p)
}

// HasRowsWith keeps the customers with at least one row of fact of meeting every filter
// of xs ("clientes com resgate pendente": a redemption in status pending; "com resgate
// pendente vencendo até amanhã": one redemption both pending and expiring by tomorrow), in
// the period when there is one. A filter that reads the period itself (ExpiresBy) takes
// it; otherwise the period dates the rows.
func HasRowsWith(of *Fact, xs ...*Filter) (*Filter, error) {
	if len(xs) == 0 || of.Customer == "" {
		return nil, fmt.Errorf("no customers with %s", of.ID)
	}
	live, dated := of.Live != "", false
	var ids []string
	var pt, en []string
	for _, x := range xs {
		if _, js, ok := x.build(of, nil); !ok || len(js) > 0 {
			return nil, fmt.Errorf("no customers with %s %s", of.ID, x.ID)
		}
		live = live && !x.replaces(of)
		dated = dated || x.UsesPeriod
		ids, pt, en = append(ids, x.ID), append(pt, x.Name.PT), append(en, x.Name.EN)
	}
	inner := func(p *Period) string {
		var conds []string
		if live {
			// the rows that count: "clientes com resgates acima de 500 pontos" are live
			// redemptions, "customers who paid with pix" sales not cancelled
			conds = append(conds, liveAs(of, "x"))
		}
		for _, x := range xs {
			var c string
			if x.UsesPeriod {
				c, _, _ = x.build(of, p)
			} else {
				c, _, _ = x.build(of, nil)
			}
			conds = append(conds, strings.ReplaceAll(c, of.Alias+".", "x."))
		}
		return strings.Join(conds, " AND ")
	}
	return &Filter{ID: "has_" + of.ID + "_" + strings.Join(ids, "_"), Name: T("com "+of.Name.PT+" "+strings.Join(pt, ", "), "with "+strings.Join(en, ", ")+" "+of.Name.EN), Slug: xs[0].Slug, UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			j, ok := customerJoin(f)
			if !ok {
				return "", nil, false
			}
			rows := "x.customer_id = c.id AND " + inner(p)
			if p != nil && !dated {
				rows += " AND " + p.Cond(strings.ReplaceAll(rowTime(of, xs...), of.Alias+".", "x."))
			}
			return fmt.Sprintf("EXISTS (SELECT 1 FROM %s.%s x WHERE %s)", Schema, of.View, rows), joins(j), true
		}}, nil
}

// rowTime is the column that dates the rows of fact of that the filters xs keep: the one
// a filter dates them by ("resgates expirados em maio": by their expiry), else the fact's.
func rowTime(of *Fact, xs ...*Filter) string {
	for _, x := range xs {
		if c := x.timeOf[of]; c != "" {
			return c
		}
	}
	return of.Time
}

// RowCountWith keeps the customers whose number of rows of fact of meeting filter x
// compares to n ("mais de um resgate cancelado", "2 or more cancelled purchases"): the
// rows x names, whatever their status when x is one (cancelled rows count), in the period
// when there is one.
func RowCountWith(of *Fact, x *Filter, op string, n int64) (*Filter, error) {
	c, js, ok := x.build(of, nil)
	if !ok || len(js) > 0 || of.Customer == "" || x.UsesPeriod {
		return nil, fmt.Errorf("no count of %s %s", of.ID, x.ID)
	}
	cond := strings.ReplaceAll(c, of.Alias+".", "x.")
	if of.Live != "" && !x.replaces(of) {
		cond = liveAs(of, "x") + " AND " + cond
	}
	o := opText(op)
	return &Filter{ID: of.ID + "_" + x.ID + "_count", Name: T(fmt.Sprintf("com número de %s %s %s %d", of.Name.PT, x.Name.PT, o.PT, n), fmt.Sprintf("with a number of %s %s %s %d", x.Name.EN, of.Name.EN, o.EN, n)),
		Slug: x.Slug, UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			j, ok := customerJoin(f)
			if !ok {
				return "", nil, false
			}
			rows := "x.customer_id = c.id AND " + cond
			if p != nil {
				rows += " AND " + p.Cond(strings.ReplaceAll(rowTime(of, x), of.Alias+".", "x."))
			}
			return fmt.Sprintf("(SELECT count(*) FROM %s.%s x WHERE %s) %s %d", Schema, of.View, rows, op, n), joins(j), true
		}}, nil
}

// ActivityFact is the fact whose rows activity filter act looks for (sales for Bought),
// nil when act is no activity a customer did.
func ActivityFact(act *Filter) *Fact { return act.activityOf }

// ActivityWhere is activity act kept to the rows meeting cond, written for the activity's
// fact: "clientes que compraram na Savassi" bought at Savassi, whatever their own store.
func ActivityWhere(act, cond *Filter) (*Filter, error) {
	of := act.activityOf
	if of == nil {
		return nil, fmt.Errorf("%q is no activity", act.ID)
	}
	c, js, ok := cond.build(of, nil)
	if !ok {
		return nil, fmt.Errorf("no %s %s", of.ID, cond.ID)
	}
	rowsAlias := func(sql string) string { return strings.ReplaceAll(sql, of.Alias+".", "x.") }
	from := Schema + "." + of.View + " x"
	for _, j := range js {
		from += " " + rowsAlias(j)
	}
	where := rowsAlias(c)
	return &Filter{ID: act.ID + "_" + cond.ID, Name: T(act.Name.PT+" ("+cond.Name.PT+")", act.Name.EN+" ("+cond.Name.EN+")"), Slug: act.Slug, UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			j, ok := customerJoin(f)
			if !ok {
				return "", nil, false
			}
			return fmt.Sprintf("EXISTS (SELECT 1 FROM %s WHERE %s AND %s)", from, customerRows(of, "x", p), where), joins(j), true
		}}, nil
}

// BoughtAtEach keeps the customers with a sale that counts at each of the stores (in the
// period, when there is one): "clientes das duas lojas", "customers of both A and B".
func BoughtAtEach(codes []string) *Filter {
	return &Filter{ID: "bought_at_each", Name: T("compraram em cada loja: "+strings.Join(codes, ", "), "bought at each store: "+strings.Join(codes, ", ")), Slug: T("compraram_lojas", "bought_stores"), UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			j, ok := customerJoin(f)
			if !ok || len(codes) == 0 {
				return "", nil, false
			}
			var conds []string
			for _, c := range codes {
				conds = append(conds, fmt.Sprintf("EXISTS (SELECT 1 FROM %s.%s x WHERE %s AND x.store_code = %s)", Schema, Sales.View, customerRows(Sales, "x", p), Quote(c)))
			}
			return strings.Join(conds, " AND "), joins(j), true
		}}
}

// BoughtAtStore keeps the customers with (yes) or without (no) a sale that counts at the
// store (in the period, when there is one): "compraram no Centro e não voltaram a comprar
// no Batel".
func BoughtAtStore(code string, yes bool) *Filter {
	id, name, not := "bought_at", T("compraram na loja "+code, "bought at store "+code), ""
	if !yes {
		id, name, not = "not_bought_at", T("não compraram na loja "+code, "did not buy at store "+code), "NOT "
	}
	return &Filter{ID: id, Name: name, Slug: T("compraram_loja", "bought_store"), UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			j, ok := customerJoin(f)
			if !ok {
				return "", nil, false
			}
			return fmt.Sprintf("%sEXISTS (SELECT 1 FROM %s.%s x WHERE %s AND x.store_code = %s)", not, Schema, Sales.View, customerRows(Sales, "x", p), Quote(code)), joins(j), true
		}}
}

// Before is the period before p begins (open start): "had bought before".
func Before(p *Period) *Period {
	return &Period{Kind: Until, To: p.From, Label: T("antes de "+p.Label.PT, "before "+p.Label.EN)}
}

// PromotionActive keeps the promotions running in the period (active, and their dates
// overlap it), or now when the report has no period ("promoções ativas (hoje)", "ran in
// 2024").
func PromotionActive() *Filter {
	return &Filter{ID: "promotion_active", Name: T("ativas no período", "active in the period"), Slug: T("ativas", "active"), UsesPeriod: true, Ahead: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			if f != Promotions {
				return "", nil, false
			}
			if p == nil {
				return "pm.is_active AND now() BETWEEN pm.start_date AND pm.end_date", nil, true
			}
			conds := []string{"pm.is_active"}
			if p.To != "" {
				conds = append(conds, "pm.start_date < "+p.To)
			}
			if p.From != "" {
				conds = append(conds, "pm.end_date >= "+p.From)
			}
			return strings.Join(conds, " AND "), nil, true
		}}
}
