package semantic

import "strings"

// The formal register (issue 24, thirteenth round): official letters ask with a request
// frame around the question ("solicito a gentileza de encaminhar ...", "solicito seja
// informada a taxa ...", "se faz necessário o levantamento de ...", "Kindly indicate ...")
// and link their sentences with connectors ("outrossim", "portanto", "por fim", "em
// complemento à demanda anterior"). None of these words changes what a report computes;
// they are generated here, each verb and noun written once, and joined to the discourse
// classes (discourse.go).

// FormalRequestVerbs are the lemmas of the Portuguese verbs with which a formal letter asks
// for a figure ("informar", "encaminhar", "disponibilizar"): FormalRequest generates their
// forms.
var FormalRequestVerbs = []string{"informar", "encaminhar", "disponibilizar", "apresentar", "elaborar", "calcular", "levantar", "enviar", "fornecer", "indicar", "demonstrar", "providenciar", "remeter"}

// FormalRequestNouns are the nouns of the same requests ("o levantamento da quantidade",
// "a apresentação dos valores"): said with their article and preposition, never alone
// ("apresentação" alone is a presentation, work the answer is for).
var FormalRequestNouns = W("o levantamento|a apresentacao|a elaboracao|o envio|o encaminhamento|a disponibilizacao|o fornecimento|a indicacao|o calculo|a demonstracao|a remessa|a informacao|o informe",
	"")

// formalFrames are the frames of a request that are no verb of FormalRequestVerbs: a need
// said impersonally or by the writer's office ("se faz necessário", "esta coordenação
// necessita", "a Diretoria requer"), a statement that introduces the request ("informo
// que"), and the English verbs of formal requests ("indicate", "specify").
var formalFrames = W("informo que|informamos que|comunico que|comunicamos que|se faz necessario|se faz necessaria|se fazem necessarios|faz se necessario|faz se necessaria|torna se necessario|se torna necessario|e necessario|e necessaria|necessita|necessitam|necessitamos|necessitaria|requer|requerem|requeria|solicito seja|solicito sejam|solicitamos seja|solicitamos sejam",
	"indicate|kindly indicate|please indicate|specify|kindly specify|please specify|supply|kindly supply|please supply|compile|kindly compile|please compile|produce|kindly produce|please produce")

// officeAsks is the writer's office said as the one that needs the figure ("esta unidade
// necessita", "a Diretoria requer", "this office requires"): the office, never a store or
// a filter of the question, and the verb of its need.
func officeAsks() Words {
	return Words{
		PT: joined("esta unidade|esta coordenacao|este setor|esta diretoria|a diretoria|esta secretaria|esta gerencia|a gerencia|este departamento|o departamento|a coordenacao|este orgao|esta area|a area|esta divisao|esta assessoria|a assessoria|a superintendencia|esta superintendencia",
			"necessita|necessita de|requer|solicita|precisa|precisa de|demanda"),
		EN: joined("this office|this unit|this department|this division|the department|the directorate|the board|management|this team",
			"requires|needs|requests|would require|would need"),
	}
}

// FormalRequest is every form of the formal request verbs (FormalRequestVerbs: the
// infinitive, the imperative, the gerund, and the passive a letter asks with, "seja
// informada", "sejam apresentados"), their nouns (FormalRequestNouns, with "de" and its
// contractions), the other frames (formalFrames) and the office that asks (officeAsks).
func FormalRequest() Words {
	var pt []string
	for _, l := range FormalRequestVerbs {
		stem, ending := l[:len(l)-2], l[len(l)-2:]
		subj, part, ger := stem+"e", stem+"ad", stem+"ando"
		if ending == "er" || ending == "ir" {
			subj, part, ger = stem+"a", stem+"id", stem+ending[:1]+"ndo"
		}
		// the spelling of the subjunctive: "indique", "entregue"
		switch {
		case ending == "ar" && strings.HasSuffix(stem, "c"):
			subj = stem[:len(stem)-1] + "que"
		case ending == "ar" && strings.HasSuffix(stem, "g"):
			subj = stem + "ue"
		}
		pt = append(pt, l, subj, subj+"m", ger)
		for _, p := range []string{"o", "a"} {
			pt = append(pt, "seja "+part+p, "sejam "+part+p+"s", "que seja "+part+p, "que sejam "+part+p+"s")
		}
	}
	for _, n := range FormalRequestNouns.PT {
		for _, de := range OfPT {
			pt = append(pt, n+" "+de)
		}
	}
	return Words{PT: pt}.With(formalFrames).With(officeAsks())
}

