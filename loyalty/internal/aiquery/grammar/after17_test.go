package grammar

import "testing"

// The seventeenth round's remarks after the ask (issue 24): what the writer says after a
// complete ask, in the same sentence or the next, of what they make of the answer, is
// background when it names no constraint the ask does not repeat; its words the model
// does not know are its own (remark.go).
func TestAfter17Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"a copular remark set off by a comma after a complete ask names nothing of its own: left out", map[string]want{
			"list the customers who signed up in May, names are plenty, those are my rookies":                 {list: true, period: "2025-05-01"},
			"list the customers who bought at both Centro and Ibirapuera this year, names are fine":           {list: true, sql: []string{"L01", "L02"}},
			"list the customers who bought at both Centro and Batel this year, these are my two-way regulars": {list: true, sql: []string{"L01", "L06"}},
			"me passa os clientes que compraram este ano, os nomes estão ótimos":                              {list: true, sql: []string{"x.transaction_date"}},
			"me passa os clientes que se cadastraram em maio, os nomes estão ótimos, são meus queridinhos":    {list: true, period: "2025-05-01"},
			// a relative clause, a column, a number of its own, a value: not a remark
			"list the customers who bought this year, that are vegans":              {refuse: true},
			"list the customers who signed up in May, those are vegans":             {list: true, period: "2025-05-01"},
			"list the customers who bought this year, emails are fine":              {refuse: true},
			"list the customers who bought this year, these are my two stores":      {refuse: true},
			"list the customers who signed up in May, those are my seven best ones": {refuse: true},
		}},
		{"\"only\" said of the report or of the writer in a remark after the ask narrows no rows", map[string]want{
			"How many sales did each shop do yesterday? Just the numbers, tidy.":                   {measures: []string{"sales_count"}, dims: []string{"store"}},
			"quantas vendas cada loja fez ontem? só os números, beleza":                            {measures: []string{"sales_count"}, dims: []string{"store"}},
			"how many customers signed up in May? Only I told the boss it was a record month":      {measures: []string{"customers"}, period: "2025-05-01"},
			"quantos clientes compraram em maio? só eu apostei com o gerente que ia bater recorde": {period: "2025-05-01", sqlNot: []string{"L0"}},
			// said of rows, a value or a word the model does not know: it may restrict
			"How many sales did each shop do yesterday? Just the numbers for Savassi, tidy.": {refuse: true},
			"How many sales did each shop do yesterday? Just the big ones, tidy.":            {refuse: true},
			"quantas vendas cada loja fez ontem? só as grandes, beleza":                      {refuse: true},
		}},
		{"a column word that says whose thing another word is, in a remark, asks for no column", map[string]want{
			"quantos clientes se cadastraram pelo totem esse ano? o totem la da loja custou caro num sei se vale a pena": {measures: []string{"customers"}, sql: []string{"TOTEM"}},
			"quantos clientes se cadastraram pelo app esse ano? o app da loja deu um trabalhão pra instalar":             {measures: []string{"customers"}, sql: []string{"APP"}},
			"how many customers signed up at the totem this year? the totem of the store was pricey":                     {measures: []string{"customers"}},
			// a column asked, or a value of its own
			"quantos clientes se cadastraram pelo totem esse ano? quero o telefone da loja":            {refuse: true},
			"quantos clientes se cadastraram pelo totem esse ano? o totem da loja Savassi custou caro": {refuse: true},
		}},
	})
}
