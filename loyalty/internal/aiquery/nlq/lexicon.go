package nlq

import (
	"sort"
	"strings"
)

// concept is what a word or phrase of a question means to the interpreter.
type concept string

// Concepts. Entities and verbs choose the measure; "by" words and dimension nouns make
// breakdowns; filter words narrow; aggregation and ranking words shape the answer.
const (
	// entities
	cCustomer   concept = "customer"
	cSale       concept = "sale"
	cRevenue    concept = "revenue"
	cTicket     concept = "ticket"
	cValue      concept = "value"
	cPoints     concept = "points"
	cBalance    concept = "balance"
	cRedemption concept = "redemption"
	cProduct    concept = "product"
	cStore      concept = "store"
	cPromotion  concept = "promotion"
	cReversal   concept = "reversal"
	cBuyer      concept = "buyer"
	cSignup     concept = "signup"
	cEntry      concept = "entry"
	// dimension nouns (also "por X")
	cDim concept = "dim" // arg: dimension id
	// verbs
	cBuy    concept = "buy"
	cSpend  concept = "spend"
	cSell   concept = "sell"
	cRedeem concept = "redeem"
	cEarn   concept = "earn"
	cDebit  concept = "debit"
	cCancel concept = "cancel"
	cUse    concept = "use"
	cAccept concept = "accept"
	cRefuse concept = "refuse"
	// aggregation and ranking
	cCount       concept = "count"
	cHowMuch     concept = "howmuch"
	cTotal       concept = "total"
	cAvg         concept = "avg"
	cRate        concept = "rate"
	cMax         concept = "max"
	cMin         concept = "min"
	cMost        concept = "most"
	cLeast       concept = "least"
	cTop         concept = "top"
	cBottom      concept = "bottom"
	cSortBy      concept = "sortby"      // "ordenados por saldo": every row, largest first
	cPaid        concept = "paid"        // "pagas com cartão": restates a payment
	cFrom        concept = "from"        // "vieram do app": where customers came from
	cRepeat      concept = "repeat"      // "mais de uma vez": more than one purchase
	cOrderDesc   concept = "orderdesc"   // "do maior pro menor"
	cOrderAsc    concept = "orderasc"    // "do menor pro maior"
	cExpire      concept = "expire"      // "vencem hoje": a redemption's expiry date
	cCost        concept = "cost"        // "custam 150 pontos": a product's price in points
	cStart       concept = "start"       // "promoções que começaram": by start date
	cRan         concept = "ran"         // "promoções que rodaram em 2024": running during the period
	cEmailDomain concept = "emaildomain" // "usam gmail"
	cAge         concept = "age"         // "idade média", "faixa etária"
	cAddOn       concept = "addon"       // "produtos adicionais"
	cGrowth      concept = "growth"      // "crescimento de maio sobre abril"
	cTimes       concept = "times"       // "mais de 3 vezes": a number of purchases
	cTrend       concept = "trend"       // "evolução": over time (by month unless a unit is given)
	cOnce        concept = "once"        // "só uma vez": exactly one purchase
	cEnding      concept = "ending"      // "promoções que terminam este mês": by end date
	cGenderOther concept = "genderother" // "homens, mulheres e outros": every gender
	cPricey      concept = "pricey"      // "produto mais caro": sorted by price in points
	cCheap       concept = "cheap"       // "mais barato"
	cLapsed      concept = "lapsed"      // "clientes sumidos há 60 dias": no purchase for a while
	cUnknownVal  concept = "unknownval"  // "incluindo não informado": the group without a value
	cFirstBuy    concept = "firstbuy"    // "fizeram a primeira compra": first purchase in the period
	cMultiStore  concept = "multistore"  // "compraram em mais de uma loja"
	cAnyChannel  concept = "anychannel"  // arg: any, none, all ("não aceitam nenhum canal")
	cHeld        concept = "held"        // "pontos bloqueados em resgates pendentes": held by pending redemptions
	// answer shape
	cList  concept = "list"
	cWho   concept = "who"
	cWhen  concept = "when"  // "quando o cliente X se cadastrou": a date of one customer
	cWhich concept = "which" // arg "one" for a singular "qual"/"which"
	cAttr  concept = "attr"  // arg: attribute id
	// breakdown
	cBy       concept = "by"
	cDistinct concept = "distinct" // "produtos distintos": a count of different ones
	cSplit    concept = "split"    // "gender split", "distribuição por idade": after the dimension, or nothing
	cTimeDim  concept = "timedim"  // arg: dimension id ("mensal")
	// filters
	cActive   concept = "active"
	cInactive concept = "inactive"
	cPending  concept = "pending"
	cApplied  concept = "applied"
	cExpired  concept = "expired"
	cChannel  concept = "channel" // arg: email, whatsapp, sms
	cApp      concept = "app"
	cFemale   concept = "female"
	cMale     concept = "male"
	cBirthday concept = "birthday"
	cNever    concept = "never"
	cNeg      concept = "neg"
	cZero     concept = "zero"
	cCmp      concept = "cmp" // arg: > >= < <=
	cNew      concept = "new"
	cPayVal   concept = "payval" // arg: canonical payment type
	cOrigVal  concept = "origval"
	cUF       concept = "uf"
	cAll      concept = "all"
	cAgo      concept = "ago" // "há" / "faz" before a duration
	// units after a number
	cUnit concept = "unit" // arg: days, weeks, months, years
	cPct  concept = "pct"  // "por cento"
	// things the interpreter refuses explicitly
	cWrite   concept = "write"
	cCompare concept = "compare"
	cWhy     concept = "why"
	cFuture  concept = "future"
	cOther   concept = "other"  // a known word about something the reports do not cover
	cFiller  concept = "filler" // a phrase that carries no meaning ("por favor", "can you")
	// values read from the question
	cNumber  concept = "number"
	cDoc     concept = "doc"
	cEmail   concept = "email"
	cPhone   concept = "phone"
	cMoney   concept = "money"
	cPercent concept = "percent"
	cName    concept = "name"
	cCode    concept = "code"
	cOrdinal concept = "ordinal"
	cPeriod  concept = "period"
	cStoreV  concept = "storeval"   // a store named from the catalogue (arg: code)
	cProdV   concept = "productval" // a product named from the catalogue (arg: name)
)

