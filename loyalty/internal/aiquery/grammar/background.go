package grammar

import (
	"slices"
	"sort"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The background rule (issue 24, seventh round). People say what is going on before or
// after they ask: "We had some trouble with the card machines at Copacabana this month
// and I'm curious how people paid. What percentage of Copacabana's sales this month were
// paid in cash?", "quanto a Savassi faturou no mês passado? Tô achando que caiu". The
// question is split into its parts (sentences: lexicon Token.Part). A part asks when it
// ends with a question mark, holds a question word (how many, qual, quem, when...), a
// measure, or opens a clause with a request ("could you", "me passa", "I want"); a part
// that does not ask but states something (what it is about, what happened, a guess or a
// plan), in a question where another part asks, is background.
//
// A background part is left out of the reading (a statement clause, statements.go, named
// in the explanation as context) when every constraint it says is also said by the parts
// that ask, with the same value: a store, a city, a person's name, a period, a number, a
// flag or other value, a breakdown ("at each location": by store); a negation or a
// restriction in it is never left out. Its nouns and verbs ("redemptions get handled",
// "the teams hand out a treat") and the words the model does not know are the background's
// own. A background part with a constraint the ask does not repeat ("We moved the totems
// back in January. How many customers signed up at a totem this year?") is not left out:
// the question is refused, saying that the background names a constraint and it is not
// known whether it applies to the question.
//
// The same holds for a part after the ask: a guess or a plan with no constraint of its own
// ("Tô achando que caiu", "quero chamar esse povo de volta") is background; one that names
// a value the ask does not ("quero ver se a Savassi ficou na frente de Copacabana" after a
// ranking of all stores) is refused, never read as a filter nor dropped silently.

// asksCat reports whether a word of category c asks for something: an aggregate, a question
// word, a list, a person, a time or a measure.
func asksCat(c semantic.Category) bool {
	switch c {
	case semantic.CatAgg, semantic.CatWho, semantic.CatList, semantic.CatPerson, semantic.CatWhen, semantic.CatMeasure:
		return true
	}
	return false
}

// partAsks reports whether the part from..to asks (see above). After a part that asks
// (after), a first-person want or plan (semantic.Fillers "intent": "quero ver se ...", "I
// want to see if ...") says what the writer will do with the answer: no request.
func partAsks(r *lexicon.Reading, from, to int, roles []semantic.Role, after bool) bool {
	if r.Tokens[to-1].Stop == '?' {
		return true
	}
	for _, m := range r.Matches {
		if m.From < from || m.From >= to || m.Typos > 0 {
			continue
		}
		if asksCat(m.Cat) && !inDiscourse(r, m) && !(after && m.Cat == semantic.CatList && subjectBefore(r, roles, from, m.From)) {
			return true
		}
	}
	start := true   // at a clause's start, past function words and discourse
	intent := false // the clause opens with a want or plan after the question
	for i := from; i < to; i++ {
		if start && after && intentAt(r, i) {
			intent = true
		}
		if start && !intent && isRequest(r, i) {
			return true
		}
		switch {
		case r.Tokens[i].Norm == ",":
			start, intent = true, false
		case roles[i] != semantic.RoleNeutral && roles[i] != semantic.RoleDiscourse:
			start = false
		}
	}
	return false
}

// subjectBefore reports whether the clause of token i (from its part's start or a comma)
// has a subject of its own before it: a word the model does not know after an article
// ("The tills must show the right ones"). A list word there says what a thing of the
// writer's world will show, after the question, never a request to the reader.
func subjectBefore(r *lexicon.Reading, roles []semantic.Role, from, i int) bool {
	k := i - 1
	for k > from && r.Tokens[k-1].Norm != "," {
		k--
	}
	for ; k < i-1; k++ {
		for _, a := range inLang(semantic.Articles, r.Lang) {
			if n, ok := wordsAt(r, k, a); ok && n == 1 && roles[k+1] == roleUnknown && !r.Tokens[k+1].Cap {
				return true
			}
		}
	}
	return false
}

// inDiscourse reports whether m is a word of a longer discourse phrase ("q" of "parece q":
// a hedge, no question word).
func inDiscourse(r *lexicon.Reading, m lexicon.Match) bool {
	for _, n := range r.Matches {
		if n.To-n.From > m.To-m.From && n.From <= m.From && m.To <= n.To && n.Typos == 0 &&
			(n.Cat == semantic.CatDiscourse || n.Cat == semantic.CatFiller && semantic.RoleOf(n.Cat, n.Arg) == semantic.RoleDiscourse) {
			return true
		}
	}
	return false
}

// questionWord reports whether the tokens from..to hold a question word or a measure:
// the writer asks what in words, not only by a question mark or a request ("Would you
// mind checking that for me?", "Consegue me dizer?").
func questionWord(r *lexicon.Reading, from, to int) bool {
	for _, m := range r.Matches {
		if m.From < from || m.From >= to || m.Typos > 0 {
			continue
		}
		switch m.Cat {
		case semantic.CatAgg, semantic.CatMeasure:
			return true
		case semantic.CatWho, semantic.CatPerson, semantic.CatWhen:
			if opensPart(r, from, m.From) { // not "checking that for me"
				return true
			}
		}
	}
	return false
}

// questionKey reports whether a constraint key (constraintsOf) is a question word.
func questionKey(k string) bool {
	for _, c := range []semantic.Category{semantic.CatAgg, semantic.CatWho, semantic.CatPerson, semantic.CatWhen} {
		if strings.HasPrefix(k, string(c)+":") {
			return true
		}
	}
	return false
}

// opensPart reports whether only function words and discourse come before token i in the
// part that starts at from.
func opensPart(r *lexicon.Reading, from, i int) bool {
	for k := from; k < i; k++ {
		if isFunctionWord(r, k) || r.Tokens[k].Norm == "," {
			continue
		}
		discourse := false
		for _, m := range r.Matches {
			if m.From <= k && k < m.To && (m.Cat == semantic.CatFiller || m.Cat == semantic.CatDiscourse) {
				discourse = true
			}
		}
		if !discourse {
			return false
		}
	}
	return true
}

// reportsQuestion reports whether the tokens from..to tell what someone else asked ("a
// cliente perguntou o que ...", "a customer asked what ..."): a word of reported speech
// (semantic.Fillers "asked") before every question word of theirs.
func reportsQuestion(r *lexicon.Reading, from, to int) bool {
	at := -1
	for _, m := range r.Matches {
		if m.From >= from && m.From < to && m.Typos == 0 && m.Cat == semantic.CatDiscourse && m.Arg == "asked" && (at < 0 || m.From < at) {
			at = m.From
		}
	}
	if at < 0 {
		return false
	}
	for _, m := range r.Matches {
		if m.From < from || m.From >= at || m.Typos > 0 {
			continue
		}
		if asksCat(m.Cat) {
			return false
		}
	}
	return questionWord(r, at, to)
}

// background are the question's background parts: those whose constraints the parts that
// ask all repeat (kept), and those with a constraint they do not (the constraints' words).
func background(r *lexicon.Reading) (kept []tokenSpan, unrepeated, othersAsked, guessed [][]string, persons []tokenSpan) {
	roles, units, _ := tokenRoles(r)
	type part struct {
		from, to int
		asks     bool
		lead     bool // a leading clause before the ask in its sentence
		end      int  // where it ends with the comma and the opener after it, left out with it
	}
	var parts []part
	asked := false
	var reported []int // the parts that ask only by someone else's question
	for from := 0; from < len(r.Tokens); {
		to := from
		for to < len(r.Tokens) && r.Tokens[to].Part == r.Tokens[from].Part {
			to++
		}
		p := part{from, to, partAsks(r, from, to, roles, asked), false, to}
		if p.asks && reportsQuestion(r, from, to) {
			reported = append(reported, len(parts))
		}
		if lead, at := leadingClause(r, roles, from, to); p.asks && !asked && at > from && !slices.Contains(reported, len(parts)) {
			// the words before the ask in its sentence, before the question, are
			// background of their own
			parts = append(parts, part{from, lead, false, true, at})
			p.from = at
		}
		asked = asked || p.asks
		parts = append(parts, p)
		from = to
	}
	if len(reported) > 0 && slices.ContainsFunc(parts, func(p part) bool { return p.asks && questionWord(r, p.from, p.to) && !reportsQuestion(r, p.from, p.to) }) {
		// "Uma cliente perguntou o que ela consegue trocar com 300 pontos. Quais produtos
		// custam até 300 pontos?": what someone else asked, beside the writer's own
		// question, is background
		for _, i := range reported {
			parts[i].asks = false
		}
	}
	if !asked || len(parts) < 2 {
		return nil, nil, nil, nil, nil
	}
	said := map[string]bool{}  // the constraints of the parts that ask
	shown := map[string]bool{} // the dimensions they break down or rank by
	var asks []tokenSpan
	for _, p := range parts {
		if p.asks {
			asks = append(asks, tokenSpan{p.from, p.to})
			keys, _, _ := constraintsOf(r, roles, units, p.from, p.to)
			for _, k := range keys {
				said[k] = true
			}
			for d := range dimensionsShown(r, p.from, p.to, nil) {
				shown[d] = true
			}
		}
	}
	pair := twoValuesAsked(r, asks)
	pointed := placePointed(r, asks)
	for pk, p := range parts {
		if p.asks || leftOut(r, p.from, p.to) || !states(r, p.from, p.to) {
			continue
		}
		keys, words, ok := constraintsOf(r, roles, units, p.from, p.to)
		var missing []string
		for i, k := range keys {
			if slices.Contains(reported, pk) && questionKey(k) {
				continue // "perguntou quanto custa a caneca": their question's word
			}
			if d, _, ok := strings.Cut(strings.TrimPrefix(k, "val:"), "|"); ok && strings.HasPrefix(k, "val:") && shown[d] {
				continue // a row of the answer: "ranking das lojas? quero ver se a Savassi ficou na frente"
			}
			if pair && (strings.HasPrefix(k, string(semantic.CatVs)+":") || strings.HasPrefix(k, string(semantic.CatBoth)+":")) {
				continue // "pix e dinheiro? dahora comparar os dois": the two values asked
			}
			if placeKey(k) && pointed && places(r, p.from, p.to) == 1 {
				continue // "Batel's been dropping the ball, what's the cancellation rate over there"
			}
			if !said[k] {
				missing = append(missing, words[i])
			}
		}
		if p.lead {
			missing = append(missing, ownBreakdown(r, p.from, p.to, asks)...)
		}
		for _, m := range r.Matches {
			// a column of the answer ("com pontos e validade", "I need their phone") is
			// never the background's own: a part naming one is read or refused
			if m.From >= p.from && m.From < p.to && m.Typos == 0 && (m.Cat == semantic.CatAttr || m.Cat == semantic.CatColumn) && !saysMatch(r, asks, m) && !informalAlso(r, m) && !writersThing(r, m, roles) && !possessor(r, roles, m) {
				missing = append(missing, spanText(r, m.From, m.To))
			}
		}
		if ok && len(missing) > 0 {
			if sp := personAsked(r, roles, p.from, p.to, asks); sp != (tokenSpan{}) {
				missing = nil // the person the ask points to with a pronoun (personAsked)
				persons = append(persons, sp)
			}
		}
		if ok && len(missing) == 0 {
			kept = append(kept, tokenSpan{p.from, p.end})
		} else {
			if !ok {
				missing = words
			}
			unrepeated = append(unrepeated, missing)
			if slices.Contains(reported, pk) {
				othersAsked = append(othersAsked, missing)
			}
			if guesses(r, p.from, p.to) && namesOwnValue(r, p.from, p.to, asks) {
				guessed = append(guessed, missing)
			}
		}
	}
	return kept, unrepeated, othersAsked, guessed, persons
}

// leadingClause finds, in the part from..to, the words said before its ask: the ask opens
// a clause with a question word or a request, after a comma ("I feel like Batel's been
// dropping the ball all year, | what's the cancellation rate over there") or, with no
// comma, as the writer's request, after its subject or a conjunction ("For the staff
// planning | I need the number of sales per weekday", "Tô montando a planilha e | preciso
// saber"), past a clause opener ("..., so | what was"). The words before it are a leading
// clause when none of them asks for something (asksCat: a request there is the writer's
// own doing, "let's check the scoreboard") and they state something (states). lead is
// where the leading clause ends and at where the ask starts; both are from when there is
// none.
func leadingClause(r *lexicon.Reading, roles []semantic.Role, from, to int) (lead, at int) {
	wh := make([]bool, to)
	asking := to // the first word that asks for something
	for _, m := range r.Matches {
		if m.From > from && m.From < to && m.Typos == 0 && asksCat(m.Cat) && !inDiscourse(r, m) {
			wh[m.From] = true
			asking = min(asking, m.From)
		}
	}
	for c := from + 1; c < to && c <= asking; c++ {
		switch {
		case r.Tokens[c-1].Norm == "," && c-1 > from && openerSkipped(r, c) < to && (wh[openerSkipped(r, c)] || isRequest(r, openerSkipped(r, c))):
			lead, at = c-1, openerSkipped(r, c)
		case isRequest(r, c) && writerWordAt(r, c-1, semantic.WriterSubject) && c-1 > from:
			lead, at = c-1, c-1 // "I need", "we need": the writer asking
		case isRequest(r, c) && joinsTwo(r, c-1) && c-1 > from:
			lead, at = c-1, c // "Tô montando a planilha e | preciso saber"
		default:
			continue
		}
		if states(r, from, lead) {
			return lead, at
		}
		break
	}
	return from, from
}

// ownBreakdown are the words of the dimensions, events and rankings the leading clause
// from..to names that the parts that ask do not: said in the ask's own sentence, "For our
// payment method review, how many sales ..." may ask for a breakdown by payment type; it
// is not known, so not left out (statements.go, namesRows, says the same of a frame).
func ownBreakdown(r *lexicon.Reading, from, to int, asks []tokenSpan) []string {
	var words []string
	for _, m := range r.Matches {
		if m.From >= from && m.From < to && m.Typos == 0 && (m.Cat == semantic.CatDim && !periodUnit(r, m.From) || m.Cat == semantic.CatEvent || m.Cat == semantic.CatTrend || m.Cat == semantic.CatTop || m.Cat == semantic.CatMost) && !saysMatch(r, asks, m) {
			words = append(words, m.Text)
		}
	}
	return words
}

// placePointed reports whether the parts that ask point to a place said around them
// (semantic.PlaceDeixis: "lá", "over there", "that store") and name no place themselves:
// the one place a background names is then the ask's (statements.go binds it there).
func placePointed(r *lexicon.Reading, asks []tokenSpan) bool {
	deixis := false
	for _, a := range asks {
		if places(r, a.from, a.to) > 0 {
			return false
		}
		for i := a.from; i < a.to && !deixis; i++ {
			n := phraseAt(r, i, placeDeixisPhrases)
			deixis = n > 0 && i+n <= a.to
		}
	}
	return deixis
}

// places is the number of stores and cities the tokens from..to name.
func places(r *lexicon.Reading, from, to int) int {
	named := map[string]bool{}
	for _, m := range r.Matches {
		if m.From >= from && m.From < to && m.Typos == 0 && (m.Cat == lexicon.CatStore || m.Cat == lexicon.CatCity) {
			named[string(m.Cat)+":"+m.Arg] = true
		}
	}
	return len(named)
}

// placeKey reports whether a constraint key (constraintsOf) names a store or a city.
func placeKey(k string) bool {
	return strings.HasPrefix(k, "val:") && (strings.Contains(k, "|"+string(lexicon.CatStore)+":") || strings.Contains(k, "|"+string(lexicon.CatCity)+":"))
}

// saysMatch reports whether a part that asks holds a match of m's category and argument.
func saysMatch(r *lexicon.Reading, asks []tokenSpan, m lexicon.Match) bool {
	for _, a := range asks {
		for _, x := range r.Matches {
			if x.From >= a.from && x.From < a.to && x.Cat == m.Cat && x.Arg == m.Arg {
				return true
			}
		}
	}
	return false
}

// personAsked is, in the background part from..to, the customer it names ("A cliente
// Camila Prado ligou reclamando do saldo dela."): "cliente", "customer" or an honorific
// and the capitalised words of a name after it, when those are the only words of the part
// the model reads as a constraint, and a part that asks points to one person with a
// pronoun (semantic.PersonPronouns: "quantos pontos ela tem hoje?"). The person is then
// the ask's (statements.go keeps the span when the part is left out); empty otherwise.
func personAsked(r *lexicon.Reading, roles []semantic.Role, from, to int, asks []tokenSpan) tokenSpan {
	pointed := false
	for _, a := range asks {
		for i := a.from; i < a.to; i++ {
			pointed = pointed || slices.Contains(semantic.PersonPronouns.All(), r.Tokens[i].Norm)
		}
	}
	if !pointed {
		return tokenSpan{}
	}
	var span tokenSpan
	for _, m := range r.Matches {
		if m.From < from || m.To >= to || m.Typos > 0 || !(m.Cat == semantic.CatNoun && m.Arg == "customers" || m.Cat == semantic.CatHonor) {
			continue
		}
		end := m.To
		for end < to && (r.Tokens[end].Cap || !covered(r, end) && isCap(r.Tokens[end].Raw) ||
			semantic.NameParticles[r.Tokens[end].Norm] && end+1 < to && r.Tokens[end+1].Cap) {
			end++
		}
		if end-m.To >= 2 && span == (tokenSpan{}) {
			span = tokenSpan{m.From, end}
		}
	}
	if span == (tokenSpan{}) {
		return span
	}
	for i := from; i < to; i++ {
		if (i < span.from || i >= span.to) && roles[i] == semantic.RoleConcept && !covered(r, i) {
			return tokenSpan{} // another name than the person's
		}
	}
	return span
}

// states reports whether the tokens from..to make a statement: they hold a statement, a
// guess, a plan, a purpose, who asked or the work the answer is for (semantic.Fillers); or,
// with no courtesy, what it is about or what happened (a noun or an event of the model) or
// at least four words ("Mudamos os totens de lugar em janeiro"). A short fragment
// ("Líquido.", "Net and cumulative.") or one said with courtesy ("Líquido e acumulado, por
// favor.", "Net of returns, please.") is an instruction the model does not know, never
// background.
func states(r *lexicon.Reading, from, to int) bool {
	courtesy, about := false, false
	for _, m := range r.Matches {
		if m.From < from || m.From >= to || m.Typos > 0 {
			continue
		}
		switch m.Cat {
		case semantic.CatNoun, semantic.CatEvent:
			about = true
		case semantic.CatDiscourse, semantic.CatFiller:
			f := semantic.FillerByID(m.Arg)
			if f != nil && (f.Opens || semantic.Reports(f.ID) || f.ID == "work") {
				return true
			}
			courtesy = courtesy || f != nil && f.ID == "courtesy"
		}
	}
	words := 0
	for i := from; i < to; i++ {
		if r.Tokens[i].Norm != "," {
			words++
		}
	}
	return !courtesy && (about || words >= 4)
}

// leftOut reports whether the tokens from..to are all context already left out.
func leftOut(r *lexicon.Reading, from, to int) bool {
	left := make([]bool, to-from)
	for _, m := range r.Matches {
		if m.Cat == semantic.CatFiller && m.Arg == "context" && m.From >= from && m.From < to {
			left[m.From-from] = true
		}
	}
	for _, l := range left {
		if !l {
			return false
		}
	}
	return true
}

// freeInBackground are the concepts a background part may say without the ask repeating
// them: what it is about and what happened (nouns, events, a dimension word without
// "by"), and words of what the reports do not hold. They constrain no report.
var freeInBackground = map[semantic.Category]bool{
	semantic.CatNoun: true, semantic.CatEvent: true, semantic.CatDim: true, semantic.CatQuantity: true,
	semantic.CatWrite: true, semantic.CatScope: true, semantic.CatPronoun: true, semantic.CatHave: true,
	semantic.CatUse: true, semantic.CatPaid: true, semantic.CatFiller: true, semantic.CatDiscourse: true,
	semantic.CatAnd: true, semantic.CatOr: true,
}

// constraintsOf gives the constraints the tokens from..to say, each as a key and its
// words: a number or a date, a name the model does not know, a period word, a breakdown
// ("by" and its dimension), and every other concept but those free in a background. ok is
// false when the tokens hold a negation or a restriction.
func constraintsOf(r *lexicon.Reading, roles []semantic.Role, units []int, from, to int) (keys, words []string, ok bool) {
	ok = true
	add := func(k, w string) {
		for _, x := range keys {
			if x == k {
				return
			}
		}
		keys, words = append(keys, k), append(words, w)
	}
	for i := from; i < to; i++ {
		t := r.Tokens[i]
		switch {
		case t.Kind != lexicon.Word:
			add("tok:"+t.Norm, t.Raw)
			continue
		case periodWord(r, i):
			// the whole period phrase ("this month", "maio de 2025"): "this month" is not
			// "last month"; a demonstrative alone ("essa parte", "this one") or a unit alone
			// ("a record month", "um mês bom") names none
			j := i
			for j < to && (periodWord(r, j) || isFunctionWord(r, j) && j+1 < to && periodWord(r, j+1)) {
				j++
			}
			var ks []string
			named, pointed, unit := false, false, false
			for k := i; k < j; k++ {
				if r.Tokens[k].Kind != lexicon.Word {
					ks, named = append(ks, "tok:"+r.Tokens[k].Norm), true
				}
				for _, m := range r.Matches {
					if m.From == k && m.Typos == 0 && (timeCats[m.Cat] || m.Cat == lexicon.CatYear) && !slices.Contains(ks, string(m.Cat)+":"+m.Arg) {
						ks = append(ks, string(m.Cat)+":"+m.Arg)
						switch {
						case deictic[m.Cat]:
							pointed = true
						case m.Cat == semantic.CatUnit:
							unit = true
						default:
							named = true
						}
					}
				}
			}
			if named || pointed && unit {
				sort.Strings(ks)
				add("time:"+strings.Join(ks, "+"), spanText(r, i, j))
			}
			i = j - 1
			continue
		case roles[i] != semantic.RoleConcept, pronounI(r, i):
			continue // "I" is the writer, never a name
		case !covered(r, i):
			add("name:"+t.Norm, t.Raw) // a name the model does not know
			continue
		}
		m := r.Matches[units[i]]
		if m.Short {
			continue // a clipped name is the background's own word, as it was unread ("quanto custa a caneca")
		}
		if informalAlso(r, m) {
			continue // "tipo", "msm": spoken words a reading skips, said of nothing here
		}
		if m.From > i || m.To <= i || m.Typos > 0 && !place(m) && !valueCats[m.Cat] && m.Cat != semantic.CatFlag {
			continue // a word read through a typo is the background's own, unless a value
		}
		switch {
		case m.Cat == semantic.CatNumWord && isFunctionWord(r, i):
			// an article ("uma conversa"), not a number
		case m.Cat == semantic.CatNumWord && compoundNumber(r, roles, m):
			// a word of a compound ("my two-way players"), not a number of rows
		case m.Cat == semantic.CatCmp && m.Arg == "=" && onlyOfNothing(r, roles, m):
			// "Just the numbers", "Only I promised ...": "only" said of the report or of
			// the writer narrows no rows
		case (m.Cat == semantic.CatUntil || m.Cat == semantic.CatSince || m.Cat == semantic.CatBefore || m.Cat == semantic.CatAfter) && !relatesTime(r, m):
			// a time relation to an event ("depois de uma conversa") is the background's
		case m.Cat == semantic.CatNeg && prepositionNo(r, m):
		case m.Cat == semantic.CatNeg && situationNeg(r, roles, m), narratedActivity(r, roles, m):
			// "I haven't a notion", "something's not adding up": the writer's situation;
			// "Counting the float and ...": what the writer is doing
		case m.Cat == semantic.CatNeg, m.Cat == semantic.CatNever, m.Cat == semantic.CatRestrict:
			ok = false
			add("neg:"+m.Text, m.Text)
		case m.Cat == semantic.CatBy:
			for _, d := range r.Matches {
				if d.From == m.To && d.Typos == 0 && (d.Cat == semantic.CatDim || d.Cat == semantic.CatTrend) {
					add("by:"+d.Arg, m.Text+" "+d.Text)
				}
			}
		case freeInBackground[m.Cat]:
		case memberOf(m) != "":
			add("val:"+memberOf(m)+"|"+string(m.Cat)+":"+m.Arg, m.Text)
		case m.Cat == semantic.CatFlag && besideMissing(r, m):
			// a word that names the flag only beside its opposite ("new" beside returning
			// buyers) names nothing without it
		case (m.Cat == semantic.CatNew || m.Cat == semantic.CatFlag || m.Cat == semantic.CatValue) && (modifiesUnknown(r, m, roles) || writersThing(r, m, roles)):
			// it describes a thing the model does not know ("a new counter card", "o
			// cartão novo"), not rows of a report
		default:
			add(string(m.Cat)+":"+m.Arg, m.Text)
		}
	}
	return keys, words, ok
}

// modifiesUnknown reports whether the adjective m modifies a word the model does not know:
// the word right after it in English ("a new counter card"), right before it in
// Portuguese ("um cartão novo"), in the same sentence.
func modifiesUnknown(r *lexicon.Reading, m lexicon.Match, roles []semantic.Role) bool {
	k := m.To
	if r.Lang == semantic.PT {
		k = m.From - 1
	}
	return k >= 0 && k < len(r.Tokens) && r.Tokens[k].Part == r.Tokens[m.From].Part && roles[k] == roleUnknown
}

// writersThing reports whether m names a thing of the writer's: after an indefinite
// article (semantic.Indefinite) and at most writersThingWords words between them, all
// words the model does not know or function words and at least one unknown ("thinking of a
// win-back email", "vou fazer um disparo de sms"), or right after the article with a word
// the model does not know after it and a preposition ("num e-mail de reativação"). Said so, "email" is what the writer
// sends, never the customers' e-mail column nor their e-mail opt-in. A column word said as
// the verb of a purpose ("Want the counters to phone the customers", "to email them"), in
// an English question that lists no rows, is what the writer will do, never a column.
func writersThing(r *lexicon.Reading, m lexicon.Match, roles []semantic.Role) bool {
	if reachVerb(r, m) {
		return true
	}
	if m.From > 0 && slices.Contains(inLang(semantic.Indefinite, r.Lang), r.Tokens[m.From-1].Norm) {
		// the word first, what it is after it: "num e-mail de reativação"
		k := m.To
		if k < len(r.Tokens) && isFunctionWord(r, k) {
			k++
		}
		return k > m.To && k < len(r.Tokens) && r.Tokens[k].Part == r.Tokens[m.From].Part && roles[k] == roleUnknown && !r.Tokens[k].Cap
	}
	unknown := false
	for k := m.From - 1; k >= 0 && k >= m.From-writersThingWords-1 && r.Tokens[k].Part == r.Tokens[m.From].Part; k-- {
		for _, a := range inLang(semantic.Indefinite, r.Lang) {
			if r.Tokens[k].Norm == a {
				return unknown && k < m.From-1
			}
		}
		switch {
		case roles[k] == roleUnknown && !r.Tokens[k].Cap:
			unknown = true
		case isFunctionWord(r, k):
		default:
			return false
		}
	}
	return false
}

// reachVerb reports whether the column word m is said as a verb (see writersThing): in an
// English question, right after "to" (semantic.PurposeTo), with an article or a pronoun of
// rows as its object ("to phone the customers", "to text them"), and no word asking for a
// list, whose columns the writer may want.
func reachVerb(r *lexicon.Reading, m lexicon.Match) bool {
	if r.Lang != semantic.EN || m.Cat != semantic.CatAttr || m.Typos > 0 || m.From == 0 || m.To >= len(r.Tokens) || r.Tokens[m.From-1].Norm != "to" || r.Tokens[m.To].Part != r.Tokens[m.From].Part {
		return false
	}
	object := pronounAt(r, m.To)
	for _, a := range inLang(semantic.Articles, r.Lang) {
		if n, ok := wordsAt(r, m.To, a); ok && n == 1 {
			object = true
		}
	}
	return object && !slices.ContainsFunc(r.Matches, func(x lexicon.Match) bool { return x.Cat == semantic.CatList && x.Typos == 0 })
}

// writersThingWords is the most words between the article and the word of a writer's thing.
const writersThingWords = 3

// memberOf is the dimension whose values include the place or value m names ("Savassi":
// store, "pix": payment type), or "".
func memberOf(m lexicon.Match) string {
	kind := ""
	switch {
	case m.Cat == lexicon.CatStore:
		kind = "store"
	case m.Cat == lexicon.CatCity:
		kind = "city"
	case m.Cat == lexicon.CatState:
		kind = "state"
	case m.Cat == semantic.CatValue:
		kind, _, _ = strings.Cut(m.Arg, ":")
	case m.Cat == semantic.CatWeekday:
		// "sábado", "fim de semana": a row, or rows, of a breakdown by weekday
		return semantic.ByWeekday.ID
	}
	if d := memberDim(kind); d != nil {
		return d.ID
	}
	return ""
}

// dimensionsShown are the dimensions the tokens from..to (but those dropped) break down or
// rank by: a dimension word that names no value ("cada forma de pagamento", "ranking das lojas"; not
// "loja da Savassi"). Each of their values is a row of the answer.
func dimensionsShown(r *lexicon.Reading, from, to int, drop []bool) map[string]bool {
	shown := map[string]bool{}
	for _, m := range r.Matches {
		if m.From < from || m.To > to || m.Typos > 0 || m.Cat != semantic.CatDim || drop != nil && drop[m.From] {
			continue
		}
		k := m.To
		if k < to && isFunctionWord(r, k) {
			k++
		}
		named := false
		for _, v := range r.Matches {
			if (v.From == m.To || v.From == k) && v.Typos == 0 && valueCats[v.Cat] {
				named = true
			}
		}
		if !named {
			shown[m.Arg] = true
		}
	}
	return shown
}

// deictic are the period words that point to a period without naming one ("this",
// "last", "next"): alone they are demonstratives ("essa parte", "this one").
var deictic = map[semantic.Category]bool{semantic.CatThis: true, semantic.CatLast: true, semantic.CatNext: true}

// prepositionNo reports whether a negation match is a Portuguese function word ("no" of
// "no sistema" is a preposition): read as one, it negates nothing.
func prepositionNo(r *lexicon.Reading, m lexicon.Match) bool {
	return m.Cat == semantic.CatNeg && r.Lang == semantic.PT && isFunctionWord(r, m.From)
}

// backgroundEnd is where the background part or leading clause left out that starts at
// token from ends; -1 when none starts there.
func backgroundEnd(kept []tokenSpan, from int) int {
	for _, s := range kept {
		if s.from == from {
			return s.to
		}
	}
	return -1
}

// backgroundRefusal says, in a refusal for words no reading used, that a background part
// names a constraint the question does not repeat, and that it is not known whether the
// constraint applies to the question.
func backgroundRefusal(r *lexicon.Reading, ref *Refusal) {
	if len(ref.NotUnderstood) == 0 && !strings.HasPrefix(ref.Reason, say(r.Lang, "há palavras", "some words")) {
		return
	}
	_, unrepeated, _, _, _ := background(r)
	if len(unrepeated) == 0 {
		return
	}
	var words []string
	for _, u := range unrepeated {
		words = append(words, u...)
	}
	said := "\"" + strings.Join(words, "\", \"") + "\""
	ref.Reason = say(r.Lang,
		"uma frase em volta da pergunta fala de "+said+", que a pergunta não repete, e não sei se vale para a pergunta",
		"a sentence around the question names "+said+", which the question does not repeat, and I cannot tell whether it applies to the question")
}

// othersQuestionRefusal refuses a question beside which the writer tells what someone
// else asked, or guesses, with a constraint the writer's own question does not repeat ("O
// gerente da Savassi perguntou quantos clientes compraram em abril. Quantos compraram em
// maio?", "quantas vendas em maio? parece q foi um monte na Savassi"): read together, the
// other person's constraints or the guess's would narrow the writer's question (a guess's
// was read as a filter, silently wrong); it is not known whether they apply.
func othersQuestionRefusal(r *lexicon.Reading) *Refusal {
	_, _, others, guessed, _ := background(r)
	others = append(others, guessed...)
	if len(others) == 0 {
		return nil
	}
	var words []string
	for _, u := range others {
		words = append(words, u...)
	}
	said := "\"" + strings.Join(words, "\", \"") + "\""
	return &Refusal{Lang: r.Lang, Reason: say(r.Lang,
		"uma frase em volta da pergunta fala de "+said+", que a pergunta não repete, e não sei se vale para a pergunta",
		"a sentence around the question names "+said+", which the question does not repeat, and I cannot tell whether it applies to the question")}
}

// intentAt reports whether a first-person want or plan said after the question
// (semantic.Fillers "intent") starts at token i.
func intentAt(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From == i && m.Typos == 0 && m.Cat == semantic.CatDiscourse && m.Arg == "intent" {
			return true
		}
	}
	return false
}

