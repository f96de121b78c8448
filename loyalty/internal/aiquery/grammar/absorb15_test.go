package grammar

import "testing"

// The fifteenth round's absorbed concept words (issue 24): a word that names a concept
// was read past, and the question answered as if it was not said. A store or a customer
// said in the singular beside a measure, with no name and no "by", is one the question
// does not name (or a breakdown said without "por"): refused, never the total of every
// row. A second "how many" after a conjunction, with its own verb or filter, asks a second
// count: refused, never read into the first count as a filter.
func TestAbsorb15Classes(t *testing.T) {
	const may = "DATE '2025-05-01'"
	runClasses(t, []classCases{
		{"a store or customer said in the singular beside a measure, unnamed and without 'by', refuses; named, plural or 'por' still reads", map[string]want{
			"faturamento de ontem para loja":              {refuse: true},
			"faturamento da loja em maio":                 {refuse: true},
			"ticket médio de maio pra loja":               {refuse: true},
			"revenue yesterday for store":                 {refuse: true},
			"what was the revenue of the shop in May":     {refuse: true},
			"revenue for customer in May":                 {refuse: true},
			"pontos resgatados do cliente em maio":        {refuse: true},
			"quanto a loja faturou ontem":                 {refuse: true},
			"quantos resgates o cliente fez em maio":      {refuse: true},
			"how many sales did the store have yesterday": {refuse: true},
			"quantas vendas de cliente inativo em maio":   {measures: []string{"sales_count"}, sql: []string{"is_active", may}},
			// "todas", "all" says every one; an average per customer is of each one
			"quantas vendas ontem? todas as loja":                               {measures: []string{"sales_count"}},
			"average number of purchases per buying customer in May, per store": {dims: []string{"store"}, sql: []string{may}},
			// the owner of a breakdown's attribute is read
			"faturamento por origem do cliente em maio": {dims: []string{"origin"}, sql: []string{may}},
			// a name, a plural, a breakdown or a filter of the customers still reads
			"faturamento de ontem por loja":   {dims: []string{"store"}},
			"revenue per store in May":        {dims: []string{"store"}, sql: []string{may}},
			"vendas da loja Centro em maio":   {sql: []string{"L01", may}},
			"faturamento das lojas em maio":   {measures: []string{"revenue"}, sql: []string{may}},
			"vendas de cliente homem em maio": {measures: []string{"sales_count"}, sql: []string{may}},
		}},
		{"a second 'how many' after a conjunction, with its own verb or filter, asks a second count: refused, never a filter of the first", map[string]want{
			"quantos clientes se cadastraram em maio e quantos compraram":  {refuse: true},
			"quantos clientes se cadastraram em maio e quantos resgataram": {refuse: true},
			"quantas vendas tivemos em maio e quantas foram canceladas":    {refuse: true},
			"how many customers signed up in May and how many bought":      {refuse: true},
			"how many sales in May and how many were cancelled":            {refuse: true},
			"how many customers joined in May, and how many redeemed":      {refuse: true},
			// said of them, or as measures of their own, both counts are read
			"quantos clientes se cadastraram em maio e quantos deles compraram": {sql: []string{"FILTER", may}},
			"how many customers signed up in May and how many of them bought":   {sql: []string{"FILTER", may}},
			"quantas vendas e quanto faturamos em maio":                         {measures: []string{"sales_count", "revenue"}, sql: []string{may}},
		}},
	})
}
