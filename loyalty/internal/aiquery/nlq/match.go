package nlq

import (
	"sort"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// lexeme is a phrase of the question with what it may mean. The interpretation marks each
// lexeme it uses; any lexeme left unused (other than fillers and soft words) makes the
// question refused.
type lexeme struct {
	senses []sense
	toks   []*token
	used   bool
	as     concept // the sense it was used as
	period *foundPeriod
}

func (l *lexeme) is(c concept) bool {
	for _, s := range l.senses {
		if s.c == c {
			return true
		}
	}
	return false
}

func (l *lexeme) arg(c concept) string {
	for _, s := range l.senses {
		if s.c == c {
			return s.arg
		}
	}
	return ""
}

// only reports whether every sense of the lexeme is c.
func (l *lexeme) only(c concept) bool {
	for _, s := range l.senses {
		if s.c != c {
			return false
		}
	}
	return true
}

// text is what the user typed for the lexeme.
func (l *lexeme) text() string {
	parts := make([]string, len(l.toks))
	for i, t := range l.toks {
		parts[i] = t.raw
	}
	return strings.Join(parts, " ")
}

func (l *lexeme) num() float64 { return l.toks[0].num }

// soft concepts may be left unused: question words and intensifiers that do not change
// the answer ("quantos" in "quantos pontos em média", "todos", "total").
var soft = map[concept]bool{cDistinct: true, cSplit: true, cAgo: true, cAll: true, cTotal: true, cWhich: true, cList: true, cCount: true, cHowMuch: true, cNew: true, cFiller: true, cPaid: true, cRan: true}

func (l *lexeme) isSoft() bool {
	for _, s := range l.senses {
		if soft[s.c] {
			return true
		}
	}
	return false
}

// StoreRef is a store the catalogue knows.
// StoreRef and Catalog are the value catalogue of the semantic model (semantic.Catalog).
type (
	StoreRef = semantic.StoreRef
	Catalog  = semantic.Catalog
)

// question is a question read into lexemes.
type question struct {
	raw     string
	lang    semantic.Lang
	toks    []*token
	lex     []*lexeme
	periods []foundPeriod
	fixes   []string
}

var ptMarkers = map[string]bool{"de": true, "do": true, "da": true, "dos": true, "das": true, "que": true, "quantos": true, "quantas": true, "qual": true, "quais": true, "por": true, "em": true, "no": true, "na": true, "nos": true, "nas": true, "os": true, "um": true, "uma": true, "clientes": true, "cliente": true, "vendas": true, "lojas": true, "loja": true, "mes": true, "ano": true, "hoje": true, "ontem": true, "pontos": true, "para": true, "com": true, "sem": true, "nao": true, "e": true, "foi": true, "foram": true, "tem": true, "mais": true, "menos": true, "cada": true, "todos": true, "quem": true, "semana": true, "resgates": true, "produtos": true, "faturamento": true, "ticket": true, "medio": true, "media": true, "quanto": true, "pelo": true, "pela": true, "dia": true, "ultimos": true, "ultimo": true, "passado": true, "passada": true, "este": true, "esta": true, "compras": true, "compraram": true, "comprou": true, "pendentes": true, "pendente": true, "ativos": true, "ativas": true, "inativos": true, "cancelados": true, "canceladas": true, "cancelamentos": true, "resgatados": true, "creditados": true, "aniversariantes": true, "mulheres": true, "homens": true, "cadastrados": true, "quantidade": true, "numero": true, "quando": true, "gastou": true, "vendemos": true, "saldo": true, "lista": true}
var enMarkers = map[string]bool{"the": true, "of": true, "how": true, "many": true, "much": true, "what": true, "which": true, "by": true, "in": true, "on": true, "per": true, "customers": true, "customer": true, "sales": true, "stores": true, "store": true, "month": true, "year": true, "today": true, "yesterday": true, "points": true, "for": true, "with": true, "without": true, "not": true, "and": true, "is": true, "are": true, "was": true, "were": true, "have": true, "has": true, "did": true, "do": true, "most": true, "least": true, "each": true, "all": true, "who": true, "week": true, "redemptions": true, "products": true, "revenue": true, "average": true, "last": true, "this": true, "purchases": true, "bought": true, "balance": true, "list": true, "show": true, "me": true, "top": false, "day": true, "days": true, "past": true, "spent": true, "made": true}

// language guesses pt or en from common words; a tie goes to Portuguese when the question
// has accents, else English.
func language(toks []*token, raw string) semantic.Lang {
	pt, en := 0, 0
	for _, t := range toks {
		if t.kind != tWord {
			continue
		}
		if ptMarkers[t.norm] {
			pt++
		}
		if enMarkers[t.norm] {
			en++
		}
	}
	switch {
	case pt > en:
		return semantic.PT
	case en > pt:
		return semantic.EN
	case strings.ContainsAny(raw, "áàâãéêíóôõúçÁÀÂÃÉÊÍÓÔÕÚÇ"):
		return semantic.PT
	}
	return semantic.EN
}

// read turns a question into lexemes: periods first, then catalogue names, then the
// vocabulary (longest phrase first, small typos tolerated), then values and names.
func read(raw string, cat *Catalog, cal semantic.Calendar) (*question, error) {
	q := &question{raw: raw, toks: tokenize(raw)}
	q.lang = language(q.toks, raw)
	q.markToDate()
	q.fixTypos(cat)
	if len(q.fixes) > 0 {
		q.lang = language(q.toks, raw) // "resgtes pendentes": read again once corrected
	}
	// Catalogue names first: "Rio de Janeiro" is a city, not "de janeiro".
	byTok := map[*token]*lexeme{}
	for i := 0; i < len(q.toks); {
		if l, n := q.catalogMatch(i, cat); l != nil {
			for _, t := range l.toks {
				t.used, t.by = true, "catalog"
			}
			byTok[l.toks[0]] = l
			i += n
			continue
		}
		i++
	}
	q.markNowPhrases()
	periods, err := findPeriods(q.toks, cal)
	if err != nil {
		return q, err
	}
	q.periods = periods
	// One lexeme per period, at the position of its first token.
	for i := range q.periods {
		p := &q.periods[i]
		byTok[p.toks[0]] = &lexeme{senses: []sense{{cPeriod, ""}}, toks: p.toks, period: p}
	}
	for i := 0; i < len(q.toks); {
		t := q.toks[i]
		if l := byTok[t]; l != nil {
			q.lex = append(q.lex, l)
			i++
			continue
		}
		if t.used {
			i++
			continue
		}
		if l, n := q.phraseMatch(i); l != nil {
			if !l.only(cFiller) {
				q.lex = append(q.lex, l)
			}
			i += n
			continue
		}
		if l, n := q.valueMatch(i); l != nil {
			q.lex = append(q.lex, l)
			i += n
			continue
		}
		if t.kind == tWord && fillerSet[t.norm] {
			i++
			continue
		}
		q.lex = append(q.lex, &lexeme{senses: []sense{{cUnknown, ""}}, toks: []*token{t}})
		i++
	}
	q.nameUnknowns()
	q.englishNo()
	q.relativeWho()
	return q, nil
}

// cUnknown is a word the interpreter does not know.
const cUnknown concept = "unknown"

// fixTypos reads a word outside the vocabulary as the closest vocabulary word when one is
// within a small edit distance (accents never count). Names (capitalised), codes and
// numbers are left alone.
func (q *question) fixTypos(cat *Catalog) {
	names := catalogWords(cat)
	for _, t := range q.toks {
		if t.kind != tWord || t.code || t.cap || t.caps || vocabWords[t.norm] || fillerSet[t.norm] || names[t.norm] || t.used {
			continue
		}
		if _, ok := monthByName[t.norm]; ok {
			continue
		}
		if _, ok := numberWords[t.norm]; ok {
			continue
		}
		if w := closestWord(t.norm); w != "" {
			q.fixes = append(q.fixes, t.raw+" → "+w)
			t.norm = w
		}
	}
}

// phraseMatch finds the longest vocabulary phrase starting at token i.
func (q *question) phraseMatch(i int) (*lexeme, int) {
	t := q.toks[i]
	if t.kind != tWord && t.kind != tNumber {
		return nil, 0
	}
	for _, e := range phrasesByFirst[t.norm] {
		if i+len(e.words) > len(q.toks) {
			continue
		}
		ok := true
		for k, w := range e.words {
			u := q.toks[i+k]
			if u.used || (u.kind != tWord && u.kind != tNumber) || u.norm != w {
				ok = false
				break
			}
		}
		if ok {
			return &lexeme{senses: e.senses, toks: q.toks[i : i+len(e.words)]}, len(e.words)
		}
	}
	return nil, 0
}

// valueMatch reads numbers, documents, e-mails, amounts, quoted names and codes.
func (q *question) valueMatch(i int) (*lexeme, int) {
	t := q.toks[i]
	one := func(c concept) (*lexeme, int) { return &lexeme{senses: []sense{{c, ""}}, toks: []*token{t}}, 1 }
	switch t.kind {
	case tNumber:
		return one(cNumber)
	case tDoc:
		return one(cDoc)
	case tEmail:
		return one(cEmail)
	case tPhone:
		return one(cPhone)
	case tMoney:
		return one(cMoney)
	case tPercent:
		return one(cPercent)
	case tQuoted:
		return one(cName)
	case tOrdinal:
		return one(cOrdinal)
	case tDate, tMonthYr:
		return one(cUnknown) // a date no period rule read
	}
	if t.code {
		return one(cCode)
	}
	if uf := ufs[strings.ToUpper(t.raw)]; uf && t.caps && len(t.raw) == 2 {
		return &lexeme{senses: []sense{{cUF, strings.ToUpper(t.raw)}}, toks: []*token{t}}, 1
	}
	if t.cap || (t.caps && len(t.raw) > 2) {
		// A capitalised name: it runs over capitalised words and the particles of names.
		n := 1
		for i+n < len(q.toks) {
			u := q.toks[i+n]
			if u.kind == tWord && !u.used && (u.cap || u.caps) && !vocabWords[u.norm] {
				n++
				continue
			}
			if u.kind == tWord && namePart[u.norm] && i+n+1 < len(q.toks) && q.toks[i+n+1].cap && !q.toks[i+n+1].used {
				n += 2
				continue
			}
			break
		}
		return &lexeme{senses: []sense{{cName, ""}}, toks: q.toks[i : i+n]}, n
	}
	return nil, 0
}

var namePart = map[string]bool{"de": true, "da": true, "do": true, "dos": true, "das": true, "e": true}

var ufs = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range strings.Fields("AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO") {
		m[s] = true
	}
	return m
}()

