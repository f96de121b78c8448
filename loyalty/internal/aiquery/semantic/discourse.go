package semantic

import (
	"regexp"
	"slices"
	"strings"
)

// The words of a question that are not its concepts: grammar's function words, and the
// discourse around the question (greetings, courtesy, requests, hedges, spoken fillers,
// interjections, the work the answer is for). Each class says what a reading may do with
// its words:
//
//   - Skip: a reading may leave the word out anywhere (category CatFiller); otherwise the
//     word is read only as part of a context sentence (category CatDiscourse), and inside
//     a sentence that asks something it is a word no reading uses (the question is
//     refused). Work nouns are of this kind: they take modifiers ("a reunião de sexta",
//     "the May slides") that a reading would otherwise take for the question's own.
//   - Role: what the word says about its sentence for the context rule (package grammar):
//     a sentence with a concept and no discourse word is asked; one with discourse words
//     and no concept is context, left out of the reading and named in the explanation.
//
// Words that can change a report's meaning are never discourse: negation and restriction
// (CatNeg, CatRestrict), time relations (CatSince, CatBefore, CatAfter, CatAgain,
// CatUntil), quantifiers (the "scope" class below, CatBoth, CatBy) and numbers.

// Categories of the words that are not concepts (CatFiller, in vocabulary.go, is the
// category of the classes a reading may skip).
const (
	// CatDiscourse is a class of discourse words read only in a context sentence; arg: class.
	CatDiscourse Category = "discourse"
	// CatRestrict is a restriction word no production reads ("ignore", "leave out",
	// "desconsidere"): never skipped, never context.
	CatRestrict Category = "restrict"
)

// Role is what a word says about the sentence that holds it.
type Role int

// Roles.
const (
	// RoleNeutral words name nothing (articles, prepositions, auxiliaries): a sentence of
	// them alone is neither context nor a question.
	RoleNeutral Role = iota
	// RoleDiscourse words are the conversation around a question.
	RoleDiscourse
	// RoleConcept words name or change what a report computes.
	RoleConcept
)

// FillerClass is one class of words that are not concepts of the model.
type FillerClass struct {
	ID   string
	Skip bool // a reading may leave the word out anywhere (CatFiller)
	Role Role
	// Names: the capitalised words of its sentence are the reader's or the writer's name
	// ("Oi Ana!", "Att, Ana Souza"), never a customer's
	Names bool
	// Opens: a word of the class opens a context clause, running to the end of its
	// sentence, at a clause's start (after the sentence's start, a comma or discourse);
	// Anywhere: at any word
	Opens, Anywhere bool
	// Governs: a light verb ("faz um ranking", "run me a ranking"): a reading may skip it
	// only right before a concept it governs (after function words), never alone (package
	// grammar, light.go)
	Governs bool
	// Breaks: a verb of breaking the rows down said apart from its "por", "by" ("agrupar
	// os clientes por faixa"): a reading may skip it only before a breakdown in its
	// sentence (package grammar, light.go)
	Breaks bool
	// After: a word of the class opens a context clause anywhere after the question's
	// word (a question word or a request), never before it
	After bool
	Words Words
}

