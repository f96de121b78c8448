package semantic

import (
	"fmt"
	"slices"
	"strings"
)

// Spelling is an informal way of writing a word of the model: a texting abbreviation
// ("d" for "de", "n" for "não"), a spoken form, or a regularised verb of English as a second
// language ("buyed" for "bought"). The lexicon reads the informal word as each of its
// standard words wherever a phrase of the model has one ("mais d 1000 pts" is "mais de
// 1000 pts", "n voltaram" is "não voltaram"), so every phrase of the model gains its informal
// spellings without being written twice; a word no phrase uses is still not understood.
type Spelling struct {
	Informal string   // folded, one word
	Standard []string // folded words of the model it stands for
}

// Spellings are the informal spellings of the model's words, pt-BR and en.
var Spellings = []Spelling{
	// pt-BR texting
	{"d", []string{"de"}},
	{"n", []string{"nao"}},
	{"nd", []string{"nada"}},
	{"q", []string{"que"}},
	{"qnd", []string{"quando"}},
	{"qdo", []string{"quando"}},
	{"vc", []string{"voce"}},
	{"oce", []string{"voce"}},
	{"vcs", []string{"voces"}},
	{"tb", []string{"tambem"}},
	{"tbm", []string{"tambem"}},
	{"hj", []string{"hoje"}},
	{"msm", []string{"mesmo"}},
	{"td", []string{"tudo"}},
	{"tds", []string{"todos"}},
	{"cd", []string{"cada"}},
	{"qq", []string{"qualquer"}},
	{"qlq", []string{"qualquer"}},
	{"dps", []string{"depois"}},
	{"agr", []string{"agora"}},
	{"ngm", []string{"ninguem"}},
	{"nm", []string{"nem"}},
	{"nasc", []string{"nascimento"}},
	{"niver", []string{"aniversario"}},
	{"nivers", []string{"aniversarios"}},
	{"aniver", []string{"aniversario"}},
	{"anivers", []string{"aniversarios"}},
	{"vo", []string{"vou"}},
	// prepositions texted as their letter, with a slash or not ("vendas p/ loja",
	// "clientes c/ email", "compras s/ cupom", "faturamento p loja"); "p" is "por" or
	// "para", "por" (the first) before a breakdown's noun ("p/ loja": by store; as a
	// function word, "para", it was skipped and the noun read as nothing)
	{"p/", []string{"por", "para"}},
	{"p", []string{"por", "para"}},
	{"c/", []string{"com"}},
	{"s/", []string{"sem"}},
	{"mt", []string{"muito"}},
	{"mto", []string{"muito"}},
	{"ult", []string{"ultimos", "ultimas", "ultimo", "ultima"}},
	{"ults", []string{"ultimos", "ultimas"}},
	// words cut short in a text message, too short or too alike for the lexicon to guess
	// (its prefix guess needs 4 letters and one meaning: "pass" is also "passivo")
	{"ont", []string{"ontem"}},
	{"onti", []string{"ontem"}},
	{"pass", []string{"passado", "passada"}},
	{"ativ", []string{"ativos", "ativas", "ativo", "ativa"}},
	{"inativ", []string{"inativos", "inativas", "inativo", "inativa"}},
	{"resg", []string{"resgate", "resgates"}},
	{"cad", []string{"cadastro", "cadastros"}},
	{"prox", []string{"proximo", "proxima"}},
	// pt-BR spoken (caipira, mineiro): pronouns as they are said ("nóis vendeu", "ocê me
	// fala", "cê viu")
	{"nois", []string{"nos"}},
	{"oce", []string{"voce"}},
	{"oces", []string{"voces"}},
	{"ce", []string{"voce"}},
	{"ces", []string{"voces"}},
	// en texting
	{"u", []string{"you"}},
	{"ur", []string{"your"}},
	{"r", []string{"are"}},
	{"b4", []string{"before"}},
	{"thru", []string{"through"}},
	{"tho", []string{"though"}},
	{"plz", []string{"please"}},
	{"pls", []string{"please"}},
	{"thx", []string{"thanks"}},
	{"cuz", []string{"because"}},
	{"w/", []string{"with"}},
	// Scots: negations in -nae, "wi", "ye" ("havenae bought", "compared wi Centro")
	{"havenae", []string{"havent"}},
	{"hasnae", []string{"hasnt"}},
	{"didnae", []string{"didnt"}},
	{"dinnae", []string{"dont"}},
	{"dinna", []string{"dont"}},
	{"doesnae", []string{"doesnt"}},
	{"disnae", []string{"doesnt"}},
	{"isnae", []string{"isnt"}},
	{"wasnae", []string{"wasnt"}},
	{"wi", []string{"with"}},
	{"ye", []string{"you"}},
	{"yer", []string{"your"}},
	{"aye", []string{"yeah"}},
	// Northern English and texting ("wots the %", "never bought owt", "pending atm")
	{"wot", []string{"what"}},
	{"wots", []string{"whats"}},
	{"owt", []string{"anything"}},
	{"nowt", []string{"nothing"}},
	{"atm", []string{"now"}},
	// Caribbean English and eye dialect ("which store mek di most money", "how many we get
	// dis week", "di store dem")
	{"di", []string{"the"}},
	{"dis", []string{"this"}},
	{"dat", []string{"that"}},
	{"mek", []string{"make", "made"}},
	{"wid", []string{"with"}},
	{"fi", []string{"for", "to"}},
	{"inna", []string{"in"}},
	{"yuh", []string{"you", "your"}},
	{"neva", []string{"never"}},
	{"nuh", []string{"not"}},
	{"cyaan", []string{"cant"}},
	{"dem", []string{"them", "they"}},
	{"wah", []string{"what"}},
	// English as a second language: irregular verbs made regular
	{"buyed", []string{"bought"}},
	{"spended", []string{"spent"}},
	{"payed", []string{"paid"}},
	{"selled", []string{"sold"}},
	{"maked", []string{"made"}},
	{"bringed", []string{"brought"}},
	{"gived", []string{"given"}},
	// English as a second language: "until" as it is misspelled
	{"til", []string{"until"}},
	{"untill", []string{"until"}},
	{"untils", []string{"until"}},
}

