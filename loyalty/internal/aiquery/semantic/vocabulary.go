package semantic

// The vocabulary of the model: every word a question may use, as data, beside what it
// means. Measures and dimensions carry their own words (measures.go, dimensions.go); this
// file holds the nouns, events, aggregates, filter words, value words, period words and the
// function words the grammar reads as terminals. The lexicon (package lexicon) is generated
// from Terms() and the value catalogue; no other list of words exists.

import (
	"slices"
	"strings"
)

// Category is a grammar terminal's category.
type Category string

// Terminal categories.
const (
	CatMeasure  Category = "measure"   // arg: measure id
	CatDim      Category = "dim"       // arg: dimension id
	CatDimAdj   Category = "dimadj"    // arg: dimension id ("mensal": by month)
	CatNoun     Category = "noun"      // arg: noun id (customers, sales, points, value, ...)
	CatEvent    Category = "event"     // arg: event id (buy, sell, redeem, earn, ...)
	CatAgg      Category = "agg"       // arg: count, sum, avg, max, min, median, distinct
	CatFlag     Category = "flag"      // arg: flag id (active, cancelled, pending, ...)
	CatValue    Category = "value"     // arg: kind:code (payment:pix, origin:APP, channel:email)
	CatQuantity Category = "quantity"  // arg: a unit after a number (points, years, reais, sales)
	CatBy       Category = "by"        // por, by, per, each
	CatWise     Category = "wise"      // "month-wise", "store-wise": a breakdown said after its dimension
	CatRound    Category = "round"     // arredondado, rounded: before a precision ("rounded to 2 decimals")
	CatDecimals Category = "decimals"  // casas decimais, decimals: after a number, the answer's precision
	CatWhole    Category = "whole"     // sem centavos, in whole numbers: a precision of no decimals
	CatAnd      Category = "and"       // e, and, ","
	CatOr       Category = "or"        // ou, or
	CatNeg      Category = "neg"       // nao, not, sem, without
	CatNever    Category = "never"     // nunca, never
	CatNor      Category = "nor"       // nem, neither, nor: none of the values joined
	CatUnknown  Category = "unknown"   // nao informado, unknown, null: a customer's attribute not on file
	CatKnown    Category = "known"     // informado, on file: a customer's attribute filled in
	CatCmp      Category = "cmp"       // arg: > >= < <=
	CatBetween  Category = "between"   // entre, between
	CatTop      Category = "top"       // top, ranking
	CatMost     Category = "most"      // mais, most
	CatLeast    Category = "least"     // menos, least
	CatList     Category = "list"      // liste, list, quais
	CatVs       Category = "vs"        // vs, versus, compared to
	CatThan     Category = "than"      // do que, than (then)
	CatGrowth   Category = "growth"    // crescimento, % change
	CatDiff     Category = "diff"      // diferenca, difference, how much more
	CatShare    Category = "share"     // percentual, %, share, rate
	CatSince    Category = "since"     // desde, since, a partir de
	CatBefore   Category = "before"    // antes de, before
	CatAfter    Category = "after"     // depois de, after
	CatFrom     Category = "from"      // de, from (a range's start)
	CatTo       Category = "to"        // a, ate, to, through (a range's end)
	CatAgain    Category = "again"     // novamente, again
	CatAmong    Category = "among"     // desses, of those: a measure of the rows counted before
	CatBoth     Category = "both"      // ambos, both
	CatApart    Category = "apart"     // separado, separately: the things compared, each on its own (never a breakdown of its own)
	CatFigures  Category = "figures"   // valores, figures: the answer's numbers, counted ("os três valores", "both figures")
	CatBefore2  Category = "before2"   // antes, before (adverb: "had bought before")
	CatNamed    Category = "named"     // chamado, named
	CatHonor    Category = "honor"     // senhora, dona, Mr: an honorific before a person's name
	CatInName   Category = "inname"    // no nome, in their name: after a literal searched in names
	CatAlso     Category = "also"      // junto com, along with: a column to show beside a list
	CatWho      Category = "who"       // quem, qual, which: one answer
	CatPerCust  Category = "percust"   // por cliente, per customer
	CatBands    Category = "bands"     // faixas, bands, distribution
	CatUnknowns Category = "unknowns"  // leave out the unknowns (of compared groups)
	CatPctl     Category = "pctl"      // percentil, percentile
	CatPctlCont Category = "pctlcont"  // interpolado, percentile_cont: how the percentiles computed are computed
	CatInclude  Category = "include"   // incluir, including, too: rows of the statuses named counted besides the usual ones
	CatWrite    Category = "write"     // apague, delete: a request to change data
	CatForecast Category = "forecast"  // previsao, forecast, "what will ... be"
	CatScope    Category = "scope"     // lucro, estoque: things the views do not hold
	CatFiller   Category = "filler"    // words that carry no meaning for a report
	CatAttr     Category = "attr"      // arg: attribute id ("telefone", "email address")
	CatDocWord  Category = "docword"   // cpf, cnpj, documento: names the number after it
	CatPaid     Category = "paid"      // pago, paid with: introduces a payment type
	CatManner   Category = "manner"    // como, how: asks the way something was done ("como o pessoal pagou")
	CatOptIn    Category = "optin"     // aceitam, opted in: before a contact channel
	CatLump     Category = "lump"      // arg verb, as: "lump credit and debit together as card", "junta crédito e débito como cartão"
	CatTimeOf   Category = "timeof"    // data da venda, transaction date: the date a period is of; arg: fact id
	CatMessages Category = "messages"  // mensagens, messages: what a contact channel carries ("aceitam receber mensagens por WhatsApp")
	CatPerson   Category = "person"    // quem, who: customers, listed
	CatHave     Category = "have"      // tem, com, have, with: before what customers hold
	CatOnFile   Category = "onfile"    // preenchido, on file: after a detail customers hold
	CatColumn   Category = "column"    // arg: a plain column word of a list (Columns: "data", "valor")
	CatChrono   Category = "chrono"    // arg: asc, desc: a list of rows in the order of their dates
	CatMany     Category = "many"      // varias, multiple: more than one
	CatUse      Category = "use"       // usam, use: before what customers use
	CatWhen     Category = "when"      // quando, when: asks for the date of an event
	CatNew      Category = "new"       // novos, new: customers who signed up
	CatTrend    Category = "trend"     // evolucao, trend: over time (by month)
	CatUntil    Category = "until"     // ate, until, by: up to the end of a period
	CatLast2    Category = "last2"     // retrasado, before last
	CatQuarterN Category = "quarterno" // arg: 1..4 ("Q1")
	CatHalfN    Category = "halfno"    // arg: 1..2 ("H1", "1S")
	CatOnward   Category = "onward"    // em diante, on: "from the 10th on"
	CatSoFar    Category = "sofar"     // ate agora, so far: a current period up to now
	CatIncl     Category = "inclusive" // inclusive, both dates included: said at a clause's end after a period, its bounds are in it
	CatAbs      Category = "abs"       // em valor absoluto, in absolute value: said of points, their magnitude (how they are reported)
	CatCost     Category = "cost"      // custam, cost: a product's price in points
	CatPronoun  Category = "pronoun"   // ela, eles, deles, them, their: what a clause before named
	CatSame     Category = "same"      // mesmo, same: the period of the same unit in another year
	CatLapsed   Category = "lapsed"    // sumiu, stopped buying: did not buy (again) in a period
	CatTruth    Category = "truth"     // arg: true, false ("email_optin = true", "sms_optin falso")
	CatPrior    Category = "prior"     // arg: year, ytd, same, period ("vs LY", "vs PP"): the period compared before

	// period words
	CatThis    Category = "this"    // este, this, current
	CatLast    Category = "last"    // passado, last, previous
	CatNext    Category = "next"    // proximo, next
	CatUnit    Category = "unit"    // arg: day, week, weekend, month, quarter, half, year
	CatDay     Category = "dayword" // arg: today, yesterday, tomorrow, ytd, mtd
	CatMonth   Category = "month"   // arg: 1..12
	CatWeekday Category = "weekday" // arg: 1..7, or "1-5" (weekdays), "6-7" (weekends)
	CatOrdinal Category = "ordinal" // arg: 1..4 (primeiro, 1o)
	// CatDayNo is a day of the month said as an ordinal: "10º", "the 10th" (the lexicon
	// reads those), and the first said in words after "dia" ("desde o dia primeiro"); arg: 1..31
	CatDayNo    Category = "dayno"
	CatNumWord  Category = "numword"  // arg: a number written as a word
	CatAgo      Category = "ago"      // ha, faz, ago
	CatInPeriod Category = "in"       // em, in, during, no, na (before a period)
	CatDiv      Category = "div"      // "dividido por", "divided by": a formula's division
	CatComplete Category = "complete" // "complete", "fechadas": units that have ended ("the last four complete weeks")
	CatOneRow   Category = "onerow"   // "just the one", "só uma": the one row a ranking answers with
	CatOccasion Category = "occasion" // dia dos namorados, Black Friday: a named day, read only beside its date
	CatWith     Category = "with"     // com, with, to: the second of two things a comparison verb names ("comparando 2025 com 2024")
	CatOrderTo  Category = "orderto"  // a, para, to: the end of an order said as a range ("do mais vendido para o menos vendido")
	CatEmph     Category = "emph"     // arg: itself, only: said after a period at a clause's end, the period said with emphasis ("last month only", "in 2025 itself")
)

// Term is one terminal: a category, its argument and its words.
type Term struct {
	Cat   Category
	Arg   string
	Words Words
}

// Noun is a thing questions count or sum: a fact's rows (customers, sales) or a quantity
// of one (points, value, balance, age).
type Noun struct {
	ID    string
	Fact  *Fact // the fact whose rows it names (nil for a quantity)
	Words Words
	// Agg is what the noun alone asks for ("vendas": count; "pontos": sum).
	Agg string
	// Event is what a customer does that makes one of these rows ("compras": buy), so
	// "clientes sem compras" reads as "clientes que não compraram".
	Event string
	// Quantity is what a number compared with this noun counts ("saldo acima de 1000":
	// points; "idade acima de 30": years).
	Quantity string
}

// Nouns.
var Nouns = []*Noun{
	{ID: "customers", Fact: Customers, Agg: "count", Words: W(
		"base|nossa base|na base|da base|cliente|clientes|cli|clis|consumidor|consumidores|consumidora|consumidoras|membro|membros|associado|associados|participante|participantes|pessoa|pessoas|fregues|fregueses|freguesia|a freguesia|da freguesia|clientela|a galera|da galera|na galera|dessa galera|a turma|da turma|base de clientes|fidelizados|clientes fidelizados|povo|o povo|do povo|pro povo|esse povo|desse povo|nesse povo|o pessoal|do pessoal|pro pessoal|desse pessoal|nesse pessoal|a clientela|da clientela|contas|contas de clientes|contas de cliente|titular|titulares|cadastro de clientes|pessoas cadastradas|utilizadores|utilizador|utilizadoras|utentes|pax",
		"customer|customers|cust|custs|client|clients|member|members|consumer|consumers|people|ppl|person|persons|shoppers|customer base|users|user|account|accounts|customer accounts|member accounts|account holders|cardholders|patrons|loyalty members|program members|programme members|members of the program|guests|shopper|folk|the folks|punters|punter|clientele|the clientele|the public|regulars|pax")},
	{ID: "sales", Fact: Sales, Agg: "count", Event: "buy", Words: W(
		"venda|vendas|compra|compras|aquisicao|aquisicoes|cupom|cupons|cupom fiscal|cupons fiscais|pedido|pedidos|transacao|transacoes|nota fiscal|notas fiscais|vds|vnd|notas|nf|nfs|nfe|nfce|vendas realizadas|cupons emitidos|tickets de venda|cupom de venda|cupons de venda|comprovante de compra|comprovantes de compra|comprovante de venda|comprovantes de venda|notinha|notinhas",
		"sale|sales|purchase|purchases|order|orders|coupon|coupons|transaction|transactions|receipt|receipts|txn|txns|trx|invoices|invoice|baskets|basket|sales transactions|sales orders|tickets sold|docket|dockets|till slip|till slips|till receipt|till receipts|sales slip|sales slips|cash memo|cash memos")},
	{ID: "points", Agg: "sum", Quantity: "points", Words: W("total points|total_points|ponto|pontos|pts|pt|pontuacao|pontinhos|pto|ptos|pontos de fidelidade|pontos do programa", "total points|point|points|pts|pt|pnts|loyalty points|reward points|rewards points|program points")},
	{ID: "value", Agg: "sum", Quantity: "money", Words: W("valor|valores|vlr|vlrs|montante|dinheiro|reais|em reais|r$|quantia|total em reais|da em dinheiro|dao em dinheiro|deu em dinheiro|deram em dinheiro|isso em dinheiro|valor em dinheiro", "value|values|amount|amounts|money|dollars|reais|brl|worth")},
	{ID: "balance", Agg: "sum", Quantity: "points", Words: W("saldo|saldos|saldo de pontos|saldos de pontos", "balance|balances|points balance|point balance")},
	{ID: "age", Agg: "avg", Quantity: "years", Words: W("idade|idades|idade atual|idade hoje|idade de hoje|idade na data de hoje|idade em anos completos|idade em anos", "age|ages|current age|age today|age as of today|age as at today|age as of now|age in completed years|age in years|age in full years")},
	{ID: "redemptions", Fact: Redemptions, Agg: "count", Event: "redeem", Words: W("resgate|resgates|troca|trocas|resgate de pontos|resgates de pontos|resgates de premios|resgates de produtos|troca de pontos|trocas de pontos|resgates realizados", "redemption|redemptions|redeem|redeems|reward redemptions|point redemptions|points redemptions|redemption requests|claims of rewards")},
	{ID: "products", Fact: Products, Agg: "count", Words: W("produto|produtos|prod|prods|premio|premios|recompensa|recompensas|brinde|brindes|mimo|mimos|item|itens|catalogo|catalogo de recompensas", "product|products|reward|rewards|prize|prizes|gift|gifts|freebie|freebies|item|items|catalog|catalogue|reward products")},
	{ID: "stores", Fact: Stores, Agg: "count", Words: storeWords},
	{ID: "promotions", Fact: Promotions, Agg: "count", Words: W("promocao|promocoes|campanha|campanhas|promo|promos|acao promocional|acoes promocionais|oferta|ofertas|campanha promocional|campanhas promocionais|campanha de marketing|campanhas de marketing|acao de marketing|acoes de marketing", "promotion|promotions|campaign|campaigns|promo|promos|offer|offers|deal|deals|promotional campaign|promotional campaigns|specials|promotional offer|promotional offers|promo offer|promo offers|marketing campaign|marketing campaigns")},
	{ID: "entries", Fact: Points, Agg: "count", Words: W("lancamento|lancamentos|movimentacao|movimentacoes|extrato|extrato de pontos|transacoes de pontos", "entry|entries|points entries|movement|movements|ledger|statement|points transactions|points statement|points ledger|statement of points|points history")},
	{ID: "reversals", Fact: Points, Agg: "count", Words: W("estorno|estornos|lancamento de estorno|lancamentos de estorno|lancamentos de estornos", "reversal|reversals|chargeback|chargebacks|reversal entry|reversal entries")},
	{ID: "credits", Fact: Points, Agg: "count", Words: W("credito de pontos|creditos de pontos", "points credit|points credits")},
	{ID: "times", Agg: "count", Words: W("vez|vezes|frequencia|com frequencia", "time|times|often|frequently|frequency")},
	{ID: "debits", Fact: Points, Agg: "count", Words: W("debito|debitos|debitos manuais|debito manual|lancamentos de debito manual|lancamento de debito manual|lancamentos de debito|debitos de ajuste manual", "debit|debits|manual debits|manual debit|manual debit entries|debit entries")},
}