type sense struct {
	c   concept
	arg string
}

// vocabulary: phrases (folded: lower case, no accents, no hyphens) per sense. Phrases are
// matched longest first; single words also match with small typos.
var vocabulary = []struct {
	s       sense
	phrases string // "|"-separated
}{
	{sense{cCustomer, ""}, "cli|clis|fregues|fregueses|freguesa|freguesas|clientela|clientelas|patrons|base|na base|da base|cliente|clientes|consumidor|consumidores|consumidora|consumidoras|membro|membros|participante|participantes|associado|associados|customer|customers|client|clients|member|members|consumer|consumers|pessoa|pessoas|people|person|base de clientes|customer base"},
	{sense{cBuyer, ""}, "comprador|compradores|compradora|compradoras|buyer|buyers|purchaser|purchasers|paying customers|spenders|top spenders|big spenders|gastadores|shoppers"},
	{sense{cSale, ""}, "txn|txns|trx|trxs|venda|vendas|compra|compras|cupom|cupons|cupom fiscal|cupons fiscais|pedido|pedidos|transacao|transacoes|sale|sales|purchase|purchases|order|orders|coupon|coupons|transaction|transactions|receipt|receipts|nota fiscal|notas fiscais|ticket|tickets"},
	{sense{cRevenue, ""}, "faturamento liquido|receita liquida|vendas liquidas|rev|revs|bill|bills|did we make|do we make|we made|have we made|money made|make money|made money|made in sales|bring|brings|brought|bring in|brings in|bringing in|take in|took in|takes in|net sales|net revenue|sales total|total sales value|sales value total|entrou|entrou de dinheiro|came in|brought in|rendeu|renderam|rende|rendimento|arrecadou|arrecadamos|arrecadacao|entrada de dinheiro|takings|sales revenue|income|fat|fatur|faturamento|faturamentos|faturado|faturados|faturada|faturou|faturamos|faturaram|receita|receitas|revenue|revenues|turnover|gmv|volume de vendas|volume vendido|sales volume|total vendido|valor vendido|vendido em reais|sales amount|sales value|gross sales|billing|billed"},
	{sense{cTicket, ""}, "basket value|average basket value|ticket size|average ticket size|average check|basket size|average basket size|tamanho da cesta|cesta media|valor medio do cupom|valor medio por cupom|average order|average transaction value|atv|tkt medio|tkt|tiquete|avg ticket|ticket avg|average ticket size|ticket medio de venda|ticket medio|tiquete medio|ticket media|average ticket|average order value|aov|average basket|average purchase value|average sale value|average sale|average purchase|average spend per purchase|average purchase amount"},
	{sense{cValue, ""}, "vlr|vlrs|valor|valores|value|values|amount|amounts|montante|money|reais|em reais|brl|dolares|dollars|gasto|gastos"},
	{sense{cPoints, ""}, "ponto|pontos|pontuacao|pontuacoes|point|points|pts|pontinhos"},
	{sense{cBalance, ""}, "pontos a resgatar|pontos para resgatar|pontos disponiveis para resgate|points to redeem|points available to redeem|redeemable points|points available|outstanding|points liability|liability|outstanding liability|loyalty liability|passivo de pontos|passivo|saldo|saldos|balance|balances|saldo de pontos|points balance|point balance|pontos em aberto|points outstanding|outstanding points|pontos disponiveis|available points|pontos acumulados em conta"},
	{sense{cRedemption, ""}, "resgate|resgates|troca|trocas|redemption|redemptions|redeem|redeems|resgate de pontos|resgates de pontos"},
	{sense{cProduct, ""}, "prod|prods|produto|produtos|premio|premios|recompensa|recompensas|brinde|brindes|item|itens|items|product|products|reward|rewards|prize|prizes|gift|gifts|catalogo|catalog|catalogue"},
	{sense{cStore, ""}, "location|locations|store location|store locations|franquia|franquias|franqueado|franqueados|franchise|franchises|pdv|pdvs|ponto de venda|pontos de venda|loja|lojas|filial|filiais|unidade|unidades|store|stores|shop|shops|branch|branches|outlet|outlets"},
	{sense{cPromotion, ""}, "promocao|promocoes|campanha|campanhas|promotion|promotions|campaign|campaigns|promo|promos"},
	{sense{cReversal, ""}, "estorno|estornos|estornado|estornados|estornada|estornadas|reversal|reversals|reversed|reverse|chargeback|chargebacks"},
	{sense{cSignup, ""}, "did we gain|we gained|have we gained|did we acquire|have we acquired|acquired|adquiridos|captados|captadas|conquistados|onboarded|cadastrado|cadastrados|cadastrada|cadastradas|registrado|registrados|registrada|registradas|registered|signed up|joined|se cadastraram|se cadastrou|se registraram|inscreveram|inscritos|aderiram|entraram|cadastro|cadastros|inscricao|inscricoes|registro|registros|adesao|adesoes|signup|signups|sign up|sign ups|registration|registrations|enrolled|enroled|enrollment|enrollments|enrolment|enrolments|novos cadastros|new signups"},
	{sense{cEntry, ""}, "points transactions|point transactions|points transaction|transacoes de pontos|transacao de pontos|extrato de pontos|historico de pontos|points history|points statement|movimentacoes de pontos|lancamento|lancamentos|movimentacao|movimentacoes|movimento|movimentos|entry|entries|movement|movements|ledger|extrato|statement"},

	{sense{cDim, "day"}, "dia|dias|day|days|data|datas|date|dates"},
	{sense{cDim, "week"}, "semana|semanas|week|weeks"},
	{sense{cDim, "month"}, "mes|meses|month|months"},
	{sense{cDim, "year"}, "ano|anos|year|years"},
	{sense{cDim, "quarter"}, "trimestre|trimestres|quarter|quarters"},
	{sense{cDim, "weekday"}, "dia da semana|dias da semana|day of the week|days of the week|day of week|weekday|weekdays"},
	{sense{cDim, "hour"}, "hora|horas|horario|horarios|hora do dia|faixa de horario|hour|hours|time of day|hour of the day|hour of day"},
	{sense{cDim, "payment_type"}, "forma de pagamento|formas de pagamento|meio de pagamento|meios de pagamento|tipo de pagamento|tipos de pagamento|modalidade de pagamento|modalidades de pagamento|pagamento|pagamentos|payment type|payment types|payment method|payment methods|payment|payments|metodo de pagamento|metodos de pagamento|pgto|pgtos|pagto|pagtos|forma de pgto|formas de pgto|forma de pagto|formas de pagto|meio de pgto|meios de pgto|tipo de pgto|forma pgto|pay method|pay type"},
	{sense{cDim, "origin"}, "origem|origens|canal|canais|canal de cadastro|canais de cadastro|origin|origins|channel|channels|source|sources|signup channel|sign up channel|acquisition channel"},
	{sense{cDim, "gender"}, "genero|generos|sexo|sexos|gender|genders|sex"},
	{sense{cDim, "status"}, "status|situacao|situacoes"},
	{sense{cDim, "state"}, "estado|estados|uf|ufs|state|states"},
	{sense{cDim, "city"}, "cidade|cidades|city|cities|municipio|municipios"},
	{sense{cDim, "entry_type"}, "tipo de lancamento|tipos de lancamento|tipo de transacao|tipos de transacao|tipo de movimentacao|transaction type|transaction types|entry type|entry types|tipo|tipos|type|types"},
	{sense{cDim, "signup_store"}, "loja de cadastro|lojas de cadastro|loja do cadastro|signup store|sign up store|signup stores|store of signup|registration store"},
	{sense{cDim, "birth_month"}, "mes de aniversario|mes de nascimento|birth month|month of birth"},

	{sense{cBuy, ""}, "comprar|compra|compram|comprou|compraram|compramos|comprado|comprados|comprada|compradas|comprando|comprem|fizeram compra|fizeram compras|fez compra|fez compras|realizaram compra|realizaram compras|realizou compra|fizeram alguma compra|buy|buys|bought|buying|purchased|shopped|shopping|made a purchase|made purchases|made any purchase|placed an order|placed orders|ordered"},
	{sense{cSpend, ""}, "gasto|gastos|gastar|gastou|gastaram|gastam|gasta|gastamos|gastaram em|spend|spent|spends|spending|expenditure"},
	{sense{cSell, ""}, "vender|vendeu|venderam|vendemos|vende|vendem|vendido|vendidos|vendida|vendidas|sold|sell|sells|selling"},
	{sense{cRedeem, ""}, "burn|burned|burnt|burning|queimados|queimaram|resgatar|resgatou|resgataram|resgatam|resgata|resgatado|resgatados|resgatada|resgatadas|resgatamos|trocou|trocaram|trocado|trocados|trocada|trocadas|trocar|redeemed|redeeming|exchanged|claimed"},
	{sense{cEarn, ""}, "got|give out|gave out|given out|handed out|hand out|distribute|distributed|deram|demos|ganhar|ganhou|ganharam|ganham|ganho|ganhos|ganhas|acumular|acumulou|acumularam|acumulado|acumulados|acumuladas|acumulam|creditado|creditados|creditada|creditadas|creditaram|creditou|credito|creditos|emitido|emitidos|emitidas|distribuido|distribuidos|distribuidas|concedido|concedidos|concedidas|gerado|gerados|geradas|recebido|recebidos|receberam|recebeu|earn|earned|earns|earning|earnings|credited|credit|credits|accrued|accumulated|awarded|issued|given|granted|generated|received|gained"},
	{sense{cDebit, ""}, "debitado|debitados|debitada|debitadas|debitaram|debito|debitos|descontado|descontados|deduzido|deduzidos|debited|debit|debits|deducted|deductions|subtracted"},
	{sense{cCancel, ""}, "cancelado|cancelados|cancelada|canceladas|cancelamento|cancelamentos|cancelou|cancelaram|cancelled|canceled|cancellation|cancellations|voided|anulado|anulados|anuladas"},
	{sense{cUse, ""}, "usa|usam|utiliza|utilizam|usando|usada|usado|usadas|usados|utilizada|utilizado|utilizadas|utilizados|used|popular|populares|preferida|preferido|preferidas|preferidos|favorite|favourite|usuario|usuarios|usuaria|usuarias|uses|use|using|user|users"},
	{sense{cAccept, ""}, "receber|recebe|recebendo|aceitam receber|topam receber|get|gets|getting|aceita|aceitam|aceitaram|aceitou|aceite|aceito|aceitos|optin|optins|opt in|opted in|optaram|optou|consentiram|consentimento|consentem|autorizaram|autorizam|autorizou|permitem|permitiram|querem receber|recebem|accept|accepts|accepted|consent|consented|consents|subscribed|subscribers|agreed|agree|allow|allowed|inscritos em|receive|receives|liberado|liberados|liberada|liberadas|liberou|liberaram|liberam|autorizado|autorizados|autorizada|autorizadas|permitido|permitidos|permitida|permitidas|com permissao|deram permissao|deram consentimento|gave consent|given consent|permission|opt ins|opted into|subscribed to"},
	{sense{cRefuse, ""}, "recusam|recusaram|recusou|optout|optouts|opt out|opted out|descadastraram|descadastrados|declined|refused|refuse|unsubscribed"},

	{sense{cCount, ""}, "qts|qntd|qtdade|qt|tamanho|tamanho da|size of|size|quantas vezes|quantos vezes|how many times|numero de vezes|number of times|qntos|qntas|qtos|qtas|qnts|qnt|qtds|qde|quant|nr|n de|no de|numero de|num|quantos|quantas|quantidade|quantidades|qtd|qtde|numero|numeros|nro|nº|how many|number|count|counts|contagem|volume|numero total|quantity|contar|conte|tally"},
	{sense{cHowMuch, ""}, "qto|qnto|quanto|how much|what amount"},
	{sense{cTotal, ""}, "grand total|total geral|total|totais|soma|somatorio|somam|somado|sum|summed|in total|no total|ao todo|overall|geral|agregado|aggregate|combined|acumulado no ano"},
	{sense{cAvg, ""}, "media de|na media|media|medio|medias|medios|average|averages|avg|mean|em media|on average|per capita"},
	{sense{cRate, ""}, "%|percentual|percentuais|porcentagem|porcentagens|percentagem|taxa|taxas|proporcao|proporcoes|fatia|participacao|percentage|percentages|percent|pct|rate|rates|share|proportion|ratio|fraction|portion"},
	{sense{cMax, ""}, "maior|maximo|maxima|max|maximum|biggest|largest|highest|mais alto|mais alta|recorde|record"},
	{sense{cMin, ""}, "menor|minimo|minima|min|minimum|smallest|lowest|mais baixo|mais baixa"},
	{sense{cMost, ""}, "pico|de pico|peak|busiest|mais movimentado|mais movimentada|rush|mais|most|the most|mais vezes|most often|more|more often|most frequently|more frequently|com mais frequencia|mais frequentemente|mais frequente|mais frequentes|most frequent|most times|more times|the most times|the most often|mais vezes que|numero de vezes que mais"},
	{sense{cLeast, ""}, "menos|least|fewest|the least|the fewest|less"},
	{sense{cTop, ""}, "top|ranking|rank|melhores|melhor|maiores|principais|best|leading|biggest|top performing|campeoes|campeao|campea|lideres|lider"},
	{sense{cBottom, ""}, "piores|pior|menores|worst|bottom|lanterna"},

	{sense{cOrderDesc, ""}, "da maior para a menor|da maior pra menor|da maior para menor|do mais alto para o mais baixo|do mais alto ao mais baixo|dos maiores para os menores|top down|do maior para o menor|do maior pro menor|do maior ao menor|maior para menor|maior pro menor|em ordem decrescente|ordem decrescente|decrescente|biggest first|largest first|highest first|most first|descending|in descending order|from highest to lowest|highest to lowest|from largest to smallest|largest to smallest|from biggest to smallest"},
	{sense{cOrderAsc, ""}, "da menor para a maior|da menor pra maior|da menor para maior|do mais baixo para o mais alto|dos menores para os maiores|do menor para o maior|do menor pro maior|do menor ao maior|menor para maior|menor pro maior|em ordem crescente|ordem crescente|crescente|smallest first|lowest first|least first|ascending|in ascending order|from lowest to highest|lowest to highest|from smallest to largest|smallest to largest"},
	{sense{cExpire, ""}, "vence|vencem|vencendo|vencer|a vencer|vao vencer|expira|expiram|expirando|expirar|vao expirar|expire|expires|expiring|will expire|due|vencimento"},
	{sense{cCost, ""}, "custa|custam|custar|custando|cost|costs|costing|vale quantos|valem|preco em pontos|price in points|worth"},
	{sense{cStart, ""}, "comecaram|comecou|comeca|comecam|iniciaram|iniciou|iniciadas|iniciada|lancadas|lancada|lancaram|criadas|criada|started|start|starts|starting|began|begun|launched|created"},
	{sense{cRan, ""}, "rodaram|rodou|vigoraram|vigorou|estiveram ativas|estiveram ativos|aconteceram|ocorreram|ran|run|running during|took place|were active|were running|valid during"},
	{sense{cEmailDomain, "gmail"}, "gmail|gmail com|@gmail"},
	{sense{cEmailDomain, "hotmail"}, "hotmail|hotmail com"},
	{sense{cEmailDomain, "outlook"}, "outlook"},
	{sense{cEmailDomain, "yahoo"}, "yahoo"},
	{sense{cEmailDomain, "icloud"}, "icloud"},
	{sense{cEmailDomain, "uol"}, "uol"},
	{sense{cEmailDomain, "bol"}, "bol"},
	{sense{cAttr, "multiplier"}, "multiplicador|multiplicadores|multiplicador de pontos|points multiplier|multiplier|multipliers"},
	{sense{cAttr, "bonus"}, "bonus|pontos bonus|bonus points|pontos extras|extra points"},
	{sense{cAttr, "start_date"}, "data de inicio|inicio|start date|starts on|data inicial"},
	{sense{cAttr, "end_date"}, "data de fim|data final|data de termino|fim|termino|end date|ends on|validade"},
	{sense{cAttr, "points"}, "pontos necessarios|quantos pontos custa|points needed|points required|custo em pontos"},
	{sense{cAge, ""}, "aged|de idade|years old|anos de idade|idade|idades|age|ages|anos de idade|years old|faixa etaria|faixas etarias|age band|age bands|age group|age groups|age range|age ranges|faixa de idade|faixas de idade"},
	{sense{cTimes, ""}, "vez|vezes|time|times"},
	{sense{cEnding, ""}, "ended|terminaram|terminou|acabaram|acabou|encerraram|encerrou|encerradas|finalizadas|finalizaram|ending|ends|end|terminam|termina|terminando|acabam|acaba|acabando|encerram|encerra|encerrando|vencem em|finishing"},
	{sense{cGenderOther, ""}, "outros|outras|outro generos|others|other genders|nao binarios|nao binario|non binary|nonbinary"},
	{sense{cPricey, ""}, "highest points cost|highest cost|highest cost in points|costs the most|cost the most|mais caro|mais cara|mais caros|mais caras|most expensive|priciest|costliest|maior preco|highest price"},
	{sense{cCheap, ""}, "lowest points cost|lowest cost|lowest cost in points|costs the least|cost the least|mais barato|mais barata|mais baratos|mais baratas|cheapest|least expensive|menor preco|lowest price"},
	{sense{cOnce, ""}, "apenas uma compra|somente uma compra|so uma compra|uma unica compra|uma compra so|exatamente uma compra|exactly one purchase|only one purchase|just one purchase|a single purchase|one single purchase|exatamente uma vez|exactly one time|so uma vez|somente uma vez|apenas uma vez|uma unica vez|uma vez so|only once|just once|exactly once|one time only|uma vez apenas"},
	{sense{cLapsed, ""}, "lapsed|dormant|sumidos|sumidas|sumiram|parados|paradas|adormecidos|adormecidas|afastados|idle"},
	{sense{cTrend, ""}, "evolucao|tendencia|trend|trends|over time|ao longo do tempo|historico|history|serie historica|time series"},
	{sense{cAddOn, ""}, "adicional|adicionais|add on|add ons|addon|addons|topping|toppings|complemento|complementos|cobertura|coberturas|extra|extras"},
	{sense{cGrowth, ""}, "crescimento|cresceu|crescer|growth|grew|grow|variacao|variation|aumento|aumentou|increase|increased|queda|caiu|decline|declined|dropped|evolucao percentual|percent change|percentage change"},
	{sense{cPaid, ""}, "pago|pagos|paga|pagas|pagaram|pagou|pagamos|paid|pay|pays|paying|quitado|quitados|settled"},
	{sense{cFrom, ""}, "vindos|vindas|vindo|vinda|provenientes|procedentes|vieram|veio|vem|chegaram|came|come from|came from|coming from|originados|originadas|oriundos"},
	{sense{cRepeat, ""}, "mais de uma vez|more than once|repeat customers|repeat buyers|recorrentes|recompraram|recompra|returning customers|voltaram a comprar|compraram de novo|bought again"},
	{sense{cSortBy, ""}, "ordenado por|ordenados por|ordenada por|ordenadas por|classificado por|classificados por|em ordem de|ordem de|sorted by|ordered by|ranked by|sort by|order by"},
	{sense{cList, ""}, "lista|listar|liste|listagem|relacao|relacione|mostre|mostrar|mostra|exiba|exibir|exibe|traga|trazer|veja|ver|quero ver|list|lists|listing|show|display|enumerate|me de|me da|me passe|bring me|bring up|detalhe|detalhes|detalhado|detalhada|details|detailed|nomes|names|quem sao|who are"},
	{sense{cWho, ""}, "quem|who|whom|whose"},
	{sense{cWhen, ""}, "quando|qdo|qndo|qnd|when"},
	{sense{cWhich, "one"}, "qual|which one|qual foi|qual e|qual eh"},
	{sense{cWhich, ""}, "quais|which|what|what are|quais sao|quais foram"},

	{sense{cAttr, "name"}, "nome|name|nome completo|full name"},
	{sense{cAttr, "email"}, "email|emails|email addresses|e mail addresses|email adresses|endereco de email|email address|emails address|correio eletronico"},
	{sense{cAttr, "phone"}, "telefone|telefones|celular|celulares|fone|fones|numero de telefone|phone|phones|phone number|phone numbers|mobile|cell|whatsapp number|numero do whatsapp|contato|contatos|contact|contacts|contact details|dados de contato"},
	{sense{cAttr, "doc"}, "cpf|cpfs|cnpj|documento|documentos|doc|docs|document|documents|tax id"},
	{sense{cAttr, "birth_date"}, "data de nascimento|datas de nascimento|nascimento|birth date|birthdate|date of birth|dob"},
	{sense{cAttr, "address"}, "endereco|enderecos|address|addresses"},
	{sense{cAttr, "last_purchase"}, "last buy|last bought|last purchased|ultima vez que comprou|comprou pela ultima vez|ultima visita|last visit|last order|ultimo pedido|ultima compra|data da ultima compra|last purchase|last purchase date|most recent purchase"},
	{sense{cAttr, "created_at"}, "data de cadastro|data do cadastro|datas de cadastro|signup date|sign up date|registration date|date joined|joined on"},
	{sense{cAttr, "sku"}, "sku|skus|codigo do produto|product code"},
	{sense{cAttr, "price"}, "preco|precos|price|prices"},

	{sense{cBy, ""}, "e por|and by|por|by|per|cada|each|em cada|de cada|para cada|por cada|for each|for every|every|agrupado por|agrupados por|agrupadas por|separado por|separados por|separadas por|dividido por|divididos por|divididas por|segmentado por|quebrado por|aberto por|abertos por|abertas por|broken down by|broken out by|split by|grouped by|group by|breakdown by|across|segundo|conforme|de acordo com"},
	{sense{cDistinct, ""}, "distinct|different|diferentes|distintos|distintas|unique|unicos|unicas|diversos"},
	{sense{cSplit, ""}, "split|split of|a split of|breakdown|breakdown of|a breakdown of|distribution|distribution of|the distribution of|a distribution of|mix|mix of|distribuicao|distribuicao de|a distribuicao de|divisao|divisao de|composicao|composicao de|split|repartition"},
	{sense{cTimeDim, "day"}, "diario|diaria|diarios|diarias|diariamente|dia a dia|daily|day by day|day over day|per day"},
	{sense{cTimeDim, "week"}, "semanal|semanais|semanalmente|semana a semana|weekly|week by week|week over week"},
	{sense{cTimeDim, "month"}, "mensal|mensais|mensalmente|mes a mes|monthly|month by month|month over month|evolucao mensal"},
	{sense{cTimeDim, "quarter"}, "trimestral|trimestrais|trimestralmente|quarterly|quarter by quarter"},
	{sense{cTimeDim, "store"}, "store level|storewise|store wise|per store|loja a loja|por unidade de loja"},
	{sense{cTimeDim, "hour"}, "hourly|hora a hora|de hora em hora|horaria|horarias"},
	{sense{cTimeDim, "year"}, "anual|anuais|anualmente|ano a ano|yearly|annual|annually|year by year|year over year"},

	{sense{cActive, ""}, "ativo|ativos|ativa|ativas|active|vigente|vigentes|em vigor|em andamento|rodando|running|currently running|ongoing|live|valid|valida|validas|habilitado|habilitados|habilitada|habilitadas|enabled"},
	{sense{cUnknownVal, ""}, "nao informado|nao informados|nao informada|nao informadas|not informed|unknown|desconhecido|desconhecidos|desconhecida|desconhecidas|sem informacao|em branco|blank|not specified|nao especificado|nao especificados|unspecified|nao declarado|not stated|not provided|nao preenchido"},
	{sense{cFirstBuy, ""}, "primeira compra|primeiras compras|fizeram a primeira compra|fez a primeira compra|fizeram sua primeira compra|fez sua primeira compra|compraram pela primeira vez|comprou pela primeira vez|compram pela primeira vez|first purchase|first purchases|made their first purchase|made a first purchase|made its first purchase|made his first purchase|made her first purchase|bought for the first time|purchased for the first time|first time buyers|first time buyer|first time customers|primeira vez que compraram|estrearam|primeiro pedido|first order|first orders|placed their first order"},
	{sense{cMultiStore, ""}, "em mais de uma loja|em mais de uma unidade|em mais de uma filial|em varias lojas|em diversas lojas|em lojas diferentes|em duas ou mais lojas|at more than one store|in more than one store|at more than one location|at multiple stores|in multiple stores|at several stores|at different stores|at two or more stores|more than one store|multiple stores|mais de uma loja|lojas diferentes|different stores"},
	{sense{cAnyChannel, "any"}, "qualquer canal|algum canal|algum dos canais|any channel|any of the channels|at least one channel|pelo menos um canal|ao menos um canal|some channel"},
	{sense{cAnyChannel, "none"}, "nenhum canal|nenhum dos canais|no channel|no channels|none of the channels"},
	{sense{cAnyChannel, "all"}, "todos os canais|os tres canais|all channels|all the channels|every channel|all three channels|all 3 channels"},
	{sense{cHeld, ""}, "bloqueado|bloqueados|bloqueada|bloqueadas|reservado|reservados|reservada|reservadas|comprometido|comprometidos|retido|retidos|travado|travados|presos|held|on hold|reserved|locked|locked up|tied up|blocked"},
	{sense{cInactive, ""}, "inativo|inativos|inativa|inativas|inactive|desativado|desativados|desativada|desativadas|deactivated|disabled|desabilitado|desabilitados|desabilitada|desabilitadas|bloqueado|bloqueados|blocked"},
	{sense{cPending, ""}, "waiting|waiting on|waiting for|esperando|aguardam|pendente|pendentes|pending|em aberto|aguardando|awaiting|nao aplicado|nao aplicados|not applied|unapplied|open"},
	{sense{cApplied, ""}, "aplicado|aplicados|aplicada|aplicadas|applied|efetivado|efetivados|efetivadas|concluido|concluidos|concluidas|completed|utilizado|utilizados|utilizadas|confirmado|confirmados|confirmed|fulfilled"},
	{sense{cExpired, ""}, "expiracao|expiracoes|expiration|expirations|expirado|expirados|expirada|expiradas|vencido|vencidos|vencida|vencidas|expired|expiraram|expirou|lapsed"},
	{sense{cChannel, "email"}, "email|emails|por email|via email|newsletter|e mail|email marketing"},
	{sense{cChannel, "whatsapp"}, "whatsapp|whats app|whats|zap|zapzap|wpp|wa|por whatsapp|via whatsapp"},
	{sense{cChannel, "sms"}, "sms|por sms|via sms|mensagem de texto|mensagens de texto|text message|text messages|texto|torpedo|torpedos"},
	{sense{cApp, ""}, "app|apps|aplicativo|aplicativos|app mobile|mobile app|application|o app|do app|the app|our app"},
	{sense{cFemale, ""}, "mulher|mulheres|feminino|feminina|femininos|femininas|female|females|women|woman|sexo feminino|genero feminino"},
	{sense{cMale, ""}, "homem|homens|masculino|masculina|masculinos|masculinas|male|males|men|man|sexo masculino|genero masculino"},
	{sense{cBirthday, ""}, "aniversariante|aniversariantes|aniversario|aniversarios|fazem aniversario|faz aniversario|fazendo aniversario|fazem anos|birthday|birthdays|celebrating birthdays|birthday customers|have birthdays|have a birthday|born"},
	{sense{cNever, ""}, "nunca|never|jamais|nenhuma vez|not once|never ever|ainda nao|not yet|yet to"},
	{sense{cNeg, ""}, "nao|not|with no|have no|has no|had no|made no|sem|without|nenhum|nenhuma|none|zero compras|exceto|except|excluding|excluindo|fora|tirando|hasnt|havent|didnt|doesnt|dont|isnt|arent|wasnt|werent"},
	{sense{cZero, ""}, "zero|zerado|zerados|zerada|zeradas|0 pontos|nulo|vazio|empty"},
	{sense{cCmp, ">"}, "mais de|mais do que|acima de|acima dos|maior que|maior do que|maiores que|maiores do que|superior a|superiores a|more than|over|above|greater than|higher than|bigger than|larger than|in excess of|exceeding|exceeds|passa de|passam de|passou de|passaram de"},
	{sense{cCmp, ">="}, "pelo menos|no minimo|ao menos|minimo de|at least|or more|ou mais|a partir de|acima ou igual|or over|and over|and up|and above|or above|or higher|ou acima|pra cima|para cima|em diante"},
	{sense{cCmp, ">="}, "or older|and older|ou mais velhos|ou mais velhas|anos ou mais|years or older|years or more|years and over|years old or older|years old or more"},
	{sense{cAge, ""}, "or older|and older|ou mais velhos|ou mais velhas|anos ou mais|years or older|years or more|years and over|years old or older|years old or more"},
	{sense{cCmp, "<="}, "or younger|and younger|ou mais novos|ou mais novas|anos ou menos|years or younger|years or less"},
	{sense{cAge, ""}, "or younger|and younger|ou mais novos|ou mais novas|anos ou menos|years or younger|years or less"},
	{sense{cCmp, ">"}, "older than|mais velhos que|mais velhas que|mais velhos do que"},
	{sense{cAge, ""}, "older than|mais velhos que|mais velhas que|mais velhos do que"},
	{sense{cCmp, "<"}, "younger than|mais novos que|mais novas que|mais novos do que"},
	{sense{cAge, ""}, "younger than|mais novos que|mais novas que|mais novos do que"},
	{sense{cCmp, "<"}, "menos de|menos do que|abaixo de|abaixo dos|menor que|menor do que|menores que|inferior a|inferiores a|less than|fewer than|under|below|lower than|smaller than"},
	{sense{cCmp, "<="}, "no maximo|ate|at most|up to|or less|ou menos|no max"},
	{sense{cNew, ""}, "novo|novos|nova|novas|new|recentes|recent|recem cadastrados|newly registered"},
	{sense{cPayVal, "pix"}, "pix|via pix|no pix|com pix|pelo pix"},
	{sense{cPayVal, "credit"}, "cartao de credito|cartoes de credito|credito|no credito|credit card|credit cards|credit|cc"},
	{sense{cPayVal, "debit"}, "cartao de debito|cartoes de debito|no debito|debit card|debit cards"},
	{sense{cPayVal, "cash"}, "dinheiro|em dinheiro|especie|em especie|cash|in cash|money in cash"},
	{sense{cPayVal, "boleto"}, "boleto|boletos|bank slip"},
	{sense{cPayVal, "voucher"}, "vale|vales|voucher|vouchers|vale refeicao|vale alimentacao|meal voucher"},
	{sense{cOrigVal, "app"}, "pelo app|pelo aplicativo|via app|via aplicativo|no app|no aplicativo|through the app|via the app|in the app|from the app|origem app|origin app|canal app"},
	{sense{cOrigVal, "site"}, "site|pelo site|no site|via site|website|pelo website|web|online|ecommerce|loja virtual|loja online|through the website|on the website|via the website|internet|pela internet"},
	{sense{cOrigVal, "pdv"}, "pdv|no pdv|pelo pdv|ponto de venda|pontos de venda|loja fisica|lojas fisicas|na loja fisica|balcao|no balcao|in store|instore|at the store|physical store|point of sale|at the counter"},
	{sense{cOrigVal, "totem"}, "totem|totens|kiosk|quiosque"},
	{sense{cOrigVal, "callcenter"}, "backoffice|back office|pelo backoffice|retaguarda|call center|callcenter|telemarketing|central de atendimento"},
	{sense{cAll, ""}, "incl|incluso|inclusive os|todos|todas|tudo|all|every|any|qualquer|inclusive|including|incluindo|inclusos|whole|entire|completo|completa|full"},
	{sense{cAgo, ""}, "ha|faz|desde ha|for|for over|for more than|atras|ago|in|dentro de"},
	{sense{cUnit, "days"}, "dia|dias|day|days"},
	{sense{cUnit, "weeks"}, "semana|semanas|week|weeks"},
	{sense{cUnit, "months"}, "mes|meses|month|months"},
	{sense{cUnit, "years"}, "ano|anos|year|years"},
	{sense{cPct, ""}, "por cento|percent|pct"},

	{sense{cWrite, ""}, "crie|criar|apagar|apague|apaga|apagam|deletar|delete|deleta|delete all|deletem|exclua|excluir|exclui|excluam|remova|remover|remove|removam|drop|truncate|update|updates|atualize|atualizar|atualiza|altere|alterar|altera|alterem|mude|mudar|muda|modifique|modificar|modifica|change|modify|edit|editar|edite|insert|insira|inserir|adicione|adicionar|adiciona|add|cadastre|cadastrar|cadastra|registre|registrar|zere|zerar|zera|reset|resetar|resete|cancele|cancelar|cancela|cancel|credite|creditar|credita|debite|debitar|debita|transfira|transferir|transfer|defina|definir|set|ajuste|ajustar|adjust|grant|revoke|desative|desativar|desativa|ative|ativar|deactivate|activate|bloqueie|bloquear|block|limpe|limpar|clean|clear|purge|wipe|erase|destroy|destruir|renomeie|renomear|rename|conceda|conceder|estorne|estornar|aplique|aplicar|merge|alter|execute|exec|commit|rollback|unblock|desbloqueie|desbloquear"},
	{sense{cCompare, ""}, "x|versus|vs|comparado|comparada|comparados|comparar|compare|comparando|comparing|comparison|comparacao|em relacao a|relativo a|contra|against|diferenca|difference"},
	{sense{cWhy, ""}, "por que|porque|por qual motivo|why|reason|motivo|motivos|causa|causas"},
	{sense{cFuture, ""}, "previsao|prever|projecao|projetar|forecast|predict|prediction|projection|estimativa|estimate|vao|vai|going to|proximo ano|next year"},
	{sense{cOther, ""}, "canal de venda|canais de venda|sales channel|sales channels|canal de vendas|estoque|stock|inventory|funcionario|funcionarios|vendedor|vendedores|vendedora|employee|employees|staff|salesperson|salespeople|cashier|lucro|lucros|margem|profit|profits|margin|custo|custos|imposto|impostos|tax|taxes|meta|metas|target|targets|nps|satisfacao|satisfaction|reclamacao|reclamacoes|complaint|complaints|devolucao|devolucoes|returns|refunds|frete|shipping|fornecedor|fornecedores|supplier|suppliers|senha|senhas|password|passwords|usuarios do sistema|system users|operadores|operators|admin|administradores|clima|weather|churn|ltv|lifetime value|cac|roi|bairro|neighborhood|cep|zip|fim de semana|fins de semana|final de semana|finais de semana|weekend|weekends|black friday|cyber monday|natal|christmas|xmas|pascoa|easter|carnaval|carnival|dia das maes|mothers day|dia dos pais|fathers day|dia dos namorados|valentines day|dia das criancas|childrens day|reveillon|new years eve|feriado|feriados|holiday|holidays"},
	{sense{cFiller, ""}, "como foi|como foram|como esta|como estao|como ficou|como ficaram|como anda|como andam|how was|how were|how is|how are|how did|how does|on file|on record|in our records|em cadastro|get me|can i get|could i get|can we get|could we get|can i see|could i see|i would like to see|id like to see|provide|please provide|provide me|prepare|produce|at least one|pelo menos um|pelo menos uma|ao menos um|ao menos uma|no minimo um|no minimo uma|me ve|me veja|ve pra mim|ve ai|da uma olhada|tudo bem|tudo bom|como vai|bom dia|boa tarde|boa noite|oi|ola|hi|hello|hey|at least once|pelo menos uma vez|ao menos uma vez|alguma vez|+|por favor|por gentileza|me diga|me diz|me informe|me mostre|me fala|voce pode|voce poderia|pode me|poderia me|can you|could you|would you|i want|i need|i would like|id like|let me know|show me|tell me|give me|em geral|hoje em dia|ate agora|ate hoje|so far|to date|no momento|at the moment|right now|currently|current|atual|atuais|atualmente|in our program|do programa|no programa|de fidelidade|do clube|club|across all stores|across all locations|across all branches|across every store|across the chain|across the network|company wide|companywide|chain wide|network wide|em toda a rede|na rede toda|de toda a rede|da rede toda"},
}