// FollowUp are the connectors with which a letter says it follows an earlier request ("em
// complemento à demanda anterior", "further to my previous request"): generated from the
// openers and the earlier messages they point to.
func FollowUp() Words {
	join := func(openers, things string) []string {
		var out []string
		for _, o := range split(openers) {
			for _, t := range split(things) {
				out = append(out, o+" "+t)
			}
		}
		return out
	}
	pt := join("em complemento a|em complemento ao|complementando a|complementando o|em aditamento a|em aditamento ao|em continuidade a|em continuidade ao|em sequencia a|em sequencia ao|em atencao a|em atencao ao|em resposta a|em resposta ao|em referencia a|em referencia ao",
		"demanda anterior|solicitacao anterior|pedido anterior|mensagem anterior|consulta anterior|e mail anterior|email anterior|oficio anterior|minha demanda anterior|minha solicitacao anterior|meu pedido anterior|nossa demanda anterior|nossa solicitacao anterior|nosso pedido anterior")
	en := join("further to|following up on|following|in addition to|as a follow up to|as a follow-up to|supplementing|to supplement|in continuation of",
		"my previous request|my earlier request|my previous email|my earlier email|my previous message|my earlier message|our previous request|our earlier request|the previous request|the earlier request|my last request|my request")
	return Words{PT: pt, EN: en}
}

// formalConnectors are the connectors of a formal letter between its sentences ("portanto",
// "por fim", "razão pela qual", "therefore", "finally"): they link, never restrict.
var formalConnectors = W("por fim|finalmente|portanto|por conseguinte|dessa forma|desta forma|desse modo|deste modo|assim sendo|sendo assim|destarte|diante do exposto|ante o exposto|pelo exposto|em tempo|razao pela qual|motivo pelo qual|nesse sentido|neste sentido|em complemento|em aditamento",
	"finally|lastly|therefore|accordingly|thus|hence|in addition|further to this|furthermore to this")

// Connectors are the formal connectors and follow-ups (formalConnectors, FollowUp).
func Connectors() Words { return formalConnectors.With(FollowUp()) }

// GrowthAlternatives are a growth word and its opposite said as one ("crescimento (ou
// decréscimo)", "growth or decline"): the signed growth the growth word asks, generated
// from the growth nouns and their opposites.
func GrowthAlternatives() Words {
	pairs := func(ups, downs, or string) []string {
		var out []string
		for _, u := range split(ups) {
			for _, d := range split(downs) {
				for _, o := range split(or) {
					out = append(out, u+" "+o+" "+d, d+" "+o+" "+u)
				}
			}
		}
		return out
	}
	return Words{
		PT: pairs("crescimento|aumento|alta|acrescimo|elevacao", "decrescimo|queda|reducao|retracao|diminuicao|declinio|baixa|recuo", "ou|e ou|ou eventual"),
		EN: pairs("growth|increase|rise|gain", "decline|decrease|drop|fall|reduction|contraction", "or|and or|or any"),
	}
}

// ByChannel is a channel's words (ws) and the same words said with the preposition of the
// means ("por e-mail, por WhatsApp e por SMS", "via SMS", "by text message").
func ByChannel(ws Words) Words {
	out := ws
	for _, w := range ws.PT {
		if !strings.Contains(w, " ") || w == "e mail" {
			out.PT = append(out.PT, "por "+w, "pelo "+w, "via "+w)
		}
	}
	for _, w := range ws.EN {
		if !strings.Contains(w, " ") || w == "e mail" || w == "text message" || w == "text messages" {
			out.EN = append(out.EN, "by "+w, "via "+w, "over "+w)
		}
	}
	return out
}

// OptInReceiving are the formal ways of saying customers agreed to receive messages
// ("consentiram no recebimento de comunicações", "autorizaram o recebimento de"): each verb
// of consent with each way of saying the receiving.
func OptInReceiving() Words {
	return Words{PT: joined("consentem|consentiram|concordam|concordaram|autorizam|autorizaram|aceitam|aceitaram|optaram|anuiram|anuem",
		"no recebimento de|o recebimento de|com o recebimento de|ao recebimento de|pelo recebimento de")}
}