// nameUnknowns reads unknown lower-case words right after a singular "cliente", "loja",
// "produto" or "promoção" as that thing's name ("saldo da cliente mariana castro").
func (q *question) nameUnknowns() {
	for i := 0; i+1 < len(q.lex); i++ {
		l := q.lex[i]
		if len(l.toks) != 1 || !singularEntity[l.toks[0].norm] {
			continue
		}
		j := i + 1
		for j < len(q.lex) && q.lex[j].only(cUnknown) && q.lex[j].toks[0].kind == tWord {
			j++
		}
		if j == i+1 {
			continue
		}
		var toks []*token
		for _, x := range q.lex[i+1 : j] {
			toks = append(toks, x.toks...)
		}
		name := &lexeme{senses: []sense{{cName, ""}}, toks: toks}
		q.lex = append(q.lex[:i+1], append([]*lexeme{name}, q.lex[j:]...)...)
	}
}

var singularEntity = map[string]bool{"cliente": true, "customer": true, "client": true, "loja": true, "store": true, "filial": true, "unidade": true, "shop": true, "branch": true, "produto": true, "product": true, "premio": true, "reward": true, "promocao": true, "promotion": true, "campanha": true, "campaign": true}

// englishNo reads the English "no" before a noun ("customers with no purchases") as a
// negation; in Portuguese "no" is "in the".
func (q *question) englishNo() {
	if q.lang != semantic.EN {
		return
	}
	inLexeme := map[*token]bool{}
	for _, l := range q.lex {
		for _, t := range l.toks {
			inLexeme[t] = true
		}
	}
	for i, t := range q.toks {
		if t.norm != "no" || t.used || inLexeme[t] || i+1 >= len(q.toks) {
			continue
		}
		for k, l := range q.lex {
			if l.toks[0] == q.toks[i+1] && (l.is(cSale) || l.is(cBuy) || l.is(cPoints) || l.is(cRedemption) || l.is(cBalance) || l.is(cRedeem) || l.is(cApp) || l.is(cChannel)) {
				neg := &lexeme{senses: []sense{{cNeg, ""}}, toks: []*token{t}}
				q.lex = append(q.lex[:k], append([]*lexeme{neg}, q.lex[k:]...)...)
				break
			}
		}
	}
}

