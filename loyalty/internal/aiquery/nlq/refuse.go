package nlq

import (
	"sort"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Refusal is a question the interpreter will not answer, with what it understood, what it
// did not, and the closest questions it can answer, all in the question's language.
type Refusal struct {
	Lang          semantic.Lang
	Reason        string   // why, in a sentence
	Understood    []string // what it did read
	NotUnderstood []string // the words it could not use
	Suggestions   []string // questions it can answer
	WriteIntent   bool     // the question asks to change data
}

func (r *Refusal) Error() string { return r.Message() }

// Message is the refusal as one text for the user.
func (r *Refusal) Message() string {
	say := func(pt, en string) string {
		if r.Lang == semantic.PT {
			return pt
		}
		return en
	}
	var b strings.Builder
	if r.WriteIntent {
		b.WriteString(r.Reason)
	} else {
		b.WriteString(say("Não entendi a pergunta por completo: ", "I could not fully understand the question: "))
		b.WriteString(r.Reason)
		b.WriteString(".")
	}
	if len(r.Understood) > 0 {
		b.WriteString(say(" Entendi: ", " I understood: "))
		b.WriteString(strings.Join(r.Understood, "; "))
		b.WriteString(".")
	}
	if len(r.NotUnderstood) > 0 {
		b.WriteString(say(" Não entendi: ", " I did not understand: "))
		b.WriteString(quoteAll(r.NotUnderstood))
		b.WriteString(".")
	}
	if len(r.Suggestions) > 0 {
		b.WriteString(say(" Perguntas parecidas que sei responder: ", " Similar questions I can answer: "))
		b.WriteString(quoteAll(r.Suggestions))
		b.WriteString(".")
	}
	return b.String()
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = "\"" + s + "\""
	}
	return strings.Join(q, ", ")
}

func (in *interp) refuseWith(reason semantic.Text) *Refusal { return in.q.refuse(reason, nil) }

func (in *interp) refuseUnused(missed []*lexeme) *Refusal {
	var words []string
	for _, l := range missed {
		words = append(words, l.text())
	}
	reason := semantic.T("há palavras que a interpretação não usou, e responder sem elas seria responder outra pergunta",
		"some words were not used by the interpretation, and answering without them would answer another question")
	r := in.q.refuse(reason, missed)
	r.NotUnderstood = words
	return r
}

// refuse builds a refusal; missed are the lexemes not understood (nil: none in particular).
func (q *question) refuse(reason semantic.Text, missed []*lexeme) *Refusal {
	if q == nil {
		return &Refusal{Lang: semantic.PT, Reason: reason.PT}
	}
	r := &Refusal{Lang: q.lang, Reason: reason.In(q.lang)}
	isMissed := map[*lexeme]bool{}
	for _, l := range missed {
		isMissed[l] = true
	}
	seen := map[string]bool{}
	var concepts []concept
	for _, l := range q.lex {
		if isMissed[l] || l.only(cUnknown) {
			if l.only(cUnknown) && !isMissed[l] {
				r.NotUnderstood = append(r.NotUnderstood, l.text())
			}
			continue
		}
		if l.isSoft() && !l.used {
			continue
		}
		d := understoodText(l, q.lang)
		if d != "" && !seen[d] {
			seen[d] = true
			r.Understood = append(r.Understood, d)
		}
		for _, s := range l.senses {
			concepts = append(concepts, s.c)
		}
	}
	r.Suggestions = suggest(concepts, q.lang, 3)
	return r
}

// refuseWrite: the reports only read.
func (q *question) refuseWrite(l *lexeme) *Refusal {
	r := &Refusal{Lang: q.lang, WriteIntent: true}
	if q.lang == semantic.PT {
		r.Reason = "Não posso alterar dados: as perguntas de relatório só consultam (\"" + l.text() + "\" pede uma alteração). Para mudar cadastros, saldos ou vendas use as telas ou a API do sistema."
	} else {
		r.Reason = "I cannot change data: report questions only read (\"" + l.text() + "\" asks for a change). To change customers, balances or sales use the system's screens or API."
	}
	var concepts []concept
	for _, x := range q.lex {
		for _, s := range x.senses {
			concepts = append(concepts, s.c)
		}
	}
	r.Suggestions = suggest(concepts, q.lang, 3)
	return r
}

