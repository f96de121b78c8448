package aiquery

import (
	"sort"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Example is a question of the catalogue, in both languages: the documentation lists
// them, refusals suggest the closest ones, and the OpenAI prompt shows them with their SQL.
type Example struct {
	ID string
	PT string
	EN string
}

// Question is the example in language l.
func (e Example) Question(l semantic.Lang) string {
	if l == semantic.PT {
		return e.PT
	}
	return e.EN
}

// Examples is the question catalogue. Every entry is answered by the rules in both
// languages (TestExamplesAreAnswered), so a suggestion is always a question that works.
func Examples() []Example { return examples }

var examples = []Example{
	{"customers_count", "quantos clientes temos?", "how many customers do we have?"},
	{"customers_signed_up", "quantos clientes se cadastraram em outubro?", "how many customers signed up last month?"},
	{"customers_per_month", "novos clientes por mês este ano", "new customers per month this year"},
	{"customers_by_store", "quantos clientes por loja", "customers by store"},
	{"customers_by_origin", "clientes por origem", "customers by origin"},
	{"customers_active", "quantos clientes ativos temos", "how many active customers"},
	{"customers_inactive", "quantos clientes inativos", "how many inactive customers"},
	{"customers_list_today", "lista de clientes cadastrados hoje", "list the customers who signed up this week"},
	{"customers_birthdays", "quais clientes fazem aniversário este mês", "customers with birthdays in May"},
	{"customers_optin_whatsapp", "quantos clientes aceitam receber WhatsApp", "how many customers opted in to WhatsApp"},
	{"customers_optout_email", "quantos clientes não aceitam e-mail", "how many customers do not accept email"},
	{"optin_rate_sms", "percentual de clientes que aceitam SMS", "percentage of customers who accept SMS"},
	{"customers_app", "quantos clientes usam o aplicativo", "how many customers use the app"},
	{"customers_no_purchase", "clientes sem compras nos últimos 90 dias", "how many customers have not purchased in the last 60 days"},
	{"customers_never_bought", "quantos clientes nunca compraram", "how many customers have never made a purchase"},
	{"customers_zero_balance", "quantos clientes estão sem pontos", "how many customers have a zero balance"},
	{"customers_balance_over", "quantos clientes têm mais de 1000 pontos", "how many customers have more than 1000 points"},
	{"customer_balance_doc", "saldo do cliente com CPF 123.456.789-09", "points balance of the customer with document 12345678909"},
	{"customer_contact_name", "telefone e e-mail da cliente Ana Souza", "phone and email of customer Ana Souza"},
	{"customer_signup_date", "quando a cliente Ana Souza se cadastrou?", "when did customer Ana Souza sign up?"},
	{"signups_and_sales", "novos clientes e vendas por mês este ano", "new customers and sales by month this year"},
	{"buyers", "quantos clientes compraram este mês", "how many customers made a purchase last month"},
	{"buyers_by_store", "quantos clientes compraram em cada loja este ano", "how many customers bought at each store this year"},
	{"top_customers_spend", "top 10 clientes que mais gastaram este ano", "top 10 customers by amount spent this month"},
	{"top_customer_one", "quem gastou mais no mês passado?", "who spent the most last month?"},
	{"top_customers_balance", "top 10 clientes por saldo de pontos", "top 10 customers by points balance"},
	{"sales_count", "quantas vendas tivemos ontem", "how many purchases yesterday"},
	{"revenue", "faturamento do mês passado", "total revenue last month"},
	{"revenue_by_store", "faturamento por loja este mês", "revenue by store last month"},
	{"revenue_per_month", "faturamento mensal este ano", "revenue per month this year"},
	{"revenue_by_payment", "vendas por forma de pagamento", "sales by payment type this year"},
	{"revenue_pix", "faturamento no pix este mês", "revenue paid with pix this month"},
	{"average_ticket", "ticket médio do mês passado", "average ticket this year"},
	{"average_ticket_by_store", "ticket médio por loja na semana passada", "average ticket by store last week"},
	{"spend_per_customer", "gasto médio por cliente este ano", "average spend per customer this year"},
	{"sales_cancelled", "quantas vendas foram canceladas este mês", "how many sales were cancelled last month"},
	{"cancel_rate", "taxa de cancelamento de vendas este ano", "percentage of sales cancelled this year"},
	{"top_stores_revenue", "top 3 lojas em faturamento no último trimestre", "top 3 stores by revenue last quarter"},
	{"best_day", "qual dia teve mais vendas este mês", "which day had the most sales this month"},
	{"largest_sale", "qual foi a maior venda de ontem", "what was the largest sale yesterday"},
	{"points_credited", "total de pontos creditados este mês", "total points earned yesterday"},
	{"points_credited_by_store", "pontos creditados por loja no mês passado", "points earned by store last month"},
	{"points_debited", "total de pontos debitados hoje", "total points debited this week"},
	{"points_redeemed", "total de pontos resgatados este mês", "how many points were redeemed last month"},
	{"points_redeemed_by_store", "total de pontos resgatados por loja este mês", "points redeemed by store this month"},
	{"points_flows_by_month", "pontos creditados e resgatados por mês este ano", "points earned vs redeemed by month this year"},
	{"earners", "quantos clientes ganharam pontos este mês", "how many customers earned points last week"},
	{"reversals", "quantos estornos de pontos este mês", "how many reversals last month"},
	{"balance_total", "saldo total de pontos dos clientes", "total points balance of all customers"},
	{"balance_average", "saldo médio de pontos", "average points balance"},
	{"redemptions", "quantos resgates foram feitos hoje", "how many redemptions this month"},
	{"redemptions_by_status", "resgates por status", "redemptions by status this month"},
	{"redemptions_pending", "quantos resgates pendentes", "how many pending redemptions"},
	{"redeemers", "quantos clientes resgataram prêmios este ano", "how many customers redeemed rewards this month"},
	{"products_most_redeemed", "produtos mais resgatados este ano", "top 5 most redeemed products last month"},
	{"products_count", "quantos produtos ativos existem", "how many active products"},
	{"products_list", "lista de produtos", "list the reward products"},
	{"promotions_running", "quais promoções estão ativas", "active promotions"},
	{"promotions_count", "quantas promoções começaram este ano", "how many promotions"},
	{"stores_count", "quantas lojas temos", "how many stores are there"},
	{"stores_list", "lista de lojas", "list all stores"},
}

// suggestionCats are the categories of the model's words that say what a question is
// about; function words (por, e, não, este, ...) say nothing about which example is close.
var suggestionCats = map[semantic.Category]bool{
	semantic.CatMeasure: true, semantic.CatDim: true, semantic.CatDimAdj: true, semantic.CatNoun: true,
	semantic.CatEvent: true, semantic.CatAgg: true, semantic.CatFlag: true, semantic.CatValue: true,
	semantic.CatQuantity: true, semantic.CatAttr: true, semantic.CatShare: true, semantic.CatMost: true,
	semantic.CatTop: true, semantic.CatNever: true, semantic.CatNew: true, semantic.CatDocWord: true,
	semantic.CatOptIn: true, semantic.CatPerCust: true,
}

// suggester picks the catalogue questions closest to a question: the ones sharing the most
// senses of the model's words with it.
type suggester struct {
	lex   *lexicon.Lexicon
	sense []map[string]bool // per example, the senses of its words (both languages)
}

func newSuggester(lex *lexicon.Lexicon) *suggester {
	s := &suggester{lex: lex}
	for _, ex := range examples {
		m := map[string]bool{}
		for _, q := range []string{ex.PT, ex.EN} {
			for k := range s.senses(q) {
				m[k] = true
			}
		}
		s.sense = append(s.sense, m)
	}
	return s
}

func (s *suggester) senses(question string) map[string]bool {
	out := map[string]bool{}
	for _, m := range s.lex.Read(question).Matches {
		if suggestionCats[m.Cat] {
			out[string(m.Cat)+":"+m.Arg] = true
		}
	}
	return out
}

// closest returns n catalogue questions in language l, the closest to question first (the
// catalogue's order between equals).
func (s *suggester) closest(question string, l semantic.Lang, n int) []string {
	want := s.senses(question)
	type scored struct{ i, score int }
	all := make([]scored, len(examples))
	for i := range examples {
		all[i].i = i
		for k := range s.sense[i] {
			if want[k] {
				all[i].score++
			}
		}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].score > all[b].score })
	var out []string
	for _, x := range all[:min(n, len(all))] {
		out = append(out, examples[x.i].Question(l))
	}
	return out
}

// append adds the closest catalogue questions to a refusal's message.
func (s *suggester) append(msg, question string, l semantic.Lang) string {
	lead := " Similar questions I can answer: "
	if l == semantic.PT {
		lead = " Perguntas parecidas que sei responder: "
	}
	return msg + lead + "\"" + strings.Join(s.closest(question, l, 3), "\", \"") + "\"."
}