// catalogMatch finds the longest store or product name (or store code) of the catalogue
// starting at token i.
func (q *question) catalogMatch(i int, cat *Catalog) (*lexeme, int) {
	if cat == nil {
		return nil, 0
	}
	type cand struct {
		words []string
		s     sense
	}
	var cands []cand
	for _, s := range cat.Stores {
		if ws := strings.Fields(fold(s.Name)); len(ws) > 0 {
			cands = append(cands, cand{ws, sense{cStoreV, s.Code}})
		}
		if c := fold(s.Code); c != "" {
			cands = append(cands, cand{[]string{c}, sense{cStoreV, s.Code}})
		}
	}
	for _, p := range cat.Products {
		if ws := strings.Fields(fold(p)); len(ws) > 0 {
			cands = append(cands, cand{ws, sense{cProdV, p}})
		}
	}
	seenCity := map[string]bool{}
	for _, s := range cat.Stores {
		if c := fold(s.City); c != "" && !seenCity[c] {
			seenCity[c] = true
			cands = append(cands, cand{strings.Fields(c), sense{cCityV, s.City}})
		}
	}
	// Brazilian states by name ("Minas Gerais", "estado de São Paulo"); a city of the
	// catalogue with the same name comes first.
	for _, st := range stateNames {
		for _, form := range []string{st.name, "estado de " + st.name, "estado do " + st.name, "estado da " + st.name, "state of " + st.name, st.name + " state"} {
			cands = append(cands, cand{strings.Fields(form), sense{cUF, st.uf}})
		}
	}
	sort.SliceStable(cands, func(a, b int) bool { return len(cands[a].words) > len(cands[b].words) })
	if t := q.toks[i]; t.kind == tQuoted {
		for _, c := range cands {
			if t.norm == strings.Join(c.words, " ") {
				return &lexeme{senses: []sense{c.s}, toks: []*token{t}}, 1
			}
		}
		return nil, 0
	}
	for _, c := range cands {
		if i+len(c.words) > len(q.toks) {
			continue
		}
		// A one-word name that is also a vocabulary word ("Centro" is fine, "Pontos" is not)
		// or a filler is not taken as a name unless typed capitalised or quoted.
		if len(c.words) == 1 && len(c.words[0]) < 3 {
			continue
		}
		ok := true
		for k, w := range c.words {
			u := q.toks[i+k]
			if u.used || (u.kind != tWord && u.kind != tQuoted && u.kind != tNumber) || !sameName(u.norm, w) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if len(c.words) == 1 && (vocabWords[c.words[0]] || fillerSet[c.words[0]]) && !q.toks[i].cap && !q.toks[i].caps && q.toks[i].kind != tQuoted {
			continue
		}
		return &lexeme{senses: []sense{c.s}, toks: q.toks[i : i+len(c.words)]}, len(c.words)
	}
	return nil, 0
}

// relativeWho: "customers who bought" uses "who" as a relative pronoun, not a question.
func (q *question) relativeWho() {
	for i := 1; i < len(q.lex); i++ {
		l, p := q.lex[i], q.lex[i-1]
		if l.only(cWho) && (p.is(cCustomer) || p.is(cBuyer) || p.is(cStore) || p.is(cProduct) || p.is(cDim) || p.is(cUse)) {
			l.senses = []sense{{cFiller, ""}}
		}
	}
}

// sameName compares a word of the question with a word of a catalogue name, allowing the
// plural ("cafés expresso" names "Café Expresso").
func sameName(word, name string) bool {
	if word == name || (len(name) >= 3 && (word == name+"s" || word == name+"es")) {
		return true
	}
	// Portuguese plurals: "pães"/"pões" of "pão", "pastéis" of "pastel", "bombons" of "bombom"
	for _, p := range [][2]string{{"ao", "aes"}, {"ao", "oes"}, {"ao", "aos"}, {"el", "eis"}, {"al", "ais"}, {"ol", "ois"}, {"ul", "uis"}, {"il", "is"}, {"m", "ns"}} {
		if strings.HasSuffix(name, p[0]) && word == strings.TrimSuffix(name, p[0])+p[1] {
			return true
		}
	}
	// a typo in a long word ("cappucino", "expreso")
	return len(name) >= 7 && distance(word, name, 1) <= 1
}

// catalogWords are the words of the catalogue's names: never read as typos ("Centro" is a
// store, not "cento").
func catalogWords(cat *Catalog) map[string]bool {
	m := map[string]bool{}
	if cat == nil {
		return m
	}
	add := func(s string) {
		for _, w := range strings.Fields(fold(s)) {
			m[w] = true
		}
	}
	for _, s := range cat.Stores {
		add(s.Name)
		add(s.Code)
		add(s.City)
	}
	for _, p := range cat.Products {
		add(p)
	}
	return m
}

// markToDate: "até hoje", "so far", "to date" say "all the time up to now", which is no
// period at all.
func (q *question) markToDate() {
	for i := 0; i+1 < len(q.toks); i++ {
		a, b := q.toks[i].norm, q.toks[i+1].norm
		if i > 0 && a == "to" {
			switch q.toks[i-1].norm {
			case "year", "month", "week", "quarter":
				continue // "year to date" is a period
			}
		}
		if (a == "ate" || a == "until") && (b == "hoje" || b == "agora" || b == "now" || b == "today") ||
			(a == "to" && b == "date") || (a == "so" && b == "far") || (a == "up" && b == "to" && i+2 < len(q.toks) && q.toks[i+2].norm == "now") {
			q.toks[i].used, q.toks[i+1].used = true, true
			if a == "up" {
				q.toks[i+2].used = true
			}
		}
	}
}

// findUsedAs is the first lexeme used as c.
func (q *question) findUsedAs(c concept) *lexeme {
	for _, l := range q.lex {
		if l.used && l.as == c {
			return l
		}
	}
	return nil
}

func (q *question) prevLex(i int) *lexeme {
	if i > 0 {
		return q.lex[i-1]
	}
	return nil
}

func (q *question) nextLex(i int) *lexeme {
	if i+1 < len(q.lex) {
		return q.lex[i+1]
	}
	return nil
}

// stateNames are the Brazilian states by name (folded); Pará is left out ("para" is a
// preposition).
var stateNames = []struct{ name, uf string }{
	{"acre", "AC"}, {"alagoas", "AL"}, {"amapa", "AP"}, {"amazonas", "AM"}, {"bahia", "BA"}, {"ceara", "CE"},
	{"distrito federal", "DF"}, {"espirito santo", "ES"}, {"goias", "GO"}, {"maranhao", "MA"}, {"mato grosso", "MT"},
	{"mato grosso do sul", "MS"}, {"minas gerais", "MG"}, {"paraiba", "PB"}, {"parana", "PR"}, {"pernambuco", "PE"},
	{"piaui", "PI"}, {"rio de janeiro", "RJ"}, {"rio grande do norte", "RN"}, {"rio grande do sul", "RS"},
	{"rondonia", "RO"}, {"roraima", "RR"}, {"santa catarina", "SC"}, {"sao paulo", "SP"}, {"sergipe", "SE"}, {"tocantins", "TO"},
}

// markNowPhrases: "as of today", "as of now" mean the current state, not a period.
func (q *question) markNowPhrases() {
	for i := 0; i+2 < len(q.toks); i++ {
		a, b, c := q.toks[i].norm, q.toks[i+1].norm, q.toks[i+2].norm
		if (a == "as" && (b == "of" || b == "at") && (c == "today" || c == "now")) && !q.toks[i+2].used {
			for _, t := range q.toks[i : i+3] {
				t.used, t.by = true, "filler"
			}
		}
	}
}