// WeekFromMonday are the ways of saying the convention the reports already follow, that a
// week starts on Monday ("taking Monday as the start of the week", "semana de segunda a
// domingo"): said again, they change nothing; a week said to start on another day is no
// word of the model (refused).
func WeekFromMonday() Words {
	var pt, en []string
	for _, w := range split("semana|semanas|a semana|as semanas") {
		pt = append(pt, w+" de segunda a domingo", w+" comecando na segunda", w+" comecando na segunda feira", w+" iniciando na segunda", w+" iniciando na segunda feira", "considerando "+w+" de segunda a domingo")
	}
	for _, d := range split("monday|mon") {
		en = append(en, "taking "+d+" as the start of the week", "taking "+d+" as the first day of the week", "with "+d+" as the start of the week", "with weeks starting on "+d,
			"weeks starting on "+d, "weeks starting "+d, "week starting "+d, "weeks start on "+d, "weeks beginning "+d, "weeks beginning on "+d, d+" to sunday weeks", d+" to sunday", "starting on "+d)
	}
	return Words{PT: pt, EN: en}
}

// PurposeSupport are the clauses that say the answer supports the writer's work ("de modo a
// subsidiar o relatório", "a fim de instruir o processo", "in order to support the
// review"): each way of saying "so as to" with each verb of supporting. "De modo a" with
// another verb says how the figure is computed ("de modo a excluir valores extremos"),
// never what it is for: it is no purpose.
func PurposeSupport() Words {
	return Words{
		PT: joined("de modo a|de forma a|de maneira a|para|a fim de|com vistas a|no intuito de|visando",
			"subsidiar|instruir|embasar|fundamentar|atender|apoiar|auxiliar|compor|alimentar|respaldar|amparar|municiar|orientar"),
		EN: joined("so as to|in order to|to", "support|inform|underpin|feed into|substantiate"),
	}
}

// PurchaseNouns are the formal nouns of a purchase ("aquisição"): said with a verb of
// performing, they are the purchase event (PurchasePerformed).
var PurchaseNouns = W("compra|compras|aquisicao|aquisicoes|qualquer compra|qualquer aquisicao|alguma compra|alguma aquisicao", "")

// PurchasePerformed are the formal ways of saying customers bought: a verb of performing
// (PerformingVerbs, in the forms that say rows happened) with a purchase noun ("realizam
// qualquer aquisição", "tendo efetuado compras").
func PurchasePerformed() Words {
	var pt []string
	for _, l := range PerformingVerbs {
		stem, ok := strings.CutSuffix(l, "ar")
		if !ok {
			continue
		}
		for _, e := range []string{"ado", "aram", "am", "ou"} {
			for _, n := range PurchaseNouns.PT {
				pt = append(pt, stem+e+" "+n)
			}
		}
	}
	return Words{PT: pt}
}

// CreditedTo are the ways of saying whom points were credited to ("pontos creditados aos
// participantes", "points awarded to members"): every credit goes to a customer, so the
// recipients restate the credit, each participle with each way of naming them.
func CreditedTo() Words {
	return Words{
		PT: joined("creditado|creditados|creditada|creditadas|concedido|concedidos|distribuido|distribuidos|emitido|emitidos|atribuido|atribuidos",
			"aos clientes|aos participantes|aos membros|aos associados|para os clientes|para os participantes|aos nossos clientes"),
		EN: joined("credited|awarded|issued|given|granted",
			"to customers|to the customers|to members|to the members|to participants|to the participants|to our customers"),
	}
}