// Fillers are the classes of non-concept words: one place for all of them.
var Fillers = []*FillerClass{
	// the words a statistician opens a condition with ("conditional on being an app user",
	// "given that a birth date is on file", "condicionado a", "dado que"): the condition
	// is a filter of the rows the measure is of. Of a percentage they cannot say whether the
	// condition is its base or what it counts (package grammar, conditional.go)
	{ID: "condition", Skip: true, Role: RoleNeutral, Words: W(
		"condicionado a|condicionada a|condicionados a|condicionadas a|condicionado ao|condicionada ao|dado que",
		"conditional on|conditioned on|given that")},
	{ID: "function", Skip: true, Role: RoleNeutral, Words: W(
		"o|a|os|as|el|al|del|los|um|uma|de|d|do|da|dos|das|em|no|na|nos|nas|ao|aos|pelo|pela|pelos|pelas|para|pra|pro|com|que|se|me|mim|lhe|lhes|eu|nos|voce|vc|voces|vcs|a gente|gente|gnt|temos|tem|tinha|tinham|tiveram|teve|ter|ha|houve|havia|haviam|existe|existem|foi|foram|ser|serem|ter sido|terem sido|sao|e|esta|estao|ta|tao|to|estou|estava|estavam|estamos|sendo|nosso|nossa|nossos|nossas|meu|minha|meus|minhas|seu|sua|seus|suas|dele|dela|isso|isto|aquilo|aquele|aquela|la|aqui|ali|q|onde|como|qual foi|qual e|quais foram|mas|porem|via|cuja|cujo|cujas|cujos|,|/|fez|fizeram|fizemos|feito|feitas|feitos|cadastrado|cadastrados|possui|possuem|detem|detinha|detinham|deteve|detiveram|criado|criados|criada|criadas|ficou|ficaram|dinheiro entrou|entrou|tivemos|deu|deram|passou|passaram|vieram|vieram de|vem de|veio|veio de|vindo de|vinda de|vindos de|vindas de|proveniente de|provenientes de|oriundo de|oriunda de|oriundos de|oriundas de|pertencem|pertence|sao da|sao do|usam|usa|utilizam|receber|esta indo|estao com|estao ha|com seus|com os|com as|respectivos|respectivas|seus respectivos|junto|uns|umas|comigo|conosco|com a gente|aqui com a gente|no que tange a|no que tange ao|no que tange aos|no que tange as|no que concerne a|no que concerne ao|no que concerne aos|no que concerne as|no tocante a|no tocante ao|no tocante aos|no tocante as|no que se refere a|no que se refere ao|no que se refere aos|no que se refere as|no que diz respeito a|no que diz respeito ao|no que diz respeito aos|no que diz respeito as|respectivamente|tendo|como fica|como ficam|como que fica|como que ficou|dava|davam",
		"how would we go with|how would we go|how would|how did|howd|how d|how far with|how far along with|how far are we with|how are we going with|how are we tracking with|how we going with|how did we go with|how we went with|got set up|are set up|were set up|been set up|is set up|was set up|have set up|the|a|an|of|in|on|at|for|to|from|with|is|are|was|were|be|been|being|am|do|does|did|have|has|had|we|our|us|i|me|my|you|your|they|their|them|it|its|there|here|about|regarding|what is|what was|whats|what were|how is|how are|how was|how were|are there|is there|were there|was there|do we have|have we|did we|made|make|makes|happened|occurred|recorded|registered|placed|come|came|receive|receiving|among|among the|out of|of all|but|with their|respective|,|/|own|owns|owned|belong to|belongs to|use|uses|using|along|customers who|those|these|that|per cent|via|posted|logged|booked|processed|created|having|attached to|attributable to|attributed to|and|whose|through|thru|r|u|ur|w|w/|ya|came from|come from|coming from|got|gets|give out|this one|that one|ones|the ones|themselves|himself|herself|ourselves|ended up|end up|ends up|wound up|turned out|held by|that are held by|held|fell on|fall on|falls on|fell in|fall in|falls in|landed on|land on|lands on|took place on|take place on|takes place on|respectively|how did we get on|how did we get on with|how are we getting on|how are we getting on with|how we getting on|how we getting on with")},
	// verbs that say rows happened or are in a state, in any inflection ("vendas
	// realizadas", "quantas ela realizou", "clientes que efetuaram uma compra", "pontos
	// lançados", "a taxa observada", "quantos se encontram ativos"): the noun, event or flag
	// beside them says what; the verb adds nothing a report reads (Performing). In English
	// the same verbs ("sales done", "redemptions raised", "purchases carried out")
	// ("quantas vendas rolaram", slang for "happened": its past only; "rolando" is a
	// promotion running, never skipped)
	{ID: "perform", Skip: true, Role: RoleNeutral, Words: Words{PT: append(Performing(), "rolou", "rolaram", "auferido", "auferida", "auferidos", "auferidas", "auferiu", "auferiram"), EN: split("go|go with|went|going|done|carried out|conducted|performed|effected|raised|observed")}},
	// a customer said to belong to a store ("clientes vinculados à Savassi", "customers
	// linked to Batel"): the store is named after it, as after "de"; the verb adds nothing
	{ID: "belongs", Skip: true, Role: RoleNeutral, Words: W("vinculado|vinculada|vinculados|vinculadas|atrelado|atrelada|atrelados|atreladas", "linked|assigned|belonging")},
	{ID: "report", Skip: true, Role: RoleNeutral, Words: W(
		"resultado|o resultado|resultados|os resultados|uma linha|linha|linhas|uma linha so|uma unica linha|em uma unica linha|numa unica linha|em uma so linha|numa so linha|em linha unica|linha unica|em um unico registro|relatorio|relatorios|dados|dado|informacao|informacoes|info|infos|sobre|programa|fidelidade|do programa|de fidelidade|programa de pontos|programa de pontuacao|contato|coluna|colunas|em colunas|duas colunas|das duas colunas|nas duas colunas|lado a lado|um do lado do outro|uma do lado da outra|um ao lado do outro|uma ao lado da outra|numero rapido|um numero|um unico numero|um numero so|um unico valor|um unico total|um total so|os numeros|numeros|bota lado a lado|coloca lado a lado|poe lado a lado|bota em colunas|coloca em colunas|bota numa tabela|coloca numa tabela|numa linha so|em uma linha so|numa linha apenas|em uma linha apenas|numa linha|em uma linha|na mesma linha|numa mesma linha|em uma mesma linha|tudo numa linha|tudo em uma linha|e outra de|e outra com|e a outra de|e outra coluna de|colunas de saida|coluna de saida|tres colunas|quatro colunas|cinco colunas|as tres colunas|as quatro colunas|calculada como|calculado como|calculadas como|calculados como|calculada|calculado|definida como|definido como|ou seja|numa linha soh|em linha|num card|num card so|num card soh|num so card|em um card|em um card so|num unico card|em um unico card|card unico|um card so|um card|expresso em|expressa em|expressos em|expressas em|expresso|expressa|expressos|expressas|em coluna propria|em colunas proprias|em coluna separada|em colunas separadas|cada um em sua coluna|cada qual em sua coluna|tal informacao|tais informacoes|tal dado|tais dados|tal levantamento|expresso como|expressa como|expressos como|expressas como|entendida como|entendido como|entendidas como|entendidos como|uma linha cada|uma linha para cada|uma linha pra cada|uma linha de cada|uma linha por grupo|cada um numa linha|cada um em uma linha|cada qual numa linha|discriminando|informando|indicando|especificando|detalhando|apresentado em|apresentada em|apresentados em|apresentadas em|apresentado numa|apresentada numa|apresentados numa|apresentadas numa|dispostos em|dispostas em|dispostos numa|dispostas numa|exibidos em|exibidas em|exibidos numa|exibidas numa|tabela|tabelas|uma tabela|numa tabela|em tabela|em forma de tabela|em formato de tabela",
		"the result|result|the results|results|break down|break out|in a single row|in a single line|on a single row|on a single line|in one single row|a single row|a single line|one figure|a single figure|one single figure|one number|a single number|one total|a single total|one line|one row|a line|a row|line|lines|row|rows|report|data|loyalty|program|programme|our program|points program|points programme|contact|details|info|information|record|records|on file|side by side|side-by-side|next to each other|beside each other|alongside each other|column|columns|in columns|two columns|in two columns|figure|figures|numbers|the numbers|real numbers|stats|statistics|in one row|on one row|in one line|on one line|all in one row|in the same row|on the same row|output|output columns|output column|and another with|and another for|and another column with|and another column for|one column|one column for|one column with|a column for|a column with|three columns|four columns|five columns|the three columns|calculated as|computed as|defined as|calculated|computed|in one card|in a single card|on one card|on a single card|one card|a single card|single card|expressed as|expressed in|in a separate column|in separate columns|in its own column|in their own columns|each in its own column|such information|such data|such figures|stated as|stated in|understood as|one row each|a row each|one line each|a line each|one row for each|a row for each|one row per group|each on its own row|each in its own row|showing|indicating|specifying|detailing|presented in|presented on|shown in|shown on|displayed in|displayed on|laid out in|laid out on|table|tables|a table|in a table|as a table|in table form|tabular").With(WeekFromMonday())},

	// meaning-bearing words a reading may skip because the reading says the same without
	// them ("todas as lojas": no store filter; "so far": up to now): a sentence holding one
	// is never context
	{ID: "scope", Skip: true, Role: RoleConcept, Words: W(
		"ja|ainda|agora|neste momento|nesse momento|no momento atual|agora mesmo|alguma vez|em algum momento|atualmente|hoje em dia|ate agora|geral|em geral|entre os|entre as|dentre os|dentre as|dia|periodo|atual|todos|todas|tudo|cada|cada um|cada uma|considerando|levando em conta|filtrando|filtrando por|filtrando so|filtrando apenas|filtrando somente|filtrado por|filtrada por|filtrados por|filtradas por|filtrar por|com filtro de|com filtro em|com filtro por|aplicando filtro de|restrito a|restrita a|restritos a|restritas a|algo|alguma coisa|alguma|algum|tb|tbm|tambem|todo|toda|inteiro|inteira|completo|completa|qualquer|em qualquer epoca|a qualquer momento|em qualquer periodo|de todos os tempos|desde sempre|em todo o historico|todo o historico|em todo historico|de todo o historico|no historico todo|no historico inteiro|em todo o periodo|desde o inicio|desde o comeco|desde o principio|desde o primeiro dia|somando tudo|tudo somado|na presente data|no presente momento|posicao de hoje|na posicao de hoje|com posicao de hoje|posicao atual|na posicao atual|posicao atualizada|na posicao atualizada|posicao na data de hoje|presentemente|neste presente momento|no momento presente|na data de hoje|na data presente|nos dias de hoje|permanece|permanecem|continua sendo|continuam sendo|segue sendo|seguem sendo|periodo compreendido|no periodo compreendido|para o periodo compreendido|intervalo compreendido|compreendido|compreendida|compreendidos|compreendidas|posicao do dia",
		"all up|all-up|so far|to date|currently|now|right now|at the moment|at the minute|at the mo|at present|presently|as it stands|as things stand|as we speak|also|too|ever|overall|in total|altogether|in all|all|every|any|whole|entire|currently have|still|yet|already|each|each one|each of them|something|anything|a thing|a single thing|any purchase|some|considering|taking into account|filtering|filtering by|filtering on|filtering for|filtering to|filtering only|filtered by|filtered on|filtered to|filtered for|filter by|filter on|filter to|filter for|with a filter on|restricted to|period|the period|time period|full|complete|any time|anytime|at any time|of all time|all time|all-time|at some point|at some time|at one point|at some stage|at any point|over the entire history|over the whole history|across the entire history|in the entire history|over all history|since inception|since the beginning|since the start|from the start|from the beginning|since day one|from day one|since the very beginning|since the very start|covering|covering all|as of today|as of now|as of date|as of the moment|as at today|as of this moment|the now|as at date|as on date|as at present|as on today|as at the date|as at this date|as at now|at this point in time|as of present|as at the moment|at this present moment|the present|remain|remains|continue to be|continues to be|at the present moment|at this moment|at this moment in time|at the present time|at this present time|at this time|at present moment|the noo").With(WholeChain)},

	{ID: "greeting", Skip: true, Role: RoleDiscourse, Names: true, Words: W(
		"oi|ola|opa|oie|eai|e ai|ei|salve|bom dia|boa tarde|boa noite|tudo bem|tudo bom|tudo certo|tudo joia|td bem|tdb|blz|beleza|como vai|como voce esta|prezado|prezados|prezada|prezadas|prezado time|pessoal|oi galera|ola galera|fala galera|e ai galera|bom dia galera|boa tarde galera|boa noite galera|ola pessoal|tchau|ate mais|ate logo|obrigado|obrigada|obrigadao|obg|brigado|brigada|valeu|vlw|muito obrigado|muito obrigada|agradeco|agradeco desde ja|desde ja agradeco|desde ja obrigado|obrigado desde ja|desde ja obrigada|obrigada desde ja|obrigadao desde ja|muito obrigado desde ja|muito obrigada desde ja|agradecemos desde ja|desde ja agradecemos|tudo tranquilo|tudo beleza|tudo em ordem|tudo otimo|tudo certinho|tudo bem com voce|tudo bom com voce|bom dia a todos|boa tarde a todos|boa noite a todos|ola a todos|oi a todos|oi pessoal|oi gente|ola gente|espero que esteja bem|espero que estejam bem|espero que esteja tudo bem|espero que voce esteja bem|como vai voce|como vao", "").With(Words{PT: joined("caro|cara|caros|caras|estimado|estimada|estimados|estimadas|ilustre|ilustres|prezadissimo|prezadissima|prezadissimos|carissimo|carissimos|carissima", "senhor|senhora|senhores|senhoras|colega|colegas|amigo|amiga|amigos|amigas|parceiro|parceiros|franqueado|franqueados|gestor|gestores|responsaveis")}).With(W("",
		"hi|hello|hey|hiya|howdy|hi there|hey there|hello there|hi all|hello all|hi team|hello team|hey team|hi everyone|hello everyone|good morning|good afternoon|good evening|dear|folks|thanks|thank you|thank you so much|thanks so much|thanks a lot|thx|ty|tks|many thanks|thanks in advance|thank you in advance|much appreciated|appreciate it|i appreciate it|appreciated|bye|how are you|hope you are well|hope youre well|hope you are doing well|how is it going|how it going|hows it going|how are things|how is everything|hows everything|what up|whats up|what is up|hi everybody|hello everybody|hey everyone|hey all|good day|greetings|gday|g day|gday mate|hiya mate|hey mate|morning all|afternoon all|respected sir|respected madam|hola|buenos dias|buenas tardes|buenas|gracias|muchas gracias|good morning po|good afternoon po|good evening po|good day po|wah gwaan|wha gwaan|wagwan|wagwaan|whappen|sup|wassup|howzit|howsit|howya|howaya|how ya|how are ya|hows it|howre you|how ya going|how ya doing"))},
	// a greeting that is also a part of the day ("Morning!", "Evening all."): a greeting
	// only in a sentence of its own, never skipped inside a question ("sales this
	// morning" is a time of day the model has no period for)
	// "Caros,", "Estimados," open a letter the same way, and alone inside a question they
	// are adjectives ("os produtos mais caros"): never skipped there
	{ID: "salutation", Role: RoleDiscourse, Names: true, Words: W("tarde|noite|manha|boa|caro|cara|caros|caras|estimado|estimada|estimados|estimadas|estimadissimos|carissimos|carissimo|carissima",
		"morning|mornin|afternoon|evening|morning all|morning team|morning mate|morning everyone|afternoon all|evening all")},
	// vocatives and honorifics said to the reader ("Hi sir,", "obrigado, senhora", "Thank
	// you ma'am", "Good morning po", "moço, quanto ..."): whom the question is said to,
	// never what it asks. After an article (Articles) the word names a person of the
	// question ("quantos pontos tem a senhora?"), never the reader, unless a request
	// follows ("a senhora pode me dizer ..."): no reading skips it there (package grammar,
	// names.go). Before a name an honorific is the name's (CatHonor: "a senhora Fernanda
	// Lima", "Mr. Carlos Souza"), never part of it
	{ID: "vocative", Skip: true, Role: RoleDiscourse, Words: W(
		"queridu|quiridu|queridinho|queridinha|migo|miga|bro|brother|parca|senhor|senhora|sr|sra|srta|moco|moca|rapaz|querido|querida|meu querido|minha querida|meu amigo|minha amiga|meu caro|minha cara|prezado senhor|prezada senhora|doutor|doutora|mestre|meu chapa|chapa|irmao|mana|chefinho|chefinha|meu bem|minha senhora|meu senhor|vossa senhoria|vossas senhorias|vossa excelencia|v sa|v exa|vossas excelencias|vossa magnificencia|vossa merce|sua senhoria|sua excelencia|exmo senhor|excelentissimo senhor|excelentissima senhora|ilustrissimo senhor|ilustrissima senhora|ilmo senhor|ilma senhora|ilmo sr|ilma sra|exmo sr|exma sra|caro senhor|cara senhora|senhores|senhoras|senhoras e senhores|meu filho|minha filha|meu fio|minha fia|meu fi|minha fi|macho|cabra|meu velho|meu consagrado|minha consagrada|painho|meu painho|mainha|minha mainha",
		"darl|darling|sweetie|babe|bud|champ|cobber|sir|maam|mam|madam|maddam|mister|po|opo|sirs|dear sir|dear madam|your excellency|your excellencies|excellency|your honour|your honor|your lordship|your ladyship|your highness|dear sir or madam|sir or madam|sir/madam|ladies and gentlemen|dear sirs|esteemed sir|respected sir|respected madam|honourable sir|honorable sir|my friend|chief|guv|boss man|bossman|sir po|maam po|yes sir|yes maam|kuya|maam ko|boss po|sir ko")},
	// closings sign a message ("Att, Ana Souza", "... em maio grato", "... cheers"): a
	// reading may skip them anywhere; the capitalised words right after one are the
	// writer's name (package grammar, context.go)
	{ID: "closing", Skip: true, Role: RoleDiscourse, Names: true, Words: W(
		"abraco|abracos|abs|att|atenciosamente|cordialmente|grato|grata|saudacoes|beijos|bjs|um abraco|forte abraco|grande abraco|um grande abraco|um forte abraco|abracao|abracos a todos|respeitosamente|sem mais|sem mais para o momento|sem mais no momento|cordiais saudacoes|saudacoes cordiais|att.|atte",
		"cheers|regards|best regards|kind regards|warm regards|sincerely|yours sincerely|yours truly|all the best|many thanks and regards|yours faithfully|faithfully|yours respectfully|respectfully|yours ever|i remain|i remain yours faithfully|i remain yours sincerely|i remain yours truly|i remain sir|i remain madam|with kind regards|with best regards|with warm regards|with regards|best wishes|kind wishes|warmest regards|warm wishes|all best")},
	{ID: "courtesy", Skip: true, Role: RoleDiscourse, Words: W(
		"o quanto antes|o mais rapido possivel|o mais breve possivel|com urgencia|assim que possivel|assim que puder|com a maior brevidade possivel|com a brevidade possivel|com brevidade|tenha a bondade de|tenha a bondade|tenham a bondade de|tenham a bondade|faca a bondade de|faca a bondade|facam a bondade de|solicito a gentileza de|solicitamos a gentileza de|a gentileza de|tenha a gentileza de|tenham a gentileza de|se me permite a pergunta|se me permite|se me permitem|se me permite perguntar|com a devida licenca|com todo respeito|com todo o respeito|se nao for pedir muito|se nao for abuso|e pra ontem|e para ontem|eh pra ontem|por favor|pf|pfv|pfvr|porfa|favor|por gentileza|gentileza|se possivel|se for possivel|se puder|se voce puder|se der|quando puder|quando der|se nao for incomodo|desculpa|desculpe|desculpas|perdao|foi mal|com licenca|licenca|desculpa incomodar|desculpe incomodar|desculpa o incomodo|desculpe o incomodo|desculpa incomodar de novo|desculpe incomodar de novo|desculpa incomodar novamente|desculpe incomodar novamente|desculpa a pergunta|me ajuda|me ajude|me ajudem|uma ajuda|uma forca|da uma forca|o quanto antes|com urgencia|urgente|rapidinho|rapidao|bem rapidinho|rapidim|sem pressa|sem problema|sem problemas|tranquilo|ajuda|obrigado pela ajuda|obrigada pela ajuda|valeu pela ajuda|desculpe a demora|desculpa a demora|desculpe qualquer coisa|desde ja obrigado pela ajuda|por obsequio|faz favor|faz o favor|fazendo o favor|se nao for pedir muito|por favorzinho|favorzinho|pfvv|pf pf|seria possivel|sera que da pra|teria como|agradecido|agradecida|grato pela atencao|grata pela atencao|obrigado pela atencao|obrigada pela atencao|fico no aguardo|no aguardo|aguardo retorno|aguardo o retorno|ja serve|isso ja serve|ja basta|basta|ja ta bom|ta bom assim|pode ser so isso|na maior brevidade possivel|com a brevidade que o caso requer|tempestivamente",
		"at the earliest|at your earliest|at your earliest convenience|at the earliest convenience|asap|a s a p|as soon as possible|as early as possible|urgently|on priority|on an urgent basis|if i may ask|if i may|if you dont mind me asking|if you don't mind me asking|if you would be so kind|would you be so kind as to|be so kind as to|kindly be so kind as to|with respect|with all due respect|please|pls|plz|kindly|can or not|can or cannot|can anot|can or no|possible or not|is it possible|sorry|so sorry|apologies|excuse me|sorry to bother you|sorry to bother you again|sorry to bother|sorry again|sorry for the trouble|sorry if this is a basic one|sorry if this is a basic question|sorry if this is a silly question|sorry if this is obvious|if possible|if you can|if you could|when you can|when you get a chance|if you get a chance|asap|as soon as possible|if that makes sense|if this makes sense|does that make sense|hope that makes sense|no rush|no worries|no problem|help me|help me out|could you help|can you help|quick question|a quick question|one quick question|thanks for the help|thanks for your help|thank you for your help|thanks for helping|sorry for the delay|sorry for the late reply|appreciate your help|appreciate the help|would you be able to|are you able to|be able to|would you mind|do you mind|look that up|look it up|look this up|look up|on the line|on the phone|possibly|could you possibly|would you possibly|can you possibly|could you kindly|would you kindly|can you kindly|please kindly|kindly please|please advise|kindly advise|advise|advise me|do the needful|please do the needful|kindly do the needful|be so kind as to|would you be so kind as to|if you would be so kind|i would be grateful if you could|id be grateful if you could|i would be grateful|grateful if you could|grateful|if you dont mind|if you do not mind|if its not too much trouble|if it is not too much trouble|will do|that will do|would do|is fine|that is fine|thats fine|would be fine|would be great|is grand|is sound|thats grand|that is grand|would be grand|is lovely|would be lovely|would be lovely|would be helpful|would be brilliant|is enough|would be enough|enough|is sufficient|would suffice|god bless|god bless po|thank you po|salamat|salamat po|ta very much|cheers mate|much obliged|i would appreciate it|id appreciate it|i would really appreciate it|thanks heaps|thanks a bunch|thank you kindly|naman|naman po|paki|pakicheck|paki check|pa check|pacheck|pa confirm|as discussed|thanks in advance po|do needful|kindly do needful|please do needful|i should be grateful if you would|i should be grateful|we should be grateful|pray|pray tell|pray tell me|pray tell us|pray do tell|do tell|do tell me|would you be good enough to|would you be good enough as to|be good enough to|would you be so good as to|be so good as to|would you be kind enough to|be kind enough to|kind enough to|good enough to|might i trouble you for|might i trouble you to|could i trouble you for|could i trouble you to|can i trouble you for|may i trouble you for|may i trouble you to|might i trouble you|could i trouble you|i wonder whether you might|i wonder whether you could|i wonder if you might|i wonder if you could|i wonder whether|i was wondering whether|if ye dont mind|if ye do not mind|if ye can|if ye could|when ye can|if you please|if i may|if i might|if i may ask|may i ask you to|might i ask you to|might i ask").With(CourtesyFrames())},
	{ID: "request", Skip: true, Role: RoleDiscourse, Words: W(
		"informarem|informassem|informarem-me|me informarem|nos informarem|informar-me|informar-nos|verificarem|verificassem|me informassem|preciso|precisava|precisamos|precisaria|precisando|necessito|quero|queria|queremos|gostaria|gostariamos|qro|qria|solicito|solicitamos|solicitar|solicitando|peco|pedimos|pedindo|pedi|mandar|mandem|me envia|envia|envie|enviar|puxa|puxe|puxar|me puxa|puxo|traz|traga|trazer|me traz|me traga|tragam|informe|informa|informar|me informe|me informa|informem|diga|me diga|diz|me diz|fala|me fala|consegue|conseguem|consegue me|voce consegue|vc consegue|voces conseguem|consigo|tem como|da pra|poderia|poderiam|pode|podem|podia|verifica|verifique|verificar|checa|cheque|checar|confere|confira|conferir|olha|olhe|olhar|ve|veja|ver|saber|sabe|sabem|quero saber|queria saber|gostaria de saber|preciso saber|precisava saber|entender|levantar|levanta|levante|gera|gere|gerar|busca|busque|buscar|procura|procure|descobrir|apresentar|apresente|apresentem|apresenta|responder|dimensionar|entregar|olhando|olhando para|olhando pro|olhando pra|analisando|dando uma olhada|montando|montar|montei|monto|preparando|preparar|preparei|organizando|organizar|elaborando|elaborar|desenhando|planejando|trabalhando em|estudando|dizer|me dizer|dizendo|falar|me falar|mostrar pra mim|passar|me passar|me ve|me arruma|me consegue|me da|me de|descobre|descubra|rogo|rogamos|rogo a gentileza de|rogamos a gentileza de|solicito a gentileza de|solicitamos a gentileza de|desejo|desejamos|desejaria|desejariamos|desejo saber|desejo conhecer|conhecer|gostaria de conhecer|gostariamos de conhecer|pretendo|pretendemos|pretendia|pretendiamos|pretendo saber|pretendo conhecer|requeiro|requeremos|solicita-se|solicito que|solicito que me|solicito que seja|solicito que sejam|venho solicitar|venho por meio desta solicitar|venho|venho por meio desta|por meio desta|por meio deste|pela presente|venho solicitar a vossa senhoria|compartilha|compartilhe|compartilhar|compartilhem|me compartilha|me compartilhe|compartilha comigo|compartilhe comigo|partilha|partilhe|partilhar|me partilha|me partilhe|seria bom ver|seria bom|seria legal ver|seria otimo ver|seria bacana ver|seria interessante ver|seria massa ver|seria ver",
		"give us|inform|inform me|inform me of|inform us|inform us of|please inform|kindly inform|kindly inform me of|please inform me of|could you inform me of|apprise me of|kindly apprise me of|he would like to know|she would like to know|he wants to know|she wants to know|he asked|she asked|tell me if|tell me whether|let me know if|let me know whether|check if|check whether|see if|find out if|find out whether|tell|tell me|give|give me|get|get me|find|find me|find out|fetch|pull|pull up|pull me|see|let me know|want|wanted|need|needed|would|like|could|can|should|might|send|send me|check|check on|look up|look into|provide|provide me|know|to know|ask|asking|wonder|wondering|i was wondering|was wondering|i am curious|i am curious to know|i am curious about|i am curious to see|curious to know|curious to see|understand|figure out|work out|calculate|compute|grab|dig up|confirm|verify|see if|check if|help|assist|try|trying|put together|putting together|prepare|preparing|working on|looking at|look at|looking|take a look|have a look|look like|looks like|looking for|may i know|may i ask|may i have|may i get|may i see|may i request|may i check|might i ask|might i know|can i know|can i ask|could i ask|could i know|can i get|can i have|could i get|could i have|could i see|let me have|let me see|let me get|let me check|i would like|id like|we would like|wed like|i would like to know|request you to|i request you to|requesting|please share|kindly share|pls share|plz share|do share|share the|share me|share us|share with me|share with us|can you share|could you share|kindly provide|kindly check|kindly confirm|pls check|pls confirm|pfb|walk me through|walk us through|take me through|take us through|run me through|run us through|talk me through|furnish|furnish me|kindly furnish|please furnish|set out|please set out|kindly set out|analyse|analyze|please analyse|kindly analyse|kindly revert with|please revert with|revert with|revert back with|let me have|kindly let me have|please let me have|please find|kindly find|herewith|share our|share your|share this|share these|share those|would you share|pl share|share across|share over|share out|would be good to see|would be nice to see|would be great to see|it would be good to see|it would be nice to see|it would be great to see|itd be good to see|itd be nice to see|itd be great to see").With(FormalRequest())},
	// what someone else asked or said: the subject is a person ("a Maria Souza pediu",
	// "my boss wants"), whose name a reading would take for a customer's; read only in a
	// context sentence
	{ID: "reported", Role: RoleDiscourse, Words: W(
		"pediu|pediram|pede|pedem|quer|querem|precisa|precisam|mandou|mandaram|solicitou|solicitaram|disse|disseram|falou|falaram|comentou|comentaram|pediu pra|pediu para|cobrando|ta cobrando|esta cobrando|me cobrando|ta me cobrando|cobrou|pedindo|me pedindo|ta me pedindo|esta me pedindo|ta pedindo|esta pedindo",
		"wants|needs|said|says|told|requested|requests|told me|mentioned|is chasing|is chasing me|keeps asking|has been asking|been asking")},
	// what someone else asked, a verb of asking: like "reported", and what follows it is
	// their question ("a cliente perguntou o que ...", "a customer asked what ..."), beside
	// the writer's own (package grammar, background.go)
	{ID: "asked", Role: RoleDiscourse, Words: W(
		"perguntou|perguntaram|quer saber|querem saber|me perguntou|nos perguntou|perguntando|ta perguntando|esta perguntando|tava perguntando|estava perguntando|veio perguntar|veio me perguntar",
		"asked|asks|wanted to know|wants to know|asked me|asked us|was asking|were asking|is asking|are asking|came in asking|came asking|rang asking|rang up asking|called asking|phoned asking|phoned up asking")},
	{ID: "hedge", Skip: true, Role: RoleDiscourse, Words: W(
		"efetivamente|de fato mesmo|realmente mesmo|de verdade|concretamente|aproximadamente|aprox|por alto|mais ou menos assim|cerca de|mais ou menos|em torno de|por volta de|basicamente|so pra saber|so por curiosidade|na verdade|realmente|de fato|certinho|direitinho|bem|muito|bastante|talvez|acho|acho que|creio que|imagino que|parece que|digamos|ou seja|quer dizer|no caso|pelo jeito|por acaso|so queria|so preciso|so quero|so uma pergunta|so uma duvida|so confirmando|so pra confirmar|so para confirmar|outrossim|ademais|adicionalmente|alem disso|por oportuno|isto posto|dito isso",
		"effectively|actually really|in fact|truly|genuinely|approximately|approx|approximate|ballpark|a ballpark|in the ballpark|give or take|roughly speaking|around|roughly|more or less|basically|actually|really|kind of|sort of|i think|i guess|i believe|i suppose|maybe|perhaps|probably|quite|pretty much|very|literally|honestly|to be honest|by the way|btw|anyway|anyways|i mean|to be clear|in other words|that is|ie|i e|of course|for real|i just need|just need|i just want|just want|could you just|can you just|just wondering|just checking|just curious|just a quick question|i only need|only need|i only want|only want|furthermore|moreover|additionally|further to the above|in addition to the above").With(Connectors())},
	{ID: "spoken", Skip: true, Role: RoleDiscourse, Words: W(
		"tipo assim|ne|neh|ai|entao|sacou|ta bom|tabom|ok|okay|certo|olha so|po|poxa|pois e|enfim|bom|assim|ahn|hum|hmm|humm|eh|ah|sei la|tipo isso|e tal|beleza entao|hein|hem|ein|me diz uma coisa|me fala uma coisa|me conta uma coisa|deixa eu te perguntar|deixa eu perguntar|uma pergunta",
		"uh|uhh|uhm|umm|er|erm|hmm|you know|so yeah|yeah|yep|next one|next question|okay next one|ok next one|and next|yup|ok|okay|alright|all right|well|lol|haha|fyi|tbh|imo|idk|right|cool|great|awesome|nice|perfect|got it|gotcha|oh|ah|do one thing|reckon|you reckon|do you reckon|reckon you could|reckon you can|wee|a wee|sound|grand|lovely|brilliant|you know yourself|sure you know yourself|ya know yourself")},
	// informal spellings and spoken words that are also words of the model ("tipo" is the
	// entry type, "msm" and "mesmo" say "the same", "a galera" is the customers, "then" is a typed "than"; "and
	// then", "mas depois" order two clauses whose own periods say the order): a reading may
	// skip them where none of its clauses reads them ("ai tipo quanto cada loja faturou", "não
	// usam o app msm"), so they never make a sentence context
	{ID: "informal", Skip: true, Role: RoleNeutral, Words: W(
		"tipo|msm|mesmo|mermo|tipo que|e tipo|so que|galera|e depois|mas depois|e entao|mas entao",
		"but then|and then|but afterwards|and afterwards|so like|kinda like|you guys|guys|which have|which has|which had|which are|which were|which is|which was")},
	// "no longer" said after a negated verb ("not buying anymore", "não compram mais"): it
	// says the customers did before, which a window of time they have not done it in ("for
	// more than 180 days", "há 90 dias") says too. A reading skips it only there (package
	// grammar, nolonger.go); without a window it is a word no reading uses, never dropped
	{ID: "nolonger", Skip: true, Role: RoleNeutral, Words: W("mais", "anymore|any longer")},
	// light verbs: they carry no meaning of their own beside the concept noun they govern
	// ("faz um ranking das lojas" is the ranking, "monta a lista dos clientes" the list,
	// "run me a ranking of the stores"); a reading skips one only right before a concept
	// (Governs), so alone ("quantos clientes fazem") it is still a word no reading uses.
	// Verbs whose subject is a customer ("pegou", "claimed") are not here: they may name an
	// event of the model; nor verbs that also change data ("bota", "tira", "take": "tira
	// 500 pontos do cliente" is a write). Verbs that add their object to the answer ("and
	// throw in the debits too", "e me traz os débitos também") are light too: the
	// conjunction before them makes the object a second measure.
	// The verbs of a table's operations add nothing to the condition or breakdown said
	// after them; their words are in Operations
	{ID: "filter_verb", Skip: true, Role: RoleNeutral, Governs: true, Words: operationWords("filter_verb")},
	{ID: "group_verb", Skip: true, Role: RoleNeutral, Breaks: true, Words: operationWords("group_verb")},
	{ID: "light", Skip: true, Role: RoleNeutral, Governs: true, Words: W(
		"faz|fazer|faca|facam|fazendo|me faz|faz pra mim|monta|monte|me monta|pega|pegue|pegar|me pega|traz|traga|me traz|me traga",
		"run|run me|do|do me|make|make me|draw up|draw me|pull together|produce|whip up|throw in|toss in|chuck in|tack on")},
	// restatements of a counting rule the model already follows (ages in completed years,
	// "últimos N dias" in calendar days, one column per measure, a store's customers "on its
	// books"): said or not, the same report
	{ID: "restated", Skip: true, Role: RoleNeutral, Words: W(
		"corridos|corrido|competencia|dias corridos|anos completos|em anos completos|anos completados|idade completa|em anos|uma linha para cada|uma linha pra cada|uma linha cada|cada um numa coluna|cada uma numa coluna|cada um em uma coluna|cada uma em uma coluna|cada um em sua coluna|cada uma em sua coluna|numa coluna cada|uma coluna para cada|uma coluna pra cada|lado a lado em colunas|que representam|que representa|que isso representa|que elas representam|que eles representam",
		"calendar|fiscal|all up|all told|over all|calendar days|completed years|whole years|full years|in whole years|in completed years|in years|on its books|on their books|on the books|on our books|in the system|in our system|on the system|on our system|in the database|on record|on its register|on their register|each in its own column|each in a column|one column each|one column per|one column for each|one line for each|one line each|one row for each|one row each|a line for each|a row for each|in separate columns|as separate columns|as columns|that represents|that they represent|that this represents")},
	// the rows of the periods the answer already has ("compared with June 2024, one row
	// per period", "por mês, uma linha por período"): said of an answer with no time
	// breakdown they ask for periods it does not have, and are refused (package grammar,
	// layout.go)
	{ID: "per_period", Skip: true, Role: RoleNeutral, Words: W(
		"uma linha por periodo|uma linha para cada periodo|uma linha pra cada periodo|linha por periodo|cada periodo numa linha|cada periodo em uma linha|um periodo por linha|por periodo",
		"one row per period|one line per period|a row per period|a line per period|one row for each period|one line for each period|a row for each period|each period on its own row|each period in its own row|each period on its own line|row per period|line per period|per period")},
	// regional and informal interjections
	{ID: "interjection", Skip: true, Role: RoleDiscourse, Words: W(
		"joia|trem bao|trem bom|que trem bao|bao demais|o lho lho|olholho|o loco|o louco|oloco|tas tolo|ta tolo|tas doido|ta doido|ta louco|tas louco|ta loco|dahora|da hora|massa demais|top demais|sem frescura|sem enrolacao|sem enrolar|na moral|firmeza total|pode crer|e nois|suave na nave|fala serio|tendeu|entendeu|sacou|saca|ta ligado|misericordia|oxe|oxi|oxente|vixe|vish|vixi|eita|egua|bah|tche|uai|trem|bixo|bicho|mano|parceiro|mermao|visse|arretado|massa|caramba|putz|poxa vida|afe|aff|affe|ave|ixi|xi|ops|epa|psiu|cruzes|bora|bora la|vambora|vamo|vamo la|flw|falow|vdd|tmj|tamo junto|slc|mds|meu deus|nossa senhora|credo|barbaridade|tri bah|guri|guria|pia|vei|meu rei|minha rainha|fmz|firmeza|suave|de boa|show de bola|pqp|nossa mae|misericordia|pelo amor de deus|plmds|afff|eita porra|oloco|olha ai|caraca|da hora|truta|maninho|maninha|tlgd|ta ligado|nss|pprt|oxe mainha|ne nao",
		"can or not|can anot|lil|a lil|lil bit|a lil bit|mates|cobber|strewth|struth|crikey mate|no dramas|no drama|too easy|good on ya|ta|ta mate|hey mate|g'day|gday|yeah nah|nah yeah|bloody|stoked|heaps good|sweet as|easy peasy|yay|yippee|woohoo|emoji|oops|lah|leh|lor|meh|hor|sia|liao|aiyo|aiyah|alamak|eh|wow|gosh|geez|jeez|damn|dang|ugh|welp|whoa|dude|mate|bro|buddy|pal|yall|wanna|gotta|kinda|sorta|lemme|gimme|dunno|bruh|fam|ngl|fr|lowkey|highkey|smh|ikr|omg|omfg|lmao|lmfao|rofl|yikes|crikey|blimey|innit|righto|cheers mate|sheesh|ayy|ay|hun|hon|aight")},
	// a statement about the asker or the situation: a first-person subject and verb ("sou
	// supervisora da loja Centro", "vou preparar os cupons", "we're planning a win-back
	// outreach", "I'm writing a note"), what the answer is for ("é pra uma campanha", "it's
	// for a mailer"), or a hedge that opens an opinion ("acho que muita
	// gente vai nas duas"). At the start of a clause it opens a context clause (package
	// grammar, statements.go); read only in a context sentence
	{ID: "statement", Role: RoleDiscourse, Opens: true, Words: ItIsFor.With(W(
		"sou|sou a|sou o|sou da|sou do|estou|to|tou|vou|vamos|estamos|tamos|a gente vai|a gente ta|a gente esta|acho que|eu acho que|achamos que|imagino que|eu sou|eu to|eu estou|eu vou|tava|estava|estive|pensando|pensando em|pensando numa|pensando num|pensando no|pensando na|to pensando|estou pensando|tou pensando",
		"i am|im|we are|i have|i was|we were|we would|we would love|i would love|i will|we will|i think|we think|i guess|i believe|i feel like|we have been|i have been|i am writing|i am following up|a colleague|my colleague|a customer|a few customers|some customers|one of|the team|our team|my boss|my manager|sorting out|thinking of|thinking about|planning for|just having|im just having|i am just having|having my|sat here with|sitting here with|just sat here|just sitting here|grabbing a|just grabbing"))},
	// an opinion or a guess said beside the question ("capaz que tem loja cancelando
	// demais", "será que a Savassi passou?", "I bet the app ones are higher"): opens a
	// context clause anywhere in a sentence (package grammar, statements.go), left out only
	// when the question is complete without it and the clause names no constraint of its
	// own; read only in a context sentence
	{ID: "opinion", Role: RoleDiscourse, Opens: true, Anywhere: true, Words: W(
		"capaz que|capaz de|sera que|aposto que|desconfio que|suspeito que|tenho a impressao que|tenho a impressao de que|to achando que|tou achando que|estou achando que|parece que|pelo visto|tomara que|espero que",
		"reckon|i bet|i suspect|i reckon|i have a feeling|i have a hunch|my guess is|i am guessing|im guessing|i hope|hopefully|seems like|it seems|looks like")},
	// what the writer wants to do with the answer, said after the question ("... quero
	// chamar esse pessoal de volta", "... preciso mandar cartão", "... we need to call
	// them"): a first-person want, need or plan after the question's word opens a context
	// clause (After; package grammar, statements.go); before the question it is a request
	{ID: "intent", Role: RoleDiscourse, Opens: true, After: true, Words: W(
		"quero|queria|queremos|preciso|precisava|precisamos|to querendo|tou querendo|estou querendo|to precisando|tou precisando|estou precisando|pretendo|pretendemos|tenho que|temos que|a gente quer|a gente precisa",
		"keen to|im keen to|i am keen to|were keen to|we are keen to|i would love to|id love to|we would love to|wed love to|would love to|i wanna|we wanna|i need to|we need to|i want to|we want to|i have to|we have to|i must|we must|i plan to|we plan to|im going to|i am going to|we are going to|were going to|ill|i need it|we need it|i need this|we need this|need it|need this")},
	// a purpose or reason clause ("pq quero fazer uma ação", "pra eu ver a diferença", "so
	// I can plan"): opens a context clause anywhere in a sentence; read only in a context
	// sentence
	{ID: "purpose", Role: RoleDiscourse, Opens: true, Anywhere: true, Words: W(
		"pq quero|pq preciso|pq vou|pq to|pq a gente|pq eu quero|pq eu preciso|pq eu vou|porque eu quero|porque eu preciso|porque eu vou|que eu quero|que eu preciso|que eu vou|q eu quero|q eu preciso|q eu vou|porque quero|porque preciso|porque vou|porque a gente|pois quero|pois preciso|pois vou|ja que|pra eu|para eu|pra que eu|para que eu|pra gente|para a gente|pra nos|para nos|pra poder|para poder|com o objetivo de|a ideia e|o objetivo e|para fins de|para fins|a fim de|para efeito de|para efeitos de|a titulo de|para verificacao|para verificacao de|para conferencia|para conferencia de|para a conferencia|para conciliacao|para a conciliacao|para controle|para controle interno|com vistas a|com vistas ao|com vistas aos|com vistas as|tendo em vista|em vista de|visando|visando a|visando ao|no intuito de|com o intuito de|com a finalidade de|com o fim de|para instrucao de|para fins de instrucao|pra ver se|para ver se|pra saber se|para saber se|quero ver se|qro ver se|queria ver se|quero saber se|qro saber se|queria saber se|quero conferir se|quero checar se|pra checar se|para checar se|pra conferir se|para conferir se|pra entender se|so pra ver se|so pra saber se|so pra ver|so pra saber|so por curiosidade|por curiosidade|que quero|que preciso|que vou|q quero|q preciso|q vou",
		"with a view to|with the aim of|with the intention of|in view of|so as to|in order that|for the purposes|to support|in support of|just so i know|just so we know|just so i can|so i know|so we know|so that i know|so that we know|so as to know|because i|because we|because my|because our|cause i|cause we|cuz i|cuz we|so i can|so we can|so that i can|so that we can|so that|in order to|so i could|so we could|the idea is|the goal is|for the purposes of|for purposes of|for the purpose of|for reconciliation|for reconciliation purposes|for the reconciliation|for audit purposes|for verification|for verification purposes|for control purposes|for internal control|to reconcile|as a consistency check|for a consistency check|to see if|to see whether|i want to see if|i wanna see if|i want to see whether|i want to know if|i want to check if|i want to know whether|to check if|to check whether|to know if|to find out if|just to see|just to check|just curious|out of curiosity|just out of curiosity|purely out of curiosity|only out of curiosity|for me to|for us to|so the team can|so they can|so she can|so he can").With(PurposeSupport())},

	// the writer asks for one total, no breakdown ("Só o total mesmo, não precisa separar
	// por loja", "just the total, no need to break it down by store"): a statement clause
	// (package grammar, wordy.go) the question is read without when it has no breakdown
	{ID: "whole", Role: RoleDiscourse, Opens: true, Words: W(
		"so o total|so o total mesmo|apenas o total|somente o total|so o numero|so o numero total|so o numero geral|o total mesmo|o total geral mesmo|um numero so|um total so|nao precisa separar|nao precisa dividir|nao precisa abrir|nao precisa quebrar|nao precisa detalhar|nao precisa ser separado|nao precisa vir separado|sem precisar separar|nao por loja|rede toda, nao por loja|a rede toda, nao por loja",
		"just the total|only the total|just the overall total|just the grand total|just the number|just one number|only one number|a single number is fine|one number is fine|no need to split|no need to split it|no need to break it down|no need to break down|no need to separate|no need for a breakdown|no breakdown needed|it does not need to be split|it doesnt need to be split|whole network, not per store|whole network, not by store|the whole network, not per store|not per store|not by store")},
	// a list said to be open ("Till, app, totem and so on", "pix, cartão etc."): examples of
	// what a breakdown shows, never a filter of its own; read only in a context sentence
	{ID: "examples", Role: RoleDiscourse, Words: W(
		"etc|etc.|etcetera|essas coisas|essas coisa|e essas coisas|e essas coisa|esse tipo de coisa|e assim por diante|e por ai vai|e por ai afora|e tal|e outros|e outras|entre outros|entre outras",
		"and so on|and so forth|and stuff|that kind of thing|and that kind of thing|etc|etc.|etcetera|and the like|and all that|and others|among others|or whatever")},
	// sign-offs that ask for the reply or say when it is needed ("Pls revert.", "Need by
	// EOD.", "Fico no aguardo."): read only in a context sentence, since inside a question
	// "revert" changes data ("please revert the points of ...") and "by" may bound a period
	{ID: "signoff", Role: RoleDiscourse, Words: W(
		"fico no aguardo do retorno|aguardo resposta|aguardo sua resposta|aguardo seu retorno|aguardo um retorno",
		"pls revert|please revert|kindly revert|do revert|revert asap|revert back|pls advise|kindly advise|need by eod|needed by eod|need it by eod|need this by eod|by eod|eod|need by cob|needed by cob|by cob|cob|by close of business|awaiting your reply|awaiting your response|look forward to your reply|kindly revert with same|please revert with same|pls revert with same|revert with same|revert with the same|at the earliest|at your earliest|at the earliest convenience|at your earliest convenience")},
	// "desde já", "de antemão", "in advance": said of thanks set apart by a comma ("Desde já,
	// agradeço a atenção."); read only in a context sentence, since inside a question
	// "desde" is a time relation ("quantos clientes compraram desde já?" is refused)
	{ID: "advance", Role: RoleDiscourse, Words: W("desde ja|de antemao|antecipadamente", "in advance|beforehand")},
	// set phrases whose words are also the model's ("vale a pena": worth it, never the meal
	// voucher "vale"; "tá valendo a pena"): what the writer judges, read only in a context
	// sentence; the words inside them name nothing of the question (package grammar,
	// statements.go)
	{ID: "idiom", Role: RoleDiscourse, Words: W(
		"nao tem logica|nao faz sentido|sem logica|sem nocao|nao tem cabimento|nao tem condicao|nao e possivel|nao pode ser|vale a pena|valendo a pena|valeu a pena|valer a pena|vai valer a pena|se vale a pena|ta valendo a pena|esta valendo a pena|vale o investimento|valeu o investimento",
		"add up|adds up|adding up|makes no sense|doesnt make sense|does not make sense|no way|cant be right|can't be right|worth it|worth the money|worth the effort|worth doing|paying off|pays off|paid off")},
	// judgements of how much or how good, said beside the question ("parece que foi um
	// monte", "reckon it's heaps"), and of how busy the writer's day is ("Mad day here.",
	// "Dia corrido aqui."): what the writer thinks, never a threshold; read only in a
	// context sentence
	{ID: "appraisal", Role: RoleDiscourse, Words: W(
		"um monte|um montao|uma porrada|pra caramba|um absurdo|uma loucura|bombando|dahora demais|dia corrido|dia puxado|dia louco|que correria|correria danada",
		"heaps|heaps of|loads|tons|a ton|a heap|plenty|bugger all|a fair few|a fair bit|massive|huge|mad day|crazy day|hectic day|mad busy")},
	// the work an answer is for: read only in a context sentence (their modifiers are the
	// work's, not the question's)
	{ID: "work", Role: RoleDiscourse, Words: W(
		"reuniao|reunioes|balanco|balancos|balancete|balancetes|deck|apresentacao|apresentacoes|slide|slides|planilha|planilhas|gerencia|gerente|gerentes|chefe|chefes|chefia|supervisor|supervisora|supervisores|diretor|diretora|diretoria|coordenador|coordenadora|coordenacao|lider|lideranca|equipe|setor|departamento|financeiro|marketing|comercial|operacoes|rh|ti|conselho|socio|socios|dono|dona|patrao|patroa|atendimento|sac|ouvidoria|estudo|analise|pesquisa|projeto|ideia|sistema|dashboard|painel|indicador|indicadores|pauta|escala|material|duvida|tarefa|demanda|auditoria|contabilidade|diretor financeiro|board|kpi|kpis|conciliacao|reconciliacao|provisao|provisoes|provisionamento|consistencia|verificacao de consistencia|controladoria|mandar cartao|mandar um cartao|mandar cartoes|enviar cartao|enviar um cartao|enviar cartoes|cartao de aniversario|cartoes de aniversario|cartaozinho|cartao de parabens|regua|reguas|regua de relacionamento|regua de comunicacao|disparo|disparos|mailing|mailings|cadencia|jornada|galera do balcao|galera no balcao|galera da loja|pessoal do balcao|pessoal no balcao|pessoal da loja|equipe do balcao|equipe da loja|atendente|atendentes|balconista|balconistas|operador de caixa|operadores de caixa|mandar um voucher|mandar voucher|mandar vouchers|enviar um voucher|enviar voucher|enviar vouchers|mandar um cupom|enviar um cupom|mandar cupom|enviar cupom|contador|contadora|o contador|a contadora|escritorio de contabilidade|crm|planejamento|planejamento de crm|escala de trabalho|escalas|disparar",
		"hotline|the hotline|on the hotline|helpline|on the helpline|on the phone|over the phone|on the line|call centre|call center|meeting|meetings|slides|slide|deck|presentation|presentations|spreadsheet|spreadsheets|boss|manager|managers|supervisor|supervisors|director|directors|lead|team lead|head|leadership|team|my team|the team|department|finance|marketing|sales team|ops|operations|hr|it team|board|management|exec|execs|executive|executives|cfo|ceo|coo|owner|owners|study|analysis|idea|system|dashboard|kpi|kpis|agenda|task|audit|accounting|reconciliation|consistency check|controllership|provision|provisions|provisioning|internal audit|send a card|send them a card|send cards|birthday card|birthday cards|greeting card|greeting cards|counter card|thank you card|thank-you card|send them a voucher|sending them a voucher|send a voucher|sending a voucher|send vouchers|sending vouchers|send them vouchers|sending them vouchers|gift voucher|gift vouchers|mailer|mailing|mailshot|email blast|sms blast|blast|outreach|floor staff|counter staff|shop floor|the lads|the girls|the guys at the till|the team at the till|roster|rosters|rota|rotas|staffing|staff rota|shifts|accountant|the accountant|my accountant|bookkeeper|crm|crm planning")},
}