// besideMissing reports whether flag match m names its flag only beside another
// (semantic.Flag.Beside) that no word of the question names.
func besideMissing(r *lexicon.Reading, m lexicon.Match) bool {
	fl := semantic.FlagByID(m.Arg)
	return fl != nil && fl.Beside != "" && !slices.ContainsFunc(r.Matches, func(o lexicon.Match) bool {
		return o.Cat == semantic.CatFlag && o.Arg == fl.Beside
	})
}

// informalAlso reports whether a word a reading may skip with no meaning of its own
// (semantic.Fillers "informal": "tipo", "msm") reads exactly the words of concept match m:
// in a background part no clause of the question reads it, so it names nothing there.
func informalAlso(r *lexicon.Reading, m lexicon.Match) bool {
	for _, x := range r.Matches {
		if x.From == m.From && x.To == m.To && x.Typos == 0 && x.Cat == semantic.CatFiller && x.Arg == "informal" {
			return true
		}
	}
	return false
}

// twoValuesAsked reports whether the parts that ask name two values of one dimension ("no
// pix e no dinheiro"): each is a row of the answer, and "comparar os dois", "compare the
// two" said around the question asks nothing more.
func twoValuesAsked(r *lexicon.Reading, asks []tokenSpan) bool {
	values := map[string]map[string]bool{}
	for _, a := range asks {
		for _, m := range r.Matches {
			if m.From < a.from || m.From >= a.to || m.Typos > 0 {
				continue
			}
			if d := memberOf(m); d != "" {
				if values[d] == nil {
					values[d] = map[string]bool{}
				}
				values[d][string(m.Cat)+":"+m.Arg] = true
			}
		}
	}
	for _, v := range values {
		if len(v) == 2 {
			return true
		}
	}
	return false
}

