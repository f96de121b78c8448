package aiquery

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Rules is the offline, deterministic generator: it recognises common report questions
// in Portuguese and English (see Patterns) and writes SQL over the reporting views. Column
// aliases follow the question's language.
type Rules struct {
	now func() time.Time
	loc *time.Location
}

// NewRules returns the rules generator. now is the clock (time.Now in production); loc is
// the time zone named months and years are read in (the runner's session time zone).
func NewRules(now func() time.Time, loc *time.Location) *Rules {
	if now == nil {
		now = time.Now
	}
	if loc == nil {
		loc = time.UTC
	}
	return &Rules{now: now, loc: loc}
}

// NotUnderstood is a question the generator cannot turn into a query. Message is fit for
// the client.
type NotUnderstood struct {
	Message string
}

func (e *NotUnderstood) Error() string { return e.Message }

// Pattern is one kind of question the rules generator answers.
type Pattern struct {
	ID        string
	Title     string
	ExamplePT string
	ExampleEN string
	// Period names the column a period in the question filters on ("" when the report
	// takes no period).
	Period string
}

// Patterns lists every question kind, in matching order.
func Patterns() []Pattern {
	out := make([]Pattern, len(rules))
	for i, r := range rules {
		out[i] = r.Pattern
	}
	return out
}

// Generate implements Generator.
func (g *Rules) Generate(_ context.Context, question string) (string, error) {
	r, p, err := g.resolve(question)
	if err != nil {
		return "", err
	}
	sql, err := r.build(p)
	if err != nil {
		return "", &NotUnderstood{Message: err.Error()}
	}
	return reSelfAlias.ReplaceAllStringFunc(sql, func(m string) string {
		if col, alias, _ := strings.Cut(m, " AS "); col == alias {
			return col
		}
		return m
	}), nil
}

// reSelfAlias finds "x AS x" (an alias equal to the column, as English aliases often are).
var reSelfAlias = regexp.MustCompile(`\b[a-z_]+ AS [a-z_]+\b`)

// resolve finds the rule answering question and its parameters.
func (g *Rules) resolve(question string) (*rule, params, error) {
	q := normalize(question)
	if q == "" {
		return nil, params{}, &NotUnderstood{Message: "The question is empty. " + exampleHint()}
	}
	lang := language(q)
	per, rest, err := findPeriod(q, g.now().In(g.loc))
	if err != nil {
		return nil, params{}, &NotUnderstood{Message: "Could not read the period: " + err.Error() + "."}
	}
	n, rest := findTopN(rest)
	for i := range rules {
		r := &rules[i]
		if !r.matches(rest) {
			continue
		}
		if per != nil && r.Period == "" && !r.ownPeriod {
			return nil, params{}, &NotUnderstood{Message: fmt.Sprintf("The report %q does not take a period; ask without one (e.g. %q).", r.Title, r.example(lang))}
		}
		return r, params{lang: lang, q: rest, period: per, n: n}, nil
	}
	return nil, params{}, &NotUnderstood{Message: "Could not understand the question. " + exampleHint()}
}

func exampleHint() string {
	examples := []string{
		"quantos clientes se cadastraram em outubro?",
		"top 10 clientes por saldo de pontos",
		"total de pontos resgatados por loja este mês",
		"how many customers opted in to WhatsApp",
		"total sales last month",
		"most redeemed products this year",
		"active promotions",
	}
	quoted := make([]string, len(examples))
	for i, e := range examples {
		quoted[i] = strconv.Quote(e)
	}
	return "Try for example: " + strings.Join(quoted, ", ") + ". The full list is in the AI queries documentation (docs/ai-queries.md)."
}

// params are what a rule's SQL depends on.
type params struct {
	lang   string // "pt" or "en"
	q      string // the normalised question without its period and N
	period *period
	n      int // the N of a top-N question (default 10)
}

// t picks the column alias in the question's language.
func (p params) t(en, pt string) string {
	if p.lang == "pt" {
		return pt
	}
	return en
}