// Chain are the nouns that name the whole chain ("a rede", "the network"): said of the
// question's rows, with the plurals of the stores noun after "all" ("todas as lojas",
// "all locations"), they are the scope class (ChainWide): every store, no store filter.
var Chain = W("rede", "chain|network")

// ChainWide are the phrases of the whole chain, generated from Chain and the stores noun:
// a reading may leave them out, like the scope class ("quanto a rede vendeu hoje", "sales
// in the whole network", "chain-wide", "all locations").
func ChainWide() Words {
	var pt, en []string
	for _, n := range Chain.PT {
		pt = append(pt, n, "a "+n, "na "+n, "da "+n, n+" toda", n+" inteira", "a "+n+" toda", "a "+n+" inteira",
			"na "+n+" toda", "na "+n+" inteira", "da "+n+" toda", "da "+n+" inteira", "toda a "+n, "em toda a "+n, "de toda a "+n, "pela "+n, "pela "+n+" toda")
	}
	for _, n := range Chain.EN {
		pt := []string{n, "the " + n, "whole " + n, "the whole " + n, "entire " + n, "the entire " + n, n + " wide", n + "-wide", n + "wide",
			"across the " + n, "across the whole " + n, "across the entire " + n, "in the whole " + n, "in the entire " + n, "for the whole " + n,
			"for the entire " + n, "throughout the " + n, "all of the " + n, "all over the " + n}
		en = append(en, pt...)
	}
	if stores := NounByID("stores"); stores != nil {
		for _, w := range stores.Words.PT {
			if strings.HasSuffix(w, "s") && !strings.Contains(w, " ") {
				pt = append(pt, "todas as "+w, "todos os "+w, "em todas as "+w, "em todos os "+w, "de todas as "+w, "de todos os "+w)
			} else if !strings.Contains(w, " ") {
				// "em qualquer loja": whichever store, no store filter
				pt = append(pt, "qualquer "+w, "em qualquer "+w, "de qualquer "+w)
			}
		}
		for _, w := range stores.Words.EN {
			if strings.HasSuffix(w, "s") {
				en = append(en, "all "+w, "all the "+w, "all of the "+w, "across all "+w, "across all the "+w, "in all "+w, "at all "+w, "for all "+w, "at any of our "+w, "in any of our "+w)
			} else {
				// ("every store" alone is each store, a row apiece: "how much did every
				// store sell"); "made no purchase at any store": whichever store, no store
				// filter
				en = append(en, "across every "+w, "at every "+w, "in every "+w, "any "+w, "at any "+w, "in any "+w, "from any "+w)
			}
		}
	}
	// "somando todas as lojas", "adding up all the stores": the whole chain, summed
	for _, p := range pt {
		if strings.HasPrefix(p, "todas as ") || strings.HasPrefix(p, "todos os ") || strings.HasPrefix(p, "a "+Chain.PT[0]) {
			pt = append(pt, "somando "+p, "juntando "+p)
		}
	}
	for _, p := range en {
		if strings.HasPrefix(p, "all ") {
			en = append(en, "adding up "+p, "summing up "+p, "combining "+p)
		}
	}
	return Words{PT: pt, EN: en}
}