// BeforeVerb are the informal spellings of a word that, typed, is also another word,
// read as the informal word's standard only right before a verb of the model: spoken
// Portuguese says "não" as "num" before a verb ("que num compra faz 90 dias"), where
// "num" is otherwise "em um" ("num dia") or a number's abbreviation ("num de clientes").
var BeforeVerb = []Spelling{
	{"num", []string{"nao"}},
	{"nu", []string{"nao"}},
}

// BeforeVerbOf returns the standard words a word stands for right before a verb (nil: none).
func BeforeVerbOf(w string) []string { return standardOf(w, BeforeVerb) }

// standardOf is the standard words of w in the first of lists that spells it (nil: none).
func standardOf(w string, lists ...[]Spelling) []string {
	for _, ss := range lists {
		for _, s := range ss {
			if s.Informal == w {
				return s.Standard
			}
		}
	}
	return nil
}

// European are the words of European Portuguese that Brazilian Portuguese says otherwise
// ("facturação", "cupões", "registos", "utilizadores", "percentagem", "telemóvel",
// "escalão etário"): read as the Brazilian word wherever a phrase of the model has it. The
// spellings before the 1990 agreement ("activos", "efectuaram", "transacto") are read by
// their consonants (preAgreement), not listed.
var European = []Spelling{
	{"faturacao", []string{"faturamento"}},
	{"cupoes", []string{"cupons"}},
	{"cupao", []string{"cupom"}},
	{"registos", []string{"cadastros"}},
	{"registo", []string{"cadastro"}},
	{"utilizadores", []string{"usuarios"}},
	{"utilizador", []string{"usuario"}},
	{"percentagem", []string{"porcentagem"}},
	{"percentagens", []string{"porcentagens"}},
	{"telemovel", []string{"celular"}},
	{"telemoveis", []string{"celulares"}},
	{"escalao", []string{"faixa"}},
	{"escaloes", []string{"faixas"}},
	{"etario", []string{"etaria"}},
	{"etarios", []string{"etarias"}},
	{"talao", []string{"cupom"}},
	{"taloes", []string{"cupons"}},
}