// where joins conditions (empty ones skipped) into a WHERE clause line.
func where(conds ...string) string {
	var kept []string
	for _, c := range conds {
		if c != "" {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		return ""
	}
	return "\nWHERE " + strings.Join(kept, "\n  AND ")
}

// in returns the period condition on col, or "".
func (p params) in(col string) string {
	if p.period == nil {
		return ""
	}
	return p.period.cond(col)
}

type rule struct {
	Pattern
	all       []*regexp.Regexp // every one must match
	none      []*regexp.Regexp // none may match
	ownPeriod bool             // the builder reads the period itself
	build     func(p params) (string, error)
}

func (r rule) matches(q string) bool {
	for _, re := range r.all {
		if !re.MatchString(q) {
			return false
		}
	}
	for _, re := range r.none {
		if re.MatchString(q) {
			return false
		}
	}
	return true
}

func (r rule) example(lang string) string {
	if lang == "pt" {
		return r.ExamplePT
	}
	return r.ExampleEN
}

// normalize lower-cases, strips accents and punctuation (keeping the / and - of dates and
// words like opt-in) and collapses spaces.
func normalize(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	plain, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		plain = strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range plain {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '/', r == '-':
			b.WriteRune(r)
		default:
			b.WriteRune(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

var (
	ptWords = regexp.MustCompile(`\b(quantos|quantas|qual|quais|clientes?|lojas?|pontos|por|de|do|da|dos|das|mes|hoje|ontem|resgat\w*|vendas?|compras?|cadastr\w*|ativos?|ativas?|lista|media|medio|saldo|maiores|mais|produtos?|promocoes|promocao|aniversariantes|semana|ano|total|em|no|na|sem|que)\b`)
	enWords = regexp.MustCompile(`\b(how|many|much|what|which|customers?|stores?|points?|by|per|of|the|month|today|yesterday|redeemed|redemptions?|sales|purchases?|signed|active|list|average|balance|top|most|products?|promotions?|birthdays?|week|year|in|with|without|who|are|is|did)\b`)
)

// language guesses the question's language from common words: "pt" or "en".
func language(q string) string {
	pt := len(ptWords.FindAllString(q, -1))
	en := len(enWords.FindAllString(q, -1))
	if pt > en {
		return "pt"
	}
	return "en"
}

var (
	reTopN    = regexp.MustCompile(`\btop\s*(\d{1,4})\b|\b(\d{1,4})\s+(?:maiores|melhores|primeiros|primeiras|principais|mais|clientes|customers|produtos|products|lojas|stores|best|biggest|largest|highest|most)\b|\b(?:os|as|the)\s+(\d{1,4})\b`)
	maxTopN   = 1000
	defaultN  = 10
	wordsTopN = `(?:\btop\b|\bmaiores\b|\bmelhores\b|\bmais\b|\bmost\b|\bhighest\b|\bbest\b|\bbiggest\b|\blargest\b|\branking\b|\bprincipais\b)`
)

// findTopN extracts the N of "top 10", "os 5 maiores", "the 20 customers".
func findTopN(q string) (int, string) {
	m := reTopN.FindStringSubmatchIndex(q)
	if m == nil {
		return defaultN, q
	}
	for g := 1; g <= 3; g++ {
		if m[2*g] >= 0 {
			n, _ := strconv.Atoi(q[m[2*g]:m[2*g+1]])
			n = max(1, min(n, maxTopN))
			// keep the word after the number (e.g. "clientes"): only the number goes
			rest := q[:m[2*g]] + " " + q[m[2*g+1]:]
			if g == 1 {
				rest = q[:m[0]] + " top " + q[m[1]:]
			}
			return n, strings.Join(strings.Fields(rest), " ")
		}
	}
	return defaultN, q
}

func re(expr string) *regexp.Regexp { return regexp.MustCompile(expr) }

// Vocabulary shared by the rules, over normalised text.
var (
	wCustomer   = re(`\b(clientes?|customers?|consumidor(?:es)?|membros?|members?|cadastros?|cadastrad[oa]s?|cadastraram|signups?|sign ups?|signed up|registrations?|registered|participantes?)\b`)
	wCount      = re(`\b(quantos|quantas|quantidade|qtd|numero|number|how many|count|contagem|total)\b`)
	wList       = re(`\b(lista|listar|liste|list|mostre|mostrar|show|quais|which|quem|who|todos|todas|all|relacao|catalogo|catalog)\b`)
	wByStore    = re(`\b(por loja|por lojas|por filial|em cada loja|de cada loja|cada loja|by store|per store|each store|by shop|per shop)\b`)
	wByMonth    = re(`\b(por mes|por meses|mes a mes|mensal|mensais|mensalmente|per month|by month|monthly|each month)\b`)
	wByDay      = re(`\b(por dia|dia a dia|diario|diaria|diarios|diarias|per day|by day|daily|each day)\b`)
	wPoints     = re(`\b(pontos?|points?|pontuacao)\b`)
	wRedeem     = re(`\b(resgat\w*|redeem\w*|redemptions?|trocad[oa]s|trocas?)\b`)
	wEarn       = re(`\b(credit\w*|ganh\w*|acumul\w*|earn\w*|award\w*|distribu\w*|concedid\w*|emitid\w*|issued|given|gerad[oa]s)\b`)
	wSales      = re(`\b(vendas?|vendid[oa]s?|faturamento|faturad[oa]|receita|revenue|sales?|compras?|compraram|comprou|purchases?|purchased|bought|cupo\w*|coupons?|gast\w*|spen\w*|orders?|pedidos?)\b`)
	wProduct    = re(`\b(produtos?|products?|recompensas?|rewards?|premios?|brindes?|itens|items?)\b`)
	wPromo      = re(`\b(promocao|promocoes|promotions?|promos?|campanhas?|campaigns?)\b`)
	wStore      = re(`\b(lojas?|stores?|filiais|filial|shops?)\b`)
	wBalance    = re(`\b(saldos?|balances?)\b`)
	wAverage    = re(`\b(medio|media|average|avg|mean)\b`)
	wTop        = re(wordsTopN)
	wOtherTopic = re(`\b(pontos?|points?|vend\w*|sales?|compr\w*|purchas\w*|bought|resgat\w*|redeem\w*|redemptions?|produtos?|products?|promo\w*|saldos?|balances?|gast\w*|spen\w*)\b`)
	wOptOut     = re(`\b(opt-?outs?|opted out|nao aceit\w*|nao quer\w*|recus\w*|sem opt-?in|not opted in|declined|refused|do not accept|dont accept|don t accept)\b`)
	wOptWords   = re(`\b(opt-?ins?|optins?|opted|aceit\w*|accept\w*|consent\w*|autoriz\w*|permit\w*|allow\w*|agreed|querem|want|receb\w*|receiv\w*)\b`)
)

const (
	vCustomers     = ReportingSchema + ".customers"
	vStores        = ReportingSchema + ".stores"
	vEntries       = ReportingSchema + ".points_entries"
	vCoupons       = ReportingSchema + ".coupons"
	vRedeems       = ReportingSchema + ".redeems"
	vRedeemItems   = ReportingSchema + ".redeem_items"
	vProducts      = ReportingSchema + ".products"
	vPromotions    = ReportingSchema + ".promotions"
	liveRedeem     = "r.status IN ('pending', 'applied')"
	liveRedeemBare = "status IN ('pending', 'applied')"
)

func ok(s string) (string, error) { return s, nil }

// optinRule counts customers accepting (or, asked so, refusing) one channel.
func optinRule(id, channel, col string, pt, en string, words ...*regexp.Regexp) rule {
	ch := strings.ToLower(channel)
	return rule{
		Pattern: Pattern{ID: id, Title: "Customers opted in to (or out of) " + channel, ExamplePT: pt, ExampleEN: en, Period: "customers.created_at"},
		all:     words,
		build: func(p params) (string, error) {
			alias, cond := p.t("customers_opted_in_"+ch, "clientes_aceitam_"+ch), col
			if wOptOut.MatchString(p.q) {
				alias, cond = p.t("customers_opted_out_"+ch, "clientes_recusam_"+ch), "NOT "+col
			}
			return ok(fmt.Sprintf("SELECT count(*) AS %s\nFROM %s%s", alias, vCustomers, where(cond, p.in("created_at"))))
		},
	}
}

// rules in matching order: specific before general.
var rules = []rule{
	// ---- customers ----
	{
		Pattern: Pattern{ID: "customers_by_store", Title: "Customers by store", ExamplePT: "quantos clientes por loja", ExampleEN: "customers by store", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer, wByStore}, none: []*regexp.Regexp{wPoints, wSales, wRedeem},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT COALESCE(c.store_code_owner, c.store_code) AS store_code, s.name AS %s, count(*) AS %s
FROM %s c
LEFT JOIN %s s ON s.store_code = COALESCE(c.store_code_owner, c.store_code)%s
GROUP BY 1, 2
ORDER BY 3 DESC, 1`, p.t("store_name", "loja"), p.t("customers", "clientes"), vCustomers, vStores, where(p.in("c.created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_by_origin", Title: "Customers by origin", ExamplePT: "clientes por origem", ExampleEN: "customers by origin this year", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer, re(`\b(origem|origens|origin|origins|canal de cadastro|sign-?up channel|source)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT COALESCE(origin, '-') AS %s, count(*) AS %s\nFROM %s%s\nGROUP BY 1\nORDER BY 2 DESC, 1",
				p.t("origin", "origem"), p.t("customers", "clientes"), vCustomers, where(p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_by_gender", Title: "Customers by gender", ExamplePT: "clientes por gênero", ExampleEN: "customers by gender", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer, re(`\b(genero|generos|sexo|gender|genders|sex)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT COALESCE(gender_identity, '-') AS %s, count(*) AS %s\nFROM %s%s\nGROUP BY 1\nORDER BY 2 DESC, 1",
				p.t("gender", "genero"), p.t("customers", "clientes"), vCustomers, where(p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_per_month", Title: "New customers per month", ExamplePT: "novos clientes por mês este ano", ExampleEN: "new customers per month", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer, wByMonth}, none: []*regexp.Regexp{wOtherTopic},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT to_char(date_trunc('month', created_at), 'YYYY-MM') AS %s, count(*) AS %s\nFROM %s%s\nGROUP BY 1\nORDER BY 1",
				p.t("month", "mes"), p.t("new_customers", "novos_clientes"), vCustomers, where(p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_per_day", Title: "New customers per day", ExamplePT: "cadastros por dia este mês", ExampleEN: "new customers per day last month", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer, wByDay}, none: []*regexp.Regexp{wOtherTopic},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT to_char(date_trunc('day', created_at), 'YYYY-MM-DD') AS %s, count(*) AS %s\nFROM %s%s\nGROUP BY 1\nORDER BY 1",
				p.t("day", "dia"), p.t("new_customers", "novos_clientes"), vCustomers, where(p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "top_customers_balance", Title: "Top N customers by points balance", ExamplePT: "top 10 clientes por saldo de pontos", ExampleEN: "top 10 customers by points balance"},
		all:     []*regexp.Regexp{wCustomer, wBalance},
		none:    []*regexp.Regexp{re(`\b(zero|zerad[oa]s?|sem saldo|no balance|sem pontos|without points|no points|total|soma|sum|geral|overall)\b`), wAverage},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT name AS %s, doc AS %s, points_balance AS %s\nFROM %s\nWHERE is_active\nORDER BY points_balance DESC, name\nLIMIT %d",
				p.t("customer", "cliente"), p.t("document", "documento"), p.t("points_balance", "saldo_pontos"), vCustomers, p.n))
		},
	},
	{
		Pattern: Pattern{ID: "top_customers_points_earned", Title: "Top N customers by points earned", ExamplePT: "top 5 clientes que mais ganharam pontos este mês", ExampleEN: "top 5 customers by points earned this year", Period: "points_entries.transaction_date"},
		all:     []*regexp.Regexp{wCustomer, wTop, wPoints, wEarn},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT c.name AS %s, c.doc AS %s, sum(e.points) AS %s
FROM %s e
JOIN %s c ON c.id = e.customer_id%s
GROUP BY c.id, c.name, c.doc
ORDER BY 3 DESC, 1
LIMIT %d`, p.t("customer", "cliente"), p.t("document", "documento"), p.t("points_earned", "pontos_ganhos"), vEntries, vCustomers,
				where("e.transaction_type = 'C'", "e.cancelled_at IS NULL", p.in("e.transaction_date")), p.n))
		},
	},
	{
		Pattern: Pattern{ID: "top_customers_redeemed", Title: "Top N customers by points redeemed", ExamplePT: "os 10 clientes que mais resgataram pontos", ExampleEN: "top 10 customers by points redeemed last month", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wCustomer, wTop, wRedeem},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT c.name AS %s, c.doc AS %s, count(*) AS %s, sum(r.total_points) AS %s
FROM %s r
JOIN %s c ON c.id = r.customer_id%s
GROUP BY c.id, c.name, c.doc
ORDER BY 4 DESC, 1
LIMIT %d`, p.t("customer", "cliente"), p.t("document", "documento"), p.t("redemptions", "resgates"), p.t("points_redeemed", "pontos_resgatados"),
				vRedeems, vCustomers, where(liveRedeem, p.in("r.created_at")), p.n))
		},
	},
	{
		Pattern: Pattern{ID: "top_customers_spend", Title: "Top N customers by amount spent", ExamplePT: "top 10 clientes que mais compraram este ano", ExampleEN: "top 10 customers by spend this month", Period: "coupons.transaction_date"},
		all:     []*regexp.Regexp{wCustomer, wTop, wSales},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT c.name AS %s, c.doc AS %s, count(*) AS %s, sum(v.value) AS %s
FROM %s v
JOIN %s c ON c.id = v.customer_id%s
GROUP BY c.id, c.name, c.doc
ORDER BY 4 DESC, 1
LIMIT %d`, p.t("customer", "cliente"), p.t("document", "documento"), p.t("purchases", "compras"), p.t("total_spent", "total_gasto"),
				vCoupons, vCustomers, where("v.cancelled_at IS NULL", p.in("v.transaction_date")), p.n))
		},
	},
	{
		Pattern:   Pattern{ID: "customers_birthdays", Title: "Customers with birthdays (this month, a named month or today)", ExamplePT: "aniversariantes do mês", ExampleEN: "customers with birthdays in may"},
		all:       []*regexp.Regexp{re(`\b(aniversari\w*|birthdays?|born)\b`)},
		ownPeriod: true,
		build: func(p params) (string, error) {
			conds := []string{"is_active"}
			switch {
			case p.period == nil || p.period.kind == "this_month":
				conds = append(conds, "extract(month FROM birth_date) = extract(month FROM now())")
			case p.period.kind == "today":
				conds = append(conds, "extract(month FROM birth_date) = extract(month FROM now())", "extract(day FROM birth_date) = extract(day FROM now())")
			case p.period.kind == "month":
				conds = append(conds, fmt.Sprintf("extract(month FROM birth_date) = %d", p.period.month))
			case p.period.kind == "dates" && p.period.day > 0:
				conds = append(conds, fmt.Sprintf("extract(month FROM birth_date) = %d", p.period.month), fmt.Sprintf("extract(day FROM birth_date) = %d", p.period.day))
			default:
				return "", fmt.Errorf("birthday reports take this month, today, a named month or one date")
			}
			return ok(fmt.Sprintf("SELECT name AS %s, doc AS %s, email, phone AS %s, to_char(birth_date, 'DD/MM') AS %s\nFROM %s%s\nORDER BY extract(month FROM birth_date), extract(day FROM birth_date), name",
				p.t("customer", "cliente"), p.t("document", "documento"), p.t("phone", "telefone"), p.t("birthday", "aniversario"), vCustomers, where(conds...)))
		},
	},
	optinRule("optin_whatsapp", "WhatsApp", "whatsapp_optin", "quantos clientes aceitaram receber whatsapp", "how many customers opted in to WhatsApp", re(`\b(whatsapp|whats app|whats|zap|wpp)\b`)),
	optinRule("optin_email", "Email", "email_optin", "quantos clientes aceitam receber e-mail", "how many customers accept email", re(`\be-?mails?\b`), wOptWords),
	optinRule("optin_sms", "SMS", "sms_optin", "quantos clientes aceitam sms", "how many customers opted in to SMS this year", re(`\bsms\b`)),
	{
		Pattern: Pattern{ID: "optin_summary", Title: "Opt-in summary (e-mail, WhatsApp, SMS)", ExamplePT: "resumo de opt-ins dos clientes", ExampleEN: "opt-in summary", Period: "customers.created_at"},
		all:     []*regexp.Regexp{re(`\b(opt-?ins?|optins?|consentimentos?|consents?|permissoes de contato|contact permissions)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT count(*) AS %s,
       count(*) FILTER (WHERE email_optin) AS email_optin,
       count(*) FILTER (WHERE whatsapp_optin) AS whatsapp_optin,
       count(*) FILTER (WHERE sms_optin) AS sms_optin
FROM %s%s`, p.t("customers", "clientes"), vCustomers, where(p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_app_users", Title: "Customers using the app", ExamplePT: "quantos clientes usam o aplicativo", ExampleEN: "how many customers use the app", Period: "customers.created_at"},
		all:     []*regexp.Regexp{re(`\b(app|aplicativo|apps|aplicativos)\b`)},
		none:    []*regexp.Regexp{re(`\b(origem|origin)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) FILTER (WHERE app_user) AS %s,\n       count(*) FILTER (WHERE app_user IS NULL) AS %s\nFROM %s%s",
				p.t("app_users", "usam_app"), p.t("unknown", "desconhecido"), vCustomers, where(p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_without_points", Title: "Customers with no points", ExamplePT: "quantos clientes estão sem pontos", ExampleEN: "how many customers have zero balance"},
		all:     []*regexp.Regexp{wCustomer, re(`\b(sem pontos|sem saldo|zero pontos|zerados?|saldo zero|saldo zerado|no points|zero points|zero balance|without points|no balance)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s\nFROM %s\nWHERE is_active\n  AND points_balance = 0", p.t("customers_without_points", "clientes_sem_pontos"), vCustomers))
		},
	},
	{
		Pattern:   Pattern{ID: "customers_no_recent_purchase", Title: "Customers without a purchase in a period (default 90 days)", ExamplePT: "clientes sem compra nos últimos 90 dias", ExampleEN: "how many customers with no purchase in the last 60 days"},
		all:       []*regexp.Regexp{wCustomer, re(`\b(sem compras?|sem comprar|nao compra\w*|no purchases?|without (?:a )?purchases?|not purchased|haven t purchased|havent purchased|not bought|haven t bought|havent bought|inactive buyers)\b`)},
		ownPeriod: true,
		build: func(p params) (string, error) {
			since := "now() - interval '90 days'"
			if p.period != nil {
				since = p.period.from
			}
			return ok(fmt.Sprintf("SELECT count(*) AS %s\nFROM %s\nWHERE is_active\n  AND (last_purchase IS NULL OR last_purchase < %s)",
				p.t("customers_without_purchase", "clientes_sem_compra"), vCustomers, since))
		},
	},
	{
		Pattern: Pattern{ID: "customers_buying", Title: "Customers who bought (distinct buyers)", ExamplePT: "quantos clientes compraram este mês", ExampleEN: "how many customers made a purchase last month", Period: "coupons.transaction_date"},
		all:     []*regexp.Regexp{wCustomer, wCount, re(`\b(compraram|comprou|fizeram compras?|realizaram compras?|purchased|bought|made (?:a )?purchases?|shopped)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(DISTINCT customer_id) AS %s\nFROM %s%s", p.t("buying_customers", "clientes_compradores"), vCoupons, where("cancelled_at IS NULL", p.in("transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_redeeming", Title: "Customers who redeemed (distinct)", ExamplePT: "quantos clientes resgataram prêmios este ano", ExampleEN: "how many customers redeemed rewards this month", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wCustomer, wCount, re(`\b(resgataram|resgatou|fizeram resgates?|redeemed|made (?:a )?redemptions?)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(DISTINCT customer_id) AS %s\nFROM %s%s", p.t("redeeming_customers", "clientes_que_resgataram"), vRedeems, where(liveRedeemBare, p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_inactive", Title: "Inactive customers", ExamplePT: "quantos clientes inativos", ExampleEN: "how many inactive customers", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer, re(`\b(inativos?|inativas?|inactive|desativad[oa]s?|deactivated|disabled)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s\nFROM %s%s", p.t("inactive_customers", "clientes_inativos"), vCustomers, where("NOT is_active", p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_active", Title: "Active customers", ExamplePT: "quantos clientes ativos temos", ExampleEN: "how many active customers", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer, re(`\b(ativos?|ativas?|active)\b`)},
		none:    []*regexp.Regexp{wOtherTopic},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s\nFROM %s%s", p.t("active_customers", "clientes_ativos"), vCustomers, where("is_active", p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_list", Title: "List of customers who signed up", ExamplePT: "lista de clientes cadastrados hoje", ExampleEN: "list customers who signed up this week", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer, wList},
		none:    []*regexp.Regexp{wOtherTopic, wCount},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT name AS %s, doc AS %s, email, phone AS %s, origin AS %s, store_code AS %s, created_at AS %s\nFROM %s%s\nORDER BY created_at DESC",
				p.t("customer", "cliente"), p.t("document", "documento"), p.t("phone", "telefone"), p.t("origin", "origem"), p.t("store_code", "loja"), p.t("signed_up_at", "cadastrado_em"), vCustomers, where(p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "customers_count", Title: "Customers who signed up (count)", ExamplePT: "quantos clientes se cadastraram em outubro?", ExampleEN: "how many customers signed up last month", Period: "customers.created_at"},
		all:     []*regexp.Regexp{wCustomer},
		none:    []*regexp.Regexp{wOtherTopic},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s\nFROM %s%s", p.t("customers", "clientes"), vCustomers, where(p.in("created_at"))))
		},
	},

	// ---- products ----
	{
		Pattern: Pattern{ID: "products_most_redeemed", Title: "Most redeemed products (top N)", ExamplePT: "produtos mais resgatados este ano", ExampleEN: "top 5 most redeemed products last month", Period: "redeem_items.created_at"},
		all:     []*regexp.Regexp{wProduct, wRedeem},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT pr.sku, pr.name AS %s, sum(i.qty) AS %s, sum(i.points) AS %s
FROM %s i
JOIN %s r ON r.id = i.redeem_id
JOIN %s pr ON pr.id = i.product_id%s
GROUP BY pr.id, pr.sku, pr.name
ORDER BY 3 DESC, 2
LIMIT %d`, p.t("product", "produto"), p.t("quantity", "quantidade"), p.t("points", "pontos"), vRedeemItems, vRedeems, vProducts, where(liveRedeem, p.in("i.created_at")), p.n))
		},
	},
	{
		Pattern: Pattern{ID: "products_count", Title: "Number of reward products (active and total)", ExamplePT: "quantos produtos ativos existem", ExampleEN: "how many active products"},
		all:     []*regexp.Regexp{wProduct, wCount},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) FILTER (WHERE is_active) AS %s, count(*) AS %s\nFROM %s",
				p.t("active_products", "produtos_ativos"), p.t("total_products", "total_produtos"), vProducts))
		},
	},
	{
		Pattern: Pattern{ID: "products_list", Title: "Reward product catalogue", ExamplePT: "lista de produtos", ExampleEN: "list the reward products"},
		all:     []*regexp.Regexp{wProduct},
		none:    []*regexp.Regexp{wSales},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT sku, name AS %s, points AS %s, price AS %s, is_active AS %s, is_addon AS %s\nFROM %s\nORDER BY is_active DESC, points, name",
				p.t("product", "produto"), p.t("points", "pontos"), p.t("price", "preco"), p.t("active", "ativo"), p.t("add_on", "adicional"), vProducts))
		},
	},

	// ---- points ----
	{
		Pattern: Pattern{ID: "points_redeemed_by_store", Title: "Points redeemed by store", ExamplePT: "total de pontos resgatados por loja este mês", ExampleEN: "points redeemed by store this month", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wPoints, wRedeem, wByStore},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT COALESCE(r.store_code, '-') AS store_code, s.name AS %s, count(*) AS %s, sum(r.total_points) AS %s
FROM %s r
LEFT JOIN %s s ON s.store_code = r.store_code%s
GROUP BY 1, 2
ORDER BY 4 DESC, 1`, p.t("store_name", "loja"), p.t("redemptions", "resgates"), p.t("points_redeemed", "pontos_resgatados"), vRedeems, vStores, where(liveRedeem, p.in("r.created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "points_earned_by_store", Title: "Points earned by store", ExamplePT: "pontos creditados por loja no mês passado", ExampleEN: "points earned by store last month", Period: "points_entries.transaction_date"},
		all:     []*regexp.Regexp{wPoints, wByStore},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT COALESCE(e.store_code, '-') AS store_code, s.name AS %s, sum(e.points) AS %s
FROM %s e
LEFT JOIN %s s ON s.store_code = e.store_code%s
GROUP BY 1, 2
ORDER BY 3 DESC, 1`, p.t("store_name", "loja"), p.t("points_earned", "pontos_creditados"), vEntries, vStores, where("e.transaction_type = 'C'", "e.cancelled_at IS NULL", p.in("e.transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "points_per_month", Title: "Points movement per month (earned, debited, redeemed, reversed)", ExamplePT: "pontos por mês este ano", ExampleEN: "points per month", Period: "points_entries.transaction_date"},
		all:     []*regexp.Regexp{wPoints, wByMonth},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT to_char(date_trunc('month', transaction_date), 'YYYY-MM') AS %s,
       COALESCE(sum(points) FILTER (WHERE transaction_type = 'C'), 0) AS %s,
       COALESCE(-sum(points) FILTER (WHERE transaction_type = 'D'), 0) AS %s,
       COALESCE(-sum(points) FILTER (WHERE transaction_type = 'R'), 0) AS %s,
       COALESCE(sum(points) FILTER (WHERE transaction_type = 'E'), 0) AS %s
FROM %s%s
GROUP BY 1
ORDER BY 1`, p.t("month", "mes"), p.t("earned", "creditados"), p.t("debited", "debitados"), p.t("redeemed", "resgatados"), p.t("reversals", "estornos"), vEntries, where(p.in("transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "points_redeemed_total", Title: "Total points redeemed", ExamplePT: "total de pontos resgatados este mês", ExampleEN: "how many points were redeemed last month", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wPoints, wRedeem},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s, COALESCE(sum(total_points), 0) AS %s\nFROM %s%s",
				p.t("redemptions", "resgates"), p.t("points_redeemed", "pontos_resgatados"), vRedeems, where(liveRedeemBare, p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "points_debited_total", Title: "Total points debited", ExamplePT: "total de pontos debitados hoje", ExampleEN: "total points debited this week", Period: "points_entries.transaction_date"},
		all:     []*regexp.Regexp{wPoints, re(`\b(debit\w*|descontad[oa]s|deducted|removid[oa]s|removed)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s, COALESCE(-sum(points), 0) AS %s\nFROM %s%s",
				p.t("debits", "debitos"), p.t("points_debited", "pontos_debitados"), vEntries, where("transaction_type = 'D'", "cancelled_at IS NULL", p.in("transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "points_reversed", Title: "Reversals (estornos) of points", ExamplePT: "quantos estornos de pontos este mês", ExampleEN: "points reversals last month", Period: "points_entries.transaction_date"},
		all:     []*regexp.Regexp{re(`\b(estorn\w*|revers\w*|cancelamentos?|cancellations?|cancelad[oa]s|cancell?ed)\b`)},
		none:    []*regexp.Regexp{wSales},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s, COALESCE(sum(points), 0) AS %s\nFROM %s%s",
				p.t("reversals", "estornos"), p.t("points", "pontos"), vEntries, where("transaction_type = 'E'", p.in("transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "points_balance_average", Title: "Average points balance", ExamplePT: "saldo médio de pontos dos clientes", ExampleEN: "average points balance"},
		all:     []*regexp.Regexp{wBalance, wAverage},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT round(avg(points_balance), 2) AS %s\nFROM %s\nWHERE is_active", p.t("average_balance", "saldo_medio"), vCustomers))
		},
	},
	{
		Pattern: Pattern{ID: "points_balance_total", Title: "Total points balance (points outstanding)", ExamplePT: "saldo total de pontos", ExampleEN: "total points balance of all customers"},
		all:     []*regexp.Regexp{wBalance},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT COALESCE(sum(points_balance), 0) AS %s, count(*) FILTER (WHERE points_balance > 0) AS %s\nFROM %s\nWHERE is_active",
				p.t("total_balance", "saldo_total"), p.t("customers_with_points", "clientes_com_pontos"), vCustomers))
		},
	},
	{
		Pattern: Pattern{ID: "points_earned_total", Title: "Total points earned (credited)", ExamplePT: "total de pontos creditados este mês", ExampleEN: "total points earned yesterday", Period: "points_entries.transaction_date"},
		all:     []*regexp.Regexp{wPoints},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s, COALESCE(sum(points), 0) AS %s\nFROM %s%s",
				p.t("credits", "creditos"), p.t("points_earned", "pontos_creditados"), vEntries, where("transaction_type = 'C'", "cancelled_at IS NULL", p.in("transaction_date"))))
		},
	},

	// ---- sales ----
	{
		Pattern: Pattern{ID: "sales_by_store", Title: "Sales by store", ExamplePT: "vendas por loja este mês", ExampleEN: "sales by store last month", Period: "coupons.transaction_date"},
		all:     []*regexp.Regexp{wSales, wByStore},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT COALESCE(v.store_code, '-') AS store_code, s.name AS %s, count(*) AS %s, sum(v.value) AS %s
FROM %s v
LEFT JOIN %s s ON s.store_code = v.store_code%s
GROUP BY 1, 2
ORDER BY 4 DESC, 1`, p.t("store_name", "loja"), p.t("purchases", "compras"), p.t("total_value", "valor_total"), vCoupons, vStores, where("v.cancelled_at IS NULL", p.in("v.transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "sales_by_payment_type", Title: "Sales by payment type", ExamplePT: "vendas por forma de pagamento", ExampleEN: "sales by payment type this year", Period: "coupons.transaction_date"},
		all:     []*regexp.Regexp{re(`\b(pagamentos?|payments?|pagto)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT COALESCE(payment_type, '-') AS %s, count(*) AS %s, sum(value) AS %s
FROM %s%s
GROUP BY 1
ORDER BY 3 DESC, 1`, p.t("payment_type", "forma_pagamento"), p.t("purchases", "compras"), p.t("total_value", "valor_total"), vCoupons, where("cancelled_at IS NULL", p.in("transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "sales_per_day", Title: "Sales per day", ExamplePT: "vendas por dia nos últimos 30 dias", ExampleEN: "sales per day this month", Period: "coupons.transaction_date"},
		all:     []*regexp.Regexp{wSales, wByDay},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT to_char(date_trunc('day', transaction_date), 'YYYY-MM-DD') AS %s, count(*) AS %s, sum(value) AS %s\nFROM %s%s\nGROUP BY 1\nORDER BY 1",
				p.t("day", "dia"), p.t("purchases", "compras"), p.t("total_value", "valor_total"), vCoupons, where("cancelled_at IS NULL", p.in("transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "sales_per_month", Title: "Sales per month", ExamplePT: "faturamento mensal este ano", ExampleEN: "sales per month", Period: "coupons.transaction_date"},
		all:     []*regexp.Regexp{wSales, wByMonth},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT to_char(date_trunc('month', transaction_date), 'YYYY-MM') AS %s, count(*) AS %s, sum(value) AS %s\nFROM %s%s\nGROUP BY 1\nORDER BY 1",
				p.t("month", "mes"), p.t("purchases", "compras"), p.t("total_value", "valor_total"), vCoupons, where("cancelled_at IS NULL", p.in("transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "sales_average_ticket", Title: "Average ticket (average purchase value)", ExamplePT: "ticket médio do mês passado", ExampleEN: "average purchase value this year", Period: "coupons.transaction_date"},
		all:     []*regexp.Regexp{re(`\b(ticket|tiquete)\b|\b(medio|media|average|avg|mean)\b.*\b(vendas?|compras?|purchases?|sales?|orders?|pedidos?|gasto|spend|spent|valor|value)\b|\b(vendas?|compras?|purchases?|sales?|orders?|pedidos?|gasto|spend|spent|valor|value)\b.*\b(medio|media|average|avg|mean)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT round(avg(value), 2) AS %s, count(*) AS %s\nFROM %s%s",
				p.t("average_ticket", "ticket_medio"), p.t("purchases", "compras"), vCoupons, where("cancelled_at IS NULL", p.in("transaction_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "sales_total", Title: "Sales: number and total value", ExamplePT: "total de vendas este mês", ExampleEN: "how many purchases yesterday", Period: "coupons.transaction_date"},
		all:     []*regexp.Regexp{wSales},
		none:    []*regexp.Regexp{wRedeem},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s, COALESCE(sum(value), 0) AS %s\nFROM %s%s",
				p.t("purchases", "compras"), p.t("total_value", "valor_total"), vCoupons, where("cancelled_at IS NULL", p.in("transaction_date"))))
		},
	},

	// ---- redemptions ----
	{
		Pattern: Pattern{ID: "redemptions_by_store", Title: "Redemptions by store", ExamplePT: "resgates por loja no mês passado", ExampleEN: "redemptions by store this year", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wRedeem, wByStore},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf(`SELECT COALESCE(r.store_code, '-') AS store_code, s.name AS %s, count(*) AS %s, sum(r.total_points) AS %s
FROM %s r
LEFT JOIN %s s ON s.store_code = r.store_code%s
GROUP BY 1, 2
ORDER BY 3 DESC, 1`, p.t("store_name", "loja"), p.t("redemptions", "resgates"), p.t("points_redeemed", "pontos_resgatados"), vRedeems, vStores, where(liveRedeem, p.in("r.created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "redemptions_by_status", Title: "Redemptions by status", ExamplePT: "resgates por status", ExampleEN: "redemptions by status this month", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wRedeem, re(`\b(status|situacao|situacoes|estado|state)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT status, count(*) AS %s, sum(total_points) AS %s\nFROM %s%s\nGROUP BY 1\nORDER BY 2 DESC, 1",
				p.t("redemptions", "resgates"), p.t("points", "pontos"), vRedeems, where(p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "redemptions_pending", Title: "Pending redemptions (blocked, not yet applied)", ExamplePT: "quantos resgates pendentes", ExampleEN: "pending redemptions", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wRedeem, re(`\b(pendentes?|pending|em aberto|abertos?|open|nao aplicad[oa]s|not applied)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s, COALESCE(sum(total_points), 0) AS %s\nFROM %s%s",
				p.t("pending_redemptions", "resgates_pendentes"), p.t("points", "pontos"), vRedeems, where("status = 'pending'", p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "redemptions_per_month", Title: "Redemptions per month", ExamplePT: "resgates por mês", ExampleEN: "redemptions per month this year", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wRedeem, wByMonth},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT to_char(date_trunc('month', created_at), 'YYYY-MM') AS %s, count(*) AS %s, sum(total_points) AS %s\nFROM %s%s\nGROUP BY 1\nORDER BY 1",
				p.t("month", "mes"), p.t("redemptions", "resgates"), p.t("points_redeemed", "pontos_resgatados"), vRedeems, where(liveRedeemBare, p.in("created_at"))))
		},
	},
	{
		Pattern: Pattern{ID: "redemptions_count", Title: "Number of redemptions", ExamplePT: "quantos resgates foram feitos hoje", ExampleEN: "how many redemptions this month", Period: "redeems.created_at"},
		all:     []*regexp.Regexp{wRedeem},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s\nFROM %s%s", p.t("redemptions", "resgates"), vRedeems, where(liveRedeemBare, p.in("created_at"))))
		},
	},

	// ---- promotions ----
	{
		Pattern: Pattern{ID: "promotions_active", Title: "Promotions running now", ExamplePT: "quais promoções estão ativas", ExampleEN: "active promotions"},
		all:     []*regexp.Regexp{wPromo, re(`\b(ativas?|ativos?|active|vigentes?|vigor|current|atuais|agora|now|running|valid\w*)\b`)},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT name AS %s, start_date AS %s, end_date AS %s, points_multiplier AS %s, bonus_points AS %s\nFROM %s\nWHERE is_active\n  AND now() BETWEEN start_date AND end_date\nORDER BY end_date, name",
				p.t("promotion", "promocao"), p.t("starts", "inicio"), p.t("ends", "fim"), p.t("multiplier", "multiplicador"), p.t("bonus_points", "pontos_bonus"), vPromotions))
		},
	},
	{
		Pattern: Pattern{ID: "promotions_count", Title: "Number of promotions (starting in a period)", ExamplePT: "quantas promoções começaram este ano", ExampleEN: "how many promotions", Period: "promotions.start_date"},
		all:     []*regexp.Regexp{wPromo, wCount},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) AS %s\nFROM %s%s", p.t("promotions", "promocoes"), vPromotions, where(p.in("start_date"))))
		},
	},
	{
		Pattern: Pattern{ID: "promotions_list", Title: "List of promotions", ExamplePT: "lista de promoções do ano passado", ExampleEN: "list promotions", Period: "promotions.start_date"},
		all:     []*regexp.Regexp{wPromo},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT name AS %s, is_active AS %s, start_date AS %s, end_date AS %s, points_multiplier AS %s, bonus_points AS %s\nFROM %s%s\nORDER BY start_date DESC, name",
				p.t("promotion", "promocao"), p.t("active", "ativa"), p.t("starts", "inicio"), p.t("ends", "fim"), p.t("multiplier", "multiplicador"), p.t("bonus_points", "pontos_bonus"), vPromotions, where(p.in("start_date"))))
		},
	},

	// ---- stores ----
	{
		Pattern: Pattern{ID: "stores_count", Title: "Number of stores (active and total)", ExamplePT: "quantas lojas temos", ExampleEN: "how many stores are there"},
		all:     []*regexp.Regexp{wStore, wCount},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT count(*) FILTER (WHERE is_active) AS %s, count(*) AS %s\nFROM %s",
				p.t("active_stores", "lojas_ativas"), p.t("total_stores", "total_lojas"), vStores))
		},
	},
	{
		Pattern: Pattern{ID: "stores_list", Title: "List of stores", ExamplePT: "lista de lojas", ExampleEN: "list all stores"},
		all:     []*regexp.Regexp{wStore},
		build: func(p params) (string, error) {
			return ok(fmt.Sprintf("SELECT store_code, name AS %s, city AS %s, state AS %s, is_active AS %s\nFROM %s\nORDER BY store_code",
				p.t("name", "nome"), p.t("city", "cidade"), p.t("state", "uf"), p.t("active", "ativa"), vStores))
		},
	},
}