// NounByID finds a noun.
func NounByID(id string) *Noun {
	for _, n := range Nouns {
		if n.ID == id {
			return n
		}
	}
	return nil
}

// Event is something a customer or the programme does; with a noun it picks a measure
// ("pontos" + "resgatados"), with customers it is an activity filter ("clientes que
// compraram").
type Event struct {
	ID    string
	Words Words
	// Activity is the filter "customers who did it" (nil when customers cannot be
	// narrowed by it).
	Activity func(yes bool) *Filter
	// Times is the quantity "N times" counts for this event (buy: purchases).
	Times string
	// When is the attribute that dates the event for one customer ("when did X sign up").
	When *Attribute
}

// Events.
var Events = []*Event{
	{ID: "buy", Activity: Bought, Times: "sales", When: CustomerLastBuyAttr, Words: W(
		"comprou pela ultima vez|compraram pela ultima vez|comprar|compra|compram|comprou|compraram|compramos|comprado|comprados|comprada|compradas|comprando|comprem|compre|fizeram compra|fizeram compras|fez compra|fez compras|realizaram compras|fizeram alguma compra|fizeram pedido|adquiriu|adquiriram|adquirido|adquiridos|adquirir|consumiu|consumiram|fizeram pedidos|fez pedido|passaram no caixa|efetuaram compras|efetuou compra|compraram algo|comprou algo|transacionar|transacionou|transacionaram|transacionam|transacionando|passaram na loja|passou na loja|passaram nas lojas|vieram na loja|veio na loja|vieram a loja|visitaram a loja|visitou a loja|visitaram as lojas|visitaram nossas lojas|visitaram uma loja|visitou uma loja|estiveram na loja|esteve na loja",
		"last buy|last bought|bought last|last purchased|buy|buys|bought|buying|purchased|purchase|shopped|shop|shopping|transact|transacts|made a purchase|made purchases|made any purchase|placed an order|placed orders|ordered|transacted|bought something|bought anything|purchased something|purchased anything|made an order|made orders|checked out|did buy|did purchase|popped in|dropped in|been into the store|been into a store|been in the shop|been into the shop|been in store|visited the store|visited a store|visited our stores|visited the shop|visited a shop").With(PurchasePerformed())},
	// a coupon "issued" ("emitido") is a sale made, revenue "gerada" is sold; points
	// issued or generated are credited (earn)
	{ID: "sell", Words: W("vender|vendeu|venderam|vendemos|vende|vendem|vendido|vendidos|vendida|vendidas|vendi|rendeu|renderam|trouxe|trouxeram|faturou|entrou|entraram|entrou de dinheiro|faturaram|arrecadou|arrecadaram|movimentou|movimentaram|gerou de receita|geraram de receita|entrou no caixa|entrou em caixa|emitido|emitidos|emitida|emitidas|gerado|gerada|gerados|geradas|gerou|geraram", "sold|sell|sells|selling|bill|billed|bills|invoiced|issued|bring in|brought in|brings in|bring|brings|brought|took in|take in|generate|generated|did we make|we made|have we made|do we make|did make|grossed|rang up|rung up|ring up|rings up|ringing up|pulled in|pull in|pulls in|pulling in|raked in|rake in|rakes in|raking in|racked up|rack up|racks up|racking up|made in sales|went through the tills|went through the till|go through the tills|put through the tills|put through the till|through the tills|through the till|rang through the tills|rung through the tills|rang through the till|on the tills|at the tills")},
	{ID: "spend", Activity: Bought, Words: W("gasto|gastos|gastar|gastou|gastaram|gastam|gasta|gastamos|desembolsou|desembolsaram|gastaram com a gente|gastaram conosco|gastou com a gente|gastou comigo|gastaram comigo|deixou aqui|deixaram aqui|deixou com a gente|deixaram com a gente|deixou comigo|deixaram comigo|deixou na loja|deixaram na loja|deixou no caixa|deixaram no caixa", "spend|spent|spends|spending|spender|spenders|spent with us|splurged|lifetime spend|lifetime spending|all time spend|all-time spend|total spend")},
	{ID: "redeem", Activity: Redeemed, Times: "redemptions", Words: W(
		"resgatar|resgatou|resgataram|resgatam|resgata|resgatado|resgatados|resgatada|resgatadas|resgatamos|retirado|retirados|retirada|retiradas|retirou|retiraram|trocou|trocaram|trocados|trocadas|queimados|usou os pontos|usaram os pontos|usaram pontos|usou pontos|gastaram os pontos|gastaram pontos|gastou os pontos|gastou pontos|queimou|queimaram|trocaram pontos|trocaram os pontos|trocou pontos|trocou os pontos|trocam os pontos|troca os pontos|trocar os pontos|trocam pontos|resgatei",
		"redeemed|redeeming|redeem|redeems|burned|burnt|claimed|exchanged|spent their points|spent points|cashed in|cashed out|cashing in|cash in|cashes in|cashing out|burn|burns|burned points|cashed in points|traded in")},
	{ID: "earn", Words: W(
		"ganhar|ganhou|ganharam|ganham|ganho|ganhos|acumulou|acumularam|acumulado|acumulados|creditado|creditados|creditada|creditadas|creditaram|creditou|credito|creditos|emitido|emitidos|distribuido|distribuidos|concedido|concedidos|gerado|gerados|dados|demos|pontuou|pontuaram|pontuados|pontuadas|acumulam|acumula|acumulando|creditamos|distribuimos|concedemos|geramos|ganhos de pontos",
		"earn|earned|earns|earning|credited|credit|credits|accrued|accumulated|awarded|issued|given|gave|we gave|granted|generated|gave out|given out|give out|gives out|giving out|handed out|hand out|hands out|dished out|dish out|collected|collect|racked up|accrue|accrues|accruing|were awarded|were given|earnt|piled up|amassed|amass|amasses|amassing|accumulate|accumulates|accumulating|clocked up|notched up|given away|gave away|give away|gives away|giving away").With(CreditedTo())},

	// what a payment type (or a store) was used for: the sales made with it ("a forma de
	// pagamento mais usada", "the most used payment type"); the verb's present ("usam",
	// "use") is a function word of other phrases ("clientes que usam o app")
	{ID: "use", Words: W("usada|usado|usadas|usados|utilizada|utilizado|utilizadas|utilizados|popular|populares", "used|utilized|utilised|popular")},
	{ID: "debit", Words: W("debitado|debitados|debitada|debitadas|debitaram|descontado|descontados|deduzido|deduzidos|debitados manualmente|debitado manualmente|debitadas manualmente|debitada manualmente|manualmente debitados|debitou|debitamos|debitando", "debited|deducted|docked|subtracted|manually debited|debited manually|manually deducted|deducted manually")},
	{ID: "reverse", Words: W("estornado|estornados|estornada|estornadas|estornaram|estornou|estornamos|estornando|revertidos|revertido|revertida|revertidas", "reversed|charged back|reverted|reversing")},
	{ID: "signup", When: CustomerSignupAttr, Words: W(
		"se cadastraram originalmente|originalmente se cadastraram|se cadastraram inicialmente|cadastrado|cadastrados|cadastrada|cadastradas|se cadastraram|se cadastrou|cadastraram|cadastrou|registrados|registradas|se registraram|inscritos|inscreveram|aderiram|entraram|cadastro|cadastros|novos cadastros|adesoes|se inscreveram|se inscreveu|inscricoes|inscricao|adesao|captacao|captados|captadas|captamos|entraram no programa|entraram para o programa|aderiu|se associaram|se filiaram|novas adesoes|novos inscritos|ingressaram|ingressou|ingressaram no programa|ingressou no programa|se cadastrando|se inscrevendo|aderindo|inscrito|inscrita|inscritas|fizeram o cadastro|fez o cadastro|fizeram cadastro|fez cadastro|abriram conta|abriram a conta|abriu conta|abriu a conta|contas abertas|conta aberta|contas abertas em|abertura de conta|aberturas de conta",
		"accounts opened|account opened|accounts were opened|accounts opened up|opened an account|opened accounts|opened their account|opened their accounts|opened a loyalty account|account opening|account openings|originally signed up|signed up originally|originally joined|originally registered|originally enrolled|signed up|sign up|signing up|signs up|enrol|enrols|enroll|enrolls|enrolling|came on board|joining|signup|created|were created|was created|signups|sign ups|registered|joined|enrolled|registrations|new signups|onboarded|acquisition|acquisitions|customer acquisition|member acquisition|acquired|onboarding|enrolments|enrollments|enrollment|enrolment|joiners|new joiners|sign-ups|new registrations|new members joined|became members|joined the program|joined the programme|signed on|registration|done registration|did registration|done their registration|did their registration|done the registration|got registered|registration done")},
}