// situationNeg reports whether the negation m negates what its clause says of a subject
// that names no rows, with nothing of the model after it: the writer's situation ("I
// haven't a notion", "something's not adding up", "o caixa não tá batendo"), never a
// constraint. Its clause (from the part's start, a comma or a conjunction) holds before it
// a subject and nothing else: pronouns, function words, discourse (a statement's opener,
// "I have"), pronouns ("it"; not one of rows or people: "they're not vip") and words a
// reading skips ("something"), none of them a concept ("customers who haven't been in"
// names rows); after it, to the clause's end, no
// concept, no name, no want and no definite article (rows: "they're not the gold ones").
// A negation that opens its clause ("Not the gold ones", "não os cancelados") may
// restrict: not this.
func situationNeg(r *lexicon.Reading, roles []semantic.Role, m lexicon.Match) bool {
	if m.Cat != semantic.CatNeg || m.Typos > 0 {
		return false
	}
	part := r.Tokens[m.From].Part
	inClause := func(k int) bool {
		return k >= 0 && k < len(r.Tokens) && r.Tokens[k].Part == part && r.Tokens[k].Norm != "," && !joinsTwo(r, k)
	}
	rows := append(inLang(semantic.RowPronouns, r.Lang), inLang(semantic.PersonPronouns, r.Lang)...)
	subject, k := 0, m.From-1
	for ; inClause(k); k-- {
		if roles[k] == roleUnknown || namesConcept(r, k) && !pronounAt(r, k) || slices.Contains(rows, r.Tokens[k].Norm) {
			return false // "they're not vip": said of rows
		}
		subject++
	}
	// Portuguese leaves the subject out of a clause joined to another ("Contando o caixa
	// e não tá batendo")
	coordinated := r.Lang == semantic.PT && k >= 0 && r.Tokens[k].Part == part && joinsTwo(r, k)
	definite := definiteAt(r)
	for k := m.To; inClause(k); k++ {
		// "I don't want the gold ones", "não quero os do plano premium": a want denied
		// is what the question should leave out; "they're not the gold ones": rows
		if namesConcept(r, k) || roles[k] == semantic.RoleConcept && !covered(r, k) || isRequest(r, k) || intentAt(r, k) || definite[k] {
			return false
		}
	}
	return subject > 0 || coordinated
}