// Spanish are the words of Spanish a question mixes in (Spanglish, or a Spanish speaker
// writing to a Brazilian product: "cuántos customers se registraron el mes pasado?",
// "dame la lista de clientes de la tienda de Ibirapuera"): each read as the Portuguese (or
// English) word it means wherever a phrase of the model has it, so every phrase of the
// model reads its Spanish without being written a third time. Only words the lexicon does
// not know are listed (a Portuguese or English word keeps its reading), but for the
// articles, function words already, which a phrase of the model reads as the Portuguese
// article ("tienen el app": "têm o app"); never a false friend (SpanishFalseFriends). The regular verb forms are read by their endings
// (SpanishVerbForms), not listed.
var Spanish = []Spelling{
	// articles (function words already) and function words
	{"el", []string{"o"}},
	{"la", []string{"a"}},
	{"los", []string{"os"}},
	{"las", []string{"as"}},
	{"lo", []string{"o"}},
	{"del", []string{"do"}},
	{"al", []string{"ao"}},
	{"en", []string{"em"}},
	{"y", []string{"e"}},
	{"con", []string{"com"}},
	{"un", []string{"um"}},
	{"uno", []string{"um"}},
	{"unos", []string{"uns"}},
	{"unas", []string{"umas"}},
	{"es", []string{"e"}}, // "é", folded
	{"son", []string{"sao"}},
	{"fue", []string{"foi"}},
	{"fueron", []string{"foram"}},
	{"pero", []string{"mas"}},
	{"sino", []string{"mas"}},
	{"ni", []string{"nem"}},
	{"sin", []string{"sem"}},
	{"hasta", []string{"ate"}},
	{"ningun", []string{"nenhum"}},
	{"ninguno", []string{"nenhum"}},
	{"ninguna", []string{"nenhuma"}},
	{"tambien", []string{"tambem"}},
	{"ahora", []string{"agora"}},
	{"aun", []string{"ainda"}},
	{"solo", []string{"so"}},
	{"solamente", []string{"somente"}},
	{"otro", []string{"outro"}},
	{"otra", []string{"outra"}},
	{"otros", []string{"outros"}},
	{"veces", []string{"vezes"}},
	{"mayor", []string{"maior"}},
	{"mejor", []string{"melhor"}},
	{"peor", []string{"pior"}},
	{"primer", []string{"primeiro"}},
	{"primero", []string{"primeiro"}},
	{"primera", []string{"primeira"}},
	{"nuevo", []string{"novo"}},
	{"nueva", []string{"nova"}},
	{"nuevos", []string{"novos"}},
	{"nuevas", []string{"novas"}},
	// pronouns and possessives
	{"ellos", []string{"eles"}},
	{"ellas", []string{"elas"}},
	{"les", []string{"lhes"}},
	{"mi", []string{"meu", "minha"}},
	{"mis", []string{"meus", "minhas"}},
	{"su", []string{"seu", "sua"}},
	{"sus", []string{"seus", "suas"}},
	{"nuestro", []string{"nosso"}},
	{"nuestra", []string{"nossa"}},
	{"nuestros", []string{"nossos"}},
	{"nuestras", []string{"nossas"}},
	{"nosotros", []string{"nos"}},
	{"estos", []string{"esses"}},
	{"ese", []string{"esse"}},
	{"esa", []string{"essa"}},
	{"esos", []string{"esses"}},
	{"esas", []string{"essas"}},
	// question words
	{"cuanto", []string{"quanto"}},
	{"cuantos", []string{"quantos"}},
	{"cuantas", []string{"quantas"}},
	{"cual", []string{"qual"}},
	{"cuales", []string{"quais"}},
	{"quien", []string{"quem"}},
	{"quienes", []string{"quem"}},
	{"donde", []string{"onde"}},
	{"cuando", []string{"quando"}},
	// time
	{"hoy", []string{"hoje"}},
	{"ayer", []string{"ontem"}},
	// "el viernes pasado" is "a sexta passada": the Spanish weekday is masculine
	{"pasado", []string{"passado", "passada"}},
	{"pasada", []string{"passada"}},
	{"pasados", []string{"passados", "passadas"}},
	{"pasadas", []string{"passadas"}},
	{"enero", []string{"janeiro"}},
	{"febrero", []string{"fevereiro"}},
	{"marzo", []string{"marco"}},
	{"mayo", []string{"maio"}},
	{"junio", []string{"junho"}},
	{"julio", []string{"julho"}},
	{"septiembre", []string{"setembro"}},
	{"setiembre", []string{"setembro"}},
	{"octubre", []string{"outubro"}},
	{"noviembre", []string{"novembro"}},
	{"diciembre", []string{"dezembro"}},
	// "lunes" is singular and plural: the plural, never "segunda" (second), whose day of a
	// month "los lunes de junio" is not
	{"lunes", []string{"segundas"}},
	{"martes", []string{"terca", "tercas"}},
	{"miercoles", []string{"quarta", "quartas"}},
	{"jueves", []string{"quinta", "quintas"}},
	{"viernes", []string{"sexta", "sextas"}},
	{"mensual", []string{"mensal"}},
	// the domain's nouns
	{"tienda", []string{"loja"}},
	{"tiendas", []string{"lojas"}},
	{"venta", []string{"venda"}},
	{"ventas", []string{"vendas"}},
	{"punto", []string{"ponto"}},
	{"puntos", []string{"pontos"}},
	{"ciudad", []string{"cidade"}},
	{"ciudades", []string{"cidades"}},
	{"producto", []string{"produto"}},
	{"productos", []string{"produtos"}},
	{"canje", []string{"resgate"}},
	{"canjes", []string{"resgates"}},
	{"cupon", []string{"cupom"}},
	{"cupones", []string{"cupons"}},
	{"miembro", []string{"membro"}},
	{"miembros", []string{"membros"}},
	{"tarjeta", []string{"cartao"}},
	{"tarjetas", []string{"cartoes"}},
	{"efectivo", []string{"dinheiro"}},
	{"dinero", []string{"dinheiro"}},
	{"reales", []string{"reais"}},
	{"mujer", []string{"mulher"}},
	{"mujeres", []string{"mulheres"}},
	{"hombre", []string{"homem"}},
	{"hombres", []string{"homens"}},
	{"edad", []string{"idade"}},
	{"cumpleanos", []string{"aniversario"}},
	{"promedio", []string{"medio", "media"}},
	{"porcentaje", []string{"porcentagem"}},
	{"cantidad", []string{"quantidade"}},
	{"suma", []string{"soma"}},
	{"ganancia", []string{"lucro"}},
	{"ganancias", []string{"lucros"}},
	{"costo", []string{"custo"}},
	{"costos", []string{"custos"}},
	{"margen", []string{"margem"}},
	// verbs whose forms are not regular, or whose stem Portuguese writes otherwise (the
	// regular ones: SpanishVerbForms)
	{"hay", []string{"ha"}},
	{"hubo", []string{"houve"}},
	{"tiene", []string{"tem"}},
	{"tienen", []string{"tem"}},
	{"tenemos", []string{"temos"}},
	{"tuvimos", []string{"tivemos"}},
	{"tuvo", []string{"teve"}},
	{"tuvieron", []string{"tiveram"}},
	{"usan", []string{"usam"}},
	{"han", []string{"tem"}}, // "han comprado": "have bought"
	{"hicimos", []string{"fizemos"}},
	{"hicieron", []string{"fizeram"}},
	{"hizo", []string{"fez"}},
	{"cumple", []string{"faz"}},    // "cumple años": "faz anos", a birthday
	{"cumplen", []string{"fazem"}}, // "cumplen años": "fazem anos"
	{"volvieron", []string{"voltaram"}},
	{"volvio", []string{"voltou"}},
	// requests, courtesy and interjections: the Portuguese word of their class
	{"dame", []string{"traz"}},
	{"dime", []string{"diz"}},
	{"decime", []string{"diz"}},
	{"digame", []string{"diga"}},
	{"muestra", []string{"mostra"}},
	{"muestrame", []string{"mostra"}},
	{"muestreme", []string{"mostre"}},
	{"necesito", []string{"preciso"}},
	{"quiero", []string{"quero"}},
	{"quisiera", []string{"queria"}},
	{"puedes", []string{"pode"}},
	{"podrias", []string{"poderia"}},
	{"fa", []string{"favor"}}, // "por fa"
	{"porfis", []string{"porfa"}},
	{"porfavor", []string{"porfa"}},
	{"mija", []string{"querida"}},
	{"mijo", []string{"querido"}},
	{"oye", []string{"ei"}},
	{"oiga", []string{"ei"}},
	{"mira", []string{"olha"}},
	{"mire", []string{"olhe"}},
	{"pues", []string{"entao"}},
	{"bueno", []string{"bom"}},
	{"ganado", []string{"ganho"}},
	{"ganados", []string{"ganhos"}},
	{"regalo", []string{"presente"}},
	{"regalito", []string{"presente"}},
}