// EventByID finds an event.
func EventByID(id string) *Event {
	for _, e := range Events {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// Flag is a filter a question names with a word ("ativos", "canceladas", "pendentes").
// Neg is the filter when the word is negated (nil: the negation is not expressible).
type Flag struct {
	ID     string
	Words  Words
	Filter func() *Filter
	Neg    func() *Filter
	// OnPromotions is the flag's meaning for promotions, when it differs ("ativas": running
	// in the period, or now).
	OnPromotions func() *Filter
	// Attr is the customer's attribute the flag reads, when it has one ("ativo": is_active):
	// a flag asked of the one customer a question names ("o cliente do CPF ... está
	// ativo?") is that column, never a filter.
	Attr *Attribute
	// Beside is the flag the word names this one only beside ("novos x recorrentes", "new
	// vs returning": new buyers are first-time ones beside returning ones; alone, "novos"
	// are sign-ups): without it in the question the reading is not made
	Beside string
	// Never are the events the flag's rows never had ("expired": never collected, used
	// or redeemed): denied right after the flag ("expired without being collected",
	// "venceram sem ser retirados") they restate it (package grammar)
	Never []string
}

func statusFilter(status string, label Text) func() *Filter {
	return func() *Filter { return RedemptionStatus(status, label) }
}

// Flags.
var Flags = []*Flag{
	{ID: "active", Words: W("ativo|ativos|ativa|ativas|cadastro ativo|cadastros ativos|com cadastro ativo|em funcionamento|funcionando|em operacao", "active|in operation|active account|active accounts|with an active account"), Filter: func() *Filter { return Active(true) }, Neg: func() *Filter { return Active(false) }, OnPromotions: PromotionActive, Attr: CustomerActiveAttr},
	{ID: "inactive", Words: W("inativo|inativos|inativa|inativas|desativados|desativadas|cadastro inativo|cadastros inativos|com cadastro inativo|cadastro desativado", "inactive|deactivated|inactive account|inactive accounts|with an inactive account|deactivated account"), Filter: func() *Filter { return Active(false) }, Neg: func() *Filter { return Active(true) }, Attr: CustomerActiveAttr},
	{ID: "cancelled", Words: W("cancelado|cancelados|cancelada|canceladas|cancelamento|cancelamentos|anulados|anuladas|anulada|anulado|cancelou|cancelaram|anulou|anularam|anulacao|anulacoes|canceladas pelo cliente|canc|cancel|cancs", "cancelled|canceled|cancellation|cancellations|voided|void|cancels|cancelations|cancelled ones|canceled ones|voids|annulled|annulment|annulments|cxl|cxld|cxls|canc|cancl|cncl"), Filter: Cancelled, Neg: NotCancelled},
	// "net of reversals", "net of cancellations": the rows not reversed, which credits,
	// debits and sales count already (NotCancelled restates it); of redemptions not
	// expressible, refused
	{ID: "net_of_reversals", Words: W("liquido de estornos|liquidos de estornos|liquida de estornos|liquidas de estornos|liquido dos estornos|liquidos dos estornos|descontados os estornos|deduzidos os estornos|liquido de cancelamentos|liquidos de cancelamentos|descontados os cancelamentos", "net of reversals|net of reversal|net of chargebacks|net of cancellations|net of cancelled|net of voids"), Filter: NotCancelled},
	{ID: "pending", Words: W("pendente|pendentes|em aberto|aguardando|em andamento|aguardando aprovacao|em processamento|processando|a aplicar|nao processados|aguardando retirada|a retirar|esperando retirada|em espera|aguardando entrega|a entregar", "pending|awaiting fulfilment|awaiting fulfillment|unfulfilled|not yet fulfilled|yet to be fulfilled|awaiting delivery|open|awaiting|unapplied|not applied|in progress|processing|on hold|not yet applied|not processed yet|awaiting approval|still pending|awaiting collection|awaiting pickup|awaiting pick up|waiting to be collected|yet to be collected|not yet collected"), Filter: statusFilter("pending", T("pendentes", "pending"))},
	{ID: "applied", Words: W("aplicado|aplicados|aplicada|aplicadas|efetivados|efetivadas|concluidos|concluidas", "applied|completed|fulfilled|confirmed"), Filter: statusFilter("applied", T("aplicados", "applied"))},
	{ID: "expired", Words: W("expirado|expirados|expirada|expiradas|expiraram|vencido|vencidos|vencidas|venceram|expirou|caducados|caducadas|caducaram|perderam a validade|vencida|venceu|perdidos por validade|expiraram sem uso|venceram sem uso|expiraram sem ser usados|venceram sem ser usados|vencidos sem uso|expirados sem uso", "expired unused|expired without being used|expired without use|lapsed unused|expired|lapsed|timed out|ran out|have run out|has run out|had run out|past expiry|past their expiry|no longer valid|out of date"), Filter: statusFilter("expired", T("expirados", "expired")), Never: []string{"redeem", "earn", "use"}},
	{ID: "app_user", Words: W("usam o app|usa o app|usuarios do app|usuarios do aplicativo|usam o aplicativo|usuario do app|usam nosso app|usam o nosso app|usam nosso aplicativo|usa nosso app|com o app|com app|com o aplicativo|com aplicativo|com o nosso app|tem o app|tem app|tem o aplicativo|tem o nosso app|que tem o app|baixaram o app|instalaram o app|usam a app|usa a app|utilizam a app|utiliza a app|com a app|tem a app|usuarios da app|usuario da app|utilizadores da app|utilizador da app|utilizadores do app|utilizadores da aplicacao|utilizadores do aplicativo|utilizam o app|que tem a app|instalaram a app|descarregaram a app", "app users|app user|use the app|uses the app|using the app|use the application|uses the application|using the application|application users|use our app|uses our app|using our app|use our mobile app|with the app|with app|with our app|with the mobile app|w/ the app|w/ app|have the app|has the app|having the app|have our app|who have the app|installed the app|downloaded the app"), Filter: func() *Filter { return AppUser(true) }, Neg: func() *Filter { return AppUser(false) }, Attr: CustomerAppAttr},
	// "com o app", "with the app", "have the app" are the app's users (above); "sem o app",
	// "without the app" the others. "the app" alone, or after a sign-up ("pelo app",
	// "through the app"), is the origin APP (Values).
	{ID: "no_app_user", Words: W("sem o app|sem app|sem o aplicativo|sem aplicativo|sem o nosso app", "without the app|without app|without our app|w/o the app|w/o app"), Filter: func() *Filter { return AppUser(false) }, Neg: func() *Filter { return AppUser(true) }, Attr: CustomerAppAttr},
	// rows attributed to no store ("lançamentos sem loja", "entries without store
	// assignment", "not attributed to a store")
	{ID: "no_store", Words: W("sem loja|sem loja atribuida|sem loja vinculada|sem loja associada|nao atribuidos a uma loja|nao atribuidos a nenhuma loja|nao vinculados a uma loja|nao vinculados a nenhuma loja|sem vinculo com loja", "without a store|without store|with no store|without store assignment|without a store assignment|with no store assignment|without an assigned store|not attributed to a store|not attributed to any store|not assigned to a store|not assigned to any store|not tied to a store|not linked to a store|unattributed to a store"), Filter: NoStore(true), Neg: NoStore(false)},
	{ID: "female", Words: W("mulher|mulheres|feminino|feminina|femininos|sexo feminino|do sexo feminino|de sexo feminino|genero feminino|do genero feminino", "female|of the female sex|of the female gender|females|women|woman|lady|ladies"), Filter: func() *Filter { return Gender("F", T("mulheres", "women")) }, Attr: CustomerGenderAttr},
	{ID: "male", Words: W("homem|homens|masculino|masculina|masculinos|sexo masculino|do sexo masculino|de sexo masculino|genero masculino|do genero masculino", "male|of the male sex|of the male gender|males|men|man|gents|gentlemen|gentleman|bloke|blokes|lad|lads|fella|fellas|chaps"), Filter: func() *Filter { return Gender("M", T("homens", "men")) }, Attr: CustomerGenderAttr},
	{ID: "birthday", Words: W("aniversariante|aniversariantes|aniversario|aniversarios|fazem aniversario|faz aniversario|fazendo aniversario|aniversariam|aniversaria|aniversariando|fazem anos|faz anos|completam anos|completa anos|nascidos|nascidas|nasceram|nasceu|nascido|nascida|aniversario cai|aniversarios caem|aniversario e|aniversario fica|aniversario caia", "birthday falls|birthdays fall|birthday that falls|birthdays that fall|birthday which falls|birthday is|birthdays are|birthday lands|birthday comes|bday falls|bday is|born|were born|was born|birthday|birthdays|bday|bdays|b day|have their birthday|have a birthday|has a birthday|celebrating birthdays|celebrate their birthday|celebrating their birthday|birthday customers|birthday members"), Filter: Birthday},
	// "converted" customers made a purchase at some time: with a sign-up period ("Jan
	// sign-up cohort: how many converted so far") the period dates the sign-up, never the
	// purchase
	{ID: "converted", Words: W("converteram|convertidos|convertidas|se converteram|converteu|virou cliente comprador|viraram compradores", "converted|have converted|has converted|converted to a first purchase|converted to a purchase|converted to buyers|converted into buyers|converted to customers|converted into customers"), Filter: func() *Filter { return Ever(Bought(true)) }},
	// repeat buyers bought more than once in the period ("taxa de recompra": their share
	// of the period's buyers)
	{ID: "repeat", Words: W("recorrente|recorrentes|recompra|recompras|recompraram|de recompra", "repeat|repeat buyer|repeat buyers|repeat customer|repeat customers|repeat purchasers|repeaters"), Filter: RepeatBuyers},
	{ID: "first_purchase", Words: W("primeira compra|primeiras compras|pela primeira vez|primeira vez|primeiro pedido|primeiros pedidos|compraram pela primeira vez|compra inaugural", "first purchase|first purchases|first time buyers|first-time buyers|for the first time|first time|first order|first orders|first-ever purchase|first ever purchase|made their first purchase|made a first purchase"), Filter: FirstPurchase},
	{ID: "new_buyers", Words: W("novos compradores|compradores novos|clientes novos|novos clientes|compradores de primeira viagem", "new buyers|new customers|new shoppers|new purchasers"), Filter: FirstPurchase, Beside: "returning"},
	{ID: "returning", Words: W("compradores antigos|clientes antigos|que ja compravam|que ja eram clientes|retornantes|recorrentes antigos", "returning|returning buyers|returning customers|returning shoppers|existing customers|existing buyers"), Filter: Returning},
	{ID: "expiring", Words: W("vencem|vence|vencendo|expiram|expira|expirando|a vencer|que vencem|prestes a vencer|a expirar|por expirar|prestes a expirar|perto de vencer|proximos de vencer|proximo de vencer|por vencer|vao vencer|vai vencer|vao expirar|vai expirar|irao vencer|ira vencer|irao expirar|ira expirar|perdem a validade|perde a validade|vao perder a validade|vai perder a validade|caducam|caduca|vao caducar", "run out|runs out|running out|will run out|going to run out|about to run out|due to run out|will expire|will lapse|are going to expire|is going to expire|going to expire|expire|expires|expiring|due to expire|about to expire|expiring soon|about to lapse|close to expiring|near expiry|nearing expiry|set to expire|due to lapse"), Filter: ExpiresBy},
	{ID: "any_status", Words: W("incluindo canceladas|inclusive canceladas|incluindo cancelados|inclusive cancelados|todos os status|qualquer status|com canceladas|cancelados inclusos|canceladas inclusas|cancelados incluidos|canceladas incluidas|cancelados inclusive|canceladas inclusive|incluindo os cancelados|incluindo as canceladas|inclusive os cancelados|inclusive as canceladas|com os cancelados|com as canceladas|considerando todos os status|independente do status|independentemente do status|independente de status|independente da situacao|sem importar o status|seja qual for o status|qualquer que seja o status|de todos os status|em qualquer status|com qualquer status|todos os quatro status|os quatro status|todos os 4 status|os 4 status|nos quatro status|nos 4 status|com todos os status|em todos os status", "including cancelled|including canceled|cancelled included|all statuses|any status|every status|canceled included|cancellations included|including cancellations|including the cancelled ones|cancelled ones included|inclusive of cancellations|inclusive of cancelled|considering all statuses|across all statuses|regardless of status|regardless of the status|regardless of their status|irrespective of status|irrespective of the status|no matter the status|whatever the status|whatever their status|of any status|in any status|of all statuses|in all statuses|with any status|all four statuses|all 4 statuses|the four statuses|the 4 statuses|across all four statuses|across all 4 statuses|across the four statuses|across statuses|in every status|with all the statuses|with all the status|all the statuses|all the status|every single status"), Filter: AnyStatus},
	{ID: "created", Words: W("data de criacao|pela data de criacao|por data de criacao|com data de criacao|cuja data de criacao|data de criacao esteja|data de criacao estiver|criados no periodo|criadas no periodo", "creation date|by creation date|by their creation date|with a creation date|whose creation date|created date|date created|creation date falls|creation date is|created_at"), Filter: CreatedIn},
	{ID: "starting", Words: W("comecam|comecaram|comecou|iniciam|iniciaram|iniciou|estrearam|estreou|entraram no ar|entrou no ar", "starts|started|begins|began|kicked off|launched"), Filter: PromotionStarts},
	{ID: "ending", Words: W("terminam|termina|terminando|acabam|acaba|encerram|encerra|vencem em", "end|ends|ending|finish|finishes|wrap up"), Filter: PromotionEnds},
	{ID: "optin_all", Words: W("todos os canais|todos canais", "all channels|every channel|all three channels"), Filter: OptInAll},
	{ID: "optin_any", Words: W("algum canal|qualquer canal|pelo menos um canal", "any channel|some channel|at least one channel"), Filter: func() *Filter { return OptInAny(true) }, Neg: func() *Filter { return OptInAny(false) }},
	{ID: "optin_none", Words: W("nenhum canal", "no channel|none of the channels"), Filter: func() *Filter { return OptInAny(false) }, Neg: func() *Filter { return OptInAny(false) }},
	{ID: "running", Words: W("vigente|vigentes|em vigor|valendo|validas|valida|no ar|rodando|rodaram|rodou|estiveram ativas|estavam ativas", "running|live|ongoing|current|ran|were running|were active|was running|was active|on now|on right now|on the now|in force|in effect"), Filter: PromotionActive},
	// the rows the counting rule counts, said again ("resgates vigentes", "live redemptions
	// only", "vendas válidas"); of promotions the same words are "running"
	{ID: "live", Words: W("vigente|vigentes|valido|validos|valida|validas|em vigor|nao cancelados e nao expirados|nao canceladas e nao expiradas", "live|valid|live ones|valid ones"), Filter: LiveRows},
	{ID: "addons", Words: W("adicional|adicionais", "add-on|add-ons|addon|addons"), Filter: AddOns, Neg: NoAddOns},
	{ID: "no_email", Words: missingWords(W("email|e mail", "email|e mail|an email")), Filter: func() *Filter { return ContactMissing("email") }, Neg: func() *Filter { return ContactPresent("email") }},
	{ID: "zero_balance", Words: W("zerado|zerados|zerada|zeradas|sem saldo|sem pontos|saldo zero|saldo zerado", "zero balance|no points|no balance|zeroed|with zero points"), Filter: func() *Filter { return BalanceThreshold(Equal, 0) }},
	{ID: "no_phone", Words: missingWords(W("telefone|celular", "phone|a phone|phone number|a phone number")), Filter: func() *Filter { return ContactMissing("phone") }, Neg: func() *Filter { return ContactPresent("phone") }},
	{ID: "no_birth_date", Words: missingWords(birthDateWords), Filter: func() *Filter { return ContactMissing("birth_date") }, Neg: func() *Filter { return ContactPresent("birth_date") }},
	{ID: "no_doc", Words: missingWords(W("cpf|cnpj|documento", "document|a document|cpf|a cpf|tax id|a tax id")), Filter: func() *Filter { return ContactMissing("doc") }, Neg: func() *Filter { return ContactPresent("doc") }},
}

// missingWords are the ways to say that a customer's attribute is not on file, from the
// attribute's words: "sem e-mail", "e-mail vazio", "without a phone", "birth_date is null".
// birthDateWords name a customer's birth date: the attribute (attributes.go) and the
// flags of having one or not.
var birthDateWords = W("data de nascimento|nascimento|data de aniversario|data de nasc|data nasc|dt nasc|dt de nascimento|dt nascimento|data de nasc.", "birth date|a birth date|date of birth|a date of birth|birthdate|dob|birth dates|birthdates|dates of birth")

func missingWords(attr Words) Words {
	var w Words
	for _, a := range attr.PT {
		// "sem data de nascimento informada", "sem e-mail cadastrado": without one on file
		for _, on := range []string{"informado", "informada", "cadastrado", "cadastrada", "preenchido", "preenchida"} {
			w.PT = append(w.PT, "sem "+a+" "+on)
		}
		w.PT = append(w.PT, "sem "+a, a+" vazio", a+" vazia", a+" em branco", a+" nulo", a+" nula", a+" nao preenchido", a+" nao preenchida", a+" nao informado", a+" nao informada", a+" nula", a+" nulas", a+" nulos")
	}
	for _, a := range attr.EN {
		w.EN = append(w.EN, "without "+a, "no "+a, "missing "+a, a+" is null", a+" is missing", a+" is empty", a+" is blank", "null "+a, "null "+a+"s", "blank "+a, "empty "+a, "missing "+a+"s")
	}
	return w
}

// FlagByID finds a flag.
func FlagByID(id string) *Flag {
	for _, f := range Flags {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// Reaching are the value kinds that are ways to reach customers (the opt-in channels):
// said after a pronoun of the question's rows in the writer's plan ("quero chamar eles no
// zap", "I'll text them on WhatsApp"), a value of one is how the writer will reach them,
// never a filter of the question (package grammar, statements.go).
var Reaching = map[string]bool{"channel": true}

// ValueWord is one value of a value kind (a payment type, an origin, an opt-in channel)
// and its words; Codes are the stored values it stands for (any one the data holds).
type ValueWord struct {
	// UsedBy is the flag "customers who use it" ("usam o app": app users, not the
	// customers who signed up through it)
	UsedBy string
	Kind   string // payment, origin, channel
	Code   string
	Codes  []string
	Label  Text
	Words  Words
	// Group: the value is a group of others of its kind ("cartão": credit and debit
	// cards), its Codes theirs; compared with another value it is one row, not one per
	// value it groups
	Group bool
	// Members: the phrase names two values of its kind at once ("crédito e débito",
	// "credit and debit"): each is a member of its own, as if named apart (a row each
	// beside a measure of each), never the group of them
	Members []string
}

// ValueWords are the values the model names without the catalogue's help. The catalogue's
// codes (payment types and origins read from the data) are words too.
var ValueWords = []*ValueWord{
	{Kind: "payment", Code: "pix", Codes: []string{"pix"}, Label: T("pix", "pix"), Words: W("pix|no pix|via pix|com pix|pelo pix", "pix|via pix|with pix")},
	{Kind: "payment", Code: "credit_card", Codes: []string{"credit_card", "credit"}, Label: T("cartão de crédito", "credit card"), Words: W("cartao de credito|cartoes de credito|credito|no credito|cc", "credit card|credit cards|credit|cc")},
	{Kind: "payment", Code: "debit_card", Codes: []string{"debit_card", "debit"}, Label: T("cartão de débito", "debit card"), Words: W("cartao de debito|cartoes de debito|no debito", "debit card|debit cards|on debit|by debit|with debit|via debit|in debit")},
	// a greeting card is not a payment: "mandar cartão", "birthday card" are words of the
	// writer's work (Fillers "work"). "Crédito e débito", "credit and debit" are the two
	// values, each its row beside a measure of each ("average ticket on credit and
	// debit"), summed only when the question says so ("together", "somados")
	{Kind: "payment", Code: "card", Codes: []string{"credit_card", "credit", "debit_card", "debit"}, Group: true, Label: T("cartão", "card"), Words: W("cartao|cartoes|no cartao|com cartao|em cartao|pelo cartao|cartao credito ou debito|cartao de credito ou debito|credito ou debito", "card|cards|by card|on card|with card|with a card|card payments|credit or debit|credit or debit card")},
	{Kind: "payment", Code: "credit_and_debit", Members: []string{"credit_card", "debit_card"}, Codes: []string{"credit_card", "credit", "debit_card", "debit"}, Label: T("crédito e débito", "credit and debit"), Words: W("credito e debito|credito e o debito|credito e no debito|credito e do debito|credito e pelo debito|credito + debito", "credit and debit|credit and debit cards|credit & debit|credit + debit")},
	{Kind: "payment", Code: "cash", Codes: []string{"cash"}, Label: T("dinheiro", "cash"), Words: W("dinheiro|em dinheiro|no dinheiro|via dinheiro|com dinheiro|pelo dinheiro|especie|em especie|na especie", "cash|in cash")},
	{Kind: "payment", Code: "meal_voucher", Codes: []string{"meal_voucher", "voucher"}, Label: T("vale-refeição", "meal voucher"), Words: W("vale|vale refeicao|vale alimentacao|vr|va|voucher", "voucher|vouchers|meal voucher|meal vouchers")},
	{UsedBy: "app_user", Kind: "origin", Code: "APP", Codes: []string{"APP"}, Label: T("app", "app"), Words: W("app|aplicativo|pelo app|via app|no app|do app|pelo aplicativo", "app|the app|through the app|via the app|from the app|in the app|mobile app|application|the application|mobile application")},
	{Kind: "origin", Code: "PDV", Codes: []string{"PDV"}, Label: T("PDV", "point of sale"), Words: W("pdv|no pdv|pelo pdv|balcao|loja fisica", "pos|point of sale|in store|in-store|at the counter|the checkout|at the checkout|at checkout|in person|in-person|over the counter")},
	{Kind: "origin", Code: "TOTEM", Codes: []string{"TOTEM"}, Label: T("totem", "kiosk"), Words: W("totem|totens|quiosque", "totem|kiosk|kiosks")},
	{Kind: "origin", Code: "BACKOFFICE", Codes: []string{"BACKOFFICE"}, Label: T("backoffice", "back office"), Words: W("backoffice|back office|retaguarda", "backoffice|back office")},
	{Kind: "state", Code: "SP", Label: T("São Paulo", "São Paulo"), Words: W("estado de sao paulo", "sao paulo state|state of sao paulo")},
	{Kind: "state", Code: "RJ", Label: T("Rio de Janeiro", "Rio de Janeiro"), Words: W("estado do rio|estado do rio de janeiro", "rio de janeiro state|state of rio de janeiro")},
	{Kind: "state", Code: "MG", Label: T("Minas Gerais", "Minas Gerais"), Words: W("minas gerais|minas", "minas gerais|minas")},
	{Kind: "state", Code: "PR", Label: T("Paraná", "Paraná"), Words: W("parana", "parana")},
	{Kind: "state", Code: "RS", Label: T("Rio Grande do Sul", "Rio Grande do Sul"), Words: W("rio grande do sul", "rio grande do sul")},
	{Kind: "state", Code: "SC", Label: T("Santa Catarina", "Santa Catarina"), Words: W("santa catarina", "santa catarina")},
	{Kind: "state", Code: "BA", Label: T("Bahia", "Bahia"), Words: W("bahia", "bahia")},
	{Kind: "state", Code: "DF", Label: T("Distrito Federal", "Distrito Federal"), Words: W("distrito federal", "distrito federal")},
	{Kind: "domain", Code: "gmail", Label: T("gmail", "gmail"), Words: W("gmail|gmail com", "gmail|gmail com")},
	{Kind: "domain", Code: "hotmail", Label: T("hotmail", "hotmail"), Words: W("hotmail", "hotmail")},
	{Kind: "domain", Code: "outlook", Label: T("outlook", "outlook"), Words: W("outlook", "outlook")},
	{Kind: "domain", Code: "yahoo", Label: T("yahoo", "yahoo"), Words: W("yahoo", "yahoo")},
	{Kind: "channel", Code: "email", Label: Email.Name, Words: ByChannel(W("email|emails|e mail|por email|mensagens de email|mensagens por email|emails de marketing|e mails de marketing|newsletter|newsletters", "email|emails|e mail|by email|email messages|marketing emails|marketing email|emails from us|newsletter|newsletters"))},
	{Kind: "channel", Code: "whatsapp", Label: WhatsApp.Name, Words: ByChannel(W("whatsapp|whats|zap|wpp|mensagens de whatsapp|mensagens no whatsapp|mensagem de whatsapp|mensagens pelo whatsapp|mensagens via whatsapp|zapzap", "whatsapp|whats app|wa|whatsapp messages|whatsapp message|messages on whatsapp|messages via whatsapp|whatsapp msgs"))},
	{Kind: "channel", Code: "sms", Label: SMS.Name, Words: ByChannel(W("sms|mensagem de texto|torpedo|mensagens sms|mensagens de texto|sms de marketing", "sms|text message|text messages|texts|sms messages|sms message|texts from us|text msgs|sms texts"))},
}

// ChannelOf is the opt-in channel of a channel value word.
// CityNicknames are the names people call a city by ("sampa", "rio"), by the city's
// folded name. The lexicon reads them as the city only when the catalogue has it and the
// nickname is no other word of the lexicon (initials such as "BH" are read already).
var CityNicknames = map[string][]string{
	"sao paulo":      {"sampa", "capital paulista"},
	"rio de janeiro": {"rio", "cidade maravilhosa"},
	"belo horizonte": {"beaga", "bhz"},
	"porto alegre":   {"portoalegre"},
	"florianopolis":  {"floripa"},
	"curitiba":       {"cwb"},
	"salvador":       {"ssa"},
	"brasilia":       {"bsb"},
}

// StorePlaces are the words that name a store by the street or neighbourhood it is on
// ("a loja da rua Cambuí", "the Savassi street store"): said before the store's name in
// Portuguese, after it in English, they are the store.
var StorePlaces = W("rua|avenida|av|bairro", "street|st|avenue|ave|neighbourhood|neighborhood|district")

func ChannelOf(code string) (Channel, bool) {
	switch code {
	case "email":
		return Email, true
	case "whatsapp":
		return WhatsApp, true
	case "sms":
		return SMS, true
	}
	return Channel{}, false
}

// Quantity is what a number in a threshold counts ("mais de 1000 pontos", "over 30
// years", "acima de R$ 100"), and the filter it makes on each fact.
type Quantity struct {
	ID     string
	Words  Words
	Filter map[*Fact]func(op, n string) *Filter
}

func intFilter(f func(op string, n int64) *Filter) func(op, n string) *Filter {
	return func(op, n string) *Filter {
		var v int64
		for _, r := range n {
			if r < '0' || r > '9' {
				return nil // a fraction of a point or a year is not a threshold
			}
			v = v*10 + int64(r-'0')
			if v > 1_000_000_000 {
				return nil
			}
		}
		return f(op, v)
	}
}

// Quantities.
// storeWords name the stores, as a noun and as what a number counts ("more than 1 outlet").
var storeWords = W("loja|lojas|filial|filiais|unidade|unidades|pdv|pdvs|franquia|franquias|estabelecimento|estabelecimentos|sucursal|sucursais|lojinha|lojinhas|ponto de venda|pontos de venda|lojas da rede|unidades da rede", "store|stores|shop|shops|branch|branches|location|locations|outlet|outlets|venue|venues|storefront|storefronts|retail location|retail locations|store location|store locations|branch location|showroom|showrooms|shopfront|shopfronts|retail outlet|retail outlets")

var Quantities = []*Quantity{
	{ID: "points", Words: W("ponto|pontos|pts|pt", "point|points|pts|pt"), Filter: map[*Fact]func(op, n string) *Filter{
		Customers: intFilter(BalanceThreshold), Products: intFilter(ProductPointsThreshold), Redemptions: intFilter(RedemptionPoints)}},
	{ID: "years", Words: W("ano|anos|anos de idade|idade", "year|years|years old|yo|yrs|yr|age|aged"), Filter: map[*Fact]func(op, n string) *Filter{
		Customers: intFilter(AgeThreshold)}},
	{ID: "money", Words: W("reais|real|conto|contos", "reais|real|dollars|bucks|brl"), Filter: map[*Fact]func(op, n string) *Filter{
		Sales: ValueThreshold, Customers: SpendTotal}},
	{ID: "sales", Words: W("compra|compras|venda|vendas|pedido|pedidos", "purchase|purchases|order|orders|sale|sales"), Filter: map[*Fact]func(op, n string) *Filter{
		Customers: intFilter(PurchaseCount)}},
	// "vezes", "times": how often the event of the question happened (Event.Times)
	{ID: "times", Words: W("vez|vezes", "time|times")},
	{ID: "redemptions", Words: W("resgate|resgates", "redemption|redemptions"), Filter: map[*Fact]func(op, n string) *Filter{
		Customers: intFilter(RedemptionCountFilter)}},
	{ID: "stores", Words: storeWords, Filter: map[*Fact]func(op, n string) *Filter{
		Customers: intFilter(StoresVisited)}},
}

// Terminals are the function words and period words: grammar terminals as data.
var Terminals = []Term{
	// a pronoun stands for the rows a clause before it named ("quantas vendas a Copacabana
	// fez e quanto ela faturou"); the English ones are fillers too (they were skipped before
	// pronouns were read, and still may be)
	{CatPronoun, "", W("ela|ele|elas|eles|deles|delas|dele|dela|neles|nelas|nele|nela|cada um deles|cada uma delas|cada um|cada uma|envolvidos|envolvidas|envolveram|estavam envolvidos|que envolveram|isso|disso|nisso|respectivo|respectiva|respectivos|respectivas|correspondente|correspondentes|em questao", "they|them|their|dem|concerned|in question|corresponding|respective|it|its|she|he|him|each of them|in them|of them|on them|his|her|involved|were involved|did they involve|they involved|of that|of it|is that|was that|does that|did that|do those|did those|those|these|did they take|did they use|did they use up|they took|they used|they used up|did they cost|they cost")},
	// the way something was done, asked of a verb that has a dimension for it: "como o
	// pessoal pagou", "how people paid" is the breakdown by payment type (package grammar)
	{CatManner, "", W("como|de que forma|de que jeito|de que maneira|com o que", "how|in what way|what way|with what")},
	// what the rows a pronoun stands for hold ("how many points are tied up in them")
	{CatFiller, "", W("coorte de entrada|cohort de entrada|safra de entrada|coorte de cadastro|cohort de cadastro|safra de cadastro|coorte|safra|presos|presas|preso|presa|travados|travadas|retidos|retidas|parados|paradas", "tied up|locked up|held|cohort|entry cohort|intake cohort|sign-up cohort|signup cohort")},
	// leaving rows out: "pode desconsiderar as canceladas", "leaving out the cancelled ones"
	{CatNeg, "", W("desconsiderar|desconsiderando|desconsidere|sem contar|nao contando|ignorando|ignore|liquido de|liquido dos|liquido das|liquida de|liquida dos|liquida das|descontados os|descontadas as", "leaving out|leave out|disregarding|disregard|ignoring|ignore|exclude|net of|net of the")},
	// "sumiu no 2º tri", "stopped buying in May": a customer who bought before and did not
	// buy in the period (the cohort of "não voltou a comprar")
	{CatLapsed, "", W("sumiu|sumiram|sumido|sumidos|sumida|sumidas|desapareceu|desapareceram|sumiu de vez|parou de comprar|pararam de comprar|deixou de comprar|deixaram de comprar|nao apareceu mais|nao apareceram mais|nao comprou mais nada|nao compraram mais nada|nao comprou mais nenhuma vez|nao compraram mais nenhuma vez|deu churn|deram churn|churnou|churnaram", "churned|churned out|lapsed|disappeared|vanished|went quiet|stopped buying|stopped purchasing|stopped shopping|quit buying|dropped off|bought nothing|buy nothing|buys nothing|purchased nothing|purchase nothing|didnt buy nothing|did not buy nothing|didnt purchase nothing|did not purchase nothing|didnt bought nothing|did not bought nothing|dont buy nothing|do not buy nothing")},
	// a flag's stored value said after it ("email_optin = true", "sms_optin falso")
	{CatTruth, "true", W("verdadeiro|verdadeira|true|sim|ligado|marcado|igual a true|igual a verdadeiro", "true|yes|is true|equals true|set to true|checked")},
	{CatTruth, "false", W("falso|falsa|false|desligado|desmarcado|igual a false|igual a falso", "false|is false|equals false|set to false|unchecked")},
	// the period a comparison is against, said by its finance abbreviation: "vs LY", "vs
	// PY", "x AA" (the same period a year before; alone, last year), "LYTD" (last year to
	// the same day; alone too), "SPLY" (only after another period), "vs PP" (the period of
	// the same length right before)
	{CatPrior, "year", W("aa", "ly|py")},
	{CatPrior, "ytd", W("", "lytd|pytd")},
	// "vs o mesmo período do ano passado", "with the prior year comparative": the period
	// named, a year before (Earlier), whatever its length ("janeiro a maio de 2025": janeiro
	// a maio de 2024, never all of 2024); a comparison, not a growth, unless a growth word
	// asks one
	{CatPrior, "same", W("mesmo periodo do ano passado|o mesmo periodo do ano passado|mesmo periodo do ano anterior|o mesmo periodo do ano anterior|mesmo periodo no ano passado|o mesmo periodo no ano passado|mesmo periodo de um ano antes|mesmos meses do ano passado|os mesmos meses do ano passado|mesmos meses do ano anterior|os mesmos meses do ano anterior|comparativo do ano anterior|o comparativo do ano anterior",
		"sply|same period last year|the same period last year|same period a year ago|the same period a year ago|same period of last year|the same period of last year|same period the previous year|the same period the previous year|same period of the previous year|the same period of the previous year|same period prior year|the same period prior year|same period in the prior year|the same period in the prior year|same period the year before|the same period the year before|same months last year|the same months last year|the same months of last year|the same months a year ago|prior year comparative|the prior year comparative|prior-year comparative|the prior-year comparative|prior year comparatives|the prior year comparatives|last year comparative|the last year comparative")},
	{CatPrior, "period", W("pp|periodo anterior|periodo imediatamente anterior", "pp|prior period|previous period|preceding period|the period before|period before")},
	{CatSame, "", W("msm|mesmo|mesma|o mesmo|a mesma|mesmo periodo|no mesmo", "same|the same|same period|the same period")},
	{CatWise, "", W("", "wise")},
	// the precision asked of the answer ("arredondado para 2 casas decimais", "rounded to 1
	// decimal", "2 dp"): how the numbers are shown, never which rows are counted
	{CatRound, "", W("arredondado|arredondada|arredondados|arredondadas|arredondar|arredonde|arredondando|arredonda", "rounded|round|rounding|round off|rounded off")},
	{CatDecimals, "", W("casas decimais|casa decimal|casas|decimais|decimal|casas depois da virgula", "decimals|decimal|decimal places|decimal place|dp|places|decimal points")},
	// a precision of no decimals said without a number ("sem centavos", "to the nearest
	// real", "in whole numbers"): the Arg is the number of decimals
	{CatWhole, "0", W("sem centavos|sem os centavos|sem casas decimais|sem casa decimal|sem decimais|sem decimal|em reais inteiros|reais inteiros|valores inteiros|em valores inteiros|numeros inteiros|em numeros inteiros|no inteiro|para o inteiro|pro inteiro|ao real mais proximo|para o real mais proximo|pro real mais proximo|no real mais proximo|para o real|pro real|ao real|em reais redondos|valor redondo|valores redondos|numero redondo|numeros redondos",
		"to the nearest real|nearest real|to the nearest reais|to the nearest whole number|nearest whole number|to the nearest whole|nearest whole|to the nearest unit|in whole numbers|whole numbers|as whole numbers|in whole reais|whole reais|to whole reais|to whole numbers|with no decimals|no decimals|without decimals|without decimal places|no decimal places|zero decimals|without cents|no cents|without the cents|in round numbers|round numbers|to the nearest integer|as integers|in integers")},
	{CatBy, "", withParticipleForms(W("por|pra cada|para cada|em cada|por cada|cada|discriminado por|discriminada por|discriminados por|discriminadas por|detalhado por|detalhada por|detalhados por|aberto por|aberta por|abertos por|abre por|abrir por|abrindo por|abra por|desmembrado por|desmembrada por|distribuido por|pra cada uma das|pra cada um dos|para cada uma das|para cada um dos|em cada uma das|em cada um dos|cada uma das|cada um dos|abre isso por|detalha por|detalhe por|detalhar por|detalhando por", "by|per|each|that each|for each|every|across|by each|per each|itemized by|itemised by|detailed by|organized by|organised by|arranged by|listed by|for each one of|for each of|each one of|each of|for every one of|for every single one of|spread by|spread out by"))},
	// a verb of breaking the rows down ("quebrados por", "broken down by"): a breakdown; of
	// rows that would be listed, a count per group (package grammar)
	{CatBy, "split", W("agrupado por|separado por|dividido por|quebrado por|quebra por|quebrar por|quebrando por|segmentado por|segmentada por|segmentados por|quebrado em|separados por|separadas por|separada por|quebre por|separa por|separe por|separar por|separando por|divide por|divida por|dividir por|dividindo por|agrupa por|agrupe por|agrupar por|agrupando por|segmenta por|segmente por|segmentar por|quebrados por|quebrada por|quebradas por|divididos por|dividida por|divididas por|agrupados por|agrupada por|agrupadas por|segmentadas por|segregado por|segregada por|segregados por|segregadas por|segregar por|segregue por|segregando por|desagregado por|desagregada por|desagregados por|desagregadas por|estratificado por|estratificada por|estratificados por|estratificadas por|analisado por|analisada por|analisados por|analisadas por", "analysed by|analyzed by|analysed per|analyzed per|broken down by|split by|grouped by|segmented by|bucketed by|sliced by|cut by|divided by|separated by|grouped per|break it down by|break them down by|break down by|break out by|broken out by|break it out by|split it by|split them by|split out by|group by|group it by|slice by|slice it by|cut it by")},
	{CatAnd, "", W("e|,|&|/|mais|junto com|mas|porem|quanto na|quanto no|quanto em|quanto pela|quanto pelo|como na|como no|qto na|qto no|qnto na|qnto no|qto em|qnto em|bem como", "and|,|&|/|plus|as well as|along with|but")},
	{CatOr, "", W("ou", "or")},
	{CatDocWord, "", W("cpf|cnpj|documento|doc|do cpf|de cpf|com cpf", "cpf|cnpj|document|doc|tax id|id")},
	// the consent verbs are written once as lemmas; their forms are generated (Conjugate)
	{CatOptIn, "", Words{PT: append(split("liberado|liberados|liberou|consentimento|deram consentimento|aceitam|aceita|aceitaram|aceitar|aceitam receber|aceita receber|autorizam|autorizaram|optaram|optaram por|opt in|optin|fizeram opt in|com opt in|inscritos em|assinam|autorizam receber|autorizaram receber|autorizam o recebimento de|autorizaram o recebimento de|autorizou o recebimento de|aceitam o recebimento de|aceitaram o recebimento de|aceita o recebimento de|consentem|consentiram|consentem em receber|consentiram em receber|consentiram receber|concordaram em receber|concordam em receber|toparam receber|querem receber"), conjugated("liberar", "autorizar", "aceitar", "optar", "concordar", "topar", "permitir", "consentir")...), EN: split("opted in|opted in to|opt in|optin|opted into|accept|accepts|accepted|agreed to|subscribed|subscribed to|signed up for|gave consent|gave consent for|consent|consented|consented to|allowed|agreed to receive|agree to receive|consented to receive|consent to receive|opted in to receive|opted in to receiving|accept receiving|accepted receiving|allowed us to send|authorized|authorised|authorized receiving|authorised receiving|enabled|gave permission|given permission|permitted")}.With(OptInReceiving())},
	// values taken as one group, said by the writer ("lump credit and debit together as
	// card", "junta crédito e débito como cartão"): the grammar checks the group named is
	// the model's group of those values
	{CatLump, "verb", W("junta|junte|juntar|juntando|agrupa|agrupe|agrupar|agrupando|soma|some|somando|considera|considere|conta|conte|trata|trate", "lump|lumping|group|grouping|combine|combining|merge|merging|put|treat|treating|count|counting")},
	{CatLump, "as", W("como|juntos como|juntas como|agrupados como|agrupadas como|somados como|somadas como|como se fosse|tudo como", "together as|as|grouped as|grouped together as|combined as|as one|as a single|lumped as|all as")},
	// the date of a fact's rows named before the period ("vendas com data da venda entre
	// ...", "sales with transaction date between ..."): the period is of that date
	{CatTimeOf, "sales", W("data da venda|data das vendas|data da compra|data das compras|data da transacao|data de transacao|data do cupom|data de venda", "transaction date|transaction dates|transaction_date|sale date|sales date|sale dates|purchase date|purchase dates|order date|order dates|txn date|txn dates")},
	{CatTimeOf, "redemptions", W("data do resgate|data dos resgates|data de resgate", "redemption date|redemption dates|redeem date|redeemed date")},
	{CatTimeOf, "points", W("data do lancamento|data dos lancamentos|data de lancamento", "entry date|entry dates|posting date|posting dates")},
	{CatMessages, "", W("mensagens|mensagem|comunicacao|comunicacoes|comunicados|notificacoes|notificacao|novidades|ofertas|promocoes e novidades", "messages|message|communication|communications|notifications|notification|updates|offers|marketing messages|marketing communications|promotional messages|promos")},
	{CatPaid, "", W("pago|paga|pagos|pagas|pagamento|pagamentos|pagou|pagaram|pgto|pagto|pgtos|pagtos|liquidado|liquidados|liquidada|liquidadas|quitado|quitados|quitada|quitadas", "paid|paying|payment|payments|pay|pmt|pmts|pymt|pymts|settled|was settled|were settled|settled up")},
	// "nenhum", "none": a negative quantifier, which Portuguese also says after another
	// negation ("não fizeram nenhuma compra": one negation, not two; package grammar)
	{CatNeg, "none", W("nenhum|nenhuma|nada|nadinha|nadica|nadica de nada|nada de nada|nadinha de nada|coisa nenhuma|absolutamente nada|nenhuma compra sequer", "none|nothing|nothing at all|not a thing|not a single thing|zilch")},
	// "have yet to buy": not yet, which for what customers did is never (so far)
	{CatNeg, "", W("", "have yet to|has yet to|are yet to|is yet to|yet to")},
	// a verb of failing is a negation of the verb after it ("failed to return and buy
	// again in May"); after another negation ("never failed to", "have not failed to") the
	// two would cancel, and package grammar reads no such negation (notFailed)
	{CatNeg, FailedTo, W("", "failed to|did not manage to|didnt manage to|never got to")},
	{CatNeg, "", W("nao|sem|exceto|excluindo|fora|tirando|desconsiderando|desconsiderados|desconsideradas|desconsiderando se|sem considerar|nao considerando|excetuando|excetuados|excetuadas|excluidos|excluidas", "not|no|non|without|none|except|excluding|other than|havent|hasnt|didnt|dont|doesnt|disregarding|not counting|no counting|without counting|not including|exclusive of|w/o|outside|outside of")},
	// list verbs in the forms a request takes ("me mostra", "relacionem", "itemize")
	{CatList, "", W("relacionem|listem|mostra|me mostra|mostrem|enumere", "enumerate|itemize|itemise|list out|show all")},
	// restriction words the grammar does not read ("ignore", "leave out", "desconsidere"):
	// a question holding one is refused rather than answered without it, and a sentence
	// holding one is never taken for context
	// the ones that leave rows out (arg "exclude"): before the rows said by a filter they
	// keep the others ("desconsiderar quem não tem data de nascimento", "leave out those
	// without a birth date"; package grammar)
	{CatRestrict, "exclude", W("ignore|ignora|ignorar|ignorando|ignorem|desconsidere|desconsidera|desconsiderar|desconsiderem|descontando|deixe de fora|deixa de fora|deixar de fora|ficar de fora|de fora|tira|tire|tirar|tirem|fica de fora|ficam de fora|fica fora|ficam fora|fica fora da conta|ficam fora da conta|ficam excluidos|ficam excluidas|nao entram|nao entra|nao contam|nao conta|excluidos|excluidas|excluido|excluida|nao incluidos|nao incluidas|nao incluido|nao incluida|fora|devem ser desconsiderados|devem ser desconsideradas|devem ser excluidos|devem ser excluidas|devem ficar de fora|deve ser desconsiderado|deve ser desconsiderada|deve ser excluido|deve ser excluida|deve ficar de fora|podem ser desconsiderados|podem ser desconsideradas|podem ser excluidos|podem ser excluidas|podem ficar de fora|pode ser desconsiderado|pode ser desconsiderada|nao devem contar|nao devem ser contados|nao devem ser contadas|nao entram na conta|pode desconsiderar|pode tirar|pode excluir",
		"ignore|ignoring|ignored|skip|skipping|leave out|leaving out|left out|leave|disregard|exclude|excluded|excludes|omit|omitting|omitted|are left out|are excluded|stay out|dont count|do not count|not included|are not included|not to be included|to be excluded|are to be excluded|to be left out|are to be left out|be excluded|removed|taken out|exclude them|leave them out|skip them|ignore them|dont count them|do not count them|count them out|omit them|disregard them|should be excluded|must be excluded|should be left out|should not be counted|shouldnt be counted")},
	{CatRestrict, "", W("salvo|afora|inclua|incluir|incluindo|incluso|inclusos|inclusive|contando|contar",
		"minus|aside from|apart from|besides|include|including|included|includes|inclusive|counting|either|instead|rather than|unless|otherwise")},
	// "não aceitam nem whatsapp nem sms", "accept neither whatsapp nor sms": none of the
	// values (package grammar reads it only after a negation, or opened by "nem", "neither")
	{CatNor, "", W("nem", "nor|neither")},
	// an attribute not on file: "gênero não informado", "sem informação de uso do app",
	// "app_user is null", "unknown gender" (package grammar: said of a customer's attribute)
	{CatUnknown, "", W("nao informado|nao informada|nao informados|nao informadas|sem informacao|sem informacoes|sem info|desconhecido|desconhecida|desconhecidos|desconhecidas|em branco|nulo|nula|nulos|nulas|null|nao preenchido|nao preenchida|nao preenchidos|indefinido|indefinida|nao sabemos|nao se sabe",
		"unknown|null|nulls|is null|are null|not known|not informed|not provided|not filled|not filled in|not set|unset|blank|unspecified|undefined|no information|no info|no data|we dont know|we do not know|not on file")},
	{CatKnown, "", W("informado|informada|informados|informadas|preenchido|preenchida|preenchidos|preenchidas", "known|on file|filled in|provided|is not null|not null")},
	{CatNever, "", W("nunca|jamais|nenhuma vez|nunca nenhuma vez|nem uma vez|nem uma unica vez|nunca uma vez sequer|nem uma vez sequer", "never|not once|never once|never even once|not even once|not a single time|never a single time")},
	{CatCmp, ">", W(">|mais de|mais do que|acima de|acima dos|pra cima de|para cima de|maior que|maior do que|superior a|passa de|passaram de|mais que|mais velhos que|mais velhas que|mais velhos do que", ">|more than|over|above|greater than|higher than|bigger than|larger than|exceeding|more then|greater then|higher then|older than|older then")},
	{CatCmp, "<", W("mais novos que|mais novas que|mais novos do que", "younger than|younger then")},
	{CatCmp, ">=", W(">=|≥|+|pelo menos|no minimo|ao menos|a partir de|ou mais|pra cima|para cima|ou acima|e acima", ">=|≥|+|at least|or more|and over|and up|and above|or over|or older|and older|minimum of|and upwards|or above")},
	{CatCmp, "<", W("<|menos de|menos do que|abaixo de|abaixo dos|menor que|menor do que|inferior a|menos que", "<|less than|fewer than|under|below|lower than|smaller than|younger than|less then|fewer then")},
	{CatCmp, "<=", W("<=|≤|no maximo|ou menos|ate", "<=|≤|at most|or less|or fewer|or younger|up to|maximum of")},
	{CatCmp, "=", W("apenas|somente|so|exatamente|igual a|contando so|contando apenas|contando somente|considerando so|considerando apenas|considerando somente|considere so|considere apenas|considere somente|exclusivamente|unicamente|considerando exclusivamente|considerando unicamente", "only|exactly|just|equal to|counting only|considering only|consider only|including only|exclusively|solely|considering exclusively|considering solely")},
	{CatMany, "", W("varias|varios|diversas|diversos|multiplas|multiplos|mais de uma|mais de um", "multiple|several|many|more than one|various")},
	{CatPerson, "", W("quem|alguem|alguma pessoa|algum cliente|alguns clientes", "who|whom|whos|who is|anyone|anybody|someone|somebody|any customer|any customers")},
	// "não informaram a data de nascimento": did not give it, have none on file
	{CatHave, "", W("informaram|informou|preencheram|preencheu", "")},
	{CatHave, "", W("tem|possuem|possui|com|c|que tem|que possuem|ainda tem|parado na mao|parados na mao|parado nas maos|parados nas maos|parado com|parados com|na mao|nas maos|em maos|guardado com|guardados com|detem|detinha|detinham|detendo|que detem|detenham", "have|has|with|w|holding|that have|who have|sitting on|still sitting on|got|sat on|are sat on|still sat on|hold|holds|hanging on to|hanging onto|having|is having|are having|who are having")},
	{CatChrono, "asc", W("do mais antigo para o mais recente|do mais antigo pro mais recente|do mais antigo ao mais recente|dos mais antigos para os mais recentes|mais antigos primeiro|mais antigo primeiro|em ordem cronologica|por ordem cronologica|na ordem cronologica|ordem cronologica|em ordem de data|por ordem de data", "oldest first|oldest to newest|from oldest to newest|from the oldest to the newest|in chronological order|chronologically|chronological order|earliest first|in date order|oldest to most recent")},
	{CatChrono, "desc", W("do mais recente para o mais antigo|do mais recente pro mais antigo|do mais recente ao mais antigo|dos mais recentes para os mais antigos|mais recentes primeiro|mais recente primeiro", "newest first|most recent first|latest first|newest to oldest|from newest to oldest|from the newest to the oldest|most recent to oldest")},
	{CatOnFile, "", W("preenchido|preenchida|preenchidos|preenchidas|informado|informada|cadastrado|cadastrada", "on file|is filled|filled in|is on file")},
	{CatUse, "", W("usam|usa|utilizam|utiliza|usando|usuarios do|usuario do", "use|uses|using|users of")},
	{CatBetween, "", W("entre", "between")},
	// a ranking answered by its first row, said again: never a value equal to one
	// a formula's division ("quantidade de cupons dividida pelo número de clientes",
	// "revenue divided by the number of sales"): package grammar reads it between two
	// measures only
	{CatDiv, "", W("dividido por|dividida por|divididos por|divididas por|dividido pelo|dividida pelo|dividido pela|dividida pela|divido por|÷|sobre", "divided by|÷|over")},
	{CatOneRow, "", W("so uma|so um|apenas uma|apenas um|somente uma|somente um|so a primeira|so o primeiro|so a melhor|so o melhor|uma so|um so|so a campea|so o campeao|apenas a campea|apenas o campeao|so a vencedora|so o vencedor",
		"just the one|only the one|only one|just one|the single|a single|just the top one|only the top one|just the first|only the first|just the winner|only the winner")},
	// the one row named as the ranking's winner ("só quero saber a campeã", "just tell me
	// the winner"): package grammar reads it after "só", "only", or as the one row alone
	{CatOneRow, "winner", W("a campea|o campeao|a vencedora|o vencedor|a primeira colocada|o primeiro colocado|a lider|o lider", "the winner|the champion|the top one|the number one|the no 1|the no. 1")},
	{CatTop, "", W("top|os maiores|as maiores", "top|leading|best")},
	// a ranking said without its direction ("ranked", "ordenadas", "sort"): descending
	// unless the question says the order ("sorted from the lowest to the highest", "em
	// ordem crescente")
	{CatTop, "sort", W("ranking|ordenadas|ordenados|ordenada|ordenado|ordenar|ordene|ordena|classificadas|classificados|classificar|classifique|em ordem", "ranking|rank|ranked|sorted|ordered|sorted by|ordered by|sort|sort by|sort them|sort it|rank them|rank it|league table|a league table|rank them all|rank all of them|rank every one")},
	{CatMost, "", W("mais|maior|maiores|melhor|melhores|que mais|quem mais|mais movimentado|mais movimentada|mais movimentados|mais movimentadas|de maior movimento|com mais movimento|mais cheio|mais cheios", "most|more|highest|biggest|largest|best|greatest|top")},
	{CatLeast, "", W("menos|menor|menores|pior|piores|que menos|quem menos", "least|fewest|lowest|smallest|worst|bottom|less")},
	// an order said of every group ("do maior pro menor", "em ordem decrescente", "highest
	// to lowest", "biggest first"): the order of the rows, which ranks them all, never the
	// first one alone ("ranking da loja por faturamento do maior pro menor" was read as the
	// one store that sold most); package grammar reads the arg "all"
	{CatMost, "all", W("do maior para o menor|do maior pro menor|do maior pra menor|maior para menor|maior pro menor|maior pra menor|da maior para a menor|da maior pra menor|da maior pro menor|das maiores para as menores|dos maiores para os menores|decrescente|ordem decrescente|em ordem decrescente|desc|ordem desc", "biggest first|largest first|highest first|descending|in descending order|desc|in desc order|desc order|high to low|highest to lowest|best first|greatest first|most first")},
	{CatLeast, "all", W("do menor para o maior|do menor pro maior|do menor pra maior|menor para maior|menor pro maior|menor pra maior|da menor para a maior|da menor pra maior|da menor pro maior|das menores para as maiores|dos menores para os maiores|crescente|ordem crescente|em ordem crescente|asc|ordem asc", "smallest first|lowest first|ascending|in ascending order|asc|in asc order|asc order|low to high|lowest to highest|worst first|fewest first|least first")},
	{CatList, "", W("liste|listar|lista|listagem|listagem de|listagem dos|listagem das|mostre|mostrar|me mostre|quais|quais sao|relacao de|relacao dos|relacao das|relacao nominal|relacao nominal de|relacao nominal dos|relacao nominal das|uma relacao|a relacao|me passa|exiba|relacione|relacionar|me manda|manda|mande|me mande|me envie", "list|listing|show|show me|which|what are|display")},
	// a list asked by its names is a list of the names ("o nome dos clientes", "names
	// only"): the name is the column asked, with any other column said
	{CatList, "names", W("nomes|nome", "names|name")},
	// a question whether any customer does something ("any of my Copacabana customers got a
	// birthday this month?", "algum cliente da Savassi faz aniversário hoje?") asks who:
	// the list, of customers only (package grammar)
	{CatList, "any", W("algum dos|alguma das|algum dos meus|alguma das minhas|algum dos nossos|alguma das nossas|algum de nossos|alguma de nossas|algum de meus|alguma de minhas",
		"any of|any of my|any of our|any of the|do any of|did any of|have any of|has any of|are any of|is any of")},
	{CatVs, "", W("vs|versus|x|contra|comparado com|comparado a|comparada com|em comparacao com|em relacao a|em relacao ao|em relacao a os|em relacao aos|em relacao as|com relacao a|com relacao ao|frente a|frente ao|frente al|comparado ao|comparada ao|comparados com|comparadas com|compare|comparar|comparacao|comparativo|comparando|compara|comparem|lado a lado com|ao lado de|ao lado do|ao lado da|junto de|frente a frente com", "vs|v|versus|compared to|compared with|against|compare|comparison|comparing|relative to|next to|side by side with|alongside|beside|set against|stacked against|stacked up against")},
	{CatThan, "", W("do que|que", "than|then")},
	{CatGrowth, "", W("crescimento|cresceu|cresceram|crescer|variacao|variacao percentual|evolucao percentual|evolucao em percentual|evolucao em porcentagem|evolucao em %|evolucao %|% de crescimento|% de variacao|quanto cresceu|aumento percentual|em quantos por cento|quantos por cento|cresce|crescemos|aumentou|aumentaram|aumento|variou|evoluiu|subiu ou caiu|subiu ou desceu|cresceu ou caiu|caiu ou cresceu|aumentou ou diminuiu|aumentou ou caiu|salto|saltou|% de alta ou queda|alta ou queda|% pra cima ou pra baixo|% a mais ou a menos", "go up|gone up|go down|went down|gone down|went up or down|go up or down|gone up or down|grow or fall|grew or fell|rise or fall|rose or fell|increase or decrease|increased or decreased|evolution in percentage|evolution in percent|evolution in %|percentage evolution|percent evolution|% evolution|up or down|% up or down|percent up or down|jump|jumps|jumped|growth|grew|grow|grown|change|percent change|% change|percentage change|growth rate|increase|by what percentage|by what percent|by what %|by what pct|by how many percent|how many percent|grows|growing|grew by|increased|rise|rose|went up|uplift")},
	// a growth word and its opposite said as one ("crescimento (ou decréscimo)", "growth or
	// decline"): the same signed growth
	{CatGrowth, "", GrowthAlternatives()},
	// growth over the same period one unit before ("YoY growth for Q1": Q1 against Q1 of
	// the year before; "May MoM": May against April); the arg is the unit (Earlier).
	// "MoM", "WoW" and "QoQ" typed in capitals are read by the lexicon (Abbreviations):
	// "mom" and "wow" in lower case are other words
	{CatGrowth, "month", W("mes contra mes|mes sobre mes|m/m", "month over month|month-over-month|month on month|month-on-month|m/m")},
	// the unit and a growth word in one phrase: a growth, never the periods side by side
	{CatGrowth, "month growth", W("", "mom growth|mom change")},
	{CatGrowth, "week growth", W("", "wow growth|wow change")},
	{CatGrowth, "quarter", W("trimestre contra trimestre|trimestre sobre trimestre|t/t|qoq", "quarter over quarter|quarter-over-quarter|quarter on quarter|quarter-on-quarter|q/q|qoq")},
	{CatGrowth, "week", W("semana contra semana|semana sobre semana", "week over week|week-over-week|week on week|week-on-week|w/w")},
	{CatGrowth, "year", W("ano contra ano|ano a ano|a/a|interanual|yoy|sobre o mesmo periodo do ano anterior|sobre o mesmo periodo do ano passado",
		"yoy|year over year|year-over-year|year on year|year-on-year|y/y|over the same period last year")},
	{CatDiff, "", W("diferenca|diferenca entre|delta", "difference|difference between|delta|by how much|gap")},
	// the answer's one number said again as the difference or the growth ("só a diferença
	// em R$", "just the growth in %"): the difference or growth asked, said again (package
	// grammar reads a second one as the first)
	{CatDiff, "", W("so a diferenca|apenas a diferenca|somente a diferenca|so o delta|so a diferenca mesmo", "only the difference|just the difference|only the gap|just the gap|just the delta|only the delta")},
	{CatGrowth, "", W("so o crescimento|apenas o crescimento|somente o crescimento|so a variacao|apenas a variacao|somente a variacao", "only the growth|just the growth|only the change|just the change")},
	// the words that say which value is taken from which: the first named minus the second
	{CatDiff, "more", W("quanto maior|quanto a mais|a mais|superou|ultrapassou|excedeu|passou na frente de", "how much more|how much higher|how much bigger|how much larger|more than|exceed|exceeded|exceeds|surpass|surpassed|outsold|outsell|minus")},
	{CatShare, "", W("percentual|porcentagem|taxa|tx|proporcao|participacao|fatia|por cento|taxas|percentuais|porcentagens|fracao|penetracao|taxa de penetracao", "percentage|penetration|penetration rate|percent|share|rate|proportion|ratio|pct|rates|percentages|fraction")},
	// the sign alone: a percentage, or the unit of one said before it ("taxa de cancelamento
	// mensal (%)"; package grammar, shareSaidTwice)
	{CatShare, "sign", W("%", "%")},
	// what a part represents of a whole is its share ("quanto as vendas no pix representam
	// do faturamento", "what the app sign-ups represented"): the verb in any inflection;
	// after a percentage word it is that percentage said again ("qual o percentual que as
	// vendas no pix representam")
	{CatShare, "again", Words{PT: append(Conjugate("representar"), "representa", "representaria"), EN: split("represent|represents|represented|account for|accounts for|accounted for")}},
	// the answer's one column said as a percentage ("só o percentual", "only the %"): the
	// percentage asked, said again
	{CatShare, "again", W("so o percentual|so o %|so a porcentagem|apenas o percentual|apenas o %|apenas a porcentagem|somente o percentual|somente o %|somente a porcentagem|so a taxa|apenas a taxa|so o valor percentual|so em %|so em percentual|em percentual|em porcentagem|em %|expresso em percentual|expressa em percentual|expressos em percentual|expressas em percentual|expresso em porcentagem|expressa em porcentagem|expressa em %|expresso em %|em termos percentuais",
		"only the %|just the %|only the percentage|just the percentage|only the percent|just the percent|only the rate|just the rate|percentage only|% only|just as a %|only as a %|as a percentage|as a percent|in percent|in percentage|in percentages|as percentage|in %|in percentage terms|expressed as a percentage|expressed as a percent|expressed as a %|expressed in percent|expressed in percentage terms")},
	// the rates asked, counted again ("as três taxas numa linha só", "all three rates")
	{CatShare, "again", W("as duas taxas|as tres taxas|os dois percentuais|os tres percentuais|as duas porcentagens|as tres porcentagens", "both rates|the two rates|the three rates|all three rates|both percentages|the three percentages|all three percentages")},
	// a percentage asked for ("quantos %", "what %"): its condition follows it, never the
	// word before it
	{CatShare, "ask", Words{PT: append(split("qual %|qual o %|qual a %|qual o percentual|qual a porcentagem|que %|em que %"), percentAsked(howManyPT)...), EN: split("what %|what percent|what percentage|how many %|what pct|by what %|by what percent|by what percentage|by how many percent|by how much percent")}},
	// a share of the total of every group ("% of total", "mix"): each group's part, never
	// the part of the rows meeting a condition
	{CatShare, "total", W("% do total|percentual do total|porcentagem do total|participacao no total|participacao do total|participacao sobre o total|% sobre o total|percentual sobre o total|fatia do total|parcela do total|mix|do total geral",
		"% of total|% of the total|percent of total|percent of the total|percentage of total|percentage of the total|share of total|share of the total|pct of total|as % of total|as a % of total|as a percentage of total|as a share of total|mix|of the grand total")},
	// "desde o início de maio", "since the start of the year": since the period (its start is
	// where it starts); said alone, "desde o início" is all the history (discourse.go, scope)
	{CatSince, "", W("desde|a partir de|de la pra ca|a contar de|a contar do|a contar da|desde o inicio de|desde o inicio do|desde o inicio da|desde o comeco de|desde o comeco do|desde o comeco da|desde o principio de|desde o principio do|desde o principio da", "since|starting|from then on|since the start of|since the beginning of|since the very start of|since the very beginning of|since start of|since beginning of|since begin of")},
	{CatBefore, "", W("antes de|antes do|antes da|anterior a", "before|prior to|earlier than")},
	{CatAfter, "", W("depois de|depois do|depois da|apos", "after|later than")},
	{CatFrom, "", W("de|do|da|desde", "from")},
	// where a store is ("lojas situadas em Campinas", "stores located in São Paulo"): the
	// place of the stores, as "de" is ("lojas de Campinas")
	{CatFrom, "located", W("situada em|situadas em|situada na|situadas na|situada no|situadas no|localizada em|localizadas em|localizada na|localizadas na|localizada no|localizadas no|que ficam em|que ficam na|que ficam no|que fica em|que fica na|que fica no|sediada em|sediadas em|instalada em|instaladas em", "located in|located at|based in|situated in|that are in|which are in")},
	{CatTo, "", W("a|ao|ate|->", "to|through|thru|until|till|->")}, // "->": an arrow, "Apr -> May"
	// an order said as a range ("from the highest to the lowest", "do mais usado pro menos
	// usado", "largest to smallest"): the word before its end, which names the direction
	// again, never a second order (package grammar reads it only before the opposite
	// order word, after a first one)
	// named days whose date the model does not know ("no dia dos namorados (12/06)", "on
	// Black Friday, 29/11"): package grammar reads one only beside the date that names it,
	// which is the period; alone it is not understood
	{CatOccasion, "", W("dia dos namorados|dia das maes|dia dos pais|dia das criancas|dia do cliente|dia do consumidor|natal|vespera de natal|ano novo|reveillon|pascoa|carnaval|black friday|cyber monday|aniversario da loja",
		"valentines day|valentine day|mothers day|fathers day|childrens day|customer day|christmas|christmas day|christmas eve|new years day|new years eve|easter|carnival|black friday|cyber monday|boxing day|thanksgiving|store anniversary")},
	// "comparing 2025 with 2024", "comparar maio com abril": the second period compared
	// (package grammar reads it only after a comparison word and a first period)
	{CatWith, "", W("com|a|ao", "with|to|against")},
	{CatOrderTo, "", W("a|ao|ate|para|pra|pro|->", "to|down to|up to|through|->")},
	// a second count among the rows a first one counted ("quantos resgates ... e quantos
	// desses estão pendentes", "and of those, how many accept email")
	{CatAmong, "", W("desses|dessas|destes|destas|deles|delas|dentre esses|dentre essas|dentre eles|dentre elas|entre esses|entre essas|entre eles|entre elas|desse total|desse grupo|deste grupo|dos quais|das quais", "of those|of these|of them|among those|among these|among them|out of those|out of these|out of them|from those|of which|of that group|of this group")},
	{CatAgain, "", W("novamente|de novo|outra vez|voltaram a|voltou a|denovo|voltaram|voltou|voltar|retornaram|retornou", "again|once more|come back|came back|returned|return|came again|return and|come back and|came back and")},
	// a verb of buying again said as one word ("não recompraram em maio"): again, then the
	// purchase the period dates (CatEvent "buy" is implied by the cohort rules)
	{CatAgain, "", W("recompraram|recomprou|recompram|recomprar|recompraria|recomprariam", "rebought|repurchased")},
	// "tkt médio no pix e no dinheiro, separado", "Cambuí and Ibirapuera, separately for
	// both", "credited, debited and redeemed, each as a separate figure": the members,
	// periods or measures the question names, one row or column each, as they are read
	// already; said of nothing compared it is a breakdown the question does not name
	// the answer's numbers said as a count of them ("os três valores em uma única linha",
	// "both figures in one row"): as many as the measures asked (package grammar)
	{CatFigures, "", W("valores|numeros|totais|resultados|numeros pedidos|valores pedidos", "figures|values|numbers|totals|metrics|results")},
	{CatApart, "", W("separado|separada|separados|separadas|separadamente|em separado|cada um separado|cada uma separada|cada um separadamente|cada uma separadamente|um por um|uma por uma|individualmente|um de cada vez|cada um na sua linha|cada um em uma linha|cada um numa linha|em linhas separadas|em numeros separados|separado um do outro|separados um do outro|separada uma da outra|separadas uma da outra|um separado do outro|uma separada da outra",
		"separately|individually|each separately|one by one|respectively|separate|as a separate figure|as separate figures|each as a separate figure|each a separate figure|as separate numbers|as separate lines|on separate lines|in separate lines|on separate rows|in separate rows|as separate rows|each on its own line|each on its own row|each on their own line|each on their own row|separate from each other|separately from each other|apart from each other")},
	// a participle of separating with "entre" before the values compared ("saldo segregado
	// entre clientes ativos e inativos", "balance split between active and inactive"): the
	// values apart, one row each
	{CatApart, "", withParticipleForms(W("separado entre|segregado entre|dividido entre|repartido entre|quebrado entre|aberto entre",
		"split between|split out between|broken down between|separated between|segregated between|divided between|broken out between"))},
	{CatBoth, "", W("ambos|ambas|as duas|os dois|nas duas|nos dois|em ambas|tanto|tambem|tb|tbm|tambem em|tambem na|tambem no", "both|both of|each of|also|as well as|and also")},
	{CatBefore2, "", W("antes|anteriormente|ja tinham|ja tinha|ja haviam|ja havia|anterior|precedente", "before|previously|earlier|had already|previous|prior|preceding")},
	// honorifics before a person's name ("a senhora Fernanda Lima Duarte", "dona Maria
	// Souza", "Mr. Carlos Nogueira"): the name is the customer's, the honorific no part of
	// it (package grammar, names.go)
	{CatHonor, "", Honorifics},
	{CatNamed, "", W("chamado|chamada|chamados|chamadas|com nome|de nome|com o nome|cujo nome|sobrenome|com sobrenome|de sobrenome|cujo sobrenome|cujo sobrenome e|cujo nome e|cujo nome contem|cujo nome tem|cujo nome inclui|nome contem|nome contendo|com nome contendo|com o nome contendo|que se chamam|que se chama|que atende por|atende pelo nome de|de nome de",
		"named|called|with the name|whose name|surname|last name|whose name is|whose name contains|whose name includes|whose name has|name contains|name containing|names containing|with names containing|with a name containing|whose surname is|whose last name is|with the surname|with the last name|by the name of|goes by|who goes by|that goes by")},
	{CatAlso, "", W("junto com|juntamente com|acompanhado de|acompanhados de|com seus respectivos|com suas respectivas|com o respectivo|com a respectiva|com os respectivos|mostrando",
		"along with|together with|alongside|with their|plus their|showing|and their")},
	{CatInName, "", W("no nome|nos nomes|no sobrenome|no nome completo|em seu nome|no nome dele|no nome dela",
		"in the name|in their name|in their names|in the names|in name|in his name|in her name|in the surname|in their surname|in the last name|in their last name|in the full name")},
	{CatWho, "", W("qual|quais|que|quem|ql|qual e|qual foi", "which|what|who|that|whats")},
	// a thing asked of what someone did ("o que os clientes mais resgatam", "what do
	// people buy the most"): one answer, never the people themselves
	{CatWho, "thing", W("o que|oq|o q", "what do|what did|what have")},
	{CatWhen, "", W("quando|quando foi|em que data|que dia|qdo|qndo|qnd", "when|when was|when did|what date|on what date")},
	{CatPerCust, "", W("por cliente|por comprador|por pessoa|por cliente que comprou|por cliente que fez compra", "per customer|per buyer|per person|per member|per buying customer|per paying customer|per purchasing customer|per shopper")},
	{CatBands, "", withParticipleForms(W("divididos em|divididas em|dividido em|dividida em|separados em|separadas em|separado em|separada em|nas seguintes faixas|seguintes faixas|nas faixas seguintes|faixas seguintes|nas faixas a seguir|faixas a seguir|escalao|escaloes|faixa|faixas|distribuicao|distribuicao por faixa|distribuidos|distribuidas|bandas|divisao|nestas faixas|nessas faixas|grupos|agrupados em|agrupe em|caem em|caem na|cai em|se encaixam em|estao distribuidos|estao divididos|se distribuem|grupo",
		"split into|broken into|broken down into|divided into|separated into|bucketed into|band|bands|bucket|buckets|brackets|distribution|split|distributed|spread out|spread|spread across|breakdown|groups|the groups|using the groups|in these groups|group them as|grouped as|grouped into|fall in|fall into|falls in|falls into|are distributed|are spread|group"))},
	// band words that name their quantity
	{CatBands, "age", W("escalao etario|escaloes etarios|escalao de idade|escaloes de idade|faixa etaria|faixas etarias|perfil etario|perfil de idade|faixa de idade|faixas de idade|distribuicao etaria|distribuicao por idade|distribuicao de idade|distribuicao por faixa etaria|piramide etaria|composicao etaria", "age bands|age groups|age brackets|age profile|age group|age band|age distribution|distribution by age|distribution of age|age breakdown|age split|age buckets|age bucket")},
	// the customers whose attribute is unknown left out ("leave out the unknowns"): what a
	// comparison of two values of the attribute does anyway
	{CatUnknowns, "", W("sem os desconhecidos|tirando os desconhecidos|deixando de fora os desconhecidos|deixe de fora os desconhecidos|sem os nao informados|tirando os nao informados|ignorando os nao informados|ignorando os desconhecidos|excluindo os desconhecidos|excluindo os nao informados|desconsiderando os nao informados|desconsiderando os desconhecidos",
		"leave out the unknowns|leaving out the unknowns|leave out unknowns|excluding unknowns|excluding the unknowns|exclude the unknowns|exclude unknowns|ignore the unknowns|ignoring the unknowns|ignore unknowns|without the unknowns|unknowns excluded|drop the unknowns|skip the unknowns")},
	// an inclusion list ("incluir cancelados e expirados", "also cancelled and expired",
	// "expired ones too"): the statuses named are counted besides the usual rows
	{CatInclude, "", W("incluir|inclua|incluam|incluindo|incluso|inclusos|inclusa|inclusas|incluido|incluidos|incluida|incluidas|inclusive|tambem|junto", "include|includes|including|included|inclusive of|also|too|as well")},
	{CatPctl, "", W("percentil|percentis|percentiles", "percentile|percentiles|pctl|pctls")},
	// how percentiles are computed: continuous, interpolated between the two rows around
	// the rank (Postgres percentile_cont), the one way statistics.go computes them. Said
	// beside a percentile they restate it; a discrete percentile is a word no reading uses
	{CatPctlCont, "", W("percentile cont|percentile_cont|percentil continuo|percentis continuos|continuo|continuos|continua|continuas|interpolado|interpolada|interpolados|interpoladas|com interpolacao|por interpolacao|interpolacao linear",
		"percentile cont|percentile_cont|continuous|continuous percentile|continuous percentiles|interpolated|interpolated percentile|interpolated percentiles|interpolated median|with interpolation|linear interpolation|linearly interpolated")},
	{CatNew, "", W("novo|novos|nova|novas|recentes|recem cadastrados", "new|newly registered|recent")},
	{CatTrend, "", W("evolucao|tendencia|historico|ao longo do tempo|serie historica", "trend|trends|evolution|over time|history|time series")},
	{CatUntil, "", W("ate|até|ate o fim de|ate o final de", "until|till|up to|through|by|until the end of|through the end of|by the end of|till the end of|until end of|till end of|through end of|by end of")},
	{CatLast2, "", W("retrasado|retrasada|retrasados", "before last|last to last")},
	{CatQuarterN, "1", W("q1|1t|1tri", "q1|1q")},
	{CatQuarterN, "2", W("q2|2t|2tri", "q2|2q")},
	{CatQuarterN, "3", W("q3|3t|3tri", "q3|3q")},
	{CatQuarterN, "4", W("q4|4t|4tri", "q4|4q")},
	{CatHalfN, "1", W("h1|1s|1sem", "h1|1h")},
	{CatHalfN, "2", W("h2|2s|2sem", "h2|2h")},
	// points are reported as magnitudes: "em valor absoluto" after a sum of points restates it
	{CatAbs, "", W("em valor absoluto|valor absoluto|em valores absolutos|valores absolutos|em modulo|absoluto|absolutos|numeros absolutos|em numeros absolutos", "in absolute value|in absolute values|absolute value|absolute values|as absolute values|as a positive number|as positive numbers|as magnitudes|absolute|absolutes|absolute numbers|in absolute terms")},
	// every period's bounds are in it ("de 01/06 a 17/06, inclusive", "até amanhã, inclusive",
	// "through June 17, inclusive"): said after one, at a clause's end, the word restates it
	{CatIncl, "", W("inclusive|inclusivo|ambas inclusive|ambas as datas inclusive|com ambas as datas inclusas|datas inclusas|as duas datas inclusas|inclusive ambas", "inclusive|both inclusive|both dates inclusive|both days inclusive|both dates included|both days included|inclusive of both dates|both ends included|both ends inclusive")},
	{CatSoFar, "", W("ate agora|ate hoje|ate o momento|ate aqui|ate o dia de hoje|ate a presente data|ate a data de hoje|ate a data atual|ate o presente momento|incluindo hoje|contando hoje|hoje incluso|hoje incluido|inclusive hoje|hoje inclusive|contando com hoje", "today included|including today|counting today|today inclusive|inclusive of today|today counted|to the present date|up to the present date|through the present date|so far|to date|until now|up to now|thus far|till now|til now|till today|until today|up to today|as of today|as of now|as at today|as at now|as at date|as at the present date|as of the present date|till date|til date|until date|up to date|upto date|up till now|up until now")},
	// a period said with emphasis at a clause's end, as Indian English says it ("in last 30
	// days itself", "for last month only"): "itself" never restricts; "only" may ("customers
	// who bought in May only": in no other month), so package grammar reads it as emphasis
	// only when the question names nothing customers did
	{CatEmph, "itself", W("", "itself")},
	{CatEmph, "only", W("apenas|somente", "only")},
	{CatOnward, "", W("em diante|pra frente|para frente|adiante|pra ca|para ca", "on|onward|onwards|forward|and after")},
	{CatCost, "", W("custa|custam|custando|vale|valem", "cost|costs|costing|priced at")},
	{CatAgg, "count", W(howManyPT+"|por quantidade|pela quantidade|nº|n°|nº de|n° de|quantidade|quantidade de|qtd|qtde|qtd de|quant|numero|numero de|n de|no de|total de|contagem|conte|quantitativo|quantitativo de|o quantitativo de|#|# de", "how many|tally|tally of|the tally of|a tally of|tallies|tallies of|the tallies of|by count|by the count|by quantity|number|number of|count|count of|no of|nr of|num of|headcount|head count|headcount of|qty|quantity|quantities|quantity of|the quantity of|total number|n|n of|#|# of|the # of|total #|total # of")},
	{CatAgg, "sum", W("soma absoluta|soma em valor absoluto|soma dos valores absolutos|total|soma|somam|somaram|somou|somado|somados|somada|somadas|somando|somatorio|quanto|qnt|qnto|qto|quanto foi|valor total|vlr total|juntos|juntas|em conjunto|somados juntos|quanto deram|quanto somaram|quanto deu no total|agregado|no agregado|em agregado", "quantum|quantum of|the quantum of|absolute sum|sum of absolute values|sum of the absolute values|total|sum|sum of|how much|overall|combined|altogether|taken together|together|added together|added up|what did they come to|what did it come to|what do they come to|what does it come to|what they came to|what it came to|came to|come to|amounted to|amount to|added up to|add up to|aggregate|in aggregate|in the aggregate")},
	{CatAgg, "avg", W("media|medio|media de|valor medio|em media|media aritmetica|media simples|valor medio aritmetico", "average|avg|mean|on average|typical|arithmetic mean|arithmetic average|simple average|simple mean")},
	{CatAgg, "max", W("maior|maximo|maxima", "max|maximum|highest|largest|biggest")},
	{CatAgg, "min", W("menor|minimo|minima", "min|minimum|lowest|smallest")},
	{CatAgg, "median", W("mediana|mediano|valor mediano|p50", "median|p50")},
	// percentiles by their analysts' names ("p90 ticket size"); "percentil 90" is read by
	// the grammar (CatPctl and a number)
	{CatAgg, "p10", W("p10", "p10")},
	{CatAgg, "p25", W("p25|primeiro quartil|1o quartil|quartil inferior", "p25|first quartile|lower quartile|1st quartile")},
	{CatAgg, "p75", W("p75|terceiro quartil|3o quartil|quartil superior", "p75|third quartile|upper quartile|3rd quartile")},
	// the three quartiles at once: p25, the median and p75 (package grammar, stats.go)
	{CatAgg, "quartiles", W("quartis|os quartis|os tres quartis", "quartiles|the quartiles|the three quartiles")},
	{CatAgg, "p90", W("p90", "p90")},
	{CatAgg, "p95", W("p95", "p95")},
	{CatAgg, "p99", W("p99", "p99")},
	{CatAgg, "distinct", W("distintos|distintas|diferentes|unicos|unicas|sem repetir|sem repeticao|sem repetidos|sem contar repetido|sem contar repetidos|sem contar repetidas|sem contar os repetidos|sem contar as repetidas|sem duplicados|sem duplicadas|sem duplicidade|sem duplicatas|sem contar duplicados|sem contar duas vezes|cada um uma vez so|cada um contado uma vez",
		"distinct|different|unique|without duplicates|no duplicates|not counting duplicates|without counting duplicates|deduplicated|deduped|each counted once|counted once|counted only once|without double counting|no double counting|without repeats|no repeats|not counting repeats")},

	{CatThis, "", W("este|esta|esse|essa|neste|nesta|nesse|nessa|deste|desta|desse|dessa|atual|corrente|presente|em curso|no|na", "this|current|the current")},
	{CatLast, "", W("ant|pass|proximo passado|proxima passada|proximos passados|proximas passadas|passado|passada|anterior|ultimo|ultima|ultimos|ultimas|que passou|transato|transata", "last|previous|past|prior|preceding|trailing|rolling|passed|just passed|that passed|just gone|thats just gone|that just went")},
	{CatNext, "", W("proximo|proxima|proximos|que vem", "next|coming|upcoming")},
	// units that have ended ("as 4 últimas semanas fechadas", "the last four complete
	// weeks"): the current unit, begun, is not one of them (Calendar.LastNComplete)
	{CatComplete, "", W("fechada|fechadas|fechado|fechados|completa|completas|completo|completos|encerrada|encerradas|encerrado|encerrados|cheia|cheias|cheio|cheios|inteiros|inteiras", "complete|completed|full|closed|finished|whole")},
	{CatUnit, "day", W("dia|dias", "day|days|dais|dys")},
	{CatUnit, "week", W("semana|semanas|sem", "week|weeks|wk|wks")},
	{CatUnit, "fortnight", W("quinzena|quinzenas", "fortnight|fortnights")},
	{CatUnit, "weekend", W("fim de semana|final de semana|fds|fins de semana|finais de semana", "weekend|weekends")},
	{CatUnit, "month", W("mes|meses", "month|months|mo|mos|mth|mths|mnth|mnths")},
	{CatUnit, "quarter", W("trimestre|trimestres|tri", "quarter|quarters|qtr")},
	{CatUnit, "half", W("semestre|semestres", "half|half year|half-year|semester")},
	{CatUnit, "year", W("ano|anos|exercicio|exercicios|ano fiscal|anos fiscais|exercicio fiscal|exercicio social|ano civil|ano calendario", "year|years|yr|yrs|fiscal year|fiscal years|fy|financial year|calendar year")},
	{CatDay, "today", W("hoje|hj|a presente data|presente data|a data de hoje|a data atual|o presente momento|o dia de hoje", "today|tdy|the present date|the current date")},
	{CatDay, "yesterday", W("ontem", "yesterday")},
	{CatDay, "daybefore", W("anteontem|antes de ontem|antes dontem", "day before yesterday|the day before yesterday")},
	{CatDay, "tomorrow", W("amanha", "tomorrow")},
	{CatDay, "ytd", W("desde o comeco do ano|desde o inicio do ano|do comeco do ano pra ca|do inicio do ano pra ca|desde o comeco do ano ate agora|desde o inicio do ano ate agora|desde o comeco do ano ate hoje|desde o inicio do ano ate hoje|no ano|acumulado do ano|ate agora no ano|acumulado do exercicio|exercicio ate a data|exercicio ate agora|no exercicio ate agora|exercicio ate o momento", "since the start of the year|since the beginning of the year|since the start of this year|since the beginning of this year|since start of the year|since beginning of the year|since begin of the year|since begin of this year|ytd|year to date|so far this year|financial year to date|fiscal year to date|fytd|fy to date|fiscal ytd|financial ytd|fy ytd|financial year-to-date|fiscal year-to-date")},
	{CatDay, "mtd", W("desde o comeco do mes|desde o inicio do mes|do comeco do mes pra ca|do inicio do mes pra ca|no mes|acumulado do mes", "since the start of the month|since the beginning of the month|since the start of this month|since the beginning of this month|mtd|month to date")},
	{CatDay, "qtd", W("no trimestre|acumulado do trimestre", "qtd|quarter to date")},
	{CatDay, "wtd", W("acumulado da semana", "wtd|week to date")},
	{CatMonth, "1", W("janeiro|jan", "january|jan")},
	{CatMonth, "2", W("fevereiro|fev", "february|feb")},
	{CatMonth, "3", W("marco|mar", "march|mar")},
	{CatMonth, "4", W("abril|abr", "april|apr")},
	{CatMonth, "5", W("maio|mai", "may")},
	{CatMonth, "6", W("junho|jun", "june|jun")},
	{CatMonth, "7", W("julho|jul", "july|jul")},
	{CatMonth, "8", W("agosto|ago", "august|aug")},
	{CatMonth, "9", W("setembro|set", "september|sep|sept")},
	{CatMonth, "10", W("outubro|out", "october|oct")},
	{CatMonth, "11", W("novembro|nov", "november|nov")},
	{CatMonth, "12", W("dezembro|dez", "december|dec")},
	{CatWeekday, "1", W("segunda|segundas|segunda feira|segundas feiras|seg", "monday|mondays|mon")},
	{CatWeekday, "2", W("terca|tercas|terca feira|tercas feiras", "tuesday|tuesdays|tue|tues")},
	{CatWeekday, "3", W("quarta|quartas|quarta feira|quartas feiras|qua", "wednesday|wednesdays|wed")},
	{CatWeekday, "4", W("quinta|quintas|quinta feira|quintas feiras|qui", "thursday|thursdays|thu|thur|thurs")},
	{CatWeekday, "5", W("sexta|sextas|sexta feira|sextas feiras|sex", "friday|fridays|fri")},
	{CatWeekday, "6", W("sabado|sabados|sab", "saturday|saturdays|sat")},
	{CatWeekday, "7", W("domingo|domingos|dom", "sunday|sundays|sun")},
	{CatWeekday, "1-5", W("dias uteis|dia util|dias de semana|durante a semana", "weekdays|weekday|business days|working days|workdays|on weekdays")},
	{CatWeekday, "6-7", W("fins de semana|finais de semana|nos fins de semana|aos fins de semana|fim de semana|final de semana|no fim de semana|fds", "weekends|on weekends|weekend|on the weekend|at the weekend")},
	{CatOrdinal, "1", W("primeiro|primeira|primeiros|primeiras|1o|1a", "first|1st")},
	// "desde o dia primeiro", "no dia primeiro de maio": the 1st (spoken Portuguese says
	// the first day of a month as an ordinal, the others as numbers)
	{CatDayNo, "1", W("dia primeiro|dia 1o", "")},
	{CatOrdinal, "2", W("segundo|segunda|2o|2a", "second|2nd")},
	{CatOrdinal, "3", W("terceiro|terceira|3o|3a", "third|3rd")},
	{CatOrdinal, "4", W("quarto|quarta|4o|4a", "fourth|4th")},
	{CatNumWord, "0", W("zero", "zero")},
	{CatNumWord, "1", W("um|uma", "one")},
	{CatNumWord, "2", W("dois|duas", "two")},
	{CatNumWord, "3", W("tres", "three")},
	{CatNumWord, "4", W("quatro", "four")},
	{CatNumWord, "5", W("cinco", "five")},
	{CatNumWord, "6", W("seis", "six")},
	{CatNumWord, "7", W("sete", "seven")},
	{CatNumWord, "8", W("oito", "eight")},
	{CatNumWord, "9", W("nove", "nine")},
	{CatNumWord, "10", W("dez", "ten")},
	{CatNumWord, "11", W("onze", "eleven")},
	{CatNumWord, "12", W("doze", "twelve")},
	{CatNumWord, "13", W("treze", "thirteen")},
	{CatNumWord, "14", W("catorze|quatorze", "fourteen")},
	{CatNumWord, "15", W("quinze", "fifteen")},
	{CatNumWord, "16", W("dezesseis|dezasseis", "sixteen")},
	{CatNumWord, "17", W("dezessete|dezassete", "seventeen")},
	{CatNumWord, "18", W("dezoito", "eighteen")},
	{CatNumWord, "19", W("dezenove|dezanove", "nineteen")},
	{CatNumWord, "20", W("vinte", "twenty")},
	{CatNumWord, "30", W("trinta", "thirty")},
	{CatNumWord, "40", W("quarenta", "forty|fourty")},
	{CatNumWord, "50", W("cinquenta|cincoenta", "fifty")},
	{CatNumWord, "60", W("sessenta", "sixty")},
	{CatNumWord, "70", W("setenta", "seventy")},
	{CatNumWord, "80", W("oitenta", "eighty")},
	{CatNumWord, "90", W("noventa", "ninety")},
	{CatNumWord, "100", W("cem|cento", "hundred|a hundred|one hundred")},
	{CatNumWord, "120", W("cento e vinte", "a hundred and twenty|one hundred and twenty|hundred and twenty|one hundred twenty")},
	{CatNumWord, "180", W("cento e oitenta", "a hundred and eighty|one hundred and eighty|hundred and eighty|one hundred eighty")},
	{CatNumWord, "200", W("duzentos|duzentas", "two hundred")},
	{CatNumWord, "300", W("trezentos|trezentas", "three hundred")},
	{CatNumWord, "365", W("trezentos e sessenta e cinco", "three hundred and sixty five|three hundred sixty five")},
	{CatNumWord, "500", W("quinhentos", "five hundred")},
	{CatNumWord, "1000", W("mil|um mil", "thousand|a thousand|one thousand")},
	{CatAgo, "", W("ha|a|faz|atras", "ago|for")},
	{CatInPeriod, "", W("em|no|na|nos|nas|durante|ao longo de|dentro de|pelo|pela|referente a|referente ao|referente aos|referente as|referentes a|referentes ao|relativo a|relativo ao|relativa a|relativa ao|correspondente a|correspondente ao|no periodo de|durante o periodo de|ao longo do|ao longo da|no decorrer de|no decorrer do|no decorrer da|no transcurso de|no transcurso do|no transcurso da", "in|on|during|within|over|for|at|for the period|for the period of|over the period of|pertaining to|relating to|throughout|across the period of|across|in respect of|in respect of the|over the course of|in the course of|during the course of")},

	{CatWrite, "", W("apague|apagar|apaga|delete|deletar|deleta|exclua|excluir|remova|remover|altere|alterar|atualize|atualizar|mude|mudar|modifique|insira|inserir|adicione|adicionar|cadastre|cadastrar|zere|zerar|cancele|cancelar|credite|creditar|debite|debitar|transfira|transferir|ative|ativar|desative|desativar|bloqueie|bloquear|limpe|limpar|renomeie|renomear|estorne|estornar|aplique|aplicar|defina|definir|ajuste|ajustar|bota|bote|botar|coloca|coloque|colocar|poe|ponha|marca|marque|marcar|lanca|lance|lancar",
		"delete|remove|drop|truncate|update|change|modify|edit|insert|add|set|reset|cancel|credit|debit|transfer|activate|deactivate|block|unblock|clear|purge|wipe|erase|rename|grant|revoke|adjust|apply|revert")},
	{CatForecast, "", W("previsao|prever|projecao|projetar|estimativa|estimar|vao|vai|vai ser|serao|sera|tendencia futura|vao expirar|vai expirar|vao vencer", "forecast|predict|prediction|projection|project|estimate|will|will be|going to|gonna|expected|will expire|going to expire")},
	{CatScope, "", W("lucro|lucros|margem|margens|estoque|estoques|custo|custos|imposto|impostos|meta|metas|nps|satisfacao|reclamacao|reclamacoes|devolucao|devolucoes|frete|fornecedor|fornecedores|senha|senhas|usuarios do sistema|vendedor|vendedores|vendedora|funcionario|funcionarios|visitas|visitaram|site|clima|tempo|churn|ltv|cac|roi|produtos mais vendidos|itens vendidos|por que|porque|motivo",
		"profit|profits|margin|margins|gross margin|stock|inventory|left in stock|tax|taxes|target|targets|nps|satisfaction|complaint|complaints|returns|refunds|shipping|supplier|suppliers|password|passwords|salesperson|salespeople|seller|sellers|employee|employees|staff|cashier|visited|visits|website|web site|weather|churn|ltv|lifetime value|cac|roi|best selling products|items sold|why|reason")},
}

// NumberJoin is the word that joins the parts of a number said in words ("vinte e
// cinco", "dois mil e vinte e cinco", "one hundred and eighty"): the lexicon reads such a
// number, with the number words of Terminals (CatNumWord), as one number (package
// lexicon, spoken.go).
var NumberJoin = W("e", "and")

// Definite are the articles and possessives that make the noun after them a particular
// one: "com o saldo", "with their balance" name the balance to show, where "com saldo",
// "with a balance" keep the customers holding some.
var Definite = W("o|a|os|as|seu|sua|seus|suas|respectivo|respectiva|respectivos|respectivas", "the|their|its|his|her")

// OneByOne are the links of a dimension's noun said twice, which ask for a row per value:
// "loja a loja", "dia por dia", "shop by shop", "day after day".
var OneByOne = W("a|por|apos", "by|after|per")

// oneByOne is a dimension's one-word nouns said twice around a word of OneByOne, read
// as a breakdown by it (as "mensal"): generated from the nouns, so every dimension's
// noun has them.
func oneByOne(nouns Words) Words {
	twice := func(ws, links []string) []string {
		var out []string
		for _, w := range ws {
			if w == "" || strings.Contains(w, " ") {
				continue
			}
			for _, l := range links {
				out = append(out, w+" "+l+" "+w)
			}
		}
		return out
	}
	return Words{PT: twice(nouns.PT, OneByOne.PT), EN: twice(nouns.EN, OneByOne.EN)}
}

// Terms is every terminal of the grammar: the words of the measures, dimensions, nouns,
// events, flags, values and quantities of the model, and the function and period words.
func Terms() []Term {
	var ts []Term
	for _, m := range Measures {
		if len(m.Words.PT)+len(m.Words.EN) > 0 {
			ts = append(ts, Term{CatMeasure, m.ID, m.Words})
		}
	}
	named := map[string]bool{} // the dimensions' own words: a column's name another has is its
	for _, d := range Dimensions {
		for _, w := range d.Words.With(d.Adjectives).EN {
			named[w] = true
		}
	}
	for _, d := range Dimensions {
		ws := d.Words
		for _, w := range d.ColumnWords().EN {
			if !named[w] {
				ws = ws.With(W(w, w))
			}
		}
		ts = append(ts, Term{CatDim, d.ID, ws})
		if adj := d.Adjectives.With(oneByOne(d.Words)); len(adj.PT)+len(adj.EN) > 0 {
			ts = append(ts, Term{CatDimAdj, d.ID, adj})
		}
	}
	for _, n := range Nouns {
		ts = append(ts, Term{CatNoun, n.ID, n.Words})
	}
	for _, e := range Events {
		ts = append(ts, Term{CatEvent, e.ID, withGerunds(e.Words)})
	}
	for _, f := range Flags {
		ts = append(ts, Term{CatFlag, f.ID, f.Words})
	}
	for _, v := range ValueWords {
		ts = append(ts, Term{CatValue, v.Kind + ":" + v.Code, v.Words})
	}
	for _, q := range Quantities {
		ts = append(ts, Term{CatQuantity, q.ID, q.Words})
	}
	for _, a := range Attributes {
		ts = append(ts, Term{CatAttr, a.ID, plurals(a.Words)})
	}
	ts = append(ts, Columns...)
	for _, f := range Fillers {
		cat := CatDiscourse
		if f.Skip {
			cat = CatFiller
		}
		ts = append(ts, Term{cat, f.ID, f.Words})
	}
	ts = append(ts, Term{CatFiller, "scope", ChainWide()})
	ts = append(ts, Term{CatFiller, "scope", BaseWide()})
	ts = append(ts, operationTerms()...)
	return append(ts, Terminals...)
}

// plurals are the words w and the plural of each one-word name among them ("cpf": "cpfs",
// "phone": "phones"): a list asks for "os nomes e CPFs" of its rows.
func plurals(w Words) Words {
	add := func(ws []string) []string {
		out := slices.Clone(ws)
		for _, x := range ws {
			if !strings.Contains(x, " ") && len(x) >= 3 && !strings.HasSuffix(x, "s") && !slices.Contains(out, x+"s") {
				out = append(out, x+"s")
			}
		}
		return out
	}
	return Words{PT: add(w.PT), EN: add(w.EN)}
}

// EachOf are the words that ask for a row of every value named ("quantos cada uma", "how
// much did each sell", "both of them"): a choice among named values said with one shows
// every value, ranked, never only the first; values named only in a clause left out are
// what they point to, so the question is never read without it (package grammar,
// statements.go).
var EachOf = W("cada um|cada uma|cada uma delas|cada um deles|cada|ambas|ambos|as duas|os dois|das duas|dos dois",
	"each|each one|each of them|both|both of them|each of the two")

// AllOf are the words that ask for every group of a ranking ("todas as cidades, da maior
// para a menor", "show all of them ranked"): said with a second order or a list after a
// ranking whose question names one ("qual cidade faturou mais?"), the answer is every
// group ranked, never only the first.
var AllOf = W("todas|todos|todas elas|todos eles|todas as|todos os|a lista completa|lista completa|o ranking completo|ranking completo|ranking inteiro|o ranking todo|ranking todo",
	"all|all of them|all the|every|every one|everyone of them|the full list|full list|the full ranking|full ranking|the whole ranking|whole ranking|complete ranking|the complete list|complete list|the lot")

// Honorifics are the words before a person's name (CatHonor).
var Honorifics = W("senhor|senhora|senhorita|dona|seu|doutor|doutora|professor|professora",
	"miss|mister|sir|madam|maam|doctor|professor").With(HonorificAbbrevs)

// HonorificAbbrevs are the honorifics written abbreviated: their full stop ends no
// sentence ("Ms. Camila Prado", "Sra. Ana": package lexicon).
var HonorificAbbrevs = W("sr|sra|srta|dr|dra|prof|profa", "mr|mrs|ms|mx|dr|prof")

// withGerunds adds to an event's Portuguese words the gerund of each infinitive among them
// ("vender": "vendendo", "resgatar": "resgatando"): "qual loja está vendendo mais" says the
// event, and each verb is written once.
func withGerunds(w Words) Words {
	out := Words{PT: slices.Clone(w.PT), EN: w.EN}
	for _, p := range w.PT {
		if strings.Contains(p, " ") || len(p) < 5 {
			continue
		}
		var g string
		switch stem := p[:len(p)-2]; p[len(p)-2:] {
		case "ar":
			g = stem + "ando"
		case "er":
			g = stem + "endo"
		case "ir":
			g = stem + "indo"
		}
		if g != "" && !slices.Contains(out.PT, g) {
			out.PT = append(out.PT, g)
		}
	}
	return out
}

// conjugated is the forms of each lemma that describe rows (Conjugate); an -ir verb gets the
// same forms with its own vowels ("permitiram", "consentiu", "permitidos").
func conjugated(lemmas ...string) []string {
	var out []string
	for _, l := range lemmas {
		if stem, ok := strings.CutSuffix(l, "ir"); ok {
			for _, e := range []string{"ido", "ida", "idos", "idas", "iu", "iram", "imos", "em", "ia", "iam", "indo"} {
				out = append(out, stem+e)
			}
			continue
		}
		out = append(out, Conjugate(l)...)
	}
	return out
}

// howManyPT are the ways "quantos" is written: each asks a count, and before "%" or "por
// cento" a percentage (percentAsked).
const howManyPT = "quantos|quantas|qnt|qts|qnts|qtas|qntos|qntas|qtos"

// percentAsked is "quantos %", "qnts por cento", "em quantos %" for each way of writing
// "quantos" (ws, "|"-separated).
func percentAsked(ws string) []string {
	var out []string
	for _, w := range split(ws) {
		for _, p := range []string{"%", "porcento", "por cento"} {
			out = append(out, w+" "+p, "em "+w+" "+p)
		}
	}
	return out
}

// withParticipleForms adds to the Portuguese phrases opened by a participle its other
// gender and number ("dividido em": "dividida em", "divididos em", "divididas em"): the
// participle agrees with whatever the writer broke down ("a quantidade de clientes
// distribuída nas faixas"), and each phrase is written once.
func withParticipleForms(w Words) Words {
	out := Words{PT: slices.Clone(w.PT), EN: w.EN}
	for _, p := range w.PT {
		first, rest, _ := strings.Cut(p, " ")
		for _, stem := range []string{"ad", "id"} {
			i := strings.LastIndex(first, stem)
			if i < 2 || !slices.Contains([]string{"o", "a", "os", "as"}, first[i+2:]) {
				continue
			}
			for _, end := range []string{"o", "a", "os", "as"} {
				f := first[:i+2] + end
				if rest != "" {
					f += " " + rest
				}
				if !slices.Contains(out.PT, f) {
					out.PT = append(out.PT, f)
				}
			}
		}
	}
	return out
}