// narratedActivity reports whether the restriction word m ("counting", "contando", also a
// verb of lumping values together) opens a
// part that narrates: the verb of what the writer is doing, at the part's start, whose
// object names nothing of the model, joined by a conjunction to a clause of the writer's
// situation ("Counting the float and something's not adding up"). Said of rows of the
// model ("Counting the cancelled ones"), or with nothing narrated beside it ("Counting
// the gift cards."), it may restrict: not this.
func narratedActivity(r *lexicon.Reading, roles []semantic.Role, m lexicon.Match) bool {
	if m.Cat != semantic.CatRestrict && m.Cat != semantic.CatLump || m.Typos > 0 || m.From > 0 && r.Tokens[m.From-1].Part == r.Tokens[m.From].Part {
		return false
	}
	part := r.Tokens[m.From].Part
	k := m.To
	for ; k < len(r.Tokens) && r.Tokens[k].Part == part && !joinsTwo(r, k) && r.Tokens[k].Norm != ","; k++ {
		if namesConcept(r, k) || roles[k] == semantic.RoleConcept && !covered(r, k) {
			return false
		}
	}
	if k >= len(r.Tokens) || r.Tokens[k].Part != part {
		return false
	}
	for _, n := range r.Matches {
		if n.From > k && r.Tokens[n.From].Part == part && situationNeg(r, roles, n) {
			return true
		}
	}
	return false
}