// CourtesyFrames are the formal frames of courtesy around a question, each a head by its
// complements: the writer's wish for the reader ("espero encontrá-los bem", "I hope this
// finds you well"), the leave asked ("se não lhes for incômodo", "com a devida vênia", "peço
// licença para uma indagação", "if it is not too much trouble"), the favour asked
// ("teriam a gentileza de", "would you be so kind as to") and the thanks said before or
// after ("desde já agradeço pela costumeira presteza", "com os meus sinceros
// agradecimentos", "thank you in advance for your prompt assistance"). None names what is
// asked; they join the courtesy class (discourse.go), which a reading may skip anywhere.
func CourtesyFrames() Words {
	var pt, en []string
	// the wish: "espero encontrá-los bem" (the clitic glued by a hyphen or written apart)
	pt = append(pt, joined("espero|esperamos|espero que|esperando", "encontra lo bem|encontra los bem|encontra la bem|encontra las bem|encontra-lo bem|encontra-los bem|encontra-la bem|encontra-las bem|encontrar voce bem|encontrar voces bem|encontrar vc bem|encontrar vcs bem|que estejam bem|que esteja bem|nao incomodar|nao estar incomodando|nao atrapalhar|nao estar atrapalhando")...)
	// the leave asked
	pt = append(pt, joined("se nao|caso nao", "for incomodo|lhe for incomodo|lhes for incomodo|te for incomodo|vos for incomodo|for muito incomodo|lhe for muito incomodo|lhes for muito incomodo|for pedir muito|for abuso|lhe for pedir muito|lhes for pedir muito|fosse incomodo|lhe fosse incomodo|lhes fosse incomodo|for muito trabalho|lhe der trabalho|lhes der trabalho|der muito trabalho")...)
	pt = append(pt, joined("com a devida|com o devido|com toda a|com a maxima", "venia|licenca|permissao|respeito|vossa permissao")...)
	pt = append(pt, "data venia", "concessa venia", "peco venia", "pedindo venia")
	pt = append(pt, joined("peco licenca|pedindo licenca|permito me|permita me|permitam me|permito-me|permita-me|permitam-me|tomo a liberdade de|tomo a liberdade", "para uma indagacao|para uma pergunta|para uma consulta|para uma questao|para indagar|para perguntar|para consultar|de uma indagacao|de indagar|de perguntar|uma indagacao|indagar|perguntar|consultar")...)
	pt = append(pt, "peco licenca", "pedindo licenca")
	// the favour asked
	pt = append(pt, joined("teria|teriam|terias|teria voce|teriam voces|poderia ter|poderiam ter|poderia me fazer|poderiam me fazer|me faria|me fariam|fariam|faria", "a gentileza de|a bondade de|a amabilidade de|o obsequio de|o favor de|a fineza de")...)
	// the thanks, before or after the question
	thanks := "agradeco|agradecemos|agradeco desde ja|desde ja agradeco|de antemao agradeco|agradeco de antemao|agradeco antecipadamente|antecipadamente agradeco|grato|grata|gratos|obrigado|obrigada|muito grato|muito grata|fico grato|fico grata|ficarei grato|ficarei grata|desde ja grato|desde ja grata|desde ja obrigado|desde ja obrigada"
	pt = append(pt, joined(thanks, "pela atencao|a atencao|pela presteza|a presteza|pela costumeira presteza|a costumeira presteza|pela habitual presteza|pela colaboracao|a colaboracao|pela ajuda|a ajuda|pela gentileza|a gentileza|pela atencao dispensada|a atencao dispensada|pela costumeira atencao|pela habitual atencao|pela compreensao|pelo retorno|o retorno|pela resposta|pela costumeira gentileza|pela habitual gentileza|pela disponibilidade")...)
	pt = append(pt, joined("com os meus|com os nossos|com meus|com nossos|os meus|os nossos|meus|nossos|aceitem os meus|receba os meus|recebam os meus", "agradecimentos|sinceros agradecimentos|mais sinceros agradecimentos|antecipados agradecimentos|cordiais agradecimentos|respeitosos cumprimentos|cordiais cumprimentos|cumprimentos")...)
	en = append(en, joined("i hope|hope|we hope|i trust|trust", "this finds you well|this email finds you well|this message finds you well|this note finds you well|you are well|you are keeping well|all is well")...)
	en = append(en, joined("if it is not|if its not|if it isnt|if it would not be|if it wouldnt be", "too much trouble|too much bother|too much to ask|any trouble|a bother|an imposition|too much of an imposition")...)
	en = append(en, "if it is no trouble", "if its no trouble", "with due respect", "with all due respect", "with the greatest respect", "i beg your indulgence", "allow me to ask", "permit me to ask", "may i trouble you", "may i trouble you to", "might i trouble you to")
	en = append(en, joined("would you be|would you all be|could you be", "so kind as to|good enough to|kind enough to")...)
	en = append(en, joined("thank you in advance|thanks in advance|many thanks in advance|thank you|thanks|many thanks|i thank you|grateful|i am grateful|im grateful|i would be grateful|id be grateful", "for your help|for your assistance|for your attention|for your prompt assistance|for your prompt help|for your prompt attention|for your usual promptness|for your kind assistance|for your kind attention|for your cooperation|for your time|for your patience|for your understanding")...)
	en = append(en, joined("with my|with our|my|our", "sincere thanks|sincerest thanks|thanks in advance|sincere gratitude|heartfelt thanks|kind regards")...)
	return Words{PT: pt, EN: en}
}

// joined is each phrase of firsts followed by each phrase of seconds ("|"-separated): the
// formal phrases are a few heads by a few complements, each written once.
func joined(firsts, seconds string) []string {
	var out []string
	for _, a := range split(firsts) {
		for _, b := range split(seconds) {
			out = append(out, a+" "+b)
		}
	}
	return out
}
