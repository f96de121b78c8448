package grammar

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// The classes of the seventh round (issue 24) for shorthand nobody listed: an
// abbreviation of one word of the lexicon (a contraction or a prefix), an initialism of a
// period or of a time expression, and the chain as a whole said as a scope. Paraphrases
// written for these tests, in both languages, in the voices of a store manager on a
// phone and of an analyst on Slack; the abbreviations here are in no list of the model. A
// word that fits words of different concepts, or that is no abbreviation at all, is
// still refused.
func TestAbbrevClasses(t *testing.T) {
	const yesterday, lastMonth, lastWeek = "date_trunc('day', now()) - interval '1 day'", "date_trunc('month', now()) - interval '1 month'", "date_trunc('week', now()) - interval '1 week'"
	runClasses(t, []classCases{
		{"an abbreviation of one word of the lexicon", map[string]want{
			"rev yday":                                    {measures: []string{"revenue"}, period: yesterday},
			"how many sales ystrdy":                       {measures: []string{"sales_count"}, period: yesterday},
			"how many redemptions pndg":                   {measures: []string{"redemptions"}, filters: []string{"status_pending"}},
			"avg tckt last week":                          {measures: []string{"average_ticket"}, period: lastWeek},
			"pts rdmd last month":                         {measures: []string{"points_redeemed"}, period: lastMonth},
			"pdds cancelados ontem":                       {measures: []string{"sales_count"}, filters: []string{"cancelled"}, period: yesterday},
			"faturamento da batel yday":                   {measures: []string{"revenue"}, filters: []string{"store_code"}, period: yesterday},
			"sales per store in the whole chain ystrdy":   {measures: []string{"sales_count"}, dims: []string{"store"}, period: yesterday},
			"qtos clientes fizeram aniv em julho? (bday)": {refuse: true}, // "aniv" is two vowels: a word, not guessed
		}},
		{"an initialism of a period or of a time expression", map[string]want{
			"revenue LM":                           {measures: []string{"revenue"}, period: lastMonth},
			"avg tckt LW":                          {measures: []string{"average_ticket"}, period: lastWeek},
			"# of custs TW":                        {measures: []string{"customers"}, period: "date_trunc('week', now())"},
			"new signups TQ":                       {measures: []string{"customers"}, period: "date_trunc('quarter', now())"},
			"pending redemptions rn":               {measures: []string{"redemptions"}, filters: []string{"status_pending"}, period: "-"},
			"how many sales did the network do lw": {measures: []string{"sales_count"}, period: lastWeek},
			"quantos resgates pendentes tem rn":    {measures: []string{"redemptions"}, filters: []string{"status_pending"}},
			"quanto a batel vendeu LM":             {measures: []string{"revenue"}, filters: []string{"store_code"}, period: lastMonth},
		}},
		{"the chain as a whole is a scope", map[string]want{
			"quanto a rede vendeu ontem":                    {measures: []string{"revenue"}, filters: []string{}, period: yesterday},
			"vendas da rede toda em maio":                   {measures: []string{"sales_count"}, filters: []string{}, period: "2025-05-01"},
			"faturamento na rede inteira semana passada":    {measures: []string{"revenue"}, filters: []string{}, period: lastWeek},
			"how much did the whole network sell yesterday": {measures: []string{"revenue"}, filters: []string{}, period: yesterday},
			"revenue chain-wide LM":                         {measures: []string{"revenue"}, filters: []string{}, period: lastMonth},
			"sales across all locations last week":          {measures: []string{"sales_count"}, filters: []string{}, period: lastWeek},
			"points earned across all branches last month":  {measures: []string{"points_credited"}, filters: []string{}, period: lastMonth},
		}},
		{"a word that fits different concepts, or no abbreviation, is refused", map[string]want{
			"txs yesterday":     {refuse: true}, // transactions or taxes
			"qtd de vnds ontem": {refuse: true}, // vendas or vendidos
			// "pass" after "mes" is a spelling the model lists (semantic.Spellings: passado),
			// never a guess between passado and passivo
			"pontos resgatados mes pass":                 {measures: []string{"points_redeemed"}, sql: []string{"date_trunc('month', now()) - interval '1 month'"}},
			"revenue PM":                                 {refuse: true}, // no initialism of "previous" is guessed
			"how many customers in NY":                   {refuse: true},
			"how many sales on the menu yesterday":       {refuse: true}, // a word, not a contraction
			"how many customers bought yday at the mall": {refuse: true},
			"quantas vendas a tia fez ontem":             {refuse: true}, // "tia" is no initialism
			"quanto a rede social trouxe de clientes":    {refuse: true},
			// initials of function words are not guessed; "atm" is a spelling the model lists
			// (semantic.Spellings: now)
			"how many pending redemptions atm":          {measures: []string{"redemptions"}, sql: []string{"'pending'"}},
			"sales yday for the Rn store":               {refuse: true}, // a capitalised name, not "right now"
			"how many customers stay on saturday":       {refuse: true}, // a word, not "saturday"
			"any news on revenue yesterday":             {refuse: true}, // a word of its own, not "newsletter"
			"how many customers fly in yday":            {refuse: true}, // not "frequently"
			"quantos clientes da praia compraram ontem": {refuse: true},
		}},
	})
}

// TestAbbrevExplained: a word read as an abbreviation or an initialism is named, like a
// typo fix, and a refusal names the initialism as typed.
func TestAbbrevExplained(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	res, err := it.Interpret("avg tckt LW", testCatalog)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(res.Fixes, " ")
	for _, w := range []string{`"tckt" → "ticket"`, `"LW" → "last week"`} {
		if !strings.Contains(got, w) {
			t.Errorf("fixes %v, want %s", res.Fixes, w)
		}
	}
	_, err = it.Interpret("how many customers in NY", testCatalog)
	var ref *Refusal
	if !errors.As(err, &ref) || !strings.Contains(strings.Join(ref.NotUnderstood, " "), "NY") {
		t.Errorf("want a refusal naming NY, got %v", err)
	}
}
