package grammar

import "github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"

// orderEnd is the end of an order said as a range: its direction and, when the end is said
// as a relative clause ("pra que vendeu menos", "to the one that sold the least"), its verb.
type orderEnd struct {
	order semantic.Order
	verb  string
}

// orderRanges reads an order said as a range ("ranked from the highest to the lowest",
// "from the most used to the least used", "do mais vendido pro menos vendido", "largest to
// smallest", "da que vendeu mais pra que vendeu menos"): its end ("to the lowest", clause
// "orderend") names the direction its start said, never a second order. The start is the
// ranking right before it, with the opposite word, only the verb of the ranking ("used",
// "vendido") between them. An end with no such start ("sales by store to the lowest", "from
// the highest to the highest") is refused, and so is an end whose verb is not the start's
// ("da que vendeu mais pra que resgatou menos"). ranged: the question says one.
func (a *assembly) orderRanges() (ranged bool, err error) {
	for _, i := range a.all("orderend") {
		end := a.clauses[i].v.(orderEnd)
		j := i - 1
		for j >= 0 && a.clauses[j].kind == "event" {
			j--
		}
		if j < 0 || a.clauses[j].kind != "rank" || a.used[j] {
			return false, fail("a ordem pedida não diz de onde começa", "the order asked does not say where it starts")
		}
		r := a.clauses[j].v.(rankV)
		if r.dflt || r.order == semantic.Natural || r.order == end.order {
			return false, fail("a ordem pedida é contraditória", "the order asked for contradicts itself")
		}
		if end.verb != "" && !a.startSays(j, end) {
			return false, fail("o fim da ordem pedida não fala do mesmo que o começo", "the end of the order asked does not speak of what its start does")
		}
		a.used[i], ranged = true, true
		// "most used ... least used": the verb said again at the end is the start's
		if k := i + 1; k < len(a.clauses) && j+1 < i && a.clauses[k].kind == "event" && a.clauses[k].v == a.clauses[j+1].v {
			a.used[k] = true
		}
	}
	return ranged, nil
}

// startSays: the ranking at j is said with the end's verb right around it ("que vendeu
// mais", "que mais vendeu").
func (a *assembly) startSays(j int, end orderEnd) bool {
	for _, k := range []int{j - 1, j + 1} {
		if k >= 0 && k < len(a.clauses) && a.clauses[k].kind == "event" && a.clauses[k].v == marker(end.verb) {
			return true
		}
	}
	return false
}