// understoodText says what a lexeme was read as.
func understoodText(l *lexeme, lang semantic.Lang) string {
	say := func(pt, en string) string {
		if lang == semantic.PT {
			return pt
		}
		return en
	}
	switch {
	case l.period != nil:
		return say("período ", "period ") + l.period.p.Label.In(lang)
	case l.is(cDoc):
		return say("documento ", "document ") + l.toks[0].norm
	case l.is(cName):
		return say("nome \"", "name \"") + l.text() + "\""
	case l.is(cNumber):
		return say("número ", "number ") + l.text()
	}
	for _, s := range l.senses {
		if t, ok := conceptNames[s.c]; ok {
			return t.In(lang) + " (\"" + l.text() + "\")"
		}
	}
	return ""
}

var conceptNames = map[concept]semantic.Text{
	cCustomer: semantic.T("clientes", "customers"), cSale: semantic.T("vendas", "sales"), cRevenue: semantic.T("faturamento", "revenue"),
	cTicket: semantic.T("ticket médio", "average ticket"), cPoints: semantic.T("pontos", "points"), cBalance: semantic.T("saldo de pontos", "points balance"),
	cRedemption: semantic.T("resgates", "redemptions"), cRedeem: semantic.T("resgatar", "redeem"), cProduct: semantic.T("produtos", "products"),
	cStore: semantic.T("lojas", "stores"), cPromotion: semantic.T("promoções", "promotions"), cReversal: semantic.T("estornos", "reversals"),
	cBuy: semantic.T("comprar", "buy"), cSpend: semantic.T("gastar", "spend"), cSell: semantic.T("vender", "sell"), cEarn: semantic.T("pontos ganhos", "points earned"),
	cDebit: semantic.T("débito", "debit"), cCancel: semantic.T("cancelamento", "cancellation"), cAvg: semantic.T("média", "average"),
	cRate: semantic.T("percentual", "percentage"), cCount: semantic.T("contagem", "count"), cBy: semantic.T("divisão por", "breakdown by"),
	cDim: semantic.T("dimensão", "dimension"), cTimeDim: semantic.T("evolução no tempo", "over time"), cMost: semantic.T("ranking", "ranking"),
	cTop: semantic.T("ranking", "ranking"), cMax: semantic.T("maior", "largest"), cMin: semantic.T("menor", "smallest"),
	cActive: semantic.T("ativos", "active"), cInactive: semantic.T("inativos", "inactive"), cChannel: semantic.T("canal de contato", "contact channel"),
	cNeg: semantic.T("negação", "negation"), cNever: semantic.T("nunca", "never"), cBirthday: semantic.T("aniversariantes", "birthdays"),
	cPayVal: semantic.T("forma de pagamento", "payment type"), cOrigVal: semantic.T("origem do cadastro", "sign-up origin"),
	cStoreV: semantic.T("loja", "store"), cProdV: semantic.T("produto", "product"), cAttr: semantic.T("dado do cliente", "customer detail"),
	cList: semantic.T("lista", "list"), cSignup: semantic.T("cadastros", "sign-ups"), cBuyer: semantic.T("compradores", "buyers"),
	cWrite: semantic.T("alteração de dados", "data change"), cCmp: semantic.T("comparação com valor", "threshold"),
	cHeld: semantic.T("pontos reservados em resgates", "points held by redemptions"), cUnknownVal: semantic.T("sem valor informado", "not informed"),
	cAge: semantic.T("idade", "age"),
}

// suggest picks the catalogue questions sharing the most concepts with the question.
func suggest(concepts []concept, lang semantic.Lang, n int) []string {
	want := map[concept]bool{}
	for _, c := range concepts {
		if c != cUnknown && c != cFiller && !soft[c] {
			want[c] = true
		}
	}
	type scored struct {
		q     string
		score int
		i     int
	}
	var all []scored
	for i, ex := range exampleConcepts() {
		s := 0
		for c := range ex.concepts {
			if want[c] {
				s++
			}
		}
		all = append(all, scored{ex.question(lang), s, i})
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].score > all[b].score })
	var out []string
	for _, s := range all[:min(n, len(all))] {
		out = append(out, s.q)
	}
	return out
}

// Language guesses the language of a question: "pt" or "en".
func Language(question string) semantic.Lang {
	toks := tokenize(question)
	return language(toks, question)
}

// RefuseQuestion builds a refusal of question for a reason given from outside the
// interpreter (a model that could not answer it), with what the question's words mean and
// the closest catalogue questions.
func RefuseQuestion(question string, reason semantic.Text, now time.Time) *Refusal {
	q, err := read(question, nil, semantic.Calendar{Now: now})
	if err != nil || q == nil {
		l := Language(question)
		return &Refusal{Lang: l, Reason: reason.In(l), Suggestions: suggest(nil, l, 3)}
	}
	return q.refuse(reason, nil)
}