// fillers carry no meaning for a report: articles, prepositions, politeness, "report".
var fillers = strings.Fields(`
o a os as um uma uns umas de do da dos das d em no na nos nas num numa ao aos pelo pela pelos pelas
para pra pro pros com e que se me eu nos voce voces vc gente foi foram ser sao esta estao estava
estavam estiveram tem teve tinham tiveram tiver ter temos tenho houve existe existem existia
existiram ha ja ainda atualmente agora atual sera seria seriam sejam seja estao fica ficou ficaram
possui possuem possuia favor pf porfavor gostaria queria quero preciso precisamos precisava saber
sabe diga diz dizer informe informar informa gere gerar gera faca fazer faz monte montar calcule
calcular calcula retorne retornar retorna obtenha obter busque buscar pesquise pesquisar consulte
consultar puxe puxar levante levantar relatorio relatorios report reports dados dado informacao
informacoes planilha tabela grafico chart table spreadsheet sobre referente referentes relativo
relativos nosso nossa nossos nossas meu minha meus minhas seu sua seus suas dele dela deles delas
programa fidelidade loyalty program este esta esse essa isso isto aquele aquela la aqui entao ok oi
ola bom dia boa tarde noite obrigado obrigada valeu poderia pode podes consegue conseguiria consigo
sabe sabes the an of in on at for to from with and is are was were be been being do does did done
have has had we our ours us i me my you your they their them it its this that these those there here
how please pls kindly thanks thank tell give get find fetch pull see let know want need would like
could can should may might will shall about regarding as so far currently now right just only also
too yet still ever already exatamente exactly aproximadamente approximately cerca around roughly
inscritas
q tao ta tb tbm tambem plz pfv pfvr cuja cujo cujas cujos chamado chamados chamada chamadas chamam chama named called sobrenome surname passou passaram posted recorded logged processed processados processadas processada processado booked
feitos feitas feito feita fizeram fez realizados realizadas realizado realizada made done happened
occurred placed sairam saiu sai ocorreram ocorridos aconteceram took place existentes existente possuimos quantia apply applies applicable aplicam aplica as of distribuicao distribution passar single individual unica unico belong belongs belonging manual manuais manualmente manually passa passe manda mande mandar puxa puxe get got gets pull deu deram performing performance desempenho performou nada nothing via through entre among but mas porem however make makes traz trazem trouxe brings bring brought rende rendeu renderam own owns owned pertencem pertence pertencentes dono dona donos their seus suas deles tivemos tive fizemos houveram algo coisa something anything algum alguns algumas
`)