// SpanishFalseFriends are Spanish words that are, or are typed like, Portuguese words
// meaning otherwise ("exquisito" is delicious, "esquisito" strange; "largo" long, not
// wide; "pronto" soon, not ready; "todavía" still, not however; "apellido" a surname, not
// a nickname; "borrar" to delete):
// no spelling reads them and the lexicon never guesses them as a typo of a word it knows,
// so a question holding one is refused, never read as the Portuguese word.
var SpanishFalseFriends = []string{"exquisito", "exquisita", "largo", "larga", "pronto", "todavia", "embarazada", "embarazadas", "apellido", "apellidos", "oficina", "oficinas", "rato", "borrar", "borrado", "borrados"}

// SpanishFalseFriend reports whether a folded word is one of SpanishFalseFriends.
func SpanishFalseFriend(w string) bool { return slices.Contains(SpanishFalseFriends, w) }

// spanishEndings are the endings of Spanish regular verb forms and the Portuguese endings
// of the same forms ("compraron": "compraram", "vendieron": "venderam", "vendió":
// "vendeu", "aceptan": "aceitam", "vendimos": "vendemos"); endings the two languages share
// ("-ado", "-ados", "-ar") make another word only of a stem of spanishStems ("canjeados":
// "resgatados").
var spanishEndings = [][2]string{
	{"aron", "aram"}, {"ieron", "eram"}, {"ieron", "iram"}, {"io", "eu"}, {"io", "iu"}, {"o", "ou"},
	{"an", "am"}, {"en", "em"}, {"imos", "emos"}, {"iendo", "endo"}, {"iendo", "indo"},
	{"ar", "ar"}, {"ado", "ado"}, {"ados", "ados"}, {"ada", "ada"}, {"adas", "adas"}, {"ando", "ando"}, {"amos", "amos"},
}