// Base are the nouns that name the whole customer base ("a base", "the customer base"):
// said whole ("na base toda", "across the whole customer base", "all our customers") they
// are the scope class (BaseWide): every customer, no breakdown by customer.
var Base = W("base|base de clientes|base toda|carteira|carteira de clientes", "base|customer base|member base|membership base|client base|membership")

// BaseWide are the phrases of the whole customer base, generated from Base: a reading may
// leave them out, like the scope class ("taxa de opt-in na base toda", "opt-in rates across
// the whole customer base").
func BaseWide() Words {
	var pt, en []string
	for _, n := range Base.PT {
		for _, p := range []string{"a ", "na ", "da ", "em toda a ", "de toda a ", "toda a ", "sobre a ", "sobre toda a "} {
			pt = append(pt, p+n)
		}
		for _, p := range []string{"a ", "na ", "da ", "sobre a "} {
			pt = append(pt, p+n+" toda", p+n+" inteira")
		}
	}
	for _, n := range Base.EN {
		for _, p := range []string{"the whole ", "the entire ", "across the ", "across the whole ", "across the entire ", "across our ", "across our whole ", "across our entire ", "in the whole ", "of the whole ", "over the whole ", "our whole ", "our entire ", "the full ", "across the full "} {
			en = append(en, p+n)
		}
	}
	// every record of the customers is every customer ("across all customer records")
	for _, n := range []string{"customers", "members", "clients", "customer records", "member records", "client records"} {
		en = append(en, "across all "+n, "across all our "+n, "across all of our "+n, "across all the "+n)
	}
	for _, n := range []string{"clientes", "cadastros de clientes", "registros de clientes"} {
		pt = append(pt, "entre todos os "+n, "de todos os "+n, "sobre todos os "+n, "em todos os "+n)
	}
	return Words{PT: pt, EN: en}
}