// A word is a filler only where no phrase of the vocabulary matches it.
var fillerSet = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range fillers {
		m[f] = true
	}
	return m
}()

// phraseEntry is one vocabulary phrase and everything it may mean ("email": the channel
// or the attribute; the interpretation decides).
type phraseEntry struct {
	words  []string
	senses []sense
}

// phrasesByFirst indexes the vocabulary by first word, longest phrases first.
var phrasesByFirst, vocabWords = func() (map[string][]phraseEntry, map[string]bool) {
	byPhrase := map[string]*phraseEntry{}
	var order []string
	words := map[string]bool{}
	for _, v := range vocabulary {
		for _, p := range strings.Split(v.phrases, "|") {
			ws := strings.Fields(p)
			if len(ws) == 0 {
				continue
			}
			key := strings.Join(ws, " ")
			e := byPhrase[key]
			if e == nil {
				e = &phraseEntry{words: ws}
				byPhrase[key] = e
				order = append(order, key)
			}
			if !hasSense(e.senses, v.s) {
				e.senses = append(e.senses, v.s)
			}
			for _, w := range ws {
				words[w] = true
			}
		}
	}
	idx := map[string][]phraseEntry{}
	for _, key := range order {
		e := byPhrase[key]
		idx[e.words[0]] = append(idx[e.words[0]], *e)
	}
	for k := range idx {
		sort.SliceStable(idx[k], func(i, j int) bool { return len(idx[k][i].words) > len(idx[k][j].words) })
	}
	for f := range fillerSet {
		words[f] = true
	}
	for _, w := range periodWords {
		words[w] = true
	}
	return idx, words
}()

func hasSense(ss []sense, s sense) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// periodWords are the words period phrases use: typos are read against them too, and they
// are never "corrected" into other words.
var periodWords = strings.Fields(`hoje ontem anteontem amanha semana semanas passada passado passadas passados ultimo ultima ultimos ultimas
anterior atual corrente vigente mes meses ano anos trimestre trimestres semestre fim final dia dias acumulado desde inicio
comeco partir ate antes apos proximo proxima vem este esta esse essa neste nesta nesse nessa deste desta desse dessa periodo
janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro
january february march april may june july august september october november december
month months week weeks year years today yesterday tomorrow last past previous prior this current next weekend weekends
quarter half since until till before after through thru between from days day ago atras ytd mtd wtd qtd far
tres quatro cinco seis sete oito nove dez onze doze quinze vinte trinta sessenta noventa
one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty sixty ninety first second third fourth
primeiro segundo terceiro quarto primeira segunda terceira quarta quinzena quinzenas fortnight semestre semestres bimestre half`)
