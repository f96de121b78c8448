package semantic

// Operations are the verbs of a table's operations said as commands, the way a
// spreadsheet user or an engineer asks ("filtrar os clientes ativos, agrupar por origem e
// contar", "somar o saldo por loja", "filter active customers, group by origin, count",
// "sum points by store"): each verb is a word of the sense of the model it commands, one
// place for all of them. An aggregate verb is the aggregate (count, sum, average); the
// verb of a breakdown said apart from its "por" ("agrupar os clientes por faixa") and the
// verb of a condition ("filtrar as vendas da loja X") add nothing to the breakdown or the
// condition said after them, and are read only there (FillerClass Governs, Breaks;
// package grammar, light.go).
var Operations = []Term{
	{CatAgg, "count", W("contar|conte|contabilizar|contabilize|fazer a contagem|faca a contagem", "count|count them|count up|tally up|do a count")},
	{CatAgg, "sum", W("somar|totalizar|totalize|fazer a soma|faca a soma", "sum|sum up|total up|do a sum")},
	{CatAgg, "avg", W("tirar a media|tire a media|calcular a media|calcule a media|fazer a media|faca a media", "take the average|calculate the average|compute the average|average out")},
	{CatFiller, "group_verb", W("agrupar|agrupe|agrupa|agrupem", "group|group up")},
	{CatFiller, "filter_verb", W("filtrar|filtre|filtra|filtrem", "filter|filter down|filter for only")},
}

// operationWords are the words of the operation verbs of filler class id (Fillers takes
// them from here).
func operationWords(id string) Words {
	var w Words
	for _, o := range Operations {
		if o.Cat == CatFiller && o.Arg == id {
			w = w.With(o.Words)
		}
	}
	return w
}

// operationTerms are the operations that are no filler class (those come with Fillers).
func operationTerms() []Term {
	var ts []Term
	for _, o := range Operations {
		if o.Cat != CatFiller {
			ts = append(ts, o)
		}
	}
	return ts
}
