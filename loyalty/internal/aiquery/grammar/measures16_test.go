package grammar

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// TestMeasures16Classes: several measures in one question and the reward catalogue's
// columns (issue 24, sixteenth round).
func TestMeasures16Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"a second 'how many X' after 'and', naming its noun, takes the first's period and store; a period, store or filter of one part alone keeps the refusal", map[string]want{
			"quantos pontos o povo resgatou em maio e quantos pontos foram creditados":                        {measures: []string{"points_redeemed", "points_credited"}, period: "2025-05-01"},
			"qtos pontos a galera resgatou em maio e qtos pontos foram creditados":                            {measures: []string{"points_redeemed", "points_credited"}, period: "2025-05-01"},
			"how many points did members redeem in May and how many points were credited":                     {measures: []string{"points_redeemed", "points_credited"}, period: "2025-05-01"},
			"how many points did members redeem at Centro in May and how many points were credited at Centro": {measures: []string{"points_redeemed", "points_credited"}, sql: []string{"r.store_code = 'L01'", "e.store_code = 'L01'"}},
			"quantos pontos o povo resgatou em maio e quantos pontos foram creditados em abril":               {refuse: true},
			"quantos pontos o povo resgatou no Centro em maio e quantos pontos foram creditados":              {refuse: true},
			"quantos pontos o povo resgatou no Centro em maio e quantos pontos foram creditados no Batel":     {refuse: true},
			"quantas vendas a Copacabana fez e quanto o Centro faturou":                                       {refuse: true},
			"quanto a savassi vendeu em maio e quantos clientes compraram":                                    {refuse: true},
		}},
		{"'montante', 'valor', 'amount' of a sum is that sum", map[string]want{
			"Outrossim, solicito o montante de pontos estornados no exercício de 2024.": {measures: []string{"points_reversed"}, period: "2024-01-01"},
			"amount of points reversed in 2024":                                         {measures: []string{"points_reversed"}, period: "2024-01-01"},
			"valor de pontos resgatados em maio":                                        {measures: []string{"points_redeemed"}, period: "2025-05-01"},
			"montante e pontos estornados em 2024":                                      {measures: []string{"revenue", "points_reversed"}},
		}},
		{"a dash between two dates is a range, never two periods", map[string]want{
			"Cancelled sales 01/04/2025-30/04/2025, count and value.":            {measures: []string{"sales_count", "revenue"}, period: "2025-04-01", sql: []string{"cancelled_at IS NOT NULL", "DATE '2025-05-01'"}},
			"vendas canceladas 01/04 - 30/04, qtd e valor":                       {measures: []string{"sales_count", "revenue"}, period: "2025-04-01", sql: []string{"DATE '2025-05-01'"}},
			"Cancelled sales 01/04/2025-30/04/2025, count and value, by cashier": {refuse: true},
		}},
		{"participles sharing 'pontos' in one row: the layout said with a participle ('apresentados em uma única linha') and 'programa de pontos' are report words", map[string]want{
			"No tocante ao programa de pontos, solicito o total de pontos creditados, debitados e resgatados no mês de maio de 2025, apresentados em uma única linha.": {measures: []string{"points_credited", "points_debited", "points_redeemed"}, period: "2025-05-01"},
			"points credited, debited and redeemed in May, presented in one row":                                                                                       {measures: []string{"points_credited", "points_debited", "points_redeemed"}, period: "2025-05-01"},
			"total de pontos creditados, debitados e resgatados em maio, apresentados em uma única linha, e o faturamento por loja":                                    {refuse: true},
		}},
		{"rows named, then measures of them listed after a colon: the count of all entries is the rows' count; a measure of other rows keeps the refusal", map[string]want{
			"Reversals by month for 2025: number of entries and points reversed.": {measures: []string{"reversals", "points_reversed"}, dims: []string{"month"}, period: "2025-01-01"},
			"estornos por mês em 2025: número de lançamentos e pontos estornados": {measures: []string{"reversals", "points_reversed"}, dims: []string{"month"}},
			"Reversals by month for 2025: number of entries and points credited.": {refuse: true},
			"Reversals by month for 2025: number of sales and points reversed.":   {refuse: true},
			"estornos por mês em 2024: quantidade de lançamentos e pontos":        {refuse: true},
		}},
		{"the reward catalogue: 'no add-ons' leaves them out (it read the add-ons), each listed product's points cost, a list sorted by the column said after the order", map[string]want{
			"Reward catalogue: SKU, name and points cost. Active items only, no add-ons.": {list: true, sql: []string{"p.sku", "p.points", "p.is_active AND NOT p.is_addon"}, sqlNot: []string{"WHERE p.is_addon"}},
			"reward products, no add-ons":          {list: true, sqlNot: []string{"WHERE p.is_addon"}},
			"produtos do catalogo, nao adicionais": {list: true, sqlNot: []string{"WHERE p.is_addon"}},
			"Which rewards are in the catalogue right now and how many points does each one cost?":                                   {list: true, sql: []string{"p.name", "p.points"}},
			"quais prêmios estão no catálogo e quantos pontos custa cada um":                                                         {list: true, sql: []string{"p.name", "p.points"}},
			"Solicito a relação dos produtos do catálogo de recompensas com a respectiva pontuação, em ordem decrescente de pontos.": {list: true, sql: []string{"p.points", "ORDER BY p.points DESC"}},
			"reward products with name and points, sorted by points":                                                                 {list: true, sql: []string{"ORDER BY p.points DESC"}},
			"list the products in ascending order of points":                                                                         {list: true, sql: []string{"ORDER BY p.points NULLS LAST"}, order: semantic.Ascending},
			"quantos produtos custam até 300 pontos? nome e pontos":                                                                  {refuse: true},
			"how many products cost 100 points":                                                                                      {refuse: true},
			"list customers sorted by points":                                                                                        {refuse: true},
			"reward products, no add-ons, with stock":                                                                                {refuse: true},
		}},
		{"a ranking's own value asked after it with a presentation verb ('discriminando', 'showing') 'of each': the ranking; another measure keeps the refusal", map[string]want{
			"Outrossim, solicito os 5 produtos mais resgatados no ano corrente, discriminando a quantidade resgatada de cada um.": {measures: []string{"items_redeemed"}, limit: 5, dims: []string{"product"}},
			"os 5 produtos mais resgatados este ano e a quantidade resgatada de cada um":                                          {measures: []string{"items_redeemed"}, limit: 5},
			"top 5 most redeemed products this year, showing the quantity redeemed of each":                                       {measures: []string{"items_redeemed"}, limit: 5},
			"as 3 lojas que mais venderam em maio, informando o faturamento de cada uma":                                          {measures: []string{"revenue"}, limit: 3, dims: []string{"store"}},
			"os 5 produtos mais resgatados este ano, discriminando o número de resgates de cada um":                               {refuse: true},
			"top 5 most redeemed products this year and the points redeemed of each":                                              {refuse: true},
			"top 3 customers by spend this year and the quantity redeemed by each":                                                {refuse: true},
		}},
		{"a sum said right after values named together is of those values, never of the periods compared after it", map[string]want{
			"me passa o faturamento de centro e ibirapuera somadas em maio x junho ate agora, uma linha por mes": {measures: []string{"revenue"}, sql: []string{"IN ('L01', 'L02')", "CASE WHEN"}},
			"faturamento de centro e ibirapuera somadas em maio x junho":                                         {measures: []string{"revenue"}, sql: []string{"IN ('L01', 'L02')", "CASE WHEN"}},
			"faturamento de abril e maio somados":                                                                {measures: []string{"revenue"}, sqlNot: []string{"CASE WHEN"}},
		}},
	})
}