// spanishStems are the verb stems Portuguese writes otherwise ("canjear": "resgatar",
// "ganar": "ganhar", "aceptar": "aceitar").
var spanishStems = map[string]string{"canje": "resgat", "gan": "ganh", "acept": "aceit"}

// SpanishVerbForms are the Portuguese forms of a Spanish regular verb form (nil: none,
// or a false friend). The lexicon reads only the ones it knows, and only for a word it does
// not know: "estorno" is no Spanish "estornó".
func SpanishVerbForms(w string) []string {
	if SpanishFalseFriend(w) {
		return nil
	}
	var out []string
	for _, e := range spanishEndings {
		stem, ok := strings.CutSuffix(w, e[0])
		if !ok || len(stem) < 3 || len(w) < 5 {
			continue
		}
		if pt, ok := spanishStems[stem]; ok {
			stem = pt
		} else if e[0] == e[1] {
			continue
		}
		out = append(out, stem+e[1])
	}
	return out
}

// EuropeanStems are the stems European Portuguese writes otherwise in every form of a verb
// ("registaram", "registados": "registraram", "registrados"): each form of a regular -ar
// verb (arEndings, stateEndings) is read as the Brazilian form.
var EuropeanStems = [][2]string{{"regist", "registr"}}

// europeanForm is the Brazilian form of a European verb form of EuropeanStems ("" when w is
// none).
func europeanForm(w string) string {
	for _, st := range EuropeanStems {
		if rest, ok := strings.CutPrefix(w, st[0]); ok && (slices.Contains(arEndings, rest) || slices.Contains(stateEndings, rest)) {
			return st[1] + rest
		}
	}
	return ""
}