// pronounAt reports whether a pronoun ("it", "isso") reads the token at k.
func pronounAt(r *lexicon.Reading, k int) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.From == k && m.To == k+1 && m.Cat == semantic.CatPronoun && m.Typos == 0
	})
}

// namesConcept reports whether a phrase of the model that is a concept reads the token at
// k, other than a word a reading may skip ("something", "ever") or one inside a set phrase
// ("add" of "doesn't add up").
func namesConcept(r *lexicon.Reading, k int) bool {
	for _, m := range r.Matches {
		if m.From > k || k >= m.To || m.Typos > 0 || m.Cat == lexicon.CatWord || m.Cat == lexicon.CatCapWord {
			continue
		}
		if f := semantic.FillerByID(m.Arg); (m.Cat == semantic.CatFiller) && f != nil && f.Skip || inIdiom(r, m) {
			continue // "something", "ever"; "add" of "doesn't add up"
		}
		if semantic.RoleOf(m.Cat, m.Arg) == semantic.RoleConcept {
			return true
		}
	}
	return false
}

// namesOwnValue reports whether the tokens from..to name a value (a store, a city, a
// product, a payment type...; not a period) that the parts that ask do not.
func namesOwnValue(r *lexicon.Reading, from, to int, asks []tokenSpan) bool {
	for _, m := range r.Matches {
		if m.From >= from && m.From < to && m.Typos == 0 && !saysMatch(r, asks, m) {
			if k := valueKind(r, m); k != "" && k != "period" {
				return true
			}
		}
	}
	return false
}

// guesses reports whether the tokens from..to say the writer's guess or opinion ("parece
// que", "acho que", "I reckon"): discourse of the fillers "opinion" or "hedge".
func guesses(r *lexicon.Reading, from, to int) bool {
	for _, m := range r.Matches {
		if m.From >= from && m.From < to && m.Typos == 0 && (m.Cat == semantic.CatDiscourse || m.Cat == semantic.CatFiller) && (m.Arg == "opinion" || m.Arg == "hedge") {
			return true
		}
	}
	return false
}