// Reports reports whether the filler class id tells who asked or said something
// ("reported", "asked").
func Reports(id string) bool { return id == "reported" || id == "asked" }

// FillerByID finds a filler class.
func FillerByID(id string) *FillerClass {
	for _, f := range Fillers {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// neutralCats are the function words among the grammar's terminals: they name nothing
// alone ("a", "this", "with", "that"), so they do not make a sentence a question.
var neutralCats = map[Category]bool{
	CatTo: true, CatOrderTo: true, CatWith: true, CatFrom: true, CatInPeriod: true, CatThis: true, CatAnd: true, CatOr: true,
	CatWho: true, CatThan: true, CatAgo: true, CatHave: true, CatUse: true, CatHonor: true,
}

// RoleOf is what a terminal (category and argument) says about its sentence; every
// terminal that is neither a function word nor discourse is a concept.
func RoleOf(cat Category, arg string) Role {
	switch {
	case cat == CatFiller || cat == CatDiscourse:
		if f := FillerByID(arg); f != nil {
			return f.Role
		}
		return RoleConcept
	case neutralCats[cat]:
		return RoleNeutral
	}
	return RoleConcept
}

// Articles are the words before a noun that make it a person or a thing of the question:
// after one, a vocative ("a senhora", "o moço") is no longer said to the reader (package
// grammar, names.go).
var Articles = W("a|o|as|os|um|uma|da|do|na|no|pra|pro|para a|para o|com a|com o", "the|a|an|of the|to the|for the|with the")

// PurposeTo are the prepositions that, right before a verb, open a clause of purpose: "pra
// mandar um mimo pra eles", "Vou ligar para avisar", "only the names, to call them". The
// verb is a word no concept of the model reads: a request verb, or a word the model does
// not know that, after a Portuguese preposition, has an infinitive's ending
// (InfinitiveEndings). Such a clause is left out like any statement clause (package
// grammar, statements.go): only when it names no measure, filter, period or value the
// question does not name itself.
var PurposeTo = W("pra|para|p/", "to|in order to")

// ItIsFor are the statements that say what the answer is for ("é pra uma campanha", "it's
// for a mailer"): statement openers (the "statement" class) whose clause, said after the
// question, never changes it (package grammar, tails.go).
var ItIsFor = W("e pra|e para|eh pra|eh para|isso e pra|isso e para|e pro|e pros|e pras", "its for|it is for|it for|this is for|thats for|that is for|its to|it is to")

// ReasonThat are the conjunctions that open a clause of reason said after the question
// ("..., que o contador tá me pedindo esse número", "... porque eu tô achando que tem loja
// fraca", "..., que ela veio reclamar comigo no caixa"), and ReasonSubject the subjects
// that, right after one (an article between them), make it a statement of the writer's
// situation rather than a relative clause of the question ("clientes que compraram"):
// the writer, a person pointed to, or a person of the work (the "work" and "reported"
// classes: "o contador", "a gerente"). Such a clause is left out like any statement clause
// (package grammar, statements.go): only when it names no measure, filter, breakdown or
// value the question does not name itself.
var ReasonThat = W("que|q|porque|pq|pois|por que|ja que|visto que", "because|cause|cuz|coz|since|as")

// ReasonSubject: see ReasonThat.
var ReasonSubject = W("eu|a gente|nos|ela|ele|eles|elas|voce|vc|o povo|o pessoal|minha equipe|meu chefe|minha chefe|meu socio|minha socia",
	"i|we|im|ive|weve|were|she|he|they|my|our|the boss|my boss|the team|my team|the accountant|the manager|my manager")

// WriterSubject are the subjects that say the writer (or the writer's team) does
// something: after the question, set off by a comma, with a verb after them ("..., I might
// send them a treat", "..., de modo que eu possa conferir"), they open a clause of what the
// writer will do with the answer (package grammar, writer.go).
var WriterSubject = W("eu|a gente", "i|we")

// WriterPossessive are the possessives of the writer (or the writer's team): after a
// preposition of purpose opening a sentence ("For our partner review, ...", "Pro nosso
// fechamento, ...") they make what follows the writer's own work, the frame of the
// question, never a thing it asks about (package grammar, writer.go).
var WriterPossessive = W("meu|minha|meus|minhas|nosso|nossa|nossos|nossas", "my|our")

// Indefinite are the indefinite articles: a value or column word named after one, with
// words the model does not know between them or right after it, is a thing the writer
// makes or sends ("a win-back email", "num e-mail de reativação"), never a column or a
// filter of the question (package grammar, background.go).
var Indefinite = W("um|uma|num|numa", "a|an")

// InfinitiveEndings are the endings of a Portuguese verb's infinitive ("avisar", "fazer",
// "abrir"), the personal infinitive's with them, whose ending says its subject ("para
// avaliarmos", "pra eles conferirem").
var InfinitiveEndings = []string{"ar", "er", "ir", "armos", "ermos", "irmos", "arem", "erem", "irem"}

// ExampleMarkers are the words that give examples of the groups of a breakdown ("por
// origem tipo pdv, totem, app", "by payment type, like pix or card"): the values after them
// show what the groups are, never a filter on them (package grammar, correct.go).
var ExampleMarkers = W("tipo|tipo assim|como|por exemplo|exemplo|ex|a exemplo de|tais como|tal como|feito",
	"like|such as|e g|eg|for example|for instance|say|stuff like")

// Copulas say what rows are, after them ("quantos % das vendas da Centro | foram | no pix",
// "what % of Centro's sales | were | paid by pix"): a filter said after one, past the rows a
// percentage is of, is its condition (package grammar, shareCondFirst), never where the
// rows are.
var Copulas = W("foram|foi|sao|eram|era|estao|estavam|esta|estava|ficaram|ficou", "were|was|are|is|been|got")

// RelativeLinks are the words that attach a condition to the rows said before them ("%
// dos clientes ativos | que | usam o app", "% clts ativos | c/ | optin whatsapp", "% of
// active customers | who | have the app"): in a percentage, a filter said after one, right
// after the rows' own adjective, is the percentage's condition (package grammar,
// shareCondFirst).
var RelativeLinks = W("que|q|com|c|os quais|as quais", "who|that|which|with|whom")

// PartitiveOf are the words that front the rows a count is taken of ("dos clientes que se
// cadastraram em janeiro, quantos já compraram?", "of the customers who signed up in
// January, how many have bought?"): the question is read as the count said first (package
// grammar, partitive.go).
var PartitiveOf = W("dos|das|de|entre os|entre as|dentre os|dentre as|daqueles|daquelas", "of|of the|among|among the|out of|out of the|of all the")

// TextedAnd are the ways "and" is texted in English ("how many n how much", "credit n
// debit"): read as "and" between words in an English question (package grammar), since "n"
// is also a count ("n of sales") and Portuguese "não".
var TextedAnd = W("", "n|nd")

// ClauseOpeners are the words a speaker opens a clause with and that say nothing there ("so
// what was our revenue", "okay so um how many"); read only at a clause's start in an English
// question (package grammar), since "so" is also Portuguese "só" (only). After a statement
// of the writer's and its comma, in either language, they open the question ("I'm drafting
// the memo, so what was ...", "Estou montando o fechamento, então me diz ...").
var ClauseOpeners = W("entao|e entao|ai", "so|so then|and so|now")

// PointingAt are the possessives and demonstratives that point at one thing the writer has
// in mind ("minha loja", "our shop", "essa loja"): before a store noun in the singular, a
// store only its name can say (grammar/ownstore.go).
var PointingAt = W("meu|minha|nosso|nossa|esse|essa|este|esta|desse|dessa|deste|desta|nesse|nessa|neste|nesta|aquele|aquela|daquele|daquela|naquele|naquela",
	"my|our|this|that")

// AdverbEndings are the endings that make a word an adverb of manner by its form
// ("obsequiosamente", "penhoradamente", "humbly", "graciously"): one the model does not
// know, said of the asking (beside a request, a thanks or a courtesy) or set off by commas
// in a sentence ("desconsiderando, evidentemente, os cancelados"), says how the writer
// asks, never what (package grammar, context.go), unless its stem is a ReportManners one.
var AdverbEndings = W("mente", "ly")

// ReportManners are the beginnings of adverbs that can say how a report counts, sorts or
// splits ("cumulativamente", "exclusivamente", "manualmente", "alphabetically", "net"):
// such an adverb is never left out as the writer's manner, even where courtesy stands; a
// question holding one the model does not read is refused.
var ReportManners = W(
	"acumulad|cumulativ|exclusiv|unic|soment|apenas|manual|automatic|liquid|brut|parcial|integral|total|proporcional|percentual|individual|conjunt|separad|mensal|semanal|diari|anual|trimestral|semestral|recent|anterior|posterior|previ|exat|aproximad|efetiv|real|simultane|respectiv|diret|indiret|presencial|fisic|digital|eletronic|virtual|alfabetic|cronologic|crescent|decrescent|ascendent|descendent|numeric|ordenad|agrupad|detalhad|resumid|consolidad|somad|media|mediana|estimad|projetad|inclusiv|excluid|unitari|global|geral|ultim|primeir|novament|nominal",
	"cumulativ|accumulat|exclusiv|sole|only|manual|automatic|net|gross|partial|full|total|proportional|percent|individual|joint|separate|month|week|dai|year|annual|quarter|recent|previous|prior|subsequent|exact|approximate|effective|real|actual|simultaneous|respective|direct|indirect|physical|digital|electronic|online|virtual|alphabetic|chronologic|ascending|descending|numeric|order|group|detail|summar|consolidat|averag|median|estimat|project|inclusive|global|overall|general|final|last|first|new|late|early|nominal|unit")

// SelfAs are the frames with which the writer says in what capacity they ask ("Na
// qualidade de franqueado, ...", "Como gerente, ...", "As a franchisee, ..."): before a
// comma, with no concept after them, they describe the writer, never what is asked
// (package grammar, context.go).
var SelfAs = W("na qualidade de|na condicao de|na funcao de|enquanto|como|sendo|eu como|eu enquanto|falando como",
	"as a|as an|as the|in my capacity as|in my role as|in my capacity of|being a|being an|being the|speaking as|speaking as a|speaking as the")

// SelfRelative is a relative clause in which the writer says who they are of what was just
// named (", das quais sou franqueado,", ", onde trabalho,", ", which I run,"): a relative
// pronoun and a first-person verb; with no concept after them, it describes the writer
// (package grammar, context.go).
func SelfRelative() Words {
	return Words{
		PT: joined("das quais|dos quais|da qual|do qual|nas quais|nos quais|na qual|no qual|onde|em que|que|as quais|os quais|a qual|o qual",
			"sou|eu sou|trabalho|eu trabalho|atuo|eu atuo|gerencio|eu gerencio|cuido|eu cuido|administro|eu administro|tomo conta|respondo|sou responsavel|sou o|sou a|sou dono|sou dona|somos|nos somos|trabalhamos|administramos|gerenciamos|toco|eu toco|comando|eu comando|estou a frente|sou gerente|sou proprietario|sou proprietaria"),
		EN: joined("where|which|that|of which|whom|for which|in which",
			"i am|im|i work|we work|i own|we own|i run|we run|i manage|we manage|i look after|we look after|i oversee|i supervise|i am responsible for|im responsible for|i am in charge of|im in charge of"),
	}
}

// WorkFor are the prepositions that make a work noun the answer's purpose: "pro deck",
// "pra reunião de sexta", "for the board": from the preposition to the end of its
// sentence is a context clause (package grammar, statements.go).
var WorkFor = W("pra|pro|para|p|pras|pros|pra o|pra a|para o|para a|pro meu|pra minha|pro nosso|pra nossa|no|na",
	"for|for the|for a|for my|for our|in the|in my|in our|to the")

// BackReference are the words with which a question points to something said before it
// ("how many customers would that be", "those two groups", "quantos seriam eles"): a
// question holding one is never read without the sentences around it (package grammar,
// statements.go).
var BackReference = W("isso|disso|nisso|esses|essas|desses|dessas|eles|elas|deles|delas|seriam|seria|esse grupo|esses grupos|os dois grupos|esse pessoal",
	"that would be|would that be|that would|those|these|them|that many|these two|those two|such|that group|those groups|it would be")

// PersonPronouns are the words with which a question points to one person named in a
// sentence around it ("A cliente Camila Prado ligou. Quantos pontos ela tem?"): the
// customer named there is the question's (package grammar, background.go).
var PersonPronouns = W("ela|ele|dela|dele|nela|nele|pra ela|pra ele", "she|he|her|his|him|hers")

// RowPronouns are the subjects that point to the rows a question counts or to people
// ("they", "those", "eles", "essas"): a negation said of them ("they're not vip", "eles
// não são vip") says which rows, never the writer's situation (package grammar,
// background.go); with PersonPronouns.
var RowPronouns = W("eles|elas|esses|essas|estes|estas|aqueles|aquelas|os clientes|as clientes",
	"they|those|these|them|the customers|the clients")

// RowPossessives are the words with which a measure asked after another points to the
// rows the first counted ("how many inactive customers have points, and their total
// balance", "quantos clientes ... e a soma dos saldos deles"); with RowPronouns (package
// grammar, several.go).
var RowPossessives = W("deles|delas|seus|suas", "their")

// PlaceDeixis are the words with which a question points to a place said in its context
// ("I'm writing a note for the Savassi team. How many customers bought there?"): the
// store or city the context names takes their place (package grammar, statements.go).
var PlaceDeixis = W("la|ali|aqui|nela|nele|nessa loja|naquela loja|nesta loja|dessa loja|daquela loja|desta loja|de la|dali|daqui|nessa unidade|naquela unidade",
	"there|over there|here|at that store|in that store|at that shop|in that shop|from there|from that store|at this store|in this store|at her store|at his store|in her store|in his store")

// PeriodBack are the definite periods that point to a period named before them in the
// question ("Recorrência de maio: quantos clientes compraram 2 vezes no mês?", "in April,
// how many customers bought twice in the month?"): when the question names another
// period, they are that period, never the current one (package grammar, leadin.go).
// Without another period they keep their own reading ("no mês": this month so far).
var PeriodBack = periodBack(W("no trimestre|no tri|dentro do trimestre|dentro do tri|durante o trimestre|ao longo do trimestre|no semestre|dentro do semestre|no mes|durante o mes|ao longo do mes|dentro do mes|no periodo|durante o periodo|ao longo do periodo|dentro do periodo|no intervalo|neste intervalo|neste periodo|na janela|dentro da janela|nessa janela|dentro dessa janela|na mesma janela|dentro da mesma janela",
	"in the quarter|in quarter|within the quarter|within quarter|during the quarter|over the quarter|in the half|within the half|in month|within month|in the month|that month|during the month|over the month|within the month|in the period|during the period|over the period|within the period|that period|in the interval|over the interval|in that date range|over that date range|in the same time|during the same time|over the same time|in the same timeframe|in the same time frame|over the same timeframe|in the window|within the window|in that window|within that window|in the same window|within the same window|inside the window"))

// periodBack adds to the definite periods ws the ones said with a determiner that points
// back ("no próprio trimestre", "dentro do mesmo semestre", "naquela semana", "within the
// same quarter", "in that year"): every determiner with every unit. "Neste", "nesta" point to
// the current one ("neste mês": this month), never back.
func periodBack(ws Words) Words {
	units := func(dets, us string) []string {
		var out []string
		for _, d := range strings.Split(dets, "|") {
			for _, u := range strings.Split(us, "|") {
				out = append(out, d+" "+u)
			}
		}
		return out
	}
	masc := "no mesmo|no proprio|dentro do mesmo|dentro do proprio|durante o mesmo|durante o proprio|ao longo do mesmo|ao longo do proprio|nesse|naquele|nesse mesmo|naquele mesmo"
	fem := "na mesma|na propria|dentro da mesma|dentro da propria|durante a mesma|durante a propria|ao longo da mesma|ao longo da propria|nessa|naquela|nessa mesma|naquela mesma"
	ws.PT = append(ws.PT, units(masc, "mes|periodo|intervalo|trimestre|semestre|ano|bimestre")...)
	ws.PT = append(ws.PT, units(fem, "semana|quinzena|janela")...)
	ws.EN = append(ws.EN, units("in the same|within the same|during the same|over the same|in that|within that|during that|over that|in that same|within that same", "month|period|interval|quarter|half|year|week|window|fortnight")...)
	return ws
}

// Situation are the words with which a writer says where they are ("tô no aniversário de
// mainha", "estou na festa", "I'm at my son's birthday", "I'm on holiday"), or where the
// customer they serve is ("ela está aqui no balcão", "she is here at the counter"): a
// first- or third-person statement at the start of a clause. A concept right after one is the writer's situation
// ("aniversário": a party, not the customers' birthdays), never a filter of the question
// (package grammar, leadin.go).
var Situation = W("to aqui no|to aqui na|estou aqui no|estou aqui na|to ali no|to ali na|to la no|to la na|estou la no|estou la na|to no|to na|to em|tou no|tou na|tou em|estou no|estou na|estou em|eu to no|eu to na|eu estou no|eu estou na|estamos no|estamos na|to num|to numa|estou num|estou numa|to de ferias|estou de ferias|to de folga|estou de folga|ela esta aqui no|ela esta aqui na|ela esta ali no|ela esta ali na|ela esta no|ela esta na|ela ta aqui no|ela ta aqui na|ela ta ali no|ela ta ali na|ela ta no|ela ta na|ele esta aqui no|ele esta aqui na|ele esta ali no|ele esta ali na|ele esta no|ele esta na|ele ta aqui no|ele ta aqui na|ele ta ali no|ele ta ali na|ele ta no|ele ta na|o cliente esta aqui no|o cliente esta aqui na|o cliente esta ali no|o cliente esta ali na|o cliente esta no|o cliente esta na|o cliente ta aqui no|o cliente ta aqui na|o cliente ta ali no|o cliente ta ali na|o cliente ta no|o cliente ta na|a cliente esta aqui no|a cliente esta aqui na|a cliente esta ali no|a cliente esta ali na|a cliente esta no|a cliente esta na|a cliente ta aqui no|a cliente ta aqui na|a cliente ta ali no|a cliente ta ali na|a cliente ta no|a cliente ta na|a senhora esta aqui no|a senhora esta aqui na|a senhora esta ali no|a senhora esta ali na|a senhora esta no|a senhora esta na|a senhora ta aqui no|a senhora ta aqui na|a senhora ta ali no|a senhora ta ali na|a senhora ta no|a senhora ta na|o senhor esta aqui no|o senhor esta aqui na|o senhor esta ali no|o senhor esta ali na|o senhor esta no|o senhor esta na|o senhor ta aqui no|o senhor ta aqui na|o senhor ta ali no|o senhor ta ali na|o senhor ta no|o senhor ta na",
	"im here at|i am here at|im out at a|im at|i am at|im in|i am in|im on|i am on|we are at|were at|we are in|im out at|i am out at|im off at|she is here at|she is here in|she is at|she is in|she is on|he is here at|he is here in|he is at|he is in|he is on|shes here at|shes here in|shes at|shes in|shes on|hes here at|hes here in|hes at|hes in|hes on|the customer is here at|the customer is here in|the customer is at|the customer is in|the customer is on|they are here at|they are here in|they are at|they are in|they are on|theyre here at|theyre here in|theyre at|theyre in|theyre on")

// Restatement are the words with which speech says a question again ("quais os cinco
// clientes que mais gastaram esse ano, tipo assim, o top cinco de 2025", "revenue by store
// last month, I mean, each store's takings in May"): when the question is read neither
// whole nor without its context, the parts before and after the word are read alone, and
// answered only when they ask the same (package grammar, restated.go).
var Restatement = W("tipo assim|ou seja|quer dizer|isto e|ou melhor|melhor dizendo|em outras palavras|a saber|considera|considere|considerar|considerando|considero|consideramos|considera se|considere se|entenda se|leia se",
	"i mean|in other words|that is to say|or rather|put another way|ie|i e|that is|namely|viz|to wit|being|you know")

// LikeAfterQuestion are the words that open a question's second saying right after its
// question mark ("qual o churn? tipo quantos clientes ...", "what's our churn? like, how
// many customers ..."); before "de" they are a noun ("tipo de pagamento").
var LikeAfterQuestion = []string{"tipo", "like"}

// OfPT is Portuguese "de" and its contractions with the article ("do", "da", "dos",
// "das").
var OfPT = []string{"de", "do", "da", "dos", "das"}

// OfWords are the prepositions that make the word before them a noun of what follows
// ("tipo de pagamento", "kind of").
var OfWords = append(slices.Clone(OfPT), "of")

// Definition are the words that say what a measure just named is ("taxa de recompra,
// entendida como a proporção ...", "average ticket, defined as revenue divided by ...").
// They split a question as Restatement does; and a definition naming another measure than
// the one before it is refused, never answered as a second measure asked (package
// grammar, restated.go).
var Definition = W("entendida como|entendido como|definida como|definido como|calculada como|calculado como|compreendida como|compreendido como",
	"defined as|calculated as|computed as|understood as|by which i mean")

// SinceBack are the words that date an event from a time said before ("desde então",
// "since then", "since they signed up"). After customers dated by their sign-up ("dos
// clientes cadastrados em janeiro, quantos compraram desde então?") they say the event is
// any time after it, which for what a customer did is any time at all (package grammar,
// leadin.go); elsewhere they are read as before.
var SinceBack = W("desde entao|desde aquela epoca|desde aquela data|desde o cadastro|desde que se cadastraram|desde que se cadastrou|depois do cadastro|apos o cadastro",
	"since then|since that time|from then on|since signing up|since they signed up|since sign up|since signup|since joining|since they joined|after signing up|after they signed up")

// laughter is laughter typed as one word: "kkkk", "rsrs", "hahaha", "hehe", "huehue",
// "jajaja", "lol", "lmaooo".
var laughter = regexp.MustCompile(`^(k{2,}j*|(rs){2,}r?|(ha){2,}h?|(ah){2,}|(he){2,}h?|(hi){2,}|(hue){2,}|(ja){2,}|(je){2,}|l+o+l+|lmf?a+o+|ro+fl)$`)

// Laughing reports whether the folded word w is laughter: a pattern ("kkkk", "hahaha") or
// a keyboard mash of the letters of "ashua" ("asuhasuh", "kkkkjjj"). The lexicon reads it
// as an interjection.
func Laughing(w string) bool {
	if laughter.MatchString(w) {
		return true
	}
	return len(w) >= 6 && strings.Trim(w, "ashuk") == "" && strings.Contains(w, "h") && strings.Contains(w, "s") && strings.Contains(w, "u")
}

// PerformingVerbs are the lemmas of the Portuguese verbs that say rows happened or are in a
// state (the "perform" filler class): their forms are generated (Conjugate), so each verb is
// written once. A lemma ending in "-se" is said with the pronoun ("se encontram ativos",
// "encontram-se ativos": are active).
var PerformingVerbs = []string{"realizar", "efetuar", "registrar", "lancar", "observar", "apurar", "contabilizar", "computar", "encontrar-se"}

// Performing is every form of PerformingVerbs.
func Performing() []string {
	var out []string
	for _, l := range PerformingVerbs {
		out = append(out, Conjugate(l)...)
	}
	return out
}

// arEndings are the endings of a regular -ar verb that describe rows: the participles, the
// past, the plural present, the imperfect and the gerund ("realizadas", "realizou",
// "realizaram", "realizam", "realizava", "realizando"). Never the infinitive, the singular
// present nor the subjunctive: those also ask to change data ("lança 100 pontos",
// "registrar uma venda", "lance o crédito"), and a word of a write is never skipped.
var arEndings = []string{"ado", "ada", "ados", "adas", "ou", "aram", "amos", "am", "ava", "avam", "aramos", "ando"}

// stateEndings are the forms of a verb said with "se" that say a state ("se encontra
// ativo", "encontram-se ativos", "se encontravam", "encontrados"): its present, imperfect
// and participles.
var stateEndings = []string{"a", "am", "ava", "avam", "ado", "ada", "ados", "adas"}

// Conjugate returns the forms of a regular -ar verb (folded lemma) that describe rows; of a
// lemma ending in "-se", the forms that say a state (stateEndings). Other verbs have no
// generated forms.
func Conjugate(lemma string) []string {
	verb, reflexive := strings.CutSuffix(lemma, "-se")
	stem, ok := strings.CutSuffix(verb, "ar")
	if !ok {
		return nil
	}
	endings := arEndings
	if reflexive {
		endings = stateEndings
	}
	var out []string
	for _, e := range endings {
		out = append(out, stem+e)
	}
	return out
}

// Corrections are the words a writer corrects what they just typed with ("faturamento do
// Centro, quer dizer, Cambuí", "sales in May, I mean April", "sorry, I meant Cambuí"):
// between two values of one kind (two stores, two periods), the second replaces the
// first (package grammar, correct.go). Elsewhere they are what they were ("I mean" a
// filler, "digo" a word the model does not know).
var Corrections = W("digo|quer dizer|ou melhor|alias|melhor dizendo|corrigindo|na verdade|opa digo|ops|perdao|desculpa|foi mal|nao pera|pera",
	"i mean|i meant|sorry i meant|sorry i mean|sorry|or rather|rather|no wait|wait|correction|scratch that|make that|my bad|oops|actually")

// WholeChain are the words that say a question is of every store ("na rede toda", "all
// stores", "the whole chain"): no store filter, a scope a reading may skip (Fillers). A
// restriction to stores set aside after them ("na rede toda, não só na Savassi") says the
// same again (package grammar, correct.go). A figure "consolidated" is the chain's summed
// over its stores, as finance says it ("receita consolidada da rede").
var WholeChain = W("na rede|em toda a rede|da rede|a rede toda|a rede inteira|rede toda|rede inteira|toda a rede|de toda a rede|todas as lojas|todas as unidades|todas as filiais|consolidado|consolidada|consolidados|consolidadas|de forma consolidada|em base consolidada",
	"across all stores|all stores|the whole chain|whole chain|the entire chain|entire chain|chain wide|chainwide|company wide|companywide|across the chain|across the company|network wide|consolidated|on a consolidated basis|group wide|groupwide")

// Contrasts are the words with which a writer sets aside an alternative to what they asked:
// "mediana, não média", "revenue in May, not the number of sales", "2024 em vez de 2025".
// After a comma (or as a phrase of their own, "em vez de", "rather than"), before a measure,
// an aggregate or a value of the kind already asked for, the alternative is left out
// (package grammar, correct.go); elsewhere they are what they were (a negation).
var Contrasts = W("nao|e nao|mas nao|nao o|nao a|nao os|nao as|em vez de|em vez do|em vez da|ao inves de|ao inves do|ao inves da|no lugar de|no lugar do|no lugar da",
	"not|and not|but not|not the|rather than|instead of|and not the|but not the")

// ThatValue are the demonstratives with which a clause after a ranking points at the value
// the ranking is by ("qual membro tem o maior saldo e qual é esse saldo", "which store had
// the lowest rate, and what that rate was"): the ranking's answer shows it already
// (package grammar, rankvalue.go).
var ThatValue = W("esse|essa|este|esta|esses|essas|aquele|aquela|tal|o valor|o numero|o total|a quantia", "that|this|those|these|the figure|the value|the number|the amount")

// NearDemonstratives point at the period said last: right before "up to now" after two
// periods ("o primeiro semestre de 2024 e o de 2025 (este até a presente data)", "H1 2024
// and H1 2025, the latter to date") the "up to now" is of the last period, as the reading
// of the periods already takes it (package grammar, chart.go).
var NearDemonstratives = W("este|esta|esse|essa|este ultimo|esta ultima|este segundo|esta segunda", "the latter|the latter one")

// FarDemonstratives point at the first of two periods ("(aquele até a presente data)",
// "the former to date"): the "up to now" would be of the first period, which the reading
// of the periods does not do; never skipped there (package grammar, chart.go).
var FarDemonstratives = W("aquele|aquela|aquele primeiro|aquela primeira|o primeiro|a primeira", "the former|the former one|the first one")

// SameAgain are the words after a conjunction that ask for the measure again of other rows
// ("faturamento de maio e também o da Savassi", "revenue in May and that of Savassi"): the
// measure of all rows and of some of them, two figures (package grammar, silent.go).
var SameAgain = W("tambem|tb|tbm|o de|o da|o do|a de|a da|a do|os de|os da|os do|as de|as da|as do|o mesmo|a mesma|idem", "also|as well|that of|those of|the one of|the ones of|the one for|the one at|that for|that at|the same for|the same at|likewise|ditto")

// FailedTo is the argument of the negations said as a verb of failing ("failed to buy").
const FailedTo = "failed"

// SpokenPunctuation are the punctuation marks a writer who dictates says as words, when the
// phone writes them out ("quanto deu maio ponto de interrogação", "por loja vírgula só maio",
// "revenue by store comma last month"): the lexicon reads them as the mark. After an article
// ("casas depois da vírgula") the word is the word.
var SpokenPunctuation = []struct {
	Mark  string
	Words Words
}{
	{"?", W("ponto de interrogacao|interrogacao", "question mark")},
	{".", W("ponto final", "full stop")},
	{",", W("virgula", "comma")},
}