// preAgreement is a word without the consonants European Portuguese wrote before the 1990
// spelling agreement and Brazil no longer writes: a "c" or "p" before "c" or "t"
// ("activos": "ativos", "facturação": "faturação", "optimo": "otimo"); "" when it has none,
// or when it does not end like a Portuguese word (a vowel, "s" or "m": "actual", "fact"
// and "sect" are English, never "atual", "fat" or "set").
func preAgreement(w string) string {
	if w == "" || strings.IndexByte(vowels+"sm", w[len(w)-1]) < 0 {
		return ""
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if (w[i] == 'c' || w[i] == 'p') && i > 0 && i+1 < len(w) && (w[i+1] == 't' || w[i+1] == 'c') && strings.IndexByte(vowels, w[i-1]) >= 0 {
			continue
		}
		b.WriteByte(w[i])
	}
	if b.Len() == len(w) {
		return ""
	}
	return b.String()
}

// vowels are the letters a silent consonant of preAgreement follows.
const vowels = "aeiou"

// SpellingsOf returns the standard words an informal word stands for (nil: none): an
// informal, European or Spanish spelling, a word written before the spelling agreement
// with its own spellings ("facturacao": "faturacao", "faturamento"), and a word texted
// with "k" for a hard "c" (hardC). The lexicon reads only the ones it knows, and only for
// a word it does not know.
func SpellingsOf(w string) []string {
	explicit := func(w string) []string { return standardOf(w, Spellings, European, Spanish) }
	out := explicit(w)
	if b := europeanForm(w); b != "" {
		out = append(slices.Clone(out), b)
	}
	if d := preAgreement(w); d != "" {
		out = append(append(slices.Clone(out), d), explicit(d)...)
	}
	if c := hardC(w); c != "" {
		out = append(slices.Clone(out), c)
	}
	return out
}

// hardC is a word texted with "k" for the hard "c" of Portuguese, written as the language
// writes it: "qu" before "e" and "i", "c" elsewhere ("slk": "slc", "aki": "aqui", "ke":
// "que"); "" when w has no "k", is laughter ("kkk"), or is one letter.
func hardC(w string) string {
	if len(w) < 2 || !strings.Contains(w, "k") || Laughing(w) {
		return ""
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		switch {
		case w[i] != 'k':
			b.WriteByte(w[i])
		case i+1 < len(w) && (w[i+1] == 'e' || w[i+1] == 'i'):
			b.WriteString("qu")
		default:
			b.WriteByte('c')
		}
	}
	return b.String()
}

// SpanishOf returns the Portuguese words a Spanish word stands for (nil: none): a word of
// Spanish, or a regular verb form (SpanishVerbForms).
func SpanishOf(w string) []string {
	return append(slices.Clone(standardOf(w, Spanish)), SpanishVerbForms(w)...)
}

// SpanishHomographs are Spanish words that are Portuguese words too, meaning otherwise:
// "más" typed without its accent is "mas" (but), "no" is "não" and not "no" (in the), "o"
// is "ou" and not "o" (the), "dos" is "dois" and not "dos" (of the), "pago" is a
// payment or "pagó" and not "pago" (paid). The Portuguese
// words are function words a reading skips, so "los productos mas canjeados" would lose
// its ranking and "clientes de Savassi o Batel" its "or" without a word: in a question
// written in Spanish (one holding a word only Spanish reads, SpanishOf) each is read as
// the Spanish word only.
var SpanishHomographs = []Spelling{
	{"mas", []string{"mais"}},
	{"no", []string{"nao"}},
	{"o", []string{"ou"}},
	{"dos", []string{"dois"}},
	{"pago", []string{"pagamento", "pagou"}}, // "forma de pago", "pagó"
}

// SpanishHomograph is the Portuguese words a Spanish homograph stands for (nil: w is none).
func SpanishHomograph(w string) []string { return standardOf(w, SpanishHomographs) }

// Abbreviation is one typed word that stands for a phrase of the model's words: a finance
// or retail abbreviation ("TTM": the last 12 months), or a word typed in capitals whose
// lower-case form is another word ("MoM" is month over month; "mom" is not). The lexicon
// reads the typed word as the phrase, so the productions that read the phrase spelled out
// read it; nothing is written twice.
type Abbreviation struct {
	Short string // folded
	Caps  bool   // only when typed with a capital after the first letter ("MoM", "MOM", "WoW")
	Long  string // words of the model
}

// Abbreviations of analysts' writing.
var Abbreviations = []Abbreviation{
	{"ttm", false, "last 12 months"},
	{"ltm", false, "last 12 months"},
	{"cy", false, "this year"},
	{"busiest", false, "most sales"},
	{"quietest", false, "fewest sales"},
	{"mom", true, "m/m"},
	{"wow", true, "w/w"},
}

// AbbreviationOf is the phrase a typed word stands for ("" when none); caps says it was
// typed with a capital letter.
func AbbreviationOf(w string, caps bool) string {
	for _, a := range Abbreviations {
		if a.Short == w && (caps || !a.Caps) {
			return a.Long
		}
	}
	return ""
}

// WindowUnits are the unit letters of a trailing window typed as one word: "L30D", "T12M"
// (the last 30 days, the trailing 12 months: L or T, a number, a unit) and "30d", "12m",
// "4wks" right after a word of "last" ("últimos 30d", "past 4w"); the unit's word in
// each language.
var WindowUnits = map[string]Text{
	"d": T("dias", "days"), "dd": T("dias", "days"),
	"w": T("semanas", "weeks"), "wk": T("semanas", "weeks"), "wks": T("semanas", "weeks"), "sem": T("semanas", "weeks"),
	"m": T("meses", "months"), "mo": T("meses", "months"), "mos": T("meses", "months"), "mth": T("meses", "months"), "mths": T("meses", "months"),
	"q": T("trimestres", "quarters"), "qtr": T("trimestres", "quarters"), "qtrs": T("trimestres", "quarters"),
	"y": T("anos", "years"), "yr": T("anos", "years"), "yrs": T("anos", "years"), "a": T("anos", "years"),
}

// DayOffset is the period a day said as an offset from today in Brazilian retail's way
// says, in the model's words: "D+0" (or "D-0") today, "D-1" yesterday, "D-7", "D-30" the
// N days before today as a trailing window, like "últimos 30 dias" ("recorrência D-30:
// compradores dos últimos 30d"). An offset after today ("D+3") is no period a report
// has: "".
func DayOffset(sign byte, n int) string {
	switch {
	case n == 0:
		return "today"
	case sign != '-':
		return ""
	case n == 1:
		return "yesterday"
	}
	return fmt.Sprintf("last %d days", n)
}

// InitialismHeads are the period words whose first English word ("last", "this", "next")
// and a unit letter of WindowUnits make a period analysts type by its initials ("LW":
// last week, "TM": this month, "NQ": next quarter). The lexicon reads such a word, when it
// knows no other, as the period (package lexicon, abbrev.go).
var InitialismHeads = []Category{CatLast, CatThis, CatNext}

// Initialised reports whether analysts type the phrases of a terminal by their initials:
// English expressions of time ("rn": right now, "atm": at the moment, "eod": end of day).
// Other phrases are not guessed from their initials: two or three letters are the
// initials of too many phrases of the model and of other things ("ABC", "BR", "PM").
func Initialised(c Category, arg string) bool {
	switch c {
	case CatDay, CatSoFar:
		return true
	case CatFiller:
		return arg == "scope"
	}
	return false
}

// WindowLast are the letters that open a trailing window typed as one word ("L30D", "T12M").
var WindowLast = map[string]bool{"l": true, "t": true}

// Inflections are the endings that make another form of a word (English and Portuguese:
// "start" and "starting", "small" and "smallest", "olha" and "olhando"): a word the
// lexicon does not know that is the start of one of its words but for such an ending is
// another word, not an abbreviation of it (package lexicon, abbrev.go).
var Inflections = []string{"s", "es", "ed", "er", "ers", "est", "ing", "ings", "ly", "ness", "m", "ando", "endo", "indo", "aram", "eram", "iram", "ou", "am", "em", "mente", "ção", "cao", "coes"}

// PluralEndings are the endings of a plural in both languages ("clientes", "meses",
// "stores"): dictated or typed apart from their noun ("cliente s"), they are still its
// ending (package lexicon, rejoin).
var PluralEndings = []string{"s", "es"}

// Inflection reports whether an ending makes another form of a word.
func Inflection(end string) bool {
	for _, x := range Inflections {
		if x == end {
			return true
		}
	}
	return false
}
